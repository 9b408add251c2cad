"""Start-up: an MTA starts one `pbem` per mail, so a one-line command imports only its own
noun's module (no renderer, no Alembic) and checks the schema with one plain query."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pbem.cli.main import NOUNS, build_parser

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("PIL", "jinja2", "alembic", "pbem.render")  # loaded only by what draws or migrates

# Runs a command (or only builds the parser for one noun) and prints the modules it loaded.
PROBE = """
import json, sys
from pbem.cli.main import build_parser, main
if sys.argv[1] == "--parser-only":
    build_parser([sys.argv[2]])
else:
    assert main(sys.argv[1:]) == 0
print("MODULES " + json.dumps(sorted(sys.modules)))
"""


def loaded(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("MODULES "), done.stdout
    return set(json.loads(last.removeprefix("MODULES ")))


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(f"{h}.") for h in HEAVY))


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A SQLite database at the newest schema holding the game 'aegean'."""
    from pbem.app.play import games
    from pbem.store.db import make_engine
    from pbem.store.migrate import init

    url = f"sqlite:///{tmp_path / 'judge.sqlite'}"
    made = make_engine(url)
    init(made)
    games.create_game(made, games.GameSpec("aegean", players=(
        games.PlayerSpec("Ann", "ann@example.org", "blue"),
        games.PlayerSpec("Bo", "bo@example.org", "red"))))
    made.dispose()
    return url


def test_game_list_loads_no_renderer_and_no_alembic(db: str) -> None:
    modules = loaded("game", "list", "--db", db)
    assert "pbem.cli.game" in modules and "sqlalchemy" in modules  # it did the work
    assert heavy(modules) == []
    assert not {f"pbem.cli.{n}" for n in NOUNS if n != "game"} & modules


def test_orders_submit_loads_no_renderer_and_no_alembic(db: str, tmp_path: Path) -> None:
    orders = tmp_path / "ann.txt"
    orders.write_text("A: trireme catapult\n")
    modules = loaded("orders", "submit", "aegean", str(orders), "--player", "Ann", "--db", db)
    assert "pbem.app.orders" in modules
    assert heavy(modules) == []


@pytest.mark.parametrize("noun", ["mail", "orders", "game", "phase"])
def test_a_noun_parser_loads_no_renderer_and_no_alembic(noun: str) -> None:
    modules = loaded("--parser-only", noun)
    assert f"pbem.cli.{noun}" in modules
    assert heavy(modules) == []


def test_help_lists_every_noun_without_loading_it() -> None:
    done = subprocess.run([sys.executable, "-m", "pbem.cli.main", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0] for line in done.stdout.splitlines() if line.startswith("    ")}
    assert listed == set(NOUNS) == {"game", "orders", "phase", "db", "dice", "rules", "bench",
                                    "demo", "mail", "status", "serve", "league"}
    assert "Ram Speed" not in done.stdout
    assert all(help_line in done.stdout for _module, help_line in NOUNS.values())


def test_the_nouns_table_says_what_each_module_says() -> None:
    # NOUNS holds each noun's help line so `pbem --help` imports nothing: it must stay the
    # module's own (the help `pbem --help` shows with every module loaded).
    assert build_parser().format_help() == build_parser(()).format_help()


def test_the_schema_head_is_alembics() -> None:
    from alembic.script import ScriptDirectory

    from pbem.store.migrate import MIGRATIONS, REVISION_FILE, _config, head, schema_head

    assert schema_head() == head()
    for script in ScriptDirectory.from_config(_config("sqlite://")).walk_revisions():
        name = Path(script.path).name
        match = REVISION_FILE.fullmatch(name)
        assert match and match.group(1) == script.revision, (
            f"{name} holds revision {script.revision}: name a migration NNNN_what.py with "
            f"revision NNNN, as `schema_head` reads them")
    assert (MIGRATIONS / "versions").is_dir()


def test_current_reads_the_version_table(tmp_path: Path) -> None:
    from sqlalchemy import text

    from pbem.store.db import make_engine
    from pbem.store.migrate import current, schema_head, upgrade

    made = make_engine(f"sqlite:///{tmp_path / 'judge.sqlite'}")
    upgrade(made)
    assert current(made) == schema_head()
    with made.begin() as connection:
        connection.execute(text("INSERT INTO alembic_version VALUES ('0001')"))
    assert current(made) == f"0001, {schema_head()}"  # never the head: `pbem db upgrade`
    with made.begin() as connection:
        connection.execute(text("DELETE FROM alembic_version"))
    assert current(made) is None
    with made.begin() as connection:
        connection.execute(text("DROP TABLE alembic_version"))
    assert current(made) is None  # as a fresh database: `pbem db upgrade` first
    made.dispose()


# Runs a command to its end (an argparse exit, as from --help, counts as its end) in a fresh
# interpreter and prints whether it loaded the database layer.
NO_DATABASE_PROBE = """
import json, sys
from pbem.cli.main import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print("MODULES " + json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""
DATABASE_LAYER = ("sqlalchemy", "sqlmodel", "alembic", "pbem.store")
A_CASE = sorted((ROOT / "tests" / "cases").glob("*.toml"))[0]


def database_layer(*args: str, stdin: bytes = b"", data: Path | None = None) -> list[str]:
    """The database layer's modules that a command loaded (it must succeed)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    if data is not None:
        environment["PBEM_DATA"] = str(data)
    done = subprocess.run([sys.executable, "-c", NO_DATABASE_PROBE, *args], cwd=ROOT,
                          input=stdin, capture_output=True, timeout=120, env=environment)
    last = done.stdout.decode().strip().splitlines()[-1]
    found = json.loads(last.removeprefix("MODULES "))
    assert found["code"] in (0, None), done.stderr.decode()
    return sorted(m for m in found["modules"]
                  if any(m == h or m.startswith(f"{h}.") for h in DATABASE_LAYER))


@pytest.mark.parametrize("command", [
    ("--help",), ("--version",), ("rules", "list"), ("rules", "case", str(A_CASE)),
    ("rules", "--help"), ("orders", "check", "--help"), ("orders", "--help"),
    ("mail", "--help"), ("demo", "--help"), ("serve", "--help"), ("status", "--help"),
    ("db", "--help")], ids=" ".join)
def test_a_command_that_needs_no_database_does_not_load_it(command: tuple[str, ...]) -> None:
    assert database_layer(*command) == []


def test_the_mta_pipe_does_not_load_the_database_layer(tmp_path: Path) -> None:
    raw = b"From: a@example.org\r\nSubject: hello\r\nMessage-ID: <p@example.org>\r\n\r\nhi\r\n"
    assert database_layer("mail", "receive", stdin=raw, data=tmp_path) == []
    [spooled] = (tmp_path / "spool" / "new").iterdir()
    assert spooled.read_bytes() == raw  # it did the work: the message waits for the judge


def test_the_probe_sees_the_database_layer_where_it_is_loaded(tmp_path: Path) -> None:
    from pbem.store.db import make_engine
    from pbem.store.migrate import init

    made = make_engine(f"sqlite:///{tmp_path / 'pbem.sqlite'}")
    init(made)
    made.dispose()
    assert "sqlalchemy" in database_layer("status", data=tmp_path)
