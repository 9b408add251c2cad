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


def _near(board: Board, galley: Galley, owner: str, tables: Tables) -> list[str]:
    mine = board.hexes_of(galley.id.upper())
    found = []
    for other in board.galleys.values():
        if other.owner == owner or other.status != AFLOAT or not other.placed:
            continue
        distance = hexes.galley_distance(mine, board.hexes_of(other.id.upper()))
        if distance <= tables.galleys[galley.type].movement_allowance * 2 + 1:
            found.append((distance, other.id))
    return [f"{gid} at {d}" for d, gid in sorted(found)[:4]]


def _movement(board: Board, galley: Galley, tables: Tables) -> list[str]:
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
        lines.append(f"grappled with {', '.join(sorted(galley.grappled_with))}: begin with "
                     "UNGRAPPLE to move (half MA after one clean try)")
    near = _near(board, galley, galley.owner, tables)
    if near:
        lines.append("enemies within reach (hexes): " + ", ".join(near))
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
            lines.append(f"BOARD {partner.id} (you have {galley.boarding_parties} parties)")
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
            hints[galley.id] = [*_movement(board, current, tables), "STAY"]
        else:
            hints[galley.id] = [*_combat(board, current, tables),
                                suggested_combat(board, current, tables)]
    return hints
