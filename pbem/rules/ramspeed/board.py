"""A working copy of the state while one phase resolves, with a hex -> galley index.

It never leaves the engine: phases take a frozen GameState and return a new one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pbem.rules.events import Event, event
from pbem.rules.ramspeed import hexes, victory
from pbem.rules.ramspeed.hexes import Hex
from pbem.rules.ramspeed.state import AFLOAT, LEFT_MAP, SUNK, Galley, GameState
from pbem.rules.ramspeed.tables import Tables, default_tables


class Board:
    def __init__(self, state: GameState, tables: Tables | None = None) -> None:
        self.state = state
        self.tables = tables or default_tables()
        self.columns = state.columns
        self.rows = state.rows
        self.winner = state.winner
        self.galleys: dict[str, Galley] = dict(state.by_key)
        self.where: dict[str, tuple[Hex, int]] = {
            key: (galley.bow, galley.facing) for key, galley in self.galleys.items()
            if galley.status == AFLOAT and galley.bow is not None and galley.facing is not None
        }
        if tables is None or tables is default_tables():
            self.shapes: dict[str, tuple[Hex, ...]] = dict(state.footprints)
            self.occupancy: dict[Hex, str] = dict(state.occupancy)
        else:  # a game master's own tables may give other lengths
            self.shapes = {key: g.hexes(self.tables) for key, g in self.galleys.items()
                           if key in self.where}
            self.occupancy = {h: key for key, shape in self.shapes.items() for h in shape}
        self.events: list[Event] = []
        self.victory_checked = False  # nothing victory counts has changed since the last check

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.state = self.state
        other.tables = self.tables
        other.columns = self.columns
        other.rows = self.rows
        other.winner = self.winner
        other.galleys = dict(self.galleys)
        other.where = dict(self.where)
        other.shapes = dict(self.shapes)
        other.occupancy = dict(self.occupancy)
        other.events = list(self.events)
        other.victory_checked = self.victory_checked
        return other

    # --- reading ---------------------------------------------------------------------

    def galley(self, galley_id: str) -> Galley | None:
        key = galley_id.upper()
        galley = self.galleys.get(key)
        if galley is None:
            return None
        place = self.where.get(key)
        if place is not None and (galley.bow, galley.facing) != place:
            galley = replace(galley, bow=place[0], facing=place[1])
            self.galleys[key] = galley
        return galley

    def hexes_of(self, key: str) -> tuple[Hex, ...]:
        return self.shapes.get(key, ())

    def on_map(self, hex_: Hex) -> bool:
        return hexes.on_map(hex_, self.columns, self.rows)

    # --- changing --------------------------------------------------------------------

    def put(self, galley: Galley) -> None:
        """Store a changed galley (not its position: use place)."""
        key = galley.id.upper()
        place = self.where.get(key)
        if place is not None:
            galley = replace(galley, bow=place[0], facing=place[1])
        old = self.galleys.get(key)
        if old is None or (old.status, old.owner) != (galley.status, galley.owner):
            self.victory_checked = False
        self.galleys[key] = galley

    def place(self, key: str, bow: Hex, facing: int,
              shape: tuple[Hex, ...] | None = None) -> None:
        """Put a galley at bow and facing; `shape` is its footprint when already known."""
        for hex_ in self.shapes.get(key, ()):
            if self.occupancy.get(hex_) == key:
                del self.occupancy[hex_]
        if shape is None:
            shape = hexes.footprint(bow, facing, self.tables.galleys[self.galleys[key].type].length)
        self.where[key] = (bow, facing)
        self.shapes[key] = shape
        for hex_ in shape:
            self.occupancy[hex_] = key

    def _lift(self, key: str) -> None:
        for hex_ in self.shapes.pop(key, ()):
            if self.occupancy.get(hex_) == key:
                del self.occupancy[hex_]

    def _cut_grapples(self, key: str) -> None:
        galley = self.galleys[key]
        for other_id in galley.grappled_with:
            other = self.galleys.get(other_id.upper())
            if other is not None:
                self.galleys[other_id.upper()] = replace(
                    other, grappled_with=other.grappled_with - {galley.id}
                )
        self.galleys[key] = replace(self.galleys[key], grappled_with=frozenset())

    def sink(self, key: str, check: bool = True) -> None:
        """Hull damage reached the sink threshold (13.1): the galley goes down at once.
        `check=False` when several go down together and victory is checked after them all."""
        galley = self.galley(key)
        assert galley is not None
        self._lift(key)
        self.where.pop(key, None)
        self.galleys[key] = replace(galley, status=SUNK)
        self.victory_checked = False
        self._cut_grapples(key)
        self.events.append(event("sink", galley=galley.id, hex=_label(galley.bow)))
        if check:
            self.check_victory()

    def leave(self, key: str, edge: str) -> None:
        """The galley left the map (6.11); its bow stays at its last on-map hex."""
        galley = self.galley(key)
        assert galley is not None
        self._lift(key)
        self.where.pop(key, None)
        self.galleys[key] = replace(galley, status=LEFT_MAP, exit_edge=edge)
        self.victory_checked = False
        self._cut_grapples(key)
        self.events.append(
            event("leave_map", galley=galley.id, edge=edge, last_bow=_label(galley.bow))
        )
        self.check_victory()

    def link(self, a: str, b: str) -> None:
        ga, gb = self.galleys[a.upper()], self.galleys[b.upper()]
        self.galleys[a.upper()] = replace(ga, grappled_with=ga.grappled_with | {gb.id})
        self.galleys[b.upper()] = replace(gb, grappled_with=gb.grappled_with | {ga.id})

    def unlink(self, a: str, b: str) -> None:
        ga, gb = self.galleys[a.upper()], self.galleys[b.upper()]
        self.galleys[a.upper()] = replace(ga, grappled_with=ga.grappled_with - {gb.id})
        self.galleys[b.upper()] = replace(gb, grappled_with=gb.grappled_with - {ga.id})

    def check_victory(self) -> None:
        """Victory is checked after every resolved action (14.0, 15.3). Only sinkings,
        leaving the map and captures change what it counts, so a check with none of them
        since the last one is skipped (a movement phase checks after every galley)."""
        if self.winner is not None or self.victory_checked:
            return
        self.victory_checked = True
        winner = victory.winner(self.galleys.values(), self.state.victory_rule, self.tables)
        if winner is not None:
            self.winner = winner
            self.events.append(event("victory", side=winner))

    def freeze(self, **changes: Any) -> GameState:
        galleys = tuple(self.galley(key) or galley for key, galley in list(self.galleys.items()))
        changes.setdefault("winner", self.winner)
        return self.state.with_galleys(galleys, **changes)


def _label(hex_: Hex | None) -> str | None:
    return None if hex_ is None else hexes.label(hex_)
