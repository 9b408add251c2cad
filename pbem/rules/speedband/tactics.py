"""A simple computer player for the speed-band rules (golden games, the bench, the demo): a whole
submission in the standard notation of rulings §21 for the open phase. Deterministic for a given
`rng`; it reads the state and never changes it.

- free set-up (§18): each ship of the placing side inside its 8" zone, clear of every ship
  already there, tried in the order written as the judge tries them;
- round 1 (§3, §4, §7–§11): for each ship afloat (not a prize, not fleeing), a written speed
  within the band limits of §3.2 and a path obeying §3.3 towards the nearest enemy (sometimes
  the next nearest), kept on the table; a `RAM` when that enemy lies ahead within the ship's
  reach, with the aim step `A` when the band leaves a turn; a reaction; `GRAPPLE` at enemies
  that may come within 1"; `CORVUS` for a ship with a free corvus; now and then a standing `CUT`.
  Rammers' lines come last, so they move after their targets when they can (§5);
- round 2 (§12, §13): `ARCHERS` and `BALLISTA` clauses at enemies within long range, nearest
  first, a type the target has at short and medium range, never more factors than aboard;
  `MELEE` at an enemy it is locked with (§13.1); now and then a standing `LOSSES`.

Every speed and path is tried against `bands.speed_problem` and `paths.path_problem` before it
is written; a ship for which nothing passes gets no movement line (the §4 default). Crew counts
are read from the state as they are, `secret_records` or not (a computer player is not a
player who could be told less). One module over 450 lines because set-up, round 1 and round 2
share its distance and target helpers; split by round if it grows.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from pbem.rules.speedband import fronts
from pbem.rules.speedband.bands import allowed_bands, moving_row, speed_problem
from pbem.rules.speedband.missiles import LONG, RANGES, range_band
from pbem.rules.speedband.orders import (
    AIM,
    ARCHERS,
    AVOID,
    BALLISTA,
    FORWARD,
    IGNORE,
    PORT,
    SHEAR,
    STARBOARD,
    Corvus,
    Cut,
    Fire,
    FireClause,
    Grapple,
    Losses,
    Melee,
    Movement,
    Order,
    Place,
    React,
    Step,
)
from pbem.rules.speedband.paths import STRAIGHT_RUN, full_path, path_problem
from pbem.rules.speedband.scenario import HOME_EDGE, SETUP_DEPTH, placement_problem
from pbem.rules.speedband.shiptypes import (
    BACK,
    BAND_INDEX,
    BANDS,
    FORWARD_BANDS,
    STOP,
    TURNS_BY_BAND,
    ShipType,
)
from pbem.rules.speedband.state import (
    AFLOAT,
    COMBAT,
    CUTS,
    LOSS_TYPES,
    ORDERS,
    SETUP,
    GameState,
    Ship,
)
from pbem.rules.table import (
    DeadAstern,
    Pose,
    Vec,
    bearing,
    footprint_distance,
    on_table,
    place,
    relative_bearing,
)

AHEAD = 3           # degrees: a bearing this close needs no turn
RAM_AHEAD = 8       # degrees: a ram straight ahead needs no aim step
STANDING_CHANCE = 0.15
GRAPPLE_ROOM = 3.0  # inches beyond a ship's reach within which an enemy is worth a grapple list
SETUP_TRIES = 60
PORT_SIDE, STARBOARD_SIDE = "port", "starboard"  # a RAM clause's shear side (§9)


def orders_for(state: GameState, side: str, rng: random.Random) -> str:
    """The whole submission of `side` for the open phase ("" when it has nothing to send)."""
    kind = state.phase.kind
    if kind == SETUP:
        lines = setup_lines(state, side, rng) if side == state.phase.side else []
    elif kind == ORDERS:
        lines = round_one_lines(state, side, rng)
    elif kind == COMBAT:
        lines = round_two_lines(state, side, rng)
    else:
        return ""
    return "".join(f"{line}\n" for line in lines)


def _line(ship: Ship, order: Order) -> str:
    return f"{ship.id}: {order.notation()}"


def takes_orders(ship: Ship, side: str) -> bool:
    """Afloat and the side's: prizes never move, fleeing ships get the judge's orders (§14.3)."""
    return ship.owner == side and ship.status == AFLOAT


def enemies_by_distance(state: GameState, ship: Ship) -> list[tuple[float, Ship]]:
    """Enemies afloat or fleeing (the ones §20 lets an order name), nearest first by footprint
    distance (G5), ties in scenario order."""
    epsilon = state.epsilon
    found = [(footprint_distance(ship.polygon, other.polygon, epsilon), other)
             for other in state.ships if other.active and state.enemies(ship, other)]
    return sorted(found, key=lambda pair: (pair[0], state.order_of(pair[1].id)))


# --- free set-up (§18)


def setup_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """A placement for each of the side's ships, each checked as the judge checks it: against
    the ships already placed by earlier lines, the side's later ships not yet there. A ship with
    no spot found is left to its table position."""
    edge = HOME_EDGE.get(side)
    if edge is None:
        return []
    own = [ship for ship in state.ships if ship.side == side]
    unplaced = {ship.id for ship in own}
    current = state
    lines: list[str] = []
    for ship in own:
        unplaced.discard(ship.id)
        for _ in range(SETUP_TRIES):
            x, y, heading = _setup_spot(state, ship, edge, rng)
            if placement_problem(current, ship, x, y, heading, frozenset(unplaced)) is None:
                current = current.with_ship(_moved(ship, x, y, heading))
                lines.append(_line(ship, Place(x, y, heading)))
                break
    return lines


def _moved(ship: Ship, x: float, y: float, heading: int) -> Ship:
    return replace(ship, x=x, y=y, heading=heading)


def _setup_spot(state: GameState, ship: Ship, edge: str, rng: random.Random) -> tuple[float, float, int]:
    """A centre (one decimal) and whole heading facing away from the home edge, give or take,
    with every corner inside the zone when the heading allows."""
    away = 0 if edge == "south" else 180
    heading = (away + rng.choice((0, 0, 0, 10, -10, 20, -20))) % 360
    row = ship.row
    turn = math.radians(heading)
    half_y = row.length / 2 * abs(math.cos(turn)) + row.beam / 2 * abs(math.sin(turn))
    half_x = row.length / 2 * abs(math.sin(turn)) + row.beam / 2 * abs(math.cos(turn))
    low = math.ceil((half_y + 0.05) * 10) / 10
    high = math.floor((SETUP_DEPTH - half_y - 0.05) * 10) / 10
    inward = round(rng.uniform(low, max(low, high)), 1)
    width, height = state.table.width, state.table.height
    along = round(rng.uniform(half_x + 0.1, max(half_x + 0.1, width - half_x - 0.1)), 1)
    y = inward if edge == "south" else round(height - inward, 1)
    return along, y, heading


# --- round 1 (§3, §7–§11)


def round_one_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """Movement lines (rammers last), then reactions, grapple and corvus lists, standing CUTs."""
    mine = [ship for ship in state.ships if takes_orders(ship, side)]
    plain: list[str] = []
    rams: list[str] = []
    others: list[str] = []
    for ship in mine:
        near = enemies_by_distance(state, ship)
        movement = movement_for(state, ship, near, rng)
        if movement is not None:
            (rams if movement.ram else plain).append(_line(ship, movement))
        others += _wishes(state, ship, movement, near, rng)
    return plain + rams + others


def _band_range(row: ShipType, band: str) -> tuple[int, int]:
    """The smallest and largest written speed of a forward band, in tenths (§3.1)."""
    index = BAND_INDEX[band]
    low = 1 if band == FORWARD_BANDS[0] else row.band_maximum(BANDS[index - 1]) + 1
    return low, row.band_maximum(band)


def _legal(state: GameState, ship: Ship, movement: Movement) -> bool:
    row = moving_row(ship, state.options)
    if speed_problem(ship, movement.speed, state.options) is not None:
        return False
    return path_problem(ship, row, movement.speed, movement.steps, bool(movement.ram)) is None


def movement_for(state: GameState, ship: Ship, near: list[tuple[float, Ship]],
                 rng: random.Random) -> Movement | None:
    """The first legal choice among: a ram, an approach towards the chosen enemy at a few
    speeds kept on the table, staying (rotating in place towards it), backing."""
    for movement in _candidates(state, ship, near, rng):
        if _legal(state, ship, movement):
            return movement
    return None


def _candidates(state: GameState, ship: Ship, near: list[tuple[float, Ship]],
                rng: random.Random) -> list[Movement]:
    row = moving_row(ship, state.options)
    allowed = allowed_bands(ship, state.options)
    forward = [band for band in allowed if band in FORWARD_BANDS]
    if state.held(ship.id) or not near:  # a held ship's path is void (§6.1): it stays
        return [*_stays(ship, row, allowed, None, rng), *_backs(row, allowed)]
    gap, target = near[1] if len(near) > 1 and rng.random() < 0.2 else near[0]
    turn = _turn_to(ship.pose.centre, float(ship.heading), target.pose.centre)
    found: list[Movement] = []
    ram = _ram(state, ship, row, forward, gap, target, turn, rng)
    if ram is not None:
        found.append(ram)
    found += _approaches(state, ship, row, forward, gap, target, turn, rng)
    found += _stays(ship, row, allowed, target, rng)
    found += _backs(row, allowed)
    return found


def _turn_to(centre: Vec, heading: float, target: Vec) -> float:
    """The signed turn from a heading to the bearing of a point (G18, dead astern to port)."""
    return relative_bearing(heading, bearing(centre, target), DeadAstern.PORT)


def _ram(state: GameState, ship: Ship, row: ShipType, forward: list[str], gap: float,
         target: Ship, turn: float, rng: random.Random) -> Movement | None:
    """`RAM` when the target lies ahead (within one aim step) and within the ship's reach: the
    lowest allowed band that reaches a little past contact, an aim step after 2" when the band
    has a turn and the bearing is off, a shear side now and then (§7.1, §6.3, §9)."""
    if not forward or gap <= state.options.contact_tolerance + state.epsilon:
        return None
    wanted = math.ceil(gap * 10) + rng.randint(5, 20)
    band = next((b for b in forward if row.band_maximum(b) >= wanted), None)
    if band is None:
        return None
    low, high = _band_range(row, band)
    speed = min(max(wanted, low), high)
    if abs(turn) <= RAM_AHEAD:
        steps: tuple[Step, ...] = ()
    elif TURNS_BY_BAND[band] >= 1 and abs(turn) <= row.turn_angle and speed > STRAIGHT_RUN:
        steps = (Step(FORWARD, STRAIGHT_RUN), Step(AIM), Step(FORWARD, speed - STRAIGHT_RUN))
    else:
        return None
    side = rng.choice(("", "", PORT_SIDE, STARBOARD_SIDE))
    return Movement(speed, steps, target.id, side)


def _approaches(state: GameState, ship: Ship, row: ShipType, forward: list[str], gap: float,
                target: Ship, turn: float, rng: random.Random) -> list[Movement]:
    """Forward paths towards the target: the band with enough turns for the bearing (highest
    first when far, lowest first when near), a few speeds in each, only those whose every pose
    stays on the table."""
    if not forward:
        return []
    needed = min(3, math.ceil(max(0.0, abs(turn) - AHEAD) / row.turn_angle))
    ordered = sorted(forward, key=lambda b: (TURNS_BY_BAND[b] < needed, -BAND_INDEX[b]))
    if gap < 4.0:
        ordered = sorted(forward, key=lambda b: BAND_INDEX[b])
    found: list[Movement] = []
    for band in ordered:
        low, high = _band_range(row, band)
        speeds = dict.fromkeys((high, rng.randint(low, high), (low + high) // 2, low))
        for speed in speeds:
            steps = _towards(ship, row, speed, TURNS_BY_BAND[band], target.pose.centre, rng)
            if _stays_on(state, ship, speed, steps):
                found.append(Movement(speed, steps))
    return found


def _towards(ship: Ship, row: ShipType, speed: int, turns: int, aim: Vec,
             rng: random.Random) -> tuple[Step, ...]:
    """A path of `speed` tenths turning towards a point: runs of at least 2" before each turn
    (§3.3), each turn the rest of the bearing up to the turn angle, the rest straight. At speed
    0 the turns are made in place."""
    centre, heading = ship.pose.centre, float(ship.heading)
    steps: list[Step] = []
    left = speed
    for _ in range(turns):
        run = 0
        if speed > 0:
            if left < STRAIGHT_RUN:
                break
            run = min(left, STRAIGHT_RUN + 10 * rng.randint(0, 2))
            centre = _ahead(centre, heading, run)
            left -= run
        turn = _turn_to(centre, heading, aim)
        if abs(turn) < AHEAD:
            if run:
                steps.append(Step(FORWARD, run))
            break
        angle = min(row.turn_angle, max(1, round(abs(turn))))
        if run:
            steps.append(Step(FORWARD, run))
        steps.append(Step(STARBOARD if turn > 0 else PORT, angle))
        heading = (heading + (angle if turn > 0 else -angle)) % 360
    if left > 0:
        if steps and steps[-1].kind == FORWARD:
            steps[-1] = Step(FORWARD, steps[-1].amount + left)
        else:
            steps.append(Step(FORWARD, left))
    if len(steps) == 1 and steps[0].kind == FORWARD:
        return ()  # straight ahead: no steps written
    return tuple(steps)


def _ahead(centre: Vec, heading: float, tenths: int) -> Vec:
    turn = math.radians(heading)
    return Vec(centre.x + tenths / 10 * math.sin(turn), centre.y + tenths / 10 * math.cos(turn))


def _stays_on(state: GameState, ship: Ship, speed: int, steps: tuple[Step, ...]) -> bool:
    """Whether every pose along the path, moved as if no other ship were there, lies on the
    table (the straight runs and pivots between them then do too: both shapes are convex)."""
    centre, heading = ship.pose.centre, float(ship.heading)
    footprint, table, epsilon = ship.row.footprint, state.table, state.epsilon
    for step in full_path(speed, steps):
        if step.kind == FORWARD:
            centre = _ahead(centre, heading, step.amount)
        elif step.kind in (PORT, STARBOARD):
            heading = (heading + (step.amount if step.kind == STARBOARD else -step.amount)) % 360
        if not on_table(place(footprint, Pose(centre, heading)), table, epsilon):
            return False
    return True


def _stays(ship: Ship, row: ShipType, allowed: tuple[str, ...], target: Ship | None,
           rng: random.Random) -> list[Movement]:
    """SPEED 0, turning in place towards the target when one is given (§3.3)."""
    if STOP not in allowed:
        return []
    found = []
    if target is not None:
        found.append(Movement(0, _towards(ship, row, 0, TURNS_BY_BAND[STOP], target.pose.centre, rng)))
    return [*found, Movement(0)]


def _backs(row: ShipType, allowed: tuple[str, ...]) -> list[Movement]:
    return [Movement(-row.back), Movement(-1)] if BACK in allowed else []


def _wishes(state: GameState, ship: Ship, movement: Movement | None,
            near: list[tuple[float, Ship]], rng: random.Random) -> list[str]:
    """REACT, GRAPPLE, CORVUS and now and then a standing CUT for one ship."""
    lines = []
    react = _react(state, ship, movement, rng)
    if react is not None:
        lines.append(_line(ship, react))
    speed = abs(movement.speed) if movement is not None else 0
    reach = speed / 10 + max((other.row.ram for _, other in near[:1]), default=0) / 10 + GRAPPLE_ROOM
    close = [other.id for gap, other in near if gap <= reach][:3]
    if close and rng.random() < 0.8:
        lines.append(_line(ship, Grapple() if rng.random() < 0.25 else Grapple(tuple(close))))
    if ship.corvus and not ship.corvus_holds and close:
        lines.append(_line(ship, Corvus(tuple(close[:2]))))
    if rng.random() < STANDING_CHANCE:
        lines.append(_line(ship, Cut(rng.choice(CUTS))))
    return lines


def _react(state: GameState, ship: Ship, movement: Movement | None,
           rng: random.Random) -> React | None:
    """A reaction (§8): IGNORE, SHEAR or AVOID, the AVOID sometimes with its own path (a veer
    of up to 45° after 2", for the written speed, or none if that would not be legal)."""
    kind = rng.choice((IGNORE, SHEAR, SHEAR, AVOID, AVOID, None))
    if kind is None:
        return None
    if kind != AVOID or movement is None or rng.random() < 0.5:
        return React(kind)
    row = moving_row(ship, state.options)
    speed = movement.speed
    if speed <= STRAIGHT_RUN:  # at rest, backing or too slow for a veer after 2"
        return React(AVOID)
    angle = rng.randint(1, min(45, row.turn_angle))
    steps = (Step(FORWARD, STRAIGHT_RUN), Step(rng.choice((PORT, STARBOARD)), angle),
             Step(FORWARD, speed - STRAIGHT_RUN))
    if path_problem(ship, row, speed, steps, False) is not None:
        return React(AVOID)
    return React(AVOID, steps)


# --- round 2 (§12, §13)


def round_two_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    lines: list[str] = []
    for ship in state.ships:
        if not takes_orders(ship, side):
            continue
        near = enemies_by_distance(state, ship)
        lines += _fire_lines(state, ship, near, rng)
        locked = locked_enemies(state, ship, near)
        if locked and ship.archers + ship.soldiers + ship.officers > 0 and rng.random() < 0.9:
            lines.append(_line(ship, Melee(locked[0].id)))
        if rng.random() < STANDING_CHANCE:
            order = list(LOSS_TYPES)
            rng.shuffle(order)
            lines.append(_line(ship, Losses((order[0], order[1], order[2]))))
    return lines


def locked_enemies(state: GameState, ship: Ship, near: list[tuple[float, Ship]]) -> list[Ship]:
    """Enemies locked with the ship (§13.1): linked by a line or a corvus, ram-locked this turn,
    or in contact having fought last turn; those its own corvus holds first."""
    found = [other for _, other in near if fronts.locked(state, ship.id, other.id)]
    return sorted(found, key=lambda other: other.id != ship.corvus_holds)


def _kinds(weapon: str, target: Ship) -> list[str]:
    """The types the target has, as a clause at short or medium range may name (§12.2, §20)."""
    have = {"rowers": sum(target.rowers), "soldiers": target.soldiers,
            "archers": target.archers, "officers": target.officers}
    if weapon == BALLISTA:
        have["ballista"] = target.ballistae
    return [kind for kind, count in have.items() if count > 0]


def _fire_lines(state: GameState, ship: Ship, near: list[tuple[float, Ship]],
                rng: random.Random) -> list[str]:
    lines = []
    for weapon, aboard in ((ARCHERS, ship.archers), (BALLISTA, ship.ballistae)):
        longest = RANGES[weapon][-1][1]
        targets = [(gap, other) for gap, other in near if gap <= longest + state.epsilon]
        if aboard < 1 or not targets:
            continue
        chosen = targets[:rng.randint(1, min(2, len(targets), aboard))]
        counts = _split(aboard if rng.random() < 0.8 else rng.randint(1, aboard), len(chosen))
        clauses = []
        for count, (gap, other) in zip(counts, chosen, strict=True):
            band = range_band(weapon, gap, state.epsilon)
            kinds = _kinds(weapon, other)
            if band is None or count < 1 or (band != LONG and not kinds):
                continue
            kind = "" if band == LONG else rng.choice(kinds)
            clauses.append(FireClause(count, other.id, kind))
        if clauses:
            lines.append(_line(ship, Fire(weapon, tuple(clauses))))
    return lines


def _split(total: int, parts: int) -> list[int]:
    """`total` factors over `parts` targets, the nearest getting the odd one."""
    base, extra = divmod(total, parts)
    return [base + (1 if index < extra else 0) for index in range(parts)]
