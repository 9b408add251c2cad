"""The house-rule switches of rulings §23 and the seven optional rules of §16, every value the
rulings name, and reading them.

The host lists `SWITCHES` (`pbem rules list`) and hands the values a game master gave (text,
booleans or numbers, from `--option` or a case's `[options]`) to `parse_options`. Words are read
in any case, with `-` and spaces read as `_` and `§` dropped. A choice of two given with no value
(`--option setup`) takes its alternative; a switch whose rulings name one setting records the
house rule in force and accepts only that setting, saying so; a switch whose value is a number
or a size takes any value of that kind. The setting names of the one-setting rows are the build
plan's (§23 describes them in words).
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

ONE, CHOICE, SIZE, LENGTH, WHOLE, FLAG, HUNDREDTHS = (
    "one", "choice", "size", "length", "whole", "flag", "hundredths")


@dataclass(frozen=True)
class SwitchSpec:
    """One row of §23 (or an `opt_*` of §16): name, rulings section, what it settles, kind and
    values (the first is the default), and the lowest whole number it takes."""

    name: str
    section: str
    settles: str
    kind: str
    values: tuple[str, ...] = ()
    low: int = 0

    @property
    def help(self) -> str:
        if self.kind == ONE:
            return f"{self.settles} ({self.section}): only {self.values[0]} is built"
        if self.kind in (CHOICE, FLAG):
            others = " or ".join(self.values[1:])
            return f"{self.settles} ({self.section}): {self.values[0]} (default) or {others}"
        return f"{self.settles} ({self.section}; default {self.values[0]})"


def _one(name: str, section: str, settles: str, setting: str) -> SwitchSpec:
    return SwitchSpec(name, section, settles, ONE, (setting,))


def _opt(name: str, section: str, settles: str) -> SwitchSpec:
    return SwitchSpec(name, section, settles, FLAG, ("off", "on"))


SPECS: tuple[SwitchSpec, ...] = (
    SwitchSpec("table", "§1", "table size WIDTHxHEIGHT in inches", SIZE, ("72x48",)),
    _one("footprint", "§1, §2.1", "ship rectangles by type, the trireme 4 x 1", "by_type"),
    SwitchSpec("contact_tolerance", "§1", "the gap in inches that still counts as contact",
               LENGTH, ("0.1",)),
    _one("pivot_point", "§1, §3.3", "what a turn rotates about", "centre"),
    _one("zones", "§1.1", "zones A-D by 45-degree lines from the corners and the beam line",
         "45_degree"),
    _one("ship_table", "§2.1", "speeds, turns, tons, crews, rowers and equipment", "§2.1"),
    SwitchSpec("soldier_value", "§2.2", "the melee value of a soldier for ships that give none",
               CHOICE, ("0.6", "0.5", "0.7")),
    _one("oar_sides", "§2.2", "odd oar sections port, even starboard", "odd_port"),
    _one("prizes_inert", "§2.2", "prizes stay as obstacles and take no part", "on"),
    _one("sink_at_zero", "§2.2", "a ship sinks when its hull falls to 0 or below", "on"),
    _one("mail_turn", "§4", "the turn by mail: plotted, two rounds", "plotted"),
    SwitchSpec("secret_records", "§4", "enemy crew counts hidden", FLAG, ("off", "on")),
    _one("initiative_die", "§5", "initiative on a d6, ties re-roll", "d6"),
    _one("activation_order", "§5", "a player's ships activate in his movement-line order",
         "line_order"),
    _one("collision", "§6.2", "contact with a ship not rammed blocks", "block"),
    _one("table_edge", "§6.2", "the table edge blocks", "block"),
    _one("aim_step", "§6.3", "the A turn towards the ram target", "on"),
    _one("ram_pass", "§6.4", "a failed rammer passes as Greeks vs Romans' clash_pass",
         "clash_pass"),
    SwitchSpec("ram_base", "§7.2", "the base ram chance (the 20%/40% contradiction)", CHOICE,
               ("40", "20")),
    _one("zone_mods", "§7.2", "zone chance and damage A -10/0.5, B +15/1.25, C +20/1.5, "
         "D +10/1.0", "§7.2"),
    _one("ram_damage", "§7.5", "ram damage by band 10/20/30/40, halves up", "§7.5"),
    _one("nested_avoid", "§8.3", "no avoiding while avoiding", "off"),
    _one("shear_side_default", "§9", "the sheared side when none is named: fewer intact "
         "sections, ties port", "fewer_sections"),
    _one("grapple_reach", "§10.1", "a grapple is tried the first moment within 1 inch",
         "continuous"),
    _one("line_cutting", "§10.3", "one cutting try a turn, on landing or at activation",
         "one_try"),
    _one("corvus_timing", "§11", "the corvus drops at the end of movement", "end_of_movement"),
    SwitchSpec("corvus_reach", "§11", "the corvus reach from the bow point in inches", LENGTH,
               ("1",)),
    SwitchSpec("corvus_mod", "§13.3", "the corvus melee modifier", HUNDREDTHS, ("0.2",)),
    _one("fire_arc", "§12.1", "missile fire all round, no blocking", "all_round"),
    _one("missile_ranges", "§12.1", "archers 3/6/10 inches, ballista 4/10/16", "§12.1"),
    _one("missile_table", "§12.2", "the missing hit chart", "§12.2"),
    _one("melee_standing", "§13.1", "MELEE orders stand while the pair stays locked",
         "standing"),
    _one("melee_pairs", "§13.1", "a ship's melee pairs fought one after another", "in_sequence"),
    _one("loss_order", "§13.3", "melee losses by the loser's LOSSES list, archers, soldiers, "
         "officers by default", "§13.3"),
    _one("capture", "§13.4, §14.4", "a prize is out of play", "prize"),
    _one("morale_mods", "§14.2", "the missing morale modifiers", "§14.2"),
    _one("flight", "§14.3", "fleeing to the nearest edge on the judge's orders, no fire",
         "nearest_edge"),
    _one("victory", "§17", "victory by tonnage", "tonnage"),
    SwitchSpec("turn_limit", "§17", "the last turn", WHOLE, ("12",), low=1),
    _one("scenario", "§18", "forces and deployment (a scenario of one's own comes as its file)",
         "default"),
    SwitchSpec("setup", "§18", "deployment", CHOICE, ("fixed", "free")),
    _opt("opt_crew_quality", "§16 (text 9.1, 9.2)", "poor and elite crews"),
    _opt("opt_combat_values", "§16 (text 9.3)", "each ship's own archer and officer values"),
    _opt("opt_missile_speed", "§16 (text 9.4)", "missile chances less the target's speed"),
    _opt("opt_overcrew", "§16 (text 9.5)", "overcrowded ships move as smaller rows"),
    _opt("opt_transfer", "§16 (text 9.6)", "TRANSFER of crews between friends"),
    _opt("opt_fast_triremes", "§16 (text 9.7)", "triremes changing two bands a turn"),
    _opt("opt_strengthened_bows", "§16 (text 9.8)", "strengthened trireme bows in a shear"),
)
SPEC_BY_NAME: Mapping[str, SwitchSpec] = {spec.name: spec for spec in SPECS}
SWITCH_NAMES = tuple(spec.name for spec in SPECS)
OPTIONAL_RULES = tuple(name for name in SWITCH_NAMES if name.startswith("opt_"))


def _interface_default(spec: SwitchSpec) -> bool | int:
    # The host's Switch is on/off or a whole number (`=N`); choices show as on/off, as in GvR.
    if spec.kind == FLAG:
        return spec.values[0] == "on"
    if spec.kind == WHOLE:
        return int(spec.values[0])
    if spec.kind == LENGTH and float(spec.values[0]).is_integer():
        return int(float(spec.values[0]))
    return False if spec.kind in (ONE, CHOICE) else 0


SWITCHES: tuple[Switch, ...] = tuple(Switch(spec.name, spec.help, _interface_default(spec))
                                     for spec in SPECS)


@dataclass(frozen=True)
class Options:
    """The value of every switch for one game (`table` kept as its two sizes; `soldier_value`
    and `corvus_mod` in tenths and hundredths, `ram_base` as a number). `given` names the
    switches the game master set, which win over a scenario's own values."""

    table_width: float = 72.0
    table_height: float = 48.0
    footprint: str = "by_type"
    contact_tolerance: float = 0.1
    pivot_point: str = "centre"
    zones: str = "45_degree"
    ship_table: str = "§2.1"
    soldier_value: str = "0.6"
    oar_sides: str = "odd_port"
    prizes_inert: str = "on"
    sink_at_zero: str = "on"
    mail_turn: str = "plotted"
    secret_records: bool = False
    initiative_die: str = "d6"
    activation_order: str = "line_order"
    collision: str = "block"
    table_edge: str = "block"
    aim_step: str = "on"
    ram_pass: str = "clash_pass"
    ram_base: str = "40"
    zone_mods: str = "§7.2"
    ram_damage: str = "§7.5"
    nested_avoid: str = "off"
    shear_side_default: str = "fewer_sections"
    grapple_reach: str = "continuous"
    line_cutting: str = "one_try"
    corvus_timing: str = "end_of_movement"
    corvus_reach: float = 1.0
    corvus_mod: int = 20
    fire_arc: str = "all_round"
    missile_ranges: str = "§12.1"
    missile_table: str = "§12.2"
    melee_standing: str = "standing"
    melee_pairs: str = "in_sequence"
    loss_order: str = "§13.3"
    capture: str = "prize"
    morale_mods: str = "§14.2"
    flight: str = "nearest_edge"
    victory: str = "tonnage"
    turn_limit: int = 12
    scenario: str = "default"
    setup: str = "fixed"
    opt_crew_quality: bool = False
    opt_combat_values: bool = False
    opt_missile_speed: bool = False
    opt_overcrew: bool = False
    opt_transfer: bool = False
    opt_fast_triremes: bool = False
    opt_strengthened_bows: bool = False
    given: frozenset[str] = frozenset()

    def value(self, name: str) -> bool | int | float | str:
        """A switch's value by its name as the rulings write it (`table` as WIDTHxHEIGHT,
        flags as on/off, `corvus_mod` as a decimal)."""
        spec = SPEC_BY_NAME.get(name)
        if spec is None:
            raise KeyError(name)
        if name == "table":
            return f"{plain(self.table_width)}x{plain(self.table_height)}"
        if spec.kind == FLAG:
            return "on" if getattr(self, name) else "off"
        if name == "corvus_mod":
            return self.corvus_mod / 100
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
    def ram_base_chance(self) -> int:
        """The base ram chance in whole percent (§7.2)."""
        return int(self.ram_base)

    @property
    def soldier_tenths(self) -> int:
        """The default soldier value in tenths (§2.2)."""
        return round(float(self.soldier_value) * 10)






def _choice(spec: SwitchSpec, value: Given) -> str:
    values = spec.values
    if value is True:
        if spec.kind == ONE and values[0] == "on":
            return values[0]  # prizes_inert, sink_at_zero and aim_step are on, and only on
        if spec.kind == ONE:
            raise ValueError(f"option {spec.name} has only one setting, {values[0]}: the house "
                             f"rule of {spec.section} as the rulings build it")
        if len(values) != 2:
            raise ValueError(f"option {spec.name} needs a value: {spec.name}="
                             f"{' or '.join(values)}")
        return values[1]
    if value is False:
        if spec.kind == ONE and values[0] == "on":
            raise ValueError(f"option {spec.name} has only one setting, on (the house rule of "
                             f"{spec.section}), not off")
        return values[0]
    word = switchvalues.word(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        word = switchvalues.word(plain(float(value)))
    for choice in values:
        if switchvalues.word(choice) == word or _numeric_match(choice, word):
            return choice
    if spec.kind == ONE:
        raise ValueError(f"option {spec.name} has only one setting, {values[0]} (the house rule "
                         f"of {spec.section}), not {value!r}")
    raise ValueError(f"option {spec.name} is {' or '.join(values)}, not {value!r}")


def _numeric_match(choice: str, word: str) -> bool:
    # "0.50", ".5" and "40.0" name the settings 0.5 and 40.
    if not re.fullmatch(r"\d*\.?\d+", word, re.ASCII) or not re.fullmatch(r"[\d.]+", choice):
        return False
    return float(word) == float(choice)




def _number(spec: SwitchSpec, value: Given) -> float:
    if isinstance(value, bool):
        raise ValueError(f"option {spec.name} needs a number: {spec.name}=N")
    try:
        number = float(str(value).strip())
    except ValueError:
        raise ValueError(f"option {spec.name} is a number, not {value!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"option {spec.name} is a finite number, not {value!r}")
    return number


def _length(spec: SwitchSpec, value: Given) -> float:
    number = _number(spec, value)
    if number < 0:
        raise ValueError(f"option {spec.name} is a length of 0 inches or more, not {value!r}")
    return number


def _hundredths(spec: SwitchSpec, value: Given) -> int:
    # The melee multiplier is exact in hundredths (§13.3), so the modifier is too.
    number = _number(spec, value)
    hundredths = round(number * 100)
    if abs(number * 100 - hundredths) > 1e-6 or abs(hundredths) > 10_000:
        raise ValueError(f"option {spec.name} is a number with at most two decimals from -100 to "
                         f"100 (the melee multiplier is in hundredths), not {value!r}")
    return hundredths






def parse_options(given: Mapping[str, Given]) -> Options:
    """The options of a game from the values given; ValueError (a sentence) for an unknown
    switch or a value it does not take."""
    values: dict[str, object] = {}
    names: set[str] = set()
    for raw_name, value in given.items():
        name = switchvalues.word(raw_name)
        spec = SPEC_BY_NAME.get(name)
        if spec is None:
            raise ValueError(f"the speed-band rules have no option {raw_name!r}; their options "
                             f"are {', '.join(SWITCH_NAMES)}")
        names.add(name)
        if spec.kind == SIZE:
            if value in (0, "0"):
                continue  # the listed default of a size switch: not set
            values["table_width"], values["table_height"] = switchvalues.size(spec.name, value)
        elif spec.kind in (ONE, CHOICE):
            values[name] = _choice(spec, value)
        elif spec.kind == LENGTH:
            values[name] = _length(spec, value)
        elif spec.kind == HUNDREDTHS:
            values[name] = _hundredths(spec, value)
        elif spec.kind == WHOLE:
            values[name] = switchvalues.whole(spec.name, value, spec.low)
        else:
            values[name] = switchvalues.flag(spec.name, value)
    typed = {f.name: values[f.name] for f in fields(Options) if f.name in values}
    return replace(Options(), **typed, given=frozenset(names))  # type: ignore[arg-type]
