"""The broad phase of movement (movement._within_reach) leaves out only ships a mover can
never meet: with it and without it, every half plays the same."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.greeksromans import movement
from pbem.rules.greeksromans.benchmark import battle
from pbem.rules.greeksromans.movement import plan_moves
from pbem.rules.greeksromans.orders import MoveOrder, Step
from pbem.rules.greeksromans.state import GameState, Ship


def _everyone(state: GameState, ships: Sequence[Ship], i: int,
              steps: Sequence[Step]) -> list[int]:
    return [j for j, ship in enumerate(ships) if j != i and ship.on_table]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**16), st.sampled_from([8, 16, 32]),
       st.lists(st.tuples(st.sampled_from("FBPS"), st.integers(1, 120)), min_size=1,
                max_size=4))
def test_the_broad_phase_changes_nothing(seed: int, pieces: int,
                                         steps: list[tuple[str, int]]) -> None:
    state = battle(random.Random(seed), pieces).state
    rng = random.Random(seed)
    orders = []
    for ship in state.ships:
        if ship.controller != "greeks":
            continue
        chosen = [Step(kind, min(amount, 45) if kind in "PS" else amount)
                  for kind, amount in rng.sample(steps, len(steps))]
        orders.append(MoveOrder(ship.id, tuple(chosen)))
    narrow = plan_moves(state, orders)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(movement, "_within_reach", _everyone)
        wide = plan_moves(state, orders)
    assert narrow == wide
