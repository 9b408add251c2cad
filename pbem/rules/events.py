"""Events: what happened in a phase, one immutable record per thing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    fields: tuple[tuple[str, Any], ...]

    def __getitem__(self, key: str) -> Any:
        for name, value in self.fields:
            if name == key:
                return value
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        for name, value in self.fields:
            if name == key:
                return value
        return default

    def as_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {"kind": self.kind}
        for name, value in self.fields:
            result[name] = list(value) if isinstance(value, tuple) else value
        return result


def event(kind: str, **fields: Any) -> Event:
    return Event(kind, tuple(fields.items()))
