"""The hand-worked rules cases of tests/cases/speed-band/ as the engine's acceptance test: each
case is played through `play_case` and its `[expect]` checked by the host's own checker
(pbem/cases.py), one test per case.

Cases that still fail are listed in FAILING with the module that owns the failure; they are
strict expected failures, so a case that starts to pass fails the suite until it is taken off
the list (the lead trims it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.cases import _expect_errors, read_case
from pbem.rules.speedband.cases import play_case

CASES = Path(__file__).resolve().parents[2] / "cases" / "speed-band"
FILES = sorted(CASES.glob("*.toml"))
TOLERANCE = 0.01  # cases-open-table.md: floats compare within 0.01

# case file stem -> why it fails and whose module it waits for
FAILING: dict[str, str] = {}


def _params() -> list[object]:
    return [pytest.param(path, id=path.stem,
                         marks=[pytest.mark.xfail(strict=True, reason=FAILING[path.stem])]
                         if path.stem in FAILING else [])
            for path in FILES]


def test_the_corpus_is_there() -> None:
    assert len(FILES) == 108


def test_every_failing_case_exists() -> None:
    assert sorted(set(FAILING) - {path.stem for path in FILES}) == []


@pytest.mark.parametrize("path", _params())
def test_case(path: Path) -> None:
    case = read_case(path)
    output = play_case(case, path.name)
    errors = list(output["errors"]) + _expect_errors(case, output, "ships", TOLERANCE)
    assert not errors, "\n".join(errors)
