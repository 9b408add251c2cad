"""What became of each order line of a ram / cruise / strategic side's sheet, told from the
phase's events (rulings §18: done, failed and why, or refused and why).

    order_fates(sheet, events) -> tuple    # one text per line of the sheet

A line's events are picked out by its ship and verb and told with `narrate`'s sentences. Calls
only the interface's sheet and line results, the rules' OrderError, `notation` (to read a line
again when the sheet kept no order) and `orders`, and `narrate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.rules.errors import OrderError
from pbem.rules.interface import ACCEPTED, LineResult, OrderSheet
from pbem.rules.ramcruise.narrate import Event, reason_of, sentence
from pbem.rules.ramcruise.notation import BUILD_LINES, ROUND_LINES, SETUP_LINES, read_line
from pbem.rules.ramcruise.orders import (
    Build,
    Duty,
    Move,
    Order,
    Picking,
    Place,
    Reading,
    Standing,
    Targets,
)

MOVE_KINDS = ("move", "blocked", "ram", "shear", "avoid", "flee")


def _order_of(line: LineResult, context: str) -> Order | None:
    found = line.order
    if isinstance(found, Reading):
        return found.order
    if isinstance(found, Move | Targets | Picking | Duty | Standing | Build | Place):
        return found
    try:
        return read_line(line.line_no, line.text, context).order
    except (OrderError, ValueError):
        return None


def _same(value: Any, ship: str) -> bool:
    return str(value or "").upper() == ship.upper()


def _line_events(order: Order, ship: str, events: Sequence[Event]) -> list[Event]:
    """The events a line brought about, in the order they happened."""
    found: list[Event] = []
    last_target = ""
    for e in events:
        kind = e.get("kind")
        if isinstance(order, Move):
            mine = ((kind in MOVE_KINDS and _same(e.get("ship"), ship) and not
                     (kind == "ram" and not e.get("marked")))
                    or (kind == "avoid" and _same(e.get("by"), ship))
                    or (kind == "grapple" and _same(e.get("target"), ship)))
        elif isinstance(order, Targets) and order.verb == "BREAK":
            mine = kind == "break" and _same(e.get("ship"), ship)
        elif isinstance(order, Targets) and order.verb == "GRAPPLE":
            mine = kind == "grapple" and _same(e.get("ship"), ship)
        elif isinstance(order, Targets | Picking) and order.verb in ("BOW", "BALLISTA"):
            weapons = ("bow",) if order.verb == "BOW" else ("ballista", "fire dart")
            mine = ((kind == "fire" and _same(e.get("ship"), ship) and e.get("weapon") in weapons)
                    or (kind == "hit" and _same(e.get("by"), ship) and e.get("weapon") in weapons)
                    or (kind == "pick" and _same(e.get("by"), ship) and order.verb == "BOW"))
        elif isinstance(order, Picking) and order.verb == "MELEE":
            mine = ((kind == "melee" and _same(e.get("ship"), ship))
                    or (kind in ("save", "hit") and _same(e.get("by"), ship)
                        and e.get("weapon", "melee") == "melee")
                    or (kind == "surrender" and last_target != "" and _same(e.get("ship"), last_target)))
            if kind == "melee" and mine:
                last_target = str(e.get("target") or "")
        elif isinstance(order, Duty):
            mine = kind == "duty" and _same(e.get("ship"), ship)
        else:
            mine = False
        if mine:
            found.append(e)
    return found


def _failure(e: Event) -> bool:
    """An event saying a line did nothing for a §18 reason (no dice were rolled for it)."""
    kind = e.get("kind")
    if kind == "blocked":
        return bool(e.get("failed"))
    if kind in ("break", "grapple", "fire", "melee"):
        return not (e.get("dice") or e.get("die")) and bool(reason_of(e))
    return False


def _held_by_shear_grapple(ship: str, told: Sequence[Event]) -> str:
    for e in told:
        if e.get("kind") == "grapple" and _same(e.get("target"), ship) and e.get("success"):
            return str(e.get("ship"))
    return ""


def _standing_fate(order: Standing) -> str:
    return (f"done: {order.notation()} stands from this round's deadline until it is "
            "changed (§5.3).")


def _fate(line: LineResult, order: Order | None, events: Sequence[Event]) -> str:
    if isinstance(order, Standing):
        return _standing_fate(order)
    if isinstance(order, Build):
        return f"done: {order.ship} built as {order.notation()}."
    if isinstance(order, Place):
        return f"done: {order.ship} placed at {order.notation()}."
    if order is None:
        return "accepted; nothing came of it."
    if isinstance(order, Move) and order.mode == "stay":
        return "done: it stayed."
    told = _line_events(order, line.piece or order.ship, events)
    if isinstance(order, Duty) and not told:
        return (f"done: {order.notation()} takes effect at the end of this half (step 11); the "
                "crewmen fight or row from the ship's next half.")
    if not told:
        return "accepted; nothing came of it."
    sentences = " ".join(sentence(e) for e in told)
    if all(_failure(e) for e in told):
        return f"failed (§18: the line stands but does nothing): {sentences}"
    if isinstance(order, Move):
        holder = _held_by_shear_grapple(line.piece or order.ship, told)
        if holder:
            return f"failed (§18: stopped by {holder}'s grapple after the shear): {sentences}"
    return f"done: {sentences}"


def order_fates(sheet: OrderSheet, events: Sequence[Event]) -> tuple[str, ...]:
    """For each line of a side's checked sheet: refused and why; failed (§18) and why; or done
    and what it brought about, told from the phase's events."""
    context = {"build": BUILD_LINES, "setup": SETUP_LINES}.get(sheet.phase.kind, ROUND_LINES)
    fates = []
    for line in sheet.lines:
        if line.status != ACCEPTED:
            fates.append(f"refused: {line.reason}" if line.reason else "refused.")
            continue
        fates.append(_fate(line, _order_of(line, context), events))
    return tuple(fates)
