"""The ram / cruise / strategic map: the viewer's reaches, cut to the table.

Owns their colours, distances and ring styles and the legend's words for them: for each of
the viewer's ships that fights, each of its reaches that holds an enemy (issue 24): bow fire
2" and 4" with bowmen (§14), the ballista bands 5", 12", 20" with a ballista (§15.1), the
grapple ⅛", or ⅜" with a corvus or harpax (§11.1), with any crew; and for the fleet as a
whole one outline of sight 25" (§1 item 6), merged over its ships by the kit's
`merged_reach`. Calls the kit, `maplabels` and the rules modules that
hold the distances.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.rules.ramcruise.grappling import GEAR_REACH, GRAPPLE_REACH
from pbem.rules.ramcruise.maplabels import count_of
from pbem.rules.ramcruise.missiles import BALLISTA_BANDS, BOW_LONG, BOW_SHORT
from pbem.rules.ramcruise.switches import Options
from pbem.rules.scene import Box, Group, Polyline, Style
from pbem.rules.table.mapkit import Corners, merged_reach, nearest_points, range_ring
from pbem.rules.table.maplayout import Drawing

SIGHT = Options().sight  # §1 item 6; the view carries no options, so the default's 25"

# Colour-blind-safe colours (Paul Tol's sets), each at least 3:1 against the table.
BOWFIRE, BALLISTA, GRAPPLING, SIGHTED = "#882255", "#117733", "#332288", "#5f6b75"

# The viewer's reaches: key, inches, ring style (ballista bands from missiles, §15.1).
REACHES = {
    "bow-short": (BOW_SHORT, Style(fill="none", stroke=BOWFIRE, width=1.5, dash=())),
    "bow-long": (BOW_LONG, Style(fill="none", stroke=BOWFIRE, width=1.5, dash=(6, 3))),
    **{f"ballista-{band}": (reach, Style(fill="none", stroke=BALLISTA, width=1.5, dash=dash))
       for (reach, band, _), dash in zip(BALLISTA_BANDS, ((), (8, 4), (2, 4)), strict=True)},
    "grapple": (GRAPPLE_REACH, Style(fill="none", stroke=GRAPPLING, width=1.5, dash=())),
    "grapple-gear": (GEAR_REACH, Style(fill="none", stroke=GRAPPLING, width=1.5, dash=(3, 2))),
    "sight": (SIGHT, Style(fill="none", stroke=SIGHTED, width=1.5, dash=(12, 6))),
}
RING_WORDS = {"bow-short": 'bow fire 2" (short)', "bow-long": 'bow fire 4" (long)',
              "ballista-short": 'ballista 5" (short)', "ballista-medium": 'ballista 12" (medium)',
              "ballista-long": 'ballista 20" (long)', "grapple": 'grapple 1/8"',
              "grapple-gear": 'grapple 3/8" (corvus, harpax)',
              "sight": f'sight {SIGHT:g}" of your fleet'}


def ship_reaches(sid: str, ship: dict[str, Any], corners: Corners, table: Box,
                 drawing: Drawing, enemies: Mapping[str, Corners]) -> None:
    """One own ship's rings: bow fire with bowmen, the ballista bands with a ballista, its
    grapple (⅜" with a corvus or harpax, §11.1) with any crew; each only when one of the
    `enemies` (their hulls by id) lies within it (issue 24: a ring with nothing to reach
    only hides the table)."""
    gaps = {other: math.dist(*nearest_points(corners, hull)) for other, hull in enemies.items()}
    keys = ["bow-short", "bow-long"] if count_of(ship, "bowmen") else []
    keys += [f"ballista-{band}" for _, band, _ in BALLISTA_BANDS] if count_of(ship, "ballistas") else []
    crew = count_of(ship, "crewmen") + count_of(ship, "bowmen") + count_of(ship, "marines")
    keys += (["grapple-gear" if ship.get("corvus") or ship.get("harpax") else "grapple"]
             if crew else [])
    for key in keys:
        reach, style = REACHES[key]
        within = sorted(other for other, gap in gaps.items() if gap <= reach)
        if not within:
            continue
        drawing.rings.append(range_ring(corners, reach, table, style, f"ring-{key}--{sid}",
                                        f'{sid}: {key.replace("-", " ")} {reach:g}", '
                                        f'reaching {", ".join(within)}'))
        drawing.shown[f"ring-{key}"] = None


def fleet_sight(seeing: Sequence[Corners], table: Box, drawing: Drawing) -> None:
    """One outline of everything within sight of the viewer's fighting ships (§1 item 6)."""
    if not seeing:
        return
    reach, style = REACHES["sight"]
    runs = merged_reach(seeing, reach, table)
    drawing.rings.append(Group(tuple(Polyline(run) for run in runs), style, id="ring-sight",
                               tooltip=f'within {reach:g}" of your ships (sight)'))
    drawing.shown["ring-sight"] = None
