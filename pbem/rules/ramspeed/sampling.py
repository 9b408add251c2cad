"""Random fleets and random legal movement orders, for property tests and benchmarks.

Pure: every choice comes from the `random.Random` passed in. Legality is decided by the
engine's own checker, so whatever this produces is what a player could have sent.
"""

from __future__ import annotations

import random
from dataclasses import replace

from pbem.rules.errors import OrderError
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.movement import execute
from pbem.rules.ramspeed.orders import MovementOrder, Step
from pbem.rules.ramspeed.state import Galley, GameState, Weapon
from pbem.rules.ramspeed.tables import GALLEY_TYPES, WEAPON_TYPES, default_tables

SIDES = ("blue", "red")


def random_fleet_state(rng: random.Random, galleys: int, columns: int, rows: int,
                       attempts: int = 200) -> GameState:
    """`galleys` galleys of random types, split between two sides, placed at random."""
    tables = default_tables()
    occupied: set[hexes.Hex] = set()
    fleet: list[Galley] = []
    for number in range(galleys):
        side = SIDES[number % 2]
        kind = rng.choice(GALLEY_TYPES)
        length = tables.galleys[kind].length
        for _ in range(attempts):
            bow = hexes.from_offset(rng.randrange(columns), rng.randrange(rows))
            facing = rng.randrange(6)
            footprint = hexes.footprint(bow, facing, length)
            if all(hexes.on_map(h, columns, rows) and h not in occupied for h in footprint):
                break
        else:
            raise ValueError(f"no room for {galleys} galleys on a {columns}x{rows} map")
        occupied.update(footprint)
        fleet.append(Galley(
            id=f"{side[0].upper()}{number}", side=side, type=kind, bow=bow, facing=facing,
            weapons=tuple(Weapon(rng.choice(WEAPON_TYPES)) for _ in range(rng.randrange(3))),
            boarding_parties=rng.randrange(4),
            rowing_damage=rng.choice((0, 0, 0, 2, 6)),
            drifting=rng.random() < 0.05,
        ))
    return GameState(columns=columns, rows=rows, galleys=tuple(fleet))


def legal(board: Board, order: MovementOrder) -> Board | None:
    """The board after `order` if the checker accepts it, else None."""
    scratch = board.copy()
    try:
        execute(scratch, order, None)
    except OrderError:
        return None
    return scratch


def _enemy_ahead(board: Board, key: str) -> str | None:
    galley = board.galley(key)
    if galley is None or galley.bow is None or galley.facing is None:
        return None
    holder = board.occupancy.get(hexes.add(galley.bow, galley.facing))
    if holder is None or board.galleys[holder].owner == galley.owner:
        return None
    return board.galleys[holder].id


def adjacent_enemies(board: Board, key: str) -> list[str]:
    """IDs of enemy galleys with a hex next to one of this galley's hexes."""
    mine = board.hexes_of(key)
    owner = board.galleys[key].owner
    found = []
    for hex_ in mine:
        for near in hexes.neighbours(hex_):
            holder = board.occupancy.get(near)
            if holder and holder != key and board.galleys[holder].owner != owner:
                found.append(board.galleys[holder].id)
    return sorted(set(found))


def add_step(board: Board, order: MovementOrder, kinds: list[str], rng: random.Random,
             ) -> tuple[MovementOrder, Board] | None:
    """The order with one more legal step of a kind picked at random, or None."""
    rng.shuffle(kinds)
    for kind in kinds:
        longer = replace(order, steps=(*order.steps, Step(kind)))
        moved = legal(board, longer)
        if moved is not None:
            return longer, moved
    return None


def random_orders(rng: random.Random, state: GameState, side: str) -> list[MovementOrder]:
    """Random orders for every galley of `side`, each legal on the position left by those
    before it (rulings §12), with rams, shears and grapples where they happen to fit.
    Steps are added one at a time, each kept only if the engine's checker accepts it."""
    board = Board(state)
    orders: list[MovementOrder] = []
    keys = [g.id.upper() for g in state.galleys if g.owner == side and g.placed]
    rng.shuffle(keys)
    for key in keys:
        galley = board.galleys[key]
        speed = 2 if not galley.merchantman and rng.random() < 0.15 else 1
        enemies_grappled = [g for g in galley.grappled_with
                            if board.galleys[g.upper()].owner != galley.owner]
        if enemies_grappled:
            speed = 1
        order = MovementOrder(galley.id, speed=speed,
                              ungrapple=("",) if galley.grappled_with else ())
        after = legal(board, order)
        if after is None:
            order = MovementOrder(galley.id)
            after = legal(board, order)
        if after is None:
            continue
        kinds = ["F", "F", "F", "SP", "SS"] + (["P", "S", "R"] if speed == 1 else [])
        for _ in range(galley.base_ma() * speed + 1):
            if rng.random() < 0.1:
                break
            stepped = add_step(board, order, kinds, rng)
            if stepped is None:
                break
            order, after = stepped
            target = _enemy_ahead(after, key)
            if target is not None and rng.random() < 0.8:
                with_ram = replace(order, steps=(*order.steps, Step("RAM", target)))
                rammed = legal(board, with_ram)
                if rammed is not None:
                    order, after = with_ram, rammed
            for enemy in adjacent_enemies(after, key):
                with_shear = replace(order, steps=(*order.steps, Step("SHEAR", enemy)))
                sheared = legal(board, with_shear)
                if sheared is not None:
                    order, after = with_shear, sheared
        enemies = adjacent_enemies(after, key)
        if enemies and rng.random() < 0.6:
            with_grapple = replace(order, grapple=(enemies[0],))
            grappled = legal(board, with_grapple)
            if grappled is not None:
                order, after = with_grapple, grappled
        orders.append(order)
        board = after
    return orders
