"""What each half of a turn is played from: the accepted lines of round 1 (movement) and of
round 2 (combat), gathered per ship by the caller (rulings §4, §21).

Standing orders (`CUT`, `MELEE`, `LOSSES`, `RAISE`, `BREAK`) are not here: they are written
into each ship's `standing` before a round is played, so every step reads them from the state.
Ship ids are the keys as the state spells them. A ship with no entry in `movements` takes the
§4 default (the caller fills it in, so the movement engine always finds one for every ship that
activates, fleeing ships excepted: the judge writes theirs, §14.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pbem.rules.speedband.orders import Corvus, Fire, Grapple, Movement, React, Transfer


@dataclass(frozen=True)
class MovementOrders:
    """Round 1 (§4): each ship's movement line, reaction, grapple and corvus lists.
    `line_order` is each player's accepted movement lines' ships in the order written (§5's
    `activation_order`), keyed by initiative player id."""

    movements: Mapping[str, Movement] = field(default_factory=dict)
    reacts: Mapping[str, React] = field(default_factory=dict)
    grapples: Mapping[str, Grapple] = field(default_factory=dict)
    corvus: Mapping[str, Corvus] = field(default_factory=dict)
    line_order: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class CombatOrders:
    """Round 2 (§4): each ship's `ARCHERS` and `BALLISTA` lines and its `TRANSFER` (§16)."""

    archers: Mapping[str, Fire] = field(default_factory=dict)
    ballista: Mapping[str, Fire] = field(default_factory=dict)
    transfers: Mapping[str, Transfer] = field(default_factory=dict)
