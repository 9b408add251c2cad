"""A game's timing as stored, and the deadlines the use-cases set with it (the arithmetic is
pbem.deadlines, pure). A game made before timings were stored keeps its one duration for
every phase (its `phase_hours`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from pbem.deadlines import Vacation, deadline_for
from pbem.store import repo
from pbem.store.models import GameRow
from pbem.timing import DEFAULT_TIMING, Timing

ON_TIME = timedelta(minutes=15)  # a phase processed this soon after its deadline opens the
# next one at that deadline, so the sweep's own minutes never push a rounded deadline a day


def timing_of(game: GameRow) -> Timing:
    if game.timing:
        return Timing.from_json(game.timing)
    return replace(DEFAULT_TIMING, durations=(), default=timedelta(hours=game.phase_hours))


def vacations_of(session: Any, game_id: str) -> list[Vacation]:
    """The vacations declared by the game's active players."""
    return [Vacation(_aware(v.start), _aware(v.end), name)
            for v, name in repo.gameplay.active_vacations(session, game_id)]


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def next_deadline(game: GameRow, kind: str, now: datetime,
                  previous: datetime | None = None,
                  vacations: Sequence[Vacation] = ()) -> datetime:
    """The deadline of a phase of `kind` opening now (after a phase due at `previous`),
    pushed out of the players' vacations."""
    opened = now
    if previous is not None:
        previous = previous if previous.tzinfo else previous.replace(tzinfo=now.tzinfo)
        if timedelta(0) <= now - previous <= ON_TIME:
            opened = previous
    return deadline_for(opened, kind, timing_of(game), vacations)
