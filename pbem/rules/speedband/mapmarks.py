"""The speed-band map: this game's marks, their styles, and the legend drawn with them.

Owns the hull line, the fade of a prize (§13.4, §14.4) and of a wreck (a sunk ship where it went
down), the marks of a ship dead in the water (§7.6), of a fleeing ship's flight heading (§14.3)
and of a ship that fled off the table; the corvus link (§11; grapple lines are the kit's link,
§10); the styles of shots (archers or ballista, hit or missed, §12), rams (hit or missed, §7) and
shears (a section lost or kept, §9); and the legend: its order, its words and each entry's sample,
drawn with the very styles the map uses. Calls the kit and `maplabels` (the label lines' words).
"""

from __future__ import annotations

from pbem.rules.scene import Circle, Group, Point, Polygon, Polyline, Primitive, Style, Text, arrow, haloed
from pbem.rules.speedband.maplabels import LABEL_WORDS
from pbem.rules.table.mapkit import (
    INK,
    LINK,
    PLAN_STRIKE,
    PLAN_TRAIL,
    TRAIL,
    WHITE,
    blocked_mark,
    burst,
    diamond,
    grapple_mark,
    look_of,
    plan_end,
    ship_shape,
    shot_arrow,
    trail,
)
from pbem.rules.table.maplayout import LEADER, SAMPLE, Drawing

# Colour-blind-safe colours (Paul Tol's sets), each at least 3:1 against the table.
RAMMED, ARCHERY, BALLISTA, CORVUS_INK = "#cc3311", "#882255", "#117733", "#805500"

SHOT = {("archers", True): Style(fill=ARCHERY, stroke=ARCHERY, width=2, dash=()),
        ("archers", False): Style(fill=WHITE, stroke=ARCHERY, width=2, dash=(5, 3)),
        ("ballista", True): Style(fill=BALLISTA, stroke=BALLISTA, width=3.5, dash=()),
        ("ballista", False): Style(fill=WHITE, stroke=BALLISTA, width=3.5, dash=(8, 4))}
SHOT_WEAPONS = ("archers", "ballista")
RAM = {"hit": Style(fill=RAMMED, stroke=INK, width=2, dash=()),
       "miss": Style(fill=WHITE, stroke=INK, width=2.5, dash=(3, 2))}
SHEAR = {"lost": Style(fill=INK, stroke=INK, width=1.5, dash=()),
         "kept": Style(fill=WHITE, stroke=INK, width=2, dash=())}
HULL_LINE = Style(stroke=INK, width=1.5, dash=())
PRIZE = Style(opacity=0.4)
WRECK = Style(opacity=0.3)
STILL = Style(fill=WHITE, stroke=INK, width=2, dash=())  # dead in the water: a ring amidships
FLIGHT = Style(fill=INK, stroke=INK, width=2, dash=(5, 3))
FLED = Style(fill=INK, stroke=INK, width=3, dash=())
CORVUS = Style(fill=CORVUS_INK, stroke=CORVUS_INK, width=4, dash=())


def ram_mark(kind: str, at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A ram at its impact point: filled red when it holed the target, dashed when it failed."""
    return haloed(Polygon(burst(at), RAM[kind]), ident, tooltip)


def shear_mark(kind: str, at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A shear roll at the rammer's oar section: filled when the section was lost, open when
    it kept its oars."""
    return haloed(Polygon(diamond(at, 0.45), SHEAR[kind]), ident, tooltip)


def shot_mark(weapon: str, hit: bool, start: Point, end: Point, ident: str = "",
              tooltip: str = "") -> Group:
    """Archers' shots (a triangle head) or a ballista's (a stone) over a white halo: solid when
    any hit, dashed when all missed."""
    return shot_arrow(SHOT[(weapon, hit)], start, end, weapon == "ballista", ident, tooltip, halo=True)


def still_mark(at: Point, ident: str = "", tooltip: str = "") -> Group:
    """Dead in the water (§7.6): a white ring amidships."""
    return haloed(Circle(at, 0.3, STILL), ident, tooltip)


def flight_mark(at: Point, towards: Point, style: Style, ident: str = "", tooltip: str = "") -> Group:
    return arrow(at, towards, style, 0.6, 0.35, ident, tooltip)


def corvus_mark(ends: tuple[Point, Point], ident: str = "", tooltip: str = "") -> Group:
    """A corvus (§11), from the dropper's bow to the ship it holds, in the corvus colour."""
    return grapple_mark(ends, ident, tooltip, CORVUS)


LEGEND_ORDER = ("fleeing", "dead-in-water", "prize", "sunk", "fled", "label", "label-crew",
                "label-state", "grapple", "corvus", "move", "ram-hit", "ram-miss", "shear-lost",
                "shear-kept", "blocked", "archers-hit", "archers-miss", "ballista-hit",
                "ballista-miss", "plan", "plan-end", "plan-ram")
MARK_WORDS = {"ram-hit": "ram holed it", "ram-miss": "ram failed",
              "shear-lost": "oar section sheared off", "shear-kept": "shear roll: section kept",
              "blocked": "blocked", "fled": "fled off the table", "grapple": "grappled",
              "corvus": "corvus holds it (from the dropper's bow)",
              "fleeing": "fleeing: its flight heading", "dead-in-water": "dead in the water",
              "prize": "faded: a prize (surrendered or captured)",
              "sunk": "faint and crossed: sunk here", "plan-ram": "will ram here",
              "plan-end": "where the move ends"}


def _side_sample(key: str, drawing: Drawing) -> tuple[Primitive, str]:
    side = key[5:]
    colour, pattern = look_of(side, drawing.sides, {})
    return (ship_shape(SAMPLE, Style(fill=colour).under(HULL_LINE), pattern, False),
            side if pattern == "plain" else f"{side} ({pattern})")


def swatch(key: str, drawing: Drawing) -> tuple[Primitive, str]:
    """The sample of one legend entry, in inches around (0, 0), and its words."""
    look = drawing.shown.get(key)
    if key.startswith("side-"):
        return _side_sample(key, drawing)
    if key in ("prize", "sunk"):
        hull, pattern = look if look is not None else (Style(fill=INK).under(HULL_LINE), "plain")
        sample = ship_shape(SAMPLE, hull, pattern, key == "sunk")
        return Group((sample,), PRIZE if key == "prize" else WRECK), MARK_WORDS[key]
    if key in LABEL_WORDS:
        text, style, words = LABEL_WORDS[key]
        if key == "label" and "leader" in drawing.shown:
            return (Group((Polyline(((-2.6, -0.6), (-1.5, 0.0)), LEADER), Text((0.0, 0.0), text, style))),
                    words + "; a line ties a label set apart to its ship")
        return Text((0.0, 0.0), text, style), words
    if key in ("move", "plan"):
        return (trail(((-2.0, -0.4), (0.0, 0.4), (1.5, 0.4)), TRAIL if key == "move" else PLAN_TRAIL,
                      0.35), "this turn's path" if key == "move" else "planned path")
    if key.startswith("ram-"):
        return ram_mark(key[4:], (0.0, 0.0)), MARK_WORDS[key]
    if key.startswith("shear-"):
        return shear_mark(key[6:], (0.0, 0.0)), MARK_WORDS[key]
    if key == "plan-ram":
        return haloed(Polygon(burst((0.0, 0.0)), PLAN_STRIKE)), MARK_WORDS[key]
    if key == "blocked":
        return blocked_mark((0.0, 0.0)), MARK_WORDS[key]
    if key in ("fled", "fleeing"):
        return (flight_mark((-1.8, 0.0), (1.8, 0.0), FLED if key == "fled" else FLIGHT),
                MARK_WORDS[key])
    if key == "dead-in-water":
        return still_mark((0.0, 0.0)), MARK_WORDS[key]
    if key in ("grapple", "corvus"):
        return (grapple_mark(((-1.6, 0.0), (1.6, 0.0)), style=LINK if key == "grapple" else CORVUS),
                MARK_WORDS[key])
    if key.startswith(SHOT_WEAPONS):
        weapon, result = key.split("-")
        return (shot_mark(weapon, result == "hit", (-2.2, 0.0), (2.2, 0.0)),
                f"{weapon}: {'hit' if result == 'hit' else 'missed'}")
    if key == "plan-end":
        fill = look[0].fill if look and look[0].fill else INK
        return plan_end(SAMPLE, fill), MARK_WORDS[key]
    raise ValueError(f"no legend entry {key!r}")
