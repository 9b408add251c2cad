"""Orders when they arrive (rulings §18, §6.5, §6.6, §11.4, §5.4): every line of a submission
gets a result. A refused line says what was wrong and what is accepted; an accepted line is
echoed to the sender only, a movement line with its computed path (each step's end, the shears
with their abreast points, a ram contact, a block) and the places the plan map draws.

What a line may be depends on the round (§5.4, §18): round 1 takes movement, BREAK and DUTY
from the phasing side; round 2 takes BOW and BALLISTA from the non-phasing side and GRAPPLE and
MELEE from the phasing side; standing orders come from either side in any round, the build and
set-up rounds included. One line of each kind per ship (all five modes are one kind); the later
is refused. Lines already refused are not considered when later lines are checked (§18).

Paths are computed as §6.6 says: every BREAK of the submission succeeds, every shear-grapple
fails, the side's routers sail first, and each movement line starts from where the lines before
it left the table; a line whose path ends closer than ¼" to a friend it does not shear is
refused (§6.5) and leaves its ship where it stood for the lines after it. Each submission is
checked on its own: on a side of several players, one player's paths do not see another's.
The words of the echo are echo.py's.

Longer than the house's 450 lines, yet one job: a submission checked line by line on arrival,
for every round of the game. The build and set-up checks share with the round checks the one
sheet that numbers and answers the lines, the line reader, the ship and round tests and the
standing-order lines, and the submission's dispatch (check_orders) ties them together; split
apart, each part would import those back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from pbem.rules.errors import IllegalOrderError, NotCommandedError, OrderError
from pbem.rules.interface import ACCEPTED, REFUSED, LineResult, OrderSheet, PhaseSpec
from pbem.rules.ramcruise.classes import DECK
from pbem.rules.ramcruise.echo import line_echo, move_echo, plan_places, point_text
from pbem.rules.ramcruise.fleet import BuildLine, build_fleet
from pbem.rules.ramcruise.modes import (
    EMBEDDED,
    FATIGUE_COST,
    GRAPPLED,
    immobility,
    ladder_allows,
    move_problem,
    reserve_of,
    ship_maximum,
)
from pbem.rules.ramcruise.notation import (
    BUILD_LINES,
    ROUND_LINES,
    SETUP_LINES,
    numbered_lines,
    read_line,
)
from pbem.rules.ramcruise.orders import (
    MODE_NOTATION,
    Build,
    Duty,
    Move,
    Order,
    Picking,
    Place,
    Reading,
    Standing,
    Targets,
)
from pbem.rules.ramcruise.paths import plan_one, sail_routers
from pbem.rules.ramcruise.scenario import placement_problem
from pbem.rules.ramcruise.state import (
    AFLOAT,
    BACK,
    BUILD,
    COMBAT,
    CRUISE,
    FLED,
    MOVE,
    RAM,
    SETUP,
    SINKING,
    STAY,
    STRATEGIC,
    SUNK,
    SURRENDERED,
    GameState,
    Ship,
)
from pbem.rules.suggest import with_hint
from pbem.rules.table import closer_than, footprint_distance

FRIENDLY_GAP = 0.25  # §6.5: no closer than ¼" to a friend the move does not shear
MOVEMENT = "movement"
ROUND_ONE = (MOVEMENT, "BREAK", "DUTY")
PHASING_FIRE_ROUND = ("GRAPPLE", "MELEE")
FIRE = ("BOW", "BALLISTA")


def kind_of(order: Order) -> str:
    """The kind a line counts as for §18's one-line-of-each-kind rule."""
    if isinstance(order, Move):
        return MOVEMENT
    if isinstance(order, Targets | Picking):
        return order.verb
    if isinstance(order, Duty):
        return "DUTY"
    if isinstance(order, Standing):
        return order.name.upper()
    if isinstance(order, Build):
        return "build"
    return "placement"


def _your_ships(state: GameState, side: str) -> str:
    ids = [ship.id for ship in state.ships if ship.side == side and ship.status in (AFLOAT, SINKING)
           and (ship.placed or state.phase.kind == SETUP)]
    return (f"lines for your ships: {', '.join(ids)}." if ids
            else "no order lines: your side has no ship that takes orders now.")


def own_ship(state: GameState, name: str, side: str, commands: frozenset[str] | None) -> Ship:
    """The sender's ship, able to take orders (§18); otherwise the refusal."""
    ship = state.ship(name)
    if ship is None:
        ids = [s.id for s in state.ships if s.side == side and s.status in (AFLOAT, SINKING)
               and (commands is None or s.id.upper() in {c.upper() for c in commands})]
        raise IllegalOrderError(with_hint(f"there is no ship {name} in this game", name, ids),
                                accepted=_your_ships(state, side))
    if ship.side != side:
        raise IllegalOrderError(f"{ship.id} is not yours: it is a ship of {ship.side}",
                                accepted=_your_ships(state, side))
    if commands is not None and ship.id.upper() not in {name.upper() for name in commands}:
        raise NotCommandedError(f"{ship.id} is commanded by another player of your side",
                                accepted="lines for the ships given to you.")
    if ship.status in (SUNK, FLED, SURRENDERED):
        raise IllegalOrderError(f"{ship.id} is {ship.status} and takes no orders",
                                accepted=_your_ships(state, side))
    if not ship.placed and state.phase.kind not in (BUILD, SETUP):
        raise IllegalOrderError(f"{ship.id} is not on the table: the judge found no place for it "
                                "on its home edge (§20)", accepted=_your_ships(state, side))
    return ship


def _round_accepts(state: GameState, side: str) -> tuple[str, ...]:
    phasing = state.phasing
    if state.phase.kind == MOVE:
        return ROUND_ONE if side == phasing else ()
    return PHASING_FIRE_ROUND if side == phasing else FIRE


def _round_problem(state: GameState, side: str, kind: str) -> str:
    """Why the open round takes no line of this kind from this side ("" if it does, §5.4, §18)."""
    if kind in ("STANCE", "ONBREAK", "ONSHEAR", "LOSSES"):
        return ""  # standing orders in any round, from either side (§5.4)
    if kind in _round_accepts(state, side):
        return ""
    phasing, number = state.phasing, state.phase.round
    what = "movement" if kind == MOVEMENT else kind
    if kind in ROUND_ONE:
        when = "a round-1 line of the phasing side"
    elif kind in FIRE:
        when = "a round-2 line of the non-phasing side"
    else:
        when = "a round-2 line of the phasing side"
    role = "the phasing side" if side == phasing else "the non-phasing side"
    return f"{what} is {when}; this is round {number}, and {side} is {role}"


def _round_hint(state: GameState, side: str) -> str:
    kinds = _round_accepts(state, side)
    words = ", ".join(kinds)
    if not kinds:
        return "standing orders (STANCE, ONBREAK, ONSHEAR, LOSSES) only, in this round."
    return f"{words} and standing orders (STANCE, ONBREAK, ONSHEAR, LOSSES), in this round."


def _duplicate(ship: Ship, kind: str, seen: dict[tuple[str, str], int]) -> None:
    earlier = seen.get((ship.id.upper(), kind))
    if earlier is not None:
        what = "movement" if kind == MOVEMENT else kind
        raise IllegalOrderError(f"a second {what} line for {ship.id}; the one on line {earlier} "
                                "stands", accepted="one line of each kind per ship (RAM, CRUISE, "
                                "STRAT, BACK and STAY are one kind).")


def _targets_known(state: GameState, order: Targets | Picking) -> None:
    for name in order.targets:
        if state.ship(name) is None:
            raise IllegalOrderError(f"target {name} is not a ship in this game",
                                    accepted="targets that are ship ids: "
                                             + ", ".join(s.id for s in state.ships) + ".")


def _verb_problem(state: GameState, ship: Ship, order: Order) -> None:
    """§18's refusals of a line by what its ship has (the round and the ship already checked)."""
    if isinstance(order, Targets | Picking):
        _targets_known(state, order)
        verb = order.verb
        if verb == "BOW" and ship.crew.bowmen == 0:
            raise IllegalOrderError(f"{ship.id} has no bowmen to shoot",
                                    accepted="BOW lines for ships with bowmen.")
        if verb == "BALLISTA" and not ship.ballistas:
            raise IllegalOrderError(f"{ship.id} has no ballista",
                                    accepted="BALLISTA lines for ships that carry one.")
        if verb == "MELEE" and ship.crew.fighting == 0:
            raise IllegalOrderError(f"{ship.id} has no marines and no crewmen on deck to melee with",
                                    accepted="MELEE lines for ships with marines or crewmen on deck.")
        if verb == "GRAPPLE" and ship.crew.total == 0:
            raise IllegalOrderError(f"{ship.id} has no crew to throw a grapple",
                                    accepted="GRAPPLE lines for ships with crew.")
        if verb == "BREAK":
            for name in order.targets:
                if state.grapple(ship.id, name) is None:
                    linked = state.grappled_with(ship.id)
                    now = f"it is grappled to {', '.join(linked)}" if linked else "it is grappled to none"
                    raise IllegalOrderError(f"{ship.id} is not grappled to {name.upper()} ({now})",
                                            accepted="BREAK naming ships it is grappled to.")
    if isinstance(order, Duty):
        crew, oarbanks = ship.crew, state.row(ship).oarbanks
        hint = (f"DUTY moving at most {crew.oar} crewmen to the DECK, or at most "
                f"{min(crew.deck, oarbanks - crew.oar)} to the OARS ({ship.id} has {oarbanks} "
                f"oarbanks, {crew.oar} crewmen at the oars and {crew.deck} on deck).")
        if order.to == DECK and order.crewmen > crew.oar:
            raise IllegalOrderError(f"{ship.id} has {crew.oar} crewmen at the oars; DUTY "
                                    f"{order.crewmen} DECK moves more crewmen than there are",
                                    accepted=hint)
        if order.to != DECK and order.crewmen > crew.deck:
            raise IllegalOrderError(f"{ship.id} has {crew.deck} crewmen on deck; DUTY "
                                    f"{order.crewmen} OARS moves more crewmen than there are",
                                    accepted=hint)
        if order.to != DECK and crew.oar + order.crewmen > oarbanks:
            raise IllegalOrderError(f"DUTY {order.crewmen} OARS would put {crew.oar + order.crewmen} "
                                    f"crewmen at the oars of {ship.id}, which has {oarbanks} oarbanks",
                                    accepted=hint)


def _extras(reading: Reading) -> str:
    return f" [extras: {'; '.join(reading.extras)}]" if reading.extras else ""


@dataclass
class _Sheet:
    """A submission being checked: a result (or a line still to check) per line, in order."""

    results: dict[int, LineResult] = field(default_factory=dict)
    seen: dict[tuple[str, str], int] = field(default_factory=dict)

    def refuse(self, number: int, raw: str, piece: str, error: OrderError) -> None:
        error.at(number, raw, piece)
        self.results[number] = LineResult(number, raw, piece, REFUSED, error=error)

    def accept(self, number: int, raw: str, ship: Ship, reading: Reading, echo: str,
               plan: tuple[str, ...] = ()) -> None:
        self.seen[(ship.id.upper(), kind_of(reading.order))] = number
        self.results[number] = LineResult(
            number, raw, ship.id, ACCEPTED, echo=f"{reading.order.notation()} => {echo}{_extras(reading)}",
            order=reading.order, plan=plan)

    def lines(self) -> tuple[LineResult, ...]:
        return tuple(self.results[number] for number in sorted(self.results))


def _read_all(text: str, context: str, sheet: _Sheet) -> list[tuple[int, str, Reading]]:
    readings: list[tuple[int, str, Reading]] = []
    for number, raw in numbered_lines(text):
        try:
            readings.append((number, raw, read_line(number, raw, context)))
        except OrderError as error:
            sheet.refuse(number, raw, error.galley, error)
    return readings


def _standing_line(state: GameState, sheet: _Sheet, number: int, raw: str, ship: Ship,
                   reading: Reading) -> None:
    try:
        _duplicate(ship, kind_of(reading.order), sheet.seen)
    except OrderError as error:
        sheet.refuse(number, raw, ship.id, error)
        return
    sheet.accept(number, raw, ship, reading, line_echo(state, ship, reading.order))


# --- the rounds of a turn -----------------------------------------------------------------


def check_round(state: GameState, side: str, text: str,
                commands: frozenset[str] | None = None) -> OrderSheet:
    """A side's lines for the open round of a turn (round 1: MOVE, round 2: COMBAT)."""
    if state.phase.kind not in (MOVE, COMBAT):
        raise ValueError(f"the open phase is {state.phase.key}, not a round of a turn")
    sheet = _Sheet()
    hint = _round_hint(state, side)
    moves: list[tuple[int, str, Ship, Reading]] = []
    for number, raw, reading in _read_all(text, ROUND_LINES, sheet):
        order = reading.order
        try:
            ship = own_ship(state, reading.ship, side, commands)
            why = _round_problem(state, side, kind_of(order))
            if why:
                raise IllegalOrderError(why, accepted=hint)
            if isinstance(order, Move):
                moves.append((number, raw, ship, reading))
                continue
            if isinstance(order, Standing):
                _standing_line(state, sheet, number, raw, ship, reading)
                continue
            _duplicate(ship, kind_of(order), sheet.seen)
            _verb_problem(state, ship, order)
        except OrderError as error:
            sheet.refuse(number, raw, reading.ship, error)
            continue
        sheet.accept(number, raw, ship, reading, line_echo(state, ship, order))
    if moves:
        _check_moves(state, sheet, moves)
    return OrderSheet(PhaseSpec(state.phase.kind, state.phasing), side, sheet.lines())


def _accepted_breaks(state: GameState, sheet: _Sheet) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for line in sheet.results.values():
        order = line.order
        if line.status == ACCEPTED and isinstance(order, Targets) and order.verb == "BREAK":
            ship = state.require(order.ship)
            found.setdefault(ship.id, set()).update(name.upper() for name in order.targets)
    return found


def _check_moves(state: GameState, sheet: _Sheet, moves: Sequence[tuple[int, str, Ship, Reading]]) -> None:
    """Movement lines in the order written, each path from where the earlier ones left the
    table (§6.6), refused for §6.1–§6.3, §7, §11.4 and friendly spacing (§6.5)."""
    breaks = _accepted_breaks(state, sheet)
    planned = state
    for ship_id, names in breaks.items():
        for name in names:
            planned = planned.without_grapple(ship_id, name)
    planned, _ = sail_routers(planned)
    for number, raw, ship, reading in moves:
        move = reading.order
        assert isinstance(move, Move)
        try:
            if ship.routed:
                raise IllegalOrderError(f"{ship.id} is routed: it moves only by the rout rules "
                                        "(§16.6) and takes no movement line",
                                        accepted="standing orders for a routed ship.")
            _duplicate(ship, MOVEMENT, sheet.seen)
            linked = state.grappled_with(ship.id)
            named = breaks.get(ship.id, set())
            exempt = bool(linked) and all(enemy.upper() in named for enemy in linked)
            why = move_problem(state, ship, move, break_exempt=exempt)
            if why:
                raise IllegalOrderError(why, accepted=_move_hint(state, ship, exempt))
            after, events, shorn = plan_one(planned, move)
            if move.mode != STAY:
                _spacing(after, ship.id, shorn)
        except OrderError as error:
            sheet.refuse(number, raw, ship.id, error)
            continue
        planned = after
        conditional = linked if exempt and move.mode != STAY else ()
        sheet.accept(number, raw, ship, reading, move_echo(state, ship, move, events, conditional),
                     plan_places(state.require(ship.id), events) if move.mode != STAY else ())


def _move_hint(state: GameState, ship: Ship, exempt: bool) -> str:
    """What the ship may be ordered now (§6.1–§6.3, §7): each mode the ladder and the fatigue
    allow with its distances, the turns and the pivot size; or STAY alone."""
    why = immobility(state, ship)
    if why == GRAPPLED and not exempt:
        return (f"'{ship.id}: STAY', or a move with a BREAK line naming "
                f"{', '.join(state.grappled_with(ship.id))}.")
    if why and why not in (GRAPPLED, EMBEDDED):
        return f"'{ship.id}: STAY' only."
    modes = (BACK,) if why == EMBEDDED else (STRATEGIC, CRUISE, RAM, BACK)
    reserve = reserve_of(state, ship)
    allowed = []
    for mode in modes:
        cost = FATIGUE_COST.get(mode, 0)
        if not ladder_allows(ship.mode, mode) or (
                state.options.fatigue_limit and reserve is not None and reserve < cost):
            continue
        top = ship_maximum(state, ship, mode)
        if mode == RAM:
            low = ship_maximum(state, ship, CRUISE) + 8
            if low > top:
                continue
            allowed.append(f"RAM {low / 8:g}\" to {top / 8:g}\"")
        elif top > 0:
            allowed.append(f"{MODE_NOTATION[mode]} up to {top / 8:g}\"")
    row = state.row(ship)
    turns = f"; at most {row.turns} pivots of 1 to {state.options.turn_angle} degrees"
    return f"for {ship.id} now: {', '.join([*allowed, 'STAY'])}{turns if allowed else ''}."


def _spacing(after: GameState, ship_id: str, shorn: frozenset[str]) -> None:
    """§6.5: the path may not end closer than ¼" to a friend this move does not shear."""
    mover = after.require(ship_id)
    polygon = mover.polygon()
    reach = mover.half_diagonal + FRIENDLY_GAP + after.epsilon
    for other in after.ships:
        if other.side != mover.side or other.id == mover.id or not other.on_table \
                or other.id in shorn:
            continue
        if math.hypot(other.x - mover.x, other.y - mover.y) > reach + other.half_diagonal:
            continue  # every corner lies within its half-diagonal of the centre: too far to matter
        gap = footprint_distance(polygon, other.polygon(), after.epsilon)
        if closer_than(gap, FRIENDLY_GAP, after.epsilon):
            raise IllegalOrderError(
                f"the path ends {gap:.2f}\" from {other.id}, a friendly ship it does not shear: "
                f"friends may not end closer than 1/4\" (§6.5); it would end at "
                f"{point_text(mover.x, mover.y)}, heading {mover.heading}",
                accepted="a move ending 1/4\" or more from every friend (or shearing it); "
                         "passing closer on the way is allowed.")


# --- the build round (§4) and the set-up rounds (§20) ----------------------------------------


def check_build(state: GameState, side: str, text: str, commands: frozenset[str] | None = None,
                taken: Iterable[str] = (), spent: int = 0) -> OrderSheet:
    """Build lines in the order written with a running total against the budget (§4); `taken`
    are ids already used (side B's lines meet side A's accepted ships at resolution) and `spent`
    the points the side's earlier submissions used (a side of several players). Standing orders
    for ships the submission builds are accepted and apply once they are built."""
    del commands  # a new ship is commanded by the player who builds it (commanders_after)
    sheet = _Sheet()
    readings = _read_all(text, BUILD_LINES, sheet)
    lines = [BuildLine(number, reading.ship, reading.order.design) for number, _, reading in readings
             if isinstance(reading.order, Build)]
    used = {ship.id for ship in state.ships} | set(taken)
    budget = state.options.budget - spent
    fleet = build_fleet(side, lines, state.options, taken=used, budget=budget)
    refused = {item.line_no: item.reason for item in fleet.refused}
    built = {item.line_no: item for item in fleet.built}
    ships = {ship.id.upper(): ship for ship in fleet.ships}
    hint = f"build lines within {state.options.budget} points, e.g. 'X1: trireme CREWMEN 4 regular " \
           "OARS 3 BOWMEN 1 regular MARINES 2 regular ADMIRAL'."
    for number, raw, reading in readings:
        order = reading.order
        if isinstance(order, Build):
            if number in refused:
                sheet.refuse(number, raw, reading.ship, IllegalOrderError(refused[number], accepted=hint))
                continue
            ship = ships[reading.ship.upper()]
            item = built[number]
            flag = "; the flagship" if ship.flagship else ""
            sheet.accept(number, raw, ship, reading,
                         f"costs {item.cost}; the fleet {item.total + spent} of "
                         f"{state.options.budget} points{flag}")
            continue
        named = ships.get(reading.ship.upper())
        if named is None:
            sheet.refuse(number, raw, reading.ship, IllegalOrderError(
                f"{reading.ship} is not built by these orders, so it takes no standing orders",
                accepted="standing orders for ships these build lines build."))
            continue
        _standing_line(state, sheet, number, raw, named, reading)
    return OrderSheet(PhaseSpec(BUILD, ""), side, sheet.lines())


def check_setup(state: GameState, side: str, text: str,
                commands: frozenset[str] | None = None) -> OrderSheet:
    """The placing side's placements in the order written (§20: every corner within 8" of the
    home edge, overlapping nothing, ¼" from its own placed ships); standing orders from either
    side."""
    placing = state.phase.side
    home = state.side(placing).home
    sheet = _Sheet()
    ships = list(state.ships)
    index = {ship.id.upper(): n for n, ship in enumerate(ships)}
    hint = (f"'<ID>: <x> <y> <heading>' placing {placing}'s ships within 8\" of the {home} edge"
            if side == placing else
            f"standing orders only: {placing} sets up in this round")
    for number, raw, reading in _read_all(text, SETUP_LINES, sheet):
        order = reading.order
        try:
            ship = own_ship(state, reading.ship, side, commands)
            if isinstance(order, Standing):
                _standing_line(state, sheet, number, raw, ship, reading)
                continue
            assert isinstance(order, Place)
            if side != placing:
                raise IllegalOrderError(f"this is {placing}'s set-up round; {side} sets up in its "
                                        "own round, not this one", accepted=hint + ".")
            _duplicate(ship, "placement", sheet.seen)
            there = replace(ship, x=order.x, y=order.y, heading=order.heading, placed=True)
            why = placement_problem(ships, there, home, state.table)
            if why:
                raise IllegalOrderError(why, accepted=hint + ".")
        except OrderError as error:
            sheet.refuse(number, raw, reading.ship, error)
            continue
        ships[index[ship.id.upper()]] = there
        sheet.accept(number, raw, ship, reading,
                     f"centre {point_text(order.x, order.y)}, heading {order.heading}",
                     (f"({order.x:g}, {order.y:g}, {order.heading})",))
    return OrderSheet(PhaseSpec(SETUP, placing, home), side, sheet.lines())


# --- the whole submission ---------------------------------------------------------------------


def check_orders(state: GameState, side: str, text: str, commands: frozenset[str] | None = None,
                 taken: Iterable[str] = ()) -> OrderSheet:
    """A side's orders for the open phase, every line answered; ValueError when the phase takes
    no orders (the wind roll, the game over) or the side is not in the game."""
    if side not in state.side_ids:
        raise ValueError(f"there is no side {side!r} in this game; the sides are "
                         f"{' and '.join(state.side_ids)}")
    checkers: dict[str, Callable[[], OrderSheet]] = {
        BUILD: lambda: check_build(state, side, text, commands, taken),
        SETUP: lambda: check_setup(state, side, text, commands),
        MOVE: lambda: check_round(state, side, text, commands),
        COMBAT: lambda: check_round(state, side, text, commands),
    }
    checker = checkers.get(state.phase.kind)
    if checker is None:
        raise ValueError(f"the open phase is {state.phase.key}: nobody gives orders now")
    return checker()


def accepted_orders(sheets: Sequence[OrderSheet]) -> list[Order]:
    """The accepted orders of several sheets, in the order given and written."""
    return [line.order for sheet in sheets for line in sheet.accepted if line.order is not None]


__all__ = ["FRIENDLY_GAP", "accepted_orders", "check_build", "check_orders", "check_round",
           "check_setup", "kind_of", "own_ship"]
