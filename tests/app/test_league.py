"""The club league through its use-cases, on SQLite and PostgreSQL: whole seasons played with
games ended by the game master and by the computer player, drops, forfeits for missed
orders, the victory count at the turn limit, ratings, and the round going on by itself in
the sweep."""

from __future__ import annotations

import json
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from itertools import combinations

import pytest
from sqlalchemy.engine import Engine

from pbem.app import gm, orders
from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.league import entries, league
from pbem.app.play import games, phases
from pbem.app.running.sweep import sweep
from pbem.store import repo
from pbem.store.db import snapshot
from tests.app.helpers import new_demo_game

WINNERS = ("blue", "red", "draw")


def _season(engine: Engine, name: str, format: str, players: int, rounds: int,
            **changes: object) -> list[str]:
    spec = entries.SeasonSpec(name, format, rounds, ("squadron",), **changes)  # type: ignore[arg-type]
    entries.new_season(engine, spec)
    entered = [f"Player {n:02}" for n in range(players)]
    for player in entered:
        entries.join(engine, name, player, f"{player.replace(' ', '').lower()}@club.example")
    return entered


def autoplay(engine: Engine, game_id: str, seed: int, until_turn: int | None = None) -> None:
    """The computer player's orders for every side, phase after phase, until the game ends
    (or its turn passes `until_turn`)."""
    rng = random.Random(seed)
    while True:
        with snapshot(engine) as session:
            game = repo.game(session, game_id)
            assert game is not None
            if game.status != "active":
                return
            phase = repo.open_phase(session, game_id)
            assert phase is not None
            hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
            if until_turn is not None and hosted.turn > until_turn:
                return
            by_side = {p.side: p.name for p in repo.players(session, game_id)}
        for side in hosted.owes():
            text = hosted.autoplay_orders(side, rng)
            if text.strip():
                orders.submit_orders(engine, game_id, by_side[side], text)
        phases.process_phase(engine, game_id, expected_key=phase.key)


def _declare(engine: Engine, shown: dict[str, object], number: int) -> None:
    """The game master ends every running game of the round with a result of their choosing
    (a fixed rotation, so the season is the same each run)."""
    for n, game in enumerate(shown["games"]):  # type: ignore[arg-type]
        if game["result"] is None:
            with snapshot(engine) as session:
                status = repo.game(session, game["game"]).status  # type: ignore[union-attr]
            if status in ("active", "paused"):
                gm.end(engine, game["game"], None, winner=WINNERS[(number + n) % 3])


def _points_from_results(rounds: list[dict[str, object]]) -> Counter[str]:
    """Each player's points counted straight from the pairings' results (win 1, draw ½,
    loss and forfeit 0, bye 1)."""
    points: Counter[str] = Counter()
    for shown in rounds:
        for game in shown["games"]:  # type: ignore[attr-defined]
            first, second = game["blue"], game["red"]
            points[first] += {"first": 1, "draw": 0.5, "forfeit_second": 1}.get(game["result"], 0)
            points[second] += {"second": 1, "draw": 0.5, "forfeit_first": 1}.get(game["result"], 0)
        for player in shown["byes"]:  # type: ignore[attr-defined]
            points[player] += 1
    return points


def _rated_games(rounds: list[dict[str, object]]) -> int:
    return sum(1 for shown in rounds for game in shown["games"]  # type: ignore[attr-defined]
               if game["result"] in ("first", "second", "draw"))


@pytest.mark.slow
def test_a_round_robin_season_of_nine_is_played_to_its_end(engine: Engine) -> None:
    players = _season(engine, "autumn", "round-robin", 9, 9)
    first = league.start(engine, "autumn")
    assert first.round == 1 and len(first.games) == 4 and len(first.byes) == 1
    assert all(len(pw) == 2 for pw in first.passwords.values())
    autoplay(engine, first.games[0], seed=1)  # one game played out by the computer player
    rounds = []
    number = 1
    while True:
        shown = league.pairings(engine, "autumn", number)
        if number == 4:  # Player 03 leaves: this round's game ends as their forfeit
            assert len(entries.drop(engine, "autumn", "Player 03")) == 1
        _declare(engine, shown, number)
        paired = league.next_round(engine, "autumn")
        rounds.append(league.pairings(engine, "autumn", number))
        if paired is None:
            break
        number = paired.round
        named = [g["game"] for g in league.pairings(engine, "autumn", number)["games"]]
        assert paired.games == tuple(f"autumn-r{number}-{n}" for n in range(1, 5)
                                     if f"autumn-r{number}-{n}" in named)
        assert len(paired.games) == (3 if None in named else 4)  # none against who left
    assert number == 9
    met = Counter(frozenset((g["blue"], g["red"])) for r in rounds for g in r["games"])
    assert set(met) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(met.values()) == {1}  # every pair met exactly once
    byes = Counter(p for r in rounds for p in r["byes"])
    assert byes == Counter(players) or byes == Counter(p for p in players if p != "Player 03")
    assert rounds[0]["games"][0]["result"] in ("first", "second", "draw")  # autoplayed
    dropped = [g for r in rounds[3:] for g in r["games"] if "Player 03" in (g["blue"], g["red"])]
    assert dropped and all(g["result"] == ("forfeit_first" if g["blue"] == "Player 03"
                                           else "forfeit_second") for g in dropped)
    shown_table = league.table(engine, "autumn")
    assert shown_table["status"] == "over"
    table_points = {row["player"]: row["points"] for row in shown_table["rows"]}
    assert table_points == {p: float(_points_from_results(rounds)[p]) for p in players}
    assert [row["points"] for row in shown_table["rows"]] == sorted(table_points.values(),
                                                                     reverse=True)
    assert all(row["played"] + row["byes"] == 9 for row in shown_table["rows"]
               if row["player"] != "Player 03")
    with snapshot(engine) as session:
        steps = sum(len(repo.rating_history(session, f"player{n:02}@club.example"))
                    for n in range(9))
    assert steps == 2 * _rated_games(rounds)


@pytest.mark.skipif(not hasattr(__import__("pbem.league.pairing").league.pairing, "swiss"),
                    reason="the Swiss pairing engine has not landed yet")
@pytest.mark.slow
def test_a_swiss_season_of_fourteen_goes_on_by_itself_in_the_sweep(engine: Engine) -> None:
    players = _season(engine, "spring", "swiss", 14, 5)
    league.start(engine, "spring")
    now = datetime.now(UTC)
    rounds = []
    for number in range(1, 6):
        shown = league.pairings(engine, "spring", number)
        assert len(shown["games"]) == (7 if number < 3 else 6) and len(shown["byes"]) == (
            0 if number < 3 else 1)
        autoplay(engine, shown["games"][0]["game"], seed=number)
        _declare(engine, shown, number)
        if number == 2:
            entries.drop(engine, "spring", "Player 13")
        sweep(engine, None, now, send=False)  # takes the results and pairs the next round
        rounds.append(league.pairings(engine, "spring", number))
        with snapshot(engine) as session:
            season = repo.season(session, "spring")
            assert season is not None
            assert season.current_round == min(number + 1, 5)
    assert league.table(engine, "spring")["status"] == "over"
    met = Counter(frozenset((g["blue"], g["red"])) for r in rounds for g in r["games"])
    assert max(met.values()) == 1  # no rematch
    assert all("Player 13" not in (g["blue"], g["red"]) for r in rounds[2:] for g in r["games"])
    byes = Counter(p for r in rounds for p in r["byes"])
    assert max(byes.values()) == 1 and "Player 13" not in byes
    table_points = {row["player"]: row["points"] for row in league.table(engine, "spring")["rows"]}
    assert table_points == {p: float(_points_from_results(rounds)[p]) for p in players}


def test_the_next_round_waits_for_every_game_of_this_one(engine: Engine) -> None:
    _season(engine, "winter", "round-robin", 4, 3)
    paired = league.start(engine, "winter")
    gm.end(engine, paired.games[0], None, winner="red")
    with pytest.raises(JudgeError, match=f"{paired.games[1]} still being played"):
        league.next_round(engine, "winter")
    assert league.advance(engine) == []  # the sweep's call waits too
    gm.end(engine, paired.games[1], None)  # no winner declared: a draw
    assert league.advance(engine) == ["winter: round 2 paired"]
    results = [g["result"] for g in league.pairings(engine, "winter", 1)["games"]]
    assert results == ["second", "draw"]
    with pytest.raises(JudgeError, match="has started"):
        entries.join(engine, "winter", "Late Comer", "late@club.example")


def test_the_game_master_declares_a_side_or_a_draw(engine: Engine) -> None:
    new_demo_game(engine, "g1")
    with pytest.raises(JudgeError, match="'green' is not a side of g1"):
        gm.end(engine, "g1", None, winner="green")
    gm.end(engine, "g1", None, winner="red")
    shown = games.show_game(engine, "g1")
    assert (shown["status"], shown["winner"]) == ("ended", "red")
    new_demo_game(engine, "g2")
    gm.end(engine, "g2", None, winner="draw")
    assert games.show_game(engine, "g2")["winner"] == "draw"


def test_a_player_who_misses_orders_twice_forfeits_the_game(engine: Engine) -> None:
    _season(engine, "summer", "round-robin", 2, 1)
    paired = league.start(engine, "summer")
    game_id = paired.games[0]
    rng = random.Random(3)
    missed, built = 0, False
    while missed < 2:  # red builds, then sends nothing for two phases; blue plays on
        assert league.collect(engine, "summer") == []
        with snapshot(engine) as session:
            game = repo.game(session, game_id)
            phase = repo.open_phase(session, game_id)
            assert game is not None and phase is not None
            hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
            by_side = {p.side: p.name for p in repo.players(session, game_id)}
        for side in hosted.owes():
            if side == "red" and built:
                missed += 1
            else:
                orders.submit_orders(engine, game_id, by_side[side],
                                     hosted.autoplay_orders(side, rng))
        built = built or "red" in hosted.owes()
        phases.process_phase(engine, game_id, expected_key=phase.key)
    assert league.collect(engine, "summer") == [(game_id, "forfeit_second")]
    shown = games.show_game(engine, game_id)
    assert (shown["status"], shown["winner"]) == ("ended", "blue")
    rows = league.table(engine, "summer")["rows"]
    assert [(r["points"], r["forfeits"]) for r in rows] == [(1.0, 0), (0.0, 1)]
    assert all(r["rating"] == 25.0 for r in rows)  # a forfeit moves no rating


def test_a_game_past_the_turn_limit_is_scored_by_the_victory_count(engine: Engine) -> None:
    from pbem.app.league.league_results import ahead_on_count

    _season(engine, "brief", "round-robin", 2, 1, turn_limit=1)
    game_id = league.start(engine, "brief").games[0]
    autoplay(engine, game_id, seed=2, until_turn=1)
    with snapshot(engine) as session:
        game, phase = repo.game(session, game_id), repo.open_phase(session, game_id)
        assert game is not None and phase is not None
        ahead = ahead_on_count(rulesets.load(game.ruleset,
                                             json.loads(phase.state_before)).standing())
    expected = {"blue": "first", "red": "second", None: "draw"}[ahead]
    assert league.collect(engine, "brief") == [(game_id, expected)]
    assert games.show_game(engine, game_id)["winner"] == (ahead or "draw")
    assert league.next_round(engine, "brief") is None  # the only round: the season is over


def test_a_season_may_ask_for_a_minimum_reliability(engine: Engine) -> None:
    new_demo_game(engine, "g1")
    phases.process_phase(engine, "g1")  # nobody sent orders for the build: both missed it
    entries.new_season(engine, entries.SeasonSpec("careful", "swiss", 3, ("squadron",),
                                                min_reliability=0.8))
    with pytest.raises(JudgeError, match="0 times of 1 .0%.; careful asks for 80%"):
        entries.join(engine, "careful", "Aristides", "aristides@example.org")
    assert entries.join(engine, "careful", "Newcomer", "new@club.example")["players"] == 1


def test_seasons_refuse_what_they_cannot_play(engine: Engine) -> None:
    with pytest.raises(JudgeError, match="format 'knockout'"):
        entries.new_season(engine, entries.SeasonSpec("x", "knockout", 3, ("squadron",)))
    with pytest.raises(JudgeError, match="scenario nowhere cannot start"):
        entries.new_season(engine, entries.SeasonSpec("x", "swiss", 3, ("nowhere",)))
    entries.new_season(engine, entries.SeasonSpec("x", "swiss", 3, ("squadron",)))
    with pytest.raises(JudgeError, match="already a season called x"):
        entries.new_season(engine, entries.SeasonSpec("x", "swiss", 3, ("squadron",)))
    with pytest.raises(JudgeError, match="at least two players"):
        league.start(engine, "x")
    entries.join(engine, "x", "Ann", "ann@club.example")
    with pytest.raises(JudgeError, match="already joined"):
        entries.join(engine, "x", "Annie", "ANN@club.example")


def test_dropping_out_ends_the_running_game_as_a_forfeit(engine: Engine) -> None:
    _season(engine, "fall", "round-robin", 4, 3)
    paired = league.start(engine, "fall")
    shown = league.pairings(engine, "fall", 1)
    leaver = shown["games"][0]["red"]
    assert entries.drop(engine, "fall", leaver) == [paired.games[0]]
    assert games.show_game(engine, paired.games[0])["winner"] == "blue"
    assert league.pairings(engine, "fall", 1)["games"][0]["result"] == "forfeit_second"
    with pytest.raises(JudgeError, match="already left"):
        entries.drop(engine, "fall", leaver)
    later = datetime.now(UTC) + timedelta(minutes=1)
    gm.end(engine, paired.games[1], None, winner="blue")
    league.advance(engine, None, later)
    for game in league.pairings(engine, "fall", 2)["games"]:
        if leaver in (game["blue"], game["red"]):
            assert game["game"] is None and game["result"].startswith("forfeit")


def test_each_player_is_mailed_their_game_side_and_password(engine: Engine,
                                                            tmp_path: object) -> None:
    from pathlib import Path

    from pbem.mail.settings import mail_settings

    settings = mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, Path(str(tmp_path)))
    _season(engine, "mailed", "round-robin", 3, 3)
    paired = league.start(engine, "mailed", settings)
    with snapshot(engine) as session:
        queued = [(json.loads(r.recipients), r.subject, r.raw) for r in repo.outbox_rows(session)]
    game_id = paired.games[0]
    told = [(to, raw) for to, subject, raw in queued if subject == f"{game_id}: round 1 of mailed"]
    assert sorted(to[0] for to, _ in told) == sorted(
        f"{name.replace(' ', '').lower()}@club.example" for name in paired.passwords[game_id])
    for name, password in paired.passwords[game_id].items():
        assert any(password.encode() in raw and name.encode() in raw for _, raw in told)
    briefings = [subject for _, subject, _ in queued if subject.endswith("your briefing")]
    assert len(briefings) == 2  # with the game, as `pbem game new` queues them
    byes = [(to, raw) for to, subject, raw in queued if subject == "mailed: a bye in round 1"]
    assert [to for to, _ in byes] == [[f"{name.replace(' ', '').lower()}@club.example"
                                       for name in paired.byes]]  # three players: one bye
    assert b"You have a bye in round 1 of mailed" in byes[0][1]


def test_leaving_before_the_start_is_never_entering(engine: Engine) -> None:
    players = _season(engine, "early", "round-robin", 4, 3)
    assert entries.drop(engine, "early", players[0]) == []
    paired = league.start(engine, "early")
    assert len(paired.games) == 1 and len(paired.byes) == 1  # three players left
    assert [row["player"] for row in league.table(engine, "early")["rows"]].count(
        players[0]) == 0


def test_the_sweep_forfeits_a_player_whose_orders_miss_the_deadline_twice(
        engine: Engine) -> None:
    from pbem.timing import Timing

    hour = timedelta(hours=1)
    timing = Timing(durations=(("build", hour),), default=hour, reminders=(),
                    late_policy="proceed")
    _season(engine, "quick", "round-robin", 2, 1, timing=timing)
    game_id = league.start(engine, "quick").games[0]
    rng, now, built = random.Random(5), datetime.now(UTC), False
    for _ in range(8):  # red builds, then never sends orders again; blue always does
        with snapshot(engine) as session:
            game = repo.game(session, game_id)
            assert game is not None
            if game.status != "active":
                break
            phase = repo.open_phase(session, game_id)
            assert phase is not None
            hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
            by_side = {p.side: p.name for p in repo.players(session, game_id)}
        for side in hosted.owes():
            if side == "blue" or not built:
                orders.submit_orders(engine, game_id, by_side[side],
                                     hosted.autoplay_orders(side, rng))
        built = built or "red" in hosted.owes()
        now += 2 * hour
        sweep(engine, None, now, send=False)  # past the deadline: processed without red
    shown = games.show_game(engine, game_id)
    assert (shown["status"], shown["winner"]) == ("ended", "blue")
    assert league.pairings(engine, "quick", 1)["games"][0]["result"] == "forfeit_second"
    with snapshot(engine) as session:
        season = repo.season(session, "quick")
        assert season is not None and season.status == "over"  # the only round: done


def test_at_the_turn_limit_the_rules_victory_count_decides() -> None:
    from pbem.app.league.league_results import ahead_on_count

    standard = {"rule": "standard", "sides": {"blue": {"taken": 30, "of": 100, "needed": 50},
                                              "red": {"taken": 10, "of": 50, "needed": 25}}}
    assert ahead_on_count(standard) == "blue"  # 30% of red's fleet against 20% of blue's
    level = {"rule": "standard", "sides": {"blue": {"taken": 0, "of": 100},
                                           "red": {"taken": 0, "of": 80}}}
    assert ahead_on_count(level) is None
    points = {"rule": "losses", "sides": {"greeks": {"points": 2}, "romans": {"points": 5}}}
    assert ahead_on_count(points) == "romans"
    assert ahead_on_count({"rule": "convoy", "escaped": 1}) is None


def test_a_double_round_robin_meets_each_pair_once_on_each_side(engine: Engine) -> None:
    players = _season(engine, "twice", "double-round-robin", 4, 99)
    league.start(engine, "twice")
    rounds, number = [], 1
    while True:
        _declare(engine, league.pairings(engine, "twice", number), number)
        paired = league.next_round(engine, "twice")
        rounds.append(league.pairings(engine, "twice", number))
        if paired is None:
            break
        number = paired.round
    assert number == 6  # twice the cycle of four players, whatever --rounds says
    seated = Counter((g["blue"], g["red"]) for r in rounds for g in r["games"])
    assert set(seated) == {(a, b) for a in players for b in players if a != b}
    assert set(seated.values()) == {1}


def test_a_round_paired_but_not_yet_made_is_made_by_the_sweep(engine: Engine) -> None:
    from pbem.app.league.rounds import store_round as _store_round

    _season(engine, "halted", "round-robin", 4, 3)
    _store_round(engine, "halted", 1, datetime.now(UTC))  # then the judge stopped
    assert [g["game"] for g in league.pairings(engine, "halted", 1)["games"]] == [None, None]
    league.advance(engine)
    made = [g["game"] for g in league.pairings(engine, "halted", 1)["games"]]
    assert made == ["halted-r1-1", "halted-r1-2"]
    assert games.show_game(engine, made[0])["status"] == "active"


def test_what_a_caller_queues_with_a_new_game_commits_with_it_or_not_at_all(
        engine: Engine) -> None:
    """The league mails each player their password in the transaction that makes the game
    (create_game's `then`): if that fails, no game is left whose players were never told."""
    from pbem.app.play import games as game_cases

    spec = game_cases.GameSpec(game_id="lg-r1-1", scenario="squadron", players=(
        game_cases.PlayerSpec("Ann", "ann@example.org", "blue"),
        game_cases.PlayerSpec("Bo", "bo@example.org", "red")))
    told: list[dict[str, str]] = []

    def fails(session: object, passwords: dict[str, str]) -> None:
        told.append(dict(passwords))
        raise RuntimeError("the mail could not be queued")

    with pytest.raises(RuntimeError):
        game_cases.create_game(engine, spec, then=fails)
    assert told and set(told[0]) == {"Ann", "Bo"}
    with pytest.raises(JudgeError, match="no game called"):
        game_cases.show_game(engine, "lg-r1-1")
    made = game_cases.create_game(engine, spec, then=lambda session, passwords: None)
    assert made.game_id == "lg-r1-1"
