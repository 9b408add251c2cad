"""The activity deck of Wooden Walls (rulings §5.1–§5.4): the six cards and the steps of each MOVE
card, the round-start shuffle (d6 d5 d4 d3 d2, §5.2, §23 item 2), the round's split into legs A, B
and C (§5.3), and the first-player dice before each MOVE card (house rule `first_player`, §5.4).

Everything here takes plain values (card ids, side ids) and returns frozen results; dice come only
through `Dice.roll(purpose, sides)`, in §23's order, with no modifiers (§24). Imports
`pbem.rules.dice` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.dice import D6, Dice

FATE = "F"
MOVE_CARDS = ("M1", "M2", "M3", "M4", "MB")
# Positions 1–6 before every shuffle (§5.2): the shuffle always starts from this order.
CARDS = (*MOVE_CARDS, FATE)
LEG_NAMES = ("A", "B", "C")
# MOVE cards per leg (§5.3): A and B end at the 2nd and 4th, C holds the 5th.
MOVE_CARDS_PER_LEG = (2, 2, 1)

# A step names the ships it activates by speed: 1–4, stopped (0) or backing ("B"), as a ship's
# speed is written (§4.2).
Step = int | str
STOPPED = 0
BACKING = "B"

# §5.1: each MOVE card's steps in the order carried out.
CARD_STEPS: tuple[tuple[str, tuple[Step, ...]], ...] = (
    ("M1", (1, 4, 3, 2, STOPPED)),
    ("M2", (2, 4, 3, STOPPED)),
    ("M3", (3, 4, STOPPED)),
    ("M4", (4, STOPPED)),
    ("MB", (BACKING,)),
)


def is_move_card(card: str) -> bool:
    """Whether `card` is a MOVE card (an action phase, §5.3), not Fate."""
    return card in MOVE_CARDS


def card_steps(card: str) -> tuple[Step, ...]:
    """The steps of a MOVE card in order (§5.1); Fate and unknown ids are refused."""
    for name, steps in CARD_STEPS:
        if name == card:
            return steps
    if card == FATE:
        raise ValueError("Fate has no steps: it is resolved when turned (§5.6), not an action phase")
    raise ValueError(f"{card!r} is not a card; the cards are {' '.join(CARDS)}")


def step_name(step: Step) -> str:
    """A step in words, for events and reports: "speed 3", "stopped", "backing"."""
    if step == BACKING:
        return "backing"
    if step == STOPPED:
        return "stopped"
    return f"speed {step}"


def check_deck(deck: Sequence[str]) -> tuple[str, ...]:
    """The deck as a tuple when it holds the six cards each once (in any order); ValueError otherwise."""
    cards = tuple(deck)
    if sorted(cards) != sorted(CARDS):
        raise ValueError(f"a deck is the six cards {' '.join(CARDS)}, each once, in the order turned; "
                         f"not {list(cards)!r}")
    return cards


# ---------------------------------------------------------------- the shuffle (§5.2)

@dataclass(frozen=True, slots=True)
class Shuffle:
    """A round's shuffle: the deck in the order the cards are turned, and the five dice (the r of
    d6, d5, d4, d3, d2 in that order)."""

    deck: tuple[str, ...]
    rolls: tuple[int, ...]

    @property
    def swaps(self) -> tuple[tuple[int, int], ...]:
        """The swaps made, as (i, r) positions from 1 (none when r = i)."""
        return tuple((i, r) for i, r in zip(range(len(CARDS), 1, -1), self.rolls, strict=True) if r != i)


def shuffle(dice: Dice) -> Shuffle:
    """§5.2: from M1 M2 M3 M4 MB F (positions 1–6), for i = 6, 5, 4, 3, 2 roll a d(i) giving r
    and swap positions r and i. Purposes "shuffle d6" … "shuffle d2"."""
    deck = list(CARDS)
    rolls = []
    for i in range(len(deck), 1, -1):
        r = dice.roll(f"shuffle d{i}", i)
        rolls.append(r)
        deck[r - 1], deck[i - 1] = deck[i - 1], deck[r - 1]
    return Shuffle(tuple(deck), tuple(rolls))


# ---------------------------------------------------------------- the legs (§5.3)

@dataclass(frozen=True, slots=True)
class Legs:
    """A round's deck split into legs A, B and C, each the cards turned in it in order."""

    a: tuple[str, ...]
    b: tuple[str, ...]
    c: tuple[str, ...]

    @property
    def legs(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """The three legs, A first (the case key `legs`)."""
        return (self.a, self.b, self.c)

    @property
    def deck(self) -> tuple[str, ...]:
        """The whole deck in the order turned."""
        return (*self.a, *self.b, *self.c)

    def leg(self, name: str) -> tuple[str, ...]:
        """The cards of leg `name` ("A", "B" or "C")."""
        if name not in LEG_NAMES:
            raise ValueError(f"a leg is A, B or C, not {name!r}")
        return self.legs[LEG_NAMES.index(name)]

    def leg_of(self, card: str) -> str:
        """The leg ("A", "B" or "C") in which `card` is turned."""
        for name, cards in zip(LEG_NAMES, self.legs, strict=True):
            if card in cards:
                return name
        raise ValueError(f"{card!r} is not a card; the cards are {' '.join(CARDS)}")

    def move_cards(self, name: str) -> tuple[str, ...]:
        """The leg's MOVE cards in order: its action phases 1, 2 (what `SPEED … @n` counts, §6.2)."""
        return tuple(card for card in self.leg(name) if is_move_card(card))


def split_legs(deck: Sequence[str]) -> Legs:
    """§5.3: A holds the cards up to and including the 2nd MOVE card, B the next up to and
    including the 4th, C the rest (the 5th MOVE card, and Fate if not yet turned)."""
    cards = check_deck(deck)
    ends = []
    seen = 0
    for position, card in enumerate(cards):
        if is_move_card(card):
            seen += 1
            if seen in (2, 4):
                ends.append(position + 1)
    a_end, b_end = ends
    return Legs(cards[:a_end], cards[a_end:b_end], cards[b_end:])


# ---------------------------------------------------------------- the first player (§5.4)

@dataclass(frozen=True, slots=True)
class SideRoll:
    """One side's first-player dice in one throw: one d6, or the catch-up side's two."""

    side: str
    dice: tuple[int, ...]

    @property
    def kept(self) -> int:
        """The die that counts: the higher of two (§5.4)."""
        return max(self.dice)


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Who goes first in one action phase. `catch_up` is the side second in the previous action
    phase ("" in the game's first); `throws` holds each throw, the sides in scenario order (more
    than one only after ties in the game's first action phase); `by_tie` is True when the
    catch-up side won on a tie."""

    first: str
    second: str
    catch_up: str
    throws: tuple[tuple[SideRoll, ...], ...]
    by_tie: bool = False


def first_player(sides: Sequence[str], last_second: str, dice: Dice) -> FirstPlayer:
    """§5.4: each side rolls, the scenario's first side first. The side second in the previous
    action phase (`last_second`) rolls two d6 together and keeps the higher, the other one d6; a
    tie goes to it with no die. In the game's first action phase (`last_second` = "") each rolls
    one d6 and a tie is rolled again by both in the same order. Both sides always roll, even one
    with nothing to activate (plan §11 item 10). Purposes "first player <side>"."""
    if len(sides) != 2 or sides[0] == sides[1] or not all(sides):
        raise ValueError(f"the first-player dice are for two sides, not {list(sides)!r}")
    if last_second and last_second not in sides:
        raise ValueError(f"the side second in the previous action phase must be one of {list(sides)!r} "
                         f"(or \"\" in the game's first), not {last_second!r}")
    throws: list[tuple[SideRoll, ...]] = []
    while True:
        throw = tuple(SideRoll(side, tuple(dice.roll(f"first player {side}", D6)
                                           for _ in range(2 if side == last_second else 1)))
                      for side in sides)
        throws.append(throw)
        one, two = throw
        if one.kept != two.kept:
            winner = one.side if one.kept > two.kept else two.side
            return _result(sides, winner, last_second, throws, by_tie=False)
        if last_second:
            return _result(sides, last_second, last_second, throws, by_tie=True)


def _result(sides: Sequence[str], winner: str, last_second: str, throws: list[tuple[SideRoll, ...]],
            *, by_tie: bool) -> FirstPlayer:
    loser = sides[1] if winner == sides[0] else sides[0]
    return FirstPlayer(winner, loser, last_second, tuple(throws), by_tie)
