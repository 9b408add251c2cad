"""A whole game of Greeks vs Romans: which phase is open, who owes orders, and playing it
(rulings §4, §14, §15).

T1-initiative (the judge rolls; nobody owes) -> with `setup = free`, setup-<loser> and
setup-<winner> -> T1-h1-<winner> -> T1-h2-<other> -> T2-h1-<side> -> … -> over.

A half opens with its movement bonus already rolled (§15), so its dice come at the end of the
phase that opens it: initiative, then the first half's bonus; a half's own dice (§18.2), then
the next half's bonus; after the second half, the victory check, the next initiative and the
next first half's bonus.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event
from pbem.rules.greeksromans.check import accepted_orders, check_half, check_setup, setup_zone
from pbem.rules.greeksromans.scenario import initial_state, load_scenario
from pbem.rules.greeksromans.state import GameState
from pbem.rules.greeksromans.switches import parse_options
from pbem.rules.greeksromans.turn import (
    apply_placements,
    end_of_turn,
    open_half,
    resolve_half,
    roll_initiative,
)
from pbem.rules.interface import OrderSheet, PhaseResult, PhaseSpec

INITIATIVE, SETUP, HALF, OVER = "initiative", "setup", "half", "over"
HALF_NAMES = {1: "first half", 2: "second half"}


@dataclass(frozen=True)
class Game:
    state: GameState
    step: str = INITIATIVE
    setup_order: tuple[str, ...] = ()  # free set-up: the loser of the first roll, then the winner
    setup_index: int = 0

    @property
    def sides(self) -> tuple[str, str]:
        return self.state.sides

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def over(self) -> bool:
        return self.step == OVER

    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def side(self) -> str:
        """The side whose orders the open phase takes ("" at initiative and when over)."""
        if self.step == SETUP:
            return self.setup_order[self.setup_index]
        if self.step == HALF:
            return self.state.phasing
        return ""

    @property
    def key(self) -> str:
        if self.step == INITIATIVE:
            return f"T{self.turn}-initiative"
        if self.step == SETUP:
            return f"setup-{self.side}"
        if self.step == HALF:
            return f"T{self.turn}-h{self.state.half}-{self.side}"
        return "over"

    @property
    def phase(self) -> PhaseSpec:
        if self.step == SETUP:
            return PhaseSpec(SETUP, self.side, setup_zone(self.state, self.side))
        return PhaseSpec(self.step, self.side)

    @property
    def phase_title(self) -> str:
        if self.step == INITIATIVE:
            return f"Turn {self.turn}: initiative"
        if self.step == SETUP:
            return f"Set-up: {self.side} ({setup_zone(self.state, self.side)} edge)"
        if self.step == HALF:
            return f"Turn {self.turn}, {HALF_NAMES[self.state.half]}: {self.side}"
        return "The game is over"

    def owes(self) -> tuple[str, ...]:
        """The setting-up side; in a half the phasing side if it has a ship on the table."""
        if self.step == SETUP:
            return (self.side,)
        if self.step == HALF and any(ship.controller == self.side and ship.on_table
                                     for ship in self.state.ships):
            return (self.side,)
        return ()


def new_game(scenario: str, options: Mapping[str, bool | int | str],
             scenario_text: str | None = None) -> Game:
    """A game at its first initiative roll (no dice yet); ValueError with a sentence for an
    unknown scenario or an option it cannot take."""
    parsed = parse_options(options)
    chosen = load_scenario(scenario, parsed, scenario_text)
    return Game(state=initial_state(chosen, parsed))


def check(game: Game, side: str, text: str, commands: frozenset[str] | None = None) -> OrderSheet:
    """A side's orders for the open phase, every line checked (§16); ValueError when the side
    has no orders to give now."""
    if side not in game.sides:
        raise ValueError(f"there is no side {side!r} in this game; the sides are "
                         f"{' and '.join(game.sides)}")
    if game.step == SETUP and side == game.side:
        return check_setup(game.state, side, text, commands)
    if game.step == HALF and side == game.side:
        return check_half(game.state, side, text, commands)
    raise ValueError(f"the open phase is {game.key} ({game.phase_title}); {side} has no orders "
                     "to give now")


def _open_next_half(game: Game, dice: Dice) -> tuple[Game, tuple[Event, ...]]:
    state, events = open_half(game.state, 1, dice)
    return replace(game, state=state, step=HALF), events


def play_phase(game: Game, submissions: Sequence[tuple[str, str]],
               dice: Dice) -> tuple[Game, PhaseResult, tuple[OrderSheet, ...]]:
    """Check every submission (side, text) in the order received, resolve the open phase and
    open the next; missing orders mean ships stay, shoot and board nothing (§15)."""
    if game.step == OVER:
        raise ValueError("the game is over; no phase is open")
    if game.step == INITIATIVE:
        if any(text.strip() for _, text in submissions):
            raise ValueError("nobody gives orders for the initiative roll; the judge rolls it")
        state, events = roll_initiative(game.state, dice)
        game = replace(game, state=state)
        if state.options.setup == "free" and state.turn == 1:
            return (replace(game, step=SETUP, setup_order=(state.last_initiative_loser,
                                                           state.initiative), setup_index=0),
                    PhaseResult(state, events, ()), ())
        game, opened = _open_next_half(game, dice)
        return game, PhaseResult(game.state, events + opened, ()), ()
    sheets = tuple(check(game, side, text) for side, text in submissions)
    rejected = tuple((line.piece or f"line {line.line_no}", line.reason)
                     for sheet in sheets for line in sheet.refused)
    orders = accepted_orders(sheets)
    if game.step == SETUP:
        state, events = apply_placements(game.state, orders)
        if game.setup_index + 1 < len(game.setup_order):
            moved = replace(game, state=state, setup_index=game.setup_index + 1)
            return moved, PhaseResult(state, events, rejected), sheets
        game, opened = _open_next_half(replace(game, state=state), dice)
        return game, PhaseResult(game.state, events + opened, rejected), sheets
    state, events = resolve_half(game.state, orders, dice)
    if state.half == 1:
        state, opened = open_half(state, 2, dice)
        game = replace(game, state=state)
        return game, PhaseResult(state, events + opened, rejected), sheets
    state, ended = end_of_turn(state, dice)
    events += ended
    if state.winner is not None:
        game = replace(game, state=state, step=OVER)
        return game, PhaseResult(state, events, rejected), sheets
    game, opened = _open_next_half(replace(game, state=state), dice)
    return game, PhaseResult(game.state, events + opened, rejected), sheets
