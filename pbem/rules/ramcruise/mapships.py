"""The ram / cruise / strategic map: the table as the view has it now, and the scene round it.

Owns the table's size, the sides' order, each side's rout heading (§16.6, G18) and the wind
(the kit's heading arrow in the title band, with its legend entry), and the ships' layer:
each on-table ship its rectangle with its bow, side's colour and pattern, crossed when
sinking, faded when struck, with its label; routers' arrows along their rout heading;
grapples as links, once a pair (§11.3); embedded rammers' rams stuck in (§9.5); and the
viewer's reaches (`mapreach`). `scene` lays the drawing out with the kit's `table_scene` and
this map's legend (`mapmarks`). Both maps, this round's (`mapscene`) and the plan's
(`mapplan`), start here. Calls the kit, `maplabels`, `mapreach`, `mapmarks`, `state` and the
table core.
"""

from __future__ import annotations

from typing import Any

from pbem.rules.ramcruise.maplabels import (
    LABEL_WORDS,
    fights,
    number_of,
    on_table,
    ship_corners,
    ship_label,
    ship_tooltip,
)
from pbem.rules.ramcruise.mapmarks import (
    EMBEDDED,
    HULL_LINE,
    LEGEND_ORDER,
    ROUT,
    STRUCK,
    WIND,
    swatch,
)
from pbem.rules.ramcruise.mapreach import fleet_sight, ship_reaches
from pbem.rules.ramcruise.state import HOME_HEADING
from pbem.rules.scene import Box, Group, Polyline, Scene, Style, arrow, haloed
from pbem.rules.table import rout_heading
from pbem.rules.table.mapkit import (
    Corners,
    grapple_mark,
    heading_unit,
    look_of,
    ship_frame,
    ship_shape,
)
from pbem.rules.table.maplayout import Drawing, HeadingArrow, table_scene


def table_of(view: dict[str, Any]) -> tuple[float, float]:
    """The table's width and height in inches: 72 × 48 unless the view says (§2)."""
    table = view.get("table")
    given: dict[str, Any] = table if isinstance(table, dict) else {}
    width, height = number_of(given.get("width"), 72.0), number_of(given.get("height"), 48.0)
    return (width if width > 0 else 72.0), (height if height > 0 else 48.0)


def ships_of(view: dict[str, Any]) -> dict[str, Any]:
    ships = view.get("ships")
    return {str(k): v for k, v in ships.items() if isinstance(v, dict)} if isinstance(ships, dict) else {}


def rout_headings(view: dict[str, Any]) -> dict[str, int]:
    """Each side's rout heading R from the wind and its home edge (§16.6, G18)."""
    sides, wind = view.get("sides"), view.get("wind")
    if not isinstance(sides, dict) or not isinstance(wind, (int, float)):
        return {}
    return {str(side): int(rout_heading(float(wind), float(HOME_HEADING[found["home"]])))
            for side, found in sides.items()
            if isinstance(found, dict) and found.get("home") in HOME_HEADING}


def new_drawing(view: dict[str, Any], ships: dict[str, Any]) -> Drawing:
    """An empty drawing with the sides in the view's order (A first) and the wind's arrow."""
    sides = view.get("sides")
    order = [str(side) for side in sides] if isinstance(sides, dict) else []
    order += [str(s.get("side")) for s in ships.values() if str(s.get("side")) not in order]
    drawing = Drawing(order)
    wind = view.get("wind")
    if isinstance(wind, (int, float)) and not isinstance(wind, bool):
        routing = ", ".join(f"{side} {heading}" for side, heading in rout_headings(view).items())
        drawing.heading = HeadingArrow(
            float(wind), f"wind {float(wind):g}",
            f"wind towards {float(wind):g}" + (f"; routers sail {routing}" if routing else ""),
            "wind", f"the wind blows towards {float(wind):g}", WIND)
    return drawing


def scene(drawing: Drawing, title: str, subtitle: str, size: float, width: float,
          height: float) -> Scene:
    return table_scene(drawing, title, subtitle, size, width, height, "ramcruise", swatch,
                       LEGEND_ORDER)


def draw_ships(view: dict[str, Any], ships: dict[str, Any], viewer: str | None, table: Box,
               drawing: Drawing) -> None:
    """Every ship still on the table with its label, routers' arrows, grapples and embedded
    rams, and the reaches of the viewer's own fighting ships (none for observers)."""
    turn = int(number_of(view.get("turn"), 1))
    routs = rout_headings(view)
    seeing: list[Corners] = []
    placed: dict[str, Corners] = {}
    enemies = {sid: corners for sid, ship in ships.items()
               if viewer is not None and on_table(ship) and str(ship.get("side", "")) != viewer
               and (corners := ship_corners(ship)) is not None}
    for sid, ship in ships.items():
        corners = ship_corners(ship)
        if corners is None or not on_table(ship):
            continue
        placed[sid] = corners
        side = str(ship.get("side", ""))
        colour, pattern = look_of(side, drawing.sides, {})
        hull = Style(fill=colour).under(HULL_LINE)
        shape = ship_shape(corners, hull, pattern, ship.get("status") == "sinking",
                           f"side-{side}--{sid}", ship_tooltip(sid, ship, turn))
        drawing.ship(Group((shape,), STRUCK) if ship.get("status") == "surrendered" else shape,
                     side, corners)
        drawing.shown.setdefault(f"side-{side}", (hull, pattern))
        for key, present in (("sinking", ship.get("status") == "sinking"),
                             ("surrendered", ship.get("status") == "surrendered")):
            if present:
                drawing.shown.setdefault(key, (hull, pattern))
        drawing.hulls.append(corners)
        drawing.labels.append(ship_label(sid, ship, corners))
        drawing.shown.update(dict.fromkeys(LABEL_WORDS))
        if ship.get("routed") and side in routs and ship.get("status") in ("afloat", "sinking"):
            centre = ship_frame(corners)[0]
            dx, dy = heading_unit(routs[side])
            drawing.marks.append(arrow(centre, (centre[0] + 3.5 * dx, centre[1] + 3.5 * dy), ROUT,
                                       0.6, 0.3, f"rout--{sid}", f"{sid} is routed: it sails {routs[side]}"))
            drawing.shown["rout"] = None
        if viewer is not None and side == viewer and fights(ship):
            ship_reaches(sid, ship, corners, table, drawing, enemies)
            seeing.append(corners)
    fleet_sight(seeing, table, drawing)
    _links(ships, placed, drawing)


def _links(ships: dict[str, Any], placed: dict[str, Corners], drawing: Drawing) -> None:
    """Grapples (§11.3), once a pair, and embedded rammers' rams (§9.5)."""
    order = {sid: n for n, sid in enumerate(placed)}
    for sid, corners in placed.items():
        ship = ships[sid]
        for other in ship.get("grappled_with", []):
            if order.get(str(other), -1) > order[sid]:
                ends = (ship_frame(corners)[0], ship_frame(placed[str(other)])[0])
                drawing.marks.append(grapple_mark(ends, f"grapple--{sid}--{other}",
                                                  f"{sid} and {other} are grappled"))
                drawing.shown["grapple"] = None
        victim = str(ship.get("embedded_in") or "")
        if victim:
            ahead = ship_frame(corners)[1]
            bow = ((corners[0][0] + corners[3][0]) / 2, (corners[0][1] + corners[3][1]) / 2)
            tip = (bow[0] + 0.6 * ahead[0], bow[1] + 0.6 * ahead[1])
            drawing.marks.append(haloed(Polyline((bow, tip), EMBEDDED), f"embedded--{sid}",
                                        f"{sid} is embedded in {victim}"))
            drawing.shown["embedded"] = None
