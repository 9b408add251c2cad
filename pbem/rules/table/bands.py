"""Bands along a ship's keel: bow, waist and stern (open-table-core G8, keel bands).

GR uses the stern band alone (`stern_section`, "behind the oar banks", rulings §3); RC all three
(`ram_zones`). SB's zones A–D are in `zones`, WW's parts of the boundary in `parts`."""

from __future__ import annotations

from enum import Enum


class KeelBand(Enum):
    """Where along the keel a point lies (G8)."""

    BOW = "bow"
    WAIST = "waist"
    STERN = "stern"


def keel_band(u: float, length: float, epsilon: float) -> KeelBand:
    """Bow when u ≥ L/4 − ε, stern when u ≤ −L/4 + ε, waist otherwise; u is the point's local
    coordinate towards the bow (G8). The boundaries go to the bow and stern bands."""
    quarter = length / 4
    if u >= quarter - epsilon:
        return KeelBand.BOW
    if u <= -quarter + epsilon:
        return KeelBand.STERN
    return KeelBand.WAIST
