"""Laws of movement over random legal phases of random fleets (Hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.dice import SeededDice
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.movement import resolve_movement
from pbem.rules.ramspeed.sampling import random_fleet_state, random_orders
from pbem.rules.ramspeed.state import AFLOAT, GameState


def _play(seed: int, size: int, phases: int) -> list[GameState]:
    rng = random.Random(seed)
    state = random_fleet_state(rng, size, 20, 16)
    states = [state]
    for number in range(phases):
        side = ("blue", "red")[number % 2]
        orders = random_orders(rng, state, side)
        dice = SeededDice(seed=seed.to_bytes(8, "big"), game="prop", phase=str(number))
        state, _ = resolve_movement(state, side, orders, dice)
        states.append(state)
    return states


def _occupied(state: GameState) -> list[hexes.Hex]:
    return [h for g in state.galleys if g.status == AFLOAT for h in g.hexes()]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(4, 24))
def test_no_shared_hexes_and_nothing_half_off_the_map(seed: int, size: int) -> None:
    for state in _play(seed, size, 4):
        occupied = _occupied(state)
        assert len(occupied) == len(set(occupied)), "two galleys share a hex"
        assert all(hexes.on_map(h, state.columns, state.rows) for h in occupied)
        for galley in state.galleys:
            if galley.status != AFLOAT:
                assert galley.hexes() == () and not galley.grappled_with


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(4, 24))
def test_damage_never_decreases_and_grapples_are_mutual(seed: int, size: int) -> None:
    states = _play(seed, size, 4)
    for before, after in zip(states, states[1:], strict=False):
        for old, new in zip(before.galleys, after.galleys, strict=True):
            assert new.hull_damage >= old.hull_damage
            assert new.rowing_damage >= old.rowing_damage
            assert new.double_used >= old.double_used
        for galley in after.galleys:
            for other in galley.grappled_with:
                partner = after.galley(other)
                assert partner is not None and galley.id in partner.grappled_with


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_same_seed_same_game(seed: int) -> None:
    assert _play(seed, 16, 4) == _play(seed, 16, 4)
