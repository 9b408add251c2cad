"""Ram / cruise / strategic speed figures (`pbem bench rules --ruleset ram-cruise`, issue 20
"Speed"): the median time to check and resolve the heaviest mail round for 8, 32 and 128 ships,
with the computer player's orders. Two fleets in lines abreast face each other; every other
ship of side A stands within ram reach of the enemy ship across from it and the rest far off,
so half the ships are within contact range. Side A has cruised, so its RAM is on.

Both rounds of side A's half are timed: round 1 (steps 1–3: the sheet checked by check.py, its
moves tried on the computed path of §6.6, then break-aways, movement with its shears and marked
rams, M1) and round 2 (steps 4–12: both sheets checked, fire, rams, grapples, melee, the end of
the half), each through game.play_phase as the judge plays a round at its deadline.
`phase_ms` is the heavier round's median and `round` names it. The clock is handed in: the
rules code reads none.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from pbem.rules.dice import SeededDice
from pbem.rules.events import Event
from pbem.rules.interface import BenchResult
from pbem.rules.ramcruise.game import may_send, owes, play_phase
from pbem.rules.ramcruise.scenario import load_scenario
from pbem.rules.ramcruise.state import (
    CRUISE,
    MOVE,
    NORTH,
    SOUTH,
    GameState,
    Phase,
    Ship,
    Side,
)
from pbem.rules.ramcruise.switches import parse_options
from pbem.rules.ramcruise.tactics import orders_for

Clock = Callable[[], int]
SIZES = (8, 32, 128)
SPACING = 4.0       # inches between centres abreast (a quinquereme pivots clear of its neighbours)
NEAR, FAR = 6.0, 30.0  # bow to bow across the lines: within a trireme's ram reach, and far off
MARGIN = 6.0        # from the table edges
ROUNDS = {1: "round 1 (side A moves: steps 1-3)", 2: "round 2 (B fires, A grapples and melees: steps 4-12)"}


def _fleet(templates: Sequence[Ship], home: str, count: int, front: float) -> list[Ship]:
    """`count` ships abreast, the default battle's ships of the side in turn; from the front line
    the even ones stand NEAR/2 back and the odd ones FAR/2 (half the ships within contact range)."""
    prefix = templates[0].id[0]
    ships = []
    for number in range(count):
        template = templates[number % len(templates)]
        back = (NEAR if number % 2 == 0 else FAR) / 2 + template.length / 2
        ships.append(replace(template, id=f"{prefix}{number + 1}", name="", flagship=number == 0,
                             x=MARGIN + number * SPACING, y=front - back if home == SOUTH else front + back,
                             heading=0 if home == SOUTH else 180))
    return ships


def battle(pieces: int) -> GameState:
    """Turn 2, side A's round 1, `pieces` ships in all: Carthage (home south, heading 0, side A)
    against Rome (home north, heading 180); side A's ships cruised last turn."""
    per_side = max(1, pieces // 2)
    width = 2 * MARGIN + (per_side - 1) * SPACING
    height = 2 * (MARGIN + FAR) + 2 * 5.0
    front = height / 2
    options = parse_options({"table": f"{max(72, int(width) + 1)}x{max(48, int(height) + 1)}"})
    default = load_scenario("default", options).ships
    south = [replace(ship, mode=CRUISE, speed=40) for ship in
             _fleet([ship for ship in default if ship.side == "carthage"], SOUTH, per_side, front)]
    north = _fleet([ship for ship in default if ship.side == "rome"], NORTH, per_side, front)
    sides = (Side("carthage", SOUTH, start_points=0), Side("rome", NORTH, start_points=0))
    state = GameState(ships=(*south, *north), sides=sides, options=options,
                      phase=Phase(MOVE, 2, 1, "carthage"))
    points = {side.id: sum(state.row(ship).points for ship in state.ships_of(side.id))
              for side in sides}
    return replace(state, sides=(replace(sides[0], start_points=points["carthage"]),
                                 replace(sides[1], start_points=points["rome"])))


# --- check and resolve, as the judge does when the round's deadline passes


def play_round(state: GameState, texts: dict[str, str],
               dice: SeededDice) -> tuple[GameState, tuple[Event, ...]]:
    """game.play_phase: every submission checked by check.py (§18, §6.5 on §6.6's computed
    path), then the round resolved by turn.py."""
    sending = (*owes(state), *may_send(state))
    after, result, _ = play_phase(state, [(side, texts[side]) for side in sending if texts.get(side)], dice)
    return after, result.events


def _median(times: Sequence[float]) -> float:
    ordered = sorted(times)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def round_ms(clock: Clock, pieces: int, repeat: int) -> dict[int, float]:
    """Median milliseconds of each round of side A's half, from the same position every run."""
    start = battle(pieces)
    first = {"carthage": orders_for(start, "carthage", random.Random(7))}
    middle, _ = play_round(start, first, SeededDice(seed=b"bench", game="bench", phase="r1"))
    texts = {side: orders_for(middle, side, random.Random(7)) for side in middle.side_ids}
    times: dict[int, list[float]] = {1: [], 2: []}
    for n in range(max(repeat, 1)):
        begin = clock()
        play_round(start, first, SeededDice(seed=b"bench", game="bench", phase=f"r1-{n}"))
        times[1].append((clock() - begin) / 1e6)
        begin = clock()
        play_round(middle, texts, SeededDice(seed=b"bench", game="bench", phase=f"r2-{n}"))
        times[2].append((clock() - begin) / 1e6)
    return {number: round(_median(found), 3) for number, found in times.items()}


def rules_figures(clock: Clock, repeat: int) -> BenchResult:
    runs = {size: max(3, repeat // (4 if size < 100 else 20)) for size in SIZES}
    rounds = {size: round_ms(clock, size, runs[size]) for size in SIZES}
    heaviest = {size: max(found, key=lambda number: found[number]) for size, found in rounds.items()}
    phase = {str(size): rounds[size][heaviest[size]] for size in SIZES}
    ratio = phase["128"] / max(phase["32"], 1e-9)
    figures: dict[str, Any] = {
        "phase_ms": phase,
        "round": {str(size): ROUNDS[heaviest[size]] for size in SIZES},
        "round_ms": {str(number): {str(size): rounds[size][number] for size in SIZES} for number in ROUNDS},
        "phase_ratio_128_32": round(ratio, 2),
    }
    lines = tuple(f"the heaviest round, {ROUNDS[heaviest[size]]}, check and resolve, {size:>3} ships: "
                  f"{phase[str(size)]:.3f} ms (median)" for size in SIZES)
    return BenchResult(figures, (*lines, f"128 ships / 32 ships: {ratio:.2f}"))
