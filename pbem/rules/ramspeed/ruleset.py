"""Ram Speed behind the ruleset interface that the host uses for every rule system."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.rules.dice import Dice
from pbem.rules.events import Event
from pbem.rules.interface import OrderSheet, PhaseResult, PhaseSpec, Ruleset
from pbem.rules.ramspeed import phases
from pbem.rules.ramspeed.state import GameState
from pbem.rules.ramspeed.view import side_events, side_view


class RamSpeed:
    name = "ramspeed"

    def phases(self) -> Sequence[str]:
        return phases.PHASES

    def check(self, state: Any, phase: PhaseSpec, text: str) -> OrderSheet:
        assert isinstance(state, GameState)
        return phases.check(state, phase, text)[0]

    def resolve(self, state: Any, phase: PhaseSpec, sheets: Sequence[OrderSheet],
                dice: Dice) -> PhaseResult:
        assert isinstance(state, GameState)
        return phases.resolve(state, phase, sheets, dice)

    def view(self, state: Any, side: str | None) -> dict[str, Any]:
        assert isinstance(state, GameState)
        return side_view(state, side)

    def view_events(self, state: Any, events: tuple[Event, ...],
                    side: str | None) -> list[dict[str, Any]]:
        assert isinstance(state, GameState)
        return side_events(events, state, side)


def ramspeed() -> Ruleset:
    return RamSpeed()
