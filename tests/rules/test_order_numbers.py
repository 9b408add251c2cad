"""Numbers in order lines are bounded where they are read (issue 18, item 15): a number far
too long to mean anything (400 or 5,000 digits), or a digit Python cannot turn into a number
(a superscript, a circled digit), is refused on its own line with the ruleset's sentence,
and the other lines of the same orders are read as ever. Everything goes through the
rulesets' check(): the game value's, or Ram Speed's phase checker for a combat phase."""

from __future__ import annotations

import pytest

from pbem.app.base import rulesets
from pbem.rules.dice import ForcedDice
from pbem.rules.interface import ACCEPTED, REFUSED, GameValue, OrderSheet, PhaseSpec
from pbem.rules.ramspeed import phases
from pbem.rules.ramspeed.hexes import parse_label
from pbem.rules.ramspeed.state import Galley, GameState, Weapon

HUGE = "9" * 5000  # past Python's 4,300-digit limit for int()
LONG = "9" * 400  # past what a float can hold: float() gives infinity
ROUND = "1" + "0" * 400


def _answered_alone(sheet: OrderSheet, bad_line: int, words: str) -> None:
    """The bad line is refused with a sentence naming it and what is accepted; every other
    line is accepted."""
    by_line = {line.line_no: line for line in sheet.lines}
    bad = by_line[bad_line]
    assert bad.status == REFUSED
    assert bad.reason.startswith(f"line {bad_line}") and "Accepted:" in bad.reason
    assert words in bad.reason, bad.reason
    assert len(bad.reason) < 600, "the sentence quotes the number shortened, not whole"
    others = [line for line in sheet.lines if line.line_no != bad_line]
    assert others and all(line.status == ACCEPTED for line in others), \
        [line.reason for line in others]


# --- Ram Speed -----------------------------------------------------------------------------


def _build() -> GameValue:
    return rulesets.start("ramspeed", "squadron", {"columns": 12, "rows": 8})


@pytest.mark.parametrize("line", [
    f"A: trireme {HUGE} bp", f"A: trireme bp*{HUGE}", f"A: trireme bp x{HUGE}",
    f"A: trireme archer x{HUGE}", f"A: trireme {LONG} archer", "A: trireme \u2461 bp",
    "A: trireme bp*\u00b2",
])
def test_a_build_count_too_long_is_refused_on_its_line(line: str) -> None:
    sheet = _build().check("blue", f"{line}\nB: trireme catapult 2 bp")
    _answered_alone(sheet, 1, "")


@pytest.mark.parametrize("line", [f"A: trireme {HUGE} bp", f"A: trireme bp*{HUGE}",
                                  f"A: trireme archer x{HUGE}"])
def test_a_build_count_too_long_says_the_bounds(line: str) -> None:
    reason = _build().check("blue", line).lines[0].reason
    assert "from 1 to 99" in reason and "digits" in reason


def _movement() -> tuple[GameValue, str, list[str]]:
    game = rulesets.plugin("ramspeed").sample(4, 1)
    side = game.owes()[0]
    return game, side, game.pieces_of(side)


@pytest.mark.parametrize("steps", [
    f"F{HUGE}", f"F {HUGE}", f"F x{HUGE}", f"Fx{HUGE}", f"R {HUGE}", f"S {HUGE}", f"S x{HUGE}",
    f"DOUBLE F{LONG}", "F \u2462", "F x\u00b3", f"{HUGE}",
])
def test_a_step_count_too_long_is_refused_on_its_line(steps: str) -> None:
    game, side, ids = _movement()
    sheet = game.check(side, f"{ids[1]}: STAY\n{ids[0]}: {steps}")
    _answered_alone(sheet, 2, "")


@pytest.mark.parametrize("steps", [f"F{HUGE}", f"F {HUGE}", f"F x{HUGE}", f"S x{HUGE}"])
def test_a_step_count_too_long_says_the_bounds(steps: str) -> None:
    game, side, ids = _movement()
    reason = game.check(side, f"{ids[0]}: {steps}").lines[0].reason
    assert "from 1 to 99" in reason and "5000 digits" in reason


COMBAT = GameState(galleys=(
    Galley("A", "blue", "trireme", parse_label("0807"), 0, weapons=(Weapon("catapult"),),
           boarding_parties=2, grappled_with=frozenset({"X"})),
    Galley("B", "blue", "bireme", parse_label("0809"), 0, boarding_parties=1),
    Galley("X", "red", "bireme", parse_label("0806"), 0, grappled_with=frozenset({"A"})),
))


@pytest.mark.parametrize("line", [
    f"A: BOARD X {HUGE}", f"A: CAPTURE X {HUGE}", f"A: TRANSFER {HUGE} TO B",
    f"A: FIRE {HUGE} catapult X", f"A: FIRE catapult X x{HUGE}", f"A: FIRE catapultx{HUGE} X",
    f"A: BOARD X {LONG}", "A: BOARD X \u2460", "A: TRANSFER \u00b9 TO B",
])
def test_a_combat_count_too_long_is_refused_on_its_line(line: str) -> None:
    sheet, _ = phases.check(COMBAT, PhaseSpec("combat", "blue"), f"{line}\nA: BOARD X")
    _answered_alone(sheet, 1, "from 1 to 99")


# --- Greeks vs Romans ----------------------------------------------------------------------


def _half() -> GameValue:
    game = rulesets.start("greeks-romans", "default", {})
    game, _, _ = game.play([], ForcedDice(values=[6, 1, 4]))  # greeks move first, bonus 4
    assert game.owes() == ("greeks",)
    return game


@pytest.mark.parametrize(("step", "words"), [
    (f"F{LONG}", "a distance is from 0.1 to 99.9 inches"),
    (f"F {LONG}", "a distance is from 0.1 to 99.9 inches"),
    (f"B{ROUND}", "a distance is from 0.1 to 99.9 inches"),
    (f"F{LONG}.5", "a distance is from 0.1 to 99.9 inches"),
    (f"F{HUGE}", "a distance is from 0.1 to 99.9 inches"),
    (f"S{HUGE}", "a pivot is 1 to 45 degrees"),
    (f"P {LONG}", "a pivot is 1 to 45 degrees"),
    ("F1e999", "is not a step"),
    ("F inf", "needs a distance"),
    ("F nan", "needs a distance"),
])
def test_a_step_number_too_long_is_refused_on_its_line(step: str, words: str) -> None:
    sheet = _half().check("greeks", f"G2: STAY\nG1: {step}\nG3: F2")
    _answered_alone(sheet, 2, words)


def _setup() -> GameValue:
    game = rulesets.start("greeks-romans", "default", {"setup": True})
    game, _, _ = game.play([], ForcedDice(values=[6, 1, 4]))
    assert game.owes() == ("romans",)
    return game


@pytest.mark.parametrize(("place", "words"), [
    (f"{LONG} 44 180", "x and y are inches"),
    (f"40 {LONG}.5 180", "x and y are inches"),
    (f"-{LONG} 44 180", "x and y are inches"),
    (f"{HUGE} 44 180", "x and y are inches"),
    (f"40 44 {HUGE}", "must be whole degrees from 0 to 359"),
    (f"40 44 {LONG}", "must be whole degrees from 0 to 359"),
])
def test_a_placement_number_too_long_is_refused_on_its_line(place: str, words: str) -> None:
    sheet = _setup().check("romans", f"R1: {place}\nR1: 40 44 180")
    _answered_alone(sheet, 1, words)


def test_ordinary_numbers_read_as_before() -> None:
    """The bounds take nothing that was accepted: numbers with leading zeros, and the
    largest meaningful values, read as they always did."""
    game, side, ids = _movement()
    assert game.check(side, f"{ids[0]}: F 01").lines[0].status == ACCEPTED
    half = _half().check("greeks", "G1: F009 S045\nG2: P45 B0.1\nG3: F100")
    assert [line.status for line in half.lines] == [ACCEPTED, ACCEPTED, REFUSED]
    assert "a distance is from 0.1 to 99.9 inches" in half.lines[2].reason
    assert _setup().check("romans", "R1: 0040.0 44 0180").lines[0].status == ACCEPTED
    build = _build().check("blue", "A: trireme 002 bp\nB: trireme bp*02\nC: trireme 100 bp")
    assert [line.status for line in build.lines] == [ACCEPTED, ACCEPTED, REFUSED]
    assert "'100' is not a count from 1 to 99" in build.lines[2].reason
