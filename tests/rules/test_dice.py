from __future__ import annotations

from collections import Counter

import pytest

from pbem.rules.dice import DiceError, ForcedDice, SeededDice, seeded_rolls


def test_seeded_dice_replay_exactly_and_differ_by_phase() -> None:
    first = seeded_rolls(b"secret", "g1", "T1-move-blue", 50)
    assert first == seeded_rolls(b"secret", "g1", "T1-move-blue", 50)
    assert first != seeded_rolls(b"secret", "g1", "T1-move-red", 50)
    assert first != seeded_rolls(b"other", "g1", "T1-move-blue", 50)


def test_seeded_dice_are_fair_enough() -> None:
    counts = Counter(seeded_rolls(b"s", "g", "p", 6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())


def test_rolls_are_logged_with_purpose() -> None:
    dice = SeededDice(seed=b"s", game="g", phase="p")
    value = dice.roll("ram A->X")
    assert dice.log[0].purpose == "ram A->X" and dice.log[0].value == value


def test_forced_dice_complain() -> None:
    dice = ForcedDice(values=[2])
    assert dice.roll("x") == 2
    with pytest.raises(DiceError, match="ran out"):
        dice.roll("y")
    left = ForcedDice(values=[1, 2])
    left.roll("x")
    with pytest.raises(DiceError, match="left over"):
        left.finish()
    with pytest.raises(DiceError, match="1 to 6"):
        ForcedDice(values=[7])
