"""The activity deck (Wooden Walls rulings §5.1–§5.4, §23 items 2 and 3), with forced dice worked
by hand: the plan's §9.2 shuffles and first-player dice, the leg split wherever Fate falls, and
every branch of the catch-up die and of ties."""

from __future__ import annotations

import pytest

from pbem.rules.dice import DiceError, ForcedDice
from pbem.rules.woodenwalls.cards import (
    BACKING,
    CARDS,
    STOPPED,
    FirstPlayer,
    Legs,
    SideRoll,
    card_steps,
    check_deck,
    first_player,
    is_move_card,
    shuffle,
    split_legs,
    step_name,
)

SIDES = ("rhodes", "macedon")
SHUFFLE_LOG = [("shuffle d6", 6), ("shuffle d5", 5), ("shuffle d4", 4), ("shuffle d3", 3), ("shuffle d2", 2)]


def log_of(dice: ForcedDice) -> list[tuple[str, int]]:
    return [(roll.purpose, roll.sides) for roll in dice.log]


# ---------------------------------------------------------------- cards and steps (§5.1)

def test_each_move_card_has_the_steps_of_5_1_in_order() -> None:
    assert card_steps("M1") == (1, 4, 3, 2, STOPPED)
    assert card_steps("M2") == (2, 4, 3, STOPPED)
    assert card_steps("M3") == (3, 4, STOPPED)
    assert card_steps("M4") == (4, STOPPED)
    assert card_steps("MB") == (BACKING,)
    assert [step_name(step) for step in card_steps("M2")] == ["speed 2", "speed 4", "speed 3", "stopped"]
    assert step_name(BACKING) == "backing"


def test_fate_is_a_card_with_no_steps_and_unknown_ids_are_refused() -> None:
    assert CARDS == ("M1", "M2", "M3", "M4", "MB", "F")
    assert [is_move_card(card) for card in CARDS] == [True, True, True, True, True, False]
    with pytest.raises(ValueError, match="Fate has no steps"):
        card_steps("F")
    with pytest.raises(ValueError, match="'M5' is not a card"):
        card_steps("M5")


# ---------------------------------------------------------------- the shuffle (§5.2)

def test_5_2_shuffle_all_ones() -> None:
    # i=6 r=1: F M2 M3 M4 MB M1; i=5: MB M2 M3 M4 F M1; i=4: M4 M2 M3 MB F M1; i=3: M3 M2 M4 …;
    # i=2: M2 M3 M4 MB F M1.
    dice = ForcedDice(values=[1, 1, 1, 1, 1])
    result = shuffle(dice)
    dice.finish()
    assert result.deck == ("M2", "M3", "M4", "MB", "F", "M1")
    assert result.rolls == (1, 1, 1, 1, 1)
    assert result.swaps == ((6, 1), (5, 1), (4, 1), (3, 1), (2, 1))
    assert log_of(dice) == SHUFFLE_LOG
    assert split_legs(result.deck).legs == (("M2", "M3"), ("M4", "MB"), ("F", "M1"))


def test_5_3_rulings_example() -> None:
    # i=6 r=2: M1 F M3 M4 MB M2; i=5 r=4: M1 F M3 MB M4 M2; i=4 r=4 stays; i=3 r=1: M3 F M1 MB M4 M2;
    # i=2 r=2 stays.
    dice = ForcedDice(values=[2, 4, 4, 1, 2])
    result = shuffle(dice)
    dice.finish()
    assert result.deck == ("M3", "F", "M1", "MB", "M4", "M2")
    assert result.swaps == ((6, 2), (5, 4), (3, 1))
    assert log_of(dice) == SHUFFLE_LOG
    assert split_legs(result.deck).legs == (("M3", "F", "M1"), ("MB", "M4"), ("M2",))


def test_5_3_no_swaps_leaves_fate_last_in_leg_c() -> None:
    dice = ForcedDice(values=[6, 5, 4, 3, 2])
    result = shuffle(dice)
    dice.finish()
    assert result.deck == CARDS
    assert result.swaps == ()
    assert split_legs(result.deck).legs == (("M1", "M2"), ("M3", "M4"), ("MB", "F"))


def test_the_shuffle_starts_from_the_fixed_order_whatever_was_shuffled_before() -> None:
    dice = ForcedDice(values=[1, 1, 1, 1, 1, 6, 5, 4, 3, 2])
    assert shuffle(dice).deck == ("M2", "M3", "M4", "MB", "F", "M1")
    assert shuffle(dice).deck == CARDS


def test_each_shuffle_die_is_its_own_size() -> None:
    # A 6 fits the first die (d6) but not the second (d5).
    with pytest.raises(DiceError, match=r"roll 2 \(shuffle d5\)"):
        shuffle(ForcedDice(values=[6, 6, 1, 1, 1]))
    with pytest.raises(DiceError, match=r"roll 5 \(shuffle d2\)"):
        shuffle(ForcedDice(values=[1, 1, 1, 1, 3]))


# ---------------------------------------------------------------- the legs (§5.3)

def test_fate_turned_first_opens_leg_a() -> None:
    legs = split_legs(["F", "M1", "M2", "M3", "M4", "MB"])
    assert legs.legs == (("F", "M1", "M2"), ("M3", "M4"), ("MB",))


def test_fate_between_the_second_and_third_move_cards_is_in_leg_b() -> None:
    legs = split_legs(("M1", "M2", "F", "M3", "M4", "MB"))
    assert legs == Legs(("M1", "M2"), ("F", "M3", "M4"), ("MB",))


def test_fate_after_the_fourth_move_card_is_in_leg_c_before_the_fifth() -> None:
    legs = split_legs(("MB", "M4", "M3", "M2", "F", "M1"))
    assert legs.legs == (("MB", "M4"), ("M3", "M2"), ("F", "M1"))


def test_legs_answer_which_leg_and_which_action_phases() -> None:
    legs = split_legs(("M3", "F", "M1", "MB", "M4", "M2"))
    assert legs.leg("A") == ("M3", "F", "M1")
    assert legs.move_cards("A") == ("M3", "M1")
    assert legs.move_cards("B") == ("MB", "M4")
    assert legs.move_cards("C") == ("M2",)
    assert [legs.leg_of(card) for card in CARDS] == ["A", "C", "A", "B", "B", "A"]
    assert legs.deck == ("M3", "F", "M1", "MB", "M4", "M2")
    with pytest.raises(ValueError, match="a leg is A, B or C"):
        legs.leg("D")
    with pytest.raises(ValueError, match="'X' is not a card"):
        legs.leg_of("X")


@pytest.mark.parametrize("deck", [
    ("M1", "M2", "M3", "M4", "MB"),
    ("M1", "M1", "M3", "M4", "MB", "F"),
    ("M1", "M2", "M3", "M4", "MB", "F", "F"),
    ("m1", "M2", "M3", "M4", "MB", "F"),
])
def test_a_deck_must_hold_the_six_cards_once_each(deck: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="a deck is the six cards M1 M2 M3 M4 MB F, each once"):
        check_deck(deck)
    with pytest.raises(ValueError, match="a deck is the six cards"):
        split_legs(deck)


# ---------------------------------------------------------------- the first player (§5.4)

def test_5_4_first_action_phase_one_die_each() -> None:
    dice = ForcedDice(values=[3, 5])
    found = first_player(SIDES, "", dice)
    dice.finish()
    assert found == FirstPlayer("macedon", "rhodes", "",
                                ((SideRoll("rhodes", (3,)), SideRoll("macedon", (5,))),), by_tie=False)
    assert log_of(dice) == [("first player rhodes", 6), ("first player macedon", 6)]


def test_5_4_tie_rerolled_in_first_phase() -> None:
    dice = ForcedDice(values=[4, 4, 2, 1])
    found = first_player(SIDES, "", dice)
    dice.finish()
    assert (found.first, found.second, found.by_tie) == ("rhodes", "macedon", False)
    assert found.throws == ((SideRoll("rhodes", (4,)), SideRoll("macedon", (4,))),
                            (SideRoll("rhodes", (2,)), SideRoll("macedon", (1,))))
    assert log_of(dice) == [("first player rhodes", 6), ("first player macedon", 6)] * 2


def test_first_phase_ties_are_rolled_again_until_one_is_higher() -> None:
    dice = ForcedDice(values=[6, 6, 1, 1, 2, 5])
    found = first_player(SIDES, "", dice)
    dice.finish()
    assert found.first == "macedon" and len(found.throws) == 3
    assert [(throw[0].kept, throw[1].kept) for throw in found.throws] == [(6, 6), (1, 1), (2, 5)]


def test_5_4_catch_up_two_dice() -> None:
    # rhodes (second last phase) rolls 2 and 6 and keeps 6; macedon 4.
    dice = ForcedDice(values=[2, 6, 4])
    found = first_player(SIDES, "rhodes", dice)
    dice.finish()
    assert found == FirstPlayer("rhodes", "macedon", "rhodes",
                                ((SideRoll("rhodes", (2, 6)), SideRoll("macedon", (4,))),), by_tie=False)
    assert found.throws[0][0].kept == 6
    assert log_of(dice) == [("first player rhodes", 6), ("first player rhodes", 6),
                            ("first player macedon", 6)]


def test_5_4_tie_to_catch_up_side() -> None:
    # rhodes keeps 4 of 1 and 4, macedon 4: the tie goes to rhodes with no die; a fourth die is not taken.
    dice = ForcedDice(values=[1, 4, 4, 6])
    found = first_player(SIDES, "rhodes", dice)
    assert dice.used == 3
    assert (found.first, found.second, found.catch_up, found.by_tie) == ("rhodes", "macedon", "rhodes", True)
    assert len(found.throws) == 1


def test_the_catch_up_side_can_still_lose() -> None:
    dice = ForcedDice(values=[2, 3, 5])
    found = first_player(SIDES, "rhodes", dice)
    dice.finish()
    assert (found.first, found.second, found.by_tie) == ("macedon", "rhodes", False)


def test_a_catch_up_second_side_rolls_its_two_dice_after_the_first_sides_one() -> None:
    dice = ForcedDice(values=[5, 2, 6])
    found = first_player(SIDES, "macedon", dice)
    dice.finish()
    assert found.throws == ((SideRoll("rhodes", (5,)), SideRoll("macedon", (2, 6))),)
    assert (found.first, found.by_tie) == ("macedon", False)
    assert log_of(dice) == [("first player rhodes", 6), ("first player macedon", 6),
                            ("first player macedon", 6)]


def test_a_catch_up_second_side_wins_a_tie_and_loses_to_a_higher_die() -> None:
    tied = first_player(SIDES, "macedon", ForcedDice(values=[6, 6, 1]))
    assert (tied.first, tied.second, tied.by_tie) == ("macedon", "rhodes", True)
    beaten = first_player(SIDES, "macedon", ForcedDice(values=[5, 1, 4]))
    assert (beaten.first, beaten.second, beaten.by_tie) == ("rhodes", "macedon", False)


def test_first_player_dice_are_for_two_named_sides() -> None:
    dice = ForcedDice(values=[1, 2, 3])
    with pytest.raises(ValueError, match="for two sides"):
        first_player(("rhodes", "macedon", "syracuse"), "", dice)
    with pytest.raises(ValueError, match="for two sides"):
        first_player(("rhodes", "rhodes"), "", dice)
    with pytest.raises(ValueError, match="must be one of"):
        first_player(SIDES, "syracuse", dice)
    assert dice.log == []
