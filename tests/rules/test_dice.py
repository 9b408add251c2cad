from __future__ import annotations

import hashlib
import hmac
import math
from collections import Counter

import pytest

from pbem.rules.dice import (
    MOST_SIDES,
    DiceError,
    ForcedDice,
    Roll,
    SeededDice,
    check_sides,
    face,
    log_entries,
    read_log,
    seeded_rolls,
    seeded_rolls_by_size,
)


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


# --- dice of any size (speed-band rulings §19; issue 21) ---------------------------------------

# The first 120 d6 of one phase as the service drew them before dice had sizes (commit 4094821):
# every stored game replays from these bytes, so a d6 must still come out the same.
GOLDEN_D6 = ("451262631162112444611252351532565541643415325123613243435351336654134644125411661313226546"
             "352154165361551153421411131363")


def _reference(seed: bytes, game: str, phase: str, sizes: list[int]) -> list[int]:
    """The stream spelled out: HMAC-SHA256 blocks of seed, game, phase and a counter, one byte
    per try; a die of N sides takes a byte below 256 − 256 mod N and reads it mod N, plus 1."""
    rolls, counter, pool = [], 0, b""
    for sides in sizes:
        while True:
            if not pool:
                pool = hmac.new(seed, f"{game}\x00{phase}\x00{counter}".encode(), hashlib.sha256).digest()
                counter += 1
            byte, pool = pool[0], pool[1:]
            if byte < 256 - 256 % sides:
                rolls.append(byte % sides + 1)
                break
    return rolls


def test_d6_draws_are_bit_for_bit_those_of_before() -> None:
    assert "".join(map(str, seeded_rolls(b"golden", "g7", "T3-move-blue", 120))) == GOLDEN_D6
    assert seeded_rolls_by_size(b"golden", "g7", "T3-move-blue", [6] * 120) == \
        seeded_rolls(b"golden", "g7", "T3-move-blue", 120)
    dice = SeededDice(seed=b"golden", game="g7", phase="T3-move-blue")
    assert [dice.roll("old call") for _ in range(5)] == [int(c) for c in GOLDEN_D6[:5]]


def test_every_size_draws_from_the_one_stream_in_order() -> None:
    sizes = [100, 6, 10, 2, 20, 100, 3, 6, 97, 10] * 30
    assert seeded_rolls_by_size(b"s", "g", "T2-r1", sizes) == _reference(b"s", "g", "T2-r1", sizes)


@pytest.mark.parametrize("sides", range(2, MOST_SIDES + 1))
def test_the_byte_mapping_gives_every_face_equally_often(sides: int) -> None:
    # Exhaustive over the 256 bytes: each face gets 256 // N bytes, the rest are passed over.
    faces = Counter(face(byte, sides) for byte in range(256))
    passed_over = faces.pop(None, 0)
    assert set(faces) == set(range(1, sides + 1))
    assert set(faces.values()) == {256 // sides}
    assert passed_over == 256 % sides


@pytest.mark.parametrize("sides", [2, 10, 20, 100])
def test_seeded_dice_of_any_size_are_fair_enough(sides: int) -> None:
    # Pearson's χ² over 200 rolls a face; 4.5 standard deviations above its mean N − 1 is a defect.
    count = 200 * sides
    counts = Counter(seeded_rolls_by_size(b"fair", "g", f"d{sides}", [sides] * count))
    assert set(counts) == set(range(1, sides + 1))
    chi2 = sum((counts[value] - 200) ** 2 / 200 for value in range(1, sides + 1))
    assert chi2 < (sides - 1) + 4.5 * math.sqrt(2 * (sides - 1))


@pytest.mark.parametrize("sides", [1, 0, -6, 101, 256, 6.0, True])
def test_a_die_of_no_drawable_size_is_refused(sides: object) -> None:
    with pytest.raises(DiceError, match="a die has from 2 to 100 sides"):
        check_sides(sides)  # type: ignore[arg-type]
    with pytest.raises(DiceError, match="from 2 to 100 sides"):
        SeededDice(seed=b"s").roll("x", sides)  # type: ignore[arg-type]


def test_each_roll_is_logged_with_its_size() -> None:
    dice = SeededDice(seed=b"s", game="g", phase="p")
    ram, grapple, initiative = dice.roll("ram", 100), dice.roll("grapple", 10), dice.roll("initiative")
    assert dice.log == [Roll("ram", ram, 100), Roll("grapple", grapple, 10),
                        Roll("initiative", initiative, 6)]
    assert 1 <= ram <= 100 and 1 <= grapple <= 10 and 1 <= initiative <= 6


def test_a_forced_die_is_checked_against_the_die_drawn() -> None:
    dice = ForcedDice(values=[57, 10, 7], largest_die=100)
    assert dice.roll("ram", 100) == 57 and dice.roll("grapple", 10) == 10
    with pytest.raises(DiceError) as refused:
        dice.roll("initiative", 6)
    assert str(refused.value) == ("forced die 7 does not fit roll 3 (initiative): that roll is a d6, "
                                  "so give a whole number from 1 to 6")
    assert dice.used == 2 and len(dice.log) == 2          # the misfit is neither used nor logged


def test_forced_dice_are_checked_against_the_largest_die_when_given() -> None:
    ForcedDice(values=[100, 1], largest_die=100)
    with pytest.raises(DiceError, match="forced die 101 is not a whole number from 1 to 100"):
        ForcedDice(values=[101], largest_die=100)
    with pytest.raises(DiceError, match="forced die 0 is not a whole number from 1 to 10"):
        ForcedDice(values=[0], largest_die=10)
    with pytest.raises(DiceError, match="from 2 to 100 sides"):
        ForcedDice(values=[1], largest_die=1000)


def test_a_d6_log_is_stored_as_before_and_other_sizes_carry_theirs() -> None:
    log = [Roll("initiative blue", 4), Roll("ram C2 on R3", 100, 100), Roll("grapple", 3, 10)]
    entries = log_entries(log)
    assert entries == [["initiative blue", 4], ["ram C2 on R3", 100, 100], ["grapple", 3, 10]]
    assert read_log(entries) == log


def test_an_old_log_reads_as_d6_and_a_malformed_one_is_a_sentence() -> None:
    assert read_log([["wind", 3], ["ram", 5]]) == [Roll("wind", 3, 6), Roll("ram", 5, 6)]
    for bad in ([["wind"]], [["wind", 3, 6, 1]], [["wind", "3"]], [["wind", 3, 1]], [[3, 3]]):
        with pytest.raises(DiceError, match="dice log entry|sides"):
            read_log(bad)
