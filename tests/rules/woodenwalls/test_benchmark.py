"""The Wooden Walls speed figures and sample position (benchmark.py): the bench battle's shape
(two lines abreast facing each other, half the columns within a leg's reach, on a table that
holds them), leg A played through game.play_phase with every computer line accepted, the
figures' keys from a fake clock, and sample(n, seed) the same for the same seed. The figures
themselves are printed by `pbem bench`, never asserted."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from pbem.rules.table import footprint_distance, on_table, overlaps
from pbem.rules.woodenwalls import benchmark
from pbem.rules.woodenwalls.benchmark import FAR, NEAR, SIZES, battle, computer_orders, leg_a, sample
from pbem.rules.woodenwalls.game import check
from pbem.rules.woodenwalls.rounds import LEG, SETUP, Phase


@pytest.mark.parametrize("pieces", SIZES)
def test_the_battle_has_two_lines_half_of_them_near(pieces: int) -> None:
    state = battle(pieces)
    assert len(state.ships) == pieces and state.phase == Phase(SETUP)
    south = [ship for ship in state.ships if ship.side == "rhodes"]
    north = [ship for ship in state.ships if ship.side == "macedon"]
    assert len(south) == len(north) == pieces // 2
    epsilon = state.core.epsilon
    for column, (one, other) in enumerate(zip(south, north, strict=True)):
        assert (one.heading, other.heading) == (0.0, 180.0) and one.x == other.x
        gap = footprint_distance(one.polygon, other.polygon, epsilon)
        assert gap == pytest.approx(NEAR if column % 2 == 0 else FAR, abs=1e-6)
    for ship in state.ships:
        assert on_table(ship.polygon, state.table, epsilon)
        assert all(element.home == ship.id for element in ship.elements)
    for one, other in itertools.combinations(state.ships, 2):
        assert not overlaps(one.polygon, other.polygon, epsilon)


def test_leg_a_is_open_and_every_computer_line_is_accepted() -> None:
    state = leg_a(8)
    assert state.phase == Phase(LEG, 1, "A") and len(state.round.deck) == 6
    for side, text in computer_orders(state).items():
        sheet = check(state, side, text)
        assert sheet.lines and not sheet.refused, [line.reason for line in sheet.refused]


def test_the_sample_is_the_same_for_the_same_seed() -> None:
    assert sample(8, 3) == sample(8, 3)
    assert sample(8, 3) != sample(8, 4)


@pytest.mark.slow
def test_the_figures_have_their_keys() -> None:
    ticks = itertools.count(0, 1_000_000)
    result = benchmark.rules_figures(lambda: next(ticks), 1)
    assert set(result.figures) == {"phase_ms", "phase_ratio_128_32"}
    assert set(result.figures["phase_ms"]) == {"8", "32", "128"}
    assert len(result.lines) == 4


def test_the_computer_player_shoots_only_at_ships_that_could_come_within_reach() -> None:
    # Leg A brings 2 activations (§6.2): 3 SL (an engine) + 2 × 2 × 1 SL + ½ = 7.5 SL.
    from pbem.rules.woodenwalls.tactics import within_reach_this_phase

    state = leg_a(2)  # one column, NEAR apart: its lone enemy is in reach
    assert within_reach_this_phase(state, 7.5) and not within_reach_this_phase(state, 7.51)
    assert "SHOOT" in computer_orders(state)["rhodes"]
    south, north = state.ships
    far = replace(state, ships=(south, replace(north, y=north.y + 7.0)))  # 8.5 SL apart
    assert "SHOOT" not in computer_orders(far)["rhodes"]


def test_resolving_draws_no_plan_sketch() -> None:
    # game.play_phase checks the mails again to resolve them: plans are for the player's answer.
    from pbem.rules.woodenwalls.game import play_phase

    state = leg_a(2)
    texts = computer_orders(state)
    assert any(line.plan for line in check(state, "rhodes", texts["rhodes"]).accepted)
    _, _, sheets = play_phase(state, list(texts.items()), benchmark._dice("t"))
    assert sheets and not any(line.plan for sheet in sheets for line in sheet.accepted)
