"""The sweep's pass over one game the scan found something due in (pbem.app.running.scan):
its phase processed when ready or due (or late under the `proceed` policy), the game paused
when orders are missing after the grace under `wait` (its players and game master told), or
the nearest reminder due sent, once, to each player who still owes orders.

It may call pbem.app.play (processing a phase, pausing a game), pbem.app.mailout's notices,
the store, and pbem.app.running.scan and shared.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta

from sqlalchemy.engine import Engine

from pbem.app.base.errors import JudgeError
from pbem.app.mailout.notices import local, notice, tell_missed, title_of
from pbem.app.play import games, phases
from pbem.app.running.scan import Open, lengths
from pbem.app.running.shared import SweepReport, aware
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.db import retrying, transaction
from pbem.store.models import PhaseRow
from pbem.timing import format_length

LOG = logging.getLogger(__name__)


def act(engine: Engine, settings: MailSettings | None, item: Open, now: datetime,
        report: SweepReport) -> None:
    if item.state in ("ready", "due") or (item.state == "late" and item.policy == "proceed"):
        try:
            phases.process_phase(engine, item.game_id, item.key, now, settings,
                                 skip_locked=True)
        except JudgeError as exc:  # processed meanwhile by another judge, or paused
            LOG.info("skipped: %s", exc, extra={"game": item.game_id, "phase": item.key})
            return
        report.processed.append((item.game_id, item.key))
        if item.state == "late" and settings is not None and item.late:
            _tell_missed(engine, settings, item, now, paused=False)
        LOG.info("phase processed", extra={"game": item.game_id, "phase": item.key,
                                            "why": item.state})
    elif item.state == "late":
        _pause_for_late(engine, settings, item, now)
        report.paused.append((item.game_id, item.key))
    elif item.reminders:
        report.reminders += _remind(engine, settings, item, now)


def _pause_for_late(engine: Engine, settings: MailSettings | None, item: Open,
                    now: datetime) -> None:
    """Policy `wait`: the game stands still until its game master resumes it."""
    games.pause_game(engine, item.game_id, now)
    names = ", ".join(name for _, name, _, _ in item.late)
    LOG.warning("game paused: orders missing after the grace",
                extra={"game": item.game_id, "phase": item.key, "late": names})
    if settings is not None:
        _tell_missed(engine, settings, item, now, paused=True)


def _tell_missed(engine: Engine, settings: MailSettings, item: Open, now: datetime,
                 paused: bool) -> None:
    """Each player who missed the deadline told so, with what the rules did for them, and
    the game master who they were (pbem.app.mailout.notices.tell_missed); when the game is
    paused for them, the other players told that it waits for its game master."""
    def tell() -> None:
        with transaction(engine) as session:
            game = repo.game(session, item.game_id)
            phase = session.get(PhaseRow, item.phase_id)
            if game is None or phase is None:
                return
            late_ids = {pid for pid, _, _, _ in item.late}
            late = [p for p in repo.players(session, item.game_id) if p.id in late_ids]
            tell_missed(session, settings, game, phase, late, paused, now)
            if not paused:
                return
            names = ", ".join(name for _, name, _, _ in item.late)
            missed = phase.deadline.isoformat() if phase.deadline is not None else ""
            text = (f"{item.game_id} is paused: the deadline of {title_of(game, phase)} and its "
                    f"grace have passed without orders from {names}. The game waits for its game master, "
                    "who may extend the deadline, replace a player or resume it; everyone is "
                    "told the new deadline then.")
            for player in repo.players(session, item.game_id):
                if player.id not in late_ids:
                    notice(session, settings, player.email,
                           f"{item.game_id}: paused for late orders", text,
                           f"paused/{item.game_id}/{item.phase_id}/{missed}/{player.email}",
                           item.game_id, now)
    retrying(tell)


def _of(deadline: datetime | None) -> str:
    """A reminder's key names its deadline: a deadline moved (extended, resumed) has its own
    reminders, not taken for the first deadline's, already sent."""
    return f"/{deadline.isoformat()}" if deadline is not None else ""


def _remind(engine: Engine, settings: MailSettings | None, item: Open, now: datetime) -> int:
    """The nearest reminder due, to each player who still owes orders, once."""
    def work() -> int:
        with transaction(engine) as session:
            game = repo.lock_game(session, item.game_id)
            phase = session.get(PhaseRow, item.phase_id)
            if game is None or phase is None or phase.status != "open":
                return 0
            sent = lengths(phase.reminded)
            new = [r for r in item.reminders if r not in sent]
            if not new:
                return 0
            phase.reminded = json.dumps(sorted({format_length(r) for r in [*sent, *new]}))
            session.add(phase)
            if settings is None:
                return 0
            deadline = aware(phase.deadline)
            count = 0
            for pid, _name, address, zone in item.late:
                left = format_length(max(deadline - now, timedelta(0))) if deadline else "?"
                text = (f"A reminder from the judge: {item.game_id} waits for your orders for "
                        f"{title_of(game, phase)}, due {local(deadline, zone)} (in about {left}). Send "
                        "them after your SIGNON line, as in your last report's template.")
                notice(session, settings, address, f"{item.game_id}: orders for {item.key} "
                        "are due", text, f"reminder/{item.phase_id}/{pid}/{new[0]}{_of(deadline)}",
                        item.game_id, now, kind="reminder")
                count += 1
            return count
    return int(retrying(work))
