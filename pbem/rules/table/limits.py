"""Measured lengths against limits, with ε in the player's favour (open-table-core G6)."""

from __future__ import annotations


def within(length: float, limit: float, epsilon: float) -> bool:
    """"Within R", "≤ R", "no more than R", "in contact" (R = c): x ≤ R + ε (G6)."""
    return length <= limit + epsilon


def beyond(length: float, limit: float, epsilon: float) -> bool:
    """"More than R", "beyond", "over": x > R + ε, the exact complement of `within` (G6)."""
    return length > limit + epsilon


def closer_than(length: float, limit: float, epsilon: float) -> bool:
    """"Closer than R", "less than R": x < R − ε (G6)."""
    return length < limit - epsilon


def at_least(length: float, limit: float, epsilon: float) -> bool:
    """"At least R": x ≥ R − ε (G6)."""
    return length >= limit - epsilon


def lengths_equal(first: float, second: float, epsilon: float) -> bool:
    """Two measured lengths are equal when they differ by at most ε (G6)."""
    return abs(first - second) <= epsilon


def shorter(first: float, second: float, epsilon: float) -> bool:
    """One measured length is less than another when x < y − ε (G6)."""
    return first < second - epsilon


def tenths_within_eighths(tenths: int, eighths: int) -> bool:
    """RC: a distance n/10 is at most a maximum k/8 exactly when 4n ≤ 5k (G6, whole numbers)."""
    return 4 * tenths <= 5 * eighths


def tenths_beyond_eighths_by_one(tenths: int, eighths: int) -> bool:
    """RC: a distance n/10 is at least a maximum k/8 plus 1 exactly when 4n ≥ 5k + 40 (G6)."""
    return 4 * tenths >= 5 * eighths + 40
