"""A speed-band game state to JSON and back, exactly, for the host's store.

The whole `GameState` is written: every ship with its counts, rowers, per-turn marks, flight
heading and standing orders; the players, the links (with their throwers), the melee fronts,
last turn's melee pairs, this turn's record (activations, tries, locks, `revealed`), the
options with the switches the game master gave, the phase, the winner, scenario and title.
The JSON follows the dataclasses field by field in their order, so a field another module adds
to the state is stored without a change here. Floats are written as Python writes them (the
shortest text that reads back to the same bits), frozensets as sorted lists, so one state
always gives one text. Reading is strict: an unknown key or a value of the wrong kind is a
`StoredGameError` naming the place (damaged data, or data written by other code), never
dropped; a key the data lacks takes the field's default (a field added since it was stored).

    FORMAT                                  # the stored format number (FORMAT_KEY)
    state_to_json(state) -> dict; state_from_json(data) -> GameState
    game_to_json(state) -> dict             # {FORMAT_KEY: FORMAT, "state": ...}
    game_from_json(data) -> GameState       # StoredGameError (a ValueError) with a sentence
"""

from __future__ import annotations

import math
import typing
from dataclasses import MISSING, fields, is_dataclass
from functools import lru_cache
from typing import Any

from pbem.rules.interface import FORMAT_KEY
from pbem.rules.speedband.state import GameState

FORMAT = 1
RULESET = "speed-band"
_UNION = type(int | None)


class StoredGameError(ValueError):
    """A stored game that cannot be read, with the place in the data that is wrong."""


@lru_cache(maxsize=32)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _kept(cls: type) -> tuple[str, ...]:
    # A field whose name starts with "_" (the state's ship index) is rebuilt, not stored.
    return tuple(item.name for item in fields(cls) if not item.name.startswith("_"))


def _to_json(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {name: _to_json(getattr(value, name)) for name in _kept(type(value))}
    if isinstance(value, frozenset | set):
        return sorted(_to_json(item) for item in value)
    if isinstance(value, tuple | list):
        return [_to_json(item) for item in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"the state holds {value!r}, which JSON cannot keep exactly")
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"the speed-band codec has no JSON for a {type(value).__name__}")


def _damaged(where: str, found: Any, wanted: str) -> StoredGameError:
    return StoredGameError(f"the stored game is damaged: {where} is {found!r}, not {wanted}")


def _list(data: Any, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise _damaged(where, data, "a list")
    return data


def _from_json(kind: Any, data: Any, where: str) -> Any:
    if isinstance(kind, type) and is_dataclass(kind):
        return _record(kind, data, where)
    origin = typing.get_origin(kind)
    if origin is _UNION or origin is typing.Union:
        if data is None and type(None) in typing.get_args(kind):
            return None
        (inner,) = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        return _from_json(inner, data, where)
    if origin is tuple:
        items = _list(data, where)
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_json(args[0], item, f"{where}[{n}]") for n, item in enumerate(items))
        if len(items) != len(args):
            raise _damaged(where, data, f"a list of {len(args)}")
        return tuple(_from_json(arg, item, f"{where}[{n}]")
                     for n, (arg, item) in enumerate(zip(args, items, strict=True)))
    if origin is frozenset:
        (inner,) = typing.get_args(kind)
        return frozenset(_from_json(inner, item, f"{where}[{n}]")
                         for n, item in enumerate(_list(data, where)))
    return _scalar(kind, data, where)


def _scalar(kind: Any, data: Any, where: str) -> Any:
    if kind is bool:
        if not isinstance(data, bool):
            raise _damaged(where, data, "true or false")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise _damaged(where, data, "a whole number")
        return data
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise _damaged(where, data, "a number")
        return float(data)
    if kind is str:
        if not isinstance(data, str):
            raise _damaged(where, data, "text")
        return data
    raise TypeError(f"the speed-band codec cannot read {kind} values")  # pragma: no cover


def _record(cls: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise _damaged(where, data, f"a table of {cls.__name__} fields")
    names = _kept(cls)
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise StoredGameError(f"the stored game has {', '.join(map(repr, unknown))} in {where}, "
                              f"which a {cls.__name__} does not have: it was written by other "
                              "code, or is damaged")
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for item in fields(cls):
        if item.name not in names:
            continue
        if item.name not in data:
            if item.default is MISSING and item.default_factory is MISSING:
                raise StoredGameError(f"the stored game has no {item.name!r} in {where}")
            continue
        values[item.name] = _from_json(hints[item.name], data[item.name],
                                       f"{where}.{item.name}")
    try:
        return cls(**values)
    except (TypeError, ValueError) as wrong:
        raise StoredGameError(f"the stored game is damaged at {where}: {wrong}") from None


def state_to_json(state: GameState) -> dict[str, Any]:
    """Every stored field of the state as JSON values."""
    encoded: dict[str, Any] = _to_json(state)
    return encoded


def state_from_json(data: Any) -> GameState:
    """The state back from `state_to_json`; StoredGameError names what is wrong."""
    state: GameState = _record(GameState, data, "state")
    return state


def game_to_json(state: GameState) -> dict[str, Any]:
    """The stored game value: the format number and the state."""
    return {FORMAT_KEY: FORMAT, "state": state_to_json(state)}


def game_from_json(data: Any) -> GameState:
    """A stored game; StoredGameError for data without a format number, a format newer than
    this code reads, or a damaged state (keys beside the state, such as a set piece's notes,
    are the host's and are not read)."""
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
