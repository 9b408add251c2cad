"""The order template of the open round for a speed-band side (rulings §4, §21): every line a
comment to copy and change, read from the state.

    order_template(state, side) -> tuple[str, ...]

Set-up: each ship with its table position and the zone it may be placed in (§18). Round 1: each
ship that takes orders with the bands it may write this turn and their speeds, the turns its
bands allow and its turn angle (§3), the enemies it could ram or grapple nearest first, its
reaction and, with a corvus, the corvus line; fleeing ships and prizes are named as taking no
orders (§14.3, §15). Round 2: archers and ballistae with the enemies within long range (§12.1),
MELEE with the ships it is locked with (§13.1), and the standing orders now in force (§4).
"""

from __future__ import annotations

from pbem.rules.speedband import fronts
from pbem.rules.speedband.bands import allowed_bands, moving_row
from pbem.rules.speedband.missiles import RANGES
from pbem.rules.speedband.orders import ARCHERS, BALLISTA, tenths
from pbem.rules.speedband.scenario import HOME_EDGE, SETUP_DEPTH
from pbem.rules.speedband.shiptypes import BACK, SECTIONS, STOP, TURNS_BY_BAND
from pbem.rules.speedband.state import (
    AFLOAT,
    COMBAT,
    FLEEING,
    ORDERS,
    SETUP,
    GameState,
    Ship,
)
from pbem.rules.table import footprint_distance

LONGEST = {weapon: bands[-1][1] for weapon, bands in RANGES.items()}


def _gap(state: GameState, first: Ship, second: Ship) -> float:
    return footprint_distance(first.polygon, second.polygon, state.epsilon)


def _enemies_within(state: GameState, ship: Ship, reach: float) -> list[str]:
    near = sorted((_gap(state, ship, other), state.order_of(other.id), other.id)
                  for other in state.ships
                  if other.active and state.enemies(ship, other))
    return [name for gap, _, name in near if gap <= reach + state.epsilon]


def _band_words(state: GameState, ship: Ship) -> str:
    row = moving_row(ship, state.options)
    words = []
    for band in allowed_bands(ship, state.options):
        if band == STOP:
            words.append("SPEED 0 (stop)")
        elif band == BACK:
            words.append(f"BACK up to {tenths(row.back)} (back oars)")
        else:
            words.append(f"SPEED up to {tenths(row.band_maximum(band))} ({band}, "
                         f"{TURNS_BY_BAND[band]} turn{'s' if TURNS_BY_BAND[band] != 1 else ''})")
    return "; ".join(words)


def _setup_lines(state: GameState, side: str) -> list[str]:
    edge = HOME_EDGE.get(side, "")
    height = state.table.height
    zone = (f"y 0 to {SETUP_DEPTH:g}" if edge == "south"
            else f"y {height - SETUP_DEPTH:g} to {height:g}")
    lines = [f"# Free set-up: place each ship with every corner within {SETUP_DEPTH:g}\" of the "
             f"{edge} edge ({zone}); a ship not placed keeps its table position.",
             "# <ship>: <x> <y> <heading>"]
    for ship in state.ships:
        if ship.side == side:
            lines.append(f"# {ship.id}: {ship.x:g} {ship.y:g} {ship.heading}    ({ship.type})")
    return lines


def _movement_lines(state: GameState, ship: Ship) -> list[str]:
    row = moving_row(ship, state.options)
    if ship.status == FLEEING:
        return [f"# {ship.id} is fleeing: the judge writes its orders (it takes none)."]
    turns = ("no turns (all oar sections lost)" if ship.lost_sections == SECTIONS
             else f"turns of up to {row.turn_angle} degrees after 2\" of straight run")
    lines = [f"# {ship.id} ({ship.type}, hull {ship.hull}%, last band {ship.last_band}, "
             f"maximum band {ship.max_band}): {_band_words(state, ship)}; {turns}",
             f"# {ship.id}: SPEED <s> [F<d> P<deg>|S<deg> ... A] [RAM <target> [PORT|STARBOARD]]"
             f"    or BACK <s>"]
    close = _enemies_within(state, ship, 20.0)
    if close:
        lines.append(f"# {ship.id}: RAM or GRAPPLE one of {', '.join(close)} (nearest first)")
    lines.append(f"# {ship.id}: REACT IGNORE    (or REACT SHEAR, REACT AVOID [path])")
    lines.append(f"# {ship.id}: GRAPPLE ANY    (or GRAPPLE <ship>, <ship>)")
    if ship.corvus and not ship.corvus_holds:
        lines.append(f"# {ship.id}: CORVUS <ship>[, <ship>]    (drops at the end of movement)")
    lines.append(f"# {ship.id}: CUT {ship.standing.cut.upper()}    (standing; ENEMY, ALL or NONE)")
    return lines


def _locked_with(state: GameState, ship: Ship) -> list[str]:
    """The enemies the ship is locked with (§13.1, as the melee reads it)."""
    return [other.id for other in state.ships if fronts.locked(state, ship.id, other.id)]


def _combat_lines(state: GameState, ship: Ship) -> list[str]:
    if ship.status == FLEEING:
        return [f"# {ship.id} is fleeing: it does not fire and only defends in a melee."]
    lines: list[str] = []
    for weapon, count in ((ARCHERS, ship.archers), (BALLISTA, ship.ballistae)):
        targets = _enemies_within(state, ship, LONGEST[weapon])
        if count and targets:
            lines.append(f"# {ship.id}: {weapon.upper()} <n> <target> [<type>], ...    "
                         f"({count} aboard; within {LONGEST[weapon]:g}\": {', '.join(targets)})")
    locked = _locked_with(state, ship)
    held = ship.standing
    if locked:
        lines.append(f"# {ship.id}: MELEE {held.melee or locked[0]}    (locked with "
                     f"{', '.join(locked)}; MELEE OFF to hold back)")
    lines.append(f"# {ship.id}: LOSSES {' '.join(kind.upper() for kind in held.losses)}    "
                 "(standing: the order its crews are lost in)")
    if ship.corvus_holds:
        lines.append(f"# {ship.id}: RAISE    (standing: free its corvus from {ship.corvus_holds})")
    for other in state.ships:
        if other.corvus_holds.upper() == ship.id.upper():
            lines.append(f"# {ship.id}: BREAK {other.id}    (standing: destroy {other.id}'s corvus)")
    if state.options.opt_transfer:
        lines.append(f"# {ship.id}: TRANSFER <n> ARCHERS|SOLDIERS|OFFICERS TO <friend>")
    return lines


def order_template(state: GameState, side: str) -> tuple[str, ...]:
    """The commented lines of the open phase for one side (empty when it has nothing to
    order)."""
    phase = state.phase
    if phase.kind == SETUP:
        return tuple(_setup_lines(state, side)) if phase.side == side else ()
    if phase.kind not in (ORDERS, COMBAT):
        return ()
    lines: list[str] = []
    for ship in state.ships:
        if ship.owner != side:
            continue
        if ship.status not in (AFLOAT, FLEEING):
            if ship.on_table:
                lines.append(f"# {ship.id} is a prize ({ship.status}): it takes no orders.")
            continue
        lines.extend(_movement_lines(state, ship) if phase.kind == ORDERS
                     else _combat_lines(state, ship))
    return tuple(lines)
