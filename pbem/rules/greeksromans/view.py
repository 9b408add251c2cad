"""The state as plain data: the rules-case runner's JSON (cases-open-table.md items 7 and 8),
which is also what every player sees (§15: no hidden information). Positions are rounded to
0.01" here and only here (§5.3)."""

from __future__ import annotations

from typing import Any

from pbem.rules.greeksromans.state import GameState, Ship
from pbem.rules.table import report_length, report_point


def ship_json(state: GameState, ship: Ship) -> dict[str, Any]:
    data: dict[str, Any] = {
        "side": ship.side,
        "nationality": ship.nationality,
        "controller": ship.controller,
        "status": ship.status,
        "x": report_length(ship.x),
        "y": report_length(ship.y),
        "heading": ship.heading,
        "sailors": ship.sailors,
        "marines": ship.marines,
        "captain": ship.captain,
        "catapult": ship.catapult,
        "catapult_crew": ship.catapult_crew,
        "admiral": ship.admiral,
        "flagship": ship.flagship,
        "length": ship.length,
        "beam": ship.beam,
        "corners": [list(report_point(corner)) for corner in ship.polygon().corners],
    }
    points = state.ap(ship.id) if state.half else None
    if points is not None:
        data["action_points"] = points
    return data


def state_json(state: GameState, phase: str = "") -> dict[str, Any]:
    """turn, half, initiative, winner, phase, the bonus and every ship with its corners."""
    return {
        "turn": state.turn,
        "half": state.half,
        "phase": phase,
        "initiative": state.initiative,
        "last_initiative_loser": state.last_initiative_loser,
        "phasing": state.phasing,
        "bonus": state.bonus if state.half else None,
        "winner": state.winner,
        "table": {"width": state.table.width, "height": state.table.height},
        "ships": {ship.id: ship_json(state, ship) for ship in state.ships},
    }
