"""Victory in Wooden Walls (rulings §18, house rules `victory = losses` and `round_limit`):
losses, a side broken at the end of a SinkOrSwim, and the score after the last round.

A ship is lost to its starting side when it is a hulk (sunk, burnt out or abandoned, a
`loaded` ship removed counting as a hulk, q. 42), has fled, or is controlled by the enemy; a
recaptured ship stops being lost; standing off is not a loss. At the end of each SinkOrSwim
(the only time this is asked, `check`) a side is broken when its losses reach half its starting
ships, rounded up: one side broken, the other wins; both, a draw. After the last round with no
winner each side scores 3 per enemy ship it controls, 2 per enemy hulk, 1 per enemy ship fled,
and 2 more when the enemy's fleet flagship is lost; the higher score wins, equal scores draw.
"""

from __future__ import annotations

from pbem.rules.events import Event, event
from pbem.rules.woodenwalls.state import FLED, HULK, GameState, Ship

DRAW = "draw"
CONTROLLED, HULKED, FLED_POINTS, FLAGSHIP_POINTS = 3, 2, 1, 2


def lost(ship: Ship) -> bool:
    """Lost to its starting side (§18)."""
    return ship.status in (HULK, FLED) or ship.removed or ship.owner != ship.side


def losses(state: GameState, side: str) -> int:
    return sum(1 for ship in state.ships if ship.side == side and lost(ship))


def break_point(state: GameState, side: str) -> int:
    """Half the side's starting ships, rounded up."""
    return -(-state.starting_ships(side) // 2)


def broken(state: GameState, side: str) -> bool:
    return losses(state, side) >= break_point(state, side)


def score(state: GameState, side: str) -> int:
    """§18's score of `side` after the last round."""
    total = 0
    for ship in state.ships:
        if ship.side == side:
            continue
        if ship.owner == side and ship.status not in (HULK, FLED) and not ship.removed:
            total += CONTROLLED
        elif ship.status == HULK or ship.removed:
            total += HULKED
        elif ship.status == FLED:
            total += FLED_POINTS
        if ship.flagship == "fleet" and lost(ship):
            total += FLAGSHIP_POINTS
    return total


def check(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """The check at the end of a SinkOrSwim (§18): a broken side loses; after the last round,
    the score decides. The winner is kept in `state.winner` ("" while the game goes on)."""
    if state.winner:
        return state, ()
    sides = state.sides
    down = [side for side in sides if broken(state, side)]
    if down:
        winner = DRAW if len(down) == len(sides) else next(s for s in sides if s not in down)
        found = event("victory", winner=winner, how="broken", broken=tuple(down),
                      losses=tuple(losses(state, side) for side in sides))
        return _won(state, winner), (found,)
    if state.phase.round >= state.options.round_limit:
        scores = tuple(score(state, side) for side in sides)
        best = max(scores)
        winner = DRAW if scores.count(best) > 1 else sides[scores.index(best)]
        found = event("victory", winner=winner, how="score", scores=scores)
        return _won(state, winner), (found,)
    return state, ()


def _won(state: GameState, winner: str) -> GameState:
    from dataclasses import replace

    return replace(state, winner=winner)
