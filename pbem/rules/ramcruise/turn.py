"""The twelve steps of a half (rulings §5.2) and the two mail rounds that resolve them (§5.4),
each step taking its dice in the order of §21 item 3.

Round 1 is steps 1–3 (break-aways, movement, M1); round 2 is steps 4–12 (fire, M2, rams, M3,
grapples, melee, M4, the end of the half, M5), and after side B's half the end of the turn.
Standing orders sent with a round apply to everything resolved in it (§5.3, §5.4).

Break-aways, grapples and melee are `grappling`'s and `melee`'s, fire is `missiles`', the
checkpoints and the admiral trigger `morale`'s, the end-of-turn check `victory`'s; this module
keeps their order and the dice stream's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.ramcruise import grappling, melee, missiles, morale, victory
from pbem.rules.ramcruise.classes import DECK
from pbem.rules.ramcruise.fatigue import apply_fatigue, out_of_sight
from pbem.rules.ramcruise.modes import EMBEDDED, immobility
from pbem.rules.ramcruise.movement import PassHandler, move_ship, rout_ship
from pbem.rules.ramcruise.orders import Duty, Move, Picking, Standing, Targets
from pbem.rules.ramcruise.ramming import resolve_marked
from pbem.rules.ramcruise.shearing import resolve_shear
from pbem.rules.ramcruise.sinking import tick_countdowns
from pbem.rules.ramcruise.state import (
    AFLOAT,
    BACK,
    COMBAT,
    MOVE,
    OVER,
    SINKING,
    STAY,
    GameState,
    HalfRecord,
    Phase,
    Ship,
    StandingOrders,
)
from pbem.rules.ramcruise.wind import change_wind
from pbem.rules.table import Pass

Played = tuple[GameState, tuple[Event, ...]]
CHECKPOINTS = ("M1", "M2", "M3", "M4", "M5")


@dataclass(frozen=True)
class RoundOneOrders:
    """The phasing side's accepted round-1 lines (§5.4): movement lines and BREAK lines in the
    order written, DUTY lines, and the standing orders sent with them."""

    moves: tuple[Move, ...] = ()
    breaks: tuple[Targets, ...] = ()
    duties: tuple[Duty, ...] = ()
    standing: tuple[Standing, ...] = ()


@dataclass(frozen=True)
class RoundTwoOrders:
    """Round 2's accepted lines (§5.4): the non-phasing side's BOW and BALLISTA lines in the order
    written (whatever their verb, §21 item 3.4), the phasing side's GRAPPLE and MELEE lines, and
    the standing orders either side sent."""

    fire: tuple[Targets | Picking, ...] = ()
    grapples: tuple[Targets, ...] = ()
    melees: tuple[Picking, ...] = ()
    standing: tuple[Standing, ...] = ()


def apply_standing(state: GameState, lines: Sequence[Standing]) -> GameState:
    """Standing orders take effect when the round's deadline passes (§5.3), in the order written."""
    for line in lines:
        ship = state.require(line.ship)
        old = ship.standing
        value = line.value[0]
        standing = StandingOrders(
            stance=value if line.name == "stance" else old.stance,
            onbreak=value if line.name == "onbreak" else old.onbreak,
            onshear=value if line.name == "onshear" else old.onshear,
            losses=line.value if line.name == "losses" else old.losses)
        state = state.with_ship(replace(ship, standing=standing))
    return state


def open_half(state: GameState, turn: int, half: int) -> GameState:
    """The half's round 1 opens: side A phases in half 1, side B in half 2, with a fresh record."""
    side = state.sides[half - 1].id
    return replace(state, phase=Phase(MOVE, turn, half, side), half_record=HalfRecord())


# --- step 1


def break_away(state: GameState, breaks: Sequence[Targets], dice: Dice) -> Played:
    """Step 1: BREAK attempts by phasing ships, line by line, target by target (§11.4)."""
    state, events = grappling.break_away(state, state.phasing, breaks, dice)
    return state, tuple(events)


# --- step 2


def surrender_checks(state: GameState) -> Played:
    """§12.4's check for every ship in scenario order (melee's)."""
    state, events = melee.surrender_checks(state)
    return state, tuple(events)


def _on_pass(dice: Dice) -> PassHandler:
    def handle(state: GameState, mover: str, victim: str,
               passed: Pass) -> tuple[GameState, bool, tuple[Event, ...]]:
        before = len(state.grapples)
        state, stop, events = resolve_shear(state, mover, victim, passed, dice)
        if len(state.grapples) > before:  # checked after each shear-grapple (§12.4)
            state, more = surrender_checks(state)
            events += more
        return state, stop, events
    return handle


def _set_move(state: GameState, ship: Ship, mode: str, tenths: int) -> GameState:
    return state.with_ship(replace(ship, mode=mode, speed=tenths))


def movement(state: GameState, moves: Sequence[Move], dice: Dice) -> Played:
    """Step 2 (§6.4, §16.6): the phasing side's routers in scenario order, then its ordered ships
    in the order written, each finishing before the next; shears and their grapples resolved as
    they happen, rams marked. Every other phasing ship stays. Speeds are the ordered distances
    (§6.1); a line whose ship is grappled or immobile when its turn comes does nothing (§11.4,
    §18)."""
    side = state.phasing
    events: list[Event] = []
    state = state.with_ships(replace(ship, mode=STAY, speed=0)
                             if ship.side == side and ship.on_table and not ship.routed else ship
                             for ship in state.ships)
    for listed in state.ships:
        ship = state.require(listed.id)
        if ship.side != side or not ship.routed or ship.status not in (AFLOAT, SINKING):
            continue
        state, found, tenths, mode = rout_ship(state, ship.id)
        state = _set_move(state, state.require(ship.id), mode, tenths)
        events += found
    handler = _on_pass(dice)
    for move in moves:
        ship = state.require(move.ship)
        why = immobility(state, ship)
        if move.mode == STAY or (why and not (why == EMBEDDED and move.mode == BACK)):
            if move.mode != STAY:
                events.append(event("blocked", ship=ship.id, by="", at=[round(ship.x, 2), round(ship.y, 2)],
                                    reason=f"{ship.id} is {why} when its turn to move comes: it stays",
                                    failed=True))
            continue
        state = _set_move(state, ship, move.mode, move.distance)
        state, found = move_ship(state, move, handler)
        events += found
    record = replace(state.half_record, out_of_sight=out_of_sight(state, side))
    return replace(state, half_record=record), tuple(events)


# --- morale checkpoints


def checkpoint(state: GameState, name: str, dice: Dice) -> Played:
    """A morale checkpoint M1–M5 (§16.3, morale's)."""
    state, events = morale.checkpoint(state, name, dice)
    return state, tuple(events)


# --- steps 4, 6, 8, 9


def fire(state: GameState, lines: Sequence[Targets | Picking], dice: Dice) -> Played:
    """Step 4: the non-phasing side's fire lines in the order written (§13–§15), each followed
    by the surrender checks."""
    state, events = missiles.fire_lines(state, state.other(state.phasing), lines, dice)
    return state, tuple(events)


def rams(state: GameState, dice: Dice) -> Played:
    """Step 6: the marked rams in contact order (§9)."""
    return resolve_marked(state, dice)


def grapples(state: GameState, lines: Sequence[Targets], dice: Dice) -> Played:
    """Step 8: GRAPPLE lines in the order written, target by target (§11), then the surrender
    checks that end it (§12.4)."""
    state, events = grappling.throw_lines(state, state.phasing, lines, dice)
    return state, tuple(events)


def melee_step(state: GameState, lines: Sequence[Picking], dice: Dice) -> Played:
    """Step 9: melee by phasing ships grappled to an enemy (§12.1), each followed by the
    surrender checks."""
    state, events = melee.melee_all(state, state.phasing, lines, dice)
    return state, tuple(events)


# --- step 11


def _duty_changes(state: GameState) -> Played:
    events: list[Event] = []
    for ship_id, crewmen, to in state.half_record.duties:
        ship = state.require(ship_id)
        if not ship.on_table:
            continue
        moving = min(crewmen, ship.crew.oar if to == DECK else ship.crew.deck)
        if to != DECK:
            moving = min(moving, state.row(ship).oarbanks - ship.crew.oar)
        state = state.with_ship(replace(ship, crew=ship.crew.with_duty(moving, to)))
        events.append(event("duty", ship=ship.id, crewmen=moving, to=to))
    return state, tuple(events)


def end_of_half(state: GameState) -> Played:
    """Step 11, in this order (§5.2): the phasing side's countdowns tick and ships sink, with the
    ships dragged down (§10, §9.6); fatigue (§7); duty changes (§3.2); surrender checks (§12.4);
    the admiral trigger (§16.2). No dice."""
    side = state.phasing
    state, events = tick_countdowns(state, side)
    state, more = apply_fatigue(state, side)
    events += more
    state, more = _duty_changes(state)
    events += more
    state, more = surrender_checks(state)
    events += more
    state, fallen = morale.admiral_trigger(state)
    return state, events + tuple(fallen)


# --- the rounds


def resolve_round_1(state: GameState, orders: RoundOneOrders, dice: Dice) -> Played:
    """Round 1: steps 1–3 (§5.2, §5.4), then the half's round 2 opens."""
    state = apply_standing(state, orders.standing)
    duties = tuple((duty.ship, duty.crewmen, duty.to) for duty in orders.duties)
    state = replace(state, half_record=replace(state.half_record, duties=duties))
    state, events = break_away(state, orders.breaks, dice)
    state, more = movement(state, orders.moves, dice)
    events += more
    state, more = checkpoint(state, "M1", dice)
    events += more
    return replace(state, phase=replace(state.phase, kind=COMBAT)), events


def resolve_round_2(state: GameState, orders: RoundTwoOrders, dice: Dice,
                    open_next: bool = True) -> Played:
    """Round 2: steps 4–12 (§5.2, §5.4); after side B's half, the end of the turn (with
    `open_next` false, only its victory check: a rules case ends there)."""
    state = apply_standing(state, orders.standing)
    state, events = fire(state, orders.fire, dice)
    state, more = checkpoint(state, "M2", dice)
    events += more
    state, more = rams(state, dice)
    events += more
    state, more = checkpoint(state, "M3", dice)
    events += more
    state, more = grapples(state, orders.grapples, dice)
    events += more
    state, more = melee_step(state, orders.melees, dice)
    events += more
    state, more = checkpoint(state, "M4", dice)
    events += more
    state, more = end_of_half(state)
    events += more
    state, more = checkpoint(state, "M5", dice)
    events += more
    if state.phase.half == 1:
        return open_half(state, state.phase.turn, 2), events
    state, more = end_of_turn(state, dice, open_next)
    return state, events + more


def end_of_turn(state: GameState, dice: Dice, open_next: bool = True) -> Played:
    """After side B's half: the victory check (§17, victory's); if the game goes on and
    `open_next`, the next turn opens with its wind-change die (§21 item 2, taken here, where the
    stream reaches the start of the turn)."""
    state, events = victory.end_of_turn(state)
    if state.winner is not None:
        return replace(state, phase=Phase(OVER, state.phase.turn)), tuple(events)
    if not open_next:
        return state, tuple(events)
    state, more = start_turn(state, state.phase.turn + 1, dice)
    return state, tuple(events) + more


def start_turn(state: GameState, turn: int, dice: Dice) -> Played:
    """Turn `turn` opens at side A's round 1, after the wind change of a turn after the first."""
    events: tuple[Event, ...] = ()
    if turn > 1:
        state, events = change_wind(state, dice)
    return open_half(state, turn, 1), events
