"""Issue 26: a report's order template is made once per side per phase, and made faster:
the enemies within reach (pbem.rules.ramspeed.hints.within_reach) are found with each
footprint looked at once and the enemies' hexes tested against the reachable hexes, where
the old path expanded every reachable footprint's neighbours. The answer is the same:
here, against the old path kept as it was, on the boards of many played games."""

from __future__ import annotations

import random

import pytest

from pbem.app.base import rulesets
from pbem.rules.dice import SeededDice
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.hints import _free_footprint, _speeds, within_reach
from pbem.rules.ramspeed.state import AFLOAT, Galley
from pbem.rules.ramspeed.tables import Tables, default_tables


def _old_reachable(board: Board, galley: Galley, allowance: int, speed: int,
                   tables: Tables) -> set[tuple[hexes.Hex, ...]]:
    """reachable as it was before issue 26 (every footprint checked each time it is met)."""
    key = galley.id.upper()
    assert galley.bow is not None and galley.facing is not None
    kind = tables.galleys[galley.type]
    first = (galley.bow, galley.facing, False, False)
    best = {first: 0}
    seen = {board.hexes_of(key)}
    todo = [first]
    while todo:
        state = todo.pop()
        bow, facing, after_forward, turned = state
        left = allowance - best[state]
        moves: list[tuple[hexes.Hex, int, int, bool, bool]] = []
        if left >= 1:
            moves.append((hexes.add(bow, facing), facing, 1, True, turned))
            if after_forward:
                moves += [(hexes.add(bow, facing + side), facing, 1, False, turned)
                          for side in (-1, 1)]
        if speed == 1:
            cost = kind.course_change_cost
            if left >= cost or not turned:
                moves += [(bow, (facing + side) % 6, min(cost, left), False, True)
                          for side in (-1, 1)]
            if left >= 2:
                moves.append((hexes.add(bow, hexes.opposite(facing)), facing, 2, False, turned))
        for new_bow, new_facing, cost, forward, now_turned in moves:
            footprint = _free_footprint(board, key, new_bow, new_facing, kind.length)
            if footprint is None:
                continue
            nxt = (new_bow, new_facing, forward, now_turned)
            spent = allowance - left + cost
            if nxt in best and best[nxt] <= spent:
                continue
            best[nxt] = spent
            seen.add(footprint)
            todo.append(nxt)
    return seen


def _old_within_reach(board: Board, galley: Galley,
                      tables: Tables) -> list[tuple[int, str, int]]:
    """within_reach as it was before issue 26."""
    key = galley.id.upper()
    if galley.bow is None or galley.facing is None:
        return []
    if galley.must_drift(tables):
        footprints = {board.hexes_of(key)}
        ahead = _free_footprint(board, key, hexes.add(galley.bow, galley.facing),
                                galley.facing, tables.galleys[galley.type].length)
        if ahead is not None:
            footprints.add(ahead)
        reach = [(1, footprints)]
    else:
        reach = [(speed, _old_reachable(board, galley, allowance, speed, tables))
                 for speed, allowance in _speeds(board, galley, tables)]
    mine = board.hexes_of(key)
    near = [(speed, {n for f in footprints for h in f for n in (h, *hexes.neighbours(h))})
            for speed, footprints in reach]
    found = []
    for other in board.galleys.values():
        if other.owner == galley.owner or other.status != AFLOAT or not other.placed:
            continue
        theirs = board.hexes_of(other.id.upper())
        for speed, hexes_near in near:
            if any(h in hexes_near for h in theirs):
                found.append((hexes.galley_distance(mine, theirs), other.id, speed))
                break
    return sorted(found)


def _boards(seed: int, phases: int) -> list[Board]:
    """The board before each of a sample game's phases, the sides' orders by autoplay."""
    game = rulesets.plugin("ramspeed").sample(24, seed)
    rng = random.Random(seed)
    tables = default_tables()
    boards = []
    for _ in range(phases):
        if game.over:
            break
        boards.append(Board(game.value.state, tables))
        submissions = [(side, game.autoplay_orders(side, rng)) for side in game.owes()]
        game, _, _ = game.play(submissions, SeededDice(seed=b"h", game="h", phase=game.key))
    return boards


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_within_reach_finds_what_the_old_path_found(seed: int) -> None:
    tables = default_tables()
    compared = reached = 0
    for board in _boards(seed, 6):
        for galley in board.galleys.values():
            if galley.status != AFLOAT or not galley.placed:
                continue
            old = _old_within_reach(board, galley, tables)
            assert within_reach(board, galley, tables) == old, galley.id
            compared += 1
            reached += bool(old)
    assert compared > 20 and reached > 0  # galleys with enemies in reach were compared

