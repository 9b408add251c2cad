"""Queries and writes, one function each; the use-cases own the transactions they run in."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from pbem.store.models import GameRow, JournalRow, PhaseRow, PlayerRow, SubmissionRow

GENESIS = "0" * 64


def game(session: Session, game_id: str) -> GameRow | None:
    return session.get(GameRow, game_id)


def lock_game(session: Session, game_id: str) -> GameRow | None:
    """The game row, locked until the transaction ends: writers of one game queue up on
    PostgreSQL as they do on SQLite, where BEGIN IMMEDIATE already locks the database."""
    return session.exec(select(GameRow).where(GameRow.id == game_id).with_for_update()).first()


def games(session: Session) -> Sequence[GameRow]:
    return session.exec(select(GameRow).order_by(col(GameRow.created_at))).all()


def add(session: Session, row: Any) -> Any:
    session.add(row)
    session.flush()
    return row


def players(session: Session, game_id: str, active_only: bool = True) -> Sequence[PlayerRow]:
    query = select(PlayerRow).where(PlayerRow.game_id == game_id)
    if active_only:
        query = query.where(col(PlayerRow.active).is_(True))
    return session.exec(query.order_by(col(PlayerRow.id))).all()


def player(session: Session, game_id: str, name: str) -> PlayerRow | None:
    for row in players(session, game_id):
        if row.name.lower() == name.lower():
            return row
    return None


def open_phase(session: Session, game_id: str) -> PhaseRow | None:
    return session.exec(
        select(PhaseRow).where(PhaseRow.game_id == game_id, PhaseRow.status == "open")
        .order_by(col(PhaseRow.seq).desc())
    ).first()


def phases(session: Session, game_id: str, archived: bool = False) -> Sequence[PhaseRow]:
    query = select(PhaseRow).where(PhaseRow.game_id == game_id)
    if not archived:
        query = query.where(PhaseRow.status != "archived")
    return session.exec(query.order_by(col(PhaseRow.seq), col(PhaseRow.generation))).all()


def next_generation(session: Session, game_id: str, seq: int) -> int:
    """0 for a phase seen the first time; one more than the archived copies after a roll back."""
    rows = session.exec(select(PhaseRow.generation).where(PhaseRow.game_id == game_id,
                                                          PhaseRow.seq == seq)).all()
    return max(rows) + 1 if rows else 0


def claim(session: Session, phase_id: int) -> bool:
    """Mark an open phase as being resolved; False if someone else already did. Both
    databases make the second claimant wait for the first to commit, then see 0 rows."""
    result = session.execute(
        update(PhaseRow).where(col(PhaseRow.id) == phase_id, col(PhaseRow.status) == "open")
        .values(status="resolving")
    )
    return bool(getattr(result, "rowcount", 0) == 1)


def submissions(session: Session, phase_id: int, current_only: bool = True,
                ) -> Sequence[SubmissionRow]:
    query = select(SubmissionRow).where(SubmissionRow.phase_id == phase_id)
    if current_only:
        query = query.where(col(SubmissionRow.current).is_(True))
    return session.exec(query.order_by(col(SubmissionRow.received_at), col(SubmissionRow.id))).all()


def supersede(session: Session, phase_id: int, player_id: int) -> None:
    session.execute(
        update(SubmissionRow)
        .where(col(SubmissionRow.phase_id) == phase_id, col(SubmissionRow.player_id) == player_id)
        .values(current=False)
    )


def _digest(prev_hash: str, at: datetime, kind: str, data: str) -> str:
    text = "\n".join((prev_hash, at.isoformat(), kind, data))
    return hashlib.sha256(text.encode()).hexdigest()


def journal_append(session: Session, game_id: str, kind: str, data: dict[str, Any],
                   at: datetime) -> JournalRow:
    last = session.exec(select(JournalRow).where(JournalRow.game_id == game_id)
                        .order_by(col(JournalRow.id).desc())).first()
    prev = last.hash if last else GENESIS
    body = json.dumps(data, sort_keys=True, separators=(",", ":"))
    row = JournalRow(game_id=game_id, at=at, kind=kind, data=body, prev_hash=prev,
                     hash=_digest(prev, at, kind, body))
    return add(session, row)  # type: ignore[no-any-return]


def journal(session: Session, game_id: str) -> Sequence[JournalRow]:
    return session.exec(select(JournalRow).where(JournalRow.game_id == game_id)
                        .order_by(col(JournalRow.id))).all()


def journal_breaks(entries: Sequence[JournalRow]) -> list[str]:
    """Where the hash chain does not hold (empty when it does)."""
    problems = []
    prev = GENESIS
    for entry in entries:
        if entry.prev_hash != prev:
            problems.append(f"journal entry {entry.id} does not follow entry before it")
        if _digest(entry.prev_hash, entry.at, entry.kind, entry.data) != entry.hash:
            problems.append(f"journal entry {entry.id} ({entry.kind}) was altered")
        prev = entry.hash
    return problems
