"""Victory (14.0) and the convoy's own victory (15.3); both sides at once is a draw
(rulings §14)."""

from __future__ import annotations

from collections.abc import Iterable

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


def _standard(galleys: list[Galley], tables: Tables) -> set[str]:
    qualified = set()
    for side in {g.side for g in galleys}:
        start = fleet_value((g for g in galleys if g.side != side), tables)
        if start > 0 and 3 * taken_value(galleys, side, tables) >= 2 * start:
            qualified.add(side)
    return qualified


def _convoy(galleys: list[Galley]) -> set[str]:
    merchantmen = [g for g in galleys if g.merchantman]
    if not merchantmen:
        return set()
    convoy = merchantmen[0].side
    corner = hexes.from_offset(0, 0)
    escaped = sum(
        1 for g in merchantmen
        if g.status == LEFT_MAP and g.exit_edge in CONVOY_EXIT_EDGES and g.bow is not None
        and hexes.distance(g.bow, corner) <= CONVOY_EXIT_RANGE
    )
    lost = sum(1 for g in merchantmen if g.status == SUNK or g.owner != convoy)
    qualified = {convoy} if escaped >= CONVOY_TARGET else set()
    if lost >= CONVOY_TARGET:
        qualified |= {g.side for g in galleys if g.side != convoy}
    return qualified


def winner(galleys: Iterable[Galley], rule: str, tables: Tables) -> str | None:
    """The side that has won, DRAW if more than one qualifies now, None if none does. It
    never depends on the order the galleys are listed in."""
    listed = list(galleys)
    qualified = _convoy(listed) if rule == "convoy" else _standard(listed, tables)
    if len(qualified) > 1:
        return DRAW
    return next(iter(qualified), None)
