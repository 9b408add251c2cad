"""Victory (rulings §17, `victory = points`, `turn_limit`): lost ships, losses in purchase
points, broken sides, and the end-of-turn and last-turn rules.

    end_of_turn(state) -> (state, events)     # after side B's half; sets state.winner; no dice
    standing(state, side) -> Standing         # the numbers reports show (§17, §20)
    losses(state, side) -> int                # purchase points of its lost ships
    start_points(state, side) -> int          # purchase points it started with
    broken(state, side) -> bool               # losses at least half its start

A ship is lost when it is sunk, sinking, surrendered, routed or fled (`Ship.lost`); none of
these comes back. Purchase points are always the class's points (§3.1), never the build cost.
Event: `victory` (winner: a side id or "draw", reason, and each side's numbers).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pbem.rules.events import Event, event
from pbem.rules.interface import DRAW
from pbem.rules.ramcruise.state import GameState


@dataclass(frozen=True)
class Standing:
    """One side's count: purchase points at the start, losses, the losses that break it (half
    the start, rounded up: 8 of 15, 9 of 18, §20) and whether it is broken."""

    side: str
    start: int
    losses: int
    breaking_point: int
    broken: bool

    def as_json(self) -> dict[str, int | bool | str]:
        return {"side": self.side, "start": self.start, "losses": self.losses,
                "breaking_point": self.breaking_point, "broken": self.broken}


def start_points(state: GameState, side: str) -> int:
    """The side's purchase points at the start: as the scenario recorded them, else (a case
    position) the class points of every ship of the side, lost ones included."""
    recorded = state.side(side).start_points
    if recorded:
        return recorded
    return sum(state.row(ship).points for ship in state.ships_of(side))


def losses(state: GameState, side: str) -> int:
    return sum(state.row(ship).points for ship in state.ships_of(side) if ship.lost)


def standing(state: GameState, side: str) -> Standing:
    """Broken at losses of at least half the purchase points it started with (§17)."""
    start = start_points(state, side)
    lost = losses(state, side)
    return Standing(side, start, lost, (start + 1) // 2, 2 * lost >= start)


def broken(state: GameState, side: str) -> bool:
    return standing(state, side).broken


def end_of_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """§17 at the end of each turn: exactly one side broken, the other wins; both broken, a
    draw; after the last turn (`turn_limit`) with no winner, the side whose enemy has the
    greater losses wins, equal losses a draw. No winner: play on, no event."""
    first, second = (standing(state, side.id) for side in state.sides)
    numbers = {s.side: s.as_json() for s in (first, second)}
    if first.broken and second.broken:
        winner, reason = DRAW, "both sides are broken"
    elif first.broken or second.broken:
        loser, other = (first, second) if first.broken else (second, first)
        winner = other.side
        reason = (f"{loser.side} is broken: losses of {loser.losses} of its {loser.start} "
                  f"purchase points (broken at {loser.breaking_point})")
    elif state.phase.turn >= state.options.turn_limit:
        last = f"turn {state.phase.turn} was the last"
        if first.losses == second.losses:
            winner, reason = DRAW, f"{last}; losses are equal, {first.losses} each"
        else:
            more, fewer = (first, second) if first.losses > second.losses else (second, first)
            winner = fewer.side
            reason = (f"{last}; {more.side} lost {more.losses} purchase points, "
                      f"{fewer.side} {fewer.losses}")
    else:
        return state, []
    return replace(state, winner=winner), [event("victory", winner=winner, reason=reason,
                                                 turn=state.phase.turn, sides=numbers)]
