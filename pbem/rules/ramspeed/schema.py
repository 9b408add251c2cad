"""The JSON Schema of one Ram Speed galley in the JSON report's `pieces` (present.pieces):
plain data, handed to the host through RulesetPlugin.pieces_schema."""

from __future__ import annotations

from typing import Any

PIECE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://pbem.example/schemas/ramspeed/pieces.schema.json",
    "title": "A Ram Speed galley in the JSON report",
    "description": "One entry of the report's `pieces`. `record` is absent when the game's secret "
    "records hide it from the reader.",
    "type": "object",
    "additionalProperties": False,
    "required": [
        "id",
        "side",
        "controller",
        "type",
        "status",
        "position",
        "hexes",
        "merchantman",
        "drifting",
        "adrift",
        "captured",
        "grappled_with",
    ],
    "properties": {
        "id": {"type": "string", "minLength": 1},
        "side": {"type": "string"},
        "controller": {
            "type": "string",
            "description": "the side commanding it now (a prize serves its captor)",
        },
        "type": {"enum": ["penteconter", "bireme", "trireme", "quinquereme"]},
        "status": {"enum": ["afloat", "sunk", "left_map"]},
        "position": {
            "description": "the bow hex and facing; null while not placed",
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["hex", "facing"],
                    "properties": {
                        "hex": {"$ref": "#/$defs/hex"},
                        "facing": {"enum": ["E", "SE", "SW", "W", "NW", "NE"]},
                    },
                },
            ],
        },
        "hexes": {
            "type": "array",
            "items": {"$ref": "#/$defs/hex"},
            "description": "every hex it covers, bow first",
        },
        "merchantman": {"type": "boolean"},
        "drifting": {"type": "boolean"},
        "adrift": {"type": "boolean"},
        "captured": {"type": "boolean"},
        "grappled_with": {"type": "array", "items": {"type": "string"}},
        "record": {
            "type": "object",
            "additionalProperties": False,
            "required": [
                "hull",
                "rowing",
                "movement_allowance",
                "boarding_parties",
                "weapons",
                "double_speed_left",
                "triple_speed_left",
            ],
            "properties": {
                "hull": {"$ref": "#/$defs/damage", "description": "sinks when damage reaches sinks_at"},
                "rowing": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["damage", "drifts_at"],
                    "properties": {
                        "damage": {"type": "integer", "minimum": 0},
                        "drifts_at": {"type": "integer", "minimum": 1},
                    },
                },
                "movement_allowance": {"type": "integer", "minimum": 0},
                "boarding_parties": {"type": "integer", "minimum": 0},
                "weapons": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["type", "damage"],
                        "properties": {
                            "type": {"enum": ["archer", "arbalest", "catapult", "onager"]},
                            "damage": {"type": "integer", "minimum": 0},
                        },
                    },
                },
                "double_speed_left": {"type": "integer", "minimum": 0, "maximum": 3},
                "triple_speed_left": {"type": "integer", "minimum": 0, "maximum": 1},
            },
        },
    },
    "$defs": {
        "hex": {"type": "string", "pattern": "^[0-9]{4}$"},
        "damage": {
            "type": "object",
            "additionalProperties": False,
            "required": ["damage", "sinks_at"],
            "properties": {
                "damage": {"type": "integer", "minimum": 0},
                "sinks_at": {"type": "integer", "minimum": 1},
            },
        },
    },
}
