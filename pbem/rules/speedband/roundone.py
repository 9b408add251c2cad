"""Round 1 of a turn, the movement (rulings §5, §6.1, §8, §14.3, §19.2 item 1): every ship's
written speed and band, then activation after activation until every ship afloat or fleeing has
moved (initiative, then one activation: the cut, start-of-move grapples, the ram announcement
with the target's reaction, observation and avoidance part 1, the path, part 2), then the corvus
drops.

    play_movement(state, orders, dice) -> (state, events)

The path itself is `movement.move_path`; the rules of each moment are the round-1 modules'
(ramming, reactions, grappling, corvus, initiative); fleeing ships' orders are `flight`'s.

Events emitted here (one line each; `move`, `blocked`, `fled`, `ram_no_contact` are movement's):
- `initiative`: winner, rolls (tuple of rounds, each a tuple of (player, d6)); no dice when one
  player is eligible
- `activate`: ship, player
- `announce`: ship (the rammer), target, reaction (ignore, shear or avoid, as it came into play)
- `ram_lapsed`: ship, target — the RAM clause's target is no longer afloat or fleeing, or the
  rammer is avoiding that very ship (§7.1, §8.3)
- `void`: ship — a held ship's path is not moved (§6.1 step 1)
- `avoided`: ship, rammer, cap (inches) — an avoidance made its part 1 (§8.3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.speedband import grappling, initiative, reactions
from pbem.rules.speedband.bands import default_speed, moving_row
from pbem.rules.speedband.flight import flight_heading, flight_orders
from pbem.rules.speedband.movement import Moved, Ram, Rules, grapples_within, move_event, move_path
from pbem.rules.speedband.orders import AVOID, IGNORE, Corvus, Grapple, Movement, React, Step
from pbem.rules.speedband.paths import avoid_parts, full_path, path_problem
from pbem.rules.speedband.ramming import approach_zone
from pbem.rules.speedband.sheets import MovementOrders
from pbem.rules.speedband.shiptypes import STOP, band_of
from pbem.rules.speedband.state import AFLOAT, FLEEING, LINE, GameState, Ship

Played = tuple[GameState, tuple[Event, ...]]


@dataclass(frozen=True)
class Turn:
    """What every activation of the round reads: each ship's movement line (the judge's for a
    fleeing ship), reactions, grapple wishes and where every ship stood when the turn began
    (the approach zone of §1.1)."""

    movements: Mapping[str, Movement]
    reacts: Mapping[str, React]
    wishes: Mapping[str, Grapple]
    start: Mapping[str, Ship]

    def movement(self, ship_id: str) -> Movement:
        return self.movements.get(ship_id.upper(), Movement(0))

    def react(self, ship_id: str) -> React | None:
        return self.reacts.get(ship_id.upper())


def _upper(mapping: Mapping[str, object]) -> dict[str, object]:
    return {key.upper(): value for key, value in mapping.items()}


def prepare(state: GameState, orders: MovementOrders) -> tuple[GameState, Turn]:
    """Every ship's line for the turn (the §4 default where none came, the judge's for a fleeing
    ship, with its flight heading fixed; its `CUT ALL` is grappling's), written speed and band
    (§3.1, §16). A fleeing ship's REACT and GRAPPLE lines, if any came, are dropped (§14.3)."""
    given = _upper(orders.movements)
    movements: dict[str, Movement] = {}
    for ship in state.ships:
        if not ship.active:
            if ship.on_table:
                state = state.with_ship(replace(ship, written_speed=0, band=STOP))
            continue
        if ship.status == FLEEING:
            ship = replace(ship, flight_heading=flight_heading(ship, state.table))
            line = flight_orders(ship, state.options, state.table)
        else:
            found = given.get(ship.id.upper())
            line = found if isinstance(found, Movement) else Movement(
                default_speed(ship, state.phase.turn, state.options))
        movements[ship.id.upper()] = line
        band = band_of(moving_row(ship, state.options), line.speed) or ship.band
        state = state.with_ship(replace(ship, written_speed=line.speed, band=band))
    afloat = {ship.id.upper() for ship in state.ships if ship.status == AFLOAT}
    reacts = {key: value for key, value in _upper(orders.reacts).items() if key in afloat}
    wishes = {key: value for key, value in _upper(orders.grapples).items() if key in afloat}
    turn = Turn(movements, reacts, wishes,  # type: ignore[arg-type]
                {ship.id.upper(): ship for ship in state.ships})
    return state, turn


def play_movement(state: GameState, orders: MovementOrders, dice: Dice) -> Played:
    """Round 1 (§5, §6, §11): activations until none is left, then the corvus drops."""
    state, turn = prepare(state, orders)
    events: list[Event] = []
    while True:
        roll = initiative.roll_initiative(state, state.record.last_winner, dice)
        if roll is None:
            break
        events.append(event("initiative", winner=roll.winner, rolls=roll.rounds))
        line_order = next((ids for player, ids in orders.line_order.items()
                           if player.upper() == roll.winner.upper()), ())
        ship = initiative.next_ship(state, roll.winner, line_order)
        if ship is None:  # pragma: no cover - an eligible player always has a ship waiting
            break
        record = replace(state.record, last_winner=roll.winner,
                         activations=(*state.record.activations, ship.id))
        state = replace(state, record=record)
        events.append(event("activate", ship=ship.id, player=roll.winner))
        state, activated = activate(state, ship.id, turn, dice)
        events.extend(activated)
    corvus_wishes: dict[str, Corvus] = {
        key: value for key, value in orders.corvus.items()
        if (ship := state.ship(key)) is not None and ship.status == AFLOAT}
    state, dropped = _drop_corvus(state, corvus_wishes)
    return state, (*events, *dropped)


def _drop_corvus(state: GameState, wishes: Mapping[str, Corvus]) -> Played:
    if not wishes:
        return state, ()
    from pbem.rules.speedband import corvus  # noqa: PLC0415 - TEMPORARY until corvus.py lands
    return corvus.drop_all(state, wishes)


def _mark_activated(state: GameState, ship_id: str) -> GameState:
    ship = state.require(ship_id)
    return state if ship.activated else state.with_ship(replace(ship, activated=True))


def activate(state: GameState, ship_id: str, turn: Turn, dice: Dice) -> Played:
    """One activation (§6.1)."""
    events: list[Event] = []
    rules = Rules(turn.wishes)
    if any(link.kind == LINE for link in state.links if link.links(ship_id)):
        state, cut = grappling.cut_at_activation(state, ship_id, dice)
        events.extend(cut)
    state, tries, _ = grapples_within(state, ship_id, rules, dice)
    events.extend(tries)
    line = turn.movement(ship_id)
    if state.held(ship_id):
        ship = state.require(ship_id)
        events.append(event("void", ship=ship_id))
        events.append(move_event(ship, ship, "path", full_path(line.speed, line.steps), "void", ""))
        return _mark_activated(state, ship_id), tuple(events)
    state, moved = _with_ram(state, ship_id, line, turn, dice, nested_in="")
    events.extend(moved)
    return _mark_activated(state, ship_id), tuple(events)


def _ram_of(state: GameState, ship_id: str, line: Movement, avoiding: str) -> tuple[str, Event | None]:
    """The ram target of a line at the announcement, or "" with a `ram_lapsed` event (§7.1:
    target no longer afloat or fleeing; §8.3: an avoiding ship may not ram its rammer)."""
    if not line.ram:
        return "", None
    target = state.ship(line.ram)
    if target is None or not target.active or line.ram.upper() == avoiding.upper():
        return "", event("ram_lapsed", ship=ship_id, target=line.ram)
    return target.id, None


def _with_ram(state: GameState, ship_id: str, line: Movement, turn: Turn, dice: Dice,
              nested_in: str) -> Played:
    """§6.1 steps 3 and 4 for a ship that moves: the announcement (with the target's avoidance
    part 1), the path, and the target's part 2."""
    events: list[Event] = []
    target, lapsed = _ram_of(state, ship_id, line, nested_in)
    if lapsed is not None:
        events.append(lapsed)
    steps = full_path(line.speed, line.steps)
    if not target:
        moved = move_path(state, ship_id, steps, Rules(turn.wishes), dice)
        return moved.state, (*events, *moved.events)
    reaction = reactions.reaction_of(state, target, turn.react(target), nested=bool(nested_in))
    if reaction == AVOID and not _avoid_path_legal(state, target, turn):
        reaction = IGNORE
    events.append(event("announce", ship=ship_id, target=target, reaction=reaction))
    state = _reveal(state, target, reaction)
    zone = approach_zone(turn.start[ship_id.upper()], turn.start[target.upper()], state.epsilon)
    avoid: _Avoid | None = None
    if reaction == AVOID:
        state, observed, success, distance = reactions.observe(state, ship_id, target, dice)
        events.extend(observed)
        if success:
            state, part_events, avoid = _avoid_first(state, target, ship_id, distance, turn,
                                                     dice)
            events.extend(part_events)
        else:
            reaction = IGNORE
    ram = Ram(target, reaction, line.shear_side, zone)
    moved = move_path(state, ship_id, steps, Rules(turn.wishes, ram), dice)
    state = moved.state
    events.extend(moved.events)
    if avoid is not None:
        state, more = _avoid_second(state, target, ship_id, avoid, turn, dice)
        events.extend(more)
    return state, tuple(events)


def _avoid_path_legal(state: GameState, target: str, turn: Turn) -> bool:
    """A REACT AVOID path that breaks §3.3 is refused and the ship reacts IGNORE (§8.3, §20); the
    checker refuses it at submission, and this keeps the engine to that if one slips through."""
    react = turn.react(target)
    if react is None or not react.steps:
        return True
    ship = state.require(target)
    speed = turn.movement(target).speed
    return path_problem(ship, moving_row(ship, state.options), speed, react.steps, False) is None


def _reveal(state: GameState, target: str, reaction: str) -> GameState:
    # §4: a REACT that came into play is told; IGNORE by default tells nothing hidden.
    record = state.record
    if reaction == IGNORE or (target, "react") in record.revealed:
        return state
    return replace(state, record=replace(record, revealed=(*record.revealed, (target, "react"))))


@dataclass(frozen=True)
class _Avoid:
    """An avoidance under way: the rest of the path (part 2), the target's ram (if any), and
    whether part 1 was cut short."""

    second: tuple[Step, ...]
    ram: Ram | None
    ended: bool


def _avoid_first(state: GameState, target: str, rammer: str, distance: float, turn: Turn,
                 dice: Dice) -> tuple[GameState, tuple[Event, ...], _Avoid]:
    """Part 1 of an avoidance (§8.3): the target's own RAM against another ship is announced
    now (its target may not avoid in turn, `nested_avoid = off`); the path runs to the cap."""
    events: list[Event] = []
    line = turn.movement(target)
    react = turn.react(target)
    steps = react.steps if react is not None and react.steps else full_path(line.speed, line.steps)
    cap = reactions.avoid_cap_tenths(distance, line.speed, state.epsilon)
    first, second = avoid_parts(line.speed, steps, cap)
    events.append(event("avoided", ship=target, rammer=rammer, cap=cap / 10))
    own, lapsed = _ram_of(state, target, line, rammer)
    if lapsed is not None:
        events.append(lapsed)
    ram = None
    if own:
        reaction = reactions.reaction_of(state, own, turn.react(own), nested=True)
        events.append(event("announce", ship=target, target=own, reaction=reaction))
        state = _reveal(state, own, reaction)
        zone = approach_zone(turn.start[target.upper()], turn.start[own.upper()], state.epsilon)
        ram = Ram(own, reaction, line.shear_side, zone)
    rules = Rules(turn.wishes, ram, no_grapple_with=rammer)
    moved = move_path(state, target, first, rules, dice, part="avoid 1", last=not second)
    state = moved.state
    events.extend(moved.events)
    return state, tuple(events), _Avoid(second, ram, moved.ended_early)


def _avoid_second(state: GameState, target: str, rammer: str, avoid: _Avoid, turn: Turn,
                  dice: Dice) -> Played:
    """Part 2 (§8.3), unless the ram succeeded (the target is dead in the water), the target is
    held, or part 1 was cut short; then the target is activated (not listed)."""
    events: list[Event] = []
    ship = state.require(target)
    if (avoid.second and not avoid.ended and ship.on_table and not ship.dead_in_water
            and not state.held(target)):
        rules = Rules(turn.wishes, avoid.ram, no_grapple_with=rammer)
        moved: Moved = move_path(state, target, avoid.second, rules, dice, part="avoid 2")
        state = moved.state
        events.extend(moved.events)
    if state.require(target).on_table:
        state = _mark_activated(state, target)
    return state, tuple(events)
