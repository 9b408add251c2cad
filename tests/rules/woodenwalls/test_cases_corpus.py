"""The hand-worked rules cases of tests/cases/wooden-walls/ as the engine's acceptance test: each
case is played through `play_case` and its `[expect]` checked by the host's own checker
(pbem/cases.py), one test per case.

Cases that still fail are listed in FAILING with the module that owns the failure; they are
strict expected failures, so a case that starts to pass fails the suite until it is taken off
the list. Other sessions add cases in parallel, so the count is only a floor."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.cases import _expect_errors, read_case
from pbem.rules.woodenwalls.cases import play_case

CASES = Path(__file__).resolve().parents[2] / "cases" / "wooden-walls"
FILES = sorted(CASES.glob("*.toml"))
TOLERANCE = 0.01  # cases-open-table.md, Wooden Walls item 1: floats compare within 0.01
OWN_PREFIXES = ("1_", "2_", "4.1_", "4.4_", "4.5_", "19_default")
OWN_CASES = 9  # the runner's own checkpoint cases (step 2) at least

# case file stem -> why it fails and whose module it waits for
FAILING: dict[str, str] = {}


def _params() -> list[object]:
    return [pytest.param(path, id=path.stem,
                         marks=[pytest.mark.xfail(strict=True, reason=FAILING[path.stem])]
                         if path.stem in FAILING else [])
            for path in FILES]


def test_the_runners_own_cases_are_there() -> None:
    own = [path for path in FILES if path.stem.startswith(OWN_PREFIXES)]
    assert len(own) >= OWN_CASES


def test_every_failing_case_exists() -> None:
    assert sorted(set(FAILING) - {path.stem for path in FILES}) == []


@pytest.mark.parametrize("path", _params())
def test_case(path: Path) -> None:
    case = read_case(path)
    output = play_case(case, path.name)
    errors = list(output["errors"]) + _expect_errors(case, output, "ships", TOLERANCE)
    assert not errors, "\n".join(errors)
