"""The account of a phase's orders in a report, as the Diplomacy judges print them: every
order as given and what became of it, and the sides that sent none. Pure: the orders and
the game before the phase come in, a report section goes out.

A mail's sign-off below its orders (lines naming no piece after the last that does) is left
out: the answer to the mail has told the player it was not read as an order.

Who sees which orders: a player their own side's, the game master everyone's; nobody else's
before the game is over (a side's orders can tell what its records hide), unless the ruleset
hides nothing (GameValue.orders_public): then everyone sees every side's orders. That a side sent
no orders is said to those who may be told it owed them (GameValue.owes_told)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pbem.rules.interface import GameValue, OrderSheet, Section

HEADERS = ("Side", "Line", "Order", "What became of it")


@dataclass(frozen=True)
class Given:
    """One submission the phase was played with: who sent it, for which side, the text."""

    player: str
    side: str
    text: str


def _orders_end(lines: Sequence[Any]) -> int:
    """How many of a submission's lines are its orders: all up to the last that names a
    piece or was accepted. Refused lines naming no piece after it are the mail's sign-off
    ("Cheers, Ann"), already answered as refused when the mail came, not orders."""
    named = [number for number, line in enumerate(lines, 1)
             if line.piece or line.status == "accepted"]
    return named[-1] if named else len(lines)


def order_account(before: GameValue, given: Sequence[Given], shown: Sequence[dict[str, Any]],
                  viewer: str | None, everything: bool, ended: bool = False,
                  check: Callable[[Given], OrderSheet] | None = None) -> Section:
    """The section: each visible line with its fate, then the sides told they owed orders
    that sent none. `shown` are the phase's events as this viewer sees them. `check`: how a
    submission reads under the rules of the game `before` (by default before.check; a
    phase's readers share one that checks each submission once)."""
    rows: list[tuple[str, ...]] = []
    several = {g.side for g in given if sum(o.side == g.side for o in given) > 1}
    for submission in given:
        if not (everything or ended or before.orders_public or submission.side == viewer):
            continue
        who = (f"{submission.side} ({submission.player})" if submission.side in several
               else submission.side)
        sheet = (check(submission) if check is not None
                 else before.check(submission.side, submission.text))
        fates = before.order_fates(sheet, shown)
        orders = _orders_end(sheet.lines)
        for line, fate in list(zip(sheet.lines, fates, strict=True))[:orders]:
            rows.append((who, str(line.line_no), line.text.strip(), fate))
    sent = {g.side for g in given}
    for side in before.owes_told(viewer, everything):
        if side not in sent:
            rows.append((side, "", "(no orders)",
                         "sent no orders: its pieces did what the rules say for no orders"))
    empty = ("none from your side" if viewer is not None
             else "none; every side's orders are shown when the game ends")
    return Section("Orders", HEADERS, tuple(rows), empty=empty)
