"""The order template of the open phase for a Wooden Walls side (rulings §6, §19, §20; build plan
§1.5, §3, §6), read from the state. Comments start with `#`; every line not commented is one
`check.check_lines` accepts.

    order_template(state, side) -> tuple[str, ...]

Set-up (§6.1, §19): the side's allotment, and each ship's QUALITY line (the allotment best first
in scenario order, what stands without one) and its POST line (where its elements stand now),
all commented. A leg, a movement part or a round (§6.2): an `ORDER` line of the side's ships that
move, each ship's queue entries written out with its default segment (F1 at speed 1-4, B0.5
backing, HOLD stopped), its limits (turn, pivot, advance: §4.3, §7.2; these depend on its own
crew's quality, so they are shown only for the side's own ships, §16) and a `SPEED` line
commented with the action phases `@n` may name. The deck part of a leg, a deck mail and a round:
the deck lines commented with the ship's areas and elements. Fleeing ships take no segments
(§15.5) and are named as such; hulks and fled ships are left out.
"""

from __future__ import annotations

from collections import Counter

from pbem.rules.woodenwalls.check import LEG_ENTRIES, LEG_PHASES, ROUND_ENTRIES, ROUND_PHASES
from pbem.rules.woodenwalls.elements import current_post
from pbem.rules.woodenwalls.macros import default_segment
from pbem.rules.woodenwalls.rounds import DECK, LEG, MOVEMENT, ROUND, SETUP
from pbem.rules.woodenwalls.scenario import allotment_of, allotment_text
from pbem.rules.woodenwalls.shiptypes import ENGINE, MARINES, OPEN, SHOOTERS
from pbem.rules.woodenwalls.speeds import limits, max_speed
from pbem.rules.woodenwalls.state import FLEEING, GameState, Ship

MOVING_KINDS = (LEG, MOVEMENT, ROUND)
DECK_KINDS = (LEG, DECK, ROUND)


def _sl(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _own(state: GameState, side: str) -> list[Ship]:
    return [ship for ship in state.controlled_by(side) if ship.afloat]


def _setup_lines(state: GameState, side: str) -> list[str]:
    ships = [ship for ship in state.ships if ship.side == side and ship.afloat]
    allotment = allotment_of(state).get(side, ())
    lines = [f"# Set-up (§6.1, §19): crew qualities, one QUALITY line for each of your ships, "
             f"exactly the allotment {allotment_text(allotment)}; without them the allotment "
             "goes best first in scenario order (as below).",
             "# POST places every marine (M) and shooter (S) of a ship; without it they stay "
             "as below."]
    for number, ship in enumerate(ships):
        quality = allotment[number] if number < len(allotment) else ship.quality
        lines.append(f"# {ship.id}: QUALITY {quality}    ({ship.type})")
    for ship in state.controlled_by(side):
        if ship.afloat:
            lines.append(f"# {ship.id}: {current_post(ship)}")
    return lines


def _entries(state: GameState) -> int:
    return ROUND_ENTRIES if state.phase.kind == ROUND else LEG_ENTRIES[state.phase.leg]


def _phases(state: GameState) -> int:
    return ROUND_PHASES if state.phase.kind == ROUND else LEG_PHASES[state.phase.leg]


def _limits_text(state: GameState, ship: Ship) -> str:
    found = limits(state, ship)
    if ship.speed == 0:
        return f"stopped: pivots up to {found.pivot:g} degrees a segment"
    advance = (f"advances exactly {_sl(found.advance_min)} SL (over-crewed)"
               if found.over_crewed else
               f"advances {_sl(found.advance_min)} to {_sl(found.advance_max)} SL")
    return f"turns up to {found.turn:g} degrees a segment, {advance}"


def _movement_lines(state: GameState, ship: Ship) -> list[str]:
    if ship.flag == FLEEING:
        return [f"# {ship.id} is fleeing: the judge moves it (§15.5); no segments."]
    segment = default_segment(ship).notation()
    lines = [f"# {ship.id} ({ship.type}, speed {ship.speed}, maximum {max_speed(state, ship)}): "
             f"{_limits_text(state, ship)}"]
    lines.extend(f"{ship.id}/{number}: {segment}" for number in range(1, _entries(state) + 1))
    phases = _phases(state)
    at = f"@<n>    (n 1 to {phases}: the end of that action phase)" if phases > 1 else "@1"
    lines.append(f"# {ship.id}: SPEED 0|1|2|3|4|B {at}")
    return lines


def _aboard(ship: Ship, area: str) -> str:
    counted = Counter((element.side, element.kind, element.grade) for element in ship.elements
                      if element.area == area)
    words = [f"{number} {_kind_word(kind, number)}" + (f" ({grade})" if grade else "")
             + ("" if element_side == ship.owner else f" of {element_side}")
             for (element_side, kind, grade), number in counted.items()]
    return ", ".join(words) or "empty"


def _kind_word(kind: str, number: int) -> str:
    # "1 marine", "2 marines", "1 engine", "2 engines" (the kinds are named in the plural but
    # an engine's).
    singular = kind[:-1] if kind.endswith("s") else kind
    return singular if number == 1 else singular + "s"


def _deck_lines(state: GameState, ship: Ship) -> list[str]:
    areas = ship.areas
    lines = [f"# {ship.id} deck: " + "; ".join(f"{area}: {_aboard(ship, area)}" for area in areas)]
    kinds = {element.kind for element in ship.elements if element.side == ship.owner}
    if {MARINES, SHOOTERS} & kinds:
        lines.append(f"# {ship.id}: SHIFT <n>M|<n>S <from>-<to>    (areas {', '.join(areas)})")
    if SHOOTERS in kinds or MARINES in kinds:
        lines.append(f"# {ship.id}: SHOOT <area> <ship>.<area>[, ...]")
    if ENGINE in kinds:
        lines.append(f"# {ship.id}: ENGINE <area> <ship>.<area>[, ...]")
    if ship.fire:
        lines.append(f"# {ship.id}: FIRE <area> <ship>.<area>[, ...]")
    if ship.protection == OPEN:
        lines.append(f"# {ship.id}: OARS P|S <ship>.<area>[, ...]")
    lines.append(f"# {ship.id}: GRAPPLE <ship>[, ...]" + (" [HARPAX]" if ship.harpax else ""))
    if ship.corvus:
        lines.append(f"# {ship.id}: CORVUS <ship>")
    lines.extend([f"# {ship.id}: CUT <ship>    or RELEASE <ship>",
                  f"# {ship.id}: ATTACK [<ship>.]<area> FROM <area> [UNTIL LOSS <n>] [ENTER <n>]",
                  f"# {ship.id}: MOVE <n>M|<n>S <area> TO [<ship>.]<area>"])
    if ship.burning:
        burning = ", ".join(f"{area} {ship.fire_level(area)}" for area in areas
                            if ship.fire_level(area))
        lines.append(f"# {ship.id}: DOUSE <area> <n>    (burning: {burning})")
    return lines


def _open_lines(state: GameState, side: str) -> list[str]:
    kind = state.phase.kind
    ships = _own(state, side)
    lines: list[str] = []
    if kind in MOVING_KINDS:
        movers = [ship.id for ship in ships if ship.flag != FLEEING]
        entries = _entries(state)
        lines.append(f"# Queues (§6.2): up to {entries} entr{'ies' if entries > 1 else 'y'} a "
                     "ship; each is written "
                     "out with the ship's default segment: change it or leave it.")
        if movers:
            lines.append("# ORDER: your ships in the order they act at your turns (§5.5)")
            lines.append("ORDER " + " ".join(movers))
        for ship in ships:
            lines.extend(_movement_lines(state, ship))
    if kind in DECK_KINDS:
        lines.append("# Deck action phase (§12): lines stand for the leg's deck action phase"
                     + (" and all three of the round" if kind == ROUND else ""))
        for ship in ships:
            lines.extend(_deck_lines(state, ship))
    return lines


def order_template(state: GameState, side: str) -> tuple[str, ...]:
    """The template of the open phase for one side (empty when it has nothing to order)."""
    kind = state.phase.kind
    if kind == SETUP:
        return tuple(_setup_lines(state, side))
    if kind not in MOVING_KINDS + DECK_KINDS or not _own(state, side):
        return ()
    return tuple(_open_lines(state, side))
