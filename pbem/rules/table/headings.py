"""Comparing headings: the angle between two, and the aspect angle of keel lines (open-table-core G7).

Headings are multiples of the grain, so these results are exact and compare exactly."""

from __future__ import annotations


def heading_difference(first: float, second: float) -> float:
    """Δ(h₁, h₂), the smaller angle between two headings, 0 ≤ Δ ≤ 180 (G7)."""
    apart = abs(first - second) % 360.0
    return min(apart, 360.0 - apart)


def aspect_angle(first: float, second: float) -> float:
    """θ = min(Δ, 180 − Δ), the acute angle between two keel lines, 0 ≤ θ ≤ 90 (G7; GR §3)."""
    difference = heading_difference(first, second)
    return min(difference, 180.0 - difference)


def opposed(first: float, second: float) -> bool:
    """Two headings more than 90° apart (G7, RC)."""
    return heading_difference(first, second) > 90.0


def same_way(first: float, second: float) -> bool:
    """Two headings no more than 90° apart (G7, RC)."""
    return heading_difference(first, second) <= 90.0
