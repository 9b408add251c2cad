"""Victory (14.0) and the convoy's own victory (15.3); both sides at once is a draw
(rulings §14)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pbem.rules import interface
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.state import AFLOAT, LEFT_MAP, SUNK, Galley
from pbem.rules.ramspeed.tables import Tables

CONVOY_TARGET = 3  # merchantmen out, or merchantmen sunk or taken (15.3)
CONVOY_EXIT_RANGE = 8
CONVOY_EXIT_EDGES = ("north", "west")
DRAW = interface.DRAW  # the winner when both sides qualify at the same check (rulings §14)


def fleet_value(galleys: Iterable[Galley], tables: Tables) -> int:
    return sum(tables.galleys[g.type].victory_points for g in galleys)


def taken_value(galleys: Iterable[Galley], side: str, tables: Tables) -> int:
    """Victory points of enemy galleys that `side` has sunk or now controls by capture."""
    return fleet_value(
        (g for g in galleys if g.side != side
         and (g.status == SUNK or (g.status == AFLOAT and g.owner == side))),
        tables,
    )


def needed(start: int) -> int:
    """The points of enemy galleys a side must sink or take: two thirds, rounded up."""
    return -(-2 * start // 3)


def _standard(galleys: list[Galley], tables: Tables) -> set[str]:
    qualified = set()
    for side in {g.side for g in galleys}:
        start = fleet_value((g for g in galleys if g.side != side), tables)
        if start > 0 and taken_value(galleys, side, tables) >= needed(start):
            qualified.add(side)
    return qualified


def escaped(galley: Galley) -> bool:
    """A merchantman that counts as escaped (15.3): off the map by the north or west edge,
    its last bow hex within range of the north-west corner."""
    return (galley.merchantman and galley.status == LEFT_MAP
            and galley.exit_edge in CONVOY_EXIT_EDGES and galley.bow is not None
            and hexes.distance(galley.bow, hexes.from_offset(0, 0)) <= CONVOY_EXIT_RANGE)


def _convoy_counts(galleys: list[Galley]) -> tuple[str, int, int] | None:
    merchantmen = [g for g in galleys if g.merchantman]
    if not merchantmen:
        return None
    convoy = merchantmen[0].side
    out = sum(1 for g in merchantmen if escaped(g))
    lost = sum(1 for g in merchantmen if g.status == SUNK or g.owner != convoy)
    return convoy, out, lost


def _convoy(galleys: list[Galley]) -> set[str]:
    counts = _convoy_counts(galleys)
    if counts is None:
        return set()
    convoy, out, lost = counts
    qualified = {convoy} if out >= CONVOY_TARGET else set()
    if lost >= CONVOY_TARGET:
        qualified |= {g.side for g in galleys if g.side != convoy}
    return qualified


def standing(galleys: Iterable[Galley], rule: str, tables: Tables) -> dict[str, Any]:
    """How each side stands toward victory, as numbers, from the same counts `winner` uses
    (public knowledge: sinkings, captures and exits are seen by all)."""
    listed = list(galleys)
    if rule == "convoy":
        counts = _convoy_counts(listed)
        convoy, out, lost = counts if counts is not None else ("", 0, 0)
        return {"rule": "convoy", "convoy": convoy,
                "raiders": sorted({g.side for g in listed if g.side != convoy}),
                "escaped": out, "sunk_or_taken": lost, "needed": CONVOY_TARGET,
                "exit_edges": list(CONVOY_EXIT_EDGES), "exit_range": CONVOY_EXIT_RANGE}
    sides = {}
    for side in sorted({g.side for g in listed}):
        start = fleet_value((g for g in listed if g.side != side), tables)
        sides[side] = {"taken": taken_value(listed, side, tables), "of": start,
                       "needed": needed(start)}
    return {"rule": "standard", "sides": sides}


def winner(galleys: Iterable[Galley], rule: str, tables: Tables) -> str | None:
    """The side that has won, DRAW if more than one qualifies now, None if none does. It
    never depends on the order the galleys are listed in."""
    listed = list(galleys)
    qualified = _convoy(listed) if rule == "convoy" else _standard(listed, tables)
    if len(qualified) > 1:
        return DRAW
    return next(iter(qualified), None)
