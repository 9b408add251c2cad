"""The speed-band map: this game's marks, their styles, and the legend drawn with them.

Owns the hull line, the fade of a prize (§13.4, §14.4) and of a wreck (a sunk ship where it went
down), the marks of a ship dead in the water (§7.6), of a fleeing ship's flight heading (§14.3)
and of a ship that fled off the table; the corvus link (§11; grapple lines are the kit's link,
§10); the styles of shots (archers or ballista, a line firer to target ending in a burst where
it hit or a cross where all missed, never the bow's triangle: issue 24, §12), rams (hit or
missed, with zone, chance and roll beside them, §7) and shears (a section lost or kept, §9);
this turn's activation numbers (§5), avoidances (§8.3), grapple tries (solid where the line
held, dashed where it missed, §10.2) and corvus drops (§11); and the legend: its order, its words
and each entry's sample, drawn with the very styles the map uses, the label's melee-front lines
(§13.2) and the rings and zone lines of `mapreach` included. Calls the kit, `maplabels` (the
label lines' words) and `mapreach` (the rings' colours, styles and words).
"""

from __future__ import annotations

import math

from pbem.rules.scene import Circle, Group, Point, Polygon, Polyline, Primitive, Style, Text, arrow, haloed
from pbem.rules.speedband.maplabels import LABEL_WORDS, STATE
from pbem.rules.speedband.mapreach import ARCHERY as ARCHERY
from pbem.rules.speedband.mapreach import BALLISTA_INK, REACHES, RING_WORDS, ZONE_LINE, ZONE_WORDS, zone_ticks
from pbem.rules.speedband.mapreach import CORVUS_INK as CORVUS_INK
from pbem.rules.speedband.mapreach import GRAPPLING as GRAPPLING
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
    grown,
    look_of,
    plan_end,
    ship_shape,
    trail,
)
from pbem.rules.table.maplayout import LEADER, SAMPLE, Drawing

# Colour-blind-safe colours (Paul Tol's sets), each at least 3:1 against the table; shots,
# grapple tries and the corvus take their rings' colours (`mapreach`).
RAMMED = "#cc3311"
BALLISTA = BALLISTA_INK

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
SMALL_WORDS = Style(fill=INK, stroke=WHITE, width=3, font_size=11, anchor="start", baseline="middle")
ACTIVATION = Style(fill=WHITE, stroke=INK, width=1.5, dash=())
ACTIVATION_WORDS = Style(fill=INK, stroke="none", font_size=11, anchor="middle", baseline="middle")
BADGE = 0.45  # inches: the radius of an activation number's circle
AVOID = Style(fill=INK, stroke=INK, width=2.5, dash=())
TRIED = {True: Style(fill=GRAPPLING, stroke=GRAPPLING, width=2, dash=()),
         False: Style(fill=WHITE, stroke=GRAPPLING, width=2, dash=(5, 3))}
DROP = Style(fill=CORVUS_INK, stroke=INK, width=1, dash=())


def ram_mark(kind: str, at: Point, ident: str = "", tooltip: str = "", words: str = "") -> Group:
    """A ram at its impact point: filled red when it holed the target, dashed when it failed;
    `words` (its zone, chance and roll) written beside it."""
    mark = haloed(Polygon(burst(at), RAM[kind]))
    beside = (Text((at[0] + 0.95, at[1]), words, SMALL_WORDS),) if words else ()
    return Group((*mark.items, *beside), id=ident, tooltip=tooltip)


def shear_mark(kind: str, at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A shear roll at the rammer's oar section: filled when the section was lost, open when
    it kept its oars."""
    return haloed(Polygon(diamond(at, 0.45), SHEAR[kind]), ident, tooltip)


def cross(at: Point, radius: float, style: Style) -> Group:
    """An X of two arms `radius` out from `at`, over a white halo."""
    x, y, r = at[0], at[1], radius
    arms = (Polyline(((x - r, y - r), (x + r, y + r))), Polyline(((x - r, y + r), (x + r, y - r))))
    halo = Style(stroke=WHITE, width=(style.width or 1) + 3, dash=())
    return Group((Group(arms, halo), Group(arms, style)))


def shot_mark(weapon: str, hit: bool, start: Point, end: Point, ident: str = "",
              tooltip: str = "") -> Group:
    """Archers' shots or a ballista's, a line from the firer over a white halo, solid when any
    hit and dashed when all missed, ending at the target in a burst (a hit) or a cross (all
    missed): shapes no piece uses, never the bow mark's triangle (issue 24)."""
    style = SHOT[(weapon, hit)]
    under = Polyline((start, end), Style(stroke=WHITE, width=(style.width or 1) + 3, dash=()))
    head = (haloed(Polygon(burst(end, 0.5, 0.25), Style(fill=style.stroke, stroke=INK, width=1, dash=())))
            if hit else cross(end, 0.32, Style(stroke=style.stroke, width=2.5, dash=())))
    return Group((under, Polyline((start, end), style), head), id=ident, tooltip=tooltip)


def still_mark(at: Point, ident: str = "", tooltip: str = "") -> Group:
    """Dead in the water (§7.6): a white ring amidships."""
    return haloed(Circle(at, 0.3, STILL), ident, tooltip)


def flight_mark(at: Point, towards: Point, style: Style, ident: str = "", tooltip: str = "") -> Group:
    return arrow(at, towards, style, 0.6, 0.35, ident, tooltip)


def corvus_mark(ends: tuple[Point, Point], ident: str = "", tooltip: str = "") -> Group:
    """A corvus (§11), from the dropper's bow to the ship it holds, in the corvus colour."""
    return grapple_mark(ends, ident, tooltip, CORVUS)


def activation_mark(number: int, at: Point, ident: str = "", tooltip: str = "",
                    radius: float = BADGE) -> Group:
    """A ship's place in this turn's activations (§5): its number in a white circle."""
    return Group((Circle(at, radius, ACTIVATION), Text(at, str(number), ACTIVATION_WORDS)),
                 id=ident, tooltip=tooltip)


def avoid_mark(at: Point, ident: str = "", tooltip: str = "") -> Group:
    """An avoidance (§8.3) where the avoiding ship stood: a swerving arrow over it."""
    arc = tuple((at[0] + 0.7 * math.cos(math.radians(t)), at[1] + 0.7 * math.sin(math.radians(t)))
                for t in range(160, 0, -20))
    return Group((haloed(Polyline(arc[:-1], AVOID)), arrow(arc[-2], arc[-1], AVOID, 0.35, 0.22)),
                 id=ident, tooltip=tooltip)


def grapple_try_mark(held: bool, ends: tuple[Point, Point], ident: str = "", tooltip: str = "") -> Group:
    """A grapple thrown this turn (§10.2), thrower to target with a hook at the target: solid
    and filled where the line held, dashed and open where it missed."""
    style = TRIED[held]
    hook = Circle(ends[1], 0.2, Style(fill=GRAPPLING if held else WHITE, stroke=GRAPPLING, width=2, dash=()))
    return Group((haloed(Polyline(ends, style)), haloed(hook)), id=ident, tooltip=tooltip)


def corvus_drop_mark(bow: Point, ahead: Point, ident: str = "", tooltip: str = "") -> Group:
    """A corvus dropped this turn (§11): the bridge as a plank out of the dropper's bow."""
    right = (ahead[1], -ahead[0])
    half, reach = 0.2, 0.9
    plank = ((bow[0] + half * right[0], bow[1] + half * right[1]),
             (bow[0] + half * right[0] + reach * ahead[0], bow[1] + half * right[1] + reach * ahead[1]),
             (bow[0] - half * right[0] + reach * ahead[0], bow[1] - half * right[1] + reach * ahead[1]),
             (bow[0] - half * right[0], bow[1] - half * right[1]))
    return haloed(Polygon(plank, DROP), ident, tooltip)


LEGEND_ORDER = ("fleeing", "dead-in-water", "prize", "sunk", "fled", "label", "label-crew",
                "label-state", "grapple", "corvus", "front", "move", "activation", "avoid", "ram-hit",
                "ram-miss", "ram-words", "shear-lost", "shear-kept", "blocked", "grapple-held",
                "grapple-missed", "corvus-drop", "archers-hit", "archers-miss", "ballista-hit",
                "ballista-miss", *(f"ring-{key}" for key in REACHES), "zones", "plan", "plan-end",
                "plan-ram")
MARK_WORDS = {"ram-hit": "ram holed it", "ram-miss": "ram failed",
              "ram-words": "beside a ram: impact zone, chance: d100 roll",
              "shear-lost": "oar section sheared off", "shear-kept": "shear roll: section kept",
              "blocked": "blocked", "fled": "fled off the table", "grapple": "grappled",
              "corvus": "corvus holds it (from the dropper's bow)",
              "front": "melee front: +n it holds n of C2's areas, -n C2 holds n of its own",
              "activation": "order of activation this turn",
              "avoid": "avoided a ram: moved first, from here",
              "grapple-held": "grapple thrown: the line held",
              "grapple-missed": "grapple thrown: missed",
              "corvus-drop": "corvus dropped this turn",
              "fleeing": "fleeing: its flight heading", "dead-in-water": "dead in the water",
              "prize": "faded: a prize (surrendered or captured)",
              "sunk": "faint and crossed: sunk here", "plan-ram": "will ram here",
              "plan-end": "where the move ends", "zones": ZONE_WORDS}


def _side_sample(key: str, drawing: Drawing) -> tuple[Primitive, str]:
    side = key[5:]
    colour, pattern = look_of(side, drawing.sides, {})
    return (ship_shape(SAMPLE, Style(fill=colour).under(HULL_LINE), pattern, False),
            side if pattern == "plain" else f"{side} ({pattern})")


def _turn_sample(key: str) -> tuple[Primitive, str]:
    """This turn's marks that `mapturn` and the rams draw, and the front."""
    if key == "activation":
        return activation_mark(2, (0.0, 0.0), radius=0.8), MARK_WORDS[key]
    if key == "avoid":
        return avoid_mark((0.0, -0.3)), MARK_WORDS[key]
    if key == "ram-words":
        return Text((-2.2, 0.0), "C 42%: 33", SMALL_WORDS), MARK_WORDS[key]
    if key == "front":
        return Text((0.0, 0.0), "front C2 +1", STATE), MARK_WORDS[key]
    if key.startswith("grapple-"):
        return grapple_try_mark(key == "grapple-held", ((-1.8, 0.0), (1.8, 0.0))), MARK_WORDS[key]
    if key == "corvus-drop":
        return corvus_drop_mark((-0.45, 0.0), (1.0, 0.0)), MARK_WORDS[key]
    raise ValueError(f"no legend entry {key!r}")


def _reach_sample(key: str, drawing: Drawing) -> tuple[Primitive, str]:
    """A ring's sample and words, or the zone lines' (`mapreach`)."""
    if key == "zones":
        hull = Polygon(SAMPLE, Style(fill="none", stroke=INK, width=1, dash=()))
        return Group((hull, Group(zone_ticks(SAMPLE, 1.0), ZONE_LINE))), MARK_WORDS[key]
    ring = key[5:]
    look = drawing.shown.get(key)
    sample = Polygon(grown(((-1.6, 0.2), (1.6, 0.2), (1.6, -0.2), (-1.6, -0.2)), 0.45, 3), REACHES[ring][1])
    return sample, RING_WORDS[ring].format(reach=look[1] if look else f'{REACHES[ring][0]:g}"')


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
    if key in ("activation", "avoid", "ram-words", "front", "grapple-held", "grapple-missed", "corvus-drop"):
        return _turn_sample(key)
    if key.startswith("ring-") or key == "zones":
        return _reach_sample(key, drawing)
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
