"""Every section of the Wooden Walls rulings that rules something has at least one rules case,
named by its section or subsection (issue 22: "every ruling section has a case"), and for every
one at least one of its cases passes through the case runner. §22 only points at the readings
and house rules settled where each contradiction arises, so it has no case of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.cases import _expect_errors, read_case
from pbem.rules.woodenwalls.cases import play_case

CASES = sorted((Path(__file__).parents[2] / "cases" / "wooden-walls").glob("*.toml"))
# The rulings' sections (## n) and subsections (### n.m), as the rulings number them.
SUBSECTIONS = {4: 6, 5: 6, 6: 3, 7: 10, 8: 3, 9: 5, 10: 7, 11: 7, 12: 8, 13: 4, 15: 5}
WITHOUT_CASE = {22}  # "settled where it arises": no ruling of its own
SECTIONS = [str(n) for n in range(1, 26) if n not in WITHOUT_CASE and n not in SUBSECTIONS] + [
    f"{n}.{m}" for n, count in sorted(SUBSECTIONS.items()) for m in range(1, count + 1)]


def _section(path: Path) -> str:
    return path.name.split("_")[0]


def _passes(path: Path) -> list[str]:
    case = read_case(path)
    output = play_case(case, path.name)
    return list(output["errors"]) + _expect_errors(case, output, "ships", 0.01)


def test_every_section_of_the_rulings_has_a_case() -> None:
    found = {_section(path) for path in CASES}
    missing = [section for section in SECTIONS if section not in found]
    assert missing == [], f"no Wooden Walls case for §{', §'.join(missing)}"


def test_every_case_is_named_by_a_section_of_the_rulings() -> None:
    known = set(SECTIONS) | {str(n) for n in SUBSECTIONS}
    strays = [path.name for path in CASES if _section(path) not in known]
    assert strays == []


@pytest.mark.parametrize("section", SECTIONS, ids=[f"s{n}" for n in SECTIONS])
def test_a_case_of_each_section_passes(section: str) -> None:
    failures = {}
    for path in (path for path in CASES if _section(path) == section):
        errors = _passes(path)
        if not errors:
            return
        failures[path.name] = errors
    pytest.fail(f"no case of §{section} passes: {failures}")
