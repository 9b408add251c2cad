"""The rules-case runner (shared/rules/cases.md): TOML in, JSON state out. The host reads the
file, finds the case's ruleset by name, lets it play the phase, and checks the expectations."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem.app.base import rulesets
from pbem.rules.errors import CaseError

__all__ = ["CaseError", "CaseResult", "read_case", "run_case"]


@dataclass
class CaseResult:
    path: str
    output: dict[str, Any]
    errors: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.errors


def _required_tables(case: dict[str, Any], path: Path) -> None:
    """A file with no phase or nothing expected is not a case (it would pass for nothing)."""
    for name, what in (("phase", "the phase to play"), ("expect", "what must follow")):
        table = case.get(name)
        if not isinstance(table, dict) or not table:
            raise CaseError(
                f"{path.name} is not a rules case: it has no [{name}] table with {what} "
                "(see rules/cases.md)")


def read_case(path: Path) -> dict[str, Any]:
    """A case file's TOML, refused with a sentence when it is not a case at all."""
    try:
        case = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseError(f"cannot read {path}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CaseError(f"{path.name} is not valid TOML: {exc}") from None
    _required_tables(case, path)
    return case


def _expected_value(output: dict[str, Any], key: str, pieces: str) -> tuple[bool, Any]:
    """`"<piece>.<field>"` from the output's table of pieces (`pieces` names it), or a
    top-level field; a dotted key whose first part names no piece is a top-level field read
    through nested tables (`"front.a.b"` reads output["front"]["a"]["b"])."""
    if "." in key:
        pid, _, name = key.partition(".")
        table = {k.upper(): v for k, v in output.get(pieces, {}).items()}
        piece = table.get(pid.upper())  # piece IDs are looked up whatever their case
        if piece is not None:
            return (True, piece[name]) if name in piece else (False, None)
        found: Any = output
        for part in key.split("."):
            if not isinstance(found, dict) or part not in found:
                return False, None
            found = found[part]
        return True, found
    if key not in output:
        return False, None
    return True, output[key]


def _same(expected: Any, actual: Any, tolerance: float = 0.0) -> bool:
    """Exact comparison: strings by their letters' case too, and true is not 1; a float on
    either side within `tolerance` (the ruleset's, 0 for exact)."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(
            _same(e, a, tolerance) for e, a in zip(expected, actual, strict=True))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(
            _same(value, actual[name], tolerance) for name, value in expected.items())
    if tolerance and isinstance(expected, int | float) and isinstance(actual, int | float) \
            and (isinstance(expected, float) or isinstance(actual, float)):
        return abs(expected - actual) <= tolerance + 1e-9
    return bool(expected == actual)


def _rejected_errors(expected: Any, refused: dict[str, str]) -> list[str]:
    """`rejected = ["A"]`: exactly these pieces' orders were refused. `rejected = { A =
    "text" }`: the same, and each refusal's reason contains its text (tests/cases/README.md).
    Piece IDs are matched whatever their case; reasons exactly."""
    if isinstance(expected, list):
        wanted: dict[str, str] = {str(name): "" for name in expected}
    elif isinstance(expected, dict):
        wanted = {str(name): str(text) for name, text in expected.items()}
    else:
        return [f"expect rejected: give a list of piece IDs or a table of piece = reason, "
                f"not {expected!r}"]
    given = {name.upper(): (name, reason) for name, reason in refused.items()}
    if isinstance(expected, list):
        if sorted(n.upper() for n in wanted) != sorted(given):
            return [f"expect rejected = {sorted(wanted)!r}, got {sorted(refused)!r}"]
        return []
    errors = []
    for name, text in wanted.items():
        found = given.get(name.upper())
        if found is None:
            errors.append(f"expect rejected {name}: its orders were not refused")
        elif text not in found[1]:
            errors.append(f"expect rejected {name} for a reason containing {text!r}; "
                          f"the reason given was {found[1]!r}")
    listed = {name.upper() for name in wanted}
    errors += [f"expect rejected: {name} was refused too ({reason!r})"
               for key, (name, reason) in sorted(given.items()) if key not in listed]
    return errors


def _expect_errors(case: dict[str, Any], output: dict[str, Any], pieces: str = "pieces",
                   tolerance: float = 0.0) -> list[str]:
    errors = []
    for key, expected in case["expect"].items():
        if key == "rejected":
            errors += _rejected_errors(expected, output["rejected"])
            continue
        found, actual = _expected_value(output, key, pieces)
        if not found:
            errors.append(f"expect {key}: no such field in the result")
        elif key == "winner" and expected == "" and actual is None:
            continue  # cases.md: winner = "" means no winner yet
        elif not _same(expected, actual, tolerance):
            errors.append(f"expect {key} = {expected!r}, got {actual!r}")
    return errors


def run_case(path: Path) -> CaseResult:
    case = read_case(path)
    name = str(case.get("ruleset", rulesets.DEFAULT))
    try:
        plugin = rulesets.plugin(name)
    except ValueError as exc:
        raise CaseError(f"{path.name}: {exc}") from None
    output = plugin.play_case(case, path.name)
    errors = list(output["errors"]) + _expect_errors(case, output, plugin.pieces_key,
                                                     plugin.case_tolerance)
    output["errors"] = errors
    return CaseResult(path=str(path), output=output, errors=errors)
