"""Missile attacks (11.0, 13.x; rulings §7, §8)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.errors import IllegalOrderError
from pbem.rules.events import event
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.state import AFLOAT, Galley, Weapon
from pbem.rules.ramspeed.tables import roll_needed


def hit_needed(board: Board, weapon: str, target: Galley) -> int:
    """The highest natural roll that hits (16.6 with its modifiers)."""
    tables = board.tables
    modifier = 0
    if target.grappled_with:
        modifier += tables.missile_modifiers["grappled"]
    if target.counts_as_drifting(tables):
        modifier += tables.missile_modifiers["drifting"]
    return tables.missile[(weapon, target.type)] - modifier


def check_shot(board: Board, firer: Galley, weapon: str, target_id: str,
               used: dict[str, int]) -> str:
    """Whether `firer` may fire one `weapon` at `target_id` on the position at the start of
    the phase; `used` counts the weapons of each type already ordered to fire. Returns the
    echo; raises IllegalOrderError with the reason."""
    if firer.captured:
        raise IllegalOrderError("captured galleys may not make missile attacks (12.4)")
    carried = sum(1 for w in firer.weapons if w.type == weapon)
    if carried == 0:
        raise IllegalOrderError(f"{firer.id} carries no {weapon}")
    if used.get(weapon, 0) >= carried:
        raise IllegalOrderError(
            f"{firer.id} has {carried} {weapon}{'s' if carried > 1 else ''} and each fires once a "
            "turn (11.6)")
    target = board.galley(target_id)
    if target is None:
        raise IllegalOrderError(f"there is no galley {target_id} in this game")
    if target.status != AFLOAT or not target.placed:
        raise IllegalOrderError(f"{target.id} is not on the map")
    if target.owner == firer.owner:
        raise IllegalOrderError(f"{target.id} is friendly; missiles fire at enemy galleys (11.1)")
    kind = board.tables.weapons[weapon]
    distance = hexes.galley_distance(board.hexes_of(firer.id.upper()),
                                     board.hexes_of(target.id.upper()))
    if not kind.min_range <= distance <= kind.max_range:
        article = "an" if weapon[0] in "aeiou" else "a"
        raise IllegalOrderError(
            f"{target.id} is at range {distance}; {article} {weapon} reaches {kind.min_range} to "
            f"{kind.max_range} (11.2, 16.2)",
            accepted="a target within the weapon's range.")
    used[weapon] = used.get(weapon, 0) + 1
    needed = hit_needed(board, weapon, target)
    return f"{weapon} at {target.id} (range {distance}, {roll_needed(needed)})"


def _location(board: Board, target: Galley, dice: Dice, purpose: str) -> tuple[str, list[int]]:
    """Roll table 16.7 again until it names a part the target has (11.4 B)."""
    rolls = []
    while True:
        roll = dice.roll(purpose)
        rolls.append(roll)
        location = board.tables.hit_location[roll]
        if location == "boarding_parties" and target.boarding_parties == 0:
            continue
        if location == "weapon" and not target.weapons:
            continue
        return location, rolls


def _weapon_hit(board: Board, target: Galley, dice: Dice, purpose: str,
                rolls: list[int]) -> str:
    carried = {w.type for w in target.weapons}
    if len(carried) == 1:
        return next(iter(carried))
    while True:  # 11.4 C: roll until the table names a type the target carries
        roll = dice.roll(purpose)
        rolls.append(roll)
        kind = board.tables.weapon_hit[roll]
        if kind in carried:
            return kind


def _damage_weapon(board: Board, target: Galley, kind: str, points: int) -> tuple[Galley, bool]:
    """All points on the most damaged weapon of that type; destroyed at its cost (13.4)."""
    index = max((i for i, w in enumerate(target.weapons) if w.type == kind),
                key=lambda i: (target.weapons[i].damage, -i))
    weapon = target.weapons[index]
    total = weapon.damage + points
    weapons = list(target.weapons)
    destroyed = total >= board.tables.weapons[kind].cost
    if destroyed:
        del weapons[index]
    else:
        weapons[index] = Weapon(kind, total)
    return replace(target, weapons=tuple(weapons)), destroyed


def fire(board: Board, firer_id: str, weapon: str, target_id: str, dice: Dice,
         start: Board) -> None:
    """One missile attack. Modifiers and range were judged on the start of the phase
    (`start`); damage lands on the working board at once, sinking waits (11.1)."""
    firer = start.galley(firer_id)
    target_then = start.galley(target_id)
    assert firer is not None and target_then is not None
    needed = hit_needed(start, weapon, target_then)
    roll = dice.roll(f"fire {firer.id} {weapon}->{target_then.id}")
    hit = roll <= needed
    board.events.append(event("fire", galley=firer.id, weapon=weapon, target=target_then.id,
                              roll=roll, needed=needed, hit=hit))
    if not hit:
        return
    target = board.galley(target_id)
    assert target is not None
    kind = board.tables.weapons[weapon]
    purpose = f"location {firer.id} {weapon}->{target.id}"
    location, rolls = _location(board, target, dice, purpose)
    points = kind.damage
    destroyed = None
    effect = points
    if location == "hull":
        if kind.hull_damage:
            target = replace(target, hull_damage=target.hull_damage + points)
        else:
            effect = 0  # 11.4 A: archers and arbalests do nothing to the hull
    elif location == "rowing":
        was_adrift = target.adrift(board.tables)
        target = replace(target, rowing_damage=target.rowing_damage + points)
        if target.adrift(board.tables) and not was_adrift:
            board.events.append(event("adrift", galley=target.id, cause="rowing banks destroyed"))
    elif location == "boarding_parties":
        effect = min(points, target.boarding_parties)
        target = replace(target, boarding_parties=target.boarding_parties - effect)
    else:
        struck = _weapon_hit(board, target, dice, purpose, rolls)
        target, was_destroyed = _damage_weapon(board, target, struck, points)
        destroyed = struck if was_destroyed else None
        location = f"weapon:{struck}"
    board.put(target)
    board.events.append(event(
        "hit", galley=target.id, by=firer.id, weapon=weapon, location=location,
        damage=effect, location_rolls=tuple(rolls), destroyed=destroyed,
    ))
