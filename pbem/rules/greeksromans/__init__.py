"""Greeks vs Romans (shared/rules/004): the first open-table rule system.

The engine's surface, for the plug-in (`host.py`) and tests:

- `new_game(scenario, options, scenario_text=None) -> Game`, `SWITCHES`, `scenario_names()`,
  `scenario_sides(name)`, `scenario_title(name)`;
- `Game` (key, phase, phase_title, owes(), over, winner, turn, sides, state);
- `check(game, side, text, commands=None) -> OrderSheet`;
- `play_phase(game, submissions, dice) -> (Game, PhaseResult, sheets)`;
- `state_json(game)`: the state as every viewer and the case runner see it;
- `codec.game_to_json` / `codec.game_from_json`; `cases.play_case(case, name)`.
"""

from __future__ import annotations

from typing import Any

from pbem.rules.greeksromans.game import Game, check, new_game, play_phase
from pbem.rules.greeksromans.scenario import scenario_names, scenario_sides, scenario_title
from pbem.rules.greeksromans.switches import SWITCHES
from pbem.rules.greeksromans.view import state_json as _state_json


def state_json(game: Game) -> dict[str, Any]:
    """The runner's JSON shape: turn, half, initiative, winner, phase, ships with corners."""
    return _state_json(game.state, game.key)


def play_case(case: dict[str, Any], name: str) -> dict[str, Any]:
    """A rules case played (cases-open-table.md); see `cases.play_case`."""
    from pbem.rules.greeksromans import cases

    return cases.play_case(case, name)


__all__ = ["SWITCHES", "Game", "check", "new_game", "play_case", "play_phase", "scenario_names",
           "scenario_sides", "scenario_title", "state_json"]
