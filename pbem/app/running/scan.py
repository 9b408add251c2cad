"""The sweep's read-only scan: every active game's open phase, read in a snapshot that never
waits for a writer, and what it needs now by pbem.deadlines: its state (`phase_state`:
waiting, settling, ready, due, late), the players who still owe orders, and the reminders due
to them (`reminders_due`). It decides; pbem.app.running.act does.

It may call pbem.app.base, the store and pbem.app.running.shared.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from pbem.app.base import rulesets
from pbem.app.base.timing import timing_of
from pbem.app.running.shared import Fault, aware, said, transient
from pbem.deadlines import phase_state, reminders_due
from pbem.store import repo
from pbem.store.db import snapshot
from pbem.store.models import GameRow, PhaseRow
from pbem.store.repo import running as running_repo
from pbem.timing import parse_length


@dataclass(frozen=True)
class Open:
    """An active game's open phase as the scan saw it."""

    game_id: str
    phase_id: int
    key: str
    state: str  # of pbem.deadlines.phase_state
    late: tuple[tuple[int, str, str, str], ...]  # (player id, name, email, timezone) owing
    reminders: tuple[timedelta, ...]  # due now, to the late
    policy: str


def scan(engine: Engine, now: datetime,
         faults: dict[str, Fault] | None = None) -> list[Open]:
    """Every active game's open phase, read in a snapshot; a game that cannot be read is
    left out (and put in `faults`, when given). A locked database raises, as ever. After a
    failed statement (a damaged row) the rest is read in a fresh snapshot, which PostgreSQL
    needs after an error in a transaction."""
    found: list[Open] = []
    seen: set[str] = set()
    while True:
        with snapshot(engine) as session:
            fresh = False
            for game in running_repo.active_games(session):
                if game.id in seen:
                    continue
                seen.add(game.id)
                key = None
                try:
                    phase = repo.open_phase(session, game.id)
                    key = phase.key if phase is not None else None
                    item = _scan_game(session, game, phase, now)
                except Exception as exc:  # noqa: BLE001 - the next game must still be swept
                    if transient(exc):
                        raise
                    if faults is not None:
                        faults[f"game:{game.id}"] = Fault("game", game.id, key, said(exc), exc)
                    if isinstance(exc, SQLAlchemyError):
                        fresh = True
                        break
                    continue
                if item is not None:
                    found.append(item)
            if not fresh:
                return found


def _scan_game(session: Any, game: GameRow, phase: PhaseRow | None,
               now: datetime) -> Open | None:
    if phase is None or phase.deadline is None:
        return None
    timing = timing_of(game)
    hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
    owing = set(hosted.owes())
    players = [p for p in repo.players(session, game.id) if p.side in owing]
    latest = {p.id: repo.latest_submission(session, phase.id or 0, p.id or 0)
              for p in players}
    late = tuple((p.id or 0, p.name, p.email, p.timezone) for p in players
                 if latest[p.id] is None)
    all_in = None
    if players and not late:
        all_in = max(aware(s.received_at) for s in latest.values()  # type: ignore[type-var, union-attr]
                     if s is not None)
    deadline = aware(phase.deadline)
    assert deadline is not None
    state = phase_state(now, deadline, timing, all_in, nobody_owes=not players)
    sent = frozenset(lengths(phase.reminded))
    due = tuple(reminders_due(deadline, timing, sent, now, opened=aware(phase.opened_at)))
    return Open(game.id, phase.id or 0, phase.key, state, late,
                due if late and state in ("waiting", "settling") else (), timing.late_policy)


def lengths(stored: str | None) -> list[timedelta]:
    """The reminders a phase has had (its `reminded`, stored as lengths before the deadline)."""
    return [parse_length(text, "reminder") for text in json.loads(stored or "[]")]
