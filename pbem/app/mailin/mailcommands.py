"""A signed-on player's commands in a mail (HELP, STATUS, REPORT, ORDERS, PASSWORD,
PRESS, EXTEND, VACATION), each answered with a sentence, in the mail's transaction
(pbem.app.mailin.mailgate calls them)."""

from __future__ import annotations

import functools
import json
import logging
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from pbem.app import gm, orders
from pbem.app.base import rulesets, waits
from pbem.app.base.errors import JudgeError
from pbem.app.base.passwords import hash_password
from pbem.app.base.timing import timing_of
from pbem.app.mailout.letters import queue_press, queue_report_to
from pbem.app.reports.mapchoice import set_map_choice
from pbem.mail.settings import MailSettings
from pbem.mail.signon import Command
from pbem.rules.suggest import did_you_mean
from pbem.store import repo
from pbem.store.models import GameRow, PlayerRow
from pbem.timing import Timing, parse_length

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
  HELP                 this text; HELP ORDERS: the orders of the open phase;
                       HELP <command>: that command (HELP PRESS, HELP WAIT ...)
  STATUS               the open phase, who owes orders, the deadline in your time zone
  REPORT               your latest turn report again
  ORDERS               the orders the judge holds from you for the open phase
  PASSWORD <new>       change your password (at least 6 characters, no spaces)
  PRESS <side|all>     a message to the players of a side, or everyone; end it with a
  ...                  line ENDPRESS. It is marked as press and kept with the game.
  ENDPRESS
  WAIT                 you are still thinking: the phase is not played before its
                       deadline on your account (in a game that plays early)
  NOWAIT               you are done: your orders count as complete
  EXTEND <length>      more time for the open phase (24h, 2d), if the game allows it
  VACATION <first> <last>  days away (2026-12-20 2026-12-28): no deadline falls then;
                       declared a day ahead at least, within the game's vacation days
  SET MAP <kind>       the map your reports carry: png (a picture), svg (a drawing you
                       can zoom, as well) or none

Sending orders again replaces the earlier ones for the same phase. Send HELP ORDERS after
your sign-on line for the order syntax of the phase your side is to play."""

COMMAND_WORDS = ("HELP", "STATUS", "REPORT", "ORDERS", "PASSWORD", "PRESS", "WAIT", "NOWAIT",
                 "EXTEND", "VACATION", "SET")
TOPICS = {
    "SIGNON": "SIGNON <game> <player> <password> starts what you write to the judge for one "
              "game; everything after it, up to the next SIGNON, is for that game. The "
              "password is the one in the mail that told you of the game (PASSWORD <new> "
              "changes it).",
    "STATUS": "STATUS: the open phase, the sides that owe orders (as far as you may be told), "
              "whether the judge holds orders from you, and the deadline in your time zone.",
    "REPORT": "REPORT: your latest report, sent again in a separate mail.",
    "ORDERS": "ORDERS (as a command): the orders the judge holds from you for the open phase, "
              "line by line; lines it refused are listed as refused, since they are not held.",
    "PASSWORD": "PASSWORD <new>: your password from the next mail on; 6 to 200 characters, no "
                "spaces.",
    "PRESS": "PRESS <side> or PRESS all, then your message, then a line ENDPRESS: the judge "
             "relays it, marked as press, to the players of that side or to everyone (a "
             "message to everyone is copied to you; the game master may be sent copies). "
             "At most 5 in one mail.",
    "WAIT": "WAIT: you are still thinking. In a game that plays a phase as soon as every "
            "order is in, the judge does not play the open phase before its deadline on your "
            "account until you send NOWAIT (or the deadline comes). Orders with refused "
            "lines count as a WAIT until you correct them or send NOWAIT.",
    "NOWAIT": "NOWAIT: you are done; the orders the judge holds from you count as complete, "
              "refused lines and all.",
    "EXTEND": "EXTEND <length> (24h, 2d): more time for the open phase, as often as the game "
              "allows each player.",
    "VACATION": "VACATION <first day> <last day> (2026-12-20 2026-12-28): days away, during "
                "which no deadline of the game falls; declared a day ahead at least, within "
                "the game's vacation days.",
    "SET": "SET MAP png, SET MAP svg or SET MAP none: the map your reports carry (png: a "
           "picture in the mail; svg: the same as a drawing you can zoom, attached as well; "
           "none: the report's text alone). The judge keeps your choice for every report.",
}
TOPICS["MAP"] = TOPICS["SET"]
TOPICS["ENDPRESS"] = TOPICS["PRESS"]
TOPICS["ENDORDERS"] = ("ENDORDERS (or SIGNOFF), alone on its line, ends your orders: nothing "
                       "after it is read, up to the next SIGNON.")


def help_text(topic: str, session: Any = None, game: GameRow | None = None,
              player: PlayerRow | None = None) -> str:
    """The answer to HELP [topic]: the whole help, the order syntax of the open phase for
    the player's side (HELP ORDERS, signed on), or one command's. Written for mail: it
    names no command line, file or internal key."""
    words = topic.split()
    if not words:
        return HELP
    word = words[0].upper().strip(".,:;!?")
    if word in ("ORDER", "ORDERS", "SYNTAX", "NOTATION"):
        if session is None or game is None or player is None:
            return ("HELP ORDERS: sign on first (SIGNON <game> <player> <password>, then HELP "
                    "ORDERS), so that the judge knows which game and phase to explain.")
        return "HELP ORDERS\n" + _order_help(session, game, player)
    if word in TOPICS:
        return f"HELP {word}: {TOPICS[word]}"
    shown = word[:24]
    guess = did_you_mean(shown, (*TOPICS, "ORDERS"))
    return (f"HELP {shown}: the judge has no help on {shown}" + (f" ({guess})" if guess else "")
            + ". Topics: ORDERS (the orders of the open phase), "
            + ", ".join(w for w in COMMAND_WORDS if w != "HELP") + ".")


def _order_help(session: Any, game: GameRow, player: PlayerRow) -> str:
    """The order syntax of the phase at hand, for the player's side, from the ruleset."""
    if game.status in ("over", "ended"):
        return f"{game.id} is over: no orders are taken."
    phase = repo.open_phase(session, game.id)
    if phase is None:
        return f"{game.id} has no phase open for orders."
    hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
    if player.side not in hosted.owes() and player.side not in hosted.may_send():
        return (f"The open phase is {hosted.phase_title}; your side has nothing to order in "
                "it. Send HELP ORDERS again when a phase of yours opens.")
    try:
        return "\n".join(rulesets.order_help(hosted, player.side))
    except Exception:  # noqa: BLE001 - a defect of the rules: the answer says so, no more
        LOG.exception("the rules failed giving the order help of %s", game.id)
        return (f"The open phase is {hosted.phase_title}. The judge could not put its order "
                "syntax together just now (a fault of the judge); your report's order "
                "template shows the lines it takes.")


def _deadline_text(deadline: datetime | None, timezone: str) -> str:
    if deadline is None:
        return "no deadline is set"
    try:
        zone = ZoneInfo(timezone)
    except (KeyError, ValueError):
        zone, timezone = ZoneInfo("UTC"), "UTC"
    local = deadline.replace(tzinfo=deadline.tzinfo or ZoneInfo("UTC")).astimezone(zone)
    return f"{local:%A %d %B %Y, %H:%M} ({timezone})"


def game_timing(game: GameRow) -> Timing:
    """The game's timing (pbem.app.base.timing.timing_of), read once per stored text: a
    Timing is frozen, and the same text and phase length always read the same."""
    key = (game.timing, game.phase_hours)
    found = _TIMINGS.get(key)
    if found is None:
        if len(_TIMINGS) >= 256:
            _TIMINGS.clear()
        found = _TIMINGS[key] = timing_of(game)
    return found


_TIMINGS: dict[tuple[str | None, int], Timing] = {}


@functools.lru_cache(maxsize=64)
def _hosted(ruleset: str, phase_id: int, state: str) -> rulesets.HostedGame:
    """A phase's starting value, decoded once per process: the stored start of a phase never
    changes (a phase played again after a roll back is a row of its own), and its text is
    part of the key, so two databases' phases can never be taken for each other. It is only
    read here (as pbem.app.orders reads its own)."""
    return rulesets.load(ruleset, json.loads(state))


def status(session: Any, game: GameRow, player: PlayerRow) -> str:
    if game.status in ("over", "ended"):
        winner = f"; winner: {game.winner}" if game.winner else ""
        return f"Status: {game.id} is over{winner}."
    phase = repo.gameplay.open_phase_glance(session, game.id)
    if phase is None:
        return f"Status: {game.id} has no open phase."
    hosted = _hosted(game.ruleset, phase.id, phase.state_before)
    owes = hosted.owes_told(player.side)
    you = player.side in hosted.owes()
    state = "paused by the game master; " if game.status == "paused" else ""
    held = repo.gameplay.holds_submission(session, phase.id, player.id or 0)
    mine = ("the judge holds orders from you" if held
            else "the judge holds no orders from you yet" if you else "you owe no orders")
    who = ", ".join(owes) if owes else "nobody you may be told of"
    if waits.waits(player, phase.key) and game_timing(game).early:
        mine += (" (you asked the judge to wait: send NOWAIT when you are done)"
                 if waits.why(player, phase.key) == waits.ASKED else
                 " (some of your lines were refused: the judge waits for corrected orders or "
                 "NOWAIT)")
    return (f"Status: {state}the open phase is {hosted.phase_title}; orders from "
            f"{who}; {mine}. Deadline: {_deadline_text(phase.deadline, player.timezone)}.")


def command(session: Any, settings: MailSettings, game: GameRow, player: PlayerRow,
            command: Command, mail_id: int, number: int, press_to: list[str],
            now: datetime) -> str:
    word = command.word
    if not command.known:
        guess = did_you_mean(word[:24], COMMAND_WORDS)
        return (f"{word[:24]}: the judge knows no command {word[:24]}"
                + (f" ({guess})" if guess else "") + ". Commands: HELP, STATUS, REPORT, "
                "ORDERS, PASSWORD <new>, PRESS <side|all> ... ENDPRESS, WAIT, NOWAIT, "
                "EXTEND <length>, VACATION <first day> <last day>, SET MAP <png|svg|none>.")
    if command.problem:
        return f"{word}: not done: {command.problem}"
    if word == "HELP":
        return help_text(command.argument, session, game, player)
    if word == "STATUS":
        return status(session, game, player)
    if word == "ORDERS":
        return _held(session, game, player)
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
    if word in ("WAIT", "NOWAIT"):
        return _wait(session, game, player, word)
    if word == "SET":
        return _set(session, player, command.argument)
    return f"{word}: not done."  # (every known word is handled above)


def _held(session: Any, game: GameRow, player: PlayerRow) -> str:
    """ORDERS: what the judge holds from the player for the open phase, each line as held
    or as refused (a refused line is never shown as if it were held), and where each piece
    stands with them."""
    phase = repo.open_phase(session, game.id)
    held = repo.latest_submission(session, phase.id or 0, player.id or 0) if phase else None
    if phase is None or held is None:
        return "ORDERS: the judge holds no orders from you for the open phase."
    title = rulesets.load(game.ruleset, json.loads(phase.state_before)).phase_title
    head = (f"ORDERS: the judge holds these from you for {title} (received "
            f"{held.received_at:%Y-%m-%d %H:%M} UTC):")
    answer = orders.held_orders(session.connection(), game.id, player.name, held.raw)
    if answer is None:
        return head + "\n" + "\n".join(f"  {line}" for line in held.raw.strip("\n").splitlines())
    shown = [head] + [f"  line {a.line_no}  {a.text.strip()}" for a in answer.accepted]
    if answer.refused:
        shown.append("Refused when you sent them, so NOT held (these lines are no orders):")
        shown += [f"  line {r.line_no}  {r.text.strip()[:200]}\n      REFUSED {r.reason}"
                  for r in answer.refused]
    if answer.summary:
        shown.append("Where each of your pieces stands with them:")
        shown += [f"  {line}" for line in answer.summary]
    return "\n".join(shown)


def _wait(session: Any, game: GameRow, player: PlayerRow, word: str) -> str:
    """WAIT: the player is still thinking, so an early-processing game does not play the
    open phase before its deadline on their account; NOWAIT: they are done."""
    phase = repo.open_phase(session, game.id)
    if phase is None or game.status in ("over", "ended"):
        return f"{word}: there is no phase open for orders in {game.id}."
    early = game_timing(game).early
    if word == "NOWAIT":
        if not waits.clear_wait(player):
            return ("NOWAIT: you were not waiting: the orders the judge holds from you count "
                    "as complete.")
        session.add(player)
        return ("NOWAIT: done: the orders the judge holds from you count as complete"
                + ("; the phase is played as soon as every order is in." if early else "."))
    waits.set_wait(player, phase.key, waits.ASKED)
    session.add(player)
    deadline = _deadline_text(phase.deadline, player.timezone)
    if not early:
        return ("WAIT: noted; this game plays each phase at its deadline in any case: "
                f"{deadline}. Send NOWAIT when you are done.")
    return ("WAIT: noted: the judge does not play the open phase before its deadline on your "
            f"account: {deadline}. Send NOWAIT when you are done (new orders alone do not end "
            "a WAIT you asked for).")


def _set(session: Any, player: PlayerRow, argument: str) -> str:
    """SET MAP svg|png|none: the map the player's reports carry (kept)."""
    words = argument.split()
    if len(words) != 2 or words[0].upper() != "MAP":
        return ("SET: not done: the setting the judge knows is MAP: SET MAP png, SET MAP svg "
                "or SET MAP none.")
    try:
        said = set_map_choice(player, words[1][:24])
    except ValueError as exc:
        return f"SET MAP: not done: {str(exc)[:300]}"
    session.add(player)
    return f"SET MAP: done: {said}"


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
    title = rulesets.load(game.ruleset, json.loads(resolved[-1].state_before)).phase_title
    return f"REPORT: your report of {title} is on its way in a separate mail."


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
    told = "everyone" if to == "all" else f"the {to} side"
    text = (f"PRESS in {game.id} from {player.name} ({player.side}) to {told}:\n\n"
            f"{command.body}\n\n"
            "(Relayed by the judge. Reply with a PRESS command of your own after your "
            "SIGNON line; a plain reply to this mail reaches nobody.)")
    subject = f"{game.id} — press from {player.name} to {told}"
    sent = queue_press(session, settings, game.id, int(row.id or 0), addresses, subject,
                       text, now)
    copies = []
    if to == "all" and player.email.lower() not in {a.lower() for a in addresses}:
        copies += queue_press(session, settings, game.id, int(row.id or 0), [player.email],
                              subject, text, now)  # the sender sees what everyone was sent
    master = (game.gm_email or "").strip()
    if master and gm_press_copies(game) and master.lower() not in {
            a.lower() for a in [*addresses, player.email]}:
        copies += queue_press(session, settings, game.id, int(row.id or 0), [master], subject,
                              text, now)
    press_to += sent + copies
    said = f"PRESS: sent to {told} ({counted(len(sent), 'player')})"
    if copies:
        whom = [w for w, a in (("you", player.email), ("the game master", master)) if a in copies]
        said += ", with a copy to " + " and to ".join(whom)
    return said + "."


def gm_press_copies(game: GameRow) -> bool:
    """Whether the game master is sent a copy of every press (the game setting
    "gm_press_copies"; on unless the game master turned it off)."""
    try:
        stored = json.loads(game.settings or "{}")
    except (TypeError, ValueError):
        return True
    value = stored.get("gm_press_copies", True) if isinstance(stored, dict) else True
    return value is not False


def counted(count: int, word: str) -> str:
    """ "1 player", "3 players"."""
    return f"{count} {word}{'' if count == 1 else 's'}"
