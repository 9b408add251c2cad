"""Sinking (rulings §10, §9.6): the extended countdown table, a new countdown that keeps the
sooner, the tick at the end of the ship's own half with its skipped first end, and the ships that
go down with it (embedded rammers, in a chain) and the grapples it releases."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import Event, event
from pbem.rules.ramcruise.state import SINKING, SUNK, SURRENDERED, GameState, Ship

# `sink_countdown = extended` (§10.1): the printed 1–6 in its pattern, clamped at both ends.
COUNTDOWN_BANDS: tuple[tuple[int, int], ...] = ((1, 1), (4, 2), (6, 3), (8, 4))
LONGEST = 5


def countdown_for(modified: int) -> int:
    """§10.1: ≤1 → 1, 2–4 → 2, 5–6 → 3, 7–8 → 4, ≥9 → 5."""
    for top, countdown in COUNTDOWN_BANDS:
        if modified <= top:
            return countdown
    return LONGEST


def _halves_left(countdown: int, skip: bool) -> int:
    # How many of its own ends of half the ship has before it sinks (§10.2).
    return countdown + (1 if skip else 0)


def with_countdown(ship: Ship, countdown: int) -> Ship:
    """The ship given a countdown now (§10.2): its first own end of half is skipped; a ship that
    is already sinking keeps whichever sinks it sooner (the old one on equal terms). A
    surrendered ship keeps its status and still sinks on time (§12.4)."""
    if countdown < 1:
        raise ValueError(f"a countdown is 1 or more, not {countdown}")
    old = _halves_left(ship.countdown, ship.countdown_skip)
    if ship.countdown > 0 and old <= _halves_left(countdown, True):
        return ship
    status = ship.status if ship.status == SURRENDERED else SINKING
    return replace(ship, status=status, countdown=countdown, countdown_skip=True)


def sink(state: GameState, ship_id: str, reason: str) -> tuple[GameState, tuple[Event, ...]]:
    """The ship sinks (§10.2): status sunk, off the table with everyone aboard; every grapple with
    it is released (§11.3); every ship still embedded in it sinks at the same moment, and so on
    down the chain (§9.6)."""
    events: list[Event] = []
    going = [(ship_id, reason)]
    while going:
        name, why = going.pop(0)
        ship = state.require(name)
        if ship.status == SUNK:
            continue
        state = state.released(ship.id).with_ship(
            replace(ship, status=SUNK, countdown=0, countdown_skip=False, embedded_in=""))
        events.append(event("sunk", ship=ship.id, reason=why) if why != "dragged"
                      else event("dragged", ship=ship.id, by=ship.embedded_in))
        for other in state.ships:
            if other.embedded_in.upper() == ship.id.upper() and other.status != SUNK:
                going.append((other.id, "dragged"))
    return state, tuple(events)


def tick_countdowns(state: GameState, side: str) -> tuple[GameState, tuple[Event, ...]]:
    """Step 11 (§5.2, §10.2): the phasing side's countdowns, in scenario order. A first end still
    to be skipped is skipped; otherwise the countdown drops by one and at 0 the ship sinks, with
    the ships dragged down with it (§9.6)."""
    events: list[Event] = []
    for listed in state.ships:
        ship = state.require(listed.id)
        if ship.side != side or ship.countdown <= 0 or ship.status == SUNK or not ship.on_table:
            continue
        if ship.countdown_skip:
            state = state.with_ship(replace(ship, countdown_skip=False))
            events.append(event("countdown", ship=ship.id, countdown=ship.countdown, skipped=True))
            continue
        left = ship.countdown - 1
        events.append(event("countdown", ship=ship.id, countdown=left, skipped=False))
        if left > 0:
            state = state.with_ship(replace(ship, countdown=left))
            continue
        state, sunk = sink(state, ship.id, "its countdown ran out")
        events += sunk
    return state, tuple(events)
