"""The speed-band presenter: report tables, standing (§17), house rules (§23), pieces."""

from __future__ import annotations

from dataclasses import replace

import jsonschema  # type: ignore[import-untyped]

from pbem.rules.speedband.houserules import HOUSE_RULE_TEXT, house_rule, house_rules
from pbem.rules.speedband.pieces import pieces_schema, report_pieces
from pbem.rules.speedband.present import report_sections, standing
from pbem.rules.speedband.scenario import default_state
from pbem.rules.speedband.state import (
    CORVUS,
    Front,
    GameState,
    Link,
    StandingOrders,
    TurnRecord,
)
from pbem.rules.speedband.switches import SWITCH_NAMES, Options, parse_options
from pbem.rules.speedband.view import full_view, view

ROMANS, CARTHAGINIANS = "romans", "carthaginians"


def fought(secret: bool = False) -> GameState:
    """Off Mylae, later: C1 (heptares, 150 tons) sunk, C2 (trireme, 50) fled, R1's corvus on C3."""
    state = default_state(parse_options({"secret_records": "on"}) if secret else Options())
    r1, r2, r3, c1, c2, c3 = state.ships
    r1 = replace(r1, corvus_holds="C3", hull=64, rowers=(4, 0, 4, 4, 4, 0, 4, 4), archers=2,
                 officers_lost=1, officers=2, band="battle", written_speed=75,
                 standing=StandingOrders(melee="C3", raise_corvus=True), raise_count=2)
    c3 = replace(c3, standing=StandingOrders(cut="none", break_corvus="R1"), break_count=1)
    state = state.with_ships((r1, r2, r3, replace(c1, status="sunk", hull=-20),
                              replace(c2, status="fled"), c3))
    return replace(state, links=(Link("R1", "C3", CORVUS, "R1"),),
                   fronts=(Front("R1", "C3", 2),),
                   record=TurnRecord(activations=("R3", "C3", "R1", "R2")))


def test_standing_counts_tons_by_hand() -> None:
    numbers = standing(fought())
    assert numbers["rule"] == "tonnage" and numbers["turn_limit"] == 12
    carthaginians = numbers["sides"][CARTHAGINIANS]
    # 150 + 50 + 50 = 250 at start; C1 sunk (150) and C2 fled (50): 200 lost, broken at 125.
    assert carthaginians == {"start": 250, "lost": 200, "breaking_point": 125.0, "broken": True,
                             "score": 0.0}
    # The Romans score C1 whole and C2 half: 150 + 25 = 175.
    assert numbers["sides"][ROMANS] == {"start": 250, "lost": 0, "breaking_point": 125.0,
                                        "broken": False, "score": 175.0}


def sections_by_title(state: GameState, side: str | None) -> dict[str, tuple[tuple[str, ...], ...]]:
    data = view(state, side) if side is not None else full_view(state)
    return {section.title: section.rows
            for section in report_sections(data, side, standing(state))}


def test_report_tables() -> None:
    tables = sections_by_title(fought(), CARTHAGINIANS)
    ships = tables["Ships"]
    assert [row[0] for row in ships] == ["C1", "C2", "C3", "R1", "R2", "R3"]  # own first
    r1 = ships[3]
    assert r1 == ("R1", ROMANS, "quinquereme", "(28.00, 8.00) heading 0", "afloat",
                  'battle (7.5")', "cruise", "64%", "2, 6")
    assert ships[0][3] == "off the table" and ships[0][4] == "sunk"
    crews = dict((row[0], row[1:]) for row in tables["Crews"])
    assert crews["R1"] == ("2", "4", "2", "1", "1", "4 0 4 4 4 0 4 4")
    links = dict((row[0], row[1:]) for row in tables["Links, corvus and fronts"])
    assert links["R1"] == ("C3", "holds C3", "holds 2 of C3's areas", "")
    assert links["C3"] == ("R1", "none", "R1 holds 2 of its areas", "")
    # Only the viewer's standing orders, and none for ships off the table.
    assert tables["Standing orders"] == (("C3", "NONE", "-", "ARCHERS SOLDIERS OFFICERS",
                                          "BREAK R1 (1 of 3 turns)"),)
    assert tables["Activations this turn, in order"] == (("1", "R3"), ("2", "C3"), ("3", "R1"),
                                                         ("4", "R2"))
    sides = dict((row[0], row[1:]) for row in tables["Sides (victory by tonnage, §17)"])
    assert sides[CARTHAGINIANS] == ("250", "200", "125", "yes", "0")
    assert sides[ROMANS] == ("250", "0", "125", "no", "175")


def test_report_tables_say_hidden_under_secret_records() -> None:
    tables = sections_by_title(fought(secret=True), CARTHAGINIANS)
    crews = dict((row[0], row[1:]) for row in tables["Crews"])
    assert crews["R1"] == ("hidden",) * 6
    assert crews["C3"] == ("2", "2", "3", "0", "0", "2 2 2 2 2 2 2 2")
    ships = dict((row[0], row[1:]) for row in tables["Ships"])
    assert ships["R1"][-2:] == ("64%", "2, 6")  # hull and lost sections stay open
    game_master = sections_by_title(fought(secret=True), None)
    assert dict((row[0], row[1:]) for row in game_master["Crews"])["R1"][0] == "2"
    assert len(game_master["Standing orders"]) == 4  # afloat: R1, R2, R3, C3


def test_house_rules_name_every_switch_once_changed_first() -> None:
    assert set(HOUSE_RULE_TEXT) == set(SWITCH_NAMES)
    rules = house_rules(parse_options({"secret_records": "on", "ram_base": "20"}))
    assert len(rules) == len(SWITCH_NAMES) == 48
    assert rules[0] == ("Each side sees only its own ships' crews, officers, ballistae and "
                        "rowers; hull and lost oar sections stay open (§4; secret_records = on "
                        "for this game, the default is off).")
    assert rules[1] == ("The ram chance starts at 20% (§7.2; ram_base = 20 for this game, the "
                        "default is 40).")
    for name in SWITCH_NAMES:
        assert sum(f"; {name})" in rule or f"; {name} =" in rule for rule in rules) == 1, name
    assert house_rule("turn_limit", "9").startswith("The game ends after turn 9")
    assert house_rule("corvus_mod", "0.35") == ("A corvus holding the enemy adds 0.35 to its "
                                                "ship's melee multiplier")
    assert house_rule("scenario", "lilybaeum") == "The battle is the scenario lilybaeum"


def test_pieces_follow_the_schema_and_the_view() -> None:
    schema = pieces_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    state = fought(secret=True)
    for data in (view(state, ROMANS), view(state, CARTHAGINIANS), view(state, None),
                 full_view(state)):
        for piece in report_pieces(data):
            jsonschema.validate(piece, schema)
    romans = {piece["id"]: piece for piece in report_pieces(view(state, ROMANS))}
    assert romans["R1"]["crew"] == {"archers": 2, "soldiers": 4, "officers": 2,
                                    "officers_lost": 1, "ballistae": 1}
    assert romans["R1"]["standing"]["raise"] and romans["R1"]["standing"]["raise_count"] == 2
    assert romans["C3"]["crew"] is None and romans["C3"]["rowers"] is None
    assert romans["C3"]["standing"] is None
    assert romans["C1"]["position"] is None and romans["C1"]["corners"] == []
    assert romans["R1"]["sections_lost"] == [2, 6] and romans["R1"]["links"] == {
        "linked_with": ["C3"], "corvus_holds": "C3"}
    assert romans["R1"]["move"]["written_speed"] == 7.5
