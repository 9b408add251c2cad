"""The seamanship test of Wooden Walls (rulings §4.6): one d6, plus its modifiers, passes at 3+ for
a First Rate crew, 5+ Able, 6+ Poor; under house rule `naturals = on` (the default) an unmodified 6
always passes and an unmodified 1 always fails. Every seamanship test (oar and steering saves,
shear claims and damage, disengaging, cuts, AP markers, hulk-drift saves, morale) uses it.

The result keeps the die, each modifier with its reason, and the ship whose crew took the test, so
a caller can log the roll and reveal that ship's quality before the event is written (§16: the
target number depends on the quality, so the roll reveals it). The die's purpose is the caller's
and must not name the target number (§16). Imports `pbem.rules.dice` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.dice import D6, Dice

FR = "FR"
ABLE = "ABLE"
POOR = "POOR"
QUALITIES = (FR, ABLE, POOR)
# §4.6: the lowest modified total that passes, per crew quality.
TARGETS = ((FR, 3), (ABLE, 5), (POOR, 6))
NATURAL_PASS = 6
NATURAL_FAIL = 1


def target_number(quality: str) -> int:
    """The total a crew of `quality` ("FR", "ABLE", "POOR") needs to pass (§4.6)."""
    for name, target in TARGETS:
        if name == quality:
            return target
    raise ValueError(f"a crew quality is FR, ABLE or POOR, not {quality!r}")


@dataclass(frozen=True, slots=True)
class Modifier:
    """One modifier of a roll and why it applies ("collision speed 4", "open ship")."""

    reason: str
    value: int

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int) or not self.reason:
            raise ValueError(f"a modifier is a reason and a whole number, not {self.reason!r} {self.value!r}")


@dataclass(frozen=True, slots=True)
class SeamanshipTest:
    """One seamanship test: the ship whose crew rolled (its quality is revealed by the roll), the
    die's purpose, the crew quality, the d6 as rolled, the modifiers in the order given, and
    whether `naturals` was on."""

    ship: str
    purpose: str
    quality: str
    die: int
    modifiers: tuple[Modifier, ...] = ()
    naturals: bool = True

    def __post_init__(self) -> None:
        target_number(self.quality)
        if isinstance(self.die, bool) or not isinstance(self.die, int) or not 1 <= self.die <= D6:
            raise ValueError(f"a seamanship test is a d6, not a die of {self.die!r}")

    @property
    def modifier_total(self) -> int:
        return sum(modifier.value for modifier in self.modifiers)

    @property
    def total(self) -> int:
        """The die with its modifiers."""
        return self.die + self.modifier_total

    @property
    def target(self) -> int:
        """The total needed (§4.6); shown to the enemy only once the quality is revealed (§16)."""
        return target_number(self.quality)

    @property
    def passed(self) -> bool:
        if self.naturals and self.die == NATURAL_PASS:
            return True
        if self.naturals and self.die == NATURAL_FAIL:
            return False
        return self.total >= self.target

    @property
    def by_natural(self) -> bool:
        """True when `naturals` decided the test against its total: a natural 6 that the total
        alone would fail, or a natural 1 that it would pass."""
        return self.passed != (self.total >= self.target)


def seamanship_test(dice: Dice, ship: str, quality: str, purpose: str,
                    modifiers: Sequence[Modifier] = (), *, naturals: bool = True) -> SeamanshipTest:
    """Roll one d6 for `purpose` (§23 places it) and judge it for a crew of `quality` with
    `modifiers` (§24 lists which tests have any); `naturals` is the switch (on: True)."""
    target_number(quality)
    if not purpose:
        raise ValueError("a seamanship test needs a purpose naming the roll and the ship")
    die = dice.roll(purpose, D6)
    return SeamanshipTest(ship, purpose, quality, die, tuple(modifiers), naturals)
