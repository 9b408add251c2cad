"""Melee, saves, forfeit and surrender (rulings §12).

    melee_all(state, phasing_side, lines, dice) -> (state, events)   # step 9, §21 item 3.9
    surrender_checks(state) -> (state, events)                        # §12.4; no dice
    melee_target(state, ship, line) -> Ship | None                    # whom it fights (§12.1)

`lines` are the phasing side's `orders.Picking` lines of verb MELEE, in the order written.
Ships melee in that order, then the other phasing ships in scenario order; each rolls all its
attack dice (a d6 per marine, then per crewman on deck, each with its own type's class
modifier; 5 or more hits), then hit by hit the attacker picks (its PICK list, default MAR,
DECK) and the target saves on 6 or more with the picked type's modifier; a hit with nothing to
pick is lost and rolls no save. An unsaved hit makes the attacker the last to inflict melee
casualties on that grapple (§11.4) and is a morale trigger (§16.2). The surrender checks run
after each ship's melee. Events: `melee` (ship, target, dice, modifiers, hits, reason),
`save` (ship, by, category, die, modifier, total, saved), `hit` (ship, by, weapon "melee",
category, lost, left) and `surrender` (ship, reason, released).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.ramcruise.classes import CLASS_MODIFIER, DECK, MAR
from pbem.rules.ramcruise.morale import record_trigger
from pbem.rules.ramcruise.orders import Picking
from pbem.rules.ramcruise.state import CASUALTIES, SURRENDERED, GameState, Ship

MELEE_HIT = 5           # §12.2, after the factor's modifier
SAVE = 6                # §12.2 reading: 6 or more after the picked type's modifier
MELEE_PICKS = (MAR, DECK)


def surrender_checks(state: GameState) -> tuple[GameState, list[Event]]:
    """§12.4, every ship in scenario order: one with no crew factors at all surrenders, grappled
    or not; one grappled to an enemy with no marines and no crewmen on deck surrenders. It
    strikes (`surrender = strike`): status surrendered, its grapples released, its countdown (if
    any) still running."""
    events: list[Event] = []
    for ship in state.ships:
        if not ship.in_play:
            continue
        linked = state.grappled_with(ship.id)
        if ship.crew.total == 0:
            reason = "no crew factors are left"
        elif linked and ship.crew.fighting == 0:
            reason = "it is grappled with no marines and no crewmen on deck"
        else:
            continue
        state = state.with_ship(replace(ship, status=SURRENDERED)).released(ship.id)
        events.append(event("surrender", ship=ship.id, reason=reason, released=list(linked)))
    return state, events


def may_melee(state: GameState, ship: Ship) -> str:
    """Why a phasing ship does not melee now ("" if it does): §12.1, §12.3."""
    if not ship.in_play:
        return f"{ship.id} is {ship.status}"
    if ship.routed:
        return f"{ship.id} is routed"
    if ship.id in state.half_record.forfeits:
        return f"{ship.id} was grappled this half while resisting and forfeits its melee"
    if not state.grappled_with(ship.id):
        return f"{ship.id} is grappled to no enemy"
    return ""


def melee_target(state: GameState, ship: Ship, line: Picking | None) -> Ship | None:
    """The one enemy it fights (§12.1): the first of its MELEE list grappled to it now, or,
    with no MELEE line, the first grappled enemy in scenario order."""
    linked = [state.require(other) for other in state.grappled_with(ship.id)]
    enemies = [other for other in linked if other.side != ship.side and other.in_play]
    if line is None:
        return enemies[0] if enemies else None
    for name in line.targets:
        found = next((other for other in enemies if other.id.upper() == name.upper()), None)
        if found is not None:
            return found
    return None


def pick(target: Ship, picks: Sequence[str]) -> str:
    """The attacker's pick (`melee_pick = attacker`): the first listed category the target has
    a factor in, then MAR, DECK; "" when it has neither (the hit is lost, §12.2)."""
    for category in (*picks, *MELEE_PICKS):
        if category in MELEE_PICKS and target.crew.count(category) > 0:
            return category
    return ""


def _last_to_inflict(state: GameState, attacker: Ship, target: Ship) -> GameState:
    link = state.grapple(attacker.id, target.id)
    if link is None:
        return state
    grapples = tuple(replace(g, last_casualties=attacker.id) if g is link else g
                     for g in state.grapples)
    return replace(state, grapples=grapples)


def melee_one(state: GameState, attacker: Ship, target: Ship, picks: Sequence[str],
              dice: Dice) -> tuple[GameState, list[Event]]:
    """One ship's melee (§12.2): its fighting factors counted as it starts, all attack dice,
    then the hits one at a time."""
    crew = attacker.crew
    faces = [(MAR, CLASS_MODIFIER[crew.marines_class])] * crew.marines \
        + [(DECK, CLASS_MODIFIER[crew.crewmen_class])] * crew.deck
    rolls = [dice.roll(f"melee {attacker.id} {category} (at {target.id})")
             for category, _ in faces]
    hits = sum(1 for die, (_, modifier) in zip(rolls, faces, strict=True)
               if die + modifier >= MELEE_HIT)
    events = [event("melee", ship=attacker.id, target=target.id, dice=rolls,
                    modifiers=[modifier for _, modifier in faces], hits=hits, reason="")]
    unsaved = 0
    for _ in range(hits):
        target = state.require(target.id)
        category = pick(target, picks)
        if not category:
            events.append(event("hit", ship=target.id, by=attacker.id, weapon="melee",
                                category="", lost=0, left=0,
                                reason=f"{target.id} has no marine or crewman on deck to lose"))
            continue
        modifier = target.crew.modifier(category)
        die = dice.roll(f"save {target.id} {category} (from {attacker.id})")
        saved = die + modifier >= SAVE
        events.append(event("save", ship=target.id, by=attacker.id, category=category, die=die,
                            modifier=modifier, total=die + modifier, saved=saved))
        if saved:
            continue
        target = replace(target, crew=target.crew.without(category))
        state = state.with_ship(target)
        unsaved += 1
        events.append(event("hit", ship=target.id, by=attacker.id, weapon="melee",
                            category=category, lost=1, left=target.crew.count(category)))
    if unsaved:
        state = _last_to_inflict(state, attacker, target)
        state = record_trigger(state, target.id, CASUALTIES)
    return state, events


def melee_all(state: GameState, phasing_side: str, lines: Sequence[Picking],
              dice: Dice) -> tuple[GameState, list[Event]]:
    """Step 9 (§12.1): ships with MELEE lines in the order written, then the other phasing
    ships in scenario order; each grappled, not routed, not surrendered and not forfeiting
    melees one enemy; the surrender checks follow each ship's melee (§12.4)."""
    events: list[Event] = []
    order: list[tuple[str, Picking | None]] = []
    for written in lines:
        ship = state.ship(written.ship)
        if ship is None or ship.side != phasing_side:
            events.append(event("melee", ship=written.ship, target="", dice=[], modifiers=[],
                                hits=0, reason=f"{written.ship} is no ship of {phasing_side}"))
        elif all(ship.id != done for done, _ in order):
            order.append((ship.id, written))
    named = {ship_id for ship_id, _ in order}
    order += [(ship.id, None) for ship in state.ships
              if ship.side == phasing_side and ship.id not in named]
    for ship_id, line in order:
        attacker = state.require(ship_id)
        why = may_melee(state, attacker)
        target = None if why else melee_target(state, attacker, line)
        if target is None:
            # a ship with no line that is not grappled, or off the table, has nothing to say
            if line is not None or (attacker.in_play and state.grappled_with(attacker.id)):
                why = why or (f"none of {', '.join(line.targets)} is grappled to "
                              f"{attacker.id}" if line is not None else "")
                events.append(event("melee", ship=attacker.id, target="", dice=[],
                                    modifiers=[], hits=0, reason=why))
            continue
        picks = line.picks if line is not None else ()
        state, more = melee_one(state, attacker, target, picks, dice)
        events += more
        state, more = surrender_checks(state)
        events += more
    return state, events
