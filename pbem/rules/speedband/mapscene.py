"""The speed-band map as a scene (pbem.rules.scene), drawn with the open-table map kit
(`pbem.rules.table.mapkit` for the table, the hulls and the marks; `maplayout` for labels, the
legend and the scene). It shows the table as one viewer sees it after a turn's events:

- each ship its rectangle with its bow, the sides told by colour and pattern, prizes faded,
  fleeing ships with an arrow along their flight heading (§14.3), ships dead in the water with a
  ring amidships (§7.6), sunk ships as faint crossed wrecks, fled ships as an arrow off the edge;
  grapple lines and corvus as links (§10, §11), each locked pair's melee front written between
  them (§13.2);
- a three-line label: the id; the crews the view gives (hidden counts, `secret_records`, are not
  in the view and are not drawn); band and maximum band, hull, lost oar sections;
- faint zone lines round the viewer's enemies (§1.1), and for the viewer's own ships the reaches
  that hold an enemy now: archers 3", 6", 10", ballista 4", 10", 16", grapple 1", corvus from the
  bow (§10-§12; issue 24: no ring that reaches nobody, and never another side's);
- this turn's activation numbers (§5), paths step by step from each `move` event's path (pivots
  about the centre, G17; the aim step's turn is what the end heading leaves), avoidances (§8.3),
  rams at the impact point (hit or missed, with zone, chance and roll beside them, §7), shear
  rolls at the rammer's oar section (lost or kept, §9), grapple tries (held or missed, §10.2),
  corvus drops (§11), shots firer to target ending in a burst where they hit and a cross where
  they missed (archers or ballista, §12), blocks and flights.

The map's modules, each calling only those above it: `maplabels` (reading a ship of the view,
its label and tooltip), `mapreach` (the viewer's rings and the enemies' zone lines), `mapmarks`
(this game's marks, their styles and the legend), `mapships` (the table now and the scene round
it), `mapturn` (activations, avoidances, grapple tries and corvus drops), `mapplan` (the plan
map) and this module, which reads this turn's paths, rams, shears, shots, blocks and flights and
makes `map_scene`; it names `plan_scene` too, so that the package's map is found here. Events
are those `view_events` gives the same viewer; a missing field leaves its mark undrawn, never
raises.

Coordinates are the table's inches (x east, y north from the south-west corner).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from pbem.rules.scene import Point, Scene, text_width
from pbem.rules.speedband.maplabels import number_of, point_of, ship_corners
from pbem.rules.speedband.mapmarks import SHOT_WEAPONS, SMALL_WORDS, ram_mark, shear_mark, shot_mark
from pbem.rules.speedband.mapplan import plan_scene as plan_scene
from pbem.rules.speedband.mapreach import enemy_zones, own_reaches
from pbem.rules.speedband.mapships import draw_ships, fled_mark, new_drawing, scene, ships_of, table_of
from pbem.rules.speedband.mapturn import turn_marks
from pbem.rules.table.mapkit import (
    TRAIL,
    Corners,
    blocked_mark,
    default_size,
    heading_unit,
    nearest_points,
    ship_frame,
    trail,
)
from pbem.rules.table.maplayout import Drawing

STEP = re.compile(r"([FBPSA])(\d+(?:\.\d+)?)?", re.IGNORECASE)
CLOSE = 0.02  # inches: a reconstructed path meets the event's end within this
SIDE_BY_SIDE = 0.35  # inches between the arrows of volleys between one pair of ships


def _turn(degrees: float) -> float:
    """A heading change in (-180, 180]."""
    return -((-degrees + 180) % 360 - 180)


def path_points(item: dict[str, Any]) -> list[Point]:
    """A `move` event's path on the table: the start, each straight step's end, the end. A
    pivot turns about the centre (G17, `pivot_point` centre); the aim step `A` turns by what
    the end heading leaves over the written turns. A path cut short (`stopped`) ends where the
    event's end lies on a straight step; a path that does not meet the end is drawn straight."""
    start = point_of((item.get("start_x"), item.get("start_y")))
    end = point_of((item.get("end_x"), item.get("end_y")))
    if start is None or end is None:
        return []
    heading, last = number_of(item.get("start_heading")), number_of(item.get("end_heading"))
    steps = [(kind.upper(), float(amount) if amount else 0.0)
             for kind, amount in STEP.findall(str(item.get("path") or ""))]
    written = sum(a if k == "S" else -a for k, a in steps if k in "PS")
    aims = sum(1 for k, _ in steps if k == "A")
    aim = _turn(last - heading - written) / aims if aims else 0.0
    points, at = [start], start
    for kind, amount in steps:
        if kind in "PSA":
            heading += aim if kind == "A" else (amount if kind == "S" else -amount)
            continue
        dx, dy = heading_unit(heading)
        sign = 1.0 if kind == "F" else -1.0
        to = (at[0] + sign * amount * dx, at[1] + sign * amount * dy)
        if item.get("stopped") and abs(_turn(heading - last)) < 1e-6 and _on_segment(end, at, to):
            points.append(end)
            return points
        points.append(to)
        at = to
    if math.dist(at, end) > CLOSE:
        return [start, end]
    points[-1] = end
    return points


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    length = math.dist(a, b)
    if length == 0:
        return math.dist(p, a) <= CLOSE
    share = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / length ** 2
    near = (a[0] + share * (b[0] - a[0]), a[1] + share * (b[1] - a[1]))
    return -1e-9 <= share <= 1 + 1e-9 and math.dist(p, near) <= CLOSE


def paths(events: Sequence[dict[str, Any]]) -> list[tuple[int, str, list[Point]]]:
    """Each ship's path this turn from its `move` events, with the index of its first event and
    the ship: a part starting where the ship's last ended carries the same line on (an avoiding
    ship's two parts, §8.3)."""
    found: list[tuple[int, str, list[Point]]] = []
    last: dict[str, list[Point]] = {}
    for n, item in enumerate(events):
        if not isinstance(item, dict) or item.get("kind") != "move":
            continue
        line, ship = path_points(item), str(item.get("ship", ""))
        if not line:
            continue
        going = last.get(ship)
        if going is not None and math.dist(going[-1], line[0]) <= CLOSE:
            going.extend(p for p in line[1:] if math.dist(p, going[-1]) > 1e-9)
        else:
            line = [p for k, p in enumerate(line) if k == 0 or math.dist(p, line[k - 1]) > 1e-9]
            found.append((n, ship, line))
            last[ship] = line
    return [(n, ship, line) for n, ship, line in found if len(line) > 1]


def _hull(ships: dict[str, dict[str, Any]], sid: Any) -> Corners | None:
    ship = ships.get(str(sid))
    return ship_corners(ship) if ship is not None else None


def _between(ships: dict[str, dict[str, Any]], one: Any, two: Any) -> Point | None:
    """The middle of two hulls' closest points."""
    first, second = _hull(ships, one), _hull(ships, two)
    if first is None or second is None:
        return None
    a, b = nearest_points(first, second)
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def section_point(corners: Corners, section: int) -> Point:
    """Oar section k's place on the hull's side (`oar_sides`: odd port, even starboard, bow to
    stern in four pairs)."""
    centre, ahead, right, length, beam = ship_frame(corners)
    u = length / 2 - length * ((section - 1) // 2 + 0.5) / 4
    v = (beam / 2) * (1 if section % 2 == 0 else -1)
    return centre[0] + u * ahead[0] + v * right[0], centre[1] + u * ahead[1] + v * right[1]


def _ram(n: int, item: dict[str, Any], events: Sequence[dict[str, Any]],
         ships: dict[str, dict[str, Any]], drawing: Drawing, size: float) -> None:
    if not isinstance(item.get("success"), bool):
        return
    rammer, target = item.get("rammer"), item.get("target")
    at = point_of((item.get("x"), item.get("y"))) or _between(ships, rammer, target)
    if at is None:
        return
    result = "hit" if item["success"] else "miss"
    loss = next((e.get("loss") for e in events[n + 1:] if isinstance(e, dict)
                 and e.get("kind") == "ram_damage" and e.get("rammer") == rammer
                 and e.get("target") == target), None)
    zone, chance, roll = item.get("zone"), number_of(item.get("chance"), -1.0), item.get("roll")
    words = f"{rammer} rams {target}" + (f" in zone {zone}" if zone else "")
    dice = [f"chance {chance:g}%"] if chance >= 0 else []
    dice += [f"d100 {roll}"] if isinstance(roll, int) and not isinstance(roll, bool) else []
    words += f" ({', '.join(dice)})" if dice else ""
    if not item["success"]:
        words += ": failed"
    else:
        words += f": holed, hull -{loss}%" if isinstance(loss, int) else ": holed"
    beside = " ".join(filter(None, (str(zone or ""), f"{chance:g}%" if chance >= 0 else "")))
    if isinstance(roll, int) and not isinstance(roll, bool):
        beside += f": {roll}" if beside else str(roll)
    drawing.marks.append(ram_mark(result, at, f"ram-{result}--{n}", words, beside))
    drawing.shown[f"ram-{result}"] = None
    if beside:
        drawing.shown["ram-words"] = None
        # labels keep off the words as off a hull: their box, in inches
        left, wide, high = at[0] + 0.95, text_width(beside, SMALL_WORDS.font_size or 11) / size, 8 / size
        drawing.hulls.append(((left + wide, at[1] + high), (left + wide, at[1] - high),
                              (left, at[1] - high), (left, at[1] + high)))


def _shear(n: int, item: dict[str, Any], ships: dict[str, dict[str, Any]], drawing: Drawing) -> None:
    hull, section = _hull(ships, item.get("rammer")), item.get("section")
    if hull is None or not isinstance(section, int) or not 1 <= section <= 8 or "lost" not in item:
        return
    kept = "lost" if item["lost"] else "kept"
    words = f"{item.get('rammer')}'s oar section {section} " + ("sheared off" if item["lost"] else "kept")
    drawing.marks.append(shear_mark(kept, section_point(hull, section), f"shear-{kept}--{n}", words))
    drawing.shown[f"shear-{kept}"] = None


def _shots(events: Sequence[dict[str, Any]], ships: dict[str, dict[str, Any]], drawing: Drawing) -> None:
    """One arrow a firer, target and weapon, solid if any shot hit, the hit types in the
    tooltip (not how many shots: with secret records that would tell a count); the volleys
    between one pair of ships, either way, stand side by side."""
    volleys: dict[tuple[str, str, str], tuple[int, list[str]]] = {}
    for n, item in enumerate(events):
        if (isinstance(item, dict) and item.get("kind") == "shot" and item.get("weapon") in SHOT_WEAPONS
                and "hit" in item):
            key = (str(item.get("ship")), str(item.get("target")), str(item["weapon"]))
            _, hits = volleys.setdefault(key, (n, []))
            if item["hit"] and str(item["hit"]) not in hits:
                hits.append(str(item["hit"]))
    pairs: dict[frozenset[str], list[tuple[str, str, str]]] = {}
    for key in volleys:
        pairs.setdefault(frozenset(key[:2]), []).append(key)
    for (firer, target, weapon), (n, hits) in volleys.items():
        one, two = _hull(ships, firer), _hull(ships, target)
        if one is None or two is None:
            continue
        start, end = nearest_points(one, two)
        if math.dist(start, end) < 0.6:  # alongside: centre to centre instead
            start, end = ship_frame(one)[0], ship_frame(two)[0]
        together = pairs[frozenset((firer, target))]
        shift = SIDE_BY_SIDE * (together.index((firer, target, weapon)) - (len(together) - 1) / 2)
        length = math.dist(start, end) or 1.0
        way = 1.0 if firer <= target else -1.0  # one perpendicular for the pair, either way
        nx, ny = -(end[1] - start[1]) / length * shift * way, (end[0] - start[0]) / length * shift * way
        result = "hit" if hits else "miss"
        words = f"{firer} {weapon} at {target}: " + (f"hit ({', '.join(hits)})" if hits else "missed")
        drawing.marks.append(shot_mark(weapon, bool(hits), (start[0] + nx, start[1] + ny),
                                       (end[0] + nx, end[1] + ny), f"{weapon}-{result}--{n}", words))
        drawing.shown[f"{weapon}-{result}"] = None


def _events(view: dict[str, Any], ships: dict[str, dict[str, Any]], events: Sequence[dict[str, Any]],
            drawing: Drawing, size: float, fled: set[str]) -> None:
    for n, ship, line in paths(events):
        drawing.trails.append(trail(line, TRAIL, 4 / size, f"move--{ship}--{n}"))
        drawing.shown["move"] = None
    for n, item in enumerate(events):
        if not isinstance(item, dict):
            continue
        kind, who = item.get("kind"), str(item.get("ship", "?"))
        if kind == "ram":
            _ram(n, item, events, ships, drawing, size)
        elif kind == "shear":
            _shear(n, item, ships, drawing)
        elif kind == "blocked":
            at = point_of((item.get("x"), item.get("y"))) or _between(ships, who, item.get("by"))
            if at is not None:
                by = item.get("by")
                words = f"{who} is blocked by {'the table edge' if by == 'edge' else by or 'something'}"
                drawing.marks.append(blocked_mark(at, f"blocked--{n}", words))
                drawing.shown["blocked"] = None
        elif kind == "fled" and who not in fled:
            at = point_of((item.get("x"), item.get("y")))
            if at is not None:
                drawing.marks.append(fled_mark(who, ships.get(who, {}), at))
                drawing.shown["fled"] = None
                fled.add(who)
    _shots(events, ships, drawing)
    turn_marks(view, events, ships, drawing)


def map_scene(view: dict[str, Any], events: Sequence[dict[str, Any]], title: str, subtitle: str,
              viewer: str | None, size: float = 0.0) -> Scene:
    """The table as `viewer` (a side; None for observers and the game master) sees it after
    `events` (the turn's, as view_events gives them to the same viewer): the ships, the links
    and fronts, the zones round the viewer's enemies and the reaches of its own ships that reach
    an enemy (none for observers), this turn's activation numbers, paths, avoidances, rams,
    shears, grapple tries, corvus drops, shots, blocks and flights, and a legend. `size` is
    pixels per inch; 0 fits the table into about 1,400 pixels."""
    ships = ships_of(view)
    width, height = table_of(view)
    size = size or default_size(width)
    drawing = new_drawing(view, ships)
    drawing.viewer = viewer
    fled = draw_ships(view, ships, drawing)
    enemy_zones(ships, viewer, drawing)
    own_reaches(view, ships, viewer, (0.0, 0.0, width, height), drawing)
    _events(view, ships, [item for item in events if isinstance(item, dict)], drawing, size, fled)
    return scene(drawing, title, subtitle, size, width, height)
