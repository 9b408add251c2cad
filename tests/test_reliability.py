"""Two judges at once, and a judge killed at random moments: every phase is resolved once
or still open, no accepted submission is lost, nothing half-done, and verify passes.
On SQLite and (when configured) PostgreSQL."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.play import audit, games
from pbem.store import repo
from pbem.store.db import transaction

pytestmark = pytest.mark.slow  # a judge killed at random moments

ROOT = Path(__file__).resolve().parent.parent
KILLS = 50


def _worker(url: str, log: Path, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.helpers.worker", url, str(log), str(count)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _ready_worker(url: str, log: Path, count: int) -> subprocess.Popen[str]:
    """A worker that has finished starting (imports can take a second on a busy machine):
    from now on a kill lands while it is judging."""
    worker = _worker(url, log, count)
    assert worker.stdout is not None
    said = worker.stdout.readline()
    if said != "ready\n":
        _, err = worker.communicate(timeout=60)
        raise AssertionError(f"the worker did not start: {said!r} {err}")
    return worker


def _check(engine: Engine, log: Path) -> None:
    """Nothing half-done, every phase resolved at most once, every logged order present."""
    with transaction(engine) as session:
        for game in repo.games(session):
            rows = list(repo.phases(session, game.id))
            assert all(p.status in ("open", "resolved") for p in rows), game.id
            seqs = [p.seq for p in rows]
            assert len(seqs) == len(set(seqs)), f"{game.id}: a phase was resolved twice"
            assert len([p for p in rows if p.status == "open"]) == (game.status == "active")
            resolved = [e for e in repo.journal(session, game.id) if e.kind == "phase_resolved"]
            assert len(resolved) == len([p for p in rows if p.status == "resolved"])
        stored = {}
        for game in repo.games(session):
            for phase in repo.phases(session, game.id):
                for row in repo.submissions(session, phase.id or 0, current_only=False):
                    digest = hashlib.sha256(row.raw.encode()).hexdigest()
                    stored[(game.id, phase.key, digest)] = True
    logged = log.read_text().splitlines() if log.exists() else []  # no log: nothing stored
    for line in logged:
        if line.startswith("stored "):
            _, game_id, key, _player, digest = line.split()
            assert (game_id, key, digest) in stored, f"lost: {line}"


def _finished(engine: Engine, count: int) -> None:
    for number in range(1, count + 1):
        shown = games.show_game(engine, f"d{number}")
        assert shown["status"] == "over" and shown["winner"] == "blue", shown["phase"]
        verdict = audit.verify_game(engine, f"d{number}")
        assert verdict.ok, verdict.problems


def test_two_judges_at_once(engine: Engine, db_url: str, tmp_path: Path) -> None:
    count = 3
    workers = [_worker(db_url, tmp_path / f"log{n}", count) for n in range(2)]
    for worker in workers:
        out, err = worker.communicate(timeout=600)
        assert worker.returncode == 0, err
        assert "locked" not in err.lower()
    _finished(engine, count)
    for n in range(2):
        _check(engine, tmp_path / f"log{n}")
    logs = "".join((tmp_path / f"log{n}").read_text() for n in range(2))
    processed = [line for line in logs.splitlines() if line.startswith("processed ")]
    assert len(processed) == len(set(processed)), "a phase was processed by both judges"


def test_a_judge_killed_at_random_moments(engine: Engine, db_url: str, tmp_path: Path) -> None:
    count = 6
    log = tmp_path / "log"
    rng = random.Random(20261130)
    for _ in range(KILLS):
        worker = _ready_worker(db_url, log, count)
        time.sleep(rng.uniform(0.0, 0.2))  # 50 kills spread over the six games
        worker.send_signal(signal.SIGKILL)
        worker.communicate(timeout=60)
        _check(engine, log)
    last = _worker(db_url, log, count)
    _, err = last.communicate(timeout=600)
    assert last.returncode == 0, err
    _check(engine, log)
    _finished(engine, count)
