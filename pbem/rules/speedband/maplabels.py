"""The speed-band map: reading one ship of the view, and its label and tooltip.

Owns the view's small readers (a point, a number, a count), a ship's rectangle from the view's
corners or, for a ship off the table (sunk, fled), from its centre, heading, length and beam;
and the three lines of its label, built on the kit's `maplayout.Label`: the id; its crews as the
view has them (archers, soldiers, officers, ballistae: a count the view leaves out, `secret_records`
§4, is not written, and a ship with none shown says "crews hidden"); and its state (this turn's
band and its maximum band, §2.3; hull; lost oar sections; dead in the water, fleeing, prize,
sunk); and any lines of its melee fronts (§13.2) the map hands it. Also the legend's words for
those lines. Calls only the table core and the kit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pbem.rules.scene import Point, Style
from pbem.rules.table import Pose, Vec, place, rectangle
from pbem.rules.table.mapkit import INK, WHITE, Corners
from pbem.rules.table.maplayout import CREW, NAME, Label

STATE = Style(fill=INK, stroke=WHITE, width=3, font_size=12, anchor="middle", baseline="middle")
# The crews a label names, each with its letter; any the view leaves out is not written.
CREWS = (("archers", "a"), ("soldiers", "s"), ("officers", "o"), ("ballistae", "B"))
HIDDEN = "crews hidden"
ON_TABLE = ("afloat", "fleeing", "surrendered", "captured")  # sunk and fled ships are off it
PRIZES = ("surrendered", "captured")
LABEL_WORDS = {"label": ("C1", NAME, "id"),
               "label-crew": ("a3 s4", CREW, "archers, soldiers, officers, B ballistae "
                                             "(none shown: hidden, secret records)"),
               "label-state": ("h70", STATE, "band this turn/maximum band, h hull %, lost oar "
                                             "sections, DIW dead in the water")}


def point_of(value: Any) -> Point | None:
    """An [x, y] pair of numbers, or None."""
    if isinstance(value, (list, tuple)) and len(value) >= 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
            for v in value[:2]):
        return float(value[0]), float(value[1])
    return None


def number_of(value: Any, default: float = 0.0) -> float:
    """A finite number, or `default`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return default


def count_of(ship: dict[str, Any], name: str) -> int | None:
    """A count the view gives, or None where it gives none (hidden, or missing)."""
    value = ship.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def status_of(ship: dict[str, Any]) -> str:
    return str(ship.get("status") or "afloat")


def ship_corners(ship: dict[str, Any]) -> Corners | None:
    """A ship's corners from the view (bow-starboard, stern-starboard, stern-port, bow-port),
    or made from its centre, heading, length and beam (a ship off the table has none)."""
    corners = ship.get("corners")
    if isinstance(corners, (list, tuple)) and len(corners) == 4:
        points = [p for p in map(point_of, corners) if p is not None]
        if len(points) == 4:
            return tuple(points)
    at = point_of((ship.get("x"), ship.get("y")))
    heading, length, beam = ship.get("heading"), number_of(ship.get("length")), number_of(ship.get("beam"))
    if at is None or not isinstance(heading, (int, float)) or length <= 0 or beam <= 0:
        return None
    polygon = place(rectangle(length, beam), Pose(Vec(*at), float(heading)))
    return tuple((c.x, c.y) for c in polygon.corners)


def lost_sections(ship: dict[str, Any]) -> list[int]:
    lost = ship.get("sections_lost")
    if not isinstance(lost, list):
        return []
    return [k for k in lost if isinstance(k, int) and not isinstance(k, bool)]


def crew_line(ship: dict[str, Any]) -> str:
    """The crews the view gives, each after its letter ("a3 s4 o3 B1"; no ballistae, no B)."""
    words = []
    for name, letter in CREWS:
        count = count_of(ship, name)
        if count is not None and (count or name != "ballistae"):
            words.append(f"{letter}{count}")
    return " ".join(words) or HIDDEN


def state_line(ship: dict[str, Any]) -> str:
    """Band this turn over its maximum band, hull, lost sections, and what stops it."""
    status = status_of(ship)
    if status == "sunk":
        return "sunk"
    if status in PRIZES:
        words = [f"prize of {ship.get('owner', '?')}"]
    else:
        band, most = ship.get("band"), ship.get("max_band")
        words = [f"{band or '?'}/{most}" if most else str(band or "?")]
    hull = count_of(ship, "hull")
    if hull is not None:
        words.append(f"h{hull}")
    lost = lost_sections(ship)
    if lost:
        words.append("lost " + ",".join(map(str, lost)))
    if ship.get("dead_in_water") and status not in PRIZES:
        words.append("DIW")
    if status == "fleeing":
        words.append("fleeing")
    return " ".join(words)


def ship_label(sid: str, ship: dict[str, Any], corners: Corners, fronts: Sequence[str] = ()) -> Label:
    """The ship's label: id, crews, and its state as the third line (a wreck: id and "sunk"),
    then a line for each of its melee fronts as `fronts` words them ("front C2 +1", §13.2)."""
    if status_of(ship) == "sunk":
        return Label(f"label--{sid}", sid, "sunk", corners)
    more = ((state_line(ship), STATE), *((line, STATE) for line in fronts))
    return Label(f"label--{sid}", sid, crew_line(ship), corners, more=more)


def ship_tooltip(sid: str, ship: dict[str, Any]) -> str:
    """Everything the map knows of a ship, in words (hidden counts are not in the view)."""
    crews = [f"{name} {count_of(ship, name)}" for name, _ in CREWS if count_of(ship, name) is not None]
    gear = [name for name in ("tower", "corvus", "strengthened_bow") if ship.get(name)]
    owner = ship.get("owner")
    prize = f", prize of {owner}" if status_of(ship) in PRIZES and owner else ""
    lost = lost_sections(ship)
    return (f"{sid} {ship.get('name', '')}, {ship.get('type', '?')} of {ship.get('side', '?')}{prize}: "
            f"{status_of(ship)}{', dead in the water' if ship.get('dead_in_water') else ''}; "
            f"band {ship.get('band', '?')} (maximum {ship.get('max_band', '?')}); hull "
            f"{ship.get('hull', '?')}%; oar sections lost {', '.join(map(str, lost)) or 'none'}; "
            f"{', '.join(crews) or 'crews hidden'}; {', '.join(gear) or 'no tower or corvus'}; "
            f"heading {ship.get('heading', '?')}")
