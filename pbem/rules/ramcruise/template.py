"""The order template of the open round for a ram / cruise / strategic side (rulings §19): every
line a comment to copy and change, read from the state.

    order_template(state, side) -> tuple[str, ...]

Build lines with the class table and the budget; set-up places within the home edge's zone;
each ship's movement line with its maxima (the ladder, the fatigue limit, grapples and
embedding), DUTY, BREAK, bow, ballista, grapple and melee lines with the targets in reach,
nearest first; and every ship's standing orders, which may be sent in any round (§5.3). Calls
only the rules modules it reads its numbers from (`classes`, `grappling`, `missiles`, `modes`,
`orders`, `scenario`, `state`), `view`'s OFF_TABLE and the table core's footprint distance.
"""

from __future__ import annotations

from pbem.rules.ramcruise.classes import class_table
from pbem.rules.ramcruise.grappling import grapple_reach
from pbem.rules.ramcruise.missiles import BALLISTA_RANGE, BOW_LONG
from pbem.rules.ramcruise.modes import (
    EMBEDDED,
    FATIGUE_COST,
    GRAPPLED,
    immobility,
    ladder_allows,
    reserve_of,
    ship_maximum,
)
from pbem.rules.ramcruise.orders import MODE_NOTATION
from pbem.rules.ramcruise.scenario import SETUP_DEPTH, place_unplaced
from pbem.rules.ramcruise.state import (
    AWAY_HEADING,
    BACK,
    BUILD,
    COMBAT,
    CRUISE,
    MOVE,
    RAM,
    SETUP,
    STRATEGIC,
    GameState,
    Ship,
)
from pbem.rules.ramcruise.view import OFF_TABLE
from pbem.rules.table import footprint_distance


def _inches_of(eighths: int) -> str:
    return f'{eighths / 8:g}"'


def _tenths_within(eighths: int) -> str:
    """The longest distance of one decimal within a maximum in eighths (§6.1, G6)."""
    tenths = eighths * 10 // 8
    return f"{tenths // 10}" + (f".{tenths % 10}" if tenths % 10 else "")


def _gap(state: GameState, first: Ship, second: Ship) -> float:
    return footprint_distance(first.polygon(), second.polygon(), state.epsilon)


def _enemies_within(state: GameState, ship: Ship, reach: float) -> list[str]:
    near = sorted((_gap(state, ship, other), state.order_of(other.id), other.id)
                  for other in state.ships if other.side != ship.side and other.in_play)
    return [name for gap, _, name in near if gap <= reach + state.epsilon]


def _standing_lines(ship: Ship) -> list[str]:
    held = ship.standing
    return [f"# {ship.id}: STANCE {held.stance.upper()}    "
            f"(now: ONBREAK {held.onbreak.upper()}, ONSHEAR {held.onshear.upper()}, "
            f"LOSSES {', '.join(c.upper() for c in held.losses)})"]


def _move_lines(state: GameState, ship: Ship) -> list[str]:
    why = immobility(state, ship)
    row = state.row(ship)
    last = f"last move {MODE_NOTATION[ship.mode]} {ship.speed / 10:g}\""
    if why == GRAPPLED:
        linked = ", ".join(state.grappled_with(ship.id))
        return [f"# {ship.id} ({row.name}, {last}) is grappled to {linked}: it moves only with a "
                "BREAK line naming every one of them, and then only if it breaks free",
                f"# {ship.id}: BREAK {linked}"]
    if why == EMBEDDED:
        back = ship_maximum(state, ship, BACK)
        return [f"# {ship.id} ({row.name}) is embedded in {ship.embedded_in}: it may only BACK off, "
                f"up to {_inches_of(back)}, or STAY",
                f"# {ship.id}: BACK B{_tenths_within(back)}"]
    if why:
        return [f"# {ship.id} ({row.name}) is {why}: it takes no movement line this round"]
    reserve = reserve_of(state, ship)
    limited = state.options.fatigue_limit and reserve is not None
    allowed = [mode for mode in (RAM, CRUISE, STRATEGIC) if ladder_allows(ship.mode, mode)
               and not (limited and reserve is not None and reserve < FATIGUE_COST.get(mode, 0))]
    maxima = []
    for mode in allowed:
        top = ship_maximum(state, ship, mode)
        if mode == RAM:
            least = ship_maximum(state, ship, CRUISE) + 8
            if least <= top:
                maxima.append(f"RAM {_inches_of(least)} to {_inches_of(top)}")
        else:
            maxima.append(f"{MODE_NOTATION[mode]} up to {_inches_of(top)}")
    maxima.append(f"BACK up to {_inches_of(ship_maximum(state, ship, BACK))}")
    fatigue = "" if reserve is None else f", fatigue {reserve}"
    lines = [f"# {ship.id} ({row.name}, {last}{fatigue}): {'; '.join(maxima)}; {row.turns} pivots "
             f"of 1 to {state.options.turn_angle} degrees"]
    mode = CRUISE if CRUISE in allowed else allowed[0] if allowed else ""
    if mode:
        lines.append(f"# {ship.id}: {MODE_NOTATION[mode]} F{_tenths_within(ship_maximum(state, ship, mode))}")
    else:
        lines.append(f"# {ship.id}: STAY    (the ladder and its fatigue leave it only BACK or STAY)")
    if ship.crew.oar:
        lines.append(f"# {ship.id}: DUTY 1 DECK    (crewmen change duty at the end of the half)")
    elif ship.crew.deck and ship.crew.oar < row.oarbanks:
        lines.append(f"# {ship.id}: DUTY 1 OARS    (crewmen change duty at the end of the half)")
    return lines


def _combat_lines(state: GameState, ship: Ship, phasing: bool) -> list[str]:
    if not ship.in_play or ship.routed:
        return []
    lines = []
    if phasing:
        reach = grapple_reach(ship)
        near = [name for name in _enemies_within(state, ship, reach)
                if name not in state.grappled_with(ship.id)]
        if near and ship.crew.total:
            lines.append(f"# {ship.id}: GRAPPLE {', '.join(near)}")
        linked = [name for name in state.grappled_with(ship.id)
                  if state.require(name).side != ship.side]
        if (linked or near) and ship.crew.fighting:
            lines.append(f"# {ship.id}: MELEE {', '.join(linked or near)} PICK MAR, DECK")
        return lines
    shots = min(ship.crew.bowmen, 5 if ship.tower else 4)
    near = _enemies_within(state, ship, BOW_LONG)
    if shots and near:
        targets = (near * shots)[:shots]
        lines.append(f"# {ship.id}: BOW {', '.join(targets)} PICK MAR, BOW, DECK, OAR")
    far = _enemies_within(state, ship, BALLISTA_RANGE)
    if ship.loaded_ballistas(state.phase.turn) and ship.crew.deck and far:
        lines.append(f"# {ship.id}: BALLISTA {', '.join(far[:3])}")
    return lines


def _build_lines(state: GameState) -> list[str]:
    rows = [f"{row.name} {row.points} points, {row.oarbanks} oarbanks, crew up to {row.crew_maximum}"
            for row in class_table(state.options.special_ship).values()]
    return [f"# Build your fleet within {state.options.budget} points, one line a ship, in the "
            "order they are to be listed:",
            "# <ID>: <class> CREWMEN <n> <class> [OARS <n>] BOWMEN <n> <class> MARINES <n> <class> "
            "[TOWER] [BALLISTA <n>] [CORVUS | HARPAX] [ADMIRAL]",
            *(f"#   {row}" for row in rows),
            "# each elite crew type +1 point, each green -1; tower 1, each ballista 1, corvus or "
            "harpax 1",
            "# X1: trireme CREWMEN 4 regular OARS 3 BOWMEN 1 regular MARINES 2 regular ADMIRAL"]


def _setup_lines(state: GameState, side: str) -> list[str]:
    home = state.side(side).home
    placed, _ = place_unplaced(state.ships, state.side(side), state.table)
    lines = [f"# Set-up, one line a ship, <ID>: <x> <y> <heading>, every corner within "
             f"{SETUP_DEPTH:g}\" of the {home} edge, 1/4\" or more from your other ships; heading "
             f"{AWAY_HEADING[home]} faces away from it. A ship you leave out is placed as shown."]
    lines += [f"# {ship.id}: {ship.x:g} {ship.y:g} {ship.heading}" for ship in placed
              if ship.side == side and ship.placed]
    return lines + [line for ship in state.ships_of(side) if ship.status not in OFF_TABLE
                    for line in _standing_lines(ship)]


def order_template(state: GameState, side: str) -> tuple[str, ...]:
    """What a side may fill in for the open round, as comments to copy and change (§19):
    build lines, set-up places, each ship's moves with its maxima, BREAK, DUTY, fire, grapple
    and melee lines with the targets in reach, nearest first, and its standing orders, which
    may be sent in any round (§5.3). Empty when the side may send nothing."""
    kind, phasing = state.phase.kind, state.phasing
    if kind == BUILD:
        return tuple(_build_lines(state))
    mine = [ship for ship in state.ships if ship.side == side and ship.on_table]
    if kind == SETUP:
        if side != state.phase.side:
            waiting = [ship for ship in state.ships_of(side) if ship.status not in OFF_TABLE]
            return (f"# {state.phase.side} sets up; you may send standing orders",
                    *(line for ship in waiting for line in _standing_lines(ship)))
        return tuple(_setup_lines(state, side))
    if kind not in (MOVE, COMBAT):
        return ()
    round_ = state.phase.round
    if kind == MOVE and side == phasing:
        head = f"# Turn {state.phase.turn}, round {round_}: {side} moves (movement, BREAK, DUTY)"
    elif kind == MOVE:
        head = (f"# Turn {state.phase.turn}, round {round_}: {phasing} moves; you may send "
                "standing orders")
    elif side == phasing:
        head = f"# Turn {state.phase.turn}, round {round_}: {side} grapples and melees"
    else:
        head = f"# Turn {state.phase.turn}, round {round_}: {side} fires at {phasing}"
    lines = [head]
    for ship in mine:
        if ship.status not in ("afloat", "sinking"):
            continue
        if kind == MOVE and side == phasing:
            lines += _move_lines(state, ship)
        elif kind == COMBAT:
            lines += _combat_lines(state, ship, side == phasing)
        lines += _standing_lines(ship)
    return tuple(lines)
