"""Victory (rulings §13): losses, broken sides, and victory points after the last turn."""

from __future__ import annotations

from dataclasses import dataclass

from pbem.rules.events import Event, event
from pbem.rules.greeksromans.state import LEFT, SUNK, GameState
from pbem.rules.interface import DRAW


@dataclass(frozen=True)
class Standing:
    """One side's count: starting ships, losses, whether broken, and its victory points."""

    side: str
    ships: int
    losses: int
    broken: bool
    points: int


def losses(state: GameState, side: str) -> int:
    """Its starting ships sunk, left, or now controlled by the enemy (§13)."""
    return sum(1 for ship in state.ships if ship.side == side
               and (ship.status in (SUNK, LEFT) or ship.controller != side))


def points(state: GameState, side: str) -> int:
    """1 per enemy ship sunk or left, 2 per enemy ship it controls, 1 if the enemy admiral is
    dead (his ship sunk, or captured at any time) (§13)."""
    enemy = state.other(side)
    score = 0
    for ship in state.ships:
        if ship.side != enemy:
            continue
        if ship.status in (SUNK, LEFT):
            score += 1
        elif ship.controller == side:
            score += 2
    if any(ship.side == enemy and ship.flagship and ship.admiral == 0 and ship.status != LEFT
           for ship in state.ships):
        score += 1
    return score


def standing(state: GameState, side: str) -> Standing:
    count = sum(1 for ship in state.ships if ship.side == side)
    lost = losses(state, side)
    return Standing(side, count, lost, count > 0 and lost >= (count + 1) // 2, points(state, side))


def check_victory(state: GameState) -> tuple[str | None, tuple[Event, ...]]:
    """At the end of a turn: one side broken, the other wins; both, a draw; after the last
    turn with no winner, more VP wins and equal VP is a draw (§13). None: play on."""
    first, second = (standing(state, side) for side in state.sides)
    counts = {s.side: {"ships": s.ships, "losses": s.losses, "broken": s.broken, "points": s.points}
              for s in (first, second)}
    if first.broken and second.broken:
        return DRAW, (event("victory", winner=DRAW, reason="both sides are broken", sides=counts),)
    if first.broken or second.broken:
        loser, winner = (first, second) if first.broken else (second, first)
        return winner.side, (event("victory", winner=winner.side,
                                   reason=f"{loser.side} is broken: {loser.losses} of its "
                                          f"{loser.ships} ships lost", sides=counts),)
    if state.turn < state.options.turn_limit:
        return None, ()
    if first.points == second.points:
        return DRAW, (event("victory", winner=DRAW, reason=f"turn {state.turn} was the last; "
                            f"victory points are equal, {first.points} each", sides=counts),)
    best, other = (first, second) if first.points > second.points else (second, first)
    return best.side, (event("victory", winner=best.side,
                             reason=f"turn {state.turn} was the last; victory points "
                                    f"{best.points} to {other.points}", sides=counts),)
