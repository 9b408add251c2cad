"""Every section of the speed-band rulings (§1-§23) has at least one rules case, named by its
section (issue 21), and for every section at least one of its cases passes through the case
runner and the host's checker."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.cases import _expect_errors, read_case
from pbem.rules.speedband.cases import play_case

CASES = sorted((Path(__file__).parents[2] / "cases" / "speed-band").glob("*.toml"))
SECTIONS = range(1, 24)


def _section(path: Path) -> int:
    return int(path.name.split("_")[0].split(".")[0])


def _passes(path: Path) -> list[str]:
    case = read_case(path)
    output = play_case(case, path.name)
    return list(output["errors"]) + _expect_errors(case, output, "ships", 0.01)


def test_every_section_of_the_rulings_has_a_case() -> None:
    found = {_section(path) for path in CASES}
    missing = [str(number) for number in SECTIONS if number not in found]
    assert missing == [], f"no speed-band case for §{', §'.join(missing)}"


def test_the_case_ruleset_is_speed_band() -> None:
    assert {read_case(path)["ruleset"] for path in CASES} == {"speed-band"}


@pytest.mark.parametrize("section", SECTIONS, ids=[f"s{n}" for n in SECTIONS])
def test_a_case_of_each_section_passes(section: int) -> None:
    failures = {}
    for path in (path for path in CASES if _section(path) == section):
        errors = _passes(path)
        if not errors:
            return
        failures[path.name] = errors
    pytest.fail(f"no case of §{section} passes: {failures}")
