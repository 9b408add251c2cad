"""The frame of a speed-band turn (rulings §4, §3.2, §17): opening a turn, the standing orders,
the missing-orders defaults, gathering a round's accepted lines into the sheets the engines
play from, the round-2 skip test and the end of the turn.

    start_turn(state, turn) -> GameState              # per-turn marks and record reset
    apply_standing(state, lines) -> GameState         # CUT, MELEE, LOSSES, RAISE, BREAK
    movement_orders(state, lines) -> MovementOrders   # accepted round-1 lines + §4 defaults
    begin_movement(state, orders) -> GameState        # written speed and band of each ship
    combat_orders(state, lines) -> CombatOrders       # accepted round-2 lines
    round_two_skipped(state) -> bool                  # §4: nothing to fire at, nothing locked
    could_fire(state, ship), could_transfer(state, side)  # the parts of that test
    end_turn(state, open_next=True) -> Played         # last_band, victory (§17), next turn

`lines` are `(player, ship id, order)` triples in the order the lines were checked (the
players' submissions in scenario player order, each line by line). The movement, combat,
melee and morale engines are other modules' (roundone, combat, melee, morale); this one keeps
the turn's order around them. Event kinds emitted here:

    victory  winner (a side or "draw"), turn, reason ("broken" or "turn limit")
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from pbem.rules.events import Event, event
from pbem.rules.speedband import bands, fronts, victory
from pbem.rules.speedband.missiles import RANGES, range_band
from pbem.rules.speedband.orders import (
    ARCHERS,
    BALLISTA,
    Corvus,
    CorvusWork,
    Cut,
    Fire,
    Grapple,
    Losses,
    Melee,
    Movement,
    Order,
    React,
    Transfer,
)
from pbem.rules.speedband.sheets import CombatOrders, MovementOrders
from pbem.rules.speedband.shiptypes import band_of
from pbem.rules.speedband.state import (
    AFLOAT,
    ORDERS,
    OVER,
    GameState,
    Phase,
    Ship,
    StandingOrders,
    TurnRecord,
)
from pbem.rules.table import footprint_distance

Played = tuple[GameState, tuple[Event, ...]]
Line = tuple[str, str, Order]  # (initiative player, ship id, order)


# --- opening a turn -------------------------------------------------------------------------


def start_turn(state: GameState, turn: int) -> GameState:
    """Turn `turn` opens at round 1: every ship's per-turn marks cleared (written speed 0, band
    its `last_band` until it writes one, not activated, not dead in the water, no ram or cut
    tried, no officer lost this turn) and a fresh turn record. A ship's maximum band is its
    `max_band` now (§2.3: damage during the turn counts from the next)."""
    ships = tuple(replace(ship, written_speed=0, band=ship.last_band, activated=False,
                          dead_in_water=False, ram_attempted=False, cut_attempted=False,
                          officers_lost_this_turn=0)
                  for ship in state.ships)
    return replace(state.with_ships(ships), record=TurnRecord(), phase=Phase(ORDERS, turn))


# --- standing orders (§4) -------------------------------------------------------------------


def _standing(old: StandingOrders, order: Order) -> StandingOrders:
    if isinstance(order, Cut):
        return replace(old, cut=order.which.lower())
    if isinstance(order, Melee):
        return replace(old, melee=order.target)
    if isinstance(order, Losses):
        return replace(old, losses=tuple(kind.lower() for kind in order.order))  # type: ignore[arg-type]
    if isinstance(order, CorvusWork):
        if order.verb == "raise":
            return replace(old, raise_corvus=not order.off)
        return replace(old, break_corvus="" if order.off else order.target)
    return old


STANDING_KINDS = (Cut, Melee, Losses, CorvusWork)


def apply_standing(state: GameState, lines: Iterable[Line]) -> GameState:
    """The standing lines among `lines` written into their ships (§4), in the order given; a
    later line of the same kind replaces an earlier one. Other lines are ignored."""
    for _, ship_id, order in lines:
        if not isinstance(order, STANDING_KINDS):
            continue
        ship = state.ship(ship_id)
        if ship is None:
            continue
        state = state.with_ship(replace(ship, standing=_standing(ship.standing, order)))
    return state


# --- round 1 --------------------------------------------------------------------------------


def default_movement(state: GameState, ship: Ship) -> Movement:
    """The §4 missing-orders line: last turn's speed straight (backward if backing), capped at
    the top of the bands it may write; 0 from Stop; on turn 1 the top of `last_band`."""
    return Movement(bands.default_speed(ship, state.phase.turn, state.options))


def movement_orders(state: GameState, lines: Sequence[Line]) -> MovementOrders:
    """Round 1's sheet: each ship's accepted movement, REACT, GRAPPLE and CORVUS line (the first
    of a kind stands; the checker refuses a second), `line_order` per initiative player (the
    ships of his accepted movement lines in the order written, §5), and for every afloat ship
    without an accepted movement line the §4 default (no REACT, GRAPPLE or CORVUS: IGNORE,
    none). Fleeing ships get nothing: the judge writes their orders (§14.3)."""
    movements: dict[str, Movement] = {}
    reacts: dict[str, React] = {}
    grapples: dict[str, Grapple] = {}
    corvus: dict[str, Corvus] = {}
    order_of: dict[str, list[str]] = {}
    for player, ship_id, order in lines:
        ship = state.ship(ship_id)
        if ship is None or ship.status != AFLOAT:
            continue
        key = ship.id
        if isinstance(order, Movement) and key not in movements:
            movements[key] = order
            order_of.setdefault(player or ship.player or ship.side, []).append(key)
        elif isinstance(order, React):
            reacts.setdefault(key, order)
        elif isinstance(order, Grapple):
            grapples.setdefault(key, order)
        elif isinstance(order, Corvus):
            corvus.setdefault(key, order)
    for ship in state.ships:
        if ship.status == AFLOAT and ship.id not in movements:
            movements[ship.id] = default_movement(state, ship)
    ordered = {ship.id: movements[ship.id] for ship in state.ships if ship.id in movements}
    return MovementOrders(movements=ordered, reacts=reacts, grapples=grapples, corvus=corvus,
                          line_order={player: tuple(ids) for player, ids in order_of.items()})


def begin_movement(state: GameState, orders: MovementOrders) -> GameState:
    """Each ordered ship's written speed and band for the turn (§3.1), in the row it moves as
    (§16), before any ship moves: a defender's written speed counts from the first activation
    (§7.2)."""
    for ship_id, movement in orders.movements.items():
        ship = state.require(ship_id)
        band = band_of(bands.moving_row(ship, state.options), movement.speed) or ship.band
        state = state.with_ship(replace(ship, written_speed=movement.speed, band=band))
    return state


# --- round 2 --------------------------------------------------------------------------------


def combat_orders(state: GameState, lines: Sequence[Line]) -> CombatOrders:
    """Round 2's sheet: each ship's accepted ARCHERS, BALLISTA and TRANSFER line (the first of a
    kind). Standing lines go through `apply_standing`."""
    archers: dict[str, Fire] = {}
    ballista: dict[str, Fire] = {}
    transfers: dict[str, Transfer] = {}
    for _, ship_id, order in lines:
        ship = state.ship(ship_id)
        if ship is None:
            continue
        if isinstance(order, Fire):
            (archers if order.weapon == ARCHERS else ballista).setdefault(ship.id, order)
        elif isinstance(order, Transfer):
            transfers.setdefault(ship.id, order)
    return CombatOrders(archers=archers, ballista=ballista, transfers=transfers)


def distance(state: GameState, first: Ship, second: Ship) -> float:
    return footprint_distance(first.polygon, second.polygon, state.epsilon)


def could_fire(state: GameState, ship: Ship) -> bool:
    if ship.status != AFLOAT:
        return False  # fleeing ships and prizes do not fire (§12.1, §15)
    weapons = [weapon for weapon, count in ((ARCHERS, ship.archers), (BALLISTA, ship.ballistae))
               if count > 0]
    if not weapons:
        return False
    reach = max(limit for weapon in weapons for _, limit in RANGES[weapon]) + state.epsilon
    for other in state.ships_near(ship, reach):  # all but those surely out of range
        if other.active and state.enemies(ship, other):
            gap = distance(state, ship, other)
            if any(range_band(weapon, gap, state.epsilon) for weapon in weapons):
                return True
    return False


def could_transfer(state: GameState, side: str = "") -> bool:
    """`opt_transfer` (§16): two friendly afloat ships (of `side`, or of any side) that both
    wrote speed 0, are in contact and are in no locked pair (they could not transfer while
    fighting)."""
    locked = {ship_id for pair in fronts.locked_pairs(state) for ship_id in pair}
    ships = [ship for ship in state.ships if ship.status == AFLOAT and ship.written_speed == 0
             and ship.id not in locked and (not side or ship.owner == side)]
    return any(not state.enemies(first, second) and fronts.in_contact(state, first, second)
               for index, first in enumerate(ships) for second in ships[index + 1:])


def round_two_skipped(state: GameState) -> bool:
    """§4: round 2 is skipped (played at once with standing orders only) when no ship with
    archers or ballistae has an enemy within its long range, no pair is locked and, with
    `opt_transfer`, no two friends could transfer."""
    if any(could_fire(state, ship) for ship in state.ships):
        return False
    if fronts.locked_pairs(state):
        return False
    return not (state.options.opt_transfer and could_transfer(state))


# --- the end of the turn --------------------------------------------------------------------


def _fought_pairs(state: GameState) -> tuple[tuple[str, str], ...]:
    """The pairs that fought a melee this turn: a front exists for each pair that has fought
    (§13.2) and both its ships fought this turn (the record lists ships, not pairs)."""
    fought = {ship_id.upper() for ship_id in state.record.meleed}
    return tuple((front.first, front.second) for front in state.fronts
                 if front.first.upper() in fought and front.second.upper() in fought)


def _end_standing(state: GameState, ship: Ship, fought: set[frozenset[str]]) -> StandingOrders:
    """§4: MELEE ends when the pair is no longer locked (no link, and not in contact after a
    melee this turn); RAISE and BREAK end with the corvus link."""
    standing = ship.standing
    if standing.melee:
        other = state.ship(standing.melee)
        keeps = other is not None and other.active and (
            state.link(ship.id, other.id) is not None
            or (frozenset((ship.id.upper(), other.id.upper())) in fought
                and fronts.in_contact(state, ship, other)))
        if not keeps:
            standing = replace(standing, melee="")
    if standing.raise_corvus and not ship.corvus_holds:
        standing = replace(standing, raise_corvus=False)
    if standing.break_corvus:
        holder = state.ship(standing.break_corvus)
        if holder is None or holder.corvus_holds.upper() != ship.id.upper():
            standing = replace(standing, break_corvus="")
    return standing


def _with_standing(ship: Ship, standing: StandingOrders) -> Ship:
    return ship if standing is ship.standing else replace(ship, standing=standing)


def end_turn(state: GameState, open_next: bool = True) -> Played:
    """The end of a turn after morale (§3.2, §4, §17): each ship on the table takes its
    `last_band` (Stop after a dead stop), `last_speed` (its written speed) and
    `changed_last_turn`; last turn's melee pairs are kept for §13.1; standing orders whose
    pair or link has ended lapse; then the victory check. The game is over when a side won or
    it is a draw; otherwise, with `open_next`, turn t + 1 opens (`start_turn`)."""
    turn = state.phase.turn
    fought = _fought_pairs(state)
    fought_set = {frozenset((a.upper(), b.upper())) for a, b in fought}
    ships = []
    linked = {name for link in state.links for name in (link.first, link.second)}
    for ship in state.ships:
        if ship.active:
            held = ship.id in linked  # state.held, for every ship at once
            ship = replace(ship, last_band=bands.band_at_end(ship, held),
                           last_speed=ship.written_speed,
                           changed_last_turn=bands.changed_band(ship))
        ships.append(ship)
    state = replace(state.with_ships(ships), fought_last_turn=fought)
    state = state.with_ships(_with_standing(ship, _end_standing(state, ship, fought_set))
                             for ship in state.ships)
    winner = victory.end_of_turn_result(state, turn)
    if winner is not None:
        reason = "turn limit" if not any(victory.broken(state, side) for side in state.sides) \
            else "broken"
        told = event("victory", winner=winner, turn=turn, reason=reason)
        return replace(state, winner=winner, phase=Phase(OVER, turn)), (told,)
    if not open_next:
        return state, ()
    return start_turn(state, turn + 1), ()
