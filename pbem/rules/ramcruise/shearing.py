"""Shearing (rulings §8.2–§8.4, §12.3): the victim's avoiding roll, its count of shears, its
grapple thrown at the shearer (the §11.2 roll, with the shearer's STANCE and the victim's corvus
or harpax), the mover held at the abreast point, and the forfeit a held RESIST shearer takes.

Only the passed ship rolls (§8.1 reading); the dice are taken as §21 item 3.2 says: the avoiding
2d6, then the grapple 2d6 if it throws one."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.ramcruise.grappling import attempt_grapple, may_throw
from pbem.rules.ramcruise.morale import record_trigger
from pbem.rules.ramcruise.state import GRAPPLE, SHEARED, GameState, Ship
from pbem.rules.table import Pass, report_point

AVOIDS = 7  # §8.2: 2d6 of 7 or more avoids
MOST_SHEARS = 2  # a second shear immobilizes; further ones count no more (§8.2)


def throws_at_shearer(state: GameState, victim: Ship, mover: Ship) -> bool:
    """§8.4: the victim throws when its ONSHEAR is GRAPPLE, the shearer is an enemy, and the
    victim may throw at all (not routed or surrendered, with a crew factor, §11.1)."""
    return (victim.standing.onshear == GRAPPLE and victim.side != mover.side
            and not may_throw(victim))


def resolve_shear(state: GameState, mover_id: str, victim_id: str, passed: Pass,
                  dice: Dice) -> tuple[GameState, bool, tuple[Event, ...]]:
    """A shear as it happens (§8.2–§8.4): the victim's avoiding 2d6; on a failure one more shear
    (at most two) and a morale trigger (§16.2 item 4); then the victim's grapple at the shearer,
    if it throws one (the §11.2 roll, grappling's: the shearer's STANCE, the victim's corvus or
    harpax). A held grapple stops the mover at the abreast point (the True returned); a RESIST
    shearer forfeits its melee this half (§12.3)."""
    mover, victim = state.require(mover_id), state.require(victim_id)
    at = list(report_point(passed.pose.centre))
    first = dice.roll(f"shear avoid {victim.id} (by {mover.id})")
    second = dice.roll(f"shear avoid {victim.id} (by {mover.id})")
    avoided = first + second >= AVOIDS
    events: list[Event] = []
    if avoided:
        events.append(event("avoid", ship=victim.id, by=mover.id, dice=[first, second],
                            total=first + second, abreast=round(passed.abreast, 2), at=at))
    else:
        victim = replace(victim, sheared=min(MOST_SHEARS, victim.sheared + 1))
        state = record_trigger(state.with_ship(victim), victim.id, SHEARED)
        events.append(event("shear", ship=mover.id, target=victim.id, dice=[first, second],
                            total=first + second, sheared=victim.sheared,
                            abreast=round(passed.abreast, 2), at=at))
    if not throws_at_shearer(state, victim, mover):
        return state, False, tuple(events)
    before = state.grapple(victim.id, mover.id)
    state, thrown = attempt_grapple(state, victim.id, mover.id, dice)
    events += thrown
    held = before is None and state.grapple(victim.id, mover.id) is not None
    return state, held, tuple(events)
