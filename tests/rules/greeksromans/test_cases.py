"""Every Greeks vs Romans rules case (tests/cases/greeks-romans/) passes, compared as the host's
runner compares them (floats within 0.01), and every rulings section has a case."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pbem.cases import _expect_errors
from pbem.rules.greeksromans.cases import play_case

CASES = sorted((Path(__file__).parents[2] / "cases" / "greeks-romans").glob("*.toml"))


def run(path: Path) -> list[str]:
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    assert case.get("ruleset") == "greeks-romans", f"{path.name} names no ruleset"
    output = play_case(case, path.name)
    return list(output["errors"]) + _expect_errors(case, output, "ships", 0.01)


def test_every_rulings_section_has_a_case() -> None:
    sections = {path.name.split("_")[0].split(".")[0] for path in CASES}
    missing = [str(n) for n in range(1, 20) if str(n) not in sections]
    assert not missing, f"no rules case for rulings sections {missing}"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    errors = run(path)
    assert not errors, "\n".join(errors)


def test_a_wrong_expectation_fails() -> None:
    case = tomllib.loads(CASES[0].read_text(encoding="utf-8"))
    case["expect"] = {"G1.heading": 7, "G1.x": 999.0}
    output = play_case(case, "broken")
    assert len(_expect_errors(case, output, "ships", 0.01)) == 2
