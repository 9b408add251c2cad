"""The §21 notation: every example line of the rulings read as written, each written back the
same; every refusal a sentence with what is accepted; friendly extras named; and a fuzz that
nothing but NotationError escapes the reader."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.speedband.notation import NotationError, read_line
from pbem.rules.speedband.orders import (
    Corvus,
    CorvusWork,
    Cut,
    Fire,
    FireClause,
    Grapple,
    Losses,
    Melee,
    Movement,
    Place,
    React,
    Step,
    Transfer,
)

# Every example of §21's table and its two whole submissions, with its round.
EXAMPLES = [
    ("C2: 28 41.5 180", "setup", Place(28, 41.5, 180)),
    ("R3: SPEED 9.5 F2 S30 F7.5", "orders",
     Movement(95, (Step("F", 20), Step("S", 30), Step("F", 75)))),
    ("C2: SPEED 11 RAM R3 PORT", "orders", Movement(110, (), "R3", "port")),
    ("R1: SPEED 8 F3 A F5 RAM C2", "orders",
     Movement(80, (Step("F", 30), Step("A"), Step("F", 50)), "C2")),
    ("C1: SPEED 0 P30 P30", "orders", Movement(0, (Step("P", 30), Step("P", 30)))),
    ("R2: BACK 2", "orders", Movement(-20)),
    ("C3: REACT SHEAR", "orders", React("shear")),
    ("R3: REACT AVOID F2 P45 F5", "orders",
     React("avoid", (Step("F", 20), Step("P", 45), Step("F", 50)))),
    ("R2: GRAPPLE C1, C2", "orders", Grapple(("C1", "C2"))),
    ("C1: GRAPPLE ANY", "orders", Grapple()),
    ("R1: CORVUS C1, C2", "orders", Corvus(("C1", "C2"))),
    ("R2: CUT NONE", "orders", Cut("none")),
    ("C1: CUT ENEMY", "orders", Cut("enemy")),
    ("C1: ARCHERS 3 R2 SOLDIERS, 1 R3", "combat",
     Fire("archers", (FireClause(3, "R2", "soldiers"), FireClause(1, "R3")))),
    ("C1: BALLISTA 2 R2 BALLISTA", "combat", Fire("ballista", (FireClause(2, "R2", "ballista"),))),
    ("R2: MELEE C1", "combat", Melee("C1")),
    ("R2: MELEE OFF", "combat", Melee()),
    ("C1: LOSSES SOLDIERS ARCHERS OFFICERS", "combat",
     Losses(("soldiers", "archers", "officers"))),
    ("R1: RAISE", "combat", CorvusWork("raise")),
    ("C2: BREAK R1", "combat", CorvusWork("break", "R1")),
    ("R1: RAISE OFF", "combat", CorvusWork("raise", off=True)),
    ("C2: BREAK OFF", "combat", CorvusWork("break", off=True)),
    ("R1: TRANSFER 2 SOLDIERS TO R2", "combat", Transfer(2, "soldiers", "R2")),
    ("C2: SPEED 10 RAM R3 PORT        # Battle: one turn allowed", "orders",
     Movement(100, (), "R3", "port")),
    ("C3: SPEED 9 F2 S20 F7", "orders", Movement(90, (Step("F", 20), Step("S", 20),
                                                       Step("F", 70)))),
    ("C2: REACT AVOID F2 P45 F8", "orders",
     React("avoid", (Step("F", 20), Step("P", 45), Step("F", 80)))),
    ("R2: ARCHERS 2 C1, 1 C3          # long range: types random", "combat",
     Fire("archers", (FireClause(2, "C1"), FireClause(1, "C3")))),
]


@pytest.mark.parametrize(("text", "context", "order"), EXAMPLES)
def test_every_example_of_section_21_reads_as_written(text: str, context: str,
                                                     order: object) -> None:
    reading = read_line(text, context)
    assert reading is not None
    assert reading.order == order
    assert reading.extras == ()
    assert reading.ship == text.split(":")[0]
    # Written back in the standard notation, it reads the same.
    again = read_line(reading.notation(), context)
    assert again is not None and again.order == order


def test_case_does_not_matter_and_comments_and_blanks_read_as_nothing() -> None:
    reading = read_line("c2: speed 11 ram r3 starboard", "orders")
    assert reading is not None and reading.order == Movement(110, (), "R3", "starboard")
    assert reading.ship == "c2"
    assert read_line("   # nothing here", "orders") is None
    assert read_line("", "combat") is None


@pytest.mark.parametrize(("text", "context", "order", "extra"), [
    ("C1: ARCHERS 3 R2 SOLDIER", "combat", Fire("archers", (FireClause(3, "R2", "soldiers"),)),
     "SOLDIER for SOLDIERS"),
    ("C1: BALLISTA 1 R2 BALLISTAE", "combat", Fire("ballista", (FireClause(1, "R2", "ballista"),)),
     "BALLISTAE for BALLISTA"),
    ("C2: SPEED 11 RAM R3 STBD", "orders", Movement(110, (), "R3", "starboard"),
     "STBD for STARBOARD"),
    ("R2: GRAPPLE C1 C2", "orders", Grapple(("C1", "C2")), "a list separated by spaces"),
    ("R3: SPEED 9.50 F9.50", "orders", Movement(95, (Step("F", 95),)),
     "a distance written with two decimals"),
    ("C2: 28.25 44 180", "setup", Place(28.25, 44, 180), "set-up numbers with two decimals"),
    ("C2 SPEED 8", "orders", Movement(80), "the id without its colon"),
    ("C1: LOSSES SOLDIERS, ARCHERS, OFFICERS", "combat",
     Losses(("soldiers", "archers", "officers")), "a list separated by commas"),
])
def test_friendly_extras_are_read_and_named(text: str, context: str, order: object,
                                            extra: str) -> None:
    reading = read_line(text, context)
    assert reading is not None and reading.order == order
    assert extra in reading.extras


@pytest.mark.parametrize(("text", "context", "said"), [
    ("R3 SPEEDY 9", "orders", "is not an order line"),
    ("R3:", "orders", "has no order after its id"),
    ("R3: GO 9", "orders", "'GO' is not an order word"),
    ("R3: SPEED", "orders", "SPEED needs a speed in inches"),
    ("R3: SPEED fast", "orders", "the speed 'fast' is not a distance"),
    ("R3: SPEED 9.55", "orders", "has more than one decimal"),
    ("R3: BACK 0", "orders", "BACK needs a speed of at least 0.1"),
    ("R3: BACK 2 RAM C1", "orders", "a BACK line takes no RAM"),
    ("R3: SPEED 9 F9 X3", "orders", "'X3' is not a step"),
    ("R3: SPEED 9 F9 S2.5", "orders", "the turn S2.5 is not whole degrees"),
    ("R3: SPEED 9 RAM", "orders", "RAM needs the target's id"),
    ("R3: SPEED 9 RAM C1 UP", "orders", "the sheared side is PORT or STARBOARD"),
    ("R3: SPEED 9 RAM C1 PORT NOW", "orders", "only PORT or STARBOARD may follow"),
    ("R3: REACT DUCK", "orders", "a reaction is IGNORE, SHEAR or AVOID"),
    ("R3: REACT SHEAR F2", "orders", "takes nothing after it"),
    ("R3: GRAPPLE", "orders", "GRAPPLE needs a list of ship ids"),
    ("R3: GRAPPLE C1,, C2", "orders", "an empty place in its list"),
    ("R3: GRAPPLE C1, C1", "orders", "names a ship twice"),
    ("R3: CORVUS ANY", "orders", "CORVUS names ships by their ids"),
    ("R3: CUT SOME", "orders", "CUT is followed by ENEMY, ALL or NONE"),
    ("R3: ARCHERS 0 C1", "combat", "is not a whole number of 1 or more"),
    ("R3: ARCHERS 2 C1 HULL", "combat", "'HULL' is not a type"),
    ("R3: ARCHERS 2 C1 BALLISTA", "combat", "archers cannot hit a ballista"),
    ("R3: ARCHERS 2", "combat", "needs a number and a target"),
    ("R3: ARCHERS 2 C1 ROWERS C2", "combat", "is too long"),
    ("R3: ARCHERS 2 C1,", "combat", "needs clauses <n> <target> [<type>]"),
    ("R3: MELEE C1 C2", "combat", "MELEE names one ship, or OFF"),
    ("R3: LOSSES ARCHERS ARCHERS OFFICERS", "combat", "LOSSES names ARCHERS, SOLDIERS and"),
    ("R3: RAISE C1", "combat", "RAISE stands alone"),
    ("R3: BREAK", "combat", "BREAK names the corvus ship"),
    ("R3: TRANSFER 2 ROWERS TO R2", "combat", "rowers never do"),
    ("R3: TRANSFER 2 SOLDIERS R2", "combat", "TRANSFER is TRANSFER <n>"),
    ("R3: 28 44", "setup", "a set-up line is <x> <y> <heading>"),
    ("R3: 28 44 360", "setup", "the heading '360' is not whole degrees from 0 to 359"),
    ("R3: 28 y 180", "setup", "y 'y' is not a distance"),
    ("R3: SPEED 8", "combat", "SPEED is a line for round 1 (orders), and this is round 2"),
    ("R3: MELEE C1", "orders", "MELEE is a line for round 2 (combat), and this is round 1"),
    ("R3: 28 44 0", "orders", "a set-up line is a line for the free set-up"),
    ("R3: SPEED 8", "setup", "SPEED is a line for round 1 (orders), and this is the free"),
])
def test_every_refusal_says_what_was_wrong_and_what_is_accepted(text: str, context: str,
                                                                said: str) -> None:
    with pytest.raises(NotationError) as refused:
        read_line(text, context)
    message = str(refused.value)
    assert said in message
    assert "Accepted: <ID>:" in message


def test_an_unknown_context_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="a line is read for setup, orders, combat"):
        read_line("R1: SPEED 8", "round")


WORDS = st.sampled_from(["SPEED", "BACK", "RAM", "REACT", "AVOID", "SHEAR", "IGNORE", "GRAPPLE",
                         "ANY", "CORVUS", "CUT", "ALL", "NONE", "ENEMY", "ARCHERS", "BALLISTA",
                         "MELEE", "OFF", "LOSSES", "RAISE", "BREAK", "TRANSFER", "TO", "ROWERS",
                         "SOLDIERS", "OFFICERS", "PORT", "STARBOARD", "STBD", "A", "F2", "S30",
                         "P999", "B1.5", "F9.55", "C1", "R2", ",", ":", "#", "9.5", "0", "00",
                         "-3", "1e9", "9" * 40, "é", "\x00", "F", "S", ".", "..", "12.345"])


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["setup", "orders", "combat"]),
       st.one_of(st.text(max_size=60),
                 st.lists(WORDS, max_size=9).map(lambda words: "C1: " + " ".join(words)),
                 st.lists(WORDS, max_size=9).map(" ".join)))
def test_nothing_but_the_notation_error_escapes(context: str, text: str) -> None:
    try:
        reading = read_line(text, context)
    except NotationError as refused:
        assert str(refused).strip()
        return
    if reading is not None:
        again = read_line(reading.notation(), context)
        assert again is not None and again.order == reading.order
