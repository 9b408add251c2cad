"""The dice service: every random number of a phase comes from here.

Games derive each roll from a secret per-game seed, the phase key and a counter with
HMAC-SHA256, rejection-sampled to 1-6, so any phase replays bit for bit on any Python.
Rules cases force the results instead. Every roll is logged with its purpose.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field


class DiceError(ValueError):
    """Forced dice ran out, or were left over."""


@dataclass
class Roll:
    purpose: str
    value: int


@dataclass
class Dice:
    """Base class: subclasses provide `_next()`; `roll()` logs every result."""

    log: list[Roll] = field(default_factory=list)

    def roll(self, purpose: str) -> int:
        value = self._next(purpose)
        self.log.append(Roll(purpose, value))
        return value

    def _next(self, purpose: str) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def finish(self) -> None:
        """Called when a phase is resolved; forced dice complain about leftovers."""


@dataclass
class ForcedDice(Dice):
    values: Sequence[int] = ()
    used: int = 0

    def __post_init__(self) -> None:
        for value in self.values:
            if not isinstance(value, int) or not 1 <= value <= 6:
                raise DiceError(f"forced die {value!r} is not a whole number from 1 to 6")

    def _next(self, purpose: str) -> int:
        if self.used >= len(self.values):
            raise DiceError(
                f"ran out of dice: roll {self.used + 1} ({purpose}) was needed but only "
                f"{len(self.values)} were given"
            )
        value = self.values[self.used]
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

    def _next(self, purpose: str) -> int:
        while True:
            if not self._pool:
                message = f"{self.game}\x00{self.phase}\x00{self.counter}".encode()
                self._pool = hmac.new(self.seed, message, hashlib.sha256).digest()
                self.counter += 1
            byte, self._pool = self._pool[0], self._pool[1:]
            if byte < 252:  # 252 = 6 * 42: keeps every face equally likely
                return byte % 6 + 1


def seeded_rolls(seed: bytes, game: str, phase: str, count: int) -> list[int]:
    """The first `count` rolls of a phase, for anyone verifying a revealed seed."""
    dice = SeededDice(seed=seed, game=game, phase=phase)
    return [dice.roll("verify") for _ in range(count)]
