"""Wooden Walls speed figures (`pbem bench rules --ruleset wooden-walls`, build plan §12) and the
host's sample position: the median time to check and resolve one leg (its MOVE cards, Fate if
turned, and its deck action phase) for 8, 32 and 128 ships with the computer player's orders,
through `game.play_phase` as the judge plays a leg at its deadline. The clock is handed in: the
rules code reads none.

The bench battle: round 1, leg A open (`mail = legs`), after the setup (the wind die and the
shuffle). Two fleets in lines abreast facing each other, Rhodes at the south heading 0 and
Macedon at the north heading 180, each built from the default scenario's ships of its side in
turn with their crews and qualities (§19). In every other column the two ships stand bow to bow
NEAR apart, within a leg's advance, so half the ships can ram, shoot and board; the others stand
FAR apart, beyond every range.

Imports the game (play_phase, owes, may_send), the scenario (its ships and allotment), the
computer player, the switches, the dice and the interface's BenchResult.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from pbem.rules.dice import SeededDice
from pbem.rules.interface import BenchResult
from pbem.rules.table.placecache import forget_places
from pbem.rules.woodenwalls.game import Played, may_send, owes, play_phase
from pbem.rules.woodenwalls.scenario import DEFAULT_ALLOTMENT, MACEDON, RHODES, default_ships, default_state
from pbem.rules.woodenwalls.state import GameState, Ship
from pbem.rules.woodenwalls.switches import parse_options
from pbem.rules.woodenwalls.tactics import orders_for

Clock = Callable[[], int]
SIZES = (8, 32, 128)
SPACING = 1.0          # SL between centres abreast (the widest default ship is 0.5 SL)
NEAR, FAR = 1.5, 8.0   # bow to bow across the lines: within a leg's two advances, and far off
MARGIN = 2.0           # SL from the table edges
SHIFTS = (-0.25, 0.0, 0.0, 0.25)  # SL along the line, a sample's ship drawn by its seed
PREFIX = {RHODES: "RH", MACEDON: "MA"}


def _fleet(templates: Sequence[Ship], qualities: Sequence[str], count: int, middle: float,
           north: bool, rng: random.Random | None) -> list[Ship]:
    """`count` ships abreast, column k the side's k-th default ship in turn (with `rng`, drawn
    at random and shifted along the line); even columns' bows NEAR/2 from the middle line, odd
    columns' FAR/2."""
    ships = []
    for number in range(count):
        pick = rng.randrange(len(templates)) if rng else number % len(templates)
        template = templates[pick]
        shift = rng.choice(SHIFTS) if rng else 0.0
        back = (NEAR if number % 2 == 0 else FAR) / 2 + template.row.length / 2
        name = f"{PREFIX[template.side]}-{number + 1}"
        ships.append(replace(
            template, id=name, quality=qualities[pick], x=MARGIN + number * SPACING + shift,
            y=middle + back if north else middle - back, heading=180.0 if north else 0.0,
            flagship="", elements=tuple(replace(element, home=name)
                                        for element in template.elements)))
    return ships


def battle(pieces: int, rng: random.Random | None = None) -> GameState:
    """The setup of a bench battle of `pieces` ships in all (at least 2): Rhodes (south, heading
    0, one more when `pieces` is odd) against Macedon (north, heading 180)."""
    if pieces < 2:
        raise ValueError("a bench battle needs at least 2 ships, one a side")
    south, north = (pieces + 1) // 2, pieces // 2
    templates = default_ships()
    longest = max(ship.row.length for ship in templates)
    width = 2 * MARGIN + (south - 1) * SPACING
    height = 2 * (MARGIN + FAR / 2 + longest)
    options = parse_options({"table": f"{max(18, math.ceil(width))}x{max(12, math.ceil(height))}"})
    middle = options.table_height / 2
    fleets = []
    for side, count, is_north in ((RHODES, south, False), (MACEDON, north, True)):
        own = [ship for ship in templates if ship.side == side]
        fleets += _fleet(own, DEFAULT_ALLOTMENT[side], count, middle, is_north, rng)
    base = default_state(options)
    return replace(base, ships=tuple(fleets))


def leg_a(pieces: int, rng: random.Random | None = None) -> GameState:
    """The bench battle with its setup played (wind and shuffle): leg A of round 1 open."""
    state, _, _ = play_phase(battle(pieces, rng), [], _dice("setup"))
    return state


def sample(pieces: int, seed: int) -> GameState:
    """The host's sample game (`sample(pieces, seed)`): the bench battle, leg A open, each
    ship's type and place along its line drawn by `seed`; the same seed, the same position."""
    return leg_a(pieces, random.Random(seed))


def computer_orders(state: GameState) -> dict[str, str]:
    """The computer player's submission of every side that owes or may send orders."""
    return {side: orders_for(state, side, random.Random(7))
            for side in (*owes(state), *may_send(state))}


def play_leg(state: GameState, texts: dict[str, str], dice: SeededDice) -> Played:
    """game.play_phase with the texts of the sides the leg waits for or may hear from."""
    sending = (*owes(state), *may_send(state))
    return play_phase(state, [(side, texts[side]) for side in sending if texts.get(side)], dice)


def _median(times: Sequence[float]) -> float:
    ordered = sorted(times)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _dice(key: str) -> SeededDice:
    return SeededDice(seed=b"bench", game="bench", phase=key)


def leg_ms(clock: Clock, pieces: int, repeat: int) -> float:
    """Median milliseconds to check and resolve leg A from the same position, each run with the
    place caches emptied first (`pbem.rules.table.placecache`)."""
    start = leg_a(pieces)
    texts = computer_orders(start)
    times = []
    for n in range(max(repeat, 1)):
        forget_places()  # each run from cold place caches: the run before kept the same places
        begin = clock()
        play_leg(start, texts, _dice(f"leg-{n}"))
        times.append((clock() - begin) / 1e6)
    return round(_median(times), 3)


def rules_figures(clock: Clock, repeat: int) -> BenchResult:
    """`phase_ms` (leg A's median by size) and `phase_ratio_128_32`, with a line for each."""
    runs = {size: max(3, repeat // (4 if size < 100 else 20)) for size in SIZES}
    phase = {str(size): leg_ms(clock, size, runs[size]) for size in SIZES}
    ratio = phase["128"] / max(phase["32"], 1e-9)
    figures: dict[str, Any] = {"phase_ms": phase, "phase_ratio_128_32": round(ratio, 2)}
    lines = tuple(f"leg A (cards and deck action), check and resolve, {size:>3} ships: "
                  f"{phase[str(size)]:.3f} ms (median)" for size in SIZES)
    return BenchResult(figures, (*lines, f"128 ships / 32 ships: {ratio:.2f}"))
