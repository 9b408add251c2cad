"""A simple computer player for the ram / cruise / strategic rules (golden games, the bench, the
demo): legal order text in the §19 notation for every round of §5.4. Deterministic for a given
`rng`; it reads the state and never changes it.

- build: random designs within the class table, the crew maximum and §3.3, the running total
  kept within the budget, ADMIRAL on the first line, ids by side (§4, §19);
- set-up: every ship inside its side's zone, clear of every ship and ¼" from friends (§20);
- round 1: each ship pivots toward the nearest enemy and goes forward on the ladder within its
  fatigue (§6.1–§6.3, §7), in RAM when a ram is on and the enemy is within reach, and every line
  is tried on the judge's computed path (§6.6) so that none ends within ¼" of a friend it does
  not shear (§6.5); grappled ships that may try sometimes BREAK (and then may move), or send
  crewmen on deck;
- round 2: the firing side's BOW and BALLISTA at enemies in range (§14, §15), the phasing side's
  GRAPPLE at enemies alongside and MELEE at those it is or may be grappled to (§11, §12);
- any round: now and then a standing order (§5.3).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.ramcruise.classes import (
    BOW,
    CORVUS,
    DECK,
    ELITE,
    GREEN,
    HARPAX,
    LOSS_CATEGORIES,
    MAR,
    OAR,
    REGULAR,
    SIXTEEN,
    class_table,
)
from pbem.rules.ramcruise.fleet import Design, build_cost, design_problem
from pbem.rules.ramcruise.grappling import distance, grapple_reach, may_break
from pbem.rules.ramcruise.missiles import BALLISTA_RANGE, BOW_LONG, SHOTS_A_SIDE
from pbem.rules.ramcruise.modes import EMBEDDED, GRAPPLED, immobility, move_problem, ship_maximum
from pbem.rules.ramcruise.orders import (
    Build,
    Duty,
    Move,
    Picking,
    Place,
    Standing,
    Step,
    Targets,
)
from pbem.rules.ramcruise.paths import plan_moves, plan_one
from pbem.rules.ramcruise.scenario import SETUP_DEPTH, placement_problem
from pbem.rules.ramcruise.state import (
    ACCEPT,
    AWAY_HEADING,
    BACK,
    BUILD,
    COMBAT,
    CRUISE,
    MOVE,
    NORTH,
    RAM,
    RESIST,
    SETUP,
    SOUTH,
    STAY,
    STRATEGIC,
    WEST,
    GameState,
    Ship,
)
from pbem.rules.table import DeadAstern, bearing, relative_bearing

FRIENDLY_GAP = 0.25   # §6.5: a path may not end closer than ¼" to a friend it does not shear
MAX_SHIPS = 8         # a side builds at most this many
STANDING_CHANCE = 0.25


def orders_for(state: GameState, side: str, rng: random.Random) -> str:
    """A whole submission for `side` in the open phase ("" when it has nothing to send)."""
    kind = state.phase.kind
    if kind == BUILD:
        lines = build_lines(state, side, rng)
    elif kind == SETUP:
        lines = setup_lines(state, side, rng) if side == state.phase.side else []
        lines += standing_lines(state, side, rng)
    elif kind == MOVE:
        lines = move_lines(state, side, rng) if side == state.phasing else []
        lines += standing_lines(state, side, rng)
    elif kind == COMBAT:
        lines = boarding_lines(state, side, rng) if side == state.phasing \
            else fire_lines(state, side, rng)
        lines += standing_lines(state, side, rng)
    else:  # the wind roll and the end of the game ask nobody for orders
        return ""
    return "".join(f"{line}\n" for line in lines)


def _line(ship_id: str, order: Build | Place | Move | Targets | Picking | Duty | Standing) -> str:
    return f"{ship_id}: {order.notation()}"


# --- build (§4)


def id_prefix(state: GameState, side: str) -> str:
    """Ids unique in the game though both sides build at once (§19): the side's initial, or A
    and B when both sides share one."""
    first, second = state.side_ids
    initials = [name[:1].upper() for name in (first, second)]
    if initials[0] != initials[1] and initials[0].isalnum() and initials[1].isalnum():
        return initials[0 if side == first else 1]
    return "A" if side == first else "B"


def _crew_class(rng: random.Random) -> str:
    return rng.choice((ELITE, REGULAR, REGULAR, REGULAR, GREEN))


def random_design(state: GameState, rng: random.Random, room: int) -> Design | None:
    """A design that can be built (§3, §4) and costs at most `room`, or None."""
    options = state.options
    table = class_table(options.special_ship)
    names = [name for name, row in table.items() if row.points <= room + 1
             and (name != SIXTEEN or rng.random() < 0.1)]
    if not names:
        return None
    row = table[rng.choice(sorted(names))]
    spare = max(0, (row.crew_maximum - row.oarbanks) // 3)
    crewmen = min(row.crew_maximum, row.oarbanks + rng.randint(0, spare))
    left = row.crew_maximum - crewmen
    bowmen = rng.randint(0, min(left, 3))
    marines = rng.randint(0, left - bowmen)
    big = row.oarbanks >= 3
    design = Design(
        row.name, crewmen, _crew_class(rng), None, bowmen, _crew_class(rng), marines, _crew_class(rng),
        tower=big and rng.random() < 0.3,
        ballistas=rng.randint(0, row.oarbanks // 2) if rng.random() < 0.4 else 0,
        gear=rng.choice((CORVUS, HARPAX)) if big and rng.random() < 0.3 else "")
    if design_problem(design, options) or build_cost(design, row) > room:
        return None
    return design


def cheapest_design() -> Design:
    """A monoreme with one green crewman: cost 1 whatever the budget (§4: never below 1)."""
    return Design("monoreme", 1, GREEN)


def build_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """Build lines (§4, §19) within the budget, the first ship the flagship."""
    options = state.options
    prefix = id_prefix(state, side)
    lines: list[str] = []
    total, misses = 0, 0
    while len(lines) < MAX_SHIPS and misses < 20 and total < options.budget:
        design = random_design(state, rng, options.budget - total)
        if design is None and not lines and misses >= 10:
            design = cheapest_design()
        if design is None or design_problem(design, options):
            misses += 1
            continue
        if not lines:
            design = replace(design, admiral=True)
        row = class_table(options.special_ship)[design.ship_class]
        total += build_cost(design, row)
        lines.append(_line(f"{prefix}{len(lines) + 1}", Build(f"{prefix}{len(lines) + 1}", design)))
    return lines


# --- set-up (§20)


def setup_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """A placement for each of the side's unplaced ships inside its zone, tried in the order
    written against the ships already placed (§20); a ship with no place found is left to the
    judge."""
    home = state.side(side).home
    table = state.table
    placed = list(state.ships)
    lines: list[str] = []
    for index, ship in enumerate(placed):
        if ship.side != side or ship.placed:
            continue
        for _ in range(40):
            spot = _setup_spot(ship, home, table.width, table.height, rng)
            candidate = replace(ship, x=spot.x, y=spot.y, heading=spot.heading, placed=True)
            if not placement_problem(placed, candidate, home, table):
                placed[index] = candidate
                lines.append(_line(ship.id, spot))
                break
    return lines


def _setup_spot(ship: Ship, home: str, width: float, height: float, rng: random.Random) -> Place:
    """A centre (one decimal, §19) and heading inside the zone of `home`, give or take."""
    heading = (AWAY_HEADING[home] + rng.choice((0, 0, 0, 10, -10))) % 360
    inward = round(rng.uniform(ship.length / 2 + 0.2, max(ship.length / 2 + 0.2,
                                                          SETUP_DEPTH - ship.length / 2 - 0.3)), 1)
    along_edge = width if home in (SOUTH, NORTH) else height
    along = round(rng.uniform(ship.length, max(ship.length, along_edge - ship.length)), 1)
    if home == SOUTH:
        return Place(ship.id, along, inward, heading)
    if home == NORTH:
        return Place(ship.id, along, round(height - inward, 1), heading)
    if home == WEST:
        return Place(ship.id, inward, along, heading)
    return Place(ship.id, round(width - inward, 1), along, heading)


# --- round 1 (§6, §11.4, §3.2)


def _nearest_enemy(state: GameState, ship: Ship) -> Ship | None:
    enemies = [other for other in state.ships if other.side != ship.side and other.in_play]
    return min(enemies, key=lambda other: (distance(state, ship, other), state.order_of(other.id)),
               default=None)


def _tenths(eighths: int) -> int:
    """The most whole tenths within a number of eighths (G6)."""
    return eighths * 10 // 8


def _pivots(state: GameState, ship: Ship, target: Ship) -> tuple[tuple[Step, ...], float]:
    """Pivots toward the target's centre, at most the class's turns of at most `turn_angle`
    each (§6.3), and the turn still left after them."""
    turn = relative_bearing(float(ship.heading), bearing(ship.pose.centre, target.pose.centre),
                            DeadAstern.PORT)
    left = int(round(turn))
    steps: list[Step] = []
    for _ in range(state.row(ship).turns):
        if abs(left) < 3:
            break
        angle = min(abs(left), state.options.turn_angle)
        steps.append(Step("S" if left > 0 else "P", angle))
        left -= angle if left > 0 else -angle
    return tuple(steps), float(left)


def move_candidates(state: GameState, ship: Ship, rng: random.Random) -> list[Move]:
    """The moves the player would like, best first: a ram when RAM is on and the enemy is in
    reach and ahead, else closing at cruise or strategic speed; each at a few distances."""
    why = immobility(state, ship)
    if why == EMBEDDED:
        most = _tenths(ship_maximum(state, ship, BACK))
        return [Move(ship.id, BACK, (Step("B", tenths),)) for tenths in (most, most // 2) if tenths > 0]
    target = _nearest_enemy(state, ship)
    if target is None:
        return []
    pivots, left = _pivots(state, ship, target)
    gap = distance(state, ship, target)
    wanted = int(gap * 10) + rng.randint(5, 30)  # a little past the contact: the contact stops it
    ahead = abs(left) < 20
    if ahead and gap * 8 <= ship_maximum(state, ship, RAM):
        modes = [RAM, CRUISE, STRATEGIC]  # a ram is on whenever the ladder and fatigue allow it
    else:
        modes = [STRATEGIC, CRUISE] if rng.random() < 0.1 else [CRUISE, STRATEGIC]
    moves: list[Move] = []
    for mode in modes:
        most = _tenths(ship_maximum(state, ship, mode))
        for tenths in dict.fromkeys((min(most, wanted), most, most * 2 // 3, most // 3)):
            if tenths > 0:
                moves.append(Move(ship.id, mode, (*pivots, Step("F", tenths))))
    if pivots:
        moves.append(Move(ship.id, STRATEGIC, pivots))
    return moves


def spacing_problem(state: GameState, ship_id: str, sheared: frozenset[str]) -> bool:
    """§6.5: the ship ends closer than ¼" to a friend it does not shear. Friends whose centres
    lie farther off than ¼" and both half-diagonals are passed over unmeasured."""
    ship = state.require(ship_id)
    reach = FRIENDLY_GAP + math.hypot(ship.length, ship.beam) / 2
    for other in state.ships:
        if other.side != ship.side or other.id == ship.id or not other.on_table or other.id in sheared:
            continue
        if math.hypot(other.x - ship.x, other.y - ship.y) > reach + math.hypot(other.length, other.beam) / 2:
            continue
        if distance(state, ship, other) < FRIENDLY_GAP - state.epsilon:
            return True
    return False


def move_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """The phasing side's round 1 (§5.4): BREAK, movement and DUTY lines. Moves are tried in the
    order written on the path the judge computes (§6.6: routers first, every BREAK succeeding,
    every shear-grapple failing); one that would end within ¼" of an unsheared friend (§6.5) is
    passed over for the next choice, and a ship with no good move stays."""
    mine = [ship for ship in state.ships
            if ship.side == side and ship.in_play and not ship.routed]
    lines: list[str] = []
    breaking: list[tuple[str, str]] = []
    freed: set[str] = set()
    for ship in mine:
        linked = state.grappled_with(ship.id)
        free_to_try = all(not may_break(state, ship, state.require(other)) for other in linked)
        if linked and free_to_try and rng.random() < 0.3:  # §11.4: only the last to inflict
            lines.append(_line(ship.id, Targets(ship.id, "BREAK", linked)))
            breaking += [(ship.id, other) for other in linked]
            freed.add(ship.id)
    planned = plan_moves(state, (), breaking).state
    for ship in mine:
        chosen = _choose_move(state, planned, ship, ship.id in freed, rng)
        if chosen is not None:
            move, planned = chosen
            lines.append(_line(ship.id, move))
        duty = _duty(state, ship, rng)
        if duty is not None:
            lines.append(_line(ship.id, duty))
    return lines


def _choose_move(state: GameState, planned: GameState, ship: Ship, freed: bool,
                 rng: random.Random) -> tuple[Move, GameState] | None:
    why = immobility(state, ship)
    if (why and why not in (EMBEDDED, GRAPPLED)) or (why == GRAPPLED and not freed):
        return _stay(planned, ship)
    for move in move_candidates(planned, planned.require(ship.id), rng):
        if move_problem(state, ship, move, break_exempt=freed):
            continue
        after, _, sheared = plan_one(planned, move)  # the checker's own path (§6.6)
        if not spacing_problem(after, ship.id, sheared):
            return move, after
    return _stay(planned, ship)


def _stay(planned: GameState, ship: Ship) -> tuple[Move, GameState] | None:
    """STAY, unless the ship already lies within ¼" of a friend (then no line: it stays anyway)."""
    if spacing_problem(planned, ship.id, frozenset()):
        return None
    return Move(ship.id, STAY), planned


def _duty(state: GameState, ship: Ship, rng: random.Random) -> Duty | None:
    """Crewmen to the deck when grappled, back to the oars when free (§3.2), now and then."""
    crew, oarbanks = ship.crew, state.row(ship).oarbanks
    if state.grappled_with(ship.id) and crew.oar > 0 and rng.random() < 0.5:
        return Duty(ship.id, rng.randint(1, min(crew.oar, 2)), DECK)
    room = oarbanks - crew.oar
    if not state.grappled_with(ship.id) and crew.deck > 0 and room > 0 and rng.random() < 0.3:
        return Duty(ship.id, rng.randint(1, min(crew.deck, room)), OAR)
    return None


# --- round 2 (§11–§15)


def _enemies_by_distance(state: GameState, ship: Ship) -> list[tuple[float, Ship]]:
    found = [(distance(state, ship, other), other) for other in state.ships
             if other.side != ship.side and other.in_play]
    return sorted(found, key=lambda pair: (pair[0], state.order_of(pair[1].id)))


def fire_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """The firing side's BOW lines (one target per shot, nearest first, §14) and BALLISTA lines
    (loaded and manned ballistas, targets within 20", §15)."""
    lines: list[str] = []
    epsilon = state.epsilon
    for ship in state.ships:
        if ship.side != side or not ship.in_play or ship.routed:
            continue
        near = _enemies_by_distance(state, ship)
        in_bow = [other.id for gap, other in near if gap <= BOW_LONG + epsilon]
        if ship.crew.bowmen and in_bow:
            shots = min(ship.crew.bowmen, 2 * SHOTS_A_SIDE + ship.tower)
            targets = tuple((in_bow * shots)[:shots])
            picks = rng.choice(((), (MAR, DECK), (OAR,), (BOW, MAR)))
            lines.append(_line(ship.id, Picking(ship.id, "BOW", targets, picks)))
        in_ballista = [other.id for gap, other in near if gap <= BALLISTA_RANGE + epsilon]
        if ship.loaded_ballistas(state.phase.turn) and ship.crew.deck and in_ballista:
            lines.append(_line(ship.id, Targets(ship.id, "BALLISTA", tuple(in_ballista[:3]))))
    return lines


def boarding_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """The phasing side's GRAPPLE lines at enemies within reach not yet grappled to it (§11.1)
    and MELEE lines at the enemies it is or may be grappled to (§12.1)."""
    lines: list[str] = []
    epsilon = state.epsilon
    for ship in state.ships:
        if ship.side != side or not ship.in_play or ship.routed or ship.crew.total < 1:
            continue
        linked = [name for name in state.grappled_with(ship.id)
                  if state.require(name).side != side]
        alongside = [other.id for gap, other in _enemies_by_distance(state, ship)
                     if gap <= grapple_reach(ship) + epsilon and other.id not in linked]
        if alongside:
            lines.append(_line(ship.id, Targets(ship.id, "GRAPPLE", tuple(alongside))))
        if (linked or alongside) and ship.crew.fighting:
            picks = rng.choice(((), (MAR,), (DECK, MAR)))
            lines.append(_line(ship.id, Picking(ship.id, "MELEE", tuple(linked + alongside), picks)))
    return lines


# --- any round (§5.3)


def standing_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """Now and then one standing order for one of the side's ships afloat (§5.3)."""
    mine = [ship for ship in state.ships if ship.side == side and ship.in_play and not ship.routed]
    if not mine or rng.random() >= STANDING_CHANCE:
        return []
    ship = rng.choice(mine)
    name = rng.choice(("stance", "onbreak", "onshear", "losses"))
    value: Sequence[str]
    if name in ("stance", "onbreak"):
        value = (rng.choice((RESIST, ACCEPT)),)
    elif name == "onshear":
        value = (rng.choice(("grapple", "none")),)
    else:
        value = rng.sample(LOSS_CATEGORIES, rng.randint(1, len(LOSS_CATEGORIES)))
    return [_line(ship.id, Standing(ship.id, name, tuple(value)))]

