"""The 37 switches of rulings §22: each one, its default, every value the rulings name, and a
sentence for every value refused."""

from __future__ import annotations

import pytest

from pbem.rules.ramcruise.switches import SWITCH_NAMES, SWITCHES, Options, parse_options

# §22, in its order: switch -> default as the rulings write it.
RULINGS_DEFAULTS: dict[str, object] = {
    "table": "72x48", "footprint": "by_class", "contact_tolerance": 0.1, "ram_zones": "L/4",
    "sight": 25.0, "table_edge": "block", "other_classes": "monoreme", "special_ship": "sixteen",
    "equipment": "§3.3", "budget": 20, "crew_costs": "per_type", "mode_change": "ladder",
    "turn_angle": 45, "fatigue": "ship", "fatigue_reserve": 20, "fatigue_limit": "on",
    "shear_test": "abreast", "ram_aspect": "§9.2", "head_on_ram": "unmodified",
    "sink_countdown": "extended", "corvus_odds": "3", "break_first": "either",
    "melee_pick": "attacker", "surrender": "strike", "fire_blocking": "none", "long_tie": "target",
    "bow_arcs": "broadside", "ballista_medium": "5-12", "fire_darts": "off", "wind": "scenario",
    "wind_change": "off", "rout_heading": "§16.6", "rout_contact": "block", "victory": "points",
    "turn_limit": 12, "scenario": "default", "setup": "fixed",
}
ONE_SETTING = ("footprint", "ram_zones", "table_edge", "other_classes", "equipment", "crew_costs",
               "mode_change", "shear_test", "ram_aspect", "head_on_ram", "sink_countdown",
               "melee_pick", "surrender", "fire_blocking", "long_tie", "bow_arcs",
               "ballista_medium", "rout_heading", "victory", "scenario")
# The alternatives the rulings name for the switches with more than one setting.
ALTERNATIVES = {"special_ship": ("printed", "off"), "fatigue": ("fleet", "off"),
                "fatigue_limit": ("off",), "corvus_odds": ("printed",), "break_first": ("none",),
                "wind_change": ("roll",), "rout_contact": ("ram",), "setup": ("free",)}


def test_there_are_37_switches_in_the_order_of_section_22() -> None:
    assert list(SWITCH_NAMES) == list(RULINGS_DEFAULTS)
    assert len(SWITCH_NAMES) == 37
    assert [switch.name for switch in SWITCHES] == list(SWITCH_NAMES)
    assert all(switch.help for switch in SWITCHES)


def test_every_default_is_the_rulings_default() -> None:
    assert Options().as_json() == RULINGS_DEFAULTS
    assert parse_options({}) == Options()
    assert Options().changed() == ()


def test_the_host_list_shows_numbers_as_numbers_and_choices_as_words() -> None:
    shown = {switch.name: switch.default for switch in SWITCHES}
    assert shown["budget"] == 20 and shown["turn_limit"] == 12 and shown["turn_angle"] == 45
    assert shown["fatigue_reserve"] == 20 and shown["sight"] == 25
    assert shown["fatigue_limit"] is True
    assert shown["setup"] is False and shown["footprint"] is False


@pytest.mark.parametrize("name", ONE_SETTING)
def test_a_one_setting_switch_takes_only_its_setting_and_says_so(name: str) -> None:
    default = RULINGS_DEFAULTS[name]
    assert parse_options({name: str(default)}).value(name) == default
    assert parse_options({name: str(default).upper()}).value(name) == default
    assert parse_options({name: False}).value(name) == default
    for wrong in ("other", True):
        with pytest.raises(ValueError, match=f"option {name} has only one setting, {default}"):
            parse_options({name: wrong})


@pytest.mark.parametrize(("name", "written", "value"), [
    ("equipment", "3.3", "§3.3"), ("ram_aspect", "9.2", "§9.2"), ("rout_heading", "16.6", "§16.6"),
    ("ram_zones", "l/4", "L/4"), ("ballista_medium", "5–12", "5-12"),
    ("footprint", "by class", "by_class"), ("crew_costs", "per-type", "per_type"),
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


@pytest.mark.parametrize(("name", "alternative"), [
    ("corvus_odds", "printed"), ("break_first", "none"), ("wind_change", "roll"),
    ("rout_contact", "ram"), ("setup", "free")])
def test_a_choice_of_two_switched_on_takes_its_alternative(name: str, alternative: str) -> None:
    assert parse_options({name: True}).value(name) == alternative
    assert parse_options({name: False}).value(name) == RULINGS_DEFAULTS[name]


@pytest.mark.parametrize("name", ["special_ship", "fatigue"])
def test_a_choice_of_three_needs_a_value(name: str) -> None:
    with pytest.raises(ValueError, match=f"option {name} needs a value"):
        parse_options({name: True})
    with pytest.raises(ValueError, match=f"option {name} is "):
        parse_options({name: "sometimes"})


def test_fatigue_limit_is_on_or_off() -> None:
    assert parse_options({"fatigue_limit": "off"}).fatigue_limit is False
    assert parse_options({"fatigue_limit": False}).fatigue_limit is False
    assert parse_options({"fatigue_limit": "ON"}).fatigue_limit is True
    with pytest.raises(ValueError, match="option fatigue_limit is on or off"):
        parse_options({"fatigue_limit": "maybe"})


def test_corvus_odds_reads_the_number_3_from_a_case() -> None:
    assert parse_options({"corvus_odds": 3}).corvus_odds == "3"


@pytest.mark.parametrize(("given", "width", "height"), [
    ("60x40", 60.0, 40.0), ("36 X 24", 36.0, 24.0), ("72×48", 72.0, 48.0), ("100.5x30", 100.5, 30.0),
    (0, 72.0, 48.0)])
def test_table_takes_any_size(given: object, width: float, height: float) -> None:
    options = parse_options({"table": given})  # type: ignore[dict-item]
    assert (options.table_width, options.table_height) == (width, height)


@pytest.mark.parametrize("given", ["72", "0x48", "72x0", "axb", True, "-72x48", "72x48x2"])
def test_table_refuses_anything_but_two_sizes(given: object) -> None:
    with pytest.raises(ValueError, match="option table "):
        parse_options({"table": given})  # type: ignore[dict-item]


@pytest.mark.parametrize("name", ["contact_tolerance", "sight"])
def test_lengths_take_any_length_of_zero_or_more(name: str) -> None:
    assert parse_options({name: "0.25"}).value(name) == 0.25
    assert parse_options({name: 3}).value(name) == 3.0
    assert parse_options({name: 0}).value(name) == 0.0
    for wrong in ("-1", "far", "nan", "inf", True):
        with pytest.raises(ValueError, match=f"option {name} "):
            parse_options({name: wrong})


@pytest.mark.parametrize(("name", "low", "high"), [
    ("budget", 1, None), ("turn_angle", 1, 180), ("fatigue_reserve", 0, None), ("turn_limit", 1, None)])
def test_whole_numbers_and_their_bounds(name: str, low: int, high: int | None) -> None:
    assert parse_options({name: low}).value(name) == low
    assert parse_options({name: str(low + 7)}).value(name) == low + 7
    assert parse_options({name: float(low + 1)}).value(name) == low + 1
    refused: list[object] = [low - 1, "2.5", 2.5, "ten", True, "9" * 400]
    if high is not None:
        assert parse_options({name: high}).value(name) == high
        refused.append(high + 1)
    for wrong in refused:
        with pytest.raises(ValueError, match=f"option {name} "):
            parse_options({name: wrong})  # type: ignore[dict-item]


@pytest.mark.parametrize(("given", "value", "heading"), [
    ("scenario", "scenario", None), ("roll", "roll", None), ("ROLL", "roll", None),
    (90, "90", 90), ("0", "0", 0), ("359", "359", 359), ("090", "90", 90), (270.0, "270", 270),
    (False, "scenario", None)])
def test_wind_is_the_scenario_s_any_heading_or_roll(given: object, value: str,
                                                     heading: int | None) -> None:
    options = parse_options({"wind": given})  # type: ignore[dict-item]
    assert options.wind == value
    assert options.wind_heading == heading
    assert options.wind_roll is (value == "roll")


@pytest.mark.parametrize("given", ["360", "-45", "north", "45.5", True, 400])
def test_wind_refuses_anything_else(given: object) -> None:
    with pytest.raises(ValueError, match="option wind "):
        parse_options({"wind": given})  # type: ignore[dict-item]


def test_fire_darts_off_on_or_one_side() -> None:
    assert parse_options({"fire_darts": "on"}).fire_darts_for("rome")
    assert parse_options({"fire_darts": True}).fire_darts_for("carthage")
    off = parse_options({"fire_darts": "off"})
    assert not off.fire_darts_for("rome")
    one = parse_options({"fire_darts": "Rome"}).for_sides(("carthage", "rome"))
    assert one.fire_darts == "rome"
    assert one.fire_darts_for("rome") and not one.fire_darts_for("carthage")
    with pytest.raises(ValueError, match="no side of this game; give off, on .* carthage, rome"):
        parse_options({"fire_darts": "sparta"}).for_sides(("carthage", "rome"))
    with pytest.raises(ValueError, match="option fire_darts is off, on"):
        parse_options({"fire_darts": "a side!"})


def test_names_are_read_in_any_case_with_hyphens_and_unknown_ones_list_the_options() -> None:
    assert parse_options({"Turn-Limit": 8}).turn_limit == 8
    with pytest.raises(ValueError, match="no option 'morale'; their options are table, footprint"):
        parse_options({"morale": "on"})


def test_in_force_names_every_switch_with_its_section() -> None:
    lines = parse_options({"setup": "free"}).in_force()
    assert len(lines) == 37
    assert "setup = free (§20: deployment)" in lines
    assert lines[0] == "table = 72x48 (§2: table size WIDTHxHEIGHT in inches)"
