"""The static refusals of rulings §17 for deck lines and the setup mail, split from `check.py`
(which reads the lines, finds the ship and keeps the second lines): areas the ship (or a target)
does not have, `ENGINE` from an area with no engine, `FIRE` by a ship not equipped, `OARS` by a
ship not open, `CORVUS` and `HARPAX` without one, target ships not in the game, the extra `AP`
line with `ap_weapons = off` (plan §11 q. 44); the setup `POST` (every marine and shooter placed
exactly within capacity, plan §11 q. 9) and the crew-quality allotment (§19, plan §11 q. 41);
and the nearest id to an unknown one, for a refusal's suggestion.

Each refusal is a `Refusal`: (what was wrong, what would be accepted). Nothing here names a
quality but the sender's own (§16). Imports the state, the elements (`elements.py`), the
allotment (`scenario.py`), the ship table and the typed orders.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pbem.rules.woodenwalls.elements import capacity, count, current_post, post
from pbem.rules.woodenwalls.orders import (
    QUALITIES,
    ApThrow,
    Attack,
    Corvus,
    Cut,
    Douse,
    Engine,
    Fire,
    Grapple,
    Move,
    Oars,
    Order,
    Post,
    Release,
    Shift,
    ShipArea,
    Shoot,
)
from pbem.rules.woodenwalls.scenario import allotment_of
from pbem.rules.woodenwalls.shiptypes import ENGINE, MARINES, OPEN, SHOOTERS
from pbem.rules.woodenwalls.state import GameState, Ship

Refusal = tuple[str, str]

# Deck lines whose `<ID>` is the ship the acting elements stand on, which may be an enemy ship
# the side's boarders are on (plan §5, §12.6 "within a ship").
BOARDING_LINES = (Attack, Move, Shift, Douse)


def areas_text(ship: Ship) -> str:
    return ", ".join(ship.areas)


def _area_refusal(ship: Ship, area: str, what: str) -> Refusal | None:
    if area in ship.areas:
        return None
    return (f"{ship.id} has no area {area} ({what}): it has no tower there (§4.4)",
            f"an area {ship.id} has: {areas_text(ship)}")


def _target_ship(state: GameState, name: str, verb: str) -> tuple[Ship | None, Refusal | None]:
    target = state.ship(name)
    if target is None:
        return None, (f"{verb} names {name}, and there is no ship {name} in this game",
                      f"ships of the game: {', '.join(ship.id for ship in state.ships)}")
    return target, None


def target_area_refusal(state: GameState, ship: Ship, target: ShipArea, verb: str) -> Refusal | None:
    """`<ship>.<area>` (or `<area>` alone: the ordering ship's) naming a ship of the game and an
    area it has."""
    if not target.ship:
        return _area_refusal(ship, target.area, f"the area {verb} aims at")
    named, refusal = _target_ship(state, target.ship, verb)
    if named is None:
        return refusal
    if target.area not in named.areas:
        return (f"{verb} aims at {named.id}.{target.area}, and {named.id} has no area "
                f"{target.area}", f"an area {named.id} has: {areas_text(named)}")
    return None


def _targets_refusal(state: GameState, ship: Ship, targets: Sequence[ShipArea],
                     verb: str) -> Refusal | None:
    for target in targets:
        found = target_area_refusal(state, ship, target, verb)
        if found:
            return found
    return None


def _shot_refusal(state: GameState, ship: Ship, order: Shoot | Engine | Fire) -> Refusal | None:
    verb = order.notation().split()[0]
    found = _area_refusal(ship, order.area, f"the area the {verb} line acts from")
    if found:
        return found
    if isinstance(order, Engine) and count(ship, order.area, ship.owner, ENGINE) == 0:
        where = [area for area in ship.areas if count(ship, area, ship.owner, ENGINE)]
        hint = (f"ENGINE from an area holding an engine of yours: {', '.join(where)}" if where
                else f"no ENGINE line: {ship.id} carries no engine of yours")
        return f"{ship.id} has no engine in {order.area} (§11.1)", hint
    if isinstance(order, Fire) and not ship.fire:
        return (f"{ship.id} is not equipped to throw fire (§11.6): FIRE is refused",
                f"SHOOT {order.area} … for a normal shot")
    return _targets_refusal(state, ship, order.targets, verb)


def _grappling_refusal(state: GameState, ship: Ship,
                       order: Grapple | Corvus | Cut | Release) -> Refusal | None:
    verb = order.notation().split()[0]
    if isinstance(order, Corvus) and not ship.corvus:
        return (f"{ship.id} has no corvus (§12.5): CORVUS is refused",
                f"GRAPPLE {order.target} (if {ship.id} has grapnels)")
    if isinstance(order, Grapple) and order.harpax and not ship.harpax:
        return (f"{ship.id} has no harpax (§12.3): GRAPPLE … HARPAX is refused",
                f"GRAPPLE {', '.join(order.targets)} without HARPAX")
    names = order.targets if isinstance(order, Grapple) else (order.target,)
    for name in names:
        _, refusal = _target_ship(state, name, verb)
        if refusal:
            return refusal
    return None


def _boarding_refusal(state: GameState, ship: Ship,
                      order: Attack | Move | Shift | Douse) -> Refusal | None:
    if isinstance(order, Attack):
        return (_area_refusal(ship, order.source, "the attacking area")
                or target_area_refusal(state, ship, order.target, "ATTACK"))
    if isinstance(order, Move):
        return (_area_refusal(ship, order.source, "the area moved from")
                or target_area_refusal(state, ship, order.destination, "MOVE"))
    if isinstance(order, Shift):
        return (_area_refusal(ship, order.source, "the area shifted from")
                or _area_refusal(ship, order.destination, "the area shifted to"))
    return _area_refusal(ship, order.area, "the area doused")


def deck_refusal(state: GameState, ship: Ship, order: Order) -> Refusal | None:
    """§17's static faults of a deck line of `ship` (its owner or the boarders' side checked
    already), None when it stands."""
    if isinstance(order, Shoot | Engine | Fire):
        return _shot_refusal(state, ship, order)
    if isinstance(order, Oars):
        if ship.protection != OPEN:
            return (f"{ship.id} is {ship.protection}, not open: only an open ship's oarsmen shoot "
                    "(§11.1)", "SHOOT <area> … from an area with marines or shooters")
        return _targets_refusal(state, ship, order.targets, "OARS")
    if isinstance(order, ApThrow):
        if not state.options.ap_weapons:
            return ("AP throws are played only with ap_weapons = on (§14), and this game has it off",
                    "SHOOT <area> <ship>.<area> for a normal shot")
        return (_area_refusal(ship, order.area, "the area the AP throw is made from")
                or target_area_refusal(state, ship, order.target, "AP"))
    if isinstance(order, Grapple | Corvus | Cut | Release):
        return _grappling_refusal(state, ship, order)
    if isinstance(order, BOARDING_LINES):
        return _boarding_refusal(state, ship, order)
    return None


# ---------------------------------------------------------------- a suggested ship id


def _edits(first: str, second: str) -> int:
    """The Levenshtein distance of two words (for a suggested ship id)."""
    row = list(range(len(second) + 1))
    for i, a in enumerate(first, start=1):
        previous, row[0] = row[0], i
        for j, b in enumerate(second, start=1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (a != b))
    return row[-1]


def nearest_id(name: str, ids: list[str]) -> str:
    """The id nearest `name` within a third of its letters (at least one edit), "" when none."""
    scored = sorted((_edits(name.upper(), item.upper()), n, item) for n, item in enumerate(ids))
    if scored and scored[0][0] <= max(1, len(name) // 3):
        return scored[0][2]
    return ""


# ---------------------------------------------------------------- the setup mail (§6.1, §19)


def post_refusal(state: GameState, ship: Ship, order: Post) -> Refusal | None:
    """A POST that does not place every marine and shooter of the ship's controller exactly,
    in areas it has, within capacity (plan §11 q. 9: `elements.post` decides)."""
    try:
        post(ship, order.placings, state.ship_order)
    except ValueError as error:
        marines = count(ship, side=ship.owner, kind=MARINES)
        shooters = count(ship, side=ship.owner, kind=SHOOTERS)
        rooms = ", ".join(f"{area} {capacity(ship, area)}" for area in ship.areas)
        return (str(error), f"POST placing {ship.id}'s {_many(marines, 'marine')} and "
                            f"{_many(shooters, 'shooter')} exactly once, each area within its "
                            f"capacity ({rooms}; engines stay and count), e.g. {current_post(ship)}")
    return None


def _many(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def allotment(state: GameState, side: str) -> Counter[str]:
    """The side's crew-quality allotment (§19), counted: `scenario.allotment_of` (the default
    scenario's, a scenario file's `[allotment]`, else the qualities its ships hold)."""
    return Counter(allotment_of(state).get(side, ()))


def allotment_text(counted: Counter[str]) -> str:
    """"2 FR, 2 ABLE", best first (§4.5's order)."""
    return ", ".join(f"{counted[quality]} {quality}" for quality in QUALITIES if counted[quality])


def quality_refusal(state: GameState, side: str, ships: Sequence[Ship],
                    given: Sequence[tuple[Ship, str]], whole_side: bool) -> Refusal | None:
    """The side's QUALITY lines taken together (§19, plan §11 q. 41): each of `ships` (the
    sender's ships) once, the qualities exactly the side's allotment (`whole_side`), or within
    it when one player of several sends only their ships. None when they stand."""
    wanted = allotment(state, side)
    text = allotment_text(wanted)
    example = ", ".join(ship.id for ship in ships)
    hint = (f"one <ID>: QUALITY FR|ABLE|POOR line for each of {example}, the qualities "
            f"exactly the allotment {text}")
    named = Counter(ship.id for ship, _ in given)
    twice = [ship.id for ship in ships if named[ship.id] > 1]
    if twice:
        return f"the QUALITY lines give {twice[0]} more than once, so all of them are refused (§19)", hint
    missing = [ship.id for ship in ships if not named[ship.id]]
    if missing:
        return (f"the QUALITY lines give no quality to {', '.join(missing)}, so all of them are "
                "refused (§19)", hint)
    qualities = Counter(quality for _, quality in given)
    if (whole_side and qualities != wanted) or (not whole_side and qualities - wanted):
        return (f"the QUALITY lines give {allotment_text(qualities)}, not the allotment {text}, "
                "so all of them are refused (§19)", hint)
    return None


__all__ = ["BOARDING_LINES", "Refusal", "allotment", "allotment_text", "areas_text",
           "deck_refusal", "nearest_id", "post_refusal", "quality_refusal", "target_area_refusal"]
