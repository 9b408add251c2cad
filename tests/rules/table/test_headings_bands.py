"""G7 heading comparisons and the aspect angle, G8 keel bands (GR §3 stern section)."""

from __future__ import annotations

from pbem.rules.table import KeelBand, aspect_angle, heading_difference, keel_band, opposed, same_way

EPS = 0.001


def test_smallest_angle_between_headings() -> None:
    assert heading_difference(350, 10) == 20 and heading_difference(10, 350) == 20
    assert heading_difference(0, 180) == 180 and heading_difference(90, 90) == 0
    assert heading_difference(45, 315) == 90


def test_aspect_angle_is_the_acute_angle_between_keel_lines() -> None:
    assert aspect_angle(0, 180) == 0      # head-on
    assert aspect_angle(0, 0) == 0        # overtaking
    assert aspect_angle(0, 90) == 90      # square
    assert aspect_angle(10, 200) == 10
    assert aspect_angle(0, 45) == 45      # GR §3: θ = 45 exactly is within 45° of the perpendicular


def test_aspect_angle_agrees_with_greeks_romans_delta_formula() -> None:
    # G7: θ = min(Δ, 180 − Δ) equals GR's δ = |h_A − h_B| mod 180, θ = min(δ, 180 − δ).
    for first in range(0, 360, 7):
        for second in range(360):
            delta = abs(first - second) % 180
            assert aspect_angle(first, second) == min(delta, 180 - delta)


def test_opposed_and_same_way() -> None:
    assert opposed(0, 91) and not opposed(0, 90)
    assert same_way(0, 90) and not same_way(0, 269.5)


def test_behind_the_oar_banks_is_the_stern_band() -> None:
    # GR §3: for a 4" ship the stern section is u ≤ −1" (+ ε), the stern edge and the last inch.
    assert keel_band(-1.0, 4.0, EPS) is KeelBand.STERN
    assert keel_band(-0.9995, 4.0, EPS) is KeelBand.STERN
    assert keel_band(-0.998, 4.0, EPS) is KeelBand.WAIST
    assert keel_band(-2.0, 4.0, EPS) is KeelBand.STERN
    assert keel_band(0.0, 4.0, EPS) is KeelBand.WAIST


def test_bow_band_mirrors_the_stern() -> None:
    assert keel_band(1.0, 4.0, EPS) is KeelBand.BOW
    assert keel_band(0.9995, 4.0, EPS) is KeelBand.BOW
    assert keel_band(0.998, 4.0, EPS) is KeelBand.WAIST
