"""Orders when they arrive (rulings §20, §21, §4): every line of a submission gets an answer. A
refused line says what was wrong and what is accepted; an accepted line is echoed to its sender
as the judge understood it (standard notation, friendly extras named, what it will do; a
movement line with its band and its path as if no other ship moved, and the plan map's places).

The open phase decides what is read (`state.phase.kind`): a free set-up takes placements from
the placing side; round 1 (orders) takes movement, REACT, GRAPPLE, CORVUS and CUT lines, checked
on the state at the start of the turn; round 2 (combat) takes ARCHERS, BALLISTA, MELEE, LOSSES,
RAISE, BREAK and TRANSFER lines, checked on the state after movement. A standing line (CUT, MELEE,
LOSSES, RAISE, BREAK) is taken in either round, checked on that round's state (§4). Before any verb: the ship
must be the sender's (and the sending player's, `commands`), afloat (a prize takes no orders)
and not fleeing (the judge writes a fleeing ship's orders, §14.3); then a second line of the same
kind for the same ship is refused (lines already refused do not count). A `REACT AVOID` path is
checked for the ship's accepted movement line, or its missing-orders default (§4) when it has
none. The verbs' own refusals are checkmove.py's (round 1) and checkcombat.py's (round 2); the
echo's words and the plan places are echo.py's.

`accepted_orders`, `movement_orders`, `combat_orders`, `standing_orders` and `placements` gather
the accepted lines of several sheets, a later sheet of a side replacing everything the earlier
said about each ship it orders (as game.py's merge does for the engine).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from pbem.rules.errors import IllegalOrderError, NotCommandedError, OrderError
from pbem.rules.interface import ACCEPTED, REFUSED, LineResult, OrderSheet, PhaseSpec
from pbem.rules.speedband.bands import default_speed
from pbem.rules.speedband.checkcombat import (
    corvus_work_refusal,
    fire_refusal,
    melee_refusal,
    transfer_refusal,
)
from pbem.rules.speedband.checkmove import (
    Refusal,
    avoid_refusal,
    corvus_refusal,
    movement_refusal,
    target_refusal,
)
from pbem.rules.speedband.echo import line_echo, movement_echo, plan_places, plotted, react_echo
from pbem.rules.speedband.notation import ACCEPTED as ACCEPTED_LINES
from pbem.rules.speedband.notation import NotationError, read_line
from pbem.rules.speedband.orders import (
    COMBAT_ROUND,
    ORDERS_ROUND,
    SETUP_ROUND,
    Corvus,
    CorvusWork,
    Cut,
    Fire,
    Grapple,
    Losses,
    Melee,
    Movement,
    Order,
    Place,
    React,
    Reading,
    Transfer,
    kind_of,
)
from pbem.rules.speedband.scenario import placement_problem
from pbem.rules.speedband.sheets import CombatOrders, MovementOrders
from pbem.rules.speedband.state import COMBAT, FLEEING, ORDERS, SETUP, GameState, Ship
from pbem.rules.suggest import with_hint

CONTEXT = {SETUP: SETUP_ROUND, ORDERS: ORDERS_ROUND, COMBAT: COMBAT_ROUND}
ECHO_MARK = "=>"  # an echo pasted back is read up to its mark
STANDING = (Cut, Melee, Losses, CorvusWork)
OTHER_ROUND = {ORDERS_ROUND: COMBAT_ROUND, COMBAT_ROUND: ORDERS_ROUND}
STANDING_TOO = {ORDERS_ROUND: "; and the standing lines MELEE <t> | OFF, LOSSES <type> <type> <type>, "
                              "RAISE [OFF], BREAK <t> | OFF",
                COMBAT_ROUND: "; and the standing line CUT ENEMY|ALL|NONE"}


def line_kind(order: Order) -> str:
    """The kind a line counts as for §20's second line: orders.kind_of, with RAISE and BREAK
    apart (a ship may hold one corvus and be held by another)."""
    if isinstance(order, CorvusWork):
        return order.verb
    if isinstance(order, Place):
        return "placement"
    return kind_of(order)


def _your_ships(state: GameState, side: str) -> str:
    ids = [ship.id for ship in state.ships if ship.owner == side and ship.status != FLEEING
           and ship.active]
    return (f"lines for your ships that take orders now: {', '.join(ids)}." if ids
            else "no order lines: your side has no ship that takes orders now.")


def own_ship(state: GameState, name: str, side: str, commands: frozenset[str] | None) -> Ship:
    """The sender's ship, able to take orders (§20, §15); otherwise the refusal (naming the
    side's ships, made only then: every line comes here)."""
    ship = state.ship(name)
    if ship is None:
        ids = [s.id for s in state.ships if s.owner == side and s.status != FLEEING and s.active
               and (commands is None or s.id.upper() in {c.upper() for c in commands})]
        raise IllegalOrderError(with_hint(f"there is no ship {name} in this game", name, ids),
                                accepted=_your_ships(state, side))
    if ship.owner != side:
        raise IllegalOrderError(f"{ship.id} is not yours: it is a ship of {ship.owner}",
                                accepted=_your_ships(state, side))
    if commands is not None and ship.id.upper() not in {item.upper() for item in commands}:
        raise NotCommandedError(f"{ship.id} is commanded by another player of your side",
                                accepted="lines for the ships given to you.")
    if ship.status == FLEEING:
        raise IllegalOrderError(f"{ship.id} is fleeing: the judge writes a fleeing ship's orders "
                                "(§14.3), so it takes none", accepted=_your_ships(state, side))
    if not ship.active:
        what = "a prize, which" if ship.prize else "off the table and"
        raise IllegalOrderError(f"{ship.id} is {ship.status}, not afloat: {what} takes no orders",
                                accepted=_your_ships(state, side))
    return ship


def _extras(reading: Reading) -> str:
    return f" [extras: {'; '.join(reading.extras)}]" if reading.extras else ""


@dataclass
class _Sheet:
    """A submission being checked: an answer per line number, and the kinds already accepted."""

    results: dict[int, LineResult] = field(default_factory=dict)
    seen: dict[tuple[str, str], int] = field(default_factory=dict)

    def refuse(self, number: int, raw: str, piece: str, error: OrderError) -> None:
        error.at(number, raw, piece)
        self.results[number] = LineResult(number, raw, piece, REFUSED, error=error)

    def refusal(self, number: int, raw: str, ship: Ship, found: Refusal) -> None:
        reason, hint = found
        self.refuse(number, raw, ship.id, IllegalOrderError(reason, accepted=hint))

    def duplicate(self, ship: Ship, order: Order) -> None:
        kind = line_kind(order)
        earlier = self.seen.get((ship.id.upper(), kind))
        if earlier is not None:
            word = order.notation().split()[0] if not isinstance(order, Place | Movement) else kind
            raise IllegalOrderError(f"a second {word} line for {ship.id}; the one on line "
                                    f"{earlier} stands", accepted="one line of each kind per ship "
                                    "(SPEED and BACK are one kind, movement).")

    def accept(self, number: int, raw: str, ship: Ship, reading: Reading, echo: str,
               plan: tuple[str, ...] = ()) -> None:
        self.seen[(ship.id.upper(), line_kind(reading.order))] = number
        self.results[number] = LineResult(
            number, raw, ship.id, ACCEPTED,
            echo=f"{reading.order.notation()} => {echo}{_extras(reading)}",
            order=reading.order, plan=plan)

    def lines(self) -> tuple[LineResult, ...]:
        return tuple(self.results[number] for number in sorted(self.results))


Line = tuple[int, str, Ship, Reading]


def _read(body: str, context: str) -> Reading | None:
    """A line read for the open round; a standing line (CUT, MELEE, LOSSES, RAISE, BREAK) of the
    other round is read too, since standing orders may be sent in either round (§4,
    orders/speed-band.md). Any other line keeps the open round's refusal."""
    try:
        return read_line(body, context)
    except NotationError as error:
        other = OTHER_ROUND.get(context)
        if other is None:
            raise
        if error.accepted == ACCEPTED_LINES[context]:
            error.accepted += STANDING_TOO[context]
        try:
            reading = read_line(body, other)
        except NotationError:
            raise error from None
        if reading is None or not isinstance(reading.order, STANDING):
            raise error from None
        return reading


def _read_all(state: GameState, side: str, text: str, context: str,
              commands: frozenset[str] | None, sheet: _Sheet) -> list[Line]:
    """Every line that carries something read, and its ship found; refusals go on the sheet."""
    found: list[Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        body = raw.split(ECHO_MARK, 1)[0] if ECHO_MARK in raw.split("#", 1)[0] else raw
        try:
            reading = _read(body, context)
        except NotationError as error:
            named = state.ship(error.galley) if error.galley else None
            sheet.refuse(number, raw.rstrip(), named.id if named else error.galley, error)
            continue
        if reading is None:
            continue
        try:
            ship = own_ship(state, reading.ship, side, commands)
        except OrderError as error:
            named = state.ship(reading.ship)
            sheet.refuse(number, raw.rstrip(), named.id if named else reading.ship, error)
            continue
        found.append((number, raw.rstrip(), ship, reading))
    return found


# --- round 1 (orders) -------------------------------------------------------------------------


def _round_one_refusal(state: GameState, ship: Ship, order: Order) -> Refusal | None:
    if isinstance(order, Movement):
        return movement_refusal(state, ship, order)
    if isinstance(order, Grapple):
        for name in order.targets:
            found = target_refusal(state, ship, name, "GRAPPLE")
            if found:
                return found
        return None
    if isinstance(order, Corvus):
        found = corvus_refusal(ship, "CORVUS")
        if found:
            return found
        for name in order.targets:
            found = target_refusal(state, ship, name, "CORVUS")
            if found:
                return found
        return None
    return _standing_refusal(state, ship, order)


def _standing_refusal(state: GameState, ship: Ship, order: Order) -> Refusal | None:
    """A standing line, in either round: MELEE and RAISE/BREAK checked on the state the round is
    checked on; CUT and LOSSES always stand."""
    if isinstance(order, Melee):
        return melee_refusal(state, ship, order)
    if isinstance(order, CorvusWork):
        return corvus_work_refusal(state, ship, order)
    return None


def _check_round_one(state: GameState, lines: Sequence[Line], sheet: _Sheet) -> None:
    """Every line but REACT in the order written, then the REACTs against the movements."""
    moves: dict[str, Movement] = {}
    reacts: list[Line] = []
    for number, raw, ship, reading in lines:
        order = reading.order
        if isinstance(order, React):
            reacts.append((number, raw, ship, reading))
            continue
        try:
            sheet.duplicate(ship, order)
        except OrderError as error:
            sheet.refuse(number, raw, ship.id, error)
            continue
        found = _round_one_refusal(state, ship, order)
        if found:
            sheet.refusal(number, raw, ship, found)
            continue
        if isinstance(order, Movement):
            moves[ship.id] = order
            steps = plotted(state, ship, order)
            sheet.accept(number, raw, ship, reading, movement_echo(state, ship, order),
                         plan_places(ship, order, steps))
        else:
            sheet.accept(number, raw, ship, reading, line_echo(state, ship, order))
    for number, raw, ship, reading in reacts:
        react = reading.order
        assert isinstance(react, React)
        try:
            sheet.duplicate(ship, react)
        except OrderError as error:
            sheet.refuse(number, raw, ship.id, error)
            continue
        own = ship.id in moves
        move = moves.get(ship.id) or Movement(default_speed(ship, state.phase.turn, state.options))
        found = avoid_refusal(state, ship, react.steps, move)
        if found:
            sheet.refusal(number, raw, ship, found)
            continue
        sheet.accept(number, raw, ship, reading, react_echo(state, ship, react, move, own))


# --- round 2 (combat) -------------------------------------------------------------------------


def _round_two_refusal(state: GameState, ship: Ship, order: Order) -> Refusal | None:
    if isinstance(order, Fire):
        return fire_refusal(state, ship, order)
    if isinstance(order, Transfer):
        return transfer_refusal(state, ship, order)
    return _standing_refusal(state, ship, order)


def _check_round_two(state: GameState, lines: Sequence[Line], sheet: _Sheet) -> None:
    for number, raw, ship, reading in lines:
        order = reading.order
        try:
            sheet.duplicate(ship, order)
        except OrderError as error:
            sheet.refuse(number, raw, ship.id, error)
            continue
        found = _round_two_refusal(state, ship, order)
        if found:
            sheet.refusal(number, raw, ship, found)
            continue
        sheet.accept(number, raw, ship, reading, line_echo(state, ship, order))


# --- the free set-up (§18) --------------------------------------------------------------------


def _check_setup(state: GameState, side: str, lines: Sequence[Line], sheet: _Sheet) -> None:
    """Placements in the order written, each against the ships the earlier ones placed."""
    placing = state.phase.side
    own = {ship.id for ship in state.ships if ship.side == side}
    placed: set[str] = set()
    current = state
    for number, raw, ship, reading in lines:
        order = reading.order
        assert isinstance(order, Place)
        try:
            if side != placing:
                raise IllegalOrderError(f"this is {placing}'s set-up; {side} places its ships in "
                                        "its own", accepted="no lines from your side now.")
            sheet.duplicate(ship, order)
        except OrderError as error:
            sheet.refuse(number, raw, ship.id, error)
            continue
        unplaced = frozenset(own - placed - {ship.id})
        why = placement_problem(current, current.require(ship.id), order.x, order.y,
                                order.heading, unplaced)
        if why:
            edge = "south" if side == "romans" else "north"
            sheet.refusal(number, raw, ship, (why, f"<ID>: <x> <y> <heading> with every corner "
                                              f"within 8\" of your {edge} edge, on the table and "
                                              "overlapping no ship."))
            continue
        placed.add(ship.id)
        current = current.with_ship(replace(current.require(ship.id), x=order.x, y=order.y,
                                            heading=order.heading))
        sheet.accept(number, raw, ship, reading, line_echo(state, ship, order),
                     (f"({order.x:g}, {order.y:g}, {order.heading})",))


# --- the whole submission ---------------------------------------------------------------------


def check_orders(state: GameState, side: str, text: str,
                 commands: frozenset[str] | None = None) -> OrderSheet:
    """A side's orders for the open phase, every line answered; ValueError when the side is not
    in the game or the phase takes no orders (the game is over). `commands` limits the lines to
    one player's ships."""
    if side not in state.sides:
        raise ValueError(f"there is no side {side!r} in this game; the sides are "
                         f"{' and '.join(state.sides)}")
    context = CONTEXT.get(state.phase.kind)
    if context is None:
        raise ValueError(f"the open phase is {state.phase.key}: nobody gives orders now")
    sheet = _Sheet()
    lines = _read_all(state, side, text, context, commands, sheet)
    if context == SETUP_ROUND:
        _check_setup(state, side, lines, sheet)
    elif context == ORDERS_ROUND:
        _check_round_one(state, lines, sheet)
    else:
        _check_round_two(state, lines, sheet)
    return OrderSheet(PhaseSpec(state.phase.kind, state.phase.side), side, sheet.lines())


# --- gathering the accepted lines for the engine ----------------------------------------------


def accepted_orders(sheets: Sequence[OrderSheet]) -> list[tuple[str, Order]]:
    """(ship id as the state spells it, order) of every accepted line, in the order the sheets
    are given and their lines written. A later sheet of a side replaces everything the earlier
    sheets of that side said about each ship it has an accepted line for (§4: a new submission
    replaces the previous one; the engine merges the same way, game._merged); its lines come
    at the end."""
    kept: list[tuple[str, str, Order]] = []
    for sheet in sheets:
        ordered = {line.piece.upper() for line in sheet.accepted}
        kept = [(side, ship, order) for side, ship, order in kept
                if side != sheet.side or ship.upper() not in ordered]
        kept += [(sheet.side, line.piece, line.order) for line in sheet.accepted]
    return [(ship, order) for _, ship, order in kept]


def movement_orders(state: GameState, sheets: Sequence[OrderSheet]) -> MovementOrders:
    """Round 1's accepted lines per ship (sheets.MovementOrders); `line_order` is each initiative
    player's ships with an accepted movement line, in the order written (§5). Ships without a
    movement line are not filled in: their §4 default is the turn's."""
    movements: dict[str, Movement] = {}
    reacts: dict[str, React] = {}
    grapples: dict[str, Grapple] = {}
    corvus: dict[str, Corvus] = {}
    line_order: dict[str, list[str]] = {}
    for ship_id, order in accepted_orders(sheets):
        if isinstance(order, Movement):
            movements[ship_id] = order
            ship = state.require(ship_id)
            line_order.setdefault(ship.player or ship.side, []).append(ship_id)
        elif isinstance(order, React):
            reacts[ship_id] = order
        elif isinstance(order, Grapple):
            grapples[ship_id] = order
        elif isinstance(order, Corvus):
            corvus[ship_id] = order
    return MovementOrders(movements, reacts, grapples, corvus,
                          {player: tuple(ids) for player, ids in line_order.items()})


def combat_orders(sheets: Sequence[OrderSheet]) -> CombatOrders:
    """Round 2's accepted fire and transfer lines per ship (sheets.CombatOrders)."""
    archers: dict[str, Fire] = {}
    ballista: dict[str, Fire] = {}
    transfers: dict[str, Transfer] = {}
    for ship_id, order in accepted_orders(sheets):
        if isinstance(order, Fire):
            (archers if order.weapon == "archers" else ballista)[ship_id] = order
        elif isinstance(order, Transfer):
            transfers[ship_id] = order
    return CombatOrders(archers, ballista, transfers)


def standing_orders(sheets: Sequence[OrderSheet]) -> list[tuple[str, Cut | Melee | Losses | CorvusWork]]:
    """The accepted standing lines (CUT, MELEE, LOSSES, RAISE, BREAK), (ship id, order), in order."""
    return [(ship_id, order) for ship_id, order in accepted_orders(sheets)
            if isinstance(order, STANDING)]


def placements(sheets: Sequence[OrderSheet]) -> dict[str, tuple[float, float, int]]:
    """The accepted set-up lines as scenario.settle_setup takes them, in the order written."""
    return {ship_id: (order.x, order.y, order.heading)
            for ship_id, order in accepted_orders(sheets) if isinstance(order, Place)}


__all__ = ["accepted_orders", "check_orders", "combat_orders", "line_kind", "movement_orders",
           "own_ship", "placements", "standing_orders"]
