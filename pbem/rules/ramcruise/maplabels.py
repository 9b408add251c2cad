"""The ram / cruise / strategic map: reading one ship of the view, and its label and tooltip.

Owns the view's small readers (a point, a number, a count), a ship's rectangle from the view
or from its centre, heading and class (§2), whether it is still on the table or still fights,
and the three lines of its label, built on the kit's `maplayout.Label` with one line more: the
id; the crew (crewmen at the oars + on deck, bowmen, marines, each with its class); the gear,
the last move's mode and speed, fatigue, shears, countdown, rout and surrender. Also the
legend's words for those lines. Calls only the table core, the kit and `classes`.
"""

from __future__ import annotations

from typing import Any

from pbem.rules.ramcruise.classes import dimensions
from pbem.rules.scene import Point, Style
from pbem.rules.table import Pose, Vec, place, rectangle
from pbem.rules.table.mapkit import INK, WHITE, Corners
from pbem.rules.table.maplayout import CREW, NAME, Label

STATE = Style(fill=INK, stroke=WHITE, width=3, font_size=12, anchor="middle", baseline="middle")
MODE_WORD = {"strategic": "strat", "cruise": "cruise", "ram": "ram", "back": "back", "stay": "stay"}
GEAR_WORD = (("corvus", "Cv"), ("harpax", "Hx"))
LABEL_WORDS = {"label": ("C1", NAME, "id"),
               "label-crew": ("5+1r", CREW, "crewmen (at the oars+on deck), bowmen, marines; "
                                            "e elite, r regular, g green"),
               "label-state": ("A T B", STATE, "A flagship, T tower, B ballista, Cv corvus, Hx harpax; "
                                               "last move and its inches, f fatigue, sh shears, "
                                               "sinks in n own ends (+1: one skipped)")}


def point_of(value: Any) -> Point | None:
    """An [x, y] pair of numbers, or None."""
    if isinstance(value, (list, tuple)) and len(value) >= 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in value[:2]):
        return float(value[0]), float(value[1])
    return None


def number_of(value: Any, default: float = 0.0) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default


def count_of(ship: dict[str, Any], name: str) -> int:
    value = ship.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def ship_corners(ship: dict[str, Any]) -> Corners | None:
    """A ship's corners from the view, or made from its centre, heading and class (§2)."""
    corners = ship.get("corners")
    if isinstance(corners, (list, tuple)) and len(corners) == 4:
        points = [p for p in map(point_of, corners) if p is not None]
        if len(points) == 4:
            return tuple(points)
    at, heading = point_of((ship.get("x"), ship.get("y"))), ship.get("heading")
    try:
        length, beam = dimensions(str(ship.get("class")))
    except ValueError:
        return None
    if at is None or not isinstance(heading, (int, float)):
        return None
    polygon = place(rectangle(length, beam), Pose(Vec(*at), float(heading)))
    return tuple((c.x, c.y) for c in polygon.corners)


def on_table(ship: dict[str, Any]) -> bool:
    """Afloat, sinking or struck: still a hull on the table (sunk and fled ships are gone)."""
    return ship.get("status", "afloat") in ("afloat", "sinking", "surrendered")


def fights(ship: dict[str, Any]) -> bool:
    """Afloat or sinking, not routed: a ship whose reaches mean something (§13.1, §16.4)."""
    return ship.get("status", "afloat") in ("afloat", "sinking") and not ship.get("routed")


def _typed(count: int, klass: Any) -> str:
    return f"{count}{str(klass)[:1]}" if count and isinstance(klass, str) and klass else str(count)


def gear_words(ship: dict[str, Any]) -> list[str]:
    """A for the flagship, T tower, B ballista (B2 for two), Cv corvus, Hx harpax."""
    ballistas = count_of(ship, "ballistas")
    words = ["A"] if ship.get("admiral") else []
    words += ["T"] if ship.get("tower") else []
    words += [f"B{ballistas if ballistas > 1 else ''}"] if ballistas else []
    return words + [word for name, word in GEAR_WORD if ship.get(name)]


def crew_line(ship: dict[str, Any]) -> str:
    """Crewmen (at the oars, + on deck when any are), bowmen, marines, each with its class's
    letter (e r g)."""
    oars, deck = count_of(ship, "oars"), count_of(ship, "deck")
    crewmen = _typed(deck, ship.get("crewmen_class"))
    crewmen = f"{oars}+{crewmen}" if deck else _typed(oars, ship.get("crewmen_class"))
    return " ".join((crewmen, _typed(count_of(ship, "bowmen"), ship.get("bowmen_class")),
                     _typed(count_of(ship, "marines"), ship.get("marines_class"))))


def state_line(ship: dict[str, Any]) -> str:
    """Its gear, then the last move's mode and speed in inches, fatigue, shears, the countdown
    (+1 while its first own end of half is still to be skipped, §10.2), routed, struck."""
    gear = " ".join(gear_words(ship))
    words = [gear] if gear else []
    if ship.get("routed"):
        words.append("routed")
    else:
        speed = number_of(ship.get("speed"))
        mode = MODE_WORD.get(str(ship.get("mode")), str(ship.get("mode", "?")))
        words.append(f"{mode} {speed:g}" if speed else mode)
    words.append(f"f{count_of(ship, 'fatigue')}")
    if count_of(ship, "sheared"):
        words.append(f"sh{count_of(ship, 'sheared')}")
    if count_of(ship, "countdown"):
        words.append(f"sinks {count_of(ship, 'countdown')}" + ("+1" if ship.get("countdown_skip") else ""))
    if ship.get("status") == "surrendered":
        words.append("struck")
    return " · ".join(words)


def ship_label(sid: str, ship: dict[str, Any], corners: Corners) -> Label:
    """The ship's label: id, crew, and its state as the third line."""
    return Label(f"label--{sid}", sid, crew_line(ship), corners, more=((state_line(ship), STATE),))


def ship_tooltip(sid: str, ship: dict[str, Any], turn: int) -> str:
    """Everything the map knows of a ship, in words: class, side, crews, gear (ballistas with
    how many are loaded), status, last move, fatigue, shears, heading."""
    fired = [f for f in ship.get("ballistas_fired", []) if isinstance(f, int)]
    loaded = sum(1 for f in fired if f == 0 or turn >= f + 2)
    gear = [name for name in ("tower", "corvus", "harpax") if ship.get(name)]
    gear += [f"{len(fired)} ballista{'s' if len(fired) != 1 else ''} ({loaded} loaded)"] if fired else []
    return (f"{sid} {ship.get('name', '')}, {ship.get('class', '?')} of {ship.get('side', '?')}"
            f"{' (flagship)' if ship.get('admiral') else ''}: crewmen {count_of(ship, 'crewmen')} "
            f"{ship.get('crewmen_class', '')} ({count_of(ship, 'oars')} at the oars, "
            f"{count_of(ship, 'deck')} on deck), bowmen {count_of(ship, 'bowmen')} "
            f"{ship.get('bowmen_class', '')}, marines {count_of(ship, 'marines')} "
            f"{ship.get('marines_class', '')}; {', '.join(gear) or 'no gear'}; "
            f"{ship.get('status', 'afloat')}{', routed' if ship.get('routed') else ''}; "
            f"last move {ship.get('mode', '?')} {number_of(ship.get('speed')):g}\", fatigue "
            f"{count_of(ship, 'fatigue')}, sheared {count_of(ship, 'sheared')}; heading "
            f"{ship.get('heading', '?')}")
