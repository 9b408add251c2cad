"""What the running judge's sweep (pbem.app.running) reads and writes that no other use-case
does: the active games it scans, a record of the judge's own state it forgets (a clock hold
released), and the queued messages its worker processes draw before the outbox is sent."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlmodel import Session, col, select

from pbem.store.models import GameRow, JudgeStateRow, MailOutRow

MOST_TO_DRAW = 5000  # queued messages handed to the worker processes in one sweep


def active_games(session: Session) -> list[GameRow]:
    """Every active game, by id."""
    return list(session.exec(select(GameRow).where(GameRow.status == "active")
                             .order_by(col(GameRow.id))).all())


def forget_judge_state(session: Session, key: str) -> None:
    """The judge's record under `key` gone (nothing happens when there is none)."""
    session.execute(delete(JudgeStateRow).where(col(JudgeStateRow.key) == key))


def mail_to_draw(session: Session, now: datetime, limit: int = MOST_TO_DRAW) -> list[int]:
    """The ids, oldest first, of the queued messages due by `now` whose bytes are still to be
    drawn from their job (a report, a reply map)."""
    return [row_id for row_id, in session.execute(
        select(MailOutRow.id).where(MailOutRow.state == "queued", MailOutRow.raw == b"",
                                    col(MailOutRow.job).is_not(None),
                                    col(MailOutRow.next_attempt_at) <= now)
        .order_by(col(MailOutRow.id)).limit(limit)).all()]
