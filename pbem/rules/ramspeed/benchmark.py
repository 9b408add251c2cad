"""Ram Speed's own speed figures for `pbem bench rules` (the host asks the plug-in; the
clock is handed in, so this module reads no time itself), and the sample positions the
host's storage and rendering benchmarks play through the boundary."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pbem.rules.dice import SeededDice
from pbem.rules.interface import BenchResult
from pbem.rules.ramspeed.game import MOVEMENT, OVER, Game, PhaseRecord, new_game, play_phase, replay
from pbem.rules.ramspeed.movement import resolve_movement
from pbem.rules.ramspeed.orders import describe_movement
from pbem.rules.ramspeed.sampling import random_fleet_state, random_orders
from pbem.rules.ramspeed.tactics import combat_text, orders_for

Clock = Callable[[], int]  # nanoseconds, monotonic (the host passes time.perf_counter_ns)

FLEET_MAPS = {10: (20, 16), 40: (36, 28), 160: (72, 56)}
POSITIONS = 12  # distinct random positions per fleet size, cycled through


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _dice(key: str) -> SeededDice:
    return SeededDice(seed=b"bench", game="bench", phase=key)


def movement_text(rng: random.Random, game: Game) -> str:
    """Random legal movement orders for the side that moves, as order text."""
    return "\n".join(f"{o.galley}: {describe_movement(o)}"
                     for o in random_orders(rng, game.state, game.side))


def fleet_position(rng: random.Random, galleys: int, turn: int = 1) -> Game:
    """A Fleet Action of `galleys` galleys placed at random, blue about to move, on the
    Fleet Action's 32 x 24 map (a map grown with the fleet beyond 40)."""
    columns, rows = (32, 24) if galleys <= 40 else FLEET_MAPS.get(galleys, (72, 56))
    state = random_fleet_state(rng, galleys, columns, rows)
    state = replace(state, scenario="fleet", turn=turn, initiative="blue")
    return Game(state=state, step=MOVEMENT, sides=("blue", "red"), order=("blue", "red"))


def movement_phase_ms(clock: Clock, repeat: int = 200, seed: int = 1) -> dict[str, float]:
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
            start = clock()
            resolve_movement(state, "blue", orders, dice)
            timings.append((clock() - start) / 1e6)
        figures[str(size)] = round(_median(timings), 4)
    return figures


def _fleet_turn_inputs(rng: random.Random) -> tuple[Game, list[str]]:
    """A 40-galley Fleet Action at the start of a turn, and legal order texts for the turn's
    three phases (movement of each side, then combat), made by playing it once."""
    state = random_fleet_state(rng, 40, 32, 24)
    state = replace(state, scenario="fleet", turn=3, initiative="blue")
    game = Game(state=state, step=MOVEMENT, sides=("blue", "red"), order=("blue", "red"))
    texts = []
    probe = game
    for number in range(3):
        if probe.step == MOVEMENT:
            submissions = [(probe.side, movement_text(rng, probe))]
        else:
            submissions = [(side, combat_text(probe.state, side)) for side in probe.sides]
            text = "\n\n".join(t for _, t in submissions)
        texts.append(submissions[0][1] if probe.step == MOVEMENT else text)
        probe, _, _ = play_phase(probe, submissions, _dice(f"turn-{number}"))
    return game, texts


def turn_ms_40(clock: Clock, repeat: int = 50, seed: int = 2) -> float:
    """Median milliseconds to check and resolve a whole turn (both movements, combat and the
    next initiative roll) of a 40-galley Fleet Action."""
    rng = random.Random(seed)
    samples = [_fleet_turn_inputs(rng) for _ in range(POSITIONS)]
    timings = []
    for run in range(max(repeat, 1)):
        game, texts = samples[run % len(samples)]
        start = clock()
        for number, text in enumerate(texts):
            if game.step == MOVEMENT:
                submissions = [(game.side, text)]
            else:
                parts = text.split("\n\n")
                submissions = list(zip(game.sides, parts + [""] * (2 - len(parts)), strict=True))
            game, _, _ = play_phase(game, submissions, _dice(f"turn-{number}"))
        timings.append((clock() - start) / 1e6)
    return round(_median(timings), 4)


def _big_fleet(side: str) -> str:
    """As many galleys as 220 Build Points buy in a Fleet Action: 1 trireme, 12 penteconters."""
    lines = [f"{side[0].upper()}T: trireme archer"]
    lines += [f"{side[0].upper()}{n}: penteconter" for n in range(1, 13)]
    return "\n".join(lines)


def _fire_only(game: Game, side: str) -> str:
    return "\n".join(line for line in combat_text(game.state, side).splitlines()
                     if "FIRE" in line)


def _long_game(turns: int, seed: int) -> tuple[Game, list[PhaseRecord]]:
    """A Fleet Action of 26 galleys played with random legal movement and greedy fire for
    `turns` turns."""
    rng = random.Random(seed)
    start = new_game("fleet")
    game = start
    records: list[PhaseRecord] = []
    while game.step != OVER and game.state.turn <= turns and len(records) < 10 * turns:
        phase = game.phase
        if phase.kind == "build":
            submissions = tuple((side, _big_fleet(side)) for side in game.owes())
        elif phase.kind == "movement":
            submissions = ((game.side, movement_text(rng, game)),)
        else:
            submissions = tuple(
                (side, orders_for(game.state, phase.kind, side, game.zone(side), game.scenario,
                                  rng) if phase.kind != "combat" else _fire_only(game, side))
                for side in game.owes())
        records.append(PhaseRecord(game.key, submissions))
        game, _, _ = play_phase(game, submissions, _dice(game.key))
        if game.state.turn > turns:
            break
    return start, records


def replay_30_turns_s(clock: Clock, repeat: int = 3, seed: int = 3) -> tuple[float, int]:
    """Median seconds to replay a 30-turn, 26-galley Fleet Action from its stored order texts
    (every phase checked and resolved again), and the number of phases replayed."""
    start, records = _long_game(30, seed)
    timings = []
    for _ in range(max(repeat, 1)):
        begin = clock()
        replay(start, records, _dice)
        timings.append((clock() - begin) / 1e9)
    return round(_median(timings), 4), len(records)


def rules_figures(clock: Clock, repeat: int) -> BenchResult:
    seconds, phases = replay_30_turns_s(clock, repeat=max(1, min(repeat // 50, 5)))
    movement = movement_phase_ms(clock, repeat=repeat)
    turn = turn_ms_40(clock, repeat=max(repeat // 4, 1))
    figures: dict[str, Any] = {"movement_phase_ms": movement, "turn_ms_40": turn,
                               "replay_30_turns_s": seconds, "replay_30_turns_phases": phases}
    lines = [f"movement phase, {size:>3} galleys: {ms:.3f} ms (median)"
             for size, ms in movement.items()]
    lines += [f"whole turn, 40-galley Fleet Action: {turn:.3f} ms (median)",
              f"replay of a 30-turn game ({phases} phases): {seconds:.3f} s (median)"]
    return BenchResult(figures, tuple(lines))
