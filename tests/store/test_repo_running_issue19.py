"""The queries that moved into the store from the sweep (repo.running) and the league's
records (repo.leagues, issue 19), each run against a real database: the active games the
sweep scans, a judge_state record forgotten, the queued mail the worker processes draw, and
the players an address has been."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import Engine

from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import GameRow, PlayerRow
from pbem.store.repo import leagues as leagues_repo
from pbem.store.repo import running as running_repo

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def _game(engine: Engine, game_id: str, status: str = "active") -> None:
    with transaction(engine) as session:
        repo.add(session, GameRow(id=game_id, ruleset="ramspeed", scenario="squadron",
                                  options="{}", status=status, seed="00", seed_commitment="00",
                                  dice_name=game_id, created_at=NOW, current_key="build"))


def _queued(engine: Engine, name: str, *, due: datetime = NOW, raw: bytes = b"",
            job: bool = True, state: str = "queued") -> int:
    with transaction(engine) as session:
        row = repo.queue_mail(session, message_id=f"{name}@judge.example", kind="report",
                              game_id=None, recipients=["ann@club.example"],
                              sender="judge@judge.example", subject=name, raw=raw, now=due,
                              job={"report": name} if job else None)
        row.state = state
        session.add(row)
        return int(row.id or 0)


def test_the_sweep_scans_the_active_games_only_and_in_the_order_of_their_ids(
        engine: Engine) -> None:
    for game_id, status in [("zeta", "active"), ("paused", "paused"), ("alpha", "active"),
                            ("done", "over"), ("gone", "ended"), ("mid", "active")]:
        _game(engine, game_id, status)
    with transaction(engine) as session:
        assert [g.id for g in running_repo.active_games(session)] == ["alpha", "mid", "zeta"]


def test_a_judge_state_record_forgotten_leaves_the_others(engine: Engine) -> None:
    with transaction(engine) as session:
        repo.set_judge_state(session, "sweep_hold", {"direction": "back"}, NOW)
        repo.set_judge_state(session, "sweep", {"at": NOW.isoformat()}, NOW)
    with transaction(engine) as session:
        running_repo.forget_judge_state(session, "sweep_hold")
        running_repo.forget_judge_state(session, "never-written")  # nothing to forget
    with transaction(engine) as session:
        assert repo.judge_state(session, "sweep_hold") is None
        assert repo.judge_state(session, "sweep") == {"at": NOW.isoformat()}


def test_the_workers_draw_the_queued_mail_due_whose_bytes_are_still_to_be_made(
        engine: Engine) -> None:
    first = _queued(engine, "first")
    _queued(engine, "made", raw=b"Subject: made\r\n\r\nbody")
    _queued(engine, "no-job", job=False)
    later = _queued(engine, "later", due=NOW + timedelta(minutes=1))
    _queued(engine, "held", state="held")
    _queued(engine, "failed", state="failed")
    second = _queued(engine, "second", due=NOW - timedelta(hours=1))
    with transaction(engine) as session:
        assert running_repo.mail_to_draw(session, NOW) == [first, second]
        assert running_repo.mail_to_draw(session, NOW, limit=1) == [first]
        assert running_repo.mail_to_draw(session, NOW + timedelta(minutes=1)) == [
            first, later, second]  # by id, not by when each fell due


def test_an_address_is_found_in_every_game_it_played_whatever_its_case(
        engine: Engine) -> None:
    for game_id in ("g1", "g2"):
        _game(engine, game_id, "over")
    with transaction(engine) as session:
        for game_id, name, email, side in [("g1", "Ann", "ann@club.example", "blue"),
                                           ("g1", "Bo", "bo@club.example", "red"),
                                           ("g2", "Annie", "ann@club.example", "red"),
                                           ("g2", "Anna", "anna@club.example", "blue")]:
            repo.add(session, PlayerRow(game_id=game_id, name=name, email=email, side=side,
                                        password_hash="x"))
    with transaction(engine) as session:
        found = leagues_repo.players_of_address(session, "ANN@Club.Example")
        assert sorted((p.game_id, p.name) for p in found) == [("g1", "Ann"), ("g2", "Annie")]
        assert leagues_repo.players_of_address(session, "nobody@club.example") == []
