"""Sinking (rulings §10, §9.6): the extended table, keep-the-sooner, the tick with its skipped
first end, and the ships dragged down."""

from __future__ import annotations

import pytest

from pbem.rules.ramcruise.sinking import countdown_for, sink, tick_countdowns, with_countdown
from pbem.rules.ramcruise.state import SINKING, SUNK, SURRENDERED
from tests.rules.ramcruise.positions import ship, state


@pytest.mark.parametrize(("modified", "countdown"), [
    (-4, 1), (0, 1), (1, 1), (2, 2), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4), (9, 5), (14, 5)])
def test_the_extended_countdown_table(modified: int, countdown: int) -> None:
    assert countdown_for(modified) == countdown


def test_a_new_countdown_skips_the_first_own_end() -> None:
    afloat = ship("R1", 10, 40)
    rammed = with_countdown(afloat, 2)
    assert (rammed.status, rammed.countdown, rammed.countdown_skip) == (SINKING, 2, True)


@pytest.mark.parametrize(("old", "skip", "new", "replaced"), [
    (2, False, 1, False),  # 2 halves left either way: the old one stays
    (3, False, 1, True),   # the new one sinks it sooner (1 + its skip = 2 < 3)
    (1, True, 1, False),   # equal terms: the old one
    (1, False, 2, False),  # the old one is sooner
    (4, True, 3, True),    # 4 halves against 5
])
def test_keep_the_sooner(old: int, skip: bool, new: int, replaced: bool) -> None:
    sinking = ship("R1", 10, 40, status="sinking", countdown=old, countdown_skip=skip)
    after = with_countdown(sinking, new)
    if replaced:
        assert (after.countdown, after.countdown_skip) == (new, True)
    else:
        assert after == sinking


def test_a_surrendered_ship_keeps_its_status_and_sinks_on_time() -> None:
    struck = with_countdown(ship("R1", 10, 40, status="surrendered"), 1)
    assert (struck.status, struck.countdown) == (SURRENDERED, 1)


def test_the_tick_is_the_phasing_sides_with_the_skip() -> None:
    position = state(
        ship("C1", 10, 10, status="sinking", countdown=2, countdown_skip=True),
        ship("C2", 20, 10, status="sinking", countdown=2),
        ship("C3", 30, 10, status="sinking", countdown=1),
        ship("R1", 36, 42, 180, status="sinking", countdown=1))
    after, events = tick_countdowns(position, "carthage")
    c1, c2, c3, r1 = after.ships
    assert (c1.countdown, c1.countdown_skip, c1.status) == (2, False, SINKING)
    assert (c2.countdown, c2.status) == (1, SINKING)
    assert c3.status == SUNK
    assert (r1.countdown, r1.status) == (1, SINKING)
    assert [item.kind for item in events] == ["countdown", "countdown", "countdown", "sunk"]


def test_embedded_ships_are_dragged_down_in_a_chain_and_grapples_released() -> None:
    position = state(
        ship("C1", 20, 14.5, 90, status="sinking", countdown=1),
        ship("C2", 22.5, 17, 270, embedded_in="R1"),
        ship("R1", 20, 17, 180, status="sinking", countdown=3, embedded_in="C1"),
        ship("R2", 20, 13.45, 90)).with_grapple("C1", "R2")
    after, events = sink(position, "C1", "test")
    assert [s.status for s in after.ships] == [SUNK, SUNK, SUNK, "afloat"]
    assert after.grapples == ()
    assert [item.kind for item in events] == ["sunk", "dragged", "dragged"]
    assert [item["ship"] for item in events] == ["C1", "R1", "C2"]
