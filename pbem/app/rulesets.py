"""The host's view of a rule system: a game value it can store, advance and replay.

Only Ram Speed exists so far; the host code goes through this table, not through hexes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pbem.rules.dice import Dice
from pbem.rules.events import Event
from pbem.rules.interface import OrderSheet, PhaseResult, PhaseSpec
from pbem.rules.ramspeed import codec, phases
from pbem.rules.ramspeed.game import OVER, Game, new_game, play_phase
from pbem.rules.ramspeed.hints import order_hints
from pbem.rules.ramspeed.ruleset import RamSpeed
from pbem.rules.ramspeed.tables import TableError, default_tables, scenario_from_text
from pbem.rules.ramspeed.view import state_json


@dataclass(frozen=True)
class HostedGame:
    """A game value with what the host needs to ask of it."""

    value: Game

    @property
    def key(self) -> str:
        return self.value.key

    @property
    def over(self) -> bool:
        return self.value.step == OVER

    @property
    def phase(self) -> PhaseSpec:
        return self.value.phase

    @property
    def sides(self) -> tuple[str, ...]:
        return self.value.sides

    @property
    def turn(self) -> int:
        return self.value.state.turn

    @property
    def winner(self) -> str | None:
        return self.value.state.winner

    @cached_property
    def _owes(self) -> tuple[str, ...]:
        return self.value.owes()

    def owes(self) -> tuple[str, ...]:
        return self._owes

    def zone(self, side: str) -> str:
        return self.value.zone(side)

    def check(self, side: str, text: str, commands: frozenset[str] | None = None) -> OrderSheet:
        """A side's orders checked; `commands` limits them to one player's galleys (15.2)."""
        phase = self.value.phase
        return phases.check(self.value.state, PhaseSpec(phase.kind, side, phase.zone), text,
                            commands=commands)[0]

    def play(self, submissions: Sequence[tuple[str, str]],
             dice: Dice) -> tuple[HostedGame, PhaseResult, tuple[OrderSheet, ...]]:
        game, result, sheets = play_phase(self.value, submissions, dice)
        return HostedGame(game), result, sheets

    def galleys_of(self, side: str) -> list[str]:
        return [g.id for g in self.value.state.galleys if g.owner == side]

    def to_json(self) -> dict[str, Any]:
        return codec.game_to_json(self.value)

    def view(self, side: str | None) -> dict[str, Any]:
        return RamSpeed().view(self.value.state, side)

    def full_view(self) -> dict[str, Any]:
        """Everything, for the game master."""
        return state_json(self.value.state, self.value.step)

    def view_events(self, events: tuple[Event, ...], side: str | None) -> list[dict[str, Any]]:
        return RamSpeed().view_events(self.value.state, events, side)

    def hints(self, side: str) -> dict[str, list[str]]:
        phase = self.value.phase
        return order_hints(self.value.state, side, phase.kind, phase.zone)

    @property
    def scenario_name(self) -> str:
        return self.value.scenario.name

    def house_rules(self) -> tuple[str, ...]:
        return default_tables().house_rules + self.value.scenario.special_rules


def start(ruleset: str, scenario: str, options: Sequence[tuple[str, bool]] = (),
          columns: int | None = None, rows: int | None = None,
          scenario_text: str | None = None) -> HostedGame:
    """A new game of a built-in scenario by name, or of a game master's own scenario file
    (its text; `scenario` is then the file's name, for messages)."""
    if ruleset != "ramspeed":
        raise ValueError(f"the {ruleset} rules are not available yet; use ramspeed")
    try:
        chosen = (scenario if scenario_text is None
                  else scenario_from_text(scenario_text, scenario, default_tables()))
        return HostedGame(new_game(chosen, options, columns, rows))
    except TableError as exc:
        raise ValueError(str(exc)) from None


def load(ruleset: str, data: dict[str, Any]) -> HostedGame:
    if ruleset != "ramspeed":
        raise ValueError(f"the {ruleset} rules are not available yet")
    return HostedGame(codec.game_from_json(data))
