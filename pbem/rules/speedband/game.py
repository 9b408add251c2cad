"""A whole speed-band game: which phase is open, who owes orders, checking a side's orders and
playing the open phase (rulings §4, §18, §20).

The phases and their keys (build plan §3; `Phase.key`):

    setup-carthaginians  `setup = free`: the Carthaginians place their ships (§18)
    setup-romans         then the Romans, seeing them
    T<t>-r1              round 1 (orders): every side with a ship afloat writes at once
    T<t>-r2              round 2 (combat): every side with a ship afloat; skipped when §4 says,
                         and then played at once with standing orders only
    over

For host.py: `new_game(scenario, options, text)`; `phase_spec`, `phase_title`, `owes`,
`may_send`, `check(state, side, text, commands)`, `play_phase(state, submissions, dice)`,
`pieces_of`, `commanders_after`. Orders are hidden while the game runs (§4): what came into
play is in `state.record.revealed`, written by the engines; the views filter the rest.

Orders are checked by `check.check_orders` (the checker's module) when it is there; until then
a thin local check here refuses what needs no rules engine (whose ship, its status, the round,
a second line of a kind, the speed, band and path, RAM targets and speeds, corvus and fire
targets, range and type, aboard, MELEE with a locked ship).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from pbem.rules.dice import Dice
from pbem.rules.errors import IllegalOrderError, OrderError
from pbem.rules.events import Event
from pbem.rules.interface import ACCEPTED, REFUSED, LineResult, OrderSheet, PhaseResult, PhaseSpec
from pbem.rules.speedband import bands, notation, paths, turn
from pbem.rules.speedband.missiles import range_band
from pbem.rules.speedband.notation import NotationError
from pbem.rules.speedband.orders import (
    COMBAT_ROUND,
    ORDERS_ROUND,
    SETUP_ROUND,
    Corvus,
    CorvusWork,
    Fire,
    Grapple,
    Melee,
    Movement,
    Order,
    Place,
    React,
    Reading,
    kind_of,
)
from pbem.rules.speedband.state import (
    AFLOAT,
    COMBAT,
    FLEEING,
    ORDERS,
    OVER,
    SETUP,
    GameState,
    Phase,
    Ship,
)

Submissions = Sequence[tuple[str, str]]
Played = tuple[GameState, PhaseResult, tuple[OrderSheet, ...]]
ENGINE = "pbem.rules.speedband"


def engine(module: str, function: str) -> Any:
    """A function of an engine module of this package, imported when first needed (so the turn
    frame works before every engine is written); NotImplementedError naming what is missing
    when the module, or the function in it, is not there yet."""
    name = f"{ENGINE}.{module}"
    try:
        found = importlib.import_module(name)
    except ImportError as missing:
        raise NotImplementedError(f"needs {name}.{function} ({missing})") from None
    call = getattr(found, function, None)
    if call is None:
        raise NotImplementedError(f"needs {name}.{function} (not written yet)")
    return call


# --- checking -------------------------------------------------------------------------------


def context_of(state: GameState) -> str:
    return {SETUP: SETUP_ROUND, ORDERS: ORDERS_ROUND, COMBAT: COMBAT_ROUND}.get(
        state.phase.kind, ORDERS_ROUND)


def _checker() -> Callable[..., OrderSheet] | None:
    try:
        module = importlib.import_module(f"{ENGINE}.check")
    except ModuleNotFoundError as missing:
        if missing.name == f"{ENGINE}.check":
            return None
        raise
    found: Callable[..., OrderSheet] | None = getattr(module, "check_orders", None)
    return found


def check_orders(state: GameState, side: str, text: str) -> OrderSheet:
    """A side's submission checked line by line: the checker's (`check.check_orders`) when it
    exists, else the local fallback."""
    checker = _checker()
    if checker is not None:
        return checker(state, side, text)
    return local_check(state, side, text)


def _enemy_target(state: GameState, ship: Ship, target: str, verb: str) -> str | None:
    other = state.ship(target)
    if other is None or not other.active or not state.enemies(ship, other):
        return f"{verb} {target}: the target must be an enemy ship afloat or fleeing"
    return None


def _movement_problem(state: GameState, ship: Ship, order: Movement) -> str | None:
    if order.ram and order.speed <= 0:
        return "RAM needs a forward speed above 0"
    why = bands.speed_problem(ship, order.speed, state.options)
    if why is None:
        why = paths.path_problem(ship, bands.moving_row(ship, state.options), order.speed,
                                 order.steps, bool(order.ram))
    if why is None and order.ram:
        why = _enemy_target(state, ship, order.ram, "RAM")
    return why


def _fire_problem(state: GameState, ship: Ship, order: Fire) -> str | None:
    aboard = ship.archers if order.weapon == "archers" else ship.ballistae
    if sum(clause.count for clause in order.clauses) > aboard:
        return f"{ship.id} has only {aboard} {order.weapon} aboard"
    for clause in order.clauses:
        why = _enemy_target(state, ship, clause.target, order.weapon.upper())
        if why:
            return why
        target = state.require(clause.target)
        distance = turn._distance(state, ship, target)
        band = range_band(order.weapon, distance, state.epsilon)
        if band is None:
            return f"{clause.target} is beyond long range of {ship.id}'s {order.weapon}"
        if band != "long" and not clause.kind:
            return f"at {band} range a target type is needed for {clause.target}"
    return None


def _order_problem(state: GameState, ship: Ship, order: Order) -> str | None:
    if isinstance(order, Movement):
        return _movement_problem(state, ship, order)
    if isinstance(order, Grapple):
        return next((why for target in order.targets
                     if (why := _enemy_target(state, ship, target, "GRAPPLE"))), None)
    if isinstance(order, Corvus):
        if not ship.corvus:
            return f"{ship.id} carries no corvus"
        return next((why for target in order.targets
                     if (why := _enemy_target(state, ship, target, "CORVUS"))), None)
    if isinstance(order, Fire):
        return _fire_problem(state, ship, order)
    if isinstance(order, Melee) and order.target:
        pairs = {frozenset(pair) for pair in turn.locked_pairs(state)}
        if frozenset((ship.id, state.require(order.target).id)
                     if state.ship(order.target) else ()) not in pairs:
            return f"{ship.id} is not locked with {order.target}"
    if isinstance(order, CorvusWork) and order.verb == "raise" and not ship.corvus:
        return f"{ship.id} carries no corvus"
    return None


def local_check(state: GameState, side: str, text: str) -> OrderSheet:
    """The thin fallback checker: every line read (§21) and refused for what §20 says without
    the engines; the rest accepted. `order` of an accepted line is its `Reading`."""
    context = context_of(state)
    results: list[LineResult] = []
    kinds: set[tuple[str, str]] = set()
    for line_no, raw in enumerate(text.splitlines(), 1):
        try:
            reading = notation.read_line(raw, context)
        except NotationError as wrong:
            results.append(LineResult(line_no, raw, wrong.galley, REFUSED,
                                      error=wrong.at(line_no, raw)))
            continue
        if reading is None:
            continue
        ship = state.ship(reading.ship)
        piece = ship.id if ship else reading.ship
        why: str | None = None
        if ship is None:
            why = f"there is no ship {reading.ship} in this game"
        elif ship.owner != side:
            why = f"{ship.id} is not yours: it is {ship.owner}'s"
        elif ship.status == FLEEING and context != SETUP_ROUND:
            why = f"{ship.id} is fleeing: the judge writes its orders (§14.3)"
        elif ship.status != AFLOAT:
            why = f"{ship.id} is not afloat ({ship.status}): it takes no orders"
        elif (ship.id, kind_of(reading.order)) in kinds:
            why = f"a second {kind_of(reading.order)} line for {ship.id}: the first stands"
        else:
            kinds.add((ship.id, kind_of(reading.order)))
            why = _order_problem(state, ship, reading.order)
        if why:
            error: OrderError = IllegalOrderError(why, galley=piece).at(line_no, raw)
            results.append(LineResult(line_no, raw, piece, REFUSED, error=error))
        else:
            results.append(LineResult(line_no, raw, piece, ACCEPTED,
                                      echo=reading.notation(), order=reading))
    return OrderSheet(phase_spec(state), side, tuple(results))


def accepted_lines(sheet: OrderSheet, player: str = "") -> list[turn.Line]:
    """The accepted lines of a sheet as (player, ship id, order), in line order; `order` of a
    line may be a `Reading` (ship and order) or the order itself (ship = the line's piece)."""
    found: list[turn.Line] = []
    for line in sheet.accepted:
        order = line.order
        ship = line.piece
        if isinstance(order, Reading):
            ship, order = ship or order.ship, order.order
        if order is None:
            continue
        found.append((player, ship, order))
    return found


# --- phases ---------------------------------------------------------------------------------


def phase_spec(state: GameState) -> PhaseSpec:
    phase = state.phase
    if phase.kind == SETUP:
        return PhaseSpec(SETUP, phase.side)
    return PhaseSpec(phase.kind)


_ = (Callable, Mapping, Event, Dice, Phase, replace, React, Place, OVER)
