"""Frozen dataclass states to JSON and back, exactly, driven by the type hints (for any ruleset's
`codec.py`).

A dataclass is a JSON object of its fields in their order (a field whose name starts with "_" is
an index the value rebuilds, and is not written); tuples and lists are lists, frozensets sorted
lists, floats as Python writes them (the shortest text that reads back to the same bits), so one
value always gives one text. Where a field's type is a union of several dataclasses (an order
that is a `Segment` or a `Toward`), the object carries the class's name under `"type"` so that
it reads back as the same class; a union of a dataclass with scalars is read by the JSON kind
found. `hooks` give a type its own JSON (a polygon as its corners). Reading is strict: an unknown
key, a value of the wrong kind or a value the class refuses is a `StoredGameError` naming the
place, never dropped; a missing key takes the field's default (a field added since).

    Codec(name, hooks).to_json(value, kind) -> JSON;  .from_json(kind, data, where) -> value
"""

from __future__ import annotations

import math
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from functools import lru_cache
from typing import Any

TYPE_KEY = "type"
_UNION = type(int | None)  # types.UnionType, without the module the rules may not import


class StoredGameError(ValueError):
    """A stored game that cannot be read, with the place in the data that is wrong."""


@dataclass(frozen=True)
class Hook:
    """A type's own JSON: `encode(value)` and `decode(data, where)`."""

    encode: Callable[[Any], Any]
    decode: Callable[[Any, str], Any]


@lru_cache(maxsize=128)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def kept_fields(cls: type) -> tuple[str, ...]:
    """The fields written: all but those whose name starts with "_"."""
    return tuple(item.name for item in fields(cls) if not item.name.startswith("_"))


def damaged(where: str, found: Any, wanted: str) -> StoredGameError:
    return StoredGameError(f"the stored game is damaged: {where} is {found!r}, not {wanted}")


def _members(kind: Any) -> tuple[Any, ...]:
    origin = typing.get_origin(kind)
    if origin is _UNION or origin is typing.Union:
        return typing.get_args(kind)
    return ()


def _dataclass_members(kind: Any) -> tuple[type, ...]:
    return tuple(arg for arg in _members(kind) if isinstance(arg, type) and is_dataclass(arg))


@dataclass(frozen=True)
class Codec:
    """The JSON of one ruleset's state; `name` is used in messages about code errors."""

    name: str
    hooks: Mapping[type, Hook] = field(default_factory=dict)

    # --- writing

    def to_json(self, value: Any, kind: Any = None) -> Any:
        hook = self.hooks.get(type(value))
        if hook is not None:
            return hook.encode(value)
        if is_dataclass(value) and not isinstance(value, type):
            hints = _hints(type(value))
            encoded = {name: self.to_json(getattr(value, name), hints.get(name))
                       for name in kept_fields(type(value))}
            if len(_dataclass_members(kind)) > 1:
                return {TYPE_KEY: type(value).__name__, **encoded}
            return encoded
        if isinstance(value, frozenset | set):
            inner = typing.get_args(kind)[0] if typing.get_args(kind) else None
            return sorted(self.to_json(item, inner) for item in value)
        if isinstance(value, tuple | list):
            return [self.to_json(item, self._item_kind(kind, number))
                    for number, item in enumerate(value)]
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"the state holds {value!r}, which JSON cannot keep exactly")
        if value is None or isinstance(value, bool | int | float | str):
            return value
        raise TypeError(f"the {self.name} codec has no JSON for a {type(value).__name__}")

    @staticmethod
    def _item_kind(kind: Any, number: int) -> Any:
        args = typing.get_args(kind) if typing.get_origin(kind) in (tuple, list) else ()
        if len(args) == 2 and args[1] is Ellipsis:
            return args[0]
        if typing.get_origin(kind) is list and args:
            return args[0]
        return args[number] if number < len(args) else None

    # --- reading

    def from_json(self, kind: Any, data: Any, where: str) -> Any:
        hook = self.hooks.get(kind) if isinstance(kind, type) else None
        if hook is not None:
            return hook.decode(data, where)
        if isinstance(kind, type) and is_dataclass(kind):
            return self.record(kind, data, where)
        members = _members(kind)
        if members:
            return self._union(kind, members, data, where)
        origin = typing.get_origin(kind)
        if origin is tuple:
            items = _list(data, where)
            args = typing.get_args(kind)
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self.from_json(args[0], item, f"{where}[{n}]")
                             for n, item in enumerate(items))
            if len(items) != len(args):
                raise damaged(where, data, f"a list of {len(args)}")
            return tuple(self.from_json(arg, item, f"{where}[{n}]")
                         for n, (arg, item) in enumerate(zip(args, items, strict=True)))
        if origin is frozenset:
            (inner,) = typing.get_args(kind)
            return frozenset(self.from_json(inner, item, f"{where}[{n}]")
                             for n, item in enumerate(_list(data, where)))
        return _scalar(self.name, kind, data, where)

    def _union(self, kind: Any, members: tuple[Any, ...], data: Any, where: str) -> Any:
        if data is None:
            if type(None) in members:
                return None
            raise damaged(where, data, f"a {kind}")
        classes = _dataclass_members(kind)
        if isinstance(data, dict):
            if len(classes) == 1:
                return self.record(classes[0], data, where)
            named = data.get(TYPE_KEY)
            chosen = next((cls for cls in classes if cls.__name__ == named), None)
            if chosen is None:
                raise damaged(f"{where}.{TYPE_KEY}", named,
                              "one of " + ", ".join(cls.__name__ for cls in classes))
            return self.record(chosen, {key: value for key, value in data.items()
                                        if key != TYPE_KEY}, where)
        for scalar in (bool, int, float, str):
            if scalar in members and _fits(scalar, data):
                return _scalar(self.name, scalar, data, where)
        others = [arg for arg in members if typing.get_origin(arg) in (tuple, frozenset)]
        if others and isinstance(data, list):
            return self.from_json(others[0], data, where)
        raise damaged(where, data, f"a {kind}")

    def record(self, cls: type, data: Any, where: str) -> Any:
        if not isinstance(data, dict):
            raise damaged(where, data, f"a table of {cls.__name__} fields")
        names = kept_fields(cls)
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
            values[item.name] = self.from_json(hints[item.name], data[item.name],
                                               f"{where}.{item.name}")
        try:
            return cls(**values)
        except (TypeError, ValueError) as wrong:
            raise StoredGameError(f"the stored game is damaged at {where}: {wrong}") from None


def _fits(scalar: type, data: Any) -> bool:
    if scalar is bool:
        return isinstance(data, bool)
    if scalar is int:
        return isinstance(data, int) and not isinstance(data, bool)
    if scalar is float:
        return isinstance(data, int | float) and not isinstance(data, bool)
    return isinstance(data, str)


def _list(data: Any, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise damaged(where, data, "a list")
    return data


def _scalar(name: str, kind: Any, data: Any, where: str) -> Any:
    if kind is bool:
        if not isinstance(data, bool):
            raise damaged(where, data, "true or false")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise damaged(where, data, "a whole number")
        return data
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise damaged(where, data, "a number")
        return float(data)
    if kind is str:
        if not isinstance(data, str):
            raise damaged(where, data, "text")
        return data
    if kind is Any:
        return data
    raise TypeError(f"the {name} codec cannot read {kind} values")
