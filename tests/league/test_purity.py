"""The league core is pure: standard library only, nothing of pbem outside pbem.league, no
clock, no printing, no files, no randomness except the bench's seeded generator. (ratings.py
belongs to the rating layer and is not part of this core.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

LEAGUE = Path(__file__).resolve().parents[2] / "pbem" / "league"
CORE = ["__init__.py", "model.py", "pairing.py", "swiss.py", "matching.py", "standings.py", "bench.py",
        "words.py"]
STDLIB = {"__future__", "collections", "dataclasses", "functools", "itertools", "math",
          "statistics", "typing", "random"}


def test_the_core_imports_only_itself_and_the_standard_library() -> None:
    for name in CORE:
        tree = ast.parse((LEAGUE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            modules = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                       else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for module in modules:
                if module.startswith("pbem"):
                    assert module.startswith("pbem.league.") and module != "pbem.league.ratings", \
                        f"{name} imports {module}"
                else:
                    assert module.split(".")[0] in STDLIB, f"{name} imports {module}"
                    if module == "random":
                        assert name == "bench.py", f"{name} uses random"


def test_the_core_reads_no_clock_and_prints_nothing() -> None:
    for name in CORE:
        text = (LEAGUE / name).read_text(encoding="utf-8")
        for banned in (r"\bprint\(", r"\btime\.", r"datetime", r"os\.environ", r"(?<![.\w])open\("):
            assert not re.search(banned, text), f"{name} uses {banned}"
