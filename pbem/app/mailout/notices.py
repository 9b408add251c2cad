"""Mail the judge sends on its own: notices to a game's players and game master (a pause,
an announcement, a rolled-back phase), deadlines with their .ics, reminders, each player's
password when a game is made (`tell_passwords`, the league's way too), a missed deadline
(`tell_missed`) and what a game master's command did (`tell_game_master`). Each is queued
in the caller's transaction, one message per address (no player sees another's address),
with a Message-ID made from what it is about, so doing the same thing twice queues once.
No text here names a command line, a file or an internal key: it is read by players."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from pbem.app.base import rulesets
from pbem.app.mailout.queue import GM_RECIPIENT, report_key
from pbem.mail.compose import compose, deadline_ics, new_message_id
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.models import GameRow, PhaseRow, PlayerRow

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
    repo.mail.put_mail(session, message_id=message_id, kind=kind, game_id=game_id,
                       recipients=[address], sender=settings.judge_address, subject=subject,
                       raw=raw, now=now)  # (no row read back: nobody here needs it)
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


def owed_by(session: Any, game: GameRow, phase: PhaseRow) -> list[str]:
    """The sides the phase waits for orders from (none when its state cannot be read: then
    it is announced as owing nothing rather than not at all)."""
    try:
        return list(rulesets.load(game.ruleset, json.loads(phase.state_before)).owes())
    except Exception:  # noqa: BLE001 - a notice must not stop what it tells of
        LOG.warning("the sides %s of %s waits for could not be read", phase.key, game.id)
        return []


def title_of(game: GameRow, phase: PhaseRow, first: bool = False) -> str:
    """The phase as players read it, its ruleset's title ("turn 3, red moves"; its first
    letter capital when `first`), never its internal key (but when its state cannot be
    read)."""
    try:
        title = rulesets.load(game.ruleset, json.loads(phase.state_before)).phase_title.strip()
    except Exception:  # noqa: BLE001 - a notice must not stop what it tells of
        title = phase.key
    title = title or phase.key
    return (title[:1].upper() if first else title[:1].lower()) + title[1:]


def waiting_for(session: Any, game: GameRow, phase: PhaseRow) -> list[PlayerRow]:
    """The players of the sides the phase waits for who have sent no orders for it yet."""
    owing = set(owed_by(session, game, phase))
    sent = {row.player_id for row in repo.submissions(session, phase.id or 0)}
    return [p for p in repo.players(session, game.id) if p.side in owing and p.id not in sent]


def _people(session: Any, game: GameRow) -> list[tuple[str, str]]:
    """Every active player's address and zone, then the game master's (in UTC), once each."""
    people = [(p.email, p.timezone) for p in repo.players(session, game.id)]
    if game.gm_email:
        people.append((game.gm_email, "UTC"))
    return list(dict.fromkeys(people))


def _ics(settings: MailSettings, game: GameRow, phase: PhaseRow, deadline: datetime,
         now: datetime) -> bytes:
    return deadline_ics(uid=f"{game.id}-{phase.key}@{settings.domain}", game=game.id,
                        phase=phase.key, deadline=deadline,
                        summary=f"{game.id}: orders for {title_of(game, phase)} due",
                        description=f"Orders for {title_of(game, phase)} in {game.id} are "
                        "due.", stamp=now)


def tell_deadline(session: Any, settings: MailSettings, game: GameRow, phase: PhaseRow,
                  deadline: datetime, now: datetime, why: str) -> list[str]:
    """Every player and the game master told of a new deadline, in their own zone, with an
    .ics of it. A phase that waits for nobody's orders is never announced with a deadline:
    they are told only that it will be resolved without them."""
    deadline = _aware(deadline)
    owing = owed_by(session, game, phase)
    ics = _ics(settings, game, phase, deadline, now) if owing else None
    told = []
    title, named = title_of(game, phase), title_of(game, phase, first=True)
    for address, zone in _people(session, game):
        text = (f"{named}, in {game.id}: orders are now due {local(deadline, zone)} ({why})."
                if owing else f"{named}, in {game.id}, waits for nobody's orders; the judge "
                "resolves it without them.")
        if notice(session, settings, address, f"{game.id} — {title}: a new deadline"
                  if owing else f"{game.id} — {title}: no orders needed", text,
                  # (when it is told too: a deadline told again later, after another, is
                  # new news, not a copy of the first telling to be dropped)
                  f"deadline/{phase.id}/{deadline.isoformat()}/{now.isoformat()}/{address}",
                  game.id,
                  now, kind="deadline", ics=ics):
            told.append(address)
    return told


def tell_reopened(session: Any, settings: MailSettings, game: GameRow, phase: PhaseRow,
                  why: str, now: datetime) -> list[str]:
    """Every player and the game master told that `phase` is open again after a rollback:
    why, what stands of their orders, and its deadline in their own zone with an .ics (no
    deadline when the phase waits for nobody)."""
    deadline = _aware(phase.deadline) if phase.deadline is not None else None
    owing = owed_by(session, game, phase)
    ics = (_ics(settings, game, phase, deadline, now)
           if deadline is not None and owing else None)
    told = []
    title = title_of(game, phase)
    for address, zone in _people(session, game):
        due = (f"Its orders are due {local(deadline, zone)}; the calendar entry attached has "
               "the new deadline." if ics is not None else
               "It waits for nobody's orders; the judge resolves it without them.")
        text = (f"The game master has rolled {game.id} back to {title}: {why.strip()}\n\n"
                "Everything after it is set aside (kept, never deleted); the orders you had "
                f"sent for it stand, and you may send new ones.\n\n{due}\n\n"
                "Your report of the position as it stands again follows in a separate mail.")
        if notice(session, settings, address, f"{game.id} — {title} is open again", text,
                  f"rollback/{phase.id}/{address}", game.id, now, ics=ics):
            told.append(address)
    return told


def tell_passwords(session: Any, settings: MailSettings, game: GameRow,
                   passwords: Mapping[str, str], now: datetime,
                   opening: Mapping[str, str] | None = None,
                   closing: str | None = None) -> list[str]:
    """Each player of a game just made mailed their own password (and the game master
    theirs), in the transaction that makes the game, so that a game whose players never
    learn their passwords is never made. The password goes only to its owner's address;
    `opening` gives a player's first sentence (the league's round and opponent), by name;
    `closing` the last (by default, what comes next: the briefing).
    The addresses written to."""
    told = []
    for player in repo.players(session, game.id):
        password = passwords.get(player.name)
        if password is None:
            continue
        first = (opening or {}).get(player.name) or (
            f"You play the {player.side} side of {game.id} ({game.scenario}).")
        text = (f"{first} Your password is {password}\n\nKeep it to yourself: every mail of "
                f"orders begins with the line\n\n    SIGNON {game.id} {player.name} "
                f"{password}\n\n"
                + (closing or ("The game master starts the game when every side has its "
                               "players; your briefing comes then." if game.status == "forming"
                               else "Your briefing, with the first deadline, follows in a "
                               "separate mail.")))
        if notice(session, settings, player.email, f"{game.id}: your password", text,
                  f"password/{game.id}/{player.id}", game.id, now):
            told.append(player.email)
    gm_password = passwords.get("GM")
    if game.gm_email and gm_password and game.gm_password_hash:
        text = (f"You are the game master of {game.id} ({game.scenario}). Your password is "
                f"{gm_password}\n\nSign a mail to the judge with the line\n\n    SIGNON "
                f"{game.id} GM {gm_password}\n\nand send HELP on the next line for the game "
                "master's commands. Each player has been mailed their own password.")
        if notice(session, settings, game.gm_email, f"{game.id}: your game master's password",
                  text, f"password/{game.id}/gm", game.id, now):
            told.append(game.gm_email)
    return told


def tell_started(session: Any, settings: MailSettings, game: GameRow,
                 now: datetime) -> bool:
    """The game master told that the game has started: its players, the open phase and its
    deadline (with an .ics), or that it waits for nobody's orders."""
    phase = repo.open_phase(session, game.id)
    if not game.gm_email or phase is None:
        return False
    players = ", ".join(f"{p.name} ({p.side})" for p in repo.players(session, game.id))
    owing = owed_by(session, game, phase)
    named = title_of(game, phase, first=True)
    due = (f"{named}: orders are due {local(_aware(phase.deadline), 'UTC')}."
           if owing and phase.deadline is not None else
           f"{named} waits for nobody's orders.")
    ics = (_ics(settings, game, phase, _aware(phase.deadline), now)
           if owing and phase.deadline is not None else None)
    return notice(session, settings, game.gm_email, f"{game.id}: the game has started",
                  f"{game.id} ({game.scenario}) has started, with {players}; each player "
                  f"has their briefing. {due}", f"started/{game.id}", game.id, now,
                  kind="deadline", ics=ics)


def tell_missed(session: Any, settings: MailSettings, game: GameRow, phase: PhaseRow,
                late: Sequence[PlayerRow], paused: bool, now: datetime) -> list[str]:
    """Each player who sent no orders by the deadline (and its grace) told so in plain words,
    with what the rules did for them: under the `wait` policy (`paused`) the game waits, and
    their orders are still taken; under `proceed` the phase was resolved without them, their
    pieces doing what the rules do with no order. The game master is told who it was."""
    told = []
    try:
        hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
    except Exception:  # noqa: BLE001 - the notice goes without the rules' words
        hosted = None
    title, named = title_of(game, phase), title_of(game, phase, first=True)
    # the deadline missed: resumed and missed again, a phase is told again
    missed = phase.deadline.isoformat() if phase.deadline is not None else ""
    for player in late:
        idle = rulesets.no_order(hosted, player.side) if hosted is not None else "no order"
        text = (f"{named}, in {game.id}: its deadline has passed, with its grace, and the "
                f"judge has no orders from you for it. "
                + ("The game is paused: it waits for its game master, who may extend the "
                   "deadline, replace a player or resume it; the orders you send for it "
                   "now are still taken." if paused else
                   "It was resolved without them, as the rules resolve a side "
                   f"that sends none: for each of your pieces, \"{idle}\". Your report "
                   "follows; send your next orders by the next deadline."))
        subject = (f"{game.id}: paused for late orders" if paused else
                   f"{game.id} — {title}: no orders from you")
        if notice(session, settings, player.email, subject, text,
                  f"missed/{phase.id}/{missed}/{player.id}", game.id, now):
            told.append(player.email)
    if game.gm_email and late:
        names = ", ".join(f"{p.name} ({p.side})" for p in late)
        text = (f"{named}, in {game.id}: its deadline and grace have passed without orders "
                f"from {names}. "
                + ("The game is paused until you resume it; you may extend the deadline, "
                   "replace a player, or resume it as it stands (RESUME by mail)."
                   if paused else "Under the game's rule for late orders (proceed), "
                   "it was resolved without them; each was told."))
        subject = (f"{game.id}: paused for late orders" if paused else
                   f"{game.id} — {title}: resolved without late orders")
        if notice(session, settings, game.gm_email, subject, text,
                  f"missed/{phase.id}/{missed}/gm", game.id, now):
            told.append(game.gm_email)
    return told


def tell_game_master(session: Any, settings: MailSettings, game: GameRow, what: str,
                     said: str, key: str, now: datetime) -> bool:
    """The game master told what one of their commands did (`what`: the command, `said`:
    its result), given from the command line; a command by mail is answered by mail."""
    if not game.gm_email:
        return False
    return notice(session, settings, game.gm_email, f"{game.id}: done: {what}",
                  f"Done in {game.id} at your request ({what}):\n\n{said}", key, game.id, now)


def _aware(moment: datetime) -> datetime:
    """A stored moment (UTC; SQLite may give it back without its zone) made aware."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def queue_position(session: Any, settings: MailSettings, game: GameRow, phase: PhaseRow,
                   now: datetime) -> list[str]:
    """Each player (and the game master, in the full view) mailed the position of `phase`,
    open again after a rollback: the report of the phase before it as it stands (its
    deadline and .ics are the reopened phase's), or for the first phase its briefing. Each
    rollback's mail is its own (keyed by the reopened play's generation)."""
    before = [p for p in repo.phases(session, game.id)
              if p.seq == phase.seq - 1 and p.status == "resolved"]
    subject = f"{game.id} — {title_of(game, phase)} is open again: the position"
    queued = []
    people: list[tuple[str, int | str]] = [(p.email, p.id or 0)
                                           for p in repo.players(session, game.id)]
    if game.gm_email and before:
        people.append((game.gm_email, GM_RECIPIENT))
    for address, who in people:
        if before:
            job: dict[str, Any] = {"type": "report", "game": game.id, "phase": before[0].key,
                                   "generation": before[0].generation, "player": who}
            key = report_key(game.id, before[0].key, before[0].generation,
                             f"{who}/reopened/{phase.generation}")
        else:
            job = {"type": "briefing", "game": game.id, "player": who}
            key = f"{game.id}/{who}/reopened/{phase.generation}"
        repo.queue_mail(session, message_id=new_message_id("report", key, settings.domain),
                        kind="report", game_id=game.id, recipients=[address],
                        sender=settings.judge_address, subject=subject, raw=b"", now=now,
                        job=job)
        queued.append(address)
    return queued
