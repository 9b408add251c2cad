"""The speed-band map: the table as the view has it now, and the scene round it.

Owns the table's size (72" x 48" unless the view says), the sides' order, and the ships' layer:
each ship on the table its rectangle with its bow in its side's colour and pattern (a prize
faded, §13.4, §14.4), a fleeing ship's arrow along its flight heading (§14.3), a ring amidships
when dead in the water (§7.6), and its label; a sunk ship as a faint crossed wreck where it went
down; a ship that fled as an arrow off the edge where it left, with its id; the links, once a
pair: grapple lines (§10) between centres, a corvus (§11) from its dropper's bow, with the pair's
melee front (§13.2) in the tooltip; and each ship's fronts as lines of its label ("front C2
+1": it holds one of C2's areas), where labels keep clear of hulls and of one another. `scene`
lays the drawing out with the kit's `table_scene` and this map's legend (`mapmarks`). Both maps,
this turn's (`mapscene`) and the plan's (`mapplan`), start here. Calls the kit, `maplabels` and
`mapmarks`.
"""

from __future__ import annotations

from typing import Any

from pbem.rules.scene import Group, Point, Scene, Style, Text
from pbem.rules.speedband.maplabels import (
    LABEL_WORDS,
    ON_TABLE,
    PRIZES,
    number_of,
    point_of,
    ship_corners,
    ship_label,
    ship_tooltip,
    status_of,
)
from pbem.rules.speedband.mapmarks import (
    FLED,
    FLIGHT,
    HULL_LINE,
    LEGEND_ORDER,
    PRIZE,
    WRECK,
    corvus_mark,
    flight_mark,
    still_mark,
    swatch,
)
from pbem.rules.table.mapkit import (
    INK,
    WHITE,
    Corners,
    grapple_mark,
    heading_unit,
    look_of,
    ship_frame,
    ship_shape,
)
from pbem.rules.table.maplayout import Drawing, table_scene

FLED_ID = Style(fill=INK, stroke=WHITE, width=3, font_size=12, anchor="middle", baseline="middle")


def table_of(view: dict[str, Any]) -> tuple[float, float]:
    """The table's width and height in inches: 72 x 48 unless the view says (§1)."""
    table = view.get("table")
    given: dict[str, Any] = table if isinstance(table, dict) else {}
    width, height = number_of(given.get("width"), 72.0), number_of(given.get("height"), 48.0)
    return (width if width > 0 else 72.0), (height if height > 0 else 48.0)


def ships_of(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    ships = view.get("ships")
    return {str(k): v for k, v in ships.items() if isinstance(v, dict)} if isinstance(ships, dict) else {}


def new_drawing(view: dict[str, Any], ships: dict[str, dict[str, Any]]) -> Drawing:
    """An empty drawing with the sides in the view's order, then any side only a ship names."""
    sides = view.get("sides")
    order = [str(side) for side in sides] if isinstance(sides, (list, tuple, dict)) else []
    order += list(dict.fromkeys(str(s.get("side")) for s in ships.values()
                                if str(s.get("side")) not in order))
    return Drawing(order)


def scene(drawing: Drawing, title: str, subtitle: str, size: float, width: float,
          height: float) -> Scene:
    return table_scene(drawing, title, subtitle, size, width, height, "speedband", swatch,
                       LEGEND_ORDER)


def bow_point(corners: Corners) -> Point:
    """The middle of the bow edge."""
    return (corners[0][0] + corners[3][0]) / 2, (corners[0][1] + corners[3][1]) / 2


def _heading(ship: dict[str, Any]) -> float:
    flight = ship.get("flight_heading")
    return number_of(flight) if isinstance(flight, (int, float)) else number_of(ship.get("heading"))


def fled_mark(sid: str, ship: dict[str, Any], at: Point) -> Group:
    """An arrow out over the edge where the ship left, along its flight heading, and its id."""
    dx, dy = heading_unit(_heading(ship))
    start = (at[0] - 1.2 * dx, at[1] - 1.2 * dy)
    words = Text((start[0] - 1.0 * dx, start[1] - 1.0 * dy), sid, FLED_ID)
    return Group((flight_mark(start, (at[0] + 0.8 * dx, at[1] + 0.8 * dy), FLED), words),
                 id=f"fled--{sid}", tooltip=f"{sid} fled off the table here")


def _on_table(sid: str, ship: dict[str, Any], corners: Corners, drawing: Drawing) -> None:
    side, status = str(ship.get("side", "")), status_of(ship)
    colour, pattern = look_of(side, drawing.sides, {})
    hull = Style(fill=colour).under(HULL_LINE)
    shape = ship_shape(corners, hull, pattern, False, f"side-{side}--{sid}", ship_tooltip(sid, ship))
    drawing.ship(Group((shape,), PRIZE) if status in PRIZES else shape, side, corners)
    drawing.shown.setdefault(f"side-{side}", (hull, pattern))
    centre = ship_frame(corners)[0]
    if status in PRIZES:
        drawing.shown.setdefault("prize", (hull, pattern))
    if status == "fleeing":
        dx, dy = heading_unit(_heading(ship))
        drawing.marks.append(flight_mark(centre, (centre[0] + 3.5 * dx, centre[1] + 3.5 * dy), FLIGHT,
                                         f"fleeing--{sid}", f"{sid} flees towards {_heading(ship):g}"))
        drawing.shown["fleeing"] = None
    if ship.get("dead_in_water") and status not in PRIZES:
        drawing.marks.append(still_mark(centre, f"dead-in-water--{sid}", f"{sid} is dead in the water"))
        drawing.shown["dead-in-water"] = None


def draw_ships(view: dict[str, Any], ships: dict[str, dict[str, Any]], drawing: Drawing) -> set[str]:
    """Every ship on the table with its label, every wreck, every ship that fled, and the
    links; the ids of the ships drawn as fled."""
    placed: dict[str, Corners] = {}
    fled: set[str] = set()
    fronts = front_lines(view)
    for sid, ship in ships.items():
        status = status_of(ship)
        if status == "fled":
            at = point_of((ship.get("x"), ship.get("y")))
            if at is not None:
                drawing.marks.append(fled_mark(sid, ship, at))
                drawing.shown["fled"] = None
                fled.add(sid)
            continue
        corners = ship_corners(ship)
        if corners is None or status not in (*ON_TABLE, "sunk"):
            continue
        if status == "sunk":
            side = str(ship.get("side", ""))
            colour, pattern = look_of(side, drawing.sides, {})
            hull = Style(fill=colour).under(HULL_LINE)
            drawing.ships.append(Group((ship_shape(corners, hull, pattern, True),), WRECK,
                                       id=f"sunk--{sid}", tooltip=f"{sid} sank here"))
            drawing.shown.setdefault("sunk", (hull, pattern))
        else:
            _on_table(sid, ship, corners, drawing)
            placed[sid] = corners
        drawing.hulls.append(corners)
        drawing.labels.append(ship_label(sid, ship, corners, fronts.get(sid, []) if status != "sunk" else []))
        if fronts.get(sid) and status != "sunk":
            drawing.shown["front"] = None
        drawing.shown.update(dict.fromkeys(LABEL_WORDS))
    _links(view, ships, placed, drawing)
    return fled


def front_lines(view: dict[str, Any]) -> dict[str, list[str]]:
    """Each ship's melee fronts (§13.2) as label lines, from its own side of the pair: "front C2
    +1" when it holds one of C2's areas, "front R1 -1" when R1 holds one of its own, 0 when even."""
    lines: dict[str, list[str]] = {}
    fronts = view.get("fronts")
    for front in fronts if isinstance(fronts, list) else []:
        if not isinstance(front, dict) or not front.get("first") or not front.get("second"):
            continue
        value = int(number_of(front.get("value")))
        first, second = str(front["first"]), str(front["second"])
        lines.setdefault(first, []).append(f"front {second} {value:+d}" if value else f"front {second} 0")
        lines.setdefault(second, []).append(f"front {first} {-value:+d}" if value else f"front {first} 0")
    return lines


def _front_words(view: dict[str, Any], one: str, two: str) -> str:
    fronts = view.get("fronts")
    for front in fronts if isinstance(fronts, list) else []:
        if not isinstance(front, dict) or {front.get("first"), front.get("second")} != {one, two}:
            continue
        value = int(number_of(front.get("value")))
        first, second = str(front.get("first")), str(front.get("second"))
        if value == 0:
            return "; melee front even"
        holder, held = (first, second) if value > 0 else (second, first)
        return f"; melee front: {holder} holds {abs(value)} of {held}'s areas"
    return ""


def _link_list(view: dict[str, Any], ships: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The view's links, or failing them each ship's `grappled_with` as lines."""
    links = view.get("links")
    if isinstance(links, list):
        return [link for link in links if isinstance(link, dict)]
    return [{"first": sid, "second": str(other), "kind": "line", "thrower": ""}
            for sid, ship in ships.items() for other in ship.get("grappled_with", []) or []
            if isinstance(other, str) and sid < other]


def _links(view: dict[str, Any], ships: dict[str, dict[str, Any]], placed: dict[str, Corners],
           drawing: Drawing) -> None:
    """Grapple lines between centres and corvus from the dropper's bow (§10, §11), once a pair."""
    done: set[frozenset[str]] = set()
    for link in _link_list(view, ships):
        one, two = str(link.get("first")), str(link.get("second"))
        pair = frozenset((one, two))
        if one not in placed or two not in placed or pair in done:
            continue
        done.add(pair)
        thrower = str(link.get("thrower") or "")
        front = _front_words(view, one, two)
        if link.get("kind") == "corvus" and thrower in pair:
            held = two if thrower == one else one
            ends = (bow_point(placed[thrower]), ship_frame(placed[held])[0])
            drawing.marks.append(corvus_mark(ends, f"corvus--{thrower}--{held}",
                                             f"{thrower}'s corvus holds {held}{front}"))
            drawing.shown["corvus"] = None
        else:
            ends = (ship_frame(placed[one])[0], ship_frame(placed[two])[0])
            by = f" ({thrower}'s line)" if thrower else ""
            drawing.marks.append(grapple_mark(ends, f"grapple--{one}--{two}",
                                              f"{one} and {two} are grappled{by}{front}"))
            drawing.shown["grapple"] = None
