"""Rounding for reports only: play keeps full precision (open-table-core G21; GR §5.3)."""

from __future__ import annotations

from pbem.rules.table.vectors import Vec

REPORT_PLACES = 2  # positions are reported to 0.01 unit


def report_length(value: float) -> float:
    """A length or coordinate rounded to 0.01 unit for a report, never −0.0 (G21)."""
    return round(value, REPORT_PLACES) + 0.0


def report_point(point: Vec) -> tuple[float, float]:
    """A position as (x, y) rounded to 0.01 unit for a report (G21)."""
    return report_length(point.x), report_length(point.y)
