"""Wooden Walls hidden qualities (rulings §16; plan §11 q. 39, 52): reveals by range at 2 SL of
footprint distance (within ε), only by enemy ships afloat, once; reveals for a reason; who knows
a quality. Distances worked by hand from the trireme's 1.2 × 0.3 octagon."""

from __future__ import annotations

from pbem.rules.woodenwalls import reveal
from pbem.rules.woodenwalls.state import HULK, GameState, Ship, new_ship

R, M = "rhodes", "macedon"


def at(ship_id: str, side: str, y: float, **changes: object) -> Ship:
    # triremes heading 0 on x = 9: bow edge at y + 0.6, stern edge at y − 0.6
    return new_ship(ship_id, "trireme", side, 9.0, y, 0.0, 2, **changes)


def test_within_two_revealed_both_ways() -> None:
    # X at y 2 (bow edge 2.6), Y at y 5.2 (stern edge 4.6): footprint distance 2.0 → both revealed,
    # in scenario order, each by the other
    state = GameState((at("X", R, 2.0), at("Y", M, 5.2)))
    after, events = reveal.reveal_by_range(state)
    assert after.require("X").revealed and after.require("Y").revealed
    assert [(e["ship"], e["by"], e["reason"]) for e in events] == [("X", "Y", "range"),
                                                                  ("Y", "X", "range")]


def test_beyond_two_not_revealed() -> None:
    # stern edge at 4.61: distance 2.01 > 2 + ε
    after, events = reveal.reveal_by_range(GameState((at("X", R, 2.0), at("Y", M, 5.21))))
    assert events == () and not after.require("X").revealed


def test_friends_do_not_reveal() -> None:
    _, events = reveal.reveal_by_range(GameState((at("X", R, 2.0), at("F", R, 3.0))))
    assert events == ()


def test_hulk_reveals_nobody_and_already_revealed_once() -> None:
    # a hulk is no enemy ship afloat; a revealed ship gets no second event
    state = GameState((at("X", R, 2.0), at("Y", M, 4.0, status=HULK, hulk_reason="sunk")))
    assert reveal.reveal_by_range(state)[1] == ()
    state = GameState((at("X", R, 2.0, revealed=True), at("Y", M, 4.0)))
    _, events = reveal.reveal_by_range(state)
    assert [e["ship"] for e in events] == ["Y"]


def test_reveal_for_a_reason() -> None:
    state = GameState((at("X", R, 2.0),))
    after, events = reveal.reveal(state, "X", "captured")
    assert after.require("X").revealed and events[0]["reason"] == "captured"
    assert reveal.reveal(after, "X", "sunk")[1] == ()


def test_known_to() -> None:
    # own side always; the enemy once revealed; an observer never (q. 52); a captor (controller)
    state = GameState((at("X", R, 2.0), at("Y", M, 8.0, revealed=True),
                       at("Z", M, 10.0, controller=R)))
    assert reveal.known_to(state, R, "X") and not reveal.known_to(state, M, "X")
    assert reveal.known_to(state, R, "Y") and not reveal.known_to(state, "", "Y")
    assert reveal.known_to(state, R, "Z") and reveal.known_to(state, M, "Z")
