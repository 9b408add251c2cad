"""Mail in's step for a player's signed-on block: its commands (pbem.app.mailin.mailcommands
answers each) and its orders (checked and stored by pbem.app.orders in the mail's
transaction), gathered into the block's answer with the echo of every line as the judge
understood it, the lines it refused and why, what it did not read, and the player's status.

It may call pbem.app.orders, pbem.app.mailin.mailcommands, pbem.app.mailin.answers and
pbem.app.base; it signs nobody on (pbem.app.mailin.auth did)."""

from __future__ import annotations

from typing import Any

from pbem.app import orders
from pbem.app.base.errors import JudgeError
from pbem.app.mailin.answers import MailOutcome, _Answer
from pbem.app.mailin.auth import Player
from pbem.app.mailin.context import Handling
from pbem.app.mailin.mailcommands import command as command_answer
from pbem.app.mailin.mailcommands import status
from pbem.mail.signon import Block
from pbem.store.models import GameRow, PlayerRow

SHOWN_IGNORED = 12  # lines "not read" listed in a reply; the rest are counted
MAX_PRESS = 5  # PRESS commands carried out from one mail
SHOWN_ECHO = 200  # order lines echoed in an answer; the rest are counted
SHOWN_REFUSED = 50  # refused order lines shown with their reasons; the rest are counted


def commands_and_orders(session: Any, mail: Handling, number: int, block: Block, who: Player,
                        ignored: list[tuple[int, str]],
                        budget: list[int]) -> tuple[MailOutcome, _Answer]:
    """Carry out a signed-on player's block: (its outcome, its answer). `number` is the
    block's place in the mail (its answers' and press's keys); `ignored` the lines of the
    mail not read (told with the first block); `budget` the PRESS commands the mail may still
    carry out."""
    game, player, sender = who.game, who.player, mail.mail.sender
    reply = _Answer([player.email] + ([sender] if sender and not who.own else []), "", [],
                    game_id=game.id)
    press_to: list[str] = []
    for command in block.commands:
        if command.word == "PRESS" and command.known and not command.problem:
            if budget[0] <= 0:
                reply.parts.append(f"PRESS: not sent: a mail may carry {MAX_PRESS} at most.")
                continue
            budget[0] -= 1
        reply.parts.append(command_answer(session, mail.settings, game, player, command,
                                          mail.origin, number, press_to, mail.now))
    accepted = refused = 0
    orders_given = bool(block.orders.strip())
    if orders_given:
        accepted, refused = _orders(session, mail, game, player, block, reply)
    elif not block.commands:
        reply.parts.append("Your mail held a sign-on line and nothing after it; the "
                           "judge holds your orders as they were.")
    if ignored:
        shown = [f"  line {n}: {text}" for n, text in ignored[:SHOWN_IGNORED]]
        more = len(ignored) - SHOWN_IGNORED
        reply.parts.append("Not read (quoted text, signatures and lines after "
                           "ENDORDERS are never orders):\n" + "\n".join(shown)
                           + (f"\n  ... and {more} more lines" if more > 0 else ""))
    reply.parts.append(status(session, game, player))
    reply.subject = f"{game.id}: " + ("orders received" if orders_given else "your commands")
    return MailOutcome("orders" if orders_given else "commands", game.id, player.name,
                       accepted, refused, tuple(dict.fromkeys(press_to)),
                       mail_id=mail.mail_id), reply


def _order_count(text: str) -> int:
    return sum(1 for line in text.splitlines()
               if line.strip() and not line.lstrip().startswith("#"))


def _orders(session: Any, mail: Handling, game: GameRow, player: PlayerRow, block: Block,
            reply: _Answer) -> tuple[int, int]:
    """Check and store the block's orders in this transaction; the reply's echo. The text
    checked keeps each order line on its line of the mail (the others left blank), so every
    line number the judge gives is the mail's own."""
    texts = block.orders.split("\n")
    numbers = block.order_lines or tuple(range(block.orders_line,
                                               block.orders_line + len(texts)))
    placed = dict(zip(numbers, texts, strict=False))
    text = "\n".join(placed.get(n, "") for n in range(1, max(placed, default=0) + 1))
    try:
        orders.decode(block.orders)  # the limits on size, lines and binary data
        answer = orders.store_orders(session.connection(), game.id, player.name, text,
                                     "mail", mail.now)
    except orders.MissingOrderContext:
        why = (f"{game.id} has ended; no orders are taken" if game.status in ("over", "ended")
               else f"{game.id} has no phase open for orders")
        reply.parts.append(f"Your orders were not taken: {why}.")
        return 0, _order_count(block.orders)
    except JudgeError as exc:
        reply.parts.append(f"Your orders were not taken: {exc}.")
        return 0, _order_count(block.orders)
    if answer.stored:
        head = (f"Orders for {answer.phase}: stored" + (", replacing your earlier ones."
                                                       if answer.replaced_earlier else "."))
    else:
        head = (f"Orders for {answer.phase}: NOT stored, since no line could be accepted; "
                "any orders you sent before stand.")
    echo = [head, "As the judge understood them:"] if answer.accepted else [head]
    echo += [f"  line {a.line_no}  {a.piece + ': ' if a.piece else ''}{a.echo}"
             for a in answer.accepted[:SHOWN_ECHO]]
    if len(answer.accepted) > SHOWN_ECHO:
        echo.append(f"  ... and {len(answer.accepted) - SHOWN_ECHO} more lines understood "
                    "(send ORDERS to see all the judge holds)")
    if answer.refused:
        echo.append("Refused:")
        echo += [f"  {_clip(r.text.strip())}\n      REFUSED {r.reason}"
                 for r in answer.refused[:SHOWN_REFUSED]]
        if len(answer.refused) > SHOWN_REFUSED:
            echo.append(f"  ... and {len(answer.refused) - SHOWN_REFUSED} more lines "
                        "refused, not shown; correct the lines above and send your orders "
                        "again")
    reply.parts.append("\n".join(echo))
    if answer.stored and any(a.plan for a in answer.accepted):
        reply.plan = {"game": game.id, "ruleset": game.ruleset, "phase": answer.phase,
                      "side": answer.side, "player": answer.player,
                      "plans": [[a.piece, list(a.plan)] for a in answer.accepted]}
    return len(answer.accepted), len(answer.refused)


def _clip(line: str, most: int = 200) -> str:
    """A line quoted back, at most `most` characters."""
    return line if len(line) <= most else line[:most] + " ..."
