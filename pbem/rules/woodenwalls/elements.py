"""The fighting elements aboard a Wooden Walls ship (rulings §4.4, §4.5, §11.4, §12.6; plan §11
q. 9): §4.5's list order in an area; counts per area, side and kind (the case keys
`<ship>.<area>.<side>.<kind>`, WW 8); capacities and frontage; over-crewing; the default load and
its placing (marines B, S, B, …; shooters and engines in M); a setup `POST`'s placing; and "the
last of a kind in list order" for removals.

Element identity is its place in `Ship.elements` (equal elements are told apart by the order
given, the list order's last key). Home ships are ordered by a mapping of upper-case ship ids to
scenario places (`GameState.ship_order`); without one, ties on home keep the order given.

Imports the state (`state.py`), the ship table (`shiptypes.py`) and the POST placings
(`orders.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from pbem.rules.woodenwalls.orders import Placing
from pbem.rules.woodenwalls.shiptypes import DEFAULT_KIT, ENGINE, MARINES, SHOOTERS, ship_type
from pbem.rules.woodenwalls.state import (
    DECK_AREAS,
    GRADES,
    KINDS,
    Element,
    GameState,
    Ship,
    without_element,
)

HIT_ORDER = (SHOOTERS, MARINES, ENGINE)  # the kind a hit removes first (§11.4)
_NO_ORDER: Mapping[str, int] = {}

# ---------------------------------------------------------------- list order (§4.5)


def list_key(element: Element, ship_order: Mapping[str, int] = _NO_ORDER) -> tuple[int, ...]:
    """§4.5's order in an area: marines, shooters, engines; Picked, Experienced, Poor; armoured
    first; shielded first; home ship in scenario order (a stable sort keeps the order given)."""
    grade = GRADES.index(element.grade) if element.grade else 0
    home = ship_order.get(element.home.upper(), len(ship_order))
    return (KINDS.index(element.kind), grade, not element.armoured, not element.shielded, home)


def _ordered(ship: Ship, ship_order: Mapping[str, int], area: str | None, side: str | None,
             kind: str | None) -> list[int]:
    # Places in ship.elements of the elements chosen, in list order (ties: as given).
    chosen = [number for number, element in enumerate(ship.elements)
              if area in (None, element.area) and side in (None, element.side)
              and kind in (None, element.kind)]
    return sorted(chosen, key=lambda number: list_key(ship.elements[number], ship_order))


def in_list_order(elements: Iterable[Element],
                  ship_order: Mapping[str, int] = _NO_ORDER) -> tuple[Element, ...]:
    """The elements sorted by `list_key`, ties in the order given."""
    return tuple(sorted(elements, key=lambda element: list_key(element, ship_order)))


def area_elements(ship: Ship, area: str, ship_order: Mapping[str, int] = _NO_ORDER, *,
                  side: str | None = None, kind: str | None = None) -> tuple[Element, ...]:
    """The elements in an area in list order, of one side and kind when given."""
    _check_area(ship, area)
    return tuple(ship.elements[n] for n in _ordered(ship, ship_order, area, side, kind))


# ---------------------------------------------------------------- counts (WW 8)


def count(ship: Ship, area: str | None = None, side: str | None = None,
          kind: str | None = None) -> int:
    """How many elements aboard, in an area, of a side and of a kind (each when given)."""
    return sum(1 for element in ship.elements if area in (None, element.area)
               and side in (None, element.side) and kind in (None, element.kind))


def counts(ship: Ship, sides: Sequence[str]) -> dict[str, int]:
    """`"<area>.<side>.<kind>"` for every area the ship has (towers only where they stand), each
    side given and each kind, zeros included: a ship row's flat keys (`B.rhodes.marines`)."""
    found = {f"{area}.{side}.{kind}": 0 for area in ship.areas for side in sides for kind in KINDS}
    for element in ship.elements:
        key = f"{element.area}.{element.side}.{element.kind}"
        if key in found:
            found[key] += 1
    return found


def case_counts(state: GameState) -> dict[str, int]:
    """Every ship's `counts` keyed `"<ship>.<area>.<side>.<kind>"` (WW 8), ships in scenario order."""
    return {f"{ship.id}.{key}": value for ship in state.ships
            for key, value in counts(ship, state.sides).items()}


# ---------------------------------------------------------------- capacity (§4.4)


def _check_area(ship: Ship, area: str) -> None:
    if area not in ship.areas:
        raise ValueError(f"{ship.id} has no area {area}; its areas are {', '.join(ship.areas)}")


def capacity(ship: Ship, area: str) -> int:
    """Elements the area holds, both sides together (§4.4; a tower 2)."""
    _check_area(ship, area)
    return ship.row.ship_class.capacity(area)


def deck_capacity(ship: Ship) -> int:
    """The sum of the areas' capacities, towers standing included (§4.4)."""
    return sum(capacity(ship, area) for area in ship.areas)


def room(ship: Ship, area: str) -> int:
    """Capacity left in the area (below 0 only where `open_crew` oarsmen overfill M, q. 31)."""
    return capacity(ship, area) - count(ship, area)


def frontage(ship: Ship) -> int:
    """Elements a side rolls at most in a fight along one ship (§4.4, §12.7)."""
    return ship.row.ship_class.frontage


def crew(ship: Ship) -> int:
    """The controller's marine, shooter and engine elements aboard (§4.4)."""
    return count(ship, side=ship.owner)


def over_crewed(ship: Ship) -> bool:
    """More than half the deck capacity in the controller's elements (§4.4 reading): it always
    advances exactly its minimum (§7.2)."""
    return 2 * crew(ship) > deck_capacity(ship)


# ---------------------------------------------------------------- the default load (§4.5)


def default_load(type_id: str, side: str, home: str) -> tuple[Element, ...]:
    """§4.5's load of a type (house rule `default_load`): marines Experienced, armoured and
    shielded, in B and S in turn (B, S, B, …); shooters Experienced, unarmoured and unshielded,
    and engines, in M. Marines first, then shooters, then engines."""
    load = ship_type(type_id).default_load
    found = []
    for number in range(load.marines):
        grade, armoured, shielded = DEFAULT_KIT[MARINES]
        found.append(Element(DECK_AREAS[0] if number % 2 == 0 else DECK_AREAS[2], MARINES, side,
                             home, grade, armoured, shielded))
    grade, armoured, shielded = DEFAULT_KIT[SHOOTERS]
    found.extend(Element(DECK_AREAS[1], SHOOTERS, side, home, grade, armoured, shielded)
                 for _ in range(load.shooters))
    found.extend(Element(DECK_AREAS[1], ENGINE, side, home) for _ in range(load.engines))
    return tuple(found)


def with_default_load(ship: Ship) -> Ship:
    """The ship carrying its type's default load of its own side, homed on it (and nothing else)."""
    return replace(ship, elements=default_load(ship.type, ship.side, ship.id))


# ---------------------------------------------------------------- POST placing (§6.1, q. 9)


def post(ship: Ship, placings: Sequence[Placing],
         ship_order: Mapping[str, int] = _NO_ORDER) -> Ship:
    """The ship after a setup `POST`: its controller's marines and shooters, in list order over
    the whole ship (ties by area B, M, S, T1, T2, then as given), dealt to the placings in the
    order written; engines and other sides' elements stay. The POST must place every such marine
    and shooter exactly, in areas the ship has, within capacity; otherwise ValueError with a
    sentence (the line is refused)."""
    side = ship.owner
    for placing in placings:
        _check_area(ship, placing.area)
        if placing.kind not in (MARINES, SHOOTERS) or placing.count < 1:
            raise ValueError(f"a POST places marines (M) or shooters (S), 1 or more a placing, "
                             f"not {placing.notation()}")
    for kind in (MARINES, SHOOTERS):
        placed = sum(placing.count for placing in placings if placing.kind == kind)
        aboard = count(ship, side=side, kind=kind)
        if placed != aboard:
            raise ValueError(f"{ship.id} carries {_elements(aboard, kind)} and the POST places "
                             f"{placed}: place every marine and shooter exactly once")
    areas = ship.areas
    pools = {kind: sorted((number for number, element in enumerate(ship.elements)
                           if element.side == side and element.kind == kind),
                          key=lambda number: (list_key(ship.elements[number], ship_order),
                                              areas.index(ship.elements[number].area)))
             for kind in (MARINES, SHOOTERS)}
    elements = list(ship.elements)
    for placing in placings:
        for _ in range(placing.count):
            number = pools[placing.kind].pop(0)
            elements[number] = elements[number].moved(placing.area)
    placed_ship = replace(ship, elements=tuple(elements))
    for area in areas:
        if room(placed_ship, area) < 0:
            raise ValueError(f"{ship.id}'s {area} holds {_elements(capacity(ship, area))} and the "
                             f"POST puts {count(placed_ship, area)} there")
    return placed_ship


def _elements(number: int, kind: str = "") -> str:
    """"1 marine element", "2 marine elements", "2 elements" (kind "marines", "shooters" or "")."""
    word = f"{kind[:-1]} " if kind else ""
    return f"{number} {word}element{'' if number == 1 else 's'}"


def current_post(ship: Ship) -> str:
    """The POST line that leaves the controller's marines and shooters where they stand."""
    side = ship.owner
    placings = [f"{area}:{count(ship, area, side, kind)}{'M' if kind == MARINES else 'S'}"
                for area in ship.areas for kind in (MARINES, SHOOTERS)
                if count(ship, area, side, kind)]
    return "POST " + " ".join(placings)


# ---------------------------------------------------------------- removals (§11.4, §12.7)


def last_of_kind(ship: Ship, area: str, kind: str, side: str,
                 ship_order: Mapping[str, int] = _NO_ORDER) -> int | None:
    """The place in `ship.elements` of the side's last element of the kind in the area, in list
    order ("of a kind, the last element in list order goes", §11.4); None when there is none."""
    _check_area(ship, area)
    chosen = _ordered(ship, ship_order, area, side, kind)
    return chosen[-1] if chosen else None


def without_last(ship: Ship, area: str, kind: str, side: str,
                 ship_order: Mapping[str, int] = _NO_ORDER) -> Ship:
    """The ship with `last_of_kind` removed; ValueError with a sentence when there is none."""
    number = last_of_kind(ship, area, kind, side, ship_order)
    if number is None:
        raise ValueError(f"{ship.id}'s {area} holds no {kind} of {side} to remove")
    return without_element(ship, number)


def hit_victim(ship: Ship, area: str, shooter_side: str,
               ship_order: Mapping[str, int] = _NO_ORDER) -> int | None:
    """The place of the element a hit removes in the area (§11.4): of the elements not of the
    shooter's side, the first kind present of shooters, marines, engines, and of that kind the
    last in list order; None when none stands there (the hit falls on oarsmen)."""
    _check_area(ship, area)
    for kind in HIT_ORDER:
        chosen = [number for number in _ordered(ship, ship_order, area, None, kind)
                  if ship.elements[number].side != shooter_side]
        if chosen:
            return chosen[-1]
    return None
