"""The switches of rulings §23 and the seven opt_* of §16: each one, its default, every value the
rulings name, and a sentence for every value refused."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.switches import (
    OPTIONAL_RULES,
    SWITCH_NAMES,
    SWITCHES,
    Options,
    parse_options,
)

# §23 in its order, then §16's optional rules: switch -> default as this judge writes it.
RULINGS_DEFAULTS: dict[str, object] = {
    "table": "72x48", "footprint": "by_type", "contact_tolerance": 0.1, "pivot_point": "centre",
    "zones": "45_degree", "ship_table": "§2.1", "soldier_value": "0.6", "oar_sides": "odd_port",
    "prizes_inert": "on", "sink_at_zero": "on", "mail_turn": "plotted", "secret_records": "off",
    "initiative_die": "d6", "activation_order": "line_order", "collision": "block",
    "table_edge": "block", "aim_step": "on", "ram_pass": "clash_pass", "ram_base": "40",
    "zone_mods": "§7.2", "ram_damage": "§7.5", "nested_avoid": "off",
    "shear_side_default": "fewer_sections", "grapple_reach": "continuous",
    "line_cutting": "one_try", "corvus_timing": "end_of_movement", "corvus_reach": 1.0,
    "corvus_mod": 0.2, "fire_arc": "all_round", "missile_ranges": "§12.1",
    "missile_table": "§12.2", "melee_standing": "standing", "melee_pairs": "in_sequence",
    "loss_order": "§13.3", "capture": "prize", "morale_mods": "§14.2", "flight": "nearest_edge",
    "victory": "tonnage", "turn_limit": 12, "scenario": "default", "setup": "fixed",
    "opt_crew_quality": "off", "opt_combat_values": "off", "opt_missile_speed": "off",
    "opt_overcrew": "off", "opt_transfer": "off", "opt_fast_triremes": "off",
    "opt_strengthened_bows": "off",
}
ONE_SETTING = ("footprint", "pivot_point", "zones", "ship_table", "oar_sides", "prizes_inert",
               "sink_at_zero", "mail_turn", "initiative_die", "activation_order", "collision",
               "table_edge", "aim_step", "ram_pass", "zone_mods", "ram_damage", "nested_avoid",
               "shear_side_default", "grapple_reach", "line_cutting", "corvus_timing",
               "fire_arc", "missile_ranges", "missile_table", "melee_standing", "melee_pairs",
               "loss_order", "capture", "morale_mods", "flight", "victory", "scenario")
# The alternatives §23 and §16 name for the switches with more than one setting.
ALTERNATIVES = {"soldier_value": ("0.5", "0.7"), "secret_records": ("on",), "ram_base": ("20",),
                "setup": ("free",), **{name: ("on",) for name in OPTIONAL_RULES}}


def test_every_switch_of_section_23_and_the_seven_optional_rules() -> None:
    assert list(SWITCH_NAMES) == list(RULINGS_DEFAULTS)
    assert len(SWITCH_NAMES) == 48
    assert OPTIONAL_RULES == ("opt_crew_quality", "opt_combat_values", "opt_missile_speed",
                              "opt_overcrew", "opt_transfer", "opt_fast_triremes",
                              "opt_strengthened_bows")
    assert [switch.name for switch in SWITCHES] == list(SWITCH_NAMES)
    assert all(switch.help for switch in SWITCHES)


def test_every_default_is_the_rulings_default() -> None:
    assert Options().as_json() == RULINGS_DEFAULTS
    assert parse_options({}) == Options()
    assert Options().changed() == ()
    assert Options().ram_base_chance == 40 and Options().soldier_tenths == 6
    assert Options().corvus_mod == 20


def test_the_host_list_shows_numbers_as_numbers_and_choices_as_words() -> None:
    shown = {switch.name: switch.default for switch in SWITCHES}
    assert shown["turn_limit"] == 12 and shown["corvus_reach"] == 1
    assert shown["secret_records"] is False and shown["opt_transfer"] is False
    assert shown["setup"] is False and shown["footprint"] is False


@pytest.mark.parametrize("name", ONE_SETTING)
def test_a_one_setting_switch_takes_only_its_setting_and_says_so(name: str) -> None:
    default = RULINGS_DEFAULTS[name]
    assert parse_options({name: str(default)}).value(name) == default
    assert parse_options({name: str(default).upper()}).value(name) == default
    for wrong in ("other", default != "on"):
        with pytest.raises(ValueError, match=f"option {name} has only one setting, {default}"):
            parse_options({name: wrong})


def test_one_setting_switches_that_are_on_take_true() -> None:
    for name in ("prizes_inert", "sink_at_zero", "aim_step"):
        assert parse_options({name: True}).value(name) == "on"
    assert parse_options({"nested_avoid": False}).value("nested_avoid") == "off"


@pytest.mark.parametrize(("name", "written", "value"), [
    ("ship_table", "2.1", "§2.1"), ("zone_mods", "7.2", "§7.2"), ("loss_order", "§13.3", "§13.3"),
    ("morale_mods", "14.2", "§14.2"), ("footprint", "by type", "by_type"),
    ("fire_arc", "All-Round", "all_round"), ("ram_pass", "clash-pass", "clash_pass"),
])
def test_one_setting_spellings(name: str, written: str, value: str) -> None:
    assert parse_options({name: written}).value(name) == value


@pytest.mark.parametrize(("name", "value"), [
    (name, value) for name, values in ALTERNATIVES.items() for value in values])
def test_every_alternative_the_rulings_name_is_accepted(name: str, value: str) -> None:
    options = parse_options({name: value.upper()})
    assert options.value(name) == value
    assert options.changed() == (f"{name} = {value}",)
    assert options.given == frozenset({name})


def test_numbers_name_the_numeric_settings() -> None:
    assert parse_options({"ram_base": 20}).ram_base_chance == 20
    assert parse_options({"ram_base": "20.0"}).ram_base_chance == 20
    assert parse_options({"soldier_value": 0.5}).soldier_tenths == 5
    assert parse_options({"soldier_value": ".70"}).soldier_tenths == 7
    with pytest.raises(ValueError, match="option soldier_value is 0.6 or 0.5 or 0.7, not 0.8"):
        parse_options({"soldier_value": 0.8})
    with pytest.raises(ValueError, match="option ram_base is 40 or 20, not 30"):
        parse_options({"ram_base": 30})


def test_a_bare_two_way_choice_takes_its_alternative_and_a_three_way_one_asks() -> None:
    assert parse_options({"setup": True}).setup == "free"
    assert parse_options({"ram_base": True}).ram_base == "20"
    assert parse_options({"secret_records": True}).secret_records is True
    with pytest.raises(ValueError, match="option soldier_value needs a value: soldier_value=0.6 "
                       "or 0.5 or 0.7"):
        parse_options({"soldier_value": True})


def test_sizes_lengths_and_numbers() -> None:
    options = parse_options({"table": "100 x 60", "contact_tolerance": "0.25",
                             "corvus_reach": 1.5, "corvus_mod": "-0.35", "turn_limit": "20"})
    assert (options.table_width, options.table_height) == (100.0, 60.0)
    assert options.contact_tolerance == 0.25 and options.corvus_reach == 1.5
    assert options.corvus_mod == -35 and options.value("corvus_mod") == -0.35
    assert options.turn_limit == 20
    assert options.value("table") == "100x60"


@pytest.mark.parametrize(("given", "sentence"), [
    ({"table": "72"}, "option table is WIDTHxHEIGHT in inches"),
    ({"table": "0x48"}, "option table needs two sizes above 0"),
    ({"contact_tolerance": -1}, "option contact_tolerance is a length of 0 inches or more"),
    ({"corvus_reach": "far"}, "option corvus_reach is a number, not 'far'"),
    ({"corvus_reach": "inf"}, "option corvus_reach is a finite number"),
    ({"corvus_mod": "0.125"}, "option corvus_mod is a number with at most two decimals"),
    ({"corvus_mod": True}, "option corvus_mod needs a number"),
    ({"turn_limit": 0}, "option turn_limit is a whole number of 1 or more, not 0"),
    ({"turn_limit": 2.5}, "option turn_limit is a whole number of 1 or more"),
    ({"opt_transfer": "maybe"}, "option opt_transfer is on or off, not 'maybe'"),
    ({"speed": 3}, "the speed-band rules have no option 'speed'; their options are table,"),
])
def test_every_refusal_is_a_sentence(given: dict[str, object], sentence: str) -> None:
    with pytest.raises(ValueError, match=sentence.replace("(", r"\(")):
        parse_options(given)  # type: ignore[arg-type]


def test_in_force_names_every_switch_with_its_section() -> None:
    lines = parse_options({"opt_overcrew": "on"}).in_force()
    assert len(lines) == 48
    assert "opt_overcrew = on (§16 (text 9.5): overcrowded ships move as smaller rows)" in lines
    assert lines[18].startswith("ram_base = 40 (§7.2:")
