"""Processing phases exactly once, previews, whole games, verification."""

from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy.engine import Engine

from pbem.app.base.errors import JudgeError
from pbem.app.play import audit, games, phases
from pbem.golden import load, read_records, replay
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import DEMO, new_demo_game, play_demo_phases


def test_a_phase_is_processed_once(engine: Engine) -> None:
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 1)
    with pytest.raises(JudgeError, match="build of g1 has already been processed"):
        phases.process_phase(engine, "g1", expected_key="build")


def test_preview_saves_nothing(engine: Engine) -> None:
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 3)
    preview = phases.preview_phase(engine, "g1")
    assert preview.key == "T1-move-blue" and games.show_game(engine, "g1")["phase"] == "T1-move-blue"
    assert phases.preview_phase(engine, "g1") == preview  # same dice, same result


def test_the_demo_through_the_use_cases_matches_the_engine(engine: Engine) -> None:
    new_demo_game(engine)
    golden = load(DEMO)
    records = read_records(golden, DEMO)
    done = play_demo_phases(engine, "g1", len(records))
    expected = replay(golden, records)
    assert [d.events for d in done] == [tuple(e.as_dict() for e in r.events)
                                        for _, r in expected]
    shown = games.show_game(engine, "g1")
    assert shown["status"] == "over" and shown["winner"] == "blue" and shown["seed"]
    verdict = audit.verify_game(engine, "g1")
    assert verdict.ok and verdict.phases_checked == len(records)
    dice = audit.verify_dice(engine, "g1")
    assert dice.commitment_ok and not dice.problems and dice.rolls_checked > 100
    with pytest.raises(JudgeError, match="g1 is over; no phase can be processed"):
        phases.process_phase(engine, "g1")


def test_verify_finds_tampering(engine: Engine) -> None:
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 6)
    with transaction(engine) as session:
        phase = next(p for p in repo.phases(session, "g1") if p.key == "T1-move-blue")
        state = json.loads(phase.state_after or "{}")
        state["state"]["galleys"][0]["hull_damage"] = 29
        phase.state_after = json.dumps(state)
        session.add(phase)
        entry = repo.journal(session, "g1")[1]
        entry.data = entry.data.replace("build", "setup")
        session.add(entry)
    problems = audit.verify_game(engine, "g1").problems
    assert "T1-move-blue: the stored result differs from the replay" in problems
    assert "T1-move-red does not start where the phase before it ended" in problems
    assert any("was altered" in p for p in problems)


def test_dice_stay_secret_while_playing(engine: Engine) -> None:
    new_demo_game(engine)
    with pytest.raises(JudgeError, match="seed stays secret"):
        audit.verify_dice(engine, "g1")


def test_due_games_follow_deadlines(engine: Engine) -> None:
    from datetime import UTC, datetime, timedelta

    start = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    games.create_game(
        engine, games.GameSpec("g2", players=(
            games.PlayerSpec("A", "a@example.org", "blue"),
            games.PlayerSpec("B", "b@example.org", "red")), phase_hours=24), now=start)
    assert phases.due_games(engine, start + timedelta(hours=23)) == []
    assert phases.due_games(engine, start + timedelta(hours=24)) == [("g2", "build")]


def test_a_phase_is_ready_when_every_owing_player_has_sent_orders(engine: Engine) -> None:
    new_demo_game(engine)
    assert phases.ready_games(engine) == []
    from pbem.app import orders

    orders.submit_orders(engine, "g1", "Aristides", "A: trireme\n")
    assert phases.ready_games(engine) == []  # red has not sent its build yet
    orders.submit_orders(engine, "g1", "Hanno", "# nothing to build? then no orders\n")
    assert phases.ready_games(engine) == [("g1", "build")]
    phases.process_phase(engine, "g1")
    assert phases.ready_games(engine) == []  # set-up of blue waits for Aristides


def test_a_prize_goes_to_the_player_whose_galley_took_it(engine: Engine) -> None:
    from pbem.app import orders
    from pbem.rules.ramspeed import codec, hexes
    from pbem.rules.ramspeed.game import COMBAT, Game
    from pbem.rules.ramspeed.state import Galley, GameState

    at = hexes.parse_label
    state = GameState(columns=12, rows=8, scenario="fleet", turn=1, initiative="blue", galleys=(
        Galley("A", "blue", "trireme", at("0504"), 0, boarding_parties=3,
               grappled_with=frozenset({"X"})),
        Galley("C", "blue", "bireme", at("0507"), 0),
        Galley("X", "red", "bireme", at("0503"), 0, grappled_with=frozenset({"A"})),
        Galley("Y", "red", "quinquereme", at("1107"), 3),
    ))
    position = codec.game_to_json(Game(state=state, step=COMBAT, sides=("blue", "red")))
    games.create_game(engine, games.GameSpec("set", scenario="fleet", position=position, players=(
        games.PlayerSpec("Aristides", "a@example.org", "blue", pieces=("A",)),
        games.PlayerSpec("Cimon", "c@example.org", "blue", pieces=("C",)),
        games.PlayerSpec("Hanno", "h@example.org", "red"))))
    answer = orders.submit_orders(engine, "set", "Cimon", "A: BOARD X\n")
    assert not answer.stored and "commanded by another player" in answer.refused[0].reason
    orders.submit_orders(engine, "set", "Aristides", "A: BOARD X\n")
    done = phases.process_phase(engine, "set")
    assert any(e["kind"] == "capture" for e in done.events), done.events
    with transaction(engine) as session:
        galleys = {p.name: json.loads(p.pieces) for p in repo.players(session, "set")}
    assert galleys == {"Aristides": ["A", "X"], "Cimon": ["C"], "Hanno": []}


def test_a_command_resolves_only_the_phase_open_when_it_began(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two `phase process` at once: the one that waited resolves nothing, never the phase
    the other one opened (issue 8, item 3)."""
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 1)
    first = games.show_game(engine, "g1")["phase"]
    looked = threading.Semaphore(0)
    real = phases.phase_seen

    def spy(engine: Engine, game_id: str) -> tuple[int, str] | None:
        seen = real(engine, game_id)
        looked.release()
        return seen

    monkeypatch.setattr(phases, "phase_seen", spy)
    outcomes: list[str] = []

    def run() -> None:
        try:
            outcomes.append(phases.process_phase(engine, "g1").key)
        except JudgeError as exc:
            outcomes.append(str(exc))

    workers = [threading.Thread(target=run) for _ in range(2)]
    with transaction(engine) as session:
        repo.lock_game(session, "g1")  # a writer holds the game while both commands start
        for worker in workers:
            worker.start()
        assert looked.acquire(timeout=60) and looked.acquire(timeout=60)
    for worker in workers:
        worker.join(timeout=120)
    assert sorted(outcomes, key=len) == [first, f"{first} of g1 has already been processed "
                                         "(by another judge since this one began); nothing "
                                         "more was done"]
    shown = games.show_game(engine, "g1")
    assert [p["status"] for p in shown["phases"]] == ["resolved", "resolved", "open"]


def test_one_broken_game_does_not_stop_the_sweep(engine: Engine,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    for game_id in ("g1", "g2", "g3"):
        new_demo_game(engine, game_id)
    with transaction(engine) as session:  # g1's stored position no longer decodes
        phase = repo.open_phase(session, "g1")
        assert phase is not None
        phase.state_before = json.dumps({"format": 1, "nonsense": True})
        session.add(phase)
    later = games.utcnow() + timedelta(days=30)
    outcomes = phases.process_due(engine, ready=True, now=later)
    assert [(o.game_id, o.status) for o in outcomes] == [
        ("g1", "failed"), ("g2", "processed"), ("g3", "processed")]
    assert outcomes[0].reason and "g1" in caplog.text and "build" in caplog.text
    assert [games.show_game(engine, g)["phase"] for g in ("g2", "g3")] == ["setup-blue"] * 2
    with transaction(engine) as session:  # left as it was
        assert [(p.key, p.status) for p in repo.phases(session, "g1")] == [("build", "open")]


def test_what_processing_stores_and_opens(engine: Engine) -> None:
    """The resolved row keeps its refusals and time; the next phase opens with a deadline of
    the game's hours from now, as the phase after it in order (mutmut survivors)."""
    from datetime import UTC, datetime

    from pbem.app import orders

    # Made at a fixed time: the build falls due at 06:00 on the 2nd, so processing at 09:30
    # is not "at its deadline" (within 15 minutes), whatever the real clock says.
    with freeze_time("2026-12-01 00:00:00"):
        new_demo_game(engine, phase_hours=30)
        orders.submit_orders(engine, "g1", "Aristides", "A: trireme\nB: galleon\n")
        orders.submit_orders(engine, "g1", "Hanno", "X: bireme\n")
    at = datetime(2026, 12, 2, 9, 30, tzinfo=UTC)
    done = phases.process_phase(engine, "g1", now=at)
    with transaction(engine) as session:
        built, opened = repo.phases(session, "g1")
        assert (built.key, built.status) == ("build", "resolved")
        assert built.resolved_at is not None and built.resolved_at.replace(tzinfo=UTC) == at
        assert json.loads(built.refused or "[]") == [list(r) for r in done.refused]
        assert (opened.key, opened.status, opened.seq, opened.generation) == (
            done.next_key, "open", 1, 0)
        assert opened.deadline is not None
        assert opened.deadline.replace(tzinfo=UTC) == at + timedelta(hours=30)


def test_a_preview_says_what_processing_would(engine: Engine) -> None:
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 4)
    preview = phases.preview_phase(engine, "g1")
    done = phases.process_phase(engine, "g1")
    assert preview == done  # the same events, refusals, next phase and winner
    assert (preview.key, preview.next_key, preview.winner) == ("T1-move-red", "T1-combat",
                                                               None)


def test_a_skipped_game_does_not_hide_the_next(engine: Engine) -> None:
    """due and ready look at every active game, past a paused or finished one."""
    from pbem.app import orders

    for game_id in ("g1", "g2"):
        new_demo_game(engine, game_id)
        for player in ("Aristides", "Hanno"):
            orders.submit_orders(engine, game_id, player, "# no build\n")
    games.pause_game(engine, "g1")
    later = games.utcnow() + timedelta(days=30)
    assert phases.due_games(engine, later) == [("g2", "build")]
    assert phases.ready_games(engine) == [("g2", "build")]
    outcomes = phases.process_due(engine, ready=True, now=later)
    assert [(o.game_id, o.key, o.status) for o in outcomes] == [("g2", "build", "processed")]
    assert outcomes[0].as_json()["status"] == "processed"
