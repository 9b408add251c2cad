"""The ram / cruise / strategic map: this game's marks, their styles, and the legend drawn
with them.

Owns the hull line and the fade of a struck ship, the styles of shots (bow and ballista, hit
or missed, §14, §15), rams (marked, holed, failed, §9), shears (made or avoided, §8), embedded
rams (§9.5), routers' and fleeing ships' arrows (§16.6) and the wind; the marks for rams,
shears and shots; and the legend: its order, its words and each entry's sample, drawn with
the very styles the map uses (the wind's entry is the kit's, from the drawing's heading
arrow). Calls the kit, `maplabels` (the label lines' words) and `mapreach` (the rings').
"""

from __future__ import annotations

from pbem.rules.ramcruise.maplabels import LABEL_WORDS
from pbem.rules.ramcruise.mapreach import BALLISTA, BOWFIRE, REACHES, RING_WORDS
from pbem.rules.scene import Group, Point, Polygon, Polyline, Primitive, Style, Text, arrow, haloed
from pbem.rules.table.mapkit import (
    INK,
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
    shot_arrow,
    trail,
)
from pbem.rules.table.maplayout import LEADER, SAMPLE, Drawing

RAMMED = "#cc3311"  # Paul Tol's vibrant red, at least 3:1 against the table

SHOT = {("bow", True): Style(fill=BOWFIRE, stroke=BOWFIRE, width=2, dash=()),
        ("bow", False): Style(fill=WHITE, stroke=BOWFIRE, width=2, dash=(5, 3)),
        ("ballista", True): Style(fill=BALLISTA, stroke=BALLISTA, width=3.5, dash=()),
        ("ballista", False): Style(fill=WHITE, stroke=BALLISTA, width=3.5, dash=(8, 4))}
SHOT_WEAPONS = ("bow", "ballista")
RAM = {"marked": Style(fill=WHITE, stroke=INK, width=2.5, dash=()),
       "hit": Style(fill=RAMMED, stroke=INK, width=2, dash=()),
       "miss": Style(fill=WHITE, stroke=INK, width=2.5, dash=(3, 2))}
SHEAR = {"shear": Style(fill=INK, stroke=INK, width=1.5, dash=()),
         "avoided": Style(fill=WHITE, stroke=INK, width=2, dash=())}
HULL_LINE = Style(stroke=INK, width=1.5, dash=())
STRUCK = Style(opacity=0.4)
EMBEDDED = Style(stroke=RAMMED, width=5, dash=())
ROUT = Style(fill=INK, stroke=INK, width=2, dash=(5, 3))
WIND = Style(fill=INK, stroke=INK, width=3, dash=())


def ram_mark(kind: str, at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A ram at its impact point: open when marked, filled when it holed, dashed when it failed."""
    return haloed(Polygon(burst(at), RAM[kind]), ident, tooltip)


def shear_mark(kind: str, at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A shear at the abreast point (§8.1), a diamond (bows are triangles): filled when made,
    open when the victim avoided it."""
    return haloed(Polygon(diamond(at, 0.5), SHEAR[kind]), ident, tooltip)


def shot_mark(weapon: str, hit: bool, start: Point, end: Point, ident: str = "",
              tooltip: str = "") -> Group:
    """A bow shot or a ballista's over a white halo, so that it shows on the hulls of ships
    alongside: solid ending in a burst when it hit, dashed ending in a cross when it missed
    (issue 24: never a triangle, the bow marker's shape)."""
    return shot_arrow(SHOT[(weapon, hit)], start, end, weapon == "ballista", ident, tooltip,
                      halo=True, hit=hit)


LEGEND_ORDER = ("sinking", "surrendered", "rout", "label", "label-crew", "label-state", "grapple",
                "embedded", "move", "shear-shear", "shear-avoided", "ram-marked", "ram-hit",
                "ram-miss", "blocked", "fled", "bow-hit", "bow-miss", "ballista-hit",
                "ballista-miss", *(f"ring-{key}" for key in REACHES), "wind", "plan", "plan-end",
                "plan-shear", "plan-ram")
MARK_WORDS = {"shear-shear": "shear at the abreast point", "shear-avoided": "shear avoided",
              "ram-marked": "ram contact (rolled after the fire)", "ram-hit": "ram holed it",
              "ram-miss": "ram failed", "blocked": "blocked", "fled": "fled off the table",
              "grapple": "grappled", "embedded": "rammer embedded in its victim",
              "rout": "routed: sails this way", "plan-shear": "will shear here (abreast point)",
              "plan-ram": "will ram here", "plan-end": "where the move ends"}


def swatch(key: str, drawing: Drawing) -> tuple[Primitive, str]:
    """The sample of one legend entry, in inches around (0, 0), and its words."""
    look = drawing.shown.get(key)
    if key.startswith("side-"):
        side = key[5:]
        colour, pattern = look_of(side, drawing.sides, {})
        return (ship_shape(SAMPLE, Style(fill=colour).under(HULL_LINE), pattern, False),
                side if pattern == "plain" else f"{side} ({pattern})")
    if key in ("sinking", "surrendered") and look is not None:
        sample = ship_shape(SAMPLE, look[0], look[1], key == "sinking")
        return ((sample, "crossed: sinking") if key == "sinking"
                else (Group((sample,), STRUCK), "faded: struck (surrendered)"))
    if key in LABEL_WORDS:
        text, style, words = LABEL_WORDS[key]
        if key == "label" and "leader" in drawing.shown:
            return (Group((Polyline(((-2.6, -0.6), (-1.5, 0.0)), LEADER), Text((0.0, 0.0), text, style))),
                    words + "; a line ties a label set apart to its ship")
        return Text((0.0, 0.0), text, style), words
    if key in ("move", "plan"):
        return (trail(((-2.0, -0.4), (0.0, 0.4), (1.5, 0.4)), TRAIL if key == "move" else PLAN_TRAIL,
                      0.35), "this round's path" if key == "move" else "planned path")
    if key.startswith("shear-"):
        return shear_mark(key[6:], (0.0, 0.0)), MARK_WORDS[key]
    if key.startswith("ram-"):
        return ram_mark(key[4:], (0.0, 0.0)), MARK_WORDS[key]
    if key in ("plan-shear", "plan-ram"):
        shape = diamond((0.0, 0.0), 0.5) if key == "plan-shear" else burst((0.0, 0.0))
        return haloed(Polygon(shape, PLAN_STRIKE)), MARK_WORDS[key]
    if key == "blocked":
        return blocked_mark((0.0, 0.0)), MARK_WORDS[key]
    if key in ("fled", "rout"):
        return arrow((-1.8, 0.0), (1.8, 0.0), WIND if key == "fled" else ROUT, 0.6, 0.35), MARK_WORDS[key]
    if key == "grapple":
        return grapple_mark(((-1.6, 0.0), (1.6, 0.0))), MARK_WORDS[key]
    if key == "embedded":
        return haloed(Polyline(((-1.0, 0.0), (1.0, 0.0)), EMBEDDED)), MARK_WORDS[key]
    if key.startswith(("bow-", "ballista-")):
        weapon, result = key.split("-")
        return (shot_mark(weapon, result == "hit", (-2.2, 0.0), (2.2, 0.0)),
                f"{'bow fire' if weapon == 'bow' else weapon}: {'hit' if result == 'hit' else 'missed'}")
    if key.startswith("ring-"):
        style = REACHES[key[5:]][1]
        return (Polygon(grown(((-1.6, 0.2), (1.6, 0.2), (1.6, -0.2), (-1.6, -0.2)), 0.45, 3), style),
                RING_WORDS[key[5:]])
    if key == "plan-end":
        fill = look[0].fill if look and look[0].fill else INK
        return plan_end(SAMPLE, fill), MARK_WORDS[key]
    raise ValueError(f"no legend entry {key!r}")
