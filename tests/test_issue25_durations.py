"""Issue 25 item 1: a phase's length is what the game master wrote. `--durations default=LEN`
sets every kind it does not name (build too), `--hours` and `--durations` combine as written
(--hours for every kind, then the kinds --durations names), and `--help`, `game new` and
`game show` say each kind's length. Through the real command line on a real SQLite file."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from pbem.timing import DEFAULT_TIMING, parse_timing

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("--player", "Ann,ann@example.org,blue", "--player", "Bo,bo@example.org,red")


# each test runs `pbem game new` and `game show` in processes of their own
# (make test and CI run it, make test-fast does not)
pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)


@pytest.fixture
def db() -> None:
    """A new judge's database in the test's data folder."""
    assert pbem("db", "init").returncode == 0


def pbem(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=dict(os.environ))


def _first_deadline(tmp_path: Path, game: str) -> timedelta:
    """How long the game's first phase (build, in the default rule system) stays open, as
    stored: its deadline less the moment it opened."""
    with sqlite3.connect(tmp_path / "data" / "pbem.sqlite") as db:
        opened, deadline = db.execute("SELECT opened_at, deadline FROM phases WHERE game_id = ? "
                                      "AND seq = 0", (game,)).fetchone()
    return datetime.fromisoformat(deadline) - datetime.fromisoformat(opened)


def test_a_default_duration_sets_every_kind_not_named_build_too(tmp_path: Path, db: None) -> None:
    made = pbem("game", "new", "quick", "--durations", "default=2m", *PLAYERS)
    assert made.returncode == 0, made.stderr
    assert "Phase lengths: every kind 2m." in made.stdout
    assert _first_deadline(tmp_path, "quick") == timedelta(minutes=2)  # not 7 days
    shown = pbem("game", "show", "quick")
    assert "phase lengths: every kind 2m (the open phase, build: 2m)" in shown.stdout
    data = json.loads(pbem("game", "show", "quick", "--json").stdout)
    assert data["phase_lengths"] == {"kinds": {}, "every_other_kind": "2m", "open_phase": "2m"}


def test_hours_and_durations_combine_as_written(tmp_path: Path, db: None) -> None:
    made = pbem("game", "new", "mixed", "--hours", "1", "--durations", "movement=5m", *PLAYERS)
    assert made.returncode == 0, made.stderr
    assert "Phase lengths: movement 5m; every other kind 1h." in made.stdout
    assert _first_deadline(tmp_path, "mixed") == timedelta(hours=1)  # --hours, not 7 days
    shown = pbem("game", "show", "mixed").stdout
    assert "phase lengths: movement 5m; every other kind 1h (the open phase, build: 1h)" in shown
    # --durations' own default comes after --hours, as written: it sets every kind not named
    over = pbem("game", "new", "over", "--hours", "1", "--durations", "build=3h,default=2h",
                *PLAYERS)
    assert over.returncode == 0, over.stderr
    assert "Phase lengths: build 3h; every other kind 2h." in over.stdout
    assert _first_deadline(tmp_path, "over") == timedelta(hours=3)


def test_hours_alone_is_every_kind_and_game_show_says_so(tmp_path: Path, db: None) -> None:
    made = pbem("game", "new", "plain", "--hours", "5", *PLAYERS)
    assert made.returncode == 0, made.stderr
    assert "Phase lengths: every kind 5h." in made.stdout
    assert _first_deadline(tmp_path, "plain") == timedelta(hours=5)
    assert "phase lengths: every kind 5h (the open phase, build: 5h)" in pbem(
        "game", "show", "plain").stdout


def test_the_help_says_each_kinds_length() -> None:
    shown = " ".join(pbem("game", "new", "--help").stdout.split())
    assert ("Every phase kind (build, setup, movement, combat and any other the rule system "
            "has) lasts --hours, 48 hours unless given, but those named here") in shown
    assert "default=LEN sets every kind not named instead (--hours is then unused)" in shown
    assert "`pbem game show` prints a game's lengths" in shown


def test_the_pure_reader_takes_a_default_for_every_kind_not_named() -> None:
    # the base keeps build at 7 days; a default named replaces it, a kind named alone does not
    assert DEFAULT_TIMING.duration("build") == timedelta(days=7)
    everything = parse_timing(durations="default=2m")
    assert everything.duration("build") == timedelta(minutes=2)
    assert everything.duration("movement") == timedelta(minutes=2)
    some = parse_timing(durations="movement=5m")
    assert some.duration("build") == timedelta(days=7)
    assert some.duration("movement") == timedelta(minutes=5)


def test_game_show_of_an_ended_game_or_unreadable_lengths_still_shows_the_game(
        tmp_path: Path, db: None) -> None:
    assert pbem("game", "new", "done", "--durations", "build=3h", *PLAYERS).returncode == 0
    assert pbem("game", "end", "done").returncode == 0
    shown = pbem("game", "show", "done")
    assert shown.returncode == 0, shown.stderr
    assert "phase lengths: build 3h; every other kind 2d\n" in shown.stdout  # no open phase
    with sqlite3.connect(tmp_path / "data" / "pbem.sqlite") as stored:
        stored.execute("UPDATE games SET timing = ? WHERE id = 'done'",
                       ('{"version": 1, "durations": {"build": "7x"}}',))
    shown = pbem("game", "show", "done")
    assert shown.returncode == 0, shown.stderr
    assert 'phase lengths: unreadable (durations: "7x" is not a length of time' in shown.stdout
    assert "winner: -" in shown.stdout  # the rest of the game is shown
    data = json.loads(pbem("game", "show", "done", "--json").stdout)
    assert data["phase_lengths"]["unreadable"].startswith('durations: "7x" is not')
