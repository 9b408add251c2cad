"""The house-rule switches of Wooden Walls rulings §25 (47: the table's 46 rows, `victory` and
`round_limit` sharing one), every value the rulings name, and reading them.

The host lists `SWITCHES` (`pbem rules list`) and hands the values a game master gave (text,
booleans or numbers, from `--option` or a case's `[options]`) to `parse_options`. Words are read
in any case, with `-` and spaces read as `_` and `§` dropped. A two-way choice given with no value
(`--option flooding`) takes its alternative; a switch whose §25 row names no alternative records
the house rule in force and accepts only its setting, saying so; this holds for the five numbers
without alternatives too (`contact_tolerance`, `backing_distance`, `throw_cap`, `reveal_range`,
`round_limit`: plan §11 item 1; a scenario file may still give its own number of rounds).
`table` takes any WIDTHxHEIGHT in SL (ship lengths); `scenario` takes `default` or the text of
a scenario file (TOML, checked by `scenario.py`). The setting names of the one-setting rows are
the build plan's (§25 describes them in words).

Imports `pbem.rules.switchvalues` (word, flag and number reading shared by the open-table
rulesets) and `pbem.rules.interface.Switch`; the table size is read here, in SL, since
`switchvalues.size` speaks of inches.
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

# Kinds: a word with one setting, a number with one setting (SL or whole), a choice of words,
# on/off, the table size and the scenario.
ONE, ONE_LENGTH, ONE_WHOLE, CHOICE, FLAG, SIZE, SCENARIO = (
    "one", "one_length", "one_whole", "choice", "flag", "size", "scenario")
ONE_SETTING_KINDS = (ONE, ONE_LENGTH, ONE_WHOLE)


@dataclass(frozen=True)
class SwitchSpec:
    """One row of §25: name, rulings section, what it settles, kind and values (the first is
    the default)."""

    name: str
    section: str
    settles: str
    kind: str
    values: tuple[str, ...] = ()

    @property
    def help(self) -> str:
        if self.kind in ONE_SETTING_KINDS:
            return f"{self.settles} ({self.section}): only {self.values[0]} is built"
        if self.kind in (CHOICE, FLAG):
            others = " or ".join(self.values[1:])
            return f"{self.settles} ({self.section}): {self.values[0]} (default) or {others}"
        if self.kind == SCENARIO:
            return (f"{self.settles} ({self.section}): default (The Rhodian Straits) or the text "
                    f"of a scenario file")
        return f"{self.settles} ({self.section}; default {self.values[0]})"


def _one(name: str, section: str, settles: str, setting: str) -> SwitchSpec:
    return SwitchSpec(name, section, settles, ONE, (setting,))


def _choice(name: str, section: str, settles: str, *values: str) -> SwitchSpec:
    return SwitchSpec(name, section, settles, CHOICE, values)


def _flag(name: str, section: str, settles: str, default: str) -> SwitchSpec:
    return SwitchSpec(name, section, settles, FLAG, (default, "off" if default == "on" else "on"))


SPECS: tuple[SwitchSpec, ...] = (
    SwitchSpec("table", "§1", "table size WIDTHxHEIGHT in SL", SIZE, ("18x12",)),
    SwitchSpec("contact_tolerance", "§1", "the footprint distance in SL that is still contact (c)",
               ONE_LENGTH, ("0.025",)),
    _one("terrain", "§1", "land and current polygons from the scenario, nothing else",
         "land_current"),
    _one("hull_outline", "§2", "the hull for shooting arcs: the octagon W - 0.05 SL wide",
         "w_minus_0.05"),
    _choice("stopped_pivot", "§3", "what a stopped ship pivots about", "centre", "beam_mid"),
    _one("template_turn", "§3", "a turn is a rotation about the pivot point, costing no distance",
         "pivot"),
    _one("ship_table", "§4.1", "the ship types and every number the text lacks", "4.1"),
    _choice("turn_table", "§4.3", "the set of moving turn limits", "first", "second"),
    _one("turn_column", "§4.3", "the Slow column at speed 1 and backing, Faster at 2-4",
         "slow_at_1_and_b"),
    _choice("steering_loss", "§4.3", "what a lost steering oar does to the moving limit",
            "two_classes", "halve"),
    _one("deck_plan", "§4.4", "areas B, M, S and towers with their capacities", "4.4"),
    _one("default_load", "§4.5", "the elements a ship carries when its scenario gives none",
         "4.5"),
    _flag("naturals", "§4.6", "an unmodified 6 always passes a seamanship test, a 1 always fails",
          "on"),
    _one("first_player", "§5.4", "the first player by d6, the previous second side keeping the "
         "higher of 2d6", "catch_up_2d6"),
    _one("fate", "§5.6", "the Fate card: the wind's d6, hulks' drift, AP markers",
         "wind_drift_ap"),
    _one("storm", "§5.6", "storms and capsizing (the wind stays light, stiff or strong)", "off"),
    _choice("mail", "§6", "the mails: one a leg, two a leg or one a round", "legs", "split",
            "round"),
    _flag("turn_anywhere", "§7.1", "turn steps anywhere in a segment (off: before every advance)",
          "on"),
    SwitchSpec("backing_distance", "§7.2", "the longest backing advance in SL (from 1/4)",
               ONE_LENGTH, ("0.5",)),
    _one("speed_down", "§7.8", "any speed decrease in one action phase", "any"),
    _one("backing_change", "§7.8", "backing only from stopped and back to stopped", "via_0"),
    _one("oar_save_speed", "§8.3", "oar saves at -1 per collision speed level above 2",
         "minus_1_above_2"),
    _one("shear_band", "§8.2", "aspect angles from 25 to 35 degrees decided by a seamanship test",
         "25..35"),
    _one("ram_calc", "§10.2", "the attack value of a ram", "10.2"),
    _choice("ram_defence", "§10.3", "the defence value: size less the rammer's RAV, or size",
            "difference", "size"),
    _one("ram_swing", "§10.5", "a rammer striking across swings about its far bow corner",
         "far_bow_corner"),
    _choice("flooding", "§10.7", "flooding rolls: one a holed ship or one an original hole",
            "per_ship", "per_hole"),
    _one("arcs", "§11.2", "shooting arcs: B +-90, M 45-135 a side, S 90 and more, towers all "
         "round", "11.2"),
    _one("near_side", "§11.2", "no test of the shooter's own side or shooting across an area",
         "ignore"),
    _one("sight", "§11.2", "sight blocked by land, smoke and third ships not lower than the "
         "shooting area", "11.2"),
    _choice("shooting_tie", "§11.5", "a tied shooting: won by the first player's ship or by "
            "nobody", "first_player", "none"),
    _choice("oar_speed", "§11.7", "maximum speed after oar losses: in proportion or -1 a section",
            "proportional", "per_hit"),
    _one("harpax", "§12.3", "a harpax only in a grapple on a ship in contact", "contact"),
    _one("ungrapple", "§12.4", "grapples end by CUT tests or both ships' RELEASE",
         "cut_release"),
    _one("deck_dice", "§12.7", "deck fight dice: Picked d10, Experienced d8, Poor d6",
         "d10_d8_d6"),
    SwitchSpec("throw_cap", "§12.7", "the most throws of one attack", ONE_WHOLE, ("20",)),
    _choice("oarsmen_fight", "§12.8", "oarsmen in a boarding: never, or an open ship's as Poor "
            "marines", "min_marines", "open_crew"),
    _one("smoke_move", "§13.3", "ships may move into smoke", "free"),
    _choice("fire_growth", "§13.4", "fires rolling to grow or die down in SinkOrSwim", "roll",
            "none"),
    _flag("ap_weapons", "§14", "anti-personnel throws and markers", "off"),
    _flag("boarded_test", "§15.4", "a morale test for enemy elements aboard, a failure "
          "surrendering", "on"),
    _one("rally", "§15.4", "morale flags, once raised, never removed", "off"),
    SwitchSpec("reveal_range", "§16", "the footprint distance in SL that reveals a crew's "
               "quality", ONE_LENGTH, ("2",)),
    _one("flight", "§15.5", "standing-off and fleeing ships moved by the judge", "auto"),
    _one("victory", "§18", "victory by losses, a side broken at half its ships", "losses"),
    SwitchSpec("round_limit", "§18", "the last round, then scoring", ONE_WHOLE, ("8",)),
    SwitchSpec("scenario", "§19", "forces and deployment", SCENARIO, ("default",)),
)
SPEC_BY_NAME: Mapping[str, SwitchSpec] = {spec.name: spec for spec in SPECS}
SWITCH_NAMES = tuple(spec.name for spec in SPECS)


def _interface_default(spec: SwitchSpec) -> bool | int:
    # The host's Switch is on/off or a whole number (`=N`): words show as on/off, numbers as
    # their whole number (0 for a fraction and for the size), as speed-band does.
    if spec.kind == FLAG:
        return spec.values[0] == "on"
    if spec.kind in (ONE_LENGTH, ONE_WHOLE):
        number = float(spec.values[0])
        return int(number) if number.is_integer() else 0
    return 0 if spec.kind == SIZE else False


SWITCHES: tuple[Switch, ...] = tuple(Switch(spec.name, spec.help, _interface_default(spec))
                                     for spec in SPECS)


@dataclass(frozen=True)
class Options:
    """The value of every switch for one game (`table` kept as its two sizes in SL, flags as
    booleans, numbers as numbers, `scenario` as `default` or a scenario file's text). `given`
    names the switches the game master set, which win over a scenario's own values."""

    table_width: float = 18.0
    table_height: float = 12.0
    contact_tolerance: float = 0.025
    terrain: str = "land_current"
    hull_outline: str = "w_minus_0.05"
    stopped_pivot: str = "centre"
    template_turn: str = "pivot"
    ship_table: str = "4.1"
    turn_table: str = "first"
    turn_column: str = "slow_at_1_and_b"
    steering_loss: str = "two_classes"
    deck_plan: str = "4.4"
    default_load: str = "4.5"
    naturals: bool = True
    first_player: str = "catch_up_2d6"
    fate: str = "wind_drift_ap"
    storm: str = "off"
    mail: str = "legs"
    turn_anywhere: bool = True
    backing_distance: float = 0.5
    speed_down: str = "any"
    backing_change: str = "via_0"
    oar_save_speed: str = "minus_1_above_2"
    shear_band: str = "25..35"
    ram_calc: str = "10.2"
    ram_defence: str = "difference"
    ram_swing: str = "far_bow_corner"
    flooding: str = "per_ship"
    arcs: str = "11.2"
    near_side: str = "ignore"
    sight: str = "11.2"
    shooting_tie: str = "first_player"
    oar_speed: str = "proportional"
    harpax: str = "contact"
    ungrapple: str = "cut_release"
    deck_dice: str = "d10_d8_d6"
    throw_cap: int = 20
    oarsmen_fight: str = "min_marines"
    smoke_move: str = "free"
    fire_growth: str = "roll"
    ap_weapons: bool = False
    boarded_test: bool = True
    rally: str = "off"
    reveal_range: float = 2.0
    flight: str = "auto"
    victory: str = "losses"
    round_limit: int = 8
    scenario: str = "default"
    given: frozenset[str] = frozenset()

    def value(self, name: str) -> bool | int | float | str:
        """A switch's value by its name as the rulings write it (`table` as WIDTHxHEIGHT,
        flags as on/off, `scenario` as `default` or the file's text)."""
        spec = SPEC_BY_NAME.get(name)
        if spec is None:
            raise KeyError(name)
        if name == "table":
            return f"{plain(self.table_width)}x{plain(self.table_height)}"
        if spec.kind == FLAG:
            return "on" if getattr(self, name) else "off"
        found: bool | int | float | str = getattr(self, name)
        return found

    def shown(self, name: str) -> str:
        """A switch's value for a report: as `value` writes it, a scenario file as such."""
        if name == "scenario" and self.scenario_text is not None:
            return "a scenario file"
        found = self.value(name)
        return plain(found) if isinstance(found, float) else str(found)

    def as_json(self) -> dict[str, bool | int | float | str]:
        """Every switch by name with its value; `parse_options` reads it back to these options."""
        return {name: self.value(name) for name in SWITCH_NAMES}

    def changed(self) -> tuple[str, ...]:
        """The switches set away from their defaults, as `name = value` (for reports)."""
        base = Options()
        return tuple(f"{name} = {self.shown(name)}" for name in SWITCH_NAMES
                     if self.value(name) != base.value(name))

    def in_force(self) -> tuple[str, ...]:
        """Every switch with its value and what it settles, `name = value (§n: settles)`."""
        return tuple(f"{spec.name} = {self.shown(spec.name)} ({spec.section}: {spec.settles})"
                     for spec in SPECS)

    @property
    def scenario_text(self) -> str | None:
        """The game master's scenario file, None for the default scenario (§19)."""
        return None if self.scenario == "default" else self.scenario

    @property
    def shear_band_degrees(self) -> tuple[int, int]:
        """The aspect angles, both included, that a seamanship test decides (§8.2)."""
        low, high = self.shear_band.split("..")
        return int(low), int(high)


def _only(spec: SwitchSpec, value: Given) -> ValueError:
    return ValueError(f"option {spec.name} has only one setting, {spec.values[0]} (the house "
                      f"rule of {spec.section}), not {value!r}")


def _word_choice(spec: SwitchSpec, value: Given) -> str:
    values = spec.values
    if value is True:
        if spec.kind == ONE:
            raise ValueError(f"option {spec.name} has only one setting, {values[0]}: the house "
                             f"rule of {spec.section} as the rulings build it")
        if len(values) != 2:
            raise ValueError(f"option {spec.name} needs a value: {spec.name}="
                             f"{' or '.join(values)}")
        return values[1]
    if value is False:
        return values[0]
    word = switchvalues.word(value)
    if isinstance(value, int | float):
        word = switchvalues.word(plain(float(value)))
    for choice in values:
        if switchvalues.word(choice) == word:
            return choice
    if spec.kind == ONE:
        raise _only(spec, value)
    raise ValueError(f"option {spec.name} is {' or '.join(values)}, not {value!r}")


def _one_number(spec: SwitchSpec, value: Given) -> float:
    # A number with one setting: any spelling of that number ("0.50", ".5", 8.0), nothing else.
    if isinstance(value, bool):
        raise _only(spec, value)
    text = str(value).strip()
    if not re.fullmatch(r"\d*\.?\d+", text, re.ASCII):
        raise _only(spec, value)
    number = float(text)
    if not math.isclose(number, float(spec.values[0]), rel_tol=0.0, abs_tol=1e-9):
        raise _only(spec, value)
    return float(spec.values[0])


def size_in_sl(name: str, value: Given) -> tuple[float, float]:
    """WIDTHxHEIGHT in SL, both above 0 (`switchvalues.size` with SL in its sentences)."""
    match = re.fullmatch(r"\s*(\d{1,4}(?:\.\d+)?)\s*[x×*]\s*(\d{1,4}(?:\.\d+)?)\s*",
                         str(value), re.IGNORECASE | re.ASCII)
    if isinstance(value, bool) or not match:
        raise ValueError(f"option {name} is WIDTHxHEIGHT in SL (ship lengths), e.g. {name}=18x12, "
                         f"not {value!r}")
    width, height = float(match.group(1)), float(match.group(2))
    if width <= 0 or height <= 0:
        raise ValueError(f"option {name} needs two sizes above 0 SL, not {value!r}")
    return width, height


def _scenario(spec: SwitchSpec, value: Given) -> str:
    # A scenario file is TOML: it has a key (`=`) or a table (`[`); a lone word is a name.
    if value is False:
        return "default"
    if isinstance(value, str) and switchvalues.word(value) == "default":
        return "default"
    if isinstance(value, str) and re.search(r"[=\[\n]", value):
        return value
    raise ValueError(f"option {spec.name} is default (The Rhodian Straits, {spec.section}) or "
                     f"the text of a scenario file (TOML), not {value!r}")


def parse_options(given: Mapping[str, Given]) -> Options:
    """The options of a game from the values given; ValueError (a sentence) for an unknown
    switch or a value it does not take."""
    values: dict[str, object] = {}
    names: set[str] = set()
    for raw_name, value in given.items():
        name = switchvalues.word(raw_name)
        spec = SPEC_BY_NAME.get(name)
        if spec is None:
            raise ValueError(f"the Wooden Walls rules have no option {raw_name!r}; their options "
                             f"are {', '.join(SWITCH_NAMES)}")
        names.add(name)
        if spec.kind == SIZE:
            if value in (0, "0"):
                continue  # the listed default of a size switch: not set
            values["table_width"], values["table_height"] = size_in_sl(spec.name, value)
        elif spec.kind in (ONE, CHOICE):
            values[name] = _word_choice(spec, value)
        elif spec.kind == ONE_LENGTH:
            values[name] = _one_number(spec, value)
        elif spec.kind == ONE_WHOLE:
            values[name] = int(_one_number(spec, value))
        elif spec.kind == SCENARIO:
            values[name] = _scenario(spec, value)
        else:
            values[name] = switchvalues.flag(spec.name, value)
    typed = {f.name: values[f.name] for f in fields(Options) if f.name in values}
    return replace(Options(), **typed, given=frozenset(names))  # type: ignore[arg-type]
