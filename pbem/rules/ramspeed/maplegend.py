"""The legend of the Ram Speed map (pbem.rules.ramspeed.mapscene): one entry for each thing
the map shows, in a fixed order (the sides, their set-up zones, then the marks), each with a
sample drawn by the very shapes and styles of pbem.rules.ramspeed.mapshapes, flowed into
rows under the map by pbem.rules.scene.legend_rows.
"""

from __future__ import annotations

from pbem.rules.ramspeed.mapshapes import (
    BAR_WIDTH,
    CAPTURE,
    GRAPPLE,
    INK,
    RAM,
    SUNK,
    burst,
    corners,
    damage_bars,
    fire_arrow,
    galley_shape,
    plan_end,
    side_look,
    trail,
    zone_style,
)
from pbem.rules.scene import (
    Circle,
    Group,
    LegendLayout,
    Polygon,
    Polyline,
    Primitive,
    Style,
    haloed,
    legend_rows,
)

LEGEND_TEXT = Style(fill=INK, font_size=12, baseline="middle")


def _swatch(key: str, sides: list[str], shown: dict[str, Style | None]) -> tuple[
        Primitive, str]:
    """The sample of one legend entry, in hex units around (0, 0), and its words."""
    one = [(0.0, 0.0)]
    if key.startswith("side-"):
        side = key[5:]
        colour, pattern = side_look(side, sides)
        return (galley_shape(one, one[0], "E", Style(fill=colour, stroke=INK, width=1.5,
                                                     dash=()), pattern),
                f"{side} ({'striped' if pattern == 'stripes' else pattern})"
                if pattern != "plain" else side)
    if key == "captured":
        hull = shown["captured"] or Style()
        return galley_shape(one, one[0], "E", hull, "plain"), "dashed outline: a prize"
    if key in ("move", "drift"):
        return (trail([(-1.2, 0.4), (0.3, -0.4)], key == "drift", 0.25),
                "this phase's move" if key == "move" else "drift")
    if key == "ram":
        return haloed(Polygon(burst((0, 0)), RAM)), "ram or shear hit"
    if key == "capture":
        return haloed(Circle((0, 0), 0.6, CAPTURE)), "taken this phase"
    if key == "grapple":
        return haloed(Polyline(((-1.2, 0), (1.2, 0)), GRAPPLE)), "grappled"
    if key in ("fire-hit", "fire-miss"):
        return (fire_arrow((-1.3, 0), (1.3, 0), key == "fire-hit"),
                "missile hit" if key == "fire-hit" else "missile missed")
    if key == "sunk":
        return (Group((Polyline(((-0.5, -0.5), (0.5, 0.5))),
                       Polyline(((-0.5, 0.5), (0.5, -0.5)))), SUNK), "sunk")
    if key == "damage":
        return (damage_bars((-BAR_WIDTH / 2 / LEGEND_UNIT, -6 / LEGEND_UNIT), LEGEND_UNIT,
                            0.5, 0.25),
                "damage bars: hull (upper, full: sinks), rowing (lower, full: adrift)")
    if key.startswith("zone-"):
        return (Polygon(corners((0, 0)), zone_style(key[5:], sides)),
                f"{key[5:]} set-up zone")
    if key == "plan-end":
        return plan_end(one, "E", sides[0] if sides else "", sides), "where the move ends"
    raise ValueError(f"no legend entry {key!r}")


LEGEND_UNIT = 11.0  # pixels per hex unit in the legend's samples
LEGEND_ROW = 26  # pixels
LEGEND = LegendLayout(row=LEGEND_ROW, unit=LEGEND_UNIT, sample=15, words=34, room=36, gap=14,
                      text=LEGEND_TEXT)


def legend(keys: list[str], sides: list[str], shown: dict[str, Style | None], width: int,
           top: float) -> tuple[tuple[Primitive, ...], float]:
    """The legend's entries flowed into rows under the map, and the height they take."""
    return legend_rows([(key, *_swatch(key, sides, shown)) for key in keys], width, top, LEGEND)


LEGEND_ORDER = ("captured", "damage", "move", "drift", "fire-hit", "fire-miss", "ram",
                "capture", "grapple", "sunk", "plan-end")


def legend_keys(shown: dict[str, Style | None], sides: list[str]) -> list[str]:
    keys = [f"side-{side}" for side in sides if f"side-{side}" in shown]
    keys += [f"zone-{side}" for side in sides if f"zone-{side}" in shown]
    return keys + [key for key in LEGEND_ORDER if key in shown]
