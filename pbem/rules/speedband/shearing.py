"""The defensive shear (rulings §9; house rules `oar_sides`, `shear_side_default`; §16
`opt_strengthened_bows`): after a failed ram on a target that reacts SHEAR, the rammer loses
oar sections on one side.

This module owns when a shear is due, which side is sheared, the chance per section and the
d100s, one per intact section of that side in ascending section number. A roll at or under the
chance (exact in tenths, §19.1) destroys the whole section (its rowers go to 0, §2.2).

Events (one line each):

- `shear_side`: rammer, target, side ("port"/"starboard"), named (bool: from the RAM clause),
  chance (float, percent), sections (tuple of the intact sections rolled for).
- `shear`: rammer, section (1-8), roll (d100), chance (float, percent), lost (bool).
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.speedband.bands import formula_speed
from pbem.rules.speedband.orders import SHEAR
from pbem.rules.speedband.shiptypes import TRIREME
from pbem.rules.speedband.state import GameState, Ship

PORT, STARBOARD = "port", "starboard"
SHEAR_BASE = 45       # §9: 45 − attacker's speed
TRIREME_BONUS = 15    # §9: + 15 when the attacker is a trireme
D100 = 100


def shear_due(reaction: str, target: Ship, approach_zone: str) -> bool:
    """§9: the target reacts SHEAR, has not activated, and the rammer's approach zone (start of
    turn, §1.1) is not D. (The ram's failure is the caller's part.)"""
    return reaction == SHEAR and not target.activated and approach_zone != "D"


def shear_side(rammer: Ship, named: str) -> str:
    """The side sheared: the one named in the RAM clause, else the side with fewer intact
    sections, ties port (`shear_side_default`)."""
    if named in (PORT, STARBOARD):
        return named
    port = len(rammer.intact_sections(starboard=False))
    starboard = len(rammer.intact_sections(starboard=True))
    return STARBOARD if starboard < port else PORT


def shear_chance_tenths(rammer: Ship, speed: int, strengthened_bows: bool) -> int:
    """§9 in tenths: 45 − the rammer's speed (§3.1, tenths) + 15 for a trireme, except a trireme
    with a strengthened bow under `opt_strengthened_bows` (§16)."""
    chance = 10 * SHEAR_BASE - speed
    if rammer.type == TRIREME and not (strengthened_bows and rammer.strengthened_bow):
        chance += 10 * TRIREME_BONUS
    return chance


def shear(state: GameState, rammer_id: str, target_id: str, named_side: str,
          dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """Roll the shear of a failed ram (the caller has found it due): one d100 per intact section
    of the side, ascending; each roll ≤ the chance loses that section."""
    rammer = state.require(rammer_id)
    side = shear_side(rammer, named_side)
    sections = rammer.intact_sections(starboard=side == STARBOARD)
    speed = formula_speed(rammer, state.held(rammer.id))
    chance = shear_chance_tenths(rammer, speed, state.options.opt_strengthened_bows)
    events: list[Event] = [event("shear_side", rammer=rammer.id, target=target_id, side=side,
                                 named=named_side == side, chance=chance / 10,
                                 sections=sections)]
    rowers = list(rammer.rowers)
    for section in sections:
        roll = dice.roll(f"shear {rammer.id} section {section}", D100)
        lost = 10 * roll <= chance
        if lost:
            rowers[section - 1] = 0
        events.append(event("shear", rammer=rammer.id, section=section, roll=roll,
                            chance=chance / 10, lost=lost))
    state = state.with_ship(replace(rammer, rowers=tuple(rowers)))
    record = state.record
    if (target_id, "react") not in record.revealed:
        state = replace(state, record=replace(record,
                                              revealed=(*record.revealed, (target_id, "react"))))
    return state, tuple(events)
