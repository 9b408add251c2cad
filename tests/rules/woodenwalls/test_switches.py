"""The switches of Wooden Walls rulings §25: each one, its default, every alternative the rulings
name, one-setting switches (words and numbers) refusing the rest with a sentence, the table size
in SL, the scenario file, and the JSON read back."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.woodenwalls.switches import SWITCH_NAMES, SWITCHES, Options, parse_options

# §25 in its order: switch -> default as this judge writes it.
RULINGS_DEFAULTS: dict[str, object] = {
    "table": "18x12", "contact_tolerance": 0.025, "terrain": "land_current",
    "hull_outline": "w_minus_0.05", "stopped_pivot": "centre", "template_turn": "pivot",
    "ship_table": "4.1", "turn_table": "first", "turn_column": "slow_at_1_and_b",
    "steering_loss": "two_classes", "deck_plan": "4.4", "default_load": "4.5", "naturals": "on",
    "first_player": "catch_up_2d6", "fate": "wind_drift_ap", "storm": "off", "mail": "legs",
    "turn_anywhere": "on", "backing_distance": 0.5, "speed_down": "any",
    "backing_change": "via_0", "oar_save_speed": "minus_1_above_2", "shear_band": "25..35",
    "ram_calc": "10.2", "ram_defence": "difference", "ram_swing": "far_bow_corner",
    "flooding": "per_ship", "arcs": "11.2", "near_side": "ignore", "sight": "11.2",
    "shooting_tie": "first_player", "oar_speed": "proportional", "harpax": "contact",
    "ungrapple": "cut_release", "deck_dice": "d10_d8_d6", "throw_cap": 20,
    "oarsmen_fight": "min_marines", "smoke_move": "free", "fire_growth": "roll",
    "ap_weapons": "off", "boarded_test": "on", "rally": "off", "reveal_range": 2.0,
    "flight": "auto", "victory": "losses", "round_limit": 8, "scenario": "default",
}
ONE_WORD = ("terrain", "hull_outline", "template_turn", "ship_table", "turn_column", "deck_plan",
            "default_load", "first_player", "fate", "storm", "speed_down", "backing_change",
            "oar_save_speed", "shear_band", "ram_calc", "ram_swing", "arcs", "near_side", "sight",
            "harpax", "ungrapple", "deck_dice", "smoke_move", "rally", "flight", "victory")
ONE_NUMBER = ("contact_tolerance", "backing_distance", "throw_cap", "reveal_range",
              "round_limit")
# The alternatives §25 names for the switches with more than one setting.
ALTERNATIVES = {"stopped_pivot": ("beam_mid",), "turn_table": ("second",),
                "steering_loss": ("halve",), "naturals": ("off",), "mail": ("split", "round"),
                "turn_anywhere": ("off",), "ram_defence": ("size",), "flooding": ("per_hole",),
                "shooting_tie": ("none",), "oar_speed": ("per_hit",),
                "oarsmen_fight": ("open_crew",), "fire_growth": ("none",),
                "ap_weapons": ("on",), "boarded_test": ("off",)}
SCENARIO_FILE = 'title = "Two triremes"\n[[ship]]\nid = "RH-ATHENA"\n'


def test_every_switch_of_section_25_in_its_order() -> None:
    assert list(SWITCH_NAMES) == list(RULINGS_DEFAULTS)
    assert len(SWITCH_NAMES) == 47
    assert set(ONE_WORD) | set(ONE_NUMBER) | set(ALTERNATIVES) | {"table", "scenario"} == set(
        SWITCH_NAMES)
    assert [switch.name for switch in SWITCHES] == list(SWITCH_NAMES)
    assert all(switch.help for switch in SWITCHES)


def test_every_default_is_the_rulings_default() -> None:
    options = Options()
    assert options.as_json() == RULINGS_DEFAULTS
    assert parse_options({}) == options
    assert options.changed() == ()
    assert (options.table_width, options.table_height) == (18.0, 12.0)
    assert options.naturals is True and options.turn_anywhere is True
    assert options.ap_weapons is False and options.boarded_test is True
    assert options.throw_cap == 20 and options.round_limit == 8
    assert options.contact_tolerance == 0.025 and options.backing_distance == 0.5
    assert options.reveal_range == 2.0
    assert options.shear_band_degrees == (25, 35)
    assert options.scenario_text is None


def test_the_host_list_shows_numbers_as_numbers_and_words_as_on_off() -> None:
    shown = {switch.name: switch.default for switch in SWITCHES}
    assert shown["throw_cap"] == 20 and shown["round_limit"] == 8 and shown["reveal_range"] == 2
    assert shown["contact_tolerance"] == 0 and shown["table"] == 0
    assert shown["naturals"] is True and shown["ap_weapons"] is False
    assert shown["mail"] is False and shown["terrain"] is False and shown["scenario"] is False
    helps = {switch.name: switch.help for switch in SWITCHES}
    assert helps["throw_cap"] == "the most throws of one attack (§12.7): only 20 is built"
    assert helps["mail"] == ("the mails: one a leg, two a leg or one a round (§6): legs (default) "
                             "or split or round")
    assert helps["table"] == "table size WIDTHxHEIGHT in SL (§1; default 18x12)"


@pytest.mark.parametrize("name", ONE_WORD)
def test_a_one_setting_word_takes_only_its_setting_and_says_so(name: str) -> None:
    default = str(RULINGS_DEFAULTS[name])
    assert parse_options({name: default}).value(name) == default
    assert parse_options({name: default.upper()}).value(name) == default
    for wrong in ("other", True):
        with pytest.raises(ValueError, match=f"option {name} has only one setting, {default}"):
            parse_options({name: wrong})


@pytest.mark.parametrize(("name", "written", "value"), [
    ("ship_table", "§4.1", "4.1"), ("ship_table", 4.1, "4.1"), ("ram_calc", "§10.2", "10.2"),
    ("first_player", "Catch-up 2d6", "catch_up_2d6"), ("deck_dice", "D10 d8 D6", "d10_d8_d6"),
    ("hull_outline", "W minus 0.05", "w_minus_0.05"), ("storm", False, "off"),
])
def test_one_setting_spellings(name: str, written: str | float | bool, value: str) -> None:
    assert parse_options({name: written}).value(name) == value


def test_the_shear_band_is_not_a_number() -> None:
    with pytest.raises(ValueError, match=r"option shear_band has only one setting, 25\.\.35 "
                       r"\(the house rule of §8\.2\), not 30"):
        parse_options({"shear_band": 30})


@pytest.mark.parametrize(("name", "written"), [
    ("contact_tolerance", "0.025"), ("contact_tolerance", 0.025), ("contact_tolerance", ".0250"),
    ("backing_distance", "0.50"), ("backing_distance", 0.5), ("throw_cap", "20"),
    ("throw_cap", 20.0), ("reveal_range", 2), ("reveal_range", "2.0"), ("round_limit", "8"),
    ("round_limit", 8),
])
def test_a_one_setting_number_takes_any_spelling_of_it(name: str, written: str | float) -> None:
    options = parse_options({name: written})
    assert options.value(name) == RULINGS_DEFAULTS[name]
    assert type(options.value(name)) is type(RULINGS_DEFAULTS[name])
    assert options.changed() == () and options.given == frozenset({name})


@pytest.mark.parametrize(("name", "wrong", "sentence"), [
    ("contact_tolerance", 0.1, "option contact_tolerance has only one setting, 0.025 (the house "
     "rule of §1), not 0.1"),
    ("backing_distance", "1/2", "option backing_distance has only one setting, 0.5 (the house "
     "rule of §7.2), not '1/2'"),
    ("throw_cap", 25, "option throw_cap has only one setting, 20 (the house rule of §12.7), not "
     "25"),
    ("throw_cap", True, "option throw_cap has only one setting, 20 (the house rule of §12.7), "
     "not True"),
    ("reveal_range", "-2", "option reveal_range has only one setting, 2 (the house rule of §16), "
     "not '-2'"),
    ("round_limit", "12", "option round_limit has only one setting, 8 (the house rule of §18), "
     "not '12'"),
    ("round_limit", 8.5, "option round_limit has only one setting, 8 (the house rule of §18), not "
     "8.5"),
    ("round_limit", "eight", "option round_limit has only one setting, 8 (the house rule of §18), "
     "not 'eight'"),
    ("round_limit", "inf", "option round_limit has only one setting, 8"),
])
def test_bad_numbers_are_refused_with_a_sentence(name: str, wrong: str | float, sentence: str
                                                 ) -> None:
    with pytest.raises(ValueError) as refusal:
        parse_options({name: wrong})
    assert str(refusal.value).startswith(sentence)


@pytest.mark.parametrize(("name", "value"), [
    (name, value) for name, values in ALTERNATIVES.items() for value in values])
def test_every_alternative_the_rulings_name_is_accepted(name: str, value: str) -> None:
    options = parse_options({name: value.upper()})
    assert options.value(name) == value
    assert options.changed() == (f"{name} = {value}",)
    assert options.given == frozenset({name})


def test_alternatives_reach_the_typed_fields() -> None:
    options = parse_options({"Stopped-Pivot": "Beam Mid", "naturals": "off", "mail": "round",
                             "turn anywhere": "no", "ap_weapons": "yes", "boarded_test": 0})
    assert options.stopped_pivot == "beam_mid" and options.mail == "round"
    assert options.naturals is False and options.turn_anywhere is False
    assert options.ap_weapons is True and options.boarded_test is False
    assert options.given == frozenset({"stopped_pivot", "naturals", "mail", "turn_anywhere",
                                       "ap_weapons", "boarded_test"})


def test_a_bare_two_way_choice_takes_its_alternative_and_the_three_way_mail_asks() -> None:
    assert parse_options({"flooding": True}).flooding == "per_hole"
    assert parse_options({"oarsmen_fight": True}).oarsmen_fight == "open_crew"
    assert parse_options({"shooting_tie": True}).shooting_tie == "none"
    assert parse_options({"flooding": False}).flooding == "per_ship"
    assert parse_options({"ap_weapons": True}).ap_weapons is True
    assert parse_options({"naturals": True}).naturals is True
    with pytest.raises(ValueError, match="option mail needs a value: mail=legs or split or round"):
        parse_options({"mail": True})


@pytest.mark.parametrize(("given", "sentence"), [
    ({"mail": "weekly"}, "option mail is legs or split or round, not 'weekly'"),
    ({"flooding": "per_leak"}, "option flooding is per_ship or per_hole, not 'per_leak'"),
    ({"naturals": "maybe"}, "option naturals is on or off, not 'maybe'"),
    ({"scenario": "defualt"}, "option scenario is default (The Rhodian Straits, §19) or the text "
     "of a scenario file (TOML), not 'defualt'"),
    ({"scenario": True}, "option scenario is default (The Rhodian Straits, §19) or the text of a "
     "scenario file (TOML), not True"),
    ({"speed": 3}, "the Wooden Walls rules have no option 'speed'; their options are table, "
     "contact_tolerance, terrain,"),
])
def test_every_refusal_is_a_sentence(given: dict[str, str | bool | int], sentence: str) -> None:
    with pytest.raises(ValueError) as refusal:
        parse_options(given)
    assert str(refusal.value).startswith(sentence)


def test_the_table_takes_any_size_in_sl() -> None:
    options = parse_options({"table": "24 x 16.5"})
    assert (options.table_width, options.table_height) == (24.0, 16.5)
    assert options.value("table") == "24x16.5"
    assert options.changed() == ("table = 24x16.5",)
    assert parse_options({"table": "18X12"}).changed() == ()
    assert parse_options({"table": 0}) == Options(given=frozenset({"table"}))  # the host's 0


@pytest.mark.parametrize(("wrong", "sentence"), [
    ("18", "option table is WIDTHxHEIGHT in SL (ship lengths), e.g. table=18x12, not '18'"),
    ("18 by 12", "option table is WIDTHxHEIGHT in SL (ship lengths), e.g. table=18x12, not "
     "'18 by 12'"),
    ("-18x12", "option table is WIDTHxHEIGHT in SL"),
    (True, "option table is WIDTHxHEIGHT in SL (ship lengths), e.g. table=18x12, not True"),
    ("0x12", "option table needs two sizes above 0 SL, not '0x12'"),
    ("18x0.0", "option table needs two sizes above 0 SL, not '18x0.0'"),
])
def test_bad_sizes_are_refused_with_a_sentence_in_sl(wrong: str | bool, sentence: str) -> None:
    with pytest.raises(ValueError) as refusal:
        parse_options({"table": wrong})
    assert str(refusal.value).startswith(sentence)
    assert "inch" not in str(refusal.value)


def test_a_scenario_file_is_kept_as_its_text() -> None:
    options = parse_options({"scenario": SCENARIO_FILE})
    assert options.scenario == SCENARIO_FILE and options.scenario_text == SCENARIO_FILE
    assert options.value("scenario") == SCENARIO_FILE
    assert options.changed() == ("scenario = a scenario file",)
    assert parse_options({"scenario": "Default"}).scenario_text is None
    assert parse_options({"scenario": "§default"}).scenario == "default"


def test_as_json_reads_back_to_the_same_options() -> None:
    base = Options()
    assert parse_options(base.as_json()) == replace(base, given=frozenset(SWITCH_NAMES))
    changed = parse_options({"table": "20x14", "stopped_pivot": "beam_mid", "mail": "split",
                             "naturals": "off", "ap_weapons": "on", "flooding": "per_hole",
                             "scenario": SCENARIO_FILE})
    again = parse_options(changed.as_json())
    assert again == replace(changed, given=frozenset(SWITCH_NAMES))
    assert again.as_json() == changed.as_json()
    assert again.changed() == changed.changed() == (
        "table = 20x14", "stopped_pivot = beam_mid", "naturals = off", "mail = split",
        "flooding = per_hole", "ap_weapons = on", "scenario = a scenario file")


def test_in_force_names_every_switch_with_its_section() -> None:
    lines = parse_options({"fire_growth": "none"}).in_force()
    assert len(lines) == 47
    assert lines[0] == "table = 18x12 (§1: table size WIDTHxHEIGHT in SL)"
    assert lines[1] == ("contact_tolerance = 0.025 (§1: the footprint distance in SL that is "
                        "still contact (c))")
    assert "fire_growth = none (§13.4: fires rolling to grow or die down in SinkOrSwim)" in lines
    assert lines[-2] == "round_limit = 8 (§18: the last round, then scoring)"
    assert lines[-1] == "scenario = default (§19: forces and deployment)"
