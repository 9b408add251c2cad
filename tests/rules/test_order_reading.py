"""Order reading that forgives what people write (issue 12 §3): counts like x2, FIRE with
'at', refusals that name the bad item of a FIRE line and what a course change cost."""

from __future__ import annotations

import pytest

from pbem.rules.errors import OrderSyntaxError
from pbem.rules.interface import PhaseSpec
from pbem.rules.ramspeed import phases
from pbem.rules.ramspeed.combat_orders import parse_combat
from pbem.rules.ramspeed.hexes import parse_label
from pbem.rules.ramspeed.orders import parse_build, parse_movement, read_line
from pbem.rules.ramspeed.state import Galley, GameState, Weapon


def _steps(text: str) -> list[str]:
    return [s.kind for s in parse_movement(read_line(1, text, "movement"), ["A", "X2"]).steps]


@pytest.mark.parametrize(("text", "kinds"), [
    ("A: F x3", ["F", "F", "F"]),
    ("A: Fx3", ["F", "F", "F"]),
    ("A: forward *2 S", ["F", "F", "S"]),
    ("A: S x2", ["S", "S"]),
    ("A: p×2", ["P", "P"]),
    ("A: R x2 F", ["R", "R", "F"]),
    ("A: F SS x1 F", ["F", "SS", "F"]),
    ("A: F3 R2 F 2", ["F", "F", "F", "R", "R", "F", "F"]),  # the standard counts still
])
def test_movement_counts(text: str, kinds: list[str]) -> None:
    assert _steps(text) == kinds


@pytest.mark.parametrize(("text", "words"), [
    ("A: F3 x2", "counts twice"),
    ("A: F 2 x2", "counts twice"),
    ("A: x2 F", "counts nothing"),
    ("A: F SS x2", "each sideslip must directly follow a forward step"),
    ("A: S3", "write 'S x3'"),
    ("A: F x0", "from 1 to 99"),
    ("A: F x100", "from 1 to 99"),
])
def test_movement_counts_that_cannot_be_read(text: str, words: str) -> None:
    with pytest.raises(OrderSyntaxError, match=words) as info:
        _steps(text)
    assert "Accepted:" in info.value.sentence()


def test_a_galley_named_like_a_count_is_still_the_galley() -> None:
    order = parse_movement(read_line(1, "A: UNGRAPPLE X2 F RAM X2", "movement"), ["A", "X2"],
                           grappled_with=["X2"])
    assert order.ungrapple == ("X2",) and [s.kind for s in order.steps] == ["F", "RAM"]
    assert order.steps[1].target == "X2"
    bare = parse_movement(read_line(1, "A: UNGRAPPLE Fx2", "movement"), ["A", "B"],
                          grappled_with=["B"])
    assert bare.ungrapple == ("",) and [s.kind for s in bare.steps] == ["F", "F"]


@pytest.mark.parametrize(("text", "weapons", "parties"), [
    ("A: trireme archer x2 bp x3", ("archer", "archer"), 3),
    ("A: trireme archerx2 bpx2", ("archer", "archer"), 2),
    ("A: trireme catapult ×1 2 bp", ("catapult",), 2),
])
def test_build_counts(text: str, weapons: tuple[str, ...], parties: int) -> None:
    order = parse_build(read_line(1, text, "build"))
    assert (order.weapons, order.boarding_parties) == (weapons, parties)


@pytest.mark.parametrize(("text", "words"), [
    ("A: trireme 2 archer x2", "'archer x2' counts twice"),
    ("A: trireme x2 archer", "counts nothing"),
    ("A: trireme bp*2 x2", "counts twice"),
])
def test_build_counts_that_cannot_be_read(text: str, words: str) -> None:
    with pytest.raises(OrderSyntaxError, match=words):
        parse_build(read_line(1, text, "build"))


@pytest.mark.parametrize(("text", "shots"), [
    ("A: FIRE arbalest at Y", [("arbalest", "Y")]),
    ("A: FIRE catapult X, archer X", [("catapult", "X"), ("archer", "X")]),
    ("A: FIRE 2 archers X", [("archer", "X")] * 2),
    ("A: FIRE archer X x2, catapult at Y", [("archer", "X")] * 2 + [("catapult", "Y")]),
    ("A: FIRE archer x2 at Y", [("archer", "Y")] * 2),
    ("A: FIRE archerx3 Y", [("archer", "Y")] * 3),
    # the standard notation keeps its meaning: galleys named AT or X2 are targets
    ("A: FIRE archer AT", [("archer", "AT")]),
    ("A: FIRE archer X2, catapult Y", [("archer", "X2"), ("catapult", "Y")]),
])
def test_fire_lines_as_people_write_them(text: str, shots: list[tuple[str, str]]) -> None:
    assert list(parse_combat(read_line(1, text, "combat")).shots) == shots  # type: ignore[union-attr]


@pytest.mark.parametrize(("text", "words"), [
    ("A: FIRE archer", "archer needs a target galley"),
    ("A: FIRE 2 archer x2 X", "counts twice"),
    ("A: FIRE archer X 3", "counts nothing"),
    ("A: FIRE bp X", "boarding parties do not FIRE"),
])
def test_fire_lines_that_cannot_be_read(text: str, words: str) -> None:
    with pytest.raises(OrderSyntaxError, match=words) as info:
        parse_combat(read_line(1, text, "combat"))
    assert "Accepted:" in info.value.sentence()


def _combat_state() -> GameState:
    return GameState(galleys=(
        Galley("A", "blue", "trireme", bow=parse_label("0807"), facing=0,
               weapons=(Weapon("archer"), Weapon("catapult"))),
        Galley("B", "blue", "bireme", bow=parse_label("0809"), facing=0),
        Galley("X", "red", "bireme", bow=parse_label("1107"), facing=3),
        Galley("Y", "red", "bireme", bow=parse_label("1607"), facing=3)))


def test_a_bad_fire_item_is_named_with_the_line_that_would_be_accepted() -> None:
    """Rulings §12 refuse a line whole; the reason says which item, why, and the line
    without it (issue 12 asked for the item alone to be refused: see tests/cases 11.6)."""
    text = "A: FIRE catapult X, archer Y, archer X"
    sheet, _ = phases.check(_combat_state(), PhaseSpec("combat", "blue"), text)
    [line] = sheet.lines
    assert line.status == "refused"
    assert line.reason == (
        "line 1 (A): item 2 of 3 (archer Y): Y is at range 8; an archer reaches 1 to 3 "
        "(11.2, 16.2). Accepted: the line without it, 'A: FIRE catapult X, archer X' (a "
        "line is accepted or refused whole, rulings §12).")
    fixed, _ = phases.check(_combat_state(), PhaseSpec("combat", "blue"),
                            "A: FIRE catapult X, archer X")
    assert fixed.lines[0].status == "accepted"


def test_every_bad_fire_item_is_named() -> None:
    text = "A: FIRE archer B, catapult X, onager X"
    sheet, _ = phases.check(_combat_state(), PhaseSpec("combat", "blue"), text)
    reason = sheet.lines[0].reason
    assert "item 1 of 3 (archer B): B is friendly" in reason
    assert "item 3 of 3 (onager X): A carries no onager" in reason
    assert "'A: FIRE catapult X'" in reason


def test_a_fire_line_with_no_good_item_says_what_would_be() -> None:
    sheet, _ = phases.check(_combat_state(), PhaseSpec("combat", "blue"),
                            "A: FIRE archer Y, catapult Y")
    reason = sheet.lines[0].reason
    assert "item 1 of 2 (archer Y)" in reason and "item 2 of 2 (catapult Y)" in reason
    assert reason.endswith("Accepted: a target within the weapon's range.")


def _moving() -> GameState:
    return GameState(galleys=(
        Galley("A", "blue", "trireme", bow=parse_label("0807"), facing=0),
        Galley("X", "red", "bireme", bow=parse_label("2007"), facing=3)))


@pytest.mark.parametrize(("orders", "reason"), [
    ("A: S F F", "F needs 1 MA and only 0 of 3 is left; the turn to SE cost 2 MA."),
    ("A: F F S F", "F needs 1 MA and only 0 of 3 is left; the turn to SE cost 1 MA (all that "
                   "was left: one course change is always allowed, 6.5)."),
    ("A: P S", "a second course change costs 2 MA and only 1 is left; the turn to NE cost "
               "2 MA."),
    ("A: F F F F", "F needs 1 MA and only 0 of 3 is left."),  # no turn, nothing to tell
])
def test_a_step_refused_for_ma_says_what_the_course_change_cost(orders: str,
                                                                reason: str) -> None:
    sheet, _ = phases.check(_moving(), PhaseSpec("movement", "blue"), orders)
    assert sheet.lines[0].reason == f"line 1 (A): {reason}"


def test_a_second_line_for_a_galley_says_how_to_correct_it() -> None:
    """Binding (tests/cases/12.0_one_line_per_galley): the first line stands."""
    sheet, _ = phases.check(_moving(), PhaseSpec("movement", "blue"), "A: F\n\nA: F F")
    assert [r.status for r in sheet.lines] == ["accepted", "refused"]
    reason = sheet.lines[1].reason
    assert reason.startswith("line 3 (A): A already has orders on line 1; one line per galley")
    assert "put them on line 1 and send the orders again" in reason


def test_the_judges_notes_and_line_numbers_are_not_read() -> None:
    line = read_line(4, "  line 4  A: F F RAM X  =>  F→0907 E [1/3]  # mine", "movement")
    assert (line.galley, line.words) == ("A", ("F", "F", "RAM", "X"))
    with pytest.raises(OrderSyntaxError, match="galley ID and a colon"):
        read_line(1, "line 4 F F", "movement")
