"""Speed-band speed figures (`pbem bench rules --ruleset speed-band`, issue 21) and the host's
sample position: the median time to check and resolve each round of a turn for 8, 32 and 128
ships with the computer player's orders, through game.play_phase as the judge plays a round at
its deadline. The clock is handed in: the rules code reads none.

The bench battle: turn 2, round 1 open, two fleets in lines abreast facing each other, the
Romans at the south edge heading 0 and the Carthaginians at the north heading 180, each built
from the default scenario's ships of its side in turn (§18). In every other column the two
ships stand bow to bow NEAR apart, within what either may write this turn (§3.2: a band above
last turn's Cruise), so half the ships are within ram reach of an enemy; the others stand FAR
apart, beyond every enemy's reach and missile range. Round 1 is the movement (§5-§11), round 2
the combat (§12-§14) and the end of the turn; `phase_ms` is the heavier round's median and
`round` names it.

Imports the speed-band game (play_phase, owes, may_send), scenario (its ships), state, turn
(start_turn), tactics (orders_for) and switches, the dice and the interface's BenchResult.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from pbem.rules.dice import SeededDice
from pbem.rules.interface import BenchResult
from pbem.rules.speedband.game import Played, may_send, owes, play_phase
from pbem.rules.speedband.scenario import CARTHAGINIANS, ROMANS, default_ships
from pbem.rules.speedband.state import COMBAT, GameState, Player, Ship
from pbem.rules.speedband.switches import parse_options
from pbem.rules.speedband.tactics import orders_for
from pbem.rules.speedband.turn import start_turn

Clock = Callable[[], int]
SIZES = (8, 32, 128)
TURN = 2
SPACING = 4.0          # inches between centres abreast: a quinquereme pivots clear of its neighbours
NEAR, FAR = 4.0, 30.0  # bow to bow across the lines: within every type's Battle band, and far off
MARGIN = 6.0           # from the table edges
SHIFTS = (-0.5, 0.0, 0.0, 0.5)  # inches along the line, a sample's ship drawn by its seed
ROUNDS = {1: "round 1 (movement)", 2: "round 2 (combat and the end of the turn)"}


def _fleet(templates: Sequence[Ship], count: int, middle: float, north: bool,
           rng: random.Random | None) -> list[Ship]:
    """`count` ships abreast, column k the side's k-th default ship in turn (with `rng`, drawn
    at random and shifted along the line); even columns' bows NEAR/2 from the middle line,
    odd columns' FAR/2."""
    prefix = templates[0].id[0]
    ships = []
    for number in range(count):
        template = rng.choice(templates) if rng else templates[number % len(templates)]
        shift = rng.choice(SHIFTS) if rng else 0.0
        back = (NEAR if number % 2 == 0 else FAR) / 2 + template.row.length / 2
        ships.append(replace(template, id=f"{prefix}{number + 1}",
                             name=f"{template.name} {number // len(templates) + 1}",
                             x=MARGIN + number * SPACING + shift,
                             y=middle + back if north else middle - back,
                             heading=180 if north else 0))
    return ships


def battle(pieces: int, rng: random.Random | None = None) -> GameState:
    """Turn 2's round 1, `pieces` ships in all (at least 2): the Romans (south, heading 0, one
    more when `pieces` is odd) against the Carthaginians (north, heading 180), every ship as the
    default scenario fits it out, having cruised last turn. With `rng` each ship's type is drawn
    from its side's default ships and its place shifted up to half an inch along the line."""
    if pieces < 2:
        raise ValueError("a bench battle needs at least 2 ships, one a side")
    romans, carthaginians = (pieces + 1) // 2, pieces // 2
    longest = max(ship.row.length for ship in default_ships())
    width = 2 * MARGIN + (romans - 1) * SPACING
    height = 2 * (MARGIN + FAR / 2 + longest)
    table = f"{max(72, math.ceil(width))}x{max(48, math.ceil(height))}"
    options = parse_options({"table": table})
    default = default_ships()
    middle = options.table_height / 2
    south = _fleet([ship for ship in default if ship.side == ROMANS], romans, middle, False, rng)
    north = _fleet([ship for ship in default if ship.side == CARTHAGINIANS], carthaginians,
                   middle, True, rng)
    players = (Player(ROMANS, ROMANS), Player(CARTHAGINIANS, CARTHAGINIANS))
    state = GameState((*south, *north), players, options, title="The bench battle")
    return start_turn(state, TURN)


def sample(pieces: int, seed: int) -> GameState:
    """The host's sample game (`sample(pieces, seed)`): the bench battle with each ship's type
    and place along its line drawn by `seed`; the same seed, the same position."""
    return battle(pieces, random.Random(seed))


# --- check and resolve, as the judge does when the round's deadline passes


def play_round(state: GameState, texts: dict[str, str], dice: SeededDice) -> Played:
    """game.play_phase with the texts of the sides the round waits for or may hear from, in
    scenario side order: every line checked (check.py), then the round resolved."""
    sending = (*owes(state), *may_send(state))
    return play_phase(state, [(side, texts[side]) for side in sending if texts.get(side)], dice)


def computer_orders(state: GameState) -> dict[str, str]:
    """The computer player's submission of every side that owes or may send orders."""
    return {side: orders_for(state, side, random.Random(7))
            for side in (*owes(state), *may_send(state))}


def _median(times: Sequence[float]) -> float:
    ordered = sorted(times)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _dice(key: str) -> SeededDice:
    return SeededDice(seed=b"bench", game="bench", phase=key)


def round_ms(clock: Clock, pieces: int, repeat: int) -> dict[int, float]:
    """Median milliseconds of each round of turn 2, each run from the same position: round 1
    from the battle, round 2 from where one round 1 left it."""
    start = battle(pieces)
    first = computer_orders(start)
    middle, _, _ = play_round(start, first, _dice("r1"))
    if middle.phase.kind != COMBAT:
        raise ValueError("the bench battle's round 2 was skipped; nothing would be timed")
    second = computer_orders(middle)
    times: dict[int, list[float]] = {1: [], 2: []}
    for n in range(max(repeat, 1)):
        begin = clock()
        play_round(start, first, _dice(f"r1-{n}"))
        times[1].append((clock() - begin) / 1e6)
        begin = clock()
        play_round(middle, second, _dice(f"r2-{n}"))
        times[2].append((clock() - begin) / 1e6)
    return {number: round(_median(found), 3) for number, found in times.items()}


def rules_figures(clock: Clock, repeat: int) -> BenchResult:
    """`phase_ms` (the heavier round's median by size), `round` (which round that is),
    `round_ms` (both rounds by size) and `phase_ratio_128_32`, with a line for each."""
    runs = {size: max(3, repeat // (4 if size < 100 else 20)) for size in SIZES}
    rounds = {size: round_ms(clock, size, runs[size]) for size in SIZES}
    heaviest = {size: max(found, key=lambda number: found[number]) for size, found in rounds.items()}
    phase = {str(size): rounds[size][heaviest[size]] for size in SIZES}
    ratio = phase["128"] / max(phase["32"], 1e-9)
    figures: dict[str, Any] = {
        "phase_ms": phase,
        "round": {str(size): ROUNDS[heaviest[size]] for size in SIZES},
        "round_ms": {str(number): {str(size): rounds[size][number] for size in SIZES}
                     for number in ROUNDS},
        "phase_ratio_128_32": round(ratio, 2),
    }
    lines = tuple(f"the heavier round, {ROUNDS[heaviest[size]]}, check and resolve, {size:>3} "
                  f"ships: {phase[str(size)]:.3f} ms (median)" for size in SIZES)
    return BenchResult(figures, (*lines, f"128 ships / 32 ships: {ratio:.2f}"))
