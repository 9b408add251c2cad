"""The dice service: every random number of a phase comes from here.

Games derive each roll from a secret per-game seed, the phase key and a counter with
HMAC-SHA256, so any phase replays bit for bit on any Python. A die of N sides (any N from 2 to
100: d6, d10, d100, Wooden Walls' d2-d20) takes the stream's next byte below the largest multiple
of N under 256 and reads it mod N, so every face is equally likely; bytes above are passed over.
For a d6 that limit is 252, as it always was, so games rolled before dice had sizes replay
unchanged. Rules cases force the results instead, each checked against the die drawn. Every
roll is logged with its purpose and its die.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field

# The sizes of die the service draws (§19 of the speed-band rulings: d6, d10, d100; WW d2-d20).
FEWEST_SIDES = 2
MOST_SIDES = 100
D6 = 6


class DiceError(ValueError):
    """Forced dice ran out, were left over, or do not fit their die; a die of no drawable size."""


def check_sides(sides: int) -> int:
    """The number of sides, if the service can draw such a die (2 to 100); DiceError otherwise."""
    if isinstance(sides, bool) or not isinstance(sides, int) or not FEWEST_SIDES <= sides <= MOST_SIDES:
        raise DiceError(f"a die has from {FEWEST_SIDES} to {MOST_SIDES} sides, not {sides!r}")
    return sides


def face(byte: int, sides: int) -> int | None:
    """The face (1 to N) a stream byte (0 to 255) gives on a die of N sides, or None when the byte
    lies at or above 256 − 256 mod N and is passed over, so that each face has 256 // N bytes."""
    if byte >= 256 - 256 % sides:
        return None
    return byte % sides + 1


@dataclass
class Roll:
    purpose: str
    value: int
    sides: int = D6


@dataclass
class Dice:
    """Base class: subclasses provide `_next()`; `roll()` logs every result with its die."""

    log: list[Roll] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = D6) -> int:
        """One die of `sides` sides (6 unless named), 1 to `sides`, logged with its purpose."""
        value = self._next(purpose, check_sides(sides))
        self.log.append(Roll(purpose, value, sides))
        return value

    def _next(self, purpose: str, sides: int) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def finish(self) -> None:
        """Called when a phase is resolved; forced dice complain about leftovers."""


@dataclass
class ForcedDice(Dice):
    """Dice given in advance (rules cases). Each value must be a whole number from 1 to
    `largest_die` (the largest die the ruleset rolls; 6 unless said) when given, and fit the die
    actually drawn when it is used."""

    values: Sequence[int] = ()
    used: int = 0
    largest_die: int = D6

    def __post_init__(self) -> None:
        check_sides(self.largest_die)
        for value in self.values:
            if not isinstance(value, int) or not 1 <= value <= self.largest_die:
                raise DiceError(f"forced die {value!r} is not a whole number from 1 to {self.largest_die}")

    def _next(self, purpose: str, sides: int) -> int:
        if self.used >= len(self.values):
            raise DiceError(
                f"ran out of dice: roll {self.used + 1} ({purpose}) was needed but only "
                f"{len(self.values)} were given"
            )
        value = self.values[self.used]
        if value > sides:
            raise DiceError(
                f"forced die {value} does not fit roll {self.used + 1} ({purpose}): that roll is a "
                f"d{sides}, so give a whole number from 1 to {sides}"
            )
        self.used += 1
        return value

    def finish(self) -> None:
        left = len(self.values) - self.used
        if left:
            raise DiceError(
                f"{left} dice left over: {list(self.values[self.used:])} were given but not needed"
            )


@dataclass
class SeededDice(Dice):
    seed: bytes = b""
    game: str = ""
    phase: str = ""
    counter: int = 0
    _pool: bytes = b""

    def _next(self, purpose: str, sides: int) -> int:
        while True:
            if not self._pool:
                message = f"{self.game}\x00{self.phase}\x00{self.counter}".encode()
                self._pool = hmac.new(self.seed, message, hashlib.sha256).digest()
                self.counter += 1
            byte, self._pool = self._pool[0], self._pool[1:]
            value = face(byte, sides)
            if value is not None:
                return value


def seeded_rolls(seed: bytes, game: str, phase: str, count: int) -> list[int]:
    """The first `count` rolls of a phase, all d6, for anyone verifying a revealed seed."""
    return seeded_rolls_by_size(seed, game, phase, [D6] * count)


def seeded_rolls_by_size(seed: bytes, game: str, phase: str, sizes: Sequence[int]) -> list[int]:
    """A phase's rolls from its seed, one for each die size in `sizes`, in order."""
    dice = SeededDice(seed=seed, game=game, phase=phase)
    return [dice.roll("verify", sides) for sides in sizes]


def log_entries(log: Sequence[Roll]) -> list[list[str | int]]:
    """A dice log as stored: [purpose, value] for a d6 (as every log was before dice had sizes,
    so those logs stay byte for byte the same), [purpose, value, sides] for any other die."""
    return [[roll.purpose, roll.value] if roll.sides == D6 else [roll.purpose, roll.value, roll.sides]
            for roll in log]


def read_log(entries: Sequence[Sequence[str | int]]) -> list[Roll]:
    """A stored dice log read back (see `log_entries`): an entry without a size is a d6."""
    rolls = []
    for entry in entries:
        if len(entry) not in (2, 3):
            raise DiceError(f"a dice log entry is [purpose, value] or [purpose, value, sides], "
                            f"not {list(entry)!r}")
        purpose, value = entry[0], entry[1]
        sides = entry[2] if len(entry) == 3 else D6
        if not isinstance(purpose, str) or not isinstance(value, int) or not isinstance(sides, int):
            raise DiceError(f"a dice log entry is [purpose, value] or [purpose, value, sides], "
                            f"not {list(entry)!r}")
        rolls.append(Roll(purpose, value, check_sides(sides)))
    return rolls
