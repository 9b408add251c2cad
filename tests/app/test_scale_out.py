"""Several running judges on one PostgreSQL database share the due games: each phase is
processed exactly once, and each judge does a fair share (SELECT ... FOR UPDATE SKIP
LOCKED on the game row). On SQLite one judge sweeps; the test runs on PostgreSQL only."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update
from sqlalchemy.engine import Engine

from pbem.app.play import games
from pbem.app.running import sweep
from pbem.store.db import make_engine, transaction
from pbem.store.models import PhaseRow
from pbem.timing import Timing

START = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
GAMES = 200


def test_two_judges_process_each_due_phase_once_and_share_the_work(engine: Engine,
                                                                   db_url: str) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("several running judges share a PostgreSQL database; SQLite has one")
    timing = Timing(default=timedelta(hours=1), durations=(), late_policy="proceed",
                    reminders=())
    for number in range(GAMES):
        games.create_game(engine, games.GameSpec(
            game_id=f"g{number:03d}", scenario="squadron", timing=timing,
            players=(games.PlayerSpec("Ann", "ann@example.org", "blue"),
                     games.PlayerSpec("Bo", "bo@example.org", "red"))), now=START)
    with transaction(engine) as session:  # every build phase long past its deadline
        session.execute(update(PhaseRow).values(deadline=START))
    now = START + timedelta(hours=2)
    results: list[list[tuple[str, str]]] = [[], []]
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def judge(slot: int) -> None:
        own = make_engine(db_url)
        barrier.wait()
        try:  # both judges end their sweep at about the same moment: no collision either
            results[slot] = sweep.sweep(own, None, now, send=False).processed
        except BaseException as exc:  # noqa: BLE001 - reported below, in the test's thread
            errors.append(exc)
        own.dispose()

    workers = [threading.Thread(target=judge, args=(n,)) for n in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=600)
    assert not errors, errors
    first, second = (set(r) for r in results)
    assert not first & second  # never twice
    assert first | second == {(f"g{n:03d}", "build") for n in range(GAMES)}  # never lost
    assert min(len(first), len(second)) >= GAMES // 5  # both judges worked
