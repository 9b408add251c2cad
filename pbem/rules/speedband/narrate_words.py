"""Small pieces of the speed-band narration's sentences: numbers, places, plurals, lists, and a
die told with the number it was held against ("rolled 37 against 45"). A field a viewer may not
see (`view.view_events` removed it) is simply absent; these pieces then leave it out and never
write "None".

Imports nothing of the project.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Event = dict[str, Any]

# The plural of each crew or target type the events name (§12.1, §13.3).
TYPE_WORDS: Mapping[str, tuple[str, str]] = {
    "archers": ("archer factor", "archer factors"), "soldiers": ("soldier", "soldiers"),
    "officers": ("officer", "officers"), "rowers": ("rower", "rowers"),
    "ballista": ("ballista", "ballistae"), "ballistae": ("ballista", "ballistae")}


def has(e: Event, *names: str) -> bool:
    """Whether every field is there with a value (a field removed for a viewer is absent)."""
    return all(e.get(name) is not None for name in names)


def name(e: Event, key: str, default: str = "a ship") -> str:
    """A ship id (or any word) from the event, or the default when the field is absent."""
    value = e.get(key)
    return str(value) if value is not None and value != "" else default


def number(value: Any) -> str:
    """A number as a person writes it: 35.0 as 35, 50.3 as 50.3, 9.5 as 9.5."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    try:
        return f"{round(float(value), 2):g}"
    except (TypeError, ValueError):
        return str(value)


def inches(value: Any) -> str:
    return f'{number(value)}"'


def at(x: Any, y: Any) -> str:
    """A place on the table to 0.01" (G21)."""
    try:
        return f"({float(x):.2f}, {float(y):.2f})"
    except (TypeError, ValueError):
        return "(?)"


def plural(count: Any, one: str, many: str) -> str:
    try:
        n = int(count)
    except (TypeError, ValueError):
        return f"{count} {many}"
    return f"{n} {one if n == 1 else many}"


def of_type(count: Any, kind: Any) -> str:
    """'1 soldier', '2 archer factors', '2 ballistae'."""
    one, many = TYPE_WORDS.get(str(kind).lower(), (str(kind), str(kind)))
    return plural(count, one, many)


def type_name(kind: Any) -> str:
    """A type as a plural noun: 'soldiers', 'archers', 'ballistae'."""
    text = str(kind).lower()
    return "ballistae" if text == "ballista" else text


def listed(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = [str(item) for item in items]
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def ordinal(value: Any) -> str:
    try:
        n = int(value)
    except (TypeError, ValueError):
        return str(value)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def rolled(e: Event, roll: str = "roll", chance: str = "chance", prefix: str = "against ") -> str:
    """'rolled 37 against 45', or 'rolled 37' when the chance is not told to this viewer."""
    told = f"rolled {number(e.get(roll))}" if has(e, roll) else "rolled"
    if has(e, chance):
        told += f" {prefix}{number(e.get(chance))}"
    return told


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"-{-value}"


def plain(e: Event) -> str:
    """An event this narration cannot tell: its kind and fields, plainly."""
    fields = ", ".join(f"{key}={value}" for key, value in e.items() if key != "kind")
    return f"{e.get('kind')}: {fields}." if fields else f"{e.get('kind')}."
