"""The dependency rule: the rules package imports nothing else of pbem and no database,
mail, scheduler, network, clock or randomness-from-the-OS code. Checked on the source."""

from __future__ import annotations

import ast
import re
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "pbem" / "rules"

ALLOWED_STDLIB = {
    "__future__", "collections", "dataclasses", "enum", "functools", "hashlib", "hmac",
    "difflib", "importlib", "itertools", "math", "operator", "pathlib", "random", "re", "tomllib",
    "typing",
}
# random is allowed only for the sampling helpers and the greedy player, which take a seeded Random instance
# (and the plug-in boundary, whose autoplayer and benchmark hooks are handed one)
RANDOM_USERS = {"sampling.py", "tactics.py", "benchmark.py", "interface.py", "host.py"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_rules_package_imports_only_itself_and_pure_stdlib() -> None:
    files = sorted(RULES.rglob("*.py"))
    assert files
    for path in files:
        for module in _imports(path):
            top = module.split(".")[0]
            if module.startswith("pbem."):
                assert module.startswith("pbem.rules"), f"{path.name} imports {module}"
                continue
            assert top in ALLOWED_STDLIB, f"{path.name} imports {module}"
            if top == "random":
                assert path.name in RANDOM_USERS, f"{path.name} uses random"


def test_rules_code_has_no_clock_or_print() -> None:
    for path in sorted(RULES.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for banned in (r"\bprint\(", r"\btime\.time", r"datetime\.now", r"os\.environ",
                       r"(?<![.\w])open\("):
            assert not re.search(banned, text), f"{path.name} uses {banned}"


def test_storage_imports_no_use_case_rendering_or_command_code() -> None:
    """store/ sits under app/: it may use the shared errors, never app, render or cli."""
    store = RULES.parent / "store"
    for path in sorted(store.rglob("*.py")):
        for module in _imports(path):
            assert not module.startswith(("pbem.app", "pbem.render", "pbem.cli")), \
                f"store/{path.name} imports {module}"


def test_render_draws_any_scene_and_imports_no_ruleset() -> None:
    """render/ draws scenes of plain primitives (pbem.rules.scene): it names no ruleset."""
    render = RULES.parent / "render"
    files = sorted(render.rglob("*.py"))
    assert files
    for path in files:
        rulesets = {m for m in _imports(path) if m.startswith("pbem.rules.ramspeed")}
        assert not rulesets, f"render/{path.name} imports {sorted(rulesets)}"
    drawers = [render / "svg.py", render / "png.py", RULES / "scene.py",
               RULES.parent.parent / "templates" / "scene.svg.j2"]
    for path in drawers:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"hex|galley|ramspeed|ram speed", text, re.IGNORECASE), \
            f"{path.name} names a ruleset's pieces"


def test_the_host_finds_rulesets_only_through_the_registry() -> None:
    """Nothing outside pbem/rules/<name>/ imports a ruleset's package: the use-cases, the
    storage, the commands and the case runner go through pbem.rules.interface and the
    entry-point registry (pbem/app/rulesets.py)."""
    package = RULES.parent
    rulesets = {path.parent.name for path in RULES.glob("*/__init__.py")}
    assert "ramspeed" in rulesets
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package)
        if relative.parts[0] == "rules" and len(relative.parts) > 2:
            continue  # inside a ruleset's own package
        imported = {m for m in _imports(path)
                    if any(m.startswith(f"pbem.rules.{name}") for name in rulesets)}
        assert not imported, f"{'/'.join(relative.parts)} imports {sorted(imported)}"


# The host's words: the use-cases, storage, rendering, commands, templates and the host's
# tools name no ruleset's pieces or board. Allowed: naming the default ruleset and "hex" as
# in hexadecimal digests; migrations keep the schema's history as it was.
HOST_WORDS = re.compile(r"galley|\bhex\b|hexes|ramspeed|ram speed|merchantm|penteconter|trireme",
                        re.IGNORECASE)
ALLOWED_LINES = re.compile(r'DEFAULT = "ramspeed"|\.hex\(\)|hexdigest|judge for galley wargames')


def test_the_host_names_no_ruleset_pieces() -> None:
    package = RULES.parent
    places = [package / "app", package / "store", package / "render", package / "cli",
              package / "golden.py", package / "bench.py", package / "cases.py",
              package.parent / "templates"]
    found = []
    for place in places:
        files = [place] if place.is_file() else sorted(
            p for p in place.rglob("*") if p.suffix in (".py", ".j2"))
        for path in files:
            if "migrations" in path.parts:
                continue  # the schema's history keeps its names
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if HOST_WORDS.search(line) and not ALLOWED_LINES.search(line):
                    found.append(f"{path.relative_to(package.parent)}:{number}: {line.strip()}")
    assert not found, "the host names a ruleset's things:\n" + "\n".join(found)
