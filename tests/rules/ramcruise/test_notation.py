"""The §19 notation: every example of the rulings read exactly, words in any case, the extras
named, refusals that say which line, what was wrong and what is accepted; no text raises
anything but NotationError, and every order written out reads back as itself."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.errors import OrderSyntaxError
from pbem.rules.ramcruise.fleet import Design
from pbem.rules.ramcruise.notation import (
    CONTEXTS,
    NotationError,
    numbered_lines,
    read_build_line,
    read_line,
    read_round_line,
    read_setup_line,
)
from pbem.rules.ramcruise.orders import (
    Build,
    Duty,
    Move,
    Order,
    Picking,
    Place,
    Standing,
    Step,
    Targets,
)

# Every example of §19's table, with the order it must read as.
ROUND_EXAMPLES: list[tuple[str, Order]] = [
    ("C2: RAM F6 S30 F5", Move("C2", "ram", (Step("F", 60), Step("S", 30), Step("F", 50)))),
    ("C1: CRUISE P20 F4", Move("C1", "cruise", (Step("P", 20), Step("F", 40)))),
    ("C4: BACK B1.5 S20", Move("C4", "back", (Step("B", 15), Step("S", 20)))),
    ("C3: STRAT S45", Move("C3", "strategic", (Step("S", 45),))),
    ("C5: STAY", Move("C5", "stay")),
    ("R4: BREAK C3", Targets("R4", "BREAK", ("C3",))),
    ("R1: DUTY 2 DECK", Duty("R1", 2, "deck")),
    ("R5: BOW C4, C4, C2 PICK OAR, MAR", Picking("R5", "BOW", ("C4", "C4", "C2"), ("oar", "mar"))),
    ("R3: BALLISTA C1, C3", Targets("R3", "BALLISTA", ("C1", "C3"))),
    ("R1: GRAPPLE C2, C3", Targets("R1", "GRAPPLE", ("C2", "C3"))),
    ("R1: MELEE C2 PICK DECK, MAR", Picking("R1", "MELEE", ("C2",), ("deck", "mar"))),
    ("C3: STANCE ACCEPT", Standing("C3", "stance", ("accept",))),
    ("C3: ONBREAK ACCEPT", Standing("C3", "onbreak", ("accept",))),
    ("C4: ONSHEAR NONE", Standing("C4", "onshear", ("none",))),
    ("C1: LOSSES OAR, DECK, BOW, MAR", Standing("C1", "losses", ("oar", "deck", "bow", "mar"))),
]

# §19's whole turn of the default scenario, round by round.
WHOLE_TURN = """
# round 1, turn 2, Carthage (side A) moves
C4: RAM F14.5                 # bireme: cruise max 8, so RAM needs 9..16
C2: CRUISE S15 F6
C1: CRUISE F4
C3: STRAT P10 F3
C5: STAY
C3: DUTY 1 DECK

# round 2, turn 2: Rome fires at the Carthaginians that moved ...
R5: BOW C4, C4 PICK OAR
R3: BALLISTA C1, C2
R2: LOSSES DECK, OAR, BOW, MAR        # a standing order may come in any round
# ... while Carthage, at the same time, names grapples and melees
C4: GRAPPLE R5
C4: MELEE R5 PICK MAR, DECK

# round 3: Rome (side B) moves
R1: CRUISE S10 F4
R5: BACK B2
R4: BREAK C5
R4: STAY                      # if the break succeeds it still stays

# round 4: Carthage fires, Rome grapples and melees
C1: BALLISTA R1
C1: BOW R1, R1, R2 PICK MAR
R1: GRAPPLE C2
R1: MELEE C2
"""


@pytest.mark.parametrize(("text", "order"), ROUND_EXAMPLES)
def test_every_round_example_of_section_19(text: str, order: Order) -> None:
    reading = read_round_line(1, text)
    assert reading.order == order
    assert reading.extras == ()
    assert reading.order.notation() == text.split(": ", 1)[1]


@pytest.mark.parametrize(("text", "order"), ROUND_EXAMPLES)
def test_words_are_read_in_any_case(text: str, order: Order) -> None:
    reading = read_round_line(1, text.lower())
    assert reading.order == type(order)(**{**order.__dict__, "ship": order.ship.lower()})
    assert reading.extras == ()


def test_the_whole_turn_reads_line_by_line_with_no_extras() -> None:
    lines = numbered_lines(WHOLE_TURN)
    assert [number for number, _ in lines] == [3, 4, 5, 6, 7, 8, 11, 12, 13, 15, 16, 19, 20, 21,
                                               22, 25, 26, 27, 28]
    readings = [read_round_line(number, raw) for number, raw in lines]
    assert all(reading.extras == () for reading in readings)
    assert readings[0].order == Move("C4", "ram", (Step("F", 145),))
    assert readings[0].order.distance == 145  # type: ignore[union-attr]
    assert readings[-3].order == Picking("C1", "BOW", ("R1", "R1", "R2"), ("mar",))


def test_the_build_example_and_types_left_out() -> None:
    text = ("C1: quinquereme CREWMEN 6 regular OARS 5 BOWMEN 2 regular MARINES 4 regular TOWER "
            "BALLISTA 1 ADMIRAL")
    reading = read_build_line(1, text)
    assert reading.order == Build("C1", Design("quinquereme", 6, "regular", 5, 2, "regular", 4,
                                               "regular", tower=True, ballistas=1, admiral=True))
    assert reading.extras == ()
    assert reading.order.notation() == text.split(": ", 1)[1]
    short = read_build_line(2, "R5: BIREME CREWMEN 2 regular BOWMEN 2 elite MARINES 1 regular")
    assert short.order == Build("R5", Design("bireme", 2, "regular", None, 2, "elite", 1, "regular"))
    no_bowmen = read_build_line(3, "R4: trireme CREWMEN 3 green MARINES 3 regular CORVUS")
    assert no_bowmen.order == Build("R4", Design("trireme", 3, "green", None, 0, "regular", 3, "regular",
                                                 gear="corvus"))
    assert no_bowmen.extras == ()


def test_the_set_up_example() -> None:
    reading = read_setup_line(1, "C1: 36 6 0")
    assert reading.order == Place("C1", 36.0, 6.0, 0) and reading.extras == ()
    assert read_setup_line(1, "c1: 55.5 41.5 180").order == Place("c1", 55.5, 41.5, 180)


@pytest.mark.parametrize("context", CONTEXTS)
def test_standing_orders_are_read_in_every_round(context: str) -> None:
    assert read_line(1, "C4: onshear none", context).order == Standing("C4", "onshear", ("none",))


def test_pivot_sizes_are_left_to_the_game_s_turn_angle() -> None:
    # The notation reads any whole degrees; 1 to turn_angle is the checker's test (§6.3, §6.6).
    assert read_round_line(1, "C1: CRUISE S0 P180 S999").order == Move(
        "C1", "cruise", (Step("S", 0), Step("P", 180), Step("S", 999)))


def test_numbers_may_stand_apart_from_their_step() -> None:
    assert read_round_line(1, "C2: RAM F 6 S 30 F .5").order == Move(
        "C2", "ram", (Step("F", 60), Step("S", 30), Step("F", 5)))


@pytest.mark.parametrize(("text", "order", "extras"), [
    ("c1: strategic forward 3 starboard 10",
     Move("c1", "strategic", (Step("F", 30), Step("S", 10))),
     ("STRATEGIC for STRAT", "FORWARD for F", "STARBOARD for S")),
    ("C1: HOLD", Move("C1", "stay"), ("HOLD for STAY",)),
    ("C4: BACK ASTERN 2 PORT 10", Move("C4", "back", (Step("B", 20), Step("P", 10))),
     ("ASTERN for B", "PORT for P")),
    ("C1: ARCHERY R1 R2 PICK MARINES OARS", Picking("C1", "BOW", ("R1", "R2"), ("mar", "oar")),
     ("ARCHERY for BOW", "ids separated by spaces", "categories separated by spaces",
      "MARINES for MAR", "OARS for OAR")),
    ("R1: DUTY 1 OAR", Duty("R1", 1, "oar"), ("OAR for OARS",)),
    ("R3: BALLISTAS C1", Targets("R3", "BALLISTA", ("C1",)), ("BALLISTAS for BALLISTA",)),
])
def test_the_extras_are_read_and_named(text: str, order: Order, extras: tuple[str, ...]) -> None:
    reading = read_round_line(1, text)
    assert reading.order == order
    assert reading.extras == extras


def test_build_extras_are_named() -> None:
    reading = read_build_line(1, "C3: Quinquireme marines 4 crew 5 green ballista corvus")
    assert reading.order == Build("C3", Design("quinquereme", 5, "green", None, 0, "regular", 4,
                                               "regular", ballistas=1, gear="corvus"))
    assert reading.extras == ("QUINQUIREME for quinquereme", "no class for MARINES: regular",
                              "CREW for CREWMEN", "BALLISTA with no number: 1",
                              "build clauses in another order")


def test_set_up_extras_are_named() -> None:
    reading = read_setup_line(1, "C1: 36.25, 1.75, 90")
    assert reading.order == Place("C1", 36.25, 1.75, 90)
    assert reading.extras == ("numbers separated by commas", "two decimals")


def test_an_echoed_line_sent_back_reads_as_its_order() -> None:
    reading = read_round_line(4, "line 3: C2: RAM F6 S30 F5 => path to (30.00, 12.00)")
    assert reading.order == ROUND_EXAMPLES[0][1]


@pytest.mark.parametrize(("context", "text", "reason"), [
    ("round", "C1 RAM F6", "an order line starts with the ship's id and a colon"),
    ("round", "THIRTEEN-CHARS: STAY", "is not a ship id"),
    ("round", "C1:", "the order is empty"),
    ("round", "C1: F4", "a move names its mode first"),
    ("round", "C1: RAM F6 B2", "RAM moves use F steps, never B (F and B steps are not mixed)"),
    ("round", "C1: CRUISE F2 B1", "F and B steps are not mixed"),
    ("round", "C1: BACK F2", "BACK moves use B steps, never F"),
    ("round", "C1: STAY F2", "STAY stands alone"),
    ("round", "C1: CRUISE F4.25", "at most one decimal"),
    ("round", "C1: CRUISE F4.", "a decimal point needs a digit after it"),
    ("round", "C1: CRUISE F0", "a distance is from 0.1 to 99.9 inches"),
    ("round", "C1: CRUISE F100", "a distance is from 0.1 to 99.9 inches"),
    ("round", "C1: CRUISE S1000", "a pivot is 1 to the game's turn_angle in whole degrees (1 to 45"),
    ("round", "C1: CRUISE S4.5", "pivots are whole degrees"),
    ("round", "C1: CRUISE S20.5 F2", "whole degrees"),
    ("round", "C1: CRUISE F2.25", "decimal"),
    ("round", "C1: CRUISE F", "F needs a distance in inches"),
    ("round", "C1: CRUISE X4", "'X4' is not a step"),
    ("round", "C1: BOW", "BOW needs at least one target"),
    ("round", "C1: BOW R1,, R2", "an id is missing between commas"),
    ("round", "C1: BOW R1 PICK HULL", "'HULL' is not a category BOW's PICK takes"),
    ("round", "C1: BOW R1 PICK MAR PICK BOW", "BOW has one PICK list"),
    ("round", "C1: BOW R1 PICK", "BOW's PICK needs at least one category"),
    ("round", "C1: MELEE R1 PICK BOW", "'BOW' is not a category MELEE's PICK takes"),
    ("round", "C1: MELEE R1 PICK OAR", "'OAR' is not a category MELEE's PICK takes"),
    ("round", "C1: GRAPPLE R1 PICK MAR", "GRAPPLE takes no PICK list"),
    ("round", "C1: BREAK R1!", "is not a ship id"),
    ("round", "C1: DUTY two DECK", "DUTY is a number of crewmen and DECK or OARS"),
    ("round", "C1: DUTY 2 MAST", "DUTY is a number of crewmen and DECK or OARS"),
    ("round", "C1: DUTY 100 DECK", "is more than any ship carries"),
    ("round", "C1: STANCE", "STANCE is RESIST or ACCEPT"),
    ("round", "C1: ONSHEAR ACCEPT", "ONSHEAR is GRAPPLE or NONE, not 'ACCEPT'"),
    ("round", "C1: LOSSES", "LOSSES needs at least one category"),
    ("round", "C1: LOSSES MAR, HULL", "'HULL' is not a category LOSSES takes"),
    ("round", "C1: FIRE R1", "'FIRE' is no order of a turn"),
    ("round", "C1: trireme CREWMEN 3 regular", "'TRIREME' is no order of a turn"),
    ("round", "C1: ST\u00c5Y", "a character outside the notation"),
    ("build", "C1: galleon CREWMEN 3", "a build line starts with the ship's class, not 'GALLEON'"),
    ("build", "C1: RAM F6", "a build line starts with the ship's class, not 'RAM'"),
    ("build", "C1: trireme CREWMEN", "CREWMEN needs a number"),
    ("build", "C1: trireme CREWMEN 3 regular CREWMEN 2 green", "CREWMEN is given twice"),
    ("build", "C1: trireme CORVUS HARPAX", "CORVUS or HARPAX is given twice"),
    ("build", "C1: trireme OARS 2", "OARS says how many crewmen row; give CREWMEN first"),
    ("build", "C1: trireme CREWMEN 3 veteran", "'VETERAN' is no part of a build line"),
    ("build", "C1: trireme CREWMEN 300 regular", "is more than any ship carries"),
    ("setup", "C1: 36 6", "a placement is three numbers"),
    ("setup", "C1: 36 6 360", "heading 360 must be whole degrees from 0 to 359"),
    ("setup", "C1: 36 6 45.5", "must be whole degrees from 0 to 359"),
    ("setup", "C1: -3 6 0", "-3 is not a distance in inches"),
    ("setup", "C1: 36.125 6 0", "is not a distance in inches"),
    ("setup", "C1: 12345 6 0", "is not a distance in inches"),
])
def test_refusals_say_the_line_what_was_wrong_and_what_is_accepted(context: str, text: str,
                                                                     reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_line(7, text, context)
    error = caught.value
    assert isinstance(error, OrderSyntaxError)
    assert reason in error.reason
    assert error.line_no == 7 and error.text == text
    assert error.accepted
    assert error.sentence().startswith("line 7")


def test_a_long_word_is_quoted_cut_short() -> None:
    with pytest.raises(NotationError) as caught:
        read_round_line(1, "C1: CRUISE F" + "9" * 400)
    assert "(401 characters)" in caught.value.reason
    assert len(caught.value.sentence()) < 600


def test_pick_is_a_word_of_its_own_so_ids_may_contain_it() -> None:
    assert read_round_line(1, "C1: BOW PICK-1 PICK MAR").order == Picking("C1", "BOW", ("PICK-1",), ("mar",))


# --- properties

IDS = st.from_regex(r"[A-Za-z0-9-]{1,12}", fullmatch=True).filter(lambda s: s.upper() != "PICK")
TARGETS = IDS.map(str.upper)
CATEGORIES = st.sampled_from(["mar", "bow", "deck", "oar"])
FORWARD = st.builds(Step, st.just("F"), st.integers(1, 999))
PIVOT = st.builds(Step, st.sampled_from(["P", "S"]), st.integers(1, 180))
BACKWARD = st.builds(Step, st.just("B"), st.integers(1, 999))
ORDERS = st.one_of(
    st.builds(Move, IDS, st.sampled_from(["ram", "cruise", "strategic"]),
              st.lists(st.one_of(FORWARD, PIVOT), max_size=6).map(tuple)),
    st.builds(Move, IDS, st.just("back"), st.lists(st.one_of(BACKWARD, PIVOT), max_size=6).map(tuple)),
    st.builds(Move, IDS, st.just("stay")),
    st.builds(Targets, IDS, st.sampled_from(["BREAK", "BALLISTA", "GRAPPLE"]),
              st.lists(TARGETS, min_size=1, max_size=5).map(tuple)),
    st.builds(Picking, IDS, st.just("BOW"), st.lists(TARGETS, min_size=1, max_size=5).map(tuple),
              st.lists(CATEGORIES, max_size=4).map(tuple)),
    st.builds(Picking, IDS, st.just("MELEE"), st.lists(TARGETS, min_size=1, max_size=3).map(tuple),
              st.lists(st.sampled_from(["mar", "deck"]), max_size=2).map(tuple)),
    st.builds(Duty, IDS, st.integers(0, 99), st.sampled_from(["deck", "oar"])),
    st.builds(Standing, IDS, st.just("stance"), st.sampled_from([("resist",), ("accept",)])),
    st.builds(Standing, IDS, st.just("onshear"), st.sampled_from([("grapple",), ("none",)])),
    st.builds(Standing, IDS, st.just("losses"), st.lists(CATEGORIES, min_size=1, max_size=4).map(tuple)),
)
GRADES = st.sampled_from(["elite", "regular", "green"])
DESIGNS = st.builds(
    Design, st.sampled_from(["monoreme", "bireme", "trireme", "quinquereme", "sixteen"]),
    st.integers(0, 40), GRADES, st.one_of(st.none(), st.integers(0, 16)), st.integers(0, 20), GRADES,
    st.integers(0, 20), GRADES, st.booleans(), st.integers(0, 8),
    st.sampled_from(["", "corvus", "harpax"]), st.booleans())


@settings(max_examples=300, deadline=None)
@given(ORDERS)
def test_every_round_order_written_out_reads_back_as_itself(order: Order) -> None:
    reading = read_round_line(1, f"{order.ship}: {order.notation()}")
    assert reading.order == order
    assert reading.extras == ()


@settings(max_examples=200, deadline=None)
@given(IDS, DESIGNS)
def test_every_build_line_written_out_reads_back_as_itself(ship: str, design: Design) -> None:
    reading = read_build_line(1, f"{ship}: {Build(ship, design).notation()}")
    assert isinstance(reading.order, Build)
    got = reading.order.design
    # A type with no factors, left out, reads back as regular.
    for kind in ("crewmen", "bowmen", "marines"):
        if getattr(design, kind) == 0 and getattr(design, f"{kind}_class") == "regular":
            assert getattr(got, f"{kind}_class") == "regular"
    assert got == design
    assert reading.extras == ()


WORDS = ["C1:", "r5:", "Z:", "::", "RAM", "CRUISE", "STRAT", "STRATEGIC", "BACK", "STAY", "HOLD",
         "F6", "F", "6", "F14.5", "B1.5", "B", "P20", "S45", "S", "S181", "F.5", "F0", "F6.",
         "BREAK", "DUTY", "2", "DECK", "OARS", "OAR", "BOW", "BALLISTA", "GRAPPLE", "MELEE", "PICK",
         "MAR", "STANCE", "RESIST", "ACCEPT", "ONBREAK", "ONSHEAR", "NONE", "LOSSES", ",", "C4,",
         "C2", "quinquereme", "CREWMEN", "BOWMEN", "MARINES", "regular", "elite", "green", "TOWER",
         "CORVUS", "HARPAX", "ADMIRAL", "36", "6.25", "-3", "359", "360", "#", "=>", "line", "9" * 30,
         "é", "\u00a0", "\t", "\x1c", "٣", "²", "ſtay", "ﬁ"]
LINE = st.lists(st.sampled_from(WORDS), max_size=10).map(" ".join)
TEXT = st.lists(st.one_of(LINE, st.text(max_size=60)), max_size=10).map("\n".join)


@settings(max_examples=500, deadline=None)
@given(TEXT, st.sampled_from(CONTEXTS))
def test_no_text_raises_anything_but_a_notation_error(text: str, context: str) -> None:
    for number, raw in numbered_lines(text):
        try:
            reading = read_line(number, raw, context)
        except NotationError as error:
            assert error.sentence().startswith(f"line {number}")
            assert error.reason and error.accepted
        else:
            assert reading.ship and reading.order.notation()
