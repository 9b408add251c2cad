"""A malformed Wooden Walls rules case gets a sentence, never a crash (issue 22, "Bad input"):
every corpus case with one value replaced by junk of another kind, a table dropped, or its text
cut short, is either played (its mistakes listed as errors) or refused with a CaseError saying
what is wrong, through the same steps as the host's runner (`pbem.cases.run_case`: read the
file, play it with the plug-in, compare the expectations)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.cases import CaseError, _expect_errors, read_case
from pbem.rules.woodenwalls.host import RULESET
from tests.rules.casefuzz import JUNK, leaves, set_leaf, toml_text

CASES = sorted((Path(__file__).parents[2] / "cases" / "wooden-walls").glob("*.toml"))


def run(path: Path) -> None:
    """The case played, or refused with a sentence (never another exception)."""
    try:
        case = read_case(path)
        output = RULESET.play_case(case, path.name)
        _expect_errors(case, output, RULESET.pieces_key, RULESET.case_tolerance)
    except CaseError as exc:
        assert str(exc).strip(), "a refusal without a sentence"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(CASES), st.data(), JUNK)
def test_a_case_with_one_value_of_the_wrong_kind_is_refused_with_a_sentence(
        tmp_path: Path, case: Path, data: st.DataObject, junk: Any) -> None:
    parsed = tomllib.loads(case.read_text(encoding="utf-8"))
    paths = [leaf for leaf in leaves(parsed) if leaf != ("ruleset",)]
    set_leaf(parsed, data.draw(st.sampled_from(paths)), junk)
    target = tmp_path / "case.toml"
    target.write_text(toml_text(parsed), encoding="utf-8")
    run(target)


@pytest.mark.parametrize("table", ["phase", "ship", "turn", "round", "state", "options", "expect"])
def test_a_case_without_one_of_its_tables_gets_a_sentence(tmp_path: Path, table: str) -> None:
    for case in CASES[::9]:
        parsed = tomllib.loads(case.read_text(encoding="utf-8"))
        parsed.pop(table, None)
        target = tmp_path / "case.toml"
        target.write_text(toml_text(parsed), encoding="utf-8")
        run(target)


def test_a_case_cut_short_gets_a_sentence(tmp_path: Path) -> None:
    for case in CASES[::7]:
        text = case.read_text(encoding="utf-8")
        target = tmp_path / "case.toml"
        target.write_text(text[: len(text) // 2], encoding="utf-8")
        run(target)
