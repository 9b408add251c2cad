"""A malformed ram-cruise rules case gets a sentence, never a crash (issue 20, "Bad input"):
every corpus case with one value replaced by junk of another kind, a table dropped, or its
text cut short, is either played (its mistakes listed as errors) or refused with a CaseError
saying what is wrong, through the host's runner as `pbem rules case` calls it."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.cases import CaseError, run_case

CASES = sorted((Path(__file__).parents[2] / "cases" / "ram-cruise").glob("*.toml"))
JUNK = st.one_of(st.integers(-10**6, 10**6), st.floats(allow_nan=True), st.text(max_size=12),
                 st.booleans(), st.lists(st.integers(-3, 30), max_size=4),
                 st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in _leaves(item, (*path, key))]
    if isinstance(value, list):
        return [leaf for index, item in enumerate(value) for leaf in _leaves(item, (*path, index))]
    return [path]


def _set(value: Any, path: tuple[Any, ...], junk: Any) -> None:
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = junk


def _toml(value: Any) -> str:
    import json

    def scalar(item: Any) -> str:
        if isinstance(item, bool):
            return "true" if item else "false"
        if isinstance(item, float) and item != item:
            return "nan"
        if isinstance(item, float) and item in (float("inf"), float("-inf")):
            return "inf" if item > 0 else "-inf"
        if isinstance(item, int | float):
            return repr(item)
        if isinstance(item, str):
            return json.dumps(item)
        if isinstance(item, list):
            return "[" + ", ".join(scalar(i) for i in item) + "]"
        return "{" + ", ".join(f"{json.dumps(k)} = {scalar(v)}" for k, v in item.items()) + "}"

    lines: list[str] = []
    tables = {k: v for k, v in value.items() if isinstance(v, dict)}
    arrays = {k: v for k, v in value.items()
              if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)}
    for key, item in value.items():
        if key not in tables and key not in arrays:
            lines.append(f"{json.dumps(key)} = {scalar(item)}")
    for key, table in tables.items():
        lines.append(f"[{json.dumps(key)}]")
        lines += [f"{json.dumps(k)} = {scalar(v)}" for k, v in table.items()]
    for key, rows in arrays.items():
        for row in rows:
            lines.append(f"[[{json.dumps(key)}]]")
            lines += [f"{json.dumps(k)} = {scalar(v)}" for k, v in row.items()]
    return "\n".join(lines) + "\n"


def _run(path: Path) -> None:
    try:
        run_case(path)
    except CaseError as exc:
        assert str(exc).strip(), "a refusal without a sentence"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(CASES), st.data(), JUNK)
def test_a_case_with_one_value_of_the_wrong_kind_is_refused_with_a_sentence(
        tmp_path: Path, case: Path, data: st.DataObject, junk: Any) -> None:
    parsed = tomllib.loads(case.read_text(encoding="utf-8"))
    leaves = [leaf for leaf in _leaves(parsed) if leaf != ("ruleset",)]
    _set(parsed, data.draw(st.sampled_from(leaves)), junk)
    target = tmp_path / "case.toml"
    target.write_text(_toml(parsed), encoding="utf-8")
    _run(target)


@pytest.mark.parametrize("table", ["phase", "ship", "side", "options", "turn", "expect"])
def test_a_case_without_one_of_its_tables_gets_a_sentence(tmp_path: Path, table: str) -> None:
    for case in CASES[::9]:
        parsed = tomllib.loads(case.read_text(encoding="utf-8"))
        parsed.pop(table, None)
        target = tmp_path / "case.toml"
        target.write_text(_toml(parsed), encoding="utf-8")
        _run(target)


def test_a_case_cut_short_gets_a_sentence(tmp_path: Path) -> None:
    for case in CASES[::7]:
        text = case.read_text(encoding="utf-8")
        target = tmp_path / "case.toml"
        target.write_text(text[: len(text) // 2], encoding="utf-8")
        _run(target)
