"""A signed-on player's commands in a mail (HELP, STATUS, REPORT, ORDERS, PASSWORD,
PRESS, EXTEND, VACATION), each answered with a sentence, in the mail's transaction
(pbem.app.mailin.mailgate calls them)."""

from __future__ import annotations

import json
import logging
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from pbem.app import gm
from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.base.passwords import hash_password
from pbem.app.mailout.letters import queue_press, queue_report_to
from pbem.mail.settings import MailSettings
from pbem.mail.signon import Command
from pbem.store import repo
from pbem.store.models import GameRow, PlayerRow
from pbem.timing import parse_length

LOG = logging.getLogger(__name__)
MIN_PASSWORD = 6
MAX_PASSWORD = 200
MAX_PRESS_CHARS = 8000  # a press message longer than this is not relayed

HELP = """\
How to write to the judge

Start your orders with a sign-on line, then give one order per line:

  SIGNON <game> <player> <password>
  <your orders, as in your report's order template>

Lines before SIGNON are not read (greetings are fine). Your orders end at the end of the
mail, at a line ENDORDERS, at your signature ("-- "), or where quoted text begins; lines
quoted with ">" are never read. One mail may hold several SIGNON blocks, one per game.

Commands, on their own line after SIGNON (each is answered):
  HELP                 this text
  STATUS               the open phase, who owes orders, the deadline in your time zone
  REPORT               your latest turn report again
  ORDERS               the orders the judge holds from you for the open phase
  PASSWORD <new>       change your password (at least 6 characters, no spaces)
  PRESS <side|all>     a message to the players of a side, or everyone; end it with a
  ...                  line ENDPRESS. It is marked as press and kept with the game.
  ENDPRESS
  EXTEND <length>      more time for the open phase (24h, 2d), if the game allows it
  VACATION <first> <last>  days away (2026-12-20 2026-12-28): no deadline falls then;
                       declared a day ahead at least, within the game's vacation days

Sending orders again replaces the earlier ones for the same phase. The order syntax is
described in orders/README.md of the judge."""


def _deadline_text(deadline: datetime | None, timezone: str) -> str:
    if deadline is None:
        return "no deadline is set"
    try:
        zone = ZoneInfo(timezone)
    except (KeyError, ValueError):
        zone, timezone = ZoneInfo("UTC"), "UTC"
    local = deadline.replace(tzinfo=deadline.tzinfo or ZoneInfo("UTC")).astimezone(zone)
    return f"{local:%A %d %B %Y, %H:%M} ({timezone})"


def status(session: Any, game: GameRow, player: PlayerRow) -> str:
    if game.status in ("over", "ended"):
        winner = f"; winner: {game.winner}" if game.winner else ""
        return f"Status: {game.id} is over{winner}."
    phase = repo.open_phase(session, game.id)
    if phase is None:
        return f"Status: {game.id} has no open phase."
    hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
    owes = hosted.owes_told(player.side)
    you = player.side in hosted.owes()
    state = "paused by the game master; " if game.status == "paused" else ""
    held = repo.latest_submission(session, phase.id or 0, player.id or 0)
    mine = ("the judge holds orders from you" if held is not None
            else "the judge holds no orders from you yet" if you else "you owe no orders")
    who = ", ".join(owes) if owes else "nobody you may be told of"
    return (f"Status: {state}open phase {phase.key} ({hosted.phase_title}); orders from "
            f"{who}; {mine}. Deadline: {_deadline_text(phase.deadline, player.timezone)}.")


def command(session: Any, settings: MailSettings, game: GameRow, player: PlayerRow,
             command: Command, mail_id: int, number: int, press_to: list[str],
             now: datetime) -> str:
    word = command.word
    if not command.known:
        return (f"{word}: the judge knows no command {word}. Commands: HELP, STATUS, REPORT, "
                "ORDERS, PASSWORD <new>, PRESS <side|all> ... ENDPRESS, EXTEND <length>, "
                "VACATION <first day> <last day>.")
    if command.problem:
        return f"{word}: not done: {command.problem}"
    if word == "HELP":
        return HELP
    if word == "STATUS":
        return status(session, game, player)
    if word == "ORDERS":
        phase = repo.open_phase(session, game.id)
        held = repo.latest_submission(session, phase.id or 0, player.id or 0) if phase else None
        if held is None:
            return "ORDERS: the judge holds no orders from you for the open phase."
        return (f"ORDERS: the judge holds these from you for {phase.key if phase else ''} "
                f"(received {held.received_at:%Y-%m-%d %H:%M} UTC):\n"
                + "\n".join(f"  {line}" for line in held.raw.strip("\n").splitlines()))
    if word == "PASSWORD":
        new = command.argument.strip()
        if not MIN_PASSWORD <= len(new) <= MAX_PASSWORD or any(c.isspace() for c in new):
            return (f"PASSWORD: not changed: a password is {MIN_PASSWORD} to {MAX_PASSWORD} "
                    "characters with no spaces.")
        player.password_hash = hash_password(new)
        session.add(player)
        return "PASSWORD: changed. Use the new one from your next mail on."
    if word == "REPORT":
        return _report_again(session, settings, game, player, mail_id, number, now)
    if word == "PRESS":
        return _press(session, settings, game, player, command, mail_id, number, press_to, now)
    if word in ("EXTEND", "VACATION"):
        return _time_command(session, settings, game, player, command, now)
    return f"{word}: not done."  # (every known word is handled above)


def _time_command(session: Any, settings: MailSettings, game: GameRow, player: PlayerRow,
                  command: Command, now: datetime) -> str:
    """EXTEND <length> (as many as the game allows each player) and VACATION <first day>
    <last day> (no deadline falls while the player is away)."""
    example = "EXTEND 24h" if command.word == "EXTEND" else "VACATION 2026-12-20 2026-12-28"
    try:
        if command.word == "EXTEND":
            return "EXTEND: " + gm.ask_extension(
                session, game, player, parse_length(command.argument, "the length"), settings, now)
        days = command.argument.split()
        if len(days) != 2:
            raise JudgeError("give the first and the last day away, two dates")
        try:
            first, last = (date.fromisoformat(day) for day in days if len(day) <= 10)
        except ValueError:
            raise JudgeError(f"{' '.join(days)[:60]!r} are not two dates "
                             "written year-month-day") from None
        return "VACATION: " + gm.declare_vacation(session, game, player, first, last,
                                                  settings, now)
    except (JudgeError, ValueError, OverflowError) as exc:
        return f"{command.word}: not done: {str(exc)[:300]} (write it as {example})"


def _report_again(session: Any, settings: MailSettings, game: GameRow, player: PlayerRow,
                  mail_id: int, number: int, now: datetime) -> str:
    resolved = [p for p in repo.phases(session, game.id) if p.status == "resolved"]
    if not resolved:
        return "REPORT: no phase of this game has been resolved yet, so there is no report."
    key = resolved[-1].key
    queue_report_to(session, settings, game.id, resolved[-1], player,
                    f"{game.id}/{key}/{player.id}/again/{mail_id}/{number}", now)
    return f"REPORT: your report after {key} is on its way in a separate mail."


def _press(session: Any, settings: MailSettings, game: GameRow, player: PlayerRow,
           command: Command, mail_id: int, number: int, press_to: list[str],
           now: datetime) -> str:
    target = command.argument.strip()
    sides = repo.sides(session, game.id)
    chosen = next((s for s in sides if s.lower() == target.lower()), None)
    if target.lower() != "all" and chosen is None:
        return (f"PRESS: not sent: {game.id} has no side {target!r}; write PRESS all or "
                f"PRESS <side> with a side of {', '.join(sides)}.")
    if not command.body.strip():
        return "PRESS: not sent: it has no text between PRESS and ENDPRESS."
    if len(command.body) > MAX_PRESS_CHARS:
        return (f"PRESS: not sent: it is {len(command.body)} characters long; press may be "
                f"{MAX_PRESS_CHARS} at most. Shorten it, or send it as two.")
    to = "all" if chosen is None else chosen
    others = [p for p in repo.players(session, game.id)
              if p.id != player.id and (to == "all" or p.side == to)]
    phase = repo.open_phase(session, game.id)
    row = repo.store_press(session, game_id=game.id, phase_key=phase.key if phase else "",
                           from_player_id=player.id or 0, to=to, body=command.body, now=now)
    addresses = list(dict.fromkeys(p.email for p in others))
    text = (f"PRESS in {game.id} from {player.name} ({player.side}) to "
            f"{'everyone' if to == 'all' else 'the ' + to + ' side'}:\n\n{command.body}\n\n"
            "(Relayed by the judge. Reply with a PRESS command of your own after your "
            "SIGNON line; a plain reply to this mail reaches nobody.)")
    subject = f"{game.id}: press from {player.name}"
    press_to += queue_press(session, settings, game.id, int(row.id or 0), addresses, subject,
                            text, now)
    told = "everyone" if to == "all" else f"the {to} side"
    return f"PRESS: sent to {told} ({len(press_to)} player{'s' if len(press_to) != 1 else ''})."
