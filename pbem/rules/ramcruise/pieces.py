"""The pieces of a ram / cruise / strategic view for tools (the JSON report's `pieces`) and their
JSON Schema.

    report_pieces(view) -> list[dict]      # every ship of a view as an object
    PIECE_SCHEMA; pieces_schema()          # draft 2020-12, one piece

Read from a view (view.py's `state_json`), never from the state. Calls only `view`.
"""

from __future__ import annotations

from typing import Any

from pbem.rules.ramcruise.view import OFF_TABLE, loaded


def report_pieces(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every ship of a view as an object (PIECE_SCHEMA): place and corners (none off the
    table), crews by type, class and duty, equipment, ballistas loaded, status, move, fatigue,
    shears, countdown, links and standing orders."""
    turn = int(view.get("turn") or 0)
    out = []
    for sid, ship in (view.get("ships") or {}).items():
        on = ship.get("status") not in OFF_TABLE
        countdown = int(ship.get("countdown") or 0)
        out.append({
            "id": sid, "side": ship["side"], "name": ship.get("name", ""),
            "class": ship["class"], "status": ship["status"], "routed": bool(ship.get("routed")),
            "position": ({"x": ship["x"], "y": ship["y"], "heading": ship["heading"]}
                         if on else None),
            "corners": [list(corner) for corner in ship.get("corners") or []] if on else [],
            "crew": {"crewmen": {"count": ship["crewmen"], "class": ship["crewmen_class"],
                                 "oars": ship["oars"], "deck": ship["deck"]},
                     "bowmen": {"count": ship["bowmen"], "class": ship["bowmen_class"]},
                     "marines": {"count": ship["marines"], "class": ship["marines_class"]}},
            "equipment": {"tower": bool(ship.get("tower")), "ballistas": int(ship.get("ballistas") or 0),
                          "corvus": bool(ship.get("corvus")), "harpax": bool(ship.get("harpax")),
                          "admiral": bool(ship.get("admiral"))},
            "ballistas_loaded": loaded(ship, turn),
            "move": {"mode": ship["mode"], "speed": ship["speed"]},
            "fatigue": ship["fatigue"], "sheared": ship["sheared"],
            "countdown": ({"turns": countdown, "skip": bool(ship.get("countdown_skip"))}
                          if countdown else None),
            "links": {"grappled_with": list(ship.get("grappled_with") or []),
                      "embedded_in": ship.get("embedded_in") or None,
                      "last_melee": list(ship.get("last_melee") or [])},
            "standing": {"stance": ship["stance"], "onbreak": ship["onbreak"],
                         "onshear": ship["onshear"], "losses": list(ship["losses"])},
        })
    return out


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": list(properties),
            "properties": properties}


_COUNT = {"type": "integer", "minimum": 0}
_CREW_CLASS = {"enum": ["elite", "regular", "green"]}
_IDS = {"type": "array", "items": {"type": "string", "minLength": 1}}

PIECE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "A ram / cruise / strategic ship in the JSON report",
    **_object({
        "id": {"type": "string", "minLength": 1, "maxLength": 12},
        "side": {"type": "string", "minLength": 1},
        "name": {"type": "string"},
        "class": {"enum": ["monoreme", "bireme", "trireme", "quinquereme", "sixteen"]},
        "status": {"enum": ["afloat", "sinking", "sunk", "surrendered", "fled"]},
        "routed": {"type": "boolean"},
        "position": {"oneOf": [{"type": "null"}, _object({
            "x": {"type": "number"}, "y": {"type": "number"},
            "heading": {"type": "integer", "minimum": 0, "maximum": 359}})]},
        "corners": {"type": "array", "maxItems": 4, "items": {
            "type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}},
        "crew": _object({
            "crewmen": _object({"count": _COUNT, "class": _CREW_CLASS, "oars": _COUNT, "deck": _COUNT}),
            "bowmen": _object({"count": _COUNT, "class": _CREW_CLASS}),
            "marines": _object({"count": _COUNT, "class": _CREW_CLASS})}),
        "equipment": _object({"tower": {"type": "boolean"}, "ballistas": _COUNT,
                              "corvus": {"type": "boolean"}, "harpax": {"type": "boolean"},
                              "admiral": {"type": "boolean"}}),
        "ballistas_loaded": _COUNT,
        "move": _object({"mode": {"enum": ["strategic", "cruise", "ram", "back", "stay"]},
                         "speed": {"type": "number", "minimum": 0}}),
        "fatigue": _COUNT,
        "sheared": {"type": "integer", "minimum": 0, "maximum": 2},
        "countdown": {"oneOf": [{"type": "null"}, _object({
            "turns": {"type": "integer", "minimum": 1}, "skip": {"type": "boolean"}})]},
        "links": _object({"grappled_with": _IDS,
                          "embedded_in": {"type": ["string", "null"], "minLength": 1},
                          "last_melee": _IDS}),
        "standing": _object({"stance": {"enum": ["resist", "accept"]},
                             "onbreak": {"enum": ["resist", "accept"]},
                             "onshear": {"enum": ["grapple", "none"]},
                             "losses": {"type": "array", "minItems": 1, "items": {
                                 "enum": ["mar", "bow", "deck", "oar"]}}}),
    }),
}


def pieces_schema() -> dict[str, Any]:
    return PIECE_SCHEMA
