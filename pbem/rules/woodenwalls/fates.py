"""What became of each line of a Wooden Walls side's checked sheet, told from the phase's events
(rulings §17: refused at submission and why; clamped or failed at resolution and why; carried
out, and what it brought about; unused).

    order_fates(sheet, events) -> tuple[str, ...]   # one text per line of the sheet, in order

A line's events are picked out by its ship and its kind, in the order they happened, and told
with `narrate`'s sentences:

- a queue entry `<ID>/<k>`: the events of that activation (from its `activation` event to the
  next one), "clamped: …" when a `clamp` event names the line, "failed: …" for its `failed`
  events, "replaced: …" when the judge moved a standing-off or fleeing ship (§15.5); "unused:
  the ship made fewer activations" when no activation carried it out;
- `ORDER`: the order in which the side's ships were activated;
- `SPEED`: the ship's speed changes (and a clamp) this phase;
- a deck line: the events of its verb for its ship (shots, grapples, cuts, corvus, fights,
  moves, douses, shifts), with "failed: …" when one failed.

The events are the side's own view of the phase (`sideview.view_events`). Imports the interface's
sheet, `orders` and `narrate`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.rules.interface import ACCEPTED, LineResult, OrderSheet
from pbem.rules.woodenwalls.narrate import sentence
from pbem.rules.woodenwalls.orders import (
    ActivationOrder,
    ApThrow,
    Attack,
    Corvus,
    Cut,
    Douse,
    Engine,
    Fire,
    Grapple,
    Move,
    Oars,
    Post,
    Quality,
    Reading,
    Release,
    Shift,
    Shoot,
    Speed,
)

Event = Mapping[str, Any]

# The event kinds a deck line of each order brings about.
DECK_KINDS: tuple[tuple[type, frozenset[str]], ...] = (
    (Shift, frozenset({"shift"})),
    (Shoot, frozenset({"shot", "hit", "eliminated"})),
    (Engine, frozenset({"shot", "hit", "eliminated"})),
    (Fire, frozenset({"shot", "fire"})),
    (Oars, frozenset({"shot", "hit", "eliminated"})),
    (ApThrow, frozenset({"shot", "ap"})),
    (Grapple, frozenset({"grapple"})),
    (Corvus, frozenset({"corvus"})),
    (Cut, frozenset({"cut"})),
    (Release, frozenset({"cut"})),
    (Attack, frozenset({"fight", "enter", "capture"})),
    (Move, frozenset({"move"})),
    (Douse, frozenset({"fire"})),
)


# Kinds that close an activation's events: the next step, card or phase end, the deck phase.
SPAN_ENDS = frozenset({"step", "card", "phase_end", "deck_phase", "first_player"})


def _same(first: Any, second: Any) -> bool:
    return isinstance(first, str) and isinstance(second, str) and first.upper() == second.upper()


def _told(found: Sequence[Event]) -> str:
    return " ".join(sentence(item) for item in found)


def _activation_events(reading: Reading, events: Sequence[Event]) -> list[Event] | None:
    """The events of the ship's activation that carried out entry k, None when none did."""
    found: list[Event] | None = None
    for item in events:
        if found is not None and item.get("kind") in SPAN_ENDS:
            return found
        if item.get("kind") == "activation":
            if found is not None:
                return found
            if _same(item.get("ship"), reading.ship) and item.get("entry") == reading.entry:
                found = [item]
            continue
        if found is not None:
            found.append(item)
    return found


def _entry_fate(reading: Reading, events: Sequence[Event]) -> str:
    found = _activation_events(reading, events)
    if found is None:
        return "unused: the ship made fewer activations than this entry's number (§6.2)."
    key = f"{reading.ship}/{reading.entry}"
    clamped = [item for item in events if item.get("kind") == "clamp" and _same(item.get("line"), key)]
    failed = [item for item in found if item.get("kind") == "failed"]
    replaced = [item for item in failed if item.get("replaced")]
    if replaced:
        return f"replaced: {_told(replaced)} {_told(found[1:])}".strip()
    if failed:
        return f"failed: {_told(failed)} {_told([i for i in found if i not in failed][1:])}".strip()
    head = "clamped: " + _told(clamped) if clamped else "done:"
    rest = [item for item in found[1:] if item.get("kind") != "clamp"]
    return f"{head} {_told(rest) or 'nothing moved.'}".strip()


def _speed_fate(reading: Reading, events: Sequence[Event]) -> str:
    found = [item for item in events
             if (item.get("kind") == "speed" and _same(item.get("ship"), reading.ship))
             or (item.get("kind") == "clamp" and _same(item.get("line"), reading.ship))]
    if not found:
        return "accepted; the speed did not change this phase."
    clamped = any(item.get("kind") == "clamp" for item in found)
    return ("clamped: " if clamped else "done: ") + _told(found)


def _order_fate(events: Sequence[Event], ships: Sequence[str]) -> str:
    wanted = {ship.upper() for ship in ships}
    went = [str(item.get("ship")) for item in events
            if item.get("kind") == "activation" and str(item.get("ship", "")).upper() in wanted]
    if not went:
        return "accepted; none of these ships was activated."
    return "done: activated in the order " + ", ".join(dict.fromkeys(went)) + "."


def _deck_fate(reading: Reading, events: Sequence[Event]) -> str:
    kinds = next((found for kind, found in DECK_KINDS if isinstance(reading.order, kind)), frozenset())
    line = reading.notation()
    mine = []
    for item in events:
        kind = item.get("kind")
        if kind == "failed" and _same(item.get("ship"), reading.ship) and (
                item.get("order") == reading.order.notation() or item.get("line") == reading.key):
            return f"failed: {item.get('reason') or 'it could not be carried out'}."
        if kind == "shot" and item.get("failed") and item.get("line") == line:
            return f"failed: {item.get('reason') or 'no target could be shot at'}."
        if kind in kinds and _same(item.get("ship"), reading.ship) and (
                kind != "shot" or item.get("line") in (None, line)):
            mine.append(item)
    if not mine:
        return "accepted; nothing came of it this phase."
    return "done: " + _told(mine)


def _fate(reading: Reading, events: Sequence[Event]) -> str:
    order = reading.order
    if isinstance(order, ActivationOrder):
        return _order_fate(events, order.ships)
    if reading.entry:
        return _entry_fate(reading, events)
    if isinstance(order, Speed):
        return _speed_fate(reading, events)
    if isinstance(order, (Quality, Post)):
        return "done: taken for the setup."
    return _deck_fate(reading, events)


def _reading(line: LineResult) -> Reading | None:
    return line.order if isinstance(line.order, Reading) else None


def order_fates(sheet: OrderSheet, events: Sequence[Event]) -> tuple[str, ...]:
    """For each line of a side's checked sheet, what became of it this phase (see the module)."""
    fates = []
    for line in sheet.lines:
        if line.status != ACCEPTED:
            fates.append(f"refused: {line.reason}" if line.reason else "refused.")
            continue
        reading = _reading(line)
        fates.append(_fate(reading, events) if reading is not None else "accepted.")
    return tuple(fates)
