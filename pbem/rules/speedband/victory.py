"""Victory by tonnage (rulings §17; house rules `victory = tonnage`, `turn_limit`).

A side's losses are its starting ships now sunk, fled, surrendered or captured; it is broken when
their tons are at least half the tons it started with. At the end of each turn one broken side
loses, both broken is a draw; after the last turn each side scores the tons of enemy ships sunk,
surrendered or captured plus half the tons of those fled, more wins, equal draws.
"""

from __future__ import annotations

from pbem.rules.speedband.state import CAPTURED, FLED, SUNK, SURRENDERED, GameState

DRAW = "draw"
LOST = (SUNK, FLED, SURRENDERED, CAPTURED)


def tons_started(state: GameState, side: str) -> int:
    return sum(ship.row.tons for ship in state.ships if ship.side == side)


def tons_lost(state: GameState, side: str) -> int:
    """Tons of the side's starting ships now lost (a ship's `side` is who it started with)."""
    return sum(ship.row.tons for ship in state.ships if ship.side == side and ship.status in LOST)


def broken(state: GameState, side: str) -> bool:
    """Losses at least half the starting tons (2 × lost ≥ started, exactly)."""
    return 2 * tons_lost(state, side) >= tons_started(state, side)


def score_halves(state: GameState, side: str) -> int:
    """A side's last-turn score in half tons: enemy ships sunk, surrendered or captured count
    whole, fled count half."""
    total = 0
    for ship in state.ships:
        if ship.side == side:
            continue
        if ship.status in (SUNK, SURRENDERED, CAPTURED):
            total += 2 * ship.row.tons
        elif ship.status == FLED:
            total += ship.row.tons
    return total


def end_of_turn_result(state: GameState, turn: int) -> str | None:
    """The winning side, DRAW, or None when the game goes on (§17), checked after §14."""
    sides = state.sides
    beaten = [side for side in sides if broken(state, side)]
    if len(beaten) == len(sides):
        return DRAW
    if beaten:
        standing = [side for side in sides if side not in beaten]
        return standing[0] if len(standing) == 1 else None
    if turn < state.options.turn_limit:
        return None
    scores = {side: score_halves(state, side) for side in sides}
    best = max(scores.values())
    leaders = [side for side, score in scores.items() if score == best]
    return leaders[0] if len(leaders) == 1 else DRAW
