"""Games of the default scenario played through turn.py by a blunt player (no check.py needed):
every ship turns towards the nearest enemy and goes as fast as the ladder, fatigue and its
maxima allow, shoots whatever is in range, throws grapples at whatever is alongside and lets
melee come by default. Seeded dice, so each game is the same every run. The codec, narrator
and presenter tests use the states and events of these games."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from pbem.rules.dice import SeededDice
from pbem.rules.events import Event
from pbem.rules.ramcruise.grappling import distance, grapple_reach
from pbem.rules.ramcruise.modes import immobility, ladder_allows, move_problem, ship_maximum
from pbem.rules.ramcruise.orders import Move, Picking, Standing, Step, Targets
from pbem.rules.ramcruise.scenario import initial_state, load_scenario
from pbem.rules.ramcruise.state import (
    BACK,
    COMBAT,
    CRUISE,
    MOVE,
    OVER,
    RAM,
    STAY,
    STRATEGIC,
    GameState,
    Ship,
)
from pbem.rules.ramcruise.switches import parse_options
from pbem.rules.ramcruise.turn import RoundOneOrders, RoundTwoOrders, resolve_round_1, resolve_round_2
from pbem.rules.table import DeadAstern, bearing, relative_bearing


@dataclass(frozen=True)
class Round:
    before: GameState
    after: GameState
    events: tuple[Event, ...]


def _nearest_enemy(state: GameState, ship: Ship) -> Ship | None:
    enemies = [other for other in state.ships if other.side != ship.side and other.in_play]
    return min(enemies, key=lambda other: distance(state, ship, other), default=None)


def _move(state: GameState, ship: Ship) -> Move | None:
    why = immobility(state, ship)
    if why == "embedded":
        tenths = ship_maximum(state, ship, BACK) * 10 // 8
        return Move(ship.id, BACK, (Step("B", tenths),)) if tenths > 0 else None
    if why:
        return None
    enemy = _nearest_enemy(state, ship)
    if enemy is None:
        return None
    turn = relative_bearing(float(ship.heading), bearing(ship.pose.centre, enemy.pose.centre),
                            DeadAstern.PORT)
    angle = min(int(abs(turn)), state.options.turn_angle)
    pivots = (Step("S" if turn > 0 else "P", angle),) if angle >= 1 else ()
    for mode in (RAM, CRUISE, STRATEGIC):
        if not ladder_allows(ship.mode, mode):
            continue
        tenths = ship_maximum(state, ship, mode) * 10 // 8
        if tenths <= 0:
            continue
        move = Move(ship.id, mode, (*pivots, Step("F", tenths)))
        if not move_problem(state, ship, move):
            return move
    return None


def _round_one(state: GameState) -> RoundOneOrders:
    side = state.phasing
    mine = [ship for ship in state.ships if ship.side == side and ship.on_table and not ship.routed]
    moves = tuple(move for move in (_move(state, ship) for ship in mine) if move is not None)
    breaks = tuple(Targets(ship.id, "BREAK", state.grappled_with(ship.id)) for ship in mine
                   if state.grappled_with(ship.id))
    standing = tuple(Standing(ship.id, "stance", ("accept",)) for ship in mine[::2])
    return RoundOneOrders(moves=moves, breaks=breaks, standing=standing)


def _round_two(state: GameState) -> RoundTwoOrders:
    side, other = state.phasing, state.other(state.phasing)
    fire: list[Targets | Picking] = []
    for ship in state.ships_of(other):
        if not ship.in_play or ship.routed:
            continue
        near = sorted((distance(state, ship, enemy), enemy.id) for enemy in state.ships_of(side)
                      if enemy.in_play)
        bow = [name for gap, name in near if gap <= 4.0]
        if bow and ship.crew.bowmen:
            fire.append(Picking(ship.id, "BOW", tuple(bow * 5)[:5]))
        far = [name for gap, name in near if gap <= 20.0]
        if far and ship.ballistas:
            fire.append(Targets(ship.id, "BALLISTA", tuple(far)))
    grapples = []
    for ship in state.ships_of(side):
        if not ship.in_play or ship.routed:
            continue
        alongside = tuple(enemy.id for enemy in state.ships_of(other) if enemy.in_play
                          and distance(state, ship, enemy) <= grapple_reach(ship) + 0.001)
        if alongside:
            grapples.append(Targets(ship.id, "GRAPPLE", alongside))
    losses = tuple(Standing(ship.id, "losses", ("oar", "deck", "bow", "mar"))
                   for ship in state.ships_of(other)[:1])
    return RoundTwoOrders(fire=tuple(fire), grapples=tuple(grapples), standing=losses)


@lru_cache(maxsize=8)
def played_game(seed: int, rounds: int = 48, **switches: str) -> tuple[Round, ...]:
    """Up to `rounds` mail rounds of the default battle (12 turns is 48), or to its end."""
    options = parse_options(switches)
    state = initial_state(load_scenario("default", options), options)
    out: list[Round] = []
    for number in range(rounds):
        if state.phase.kind == OVER:
            break
        dice = SeededDice(seed=f"seed {seed}".encode(), game="played", phase=f"{number}")
        if state.phase.kind == MOVE:
            after, events = resolve_round_1(state, _round_one(state), dice)
        elif state.phase.kind == COMBAT:
            after, events = resolve_round_2(state, _round_two(state), dice)
        else:  # pragma: no cover - the default battle opens at turn 1's first round
            raise AssertionError(f"the blunt player has no orders for {state.phase}")
        out.append(Round(state, after, tuple(events)))
        state = after
    return tuple(out)


def all_states(seed: int) -> tuple[GameState, ...]:
    game = played_game(seed)
    return (game[0].before, *(item.after for item in game))


def all_events(seed: int) -> tuple[Event, ...]:
    return tuple(item for round_ in played_game(seed) for item in round_.events)


def with_stay_mode(state: GameState) -> GameState:
    """The state with every ship's last move STAY (a small variation for tests)."""
    return state.with_ships(replace(ship, mode=STAY) for ship in state.ships)
