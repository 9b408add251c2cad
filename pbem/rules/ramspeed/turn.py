"""The turn's first phase: initiative (5.0 I, rulings §10)."""

from __future__ import annotations

from collections.abc import Sequence

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event


def roll_off(dice: Dice, sides: Sequence[str], purpose: str) -> tuple[str, tuple[Event, ...]]:
    """One d6 per side in the given order, ties rolled again; the high roller wins."""
    events = []
    while True:
        rolls = [(side, dice.roll(f"{purpose} {side}")) for side in sides]
        best = max(value for _, value in rolls)
        leaders = [side for side, value in rolls if value == best]
        events.append(event(purpose, rolls=tuple(rolls), winner=leaders[0] if len(leaders) == 1
                            else None))
        if len(leaders) == 1:
            return leaders[0], tuple(events)
