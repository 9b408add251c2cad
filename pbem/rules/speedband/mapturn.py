"""The speed-band map: this turn's activations, avoidances, grapple tries and corvus drops, read
from the events `view_events` gives the viewer and drawn with `mapmarks`' marks.

- Activations (§5): a small number by each ship astern of it, in the order of the turn's
  `activate` events, or failing them the view's `record.activations` (a combat round's view
  still holds its turn's); an avoidance is no activation (§8.3) and has no number.
- Avoidances (§8.3, `avoided`: ship, rammer, cap): a swerving arrow where the avoiding ship's
  first part began (its next `move` event), or at its hull now if no move follows.
- Grapple tries (§10.2, `grapple`: thrower, target, roll, over, success): a line from the
  thrower to a hook on the target between their hulls now, solid where the line held, dashed
  where it missed, set a little aside from the pair's link line, each way on its own side.
- Corvus drops (§11, `corvus`: ship, target, distance, zone): a plank out of the dropper's bow.

The numbers' circles are handed to label placement as obstacles, so labels keep off them. A
field missing or of the wrong kind leaves its mark undrawn. Calls the kit, `maplabels` and
`mapmarks`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pbem.rules.scene import Point
from pbem.rules.speedband.maplabels import number_of, point_of, ship_corners, status_of
from pbem.rules.speedband.mapmarks import (
    BADGE,
    activation_mark,
    avoid_mark,
    corvus_drop_mark,
    grapple_try_mark,
)
from pbem.rules.table.mapkit import Corners, ship_frame
from pbem.rules.table.maplayout import Drawing

ASIDE = 0.3  # inches a grapple try stands off the line between the two centres
ASTERN = 0.55  # inches from the stern edge's middle to an activation number's centre


def hull_of(ships: dict[str, dict[str, Any]], sid: Any) -> Corners | None:
    """A ship's hull as drawn: on the table or sunk there (a ship that fled has none)."""
    ship = ships.get(str(sid))
    if ship is None or status_of(ship) == "fled":
        return None
    return ship_corners(ship)


def activation_order(view: dict[str, Any], events: Sequence[dict[str, Any]]) -> list[str]:
    """The ships in the order they activated this turn, each once."""
    order = [str(e.get("ship")) for e in events if e.get("kind") == "activate" and e.get("ship")]
    if not order:
        record = view.get("record")
        given = record.get("activations") if isinstance(record, dict) else None
        order = [str(sid) for sid in given if isinstance(sid, str)] if isinstance(given, list) else []
    return list(dict.fromkeys(order))


def _activations(view: dict[str, Any], events: Sequence[dict[str, Any]],
                 ships: dict[str, dict[str, Any]], drawing: Drawing) -> None:
    for number, sid in enumerate(activation_order(view, events), start=1):
        corners = hull_of(ships, sid)
        if corners is None:
            continue
        _, ahead, _, _, _ = ship_frame(corners)
        stern = ((corners[1][0] + corners[2][0]) / 2, (corners[1][1] + corners[2][1]) / 2)
        at = (stern[0] - ASTERN * ahead[0], stern[1] - ASTERN * ahead[1])
        drawing.marks.append(activation_mark(number, at, f"activation--{sid}",
                                             f"{sid} activated {_ordinal(number)} this turn"))
        drawing.hulls.append(((at[0] + BADGE, at[1] + BADGE), (at[0] + BADGE, at[1] - BADGE),
                              (at[0] - BADGE, at[1] - BADGE), (at[0] - BADGE, at[1] + BADGE)))
        drawing.shown["activation"] = None


def _ordinal(number: int) -> str:
    last = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{'th' if 10 <= number % 100 <= 20 else last}"


def _avoidance(n: int, item: dict[str, Any], events: Sequence[dict[str, Any]],
               ships: dict[str, dict[str, Any]], drawing: Drawing) -> None:
    ship, rammer = str(item.get("ship", "")), str(item.get("rammer") or "the rammer")
    start = next((point_of((e.get("start_x"), e.get("start_y"))) for e in events[n + 1:]
                  if e.get("kind") == "move" and str(e.get("ship")) == ship), None)
    corners = hull_of(ships, ship)
    at = start or (ship_frame(corners)[0] if corners is not None else None)
    if not ship or at is None:
        return
    cap = item.get("cap")
    up_to = f'up to {number_of(cap):g}" of its path' if number_of(cap, -1.0) >= 0 else "part of its path"
    drawing.marks.append(avoid_mark(at, f"avoid--{ship}--{n}",
                                    f"{ship} avoids {rammer}'s ram: it moves {up_to} before {rammer}"))
    drawing.shown["avoid"] = None


def _grapple_try(n: int, item: dict[str, Any], ships: dict[str, dict[str, Any]], drawing: Drawing) -> None:
    thrower, target, held = item.get("thrower"), item.get("target"), item.get("success")
    one, two = hull_of(ships, thrower), hull_of(ships, target)
    if one is None or two is None or not isinstance(held, bool):
        return
    start, end = ship_frame(one)[0], ship_frame(two)[0]
    length = math.dist(start, end) or 1.0
    # to the left of the throw: a try each way between one pair stands on its own side
    shift: Point = (-(end[1] - start[1]) / length * ASIDE, (end[0] - start[0]) / length * ASIDE)
    ends = ((start[0] + shift[0], start[1] + shift[1]), (end[0] + shift[0], end[1] + shift[1]))
    roll, over = item.get("roll"), item.get("over")
    die = (f": d10 {roll} against more than {number_of(over):g}"
           if isinstance(roll, int) and number_of(over, -1.0) >= 0 else "")
    result = "held" if held else "missed"
    words = f"{thrower} throws a grapple at {target}{die}: " + ("the line holds" if held else "missed")
    drawing.marks.append(grapple_try_mark(held, ends, f"grapple-{result}--{thrower}--{target}--{n}", words))
    drawing.shown[f"grapple-{result}"] = None


def _corvus_drop(n: int, item: dict[str, Any], ships: dict[str, dict[str, Any]], drawing: Drawing) -> None:
    dropper, target = item.get("ship"), item.get("target")
    corners = hull_of(ships, dropper)
    if corners is None or not target:
        return
    ahead = ship_frame(corners)[1]
    bow = ((corners[0][0] + corners[3][0]) / 2, (corners[0][1] + corners[3][1]) / 2)
    facts = []
    if number_of(item.get("distance"), -1.0) >= 0:
        facts.append(f'bow {number_of(item.get("distance")):g}" from it')
    if item.get("zone"):
        facts.append(f"zone {item['zone']}")
    told = f" ({', '.join(facts)})" if facts else ""
    words = f"{dropper} drops its corvus on {target}{told}"
    if item.get("replaced_line") is True:
        words += "; it replaces the grapple line"
    drawing.marks.append(corvus_drop_mark(bow, ahead, f"corvus-drop--{dropper}--{target}--{n}", words))
    drawing.shown["corvus-drop"] = None


def turn_marks(view: dict[str, Any], events: Sequence[dict[str, Any]], ships: dict[str, dict[str, Any]],
               drawing: Drawing) -> None:
    """This turn's avoidances, grapple tries, corvus drops and, over them, activation numbers."""
    for n, item in enumerate(events):
        kind = item.get("kind")
        if kind == "avoided":
            _avoidance(n, item, events, ships, drawing)
        elif kind == "grapple":
            _grapple_try(n, item, ships, drawing)
        elif kind == "corvus":
            _corvus_drop(n, item, ships, drawing)
    _activations(view, events, ships, drawing)
