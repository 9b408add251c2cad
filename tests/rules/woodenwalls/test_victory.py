"""Victory by losses (victory.py, rulings §18): what a loss is, the break point, one side or both
broken, the score after the last round, nothing decided before then."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.woodenwalls import victory
from pbem.rules.woodenwalls.rounds import LEG, Phase
from pbem.rules.woodenwalls.shipstate import new_ship
from pbem.rules.woodenwalls.state import FLED, HULK, GameState, Player
from pbem.rules.woodenwalls.switches import parse_options


def _state(*rows: tuple[str, str, dict[str, object]], round_number: int = 1) -> GameState:
    ships = tuple(new_ship(ship_id, "trireme", side, 2.0 + 2 * n, 2.0 if side == "a" else 10.0,
                           0.0, 2, **changes) for n, (ship_id, side, changes) in enumerate(rows))
    return GameState(ships, parse_options({}), (Player("a", "a"), Player("b", "b")),
                     phase=Phase(LEG, round_number, "C"))


def test_what_a_loss_is() -> None:
    state = _state(("A1", "a", {"status": HULK}), ("A2", "a", {"status": FLED}),
                   ("A3", "a", {"controller": "b"}), ("A4", "a", {"flag": "standing_off"}),
                   ("A5", "a", {"controller": "a"}), ("B1", "b", {}))
    assert [victory.lost(ship) for ship in state.ships] == [True, True, True, False, False, False]
    assert victory.losses(state, "a") == 3


def test_the_break_point_is_half_rounded_up() -> None:
    three = _state(("A1", "a", {"status": HULK}), ("A2", "a", {}), ("A3", "a", {}), ("B1", "b", {}))
    assert victory.break_point(three, "a") == 2 and not victory.broken(three, "a")
    assert victory.check(three) == (three, ())
    two = three.with_ship(replace(three.require("A2"), status=HULK))
    after, events = victory.check(two)
    assert after.winner == "b" and events[0]["how"] == "broken"
    assert events[0]["broken"] == ("a",) and events[0]["losses"] == (2, 0)


def test_both_broken_is_a_draw_and_a_winner_stays() -> None:
    state = _state(("A1", "a", {"status": HULK}), ("B1", "b", {"status": FLED}))
    after, events = victory.check(state)
    assert after.winner == "draw" and events[0]["winner"] == "draw"
    assert victory.check(after) == (after, ())


def test_the_score_after_the_last_round() -> None:
    # a: 3 for B1 it controls, 2 for the hulk B2, 2 more because B2 is b's fleet flagship = 7;
    # b: 1 for the fled A1. Nobody is broken: a lost 1 of 3 (break point 2), b 2 of 6 (3).
    rows = (("A1", "a", {"status": FLED}), ("A2", "a", {}), ("A3", "a", {}),
            ("B1", "b", {"controller": "a"}), ("B2", "b", {"status": HULK, "flagship": "fleet"}),
            ("B3", "b", {}), ("B4", "b", {}), ("B5", "b", {}), ("B6", "b", {}))
    state = _state(*rows, round_number=8)
    assert (victory.score(state, "a"), victory.score(state, "b")) == (7, 1)
    after, events = victory.check(state)
    assert after.winner == "a" and events[0]["scores"] == (7, 1)
    early = _state(*rows, round_number=7)
    assert victory.check(early) == (early, ())
