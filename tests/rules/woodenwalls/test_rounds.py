"""Wooden Walls round bookkeeping (rulings §5.2-§5.5, §6.1, §6.2, §11.5, §15.4; plan §3): phase keys
under each `mail` setting and the whole sequence of a game's phases, keys read back, the deck and
how far it is turned, action phases counted in the leg, won shootings, each side's orders
gathered, and this round's marks."""

from __future__ import annotations

import pytest

from pbem.rules.woodenwalls.orders import (
    ActivationOrder,
    Ahead,
    Cut,
    Reading,
    Segment,
    ShipArea,
    Shoot,
    Speed,
    Turn,
)
from pbem.rules.woodenwalls.rounds import (
    DECK,
    LEG,
    MOVEMENT,
    OVER,
    ROUND,
    SETUP,
    Mark,
    Phase,
    RoundRecord,
    RoundState,
    gather,
    phase_from_key,
    phases,
)


@pytest.mark.parametrize(("phase", "key"), [
    (Phase(SETUP), "setup"),
    (Phase(LEG, 1, "A"), "R1-A"),
    (Phase(LEG, 8, "C"), "R8-C"),
    (Phase(MOVEMENT, 3, "B"), "R3-B-move"),
    (Phase(DECK, 2, "C"), "R2-C-deck"),
    (Phase(ROUND, 4), "R4"),
    (Phase(OVER), "over"),
])
def test_phase_keys_and_back(phase: Phase, key: str) -> None:
    assert phase.key == key
    assert phase_from_key(key) == phase


@pytest.mark.parametrize("key", ["R0-A", "R1-D", "R1-A-fight", "T1-A", "R", "R1-", "R01-A", "R1-A-",
                                 "Setup", "R²"])
def test_bad_keys_are_refused(key: str) -> None:
    with pytest.raises(ValueError):
        phase_from_key(key)


def test_phase_refusals() -> None:
    with pytest.raises(ValueError, match="a leg phase needs the leg A, B or C"):
        Phase(LEG, 1)
    with pytest.raises(ValueError, match="a round phase .mail = round. plays all three legs"):
        Phase(ROUND, 1, "A")
    with pytest.raises(ValueError, match="the setup phase has no round or leg"):
        Phase(SETUP, 1)
    with pytest.raises(ValueError, match="a movement phase needs a round from 1"):
        Phase(MOVEMENT, 0, "A")
    with pytest.raises(ValueError, match="a phase is one of"):
        Phase("turn", 1)


def test_the_legs_mail_has_three_phases_a_round() -> None:
    keys = [phase.key for phase in phases("legs", 2)]
    assert keys == ["setup", "R1-A", "R1-B", "R1-C", "R2-A", "R2-B", "R2-C", "over"]
    assert len(phases("legs", 8)) == 1 + 3 * 8 + 1


def test_the_split_mail_has_a_movement_and_a_deck_phase_a_leg() -> None:
    keys = [phase.key for phase in phases("split", 1)]
    assert keys == ["setup", "R1-A-move", "R1-A-deck", "R1-B-move", "R1-B-deck", "R1-C-move",
                    "R1-C-deck", "over"]
    assert Phase(DECK, 1, "C").after("split", 8) == Phase(MOVEMENT, 2, "A")
    assert len(phases("split", 8)) == 1 + 6 * 8 + 1


def test_the_round_mail_has_one_phase_a_round() -> None:
    assert [phase.key for phase in phases("round", 3)] == ["setup", "R1", "R2", "R3", "over"]


def test_a_phase_of_another_mail_has_no_successor() -> None:
    with pytest.raises(ValueError, match="a leg phase is not played under mail = split"):
        Phase(LEG, 1, "A").after("split", 8)
    with pytest.raises(ValueError, match="nothing follows the over phase"):
        Phase(OVER).after("legs", 8)
    with pytest.raises(ValueError, match="mail is legs, split or round"):
        Phase(SETUP).after("post", 8)


RULINGS_DECK = ("M3", "F", "M1", "MB", "M4", "M2")  # §5.3's example


def test_the_deck_turned_so_far() -> None:
    state = RoundState(RULINGS_DECK, turned=3, action_phase=2, card="M1")
    legs = state.legs
    assert legs is not None and legs.legs == (("M3", "F", "M1"), ("MB", "M4"), ("M2",))
    assert state.cards_turned == ("M3", "F", "M1") and state.next_card == "MB"
    assert state.move_cards_turned == 2
    assert [state.leg_of_card(n) for n in range(1, 7)] == ["A", "A", "A", "B", "B", "C"]
    assert RoundState().legs is None and RoundState().next_card is None
    assert RoundState(RULINGS_DECK, turned=6).next_card is None


def test_action_phases_counted_in_the_leg() -> None:
    # Round action phases 1-2 are leg A's 1-2, 3-4 leg B's, 5 leg C's 1 (§6.2 `@n`).
    assert [RoundState(action_phase=n).leg_phase for n in range(6)] == [0, 1, 2, 1, 2, 1]


def test_round_state_refusals() -> None:
    with pytest.raises(ValueError, match="a deck is the six cards"):
        RoundState(("M1", "M1", "M2", "M3", "M4", "F"))
    with pytest.raises(ValueError, match="7 cards turned, but the deck holds 6"):
        RoundState(RULINGS_DECK, turned=7)
    with pytest.raises(ValueError, match="a won shooting is written A>B"):
        RoundState(won_shooting=("A-B",))


def test_won_shootings_kept_once_in_the_order_found() -> None:
    state = RoundState().with_won("RH-A", "MA-B").with_won("MA-B", "RH-C").with_won("rh-a", "ma-b")
    assert state.won_shooting == ("RH-A>MA-B", "MA-B>RH-C")
    assert state.won_by("rh-a", "MA-B") and not state.won_by("MA-B", "RH-A")


def segment(*steps: float) -> Segment:
    return Segment(tuple(Turn(step) if step >= 10 else Ahead(step) for step in steps))


def test_gather_a_sides_lines() -> None:
    shoot = Shoot("M", (ShipArea("MA-PELLA", "M"),))
    lines = [
        Reading("", ActivationOrder(("RH-HELIOS",))),
        Reading("RH-ATHENA", segment(30, 1), entry=2),
        Reading("RH-ATHENA", segment(1), entry=1),
        Reading("RH-ATHENA", Speed(4, 1)),
        Reading("RH-HELIOS", Speed(0, 2)),
        Reading("RH-ATHENA", shoot),
        Reading("", ActivationOrder(("RH-ATHENA",))),  # a second player's list, concatenated
        Reading("RH-HELIOS", Cut("MA-PELLA")),
    ]
    orders = gather("rhodes", lines)
    assert orders.order == ("RH-HELIOS", "RH-ATHENA")
    assert orders.queue("rh-athena") == (segment(1), segment(30, 1))
    assert orders.entry("RH-ATHENA", 2) == segment(30, 1)
    assert orders.entry("RH-ATHENA", 3) is None and orders.entry("RH-HELIOS", 1) is None
    assert orders.speeds_at(1) == (("RH-ATHENA", Speed(4, 1)),)
    assert [line.order for line in orders.deck] == [shoot, Cut("MA-PELLA")]
    assert orders.deck_lines("RH-HELIOS") == (lines[7],)
    gone = orders.without_ship("RH-ATHENA")
    assert gone.order == ("RH-HELIOS",) and gone.queue("RH-ATHENA") == ()
    assert gone.speeds == (("RH-HELIOS", Speed(0, 2)),) and gone.deck == (lines[7],)


def test_a_gap_in_a_queue_leaves_that_activation_to_the_default() -> None:
    # §20's example `RH-HELIOS/2: P20 F1 SHEAR MA-PELLA` may come alone: the first activation
    # carries out the default segment, the second this entry (§6.2).
    orders = gather("rhodes", [Reading("RH-ATHENA", segment(1), entry=2)])
    assert orders.queue("RH-ATHENA") == (None, segment(1))
    assert orders.entry("RH-ATHENA", 1) is None and orders.entry("RH-ATHENA", 2) == segment(1)


def test_the_rounds_marks() -> None:
    record = RoundRecord().with_hit("MA-PELLA").with_hit("ma-pella").with_holed("RH-A")
    record = record.with_rammed("MA-PELLA", 8.0, 6.0).with_sunk("RH-A", 1.5, 2.0)
    assert record.holed == ("RH-A", "MA-PELLA") and record.hit == ("MA-PELLA",)
    assert record.rammed == (Mark("MA-PELLA", 8.0, 6.0),) and record.sunk == (Mark("RH-A", 1.5, 2.0),)
    assert record.was_holed("ma-pella") and not record.was_hit("RH-A")
