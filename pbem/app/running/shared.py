"""What the sweep's steps share: the report a sweep returns (SweepReport), a fault of a game
or a step in it (Fault, named by STEPS), a locked or unreachable database told apart from a
fault (`transient`), an error said in one line (`said`), and a stored time read as UTC
(`aware`).

It calls nothing of pbem.app; every other module of the sweep may call it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import OperationalError

from pbem.errors import DatabaseBusy

STEPS = {"game": "sweeping the game", "league": "advancing the leagues",
         "make": "drawing the mail in worker processes", "outbox": "sending the outbox",
         "poll": "polling the mailbox", "retention": "trimming mail past its retention"}


@dataclass
class SweepReport:
    at: datetime
    seconds: float = 0.0
    processed: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str, str]] = field(default_factory=list)
    paused: list[tuple[str, str]] = field(default_factory=list)
    extended: list[tuple[str, str, str]] = field(default_factory=list)
    reminders: int = 0
    sent: int = 0
    polled: int = 0
    held: str | None = None  # why nothing was done: the clock jumped

    def as_json(self) -> dict[str, Any]:
        return {"at": self.at.isoformat(), "seconds": round(self.seconds, 3),
                "processed": [list(p) for p in self.processed],
                "failed": [list(f) for f in self.failed],
                "paused": [list(p) for p in self.paused],
                "extended": [list(e) for e in self.extended],
                "reminders": self.reminders, "sent": self.sent, "polled": self.polled,
                "held": self.held}


def aware(moment: datetime | None) -> datetime | None:
    if moment is None:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def transient(exc: BaseException) -> bool:
    """A locked or unreachable database: a passing trouble of the judge, not of a game."""
    return isinstance(exc, OperationalError | DatabaseBusy)


def said(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}".splitlines()[0][:300]


@dataclass(frozen=True)
class Fault:
    """A game or a step that failed in this sweep."""

    step: str  # of STEPS
    game: str | None
    phase: str | None
    error: str
    exc: BaseException | None = field(default=None, compare=False)

    @property
    def key(self) -> str:
        return f"game:{self.game}" if self.game is not None else f"step:{self.step}"
