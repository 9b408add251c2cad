"""A whole Ram Speed game: which phase is open, who owes orders, and how a resolved phase
moves the game on (4.4, 5.0, 15.x; rulings §10).

build -> set-up of the first side -> set-up of the second -> each turn: initiative,
movement of the side with initiative, movement of the other, combat -> ... -> over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.interface import OrderSheet, PhaseResult, PhaseSpec
from pbem.rules.ramspeed import hexes, phases
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.placement import map_size_problem, place_leftovers
from pbem.rules.ramspeed.state import AFLOAT, Galley, GameState
from pbem.rules.ramspeed.tables import Scenario, default_tables, scenario
from pbem.rules.ramspeed.turn import roll_off

BUILD, SETUP, MOVEMENT, COMBAT, OVER = "build", "setup", "movement", "combat", "over"


@dataclass(frozen=True)
class Game:
    state: GameState
    step: str = BUILD
    sides: tuple[str, str] = ("blue", "red")  # the scenario's side order
    order: tuple[str, ...] = ()  # set-up order, or this turn's movement order
    index: int = 0  # which of `order` is up, in set-up and movement

    @property
    def scenario(self) -> Scenario:
        return self.state.rules()

    @property
    def side(self) -> str:
        return self.order[self.index] if self.step in (SETUP, MOVEMENT) else ""

    @property
    def key(self) -> str:
        """The phase key, as stored: build, setup-blue, T3-move-red, T3-combat, over."""
        turn = self.state.turn
        return {
            BUILD: "build",
            SETUP: f"setup-{self.side}",
            MOVEMENT: f"T{turn}-move-{self.side}",
            COMBAT: f"T{turn}-combat",
        }.get(self.step, "over")

    @property
    def phase(self) -> PhaseSpec:
        zone = ""
        if self.step == SETUP:
            zone = self.zone(self.side)
        return PhaseSpec(self.step, self.side, zone)

    def zone(self, side: str) -> str:
        found = self.scenario.side(side)
        if found is not None and found.zone:
            return found.zone
        return "east" if self.order and self.order[0] == side else "west"

    def owes(self) -> tuple[str, ...]:
        """The sides whose orders this phase waits for; a side that can do nothing owes none."""
        if self.step == BUILD:
            return self.sides
        if self.step == SETUP:
            unplaced = any(g.side == self.side and not g.placed for g in self.state.galleys)
            return (self.side,) if unplaced else ()
        if self.step == MOVEMENT:
            return (self.side,) if _can_move_something(self.state, self.side) else ()
        if self.step == COMBAT:
            return tuple(s for s in self.sides if _can_fight(self.state, s))
        return ()


def new_game(scenario_name: str | Scenario, options: Sequence[tuple[str, bool]] = (),
             columns: int | None = None, rows: int | None = None) -> Game:
    """A game at its build phase: a built-in scenario by name, or a game master's own.
    Refuses (ValueError) a map the scenario cannot be played on."""
    custom = scenario_name if isinstance(scenario_name, Scenario) else None
    chosen = custom or scenario(str(scenario_name))
    columns = chosen.columns if columns is None else columns
    rows = chosen.rows if rows is None else rows
    problem = map_size_problem(columns, rows, chosen.title, {side.zone for side in chosen.sides})
    if problem:
        raise ValueError(problem)
    state = GameState(
        columns=columns, rows=rows,
        scenario=chosen.name, victory_rule=chosen.victory, options=tuple(sorted(options)),
        custom_scenario=custom,
    )
    sides = (chosen.sides[0].name, chosen.sides[1].name)
    return Game(state=state, step=BUILD, sides=sides)


def _can_move_something(state: GameState, side: str) -> bool:
    board = Board(state)
    for galley in state.galleys:
        if galley.owner != side or galley.status != AFLOAT or not galley.placed:
            continue
        if not galley.must_drift() or galley.grappled_with:
            return True
        if _neighbours(board, galley):  # a drifting galley may still grapple
            return True
    return False


def _neighbours(board: Board, galley: Galley) -> list[str]:
    key = galley.id.upper()
    found = set()
    for hex_ in board.hexes_of(key):
        for near in hexes.neighbours(hex_):
            holder = board.occupancy.get(near)
            if holder is not None and holder != key:
                found.add(holder)
    return sorted(found)


def _can_fight(state: GameState, side: str) -> bool:
    """Anything to order in the combat phase: a weapon with an enemy in range, a grapple
    with an enemy (boarding), or a friend to pass parties to."""
    board = Board(state)
    tables = default_tables()
    enemies = [g for g in state.galleys if g.owner != side and g.status == AFLOAT and g.placed]
    for galley in state.galleys:
        if galley.owner != side or galley.status != AFLOAT or not galley.placed:
            continue
        if galley.grappled_with:
            return True
        if galley.captured or not galley.weapons:
            continue
        mine = board.hexes_of(galley.id.upper())
        reach = max(tables.weapons[w.type].max_range for w in galley.weapons)
        least = min(tables.weapons[w.type].min_range for w in galley.weapons)
        for enemy in enemies:
            distance = hexes.galley_distance(mine, board.hexes_of(enemy.id.upper()))
            if least <= distance <= reach:
                return True
    return False


def _new_turn(game: Game, state: GameState, dice: Dice) -> tuple[Game, tuple[Event, ...]]:
    turn = state.turn + 1 if game.step == COMBAT else 1
    leader, events = roll_off(dice, game.sides, "initiative")
    state = state.with_galleys(  # 'drifted earlier this turn' ends with the turn (rulings §14)
        tuple(replace(g, drifted=False) if g.drifted else g for g in state.galleys),
        turn=turn, initiative=leader)
    order = (leader, *(s for s in game.sides if s != leader))
    return replace(game, state=state, step=MOVEMENT, order=order, index=0), events


def _leftovers(game: Game, state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """House rule: galleys their side left unplaced when its set-up ends are placed by the
    judge (a game cannot be played with galleys nowhere)."""
    board = Board(state)
    placed = place_leftovers(board, game.side, game.zone(game.side))
    if not placed:
        return state, ()
    return board.freeze(), tuple(
        event("placed", galley=gid, bow=bow, facing=facing,
              reason="not placed by its side; placed by the judge")
        for gid, bow, facing in placed)


def advance(game: Game, state: GameState, dice: Dice) -> tuple[Game, tuple[Event, ...]]:
    """The game after its current phase resolved to `state`; rolls set-up order and
    initiative with the same dice when they fall due."""
    placed: tuple[Event, ...] = ()
    if game.step == SETUP:
        state, placed = _leftovers(game, state)
    moved_on, events = _advance(game, state, dice)
    return moved_on, placed + events


def _advance(game: Game, state: GameState, dice: Dice) -> tuple[Game, tuple[Event, ...]]:
    if state.winner is not None:
        return replace(game, state=state, step=OVER), ()
    if game.step in (MOVEMENT, COMBAT) or (game.step == SETUP and game.index + 1 == len(game.order)):
        stranded = [s for s in game.sides if not any(
            g.owner == s and g.status == AFLOAT and g.placed for g in state.galleys)]
        if stranded:  # nothing that side does can change the count any more (14.0)
            return replace(game, state=state, step=OVER), (event(
                "game_over", winner=None,
                reason=f"the {stranded[0]} side has no galley left on the map and neither "
                       "side has won",
            ),)
    if game.step == BUILD:
        if game.scenario.setup == "fixed":
            order: tuple[str, ...] = game.sides
            events: tuple[Event, ...] = ()
        else:
            first, events = roll_off(dice, game.sides, "setup_roll")
            order = (first, *(s for s in game.sides if s != first))
        return replace(game, state=state, step=SETUP, order=order, index=0), events
    if game.step in (SETUP, MOVEMENT) and game.index + 1 < len(game.order):
        return replace(game, state=state, index=game.index + 1), ()
    if game.step == MOVEMENT:
        return replace(game, state=state, step=COMBAT, index=0), ()
    return _new_turn(game, state, dice)


def play_phase(game: Game, submissions: Sequence[tuple[str, str]],
               dice: Dice) -> tuple[Game, PhaseResult, tuple[OrderSheet, ...]]:
    """Check every submission (side, text) in the order received, resolve the phase, and
    move the game on. Submissions from sides that owe nothing this phase are refused."""
    if game.step == OVER:
        raise ValueError("the game is over; no phase is open")
    phase = game.phase
    sheets = []
    for side, text in submissions:
        if side not in game.sides:
            raise ValueError(f"there is no side '{side}' in this game")
        if game.step in (SETUP, MOVEMENT) and side != game.side:
            raise ValueError(f"the open phase is {game.key}; {side} has no orders to give now")
        sheet, _ = phases.check(game.state, PhaseSpec(phase.kind, side, phase.zone), text)
        sheets.append(sheet)
    result = phases.resolve(game.state, phase, sheets, dice)
    moved_on, extra = advance(game, result.state, dice)
    result = PhaseResult(state=moved_on.state, events=result.events + extra,
                         rejected=result.rejected)
    return moved_on, result, tuple(sheets)


@dataclass(frozen=True)
class PhaseRecord:
    """One stored phase: its key and the order texts in the order received."""

    key: str
    submissions: tuple[tuple[str, str], ...]


def replay(game: Game, records: Sequence[PhaseRecord],
           dice_for: Callable[[str], Dice]) -> list[tuple[Game, PhaseResult]]:
    """Recompute a game from its stored orders; the dice of each phase come from
    `dice_for(key)`, so a seeded factory reproduces every roll."""
    played = []
    for record in records:
        if record.key != game.key:
            raise ValueError(f"stored phase {record.key} does not follow; the game expects "
                             f"{game.key}")
        game, result, _ = play_phase(game, record.submissions, dice_for(record.key))
        played.append((game, result))
    return played
