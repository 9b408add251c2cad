"""A ram / cruise / strategic game state to JSON and back, for storage, exactly.

Every field of every value in the state is written (ships with their crews and standing
orders, the sides, the options with the switches the game master gave, the phase, the
grapples with their last-to-inflict records, the half's record, the winner), so a stored game
plays on as if it had never left memory. The shape follows the state's own dataclasses field
by field, in their order; floats are written as Python writes them (the shortest text that
reads back to the same bits), sets as sorted lists so the same state always gives the same
text. A stored value of a later `FORMAT` than this code reads is refused with a sentence; a
key this code does not know, or a value of the wrong kind, is refused too (the store is
damaged or was written by other code), never dropped.

    state_to_json(state) -> dict          # the state alone
    state_from_json(data) -> GameState
    dataclass_to_json(value), dataclass_from_json(cls, data)   # the same for a value wrapping it
    game_to_json(state) -> dict           # the stored value: FORMAT_KEY and the state
    game_from_json(data) -> GameState     # ValueError (a sentence) for a newer format
"""

from __future__ import annotations

import math
import typing
from dataclasses import MISSING, fields, is_dataclass
from functools import lru_cache
from typing import Any, TypeVar

from pbem.rules.interface import FORMAT_KEY
from pbem.rules.ramcruise.state import GameState

FORMAT = 1
RULESET = "ram / cruise / strategic"
T = TypeVar("T")
_UNION = type(int | None)  # types.UnionType, without the module the rules may not import


class StoredGameError(ValueError):
    """A stored game this code cannot read, with the place in the data that is wrong."""


@lru_cache(maxsize=32)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _stored_fields(cls: type) -> tuple[str, ...]:
    # Private fields (GameState's ship index) are rebuilt on load, not stored.
    return tuple(f.name for f in fields(cls) if not f.name.startswith("_"))


def _encode(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {name: _encode(getattr(value, name)) for name in _stored_fields(type(value))}
    if isinstance(value, frozenset | set):
        return sorted(_encode(item) for item in value)
    if isinstance(value, tuple | list):
        return [_encode(item) for item in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"a game state holds {value!r}, which JSON cannot keep exactly")
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"the codec has no JSON for {type(value).__name__} values")


def _wrong(where: str, found: Any, wanted: str) -> StoredGameError:
    return StoredGameError(f"the stored game is damaged: {where} is {found!r}, not {wanted}")


def _decode(kind: Any, data: Any, where: str) -> Any:
    origin = typing.get_origin(kind)
    if isinstance(kind, type) and is_dataclass(kind):
        return _decode_dataclass(kind, data, where)
    if origin is _UNION or origin is typing.Union:
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        chosen = [option for option in options if option is not type(None)]
        if len(chosen) != 1:  # pragma: no cover - the state has only `X | None` unions
            raise TypeError(f"the codec reads only X | None unions, not {kind}")
        return _decode(chosen[0], data, where)
    if origin is tuple:
        if not isinstance(data, list):
            raise _wrong(where, data, "a list")
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], item, f"{where}[{n}]") for n, item in enumerate(data))
        if len(data) != len(args):
            raise _wrong(where, data, f"a list of {len(args)}")
        return tuple(_decode(arg, item, f"{where}[{n}]")
                     for n, (arg, item) in enumerate(zip(args, data, strict=True)))
    if origin is frozenset:
        if not isinstance(data, list):
            raise _wrong(where, data, "a list")
        (item_kind,) = typing.get_args(kind)
        return frozenset(_decode(item_kind, item, f"{where}[{n}]") for n, item in enumerate(data))
    if kind is bool:
        if not isinstance(data, bool):
            raise _wrong(where, data, "true or false")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise _wrong(where, data, "a whole number")
        return data
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise _wrong(where, data, "a number")
        return float(data)
    if kind is str:
        if not isinstance(data, str):
            raise _wrong(where, data, "text")
        return data
    raise TypeError(f"the codec cannot read {kind} values")  # pragma: no cover - state types


def _decode_dataclass(cls: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise _wrong(where, data, f"a table of {cls.__name__} fields")
    names = _stored_fields(cls)
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise StoredGameError(f"the stored game has {', '.join(map(repr, unknown))} in {where}, "
                              f"which {cls.__name__} does not have: it was written by other "
                              "code, or is damaged")
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for item in fields(cls):
        if item.name not in names:
            continue
        if item.name not in data:
            if item.default is MISSING and item.default_factory is MISSING:
                raise StoredGameError(f"the stored game has no {item.name!r} in {where}")
            continue  # a field written after this value was stored takes its default
        values[item.name] = _decode(hints[item.name], data[item.name], f"{where}.{item.name}")
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise StoredGameError(f"the stored game is damaged at {where}: {exc}") from None


def dataclass_to_json(value: Any) -> dict[str, Any]:
    """Any value built of the state's kinds of fields (a game wrapping the state, say) as JSON,
    the same way the state is written."""
    if not is_dataclass(value) or isinstance(value, type):
        raise TypeError(f"dataclass_to_json takes a dataclass value, not {type(value).__name__}")
    encoded: dict[str, Any] = _encode(value)
    return encoded


def dataclass_from_json(cls: type[T], data: Any, where: str = "value") -> T:
    """A value of `cls` back from `dataclass_to_json`; StoredGameError names what is wrong."""
    found: T = _decode_dataclass(cls, data, where)
    return found


def state_to_json(state: GameState) -> dict[str, Any]:
    """Every stored field of the state as JSON values (floats exact, sets sorted)."""
    return dataclass_to_json(state)


def state_from_json(data: dict[str, Any]) -> GameState:
    """The state back from `state_to_json`; StoredGameError (a ValueError) names what is wrong."""
    return dataclass_from_json(GameState, data, "state")


def game_to_json(state: GameState) -> dict[str, Any]:
    """The stored game value: the codec's format number and the state."""
    return {FORMAT_KEY: FORMAT, "state": state_to_json(state)}


def game_from_json(data: dict[str, Any]) -> GameState:
    """A stored game; ValueError for a format newer than this code reads, or damaged data."""
    found = data.get(FORMAT_KEY) if isinstance(data, dict) else None
    if isinstance(found, bool) or not isinstance(found, int) or found < 1:
        raise StoredGameError(f"this is no stored {RULESET} game: it has no format number "
                              f"(found {found!r})")
    if found > FORMAT:
        raise StoredGameError(f"this game was stored in {RULESET} format {found}; this judge "
                              f"reads up to format {FORMAT}: upgrade the judge to load it")
    state = data.get("state")
    if not isinstance(state, dict):
        raise StoredGameError(f"the stored game has no state table (found {state!r})")
    return state_from_json(state)
