"""A player's record across games: for each resolved phase in which their side owed
orders, were theirs in by the deadline, late, or missing; and the phase a game was ended in
(by the game master, or by the league's forfeit for missed orders) once its deadline had
passed before the end, which was owed as much as any. The league's reliability is on time /
owed (`min_reliability`, the table's reliability column)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.store import repo
from pbem.store.db import snapshot
from pbem.store.models import GameRow
from pbem.store.repo import leagues as leagues_repo


@dataclass(frozen=True)
class Record:
    email: str
    on_time: int
    late: int
    missing: int

    @property
    def owed(self) -> int:
        return self.on_time + self.late + self.missing

    @property
    def reliability(self) -> float | None:
        """Orders in by the deadline / orders owed (None before any were owed)."""
        return round(self.on_time / self.owed, 3) if self.owed else None

    def as_json(self) -> dict[str, Any]:
        return {"email": self.email, "on_time": self.on_time, "late": self.late,
                "missing": self.missing, "owed": self.owed, "reliability": self.reliability}


def _aware(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def player_record(engine: Engine, email: str) -> Record:
    """Counted over every game the address played in (as any of its players)."""
    on_time = late = missing = 0
    with snapshot(engine) as session:
        players = leagues_repo.players_of_address(session, email)
        for player in players:
            game = session.get(GameRow, player.game_id)
            if game is None:
                continue
            ended = _ended_at(session, game)
            for phase in repo.phases(session, player.game_id):
                if phase.status != "resolved" and not _ended_after_deadline(phase, ended):
                    continue
                hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
                if player.side not in hosted.owes():
                    continue
                held = repo.latest_submission(session, phase.id or 0, player.id or 0)
                deadline = _aware(phase.deadline)
                if held is None:
                    missing += 1
                elif deadline is None or _aware(held.received_at) <= deadline:  # type: ignore[operator]
                    on_time += 1
                else:
                    late += 1
    return Record(email.lower(), on_time, late, missing)


def _ended_at(session: Any, game: GameRow) -> datetime | None:
    """When an ended game was ended (its journal's last "ended" entry); None while it runs."""
    if game.status != "ended":
        return None
    ends = [entry.at for entry in repo.journal(session, game.id) if entry.kind == "ended"]
    return _aware(ends[-1]) if ends else None


def _ended_after_deadline(phase: Any, ended: datetime | None) -> bool:
    """The open phase of a game ended after that phase's deadline: its orders were owed."""
    deadline = _aware(phase.deadline)
    return (phase.status == "open" and ended is not None and deadline is not None
            and deadline < ended)
