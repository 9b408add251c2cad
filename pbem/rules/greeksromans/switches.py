"""The house-rule switches of rulings §19, their defaults, and reading them (per game).

The host lists `SWITCHES` (`pbem rules list`) and hands the values a game master gave, as
text, booleans or numbers, to `parse_options`. A two-way choice switched on with no value
takes its alternative (`--option setup` is `setup = free`); a switch with one built setting
accepts only that one, so a game says plainly what it is played with.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields

from pbem.rules.interface import Switch


@dataclass(frozen=True)
class Options:
    """The values of every §19 switch for one game."""

    table_width: float = 72.0
    table_height: float = 48.0
    length: float = 4.0
    beam: float = 1.0
    contact_tolerance: float = 0.1
    stern_section: float = 0.0  # inches forward of the stern; 0: a quarter of the length (L/4)
    pivot_point: str = "centre"
    initiative: str = "roll"
    clash_pass: bool = True
    archery_arc: str = "all_round"
    catapult_arc: str = "all_round"
    table_edge: str = "block"
    morale: str = "off"
    victory: str = "losses"
    turn_limit: int = 12
    scenario: str = "default"
    setup: str = "fixed"

    def stern_limit(self, length: float) -> float:
        """Where 'behind the oar banks' starts, as the distance aft of the centre: the stern
        section reaches this far forward of the stern at −L/2 (§3; L/4 gives u ≤ −L/4)."""
        section = self.stern_section if self.stern_section > 0 else length / 4
        return length / 2 - section

    def as_json(self) -> dict[str, bool | int | float | str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changed(self) -> tuple[str, ...]:
        """The switches set away from their defaults, as `name = value` (for reports)."""
        base = Options()
        return tuple(f"{f.name} = {getattr(self, f.name)}" for f in fields(self)
                     if getattr(self, f.name) != getattr(base, f.name))


# name: (help, the choices (first is the default) or a kind, the Switch default shown)
_CHOICES: Mapping[str, tuple[str, ...]] = {
    "initiative": ("roll", "greeks_first"),
    "table_edge": ("block", "leave"),
    "setup": ("fixed", "free"),
    "pivot_point": ("centre",),
    "archery_arc": ("all_round",),
    "catapult_arc": ("all_round",),
    "morale": ("off",),
    "victory": ("losses",),
    "scenario": ("default",),
}

SWITCHES: tuple[Switch, ...] = (
    Switch("table", "table size WIDTHxHEIGHT in inches (§1; default 72x48)", 0),
    Switch("footprint", "ship LENGTHxBEAM in inches (§2; default 4x1)", 0),
    Switch("contact_tolerance", "the gap in inches that still counts as contact (§3; default 0.1)", 0),
    Switch("stern_section", "how far forward of the stern, in inches, 'behind the oar banks' "
           "reaches (§3; default a quarter of the length)", 0),
    Switch("pivot_point", "what a pivot turns about (§3): only centre is built"),
    Switch("initiative", "the initiative rule (§4): roll (default) or greeks_first"),
    Switch("clash_pass", "an oar-clashing ship tries to carry on past the ship it struck (§6.3)",
           True),
    Switch("archery_arc", "archery arcs and sight lines (§7): only all_round is built"),
    Switch("catapult_arc", "catapult arcs and sight lines (§9): only all_round is built"),
    Switch("table_edge", "the table edge (§5.7): block (default) or leave"),
    Switch("morale", "morale tests (§12): only off is built"),
    Switch("victory", "the victory rule (§13): only losses is built"),
    Switch("turn_limit", "the last turn (§13; default 12)", 12),
    Switch("scenario", "forces and deployment (§14): only default is built"),
    Switch("setup", "deployment (§14): fixed (default) or free"),
)
SWITCH_NAMES = tuple(switch.name for switch in SWITCHES)

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)\s*$", re.IGNORECASE)


def _choice(name: str, value: bool | int | float | str) -> str:
    choices = _CHOICES[name]
    if value is True:
        if len(choices) < 2:
            raise ValueError(f"option {name} has only one setting, {choices[0]}")
        return choices[1]
    if value is False:
        return choices[0]
    text = str(value).strip().lower().replace("-", "_")
    if text == "center":
        text = "centre"
    if text not in choices:
        raise ValueError(f"option {name} is {' or '.join(choices)}, not {value!r}")
    return text


def _size(name: str, value: bool | int | float | str) -> tuple[float, float]:
    match = _SIZE.match(str(value))
    if isinstance(value, bool) or not match:
        raise ValueError(f"option {name} is WIDTHxHEIGHT in inches, e.g. {name}=72x48, not {value!r}")
    first, second = float(match.group(1)), float(match.group(2))
    if first <= 0 or second <= 0:
        raise ValueError(f"option {name} needs two sizes above 0, not {value!r}")
    return first, second


def _length(name: str, value: bool | int | float | str, zero_ok: bool) -> float:
    if isinstance(value, bool):
        raise ValueError(f"option {name} needs a value in inches: {name}=N")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"option {name} is a length in inches, not {value!r}") from None
    if not math.isfinite(number) or number < 0 or (number == 0 and not zero_ok):
        raise ValueError(f"option {name} must be a length above 0, not {value!r}")
    return number


def parse_options(given: Mapping[str, bool | int | float | str]) -> Options:
    """The options of a game from the values given; ValueError (a sentence) for an unknown
    switch or a value it does not take."""
    values: dict[str, bool | int | float | str] = {}
    for raw_name, value in given.items():
        name = raw_name.strip().lower().replace("-", "_")
        if name in _CHOICES:
            values[name] = _choice(name, value)
        elif name == "table":
            if value not in (0, "0"):
                values["table_width"], values["table_height"] = _size(name, value)
        elif name == "footprint":
            if value not in (0, "0"):
                values["length"], values["beam"] = _size(name, value)
        elif name in ("contact_tolerance", "stern_section"):
            values[name] = _length(name, value, zero_ok=name == "stern_section")
        elif name == "clash_pass":
            values[name] = Switch(name, "", True).parse(value if isinstance(value, bool | str)
                                                        else str(value))
        elif name == "turn_limit":
            limit = value if isinstance(value, int) and not isinstance(value, bool) else \
                Switch(name, "", 12).parse(str(value) if not isinstance(value, bool) else value)
            if int(limit) < 1:
                raise ValueError(f"option turn_limit must be at least 1, not {value!r}")
            values[name] = int(limit)
        else:
            raise ValueError(f"Greeks vs Romans has no option {raw_name!r}; its options are "
                             f"{', '.join(SWITCH_NAMES)}")
    options = Options(**values)  # type: ignore[arg-type]
    if options.beam >= options.length:
        raise ValueError("option footprint: a ship must be longer than it is wide")
    return options
