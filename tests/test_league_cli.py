"""`pbem league ...` and `pbem game end --winner` as a secretary and a game master use them:
the JSON shapes of the issue, the table's points from the declared results, refusals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pbem.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    monkeypatch.delenv("PBEM_SMTP_HOST", raising=False)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    """One command in this process: its exit status, its JSON (or text) and its errors."""
    status = main(list(args))
    out, err = capsys.readouterr()
    try:
        return status, json.loads(out), err
    except json.JSONDecodeError:
        return status, out, err


def test_a_season_from_the_command_line(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    assert run(capsys, "db", "init")[0] == 0
    status, made, _ = run(capsys, "league", "new", "club", "--format", "round-robin",
                          "--rounds", "3", "--scenario", "squadron", "--turn-limit", "12",
                          "--hours", "72", "--json")
    assert status == 0 and made["season"] == "club" and made["status"] == "forming"
    for player in ("Ann,ann@club.example", "Bo,bo@club.example,Europe/London",
                   "Cy,cy@club.example", "Di,di@club.example"):
        assert run(capsys, "league", "join", "club", "--player", player, "--json")[0] == 0
    status, started, _ = run(capsys, "league", "start", "club", "--json")
    assert status == 0 and started["games"] == ["club-r1-1", "club-r1-2"]
    assert all(len(passwords) == 2 for passwords in started["passwords"].values())

    status, shown, _ = run(capsys, "league", "pairings", "club", "--json")
    assert status == 0 and shown["round"] == 1 and shown["byes"] == []
    assert [set(game) >= {"game", "blue", "red"} for game in shown["games"]] == [True, True]
    first, second = shown["games"]

    status, _, err = run(capsys, "league", "next", "club")
    assert status == 1 and "club-r1-1, club-r1-2 still being played" in err
    assert run(capsys, "game", "end", first["game"], "--winner", "red")[0] == 0
    status, _, err = run(capsys, "game", "end", second["game"], "--winner", "green")
    assert status == 1 and "'green' is not a side" in err
    assert run(capsys, "game", "end", second["game"], "--winner", "draw")[0] == 0

    status, standings, _ = run(capsys, "league", "table", "club", "--json")
    assert status == 0
    rows = standings["rows"]
    assert [set(row) >= {"player", "played", "won", "drawn", "lost", "forfeits", "points",
                         "tiebreaks", "rating", "reliability"} for row in rows] == [True] * 4
    points = {row["player"]: row["points"] for row in rows}
    assert points == {first["red"]: 1.0, first["blue"]: 0.0, second["blue"]: 0.5,
                      second["red"]: 0.5}
    assert rows[0]["player"] == first["red"]  # best first
    assert rows[0]["rating"] > 25.0 > rows[-1]["rating"]

    status, paired, _ = run(capsys, "league", "next", "club", "--json")
    assert status == 0 and paired["round"] == 2 and paired["over"] is False
    status, dropped, _ = run(capsys, "league", "drop", "club", "Ann", "--json")
    assert status == 0 and dropped["forfeited"] and dropped["forfeited"][0].startswith("club-r2-")
    status, text, _ = run(capsys, "league", "table", "club")
    assert status == 0 and "Ann (left)" in text and "reliability" in text
    status, shown, _ = run(capsys, "league", "pairings", "club", "--round", "1", "--json")
    assert [game["result"] for game in shown["games"]] == ["second", "draw"]
    status, written, _ = run(capsys, "league", "archive", "club", str(tmp_path / "site"),
                             "--json")
    assert status == 0 and Path(written["index"]).is_file()
    assert (tmp_path / "site" / "round-2.html").is_file()


def test_league_commands_refuse_with_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "db", "init")[0] == 0
    status, _, err = run(capsys, "league", "table", "nothing")
    assert status == 1 and "there is no season called 'nothing'" in err
    status, _, err = run(capsys, "league", "new", "x", "--format", "swiss", "--rounds", "3",
                         "--scenario", "squadron")
    assert status == 0
    status, _, err = run(capsys, "league", "join", "x", "--player", "Ann")
    assert status == 1 and "write NAME,EMAIL" in err
    status, _, err = run(capsys, "league", "new", "y", "--format", "swiss", "--rounds", "3",
                         "--scenario", "squadron", "--points", "win=3,tie=1")
    assert status == 1 and "'tie' is not one of" in err


def test_a_season_scores_with_its_own_points(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "db", "init")[0] == 0
    assert run(capsys, "league", "new", "three", "--format", "round-robin", "--rounds", "1",
               "--scenario", "squadron", "--points", "win=3,draw=1,bye=3")[0] == 0
    for player in ("Ann,ann@club.example", "Bo,bo@club.example"):
        assert run(capsys, "league", "join", "three", "--player", player)[0] == 0
    _, started, _ = run(capsys, "league", "start", "three", "--json")
    assert run(capsys, "game", "end", started["games"][0], "--winner", "draw")[0] == 0
    _, standings, _ = run(capsys, "league", "table", "three", "--json")
    assert [row["points"] for row in standings["rows"]] == [1.0, 1.0]


def test_pbem_league_is_listed_and_runs_as_a_program(tmp_path: Path) -> None:
    env = {**os.environ, "PBEM_DATA": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-m", "pbem.cli.main", "league", "--help"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    for verb in ("new", "join", "start", "pairings", "table", "next", "drop", "archive"):
        assert verb in done.stdout
