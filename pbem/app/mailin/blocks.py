"""Mail in's step for a player's signed-on block: its commands (pbem.app.mailin.mailcommands
answers each) and its orders (checked and stored by pbem.app.orders in the mail's
transaction), gathered into the block's answer with the echo of every line as the judge
understood it, the lines it refused and why, what it did not read, and the player's status.

It may call pbem.app.orders, pbem.app.mailin.mailcommands, pbem.app.mailin.answers and
pbem.app.base; it signs nobody on (pbem.app.mailin.auth did)."""

from __future__ import annotations

from typing import Any

from pbem.app import orders
from pbem.app.base import waits
from pbem.app.base.errors import JudgeError
from pbem.app.mailin.answers import MailOutcome, _Answer, reply_subject
from pbem.app.mailin.auth import Player
from pbem.app.mailin.context import Handling
from pbem.app.mailin.mailcommands import command as command_answer
from pbem.app.mailin.mailcommands import game_timing, status
from pbem.mail.signon import Block
from pbem.store import repo
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
    carry out. The status is said once, at the end (where a STATUS command asks for it too),
    so that it tells of the orders of this very mail."""
    game, player, sender = who.game, who.player, mail.mail.sender
    reply = _Answer([player.email] + ([sender] if sender and not who.own else []), "", [],
                    game_id=game.id)
    press_to: list[str] = []
    for command in block.commands:
        if command.word == "STATUS" and command.known and not command.problem:
            continue  # said once, below
        if command.word == "PRESS" and command.known and not command.problem:
            if budget[0] <= 0:
                reply.parts.append(f"PRESS: not sent: a mail may carry {MAX_PRESS} at most.")
                continue
            budget[0] -= 1
        reply.parts.append(command_answer(session, mail.settings, game, player, command,
                                          mail.origin, number, press_to, mail.now))
    accepted = refused = 0
    orders_given = bool(block.orders.strip())
    headline = f"{game.id} — your commands"
    if orders_given:
        session.flush()  # a WAIT above is seen by the orders' own statements
        accepted, refused, headline = _orders(session, mail, game, player, block, reply)
    elif not block.commands:
        reply.parts.append("Your mail held a sign-on line and nothing after it; the "
                           "judge holds your orders as they were.")
    if ignored:
        shown = [f"  line {n}: {text}" for n, text in ignored[:SHOWN_IGNORED]]
        more = len(ignored) - SHOWN_IGNORED
        reply.parts.append("Not read (quoted text, signatures and lines after "
                           "ENDORDERS are never orders):\n" + "\n".join(shown)
                           + (f"\n  ... and {more} more {plural(more, 'line')}" if more > 0
                              else ""))
    reply.parts.append(status(session, game, player))
    reply.subject = reply_subject(mail.mail.subject, headline)
    if reply.subject != headline:
        reply.parts.insert(0, headline + ".")
    return MailOutcome("orders" if orders_given else "commands", game.id, player.name,
                       accepted, refused, tuple(dict.fromkeys(press_to)),
                       mail_id=mail.mail_id), reply


def plural(count: int, word: str, many: str = "") -> str:
    """The word for `count` of it: "line" for 1, "lines" otherwise (or `many`)."""
    return word if count == 1 else (many or word + "s")


def counted(count: int, word: str, many: str = "") -> str:
    """ "1 line", "3 lines"."""
    return f"{count} {plural(count, word, many)}"


def _order_count(text: str) -> int:
    return sum(1 for line in text.splitlines()
               if line.strip() and not line.lstrip().startswith("#"))


def _lower_first(title: str) -> str:
    return title[:1].lower() + title[1:] if title[1:2].islower() or title[1:2] == " " else title


def _orders(session: Any, mail: Handling, game: GameRow, player: PlayerRow, block: Block,
            reply: _Answer) -> tuple[int, int, str]:
    """Check and store the block's orders in this transaction; the reply's echo, and the
    summary of where each of the sender's pieces stands. The text checked keeps each order
    line on its line of the mail (the others left blank), so every line number the judge
    gives is the mail's own. (accepted, refused, the answer's headline)."""
    texts = block.orders.split("\n")
    numbers = block.order_lines or tuple(range(block.orders_line,
                                               block.orders_line + len(texts)))
    placed = dict(zip(numbers, texts, strict=False))
    text = "\n".join(placed.get(n, "") for n in range(1, max(placed, default=0) + 1))
    not_taken = f"{game.id} — your orders: not taken"
    try:
        orders.decode(block.orders)  # the limits on size, lines and binary data
        answer = orders.store_orders(session.connection(), game.id, player.name, text,
                                     "mail", mail.now)
    except orders.MissingOrderContext:
        why = (f"{game.id} has ended; no orders are taken" if game.status in ("over", "ended")
               else f"{game.id} has no phase open for orders")
        reply.parts.append(f"Your orders were not taken: {why}.")
        return 0, _order_count(block.orders), not_taken
    except JudgeError as exc:
        reply.parts.append(f"Your orders were not taken: {exc}.")
        return 0, _order_count(block.orders), not_taken
    title = _lower_first(answer.title or answer.phase)
    taken = answer.stored
    if taken and answer.refused:
        if waits.why(player, answer.phase) != waits.REFUSED:  # (the same again: no write)
            waits.set_wait(player, answer.phase, waits.REFUSED)
    elif taken:
        waits.clear_wait(player, only=waits.REFUSED)
    if player not in session:  # (signing on read it into this session: nothing to add)
        session.add(player)
    counts = (f"{counted(len(answer.accepted), 'line')} accepted, {len(answer.refused)} "
              "refused")
    if taken and answer.paused:
        head = (f"Orders for {answer.title or answer.phase}: kept; the game is paused ({counts}"
                + ("; they replace your earlier ones" if answer.replaced_earlier else "")
                + "). The judge plays them when the game master resumes the game; until then "
                "you may send new ones.")
        headline = f"{game.id} — orders kept for {title}; the game is paused"
    elif taken:
        head = (f"Orders for {answer.title or answer.phase}: stored ({counts})"
                + ("; they replace your earlier ones." if answer.replaced_earlier else "."))
        headline = f"{game.id} — orders received for {title}"
    else:
        head = (f"Orders for {answer.title or answer.phase}: NOT stored, since no line could be accepted; "
                "any orders you sent before stand.")
        headline = f"{game.id} — orders not taken for {title}"
    echo = [head, "As the judge understood them:"] if answer.accepted else [head]
    echo += [f"  line {a.line_no}  {a.piece + ': ' if a.piece else ''}{a.echo}"
             for a in answer.accepted[:SHOWN_ECHO]]
    if len(answer.accepted) > SHOWN_ECHO:
        more = len(answer.accepted) - SHOWN_ECHO
        echo.append(f"  ... and {counted(more, 'more line')} understood "
                    "(send ORDERS to see all the judge holds)")
    if answer.refused:
        echo.append("Refused:")
        echo += [f"  {_clip(r.text.strip())}\n      REFUSED {r.reason}"
                 for r in answer.refused[:SHOWN_REFUSED]]
        if len(answer.refused) > SHOWN_REFUSED:
            more = len(answer.refused) - SHOWN_REFUSED
            echo.append(f"  ... and {counted(more, 'more line')} refused, not shown; correct "
                        "the lines above and send your orders again")
    reply.parts.append("\n".join(echo))
    summary = summary_text(answer) if taken else _held_summary(session, game, player, answer)
    if summary:
        reply.parts.append(summary)
    if taken and answer.refused and game_timing(game).early:
        reply.parts.append(
            "Since some of your lines were refused, the judge does not count your orders as "
            "complete: it does not play this phase before its deadline on your account until "
            "you send corrected orders (every line accepted), or the command NOWAIT to let "
            "the orders above stand. At the deadline it plays what it holds.")
    if taken and any(a.plan for a in answer.accepted):
        reply.plan = {"game": game.id, "ruleset": game.ruleset, "phase": answer.phase,
                      "side": answer.side, "player": answer.player,
                      "plans": [[a.piece, list(a.plan)] for a in answer.accepted]}
    return len(answer.accepted), len(answer.refused), headline


def summary_text(answer: orders.OrdersAnswer) -> str:
    """Where each of the sender's pieces stands with these orders: its order as understood,
    or what the rules do with no order (so that a refused line never leaves a piece idle
    unseen)."""
    if not answer.summary:
        return ""
    return "Where each of your pieces stands with these orders:\n" + "\n".join(
        f"  {line}" for line in answer.summary)


def _held_summary(session: Any, game: GameRow, player: PlayerRow,
                  answer: orders.OrdersAnswer) -> str:
    """For orders not stored: where each piece stands with the orders the judge still holds
    from the player, or, holding none, with no orders at all."""
    phase = repo.open_phase(session, game.id)
    held = repo.latest_submission(session, phase.id or 0, player.id or 0) if phase else None
    before = (orders.held_orders(session.connection(), game.id, player.name, held.raw)
              if held is not None else None)
    if before is not None and before.summary:
        return ("Where each of your pieces stands with the orders the judge still holds from "
                "you:\n" + "\n".join(f"  {line}" for line in before.summary))
    if not answer.summary:
        return ""
    return ("Where each of your pieces stands, since the judge holds no orders from you:\n"
            + "\n".join(f"  {line}" for line in answer.summary))


def _clip(line: str, most: int = 200) -> str:
    """A line quoted back, at most `most` characters."""
    return line if len(line) <= most else line[:most] + " ..."
