"""A rammed ship's reaction (rulings §8; house rule `nested_avoid = off`): which of IGNORE,
SHEAR or AVOID is in force when a ram is announced, and the observation roll that decides
whether an AVOID may move before the rammer (§8.3).

The avoidance move itself (part 1 up to the cap, part 2 after the rammer) is moved by the
activation driver; `paths.avoid_parts` splits the path and `avoid_cap_tenths` gives the cap.

Events (one line each):

- `observe`: ship (the target), rammer, distance (float, inches, the footprint distance D at
  the announcement), officers_lost, chance (float, percent: 50 + D − 10 × officers lost),
  roll (d100), success (bool; ε in the target's favour).
"""

from __future__ import annotations

import math
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.speedband.orders import AVOID, IGNORE, REACTIONS, React
from pbem.rules.speedband.state import AFLOAT, GameState
from pbem.rules.table import footprint_distance

OBSERVATION_BASE = 50       # §8.3: 50 + D − 10 × officers lost
PER_OFFICER_LOST = 10
D100 = 100


def reaction_of(state: GameState, target: str, react: React | None, nested: bool) -> str:
    """The reaction in force for a ram announced against `target` (§8.1): IGNORE when it has
    already activated (or is fleeing: the judge's orders react IGNORE, §14.3) or gave no
    REACT; AVOID counts as IGNORE while it is held by a line or a corvus, and when `nested`
    (the rammer is itself avoiding, `nested_avoid = off`, §8.3); SHEAR applies even when held."""
    ship = state.require(target)
    if react is None or ship.activated or ship.status != AFLOAT:
        return IGNORE
    kind = react.kind
    if kind not in REACTIONS:
        raise ValueError(f"a reaction is one of {', '.join(REACTIONS)}, not {kind!r}")
    if kind == AVOID and (nested or state.held(ship.id)):
        return IGNORE
    return kind


def observation_distance(state: GameState, rammer: str, target: str) -> float:
    """D of §8.3: the footprint distance between the two ships as they stand (G5)."""
    return footprint_distance(state.require(rammer).polygon, state.require(target).polygon,
                              state.epsilon)


def observe(state: GameState, rammer: str, target: str,
            dice: Dice) -> tuple[GameState, tuple[Event, ...], bool, float]:
    """The target's observation roll (§8.3): 1 d100, success when the roll is at most
    50 + D − 10 × its officers lost, D the footprint distance now (at the announcement),
    compared exactly with ε in the target's favour. Records that the target's REACT came into
    play (§4). Returns the state, the events, success and D in inches."""
    ship = state.require(target)
    distance = observation_distance(state, rammer, target)
    chance = OBSERVATION_BASE + distance - PER_OFFICER_LOST * ship.officers_lost
    roll = dice.roll(f"observation {ship.id} against {rammer}", D100)
    success = roll <= chance + state.epsilon
    record = state.record
    if (ship.id, "react") not in record.revealed:
        state = replace(state, record=replace(record,
                                              revealed=(*record.revealed, (ship.id, "react"))))
    return state, (event("observe", ship=ship.id, rammer=rammer, distance=distance,
                         officers_lost=ship.officers_lost, chance=chance, roll=roll,
                         success=success),), success, distance


def avoid_cap_tenths(distance: float, speed: int, epsilon: float) -> int:
    """The avoidance cap min(D, written speed) of §8.3 in whole tenths, for `paths.avoid_parts`:
    D is taken to the tenth at or below it (a D within ε under a tenth counts as that tenth), so
    part 1 never runs further than D. `speed` in tenths (negative when backing)."""
    return min(math.floor((distance + epsilon) * 10), abs(speed))
