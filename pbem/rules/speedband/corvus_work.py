"""Raising or breaking a corvus (rulings §11, text 5 g): the work counters kept at the end of a
turn, after the morale rolls (§14.1), and the link's end after three turns of work.

    work_phase(state) -> (state, events)      # no dice

A corvus ship works with a standing `RAISE` (`standing.raise_corvus`) on the corvus link it
dropped; a held ship with a standing `BREAK <corvus ship>` (`standing.break_corvus`) on that
ship's corvus. A fleeing ship works on its corvus links whatever its standing orders say (the
judge's orders, §14.3: RAISE its own corvus, BREAK the first corvus holding it in scenario
order). Ships are taken in scenario order. A working ship's counter (`raise_count`,
`break_count`) goes up by 1 when it was not interrupted this turn, otherwise back to 0; it was
interrupted when it fired or was fired at (`record.fired`), fought a melee (`record.meleed`),
or made or received a ram attempt (`record.ram_involved`). A ship not working has its counters
at 0. At 3 the link ends: after RAISE the corvus is free again, after BREAK it is destroyed
(`corvus` 0). A standing RAISE or BREAK whose link has ended ends too (§4).

Events, one line each:
- `corvus_work` (ship, verb, corvus_ship, held, count, interrupted): a ship's work this turn
  (verb raise or break), its counter after the turn; `interrupted` names why ("" if not).
- `corvus_ended` (ship, held, by, result): the link of `ship`'s corvus on `held` ends by the work
  of `by`; result "raised" (the corvus is free) or "destroyed".
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import Event, event
from pbem.rules.speedband.state import CORVUS, FLEEING, GameState, Link, Ship

Played = tuple[GameState, tuple[Event, ...]]

TURNS_OF_WORK = 3  # text 5 g
RAISE, BREAK = "raise", "break"


def _corvus_link(state: GameState, corvus_ship: str, held: str) -> Link | None:
    link = state.link(corvus_ship, held)
    if link is None or link.kind != CORVUS or link.thrower.upper() != corvus_ship.upper():
        return None
    return link


def _own_corvus(state: GameState, ship: Ship) -> Link | None:
    """The corvus link this ship dropped, if any (a ship carries one corvus)."""
    return next((link for link in state.links
                 if link.kind == CORVUS and link.thrower.upper() == ship.id.upper()), None)


def _holders(state: GameState, ship: Ship) -> list[str]:
    """The corvus ships whose corvus holds this one, in scenario order."""
    found = [link.thrower for link in state.links if link.kind == CORVUS
             and link.links(ship.id) and link.thrower.upper() != ship.id.upper()]
    return sorted(found, key=state.order_of)


def interruption(state: GameState, ship_id: str) -> str:
    """Why a ship's corvus work was interrupted this turn ("" if it was not), §11."""
    record = state.record
    for reason, ships in (("missile fire", record.fired), ("melee", record.meleed),
                          ("ram attempt", record.ram_involved)):
        if ship_id.upper() in (ship.upper() for ship in ships):
            return reason
    return ""


def _raise_work(state: GameState, ship: Ship) -> Link | None:
    if not ship.active or not (ship.standing.raise_corvus or ship.status == FLEEING):
        return None
    return _own_corvus(state, ship)


def _break_work(state: GameState, ship: Ship) -> Link | None:
    if not ship.active:
        return None
    named = ship.standing.break_corvus
    link = _corvus_link(state, named, ship.id) if named else None
    if link is None and ship.status == FLEEING:
        holders = _holders(state, ship)
        link = _corvus_link(state, holders[0], ship.id) if holders else None
    return link


def _end(state: GameState, link: Link, by: str, verb: str) -> Played:
    """The corvus link ends (§11): the corvus ship's corvus free, or destroyed; both ships'
    work on it and its standing orders end with it."""
    corvus_ship = state.require(link.thrower)
    held = state.require(link.other(corvus_ship.id))
    state = state.without_link(corvus_ship.id, held.id)
    destroyed = verb == BREAK
    state = state.with_ship(replace(
        corvus_ship, corvus=corvus_ship.corvus and not destroyed, corvus_holds="", raise_count=0,
        standing=replace(corvus_ship.standing, raise_corvus=False)))
    if held.standing.break_corvus.upper() == corvus_ship.id.upper():
        state = state.with_ship(replace(held, break_count=0,
                                        standing=replace(held.standing, break_corvus="")))
    return state, (event("corvus_ended", ship=corvus_ship.id, held=held.id, by=by,
                         result="destroyed" if destroyed else "raised"),)


def _count(ship: Ship, verb: str) -> int:
    return ship.raise_count if verb == RAISE else ship.break_count


def _counted(ship: Ship, verb: str, count: int) -> Ship:
    if verb == RAISE:
        return replace(ship, raise_count=count)
    return replace(ship, break_count=count)


def _work(state: GameState, ship_id: str, verb: str) -> Played:
    ship = state.require(ship_id)
    link = _raise_work(state, ship) if verb == RAISE else _break_work(state, ship)
    if link is None:
        standing = ship.standing
        if verb == RAISE and standing.raise_corvus:
            standing = replace(standing, raise_corvus=False)
        if verb == BREAK and standing.break_corvus:
            standing = replace(standing, break_corvus="")
        if _count(ship, verb) or standing != ship.standing:
            state = state.with_ship(_counted(replace(ship, standing=standing), verb, 0))
        return state, ()
    why = interruption(state, ship.id)
    count = 0 if why else _count(ship, verb) + 1
    state = state.with_ship(_counted(ship, verb, count))
    corvus_ship = link.thrower
    work = event("corvus_work", ship=ship.id, verb=verb, corvus_ship=corvus_ship,
                 held=link.other(corvus_ship), count=count, interrupted=why)
    if count < TURNS_OF_WORK:
        return state, (work,)
    state, ended = _end(state, link, ship.id, verb)
    return state, (work, *ended)


def work_phase(state: GameState) -> Played:
    """§11's counters for every ship in scenario order (RAISE, then BREAK, per ship)."""
    events: list[Event] = []
    for listed in state.ships:
        for verb in (RAISE, BREAK):
            state, more = _work(state, listed.id, verb)
            events += more
    return state, tuple(events)
