"""Missile fire (rulings §13–§15): who fires, who picks a loss, bow fire by broadside and tower,
ballistas by band, manning and reload, and fire darts.

    fire_lines(state, firing_side, lines, dice) -> (state, events)   # step 4, §21 item 3.4
    bow_line(state, line, dice) -> (state, events)                    # one BOW line (§14)
    ballista_line(state, line, dice) -> (state, events)               # one BALLISTA line (§15)
    loss_category(target, picks) -> str                               # a list's pick (§13.4)

`lines` are the non-phasing side's fire lines in the order written, whatever their verb: BOW
lines (`orders.Picking`, one target per shot) and BALLISTA lines (`orders.Targets`). A BOW shot
takes its hit d6 and, after a long-range hit, the firer's pick d6 then the target's; a
ballista takes 2d6 per ballista that fires, in ballista order (§21 item 3.4). Hits record their
morale triggers (§16.2); the surrender checks follow each line (§12.4). Events: `fire` (ship,
target, weapon bow or ballista, and for a shot: side, range, distance, die or dice, modifier,
total, needed, hit, reason), `pick` (ship = the target, by, firer_die, target_die, picker) and
`hit` (ship, by, weapon, category, lost, left; a ballista hit loses nobody).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.ramcruise.classes import BOW, CLASS_MODIFIER, DECK, LOSS_CATEGORIES, MAR, OAR
from pbem.rules.ramcruise.melee import surrender_checks
from pbem.rules.ramcruise.morale import record_trigger
from pbem.rules.ramcruise.orders import Picking, Targets
from pbem.rules.ramcruise.state import (
    BALLISTA_HIT,
    CASUALTIES,
    FIRE_DART_HIT,
    GameState,
    Ship,
)
from pbem.rules.table import broadside_sides, footprint_distance, report_length, within

BOW_SHORT, BOW_LONG = 2.0, 4.0                 # §14
BOW_SHORT_HIT, BOW_LONG_HIT = 5, 6
SHOTS_A_SIDE = 2                               # §14: two a side, one more with a tower
FIRER_PICKS = (MAR, BOW, DECK, OAR)            # §13.4: a PICK list's default, and the fall-back
BALLISTA_BANDS = ((5.0, "short", 6), (12.0, "medium", 8), (20.0, "long", 11))  # §15.1
BALLISTA_RANGE = BALLISTA_BANDS[-1][0]
STARBOARD, PORT, TOWER = "starboard", "port", "tower"


def distance(state: GameState, first: Ship, second: Ship) -> float:
    return footprint_distance(first.polygon(), second.polygon(), state.epsilon)


def why_not_firer(ship: Ship) -> str:
    """Why a ship does not fire ("" if it does): §13.1 (a sinking or grappled ship fires)."""
    if not ship.in_play:
        return f"{ship.id} is {ship.status}"
    if ship.routed:
        return f"{ship.id} is routed"
    return ""


def why_not_target(state: GameState, firer: Ship, target: Ship | None, name: str,
                   reach: float) -> str:
    """Why a listed ship is no target now ("" if it is): an enemy on the table, afloat or
    sinking, routed or not (§13.1), within reach (G5, G6)."""
    if target is None:
        return f"there is no ship {name}"
    if target.side == firer.side:
        return f"{target.id} is not an enemy"
    if not target.in_play:
        return f"{target.id} is {target.status}"
    gap = distance(state, firer, target)
    if not within(gap, reach, state.epsilon):
        return f"{target.id} is {report_length(gap):g}\" away, beyond {reach:g}\""
    return ""


def loss_category(target: Ship, picks: Sequence[str]) -> str:
    """§13.4: the first listed category the target has a factor in; if none has, the first of
    MAR, BOW, DECK, OAR that has; "" with no crew at all."""
    for category in (*picks, *FIRER_PICKS):
        if category in LOSS_CATEGORIES and target.crew.count(category) > 0:
            return category
    return ""


def _side_for(firer: Ship, target: Ship, epsilon: float, left: dict[str, int]) -> str:
    """The shot's side (`bow_arcs = broadside`): the side the target is on; on both, the one
    with more shots left (starboard on a tie); that side spent, the tower; "" if none."""
    sides = broadside_sides(firer.pose, target.polygon(), epsilon)
    if sides.starboard and sides.port:
        side = STARBOARD if left[STARBOARD] >= left[PORT] else PORT
    else:
        side = STARBOARD if sides.starboard else PORT if sides.port else ""
    if side and left[side] > 0:
        return side
    return TOWER if left[TOWER] > 0 else ""


def _lose(state: GameState, firer: Ship, target: Ship, category: str,
          weapon: str) -> tuple[GameState, Event]:
    target = replace(target, crew=target.crew.without(category))
    state = record_trigger(state.with_ship(target), target.id, CASUALTIES)
    return state, event("hit", ship=target.id, by=firer.id, weapon=weapon, category=category,
                        lost=1, left=target.crew.count(category))


def bow_line(state: GameState, line: Picking, dice: Dice) -> tuple[GameState, list[Event]]:
    """One BOW line (§14): one listed target per shot, in order; a shot at a target that does
    not qualify or is beyond 4", or with no side or tower shot or bowman left, is skipped and
    uses nothing; a hit is 5+ short (≤ 2"), 6+ long, with the bowmen's class modifier, and
    removes one factor picked as §13.4 (no save against missiles)."""
    firer = state.require(line.ship)
    events: list[Event] = []
    why = why_not_firer(firer) or ("" if firer.crew.bowmen else f"{firer.id} has no bowmen")
    if why:
        return state, [event("fire", ship=firer.id, target="", weapon="bow", reason=why)]
    bowmen = firer.crew.bowmen
    modifier = CLASS_MODIFIER[firer.crew.bowmen_class]
    left = {STARBOARD: SHOTS_A_SIDE, PORT: SHOTS_A_SIDE, TOWER: 1 if firer.tower else 0}
    for name in line.targets:
        target = state.ship(name)
        why = why_not_target(state, firer, target, name, BOW_LONG)
        side = ""
        if not why and target is not None:
            side = _side_for(firer, target, state.epsilon, left)
            why = "" if side else f"{firer.id} has no shot left on the side {target.id} is on"
        if not why and bowmen == 0:
            why = f"every bowman of {firer.id} has shot"
        if target is None or why:
            events.append(event("fire", ship=firer.id, target=name if target is None
                                else target.id, weapon="bow", reason=why))
            continue
        left[side] -= 1
        bowmen -= 1
        gap = distance(state, firer, target)
        short = within(gap, BOW_SHORT, state.epsilon)
        needed = BOW_SHORT_HIT if short else BOW_LONG_HIT
        die = dice.roll(f"bow {firer.id} (at {target.id})")
        hit = die + modifier >= needed
        events.append(event("fire", ship=firer.id, target=target.id, weapon="bow", side=side,
                            range="short" if short else "long", distance=round(gap, 3), die=die,
                            modifier=modifier, total=die + modifier, needed=needed, hit=hit,
                            reason=""))
        if not hit:
            continue
        picks = line.picks or FIRER_PICKS
        if not target.crew.total:
            events.append(event("hit", ship=target.id, by=firer.id, weapon="bow", category="",
                                lost=0, left=0, reason=f"{target.id} has no crew left to lose"))
            continue
        if not short:
            firer_die = dice.roll(f"pick {firer.id} (at {target.id})")
            target_die = dice.roll(f"pick {target.id} (from {firer.id})")
            firer_picks = firer_die > target_die     # `long_tie = target`
            events.append(event("pick", ship=target.id, by=firer.id, firer_die=firer_die,
                                target_die=target_die,
                                picker="firer" if firer_picks else "target"))
            picks = picks if firer_picks else target.standing.losses
        state, lost = _lose(state, firer, target, loss_category(target, picks), "bow")
        events.append(lost)
    return state, events


def _band(gap: float, epsilon: float) -> tuple[str, int]:
    for reach, band, needed in BALLISTA_BANDS:
        if within(gap, reach, epsilon):
            return band, needed
    raise ValueError(f"{gap} is beyond ballista range")  # pragma: no cover - checked before


def ballista_line(state: GameState, line: Targets, dice: Dice) -> tuple[GameState, list[Event]]:
    """One BALLISTA line (§15.1): the first loaded ballistas (build order), as many as crewmen
    on deck, are manned; each fires once at the first listed target that qualifies within 20",
    2d6 against 6 short (≤ 5"), 8 medium (≤ 12"), 11 long; one with no target stays loaded.
    A hit kills nobody: it is a morale trigger, a fire dart's if the side fires them (§15.2)."""
    firer = state.require(line.ship)
    turn = state.phase.turn
    why = why_not_firer(firer) or ("" if firer.ballistas else f"{firer.id} has no ballista")
    loaded = firer.loaded_ballistas(turn)
    if not why and not loaded:
        why = f"no ballista of {firer.id} is loaded in turn {turn}"
    manned = loaded[:firer.crew.deck]
    if not why and not manned:
        why = f"{firer.id} has no crewman on deck to man a ballista"
    if why:
        return state, [event("fire", ship=firer.id, target="", weapon="ballista", reason=why)]
    darts = state.options.fire_darts_for(firer.side)
    events: list[Event] = []
    for number in manned:
        target: Ship | None = None
        passed: list[str] = []
        for name in line.targets:
            candidate = state.ship(name)
            reason = why_not_target(state, firer, candidate, name, BALLISTA_RANGE)
            if not reason:
                target = candidate
                break
            passed.append(reason)
        if target is None:
            events.append(event("fire", ship=firer.id, target="", weapon="ballista",
                                ballista=number, reason="no target: " + "; ".join(passed)))
            continue
        gap = distance(state, firer, target)
        band, needed = _band(gap, state.epsilon)
        first = dice.roll(f"ballista {firer.id} {number} (at {target.id})")
        second = dice.roll(f"ballista {firer.id} {number} (at {target.id})")
        hit = first + second >= needed
        fired = list(firer.ballistas)
        fired[number - 1] = turn
        firer = replace(firer, ballistas=tuple(fired))
        state = state.with_ship(firer)
        events.append(event("fire", ship=firer.id, target=target.id, weapon="ballista",
                            ballista=number, band=band, distance=round(gap, 3),
                            dice=[first, second], total=first + second, needed=needed, hit=hit,
                            fire_dart=darts, reason=""))
        if hit:
            state = record_trigger(state, target.id, FIRE_DART_HIT if darts else BALLISTA_HIT)
            events.append(event("hit", ship=target.id, by=firer.id,
                                weapon="fire dart" if darts else "ballista", category="",
                                lost=0, left=0))
    return state, events


def fire_lines(state: GameState, firing_side: str, lines: Sequence[Picking | Targets],
               dice: Dice) -> tuple[GameState, list[Event]]:
    """Step 4 (§13.1): the non-phasing side's BOW and BALLISTA lines in the order written,
    each followed by the surrender checks (§12.4)."""
    events: list[Event] = []
    for line in lines:
        firer = state.ship(line.ship)
        weapon = "bow" if line.verb == "BOW" else "ballista"
        if firer is None or firer.side != firing_side or line.verb not in ("BOW", "BALLISTA"):
            events.append(event("fire", ship=line.ship, target="", weapon=weapon,
                                reason=f"{line.ship}: {line.verb} is no fire line of "
                                       f"{firing_side}"))
            continue
        if isinstance(line, Picking):
            state, more = bow_line(state, line, dice)
        else:
            state, more = ballista_line(state, line, dice)
        events += more
        state, more = surrender_checks(state)
        events += more
    return state, events
