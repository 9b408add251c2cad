"""The deck action phase's own parts (deckphase.py, rulings §12.2, §13.2, §14): SHIFT posting,
elements leaving AP-marked areas, the lines in force in first-player order, and which elements
count as busy for the douse step."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import event
from pbem.rules.woodenwalls import deckphase
from pbem.rules.woodenwalls.elements import count
from pbem.rules.woodenwalls.notation import read_line
from pbem.rules.woodenwalls.orders import Shift
from pbem.rules.woodenwalls.rounds import LEG, LegOrders, Phase, gather
from pbem.rules.woodenwalls.shipstate import Element, new_ship
from pbem.rules.woodenwalls.shiptypes import MARINES, SHOOTERS
from pbem.rules.woodenwalls.state import GameState, Player
from pbem.rules.woodenwalls.switches import parse_options


def _marine(area: str, side: str = "a", home: str = "A1") -> Element:
    return Element(area, MARINES, side, home)


def _state(elements: tuple[Element, ...], **options: str) -> GameState:
    # A trireme: B holds 2, M 3, S 2 (§4.4).
    ship = new_ship("A1", "trireme", "a", 9.0, 6.0, 0.0, 0, elements=elements)
    other = new_ship("B1", "trireme", "b", 3.0, 6.0, 0.0, 0)
    return GameState((ship, other), parse_options(options), (Player("a", "a"), Player("b", "b")),
                     phase=Phase(LEG, 1, "A"))


def test_shift_moves_the_first_elements_of_the_kind() -> None:
    state = _state((_marine("B"), _marine("B"), Element("B", SHOOTERS, "a", "A1")))
    after, made = deckphase.shift(state, "a", "A1", Shift(2, MARINES, "B", "M"))
    ship = after.require("A1")
    assert made["done"] is True
    assert (count(ship, "B", "a", MARINES), count(ship, "M", "a", MARINES)) == (0, 2)
    assert count(ship, "B", "a", SHOOTERS) == 1


def test_shift_fails_whole_with_its_reason() -> None:
    state = _state((_marine("B"), _marine("M"), _marine("M"), _marine("M")))
    cases = {
        Shift(2, MARINES, "B", "S"): "only 1 marines of a stand in A1's B, not 2",
        Shift(1, MARINES, "B", "M"): "A1's M has room for 0, not 1",
        Shift(1, MARINES, "B", "T1"): "A1 has no area T1",
    }
    for order, reason in cases.items():
        after, made = deckphase.shift(state, "a", "A1", order)
        assert after == state and made["done"] is False and made["reason"] == reason
    boarded = _state((_marine("B"), _marine("S", side="b", home="B1")))
    assert deckphase.shift(boarded, "a", "A1", Shift(1, MARINES, "B", "S"))[1]["reason"] == (
        "A1's S holds enemy elements")
    marked = _state((_marine("B"),))
    marked = marked.with_ship(replace(marked.require("A1"), ap_markers=(0, 1, 0, 0, 0)))
    assert "AP marker" in deckphase.shift(marked, "a", "A1", Shift(1, MARINES, "B", "M"))[1]["reason"]


def test_elements_leave_a_marked_area_for_an_adjacent_one_with_room() -> None:
    state = _state((_marine("M"), _marine("M"), _marine("B"), _marine("B")), ap_weapons="on")
    state = state.with_ship(replace(state.require("A1"), ap_markers=(0, 1, 0, 0, 0)))
    after, events = deckphase.leave_markers(state, "a")
    ship = after.require("A1")
    # B is full (2 of 2), so both go to S (room 2); none stays in M.
    assert (count(ship, "B"), count(ship, "M"), count(ship, "S")) == (2, 0, 2)
    assert [made.kind for made in events] == ["marker_leave", "marker_leave"]


def test_lines_in_force_come_first_player_first() -> None:
    state = _state((_marine("B"),))
    lines_a = [read_line("A1: SHIFT 1M B-M", LEG)]
    lines_b = [read_line("B1: DOUSE M 1", LEG)]
    state = replace(state, orders=(gather("a", [line for line in lines_a if line]),
                                   gather("b", [line for line in lines_b if line])))
    assert [line.ship for line in deckphase.deck_lines(state, "b")] == ["B1", "A1"]
    assert [line.ship for line in deckphase.deck_lines(state, "a")] == ["A1", "B1"]
    assert deckphase.deck_lines(replace(state, orders=(LegOrders("a"),)), "a") == ()


def test_busy_elements_from_the_steps_events() -> None:
    state = _state((_marine("B"), Element("M", SHOOTERS, "a", "A1"), _marine("S")))
    events = (event("shot", ship="A1", area="M", shot="shoot", failed=False),
              event("shot", ship="A1", area="S", shot="shoot", failed=True),
              event("grapple", ship="A1", area="B"))
    assert deckphase.busy_elements(state, events) == frozenset({("A1", 0), ("A1", 1)})
    assert deckphase.busy_elements(state, (event("cut", ship="A1", how="corvus"),)) == {("A1", 0)}
    # A deck fight: the attacker's elements are busy, the defenders may still douse (§13.2).
    boarded = _state((_marine("B"), _marine("M", side="b", home="B1")))
    fight = (event("fight", ship="A1", area="B", target="A1", target_area="M"),)
    assert deckphase.busy_elements(boarded, fight) == frozenset({("A1", 0)})
