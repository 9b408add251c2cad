"""The pieces of a Wooden Walls view for tools (the JSON report's `ships`) and their JSON Schema
(build plan §1.5, §6).

    report_pieces(view) -> list[dict]      # every ship of a view as an object
    PIECE_SCHEMA; pieces_schema()          # draft 2020-12, one piece

Read from a view (`sideview.view`), never from the state, so what the view hides stays out: a
crew quality the viewer does not know (§16: an enemy's unrevealed, or any for an observer) is
null. Everything else of a ship is public (§16). Calls only the state's names.
"""

from __future__ import annotations

from typing import Any

from pbem.rules.woodenwalls.seamanship import QUALITIES
from pbem.rules.woodenwalls.shipstate import (
    BOARD_SIDES,
    FLAGS,
    FLAGSHIPS,
    FLED,
    GRADES,
    HULK_REASONS,
    KINDS,
    MISSILES,
    SPEEDS,
    STATUSES,
)
from pbem.rules.woodenwalls.shiptypes import AREAS, PROTECTIONS, TYPE_IDS

HOLE_SIZES = ("S", "M", "L")


def _link_entries(ship_id: str, entries: list[Any]) -> list[str]:
    found = []
    for entry in entries:
        words = str(entry).split()
        if len(words) > 1 and ship_id in words[1].split(">"):
            found.append(str(entry))
    return found


def _element(element: dict[str, Any]) -> dict[str, Any]:
    return {"area": element["area"], "side": element["side"], "kind": element["kind"],
            "grade": element.get("grade") or None, "armour": bool(element.get("armour")),
            "shield": bool(element.get("shield")), "missile": element.get("missile") or None,
            "home": element["home"]}


def report_pieces(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every ship of a view as an object (PIECE_SCHEMA): side, controller and player, type,
    status, place and corners (none off the table), speed and maximum, quality (null unless the
    view shows it), flag, ram, equipment, elements, holes, fires, oars and links."""
    out = []
    links = list(view.get("links") or ())
    for sid, ship in (view.get("ships") or {}).items():
        on = ship.get("status") != FLED and not ship.get("removed")
        out.append({
            "id": sid, "side": ship["side"], "controller": ship["controller"],
            "player": ship.get("player") or ship["side"], "type": ship["type"],
            "status": ship["status"], "hulk_reason": ship.get("hulk_reason") or None,
            "position": ({"x": ship["x"], "y": ship["y"], "heading": ship["heading"]}
                         if on else None),
            "corners": [list(corner) for corner in ship.get("corners") or []] if on else [],
            "speed": ship["speed"], "max_speed": ship.get("max_speed"),
            "quality": ship.get("quality") or None,
            "flag": ship.get("flag") or None, "flagship": ship.get("flagship") or None,
            "ram": bool(ship.get("ram")), "confused": bool(ship.get("confused")),
            "equipment": {"protection": ship.get("protection") or None,
                          "towers": list(ship.get("towers") or ()),
                          "corvus": bool(ship.get("corvus")), "harpax": bool(ship.get("harpax")),
                          "fire": bool(ship.get("fire")), "grapnels": bool(ship.get("grapnels")),
                          "toughened": bool(ship.get("toughened"))},
            "elements": [_element(element) for element in ship.get("elements") or ()],
            "holes": list(ship.get("holes") or ()), "added": list(ship.get("added") or ()),
            "hole_units": int(ship.get("hole_units") or 0),
            "fires": {area: int(level) for area, level in (ship.get("fires") or {}).items()},
            "oars_lost": list(ship.get("oars_lost") or ()),
            "shipped": list(ship.get("shipped") or ()),
            "steering_lost": list(ship.get("steering_lost") or ()),
            "links": _link_entries(sid, links),
        })
    return out


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": list(properties),
            "properties": properties}


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": [{"type": "null"}, schema]}


def _enum(values: tuple[Any, ...]) -> dict[str, Any]:
    return {"enum": [value for value in values if value != ""]}


_ID = {"type": "string", "minLength": 1, "maxLength": 12}
_NAME = {"type": "string", "minLength": 1}
_FLAG = {"type": "boolean"}
_SECTION = {"type": "string", "pattern": "^[PS][1-9][0-9]*$"}
_LINK = {"type": "string", "pattern": "^(grapple [^ >]+>[^ >]+ [1-9][0-9]*|(ram|corvus) [^ >]+>[^ >]+)$"}

PIECE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "A Wooden Walls ship in the JSON report",
    **_object({
        "id": _ID, "side": _NAME, "controller": _NAME, "player": _NAME,
        "type": _enum(TYPE_IDS),
        "status": _enum(STATUSES),
        "hulk_reason": _or_null(_enum(HULK_REASONS)),
        "position": _or_null(_object({
            "x": {"type": "number"}, "y": {"type": "number"},
            "heading": {"type": "number", "minimum": 0, "maximum": 360}})),
        "corners": {"type": "array", "maxItems": 8, "items": {
            "type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}},
        "speed": _enum(SPEEDS),
        "max_speed": _or_null({"type": "integer", "minimum": 0, "maximum": 4}),
        "quality": _or_null(_enum(QUALITIES)),
        "flag": _or_null(_enum(FLAGS)),
        "flagship": _or_null(_enum(FLAGSHIPS)),
        "ram": _FLAG, "confused": _FLAG,
        "equipment": _object({
            "protection": _or_null(_enum(PROTECTIONS)),
            "towers": {"type": "array", "uniqueItems": True, "items": _enum(AREAS[3:])},
            "corvus": _FLAG, "harpax": _FLAG, "fire": _FLAG, "grapnels": _FLAG,
            "toughened": _FLAG}),
        "elements": {"type": "array", "items": _object({
            "area": _enum(AREAS), "side": _NAME, "kind": _enum(KINDS),
            "grade": _or_null(_enum(GRADES)), "armour": _FLAG, "shield": _FLAG,
            "missile": _or_null(_enum(MISSILES)), "home": _ID})},
        "holes": {"type": "array", "items": _enum(HOLE_SIZES)},
        "added": {"type": "array", "items": _enum(HOLE_SIZES)},
        "hole_units": {"type": "integer", "minimum": 0},
        "fires": {"type": "object", "additionalProperties": False,
                  "properties": {area: {"type": "integer", "minimum": 0, "maximum": 4}
                                 for area in AREAS}},
        "oars_lost": {"type": "array", "uniqueItems": True, "items": _SECTION},
        "shipped": {"type": "array", "uniqueItems": True, "items": _enum(BOARD_SIDES)},
        "steering_lost": {"type": "array", "uniqueItems": True, "items": _enum(BOARD_SIDES)},
        "links": {"type": "array", "items": _LINK},
    }),
}


def pieces_schema() -> dict[str, Any]:
    return PIECE_SCHEMA
