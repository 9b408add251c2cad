"""A case's `[turn] number` or `[turn] half` that is not a whole number gets a sentence in every
open-table ruleset (found by the ram-cruise case fuzz in CI: an infinite turn number raised
OverflowError out of the runner, and Greeks vs Romans' runner let ValueError out for a word)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from pbem.cases import CaseError, run_case
from tests.rules.casefuzz import toml_text

CASES = Path(__file__).resolve().parents[1] / "cases"


# speed-band's [turn] holds only `number` (its rounds are phases, not halves)
KEYS = [("greeks-romans", "number"), ("greeks-romans", "half"), ("ram-cruise", "number"),
        ("ram-cruise", "half"), ("speed-band", "number"), ("wooden-walls", "round")]


@pytest.mark.parametrize(("ruleset", "key"), KEYS)
@pytest.mark.parametrize("junk", [float("inf"), float("nan"), 1.5, "two", True])
def test_a_turn_number_or_half_that_is_not_whole_gets_a_sentence(
        tmp_path: Path, ruleset: str, key: str, junk: Any) -> None:
    case = sorted((CASES / ruleset).glob("*.toml"))[0]
    parsed = tomllib.loads(case.read_text(encoding="utf-8"))
    parsed.setdefault("turn", {})[key] = junk
    target = tmp_path / "case.toml"
    target.write_text(toml_text(parsed), encoding="utf-8")
    with pytest.raises(CaseError) as refused:
        run_case(target)
    assert key in str(refused.value), refused.value
