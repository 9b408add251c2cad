"""Values of Wooden Walls case and scenario rows (rows.py, rowstate.py): whole numbers, numbers,
flags, text, enumerated words, headings, lists and tables, each refusal a `RowError` (a
`CaseError`) sentence naming where the value stood, what was wrong and what is accepted. A whole
number refuses a fraction, NaN, infinity, a bool or a word (as `pbem.rules.errors.case_whole`),
never with an OverflowError. Imports `pbem.rules.errors` only.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from pbem.rules.errors import CaseError


class RowError(CaseError):
    """A row that cannot be read; the message names the ship (or table) and the key."""


# ---------------------------------------------------------------- values


def whole(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from `low` (to `high`); a bool, fraction, NaN, infinity or word is a
    RowError sentence naming `where`."""
    bounds = f"from {low} to {high}" if high is not None else f"of {low} or more"
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value \
            or value in (math.inf, -math.inf) or value != int(value):
        raise RowError(f"{where} is a whole number {bounds}, not {value!r}")
    number = int(value)
    if number < low or (high is not None and number > high):
        raise RowError(f"{where} is a whole number {bounds}, not {value!r}")
    return number


def number(value: object, where: str) -> float:
    """A finite number (int or float, not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RowError(f"{where} is a number, not {value!r}")
    return float(value)


def flag(value: object, where: str) -> bool:
    """true or false, 1 or 0 (cases-open-table.md: flags accept 1 and 0)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise RowError(f"{where} is true or false (or 1 or 0), not {value!r}")


def text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise RowError(f"{where} is text, not {value!r}")
    return value.strip()


def word(value: object, where: str, allowed: Sequence[str]) -> str:
    """An enumerated word in any case (spaces and hyphens read as `_`), one of `allowed`."""
    found = text(value, where).lower().replace(" ", "_").replace("-", "_")
    if found not in allowed:
        shown = ", ".join(choice or "\"\"" for choice in allowed)
        raise RowError(f"{where} is one of {shown}, not {value!r}")
    return found


def heading(value: object, where: str) -> float:
    """A heading in degrees from 0 up to 360, a multiple of 0.5 (§1)."""
    found = number(value, where)
    if not 0 <= found < 360 or found * 2 != int(found * 2):
        raise RowError(f"{where} is degrees from 0 up to 360 in steps of 0.5 (as 22.5), not {value!r}")
    return found


def as_list(value: object, where: str) -> list[object]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise RowError(f"{where} is a list, not {value!r}")
    return list(value)


def as_table(value: object, where: str, keys: Sequence[str]) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise RowError(f"{where} is a table, not {value!r}")
    unknown = [key for key in value if key not in keys]
    if unknown:
        raise RowError(f"{where} has {unknown[0]!r}, which is no key of it; its keys are "
                       f"{', '.join(keys)}")
    return value


def check_keys(value: object, where: str, keys: Sequence[str]) -> Mapping[str, object]:
    """A table whose keys are all among `keys` (a sentence naming the first stray one)."""
    return as_table(value, where, keys)
