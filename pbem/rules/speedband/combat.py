"""Round 2 of a turn (rulings §4, §19.2 item 2): missile fire (§12), then the melee phase
(`melee.melee_phase`, §13), crews crossing between friends (§16 `opt_transfer`), morale,
surrender and flight (`morale.morale_phase`, §14) and last the corvus work counters
(`corvus_work.work_phase`, §11: "after the morale rolls", §14.1).

    missile_phase(state, orders, dice) -> (state, events)    # §12, all losses at the end
    transfer_phase(state, orders) -> (state, events)         # §16 opt_transfer, no dice
    play_combat(state, orders, dice) -> (state, events)      # the whole of round 2

Missile fire takes the ships in scenario order; within a ship its `ARCHERS` clauses in the order
written, one d100 per factor, then its `BALLISTA` clauses likewise (§19.2). Every shot uses the
position after movement and the crews as the phase began; the losses are added up per target
and type and applied together when every shot has been rolled (§12.3). Each ship that fires
or is fired at is put in `state.record.fired` (an interruption of corvus work, §11).

Events, one line each:
- `shot` (ship, weapon, target, factor, range, distance, type, roll, chance, read, hit): one
  d100; `type` the written type ("" at long range, where it is ignored), `chance` the hit
  chance in percent (20 at long range, less the target's speed with `opt_missile_speed`),
  `read` the place on the long line the roll was read at (the roll itself at short and medium
  range), `hit` the type hit or "" for a miss.
- `fire_refused` (ship, weapon, target, count, reason): a line or clause that fires nothing now
  (no die): a fleeing firer, no target, beyond long range, no type at short or medium range,
  more factors than aboard (the clause fires what is left).
- `missile_loss`: see `missiles` (one per target and type at the end of the phase).
- `transfer` (ship, friend, type, count, moved, reason): a `TRANSFER` line; `moved` is 0 with
  the reason when it does not cross.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.speedband import corvus_work, melee, morale
from pbem.rules.speedband.missiles import (
    CHOSEN,
    LONG,
    apply_losses,
    chance_tenths,
    fire_distance,
    firing_problem,
    hit_amount,
    long_reading,
    percent,
    range_band,
    resolve_shot,
    target_problem,
    target_speed,
)
from pbem.rules.speedband.orders import ARCHERS, BALLISTA, Fire, FireClause, Transfer
from pbem.rules.speedband.sheets import CombatOrders
from pbem.rules.speedband.state import AFLOAT, OFFICERS, SOLDIERS, GameState, Ship
from pbem.rules.table import within

Played = tuple[GameState, tuple[Event, ...]]
Hits = dict[str, dict[str, int]]


def _by_ship(lines: Mapping[str, Fire] | Mapping[str, Transfer]) -> dict[str, object]:
    """Each ship's line by its id in upper case (ids matched in any case, the first kept)."""
    found: dict[str, object] = {}
    for key, line in lines.items():
        found.setdefault(key.upper(), line)
    return found


def _refused(firer: Ship, weapon: str, target: str, count: int, reason: str) -> Event:
    return event("fire_refused", ship=firer.id, weapon=weapon, target=target, count=count,
                 reason=reason)


def _clause(state: GameState, firer: Ship, weapon: str, clause: FireClause, first: int,
            left: int, dice: Dice, hits: Hits, fired: list[str]) -> tuple[list[Event], int]:
    """One clause: its d100s (one per factor or ballista still unused), the hits noted in
    `hits`; returns the events and how many factors fired."""
    target = state.ship(clause.target)
    why = target_problem(state, firer, target, clause.target)
    if target is None or why:
        return [_refused(firer, weapon, clause.target, clause.count, why)], 0
    gap = fire_distance(state, firer, target)
    band = range_band(weapon, gap, state.epsilon)
    if band is None:
        return [_refused(firer, weapon, target.id, clause.count,
                         f"{target.id} is {gap:.2f}\" away, beyond long range")], 0
    kind = "" if band == LONG else clause.kind
    if band != LONG and kind not in CHOSEN[(weapon, band)]:
        reason = (f"at {band} range a target type is needed" if not kind else
                  f"{weapon} at {band} range cannot aim at {kind}")
        return [_refused(firer, weapon, target.id, clause.count, reason)], 0
    events: list[Event] = []
    count = min(clause.count, left)
    if count < clause.count:
        events.append(_refused(firer, weapon, target.id, clause.count - count,
                               f"only {left} {weapon} left to fire on {firer.id}"))
    speed = target_speed(state, target)
    chance = chance_tenths(weapon, band, kind, speed)
    for factor in range(first, first + count):
        roll = dice.roll(f"{weapon} {firer.id} {factor} (at {target.id})", 100)
        hit = resolve_shot(weapon, band, kind, roll, speed)
        read = long_reading(roll, speed) if band == LONG else roll
        events.append(event("shot", ship=firer.id, weapon=weapon, target=target.id,
                            factor=factor, range=band, distance=round(gap, 3), type=kind,
                            roll=roll, chance=percent(chance), read=read, hit=hit or ""))
        if hit:
            hits.setdefault(target.id, {})
            hits[target.id][hit] = hits[target.id].get(hit, 0) + hit_amount(weapon, hit)
    if count:
        fired.extend(ship for ship in (firer.id, target.id) if ship not in fired)
    return events, count


def _fire_line(state: GameState, firer: Ship, weapon: str, line: Fire, dice: Dice,
               hits: Hits, fired: list[str]) -> list[Event]:
    why = firing_problem(firer)
    if why:
        return [_refused(firer, weapon, clause.target, clause.count, why)
                for clause in line.clauses]
    aboard = firer.archers if weapon == ARCHERS else firer.ballistae
    used = 0
    events: list[Event] = []
    for clause in line.clauses:
        more, count = _clause(state, firer, weapon, clause, used + 1, aboard - used, dice,
                              hits, fired)
        events += more
        used += count
    return events


def missile_phase(state: GameState, orders: CombatOrders, dice: Dice) -> Played:
    """§12: every ship's fire in §19.2's order, then every target's losses at once."""
    hits: Hits = {}
    fired = list(state.record.fired)
    events: list[Event] = []
    by_weapon = ((ARCHERS, _by_ship(orders.archers)), (BALLISTA, _by_ship(orders.ballista)))
    for firer in state.ships:
        for weapon, lines in by_weapon:
            line = lines.get(firer.id.upper())
            if isinstance(line, Fire):
                events += _fire_line(state, firer, weapon, line, dice, hits, fired)
    for ship in state.ships:
        if ship.id in hits:
            hurt, more = apply_losses(ship, hits[ship.id])
            state = state.with_ship(hurt)
            events += more
    state = replace(state, record=replace(state.record, fired=tuple(fired)))
    return state, tuple(events)


# --- §16 opt_transfer


def _crew(ship: Ship, kind: str) -> int:
    return {ARCHERS: ship.archers, SOLDIERS: ship.soldiers, OFFICERS: ship.officers}.get(kind, 0)


def _transfer_problem(state: GameState, giver: Ship, friend: Ship | None, order: Transfer) -> str:
    if not state.options.opt_transfer:
        return "transfers are not in use (opt_transfer is off)"
    if friend is None:
        return f"there is no ship {order.friend}"
    if order.kind not in (ARCHERS, SOLDIERS, OFFICERS):
        return f"{order.kind} do not transfer (rowers never do)"
    if friend.id == giver.id or state.enemies(giver, friend):
        return f"{friend.id} is no friend of {giver.id}"
    for ship in (giver, friend):
        if ship.status != AFLOAT:
            return f"{ship.id} is {ship.status}"
        if ship.written_speed != 0:
            return f"{ship.id} did not write speed 0"
        if ship.id in state.record.meleed:
            return f"{ship.id} fought a melee this turn"
    gap = fire_distance(state, giver, friend)
    if not within(gap, state.options.contact_tolerance, state.epsilon):
        return f"{giver.id} and {friend.id} are not in contact"
    return ""


def transfer_phase(state: GameState, orders: CombatOrders) -> Played:
    """§16 `opt_transfer`: each `TRANSFER` line in scenario order of the giving ship, checked
    on the state after melee (both ships afloat, wrote speed 0, in contact, neither fought a
    melee this turn); a ship gives at most what it has then. All the factors cross together."""
    moves: list[tuple[str, str, str, int]] = []
    events: list[Event] = []
    transfers = _by_ship(orders.transfers)
    for giver in state.ships:
        order = transfers.get(giver.id.upper())
        if not isinstance(order, Transfer):
            continue
        friend = state.ship(order.friend)
        why = _transfer_problem(state, giver, friend, order)
        moved = 0 if why or friend is None else min(order.count, _crew(giver, order.kind))
        if friend is not None and moved:
            moves.append((giver.id, friend.id, order.kind, moved))
        events.append(event("transfer", ship=giver.id, friend=order.friend if friend is None
                            else friend.id, type=order.kind, count=order.count, moved=moved,
                            reason=why))
    for giver_id, friend_id, kind, moved in moves:
        state = state.with_ship(_crew_changed(state.require(giver_id), kind, -moved))
        state = state.with_ship(_crew_changed(state.require(friend_id), kind, moved))
    return state, tuple(events)


def _crew_changed(ship: Ship, kind: str, change: int) -> Ship:
    if kind == ARCHERS:
        return replace(ship, archers=ship.archers + change)
    if kind == SOLDIERS:
        return replace(ship, soldiers=ship.soldiers + change)
    if kind == OFFICERS:
        return replace(ship, officers=ship.officers + change)
    raise ValueError(f"a transfer moves archers, soldiers or officers, not {kind}")


def play_combat(state: GameState, orders: CombatOrders, dice: Dice) -> Played:
    """Round 2 in §19.2's order: missiles, melee, transfers (before morale, §16), morale,
    then the corvus work counters (after the morale rolls, §14.1)."""
    events: list[Event] = []
    state, more = missile_phase(state, orders, dice)
    events += more
    state, more = melee.melee_phase(state, dice)
    events += more
    state, more = transfer_phase(state, orders)
    events += more
    state, more = morale.morale_phase(state, dice)
    events += more
    state, more = corvus_work.work_phase(state)
    events += more
    return state, tuple(events)
