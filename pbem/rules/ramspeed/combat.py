"""The combat phase: missile attacks, then boarding (5.0 IV-V, 11.0, 12.0).

Both sides' orders are judged on the position at the start of the phase; a galley may
have several lines, one per FIRE, BOARD, CAPTURE, ADRIFT or TRANSFER.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pbem.rules.dice import Dice
from pbem.rules.errors import IllegalOrderError
from pbem.rules.events import Event
from pbem.rules.ramspeed import boarding, missiles
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.combat_orders import (
    AdriftOrder,
    BoardOrder,
    CaptureOrder,
    CombatOrder,
    FireOrder,
    TransferOrder,
    describe_combat,
)
from pbem.rules.ramspeed.state import AFLOAT, Galley, GameState


@dataclass
class CombatCheck:
    """What the lines above have already claimed, for checking the next one."""

    fired: dict[str, dict[str, int]] = field(default_factory=dict)  # galley -> weapon -> n
    committed: dict[str, int] = field(default_factory=dict)  # explicit BOARD numbers
    targets: set[tuple[str, str, str]] = field(default_factory=set)  # (verb, galley, target)
    given: dict[str, int] = field(default_factory=dict)  # parties transferred away
    received: dict[str, int] = field(default_factory=dict)


def _grappled_enemy(board: Board, galley: Galley, target_id: str, verb: str) -> Galley:
    target = board.galley(target_id)
    if target is None:
        raise IllegalOrderError(f"there is no galley {target_id} in this game")
    if target.owner == galley.owner:
        raise IllegalOrderError(f"{target.id} is friendly; {verb} is against an enemy galley")
    if target.id not in galley.grappled_with:
        raise IllegalOrderError(
            f"{galley.id} is not grappled with {target.id}; boarding needs a grapple (12.1)",
            accepted="BOARD, CAPTURE or ADRIFT against an enemy grappled with the galley.")
    return target


def check_line(board: Board, galley: Galley, order: CombatOrder, claims: CombatCheck) -> str:
    """Check one combat line; return the echo or raise IllegalOrderError."""
    key = galley.id.upper()
    if isinstance(order, FireOrder):
        used = dict(claims.fired.get(key, {}))
        echoes: list[str] = []
        bad: list[tuple[int, str, str, IllegalOrderError]] = []
        for number, (weapon, target_id) in enumerate(order.shots, start=1):
            try:
                echoes.append(missiles.check_shot(board, galley, weapon, target_id, used))
            except IllegalOrderError as error:
                bad.append((number, weapon, target_id, error))
        if bad:
            raise _fire_refused(galley, order, bad)
        claims.fired[key] = used
        return "; ".join(echoes)
    if isinstance(order, TransferOrder):
        friend = board.galley(order.friend)
        if friend is None:
            raise IllegalOrderError(f"there is no galley {order.friend} in this game")
        if friend.owner != galley.owner or friend.id not in galley.grappled_with:
            raise IllegalOrderError(
                f"{friend.id} is not a friendly galley grappled with {galley.id} (9.5)")
        have = galley.boarding_parties - claims.given.get(key, 0)
        if order.parties > have:
            raise IllegalOrderError(f"{galley.id} has only {have} boarding parties to transfer")
        fkey = friend.id.upper()
        room = (boarding.party_room(board, friend) - friend.boarding_parties
                - claims.received.get(fkey, 0))
        if order.parties > room:
            room = max(room, 0)
            raise IllegalOrderError(
                f"{friend.id} has room for {room} more boarding part{'y' if room == 1 else 'ies'}"
                " (its capacity, 4.2.2)")
        claims.given[key] = claims.given.get(key, 0) + order.parties
        claims.received[fkey] = claims.received.get(fkey, 0) + order.parties
        return "after boarding, if still possible"
    verb = type(order).__name__.removesuffix("Order").upper()
    target = _grappled_enemy(board, galley, order.target, verb)
    tkey = target.id.upper()
    if isinstance(order, BoardOrder):
        if galley.boarding_parties < 1:
            raise IllegalOrderError(f"{galley.id} has no boarding parties (12.1)")
        if ("BOARD", key, tkey) in claims.targets:
            raise IllegalOrderError(f"{galley.id} already boards {target.id} on another line")
        claims.targets.add(("BOARD", key, tkey))
        if order.parties is not None:
            total = claims.committed.get(key, 0) + order.parties
            if total > galley.boarding_parties:
                raise IllegalOrderError(
                    f"{galley.id} has {galley.boarding_parties} boarding parties; these lines "
                    f"commit {total}")
            claims.committed[key] = total
            return f"with {order.parties} parties"
        return "with the parties not committed elsewhere"
    other = "ADRIFT" if isinstance(order, CaptureOrder) else "CAPTURE"
    if (other, key, tkey) in claims.targets or (verb, key, tkey) in claims.targets:
        raise IllegalOrderError(f"{galley.id} already has a CAPTURE or ADRIFT line for {target.id}")
    claims.targets.add((verb, key, tkey))
    if isinstance(order, CaptureOrder):
        return f"if {target.id} can be taken, move {order.parties} parties aboard"
    return f"if {target.id} can be taken, destroy its oars instead of taking it"


def _fire_refused(galley: Galley, order: FireOrder,
                  bad: list[tuple[int, str, str, IllegalOrderError]]) -> IllegalOrderError:
    """A FIRE line is refused as a whole (rulings §12); the reason names each weapon and
    target that cannot be, and the line that would be accepted without them."""
    if len(order.shots) == 1:
        return bad[0][3]
    count = len(order.shots)
    reasons = "; ".join(f"item {number} of {count} ({weapon} {target}): {error.reason}"
                        for number, weapon, target, error in bad)
    refused = {number for number, *_ in bad}
    kept = [shot for number, shot in enumerate(order.shots, start=1) if number not in refused]
    if kept:
        line = describe_combat(FireOrder(order.galley, tuple(kept)))
        accepted = (f"the line without {'it' if len(bad) == 1 else 'them'}, "
                    f"'{galley.id}: {line}' (a line is accepted or refused whole, rulings §12).")
    else:
        accepted = bad[0][3].accepted or "a weapon the galley carries at an enemy in its range."
    return IllegalOrderError(reasons, accepted=accepted)


def _sink_together(board: Board, keys: list[str]) -> None:
    """Galleys sunk by missiles go down together and victory is checked once after them all
    (11.1, rulings §14): two fleets sunk at once draw, whichever galley is listed first."""
    for key in keys:
        board.sink(key, check=False)
    board.check_victory()


def resolve_combat(state: GameState, orders_by_side: Sequence[tuple[str, Sequence[CombatOrder]]],
                   dice: Dice, board: Board) -> tuple[GameState, tuple[Event, ...]]:
    """Missiles from every side (initiative first), sinkings, then boarding (rulings §7, §9)."""
    leader = state.initiative
    ordered = sorted(orders_by_side, key=lambda item: item[0] != leader)
    orders = [order for _, side_orders in ordered for order in side_orders]
    start = board.copy()
    for order in orders:
        if isinstance(order, FireOrder):
            for weapon, target in order.shots:
                missiles.fire(board, order.galley, weapon, target, dice, start)
    sinking = [key for key, galley in board.galleys.items() if galley.status == AFLOAT
               and galley.hull_damage >= board.tables.galleys[galley.type].sink]
    _sink_together(board, sinking)  # 11.1: at the end of the attacks
    boarding.resolve(
        board, dice,
        [o for o in orders if isinstance(o, BoardOrder)],
        [o for o in orders if isinstance(o, CaptureOrder)],
        [o for o in orders if isinstance(o, AdriftOrder)],
        [o for o in orders if isinstance(o, TransferOrder)],
    )
    return board.freeze(), tuple(board.events)
