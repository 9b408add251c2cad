"""Faults of the database, the disk and the input, each injected for real and met through the
real `pbem` command: an exit status from deploy/README.md, a sentence saying what, where and
what to do, and never a traceback. Terminal escapes in players' words are shown escaped.

Faults are injected as follows: read-only with a `mode=ro` SQLite URI everywhere, and with a
read-only bind mount (as root, in a private mount namespace) or chmod (not root); a full disk
with a 1 MiB tmpfs (as root, in a private mount namespace) and, everywhere, by making the
lowest layer (pathlib's write) raise OSError(ENOSPC); corruption by overwriting pages of the
file; a lock with a second connection holding BEGIN IMMEDIATE."""

from __future__ import annotations

import errno
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from pbem.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("--player", "Ann,ann@example.org,blue", "--player", "Bo,bo@example.org,red")
ORDERS = "A: trireme catapult\n"

# Every test here runs the command line on a real database, many in a process of their own.
pytestmark = pytest.mark.slow


def pbem(*args: str, stdin: object = None, env: dict[str, str] | None = None,
         timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, stdin=stdin,
                          env={**os.environ, **(env or {})})


def fails(done: subprocess.CompletedProcess[str], code: int, *words: str) -> None:
    """Exit status `code`, each of `words` in the sentence on standard error, no traceback."""
    assert done.returncode == code, (done.returncode, done.stderr)
    for word in words:
        assert word in done.stderr, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert done.stderr.startswith("pbem: ") and done.stderr.count("\n") == 1, done.stderr


def url(path: Path) -> str:
    return f"sqlite:///{path}"


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    monkeypatch.delenv("PBEM_DEBUG", raising=False)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with the game 'aegean' at its build phase, made by the CLI once."""
    path = tmp_path_factory.mktemp("template") / "pbem.sqlite"
    assert pbem("db", "upgrade", "--db", url(path)).returncode == 0
    made = pbem("game", "new", "aegean", *PLAYERS, "--db", url(path))
    assert made.returncode == 0, made.stderr
    return path


@pytest.fixture
def judge(template: Path, tmp_path: Path) -> Path:
    """A copy of the template database of one's own."""
    folder = tmp_path / "judge"
    folder.mkdir()
    shutil.copy(template, folder / "pbem.sqlite")
    (tmp_path / "ann.txt").write_text(ORDERS)
    return folder / "pbem.sqlite"


def page_of(path: Path, name: str) -> tuple[int, int]:
    """(offset, size) of the root page of table or index `name`."""
    with sqlite3.connect(path) as connection:
        size = connection.execute("PRAGMA page_size").fetchone()[0]
        root = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                                  (name,)).fetchone()[0]
    connection.close()
    return (root - 1) * size, size


def overwrite(path: Path, offset: int, length: int) -> None:
    with path.open("r+b") as handle:
        handle.seek(offset)
        handle.write(b"\xa5" * length)


# --- read-only --------------------------------------------------------------------------


def test_a_read_only_database_refuses_orders_and_processing_with_a_sentence(judge: Path,
                                                                             tmp_path: Path) -> None:
    read_only = f"sqlite:///file:{judge}?mode=ro&uri=true"
    assert pbem("game", "list", "--db", read_only).returncode == 0  # reading is fine
    submitted = pbem("orders", "submit", "aegean", str(tmp_path / "ann.txt"), "--player", "Ann",
                     "--db", read_only)
    fails(submitted, 73, f"the database {judge} cannot be written", "nothing was changed",
          "write access")
    fails(pbem("phase", "process", "aegean", "--db", read_only), 73, "cannot be written")


@cache
def can_mount() -> bool:
    """Root with a private mount namespace and tmpfs (not so in every container or CI)."""
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return False
    probe = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c",
                            "mount -t tmpfs -o size=64k tmpfs /mnt"], capture_output=True)
    return probe.returncode == 0


def in_namespace(script: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run `script` (sh) in a private mount namespace: its mounts vanish with it."""
    return subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-ec",
                           script], cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ))


def test_a_database_on_a_read_only_disk_or_without_write_permission(judge: Path,
                                                                    tmp_path: Path) -> None:
    command = (f"{sys.executable} -m pbem.cli.main orders submit aegean {tmp_path / 'ann.txt'} "
               f"--player Ann --db {url(judge)}")
    if can_mount():  # root: chmod would not stop root, a read-only bind mount does
        folder = judge.parent
        done = in_namespace(f"mount --bind {folder} {folder}\n"
                            f"mount -o remount,bind,ro {folder}\nexec {command}")
    else:
        judge.chmod(0o400)
        judge.parent.chmod(0o500)
        try:
            done = subprocess.run(command.split(), cwd=ROOT, capture_output=True, text=True,
                                  timeout=120)
        finally:
            judge.parent.chmod(0o700)
            judge.chmod(0o600)
    fails(done, 73, str(judge), "write")


# --- full disk ----------------------------------------------------------------------------


def fill_script(folder: Path, database: Path, free_kib: int) -> str:
    """Mount a 4 MiB tmpfs on `folder` (the database holds the briefings mailed when the
    game was made), copy the database in, fill it up to `free_kib`."""
    return (f"mount -t tmpfs -o size=4m tmpfs {folder}\n"
            f"cp {database} {folder}/pbem.sqlite\n"
            f"{sys.executable} -c \"import os; s = os.statvfs('{folder}'); "
            f"open('{folder}/filler', 'wb').write(bytes(max(0, s.f_bavail * s.f_frsize "
            f"- {free_kib * 1024})))\"\n")


@pytest.mark.skipif(not can_mount(), reason="needs root and a private mount namespace to "
                    "mount a small tmpfs; test_a_full_disk_under_an_output_file covers ENOSPC "
                    "everywhere")
def test_a_full_disk_stops_every_command_with_a_sentence(judge: Path, tmp_path: Path) -> None:
    folder = tmp_path / "full"
    folder.mkdir()
    run = f"exec {sys.executable} -m pbem.cli.main"
    nearly = in_namespace(fill_script(folder, judge, 48)  # room to open, none to write
                          + f"{run} phase process aegean --db {url(folder / 'pbem.sqlite')}")
    fails(nearly, 74, f"the disk holding the database {folder / 'pbem.sqlite'} is full",
          "nothing was stored", "Free some space")
    full = in_namespace(fill_script(folder, judge, 0)
                        + f"{run} game list --db {url(folder / 'pbem.sqlite')}")
    fails(full, 74, "is full", "Free some space")
    copy = in_namespace(fill_script(folder, judge, 0) + f"mkdir {folder}/backups || true\n"
                        f"{run} db backup {folder}/copy.sqlite --db {url(judge)}")
    fails(copy, 74, "full")
    assert not (folder / "copy.sqlite").exists()


def test_a_full_disk_under_an_output_file(judge: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    def no_space(self: Path, *_args: object, **_kwargs: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))

    monkeypatch.setattr(Path, "write_text", no_space)
    monkeypatch.setattr(Path, "write_bytes", no_space)
    plan = tmp_path / "plan.svg"
    code = main(["orders", "check", "aegean", str(tmp_path / "ann.txt"), "--player", "Ann",
                 "--map", str(plan), "--db", url(judge)])
    err = capsys.readouterr().err
    assert code == 74 and f"cannot write {plan}" in err and "disk is full" in err, err
    assert "Traceback" not in err


# --- a damaged database -------------------------------------------------------------------


@pytest.mark.parametrize("damage", ["header", "games table"])
def test_a_corrupt_database_is_named_damaged(judge: Path, tmp_path: Path, damage: str) -> None:
    if damage == "header":
        overwrite(judge, 0, 100)
    else:
        offset, size = page_of(judge, "games")
        overwrite(judge, offset, size)
    for command in (["game", "list"], ["game", "verify", "aegean"],
                    ["orders", "submit", "aegean", str(tmp_path / "ann.txt"), "--player", "Ann"]):
        fails(pbem(*command, "--db", url(judge)), 65, f"the database {judge} is damaged",
              "restore the newest good backup")
    copy = tmp_path / "copy.sqlite"
    fails(pbem("db", "backup", str(copy), "--db", url(judge)), 65, str(judge))
    assert not copy.exists()


def test_backup_refuses_a_database_that_fails_the_integrity_check(judge: Path,
                                                                  tmp_path: Path) -> None:
    offset, size = page_of(judge, "sqlite_autoindex_games_1")
    overwrite(judge, offset + 8, size - 8)  # an index the everyday reads do not touch
    assert pbem("game", "list", "--db", url(judge)).returncode == 0
    backups = tmp_path / "backups"
    backups.mkdir()
    done = pbem("db", "backup", str(backups / "copy.sqlite"), "--db", url(judge))
    fails(done, 65, f"the database {judge} fails SQLite's integrity check", "no copy was made")
    assert list(backups.iterdir()) == []


def test_a_bad_stored_time_zone_is_named_in_the_report(judge: Path) -> None:
    # Both build, so the next phase (a set-up, which side first is the dice's) waits for one
    # side, and that side's player's report gives its deadline in the player's time zone (a
    # phase nobody owes is announced with no deadline at all).
    for player, galley in (("Ann", "A"), ("Bo", "Z")):  # galley ids are the game's, one each
        orders = judge.parent.parent / f"{player}.txt"
        orders.write_text(f"{galley}: trireme catapult\n")
        assert pbem("orders", "submit", "aegean", str(orders), "--player", player,
                    "--db", url(judge)).returncode == 0
    assert pbem("phase", "process", "aegean", "--db", url(judge)).returncode == 0
    shown = json.loads(pbem("game", "show", "aegean", "--json", "--db", url(judge)).stdout)
    (side,) = shown["owes"]
    name = next(p["name"] for p in shown["players"] if p["side"] == side)
    with sqlite3.connect(judge) as connection:  # as `game replace --timezone Mars/X` stored it
        connection.execute("UPDATE players SET timezone = 'Mars/X' WHERE name = ?", (name,))
    connection.close()
    fails(pbem("game", "report", "aegean", "--recipient", name, "--db", url(judge)), 65,
          "time zone", "Mars/X", "Europe/London")


# --- missing things, bad URLs, unreachable servers ------------------------------------------


def test_a_database_url_into_a_missing_folder(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "pbem.sqlite"
    fails(pbem("game", "list", "--db", url(missing)), 69, f"there is no database at {missing}",
          f"nor is there a folder {missing.parent}", "pbem db init")
    fails(pbem("db", "init", "--db", url(missing)), 73, f"there is no folder {missing.parent}",
          "mkdir")
    assert not missing.parent.exists()


def test_backup_into_a_missing_folder(judge: Path, tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "copy.sqlite"
    fails(pbem("db", "backup", str(target), "--db", url(judge)), 73,
          f"there is no folder {target.parent}", "mkdir")


def test_a_deleted_database_is_missing_not_made_anew(judge: Path, tmp_path: Path) -> None:
    judge.unlink()
    fails(pbem("game", "list", "--db", url(judge)), 69, f"there is no database at {judge}",
          "pbem db init", "restore it from a backup")
    fails(pbem("game", "new", "aegean", *PLAYERS, "--db", url(judge)), 69, "no database")
    fails(pbem("orders", "submit", "aegean", str(tmp_path / "ann.txt"), "--player", "Ann",
               "--db", url(judge)), 69, "no database")
    fails(pbem("db", "current", "--db", url(judge)), 69, "no database")
    fails(pbem("db", "backup", str(tmp_path / "copy.sqlite"), "--db", url(judge)), 69,
          "no database")
    assert not judge.exists()
    default = Path(os.environ["PBEM_DATA"])
    fails(pbem("game", "list"), 69, f"there is no database at {default / 'pbem.sqlite'}")
    assert not default.exists()


def test_only_init_and_upgrade_create_a_database(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    made = pbem("db", "init", "--db", url(path))
    assert made.returncode == 0 and f"created a new database at {path}" in made.stdout
    again = pbem("db", "init", "--db", url(path))
    assert again.returncode == 1 and "there is already a database" in again.stderr
    other = tmp_path / "other.sqlite"
    upgraded = pbem("db", "upgrade", "--db", url(other))
    assert upgraded.returncode == 0 and f"created a new database at {other}" in upgraded.stdout
    assert pbem("db", "upgrade", "--db", url(other)).stdout.startswith("database ")


@pytest.mark.slow
def test_the_demo_makes_its_own_private_database(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        done = pbem("demo")
    finally:
        os.umask(old)
    assert done.returncode == 0, done.stderr
    data = Path(os.environ["PBEM_DATA"])
    assert data.stat().st_mode & 0o777 == 0o700
    assert (data / "pbem.sqlite").stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("bad", ["garbage://x", "not a url at all", "mysql://judge@localhost/pbem"])
def test_a_bad_database_url_is_a_usage_error(bad: str) -> None:
    done = pbem("game", "list", "--db", bad)
    fails(done, 64, "cannot use the database URL", "postgresql+psycopg://")


def test_an_unreachable_postgresql_server(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = f"postgresql+psycopg://judge:secret@127.0.0.1:{port}/pbem"
    done = pbem("game", "list", "--db", server)
    fails(done, 69, f"cannot reach the database postgresql+psycopg://judge:***@127.0.0.1:{port}",
          "Check that the server runs")
    assert "secret" not in done.stderr


# --- locks, endless input, the unexpected ----------------------------------------------------


def test_a_database_locked_beyond_the_retries(judge: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("pbem.store.db.BUSY_TIMEOUT_MS", 50)
    holder = sqlite3.connect(judge, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        code = main(["orders", "submit", "aegean", str(tmp_path / "ann.txt"), "--player", "Ann",
                     "--db", url(judge)])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    err = capsys.readouterr().err
    assert code == 75, err
    assert str(judge) in err and "locked" in err and "Run the command again" in err


def test_endless_standard_input_is_refused_after_the_limit(judge: Path) -> None:
    with open("/dev/zero", "rb") as zeros:
        done = pbem("orders", "check", "aegean", "-", "--player", "Ann", "--db", url(judge),
                    stdin=zeros, timeout=60)
    fails(done, 1, "standard input holds more than 64 KiB")


def test_an_unexpected_error_is_a_sentence_with_the_way_to_the_traceback(
        judge: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("the rowers mutinied")

    monkeypatch.setattr("pbem.app.play.games.list_games", broken)
    assert main(["game", "list", "--db", url(judge)]) == 70
    err = capsys.readouterr().err
    assert "RuntimeError: the rowers mutinied" in err and "PBEM_DEBUG=1" in err
    assert "Traceback" not in err
    monkeypatch.setenv("PBEM_DEBUG", "1")
    assert main(["game", "list", "--db", url(judge)]) == 70
    assert "Traceback" in capsys.readouterr().err


# --- terminal escapes -----------------------------------------------------------------------


EVIL = "Eve\x1b]0;owned\x07\x1b[2J\u202egnp.exe\x9b"


@pytest.fixture
def evil_game(tmp_path: Path) -> Path:
    path = tmp_path / "evil.sqlite"
    assert pbem("db", "upgrade", "--db", url(path)).returncode == 0
    return path


def clean(text: str) -> None:
    for raw in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert raw not in text, repr(text)


def test_control_and_bidi_characters_reach_the_terminal_escaped(evil_game: Path,
                                                                tmp_path: Path) -> None:
    made = pbem("game", "new", "aegean", "--player", "Eve,eve@example.org,blue",
                "--player", "Bo,bo@example.org,red", "--db", url(evil_game))
    assert made.returncode == 0, made.stderr
    with sqlite3.connect(evil_game) as connection:  # a name stored before names were checked
        connection.execute("UPDATE players SET name = ? WHERE name = 'Eve'", (EVIL,))
    connection.close()
    shown = pbem("game", "show", "aegean", "--db", url(evil_game))
    assert shown.returncode == 0, shown.stderr
    clean(shown.stdout)
    assert "Eve\\x1b]0;owned\\x07\\x1b[2J\\u202egnp.exe\\x9b" in shown.stdout
    as_json = pbem("game", "show", "aegean", "--json", "--db", url(evil_game))
    assert EVIL in [p["name"] for p in json.loads(as_json.stdout)["players"]]
    orders = tmp_path / "evil.txt"
    orders.write_text("A: trireme\x1b[31m catapult\u2066\nB: bireme\n")
    checked = pbem("orders", "check", "aegean", str(orders), "--player", "Bo",
                   "--db", url(evil_game))
    clean(checked.stdout + checked.stderr)
    assert "\\x1b[31m" in checked.stdout + checked.stderr
    as_json = pbem("orders", "check", "aegean", str(orders), "--player", "Bo", "--json",
                   "--db", url(evil_game))
    assert "\\u001b[31m" in as_json.stdout  # JSON escapes it, and keeps it as it was sent
    assert "\x1b[31m" in json.loads(as_json.stdout)["lines"][0]["text"]
    refused = pbem("game", "show", "no\x1b[2Jgame\u202e", "--db", url(evil_game))
    assert refused.returncode == 1
    clean(refused.stderr)
    assert "no\\x1b[2Jgame\\u202e" in refused.stderr
    named = pbem("game", "new", "other", "--player", f"{EVIL},eve@example.org,blue",
                 "--player", "Bo,bo@example.org,red", "--db", url(evil_game))
    assert named.returncode == 1
    clean(named.stderr)


def test_safe_escapes_controls_and_bidi_marks_but_keeps_lines_and_tabs() -> None:
    from pbem.cli.common import safe

    assert safe("a\tb\nc") == "a\tb\nc"
    assert safe("\x00\x1b\r\x7f\x85\x9f") == "\\x00\\x1b\\x0d\\x7f\\x85\\x9f"
    marks = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
    assert safe(marks) == "".join(f"\\u{ord(c):04x}" for c in marks)
    assert safe("Αριστείδης ⚓ 𓊝") == "Αριστείδης ⚓ 𓊝"



@pytest.mark.skipif(not os.environ.get("PBEM_TEST_POSTGRES_URL"),
                    reason="no PostgreSQL: set PBEM_TEST_POSTGRES_URL (as .ci/run does)")
def test_a_missing_postgresql_database() -> None:
    from sqlalchemy.engine import make_url

    server = make_url(os.environ["PBEM_TEST_POSTGRES_URL"])
    missing = server.set(database="pbem_no_such_database").render_as_string(hide_password=False)
    fails(pbem("game", "list", "--db", missing), 69, "there is no database", "createdb")
