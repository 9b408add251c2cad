"""One deck fight of Wooden Walls (rulings §12.7, §4.4, §12.6), and the deck geometry the
boarding step shares: area heights, adjacency on one ship and across links, the side's fighting
elements of an area, and moving elements between areas and ships.

A fight repeats throws until the target area holds no enemy elements, the attacking area none of
the attacker's, the attacker's losses reach `UNTIL LOSS`, or `throw_cap` throws are made. Each
throw: up to 3 elements a side roll (in a fight along one ship at most the frontage), the first
in list order (§4.5), the attacker's of the attacking area, the defender's of the target area;
each rolls the die of its grade on the `deck_dice` scale, shifted one step per factor (+ or −),
held between d3 and d20; the dice are sorted highest first (ties: the earlier element first) and
paired; the higher die eliminates the element that rolled the lower, a tie nobody unless the
attack crosses between two ships (then the attacker's element). A cleared target area is
entered by `ENTER <n>` of the survivors (default all) within capacity.

Dice (§23 block 4): each throw the attacker's dice in element order, then the defender's; the
purpose names the rolling element's place: "fight RH-ATHENA.M 1".

Events: `fight` (one per throw: ship, area, target, target_area, throw, attacker_dice,
attacker_sizes, defender_dice, defender_sizes, attacker_lost, defender_lost); `eliminated` (ship,
area, side, element (its kind), grade: one per element lost, after its throw); `enter` (ship, area, to_ship,
to_area, side, count).

Engines never move, roll or defend and are never enemy elements (§12.6). Imports the state,
elements, ship table and geometry of this package and `pbem.rules.dice`/`events`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.woodenwalls.elements import capacity, count, frontage, list_key
from pbem.rules.woodenwalls.shipgeom import (
    adjacent_across,
    adjacent_on_ship,
    lying_contact_parts,
    ram_adjacent_area,
)
from pbem.rules.woodenwalls.shiptypes import MARINES, SHOOTERS
from pbem.rules.woodenwalls.state import (
    GRAPPLE,
    PICKED,
    POOR_GRADE,
    TOWERS,
    Element,
    GameState,
    Link,
    Ship,
)

Played = tuple[GameState, tuple[Event, ...]]

# House rule `deck_dice` (§12.7): the scale and each grade's place on it.
DECK_DICE = (3, 4, 6, 8, 10, 12, 16, 20)
GRADE_STEP = {PICKED: 4, POOR_GRADE: 2}  # d10, d6; Experienced d8 (step 3)
EXPERIENCED_STEP = 3
MOST_ROLLING = 3  # one die for each of up to 3 elements a side
TOWER_HEIGHT = 2  # a tower area is 2 higher than its ship (§4.1)
FIGHTING = (MARINES, SHOOTERS)


# ---------------------------------------------------------------- areas and elements


def area_height(ship: Ship, area: str) -> int:
    """An area's height (§12.7): the ship's height (§4.1), a tower 2 more."""
    return ship.row.height + (TOWER_HEIGHT if area in TOWERS else 0)


def fighters(state: GameState, ship: Ship, area: str, side: str) -> tuple[int, ...]:
    """Places in `ship.elements` of the side's marines and shooters in the area, in list order."""
    chosen = [number for number, element in enumerate(ship.elements)
              if element.area == area and element.side == side and element.kind in FIGHTING]
    order = state.ship_order
    return tuple(sorted(chosen, key=lambda number: list_key(ship.elements[number], order)))


def enemies(state: GameState, ship: Ship, area: str, side: str) -> tuple[int, ...]:
    """Places of the elements in the area that are enemies of `side` (marines and shooters of
    another side; engines never are, §12.6), in list order."""
    chosen = [number for number, element in enumerate(ship.elements)
              if element.area == area and element.side != side and element.kind in FIGHTING]
    order = state.ship_order
    return tuple(sorted(chosen, key=lambda number: list_key(ship.elements[number], order)))


def enemies_aboard(ship: Ship, side: str) -> int:
    """Enemy elements of `side` aboard the ship (marines and shooters of other sides)."""
    return sum(1 for element in ship.elements if element.side != side and element.kind in FIGHTING)


def room(ship: Ship, area: str) -> int:
    """Capacity left in the area, both sides and engines counted (§4.4, §12.6)."""
    return capacity(ship, area) - count(ship, area)


# ---------------------------------------------------------------- adjacency (§4.4)


def _link_adjacent(state: GameState, link: Link, first: Ship, first_area: str, second: Ship,
                   second_area: str) -> bool:
    if link.kind == GRAPPLE:
        return adjacent_across(first.row, first.pose, first_area, second.row, second.pose, second_area)
    # A corvus or an embedded ram: only the user's (rammer's) B, to the target's area holding I.
    user, target = (first, second) if link.a.upper() == first.id.upper() else (second, first)
    user_area, target_area = (first_area, second_area) if user is first else (second_area, first_area)
    if user_area != "B":
        return False
    try:
        impact = lying_contact_parts(user.row, user.pose, target.row, target.pose).impact
        return ram_adjacent_area(target.row, target.pose, impact) == target_area
    except ValueError:  # no longer in contact, or I beyond the target's ends: no adjacency
        return False


def adjacent(state: GameState, first: Ship, first_area: str, second: Ship, second_area: str) -> bool:
    """Area to area (§4.4): on one ship B–M, M–S, T1–B, T2–S; across a grapple link areas that
    face (either projection); across a corvus or embedded-ram link the user's (rammer's) B and
    the target's area whose section holds I. Ships with no link between them: never."""
    if first.id.upper() == second.id.upper():
        return adjacent_on_ship(first_area, second_area)
    return any(_link_adjacent(state, link, first, first_area, second, second_area)
               for link in state.links if link.joins(first.id) and link.joins(second.id))


def adjacent_areas(state: GameState, ship: Ship, area: str) -> tuple[tuple[str, str], ...]:
    """Every (ship id, area) adjacent to the area: on its ship, then across its links (in the
    order made), each once."""
    found = [(ship.id, other) for other in ship.areas if adjacent_on_ship(area, other)]
    for link in state.links_of(ship.id):
        other = state.ship(link.other(ship.id))
        if other is None or not other.on_table:
            continue
        found.extend((other.id, far) for far in other.areas
                     if _link_adjacent(state, link, ship, area, other, far))
    return tuple(dict.fromkeys(found))


# ---------------------------------------------------------------- moving elements


def moved(state: GameState, source: str, numbers: Sequence[int], destination: str, area: str) -> GameState:
    """The elements at places `numbers` of ship `source` moved to `area` of ship `destination`
    (the same ship or another: then they leave the one and join the other's list last)."""
    start = state.require(source)
    chosen = set(numbers)
    if source.upper() == destination.upper():
        elements = tuple(element.moved(area) if number in chosen else element
                         for number, element in enumerate(start.elements))
        return state.with_ship(replace(start, elements=elements))
    leaving = tuple(start.elements[number].moved(area) for number in sorted(chosen))
    kept = tuple(element for number, element in enumerate(start.elements) if number not in chosen)
    state = state.with_ship(replace(start, elements=kept))
    end = state.require(destination)
    return state.with_ship(replace(end, elements=(*end.elements, *leaving)))


def _without(ship: Ship, numbers: Sequence[int]) -> Ship:
    gone = set(numbers)
    return replace(ship, elements=tuple(element for number, element in enumerate(ship.elements)
                                        if number not in gone))


# ---------------------------------------------------------------- the dice (§12.7)


def base_step(element: Element) -> int:
    """The grade's place on the `deck_dice` scale: Picked d10, Experienced d8, Poor d6."""
    return GRADE_STEP.get(element.grade, EXPERIENCED_STEP)


def factors(state: GameState, element: Element, ship: Ship, area: str, opposing: Sequence[Element],
            opposing_ship: Ship, opposing_area: str) -> tuple[tuple[str, int], ...]:
    """The element's factors at this throw (§12.7), each a reason and +1 or −1."""
    found: list[tuple[str, int]] = []
    mine, theirs = area_height(ship, area), area_height(opposing_ship, opposing_area)
    if mine != theirs:
        found.append(("higher area" if mine > theirs else "lower area", 1 if mine > theirs else -1))
    if element.shielded and not any(other.shielded for other in opposing):
        found.append(("shielded", 1))
    if element.armoured and not any(other.armoured for other in opposing):
        found.append(("armoured", 1))
    home = state.ship(element.home)
    if home is not None and home.flagship:
        found.append(("flagship crew", 1))
    if element.kind == MARINES and opposing and all(other.kind == SHOOTERS for other in opposing):
        found.append(("marines against shooters", 1))
    pressed = [place for place in adjacent_areas(state, ship, area)
               if _holds_enemies(state, place, element.side)]
    if len(pressed) > 1:
        found.append(("enemies on two fronts", -1))
    return tuple(found)


def _holds_enemies(state: GameState, place: tuple[str, str], side: str) -> bool:
    ship = state.require(place[0])
    return any(element.area == place[1] and element.side != side and element.kind in FIGHTING
               for element in ship.elements)


def die_size(element: Element, shift: int) -> int:
    """The element's die: its grade's, moved `shift` steps along the scale, held d3–d20."""
    step = min(max(base_step(element) + shift, 0), len(DECK_DICE) - 1)
    return DECK_DICE[step]


def matched(attacker: Sequence[int], defender: Sequence[int], across: bool) -> tuple[set[int], set[int]]:
    """Which attacking and defending rollers (indices into the two lists) are eliminated: each
    side's dice sorted highest first (ties: the earlier element first), paired first with first
    up to the smaller number; the lower die's element goes; a tie: nobody, or across two ships the
    attacker's element."""
    first = sorted(range(len(attacker)), key=lambda number: (-attacker[number], number))
    second = sorted(range(len(defender)), key=lambda number: (-defender[number], number))
    lost_attacker: set[int] = set()
    lost_defender: set[int] = set()
    for mine, theirs in zip(first, second, strict=False):
        if attacker[mine] > defender[theirs]:
            lost_defender.add(theirs)
        elif attacker[mine] < defender[theirs] or across:
            lost_attacker.add(mine)
    return lost_attacker, lost_defender


# ---------------------------------------------------------------- the fight


def _roll(state: GameState, ship: Ship, area: str, rolling: Sequence[int], opposing: Sequence[Element],
          opposing_ship: Ship, opposing_area: str, dice: Dice) -> tuple[tuple[int, ...], tuple[int, ...]]:
    sizes = []
    values = []
    for place, number in enumerate(rolling, start=1):
        element = ship.elements[number]
        shift = sum(value for _, value in factors(state, element, ship, area, opposing,
                                                    opposing_ship, opposing_area))
        size = die_size(element, shift)
        sizes.append(size)
        values.append(dice.roll(f"fight {ship.id}.{area} {place}", size))
    return tuple(values), tuple(sizes)


def _eliminated(ship: Ship, numbers: Sequence[int]) -> tuple[Event, ...]:
    return tuple(event("eliminated", ship=ship.id, area=ship.elements[number].area,
                       side=ship.elements[number].side, element=ship.elements[number].kind,
                       grade=ship.elements[number].grade) for number in sorted(numbers))


def _throw(state: GameState, side: str, source: str, area: str, target: str, target_area: str,
           number: int, dice: Dice) -> tuple[GameState, tuple[Event, ...], int, bool]:
    """One throw; (state, events, the attacker's losses, whether a throw was made)."""
    mine, theirs = state.require(source), state.require(target)
    attackers, defenders = fighters(state, mine, area, side), enemies(state, theirs, target_area, side)
    if not attackers or not defenders:
        return state, (), 0, False
    across = mine.id.upper() != theirs.id.upper()
    most = MOST_ROLLING if across else min(MOST_ROLLING, frontage(mine))
    attackers, defenders = attackers[:most], defenders[:most]
    attacking = [mine.elements[n] for n in attackers]
    defending = [theirs.elements[n] for n in defenders]
    first, first_sizes = _roll(state, mine, area, attackers, defending, theirs, target_area, dice)
    second, second_sizes = _roll(state, theirs, target_area, defenders, attacking, mine, area, dice)
    lost_mine, lost_theirs = matched(first, second, across)
    gone_mine = [attackers[n] for n in lost_mine]
    gone_theirs = [defenders[n] for n in lost_theirs]
    events = [event("fight", ship=mine.id, area=area, target=theirs.id, target_area=target_area,
                    throw=number, attacker_dice=first, attacker_sizes=first_sizes, defender_dice=second,
                    defender_sizes=second_sizes, attacker_lost=len(gone_mine),
                    defender_lost=len(gone_theirs))]
    events.extend(_eliminated(mine, gone_mine))
    events.extend(_eliminated(theirs, gone_theirs))
    if across:
        state = state.with_ship(_without(mine, gone_mine)).with_ship(_without(theirs, gone_theirs))
    else:
        state = state.with_ship(_without(mine, [*gone_mine, *gone_theirs]))
    return state, tuple(events), len(gone_mine), True


def fight(state: GameState, side: str, source: str, area: str, target: str, target_area: str,
          dice: Dice, *, until_loss: int | None = None, enter: int | None = None) -> Played:
    """`ATTACK <target>.<target_area> FROM <area>` by `side`'s elements standing on ship `source`
    (§12.7): throws until the target area holds no enemy elements, the attacking area none of the
    side's, the side's losses reach `until_loss`, or `throw_cap` throws; then a cleared target
    area is entered by `enter` survivors (None: all) within capacity. Whether the attack may be
    made (§12.6) is the caller's to check."""
    events: list[Event] = []
    losses = 0
    throws = 0
    while throws < state.options.throw_cap and (until_loss is None or losses < until_loss):
        state, found, lost, made = _throw(state, side, source, area, target, target_area, throws + 1, dice)
        if not made:
            break
        throws += 1
        losses += lost
        events.extend(found)
    mine, theirs = state.require(source), state.require(target)
    survivors = fighters(state, mine, area, side)
    if survivors and not enemies(state, theirs, target_area, side):
        wanted = len(survivors) if enter is None else min(enter, len(survivors))
        entering = survivors[:max(0, min(wanted, room(theirs, target_area)))]
        if entering:
            state = moved(state, mine.id, entering, theirs.id, target_area)
            events.append(event("enter", ship=mine.id, area=area, to_ship=theirs.id, to_area=target_area,
                                side=side, count=len(entering)))
    return state, tuple(events)


__all__ = [
    "DECK_DICE", "adjacent", "adjacent_areas", "area_height", "base_step", "die_size",
    "enemies", "enemies_aboard", "factors", "fight", "fighters", "matched", "moved", "room",
]
