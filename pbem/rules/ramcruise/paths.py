"""The paths the judge computes when orders arrive (rulings §6.6): every BREAK taken to succeed,
every shear-grapple to fail, ships earlier in the list where their own computed paths take them;
for the echo to the sender (path, shears with their abreast points, ram contacts, blocks) and for
friendly spacing at the path's end (§6.5). No dice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.events import Event
from pbem.rules.ramcruise.modes import EMBEDDED, immobility
from pbem.rules.ramcruise.movement import move_ship, pass_no_dice, rout_ship
from pbem.rules.ramcruise.orders import Move
from pbem.rules.ramcruise.state import AFLOAT, BACK, SINKING, STAY, GameState


@dataclass(frozen=True)
class MovePlan:
    """The half's movement as the judge computes it when orders arrive (§6.6): where every
    ship ends (`state`), and for each ship its events (path, shears with abreast points, ram
    contacts, blocks) and the ships it passes within ⅛" (§6.5: a friend it shears may end
    closer than ¼")."""

    state: GameState
    events: tuple[tuple[str, tuple[Event, ...]], ...]
    passed: tuple[tuple[str, frozenset[str]], ...]

    def events_of(self, ship_id: str) -> tuple[Event, ...]:
        return next((found for name, found in self.events if name.upper() == ship_id.upper()), ())

    def passed_by(self, ship_id: str) -> frozenset[str]:
        return next((found for name, found in self.passed if name.upper() == ship_id.upper()),
                    frozenset())


def sail_routers(state: GameState) -> tuple[GameState, tuple[tuple[str, tuple[Event, ...]], ...]]:
    """The phasing side's routers sail first, in scenario order (§16.6), as at resolution."""
    side = state.phasing
    events: list[tuple[str, tuple[Event, ...]]] = []
    for listed in state.ships:
        ship = state.require(listed.id)
        if ship.side == side and ship.routed and ship.status in (AFLOAT, SINKING):
            state, found, _, _ = rout_ship(state, ship.id)
            events.append((ship.id, found))
    return state, tuple(events)


def plan_one(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...], frozenset[str]]:
    """One line's computed path from where the table stands now (§6.6): the state after it, its
    events, and the ships it passes within 1/8" (shears, every shear-grapple failing). A line
    whose ship may not move (STAY, still grappled, immobile) leaves it where it is."""
    ship = state.require(move.ship)
    why = immobility(state, ship)
    if move.mode == STAY or (why and not (why == EMBEDDED and move.mode == BACK)):
        return state, (), frozenset()
    state, found = move_ship(state, move, pass_no_dice)
    return state, found, frozenset(item["target"] for item in found if item.kind == "shear")


def plan_moves(state: GameState, moves: Sequence[Move],
               breaking: Sequence[tuple[str, str]] = ()) -> MovePlan:
    """§6.6's computed paths: every BREAK succeeds (the `breaking` pairs are released first),
    every shear-grapple fails (no dice: `pass_no_dice`), routers sail first in scenario order,
    and each line moves from where the ships before it left everything. A line whose ship may
    not move when its turn comes (still grappled, immobile) leaves it where it is."""
    for first, second in breaking:
        state = state.without_grapple(first, second)
    state, routed = sail_routers(state)
    events: list[tuple[str, tuple[Event, ...]]] = list(routed)
    passed: list[tuple[str, frozenset[str]]] = []
    for move in moves:
        name = state.require(move.ship).id
        moved = state
        state, found, shorn = plan_one(state, move)
        events.append((name, found))
        if state is not moved:
            passed.append((name, shorn))
    return MovePlan(state, tuple(events), tuple(passed))
