"""The state as plain data: the case runner's JSON (cases-open-table.md, ram-cruise items 4 and
7) and every player's view, as nothing is hidden in this game (rulings §4, last point).

    state_json(state) -> dict              # turn, phase, wind, options, sides, ships
    ship_json(state, ship) -> dict         # one ship's row, with its corners
    OFF_TABLE; loaded(row, turn) -> int    # what every reader of a ship's row needs

Enumerated values are lower case; lists of ship ids are in scenario order; positions are
rounded to 0.01" for reports only (G21); speeds are inches. The view carries the game's §22
switches (`options`, as `Options.as_json()` gives them), so a reader of the view needs nothing
else. Imports only the state and the table core."""

from __future__ import annotations

from typing import Any

from pbem.rules.ramcruise.state import GameState, Ship
from pbem.rules.table import report_point

OFF_TABLE = ("sunk", "fled")  # a ship's row in these statuses has no place on the table


def _in_order(state: GameState, ids: set[str] | frozenset[str]) -> list[str]:
    known = [ship.id for ship in state.ships if ship.id in ids]
    return known + sorted(name for name in ids if state.ship(name) is None)


def ship_json(state: GameState, ship: Ship) -> dict[str, Any]:
    """Every key of the case format's ship row, with its corners (G3 order)."""
    x, y = report_point(ship.pose.centre)
    last = {link.other(ship.id) for link in state.grapples
            if link.links(ship.id) and link.last_casualties == ship.id}
    return {
        "side": ship.side, "class": ship.ship_class, "name": ship.name,
        "x": x, "y": y, "heading": ship.heading,
        "crewmen": ship.crew.crewmen, "oars": ship.crew.oar, "deck": ship.crew.deck,
        "bowmen": ship.crew.bowmen, "marines": ship.crew.marines,
        "crewmen_class": ship.crew.crewmen_class, "bowmen_class": ship.crew.bowmen_class,
        "marines_class": ship.crew.marines_class,
        "tower": ship.tower, "ballistas": len(ship.ballistas),
        "ballistas_fired": list(ship.ballistas),
        "corvus": ship.gear == "corvus", "harpax": ship.gear == "harpax", "admiral": ship.flagship,
        "mode": ship.mode, "speed": ship.speed / 10, "fatigue": ship.fatigue,
        "sheared": ship.sheared, "status": ship.status, "routed": ship.routed,
        "countdown": ship.countdown, "countdown_skip": ship.countdown_skip,
        "embedded_in": ship.embedded_in,
        "grappled_with": list(state.grappled_with(ship.id)),
        "last_melee": _in_order(state, last),
        "seen_routed": _in_order(state, ship.seen_routed),
        "stance": ship.standing.stance, "onbreak": ship.standing.onbreak,
        "onshear": ship.standing.onshear, "losses": list(ship.standing.losses),
        "corners": [list(report_point(corner)) for corner in ship.polygon().corners],
    }


def state_json(state: GameState) -> dict[str, Any]:
    """The turn, the phase, the wind, the table, the switches, each side and every ship in
    scenario order."""
    return {
        "turn": state.phase.turn,
        "half": state.phase.half,
        "phase": state.phase.key,
        "phasing": state.phasing,
        "wind": state.wind,
        "winner": state.winner if state.winner is not None else "",
        "table": {"width": state.table.width, "height": state.table.height},
        "options": state.options.as_json(),
        "sides": {side.id: {"home": side.home, "start_points": side.start_points,
                            "fatigue": side.fatigue, "flagship_lost": side.flagship_lost}
                  for side in state.sides},
        "ships": {ship.id: ship_json(state, ship) for ship in state.ships},
    }


def loaded(ship: dict[str, Any], turn: int) -> int:
    """Ballistas loaded in `turn`: never fired, or fired two turns ago or more (§15.1)."""
    return sum(1 for fired in ship.get("ballistas_fired") or []
               if not fired or turn >= int(fired) + 2)
