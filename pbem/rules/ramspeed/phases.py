"""Checking and resolving Ram Speed phases: build, set-up, movement (rulings §12).

Checking reads every line, keeps a result for each, and never stops at the first error:
each line is checked on the position with the accepted lines above it already applied.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pbem.rules.dice import Dice
from pbem.rules.errors import IllegalOrderError, NotCommandedError, OrderError
from pbem.rules.events import Event, event
from pbem.rules.interface import ACCEPTED, REFUSED, LineResult, OrderSheet, PhaseResult, PhaseSpec
from pbem.rules.ramspeed import building, combat, hexes, movement, placement
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.combat_orders import CombatOrder, describe_combat, parse_combat
from pbem.rules.ramspeed.orders import (
    BuildOrder,
    Line,
    MovementOrder,
    SetupOrder,
    describe_build,
    describe_setup,
    parse_build,
    parse_movement,
    parse_setup,
    read_line,
    split_lines,
)
from pbem.rules.ramspeed.state import GameState
from pbem.rules.ramspeed.tables import Tables, default_tables
from pbem.rules.suggest import with_hint, your_pieces

PHASES = ("build", "setup", "movement", "combat")


def _own_galley(board: Board, line: Line, side: str,
                commands: frozenset[str] | None) -> None:
    galley = board.galley(line.galley)
    if galley is None:
        ids = [g.id for g in board.state.galleys if g.owner == side
               and (commands is None or g.id.upper() in commands)]
        raise IllegalOrderError(with_hint(f"there is no galley {line.galley} in this game",
                                          line.galley, ids),
                                accepted=your_pieces(ids, "galleys"))
    if galley.owner != side:
        raise IllegalOrderError(f"{galley.id} is not commanded by the {side} side")
    if commands is not None and galley.id.upper() not in commands:
        yours = ", ".join(sorted(commands)) or "none in this phase"
        raise NotCommandedError(f"{galley.id} is commanded by another player of your side (15.2)",
                                accepted=f"lines for the galleys you command: {yours}.")


def check(state: GameState, phase: PhaseSpec, text: str,
          tables: Tables | None = None,
          commands: frozenset[str] | None = None) -> tuple[OrderSheet, Board]:
    """Check a side's orders; returns the sheet and the board with accepted lines applied.
    `commands`: on a side of several players, the IDs (upper case) of the galleys this player
    commands; a line for any other galley is refused (None: the whole side's)."""
    tables = tables or default_tables()
    board = Board(state, tables)
    side = phase.side
    results: list[LineResult] = []
    seen: dict[str, int] = {}
    ids = state.keys
    budget: building.Budget | None = None
    claims = combat.CombatCheck()
    for number, raw in split_lines(text):
        galley = ""
        plan: tuple[str, ...] = ()
        try:
            line = read_line(number, raw, phase.kind)
            galley = line.galley
            if line.galley.upper() in seen and phase.kind != "combat":
                first = seen[line.galley.upper()]
                raise IllegalOrderError(
                    f"{line.galley} already has orders on line {first}; one line per galley, "
                    "and the first one stands (rulings §13)",
                    accepted=f"a single line for each galley: to give these orders instead, "
                    f"put them on line {first} and send the orders again (the new mail replaces "
                    "the earlier one).")
            if phase.kind == "build":
                if budget is None:
                    budget = building.start_budget(state, side, state.rules(), tables)
                build_order = parse_build(line)
                # (the board itself: an ID is taken there exactly when it is in the state
                # the board would freeze to, and freezing one for every line costs more
                # than the line's whole check)
                new_galley, note = building.build(build_order, board, side, budget, tables)
                echo = f"{describe_build(build_order)}  =>  {note}"
                board.galleys[new_galley.id.upper()] = new_galley
                order: BuildOrder | SetupOrder | MovementOrder | CombatOrder = build_order
            elif phase.kind == "setup":
                _own_galley(board, line, side, commands)
                order = parse_setup(line)
                echo = f"{describe_setup(order)}  =>  {placement.place(board, order, phase.zone)}"
            elif phase.kind == "movement":
                _own_galley(board, line, side, commands)
                own = board.galley(line.galley)
                assert own is not None
                order = parse_movement(line, ids, own.grappled_with)
                scratch = board.copy()
                start = board.galley(line.galley)
                motion = movement.execute(scratch, order, None)
                board = scratch
                echo = movement.echo(order, motion)
                if start is not None and start.bow is not None and start.facing is not None:
                    plan = (f"{hexes.label(start.bow)} {hexes.FACINGS[start.facing]}",
                            *motion.path)
            elif phase.kind == "combat":
                _own_galley(board, line, side, commands)
                own = board.galley(line.galley)
                assert own is not None
                if own.status != "afloat" or not own.placed:
                    raise IllegalOrderError(f"{own.id} is not on the map and can take no orders")
                order = parse_combat(line)
                note = combat.check_line(board, own, order, claims)
                echo = f"{describe_combat(order)}  =>  {note}"
            else:
                raise IllegalOrderError(f"there is no {phase.kind} phase in Ram Speed")
            seen[line.galley.upper()] = number
            results.append(LineResult(number, raw, galley, ACCEPTED, echo=echo, order=order,
                                      plan=plan))
        except OrderError as error:
            error.at(number, raw, galley)
            results.append(LineResult(number, raw, galley, REFUSED, error=error))
    return OrderSheet(phase=phase, side=side, lines=tuple(results)), board


def rejected_of(sheets: Sequence[OrderSheet]) -> tuple[tuple[str, str], ...]:
    return tuple(
        (line.piece or f"line {line.line_no}", line.reason)
        for sheet in sheets for line in sheet.refused
    )


def resolve(state: GameState, phase: PhaseSpec, sheets: Sequence[OrderSheet], dice: Dice,
            tables: Tables | None = None) -> PhaseResult:
    """Resolve a phase from checked sheets. Sheets are taken in the order received."""
    tables = tables or default_tables()
    events: tuple[Event, ...] = ()
    resolver = _RESOLVERS.get(phase.kind)
    if resolver is None:
        raise ValueError(f"the {phase.kind} phase is not handled by this judge yet")
    new_state, events = resolver(state, phase, sheets, dice, tables)
    late = tuple((e["galley"], e["reason"]) for e in events if e.kind == "refused")
    return PhaseResult(state=new_state, events=events, rejected=rejected_of(sheets) + late)


def _replay_placing(state: GameState, phase: PhaseSpec, sheets: Sequence[OrderSheet],
                    dice: Dice, tables: Tables) -> tuple[GameState, tuple[Event, ...]]:
    """Build and set-up use no dice: the accepted lines are applied again in order, so that
    two sides' builds that clash (the same new ID) are caught; the later one is refused."""
    refused: list[Event] = []
    for sheet in sheets:
        text = "\n".join(line.text for line in sheet.accepted)
        again, board = check(state, PhaseSpec(phase.kind, sheet.side, phase.zone), text, tables)
        refused.extend(
            event("refused", galley=line.piece, side=sheet.side, reason=line.reason)
            for line in again.refused
        )
        state = board.freeze()
    return state, tuple(refused)


def _movement(state: GameState, phase: PhaseSpec, sheets: Sequence[OrderSheet],
              dice: Dice, tables: Tables) -> tuple[GameState, tuple[Event, ...]]:
    orders = [line.order for sheet in sheets for line in sheet.accepted
              if isinstance(line.order, MovementOrder)]
    return movement.resolve_movement(state, phase.side, orders, dice, Board(state, tables))


def _combat(state: GameState, phase: PhaseSpec, sheets: Sequence[OrderSheet],
            dice: Dice, tables: Tables) -> tuple[GameState, tuple[Event, ...]]:
    by_side = [(sheet.side, [line.order for line in sheet.accepted]) for sheet in sheets]
    return combat.resolve_combat(state, by_side, dice, Board(state, tables))


_RESOLVERS: dict[str, Callable[[GameState, PhaseSpec, Sequence[OrderSheet], Dice, Tables],
                               tuple[GameState, tuple[Event, ...]]]] = {
    "build": _replay_placing,
    "setup": _replay_placing,
    "movement": _movement,
    "combat": _combat,
}
