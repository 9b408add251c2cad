"""Grappling (9.0) and ungrappling (10.0), rulings §6."""

from __future__ import annotations

from pbem.rules.errors import IllegalOrderError
from pbem.rules.events import event
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.motion import Halt, Motion
from pbem.rules.ramspeed.state import AFLOAT
from pbem.rules.ramspeed.tables import roll_needed

MAX_UNGRAPPLE_ATTEMPTS = 2


def ungrapple(board: Board, key: str, targets: tuple[str, ...], motion: Motion) -> None:
    """Ungrapple attempts at the start of movement; sets how far the galley may move."""
    galley = board.galley(key)
    assert galley is not None
    at_start = {g.upper() for g in galley.grappled_with}
    if targets and not at_start:
        raise Halt(f"{galley.id} is not grappled; drop UNGRAPPLE")
    attempts = 0
    for name in targets:
        galley = board.galley(key)
        assert galley is not None
        now = {g.upper() for g in galley.grappled_with}
        if name:
            if name.upper() not in at_start:
                raise Halt(f"{galley.id} is not grappled with {name}")
            if name.upper() not in now:
                motion.echo.append(f"UNGRAPPLE {name} (only if still grappled)")
                continue
            chosen = [name.upper()]
        else:
            enemies = sorted(k for k in now if board.galleys[k].owner != galley.owner)
            chosen = enemies[:1] or sorted(now)  # no enemy left: let go of every friend
            if not chosen:
                motion.echo.append("UNGRAPPLE (only if still grappled)")
                continue
        for other_key in chosen:
            other = board.galleys[other_key]
            if other.owner == galley.owner:
                board.unlink(key, other_key)  # friendly grapples part freely (10.0)
                board.events.append(event(
                    "ungrapple", galley=galley.id, target=other.id, roll=None, needed=None,
                    success=True, automatic=True,
                ))
                motion.echo.append(f"UNGRAPPLE {other.id} (friendly, automatic)")
                continue
            attempts += 1
            if attempts > MAX_UNGRAPPLE_ATTEMPTS:
                raise Halt("a galley may make at most two ungrapple attempts a turn (10.0)")
            needed = board.tables.grapple[(galley.type, other.type)]
            motion.echo.append(f"UNGRAPPLE {other.id} ({roll_needed(needed)})")
            if motion.dice is None:
                success = True
            else:
                roll = motion.dice.roll(f"ungrapple {galley.id}-{other.id}")
                success = roll <= needed
                board.events.append(event(
                    "ungrapple", galley=galley.id, target=other.id, roll=roll, needed=needed,
                    success=success, automatic=False,
                ))
            if success:
                board.unlink(key, other_key)
    galley = board.galley(key)
    assert galley is not None
    base = galley.base_ma(board.tables)
    if galley.grappled_with:
        motion.can_move = False
        names = ", ".join(sorted(galley.grappled_with))
        motion.cannot_move_because = (
            f"{galley.id} is grappled with {names} and cannot move (9.3)"
        )
    elif attempts >= MAX_UNGRAPPLE_ATTEMPTS:
        motion.can_move = False
        motion.cannot_move_because = (
            f"{galley.id} may not move after a second ungrapple attempt (10.0)"
        )
    elif attempts == 1:
        motion.allowance = base // 2
    else:
        motion.allowance = base * motion.speed


def grapple(board: Board, key: str, targets: tuple[str, ...], motion: Motion) -> None:
    """Grapple attempts when the galley's movement ends (9.1-9.5)."""
    for name in targets:
        galley = board.galley(key)
        assert galley is not None
        if galley.status != AFLOAT:
            return
        target = board.galley(name)
        problem = ""
        if target is None:
            problem = f"there is no galley {name} in this game"
        elif target.id == galley.id:
            problem = "a galley cannot grapple itself"
        elif target.status != AFLOAT:
            problem = f"{target.id} is no longer on the map"
        elif not hexes.touching(board.hexes_of(key), board.hexes_of(target.id.upper())):
            problem = f"{target.id} is not next to {galley.id} when its movement ends (9.1)"
        if problem or target is None:
            if motion.checking:
                raise IllegalOrderError(problem, accepted="GRAPPLE a galley next to yours.")
            board.events.append(event(
                "grapple", galley=galley.id, target=name, roll=None, needed=None,
                success=False, reason=problem,
            ))
            continue
        if target.id in galley.grappled_with:
            motion.echo.append(f"GRAPPLE {target.id} (already grappled)")
            continue
        if target.owner == galley.owner:
            board.link(key, target.id)
            motion.echo.append(f"GRAPPLE {target.id} (friendly, automatic)")
            board.events.append(event(
                "grapple", galley=galley.id, target=target.id, roll=None, needed=None,
                success=True, automatic=True,
            ))
            continue
        needed = board.tables.grapple[(galley.type, target.type)]
        motion.echo.append(f"GRAPPLE {target.id} ({roll_needed(needed)})")
        if motion.dice is None:
            continue
        roll = motion.dice.roll(f"grapple {galley.id}-{target.id}")
        success = roll <= needed
        board.events.append(event(
            "grapple", galley=galley.id, target=target.id, roll=roll, needed=needed,
            success=success, automatic=False,
        ))
        if success:
            board.link(key, target.id)
