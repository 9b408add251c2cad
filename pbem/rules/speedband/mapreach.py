"""The speed-band map: the viewer's reaches, and the zone lines round enemy ships.

Owns the reach colours and ring styles, the legend's words for them, and which rings are drawn:
for each of the viewer's own ships afloat (§15: a fleeing ship neither fires nor throws, a prize
does nothing) archers 3", 6" and 10" when it carries archers and a ballista's 4", 10" and 16"
(§12.1, `missiles.RANGES`), the 1" grapple reach (§10.1, `movement.GRAPPLE_REACH`), and with a
free corvus its reach from the bow point (§11; the view's `corvus_reach`, 1" by default). A ring
is drawn only when an enemy that may be targeted (afloat or fleeing, §15) lies within it (issue
24): the footprint distance for shots and grapples (G5), the bow point's distance for a corvus,
whose bow must not lie in that enemy's zone D. Distances are taken between the hulls as the map
draws them (the view's corners, to 0.01"). The rings of ships the viewer does not own are never
drawn, so nothing here reads an enemy's crews. On the plan map the rings are those of the ships
being ordered, from where their plans leave them, against the enemies where they stand now.

Also the zones A-D round each enemy ship on the table (§1.1, G8), drawn faintly: a short line out
at 45° from each corner and one out along the beam line from the middle of each side.

Calls the kit, `maplabels`, the table core's zones and the rules modules holding the distances.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pbem.rules.scene import Box, Group, Point, Polyline, Style
from pbem.rules.speedband.maplabels import count_of, number_of, ship_corners, status_of
from pbem.rules.speedband.missiles import RANGES
from pbem.rules.speedband.movement import GRAPPLE_REACH
from pbem.rules.speedband.orders import ARCHERS, BALLISTA
from pbem.rules.speedband.switches import Options
from pbem.rules.table import SPEED_BAND
from pbem.rules.table.mapkit import Corners, clipped, distance_to, range_ring, separated, ship_frame
from pbem.rules.table.maplayout import Drawing
from pbem.rules.table.zones import Zone, zone

# Colour-blind-safe colours (Paul Tol's sets), each at least 3:1 against the table; the shots
# and links of `mapmarks` are drawn in the same colours as their rings.
ARCHERY, BALLISTA_INK, GRAPPLING, CORVUS_INK = "#882255", "#117733", "#332288", "#805500"
ZONE_INK = "#5a6570"
EPSILON = SPEED_BAND.epsilon
ZONE_TICK = 1.5  # inches: how far each zone line runs out from the hull
TARGETED = ("afloat", "fleeing")  # §15: who can be targeted (a prize is an obstacle only)
BAND_DASH = {"short": (), "medium": (6.0, 3.0), "long": (2.0, 4.0)}

# The viewer's reaches: key, inches, ring style (the corvus's inches come from the view).
REACHES: dict[str, tuple[float, Style]] = {
    **{f"{weapon}-{band}": (reach, Style(fill="none", stroke=ink, width=1.5, dash=BAND_DASH[band]))
       for weapon, ink in ((ARCHERS, ARCHERY), (BALLISTA, BALLISTA_INK))
       for band, reach in RANGES[weapon]},
    "grapple": (GRAPPLE_REACH, Style(fill="none", stroke=GRAPPLING, width=1.5, dash=())),
    "corvus": (Options().corvus_reach, Style(fill="none", stroke=CORVUS_INK, width=1.5, dash=(3.0, 2.0))),
}
RING_WORDS = {key: f'{key.split("-")[0]} {reach:g}" ({key.split("-")[1]})'
              for key, (reach, _) in REACHES.items() if "-" in key}
RING_WORDS["grapple"] = f'grapple {GRAPPLE_REACH:g}"'
RING_WORDS["corvus"] = "corvus {reach} from its bow (not across a stern)"
ZONE_LINE = Style(fill="none", stroke=ZONE_INK, width=1, dash=(3.0, 2.0), opacity=0.6)
ZONE_WORDS = "zone lines round enemy ships: A bow, B forward side, C after side, D stern"


def owner_of(ship: dict[str, Any]) -> str:
    """Whose the ship is now (a prize is its taker's, §14.4)."""
    return str(ship.get("owner") or ship.get("side") or "")


def hull_gap(first: Corners, second: Corners) -> float:
    """The footprint distance of two convex hulls (G5): 0 when they touch or overlap, else the
    least distance from a corner of either to the other."""
    if not separated(first, second):
        return 0.0
    return min(min(distance_to(p, second) for p in first), min(distance_to(p, first) for p in second))


def bow_of(corners: Corners) -> Point:
    """The bow point: the middle of the bow edge."""
    return (corners[0][0] + corners[3][0]) / 2, (corners[0][1] + corners[3][1]) / 2


def zone_about(point: Point, corners: Corners) -> Zone:
    """The zone of a point about a ship (§1.1), from the hull's own frame."""
    centre, ahead, right, length, beam = ship_frame(corners)
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    return zone(dx * ahead[0] + dy * ahead[1], dx * right[0] + dy * right[1], length, beam, EPSILON)


def targets_of(ships: dict[str, dict[str, Any]], viewer: str) -> dict[str, Corners]:
    """The hulls of the ships on the table the viewer may shoot, grapple or ram (§15)."""
    found: dict[str, Corners] = {}
    for sid, ship in ships.items():
        corners = ship_corners(ship)
        if corners is not None and owner_of(ship) != viewer and status_of(ship) in TARGETED:
            found[sid] = corners
    return found


def corvus_reach(view: dict[str, Any]) -> float:
    """The corvus reach from the view's options (§11, `corvus_reach`), 1" when not given."""
    options = view.get("options")
    given = options.get("corvus_reach") if isinstance(options, dict) else None
    reach = number_of(given, REACHES["corvus"][0])
    return reach if reach > 0 else REACHES["corvus"][0]


def circle_ring(at: Point, reach: float, table: Box, style: Style, ident: str = "",
                tooltip: str = "") -> Group:
    """A circle of `reach` round a point, cut to the table."""
    steps = max(24, math.ceil(12 * reach))
    outline = tuple((at[0] + reach * math.cos(2 * math.pi * k / steps),
                     at[1] + reach * math.sin(2 * math.pi * k / steps)) for k in range(steps))
    return Group(tuple(Polyline(run) for run in clipped(outline, table)), style, id=ident,
                 tooltip=tooltip)


def _keys(ship: dict[str, Any]) -> list[str]:
    keys = []
    if (count_of(ship, "archers") or 0) > 0:
        keys += [f"{ARCHERS}-{band}" for band, _ in RANGES[ARCHERS]]
    if (count_of(ship, "ballistae") or 0) > 0:
        keys += [f"{BALLISTA}-{band}" for band, _ in RANGES[BALLISTA]]
    keys.append("grapple")
    if ship.get("corvus") and not ship.get("corvus_holds"):
        keys.append("corvus")
    return keys


def own_reaches(view: dict[str, Any], ships: dict[str, dict[str, Any]], viewer: str | None,
                table: Box, drawing: Drawing, placed: Mapping[str, Corners] | None = None) -> None:
    """The rings of the viewer's own ships afloat, each only when an enemy lies within it;
    none for an observer or the game master (viewer None). With `placed` (the plan map: where
    each ordered ship's move leaves it) only those ships, from there."""
    if viewer is None:
        return
    targets = targets_of(ships, viewer)
    reach_of_corvus = corvus_reach(view)
    for sid, ship in ships.items():
        corners = ship_corners(ship) if placed is None else placed.get(sid)
        if corners is None or owner_of(ship) != viewer or status_of(ship) != "afloat":
            continue
        gaps = {other: hull_gap(corners, hull) for other, hull in targets.items() if other != sid}
        bow = bow_of(corners)
        for key in _keys(ship):
            reach, style = REACHES[key]
            if key == "corvus":
                reach = reach_of_corvus
                within = [other for other, hull in targets.items()
                          if distance_to(bow, hull) <= reach + EPSILON and zone_about(bow, hull) != Zone.D]
            else:
                within = [other for other, gap in gaps.items() if gap <= reach + EPSILON]
            if not within:
                continue
            words = RING_WORDS[key].format(reach=f'{reach:g}"')
            tooltip = f"{sid}: {words}, reaching {', '.join(within)}"
            ident = f"ring-{key}--{sid}"
            drawing.rings.append(circle_ring(bow, reach, table, style, ident, tooltip) if key == "corvus"
                                 else range_ring(corners, reach, table, style, ident, tooltip))
            # the legend's corvus words carry this game's reach (the entry's second field)
            drawing.shown[f"ring-{key}"] = (style, f'{reach:g}"') if key == "corvus" else None


def zone_ticks(corners: Corners, length: float = ZONE_TICK) -> tuple[Polyline, ...]:
    """The zone lines of one hull (§1.1): out at 45° from each corner (bow-starboard,
    stern-starboard, stern-port, bow-port) and out along the beam line from each side."""
    centre, ahead, right, _, beam = ship_frame(corners)
    lines = []
    for corner, (fore, side) in zip(corners, ((1, 1), (-1, 1), (-1, -1), (1, -1)), strict=True):
        dx = (fore * ahead[0] + side * right[0]) / math.sqrt(2)
        dy = (fore * ahead[1] + side * right[1]) / math.sqrt(2)
        lines.append(Polyline((corner, (corner[0] + length * dx, corner[1] + length * dy))))
    for side in (1, -1):
        start = (centre[0] + side * beam / 2 * right[0], centre[1] + side * beam / 2 * right[1])
        lines.append(Polyline((start, (start[0] + side * length * right[0],
                                       start[1] + side * length * right[1]))))
    return tuple(lines)


def enemy_zones(ships: dict[str, dict[str, Any]], viewer: str | None, drawing: Drawing) -> None:
    """Faint zone lines round every enemy ship of the viewer on the table (none for observers)."""
    if viewer is None:
        return
    for sid, corners in targets_of(ships, viewer).items():
        drawing.rings.append(Group(zone_ticks(corners), ZONE_LINE, id=f"zones--{sid}",
                                   tooltip=f"{sid}'s zones: A bow, B forward side, C after side, D stern"))
        drawing.shown["zones"] = None
