"""Boarding (12.0, rulings §9): engagements, division of parties, capture, transfers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import event
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.combat_orders import AdriftOrder, BoardOrder, CaptureOrder, TransferOrder
from pbem.rules.ramspeed.state import AFLOAT, Galley


@dataclass
class Engagement:
    first: str  # the galley whose BOARD order made the engagement: it rolls first
    second: str


def party_room(board: Board, galley: Galley) -> int:
    """How many boarding parties fit beside its missile weapons (4.2.2, 12.3)."""
    tables = board.tables
    free = 2 * tables.galleys[galley.type].capacity
    free -= sum(tables.weapons[w.type].halves for w in galley.weapons)
    return max(free // tables.party_halves, 0)


def _pair(a: str, b: str) -> frozenset[str]:
    return frozenset((a.upper(), b.upper()))


def engagements(board: Board, orders: Sequence[BoardOrder]) -> list[Engagement]:
    """Grappled enemy pairs where either galley ordered BOARD, in the order of the orders."""
    found: list[Engagement] = []
    seen: set[frozenset[str]] = set()
    for order in orders:
        galley, target = board.galley(order.galley), board.galley(order.target)
        if galley is None or target is None or galley.status != AFLOAT or target.status != AFLOAT:
            continue
        if target.id not in galley.grappled_with or target.owner == galley.owner:
            continue
        pair = _pair(galley.id, target.id)
        if pair not in seen:
            seen.add(pair)
            found.append(Engagement(galley.id.upper(), target.id.upper()))
    return found


def divide(board: Board, fights: list[Engagement],
           orders: Sequence[BoardOrder]) -> dict[tuple[str, str], int]:
    """Parties each galley commits to each engagement: first as ordered, then the rest as
    evenly as possible, earlier engagements first (12.6). Keyed (galley, enemy)."""
    committed: dict[tuple[str, str], int] = {}
    asked = {(o.galley.upper(), o.target.upper()): o.parties for o in orders
             if o.parties is not None}
    involved: dict[str, list[str]] = {}
    for fight in fights:
        involved.setdefault(fight.first, []).append(fight.second)
        involved.setdefault(fight.second, []).append(fight.first)
    for key, enemies in involved.items():
        galley = board.galleys[key]
        left = galley.boarding_parties
        shared = []
        for enemy in enemies:
            if (key, enemy) in asked:
                take = min(asked[(key, enemy)] or 0, left)
                committed[(key, enemy)] = take
                left -= take
            else:
                shared.append(enemy)
        for index, enemy in enumerate(shared):
            share = left // len(shared) + (1 if index < left % len(shared) else 0)
            committed[(key, enemy)] = share
    return committed


def resolve(board: Board, dice: Dice, boards: Sequence[BoardOrder],
            captures: Sequence[CaptureOrder], adrifts: Sequence[AdriftOrder],
            transfers: Sequence[TransferOrder]) -> None:
    fights = engagements(board, boards)
    committed = divide(board, fights, boards)
    losses: dict[str, int] = {}
    for fight in fights:
        for attacker, defender in ((fight.first, fight.second), (fight.second, fight.first)):
            parties = committed.get((attacker, defender), 0)
            if parties <= 0:
                continue
            roll = dice.roll(f"board {board.galleys[attacker].id}->{board.galleys[defender].id}")
            kills = board.tables.boarding[roll - 1][min(parties, 11) - 1]
            losses[defender] = losses.get(defender, 0) + kills
            board.events.append(event(
                "board", galley=board.galleys[attacker].id, target=board.galleys[defender].id,
                parties=parties, roll=roll, kills=kills,
                defenders=board.galleys[defender].boarding_parties,
            ))
    for key, lost in losses.items():  # 12.2: all results together
        galley = board.galleys[key]
        board.put(replace(galley, boarding_parties=max(galley.boarding_parties - lost, 0)))
    holders = {key: galley.owner for key, galley in board.galleys.items()}
    _captures(board, fights, captures, adrifts)
    _transfers(board, transfers, holders)
    board.check_victory()  # once after all boarding: captures on both sides draw (rulings §14)


def _captures(board: Board, fights: list[Engagement], captures: Sequence[CaptureOrder],
              adrifts: Sequence[AdriftOrder]) -> None:
    wanted = {(o.galley.upper(), o.target.upper()): o.parties for o in captures}
    set_adrift = {(o.galley.upper(), o.target.upper()) for o in adrifts}
    taken: set[str] = set()
    for fight in fights:
        for prize_key, captor_key in ((fight.first, fight.second), (fight.second, fight.first)):
            prize = board.galley(prize_key)
            captor = board.galley(captor_key)
            if prize is None or captor is None or prize_key in taken:
                continue
            if prize.boarding_parties > 0 or captor.boarding_parties < 1:
                continue  # 12.3: capture needs a side with none against a side with some
            if prize.owner == captor.owner or prize.status != AFLOAT:
                continue
            taken.add(prize_key)
            if (captor_key, prize_key) in set_adrift:  # 12.5
                drift = board.tables.galleys[prize.type].drift
                board.put(replace(prize, rowing_damage=max(prize.rowing_damage, drift)))
                board.events.append(event("adrift", galley=prize.id, by=captor.id,
                                          cause="set adrift by boarders"))
                continue
            room = party_room(board, prize)
            moved = max(1, min(wanted.get((captor_key, prize_key), 1), room))
            moved = min(moved, captor.boarding_parties)
            controller = "" if captor.owner == prize.side else captor.owner
            board.put(replace(captor, boarding_parties=captor.boarding_parties - moved))
            board.put(replace(prize, controller=controller, boarding_parties=moved))
            board.events.append(event("capture", galley=captor.id, target=prize.id,
                                      parties=moved, side=captor.owner))


def _transfers(board: Board, transfers: Sequence[TransferOrder],
               holders: dict[str, str]) -> None:
    """Transfers (rulings §9, §14), after captures; `holders`: who held each galley before the captures.
    A galley taken in this phase carries out no transfer its old side ordered."""
    for order in transfers:
        giver, taker = board.galley(order.galley), board.galley(order.friend)
        if giver is None or taker is None or giver.status != AFLOAT or taker.status != AFLOAT:
            continue
        if giver.owner != holders.get(giver.id.upper(), giver.owner):
            board.events.append(event("transfer", galley=giver.id, target=taker.id, parties=0,
                                      reason=f"{giver.id} was captured in this phase"))
            continue
        if taker.id not in giver.grappled_with or taker.owner != giver.owner:
            board.events.append(event("transfer", galley=giver.id, target=taker.id, parties=0,
                                      reason="no longer grappled with a friend"))
            continue
        moved = min(order.parties, giver.boarding_parties,
                    max(party_room(board, taker) - taker.boarding_parties, 0))
        board.put(replace(giver, boarding_parties=giver.boarding_parties - moved))
        board.put(replace(taker, boarding_parties=taker.boarding_parties + moved))
        board.events.append(event("transfer", galley=giver.id, target=taker.id, parties=moved))
