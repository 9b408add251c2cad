"""A game master's mail: `SIGNON <game> GM <password>`, then one order to the judge a line.

    STATUS                      the game as the game master sees it
    EXTEND <length>             move the deadline on (24h, 2d, 90m); players told, with .ics
    DEADLINE <moment>           set it (2026-12-24T18:00+00:00)
    PROCESS                     process the open phase now
    PREVIEW                     what processing now would give (to the game master only)
    PAUSE | RESUME              stop the clock, start it again
    END [<side> | draw]         end the game: without a winner, or with the result declared
    ROLLBACK <phase> <why ...>  open an earlier phase again; the players are told why
    ANNOUNCE <text ...>         a message to every player (or ANNOUNCE alone, then lines up
                                to ENDANNOUNCE)
    INVITE <side> <address>     offer a seat of a game still forming
    START                       start a forming game (every side has its players)
    HELP                        this list

The password is the game master's own, shown once when the game was made. The actions run
once the mail is recorded, each a use-case of pbem.app.gm (journaled, players told); the
game master's answer lists what became of each line.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pbem.app import gm
from pbem.app.errors import JudgeError
from pbem.app.passwords import check_password
from pbem.mail.reading import Incoming
from pbem.mail.settings import MailSettings
from pbem.mail.signon import Block
from pbem.store.db import transaction
from pbem.store.models import GameRow

LOG = logging.getLogger(__name__)
HELP = __doc__.split("\n\n")[0] + "\n\n" + __doc__.split("\n\n")[1]  # the command list
MAX_LINES = 30

Action = Callable[[Any, MailSettings, datetime], None]


def _lines(block: Block) -> list[str]:
    """The block's lines as the game master wrote them: commands, then the order lines."""
    numbered = [(c.line_no, f"{c.word} {c.argument}".strip() + (f"\n{c.body}" if c.body else ""))
                for c in block.commands]
    texts = block.orders.split("\n") if block.orders else []
    numbers = block.order_lines or tuple(range(block.orders_line,
                                               block.orders_line + len(texts)))
    numbered += list(zip(numbers, texts, strict=False))
    found: list[str] = []
    pending: list[str] | None = None  # an ANNOUNCE alone gathers the lines to ENDANNOUNCE
    for _, line in sorted(numbered, key=lambda item: item[0]):
        if pending is not None:
            if line.strip().upper() == "ENDANNOUNCE":
                found.append("ANNOUNCE\n" + "\n".join(pending))
                pending = None
            else:
                pending.append(line)
        elif line.strip().upper() == "ANNOUNCE":
            pending = []
        elif line.strip():
            found.append(line.strip())
    if pending is not None:
        found.append("ANNOUNCE\n" + "\n".join(pending))
    return found


def gm_block(session: Any, mail_id: int, number: int, block: Block, incoming: Incoming,
             settings: MailSettings, game: GameRow, now: datetime) -> Any:
    from pbem.app.mailgate import MailOutcome, _queue_reply

    sender = incoming.sender
    registered = (game.gm_email or "").lower()
    if not check_password(block.password, game.gm_password_hash or ""):
        if sender and sender == registered:
            sent = _queue_reply(session, settings, mail_id, number, incoming, [registered],
                                f"{game.id}: wrong game master password",
                                [f"Line {block.line_no}: the game master's password for "
                                 f"{game.id} is wrong; nothing was done."], None, game.id, now)
            return MailOutcome("refused", game.id, "GM", replies=sent, mail_id=mail_id)
        return MailOutcome("refused", game.id, "GM", mail_id=mail_id)
    to = [a for a in dict.fromkeys([registered, sender]) if a]
    lines = _lines(block)[:MAX_LINES]
    actions = [_action(game.id, line) for line in lines]

    def run(engine: Any, mail: MailSettings, when: datetime) -> None:
        said = []
        for line, action in zip(lines, actions, strict=True):
            try:
                said.append(f"{line.splitlines()[0]}\n    {action(engine, mail, when)}")
            except JudgeError as exc:
                said.append(f"{line.splitlines()[0]}\n    NOT DONE: {exc}")
            except Exception as exc:  # noqa: BLE001 - one failed action must not stop the rest
                LOG.exception("a game master's action failed", extra={"game": game.id})
                said.append(f"{line.splitlines()[0]}\n    FAILED: {type(exc).__name__}")
        if not said:
            said.append("Your mail signed on as game master and asked nothing; send HELP "
                        "for the list of commands.")
        with transaction(engine) as inner:
            _queue_reply(inner, mail, mail_id, number, incoming, to,
                         f"{game.id}: game master's orders", said, None, game.id, when)

    return MailOutcome("commands", game.id, "GM", replies=tuple(to), mail_id=mail_id,
                       later=(run,))


def _action(game_id: str, line: str) -> Callable[[Any, MailSettings, datetime], str]:
    word, _, rest = line.splitlines()[0].partition(" ")
    word = word.upper().rstrip(":")
    first, _, after = rest.strip().partition(" ")

    def status(engine: Any, mail: MailSettings, now: datetime) -> str:
        from pbem.app.games import show_game

        shown = show_game(engine, game_id)
        return (f"{shown['status']}, open phase {shown['phase']}, deadline "
                f"{shown['deadline'] or 'none'}, orders owed by "
                f"{', '.join(shown['owes']) or 'nobody'}, sent by "
                f"{', '.join(shown['submitted']) or 'nobody'}")

    def extend(engine: Any, mail: MailSettings, now: datetime) -> str:
        from pbem.deadlines import parse_length

        try:
            by = parse_length(first, "EXTEND")
        except ValueError as exc:
            raise JudgeError(str(exc)) from None
        new = gm.set_deadline(engine, game_id, by=by, mail=mail, now=now)
        return f"the deadline is now {new:%Y-%m-%d %H:%M} UTC; the players were told"

    def deadline(engine: Any, mail: MailSettings, now: datetime) -> str:
        try:
            at = datetime.fromisoformat(first)
        except ValueError:
            raise JudgeError("write the moment as 2026-12-24T18:00+00:00") from None
        new = gm.set_deadline(engine, game_id, at=at, mail=mail, now=now)
        return f"the deadline is now {new:%Y-%m-%d %H:%M} UTC; the players were told"

    def process(engine: Any, mail: MailSettings, now: datetime) -> str:
        done = gm.force(engine, game_id, mail, now)
        return f"{done.key} processed; next: {done.next_key}"

    def preview(engine: Any, mail: MailSettings, now: datetime) -> str:
        done = gm.preview(engine, game_id)
        told = "\n    ".join(done.happened) or "(nothing to tell)"
        return f"if processed now ({done.key}; nothing was kept):\n    {told}"

    def pause(engine: Any, mail: MailSettings, now: datetime) -> str:
        gm.pause(engine, game_id, mail, now)
        return "paused; the players were told"

    def resume(engine: Any, mail: MailSettings, now: datetime) -> str:
        new = gm.resume(engine, game_id, mail, now)
        return f"running again; the deadline is {new:%Y-%m-%d %H:%M} UTC" if new else "running"

    def end(engine: Any, mail: MailSettings, now: datetime) -> str:
        winner = first.strip().lower() or None
        gm.end(engine, game_id, mail, now, winner=winner)
        result = ("without a winner" if winner is None else "as a draw" if winner == "draw"
                  else f"with {winner} the winner")
        return f"ended {result}; the seed is revealed to the players"

    def rollback(engine: Any, mail: MailSettings, now: datetime) -> str:
        gm.rollback(engine, game_id, first, after, mail, now)
        return f"{first} is open again; the players were told why"

    def announce(engine: Any, mail: MailSettings, now: datetime) -> str:
        text = rest if "\n" not in line else line.partition("\n")[2]
        told = gm.announce(engine, game_id, text.replace("ENDANNOUNCE", "").strip(), mail, now)
        return f"told {len(told)} players"

    def invite(engine: Any, mail: MailSettings, now: datetime) -> str:
        from pbem.app import invites

        if not after.strip():
            raise JudgeError("write INVITE <side> <address>")
        invites.invite(engine, game_id, first, after.strip(), mail, now)
        return f"{after.strip()} is invited to the {first} side"

    def start(engine: Any, mail: MailSettings, now: datetime) -> str:
        from pbem.app import invites

        new = invites.start(engine, game_id, mail, now)
        return f"started; the first deadline is {new:%Y-%m-%d %H:%M} UTC"

    def help_(engine: Any, mail: MailSettings, now: datetime) -> str:
        return HELP

    def unknown(engine: Any, mail: MailSettings, now: datetime) -> str:
        raise JudgeError(f"the judge knows no game master's command {word}; send HELP")

    return {"STATUS": status, "EXTEND": extend, "DEADLINE": deadline, "PROCESS": process,
            "PREVIEW": preview, "PAUSE": pause, "RESUME": resume, "END": end,
            "ROLLBACK": rollback, "ANNOUNCE": announce, "INVITE": invite, "START": start,
            "HELP": help_}.get(word, unknown)
