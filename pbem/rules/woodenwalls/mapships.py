"""The Wooden Walls map: the table as the view has it now, and the scene round it.

Owns the map's scale (about 1,400 px wide: some 75 px an SL on the 18 x 12 table), the grid
every SL with the SL numbered along the edges and a 2-SL scale bar (the kit's grid is every 6"
and its bar 12": `sl_grid` and `sl_bar` replace them in the kit's scene), land and currents (§1,
§7.9; from the view's `terrain` when it has one), the wind arrow in the title band (§7.10), and
the ships' layer: each ship afloat its octagon in its side's colour and pattern with its bow mark
(§2), holes, fires and smoke plumes (§10, §13), oar sections lost or shipped (§7.6, §8.3) and
its label; a hulk faded where it lies (§15.3); a ship that fled an arrow off the edge with its
id; the links, grapple centre to centre, corvus and ram from the user's bow (§10.5, §12). Both
maps start here. Calls the kit, `maplabels`, `mapmarks`, `shipgeom` and `fire`'s plume lengths.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from pbem.rules.scene import Group, Point, Polygon, Scene, Style, Text, arrow
from pbem.rules.table import smoke_plume
from pbem.rules.table.mapgrid import unit_bar, unit_grid
from pbem.rules.table.mapkit import EDGE, INK, WHITE, WIDEST, Corners
from pbem.rules.table.maplayout import Drawing, HeadingArrow, table_scene
from pbem.rules.woodenwalls.fire import plume_length
from pbem.rules.woodenwalls.maplabels import (
    fires_of,
    links_of,
    local,
    octagon_frame,
    point_of,
    pose_of,
    row_of,
    ship_corners,
    ship_label,
    ship_tooltip,
    status_of,
    terrain_of,
    texts_of,
    wind_of,
)
from pbem.rules.woodenwalls.mapmarks import (
    HULK,
    LAND,
    LEGEND_ORDER,
    SMOKE,
    current_mark,
    fire_mark,
    hole_marks,
    link_mark,
    oar_bar,
    ship_shape,
    side_look,
    swatch,
)
from pbem.rules.woodenwalls.shipgeom import oar_intervals, reference_point

FLED_ID = Style(fill=INK, stroke=WHITE, width=3, font_size=12, anchor="middle", baseline="middle")
NAME = "woodenwalls"


def default_size(width: float) -> float:
    """Pixels per SL: the table about WIDEST pixels wide, between 20 and 90."""
    return round(min(max((WIDEST - 2 * EDGE) / width, 20.0), 90.0), 1)


def new_drawing(view: dict[str, Any], ships: dict[str, dict[str, Any]]) -> Drawing:
    """An empty drawing with the sides in the view's order, then any side only a ship names."""
    sides = view.get("sides")
    order = [str(side) for side in sides] if isinstance(sides, (list, tuple)) else []
    order += list(
        dict.fromkeys(str(s.get("side")) for s in ships.values() if str(s.get("side")) not in order)
    )
    return Drawing(order)


def sl_grid(width: float, height: float, size: float) -> Group:
    """The table, a grid every SL and the SL along all four edges (kept by its size)."""
    return unit_grid(width, height, size, NAME, 1, "sl")


def sl_bar(size: float) -> Group:
    """Two SL in two blocks of one under the table's south-west corner."""
    return unit_bar(size, 1.0, "2 SL (the grid is 1 SL)")


def scene(drawing: Drawing, title: str, subtitle: str, size: float, width: float, height: float) -> Scene:
    """The kit's table scene with the grid and scale bar in SL."""
    made = table_scene(drawing, title, subtitle, size, width, height, NAME, swatch, LEGEND_ORDER)
    return replace(made, items=(sl_grid(width, height, size), sl_bar(size), *made.items[2:]))


def label_box(corners: Corners) -> Corners:
    """The rectangle round an octagon, in the kit's corner order (bow-starboard, stern-starboard,
    stern-port, bow-port), for the kit's label placement, which frames four corners."""
    _, _, _, length, beam = octagon_frame(corners)
    return tuple(
        local(corners, u * length / 2, v * beam / 2) for u, v in ((1, 1), (-1, 1), (-1, -1), (1, -1))
    )


def draw_terrain(view: dict[str, Any], drawing: Drawing) -> None:
    """Land and currents under everything else, and the wind arrow."""
    land, currents = terrain_of(view)
    for n, polygon in enumerate(land):
        drawing.rings.append(Group((Polygon(polygon, LAND),), id=f"land--{n}", tooltip="land"))
        drawing.shown["land"] = None
    for n, (polygon, heading, strength) in enumerate(currents):
        drawing.rings.append(
            current_mark(
                polygon,
                heading,
                strength,
                f"current--{n}",
                f"a {strength} current running towards {heading:g}",
            )
        )
        drawing.shown["current"] = None
    wind = wind_of(view)
    if wind is not None:
        strength, heading = wind
        drawing.heading = HeadingArrow(
            heading,
            f"wind {strength} {heading:g}",
            "wind: blowing towards",
            key="wind",
            tooltip=f"a {strength} wind blowing towards {heading:g}",
        )


def _plumes(sid: str, ship: dict[str, Any], view: dict[str, Any], drawing: Drawing) -> None:
    """Smoke from each area at fire level 2 or more, W wide, along the wind (§13.3)."""
    row, pose, wind = row_of(ship), pose_of(ship), wind_of(view)
    if row is None or pose is None or wind is None:
        return
    for area, level in fires_of(ship).items():
        length = plume_length(level)
        if length is None or area not in ("B", "M", "S", "T1", "T2"):
            continue
        plume = smoke_plume(reference_point(row, pose, area), row.beam, wind[1], length)
        drawing.rings.append(
            Group(
                (Polygon(tuple((c.x, c.y) for c in plume.corners), SMOKE),),
                id=f"smoke--{sid}--{area}",
                tooltip=f"smoke from {sid}'s {area}",
            )
        )
        drawing.shown["smoke"] = None


def _oars(sid: str, ship: dict[str, Any], corners: Corners, drawing: Drawing) -> None:
    """A red bar over each oar section lost, a dashed bar along a side whose oars are shipped."""
    row = row_of(ship)
    if row is None:
        return
    intervals = oar_intervals(row)
    half = octagon_frame(corners)[4] / 2 + 0.03
    for label in texts_of(ship.get("oars_lost")):
        side, number = label[:1].upper(), label[1:]
        if side in "PS" and number.isdigit() and 1 <= int(number) <= len(intervals):
            piece = intervals[int(number) - 1]
            v = half if side == "S" else -half
            drawing.marks.append(
                oar_bar(
                    local(corners, piece.forward, v),
                    local(corners, piece.aft, v),
                    False,
                    f"oars-lost--{sid}--{label}",
                    f"{sid}'s oar section {label} is lost",
                )
            )
            drawing.shown["oars-lost"] = None
    for side in texts_of(ship.get("shipped")):
        if side in ("port", "starboard") and intervals:
            v = half if side == "starboard" else -half
            drawing.marks.append(
                oar_bar(
                    local(corners, intervals[0].forward, v),
                    local(corners, intervals[-1].aft, v),
                    True,
                    f"oars-shipped--{sid}--{side}",
                    f"{sid}'s {side} oars are shipped",
                )
            )
            drawing.shown["oars-shipped"] = None


def _afloat(sid: str, ship: dict[str, Any], view: dict[str, Any], corners: Corners, drawing: Drawing) -> None:
    side = str(ship.get("controller") or ship.get("side") or "")
    hull, pattern = side_look(side, drawing.sides)
    shape = ship_shape(corners, hull, pattern, f"side-{side}--{sid}", ship_tooltip(sid, ship))
    if status_of(ship) == "hulk":
        drawing.ships.append(Group((shape,), HULK, id=f"hulk--{sid}", tooltip=f"{sid} is a hulk"))
        drawing.shown.setdefault("hulk", (hull, pattern))
        return
    drawing.ship(shape, side, corners)
    drawing.shown.setdefault(f"side-{side}", (hull, pattern))
    holes, added = texts_of(ship.get("holes")), texts_of(ship.get("added"))
    if holes or added:
        drawing.marks.append(
            Group(
                (hole_marks(corners, holes, added),),
                id=f"holes--{sid}",
                tooltip=f"{sid}: holes {' '.join(holes) or 'none'}; added {' '.join(added) or 'none'}",
            )
        )
        drawing.shown["holes"] = None
    row, pose = row_of(ship), pose_of(ship)
    for area, level in fires_of(ship).items():
        if row is not None and pose is not None and area in ("B", "M", "S", "T1", "T2"):
            at = reference_point(row, pose, area)
            drawing.marks.append(
                fire_mark(
                    (at.x, at.y), level, 1.0, f"fire--{sid}--{area}", f"{sid}'s {area} burns at level {level}"
                )
            )
            drawing.shown["fire"] = None
    _plumes(sid, ship, view, drawing)
    _oars(sid, ship, corners, drawing)


def fled_mark(sid: str, ship: dict[str, Any], at: Point) -> Group:
    """An arrow out over the edge where the ship left, along its heading, and its id."""
    heading = ship.get("heading")
    h = math.radians(float(heading)) if isinstance(heading, (int, float)) and math.isfinite(heading) else 0.0
    dx, dy = math.sin(h), math.cos(h)
    start = (at[0] - 0.6 * dx, at[1] - 0.6 * dy)
    words = Text((start[0] - 0.4 * dx, start[1] - 0.4 * dy), sid, FLED_ID)
    line = arrow(
        start, (at[0] + 0.3 * dx, at[1] + 0.3 * dy), Style(fill=INK, stroke=INK, width=3, dash=()), 0.2, 0.12
    )
    return Group((line, words), id=f"fled--{sid}", tooltip=f"{sid} fled off the table here")


def draw_ships(
    view: dict[str, Any], ships: dict[str, dict[str, Any]], drawing: Drawing
) -> dict[str, Corners]:
    """Every ship on the table with its marks and label, every hulk, every ship that fled, the
    links; the corners of the ships drawn on the table."""
    placed: dict[str, Corners] = {}
    for sid, ship in ships.items():
        status = status_of(ship)
        if ship.get("removed") is True:
            continue
        if status == "fled":
            at = point_of((ship.get("x"), ship.get("y")))
            if at is not None:
                drawing.marks.append(fled_mark(sid, ship, at))
                drawing.shown["fled"] = None
            continue
        corners = ship_corners(ship)
        if corners is None or status not in ("afloat", "hulk"):
            continue
        _afloat(sid, ship, view, corners, drawing)
        placed[sid] = corners
        drawing.hulls.append(corners)
        label = ship_label(sid, ship, label_box(corners))
        drawing.labels.append(label)
        drawing.shown.update(dict.fromkeys(("label", "label-speed")))
        if len(label.lines) > 2:
            drawing.shown["label-state"] = None
    _links(view, placed, drawing)
    return placed


def bow_point(corners: Corners) -> Point:
    """The middle of the bow edge (corners 7 and 0)."""
    return (corners[0][0] + corners[7][0]) / 2, (corners[0][1] + corners[7][1]) / 2


def _links(view: dict[str, Any], placed: dict[str, Corners], drawing: Drawing) -> None:
    """Each link once a kind and pair: a grapple centre to centre with its count, a corvus and a
    ram from the user's bow to the other's centre."""
    done: set[tuple[str, frozenset[str]]] = set()
    counts: dict[tuple[str, frozenset[str]], int] = {}
    for kind, a, b, count in links_of(view):
        counts[(kind, frozenset((a, b)))] = counts.get((kind, frozenset((a, b))), 0) + count
    for kind, a, b, _ in links_of(view):
        pair = (kind, frozenset((a, b)))
        if a not in placed or b not in placed or pair in done:
            continue
        done.add(pair)
        centre_b = octagon_frame(placed[b])[0]
        start = octagon_frame(placed[a])[0] if kind == "grapple" else bow_point(placed[a])
        words = {
            "grapple": f"{a} and {b} are grappled ({counts[pair]} grapples)",
            "corvus": f"{a}'s corvus holds {b}",
            "ram": f"{a}'s ram is lodged in {b}",
        }[kind]
        key = "ram-link" if kind == "ram" else kind
        drawing.marks.append(link_mark(kind, (start, centre_b), 1.0, f"{key}--{a}--{b}", words))
        drawing.shown[key] = None
