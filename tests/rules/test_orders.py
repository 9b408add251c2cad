"""The notation reader and the per-line checker (rulings §12, §13)."""

from __future__ import annotations

import pytest

from pbem.rules.errors import AmbiguousOrderError, IllegalOrderError, OrderSyntaxError
from pbem.rules.interface import PhaseSpec
from pbem.rules.ramspeed import phases
from pbem.rules.ramspeed.hexes import parse_label
from pbem.rules.ramspeed.orders import parse_build, parse_movement, read_line
from pbem.rules.ramspeed.state import Galley, GameState


def _line(text: str, phase: str = "movement"):
    return read_line(1, text, phase)


def test_movement_notation_and_aliases_agree() -> None:
    standard = parse_movement(_line("A: F F S F RAM X GRAPPLE X"), ["A", "X"])
    long = parse_movement(_line("a: forward f2 starboard ram x grapple x"), ["A", "X"])
    assert [s.kind for s in standard.steps] == ["F", "F", "S", "F", "RAM"]
    assert [s.kind for s in long.steps] == ["F", "F", "F", "S", "RAM"]
    assert standard.grapple == ("X",)


@pytest.mark.parametrize("text", ["A: F3", "A: F 3", "A: f3", "A: F,F,F", "A: FORWARD 3"])
def test_counts_are_written_several_ways(text: str) -> None:
    assert [s.kind for s in parse_movement(_line(text)).steps] == ["F", "F", "F"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("A: F GRAPPLE X F", "comes after GRAPPLE"),
        ("A: F DOUBLE", "first word"),
        ("A: F UNGRAPPLE", "before any step"),
        ("A: RAM", "needs a target"),
        ("A: S3", "may follow F or R only"),
        ("A: zigzag", "not a movement order"),
        ("A: STAY F", "stands alone"),
    ],
)
def test_unreadable_movement_says_why(text: str, words: str) -> None:
    with pytest.raises(OrderSyntaxError, match=words) as info:
        parse_movement(_line(text))
    assert "Accepted:" in info.value.sentence()


def test_ungrapple_of_a_galley_named_like_a_step_is_ambiguous() -> None:
    with pytest.raises(AmbiguousOrderError, match="could name galley F"):
        parse_movement(_line("A: UNGRAPPLE F"), ["A", "F"], grappled_with=["F"])
    order = parse_movement(_line('A: UNGRAPPLE "F" F'), ["A", "F"], grappled_with=["F"])
    assert order.ungrapple == ("F",) and [s.kind for s in order.steps] == ["F"]


def test_build_counts_and_prefixes() -> None:
    order = parse_build(_line("A: tri cat 2 archers bp*3", "build"))
    assert order.type == "trireme"
    assert order.weapons == ("catapult", "archer", "archer")
    assert order.boarding_parties == 3
    with pytest.raises(AmbiguousOrderError, match="arbalest or archer"):
        parse_build(_line("A: trireme ar", "build"))


def test_line_without_colon_is_a_syntax_error_with_an_example() -> None:
    with pytest.raises(OrderSyntaxError, match="galley ID and a colon"):
        _line("A F F")
    with pytest.raises(OrderSyntaxError, match="not a galley ID"):
        _line("THIS-ID-IS-TOO-LONG: F")


def _state() -> GameState:
    return GameState(galleys=(
        Galley("A", "blue", "trireme", bow=parse_label("0807"), facing=0),
        Galley("B", "blue", "bireme", bow=parse_label("0809"), facing=0),
        Galley("X", "red", "bireme", bow=parse_label("1107"), facing=3),
    ))


def test_every_line_gets_a_result_in_order() -> None:
    text = "# orders for turn 3\nA: F F RAM X\n\nB: F9\nX: F\nB: F\nnonsense here\n"
    sheet, _ = phases.check(_state(), PhaseSpec("movement", "blue"), text)
    assert [(r.line_no, r.status) for r in sheet.lines] == [
        (2, "accepted"), (4, "refused"), (5, "refused"), (6, "accepted"), (7, "refused")]
    kinds = [type(r.error) for r in sheet.refused]
    assert kinds == [IllegalOrderError, IllegalOrderError, OrderSyntaxError]
    assert sheet.refused[0].reason.startswith("line 4 (B): F needs 1 MA and only 0 of 4 is left")
    assert "not commanded by the blue side" in sheet.refused[1].reason


def test_accepted_movement_is_echoed_with_ma_per_step() -> None:
    sheet, _ = phases.check(_state(), PhaseSpec("movement", "blue"), "A: F F RAM X")
    echo = sheet.accepted[0].echo
    assert "F→0907 E [1/3]" in echo and "F→1007 E [2/3]" in echo
    assert "RAM X (bow, needs 1-3)" in echo


def test_checking_changes_nothing() -> None:
    state = _state()
    phases.check(state, PhaseSpec("movement", "blue"), "A: F F RAM X\nB: F4")
    assert state == _state()


def test_galley_ids_that_look_like_steps_after_grapple() -> None:
    order = parse_movement(_line("B1: F R1 RAM R2 GRAPPLE R1 R2"), ["B1", "R1", "R2"])
    assert [s.kind for s in order.steps] == ["F", "R", "RAM"]  # R1 in the steps: reverse 1
    assert order.grapple == ("R1", "R2")
    with pytest.raises(OrderSyntaxError, match="comes after GRAPPLE"):
        parse_movement(_line("A: F GRAPPLE X F"), ["A", "X"])
