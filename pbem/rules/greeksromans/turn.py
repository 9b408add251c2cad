"""The turn (rulings §4, §15, §18): initiative, opening a half with its movement bonus, the
half's whole sequence, and the end of the turn. Each function takes the dice in §18's order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.greeksromans import combat
from pbem.rules.greeksromans.movement import Blocked, Left, Moved, Passed, Strike, plan_moves
from pbem.rules.greeksromans.orders import MoveOrder, Order, PlaceOrder, TargetOrder
from pbem.rules.greeksromans.repair import repair
from pbem.rules.greeksromans.state import GREEK, LEFT, SINKING, GameState, Played
from pbem.rules.greeksromans.strikes import resolve_strike
from pbem.rules.greeksromans.victory import check_victory
from pbem.rules.table import report_length, report_point


def _greek_side(state: GameState, side: str) -> bool:
    ships = [ship for ship in state.ships if ship.side == side]
    return bool(ships) and all(ship.nationality == GREEK for ship in ships)


def roll_initiative(state: GameState, dice: Dice) -> Played:
    """Each side one d6, the first listed first; higher wins; on turn 1 a tie rolls both again,
    later a tie goes to the side that lost initiative the turn before (§4). With
    `greeks_first` the Greek side goes first with no dice (both or neither: the first listed)."""
    first, second = state.sides
    events: list[Event] = []
    if state.options.initiative == "greeks_first":
        greek = [side for side in state.sides if _greek_side(state, side)]
        winner = greek[0] if len(greek) == 1 else first
        reason = "the Greek side goes first" if len(greek) == 1 else "the side listed first goes first"
        events.append(event("initiative", turn=state.turn, dice={}, winner=winner,
                            reason=f"greeks_first: {reason}"))
    else:
        while True:
            die_first = dice.roll(f"initiative {first}")
            die_second = dice.roll(f"initiative {second}")
            rolled = {first: die_first, second: die_second}
            if die_first != die_second:
                winner = first if die_first > die_second else second
                events.append(event("initiative", turn=state.turn, dice=rolled, winner=winner,
                                    reason="the higher roll"))
                break
            if state.turn == 1 or state.last_initiative_loser not in state.sides:
                events.append(event("initiative", turn=state.turn, dice=rolled, winner="",
                                    reason="a tie on turn 1: both roll again"))
                continue
            winner = state.last_initiative_loser
            events.append(event("initiative", turn=state.turn, dice=rolled, winner=winner,
                                reason=f"a tie goes to {winner}, who lost initiative last turn"))
            break
    loser = state.other(winner)
    return replace(state, initiative=winner, last_initiative_loser=loser, half=0, bonus=0,
                   action_points=()), tuple(events)


def open_half(state: GameState, half: int, dice: Dice) -> Played:
    """The movement bonus for the phasing side, and each of its ships' AP, fixed now (§5.1)."""
    state = replace(state, half=half)
    side = state.phasing
    die = dice.roll(f"movement bonus {side}")
    points = tuple((ship.id, 0 if ship.status == SINKING else die + ship.sailors)
                   for ship in state.ships if ship.controller == side and ship.on_table)
    state = replace(state, bonus=die, action_points=points)
    return state, (event("bonus", side=side, turn=state.turn, half=half, die=die,
                         action_points=dict(points)),)


def resolve_movement(state: GameState, orders: Sequence[MoveOrder],
                     dice: Dice) -> Played:
    """Every movement line in order (§5.3), each strike's dice as it happens (§18.2)."""
    plan = plan_moves(state, orders)
    events: list[Event] = []
    for happening in plan.happenings:
        if isinstance(happening, Moved):
            start, end = report_point(happening.start), report_point(happening.end)
            events.append(event("move", ship=happening.ship, step=happening.step,
                                start=start, end=end, path=[list(start), list(end)],
                                heading=happening.heading, travel=report_length(happening.travel)))
        elif isinstance(happening, Strike):
            state, found = resolve_strike(state, happening, dice)
            events += found
        elif isinstance(happening, Blocked):
            events.append(event("blocked", ship=happening.ship, by=happening.by,
                                at=report_point(happening.at), reason=happening.reason))
        elif isinstance(happening, Passed):
            events.append(event("pass", ship=happening.ship, past=happening.past,
                                made=happening.made, to=report_point(happening.to)))
        elif isinstance(happening, Left):
            events.append(event("left", ship=happening.ship, edge=happening.edge,
                                at=report_point(happening.at)))
    # Positions and statuses from the plan; crews from the strikes (dice never move a ship).
    ships = tuple(replace(ship, x=placed.x, y=placed.y, heading=placed.heading,
                          status=LEFT if placed.status == LEFT else ship.status)
                  for ship, placed in zip(state.ships, plan.ships, strict=True))
    return state.with_ships(ships), tuple(events)


def split_orders(orders: Sequence[Order]) -> dict[str, list[Order]]:
    """Accepted orders by kind, each kind in the order written."""
    kinds: dict[str, list[Order]] = {"movement": [], "ARCHERY": [], "BOARD": [], "CATAPULT": [],
                                     "placement": []}
    for order in orders:
        if isinstance(order, MoveOrder):
            kinds["movement"].append(order)
        elif isinstance(order, TargetOrder):
            kinds[order.kind].append(order)
        elif isinstance(order, PlaceOrder):
            kinds["placement"].append(order)
    return kinds


def resolve_half(state: GameState, orders: Sequence[Order],
                 dice: Dice) -> Played:
    """Move and strike, archery, boarding, catapults, repair (§4), for the open half's side."""
    kinds = split_orders(orders)
    side = state.phasing
    state, events = resolve_movement(state, kinds["movement"], dice)  # type: ignore[arg-type]
    state, more = combat.archery(state, kinds["ARCHERY"], dice)  # type: ignore[arg-type]
    events += more
    state, more = combat.boarding(state, kinds["BOARD"], dice)  # type: ignore[arg-type]
    events += more
    state, more = combat.catapults(state, kinds["CATAPULT"], dice)  # type: ignore[arg-type]
    events += more
    state, more = repair(state, side, dice)
    return state, events + more


def end_of_turn(state: GameState, dice: Dice) -> Played:
    """The victory check; if the game goes on, the next turn and its initiative roll (§4, §13)."""
    winner, events = check_victory(state)
    if winner is not None:
        return replace(state, winner=winner, half=0, action_points=()), events
    state = replace(state, turn=state.turn + 1, half=0, bonus=0, action_points=())
    state, rolled = roll_initiative(state, dice)
    return state, events + rolled


def apply_placements(state: GameState, orders: Sequence[Order]) -> Played:
    """Free set-up (§14): each accepted placement, in the order written."""
    events: list[Event] = []
    for order in orders:
        if not isinstance(order, PlaceOrder):
            continue
        ship = state.require(order.ship)
        state = state.with_ship(replace(ship, x=order.x, y=order.y, heading=order.heading))
        events.append(event("placed", ship=ship.id, at=[report_length(order.x), report_length(order.y)],
                            heading=order.heading))
    return state, tuple(events)
