"""The 37 house-rule switches of rulings §22, every value the rulings name, and reading them.

The host lists `SWITCHES` (`pbem rules list`) and hands the values a game master gave (text,
booleans or numbers, from `--option` or a case's `[options]`) to `parse_options`. Words are
read in any case, with `-` and spaces read as `_`. A choice of two given with no value
(`--option setup`) takes its alternative; a switch whose rulings name one setting records
the house rule in force and accepts only that setting, saying so; a switch whose value is a
number or a size takes any value of that kind (within the bounds noted in the build plan).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

from pbem.rules import switchvalues
from pbem.rules.interface import Switch
from pbem.rules.switchvalues import Given as Given  # the kinds of value a switch is given
from pbem.rules.switchvalues import plain

ONE, CHOICE, SIZE, LENGTH, WHOLE, FLAG, HEADING, DARTS = (
    "one", "choice", "size", "length", "whole", "flag", "heading", "darts")


@dataclass(frozen=True)
class SwitchSpec:
    """One row of §22: its name, the rulings section, what it settles, its kind and values
    (the first is the default), and the bounds of a whole number."""

    name: str
    section: str
    settles: str
    kind: str
    values: tuple[str, ...] = ()
    low: int = 0
    high: int | None = None

    @property
    def help(self) -> str:
        if self.kind == ONE:
            return f"{self.settles} ({self.section}): only {self.values[0]} is built"
        if self.kind == CHOICE:
            others = " or ".join(self.values[1:])
            return f"{self.settles} ({self.section}): {self.values[0]} (default) or {others}"
        if self.kind == DARTS:
            return (f"{self.settles} ({self.section}): off (default), on (both sides) or a side's "
                    "id (that side only)")
        if self.kind == HEADING:
            return (f"{self.settles} ({self.section}): the scenario's (default; 90 in the default "
                    "battle), any heading 0-359 (whole degrees) or roll")
        return f"{self.settles} ({self.section}; default {self.values[0]})"


SPECS: tuple[SwitchSpec, ...] = (
    SwitchSpec("table", "§2", "table size WIDTHxHEIGHT in inches", SIZE, ("72x48",)),
    SwitchSpec("footprint", "§2", "ship sizes", ONE, ("by_class",)),
    SwitchSpec("contact_tolerance", "§1, §9.1, §9.5", "the gap in inches that still counts as "
               "contact", LENGTH, ("0.1",)),
    SwitchSpec("ram_zones", "§1, §9.2", "bow zone, waist and stern zone", ONE, ("L/4",)),
    SwitchSpec("sight", "§1", "sight in inches, for fatigue and morale", LENGTH, ("25",)),
    SwitchSpec("table_edge", "§2", "ordered ships stop at the table edge", ONE, ("block",)),
    SwitchSpec("other_classes", "§3.1", "what 'anything else' is", ONE, ("monoreme",)),
    SwitchSpec("special_ship", "§3.1", "the garbled 16er row", CHOICE, ("sixteen", "printed", "off")),
    SwitchSpec("equipment", "§3.3", "who carries towers, ballistas, corvus and harpax, and "
               "their cost", ONE, ("§3.3",)),
    SwitchSpec("budget", "§4", "the points each side builds its fleet with", WHOLE, ("20",), low=1),
    SwitchSpec("crew_costs", "§4", "crew class prices (elite +1, green -1 per type)", ONE,
               ("per_type",)),
    SwitchSpec("mode_change", "§6.2", "one rung of the mode ladder per move", ONE, ("ladder",)),
    SwitchSpec("turn_angle", "§6.3", "the largest pivot, in whole degrees", WHOLE, ("45",),
               low=1, high=180),
    SwitchSpec("fatigue", "§7", "fatigue bookkeeping", CHOICE, ("ship", "fleet", "off")),
    SwitchSpec("fatigue_reserve", "§7", "the starting fatigue reserve", WHOLE, ("20",)),
    SwitchSpec("fatigue_limit", "§7", "a mode may not cost more than the reserve", FLAG,
               ("on", "off")),
    SwitchSpec("shear_test", "§8.1", "the exact 'moves past' test", ONE, ("abreast",)),
    SwitchSpec("ram_aspect", "§9.2", "side, head, tail and head-on rams", ONE, ("§9.2",)),
    SwitchSpec("head_on_ram", "§9.4", "the head-on follow-up: the holed rammer's own unmodified "
               "countdown", ONE, ("unmodified",)),
    SwitchSpec("sink_countdown", "§10.1", "modified countdown dice beyond 6 (the extended table)",
               ONE, ("extended",)),
    SwitchSpec("corvus_odds", "§11.2", "the corvus and harpax line", CHOICE, ("3", "printed")),
    SwitchSpec("break_first", "§11.4", "breaking away before any melee casualties", CHOICE,
               ("either", "none")),
    SwitchSpec("melee_pick", "§12.2", "who picks melee losses", ONE, ("attacker",)),
    SwitchSpec("surrender", "§12.4", "what a surrendered ship is", ONE, ("strike",)),
    SwitchSpec("fire_blocking", "§13.1", "line of sight for missiles", ONE, ("none",)),
    SwitchSpec("long_tie", "§13.4", "who picks on a tied long-range roll", ONE, ("target",)),
    SwitchSpec("bow_arcs", "§14", "the two-shots-per-side rule", ONE, ("broadside",)),
    SwitchSpec("ballista_medium", "§15.1", "the missing medium ballista band", ONE, ("5-12",)),
    SwitchSpec("fire_darts", "§15.1", "fire darts", DARTS, ("off", "on")),
    SwitchSpec("wind", "§16.5", "the downwind heading (the way the wind blows)", HEADING,
               ("scenario", "roll")),
    SwitchSpec("wind_change", "§16.5", "the wind changing during the game", CHOICE, ("off", "roll")),
    SwitchSpec("rout_heading", "§16.6", "wind and entry position reconciled for routers", ONE,
               ("§16.6",)),
    SwitchSpec("rout_contact", "§16.6", "a router meeting a ship", CHOICE, ("block", "ram")),
    SwitchSpec("victory", "§17", "the victory rule", ONE, ("points",)),
    SwitchSpec("turn_limit", "§17", "the last turn", WHOLE, ("12",), low=1),
    SwitchSpec("scenario", "§20", "forces and deployment (a scenario of one's own comes as its "
               "file)", ONE, ("default",)),
    SwitchSpec("setup", "§20", "deployment", CHOICE, ("fixed", "free")),
)
SPEC_BY_NAME: Mapping[str, SwitchSpec] = {spec.name: spec for spec in SPECS}
SWITCH_NAMES = tuple(spec.name for spec in SPECS)


def _interface_default(spec: SwitchSpec) -> bool | int:
    # The host's Switch is on/off or a whole number (`=N`); choices show as on/off, as in GvR.
    if spec.kind == FLAG:
        return spec.values[0] == "on"
    if spec.kind == WHOLE:
        return int(spec.values[0])
    if spec.kind == LENGTH and float(spec.values[0]).is_integer():
        return int(float(spec.values[0]))
    return False if spec.kind in (ONE, CHOICE, DARTS) else 0


SWITCHES: tuple[Switch, ...] = tuple(Switch(spec.name, spec.help, _interface_default(spec))
                                     for spec in SPECS)


@dataclass(frozen=True)
class Options:
    """The value of every §22 switch for one game (`table` is kept as its two sizes). `given`
    names the switches the game master set, which win over a scenario's own values."""

    table_width: float = 72.0
    table_height: float = 48.0
    footprint: str = "by_class"
    contact_tolerance: float = 0.1
    ram_zones: str = "L/4"
    sight: float = 25.0
    table_edge: str = "block"
    other_classes: str = "monoreme"
    special_ship: str = "sixteen"
    equipment: str = "§3.3"
    budget: int = 20
    crew_costs: str = "per_type"
    mode_change: str = "ladder"
    turn_angle: int = 45
    fatigue: str = "ship"
    fatigue_reserve: int = 20
    fatigue_limit: bool = True
    shear_test: str = "abreast"
    ram_aspect: str = "§9.2"
    head_on_ram: str = "unmodified"
    sink_countdown: str = "extended"
    corvus_odds: str = "3"
    break_first: str = "either"
    melee_pick: str = "attacker"
    surrender: str = "strike"
    fire_blocking: str = "none"
    long_tie: str = "target"
    bow_arcs: str = "broadside"
    ballista_medium: str = "5-12"
    fire_darts: str = "off"
    wind: str = "scenario"
    wind_change: str = "off"
    rout_heading: str = "§16.6"
    rout_contact: str = "block"
    victory: str = "points"
    turn_limit: int = 12
    scenario: str = "default"
    setup: str = "fixed"
    given: frozenset[str] = frozenset()

    def value(self, name: str) -> bool | int | float | str:
        """A switch's value by its §22 name (`table` as WIDTHxHEIGHT)."""
        if name == "table":
            return f"{plain(self.table_width)}x{plain(self.table_height)}"
        if name == "fatigue_limit":
            return "on" if self.fatigue_limit else "off"
        if name not in SPEC_BY_NAME:
            raise KeyError(name)
        found: bool | int | float | str = getattr(self, name)
        return found

    def as_json(self) -> dict[str, bool | int | float | str]:
        return {name: self.value(name) for name in SWITCH_NAMES}

    def changed(self) -> tuple[str, ...]:
        """The switches set away from their defaults, as `name = value` (for reports)."""
        base = Options()
        return tuple(f"{name} = {self.value(name)}" for name in SWITCH_NAMES
                     if self.value(name) != base.value(name))

    def in_force(self) -> tuple[str, ...]:
        """Every switch with its value and what it settles, `name = value (§n: settles)`."""
        return tuple(f"{spec.name} = {self.value(spec.name)} ({spec.section}: {spec.settles})"
                     for spec in SPECS)

    @property
    def wind_heading(self) -> int | None:
        """The downwind heading the game master set, None for the scenario's or a roll."""
        return int(self.wind) if self.wind.isdigit() else None

    @property
    def wind_roll(self) -> bool:
        return self.wind == "roll"

    def fire_darts_for(self, side: str) -> bool:
        """Whether a side's ballistas shoot fire darts (§15.1)."""
        return self.fire_darts == "on" or self.fire_darts.lower() == side.lower()

    def for_sides(self, sides: tuple[str, ...]) -> Options:
        """The options checked against the game's sides: `fire_darts` may name only one of
        them, spelled as the scenario spells it. ValueError with a sentence otherwise."""
        if self.fire_darts in ("off", "on"):
            return self
        for side in sides:
            if side.lower() == self.fire_darts.lower():
                return replace(self, fire_darts=side)
        raise ValueError(f"option fire_darts names {self.fire_darts!r}, which is no side of this "
                         f"game; give off, on (both sides) or one of {', '.join(sides)}")






def _choice(spec: SwitchSpec, value: Given) -> str:
    values = spec.values
    if value is True:
        if spec.kind == ONE:
            raise ValueError(f"option {spec.name} has only one setting, {values[0]}: the house "
                             f"rule of {spec.section} as the rulings build it")
        if len(values) != 2:
            raise ValueError(f"option {spec.name} needs a value: {spec.name}="
                             f"{' or '.join(values[1:])}")
        return values[1]
    if value is False:
        return values[0]
    word = switchvalues.word(value)
    for choice in values:
        if switchvalues.word(choice) == word:
            return choice
    if spec.kind == ONE:
        raise ValueError(f"option {spec.name} has only one setting, {values[0]} (the house rule "
                         f"of {spec.section}), not {value!r}")
    raise ValueError(f"option {spec.name} is {' or '.join(values)}, not {value!r}")


def _darts(spec: SwitchSpec, value: Given) -> str:
    if isinstance(value, bool):
        return _choice(spec, value)
    word = switchvalues.word(value)
    if word in spec.values:
        return word
    if re.fullmatch(r"[a-z0-9_]{1,40}", word):
        return str(value).strip()  # a side's id, checked against the sides at the start
    raise ValueError(f"option fire_darts is off, on (both sides) or a side's id, not {value!r}")




def _length(spec: SwitchSpec, value: Given) -> float:
    if isinstance(value, bool):
        raise ValueError(f"option {spec.name} needs a length in inches: {spec.name}=N")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"option {spec.name} is a length in inches, not {value!r}") from None
    if not math.isfinite(number) or number < 0:
        raise ValueError(f"option {spec.name} is a length of 0 inches or more, not {value!r}")
    return number






def _heading(spec: SwitchSpec, value: Given) -> str:
    if isinstance(value, bool):
        if value:
            raise ValueError("option wind needs a value: wind=roll or a downwind heading "
                             "0-359 (whole degrees, the way the wind blows)")
        return spec.values[0]
    word = switchvalues.word(value)
    if word in spec.values:
        return word
    if isinstance(value, float) and value.is_integer():
        word = str(int(value))
    if not re.fullmatch(r"\d{1,3}", word, re.ASCII) or int(word) > 359:
        raise ValueError(f"option wind is scenario, roll or a downwind heading in whole degrees "
                         f"from 0 to 359, not {value!r}")
    return str(int(word))


def parse_options(given: Mapping[str, Given]) -> Options:
    """The options of a game from the values given; ValueError (a sentence) for an unknown
    switch or a value it does not take."""
    values: dict[str, object] = {}
    names: set[str] = set()
    for raw_name, value in given.items():
        name = switchvalues.word(raw_name)
        spec = SPEC_BY_NAME.get(name)
        if spec is None:
            raise ValueError(f"the ram / cruise / strategic rules have no option {raw_name!r}; "
                             f"their options are {', '.join(SWITCH_NAMES)}")
        names.add(name)
        if spec.kind == SIZE:
            if value in (0, "0"):
                continue  # the listed default of a size switch: not set
            values["table_width"], values["table_height"] = switchvalues.size(spec.name, value)
        elif spec.kind in (ONE, CHOICE):
            values[name] = _choice(spec, value)
        elif spec.kind == DARTS:
            values[name] = _darts(spec, value)
        elif spec.kind == LENGTH:
            values[name] = _length(spec, value)
        elif spec.kind == WHOLE:
            values[name] = switchvalues.whole(spec.name, value, spec.low, spec.high)
        elif spec.kind == FLAG:
            values[name] = switchvalues.flag(spec.name, value)
        else:
            values[name] = _heading(spec, value)
    base = Options()
    typed = {f.name: values[f.name] for f in fields(Options) if f.name in values}
    return replace(base, **typed, given=frozenset(names))  # type: ignore[arg-type]
