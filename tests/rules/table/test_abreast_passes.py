"""G14 the abreast point and the pass within r, and G15 passes as events along a forward step, by
hand-worked numbers with RC's parameters (RAM_CRUISE: ε = 0.001"; RC rulings §2: trireme 4 × 1,
quinquereme 5 × 1.5, monoreme 2.5 × 0.75; §8.1: a shear is a pass within ⅛")."""

from __future__ import annotations

import math

import pytest

from pbem.rules.table import (
    RAM_CRUISE,
    Contact,
    EdgeReached,
    Footprint,
    Pass,
    Polygon,
    Pose,
    Vec,
    abreast_distance,
    abreast_point,
    ahead,
    forward_step_events,
    in_abreast_order,
    pass_within,
    passes_within,
    place,
    rectangle,
    straight_step,
)

EPS = RAM_CRUISE.epsilon
TABLE = RAM_CRUISE.table
SHEAR = 0.125                                   # ⅛" (RC §8.1)
TRIREME = rectangle(4.0, 1.0)
QUINQUEREME = rectangle(5.0, 1.5)
MONOREME = rectangle(2.5, 0.75)


def at(x: float, y: float, heading: float) -> Pose:
    return Pose(Vec(x, y), heading)


def passed(start: Pose, travel: float, pose: Pose, polygon: Polygon, footprint: Footprint = TRIREME,
           other: int = 0) -> Pass | None:
    return pass_within(footprint, start, travel, other, pose, polygon, SHEAR, EPS)


# --- G14: the abreast point -------------------------------------------------------------------

def test_the_abreast_distance_and_point_on_a_square_heading() -> None:
    # From (10, 10) heading 90, d = (1, 0): s* = (16 − 10, 11.375 − 10)·(1, 0) = 6, P* = (16, 10).
    start = at(10, 10, 90)
    assert abreast_distance(start, Vec(16, 11.375)) == 6.0
    assert abreast_point(start, Vec(16, 11.375)) == Vec(16, 10)
    # A ship behind the mover's centre has a negative s*.
    assert abreast_distance(start, Vec(7, 8)) == -3.0


def test_the_abreast_distance_and_point_on_a_diagonal() -> None:
    # Heading 45, d = (√½, √½); B at (14, 12): s* = (4 + 2)·√½ = 3√2, P* = (10, 10) + 3√2·d = (13, 13).
    start = at(10, 10, 45)
    assert math.isclose(abreast_distance(start, Vec(14, 12)), 3 * math.sqrt(2), abs_tol=1e-12)
    point = abreast_point(start, Vec(14, 12))
    assert math.isclose(point.x, 13, abs_tol=1e-12) and math.isclose(point.y, 13, abs_tol=1e-12)


# --- G14: the pass within r -------------------------------------------------------------------

def test_a_same_way_quinquereme_an_eighth_off_is_passed() -> None:
    # A trireme at P* = (16, 10) spans y 9.5–10.5; the quinquereme at y 11.375 spans 10.625–12.125:
    # the gap is 10.625 − 10.5 = 0.125 = ⅛", within ⅛" + ε.
    start = at(10, 10, 90)
    found = passed(start, 10.0, at(16, 11.375, 90), place(QUINQUEREME, at(16, 11.375, 90)))
    assert found == Pass(0, 6.0, at(16, 10, 90), 0.125)
    assert found is not None and found.t == 6.0


@pytest.mark.parametrize(("gap", "counts"), [
    (0.125 + 2 ** -10, True),      # 0.12598 ≤ 0.125 + ε: the benefit of the doubt (G6)
    (0.125 + 2 ** -9, False),      # 0.12695 > 0.126
])
def test_the_pass_distance_gives_epsilon(gap: float, counts: bool) -> None:
    # Centre y = 10.5 (the mover's north side) + 0.75 (half the quinquereme's beam) + gap; dyadic,
    # so the gap is exact.
    other = at(16, 10.5 + 0.75 + gap, 90)
    found = passed(at(10, 10, 90), 10.0, other, place(QUINQUEREME, other))
    assert (found is not None) is counts
    if found is not None:
        assert found.gap == gap


def test_an_opposed_ship_is_passed() -> None:
    # Heading 270 against 90: Δ = 180, θ = 0. The trireme at y 8.875 spans 8.375–9.375, the mover's
    # south side is at 9.5: gap ⅛".
    other = at(13, 8.875, 270)
    found = passed(at(10, 10, 90), 10.0, other, place(TRIREME, other))
    assert found == Pass(0, 3.0, at(13, 10, 90), 0.125)


def test_a_ship_crossing_square_is_not_passed_however_close() -> None:
    # Heading 0 against 90: θ = 90. Centred at (16, 12.55) its stern edge is at y = 10.55, 0.05
    # above the mover's north side at P* = (16, 10), well within ⅛", but it is crossed, not passed.
    other = at(16, 12.55, 0)
    assert passed(at(10, 10, 90), 10.0, other, place(TRIREME, other)) is None


def test_forty_five_degrees_off_parallel_is_not_a_pass_forty_four_is() -> None:
    # A quinquereme centred at x = 16 with its lowest corner (u = −2.5, v = +0.75) 0.05 above the
    # mover's north side at P* = (16, 10): at heading 45 that corner is 3.25·√½ below the centre, so
    # the centre is at y = 10.55 + 3.25·√½. θ(90, 45) = 45: not < 45, no pass.
    centre_y = 10.5 + 0.05 + 3.25 * math.sqrt(0.5)
    at_45 = at(16, centre_y, 45)
    assert passed(at(10, 10, 90), 10.0, at_45, place(QUINQUEREME, at_45)) is None
    # At heading 46 (θ = 44) the lowest corner is 2.5·cos 46° + 0.75·sin 46° below the centre, at
    # x = 16 − 2.5·sin 46° + 0.75·cos 46° ≈ 14.72, over the mover's side: gap ≈ 0.072 ≤ ⅛".
    at_46 = at(16, centre_y, 46)
    found = passed(at(10, 10, 90), 10.0, at_46, place(QUINQUEREME, at_46))
    drop = 2.5 * math.cos(math.radians(46)) + 0.75 * math.sin(math.radians(46))
    assert found is not None and math.isclose(found.gap, centre_y - drop - 10.5, abs_tol=1e-12)


@pytest.mark.parametrize(("x", "counts"), [
    (0.0, False),          # level at the start: s* = 0
    (0.001, False),        # s* = ε exactly: ε < s* fails
    (0.0011, True),
    (10.001, True),        # s* = t + ε exactly
    (10.0011, False),
])
def test_the_abreast_distance_must_lie_in_epsilon_to_t_plus_epsilon(x: float, counts: bool) -> None:
    # From x = 0 heading 90, s* is the other centre's x itself; the step is t = 10.
    other = at(x, 11.375, 90)
    found = passed(at(0, 10, 90), 10.0, other, place(QUINQUEREME, other))
    assert (found is not None) is counts


def test_a_ship_the_mover_would_overlap_at_the_abreast_point_is_not_passed() -> None:
    # A trireme dead ahead on the keel line, same way: at P* = (16, 10) the two coincide.
    other = at(16, 10, 90)
    assert passed(at(10, 10, 90), 10.0, other, place(TRIREME, other)) is None


def test_a_ship_touching_at_the_abreast_point_is_passed_at_distance_zero() -> None:
    # The opposed trireme's north side at y = 9.5 is the mover's south side at P*: touching.
    other = at(13, 9.0, 270)
    assert passed(at(10, 10, 90), 10.0, other, place(TRIREME, other)) == Pass(0, 3.0, at(13, 10, 90), 0.0)


# --- G14: several passes on one step ----------------------------------------------------------

def test_passes_go_in_increasing_abreast_distance() -> None:
    a = Pass(0, 6.0, at(16, 10, 90), 0.1)
    b = Pass(1, 3.0, at(13, 10, 90), 0.1)
    assert in_abreast_order([a, b], EPS) == (b, a)


@pytest.mark.parametrize(("later", "order"), [
    (6.0, (0, 1)),                 # equal s*: scenario order
    (6.0 + 2 ** -10, (0, 1)),      # 0.00098 apart, equal within ε (G6): scenario order
    (6.0 + 2 ** -9, (1, 0)),       # 0.00195 apart: the nearer first
])
def test_equal_abreast_distances_go_in_scenario_order(later: float, order: tuple[int, int]) -> None:
    # Ship 0 on the mover's north side at s* = `later`, ship 1 on its south side at s* = 6.
    north = at(10 + later, 11.375, 90)
    south = at(16, 8.875, 270)
    obstacles = [place(QUINQUEREME, north), place(TRIREME, south)]
    found = passes_within(TRIREME, at(10, 10, 90), 10.0, obstacles, {0: north, 1: south}, SHEAR, EPS)
    assert tuple(one.other for one in found) == order


def test_a_chain_within_epsilon_is_taken_one_at_a_time() -> None:
    # s* 6.0 (ship 2), 6.0009765625 (ship 1), 6.001953125 (ship 0): 2 and 1 are equal, so 1 goes
    # first; then 2 and 0 are 0.00195 apart, so 2 before 0.
    step = 2 ** -10
    passes = [Pass(0, 6.0 + 2 * step, at(0, 0, 90), 0.0), Pass(1, 6.0 + step, at(0, 0, 90), 0.0),
              Pass(2, 6.0, at(0, 0, 90), 0.0)]
    assert tuple(one.other for one in in_abreast_order(passes, EPS)) == (1, 2, 0)


def test_only_the_ships_named_passable_are_passed() -> None:
    north, south = at(16, 11.375, 90), at(13, 8.875, 270)
    obstacles = [place(QUINQUEREME, north), place(TRIREME, south)]
    found = passes_within(TRIREME, at(10, 10, 90), 10.0, obstacles, {1: south}, SHEAR, EPS)
    assert tuple(one.other for one in found) == (1,)


# --- G15: passes as events along a forward step -----------------------------------------------

# The trireme from (10, 10) heading 90, 10" (bow from x = 12):
#   0  quinquereme same way at (16, 11.375): s* = 6, gap ⅛";
#   1  trireme opposed at (13, 8.875): s* = 3, gap ⅛";
#   2  monoreme heading 0 at (20.375, 11), spanning x 20–20.75, y 9.75–12.25: the bow meets its
#      west side at t* = 20 − 12 = 8;
#   3  trireme opposed at (18, 8.875): s* = 8 = t*, gap ⅛" (y 8.375–9.375, clear of ship 2).
SCENE = [at(16, 11.375, 90), at(13, 8.875, 270), at(20.375, 11, 0), at(18, 8.875, 270)]
SIZES = [QUINQUEREME, TRIREME, MONOREME, TRIREME]
OBSTACLES = [place(size, pose) for size, pose in zip(SIZES, SCENE, strict=True)]
START = at(10, 10, 90)


def test_passes_come_in_abreast_order_and_before_a_contact_at_the_same_distance() -> None:
    stepped = forward_step_events(TRIREME, START, 10.0, OBSTACLES, TABLE, EPS, dict(enumerate(SCENE)), SHEAR)
    assert stepped.events == (Pass(1, 3.0, at(13, 10, 90), 0.125), Pass(0, 6.0, at(16, 10, 90), 0.125),
                              Pass(3, 8.0, at(18, 10, 90), 0.125), Contact(2, 8.0, at(18, 10, 90)))
    assert (stepped.travel, stepped.end) == (8.0, at(18, 10, 90))
    assert stepped.outcome == straight_step(TRIREME, START, ahead(90), 10.0, OBSTACLES, TABLE, EPS)
    assert stepped.stopped_by is None


def test_a_pass_does_not_stop_the_step() -> None:
    # Without the monoreme the step is made in full, past all three ships.
    scene = [pose for index, pose in enumerate(SCENE) if index != 2]
    obstacles = [polygon for index, polygon in enumerate(OBSTACLES) if index != 2]
    stepped = forward_step_events(TRIREME, START, 10.0, obstacles, TABLE, EPS, dict(enumerate(scene)), SHEAR)
    assert tuple(one.other for one in stepped.passes) == (1, 0, 2)
    assert (stepped.travel, stepped.end, stepped.outcome.contacts) == (10.0, at(20, 10, 90), ())


def test_a_ship_abreast_beyond_the_stand_is_not_passed() -> None:
    # A monoreme across the path from the south (x 20–20.75, y 7.5–10) stops the bow at t* = 8; a
    # trireme on the north side (y 10.625–11.625) is abreast at s* = 9 > 8 + ε, so it is not passed;
    # without the monoreme it is.
    blocker, beyond = at(20.375, 8.75, 0), at(19, 11.125, 90)
    obstacles = [place(MONOREME, blocker), place(TRIREME, beyond)]
    stepped = forward_step_events(TRIREME, START, 10.0, obstacles, TABLE, EPS, {1: beyond}, SHEAR)
    assert stepped.events == (Contact(0, 8.0, at(18, 10, 90)),)
    clear = forward_step_events(TRIREME, START, 10.0, obstacles, TABLE, EPS, {1: beyond}, SHEAR,
                                frozenset({0}))
    assert clear.events == (Pass(1, 9.0, at(19, 10, 90), 0.125),)


def test_a_pass_a_contact_and_the_edge_at_one_distance_go_in_that_order() -> None:
    # From (58, 10) heading 90, 15": the bow at x = 60 reaches the east edge (72) at t_edge = 12 <
    # 15 − ε; a monoreme across at (72.375, 11) is met at t* = 72 − 60 = 12; an opposed trireme at
    # (70, 8.875) is abreast at s* = 12, ⅛" off. Its index (1) is after the monoreme's (0), yet the
    # pass goes first (G15).
    start, blocker, alongside = at(58, 10, 90), at(72.375, 11, 0), at(70, 8.875, 270)
    obstacles = [place(MONOREME, blocker), place(TRIREME, alongside)]
    stepped = forward_step_events(TRIREME, start, 15.0, obstacles, TABLE, EPS, {0: blocker, 1: alongside},
                                  SHEAR)
    stand = at(70, 10, 90)
    assert stepped.events == (Pass(1, 12.0, stand, 0.125), Contact(0, 12.0, stand), EdgeReached(12.0, stand))
    assert stepped.outcome.edge and stepped.outcome.contacts == (0,)


def test_the_ruleset_may_stop_the_ship_at_a_pass() -> None:
    # RC §8.4: a shear-grapple that holds stops the mover at the abreast point.
    stepped = forward_step_events(TRIREME, START, 10.0, OBSTACLES, TABLE, EPS, dict(enumerate(SCENE)), SHEAR)
    asked: list[int] = []

    def grapples(found: Pass) -> bool:
        asked.append(found.other)
        return found.other == 0

    stopped = stepped.until(grapples)
    assert asked == [1, 0]                  # in order, and none after the stop
    assert stopped.events == stepped.events[:2]
    assert (stopped.travel, stopped.end, stopped.outcome.contacts, stopped.outcome.edge) == \
        (6.0, at(16, 10, 90), (), False)
    assert stopped.stopped_by == stepped.events[1]
    assert stepped.stop_at(stepped.passes[0]).travel == 3.0
    assert stepped.until(lambda found: False) is stepped


def test_stopping_at_a_pass_of_another_step_is_refused() -> None:
    stepped = forward_step_events(TRIREME, START, 10.0, OBSTACLES, TABLE, EPS, dict(enumerate(SCENE)), SHEAR)
    with pytest.raises(ValueError, match="not one of this step's events"):
        stepped.stop_at(Pass(0, 5.0, at(15, 10, 90), 0.1))


def test_with_nothing_passable_the_events_are_those_of_the_plain_step() -> None:
    stepped = forward_step_events(TRIREME, START, 10.0, OBSTACLES, TABLE, EPS, {}, SHEAR)
    assert stepped.events == (Contact(2, 8.0, at(18, 10, 90)),)
