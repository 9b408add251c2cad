"""The Wooden Walls notation (rulings §20, §21): every example line of §20 read as written and
written back exactly; the macros' forms; words in any case; the friendly extras named; every
refusal a sentence saying what was wrong and what the mail accepts (several checked whole); lines
of the wrong part of the mail refused; the kinds of §17; and a fuzz that nothing but
NotationError escapes the reader."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.errors import OrderSyntaxError
from pbem.rules.table import Vec
from pbem.rules.woodenwalls.notation import ACCEPTED, NotationError, kind_of, part_of, read_line
from pbem.rules.woodenwalls.orders import (
    ANY,
    BACKING,
    DECK,
    MARINES,
    MOVEMENT,
    PORT,
    SETUP,
    SHOOTERS,
    STARBOARD,
    ActivationOrder,
    Ahead,
    ApThrow,
    Astern,
    Attack,
    Away,
    Corvus,
    Cut,
    Douse,
    Engine,
    Fire,
    Grapple,
    Hold,
    IfNear,
    Move,
    Oars,
    Placing,
    Post,
    Quality,
    Rake,
    Ram,
    Reading,
    Release,
    Segment,
    Shear,
    Shift,
    ShipArea,
    Shoot,
    Speed,
    Toward,
    Turn,
    branches,
    degrees,
    sl,
)

# Every example of §20's table (and the plan §5's segment with an intent), its context, order and
# queue entry.
EXAMPLES = [
    ("RH-ATHENA: QUALITY FR", SETUP, Quality("FR"), 0),
    ("RH-ATHENA: POST B:1M M:1S S:1M", SETUP,
     Post((Placing("B", 1, MARINES), Placing("M", 1, SHOOTERS), Placing("S", 1, MARINES))), 0),
    ("ORDER RH-HELIOS RH-ATHENA", "leg", ActivationOrder(("RH-HELIOS", "RH-ATHENA")), 0),
    ("RH-ATHENA/1: S30 F0.6 P10 F0.4", "leg", Segment((Turn(30), Ahead(0.6), Turn(-10), Ahead(0.4))), 1),
    ("RH-HELIOS/2: P20 F1 SHEAR MA-PELLA", "leg",
     Segment((Turn(-20), Ahead(1)), intent=Shear("MA-PELLA")), 2),
    ("MA-PELLA/1: P22.5", "leg", Segment((Turn(-22.5),)), 1),
    ("RH-DELPHIS/1: B0.5 S45", "leg", Segment((Astern(0.5), Turn(45))), 1),
    ("MA-PELLA/2: F1 BREAK", "leg", Segment((Ahead(1),), break_away=True), 2),
    ("RH-ATHENA/2: TOWARD MA-PELLA RAM MA-PELLA", "leg", Toward("MA-PELLA", intent=Ram("MA-PELLA")), 2),
    ("RH-DELPHIS/1: IF NEAR MA-KASSANDRA 1.5 THEN AWAY MA-KASSANDRA ELSE F1", "leg",
     IfNear("MA-KASSANDRA", 1.5, Away("MA-KASSANDRA"), Segment((Ahead(1),))), 1),
    ("RH-ATHENA: SPEED 4 @1", "leg", Speed(4, 1), 0),
    ("MA-PELLA: SPEED 0 @2", "leg", Speed(0, 2), 0),
    ("RH-ATHENA: SHIFT 1M S-B", "deck", Shift(1, MARINES, "S", "B"), 0),
    ("RH-ATHENA: SHOOT M MA-PELLA.M, MA-PELLA.B", "deck",
     Shoot("M", (ShipArea("MA-PELLA", "M"), ShipArea("MA-PELLA", "B"))), 0),
    ("MA-ANTIGONIS: ENGINE M RH-HELIOS.B", "deck", Engine("M", (ShipArea("RH-HELIOS", "B"),)), 0),
    ("RH-DELPHIS: OARS P MA-KASSANDRA.M", "deck", Oars(PORT, (ShipArea("MA-KASSANDRA", "M"),)), 0),
    ("RH-ATHENA: GRAPPLE MA-PELLA", "deck", Grapple(("MA-PELLA",)), 0),
    ("MA-PELLA: CUT RH-ATHENA", "deck", Cut("RH-ATHENA"), 0),
    ("RH-ATHENA: ATTACK MA-PELLA.M FROM M UNTIL LOSS 2 ENTER 1", "deck",
     Attack(ShipArea("MA-PELLA", "M"), "M", until_loss=2, enter=1), 0),
    ("MA-PELLA: ATTACK S FROM M", "deck", Attack(ShipArea("", "S"), "M"), 0),
    ("RH-ATHENA: MOVE 1M B TO M", "deck", Move(1, MARINES, "B", ShipArea("", "M")), 0),
    ("MA-PELLA: DOUSE S 1", "deck", Douse("S", 1), 0),
    ("RH-ATHENA/1: S30 F0.6 P10 F0.4 RAM MA-PELLA", "leg",
     Segment((Turn(30), Ahead(0.6), Turn(-10), Ahead(0.4)), intent=Ram("MA-PELLA")), 1),
]

# The other standard forms of §20 and §21 (every word and option once), each in standard spelling.
FORMS = [
    ("MA-PELLA: QUALITY ABLE", SETUP, Quality("ABLE")),
    ("MA-KASSANDRA: QUALITY POOR", SETUP, Quality("POOR")),
    ("MA-ANTIGONIS: POST B:2M T1:1S T2:1M", SETUP,
     Post((Placing("B", 2, MARINES), Placing("T1", 1, SHOOTERS), Placing("T2", 1, MARINES)))),
    ("MA-PELLA/1: HOLD", MOVEMENT, Segment((Hold(),))),
    ("MA-PELLA/1: HOLD BREAK", MOVEMENT, Segment((Hold(),), break_away=True)),
    ("RH-HELIOS/2: F0.75 RAKE ANY", MOVEMENT, Segment((Ahead(0.75),), intent=Rake(ANY))),
    ("RH-HELIOS/1: F1.05 BREAK RAM ANY", MOVEMENT, Segment((Ahead(1.05),), True, Ram(ANY))),
    ("RH-HELIOS/4: S0.5 B0.25 P90", "round", Segment((Turn(0.5), Astern(0.25), Turn(-90)))),
    ("RH-ATHENA/1: TOWARD (9,6)", MOVEMENT, Toward(Vec(9, 6))),
    ("RH-ATHENA/1: TOWARD (9.25,6.5) 0.8 BREAK SHEAR MA-PELLA", MOVEMENT,
     Toward(Vec(9.25, 6.5), 0.8, True, Shear("MA-PELLA"))),
    ("RH-ATHENA/2: AWAY MA-PELLA 0.5", MOVEMENT, Away("MA-PELLA", 0.5)),
    ("RH-ATHENA/1: IF NEAR MA-PELLA 2 THEN TOWARD MA-PELLA RAM ANY ELSE HOLD", MOVEMENT,
     IfNear("MA-PELLA", 2, Toward("MA-PELLA", intent=Ram(ANY)), Segment((Hold(),)))),
    ("RH-ATHENA/1: IF NEAR MA-PELLA 0.25 THEN S10 F1 BREAK ELSE AWAY (0,12) RAKE MA-PELLA",
     MOVEMENT, IfNear("MA-PELLA", 0.25, Segment((Turn(10), Ahead(1)), True),
                      Away(Vec(0, 12), intent=Rake("MA-PELLA")))),
    ("RH-DELPHIS: SPEED B @5", "round", Speed(BACKING, 5)),
    ("RH-DELPHIS: SPEED 3 @1", MOVEMENT, Speed(3, 1)),
    ("RH-ATHENA: SHIFT 2S M-T1", DECK, Shift(2, SHOOTERS, "M", "T1")),
    ("RH-ATHENA: FIRE B MA-PELLA.S", DECK, Fire("B", (ShipArea("MA-PELLA", "S"),))),
    ("MA-PELLA: OARS S RH-ATHENA.M, RH-ATHENA.B", DECK,
     Oars(STARBOARD, (ShipArea("RH-ATHENA", "M"), ShipArea("RH-ATHENA", "B")))),
    ("MA-PELLA: GRAPPLE RH-ATHENA, RH-HELIOS HARPAX", DECK, Grapple(("RH-ATHENA", "RH-HELIOS"), harpax=True)),
    ("MA-PELLA: CORVUS RH-ATHENA", DECK, Corvus("RH-ATHENA")),
    ("MA-PELLA: RELEASE RH-ATHENA", DECK, Release("RH-ATHENA")),
    ("RH-ATHENA: ATTACK MA-PELLA.T2 FROM B ENTER 0", DECK, Attack(ShipArea("MA-PELLA", "T2"), "B", enter=0)),
    ("RH-ATHENA: ATTACK M FROM B UNTIL LOSS 1", DECK, Attack(ShipArea("", "M"), "B", 1)),
    ("MA-PELLA: MOVE 2S S TO RH-ATHENA.B", "leg", Move(2, SHOOTERS, "S", ShipArea("RH-ATHENA", "B"))),
    ("MA-PELLA: DOUSE T1 12", "round", Douse("T1", 12)),
]


@pytest.mark.parametrize(("text", "context", "order", "entry"), EXAMPLES)
def test_every_example_of_section_20_reads_as_written_and_writes_back_exactly(
        text: str, context: str, order: object, entry: int) -> None:
    reading = read_line(text, context)
    assert reading == Reading(text.split(":")[0].split("/")[0] if ":" in text else "", order,
                              (), entry)
    assert reading.notation() == text


@pytest.mark.parametrize(("text", "context", "order"), FORMS)
def test_every_standard_form_reads_and_writes_back_exactly(text: str, context: str,
                                                           order: object) -> None:
    reading = read_line(text, context)
    assert reading is not None and reading.order == order and reading.extras == ()
    assert reading.notation() == text


def test_f_and_its_number_may_stand_apart_and_are_written_together() -> None:
    reading = read_line("MA-PELLA/1: F 0.5 S 22.5 B 0.25", MOVEMENT)
    assert reading is not None and reading.extras == ()
    assert reading.order == Segment((Ahead(0.5), Turn(22.5), Astern(0.25)))
    assert reading.notation() == "MA-PELLA/1: F0.5 S22.5 B0.25"


def test_case_does_not_matter_ids_of_targets_are_upper_cased_comments_and_blanks_are_nothing(
        ) -> None:
    reading = read_line("rh-athena/1: s30 f0.6 break ram ma-pella  # at her beam", "leg")
    assert reading == Reading("rh-athena", Segment((Turn(30), Ahead(0.6)), True,
                                                   Ram("MA-PELLA")), (), 1)
    assert reading.notation() == "rh-athena/1: S30 F0.6 BREAK RAM MA-PELLA"
    deck = read_line("Ma-Pella: Attack rh-athena.t1 From m Until Loss 2 Enter 1", DECK)
    assert deck is not None
    assert deck.order == Attack(ShipArea("RH-ATHENA", "T1"), "M", 2, 1)
    assert read_line("order rh-helios Rh-Athena", MOVEMENT) == Reading(
        "", ActivationOrder(("RH-HELIOS", "RH-ATHENA")))
    assert read_line("x: quality fr", SETUP) == Reading("x", Quality("FR"))
    assert read_line("x: speed b @2", MOVEMENT) == Reading("x", Speed(BACKING, 2))
    assert read_line("x/1: if near y 1 then toward (1,2) else hold", MOVEMENT) == Reading(
        "x", IfNear("Y", 1, Toward(Vec(1, 2)), Segment((Hold(),))), (), 1)
    assert read_line("   # nothing here", DECK) is None
    assert read_line("", SETUP) is None
    assert read_line("\t\n", "leg") is None


@pytest.mark.parametrize(("text", "context", "order", "extras", "standard"), [
    ("RH-ATHENA QUALITY FR", SETUP, Quality("FR"), ("the id without its colon",),
     "RH-ATHENA: QUALITY FR"),
    ("RH-ATHENA/1 S30 F1", MOVEMENT, Segment((Turn(30), Ahead(1))),
     ("the id without its colon",), "RH-ATHENA/1: S30 F1"),
    ("RH-ATHENA: QUALITY FIRST RATE", SETUP, Quality("FR"), ("FIRST RATE for FR",),
     "RH-ATHENA: QUALITY FR"),
    ("RH-ATHENA: QUALITY first-rate", SETUP, Quality("FR"), ("FIRST RATE for FR",),
     "RH-ATHENA: QUALITY FR"),
    ("RH-ATHENA: QUALITY REGULAR", SETUP, Quality("ABLE"), ("REGULAR for ABLE",),
     "RH-ATHENA: QUALITY ABLE"),
    ("RH-ATHENA: QUALITY SECOND RATE", SETUP, Quality("POOR"), ("SECOND RATE for POOR",),
     "RH-ATHENA: QUALITY POOR"),
    ("RH-ATHENA: POST B:1M, M:1S", SETUP, Post((Placing("B", 1, MARINES), Placing("M", 1, SHOOTERS))),
     ("POST placings separated by commas",), "RH-ATHENA: POST B:1M M:1S"),
    ("RH-ATHENA: POST B: 1M M :1S", SETUP, Post((Placing("B", 1, MARINES), Placing("M", 1, SHOOTERS))),
     ("spaces in a POST placing",), "RH-ATHENA: POST B:1M M:1S"),
    ("RH-ATHENA: POST B:1 M", SETUP, Post((Placing("B", 1, MARINES),)),
     ("a count and kind written apart",), "RH-ATHENA: POST B:1M"),
    ("ORDER: RH-HELIOS RH-ATHENA", MOVEMENT, ActivationOrder(("RH-HELIOS", "RH-ATHENA")),
     ("a colon after ORDER",), "ORDER RH-HELIOS RH-ATHENA"),
    ("ORDER RH-HELIOS, RH-ATHENA", MOVEMENT, ActivationOrder(("RH-HELIOS", "RH-ATHENA")),
     ("an ORDER list separated by commas",), "ORDER RH-HELIOS RH-ATHENA"),
    ("RH-ATHENA/2: TOWARDS MA-PELLA", MOVEMENT, Toward("MA-PELLA"), ("TOWARDS for TOWARD",),
     "RH-ATHENA/2: TOWARD MA-PELLA"),
    ("RH-ATHENA/2: F1 RAM MA-PELLA BREAK", MOVEMENT,
     Segment((Ahead(1),), True, Ram("MA-PELLA")), ("BREAK after the intent",),
     "RH-ATHENA/2: F1 BREAK RAM MA-PELLA"),
    ("RH-ATHENA/2: TOWARD ( 9, 6 )", MOVEMENT, Toward(Vec(9, 6)), ("spaces inside a point",),
     "RH-ATHENA/2: TOWARD (9,6)"),
    ("RH-ATHENA/2: F.5", MOVEMENT, Segment((Ahead(0.5),)),
     ("a number without its leading zero",), "RH-ATHENA/2: F0.5"),
    ("RH-ATHENA/2: P.5", MOVEMENT, Segment((Turn(-0.5),)),
     ("a number without its leading zero",), "RH-ATHENA/2: P0.5"),
    ("RH-ATHENA: SPEED 4 @ 1", MOVEMENT, Speed(4, 1), ("a space after @",),
     "RH-ATHENA: SPEED 4 @1"),
    ("RH-ATHENA: SPEED 4@1", MOVEMENT, Speed(4, 1), ("no space before @",),
     "RH-ATHENA: SPEED 4 @1"),
    ("RH-ATHENA: SHIFT 1 M S-B", DECK, Shift(1, MARINES, "S", "B"),
     ("a count and kind written apart",), "RH-ATHENA: SHIFT 1M S-B"),
    ("RH-ATHENA: SHIFT 2SHOOTERS M-B", DECK, Shift(2, SHOOTERS, "M", "B"),
     ("SHOOTERS for S",), "RH-ATHENA: SHIFT 2S M-B"),
    ("RH-ATHENA: SHIFT 1 MARINE S TO B", DECK, Shift(1, MARINES, "S", "B"),
     ("a count and kind written apart", "MARINE for M", "<from> TO <to> for <from>-<to>"),
     "RH-ATHENA: SHIFT 1M S-B"),
    ("RH-ATHENA: SHIFT 1M S - B", DECK, Shift(1, MARINES, "S", "B"),
     ("spaces around the -",), "RH-ATHENA: SHIFT 1M S-B"),
    ("RH-ATHENA: SHOOT M MA-PELLA.M MA-PELLA.B", DECK,
     Shoot("M", (ShipArea("MA-PELLA", "M"), ShipArea("MA-PELLA", "B"))),
     ("a list separated by spaces",), "RH-ATHENA: SHOOT M MA-PELLA.M, MA-PELLA.B"),
    ("RH-ATHENA: GRAPPLE MA-PELLA MA-KASSANDRA", DECK, Grapple(("MA-PELLA", "MA-KASSANDRA")),
     ("a list separated by spaces",), "RH-ATHENA: GRAPPLE MA-PELLA, MA-KASSANDRA"),
    ("RH-DELPHIS: OARS PORT MA-KASSANDRA.M", DECK, Oars(PORT, (ShipArea("MA-KASSANDRA", "M"),)),
     ("PORT for P",), "RH-DELPHIS: OARS P MA-KASSANDRA.M"),
    ("RH-DELPHIS: OARS STBD MA-KASSANDRA.M", DECK,
     Oars(STARBOARD, (ShipArea("MA-KASSANDRA", "M"),)), ("STBD for S",),
     "RH-DELPHIS: OARS S MA-KASSANDRA.M"),
    ("RH-ATHENA: ATTACK MA-PELLA.M FROM M ENTER 1 UNTIL LOSS 2", DECK,
     Attack(ShipArea("MA-PELLA", "M"), "M", 2, 1), ("ENTER before UNTIL LOSS",),
     "RH-ATHENA: ATTACK MA-PELLA.M FROM M UNTIL LOSS 2 ENTER 1"),
    ("RH-ATHENA: MOVE 1 MARINES B TO M", DECK, Move(1, MARINES, "B", ShipArea("", "M")),
     ("a count and kind written apart", "MARINES for M"), "RH-ATHENA: MOVE 1M B TO M"),
    ("RH-ATHENA: AP M MA-PELLA.B", DECK, ApThrow("M", ShipArea("MA-PELLA", "B")),
     ("the AP throw line (an extra: §14 gives it none)",), "RH-ATHENA: AP M MA-PELLA.B"),
])
def test_friendly_extras_are_read_named_and_written_back_in_standard_notation(
        text: str, context: str, order: object, extras: tuple[str, ...], standard: str) -> None:
    reading = read_line(text, context)
    assert reading is not None
    assert reading.order == order
    assert reading.extras == extras
    assert reading.notation() == standard
    again = read_line(standard, context)
    assert again is not None and again.order == order
    assert again.extras == ((AP_EXTRA,) if isinstance(order, ApThrow) else ())


AP_EXTRA = "the AP throw line (an extra: §14 gives it none)"


def _refusal(text: str, context: str) -> NotationError:
    with pytest.raises(NotationError) as refused:
        read_line(text, context)
    return refused.value


def test_refusals_read_whole_say_what_was_wrong_and_what_is_accepted() -> None:
    setup = _refusal("RH-ATHENA: QUALITY GOOD", SETUP)
    assert str(setup) == (
        "order (RH-ATHENA): the crew quality is FR, ABLE or POOR, not 'GOOD'. Accepted: "
        "<ID>: QUALITY FR|ABLE|POOR, <ID>: POST <area>:<n><k> … (k M marines, S shooters), "
        "e.g. RH-ATHENA: POST B:1M M:1S S:1M")
    assert isinstance(setup, OrderSyntaxError) and setup.kind == "syntax"
    assert setup.galley == "RH-ATHENA"
    movement_text = (
        "ORDER <ID> <ID> …, <ID>/<k>: <steps> [BREAK] [RAM|SHEAR|RAKE <ID>|ANY] (steps S<a> P<a> "
        "F<d> B<d> HOLD), <ID>/<k>: TOWARD|AWAY <ID>|(<x>,<y>) [<d>] [BREAK] [intent], "
        "<ID>/<k>: IF NEAR <ID> <r> THEN <segment> ELSE <segment>, <ID>: SPEED 0|1|2|3|4|B @<n>")
    assert ACCEPTED[MOVEMENT] == movement_text
    assert str(_refusal("MA-PELLA/1: P22.3", "leg")) == (
        "order (MA-PELLA): the turn P22.3 is not a multiple of 0.5: turns are degrees in steps "
        f"of 0.5, e.g. P22.5. Accepted: {movement_text}")
    assert str(_refusal("MA-PELLA/1: F0.125", MOVEMENT)) == (
        "order (MA-PELLA): the step F0.125 has more than two decimals: distances are SL with at "
        f"most two decimals, e.g. 0.75. Accepted: {movement_text}")
    assert str(_refusal("MA-PELLA: SPEED 5 @1", "round")) == (
        "order (MA-PELLA): the speed '5' is not one of 0, 1, 2, 3, 4 or B. Accepted: "
        f"{movement_text}")
    deck_text = (
        "<ID>: SHIFT <n><k> <from>-<to>, SHOOT|ENGINE|FIRE <area> <ship>.<area>, …, OARS P|S "
        "<ship>.<area>, …, GRAPPLE <ID>, … [HARPAX], CORVUS|CUT|RELEASE <ID>, ATTACK "
        "[<ship>.]<area> FROM <area> [UNTIL LOSS <n>] [ENTER <n>], MOVE <n><k> <area> TO "
        "[<ship>.]<area>, DOUSE <area> <n> (and the extra AP <area> <ship>.<area>)")
    assert ACCEPTED[DECK] == deck_text
    assert ACCEPTED["leg"] == ACCEPTED["round"] == f"{movement_text}; {deck_text}"
    assert str(_refusal("RH-ATHENA: SHOOT M MA-PELLA.X", "leg")) == (
        "order (RH-ATHENA): in MA-PELLA.X, the area 'X' is not one of the areas B, M, S, T1 and "
        f"T2. Accepted: {deck_text}")
    assert str(_refusal("RH-ATHENA: SHIFT 1E M-B", DECK)) == (
        "order (RH-ATHENA): engines never shift or move (§12.2, §12.6): the kinds are M "
        f"(marines) and S (shooters). Accepted: {deck_text}")
    # A line whose verb is unknown gets the context's whole text; a part's line its part's.
    assert str(_refusal("RH-ATHENA: GO 9", "leg")) == (
        "order (RH-ATHENA): 'GO' is not an order word: the words here are ORDER, SPEED, SHIFT, "
        "SHOOT, ENGINE, FIRE, OARS, AP, GRAPPLE, CORVUS, CUT, RELEASE, ATTACK, MOVE, DOUSE, "
        f"<ID>/<k>: segments. Accepted: {movement_text}; {deck_text}")


@pytest.mark.parametrize(("text", "context", "said"), [
    ("RH ATHENA: F1", "leg", "'RH ATHENA: F1' is not an order line"),
    ("RH-ATHENA-IS-LONG: QUALITY FR", SETUP, "'RH-ATHENA-IS-LONG' is not a ship id"),
    ("RH_ATHENA: QUALITY FR", SETUP, "'RH_ATHENA' is not a ship id"),
    ("RH-ATHENA:", "leg", "the line for RH-ATHENA has no order after its id"),
    ("RH-ATHENA/0: F1", "leg", "the activation number after / is a whole number from 1"),
    ("RH-ATHENA/x: F1", "leg", "e.g. RH-ATHENA/1:, not 'x'"),
    ("RH-ATHENA: S30 F1", "leg", "a segment is a queue entry and needs its activation number: "
     "RH-ATHENA/1: S30 F1"),
    ("RH-ATHENA/1: SPEED 4 @1", "leg", "'SPEED' is not a step"),
    ("RH-ATHENA: SHOUT 4", "leg", "'SHOUT' is not an order word"),
    ("RH-ATHENA: ORDER RH-HELIOS", "leg", "ORDER starts its line, with no ship id before it"),
    ("RH-ATHENA SHOUT 4", "leg", "'RH-ATHENA SHOUT 4' is not an order line"),
    ("RH-ATHENA: QUALITY", SETUP, "the crew quality is FR, ABLE or POOR, not ''"),
    ("RH-ATHENA: POST", SETUP, "POST needs placings <area>:<n><k>"),
    ("RH-ATHENA: POST B:1E", SETUP, "'B:1E' is not a placing <area>:<n><k>"),
    ("RH-ATHENA: POST X:1M", SETUP, "'X:1M' is not a placing"),
    ("RH-ATHENA: POST B:0M", SETUP, "the number of marines in B '0' is not a whole number of 1"),
    ("RH-ATHENA: POST B:1M B:1M", SETUP, "POST places B's marines twice"),
    ("ORDER", MOVEMENT, "ORDER needs your ships' ids in the order they activate"),
    ("ORDER RH-ATHENA RH-ATHENA", MOVEMENT, "ORDER names a ship twice"),
    ("ORDER RH-ATHENA ANY", MOVEMENT, "ORDER names a ship by its id"),
    ("RH-ATHENA/1: BREAK", MOVEMENT, "a segment needs at least one step"),
    ("RH-ATHENA/1: RAM MA-PELLA", MOVEMENT, "a segment needs at least one step"),
    ("RH-ATHENA/1: X30", MOVEMENT, "'X30' is not a step"),
    ("RH-ATHENA/1: STARBOARD", MOVEMENT, "'STARBOARD' is not a step"),
    ("RH-ATHENA/1: F", MOVEMENT, "the step F needs its distance, e.g. F0.5"),
    ("RH-ATHENA/1: S", MOVEMENT, "the step S needs its angle, e.g. S30"),
    ("RH-ATHENA/1: F1.2.3", MOVEMENT, "the step F1.2.3 is not a distance"),
    ("RH-ATHENA/1: S.", MOVEMENT, "the turn S. is not an angle"),
    ("RH-ATHENA/1: S22.25", MOVEMENT, "the turn S22.25 is not a multiple of 0.5"),
    ("RH-ATHENA/1: F1 BREAK F1", MOVEMENT, "'F1' is out of place: a segment is <steps> [BREAK]"),
    ("RH-ATHENA/1: F1 BREAK BREAK", MOVEMENT, "'BREAK' is out of place"),
    ("RH-ATHENA/1: F1 RAM A SHEAR B", MOVEMENT, "'SHEAR' is out of place"),
    ("RH-ATHENA/1: F1 RAM", MOVEMENT, "RAM needs the target's id or ANY"),
    ("RH-ATHENA/1: F1 RAKE (1,2)", MOVEMENT, "RAKE names a ship by its id"),
    ("RH-ATHENA/1: TOWARD", MOVEMENT, "TOWARD needs a ship id or a point (<x>,<y>)"),
    ("RH-ATHENA/1: TOWARD (9)", MOVEMENT, "a point is (<x>,<y>) in SL, e.g. (9,6), not '(9)'"),
    ("RH-ATHENA/1: TOWARD (9,6", MOVEMENT, "a point is (<x>,<y>)"),
    ("RH-ATHENA/1: TOWARD (-1,6)", MOVEMENT, "the point's x -1 is not a distance"),
    ("RH-ATHENA/1: AWAY MA-PELLA 0.333", MOVEMENT, "the AWAY advance 0.333 has more than two"),
    ("RH-ATHENA/1: TOWARD MA-PELLA F1", MOVEMENT, "'F1' is out of place"),
    ("RH-ATHENA/1: IF MA-PELLA 1 THEN F1 ELSE F1", MOVEMENT, "IF is IF NEAR <ID> <r> THEN"),
    ("RH-ATHENA/1: IF NEAR MA-PELLA 1 THEN F1", MOVEMENT, "IF NEAR needs both THEN <segment> "
     "and ELSE <segment>"),
    ("RH-ATHENA/1: IF NEAR MA-PELLA 1 THEN ELSE F1", MOVEMENT, "THEN and ELSE each need"),
    ("RH-ATHENA/1: IF NEAR MA-PELLA x THEN F1 ELSE F1", MOVEMENT, "the range x is not a distance"),
    ("RH-ATHENA/1: IF NEAR MA-PELLA 1 THEN F1 ELSE IF NEAR MA-PELLA 2 THEN F1 ELSE F1",
     MOVEMENT, "IF NEAR is not nested"),
    ("RH-ATHENA: SPEED 4", MOVEMENT, "SPEED needs the speed and the action phase it takes "
     "effect at, e.g. SPEED 4 @1"),
    ("RH-ATHENA: SPEED 2.5 @1", MOVEMENT, "the speed '2.5' is not one of 0, 1, 2, 3, 4 or B"),
    ("RH-ATHENA: SPEED 4 @0", MOVEMENT, "the action phase after @ '0' is not a whole number of 1"),
    ("RH-ATHENA: SHIFT M S-B", DECK, "SHIFT needs <n><k>"),
    ("RH-ATHENA: SHIFT 1X S-B", DECK, "'X' is not a kind"),
    ("RH-ATHENA: SHIFT 1M S", DECK, "after SHIFT 1M comes <from>-<to>"),
    ("RH-ATHENA: SHIFT 1M S-S", DECK, "SHIFT moves elements between two areas, and S-S names one"),
    ("RH-ATHENA: SHIFT 1M S-Q", DECK, "the area moved to 'Q' is not one of the areas"),
    ("RH-ATHENA: SHOOT M", DECK, "SHOOT needs an area and targets <ship>.<area>"),
    ("RH-ATHENA: SHOOT X MA-PELLA.M", DECK, "the SHOOT area 'X' is not one of the areas B, M, S, T1 and T2"),
    ("RH-ATHENA: SHOOT M MA-PELLA", DECK, "SHOOT aims at <ship>.<area>"),
    ("RH-ATHENA: ENGINE M MA-PELLA.M,", DECK, "ENGINE needs a list separated by commas"),
    ("RH-ATHENA: FIRE M MA-PELLA.M,, MA-PELLA.B", DECK, "FIRE has an empty place in its list"),
    ("RH-ATHENA: SHOOT M MA-PELLA.M, MA-PELLA.M", DECK, "SHOOT names a target twice"),
    ("RH-ATHENA: OARS Q MA-PELLA.M", DECK, "the oarsmen's side is P or S, not 'Q'"),
    ("RH-ATHENA: OARS P", DECK, "OARS needs a side P or S and targets"),
    ("RH-ATHENA: AP M MA-PELLA.B, MA-PELLA.M", DECK, "AP is AP <area> <ship>.<area>, one target"),
    ("RH-ATHENA: GRAPPLE", DECK, "GRAPPLE needs a list separated by commas"),
    ("RH-ATHENA: GRAPPLE HARPAX", DECK, "GRAPPLE needs a list"),
    ("RH-ATHENA: GRAPPLE ANY", DECK, "GRAPPLE names a ship by its id (1-12 letters, digits or "
     "hyphens), not 'ANY'"),
    ("RH-ATHENA: CORVUS MA-PELLA, MA-KASSANDRA", DECK, "CORVUS names one ship"),
    ("RH-ATHENA: CUT", DECK, "CUT names one ship, e.g. CUT RH-ATHENA"),
    ("RH-ATHENA: RELEASE MA-PELLA.M", DECK, "RELEASE names a ship by its id"),
    ("RH-ATHENA: ATTACK MA-PELLA.M", DECK, "ATTACK is ATTACK [<ship>.]<area> FROM <area>"),
    ("RH-ATHENA: ATTACK MA-PELLA.M FROM Q", DECK, "the attacking area 'Q' is not one of the areas"),
    ("RH-ATHENA: ATTACK MA-PELLA.M FROM M UNTIL 2", DECK, "after ATTACK … FROM M come only "
     "UNTIL LOSS <n> and ENTER <n>, not 'UNTIL 2'"),
    ("RH-ATHENA: ATTACK M FROM B UNTIL LOSS 0", DECK, "UNTIL LOSS '0' is not a whole number of 1"),
    ("RH-ATHENA: ATTACK M FROM B ENTER 1 ENTER 2", DECK, "ENTER is written once"),
    ("RH-ATHENA: ATTACK M FROM B UNTIL LOSS 1 UNTIL LOSS 1", DECK, "UNTIL LOSS is written once"),
    ("RH-ATHENA: MOVE 1M B M", DECK, "MOVE is MOVE <n><k> <area> TO [<ship>.]<area>"),
    ("RH-ATHENA: MOVE 1ENGINE M TO B", DECK, "engines never shift or move"),
    ("RH-ATHENA: DOUSE S", DECK, "DOUSE is DOUSE <area> <n>, e.g. DOUSE S 1"),
    ("RH-ATHENA: DOUSE S 0", DECK, "the number of elements dousing '0' is not a whole number"),
    ("RH-ATHENA: SPEED 4 @1", SETUP, "SPEED is a movement line, and a movement line belongs to "
     "the mails of the legs, not the setup mail"),
    ("RH-ATHENA: SHOOT M MA-PELLA.M", SETUP, "SHOOT is a deck line, and a deck line belongs to "
     "the mails of the legs, not the setup mail"),
    ("RH-ATHENA: QUALITY FR", "leg", "QUALITY is a setup line, and a setup line belongs to the "
     "setup mail before round 1"),
    ("RH-ATHENA: POST B:1M", DECK, "POST is a setup line"),
    ("RH-ATHENA: SHOOT M MA-PELLA.M", MOVEMENT, "SHOOT is a deck line, and a deck line belongs "
     "to the deck mail"),
    ("ORDER RH-ATHENA", DECK, "ORDER is a movement line, and a movement line belongs to the movement mail"),
    ("RH-ATHENA/1: F1", DECK, "a queue entry is a movement line, and a movement line belongs to "
     "the movement mail"),
    ("RH-ATHENA: SPEED 4 @1", DECK, "SPEED is a movement line"),
    ("RH-ATHENA: GO", DECK, "'GO' is not an order word: the words here are SHIFT, SHOOT,"),
    ("RH-ATHENA: GO", SETUP, "'GO' is not an order word: the words here are QUALITY, POST. "),
])
def test_every_refusal_says_what_was_wrong_and_what_is_accepted(text: str, context: str,
                                                                said: str) -> None:
    refused = _refusal(text, context)
    message = str(refused)
    assert said in message
    assert " Accepted: " in message
    assert refused.accepted in ACCEPTED.values()


def test_an_unknown_context_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="a line is read for setup, leg, movement, deck, round"):
        read_line("RH-ATHENA: SPEED 4 @1", "split")


def test_numbers_are_exact_and_written_without_trailing_zeros() -> None:
    reading = read_line("X/1: F0.50 S30.0 B1.00 P0.5 F10", "leg")
    assert reading is not None
    assert reading.order == Segment((Ahead(0.5), Turn(30), Astern(1), Turn(-0.5), Ahead(10)))
    assert reading.notation() == "X/1: F0.5 S30 B1 P0.5 F10"
    assert (sl(0.6), sl(1.05), sl(0.5), sl(2), sl(0.375), sl(999.99)) == (
        "0.6", "1.05", "0.5", "2", "0.375", "999.99")
    assert (degrees(22.5), degrees(-90), degrees(0.5), degrees(0)) == ("22.5", "90", "0.5", "0")
    # The checker's limits (§17: above 90, above 1.5 SL) are not the reader's.
    wide = read_line("X/1: S120 F2", "leg")
    assert wide is not None and wide.order == Segment((Turn(120), Ahead(2)))
    zero = read_line("X/1: P0", "leg")
    assert zero is not None and zero.order == Segment((Turn(0),)) and zero.notation() == "X/1: S0"


def test_each_order_belongs_to_one_part_of_the_mail() -> None:
    parts = {text: part_of(read_line(text, context).order)  # type: ignore[union-attr]
             for text, context, _, _ in EXAMPLES}
    assert parts["RH-ATHENA: QUALITY FR"] == parts["RH-ATHENA: POST B:1M M:1S S:1M"] == SETUP
    assert {parts[text] for text, _, _, _ in EXAMPLES[2:12] + EXAMPLES[22:]} == {MOVEMENT}
    assert {parts[text] for text, _, _, _ in EXAMPLES[12:22]} == {DECK}


@pytest.mark.parametrize(("text", "kind"), [
    ("RH-ATHENA: QUALITY FR", "QUALITY"),
    ("RH-ATHENA: POST B:1M", "POST"),
    ("ORDER RH-HELIOS", "ORDER"),
    ("RH-ATHENA/1: F1", "segment"),
    ("RH-ATHENA/2: TOWARD MA-PELLA", "segment"),
    ("RH-ATHENA/1: IF NEAR MA-PELLA 1 THEN F1 ELSE F1", "segment"),
    ("RH-ATHENA: SPEED 4 @1", "SPEED @1"),
    ("RH-ATHENA: SPEED 0 @2", "SPEED @2"),
    ("RH-ATHENA: SHOOT M MA-PELLA.M", "SHOOT M"),
    ("RH-ATHENA: SHOOT B MA-PELLA.M", "SHOOT B"),
    ("RH-ATHENA: FIRE B MA-PELLA.M", "FIRE B"),
    ("RH-ATHENA: ENGINE M MA-PELLA.M", "ENGINE M"),
    ("RH-ATHENA: AP M MA-PELLA.M", "AP M"),
    ("RH-ATHENA: OARS S MA-PELLA.M", "OARS S"),
    ("RH-ATHENA: SHIFT 2M S-B", "SHIFT M S-B"),
    ("RH-ATHENA: SHIFT 1S S-B", "SHIFT S S-B"),
    ("RH-ATHENA: MOVE 1M B TO MA-PELLA.S", "MOVE M B TO MA-PELLA.S"),
    ("RH-ATHENA: GRAPPLE MA-PELLA, MA-KASSANDRA", "GRAPPLE"),
    ("RH-ATHENA: CUT MA-PELLA", "CUT MA-PELLA"),
    ("RH-ATHENA: RELEASE MA-PELLA", "RELEASE MA-PELLA"),
    ("RH-ATHENA: CORVUS MA-PELLA", "CORVUS MA-PELLA"),
    ("RH-ATHENA: ATTACK MA-PELLA.M FROM M UNTIL LOSS 2", "ATTACK FROM M"),
    ("RH-ATHENA: DOUSE S 2", "DOUSE S"),
])
def test_the_kind_of_a_line_for_section_17s_second_lines(text: str, kind: str) -> None:
    reading = read_line(text, SETUP if kind in ("QUALITY", "POST") else "leg")
    assert reading is not None and kind_of(reading.order) == kind


def test_branches_of_an_entry_are_both_arms_of_an_if_near_or_the_entry_itself() -> None:
    then, otherwise = Segment((Turn(10), Ahead(1))), Away(Vec(0, 12))
    assert branches(IfNear("MA-PELLA", 1, then, otherwise)) == (then, otherwise)
    assert branches(then) == (then,)


def test_a_reading_keys_its_line_as_the_cases_do() -> None:
    assert Reading("RH-ATHENA", Segment((Hold(),)), (), 2).key == "RH-ATHENA/2"
    assert Reading("RH-ATHENA", Speed(4, 1)).key == "RH-ATHENA"
    assert Reading("", ActivationOrder(("RH-ATHENA",))).key == "ORDER"


WORDS = st.sampled_from([
    "QUALITY", "FR", "ABLE", "POOR", "FIRST", "RATE", "POST", "B:1M", "M:1S", "T1:2M", "B:",
    "ORDER", "ORDER:", "SPEED", "@1", "@", "B", "4", "0", "S30", "P22.5", "P22.3", "F0.6", "F",
    "S", "0.125", "HOLD", "BREAK", "RAM", "SHEAR", "RAKE", "ANY", "TOWARD", "TOWARDS", "AWAY",
    "(9,6)", "(9, 6)", "(", ")", "IF", "NEAR", "THEN", "ELSE", "SHIFT", "1M", "2S", "S-B", "TO",
    "SHOOT", "ENGINE", "FIRE", "OARS", "AP", "MA-PELLA.M", "X.T2", "GRAPPLE", "HARPAX",
    "CORVUS", "CUT", "RELEASE", "ATTACK", "FROM", "UNTIL", "LOSS", "ENTER", "MOVE", "DOUSE",
    "RH-ATHENA", "RH-ATHENA/1:", "RH-ATHENA:", "X/0:", ",", ":", "/", "#", ".5", "1e9",
    "9" * 40, "é", "ſ30", "\x00", "-", "..", "12.345", "STBD", "MARINES", "E"])


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(["setup", "leg", "movement", "deck", "round"]),
       st.one_of(st.text(max_size=60),
                 st.lists(WORDS, max_size=10).map(lambda words: "RH-ATHENA: " + " ".join(words)),
                 st.lists(WORDS, max_size=10).map(lambda words: "X/1: " + " ".join(words)),
                 st.lists(WORDS, max_size=10).map(" ".join)))
def test_nothing_but_the_notation_error_escapes_and_readings_write_back(context: str,
                                                                        text: str) -> None:
    try:
        reading = read_line(text, context)
    except NotationError as refused:
        assert str(refused).strip() and refused.accepted in ACCEPTED.values()
        return
    if reading is not None:
        again = read_line(reading.notation(), context)
        assert again is not None and again.order == reading.order
        assert again.extras == ((AP_EXTRA,) if isinstance(reading.order, ApThrow) else ())
        assert again.notation() == reading.notation()
