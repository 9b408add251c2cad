"""Greeks vs Romans speed figures (`pbem bench rules --ruleset greeks-romans`): the median
time to check and resolve one half of the computer player's orders for a side of 8, 32 and
128 ships, the fleets facing each other so that about half the movers reach contact. The
clock is handed in: the rules code reads none."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pbem.rules.dice import SeededDice
from pbem.rules.greeksromans.game import HALF, Game, new_game, play_phase
from pbem.rules.greeksromans.state import GREEK, ROMAN, Ship, crew_for, placed_footprint
from pbem.rules.greeksromans.tactics import orders_for
from pbem.rules.greeksromans.turn import open_half
from pbem.rules.interface import BenchResult

Clock = Callable[[], int]
SIZES = (8, 32, 128)
SPACING, ROW = 3.0, 6.0  # inches between ships abreast, and between rows


def _fleet(side: str, nationality: str, count: int, columns: int, y0: float, step: float,
           heading: int, rng: random.Random) -> list[Ship]:
    sailors, marines, captain = crew_for(nationality)
    prefix = side[0].upper()
    ships = []
    for n in range(count):
        row, column = divmod(n, columns)
        catapult = rng.random() < 0.25
        ships.append(Ship(
            id=f"{prefix}{n + 1}", side=side, nationality=nationality,
            x=6.0 + column * SPACING + rng.choice((0.0, 0.5)), y=y0 + row * step,
            heading=heading, sailors=sailors, marines=marines, captain=captain,
            catapult=catapult, catapult_crew=1 if catapult else 0, admiral=1 if n == 0 else 0,
            controller=side, flagship=n == 0))
    return ships


def battle(rng: random.Random, pieces: int) -> Game:
    """A half open for the greeks, `pieces` ships in all: two fleets in rows abreast, their
    front rows 14" apart (a move of 5 AP or more reaches contact)."""
    per_side = max(1, pieces // 2)
    columns = max(2, math.ceil(math.sqrt(per_side * 3)))
    rows = math.ceil(per_side / columns)
    width = 12.0 + columns * SPACING
    depth = 4.0 + (rows - 1) * ROW
    height = 2 * depth + 14.0 + 8.0
    table = f"{max(72, math.ceil(width))}x{max(48, math.ceil(height))}"  # the default fits
    start = new_game("default", {"table": table})
    south = _fleet("greeks", GREEK, per_side, columns, 4.0 + depth - 2.0, -ROW, 0, rng)
    north = _fleet("romans", ROMAN, per_side, columns, 4.0 + depth + 16.0, ROW, 180, rng)
    state = start.state.with_ships((*south, *north), turn=1, initiative="greeks",
                                   last_initiative_loser="romans")
    state, _ = open_half(state, 1, SeededDice(seed=b"bench", game="bench", phase="T1-h1"))
    return replace(start, state=state, step=HALF)


def half_ms(clock: Clock, pieces: int, repeat: int) -> float:
    game = battle(random.Random(pieces), pieces)
    text = orders_for(game.state, "greeks", "half", random.Random(7))
    times = []
    for n in range(max(repeat, 1)):
        dice = SeededDice(seed=b"bench", game="bench", phase=f"half-{n}")
        placed_footprint.cache_clear()  # each run from cold, as a real half is
        begin = clock()
        play_phase(game, [("greeks", text)], dice)
        times.append((clock() - begin) / 1e6)
    ordered = sorted(times)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return round(median, 3)


def rules_figures(clock: Clock, repeat: int) -> BenchResult:
    runs = {size: max(3, repeat // (4 if size < 100 else 20)) for size in SIZES}
    halves = {str(size): half_ms(clock, size, runs[size]) for size in SIZES}
    ratio = halves["128"] / max(halves["32"], 1e-9)
    figures: dict[str, Any] = {"half_ms": halves, "half_ratio_128_32": round(ratio, 2)}
    lines = tuple(f"one half (check and resolve), {size:>3} ships: "
                  f"{halves[str(size)]:.3f} ms (median)" for size in SIZES)
    return BenchResult(figures, (*lines, f"128 ships / 32 ships: {ratio:.2f}"))
