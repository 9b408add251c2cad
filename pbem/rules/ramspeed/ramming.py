"""Ramming (7.0, rulings §4) and shearing (8.0, rulings §5)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import event
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.motion import Halt, Motion
from pbem.rules.ramspeed.state import AFLOAT, Galley
from pbem.rules.ramspeed.tables import roll_needed


def enemy_target(board: Board, galley: Galley, target_id: str, verb: str) -> Galley:
    target = board.galley(target_id)
    if target is None:
        raise Halt(f"there is no galley {target_id} in this game")
    if target.status != AFLOAT:
        gone = "has sunk" if target.status == "sunk" else "has left the map"
        raise Halt(f"{target.id} {gone}")
    if target.id == galley.id:
        raise Halt(f"a galley cannot {verb} itself")
    if target.owner == galley.owner:
        raise Halt(f"{target.id} is friendly; only enemy galleys can be "
                   f"{'rammed' if verb == 'ram' else 'sheared'}")
    return target


def _may_attack(galley: Galley, verb: str, motion: Motion) -> None:
    if galley.captured:
        raise Halt(f"captured galleys may not {verb} (12.4)")
    if galley.merchantman:
        raise Halt(f"merchantmen may not {verb} (15.3)")


def damage_roll(board: Board, attacker: Galley, motion: Motion, purpose: str) -> int:
    kind = board.tables.galleys[attacker.type]
    assert motion.dice is not None
    return sum(motion.dice.roll(purpose) for _ in range(kind.ram_dice)) + kind.ram_bonus


def ram(board: Board, galley: Galley, target_id: str, motion: Motion) -> None:
    """One ram attempt (7.1-7.6). A success stops the rammer for the rest of the turn."""
    target = enemy_target(board, galley, target_id, "ram")
    _may_attack(galley, "ram", motion)
    if motion.ram_tried:
        raise Halt("a galley may attempt only one ram a turn (7.6)")
    assert galley.bow is not None and galley.facing is not None
    ahead = hexes.add(galley.bow, galley.facing)
    if board.occupancy.get(ahead) != target.id.upper():
        raise Halt(
            f"{target.id} is not directly ahead of {galley.id}'s bow "
            f"(the hex ahead is {hexes.label(ahead)})",
            accepted="RAM when the hex in front of the bow belongs to the target.",
        )
    need = -(-motion.allowance // 2)
    if motion.spent < need:
        raise Halt(
            f"{galley.id} must spend at least {need} MA before ramming; it has spent "
            f"{motion.spent} (7.1)",
            accepted=f"move at least {need} MA first, or drop DOUBLE/TRIPLE.",
        )
    motion.ram_tried = True
    assert target.bow is not None and target.facing is not None
    t_hexes = board.hexes_of(target.id.upper())
    if galley.bow == hexes.add(t_hexes[-1], hexes.opposite(target.facing)):
        angle = "stern"
    elif galley.bow == hexes.add(target.bow, target.facing):
        angle = "bow"
    else:
        angle = "flank"
    mods = board.tables.ram_modifiers
    modifier = mods.get(angle, 0)
    if target.grappled_with:
        modifier += mods["grappled"]
    if target.counts_as_drifting(board.tables):
        modifier += mods["drifting"]
    table = board.tables.ram_shear[(galley.type, target.type)]
    needed = table - modifier
    motion.echo.append(f"RAM {target.id} ({angle}, {roll_needed(needed)})")
    if motion.dice is None:
        return
    roll = motion.dice.roll(f"ram {galley.id}->{target.id}")
    success = roll + modifier <= table
    damage = 0
    if success:
        damage = damage_roll(board, galley, motion, f"ram damage {galley.id}->{target.id}")
        damage *= motion.speed
    board.events.append(event(
        "ram", galley=galley.id, target=target.id, roll=roll, needed=needed, angle=angle,
        modifier=modifier, success=success, damage=damage,
    ))
    if success:
        motion.stopped = True
        hull = target.hull_damage + damage
        board.put(replace(target, hull_damage=hull))
        if hull >= board.tables.galleys[target.type].sink:
            board.sink(target.id.upper())


def shear(board: Board, galley: Galley, target_id: str, motion: Motion) -> None:
    """One shear attempt (8.1-8.7): rowing damage, capped, and a drift next movement."""
    target = enemy_target(board, galley, target_id, "shear")
    _may_attack(galley, "shear", motion)
    if not motion.forward_made:
        raise Halt("a galley must make a forward step this turn before it can shear (8.1)")
    if motion.last_move == "R":
        raise Halt("a galley cannot shear straight after reverse movement (8.1)")
    assert galley.bow is not None and galley.facing is not None
    assert target.bow is not None and target.facing is not None
    d = target.facing
    if galley.facing not in (d, hexes.opposite(d)):
        raise Halt(
            f"{galley.id} must lie parallel to {target.id} to shear: facing "
            f"{hexes.FACINGS[d]} or {hexes.FACINGS[hexes.opposite(d)]}"
        )
    length = board.tables.galleys[target.type].length
    row = None
    for side in (-1, 1):
        candidate = hexes.side_row(target.bow, d, length, side)
        end = (hexes.add(candidate[0], d) if galley.facing == d
               else hexes.add(candidate[-1], hexes.opposite(d)))
        if galley.bow == end:
            row = candidate
    if row is None:
        raise Halt(
            f"{galley.id}'s bow is not one hex past {target.id}'s bow or stern alongside it (8.1)"
        )
    missing = [hexes.label(h) for h in row if h not in motion.trace]
    if missing:
        raise Halt(
            f"{galley.id} has not passed along the whole side of {target.id} this turn; "
            f"it never occupied {', '.join(missing)} (8.1)"
        )
    opposite = galley.facing != d
    mods = board.tables.shear_modifiers
    modifier = (mods["grappled"] if target.grappled_with else 0) + (
        mods["opposite"] if opposite else 0
    )
    table = board.tables.ram_shear[(galley.type, target.type)]
    needed = table - modifier
    motion.echo.append(f"SHEAR {target.id} ({roll_needed(needed)})")
    if motion.dice is None:
        return
    roll = motion.dice.roll(f"shear {galley.id}->{target.id}")
    success = roll + modifier <= table
    damage = 0
    if success:
        rolled = damage_roll(board, galley, motion, f"shear damage {galley.id}->{target.id}")
        damage = min(rolled, board.tables.galleys[target.type].shear_cap)  # 8.5
    board.events.append(event(
        "shear", galley=galley.id, target=target.id, roll=roll, needed=needed,
        modifier=modifier, success=success, damage=damage,
    ))
    if damage > 0:
        was_adrift = target.adrift(board.tables)
        changed = replace(target, rowing_damage=target.rowing_damage + damage, drifting=True)
        board.put(changed)
        if changed.adrift(board.tables) and not was_adrift:
            board.events.append(event("adrift", galley=target.id, cause="rowing banks destroyed"))
