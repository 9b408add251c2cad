"""The house-rule lines of a Wooden Walls report: every switch named once, changed ones first,
each at the game's value."""

from __future__ import annotations

from pbem.rules.woodenwalls.houserules import HOUSE_RULE_TEXT, house_rule, house_rules
from pbem.rules.woodenwalls.switches import SPECS, SWITCH_NAMES, parse_options


def test_every_switch_has_a_text_and_every_value_its_own() -> None:
    assert set(HOUSE_RULE_TEXT) == set(SWITCH_NAMES)
    for spec in SPECS:
        text = HOUSE_RULE_TEXT[spec.name]
        if not isinstance(text, str):
            assert set(text) == set(spec.values), spec.name


def test_defaults_each_named_once_in_section_order() -> None:
    lines = house_rules(parse_options({}))
    assert len(lines) == len(SPECS)
    assert lines[0] == "The table is 18x12 ship lengths (SL) (§1)."
    assert "A stopped ship pivots about its centre (§3)." in lines


def test_changed_switches_come_first_with_their_value() -> None:
    lines = house_rules(parse_options({"flooding": "per_hole", "stopped_pivot": "beam_mid"}))
    assert lines[:2] == (
        "A stopped ship pivots about the middle of its beam on the side it turns to (§3).",
        "Each original hole makes its own flooding roll in SinkOrSwim (§10.7).")
    assert len(lines) == len(SPECS) and len(set(lines)) == len(lines)


def test_numbers_and_flags_show_the_game_value() -> None:
    options = parse_options({"naturals": "off", "table": "20x14"})
    assert house_rule("naturals", options).startswith("A seamanship test is the die plus")
    assert house_rule("table", options) == "The table is 20x14 ship lengths (SL) (§1)."
    assert house_rule("round_limit", options) == (
        "After round 8 the game ends and the losses are scored (§18).")
