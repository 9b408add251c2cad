"""A simple greedy player: writes legal order text for any phase, for demos, golden games
and benchmarks. It closes with the enemy, rams and shears when it can, fires every weapon
in range and boards what it holds; convoy merchantmen run for the north-west corner.

Pure: every choice comes from the `random.Random` passed in, and legality from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.game import OVER, Game, PhaseRecord, play_phase
from pbem.rules.ramspeed.hints import suggested_combat
from pbem.rules.ramspeed.orders import MovementOrder, Step, describe_movement
from pbem.rules.ramspeed.placement import in_zone
from pbem.rules.ramspeed.sampling import add_step, adjacent_enemies, legal
from pbem.rules.ramspeed.state import AFLOAT, Galley, GameState
from pbem.rules.ramspeed.tables import Scenario, default_tables

CANDIDATES = 24
CORNER = hexes.from_offset(0, 0)

FLEETS = {  # build lines by budget; IDs get the side's initial
    120: ["trireme catapult archer 2 bp", "trireme archer archer 2 bp", "penteconter"],
    220: ["quinquereme onager catapult 4 bp", "trireme catapult 2 bp", "trireme archer 2 bp",
          "penteconter"],
    300: ["quinquereme onager 4 bp", "quinquereme catapult catapult 3 bp", "trireme archer 2 bp",
          "trireme catapult"],
}
CONVOY_FLEET = ["merchantman archer archer bp bp"] * 5 + ["quinquereme onager onager catapult 6 bp"] * 2


def build_text(scenario: Scenario, side: str) -> str:
    found = scenario.side(side)
    if found is not None and found.forces:
        lines = CONVOY_FLEET
    else:
        budget = found.budget if found is not None and found.budget else 120
        lines = FLEETS[max(b for b in FLEETS if b <= budget)] if budget >= 120 else FLEETS[120]
    prefix = side[0].upper()
    return "\n".join(f"{prefix}{n}: {line}" for n, line in enumerate(lines, start=1))


def _facing_for(zone: str) -> int:
    return {"east": 3, "west": 0, "convoy": 4, "raiders": 1}[zone]


def setup_text(state: GameState, side: str, zone: str, rng: random.Random) -> str:
    tables = default_tables()
    board = Board(state)
    spots = [hexes.from_offset(c, r) for r in range(state.rows) for c in range(state.columns)]
    rng.shuffle(spots)
    facing = _facing_for(zone)
    lines = []
    for galley in state.galleys:
        if galley.side != side or galley.placed:
            continue
        length = tables.galleys[galley.type].length
        for spaced in (True, False):  # room to manoeuvre if the zone allows, else packed
            spot = next((bow for bow in spots if all(
                hexes.on_map(h, state.columns, state.rows)
                and in_zone(h, zone, state.columns, state.rows)
                and h not in board.occupancy
                and not (spaced and any(n in board.occupancy for n in hexes.neighbours(h)))
                for h in hexes.footprint(bow, facing, length))), None)
            if spot is not None:
                board.place(galley.id.upper(), spot, facing)
                lines.append(f"{galley.id}: {hexes.label(spot)} {hexes.FACINGS[facing]}")
                break
    return "\n".join(lines)


def _goal(board: Board, galley: Galley) -> list[hexes.Hex]:
    if galley.merchantman:
        return [CORNER]
    enemies = [g for g in board.galleys.values() if g.owner != galley.owner and g.status == AFLOAT
               and g.placed]
    merchants = [g for g in enemies if g.merchantman]
    targets = merchants or enemies
    return [h for g in targets for h in board.hexes_of(g.id.upper())]


def _score(board: Board, key: str, order: MovementOrder, goal: list[hexes.Hex]) -> float:
    galley = board.galleys[key]
    if galley.status != AFLOAT:  # left the map
        if galley.merchantman and galley.exit_edge in ("north", "west"):
            return 1000.0
        return -1000.0
    place = board.where.get(key)
    if place is None or not goal:
        return 0.0
    bow = hexes.add(place[0], place[1])  # the hex ahead: where the ram would land
    score = -min(hexes.distance(bow, g) for g in goal)
    score += 8 * sum(1 for s in order.steps if s.kind in ("RAM", "SHEAR"))
    score += 3 * len(order.grapple)
    return score


def movement_order(board: Board, key: str, rng: random.Random) -> MovementOrder:
    galley = board.galleys[key]
    goal = _goal(board, galley)
    base = MovementOrder(galley.id, ungrapple=("",) if galley.grappled_with else ())
    if legal(board, base) is None:
        base = MovementOrder(galley.id)
    best, best_score = base, float("-inf")
    for _ in range(CANDIDATES):
        speed = 2 if (not galley.merchantman and galley.double_used < 3 and rng.random() < 0.2
                      and not galley.grappled_with) else 1
        order = replace(base, speed=speed)
        after = legal(board, order)
        if after is None:
            continue
        kinds = ["F", "F", "F", "F", "SP", "SS"] + (["P", "S"] if speed == 1 else [])
        for _ in range(galley.base_ma() * speed + 1):
            stepped = add_step(board, order, kinds, rng)
            if stepped is None:
                break
            order, after = stepped
            for verb in ("RAM", "SHEAR"):
                for target in adjacent_enemies(after, key):
                    tried = replace(order, steps=(*order.steps, Step(verb, target)))
                    done = legal(board, tried)
                    if done is not None:
                        order, after = tried, done
        for target in adjacent_enemies(after, key):
            tried = replace(order, grapple=(*order.grapple, target))
            done = legal(board, tried)
            if done is not None:
                order, after = tried, done
        score = _score(after, key, order, goal)
        if score > best_score:
            best, best_score = order, score
    return best


def movement_text(state: GameState, side: str, rng: random.Random) -> str:
    board = Board(state)
    lines = []
    for galley in state.galleys:
        if galley.owner != side or galley.status != AFLOAT or not galley.placed:
            continue
        key = galley.id.upper()
        order = movement_order(board, key, rng)
        after = legal(board, order)
        if after is None:
            continue
        board = after
        lines.append(f"{galley.id}: {describe_movement(order)}")
    return "\n".join(lines)


def combat_text(state: GameState, side: str) -> str:
    """Every weapon at the nearest enemy it reaches; board every grappled enemy."""
    tables = default_tables()
    board = Board(state)
    lines = []
    for galley in state.galleys:
        if galley.owner != side or galley.status != AFLOAT or not galley.placed:
            continue
        fire = suggested_combat(board, galley, tables)
        if fire:
            lines.append(f"{galley.id}: {fire}")
        if galley.boarding_parties:
            for other in sorted(galley.grappled_with):
                enemy = state.galley(other)
                if enemy is not None and enemy.owner != side:
                    lines.append(f"{galley.id}: BOARD {enemy.id}")
    return "\n".join(lines)


def orders_for(state: GameState, kind: str, side: str, zone: str, scenario: Scenario,
               rng: random.Random) -> str:
    """Order text for one side in the open phase."""
    if kind == "build":
        return build_text(scenario, side)
    if kind == "setup":
        return setup_text(state, side, zone, rng)
    if kind == "movement":
        return movement_text(state, side, rng)
    return combat_text(state, side)


def autoplay(game: Game, rng: random.Random, dice_for: Callable[[str], Dice],
             max_phases: int = 400) -> list[PhaseRecord]:
    """Play a game with this player on every side until it ends (or `max_phases`)."""
    records = []
    for _ in range(max_phases):
        if game.step == OVER:
            break
        phase = game.phase
        submissions = tuple(
            (side, orders_for(game.state, phase.kind, side, game.zone(side), game.scenario, rng))
            for side in game.owes()
        )
        records.append(PhaseRecord(game.key, submissions))
        game, _, _ = play_phase(game, submissions, dice_for(game.key))
    return records
