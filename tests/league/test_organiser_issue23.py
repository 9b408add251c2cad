"""The league organiser of issue 23 §4, through the real command line on a real SQLite file
and orders by real mail (`pbem mail inject`), on a frozen clock: `league new` takes the
timing and late policy of `game new`, so a player who misses deadlines comes to the league's
forfeit without the organiser; pairings and table say results in words; the season's end
mails every player the final table (the outbox's bytes read back with the stdlib parser);
the misses of a game the league ended count in the player's record."""

from __future__ import annotations

import email
import email.policy
import json
import os
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time
from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.running.sweep import sweep
from pbem.cli.main import main
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import make_engine, snapshot

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
QUICK = ("--durations", "build=1h,default=1h", "--reminders", "none")  # one hour a phase


@pytest.fixture
def judge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty judge's data folder (its SQLite file, its local Maildir outbox)."""
    folder = tmp_path / "data"
    for name in list(os.environ):
        if name.startswith(("PBEM_SMTP", "PBEM_IMAP", "PBEM_DATABASE_URL")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("PBEM_DATA", str(folder))
    monkeypatch.setenv("PBEM_MAIL_FROM", "judge@example.net")
    return folder


@pytest.fixture
def database(judge: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[Engine]:
    pbem(capsys, T0, "db", "init")
    made = make_engine(f"sqlite:///{judge / 'pbem.sqlite'}")
    yield made
    made.dispose()


def pbem(capsys: pytest.CaptureFixture[str], now: datetime, *args: str,
         status: int = 0) -> Any:
    """One command at `now`: its JSON when asked for (else its text; its errors when it
    was meant to fail)."""
    with freeze_time(now):
        done = main(list(args))
    out, err = capsys.readouterr()
    assert done == status, err
    if status:
        return err
    return json.loads(out) if "--json" in args else out


def _address(name: str) -> str:
    return f"{name.lower()}@club.example"


def _season(capsys: pytest.CaptureFixture[str], name: str, players: tuple[str, ...],
            *timing: str) -> dict[str, Any]:
    """A round-robin season of one round, made, joined and started by the command line;
    what `league start --json` says (its games and their passwords)."""
    made = pbem(capsys, T0, "league", "new", name, "--format", "round-robin", "--rounds", "1",
                "--scenario", "squadron", *timing, "--json")
    for player in players:
        pbem(capsys, T0, "league", "join", name, "--player", f"{player},{_address(player)}")
    return {**made, **pbem(capsys, T0, "league", "start", name, "--json")}


def _send_orders(capsys: pytest.CaptureFixture[str], tmp_path: Path, now: datetime,
                 game_id: str, player: str, password: str, text: str) -> None:
    """The player's orders as a real mail, taken in by `pbem mail inject`."""
    number = len(list(tmp_path.glob("in-*.eml")))
    raw = (f"From: {player} <{_address(player)}>\r\nTo: Judge <judge@example.net>\r\n"
           f"Date: {format_datetime(now)}\r\nSubject: {game_id}: my orders\r\n"
           f"Message-ID: <orders-{number}@club.example>\r\nMIME-Version: 1.0\r\n"
           "Content-Type: text/plain; charset=utf-8\r\n\r\n"
           f"SIGNON {game_id} {player} {password}\r\n{text}\r\n").encode()
    path = tmp_path / f"in-{number}.eml"
    path.write_bytes(raw)
    taken = pbem(capsys, now, "mail", "inject", str(path), "--json")
    assert (taken["outcome"], taken["player"]) == ("orders", player)


def _open(engine: Engine, game_id: str) -> tuple[str, str, tuple[str, ...], dict[str, str]]:
    """The game's status, open phase, the sides that owe orders, and the player of each."""
    with snapshot(engine) as session:
        game = repo.game(session, game_id)
        assert game is not None
        phase = repo.open_phase(session, game_id)
        by_side = {p.side: p.name for p in repo.players(session, game_id)}
        if game.status != "active" or phase is None:
            return game.status, "", (), by_side
        hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
        return game.status, phase.key, tuple(hosted.owes()), by_side


def _play_until_the_second_miss(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                engine: Engine, started: dict[str, Any], idle: str,
                                sweep_last: bool) -> datetime:
    """Every side sends its orders by mail each phase but `idle`'s player, who sends the
    build only; the running judge's sweep processes each phase past its deadline. At the
    second phase `idle` misses, the sweep runs (`sweep_last`) or not; returns the moment
    after that deadline."""
    game_id = started["games"][0]
    passwords = started["passwords"][game_id]
    settings = mail_settings(os.environ, tmp_path / "data")
    rng, now, missed = random.Random(7), T0, 0
    for _ in range(12):
        status, key, owes, by_side = _open(engine, game_id)
        if status != "active":
            break
        with snapshot(engine) as session:
            game = repo.game(session, game_id)
            phase = repo.open_phase(session, game_id)
            assert game is not None and phase is not None
            hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
        for side in owes:
            if side == idle and key != "build":
                missed += 1
                continue
            _send_orders(capsys, tmp_path, now + timedelta(minutes=5), game_id, by_side[side],
                         passwords[by_side[side]], hosted.autoplay_orders(side, rng))
        now += 2 * HOUR  # past the deadline
        if missed == 2 and not sweep_last:
            return now
        sweep(engine, settings, now, send=False)
    return now


def test_a_league_game_whose_player_misses_deadlines_is_the_leagues_forfeit(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, database: Engine) -> None:
    """No --late given: a league's games go on without the late player (proceed), and the
    second miss is the league's forfeit, scored and the season ended with no organiser."""
    started = _season(capsys, "quick", ("Ann", "Bo"), *QUICK, "--grace", "30m")
    assert (started["late"], started["grace"]) == ("proceed", "30m")
    game_id = started["games"][0]
    with snapshot(database) as session:
        game = repo.game(session, game_id)
        assert game is not None and game.timing is not None
        made_with = json.loads(game.timing)
    assert (made_with["late_policy"], made_with["grace"], made_with["default"]) == (
        "proceed", "30m", "1h")  # the season's timing, not the default's
    shown = pbem(capsys, T0, "league", "pairings", "quick", "--json")["games"][0]
    idle = "red"
    now = _play_until_the_second_miss(capsys, tmp_path, database, started, idle,
                                      sweep_last=True)
    status, _, _, by_side = _open(database, game_id)
    assert status == "ended"
    with snapshot(database) as session:
        kinds = [entry.kind for entry in repo.journal(session, game_id)]
    assert "paused" not in kinds  # never waited for the organiser
    results = pbem(capsys, now, "league", "pairings", "quick", "--round", "1", "--json")
    assert results["games"][0]["result"] == "forfeit_second"
    assert results["games"][0]["outcome"] == f"{shown['red']} forfeited"
    text = pbem(capsys, now, "league", "pairings", "quick", "--round", "1")
    assert f"{by_side['red']} forfeited" in text and "forfeit_second" not in text
    table = pbem(capsys, now, "league", "table", "quick", "--json")
    assert table["status"] == "over"  # the sweep ended the season, and told its players:
    with snapshot(database) as session:
        told = [email.message_from_bytes(row.raw, policy=email.policy.default)
                for row in repo.outbox_rows(session)
                if row.subject == "quick: the season is over, the final table"]
    assert sorted(str(m["To"]) for m in told) == [_address("Ann"), _address("Bo")]
    assert [(r["player"], r["points"], r["forfeits"]) for r in table["rows"]] == [
        (by_side["blue"], 1.0, 0), (by_side["red"], 0.0, 1)]


def test_a_season_made_with_late_wait_keeps_it_for_its_games(
        capsys: pytest.CaptureFixture[str], database: Engine) -> None:
    started = _season(capsys, "patient", ("Ann", "Bo"), "--late", "wait", "--at", "18:00",
                      "--zone", "Europe/London", "--quiet-days", "sun")
    assert started["late"] == "wait"
    with snapshot(database) as session:
        game = repo.game(session, started["games"][0])
        assert game is not None and game.timing is not None
        made_with = json.loads(game.timing)
    assert (made_with["late_policy"], made_with["hour"], made_with["timezone"],
            made_with["quiet_days"]) == ("wait", "18:00", "Europe/London", [7])
    err = pbem(capsys, T0, "league", "new", "typo", "--format", "swiss", "--rounds", "2",
               "--scenario", "squadron", "--late", "sometimes", status=1)
    assert 'late policy: "sometimes" is not a late policy' in err
    err = pbem(capsys, T0, "league", "new", "typo", "--format", "swiss", "--rounds", "2",
               "--scenario", "squadron", "--zone", "Mars/Base", status=1)
    assert "Mars/Base" in err and "time zone" in err


def test_pairings_and_table_say_results_in_words(
        capsys: pytest.CaptureFixture[str], database: Engine) -> None:
    started = _season(capsys, "words", ("Ann", "Bo", "Cy"))
    shown = pbem(capsys, T0, "league", "pairings", "words", "--json")
    game = shown["games"][0]
    assert shown["byes"] and game["outcome"] == "being played"
    pbem(capsys, T0, "game", "end", started["games"][0], "--winner", "red")
    text = pbem(capsys, T0, "league", "pairings", "words")
    assert f"{game['red']} won" in text and f"bye: {shown['byes'][0]}" in text
    assert " second" not in text and "forfeit_" not in text
    shown = pbem(capsys, T0, "league", "pairings", "words", "--json")
    assert (shown["games"][0]["result"], shown["games"][0]["outcome"]) == (
        "second", f"{game['red']} won")  # the code kept for scripts, with its words
    text = pbem(capsys, T0, "league", "table", "words")
    assert "round 1: in play" in text and "(running)" not in text
    assert "1.0" not in text and "0.0" not in text  # points as 1 and 0, not floats
    assert "tiebreaks: Buchholz, Sonneborn-Berger, head-to-head" in text


def test_the_seasons_end_mails_every_player_the_final_table(
        capsys: pytest.CaptureFixture[str], database: Engine) -> None:
    started = _season(capsys, "final", ("Ann", "Bo", "Cy"))  # Cy (or another) has a bye
    pbem(capsys, T0, "game", "end", started["games"][0], "--winner", "blue")
    pairing = pbem(capsys, T0, "league", "pairings", "final", "--json")
    over = pbem(capsys, T0 + HOUR, "league", "next", "final", "--json")
    assert over["over"] is True
    with snapshot(database) as session:
        finals = [row.raw for row in repo.outbox_rows(session)
                  if row.subject == "final: the season is over, the final table"]
    mails = [email.message_from_bytes(raw, policy=email.policy.default) for raw in finals]
    assert sorted(str(m["To"]) for m in mails) == [_address(p) for p in ("Ann", "Bo", "Cy")]
    winner, loser, bye = (pairing["games"][0]["blue"], pairing["games"][0]["red"],
                          pairing["byes"][0])
    for message in mails:
        body = message.get_body(("plain",))
        assert body is not None
        text = body.get_content()
        assert "final is over" in text and "The final table:" in text
        places = [line for line in text.splitlines() if line[:2] in ("1.", "2.", "3.")]
        assert len(places) == 3
        assert places[2] == f"3. {loser}: 0 points; won 0, drawn 0, lost 1"
        assert {places[0].split(":")[0][3:], places[1].split(":")[0][3:]} == {winner, bye}
        assert "@club.example" not in text  # no player's address in what all are sent
    pbem(capsys, T0 + 2 * HOUR, "league", "table", "final")
    with snapshot(database) as session:
        again = [row for row in repo.outbox_rows(session)
                 if row.subject == "final: the season is over, the final table"]
    assert len(again) == 3  # told once


def test_the_misses_of_a_game_the_league_ended_count_in_the_record(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, database: Engine) -> None:
    """The league forfeits at a look (`league table`) on the open phase whose deadline the
    player missed a second time, before the sweep processed it: that phase counts too."""
    started = _season(capsys, "record", ("Ann", "Bo"), *QUICK)
    game_id = started["games"][0]
    now = _play_until_the_second_miss(capsys, tmp_path, database, started, "red",
                                      sweep_last=False)
    _, _, _, by_side = _open(database, game_id)
    table = pbem(capsys, now, "league", "table", "record", "--json")
    assert [r["forfeits"] for r in table["rows"]] == [0, 1]
    assert _open(database, game_id)[0] == "ended"
    idle = _address(by_side["red"])
    record = pbem(capsys, now, "game", "record", idle, "--json")
    assert (record["missing"], record["on_time"]) == (2, 1)  # the build was on time
    assert table["rows"][1]["reliability"] is not None
    shown = pbem(capsys, now, "league", "table", "record", "--json")["rows"][1]
    assert shown["reliability"] == record["reliability"] == round(1 / 3, 3)
    pbem(capsys, now, "league", "new", "careful", "--format", "swiss", "--rounds", "2",
         "--scenario", "squadron", "--min-reliability", "0.5")
    err = pbem(capsys, now, "league", "join", "careful", "--player",
               f"{by_side['red']},{idle}", status=1)
    assert "deadline 1 time of 3 (33%)" in err and "careful asks for 50%" in err
