"""Morale (rulings §16.1–§16.3): the throw by the lowest class aboard, the triggers since the
last checkpoint, the checkpoints M1–M5 with their cascade rounds, a fire-dart failure (§15.2)
and the admiral trigger of step 11 (§16.2 item 6).

    checkpoint(state, name, dice) -> (state, events)      # name M1..M5, §21 items 3.3, 3.5, …
    admiral_trigger(state) -> (state, events)             # §5.2 step 11, last item; no dice
    record_trigger(state, ship_id, kind) -> state         # a §16.2 trigger (state.TRIGGERS)
    morale_needed(ship) -> int | None                     # 3 elite, 5 regular, 7 green

Triggers 1–4 are recorded as they happen in `state.half_record.triggers` (ballista and fire-dart
hits, casualties, a successful ram or shear); item 5 (a routed friend in sight not seen before)
is looked for at the checkpoint; item 6 (the flagship sunk, surrendered or fled) is recorded by
`admiral_trigger` in `half_record.flagship_fell` and tested at M5. A checkpoint clears the
triggers it used (M5 the fallen flagships too). Events: `morale` (ship, checkpoint, round,
triggers, lowest_class, dice, total, needed, passed), `rout` (ship, checkpoint), `countdown` (a ship
set on fire: die, countdown, skip, kept) and `flagship` (side, ship, status).
"""

from __future__ import annotations

import math
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.ramcruise.classes import ELITE, GREEN, REGULAR
from pbem.rules.ramcruise.state import (
    FIRE_DART_HIT,
    FLED,
    SINKING,
    SUNK,
    SURRENDERED,
    TRIGGERS,
    GameState,
    Ship,
)
from pbem.rules.table import Polygon, footprint_distance, within

CHECKPOINTS = ("M1", "M2", "M3", "M4", "M5")
NEEDED = {ELITE: 3, REGULAR: 5, GREEN: 7}     # §16.1, 2d6 with no modifiers
ROUTED_FRIEND, FLAGSHIP = "routed_friend", "flagship"


def record_trigger(state: GameState, ship_id: str, kind: str) -> GameState:
    """A §16.2 trigger for a ship, kept until the next checkpoint in the order it came."""
    if kind not in TRIGGERS:
        raise ValueError(f"a morale trigger is one of {', '.join(TRIGGERS)}, not {kind!r}")
    record = state.half_record
    ship = state.require(ship_id)
    return replace(state, half_record=replace(
        record, triggers=(*record.triggers, (ship.id, kind))))


def may_test(ship: Ship) -> bool:
    """Afloat or sinking, not routed, not surrendered (§16.2 last point)."""
    return ship.in_play and not ship.routed


def morale_needed(ship: Ship) -> int | None:
    """The number 2d6 must reach for the ship's lowest class aboard (§16.1, §3.2); None with no
    crew left (such a ship has surrendered, §12.4)."""
    lowest = ship.crew.lowest_class()
    return None if lowest is None else NEEDED[lowest]


def routed_friends_in_sight(state: GameState, ship: Ship,
                            leave_out: frozenset[str] | set[str] = frozenset()) -> tuple[str, ...]:
    """Routed friends on the table (afloat or sinking) within sight (§1 item 6, G5, G6), in
    scenario order, but for those in `leave_out`. A friend whose centre is farther than sight
    and both ships' reach from their centres is out of sight without measuring: the hulls are
    at least that far apart (a screen, not a rule)."""
    friends = [other for other in state.ships
               if other.routed and other.in_play and other.side == ship.side
               and other.id != ship.id and other.id not in leave_out]
    if not friends:
        return ()
    polygon = ship.polygon()
    sight, epsilon = state.options.sight, state.epsilon
    found = []
    for other in friends:
        apart = math.hypot(other.x - ship.x, other.y - ship.y)
        if apart - ship.half_diagonal - other.half_diagonal > sight + epsilon:
            continue
        if within(footprint_distance(polygon, other.polygon(), epsilon), sight, epsilon):
            found.append(other.id)
    return tuple(found)


def _sightings(state: GameState) -> dict[str, tuple[str, ...]]:
    """For each ship, the routed friends on the table in sight that it has not seen yet (as
    routed_friends_in_sight, less its set), in scenario order; ships seeing none left out. The
    routed ships and their hulls are read once for the whole table."""
    routed: dict[str, list[tuple[Ship, Polygon, float]]] = {}
    for other in state.ships:
        if other.routed and other.in_play:
            routed.setdefault(other.side, []).append((other, other.polygon(), other.half_diagonal))
    found: dict[str, tuple[str, ...]] = {}
    if not routed:
        return found
    sight, epsilon = state.options.sight, state.epsilon
    for ship in state.ships:
        friends = [(other, hull, reach) for other, hull, reach in routed.get(ship.side, ())
                   if other.id != ship.id and other.id not in ship.seen_routed]
        if not friends:
            continue
        polygon = ship.polygon()
        own = ship.half_diagonal
        seen = tuple(other.id for other, hull, reach in friends
                     if math.hypot(other.x - ship.x, other.y - ship.y) - own - reach
                     <= sight + epsilon
                     and within(footprint_distance(polygon, hull, epsilon), sight, epsilon))
        if seen:
            found[ship.id] = seen
    return found


def _see(state: GameState, sightings: dict[str, tuple[str, ...]] | None = None) -> GameState:
    """Every ship on the table adds the routed friends it sees to its set (§16.2 item 5)."""
    sightings = _sightings(state) if sightings is None else sightings
    if not sightings:
        return state
    ships = [replace(ship, seen_routed=ship.seen_routed | set(sightings[ship.id]))
             if ship.in_play and ship.id in sightings else ship for ship in state.ships]
    return state.with_ships(ships)


def _countdown(die: int) -> int:
    """§10.1's extended table (`sink_countdown = extended`); the fire dart's die is plain."""
    if die <= 1:
        return 1
    if die <= 4:
        return 2
    if die <= 6:
        return 3
    if die <= 8:
        return 4
    return 5


def set_on_fire(state: GameState, ship_id: str, dice: Dice) -> tuple[GameState, Event]:
    """A failed throw after a fire-dart hit (§15.2): a countdown d6 with no modifiers, run as
    §10.2 (its first own end of half skipped); a sinking ship keeps whichever countdown sinks it
    sooner, the old one on equal terms."""
    ship = state.require(ship_id)
    die = dice.roll(f"countdown {ship.id} (fire dart)")
    count = _countdown(die)
    old = ship.countdown + (1 if ship.countdown_skip else 0) if ship.countdown else None
    kept = "new" if old is None or count + 1 < old else "old"
    if kept == "new":
        ship = replace(ship, status=SINKING, countdown=count, countdown_skip=True)
        state = state.with_ship(ship)
    return state, event("countdown", ship=ship.id, cause="fire dart", die=die, modifier=0,
                        countdown=ship.countdown, skip=ship.countdown_skip, kept=kept)


def _test(state: GameState, ship: Ship, name: str, round_: int, reasons: tuple[str, ...],
          dice: Dice) -> tuple[GameState, list[Event], bool]:
    needed = morale_needed(ship)
    if needed is None:
        return state, [], False
    first = dice.roll(f"morale {name} {ship.id}")
    second = dice.roll(f"morale {name} {ship.id}")
    total = first + second
    passed = total >= needed
    events = [event("morale", ship=ship.id, checkpoint=name, round=round_, triggers=list(reasons),
                    lowest_class=ship.crew.lowest_class(), dice=[first, second], total=total,
                    needed=needed, passed=passed)]
    if passed:
        return state, events, False
    if FIRE_DART_HIT in reasons:
        state, burning = set_on_fire(state, ship.id, dice)
        return state, [*events, burning], False
    state = state.with_ship(replace(ship, routed=True))
    return state, [*events, event("rout", ship=ship.id, checkpoint=name)], True


def checkpoint(state: GameState, name: str, dice: Dice) -> tuple[GameState, list[Event]]:
    """A morale checkpoint (§16.3): every ship that may test and has a trigger tests once, in
    scenario order (2d6 each, §21); then, round by round, ships not yet tested that see a newly
    routed friend test, until no new test is due. Every ship's set of routed friends seen takes
    each one in sight, whether it tests or not."""
    if name not in CHECKPOINTS:
        raise ValueError(f"a morale checkpoint is one of {', '.join(CHECKPOINTS)}, not {name!r}")
    record = state.half_record
    fallen = record.flagship_fell if name == "M5" else frozenset()
    due: list[tuple[str, tuple[str, ...]]] = []
    sightings = _sightings(state)
    for ship in state.ships:
        if not may_test(ship):
            continue
        found = list(record.triggers_of(ship.id))
        if ship.id in sightings:
            found.append(ROUTED_FRIEND)
        if ship.side in fallen:
            found.append(FLAGSHIP)
        if found:
            due.append((ship.id, tuple(found)))
    state = _see(state, sightings)
    events: list[Event] = []
    tested: set[str] = set()
    round_ = 1
    while due:
        for ship_id, reasons in due:
            tested.add(ship_id)
            ship = state.require(ship_id)
            if may_test(ship):
                state, more, _ = _test(state, ship, name, round_, reasons, dice)
                events += more
        sightings = _sightings(state)
        due = [(ship.id, (ROUTED_FRIEND,)) for ship in state.ships
               if may_test(ship) and ship.id not in tested and ship.id in sightings]
        state = _see(state, sightings)
        round_ += 1
    record = state.half_record
    state = replace(state, half_record=replace(
        record, triggers=(), flagship_fell=frozenset() if name == "M5" else record.flagship_fell))
    return state, events


def admiral_trigger(state: GameState) -> tuple[GameState, list[Event]]:
    """Step 11's last item (§16.2 item 6): a side whose flagship has sunk, surrendered or fled,
    once in the game, is recorded so that every ship of it tests at M5 of this half."""
    events: list[Event] = []
    for side in state.sides:
        if side.flagship_lost:
            continue
        fallen = next((ship for ship in state.ships if ship.side == side.id and ship.flagship
                       and ship.status in (SUNK, SURRENDERED, FLED)), None)
        if fallen is None:
            continue
        record = state.half_record
        state = replace(state.with_side(replace(side, flagship_lost=True)), half_record=replace(
            record, flagship_fell=record.flagship_fell | {side.id}))
        events.append(event("flagship", side=side.id, ship=fallen.id, status=fallen.status))
    return state, events
