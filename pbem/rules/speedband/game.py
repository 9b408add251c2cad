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

Orders are checked by `check.check_orders` (the checker's module) when it is there; without it
a thin local check here refuses only what needs no rules (a line it cannot read or of the other
round, a ship not the side's, not afloat or fleeing, a second line of a kind) and accepts the
rest.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from pbem.rules.dice import Dice
from pbem.rules.errors import IllegalOrderError, NotCommandedError, OrderError
from pbem.rules.events import Event, event
from pbem.rules.interface import ACCEPTED, REFUSED, LineResult, OrderSheet, PhaseResult, PhaseSpec
from pbem.rules.speedband import fronts, notation, turn
from pbem.rules.speedband.notation import NotationError
from pbem.rules.speedband.orders import (
    COMBAT_ROUND,
    ORDERS_ROUND,
    SETUP_ROUND,
    Corvus,
    Grapple,
    Place,
    React,
    Reading,
    kind_of,
)
from pbem.rules.speedband.scenario import (
    HOME_EDGE,
    load_scenario,
    next_setup_phase,
    placement_problem,
    settle_setup,
)
from pbem.rules.speedband.sheets import CombatOrders
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
from pbem.rules.speedband.switches import Given, parse_options

Submissions = Sequence[tuple[str, str]]
Played = tuple[GameState, PhaseResult, tuple[OrderSheet, ...]]
Played2 = tuple[GameState, tuple[Event, ...]]
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


def check_orders(state: GameState, side: str, text: str,
                 commands: frozenset[str] | None = None) -> OrderSheet:
    """A side's submission checked line by line: the checker's (`check.check_orders`) when it
    exists, else the local fallback; `commands` (upper-case ids) limits it to one player's
    ships."""
    checker = _checker()
    if checker is not None:
        return checker(state, side, text, commands)
    return _commanded(local_check(state, side, text), commands)


def _commanded(sheet: OrderSheet, commands: frozenset[str] | None) -> OrderSheet:
    if commands is None:
        return sheet
    lines = []
    for line in sheet.lines:
        if line.status == ACCEPTED and line.piece and line.piece.upper() not in commands:
            error = NotCommandedError(f"{line.piece} is commanded by another player of your side",
                                      galley=line.piece).at(line.line_no, line.text)
            line = replace(line, status=REFUSED, error=error, order=None, echo="")
        lines.append(line)
    return replace(sheet, lines=tuple(lines))


def local_check(state: GameState, side: str, text: str) -> OrderSheet:
    """The thin fallback checker: every line read (§21); refused when unreadable or of the other
    round, for a ship not the side's, fleeing or not afloat, or a second line of a kind (§20);
    the rest accepted. `order` of an accepted line is its `Reading`."""
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


# --- the game and its phases ----------------------------------------------------------------


def new_game(scenario: str, options: Mapping[str, Given],
             scenario_text: str | None = None) -> GameState:
    """A game at its first phase (no dice yet): the Carthaginians' set-up with `setup = free`,
    else turn 1's round 1. ValueError with a sentence for an unknown scenario, a scenario file
    that cannot be played or an option it cannot take."""
    parsed = parse_options(options)
    state = load_scenario(scenario, parsed, scenario_text)
    if state.phase.kind == ORDERS:
        state = turn.start_turn(state, state.phase.turn or 1)
    return state


def _takes_orders(ship: Ship) -> bool:
    return ship.status == AFLOAT  # fleeing ships are the judge's (§14.3), prizes inert (§2.2)


def _sides_with_orders(state: GameState) -> tuple[str, ...]:
    owners = {ship.owner for ship in state.ships if _takes_orders(ship)}
    return tuple(side for side in state.sides if side in owners)


def _has_combat(state: GameState, side: str) -> bool:
    """A side with a possible round-2 order beyond its standing ones: a ship that could fire,
    a ship in a locked pair, or (`opt_transfer`) a ship that could transfer (§4, §12, §13)."""
    ships = [ship for ship in state.ships if ship.owner == side and _takes_orders(ship)]
    if any(turn.could_fire(state, ship) for ship in ships):
        return True
    mine = {ship.id for ship in ships}
    if any(first in mine or second in mine for first, second in fronts.locked_pairs(state)):
        return True
    return state.options.opt_transfer and turn.could_transfer(state, side)


def owes(state: GameState) -> tuple[str, ...]:
    """The sides the open phase waits for: the placing side at set-up; in round 1 every side
    with a ship afloat (a side whose ships all flee owes nothing); in round 2 every such side
    with a possible combat order (build plan §3, open question 5)."""
    kind = state.phase.kind
    if kind == SETUP:
        side = state.phase.side
        return (side,) if any(ship.side == side for ship in state.ships) else ()
    if kind == ORDERS:
        return _sides_with_orders(state)
    if kind == COMBAT:
        return tuple(side for side in _sides_with_orders(state) if _has_combat(state, side))
    return ()


def may_send(state: GameState) -> tuple[str, ...]:
    """In round 2, a side with ships afloat but nothing to fire at or fight may still change its
    standing orders (MELEE, LOSSES, RAISE, BREAK): it may send without being waited for."""
    if state.phase.kind != COMBAT:
        return ()
    waited = owes(state)
    return tuple(side for side in _sides_with_orders(state) if side not in waited)


def phase_spec(state: GameState) -> PhaseSpec:
    phase = state.phase
    if phase.kind == SETUP:
        return PhaseSpec(SETUP, phase.side, HOME_EDGE.get(phase.side, ""))
    return PhaseSpec(phase.kind)


def phase_title(state: GameState) -> str:
    """The open phase for people: "Turn 3, round 2 (combat): every side at once"."""
    phase = state.phase
    if phase.kind == SETUP:
        edge = HOME_EDGE.get(phase.side, "")
        return f"Set-up: {phase.side} place their ships" + (f" ({edge} edge)" if edge else "")
    if phase.kind == ORDERS:
        return f"Turn {phase.turn}, round 1 (orders): every side writes at once"
    if phase.kind == COMBAT:
        return f"Turn {phase.turn}, round 2 (combat): every side writes at once"
    return "The game is over"


def pieces_of(state: GameState, side: str) -> list[str]:
    """The ships a side commands now, in scenario order: its own and its prizes' captors' ships
    afloat or fleeing (a prize takes no orders, §2.2; a fleeing ship's are the judge's)."""
    return [ship.id for ship in state.ships if ship.owner == side and ship.active]


def commanders_after(state: GameState, players: Sequence[tuple[int, str, tuple[str, ...]]],
                     accepted: Mapping[int, Sequence[str]],
                     result: PhaseResult) -> dict[int, tuple[str, ...]]:
    """No phase changes who commands which ship: a prize takes no orders (§2.2, §13.4), and no
    ship is ever built or handed over. Always empty."""
    return {}


def check(state: GameState, side: str, text: str,
          commands: frozenset[str] | None = None) -> OrderSheet:
    """A side's orders for the open phase, every line answered; `commands` (upper-case ship ids)
    limits them to one player's ships. ValueError when the side has nothing to send now."""
    if side not in state.sides:
        raise ValueError(f"there is no side {side!r} in this game; the sides are "
                         f"{' and '.join(state.sides)}")
    if state.phase.kind == OVER:
        raise ValueError("the game is over; no orders are taken")
    if side not in owes(state) and side not in may_send(state):
        raise ValueError(f"the open phase is {state.phase.key} ({phase_title(state)}); {side} "
                         "has no orders to give now")
    return check_orders(state, side, text, commands)


def _merged(sheets: Sequence[OrderSheet]) -> list[turn.Line]:
    """The accepted lines of every submission in the order received. A later submission of a
    side replaces, as a whole, everything the earlier ones said about each ship it orders (§4:
    a new submission replaces the previous one; two players of one side order their own
    ships, so each keeps his)."""
    kept: list[tuple[str, turn.Line]] = []
    for sheet in sheets:
        lines = accepted_lines(sheet)
        ordered = {ship.upper() for _, ship, _ in lines}
        kept = [(side, line) for side, line in kept
                if side != sheet.side or line[1].upper() not in ordered]
        kept += [(sheet.side, line) for line in lines]
    return [line for _, line in kept]


def _rejected(sheets: Sequence[OrderSheet]) -> tuple[tuple[str, str], ...]:
    return tuple((line.piece or f"line {line.line_no}", line.reason)
                 for sheet in sheets for line in sheet.refused)


def _play_setup(state: GameState, sheets: Sequence[OrderSheet]
                ) -> tuple[GameState, tuple[Event, ...], list[tuple[str, str]]]:
    """The placing side's accepted placements in the order given (§18); a ship not placed
    legally keeps its table position (and a placed one overlapping such a ship goes back too):
    each such line is answered in the result."""
    side = state.phase.side
    placements: dict[str, tuple[float, float, int]] = {}
    for _, ship_id, order in _merged(sheets):
        if isinstance(order, Place) and (ship := state.ship(ship_id)) and ship.side == side:
            placements[ship.id] = (order.x, order.y, order.heading)
    after = settle_setup(state, side, placements)
    rejected: list[tuple[str, str]] = []
    for ship_id, (x, y, heading) in placements.items():
        ship = after.require(ship_id)
        if (abs(ship.x - x), abs(ship.y - y), ship.heading) != (0, 0, heading):
            why = placement_problem(state, state.require(ship_id), x, y, heading) or (
                f"{ship_id} would overlap a ship at its table position")
            rejected.append((ship_id, f"{why}; it takes its table position (§18)"))
    events = tuple(event("placed", ship=ship.id, x=round(ship.x, 2), y=round(ship.y, 2),
                         heading=ship.heading) for ship in after.ships if ship.side == side)
    phase = next_setup_phase(after)
    if phase.kind == ORDERS:
        return turn.start_turn(after, phase.turn or 1), events, rejected
    return replace(after, phase=phase), events, rejected


def _finish_turn(state: GameState, dice: Dice, orders: CombatOrders) -> Played2:
    """Round 2 played (§12-§14: missiles, melee, transfer, corvus work, morale), then the end of
    the turn (§3.2, §17) and, if the game goes on, the next turn's round 1."""
    state, events = engine("combat", "play_combat")(state, orders, dice)
    state, more = turn.end_turn(state)
    return state, (*events, *more)


def _play_orders(state: GameState, lines: list[turn.Line], dice: Dice) -> Played2:
    """Round 1: standing orders, the §4 defaults, the movement (§5-§11); then round 2 opens, or
    when §4 skips it, is played at once with standing orders only (its dice in order)."""
    state = turn.apply_standing(state, lines)
    orders = turn.movement_orders(state, lines)
    state = turn.begin_movement(state, orders)
    state, events = engine("roundone", "play_movement")(state, orders, dice)
    if not turn.round_two_skipped(state):
        return replace(state, phase=Phase(COMBAT, state.phase.turn)), tuple(events)
    told = event("round_skipped", turn=state.phase.turn, revealed=tuple(
        f"{ship}:{kind}" for ship, kind in state.record.revealed))
    state = replace(state, phase=Phase(COMBAT, state.phase.turn))
    state, more = _finish_turn(state, dice, CombatOrders())
    return state, (*events, told, *more)


def play_phase(state: GameState, submissions: Submissions, dice: Dice) -> Played:
    """Check every submission (side, text) in the order received, resolve the open phase and
    open the next: the state after, the phase's result (events, refused lines by ship) and the
    checked sheets. A side that sends nothing has missing orders (§4)."""
    if state.phase.kind == OVER:
        raise ValueError("the game is over; no phase is open")
    sheets = tuple(check(state, side, text) for side, text in submissions)
    rejected = list(_rejected(sheets))
    if state.phase.kind == SETUP:
        after, events, refused = _play_setup(state, sheets)
        rejected += refused
    elif state.phase.kind == ORDERS:
        after, events = _play_orders(state, _merged(sheets), dice)
    else:
        lines = _merged(sheets)
        after = turn.apply_standing(state, lines)
        after, events = _finish_turn(after, dice, turn.combat_orders(after, lines))
    return after, PhaseResult(after, tuple(events), tuple(rejected)), sheets


def told_lines(state: GameState, sheet: OrderSheet) -> tuple[LineResult, ...]:
    """The accepted round-1 lines of a sheet that another side may be told while the game runs
    (§4): every line but a REACT, GRAPPLE or CORVUS wish that did not come into play this turn
    (`state.record.revealed`, written by the engines: (ship, "react"|"grapple"|"corvus"))."""
    revealed = {(ship.upper(), kind) for ship, kind in state.record.revealed}
    told = []
    for line in sheet.accepted:
        found = accepted_lines(replace(sheet, lines=(line,)))
        if not found:
            continue
        _, ship, order = found[0]
        word = {React: "react", Grapple: "grapple", Corvus: "corvus"}.get(type(order))
        if word is None or (ship.upper(), word) in revealed:
            told.append(line)
    return tuple(told)


__all__ = ["check", "commanders_after", "may_send", "new_game", "owes", "phase_spec",
           "phase_title", "pieces_of", "play_phase", "told_lines"]
