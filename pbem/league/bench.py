"""The league's speed figures: one Swiss round paired mid-season, and the table.

The clock is handed in (the caller's monotonic nanoseconds), so this module reads none;
randomness comes from a seeded random.Random, so every run times the same season."""

from __future__ import annotations

import functools
import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from pbem.league.model import Entrant, Game
from pbem.league.pairing import swiss
from pbem.league.standings import table

ROUNDS_PLAYED = 5  # mid-season: the round timed is the sixth
SIZES = (64, 512)
# a club's results: mostly decisive, some draws, the odd forfeit
RESULT_WEIGHTS = {"first": 40, "second": 40, "draw": 14, "forfeit_first": 3, "forfeit_second": 3}


def mid_season(players: int, seed: int = 14) -> tuple[list[Entrant], list[Game]]:
    """A Swiss season of `players` with ROUNDS_PLAYED rounds paired and played at random."""
    chance = random.Random(seed)
    entrants = [Entrant(f"player{number:04d}", rating=round(chance.uniform(1000, 2000), 1))
                for number in range(players)]
    results, weights = list(RESULT_WEIGHTS), list(RESULT_WEIGHTS.values())
    games: list[Game] = []
    for number in range(1, ROUNDS_PLAYED + 1):
        for pairing in swiss(entrants, games, number).pairings:
            result = None if pairing.second is None else chance.choices(results, weights)[0]
            games.append(Game(number, pairing.first, pairing.second, result))
    return entrants, games


def _median_ms(clock: Callable[[], int], repeat: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(max(1, repeat)):
        start = clock()
        work()
        times.append((clock() - start) / 1e6)
    return statistics.median(times)


def league_figures(clock: Callable[[], int], repeat: int,
                   sizes: Sequence[int] = SIZES) -> dict[str, Any]:
    """{"swiss_pair_ms": {"64": ms, "512": ms}, "table_ms_512": ms}: median milliseconds to
    pair round ROUNDS_PLAYED + 1 and to draw up the table of the largest season."""
    pair_ms: dict[str, float] = {}
    largest: tuple[list[Entrant], list[Game]] = ([], [])
    for size in sizes:
        entrants, games = mid_season(size)
        pair_ms[str(size)] = round(_median_ms(
            clock, repeat, functools.partial(swiss, entrants, games, ROUNDS_PLAYED + 1)), 3)
        largest = entrants, games
    entrants, games = largest
    table_ms = _median_ms(clock, repeat, functools.partial(table, entrants, games))
    return {"swiss_pair_ms": pair_ms, f"table_ms_{max(sizes)}": round(table_ms, 3),
            "rounds_played": ROUNDS_PLAYED}
