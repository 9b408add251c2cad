"""A whole ram / cruise / strategic game: which phase is open, who owes orders and who may
also send them, checking a side's orders, and playing the open phase (rulings §5.4, §4, §20).

The phases and their keys (the plan's table; `Phase.key`):

    wind            only `wind = roll`: nobody owes, the judge rolls (§21 item 1)
    build           fleets built to a budget: both sides at once (§4)
    setup-<B>       `setup = free`: side B places, side A may send standing orders
    setup-<A>       then side A, seeing B's ships
    T<t>-r1-<A>     A moves (steps 1–3); B may send standing orders
    T<t>-r2-<A>     B fires, A grapples and melees (steps 4–12): both owe
    T<t>-r3-<B>     B moves; A may send standing orders
    T<t>-r4-<B>     A fires, B grapples and melees; then victory (§17) and the next turn
    over

The game value is the state itself (`GameState`, its phase included), so the codec stores it
whole. Missing orders (§5.4) are an empty submission: in round 1 every ship that is not routed
stays, with no breaks or duty changes; in round 2 nobody fires or throws a grapple and grappled
phasing ships melee by default; at set-up the judge places the ships nobody placed; a side
that builds no ship loses. Standing orders keep their last values.

For host.py (the game value wraps a `GameState`): `new_game(scenario, options, text)`;
`state.phase.key`, `phase_spec`, `phase_title`, `state.phase.turn`, `state.winner`, `over` as
`state.phase.kind == OVER`; `owes`, `may_send` (`owes_told` is `owes`: nothing is hidden, and
`orders_public` is true, §4, §5.4); `check(state, side, text, commands)`; `play_phase(state,
submissions, dice)`; `pieces_of`, `commanders_after`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.interface import DRAW, OrderSheet, PhaseResult, PhaseSpec
from pbem.rules.ramcruise.check import accepted_orders, check_build, check_orders, kind_of
from pbem.rules.ramcruise.classes import ship_class
from pbem.rules.ramcruise.fleet import BuildLine, build_cost, build_fleet, purchase_points
from pbem.rules.ramcruise.orders import Build, Duty, Move, Order, Picking, Place, Standing, Targets
from pbem.rules.ramcruise.scenario import initial_state, load_scenario, place_unplaced, placement_problem
from pbem.rules.ramcruise.state import (
    AFLOAT,
    BUILD,
    COMBAT,
    MOVE,
    OVER,
    SETUP,
    SINKING,
    WIND,
    GameState,
    Phase,
    Ship,
)
from pbem.rules.ramcruise.switches import Given, parse_options
from pbem.rules.ramcruise.turn import (
    RoundOneOrders,
    RoundTwoOrders,
    apply_standing,
    resolve_round_1,
    resolve_round_2,
    start_turn,
)
from pbem.rules.ramcruise.wind import roll_wind

Submissions = Sequence[tuple[str, str]]
Played = tuple[GameState, PhaseResult, tuple[OrderSheet, ...]]


def new_game(scenario: str, options: Mapping[str, Given],
             scenario_text: str | None = None) -> GameState:
    """A game at its first phase (no dice yet); ValueError with a sentence for an unknown
    scenario, a scenario file that cannot be played or an option it cannot take."""
    parsed = parse_options(options)
    return initial_state(load_scenario(scenario, parsed, scenario_text), parsed)


# --- who owes, who may send ------------------------------------------------------------------


def _takes_orders(ship: Ship) -> bool:
    return ship.status in (AFLOAT, SINKING)  # placed or not: a free set-up places them


def _has_ships(state: GameState, side: str, routed_too: bool = True) -> bool:
    return any(ship.side == side and _takes_orders(ship) and (routed_too or not ship.routed)
               for ship in state.ships)


def owes(state: GameState) -> tuple[str, ...]:
    """The sides the open phase waits for (§5.4): both in the build round and in round 2, the
    placing side at set-up, the phasing side in round 1; in a turn, only a side with a ship
    afloat or sinking that is not routed (a routed ship takes standing orders only)."""
    kind = state.phase.kind
    if kind == BUILD:
        return state.side_ids
    if kind == SETUP:
        return (state.phase.side,) if _has_ships(state, state.phase.side) else ()
    if kind == MOVE:
        return tuple(side for side in (state.phasing,) if _has_ships(state, side, False))
    if kind == COMBAT:
        return tuple(side for side in state.side_ids if _has_ships(state, side, False))
    return ()


def may_send(state: GameState) -> tuple[str, ...]:
    """The sides that may send orders although the phase does not wait for them: standing
    orders come from either side in any round (§5.3, §5.4), so every other side with a ship
    that takes orders."""
    if state.phase.kind not in (SETUP, MOVE, COMBAT):
        return ()
    waited = owes(state)
    return tuple(side for side in state.side_ids if side not in waited and _has_ships(state, side))


def phase_spec(state: GameState) -> PhaseSpec:
    kind = state.phase.kind
    if kind == SETUP:
        return PhaseSpec(SETUP, state.phase.side, state.side(state.phase.side).home)
    return PhaseSpec(kind, state.phasing)


def phase_title(state: GameState) -> str:
    """The open phase for people: "Turn 2, round 2: rome fires, carthage grapples and melees"."""
    phase = state.phase
    if phase.kind == WIND:
        return "Before turn 1: the wind die"
    if phase.kind == BUILD:
        return f"Fleet building: both sides build within {state.options.budget} points"
    if phase.kind == SETUP:
        return f"Set-up: {phase.side} places its ships ({state.side(phase.side).home} edge)"
    if phase.kind == MOVE:
        return f"Turn {phase.turn}, round {phase.round}: {phase.side} moves"
    if phase.kind == COMBAT:
        other = state.other(phase.side)
        return f"Turn {phase.turn}, round {phase.round}: {other} fires, {phase.side} grapples and melees"
    return "The game is over"


def pieces_of(state: GameState, side: str) -> list[str]:
    """The ships a side commands now (those that take orders), in scenario order."""
    return [ship.id for ship in state.ships if ship.side == side and _takes_orders(ship)]


def commanders_after(state: GameState, players: Sequence[tuple[int, str, tuple[str, ...]]],
                     accepted: Mapping[int, Sequence[str]],
                     result: PhaseResult) -> dict[int, tuple[str, ...]]:
    """On a side of several players, who commands which ships after the phase: a ship built in
    the build round goes to the player whose accepted line built it. No other phase changes
    who commands what (a struck ship stays its side's; there are no prizes, §12.4)."""
    if state.phase.kind != BUILD:
        return {}
    after: GameState = result.state
    count: dict[str, int] = {}
    for _, side, _ in players:
        count[side] = count.get(side, 0) + 1
    changed: dict[int, tuple[str, ...]] = {}
    for pid, side, pieces in players:
        if count[side] < 2:
            continue
        mine = {name.upper() for name in pieces}
        built = [ship.id for name in accepted.get(pid, ())
                 if (ship := after.ship(name)) is not None and ship.side == side
                 and ship.id.upper() not in mine]
        if built:
            changed[pid] = (*pieces, *dict.fromkeys(built))
    return changed


# --- checking ---------------------------------------------------------------------------------


def check(state: GameState, side: str, text: str,
          commands: frozenset[str] | None = None) -> OrderSheet:
    """A side's orders for the open phase, every line answered (check.py); ValueError when the
    side has nothing it may send now."""
    if side not in state.side_ids:
        raise ValueError(f"there is no side {side!r} in this game; the sides are "
                         f"{' and '.join(state.side_ids)}")
    if side not in owes(state) and side not in may_send(state):
        raise ValueError(f"the open phase is {state.phase.key} ({phase_title(state)}); {side} "
                         "has no orders to give now")
    return check_orders(state, side, text, commands)


def _later_wins(sheets: Sequence[OrderSheet]) -> dict[str, list[Order]]:
    """Each side's accepted orders in the order received and written; when a later submission
    of a side orders a ship's line of the same kind, it replaces the earlier one (§5.4: a new
    submission replaces the sender's earlier one)."""
    by_side: dict[str, dict[tuple[str, str], Order]] = {}
    for sheet in sheets:
        kept = by_side.setdefault(sheet.side, {})
        for order in accepted_orders([sheet]):
            key = (order.ship.upper(), kind_of(order))
            kept.pop(key, None)
            kept[key] = order
    return {side: list(kept.values()) for side, kept in by_side.items()}


def _rejected(sheets: Sequence[OrderSheet]) -> tuple[tuple[str, str], ...]:
    return tuple((line.piece or f"line {line.line_no}", line.reason)
                 for sheet in sheets for line in sheet.refused)


# --- playing ----------------------------------------------------------------------------------


def _open_play(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """What follows the wind roll and the build round: the build round when no fleet exists,
    side B's set-up with `setup = free`, else turn 1 (the judge places ships nobody placed)."""
    if not state.ships:
        return replace(state, phase=Phase(BUILD)), ()
    if state.options.setup == "free":
        return replace(state, phase=Phase(SETUP, side=state.sides[1].id)), ()
    ships: tuple[Ship, ...] = state.ships
    for side in state.sides:
        ships, _ = place_unplaced(ships, side, state.table)
    return start_turn(state.with_ships(ships), 1, dice)


def _play_wind(state: GameState, submissions: Submissions, dice: Dice) -> Played:
    if any(text.strip() for _, text in submissions):
        raise ValueError("nobody gives orders for the wind roll; the judge rolls it")
    heading, rolled = roll_wind(dice)
    state, opened = _open_play(replace(state, wind=heading), dice)
    return state, PhaseResult(state, (rolled, *opened), ()), ()


def _play_build(state: GameState, submissions: Submissions, dice: Dice) -> Played:
    """Side A's lines first, then side B's, each side's submissions in the order given (§4,
    §20): B's line with an id A took is refused. A side that builds nothing loses."""
    sheets: list[OrderSheet] = []
    taken: set[str] = set()
    ships: list[Ship] = []
    rejected: list[tuple[str, str]] = []
    for side in state.side_ids:
        spent, own = 0, []
        for sent, text in submissions:
            if sent != side:
                continue
            sheet = check_build(state, side, text, None, taken, spent)
            sheets.append(sheet)
            for order in accepted_orders([sheet]):
                if isinstance(order, Build):
                    own.append(order)
                    taken.add(order.ship.upper())
                    spent += build_cost(order.design,
                                        ship_class(order.design.ship_class, state.options.special_ship))
        lines = [BuildLine(number, order.ship, order.design) for number, order in enumerate(own, 1)]
        fleet = build_fleet(side, lines, state.options, taken=[ship.id for ship in ships])
        rejected += [(item.ship_id, item.reason) for item in fleet.refused]  # e.g. a second ADMIRAL
        ships += fleet.ships
    rejected = list(_rejected(sheets)) + rejected
    sides = tuple(replace(side, start_points=purchase_points(
        (ship for ship in ships if ship.side == side.id), state.options)) for side in state.sides)
    state = replace(state.with_ships(ships), sides=(sides[0], sides[1]))
    state = apply_standing(state, [order for sheet in sheets for order in accepted_orders([sheet])
                                   if isinstance(order, Standing) and state.ship(order.ship)])
    empty = [side for side in state.side_ids if not state.ships_of(side)]
    if empty:
        winner = DRAW if len(empty) == 2 else state.other(empty[0])
        reason = ("neither side built a ship" if len(empty) == 2
                  else f"{empty[0]} built no ship (§5.4)")
        state = replace(state, winner=winner, phase=Phase(OVER))
        told = event("victory", winner=winner, reason=reason, turn=0, sides={})
        return state, PhaseResult(state, (told,), tuple(rejected)), tuple(sheets)
    state, opened = _open_play(state, dice)
    return state, PhaseResult(state, opened, tuple(rejected)), tuple(sheets)


def _play_setup(state: GameState, submissions: Submissions, dice: Dice) -> Played:
    """The placing side's accepted placements in the order given, each checked again against
    the ships placed before it (another player's of the side), then the judge places the rest
    (§20); standing orders from either side."""
    sheets = tuple(check(state, side, text) for side, text in submissions)
    orders = _later_wins(sheets)
    placing = state.phase.side
    home = state.side(placing).home
    rejected = list(_rejected(sheets))
    for order in orders.get(placing, []):
        if not isinstance(order, Place):
            continue
        ship = state.require(order.ship)
        there = replace(ship, x=order.x, y=order.y, heading=order.heading, placed=True)
        why = placement_problem(state.ships, there, home, state.table)
        if why:
            rejected.append((ship.id, why + "; the judge places it (§20)"))
            continue
        state = state.with_ship(there)
    standing = [order for side in state.side_ids for order in orders.get(side, [])
                if isinstance(order, Standing)]
    state = apply_standing(state, standing)
    ships, _ = place_unplaced(state.ships, state.side(placing), state.table)
    state = state.with_ships(ships)
    events: tuple[Event, ...] = ()
    if placing == state.sides[1].id:
        state = replace(state, phase=Phase(SETUP, side=state.sides[0].id))
    else:
        state, events = start_turn(state, 1, dice)
    return state, PhaseResult(state, events, tuple(rejected)), sheets


def _play_round(state: GameState, submissions: Submissions, dice: Dice) -> Played:
    sheets = tuple(check(state, side, text) for side, text in submissions)
    orders = _later_wins(sheets)
    phasing, other = state.phasing, state.other(state.phasing)
    own, theirs = orders.get(phasing, []), orders.get(other, [])
    standing = tuple(order for side in (phasing, other) for order in orders.get(side, [])
                     if isinstance(order, Standing))
    if state.phase.kind == MOVE:
        played = resolve_round_1(state, RoundOneOrders(
            moves=tuple(order for order in own if isinstance(order, Move)),
            breaks=tuple(order for order in own if isinstance(order, Targets) and order.verb == "BREAK"),
            duties=tuple(order for order in own if isinstance(order, Duty)),
            standing=standing), dice)
    else:
        played = resolve_round_2(state, RoundTwoOrders(
            fire=tuple(order for order in theirs if isinstance(order, Targets | Picking)
                       and order.verb in ("BOW", "BALLISTA")),
            grapples=tuple(order for order in own if isinstance(order, Targets)
                           and order.verb == "GRAPPLE"),
            melees=tuple(order for order in own if isinstance(order, Picking) and order.verb == "MELEE"),
            standing=standing), dice)
    after, events = played
    return after, PhaseResult(after, events, _rejected(sheets)), sheets


def play_phase(state: GameState, submissions: Submissions, dice: Dice) -> Played:
    """Check every submission (side, text) in the order given, resolve the open phase and open
    the next: the state after, the phase's result (events, refused lines by ship) and the
    checked sheets. On a side of several players, give its submissions in the order the
    players are listed (§5.4); a side that sends nothing has missing orders (§5.4)."""
    kind = state.phase.kind
    if kind == OVER:
        raise ValueError("the game is over; no phase is open")
    if kind == WIND:
        return _play_wind(state, submissions, dice)
    if kind == BUILD:
        for side, _ in submissions:
            check(state, side, "")  # a stranger is refused as in any phase
        return _play_build(state, submissions, dice)
    if kind == SETUP:
        return _play_setup(state, submissions, dice)
    return _play_round(state, submissions, dice)


__all__ = ["check", "commanders_after", "may_send", "new_game", "owes", "phase_spec",
           "phase_title", "pieces_of", "play_phase"]
