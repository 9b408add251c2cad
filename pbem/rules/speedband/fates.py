"""What became of each line of a speed-band side's checked sheet, told from the phase's events
(rulings §20: refused at submission and why; failed at resolution and why; or done, and what it
brought about).

    order_fates(sheet, events) -> tuple    # one text per line of the sheet, in its order

A line's events are picked out by its ship and its verb, in the order they happened, and told
with `narrate`'s sentences: "refused: <reason>", "failed: <why> (§20): <sentences>", "done:
<sentences>" or "accepted; nothing came of it.". Standing orders (CUT, MELEE, LOSSES, RAISE,
BREAK, §4) say that they stand, then what they did this phase. The events are the side's own
view of the phase (`view.view_events`); a field left out for it is left out of the text too.
Imports only the interface's sheet and line results, the rules' OrderError, `notation` (to read
a line again when a sheet kept no order), `orders` and `narrate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.rules.errors import OrderError
from pbem.rules.interface import ACCEPTED, LineResult, OrderSheet
from pbem.rules.speedband.narrate import Event, reason_of, sentence
from pbem.rules.speedband.notation import read_line
from pbem.rules.speedband.orders import (
    AVOID,
    COMBAT_ROUND,
    ORDERS_ROUND,
    SETUP_ROUND,
    Corvus,
    CorvusWork,
    Cut,
    Fire,
    Grapple,
    Losses,
    Melee,
    Movement,
    Order,
    Place,
    React,
    Reading,
    Transfer,
)

NOTHING = "accepted; nothing came of it."
CONTEXTS = {"setup": SETUP_ROUND, "orders": ORDERS_ROUND, "combat": COMBAT_ROUND}
ORDER_TYPES = (Movement, React, Grapple, Corvus, Cut, Fire, Melee, Losses, CorvusWork, Transfer,
               Place)
MELEE_KINDS = ("melee_die", "melee_side", "melee_losses", "melee_round", "melee_none", "capture")


def _same(value: Any, ship: str) -> bool:
    return str(value or "").upper() == ship.upper()


def _order_of(line: LineResult, context: str) -> Order | None:
    found = line.order
    if isinstance(found, Reading):
        return found.order
    if isinstance(found, ORDER_TYPES):
        return found
    try:
        reading = read_line(line.text, context)
    except (OrderError, ValueError):
        return None
    return reading.order if reading is not None else None


def _told(events: Sequence[Event]) -> str:
    return " ".join(sentence(e) for e in events)


def _done(events: Sequence[Event]) -> str:
    return f"done: {_told(events)}" if events else NOTHING


def _failed(why: str, events: Sequence[Event], rule: str = "§20") -> str:
    return f"failed: {why} ({rule}): {_told(events)}" if events else f"failed: {why} ({rule})."


def _standing(text: str, events: Sequence[Event]) -> str:
    return f"done: {text}" + (f" {_told(events)}" if events else "")


# --- round 1


def _movement_events(ship: str, events: Sequence[Event]) -> list[Event]:
    """The ship's own path and its RAM: the path's move and what stopped it, the announcement,
    the ram roll and what followed it (damage, sinking, dead in the water, the shear)."""
    found: list[Event] = []
    part, rammed = "", ""
    for e in events:
        kind = e.get("kind")
        if kind == "activate" or (kind == "move" and not _same(e.get("ship"), ship)):
            part = ""  # another activation or another ship's move: the ship's path is over
        if kind == "move" and _same(e.get("ship"), ship):
            part = str(e.get("part") or "")
            mine = part == "path"
        elif kind in ("blocked", "fled") and _same(e.get("ship"), ship):
            mine = part == "path"
        elif kind in ("void", "ram_lapsed", "ram_no_contact", "announce"):
            mine = _same(e.get("ship"), ship)
        elif kind in ("ram", "ram_damage", "shear_side", "shear"):
            mine = _same(e.get("rammer"), ship)
            if mine and kind == "ram_damage":
                rammed = str(e.get("target") or "")
        elif kind == "dead_in_water":
            mine = bool(e.get("ships")) and _same((e.get("ships") or [""])[0], ship)
        elif kind == "sunk":
            mine = rammed != "" and _same(e.get("ship"), rammed)
        elif kind == "grapple":  # a line that stopped the ship on its path
            mine = part == "path" and _same(e.get("target"), ship) and bool(e.get("success"))
        else:
            mine = False
        if mine:
            found.append(e)
    return found


def _avoid_events(ship: str, events: Sequence[Event]) -> list[Event]:
    """A ram on the ship and its reaction: the announcement, the observation, the avoidance
    parts and what stopped them, the ram roll, the shear of the rammer's oars."""
    found: list[Event] = []
    part, shearing, announced = "", "", False
    for e in events:
        kind = e.get("kind")
        if kind == "announce":
            mine = _same(e.get("target"), ship)
            announced = announced or mine
        elif kind in ("observe", "avoided"):
            mine = _same(e.get("ship"), ship)
        elif kind == "move" and _same(e.get("ship"), ship):
            part = str(e.get("part") or "")
            mine = part.startswith("avoid")
        elif kind in ("blocked", "fled") and _same(e.get("ship"), ship):
            mine = part.startswith("avoid")
        elif kind in ("ram", "ram_damage"):
            mine = announced and _same(e.get("target"), ship)
        elif kind == "sunk":
            mine = announced and _same(e.get("ship"), ship)
        elif kind == "shear_side":
            mine = _same(e.get("target"), ship)
            shearing = str(e.get("rammer") or "") if mine else ""
        elif kind == "shear":
            mine = shearing != "" and _same(e.get("rammer"), shearing)
        else:
            mine = False
        if mine:
            found.append(e)
    return found


def _grappled_by(ship: str, events: Sequence[Event]) -> str:
    """The other ship of the first line that took hold with this ship at one end."""
    for e in events:
        if e.get("kind") == "grapple" and e.get("success"):
            if _same(e.get("thrower"), ship):
                return str(e.get("target") or "")
            if _same(e.get("target"), ship):
                return str(e.get("thrower") or "")
    return ""


def _stop_reason(ship: str, moves: Sequence[Event], events: Sequence[Event]) -> str:
    for e in moves:
        stopped, by = str(e.get("stopped") or ""), str(e.get("by") or "")
        if stopped == "blocked":
            return f"it was blocked by {by or 'a ship'}"
        if stopped == "edge":
            return "it was stopped at the table edge"
        if stopped == "grappled":
            after = next((n for n, item in enumerate(events) if item is e), 0)
            by = by or _grappled_by(ship, events[after:])  # a line of this very move
            return f"a grapple with {by} stopped it" if by else "a grapple stopped it"
    return ""


def _movement_fate(ship: str, order: Movement, events: Sequence[Event]) -> str:
    told = _movement_events(ship, events)
    kinds = {str(e.get("kind")) for e in told}
    if "void" in kinds:
        held = [e for e in told if not (e.get("kind") == "move" and e.get("stopped") == "void")]
        return _failed("it was held", held)
    if not any(e.get("kind") == "move" for e in told):
        rammed = [e for e in events if e.get("kind") == "dead_in_water"
                  and len(e.get("ships") or []) > 1 and _same((e.get("ships") or [])[1], ship)]
        if rammed:
            return _failed(f"{rammed[0]['ships'][0]} rammed it before it moved", rammed)
        # its path was moved as an avoidance (a REACT AVOID without a path of its own)
        told += [e for e in _avoid_events(ship, events)
                 if e.get("kind") in ("avoided", "move", "blocked", "fled")]
    why = _stop_reason(ship, [e for e in told if e.get("kind") == "move"], events)
    if why:
        return _failed(why, told)
    if "ram_lapsed" in kinds:
        return _failed(f"its ram on {order.ram} lapsed", told)
    if "ram_no_contact" in kinds:
        return _failed(f"its ram on {order.ram} never made contact", told)
    return _done(told)


def _react_fate(ship: str, order: React, events: Sequence[Event]) -> str:
    told = _avoid_events(ship, events)
    announced = [e for e in told if e.get("kind") == "announce"]
    if not announced:
        return NOTHING
    if order.kind == AVOID:
        if all(e.get("reaction") != AVOID for e in announced):
            return _failed("it counted as IGNORE: the ship was held, was itself avoiding, or "
                           "the path was not legal for its speed", told)
        if any(e.get("kind") == "observe" and not e.get("success") for e in told):
            return _failed("the observation roll failed, so it held as if it ignored the ram",
                           told)
        why = _stop_reason(ship, [e for e in told if e.get("kind") == "move"], events)
        if why:
            return _failed(f"its avoidance was cut short: {why}", told)
    return _done(told)


def _grapple_fate(ship: str, events: Sequence[Event]) -> str:
    told: list[Event] = []
    held: set[str] = set()
    for e in events:
        if e.get("kind") == "grapple" and _same(e.get("thrower"), ship):
            told.append(e)
            if e.get("success"):
                held.add(str(e.get("target") or "").upper())
        elif (e.get("kind") == "cut" and _same(e.get("thrower"), ship)
              and not _same(e.get("ship"), ship)):
            told.append(e)
            if e.get("success"):
                held.discard(str(e.get("ship") or "").upper())
    if not told:
        return NOTHING
    if held:
        return _done(told)
    return _failed("no line it threw held", told)


def _corvus_fate(ship: str, events: Sequence[Event]) -> str:
    return _done([e for e in events if e.get("kind") == "corvus" and _same(e.get("ship"), ship)])


def _cut_fate(ship: str, order: Cut, events: Sequence[Event]) -> str:
    cuts = [e for e in events if e.get("kind") == "cut" and _same(e.get("ship"), ship)]
    return _standing(f"{order.notation()} stands until it is changed (§10.3).", cuts)


# --- round 2


def _fire_fate(ship: str, order: Fire, events: Sequence[Event]) -> str:
    told = [e for e in events if e.get("kind") in ("shot", "fire_refused")
            and _same(e.get("ship"), ship) and e.get("weapon") == order.weapon]
    if told and all(e.get("kind") == "fire_refused" for e in told):
        return _failed(f"its {order.weapon} fired nothing", told)
    return _done(told)


def _melee_fate(ship: str, order: Melee, events: Sequence[Event]) -> str:
    if not order.target:
        return f"done: MELEE OFF: {ship}'s standing MELEE order ends."
    pair = {ship.upper(), order.target.upper()}
    ended = [e for e in events if e.get("kind") == "melee_order_ended"
             and _same(e.get("ship"), ship)]
    if ended:
        return _failed(f"the standing MELEE {order.target} ended: {reason_of(ended[0])}", ended)
    told = []
    for e in events:
        kind = e.get("kind")
        names = {str(e.get(key) or "").upper()
                 for key in ("ship", "against", "by", "first", "second")} - {""}
        if kind in MELEE_KINDS and len(names) == 2 and names == pair:
            told.append(e)
    return _standing(f"MELEE {order.target} stands while the pair stays locked, until MELEE OFF "
                     "(§13.1).", told)


def _losses_fate(order: Losses) -> str:
    return f"done: {order.notation()} stands until it is changed (§13.3)."


def _work_fate(ship: str, order: CorvusWork, events: Sequence[Event]) -> str:
    if order.off:
        return f"done: {order.notation()}: the standing {order.verb.upper()} ends."
    told = [e for e in events if (e.get("kind") == "corvus_work" and _same(e.get("ship"), ship)
                                  and e.get("verb") == order.verb)
            or (e.get("kind") == "corvus_ended" and _same(e.get("by"), ship))]
    return _standing(f"{order.notation()} stands until the link ends or {order.verb.upper()} OFF "
                     "(§11).", told)


def _transfer_fate(ship: str, events: Sequence[Event]) -> str:
    told = [e for e in events if e.get("kind") == "transfer" and _same(e.get("ship"), ship)]
    if told and all(e.get("moved") == 0 for e in told):
        return _failed(reason_of(told[0]) or "nothing crossed", told)
    return _done(told)


def _place_fate(ship: str, order: Place, events: Sequence[Event]) -> str:
    told = [e for e in events if e.get("kind") == "placed" and _same(e.get("ship"), ship)]
    if not told:
        return NOTHING
    e = told[0]
    try:
        moved = (abs(float(e["x"]) - order.x) > 0.01 or abs(float(e["y"]) - order.y) > 0.01
                 or int(e["heading"]) != order.heading)
    except (KeyError, TypeError, ValueError):
        moved = False
    if moved:
        return _failed("it could not be placed there, so it takes its table position", told,
                       "§18")
    return _done(told)


def _fate(ship: str, order: Order | None, events: Sequence[Event]) -> str:
    if isinstance(order, Movement):
        return _movement_fate(ship, order, events)
    if isinstance(order, React):
        return _react_fate(ship, order, events)
    if isinstance(order, Grapple):
        return _grapple_fate(ship, events)
    if isinstance(order, Corvus):
        return _corvus_fate(ship, events)
    if isinstance(order, Cut):
        return _cut_fate(ship, order, events)
    if isinstance(order, Fire):
        return _fire_fate(ship, order, events)
    if isinstance(order, Melee):
        return _melee_fate(ship, order, events)
    if isinstance(order, Losses):
        return _losses_fate(order)
    if isinstance(order, CorvusWork):
        return _work_fate(ship, order, events)
    if isinstance(order, Transfer):
        return _transfer_fate(ship, events)
    if isinstance(order, Place):
        return _place_fate(ship, order, events)
    return NOTHING


def _ship_of(line: LineResult) -> str:
    if line.piece:
        return line.piece
    found = line.order
    if isinstance(found, Reading):
        return found.ship
    return line.text.split(":", 1)[0].strip() if ":" in line.text else ""


def order_fates(sheet: OrderSheet, events: Sequence[Event]) -> tuple[str, ...]:
    """For each line of a side's checked sheet: refused and why; failed (§20) and why; done and
    what it brought about; or accepted with nothing coming of it, told from the phase's events
    as the side sees them."""
    context = CONTEXTS.get(sheet.phase.kind, ORDERS_ROUND)
    fates = []
    for line in sheet.lines:
        if line.status != ACCEPTED:
            fates.append(f"refused: {line.reason}" if line.reason else "refused.")
            continue
        fates.append(_fate(_ship_of(line), _order_of(line, context), events))
    return tuple(fates)
