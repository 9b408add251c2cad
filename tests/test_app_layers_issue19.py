"""The dependency rule of the use-cases, in one line (import-linter, in pyproject.toml):

    running > mailin | league > reports | gm | orders > play > mailout > base

A package imports only those below it, never a sibling of its own layer, and no import
inside a function hides a circle. Checked twice: by import-linter's contracts, and on the
source with `ast` (which also shows that the contracts catch a break)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "pbem" / "app"
LINT = Path(sys.executable).parent / "lint-imports"
LAYERS = (("running",), ("mailin", "league"), ("reports", "gm", "orders"), ("play",),
          ("mailout",), ("base",))


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[str, bool]]:
    """The pbem.app modules a file imports, each with whether the import is in a function."""
    found: list[tuple[str, bool]] = []

    def walk(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.ImportFrom) and child.module and not child.level:
                found.extend((f"{child.module}.{a.name}", nested) for a in child.names)
            elif isinstance(child, ast.Import):
                found.extend((a.name, nested) for a in child.names)
            walk(child, nested)

    walk(ast.parse(path.read_text(encoding="utf-8")), False)
    return [(name, nested) for name, nested in found if name.startswith("pbem.app.")]


def _package(name: str) -> str:
    """The package of pbem.app a dotted name is in ("" for pbem.app itself)."""
    return name.split(".")[2] if name.count(".") >= 2 else ""


def _layer(name: str) -> int | None:
    package = _package(name)
    for number, layer in enumerate(LAYERS):
        if package in layer:
            return number
    return None


def test_every_package_of_the_use_cases_has_a_layer() -> None:
    packages = {p.stem if p.is_file() else p.name for p in APP.iterdir()
                if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()}
    assert packages == {name for layer in LAYERS for name in layer}


def test_the_use_cases_import_only_downward_and_never_inside_a_function() -> None:
    for path in sorted(APP.rglob("*.py")):
        here = _module(path)
        own = _layer(here)
        for name, nested in _imports(path):
            assert not nested, f"{here} imports {name} inside a function"
            other = _layer(name)
            if other is None or _package(name) == _package(here):
                continue  # pbem.app itself, or within its own package
            assert own is not None and other > own, f"{here} imports {name} (not below it)"


def _lint(folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run([str(LINT), "--config", str(folder / "pyproject.toml")], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=120)


def test_the_import_linter_contracts_are_kept() -> None:
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "broken" in done.stdout and "0 broken" in done.stdout


def test_the_contracts_catch_an_upward_import_hidden_in_a_function(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "pbem", tmp_path / "pbem",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shared = tmp_path / "pbem" / "app" / "base" / "shared.py"
    shared.write_text(shared.read_text(encoding="utf-8") + "\n\ndef _up() -> None:\n"
                      "    from pbem.app.running import sweep  # noqa: F401\n", encoding="utf-8")
    done = _lint(tmp_path)
    assert done.returncode != 0
    assert "pbem.app.base.shared -> pbem.app.running.sweep" in done.stdout


def test_the_contracts_catch_mail_in_making_a_message_itself(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "pbem", tmp_path / "pbem",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    step = tmp_path / "pbem" / "app" / "mailin" / "blocks.py"
    step.write_text(step.read_text(encoding="utf-8")
                    + "\nfrom pbem.mail.compose import compose  # noqa: E402,F401\n",
                    encoding="utf-8")
    done = _lint(tmp_path)
    assert done.returncode != 0
    assert "pbem.app.mailin.blocks -> pbem.mail.compose" in done.stdout


def _callers(name: str) -> set[str]:
    """The pbem modules that call a function of that name (as `x.name(...)` or `name(...)`)."""
    found = set()
    for path in sorted((ROOT / "pbem").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called == name:
                    found.add(_module(path))
    return found


def test_only_mail_out_puts_mail_in_the_outbox() -> None:
    # every message the use-cases send is queued by pbem.app.mailout's functions; the store
    # holds the statement, the outbox (pbem.mail) sends
    callers = _callers("queue_mail")
    assert callers, "the check found no caller at all"
    assert {c for c in callers if not c.startswith("pbem.app.mailout.")} == set()


QUERY_BUILDERS = {"select", "update", "delete", "insert", "func", "text", "col", "and_", "or_"}


def test_the_only_sql_is_in_the_store() -> None:
    # the use-cases, mail, the CLI and the rest build no statement: each query is a function of
    # pbem.store.repo (the benchmarks' bare sqlite3 floor is the one raw SQL outside it)
    found = []
    for path in sorted((ROOT / "pbem").rglob("*.py")):
        if path.is_relative_to(ROOT / "pbem" / "store"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and \
                    node.module.split(".")[0] in ("sqlalchemy", "sqlmodel"):
                found += [f"{_module(path)}: {a.name}" for a in node.names
                          if a.name in QUERY_BUILDERS]
    assert found == []
