"""The ram / cruise / strategic side of the rules-case runner (cases-open-table.md, its general
part and its ram-cruise section): a case's position (`[[side]]`, `[[ship]]`, `[turn]`,
`[options]`, `[table]`), its phase played with the forced dice, and the JSON the host compares
(pure: the host reads the file and checks the expectations, pbem/cases.py).

Kinds: `move` (steps 1–3), `fire` (4–5), `melee` (8–10), `end_of_half` (11–12) and `half` (1–12,
and the end of the turn after side B's half; a half 1 after turn 1 opens the turn with its wind
change). A step whose module is not built yet reports "needs <module>" in `errors`.

Lines are checked by the judge's own checker (`check.py`: §18, §6.5, §6.6, §11.4), as if each
submission had just arrived in the round the case plays: `move` the phasing side's round 1,
`fire` the non-phasing side's round 2, `melee` the phasing side's round 2, `half` both rounds.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pbem.rules.dice import DiceError, ForcedDice
from pbem.rules.errors import CaseError, OrderError, case_whole
from pbem.rules.events import Event
from pbem.rules.interface import ACCEPTED
from pbem.rules.ramcruise.check import check_round
from pbem.rules.ramcruise.fatigue import out_of_sight
from pbem.rules.ramcruise.fleet import purchase_points
from pbem.rules.ramcruise.orders import Duty, Move, Order, Picking, Standing, Targets
from pbem.rules.ramcruise.rows import grapples_from_rows, ship_from_row, ships_problem, sides_from_rows
from pbem.rules.ramcruise.state import COMBAT, MOVE, GameState, HalfRecord, Phase
from pbem.rules.ramcruise.switches import parse_options
from pbem.rules.ramcruise.turn import (
    RoundOneOrders,
    RoundTwoOrders,
    apply_standing,
    checkpoint,
    end_of_half,
    fire,
    grapples,
    melee_step,
    resolve_round_1,
    resolve_round_2,
    start_turn,
)
from pbem.rules.ramcruise.view import state_json
from pbem.rules.table import Table

KINDS = ("move", "fire", "melee", "end_of_half", "half")
DEFAULT_WIND = 90  # cases-open-table.md, ram-cruise item 3



def load_case(case: dict[str, Any], name: str) -> GameState:
    """The position of a case (its TOML as a dict; `name` for messages), with the phase open
    for the kind it plays."""
    given = dict(case.get("options", {}))
    table = case.get("table", {})
    if table:
        given["table"] = f"{table.get('width', 72)}x{table.get('height', 48)}"
    try:
        options = parse_options(given)
        rows = list(case.get("ship", []))
        ships = tuple(ship_from_row(row, n, options) for n, row in enumerate(rows, 1))
        first, second = sides_from_rows(case.get("side"), ships)
        options = options.for_sides((first.id, second.id))
        grappled = grapples_from_rows(rows, ships)
    except ValueError as exc:
        raise CaseError(f"{name}: {exc}") from None
    problem = ships_problem(ships, (first.id, second.id), Table(options.table_width, options.table_height))
    if problem:
        raise CaseError(f"{name}: {problem}")
    sides = []
    for named in (first, second):
        own = [ship for ship in ships if ship.side == named.id]
        reserve = own[0].fatigue if own and options.fatigue == "fleet" else options.fatigue_reserve
        sides.append(replace(named, start_points=purchase_points(own, options), fatigue=reserve))
    wind = options.wind_heading if options.wind_heading is not None else DEFAULT_WIND
    turn, phase = case.get("turn", {}), case.get("phase", {})
    side = str(phase.get("side", sides[0].id))
    if side not in (sides[0].id, sides[1].id):
        raise CaseError(f"{name}: [phase] side {side!r} is not a side of the case")
    half = case_whole(name, "[turn] half", turn.get("half", 1 if side == sides[0].id else 2))
    if half not in (1, 2) or sides[half - 1].id != side:
        raise CaseError(f"{name}: [phase] side {side} does not phase in half {half} (side A, "
                        f"{sides[0].id}, has half 1)")
    kind = str(phase.get("kind", "half"))
    open_kind = MOVE if kind in ("move", "half") else COMBAT
    state = GameState(ships=ships, sides=(sides[0], sides[1]), options=options,
                      phase=Phase(open_kind, case_whole(name, "[turn] number", turn.get("number", 1)),
                                  half, side),
                      grapples=grappled, wind=wind)
    if open_kind == COMBAT:  # the phasing ships have moved: their mode and speed are this half's
        state = replace(state, half_record=HalfRecord(out_of_sight=out_of_sight(state, side)))
    return state


@dataclass
class _Sheet:
    """One submission's lines: those accepted (as read) and the refusals by ship id."""

    accepted: list[Order] = field(default_factory=list)
    refused: dict[str, str] = field(default_factory=dict)


def _read(state: GameState, text: str, sender: str) -> _Sheet:
    """A submission checked by the judge's own checker (check.py, §18) as if it had just
    arrived: the accepted orders, and the refusals keyed by ship id in line order."""
    sheet = _Sheet()
    checked = check_round(state, sender, text)
    for line in checked.lines:
        if line.status == ACCEPTED:
            sheet.accepted.append(line.order)
        else:
            sheet.refused.setdefault(line.piece or f"line {line.line_no}", line.reason)
    return sheet


def _standing(orders: list[Order]) -> tuple[Standing, ...]:
    return tuple(order for order in orders if isinstance(order, Standing))


def _round_one(orders: list[Order]) -> RoundOneOrders:
    return RoundOneOrders(
        moves=tuple(order for order in orders if isinstance(order, Move)),
        breaks=tuple(order for order in orders
                     if isinstance(order, Targets) and order.verb == "BREAK"),
        duties=tuple(order for order in orders if isinstance(order, Duty)),
        standing=_standing(orders))


def _round_two(fire_lines: list[Order], phasing: list[Order]) -> RoundTwoOrders:
    return RoundTwoOrders(
        fire=tuple(order for order in fire_lines
                   if isinstance(order, Targets | Picking) and order.verb in ("BOW", "BALLISTA")),
        grapples=tuple(order for order in phasing
                       if isinstance(order, Targets) and order.verb == "GRAPPLE"),
        melees=tuple(order for order in phasing
                     if isinstance(order, Picking) and order.verb == "MELEE"),
        standing=_standing(fire_lines) + _standing(phasing))


def _play(kind: str, state: GameState, phase: dict[str, Any], dice: ForcedDice,
          refused: dict[str, str]) -> tuple[GameState, tuple[Event, ...]]:
    side, other = state.phasing, state.other(state.phasing)
    text = str(phase.get("orders", ""))
    events: tuple[Event, ...] = ()
    if kind == "move":
        sheet = _read(state, text, side)
        refused.update(sheet.refused)
        return resolve_round_1(state, _round_one(sheet.accepted), dice)
    if kind == "fire":
        sheet = _read(state, text, other)
        refused.update(sheet.refused)
        orders = _round_two(sheet.accepted, [])
        state = apply_standing(state, orders.standing)
        state, events = fire(state, orders.fire, dice)
        state, more = checkpoint(state, "M2", dice)
        return state, events + more
    if kind == "melee":
        sheet = _read(state, text, side)
        refused.update(sheet.refused)
        orders = _round_two([], sheet.accepted)
        state = apply_standing(state, orders.standing)
        state, events = grapples(state, orders.grapples, dice)
        state, more = melee_step(state, orders.melees, dice)
        events += more
        state, more = checkpoint(state, "M4", dice)
        return state, events + more
    if kind == "end_of_half":
        state, events = end_of_half(state)
        state, more = checkpoint(state, "M5", dice)
        return state, events + more
    # half: round 1, then round 2 with both sides' lines, then (after side B's) the end of turn
    if state.phase.half == 1:
        state, events = start_turn(state, state.phase.turn, dice)
    sheet = _read(state, text, side)
    refused.update(sheet.refused)
    state, more = resolve_round_1(state, _round_one(sheet.accepted), dice)
    events += more
    second = phase.get("orders_round2", {})
    if not isinstance(second, dict):
        raise CaseError("orders_round2 is a table of side = \"lines\"")
    fire_sheet = _read(state, str(second.get(other, "")), other)
    own_sheet = _read(state, str(second.get(side, "")), side)
    for sheet in (own_sheet, fire_sheet) if side == state.sides[0].id else (fire_sheet, own_sheet):
        for ship, reason in sheet.refused.items():  # the sides' submissions in their listed order
            refused.setdefault(ship, reason)
    state, more = resolve_round_2(state, _round_two(fire_sheet.accepted, own_sheet.accepted), dice,
                                  open_next=False)
    return state, events + more


def play_case(case: dict[str, Any], name: str) -> dict[str, Any]:
    """The state after the case's phase as cases-open-table.md prints it (ships under "ships"),
    with `rejected` (ship id → reason, always), `winner`, `events`, `dice` and `errors` (a dice
    mismatch, a step not built yet, an order the engine would not take)."""
    phase = case.get("phase")
    if not isinstance(phase, dict):
        raise CaseError(f"{name}: a case needs a [phase] table")
    kind = str(phase.get("kind", "half"))
    if kind not in KINDS:
        raise CaseError(f"{name}: phase kind {kind!r} is not one of {', '.join(KINDS)}")
    try:
        state = load_case(case, name)
    except CaseError:
        raise
    except ValueError as exc:  # rows, switches and the table say what is wrong in a sentence
        raise CaseError(f"{name}: {exc}") from None
    except (TypeError, KeyError, AttributeError, IndexError) as exc:
        raise CaseError(f"{name}: a value of the wrong kind in the case's position ({exc}); "
                        "see shared/rules/cases-open-table.md for each key's shape") from None
    try:
        dice = ForcedDice(values=list(phase.get("dice", [])))
    except (DiceError, TypeError, ValueError) as exc:
        raise CaseError(f"{name}: dice must be a list of whole numbers 1-6 ({exc})") from None
    refused: dict[str, str] = {}
    errors: list[str] = []
    events: tuple[Event, ...] = ()
    result = state
    try:
        result, events = _play(kind, state, phase, dice, refused)
        dice.finish()
    except NotImplementedError as exc:
        errors.append(str(exc))
    except (DiceError, OrderError, ValueError) as exc:
        errors.append(f"dice: {exc}" if isinstance(exc, DiceError) else str(exc))
    output = state_json(result)
    output["rejected"] = refused
    output["events"] = [item.as_dict() for item in events]
    output["dice"] = [roll.value for roll in dice.log]
    output["errors"] = errors
    return output
