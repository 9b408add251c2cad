"""The §17 notation: every example accepted exactly, the extras marked, refusals that say which
line, what was wrong and what would be accepted."""

from __future__ import annotations

import pytest

from pbem.rules.errors import OrderSyntaxError
from pbem.rules.greeksromans.orders import (
    MoveOrder,
    PlaceOrder,
    Step,
    TargetOrder,
    numbered_lines,
    read_half_line,
    read_setup_line,
)


@pytest.mark.parametrize(("text", "steps"), [
    ("G1: F6 S45 F3", (Step("F", 60), Step("S", 45), Step("F", 30))),
    ("R3: B2 P30 F4.5", (Step("B", 20), Step("P", 30), Step("F", 45))),
    ("G4: STAY", ()),
    ("G1: F 6", (Step("F", 60),)),
    ("g1: f6 s45", (Step("F", 60), Step("S", 45))),
    ("G1: F0.1 F99.9", (Step("F", 1), Step("F", 999))),
])
def test_movement_examples(text: str, steps: tuple[Step, ...]) -> None:
    reading = read_half_line(1, text)
    assert reading.order == MoveOrder(reading.ship, steps)
    assert reading.extras == ()


@pytest.mark.parametrize(("text", "kind", "targets"), [
    ("G2: ARCHERY R1, R3", "ARCHERY", ("R1", "R3")),
    ("R1: BOARD G2", "BOARD", ("G2",)),
    ("G3: CATAPULT R1, R4", "CATAPULT", ("R1", "R4")),
    ("G3: catapult r1,r4", "CATAPULT", ("R1", "R4")),
])
def test_target_examples(text: str, kind: str, targets: tuple[str, ...]) -> None:
    reading = read_half_line(1, text)
    assert reading.order == TargetOrder(reading.ship, kind, targets)
    assert reading.extras == ()


@pytest.mark.parametrize(("text", "x", "y", "heading"), [
    ("G1: 30 6 0", 30.0, 6.0, 0), ("R2: 54.5 42 180", 54.5, 42.0, 180)])
def test_setup_examples(text: str, x: float, y: float, heading: int) -> None:
    assert read_setup_line(1, text).order == PlaceOrder(text.split(":")[0], x, y, heading)


def test_the_whole_half_example_reads_line_by_line() -> None:
    text = """
# Greeks, turn 3, half 1 (bonus 4)
G1: F6 S30 F6        # G1 heads for R3's beam
G2: F3
G3: P15 F4.5
G2: ARCHERY R3, R1
G3: ARCHERY R3
G1: BOARD R3
G2: CATAPULT R1, R2
"""
    lines = numbered_lines(text)
    assert [number for number, _ in lines] == [3, 4, 5, 6, 7, 8, 9]
    assert all(read_half_line(number, raw).extras == () for number, raw in lines)


def test_extras_are_read_and_named() -> None:
    reading = read_half_line(1, "G1: FORWARD 6 STARBOARD 45 BACK 2")
    assert reading.order == MoveOrder("G1", (Step("F", 60), Step("S", 45), Step("B", 20)))
    assert reading.extras == ("FORWARD for F", "STARBOARD for S", "BACK for B")
    shoot = read_half_line(2, "G2: SHOOT R1 R3")
    assert shoot.order == TargetOrder("G2", "ARCHERY", ("R1", "R3"))
    assert shoot.extras == ("SHOOT for ARCHERY", "targets separated by spaces")


def test_an_echoed_line_sent_back_reads_as_its_order() -> None:
    reading = read_half_line(3, "G1: F6 S45 F3 => costs 7 of 7 AP; F6 to (30.00, 12.00)")
    assert reading.order == MoveOrder("G1", (Step("F", 60), Step("S", 45), Step("F", 30)))


@pytest.mark.parametrize(("text", "wrong", "accepted"), [
    ("G1: F4.55", "at most one decimal", "F<d>"),
    ("G1: S46", "1 to 45 degrees", "P<a>"),
    ("G1: P0", "1 to 45 degrees", "S<a>"),
    ("G1: F100", "0.1 to 99.9", "STAY"),
    ("G1: F0", "0.1 to 99.9", "STAY"),
    ("G1: S4.5", "whole degrees", "P<a>"),
    ("G1: F", "needs a distance", "F<d>"),
    ("G1: JUMP 3", "'jump' is not a step", "F<d>"),
    ("G1: STAY F3", "STAY stands alone", "STAY"),
    ("G1 F6", "starts with the ship's id and a colon", "G1: F6 S45 F3"),
    ("G1: ARCHERY", "needs at least one target", "ARCHERY <target>"),
    ("G1: BOARD R1,,R2", "missing between commas", "BOARD <target>"),
    ("G1_X: F6", "not a ship id", "G1: F6 S45 F3"),
])
def test_refusals_say_line_what_and_what_is_accepted(text: str, wrong: str, accepted: str) -> None:
    with pytest.raises(OrderSyntaxError) as raised:
        read_half_line(7, text)
    sentence = raised.value.sentence()
    assert sentence.startswith("line 7")
    assert wrong in sentence
    assert "Accepted:" in sentence and accepted in sentence.split("Accepted:")[1]


@pytest.mark.parametrize("text", ["G1: 30 6", "G1: 30 6 360", "G1: 30 6 4.5", "G1: x 6 0"])
def test_setup_refusals(text: str) -> None:
    with pytest.raises(OrderSyntaxError) as raised:
        read_setup_line(2, text)
    assert raised.value.sentence().startswith("line 2 (G1)")
    assert "Accepted:" in raised.value.sentence()


def test_cost_is_the_exact_whole_number_test() -> None:
    order = read_half_line(1, "G1: F4.5 B3 P1 S45").order
    assert isinstance(order, MoveOrder)
    assert order.cost_sixtieths() == 2 * 45 + 3 * 30 + 240 * 2
