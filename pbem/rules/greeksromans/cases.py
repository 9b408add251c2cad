"""Greeks vs Romans' side of the rules-case runner (shared/rules/cases-open-table.md): a case's
position and phase, played with its forced dice, to the JSON state the runner compares (pure:
the host reads the file and checks the expectations, pbem/cases.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pbem.rules.dice import Dice, DiceError, ForcedDice
from pbem.rules.errors import CaseError, OrderError, case_whole
from pbem.rules.events import Event
from pbem.rules.greeksromans import combat
from pbem.rules.greeksromans.check import accepted_orders, check_half
from pbem.rules.greeksromans.orders import MoveOrder, TargetOrder
from pbem.rules.greeksromans.repair import repair
from pbem.rules.greeksromans.scenario import ship_from_row, ships_problem
from pbem.rules.greeksromans.state import GameState, Played
from pbem.rules.greeksromans.switches import parse_options
from pbem.rules.greeksromans.turn import (
    end_of_turn,
    open_half,
    resolve_half,
    resolve_movement,
    roll_initiative,
)
from pbem.rules.greeksromans.view import state_json
from pbem.rules.interface import OrderSheet

KINDS = ("initiative", "move", "archery", "boarding", "catapult", "repair", "half", "end_of_turn")
_STEP_KIND = {"archery": "ARCHERY", "boarding": "BOARD", "catapult": "CATAPULT"}


def _sides(case: dict[str, Any], rows: list[dict[str, Any]]) -> tuple[str, str]:
    named = [str(row.get("side", "")) for row in rows]
    turn, phase = case.get("turn", {}), case.get("phase", {})
    named += [str(turn.get("initiative", "")), str(phase.get("side", "")),
              str(turn.get("last_initiative_loser", ""))]
    found = [side for side in dict.fromkeys(named) if side]
    for fallback in ("greeks", "romans"):
        if len(found) < 2 and fallback not in found:
            found.append(fallback)
    if len(found) != 2:
        raise CaseError(f"a case has two sides, not {len(found)} ({', '.join(found)})")
    return found[0], found[1]


def load_case(case: dict[str, Any], name: str) -> GameState:
    """The position of a case (its TOML as a dict; `name` for messages)."""
    given = dict(case.get("options", {}))
    table = case.get("table", {})
    if table:
        given["table"] = f"{table.get('width', 72)}x{table.get('height', 48)}"
    try:
        options = parse_options(given)
        rows = list(case.get("ship", []))
        ships = tuple(ship_from_row(row, n, options) for n, row in enumerate(rows, 1))
    except ValueError as exc:
        raise CaseError(f"{name}: {exc}") from None
    sides = _sides(case, rows)
    state = GameState(ships=ships, sides=sides, options=options)
    problem = ships_problem(ships, sides, state.table)
    if problem:
        raise CaseError(f"{name}: {problem}")
    turn = case.get("turn", {})
    phase = case.get("phase", {})
    opening = 1 if str(phase.get("kind", "")) not in ("initiative", "end_of_turn") else 0
    half = case_whole(name, "[turn] half", turn.get("half", opening))
    initiative = str(turn.get("initiative", ""))
    side = str(phase.get("side", ""))
    if not initiative and side and half:
        initiative = side if half == 1 else state.other(side)
    if half and side and (initiative if half == 1 else state.other(initiative)) != side:
        raise CaseError(f"{name}: [phase] side {side} does not perform half {half} when "
                        f"{initiative} has the initiative")
    number = case_whole(name, "[turn] number", turn.get("number", 1))
    return replace(state, turn=number, half=half, initiative=initiative,
                   last_initiative_loser=str(turn.get("last_initiative_loser", "")))


def _check(state: GameState, text: str, sheets: list[OrderSheet]) -> list[Any]:
    sheet = check_half(state, state.phasing, text)
    sheets.append(sheet)
    return accepted_orders([sheet])


def _play(kind: str, state: GameState, text: str, dice: Dice,
          sheets: list[OrderSheet]) -> Played:
    if kind == "initiative":
        return roll_initiative(state, dice)
    if kind == "end_of_turn":
        return end_of_turn(state, dice)
    events: tuple[Event, ...] = ()
    if kind in ("move", "half"):
        state, events = open_half(state, state.half, dice)
    orders = _check(state, text, sheets)
    if kind == "move":
        moves = [order for order in orders if isinstance(order, MoveOrder)]
        state, more = resolve_movement(state, moves, dice)
        return state, events + more
    if kind == "half":
        state, more = resolve_half(state, orders, dice)
        events += more
        if state.half == 2:
            state, more = end_of_turn(state, dice)
            events += more
        return state, events
    if kind == "repair":
        return repair(state, state.phasing, dice)
    step: Callable[..., Played] = {
        "archery": combat.archery, "boarding": combat.boarding, "catapult": combat.catapults}[kind]
    chosen = [order for order in orders
              if isinstance(order, TargetOrder) and order.kind == _STEP_KIND[kind]]
    return step(state, chosen, dice)


def play_case(case: dict[str, Any], name: str) -> dict[str, Any]:
    """The state after the case's phase as cases-open-table.md prints it, with `rejected`,
    `events`, `dice` and `errors` (a dice mismatch, or an order the engine would not take)."""
    phase = case["phase"]
    kind = str(phase.get("kind", "half"))
    if kind not in KINDS:
        raise CaseError(f"{name}: phase kind {kind!r} is not one of {', '.join(KINDS)}")
    state = load_case(case, name)
    try:
        dice = ForcedDice(values=list(phase.get("dice", [])))
    except DiceError as exc:
        raise CaseError(f"{name}: {exc}") from None
    sheets: list[OrderSheet] = []
    errors: list[str] = []
    events: tuple[Event, ...] = ()
    result = state
    try:
        result, events = _play(kind, state, str(phase.get("orders", "")), dice, sheets)
        dice.finish()
    except (DiceError, OrderError, ValueError) as exc:
        errors.append(f"dice: {exc}" if isinstance(exc, DiceError) else str(exc))
    output = state_json(result, kind)
    output["rejected"] = {line.piece or f"line {line.line_no}": line.reason
                          for sheet in sheets for line in sheet.refused}
    output["events"] = [item.as_dict() for item in events]
    output["dice"] = [roll.value for roll in dice.log]
    output["errors"] = errors
    return output
