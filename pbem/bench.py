"""Benchmarks behind `pbem bench`: figures are printed, never asserted in tests."""

from __future__ import annotations

import random
import statistics
import time

from pbem.rules.dice import SeededDice
from pbem.rules.ramspeed.movement import resolve_movement
from pbem.rules.ramspeed.sampling import random_fleet_state, random_orders

FLEET_MAPS = {10: (20, 16), 40: (36, 28), 160: (72, 56)}
POSITIONS = 12  # distinct random positions per fleet size, cycled through


def movement_phase_ms(repeat: int = 200, seed: int = 1) -> dict[str, float]:
    """Median milliseconds to resolve one movement phase of random legal orders."""
    rng = random.Random(seed)
    figures: dict[str, float] = {}
    for size, (columns, rows) in FLEET_MAPS.items():
        samples = []
        for _ in range(POSITIONS):
            state = random_fleet_state(rng, size, columns, rows)
            samples.append((state, random_orders(rng, state, "blue")))
        timings = []
        for run in range(max(repeat, 1)):
            state, orders = samples[run % len(samples)]
            dice = SeededDice(seed=b"bench", game="bench", phase=str(run))
            start = time.perf_counter_ns()
            resolve_movement(state, "blue", orders, dice)
            timings.append((time.perf_counter_ns() - start) / 1e6)
        figures[str(size)] = round(statistics.median(timings), 4)
    return figures
