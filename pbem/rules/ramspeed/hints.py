"""What a side's galleys can do in the next phase: the comments of the order template.

Uses only what the side may know: its own galleys' records and everyone's positions.
"""

from __future__ import annotations

from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.movement import MAX_DOUBLE
from pbem.rules.ramspeed.placement import zone_text
from pbem.rules.ramspeed.state import AFLOAT, Galley, GameState
from pbem.rules.ramspeed.tables import Tables, default_tables

_SPEED_WORDS = {1: "", 2: "DOUBLE", 3: "TRIPLE"}


def _free_footprint(board: Board, key: str, bow: hexes.Hex, facing: int,
                    length: int) -> tuple[hexes.Hex, ...] | None:
    """The hexes at this bow and facing, if all are on the map and free of other galleys."""
    inside = hexes.map_hexes(board.columns, board.rows)
    occupancy = board.occupancy
    dq, dr = hexes.DIRECTIONS[facing % 6]
    q, r = bow
    footprint = tuple((q - dq * k, r - dr * k) for k in range(length))  # hexes.footprint
    for hex_ in footprint:
        if hex_ not in inside:
            return None
        holder = occupancy.get(hex_)
        if holder is not None and holder != key:
            return None
    return footprint


Free = dict[tuple[hexes.Hex, int], tuple[hexes.Hex, ...] | None]  # (bow, facing) -> footprint


State = tuple[hexes.Hex, int, bool, bool]  # bow, facing, after a forward step, turned


def reachable(board: Board, galley: Galley, allowance: int, speed: int,
              tables: Tables, free: Free | None = None) -> set[tuple[hexes.Hex, ...]]:
    """Every footprint the galley can stop on or pass through this movement phase with this
    allowance and speed (6.2-6.8): forward 1, sideslip 1 straight after a forward step,
    course changes at their cost (one a turn even when short) and reverse 2 at speed 1 only;
    never onto another galley, never off the map (that would leave it). `free`: the
    footprints already looked at for this galley on this board (kept, and added to)."""
    free = {} if free is None else free
    return _footprints(board, galley, _costs(board, galley, allowance, speed, tables, free),
                       allowance, free)


def _costs(board: Board, galley: Galley, allowance: int, speed: int, tables: Tables,
           free: Free) -> dict[State, int]:
    """The least allowance spent to reach each state the galley can reach (its start at 0).
    Above speed 1 the moves do not depend on the allowance, only whether one is left: the
    states of a smaller allowance are those that cost no more (_footprints)."""
    key = galley.id.upper()
    assert galley.bow is not None and galley.facing is not None
    kind = tables.galleys[galley.type]
    length, cost = kind.length, kind.course_change_cost
    directions = hexes.DIRECTIONS
    first = (galley.bow, galley.facing, False, False)
    best = {first: 0}
    todo = [first]
    while todo:
        state = todo.pop()
        bow, facing, after_forward, turned = state
        spent_here = best[state]
        left = allowance - spent_here
        q, r = bow
        moves: list[tuple[hexes.Hex, int, int, bool, bool]] = []
        if left >= 1:
            dq, dr = directions[facing % 6]
            moves.append(((q + dq, r + dr), facing, 1, True, turned))  # forward (hexes.add)
            if after_forward:  # a sideslip to either side
                for side in (-1, 1):
                    dq, dr = directions[(facing + side) % 6]
                    moves.append(((q + dq, r + dr), facing, 1, False, turned))
        if speed == 1:
            if left >= cost or not turned:  # the first course change is always allowed (6.5)
                step = min(cost, left)
                moves.append((bow, (facing - 1) % 6, step, False, True))
                moves.append((bow, (facing + 1) % 6, step, False, True))
            if left >= 2:  # reverse
                dq, dr = directions[(facing + 3) % 6]
                moves.append(((q + dq, r + dr), facing, 2, False, turned))
        for new_bow, new_facing, step_cost, forward, now_turned in moves:
            spot = (new_bow, new_facing)
            footprint = free.get(spot, free)  # (`free` itself: not looked at yet)
            if footprint is free:
                footprint = free[spot] = _free_footprint(board, key, new_bow, new_facing, length)
            if footprint is None:
                continue
            nxt = (new_bow, new_facing, forward, now_turned)
            spent = spent_here + step_cost
            known = best.get(nxt)
            if known is not None and known <= spent:
                continue
            best[nxt] = spent
            todo.append(nxt)
    return best


def _footprints(board: Board, galley: Galley, best: dict[State, int], allowance: int,
                free: Free) -> set[tuple[hexes.Hex, ...]]:
    """The galley's footprint now, and that of every state reached for at most `allowance`
    (each found free by _costs)."""
    first = (galley.bow, galley.facing, False, False)
    seen = {board.hexes_of(galley.id.upper())}
    for state, spent in best.items():
        if spent <= allowance and state != first:
            footprint = free[(state[0], state[1])]
            assert footprint is not None
            seen.add(footprint)
    return seen


def _speeds(board: Board, galley: Galley, tables: Tables) -> list[tuple[int, int]]:
    """(speed, MA) the galley may move at this phase, slowest first."""
    base = galley.base_ma(tables)
    if any((partner := board.galley(g)) is not None and partner.owner != galley.owner
           for g in galley.grappled_with):
        return [(1, base // 2)]  # one clean ungrapple from an enemy leaves half its MA (10.0)
    speeds = [(1, base)]
    if not galley.merchantman:
        if galley.double_used < MAX_DOUBLE:
            speeds.append((2, base * 2))
        if not galley.triple_used and not galley.captured:
            speeds.append((3, base * 3))
    return speeds


def within_reach(board: Board, galley: Galley, tables: Tables,
                 around: dict[str, frozenset[hexes.Hex]] | None = None
                 ) -> list[tuple[int, str, int]]:
    """Enemies the galley could come next to in this movement phase, and so ram, shear or
    grapple: (hexes away now, ID, the least speed that reaches it), nearest first.
    `around`: each galley's hexes and their neighbours on this board, by ID, as far as
    already found (kept, and added to: every galley of a side asks of the same enemies)."""
    around = {} if around is None else around
    key = galley.id.upper()
    if galley.bow is None or galley.facing is None:
        return []
    if galley.must_drift(tables):  # it goes one hex ahead by itself, if it can (6.10)
        footprints = {board.hexes_of(key)}
        ahead = _free_footprint(board, key, hexes.add(galley.bow, galley.facing),
                                galley.facing, tables.galleys[galley.type].length)
        if ahead is not None:
            footprints.add(ahead)
        reach = [(1, footprints)]
    else:
        free: Free = {}
        speeds = _speeds(board, galley, tables)
        # DOUBLE and TRIPLE move alike: one search at the larger allowance serves both
        top = max((allowance for speed, allowance in speeds if speed > 1), default=0)
        fast = _costs(board, galley, top, 2, tables, free) if top else {}
        reach = [(speed, reachable(board, galley, allowance, speed, tables, free)
                  if speed == 1 else _footprints(board, galley, fast, allowance, free))
                 for speed, allowance in speeds]
    mine = board.hexes_of(key)
    # within one hex of some footprint it can end on: one of the enemy's hexes, or one of
    # their neighbours, is a hex of such a footprint (a hex's neighbours are each other's)
    held = [(speed, {h for f in footprints for h in f}) for speed, footprints in reach]
    found = []
    for other in board.galleys.values():
        if other.owner == galley.owner or other.status != AFLOAT or not other.placed:
            continue
        theirs = board.hexes_of(other.id.upper())
        close = around.get(other.id)
        if close is None:
            close = around[other.id] = frozenset(n for h in theirs
                                                 for n in (h, *hexes.neighbours(h)))
        for speed, hexes_held in held:
            if not close.isdisjoint(hexes_held):
                found.append((hexes.galley_distance(mine, theirs), other.id, speed))
                break
    return sorted(found)


def _grapples(board: Board, galley: Galley, tables: Tables) -> str:
    """What the galley's grapples let it do (9.3, 10.0, rulings §6 and §9): an enemy grapple
    needs a roll and leaves half the MA; a friendly one, a captured prize too, parts freely."""
    enemies, friends = [], []
    for other_id in sorted(galley.grappled_with):
        partner = board.galley(other_id)
        if partner is None:
            continue
        if partner.owner != galley.owner:
            enemies.append(partner.id)
        else:
            friends.append(f"{partner.id} (your prize)" if partner.captured else partner.id)
    drifting = galley.must_drift(tables)
    if enemies:
        text = (f"grappled with enemy {', '.join(enemies)}: begin with UNGRAPPLE (a roll) to "
                + ("drift" if drifting else
                   f"move; after one clean try at most half MA ({galley.base_ma(tables) // 2}), "
                   "after a second try none (10.0)"))
        if friends:
            text += f"; the grapple with friendly {', '.join(friends)} parts without a roll"
        return text
    return (f"grappled only with friendly {', '.join(friends)}: UNGRAPPLE casts off without a "
            "roll, " + ("then it drifts" if drifting else
                        "then the full MA (DOUBLE and TRIPLE allowed)")
            + "; with no UNGRAPPLE it stays grappled and does not move (10.0)")


def _movement(board: Board, galley: Galley, tables: Tables,
              around: dict[str, frozenset[hexes.Hex]] | None = None) -> list[str]:
    kind = tables.galleys[galley.type]
    lines = [f"MA {galley.base_ma(tables)}"
             + (f", course change {kind.course_change_cost}" if not galley.must_drift(tables) else "")]
    if galley.must_drift(tables):
        lines.append("must drift: it moves one hex ahead by itself; it may still UNGRAPPLE "
                     "and GRAPPLE but not ram or shear")
    else:
        speeds = []
        if not galley.merchantman:
            speeds.append(f"DOUBLE {MAX_DOUBLE - galley.double_used} left")
            if not galley.triple_used and not galley.captured:
                speeds.append("TRIPLE once")
        if speeds:
            lines.append(", ".join(speeds))
    if galley.grappled_with:
        lines.append(_grapples(board, galley, tables))
    near = within_reach(board, galley, tables, around)
    if near:
        lines.append("enemies within reach this phase (hexes now): " + ", ".join(
            f"{gid} at {distance}" + (f" ({_SPEED_WORDS[speed]})" if speed > 1 else "")
            for distance, gid, speed in near[:4]))
    return lines


def suggested_combat(board: Board, galley: Galley, tables: Tables) -> str:
    """A combat line for the template: each weapon at the nearest enemy it reaches."""
    mine = board.hexes_of(galley.id.upper())
    shots = []
    if not galley.captured:
        for weapon in galley.weapons:
            kind = tables.weapons[weapon.type]
            reach = sorted(
                (hexes.galley_distance(mine, board.hexes_of(o.id.upper())), o.id)
                for o in board.galleys.values()
                if o.owner != galley.owner and o.status == AFLOAT and o.placed)
            for distance, target in reach:
                if kind.min_range <= distance <= kind.max_range:
                    shots.append(f"{weapon.type} {target}")
                    break
    return f"FIRE {', '.join(shots)}" if shots else ""


def _combat(board: Board, galley: Galley, tables: Tables) -> list[str]:
    mine = board.hexes_of(galley.id.upper())
    lines = []
    if not galley.captured:
        for weapon in galley.weapons:
            kind = tables.weapons[weapon.type]
            targets = []
            for other in board.galleys.values():
                if other.owner == galley.owner or other.status != AFLOAT or not other.placed:
                    continue
                distance = hexes.galley_distance(mine, board.hexes_of(other.id.upper()))
                if kind.min_range <= distance <= kind.max_range:
                    targets.append(f"{other.id} ({distance})")
            if targets:
                lines.append(f"FIRE {weapon.type}: {', '.join(targets)}")
    for other_id in sorted(galley.grappled_with):
        partner = board.galleys.get(other_id.upper())
        if partner is None:
            continue
        if partner.owner != galley.owner:
            parties = galley.boarding_parties
            lines.append(f"BOARD {partner.id} (you have {parties} "
                         f"{'party' if parties == 1 else 'parties'})")
        elif galley.boarding_parties:
            lines.append(f"TRANSFER n TO {partner.id}")
    return lines or ["nothing to do in this phase"]


def order_hints(state: GameState, side: str, kind: str, zone: str = "",
                tables: Tables | None = None) -> dict[str, list[str]]:
    """For each galley `side` commands (or, at set-up, must place): comment lines, and last
    the line the order template starts from ("" for none)."""
    tables = tables or default_tables()
    board = Board(state, tables)
    hints: dict[str, list[str]] = {}
    around: dict[str, frozenset[hexes.Hex]] = {}  # the enemies' hexes and neighbours, once
    for galley in state.galleys:
        if galley.owner != side or galley.status != AFLOAT:
            continue
        if kind == "setup":
            if not galley.placed:
                length = tables.galleys[galley.type].length
                hints[galley.id] = [f"{galley.type}, {length} hexes: bow hex and facing, every "
                                    f"hex {zone_text(zone, state.columns, state.rows)}",
                                    "CCRR FACING"]
            continue
        if not galley.placed:
            continue
        current = board.galley(galley.id) or galley
        if kind == "movement":
            hints[galley.id] = [*_movement(board, current, tables, around), "STAY"]
        else:
            hints[galley.id] = [*_combat(board, current, tables),
                                suggested_combat(board, current, tables)]
    return hints
