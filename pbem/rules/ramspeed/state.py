"""The Ram Speed game state: frozen galleys on a map."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.hexes import Hex
from pbem.rules.ramspeed.tables import GalleyType, Scenario, Tables, default_tables, scenario

AFLOAT, SUNK, LEFT_MAP = "afloat", "sunk", "left_map"


@dataclass(frozen=True)
class Weapon:
    type: str
    damage: int = 0


@dataclass(frozen=True)
class Galley:
    id: str
    side: str
    type: str
    bow: Hex | None = None
    facing: int | None = None
    weapons: tuple[Weapon, ...] = ()
    boarding_parties: int = 0
    hull_damage: int = 0
    rowing_damage: int = 0
    drifting: bool = False  # must drift during its next movement (6.8, 8.7)
    drifted: bool = False  # served a drift in this turn's movement (rulings §14)
    double_used: int = 0
    triple_used: bool = False
    grappled_with: frozenset[str] = frozenset()
    controller: str = ""  # "" while its own side controls it
    merchantman: bool = False
    status: str = AFLOAT
    exit_edge: str | None = None  # the map edge it left by (6.11)

    @property
    def owner(self) -> str:
        """The side that gives this galley orders now."""
        return self.controller or self.side

    @property
    def captured(self) -> bool:
        return bool(self.controller) and self.controller != self.side

    @property
    def placed(self) -> bool:
        return self.bow is not None and self.facing is not None

    def kind(self, tables: Tables | None = None) -> GalleyType:
        return (tables or default_tables()).galleys[self.type]

    def adrift(self, tables: Tables | None = None) -> bool:
        """Drifts for the rest of the game: its rowing banks are gone (13.2)."""
        return self.rowing_damage >= self.kind(tables).drift

    def base_ma(self, tables: Tables | None = None) -> int:
        return self.kind(tables).base_ma(self.rowing_damage)

    def must_drift(self, tables: Tables | None = None) -> bool:
        return self.drifting or self.adrift(tables)

    def counts_as_drifting(self, tables: Tables | None = None) -> bool:
        """'Drifting' for the ram -2 and the missile -1 (rulings §14): adrift, must drift in
        its next movement phase, or drifted earlier this turn."""
        return self.must_drift(tables) or self.drifted

    def hexes(self, tables: Tables | None = None) -> tuple[Hex, ...]:
        if self.status != AFLOAT or self.bow is None or self.facing is None:
            return ()
        return hexes.footprint(self.bow, self.facing, self.kind(tables).length)


@dataclass(frozen=True)
class GameState:
    columns: int = 32
    rows: int = 24
    galleys: tuple[Galley, ...] = ()
    turn: int = 1
    initiative: str | None = None
    scenario: str = "squadron"
    victory_rule: str = "standard"  # standard (14.0) | convoy (15.3)
    custom_scenario: Scenario | None = None  # a game master's scenario file, when used
    options: tuple[tuple[str, bool], ...] = ()
    winner: str | None = None

    def __post_init__(self) -> None:
        if len(self.by_key) != len(self.galleys):
            raise ValueError("two galleys share an ID")

    @cached_property
    def by_key(self) -> dict[str, Galley]:
        """Upper-case ID -> galley, in the state's order (never change it: copy it)."""
        return {galley.id.upper(): galley for galley in self.galleys}

    @cached_property
    def keys(self) -> frozenset[str]:
        return frozenset(self.by_key)

    @cached_property
    def footprints(self) -> dict[str, tuple[Hex, ...]]:
        """Upper-case ID -> hexes, for every galley on the map. Built once for a frozen
        state; never change it (Board copies it)."""
        return {g.id.upper(): hexes_ for g in self.galleys if (hexes_ := g.hexes())}

    @cached_property
    def occupancy(self) -> dict[Hex, str]:
        """Hex -> upper-case ID of the galley on it (the same promise as footprints)."""
        return {hex_: key for key, hexes_ in self.footprints.items() for hex_ in hexes_}

    def galley(self, galley_id: str) -> Galley | None:
        return self.by_key.get(galley_id.upper())

    def rules(self) -> Scenario:
        """The scenario in force: the game master's own, or a built-in one by name."""
        return self.custom_scenario or scenario(self.scenario)

    def option(self, name: str) -> bool:
        return dict(self.options).get(name, False)

    def sides(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for galley in self.galleys:
            seen.setdefault(galley.side, None)
        return tuple(seen)

    def with_galleys(self, galleys: tuple[Galley, ...], **changes: Any) -> GameState:
        return replace(self, galleys=galleys, **changes)
