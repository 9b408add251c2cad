"""The pieces of a speed-band view for tools (the JSON report's `pieces`) and their JSON Schema.

    report_pieces(view) -> list[dict]      # every ship of a view as an object
    PIECE_SCHEMA; pieces_schema()          # draft 2020-12, one piece

Read from a view (`view.view`), never from the state, so what the view hides stays out: a
ship's `crew` and `rowers` are null when `secret_records` keeps them from the viewer, and its
`standing` orders (with the corvus work counters) are null unless the viewer owns it. Calls
only the state's names.
"""

from __future__ import annotations

from typing import Any

from pbem.rules.speedband.shiptypes import BANDS, SECTIONS, TYPE_NAMES
from pbem.rules.speedband.state import CREWS, CUTS, LOSS_TYPES, OFF_TABLE, STATUSES

CREW_KEYS = ("archers", "soldiers", "officers", "officers_lost", "ballistae")


def _crew(ship: dict[str, Any]) -> dict[str, int] | None:
    if any(key not in ship for key in CREW_KEYS):
        return None
    return {key: int(ship[key]) for key in CREW_KEYS}


def _standing(ship: dict[str, Any]) -> dict[str, Any] | None:
    standing = ship.get("standing")
    if standing is None:
        return None
    return {"cut": standing["cut"], "melee": standing["melee"] or None,
            "losses": list(standing["losses"]), "raise": bool(standing["raise"]),
            "break": standing["break"] or None, "raise_count": int(ship.get("raise_count") or 0),
            "break_count": int(ship.get("break_count") or 0)}


def report_pieces(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every ship of a view as an object (PIECE_SCHEMA): place and corners (none off the
    table), type and tons, status and owner, hull and oar sections, crews, equipment, speeds
    and bands, links, and standing orders, each as far as the view shows it."""
    out = []
    for sid, ship in (view.get("ships") or {}).items():
        on = ship.get("status") not in OFF_TABLE
        out.append({
            "id": sid, "side": ship["side"], "owner": ship["owner"], "name": ship.get("name", ""),
            "type": ship["type"], "tons": ship["tons"], "status": ship["status"],
            "position": ({"x": ship["x"], "y": ship["y"], "heading": ship["heading"]}
                         if on else None),
            "corners": [list(corner) for corner in ship.get("corners") or []] if on else [],
            "hull": ship["hull"],
            "sections_lost": list(ship.get("sections_lost") or []),
            "rowers": list(ship["rowers"]) if "rowers" in ship else None,
            "crew": _crew(ship),
            "quality": ship["crew"],
            "equipment": {"tower": bool(ship["tower"]), "corvus": bool(ship["corvus"]),
                          "strengthened_bow": bool(ship["strengthened_bow"])},
            "move": {"band": ship["band"], "written_speed": ship["written_speed"],
                     "max_band": ship["max_band"], "last_band": ship["last_band"],
                     "last_speed": ship["last_speed"],
                     "dead_in_water": bool(ship["dead_in_water"]),
                     "activated": bool(ship["activated"])},
            "flight_heading": ship.get("flight_heading"),
            "links": {"linked_with": list(ship.get("grappled_with") or []),
                      "corvus_holds": ship.get("corvus_holds") or None},
            "standing": _standing(ship),
        })
    return out


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": list(properties),
            "properties": properties}


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": [{"type": "null"}, schema]}


_COUNT = {"type": "integer", "minimum": 0}
_ID = {"type": "string", "minLength": 1, "maxLength": 12}
_BAND = {"enum": list(BANDS)}
_FLAG = {"type": "boolean"}

PIECE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "A speed-band ship in the JSON report",
    **_object({
        "id": _ID,
        "side": {"type": "string", "minLength": 1},
        "owner": {"type": "string", "minLength": 1},
        "name": {"type": "string"},
        "type": {"enum": list(TYPE_NAMES)},
        "tons": {"type": "integer", "minimum": 1},
        "status": {"enum": list(STATUSES)},
        "position": _or_null(_object({
            "x": {"type": "number"}, "y": {"type": "number"},
            "heading": {"type": "integer", "minimum": 0, "maximum": 359}})),
        "corners": {"type": "array", "maxItems": 4, "items": {
            "type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}},
        "hull": {"type": "integer", "maximum": 100},
        "sections_lost": {"type": "array", "uniqueItems": True,
                          "items": {"type": "integer", "minimum": 1, "maximum": SECTIONS}},
        "rowers": _or_null({"type": "array", "items": _COUNT, "minItems": SECTIONS,
                            "maxItems": SECTIONS}),
        "crew": _or_null(_object({key: _COUNT for key in CREW_KEYS})),
        "quality": {"enum": list(CREWS)},
        "equipment": _object({"tower": _FLAG, "corvus": _FLAG, "strengthened_bow": _FLAG}),
        "move": _object({"band": _BAND, "written_speed": {"type": "number"}, "max_band": _BAND,
                         "last_band": _BAND, "last_speed": {"type": "number"},
                         "dead_in_water": _FLAG, "activated": _FLAG}),
        "flight_heading": _or_null({"enum": [0, 90, 180, 270]}),
        "links": _object({"linked_with": {"type": "array", "items": _ID},
                          "corvus_holds": _or_null(_ID)}),
        "standing": _or_null(_object({
            "cut": {"enum": list(CUTS)}, "melee": _or_null(_ID),
            "losses": {"type": "array", "minItems": 3, "maxItems": 3,
                       "items": {"enum": list(LOSS_TYPES)}},
            "raise": _FLAG, "break": _or_null(_ID),
            "raise_count": _COUNT, "break_count": _COUNT})),
    }),
}


def pieces_schema() -> dict[str, Any]:
    return PIECE_SCHEMA
