"""Small pieces that the use-cases share: the clock, a game or the refusal that names it,
and a submission's text as the rules read it."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from pbem.app.base.errors import JudgeError
from pbem.store import repo
from pbem.store.models import GameRow, SubmissionRow


def utcnow() -> datetime:
    return datetime.now(UTC)


def require_game(session: Any, game_id: str, lock: bool = False) -> GameRow:
    """The game, or a refusal naming it; `lock` for use-cases that will write to it."""
    row = repo.lock_game(session, game_id) if lock else repo.game(session, game_id)
    if row is None:
        raise JudgeError(f"there is no game called '{game_id}'; `pbem game list` shows the games")
    return row


def effective_text(row: SubmissionRow) -> str:
    """A submission's text as the rules read it (what was stored after reading the mail)."""
    effective = json.loads(row.parsed).get("effective")
    return row.raw if effective is None else str(effective)
