"""Game values to JSON and back, for storage; round trips exactly (floats are kept whole, not
rounded). A stored value of a later format than this code reads is refused."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from pbem.rules.greeksromans.game import Game
from pbem.rules.greeksromans.state import GameState, Ship
from pbem.rules.greeksromans.switches import Options
from pbem.rules.interface import FORMAT_KEY

FORMAT = 1
_SHIP_FIELDS = tuple(f.name for f in fields(Ship))


def _ship(ship: Ship) -> dict[str, Any]:
    return {name: getattr(ship, name) for name in _SHIP_FIELDS}


def state_to_json(state: GameState) -> dict[str, Any]:
    return {
        "ships": [_ship(ship) for ship in state.ships],
        "sides": list(state.sides),
        "options": asdict(state.options),
        "turn": state.turn, "half": state.half, "initiative": state.initiative,
        "last_initiative_loser": state.last_initiative_loser, "bonus": state.bonus,
        "action_points": [[name, points] for name, points in state.action_points],
        "winner": state.winner, "scenario": state.scenario, "title": state.title,
    }


def state_from_json(data: dict[str, Any]) -> GameState:
    sides = data["sides"]
    return GameState(
        ships=tuple(Ship(**{name: row[name] for name in _SHIP_FIELDS if name in row})
                    for row in data["ships"]),
        sides=(sides[0], sides[1]), options=Options(**data["options"]),
        turn=data["turn"], half=data["half"], initiative=data["initiative"],
        last_initiative_loser=data["last_initiative_loser"], bonus=data["bonus"],
        action_points=tuple((name, points) for name, points in data["action_points"]),
        winner=data["winner"], scenario=data["scenario"], title=data["title"],
    )


def game_to_json(game: Game) -> dict[str, Any]:
    return {FORMAT_KEY: FORMAT, "state": state_to_json(game.state), "step": game.step,
            "setup_order": list(game.setup_order), "setup_index": game.setup_index}


def game_from_json(data: dict[str, Any]) -> Game:
    """A stored game; ValueError for a format newer than this code reads."""
    found = data.get(FORMAT_KEY, 1)
    if not isinstance(found, int) or found > FORMAT:
        raise ValueError(f"this game was stored in Greeks vs Romans format {found}; this judge "
                         f"reads up to format {FORMAT}: upgrade the judge")
    return Game(state=state_from_json(data["state"]), step=data["step"],
                setup_order=tuple(data["setup_order"]), setup_index=data["setup_index"])
