"""Modes of a move and what they allow (rulings §6.1–§6.3, §7 `fatigue_limit`): the mode maxima
in eighths of an inch, the ships that may only stay, the ladder, the limits on the ordered
distance (tenths against eighths, G6), the turns a move may hold, and the fatigue a mode needs.

Every class figure and every deduction is a whole number of eighths, and a single halving of an
even number of eighths stays whole, so maxima are exact integers (§6.1).
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.rules.ramcruise.classes import ShipClass
from pbem.rules.ramcruise.orders import MODE_NOTATION, Move
from pbem.rules.ramcruise.state import (
    BACK,
    CRUISE,
    RAM,
    RUNG,
    SINKING,
    STAY,
    STRATEGIC,
    SURRENDERED,
    GameState,
    Ship,
)
from pbem.rules.table import tenths_beyond_eighths_by_one, tenths_within_eighths

EIGHTHS = 8

# 2b: ¼" per unmanned oarbank at strategic and backing, ½" at cruise, 1" at ram (in eighths).
UNMANNED_DEDUCTION: Mapping[str, int] = {STRATEGIC: 2, BACK: 2, CRUISE: 4, RAM: 8}

# §7 `fatigue_limit`: a mode may not cost more than the reserve.
FATIGUE_COST: Mapping[str, int] = {RAM: 8, CRUISE: 3}

# Why a ship may only STAY (§6.1), as the refusal names it.
SHEARED_TWICE, SINKING_SHIP, GRAPPLED, EMBEDDED, STRUCK, ROUTED = (
    "sheared twice", "sinking", "grappled", "embedded", "surrendered", "routed")


def class_figure(row: ShipClass, mode: str) -> int:
    """The class's figure for a mode in inches; BACK uses the strategic one (2b)."""
    if mode == RAM:
        return row.ram
    if mode == CRUISE:
        return row.cruise
    if mode in (STRATEGIC, BACK):
        return row.strategic
    raise ValueError(f"the mode {mode!r} has no maximum")


def maximum_eighths(row: ShipClass, manned: int, sheared: int, mode: str) -> int:
    """M(mode) in eighths (§6.1): the class figure less the unmanned-oarbank deduction, then
    halved if sheared once; below 0 counts as 0. A ship sheared twice is immobile, not slower."""
    unmanned = row.oarbanks - min(row.oarbanks, manned)
    eighths = class_figure(row, mode) * EIGHTHS - UNMANNED_DEDUCTION[mode] * unmanned
    eighths = max(0, eighths)
    if sheared == 1:
        eighths //= 2
    return eighths


def ship_maximum(state: GameState, ship: Ship, mode: str) -> int:
    """A ship's present M(mode) in eighths (§6.1)."""
    row = state.row(ship)
    return maximum_eighths(row, ship.crew.manned(row.oarbanks), ship.sheared, mode)


def immobility(state: GameState, ship: Ship) -> str:
    """Why a ship may only STAY ("" if it may move, §6.1): sheared twice, sinking, grappled,
    embedded (it may still BACK, §9.5), surrendered, or routed (it moves only by §16.6)."""
    if ship.status == SURRENDERED:
        return STRUCK
    if ship.routed:
        return ROUTED
    if ship.status == SINKING:
        return SINKING_SHIP
    if ship.sheared >= 2:
        return SHEARED_TWICE
    if state.grappled_with(ship.id):
        return GRAPPLED
    if ship.embedded_in:
        return EMBEDDED
    return ""


def ladder_allows(previous: str, mode: str) -> bool:
    """`mode_change = ladder` (§6.2): one rung of strategic – cruise – ram per move; STAY and
    BACK are always allowed, and count as the strategic rung afterwards."""
    if mode in (STAY, BACK):
        return True
    return abs(RUNG[mode] - RUNG[previous]) <= 1


def reserve_of(state: GameState, ship: Ship) -> int | None:
    """The fatigue reserve a ship's modes are limited by (§7): its own, its side's with
    `fatigue = fleet`, None with `fatigue = off`."""
    if state.options.fatigue == "off":
        return None
    if state.options.fatigue == "fleet":
        return state.side(ship.side).fatigue
    return ship.fatigue


def _inches(eighths: int) -> str:
    whole, rest = divmod(eighths, EIGHTHS)
    if not rest:
        return f'{whole}"'
    return f'{eighths / EIGHTHS:g}"'


def move_problem(state: GameState, ship: Ship, move: Move, break_exempt: bool = False) -> str:
    """Why §6.1–§6.3 and §7 forbid a movement line ("" if they allow it): immobility (a grappled
    ship with `break_exempt` — a BREAK naming every enemy it is grappled to, §11.4 — is judged as
    if free), the ladder, the fatigue limit, the distance limits, the number and size of pivots.
    The step kinds (F or B for the mode) are the notation's own test."""
    mode = move.mode
    why = immobility(state, ship)
    if why == GRAPPLED and break_exempt:
        why = ""
    if why == EMBEDDED and mode in (BACK, STAY):
        why = ""
    if why and mode != STAY:
        if why == EMBEDDED:
            return (f"{ship.id} is embedded in {ship.embedded_in} and may only BACK off (or STAY) "
                    "until it is clear (§9.5)")
        if why == ROUTED:
            return f"{ship.id} is routed: it moves only by the rout rules and takes no movement line"
        if why == GRAPPLED:
            return (f"{ship.id} is grappled to {', '.join(state.grappled_with(ship.id))}: it may move "
                    "only with a BREAK line naming every enemy it is grappled to (§11.4)")
        return f"{ship.id} is immobile ({why}) and may only STAY (§6.1)"
    if mode == STAY:
        return ""
    if not ladder_allows(ship.mode, mode):
        return (f"{MODE_NOTATION[mode]} is two rungs of the ladder from {ship.id}'s last move "
                f"({MODE_NOTATION[ship.mode]}): strategic, cruise and ram change one rung a move (§6.2)")
    reserve = reserve_of(state, ship)
    cost = FATIGUE_COST.get(mode, 0)
    if state.options.fatigue_limit and reserve is not None and reserve < cost:
        return (f"{MODE_NOTATION[mode]} costs {cost} fatigue and {ship.id}'s reserve is {reserve} "
                "(§7 fatigue_limit)")
    distance = move.distance
    top = ship_maximum(state, ship, mode)
    if mode == BACK and distance <= 0:
        return "a BACK move needs at least one B step"
    if not tenths_within_eighths(distance, top):
        return (f"{distance / 10:g}\" is more than {ship.id}'s {MODE_NOTATION[mode]} maximum of "
                f"{_inches(top)} (§6.1)")
    if mode == RAM:
        cruise = ship_maximum(state, ship, CRUISE)
        if not tenths_beyond_eighths_by_one(distance, cruise):
            return (f"RAM needs a distance at least an inch above {ship.id}'s cruise maximum of "
                    f"{_inches(cruise)}: {_inches(cruise + EIGHTHS)} or more, not {distance / 10:g}\" "
                    "(§6.1)")
    row = state.row(ship)
    if move.pivots > row.turns:
        return (f"a {row.name} makes at most {row.turns} turns a move, not {move.pivots} (§6.3)")
    angle = state.options.turn_angle
    for step in move.steps:
        if step.kind in ("P", "S") and not 1 <= step.amount <= angle:
            return f"{step.notation()}: a pivot is 1 to {angle} whole degrees (§6.3)"
    return ""
