"""The seamanship test (Wooden Walls rulings §4.6; house rule `naturals`; the roll kept with its
modifiers for the log and the reveal, §16), with forced dice worked by hand."""

from __future__ import annotations

import pytest

from pbem.rules.dice import DiceError, ForcedDice
from pbem.rules.woodenwalls.seamanship import (
    ABLE,
    FR,
    POOR,
    Modifier,
    SeamanshipTest,
    seamanship_test,
    target_number,
)


def roll(die: int, quality: str, modifiers: tuple[Modifier, ...] = (), *,
         naturals: bool = True) -> SeamanshipTest:
    dice = ForcedDice(values=[die])
    test = seamanship_test(dice, "MA-PELLA", quality, "oar save MA-PELLA S2", modifiers, naturals=naturals)
    dice.finish()
    return test


def test_target_numbers_first_rate_3_able_5_poor_6() -> None:
    assert [target_number(quality) for quality in (FR, ABLE, POOR)] == [3, 5, 6]
    with pytest.raises(ValueError, match="FR, ABLE or POOR, not 'able'"):
        target_number("able")


@pytest.mark.parametrize("naturals", [True, False])
@pytest.mark.parametrize(("quality", "fails", "passes"), [(FR, 2, 3), (ABLE, 4, 5), (POOR, 5, 6)])
def test_each_quality_passes_at_its_target_and_fails_one_below(quality: str, fails: int, passes: int,
                                                              naturals: bool) -> None:
    assert not roll(fails, quality, naturals=naturals).passed
    assert roll(passes, quality, naturals=naturals).passed


@pytest.mark.parametrize(("quality", "modifier", "fails", "passes"),
                         [(FR, -2, 4, 5), (ABLE, 2, 2, 3), (POOR, 1, 4, 5)])
def test_modifiers_move_the_edge(quality: str, modifier: int, fails: int, passes: int) -> None:
    mods = (Modifier("test", modifier),)
    low, high = roll(fails, quality, mods, naturals=False), roll(passes, quality, mods, naturals=False)
    assert (low.total, low.passed) == (fails + modifier, False)
    assert (high.total, high.passed) == (passes + modifier, True)


def test_naturals_six_passes_poor() -> None:
    # POOR needs 6; a 6 less 2 is 4, which passes only as an unmodified 6.
    mods = (Modifier("collision speed 4", -2),)
    on = roll(6, POOR, mods)
    assert (on.total, on.target, on.passed, on.by_natural) == (4, 6, True, True)
    off = roll(6, POOR, mods, naturals=False)
    assert (off.total, off.passed, off.by_natural) == (4, False, False)


def test_naturals_one_fails_first_rate() -> None:
    # FR needs 3; a 1 plus 2 is 3, which fails only as an unmodified 1.
    mods = (Modifier("open ship", 2),)
    on = roll(1, FR, mods)
    assert (on.total, on.passed, on.by_natural) == (3, False, True)
    off = roll(1, FR, mods, naturals=False)
    assert (off.total, off.passed, off.by_natural) == (3, True, False)


def test_a_natural_that_agrees_with_the_total_did_not_decide_it() -> None:
    six = roll(6, ABLE, (Modifier("open ship", 2),))
    assert (six.total, six.passed, six.by_natural) == (8, True, False)
    one = roll(1, POOR)
    assert (one.total, one.passed, one.by_natural) == (1, False, False)


def test_only_the_die_face_is_natural_not_the_total() -> None:
    # ABLE, 5 + 1 = 6 passes on its total; 2 − 1 = 1 fails on its total: neither is a natural.
    up = roll(5, ABLE, (Modifier("x", 1),))
    down = roll(2, ABLE, (Modifier("x", -1),))
    assert (up.passed, up.by_natural, down.passed, down.by_natural) == (True, False, False, False)
    # FR, 2 + 1 = 3 reaches the target exactly.
    assert roll(2, FR, (Modifier("x", 1),)).passed


def test_9_2_flush_ram_save_keeps_its_modifiers_for_the_log() -> None:
    # The plan's worked save: collision speed 4 → −2, aphract, ABLE 5+; the d6 6 passes by naturals.
    mods = (Modifier("collision speed 4", -2),)
    dice = ForcedDice(values=[6])
    test = seamanship_test(dice, "MA-PELLA", ABLE, "oar save MA-PELLA S2", mods)
    dice.finish()
    assert test == SeamanshipTest("MA-PELLA", "oar save MA-PELLA S2", ABLE, 6, mods, naturals=True)
    assert (test.modifier_total, test.total, test.target) == (-2, 4, 5)
    assert (test.passed, test.by_natural) == (True, True)
    assert [(r.purpose, r.value, r.sides) for r in dice.log] == [("oar save MA-PELLA S2", 6, 6)]
    failed = roll(2, ABLE, mods)
    assert (failed.total, failed.passed) == (0, False)


def test_several_modifiers_add_in_the_order_given() -> None:
    mods = (Modifier("collision speed 4", -2), Modifier("open ship", 2), Modifier("shearing attacker", 2))
    test = roll(3, ABLE, mods)
    assert test.modifiers == mods
    assert (test.modifier_total, test.total, test.passed) == (2, 5, True)


def test_the_test_is_one_d6_taken_for_the_callers_purpose() -> None:
    dice = ForcedDice(values=[7], largest_die=20)
    with pytest.raises(DiceError, match=r"roll 1 \(morale RH-ATHENA\): that roll is a d6"):
        seamanship_test(dice, "RH-ATHENA", FR, "morale RH-ATHENA")


def test_a_bad_quality_or_purpose_takes_no_die() -> None:
    dice = ForcedDice(values=[4])
    with pytest.raises(ValueError, match="FR, ABLE or POOR"):
        seamanship_test(dice, "RH-ATHENA", "SECOND", "morale RH-ATHENA")
    with pytest.raises(ValueError, match="needs a purpose"):
        seamanship_test(dice, "RH-ATHENA", FR, "")
    assert dice.log == []


@pytest.mark.parametrize("die", [0, 7, True])
def test_a_result_holds_a_d6(die: int) -> None:
    with pytest.raises(ValueError, match="is a d6"):
        SeamanshipTest("RH-ATHENA", "morale RH-ATHENA", FR, die)


@pytest.mark.parametrize(("reason", "value"), [("open ship", True), ("open ship", 1.5), ("", 2)])
def test_a_modifier_is_a_reason_and_a_whole_number(reason: str, value: int) -> None:
    with pytest.raises(ValueError, match="a modifier is a reason and a whole number"):
        Modifier(reason, value)
