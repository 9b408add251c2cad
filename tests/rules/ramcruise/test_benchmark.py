"""The ram-cruise speed figures (benchmark.py): the bench battle's shape (N ships, two lines
facing each other, half the ships within ram reach of an enemy, side A's RAM on), the figures'
keys and the round they name, and the clock handed in (a fake clock gives exact figures). The
figures themselves are printed by `pbem bench`, never asserted."""

from __future__ import annotations

import itertools
import random

import pytest

from pbem.rules.dice import SeededDice
from pbem.rules.ramcruise.benchmark import SIZES, battle, play_round, rules_figures
from pbem.rules.ramcruise.grappling import distance
from pbem.rules.ramcruise.modes import ship_maximum
from pbem.rules.ramcruise.rows import ships_problem
from pbem.rules.ramcruise.state import CRUISE, MOVE, RAM
from pbem.rules.ramcruise.tactics import orders_for


@pytest.mark.parametrize("pieces", SIZES)
def test_the_battle_has_two_lines_and_half_the_ships_within_ram_reach(pieces: int) -> None:
    game = battle(pieces)
    assert len(game.ships) == pieces
    assert ships_problem(game.ships, game.side_ids, game.table) == ""
    assert game.phase.kind == MOVE and game.phasing == "carthage"
    south, north = game.ships_of("carthage"), game.ships_of("rome")
    assert len(south) == len(north) == pieces // 2
    assert {s.heading for s in south} == {0} and {s.heading for s in north} == {180}
    assert all(s.mode == CRUISE for s in south)
    in_reach = {ship.id for ship in game.ships for enemy in game.ships if enemy.side != ship.side
                and distance(game, ship, enemy) * 8 <= ship_maximum(game, ship, RAM)}
    assert len(in_reach) == pieces // 2
    assert sum(s.flagship for s in south) == sum(s.flagship for s in north) == 1


def test_side_a_rams_in_the_bench_round() -> None:
    game = battle(32)
    text = orders_for(game, "carthage", random.Random(7))
    after, events = play_round(game, {"carthage": text}, SeededDice(seed=b"bench", game="bench", phase="r1"))
    marked = [item for item in events if item.kind == "ram" and item.get("marked")]
    assert len(marked) >= 8  # most of the 8 close pairs' side-A ships
    assert after.phase.kind != MOVE


def test_the_figures_use_the_clock_handed_in() -> None:
    ticks = itertools.count(step=1_000_000)  # each reading 1 ms after the last
    result = rules_figures(lambda: next(ticks), 1)
    figures = result.figures
    assert figures["phase_ms"] == {"8": 1.0, "32": 1.0, "128": 1.0}
    assert set(figures["round"]) == {"8", "32", "128"}
    assert all(name.startswith("round ") for name in figures["round"].values())
    assert set(figures["round_ms"]) == {"1", "2"}
    assert figures["phase_ratio_128_32"] == 1.0
    assert len(result.lines) == 4 and "128 ships" in result.lines[2]
