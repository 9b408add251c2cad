"""Reading the values a game master gives a ruleset's switches (`pbem game new --option`, a
case's `[options]`): text, booleans or numbers, each read into its kind or refused with a
sentence naming the option and what it takes. Shared by the open-table rulesets' switch
tables (each keeps its own rows, choices and the kinds only it has)."""

from __future__ import annotations

import re

Given = bool | int | float | str

_FLAGS = {"on": True, "true": True, "yes": True, "1": True,
          "off": False, "false": False, "no": False, "0": False}


def plain(number: float) -> str:
    """A number as a setting is written: 72, 0.5."""
    return f"{number:g}"


def word(value: Given) -> str:
    """A setting's word as compared: lower case, `-` and spaces read as `_`, `§` dropped."""
    text = str(value).strip().lower().replace("–", "-").replace("§", "")
    return re.sub(r"[\s-]+", "_", text)


def size(name: str, value: Given) -> tuple[float, float]:
    """WIDTHxHEIGHT in inches, both above 0."""
    match = re.fullmatch(r"\s*(\d{1,4}(?:\.\d+)?)\s*[x×*]\s*(\d{1,4}(?:\.\d+)?)\s*",
                         str(value), re.IGNORECASE | re.ASCII)
    if isinstance(value, bool) or not match:
        raise ValueError(f"option {name} is WIDTHxHEIGHT in inches, e.g. {name}=72x48, "
                         f"not {value!r}")
    width, height = float(match.group(1)), float(match.group(2))
    if width <= 0 or height <= 0:
        raise ValueError(f"option {name} needs two sizes above 0, not {value!r}")
    return width, height


def whole(name: str, value: Given, low: int = 0, high: int | None = None) -> int:
    """A whole number from `low` (to `high`, when there is one)."""
    bounds = f"from {low} to {high}" if high is not None else f"of {low} or more"
    if isinstance(value, bool):
        raise ValueError(f"option {name} needs a whole number {bounds}: {name}=N")
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError(f"option {name} is a whole number {bounds}, not {value!r}")
        value = int(value)
    text = str(value).strip()
    if not re.fullmatch(r"-?\d{1,9}", text, re.ASCII):
        raise ValueError(f"option {name} is a whole number {bounds}, not {value!r}")
    number = int(text)
    if number < low or (high is not None and number > high):
        raise ValueError(f"option {name} is a whole number {bounds}, not {value!r}")
    return number


def flag(name: str, value: Given) -> bool:
    """On or off (true/false, yes/no, 1/0 too)."""
    if isinstance(value, bool):
        return value
    found = _FLAGS.get(word(value))
    if found is None:
        raise ValueError(f"option {name} is on or off, not {value!r}")
    return found
