"""Mail the judge sends on its own: notices to a game's players and game master (a pause,
an announcement, a rolled-back phase), deadlines with their .ics, reminders. Each is queued
in the caller's transaction, one message per address (no player sees another's address),
with a Message-ID made from what it is about, so doing the same thing twice queues once."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from pbem.mail.compose import compose, deadline_ics, new_message_id
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.models import GameRow, PhaseRow

LOG = logging.getLogger(__name__)


def local(moment: datetime | None, zone: str) -> str:
    """A moment as a person in `zone` reads it."""
    if moment is None:
        return "(no deadline)"
    try:
        shown = moment.astimezone(ZoneInfo(zone))
    except (KeyError, ValueError):
        shown, zone = moment.astimezone(UTC), "UTC"
    return f"{shown:%A %d %B %Y, %H:%M} ({zone})"


def notice(session: Any, settings: MailSettings, address: str, subject: str, text: str,
           key: str, game_id: str, now: datetime, kind: str = "notice",
           ics: bytes | None = None) -> bool:
    """Queue one message to one address; False when the judge cannot write to it."""
    message_id = new_message_id(kind, key, settings.domain)
    try:
        raw = compose(sender=settings.judge_address, sender_name=settings.judge_name,
                      to=[address], subject=subject, text=text, ics=ics,
                      message_id=message_id, auto="auto-generated",
                      loop=settings.judge_address, date=now)
    except ValueError:
        LOG.warning("no notice to %r: the judge cannot write to that address", address)
        return False
    repo.queue_mail(session, message_id=message_id, kind=kind, game_id=game_id,
                    recipients=[address], sender=settings.judge_address, subject=subject,
                    raw=raw, now=now)
    return True


def tell_game(session: Any, settings: MailSettings, game: GameRow, subject: str,
              text: str, key: str, now: datetime, game_master: bool = True) -> list[str]:
    """Every active player of the game (and its game master) told the same thing."""
    addresses = [p.email for p in repo.players(session, game.id)]
    if game_master and game.gm_email:
        addresses.append(game.gm_email)
    return [address for address in dict.fromkeys(addresses)
            if notice(session, settings, address, subject, text, f"{key}/{address}", game.id,
                      now)]


def tell_deadline(session: Any, settings: MailSettings, game: GameRow, phase: PhaseRow,
                  deadline: datetime, now: datetime, why: str) -> list[str]:
    """Every player and the game master told of a new deadline, in their own zone, with an
    .ics of it."""
    ics = deadline_ics(uid=f"{game.id}-{phase.key}@{settings.domain}", game=game.id,
                       phase=phase.key, deadline=deadline,
                       summary=f"{game.id}: orders for {phase.key} due",
                       description=f"Orders for {phase.key} of {game.id} are due.", stamp=now)
    people = [(p.email, p.timezone) for p in repo.players(session, game.id)]
    if game.gm_email:
        people.append((game.gm_email, "UTC"))
    told = []
    for address, zone in dict.fromkeys(people):
        if notice(session, settings, address, f"{game.id}: new deadline for {phase.key}",
                  f"The deadline of {phase.key} in {game.id} is now {local(deadline, zone)}: "
                  f"{why}.", f"deadline/{phase.id}/{deadline.isoformat()}/{address}", game.id,
                  now, kind="deadline", ics=ics):
            told.append(address)
    return told
