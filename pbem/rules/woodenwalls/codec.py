"""A Wooden Walls game state to JSON and back, exactly, for the host's store (build plan §1.5).

The whole `GameState` is written field by field through the shared `pbem.rules.statecodec`:
ships with their elements, holes, fires, oars and flags; links with their throwers; wind,
terrain (land and current polygons as their corners), players, the round (the deck, hidden from
players but kept here), each side's orders in force (every order as its own typed record, so a
standing queue entry or deck line plays on after a reload exactly as before), this round's
record, the options with the switches given, the phase, the winner and the scenario.

    FORMAT                                   # the stored format number (FORMAT_KEY)
    state_to_json(state) -> dict; state_from_json(data) -> GameState
    game_to_json(state) -> dict              # {FORMAT_KEY: FORMAT, "state": ...}
    game_from_json(data) -> GameState        # StoredGameError (a ValueError) with a sentence
"""

from __future__ import annotations

from typing import Any

from pbem.rules.interface import FORMAT_KEY
from pbem.rules.statecodec import Codec, Hook, StoredGameError, damaged
from pbem.rules.table import Polygon, Vec, area_polygon
from pbem.rules.woodenwalls.state import GameState

FORMAT = 1
RULESET = "wooden-walls"

__all__ = ["FORMAT", "StoredGameError", "game_from_json", "game_to_json", "state_from_json",
           "state_to_json"]


def _polygon_to_json(polygon: Polygon) -> list[list[float]]:
    return [[corner.x, corner.y] for corner in polygon.corners]


def _polygon_from_json(data: Any, where: str) -> Polygon:
    if not isinstance(data, list) or not all(
            isinstance(pair, list) and len(pair) == 2
            and all(isinstance(value, int | float) and not isinstance(value, bool) for value in pair)
            for pair in data):
        raise damaged(where, data, "a list of [x, y] corners")
    try:
        return area_polygon([Vec(float(x), float(y)) for x, y in data])
    except ValueError as wrong:
        raise StoredGameError(f"the stored game is damaged at {where}: {wrong}") from None


CODEC = Codec(RULESET, {Polygon: Hook(_polygon_to_json, _polygon_from_json)})


def state_to_json(state: GameState) -> dict[str, Any]:
    """Every stored field of the state as JSON values."""
    encoded: dict[str, Any] = CODEC.to_json(state, GameState)
    return encoded


def state_from_json(data: Any) -> GameState:
    """The state back from `state_to_json`; StoredGameError names what is wrong."""
    state: GameState = CODEC.record(GameState, data, "state")
    return state


def game_to_json(state: GameState) -> dict[str, Any]:
    """The stored game value: the format number and the state."""
    return {FORMAT_KEY: FORMAT, "state": state_to_json(state)}


def game_from_json(data: Any) -> GameState:
    """A stored game; StoredGameError for data without a format number, a format newer than this
    code reads, or a damaged state (keys beside the state are the host's and are not read)."""
    found = data.get(FORMAT_KEY) if isinstance(data, dict) else None
    if isinstance(found, bool) or not isinstance(found, int) or found < 1:
        raise StoredGameError(f"this is no stored {RULESET} game: it has no format number "
                              f"(found {found!r})")
    if found > FORMAT:
        raise StoredGameError(f"this game was stored in {RULESET} format {found}; this judge "
                              f"reads up to format {FORMAT}: upgrade the judge to load it")
    stored = data.get("state")
    if not isinstance(stored, dict):
        raise StoredGameError(f"the stored game has no state table (found {stored!r})")
    return state_from_json(stored)
