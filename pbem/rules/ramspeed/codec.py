"""Game values to plain JSON data and back, for storage. Round trips exactly."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.game import Game
from pbem.rules.ramspeed.state import Galley, GameState, Weapon
from pbem.rules.ramspeed.tables import Force, Scenario, ScenarioSide


def _galley(galley: Galley) -> dict[str, Any]:
    return {
        "id": galley.id, "side": galley.side, "type": galley.type,
        "bow": None if galley.bow is None else hexes.label(galley.bow),
        "facing": galley.facing,
        "weapons": [[w.type, w.damage] for w in galley.weapons],
        "boarding_parties": galley.boarding_parties,
        "hull_damage": galley.hull_damage, "rowing_damage": galley.rowing_damage,
        "drifting": galley.drifting, "drifted": galley.drifted, "double_used": galley.double_used,
        "triple_used": galley.triple_used, "grappled_with": sorted(galley.grappled_with),
        "controller": galley.controller, "merchantman": galley.merchantman,
        "status": galley.status, "exit_edge": galley.exit_edge,
        # a bow off the map (a galley that left) is kept as its last on-map hex, so labels do
    }


def _load_galley(data: dict[str, Any]) -> Galley:
    return Galley(
        id=data["id"], side=data["side"], type=data["type"],
        bow=None if data["bow"] is None else hexes.parse_label(data["bow"]),
        facing=data["facing"],
        weapons=tuple(Weapon(kind, damage) for kind, damage in data["weapons"]),
        boarding_parties=data["boarding_parties"], hull_damage=data["hull_damage"],
        rowing_damage=data["rowing_damage"], drifting=data["drifting"],
        drifted=data.get("drifted", False),
        double_used=data["double_used"], triple_used=data["triple_used"],
        grappled_with=frozenset(data["grappled_with"]), controller=data["controller"],
        merchantman=data["merchantman"], status=data["status"], exit_edge=data["exit_edge"],
    )


def scenario_to_json(scenario: Scenario) -> dict[str, Any]:
    return asdict(scenario)


def scenario_from_json(data: dict[str, Any]) -> Scenario:
    sides = tuple(
        ScenarioSide(name=s["name"], budget=s["budget"], zone=s["zone"],
                     forces=tuple(Force(**f) for f in s["forces"]))
        for s in data["sides"]
    )
    return Scenario(**{**data, "sides": sides, "special_rules": tuple(data["special_rules"])})


def state_to_json(state: GameState) -> dict[str, Any]:
    return {
        "columns": state.columns, "rows": state.rows, "turn": state.turn,
        "initiative": state.initiative, "scenario": state.scenario,
        "victory_rule": state.victory_rule, "winner": state.winner,
        "options": [[name, value] for name, value in state.options],
        "custom_scenario": (None if state.custom_scenario is None
                            else scenario_to_json(state.custom_scenario)),
        "galleys": [_galley(g) for g in state.galleys],
    }


def state_from_json(data: dict[str, Any]) -> GameState:
    custom = data["custom_scenario"]
    return GameState(
        columns=data["columns"], rows=data["rows"], turn=data["turn"],
        initiative=data["initiative"], scenario=data["scenario"],
        victory_rule=data["victory_rule"], winner=data["winner"],
        options=tuple((name, bool(value)) for name, value in data["options"]),
        custom_scenario=None if custom is None else scenario_from_json(custom),
        galleys=tuple(_load_galley(g) for g in data["galleys"]),
    )


def game_to_json(game: Game) -> dict[str, Any]:
    return {"state": state_to_json(game.state), "step": game.step, "sides": list(game.sides),
            "order": list(game.order), "index": game.index}


def game_from_json(data: dict[str, Any]) -> Game:
    sides = data["sides"]
    return Game(state=state_from_json(data["state"]), step=data["step"],
                sides=(sides[0], sides[1]), order=tuple(data["order"]), index=data["index"])
