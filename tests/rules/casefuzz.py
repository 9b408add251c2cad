"""Malformed rules cases for the fuzz tests of every open-table ruleset (issues 20, 21, "Bad
input"): junk values, a corpus case as a dict written back as TOML, and running a case through
the host's runner as `pbem rules case` does, where a refusal must be a sentence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from pbem.cases import CaseError, run_case

JUNK = st.one_of(st.integers(-10**6, 10**6), st.floats(allow_nan=True), st.text(max_size=12),
                 st.booleans(), st.lists(st.integers(-3, 30), max_size=4),
                 st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in leaves(item, (*path, key))]
    if isinstance(value, list):
        return [leaf for index, item in enumerate(value) for leaf in leaves(item, (*path, index))]
    return [path]


def set_leaf(value: Any, path: tuple[Any, ...], junk: Any) -> None:
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = junk


def toml_text(value: Any) -> str:
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


def run(path: Path) -> None:
    """The case played, or refused with a sentence (never another exception)."""
    try:
        run_case(path)
    except CaseError as exc:
        assert str(exc).strip(), "a refusal without a sentence"
