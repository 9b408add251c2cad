"""Fire (Wooden Walls rulings §13: levels, level 4, burn-out, dousing, smoke, growth; plan §11
q. 34, 35), with positions and forced dice worked by hand."""

from __future__ import annotations

from pbem.rules.table import Vec, blocks
from pbem.rules.woodenwalls import fire
from pbem.rules.woodenwalls.state import HULK, GameState, Ship, Wind, new_ship


def trireme(fires: tuple[int, ...] = (0, 0, 0, 0, 0), **changes: object) -> Ship:
    return new_ship("RH-HELIOS", "trireme", "rhodes", 9.0, 6.0, 0.0, 2, fires=fires, **changes)


def corners(polygon: object) -> set[tuple[float, float]]:
    return {(round(c.x, 6), round(c.y, 6)) for c in polygon.corners}  # type: ignore[attr-defined]


# ---------------------------------------------------------------- smoke (§13.3)


def test_plumes_run_downwind_from_reference_points_medium_1_large_1_5() -> None:
    # Trireme L 1.2, W 0.3 at (9, 6) heading 0 (bow towards +y); reference points B (9, 6.4),
    # S (9, 5.6). Wind towards 90 (+x). B at 2 (medium): x 9..10, y 6.4 ± 0.15; S at 4 (large):
    # x 9..10.5, y 5.6 ± 0.15. M at 1 (small) makes none.
    state = GameState((trireme((2, 1, 4, 0, 0)),), wind=Wind("light", 90.0))
    bow, stern = fire.smoke_plumes(state)
    assert corners(bow) == {(9.0, 6.25), (10.0, 6.25), (10.0, 6.55), (9.0, 6.55)}
    assert corners(stern) == {(9.0, 5.45), (10.5, 5.45), (10.5, 5.75), (9.0, 5.75)}
    assert blocks(Vec(9.5, 5.0), Vec(9.5, 7.0), bow, 0.00025)


def test_plume_lengths() -> None:
    assert [fire.plume_length(level) for level in range(5)] == [None, None, 1.0, 1.0, 1.5]


def test_hulk_makes_no_smoke() -> None:
    state = GameState((trireme((4, 4, 4, 0, 0), status=HULK, hulk_reason="burnt_out"),))
    assert fire.smoke_plumes(state) == ()
