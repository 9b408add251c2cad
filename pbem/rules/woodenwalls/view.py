"""What the state looks like from outside (build plan §6, §8). For now `state_json`: the whole
state for the game master and the rules cases (cases-open-table.md, Wooden Walls items 8 and
9), nothing hidden: every ship with the expectation fields of WW 8 (`x y heading speed status
controller flag hole_units holes added oars_lost shipped steering_lost ram confused revealed
max_speed`), its other fields, its eight `corners` in G3's order, and its element counts as flat
keys `"<area>.<side>.<kind>"` (so the host reads `"RH-ATHENA.B.rhodes.marines"`); and the deck,
legs, first player, wind, links, won shootings and winner in WW 8's orders. The per-side view
(§16) comes later.

`max_speed` is `speeds.max_speed` (§4.2), imported when first needed; until that module is
there the key is left out. Imports the state, `elements.case_counts` and the core's reporting
(G21).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pbem.rules.table import Polygon, report_length, report_point
from pbem.rules.woodenwalls.elements import counts, deck_capacity, frontage, over_crewed
from pbem.rules.woodenwalls.shiptypes import AREAS
from pbem.rules.woodenwalls.state import Element, GameState, Ship


def _number(value: float) -> int | float:
    """A whole value as an int (headings 30, not 30.0), else the float."""
    return int(value) if float(value).is_integer() else value


def _max_speed() -> Callable[[GameState, Ship], int] | None:
    try:
        speeds = importlib.import_module("pbem.rules.woodenwalls.speeds")
    except ImportError:
        return None
    found: Callable[[GameState, Ship], int] | None = getattr(speeds, "max_speed", None)
    return found


def _corners(polygon: Polygon) -> list[tuple[float, float]]:
    return [report_point(corner) for corner in polygon.corners]


def element_json(element: Element) -> dict[str, Any]:
    """An element as a case row writes it (`armour`, `shield`; grade "" for an engine)."""
    return {"area": element.area, "kind": element.kind, "side": element.side, "home": element.home,
            "grade": element.grade, "armour": element.armoured, "shield": element.shielded,
            "missile": element.missile}


def _by_area(ship: Ship, values: tuple[int, ...]) -> dict[str, int]:
    return {area: values[AREAS.index(area)] for area in ship.areas}


def ship_json(state: GameState, ship: Ship,
              max_speed: Callable[[GameState, Ship], int] | None = None) -> dict[str, Any]:
    """One ship: WW 8's fields (`controller` the side controlling it now), the rest of its
    row's keys, `corners` in G3 order (0.01 SL), §4.4's deck capacity, frontage and
    over-crewing, `elements` in the order held, and its counts
    `"<area>.<side>.<kind>"` for every area it has, each side of the game and each kind."""
    x, y = report_point(ship.pose.centre)
    found: dict[str, Any] = {
        "type": ship.type, "side": ship.side, "player": ship.player or ship.side,
        "x": x, "y": y, "heading": _number(ship.heading), "speed": ship.speed,
        "status": ship.status, "controller": ship.owner, "flag": ship.flag,
        "hole_units": ship.hole_units, "holes": list(ship.holes), "added": list(ship.added),
        "oars_lost": list(ship.oars_lost), "shipped": [oars.side for oars in ship.shipped],
        "steering_lost": list(ship.steering_lost), "ram": ship.ram, "confused": ship.confused,
        "revealed": ship.revealed,
    }
    if max_speed is not None:
        found["max_speed"] = max_speed(state, ship)
    found.update({
        "quality": ship.quality, "quality_assigned": ship.quality_assigned,
        "protection": ship.protection, "toughened": ship.toughened, "towers": list(ship.towers),
        "corvus": ship.corvus, "harpax": ship.harpax, "fire": ship.fire, "grapnels": ship.grapnels,
        "flagship": ship.flagship, "flotilla": ship.flotilla, "loaded": ship.loaded,
        "fires": _by_area(ship, ship.fires), "fire_total": ship.fire_total,
        "ap_markers": _by_area(ship, ship.ap_markers),
        "hulk_reason": ship.hulk_reason, "removed": ship.removed, "captured": ship.captured,
        "corvus_failed": ship.corvus_failed, "activations": ship.activations, "acted": ship.acted,
        "on_defaults": ship.on_defaults,
        "deck_capacity": deck_capacity(ship), "frontage": frontage(ship), "over_crewed": over_crewed(ship),
        "shipped_at": [[oars.side, oars.round, oars.card] for oars in ship.shipped],
        "corners": [list(report_point(corner)) for corner in ship.polygon.corners],
        "elements": [element_json(element) for element in ship.elements],
    })
    found.update(counts(ship, state.sides))
    return found


def state_json(state: GameState) -> dict[str, Any]:
    """The whole state (game master, cases): the phase, the table, sides and players, every
    ship in scenario order (under "ships", keyed by id), the round (deck, legs, cards turned,
    card, first and second players), wind, links and won shootings (WW 8's order), this round's
    marks, the winner ("" none yet) and the switches."""
    legs = state.round.legs
    record = state.record
    max_speed = _max_speed()
    return {
        "phase": state.phase.key, "round": state.phase.round, "leg": state.phase.leg,
        "scenario": "default" if state.options.scenario_text is None else "file",
        "table": {"width": _number(state.table.width), "height": _number(state.table.height)},
        "sides": list(state.sides),
        "players": [{"id": player.id, "side": player.side} for side in state.sides
                    for player in state.players_of(side)],
        "ships": {ship.id: ship_json(state, ship, max_speed) for ship in state.ships},
        "deck": list(state.round.deck),
        "legs": [] if legs is None else [list(leg) for leg in legs.legs],
        "turned": state.round.turned, "cards_turned": list(state.round.cards_turned),
        "card": state.round.card, "action_phase": state.round.action_phase,
        "first_player": state.round.first_player, "second_player": state.round.second_player,
        "last_second": state.round.last_second,
        "deck_first_player": state.round.deck_first_player,
        "deck_phases": state.round.deck_phases,
        "wind": state.wind.notation,
        "links": list(state.link_entries()),
        "won_shooting": list(state.won_shooting_entries()),
        "record": {"holed": list(record.holed), "hit": list(record.hit),
                   "rammed": [[mark.ship, report_length(mark.x), report_length(mark.y)]
                              for mark in record.rammed],
                   "sunk": [[mark.ship, report_length(mark.x), report_length(mark.y)]
                            for mark in record.sunk]},
        "terrain": {"land": [[list(corner) for corner in _corners(land)] for land in state.terrain.land],
                    "currents": [{"polygon": [list(corner) for corner in _corners(current.polygon)],
                                  "heading": _number(current.heading), "strength": current.strength}
                                 for current in state.terrain.currents]},
        "winner": state.winner,
        "options": {name: value for name, value in state.options.as_json().items()
                    if name != "scenario"},
    }
