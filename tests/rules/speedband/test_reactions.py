"""Reactions to an announced ram (rulings §8.1, §8.3 `nested_avoid`) and the observation roll
(§8.3), worked by hand from the 8.* cases of tests/cases/speed-band."""

from __future__ import annotations

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.speedband.orders import React, Step
from pbem.rules.speedband.reactions import avoid_cap_tenths, observe, reaction_of
from pbem.rules.speedband.state import CORVUS, LINE, GameState, Player, Ship, new_ship
from pbem.rules.speedband.switches import Options

AVOID = React("avoid")
SHEAR = React("shear")


def game(*ships: Ship) -> GameState:
    return GameState(ships, (Player("romans", "romans"),
                             Player("carthaginians", "carthaginians")), Options())


def picture(r1_y: float = 10.0, **c1: object) -> GameState:
    # R1 trireme heading 0 (bow at r1_y + 2); C1 trireme at (40, 20) heading 90 (south side 19.5).
    return game(new_ship("R1", "", "trireme", "romans", 40.0, r1_y, 0, written_speed=80),
                new_ship("R2", "", "trireme", "romans", 40.0, 22.0, 90),
                new_ship("C1", "", "trireme", "carthaginians", 40.0, 20.0, 90,
                         written_speed=80, **c1))


@pytest.mark.parametrize(("react", "expected"), [
    (None, "ignore"), (React("ignore"), "ignore"), (SHEAR, "shear"), (AVOID, "avoid"),
    (React("avoid", (Step("F", 80),)), "avoid"),
])
def test_the_standing_reaction_applies_before_the_target_activates(react: React | None,
                                                                   expected: str) -> None:
    assert reaction_of(picture(), "C1", react, nested=False) == expected


@pytest.mark.parametrize("react", [SHEAR, AVOID])
def test_an_activated_target_reacts_ignore(react: React) -> None:
    # 8.1_activated_target_reacts_ignore
    assert reaction_of(picture(activated=True), "C1", react, nested=False) == "ignore"


@pytest.mark.parametrize("kind", [LINE, CORVUS])
def test_a_held_target_cannot_avoid_but_may_shear(kind: str) -> None:
    state = picture().with_link("R2", "C1", kind)
    assert reaction_of(state, "C1", AVOID, nested=False) == "ignore"
    assert reaction_of(state, "C1", SHEAR, nested=False) == "shear"


def test_nested_avoid_is_off() -> None:
    # §8.3: rammed by a ship that is itself avoiding: SHEAR or IGNORE, AVOID counts IGNORE.
    assert reaction_of(picture(), "C1", AVOID, nested=True) == "ignore"
    assert reaction_of(picture(), "C1", SHEAR, nested=True) == "shear"


def test_a_fleeing_target_reacts_ignore() -> None:
    assert reaction_of(picture(status="fleeing"), "C1", SHEAR, nested=False) == "ignore"


def test_observation_at_the_limit_succeeds_epsilon_in_the_targets_favour() -> None:
    # 8.3_avoid_moves_in_two_parts: D = 19.5 - 12 = 7.5; 57 <= 57.5.
    state = picture()
    after, events, success, distance = observe(state, "R1", "C1",
                                               ForcedDice(values=[57], largest_die=100))
    assert success and distance == pytest.approx(7.5)
    (seen,) = events
    assert seen.kind == "observe" and seen["roll"] == 57 and seen["chance"] == pytest.approx(57.5)
    assert ("C1", "react") in after.record.revealed
    # 8.3_failed_observation_holds: 58 > 57.5.
    assert not observe(state, "R1", "C1", ForcedDice(values=[58], largest_die=100))[2]


def test_observation_on_a_whole_distance_is_exact() -> None:
    # 8.3_turn_at_the_cap_belongs_to_part_two: R1 at y 15.5 (bow 17.5), D = 2: 52 <= 52.
    state = picture(r1_y=15.5)
    _, _, success, distance = observe(state, "R1", "C1", ForcedDice(values=[52],
                                                                    largest_die=100))
    assert success and distance == pytest.approx(2.0)
    assert not observe(state, "R1", "C1", ForcedDice(values=[53], largest_die=100))[2]


def test_observation_less_ten_per_officer_lost() -> None:
    # 8.3_observation_less_ten_per_officer_lost: 50 + 7.5 - 20 = 37.5; 38 fails, 37 holds.
    state = picture(officers=1, officers_lost=2)
    events = observe(state, "R1", "C1", ForcedDice(values=[38], largest_die=100))[1]
    assert events[0]["chance"] == pytest.approx(37.5) and not events[0]["success"]
    assert observe(state, "R1", "C1", ForcedDice(values=[37], largest_die=100))[2]


@pytest.mark.parametrize(("distance", "speed", "cap"), [
    (7.5, 80, 75),      # min(D, speed) = D
    (7.4996, 80, 75),   # within ε under a tenth counts as it
    (3.14, 80, 31),     # the tenth at or below D
    (12.0, 80, 80),     # the speed
    (0.0, 80, 0),
    (5.0, -20, 20),     # a backing ship's speed as a distance
])
def test_the_avoidance_cap_in_tenths(distance: float, speed: int, cap: int) -> None:
    assert avoid_cap_tenths(distance, speed, 0.001) == cap
