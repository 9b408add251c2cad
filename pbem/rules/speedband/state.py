"""The position of a speed-band game: ships with their crews, rowers, hull, bands and per-turn
marks; links (grapple lines and corvus), melee fronts, players and standing orders; the open
phase (rulings §2.2, §2.3, §3.2, §4, §5, §10, §11, §13.2).

Everything is frozen; play makes new values. Enumerated values are lower case, as the case
format prints them. Speeds are whole tenths of an inch, negative when backing (§3.1).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from pbem.rules.speedband import grid
from pbem.rules.speedband.shiptypes import (
    BANDS,
    CRUISE,
    SECTIONS,
    ShipType,
    max_band,
    ship_type,
)
from pbem.rules.speedband.switches import Options
from pbem.rules.table import SPEED_BAND, Polygon, Pose, Table, Vec, place
from pbem.rules.table.params import CoreParameters

# Status (§2.2, §15). Prizes are surrendered or captured ships.
AFLOAT, FLEEING, SURRENDERED, CAPTURED, SUNK, FLED = (
    "afloat", "fleeing", "surrendered", "captured", "sunk", "fled")
STATUSES = (AFLOAT, FLEEING, SURRENDERED, CAPTURED, SUNK, FLED)
PRIZES = (SURRENDERED, CAPTURED)
OFF_TABLE = (SUNK, FLED)

# Crew quality (§16, text 9.1-9.2).
POOR, STANDARD, ELITE = "poor", "standard", "elite"
CREWS = (POOR, STANDARD, ELITE)

# Standing orders (§4): CUT (§10.3), LOSSES (§13.3), corvus work (§11).
CUT_ENEMY, CUT_ALL, CUT_NONE = "enemy", "all", "none"
CUTS = (CUT_ENEMY, CUT_ALL, CUT_NONE)
ARCHERS, SOLDIERS, OFFICERS, ROWERS, BALLISTA = (
    "archers", "soldiers", "officers", "rowers", "ballista")
LOSS_TYPES = (ARCHERS, SOLDIERS, OFFICERS)
DEFAULT_LOSSES = (ARCHERS, SOLDIERS, OFFICERS)

# Links (§10, §11).
LINE, CORVUS = "line", "corvus"


@dataclass(frozen=True, slots=True)
class StandingOrders:
    """A ship's standing orders (§4): `cut`, `melee` (the ship it wants to fight, "" for none),
    `losses` (its loss order), `raise_corvus` and `break_corvus` (the corvus ship it works to
    break free of, "")."""

    cut: str = CUT_ENEMY
    melee: str = ""
    losses: tuple[str, str, str] = DEFAULT_LOSSES
    raise_corvus: bool = False
    break_corvus: str = ""

    def __post_init__(self) -> None:
        if self.cut not in CUTS:
            raise ValueError(f"CUT is ENEMY, ALL or NONE, not {self.cut!r}")
        if sorted(self.losses) != sorted(LOSS_TYPES):
            raise ValueError("LOSSES names archers, soldiers and officers, each once")


@dataclass(frozen=True, slots=True)
class Ship:
    """One ship (§2.2). `controller` is "" for its own side; `player` the scenario player whose
    initiative moves it (§5). `rowers` the factors left in oar sections 1-8; `soldier_value`,
    `archer_value` and `officer_value` in tenths (§13.3, `opt_combat_values`). Per-turn marks
    are reset by `start_turn`; `last_band`, `last_speed` and `changed_last_turn` carry over
    (§3.2, §4). `corvus_holds` is the ship its corvus holds (""). `flight_heading` is fixed when
    the ship begins to flee (§14.3: 180, 270, 0 or 90; None while it is not fleeing)."""

    id: str
    name: str
    type: str
    side: str
    x: float
    y: float
    heading: int
    player: str = ""
    controller: str = ""
    archers: int = 0
    soldiers: int = 0
    officers: int = 3
    officers_lost: int = 0
    officers_lost_this_turn: int = 0
    ballistae: int = 0
    rowers: tuple[int, ...] = (0,) * SECTIONS
    hull: int = 100
    status: str = AFLOAT
    tower: bool = False
    corvus: bool = False
    corvus_holds: str = ""
    strengthened_bow: bool = False
    crew: str = STANDARD
    soldier_value: int = 6
    archer_value: int = 5
    officer_value: int = 7
    last_band: str = CRUISE
    last_speed: int = 0
    changed_last_turn: bool = False
    written_speed: int = 0
    band: str = CRUISE
    activated: bool = False
    dead_in_water: bool = False
    ram_attempted: bool = False
    cut_attempted: bool = False
    raise_count: int = 0
    break_count: int = 0
    flight_heading: int | None = None
    standing: StandingOrders = StandingOrders()

    def __post_init__(self) -> None:
        ship_type(self.type)
        if self.status not in STATUSES:
            raise ValueError(f"ship {self.id}: status is one of {', '.join(STATUSES)}, "
                             f"not {self.status!r}")
        if self.crew not in CREWS:
            raise ValueError(f"ship {self.id}: crew is poor, standard or elite, not {self.crew!r}")
        if self.last_band not in BANDS or self.band not in BANDS:
            raise ValueError(f"ship {self.id}: a band is one of {', '.join(BANDS)}")
        if len(self.rowers) != SECTIONS:
            raise ValueError(f"ship {self.id}: rowers lists the {SECTIONS} oar sections")
        counts = (self.archers, self.soldiers, self.officers, self.officers_lost,
                  self.officers_lost_this_turn, self.ballistae, *self.rowers)
        if min(counts) < 0:
            raise ValueError(f"ship {self.id}: crew, officer, ballista and rower counts are "
                             "whole numbers of 0 or more")
        if self.officers_lost_this_turn > self.officers_lost:
            raise ValueError(f"ship {self.id}: officers_lost counts this turn's losses too, so it "
                             "is at least officers_lost_this_turn")

    @property
    def row(self) -> ShipType:
        return ship_type(self.type)

    @property
    def pose(self) -> Pose:
        return Pose(Vec(self.x, self.y), float(self.heading))

    @property
    def polygon(self) -> Polygon:
        if self.x == 0.0 or self.y == 0.0:  # a signed zero would share the other zero's entry
            return place(self.row.footprint, self.pose)
        return grid.placed(self.type, self.x, self.y, self.heading)

    @property
    def owner(self) -> str:
        """The side that controls the ship now (a prize's captor, §13.4, §14.4)."""
        return self.controller or self.side

    @property
    def on_table(self) -> bool:
        return self.status not in OFF_TABLE

    @property
    def active(self) -> bool:
        """Afloat or fleeing: it activates, can be targeted and counts for initiative (§15)."""
        return self.status in (AFLOAT, FLEEING)

    @property
    def prize(self) -> bool:
        return self.status in PRIZES

    @property
    def lost_sections(self) -> int:
        return sum(1 for rowers in self.rowers if rowers == 0)

    def intact_sections(self, starboard: bool) -> tuple[int, ...]:
        """The intact sections of one side, ascending (`oar_sides`: odd port, even starboard)."""
        first = 2 if starboard else 1
        return tuple(k for k in range(first, SECTIONS + 1, 2) if self.rowers[k - 1] > 0)

    @property
    def max_band(self) -> str:
        """§2.3 from the ship's sections and hull now (taken at the start of a turn)."""
        return max_band(self.row, self.lost_sections, self.hull)


def new_ship(ship_id: str, name: str, type_name: str, side: str, x: float, y: float,
             heading: int, **changes: object) -> Ship:
    """A ship with its type's crews, rowers and ballistae (§2.1); changes as keywords."""
    row = ship_type(type_name)
    base = Ship(ship_id, name, row.name, side, x, y, heading, archers=row.archers,
                soldiers=row.soldiers, officers=row.officers, ballistae=row.ballistae,
                rowers=(row.rowers,) * SECTIONS, tower=row.tower, last_speed=row.cruise)
    return replace(base, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Link:
    """A grapple line or a corvus between two ships (§10, §11); `thrower` threw the line or
    dropped the corvus. `first` is listed before `second` in the scenario."""

    first: str
    second: str
    kind: str
    thrower: str

    def __post_init__(self) -> None:
        if self.kind not in (LINE, CORVUS):
            raise ValueError(f"a link is a line or a corvus, not {self.kind!r}")
        if self.thrower not in (self.first, self.second):
            raise ValueError("a link's thrower is one of its two ships")

    def links(self, ship_id: str) -> bool:
        return ship_id in (self.first, self.second)

    def other(self, ship_id: str) -> str:
        return self.second if ship_id == self.first else self.first


@dataclass(frozen=True, slots=True)
class Front:
    """The melee front of a pair (§13.2): `first` listed before `second`; value > 0 is how
    many of second's areas first holds, < 0 the reverse."""

    first: str
    second: str
    value: int = 0

    def __post_init__(self) -> None:
        if not -4 <= self.value <= 4:
            raise ValueError("a front is from -4 to 4")


@dataclass(frozen=True, slots=True)
class Player:
    """An initiative player (§5): its id and side, in scenario player order."""

    id: str
    side: str


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """What this turn has seen so far, for the rules that look back within a turn; reset at the
    start of every turn.

    `activations`: ship ids in activation order (a ship counted as moved by a ram or by its
    avoidance is not listed, §5); `last_winner`: the initiative player who won the previous
    activation (§5 sit-out); `grapples_tried`: (X, Y) pairs, X tried to grapple Y (§10.1);
    `cuts_tried`: ships that made their one cutting attempt (§10.3); `ram_locked`: pairs locked
    by a successful ram (§7.6, §13.1), each in scenario order; `ram_involved`: ships that made or
    received a ram attempt; `fired`: ships that fired or were fired at; `meleed`: ships that
    fought a melee (the corvus interruptions of §11); `revealed`: ship ids whose REACT, and
    (ship, "grapple") / (ship, "corvus") wishes, came into play (§4: nothing else is told)."""

    activations: tuple[str, ...] = ()
    last_winner: str = ""
    grapples_tried: tuple[tuple[str, str], ...] = ()
    cuts_tried: tuple[str, ...] = ()
    ram_locked: tuple[tuple[str, str], ...] = ()
    ram_involved: tuple[str, ...] = ()
    fired: tuple[str, ...] = ()
    meleed: tuple[str, ...] = ()
    revealed: tuple[tuple[str, str], ...] = ()


# Phase kinds (build plan §3).
SETUP, ORDERS, COMBAT, OVER = "setup", "orders", "combat", "over"


@dataclass(frozen=True, slots=True)
class Phase:
    """The open phase: a side's free set-up, a turn's round 1 (orders) or round 2 (combat)."""

    kind: str
    turn: int = 0
    side: str = ""

    @property
    def key(self) -> str:
        if self.kind == OVER:
            return OVER
        if self.kind == SETUP:
            return f"setup-{self.side}"
        return f"T{self.turn}-r{1 if self.kind == ORDERS else 2}"


@dataclass(frozen=True)
class GameState:
    """The table, the ships in scenario order, the players in initiative order, the links and
    fronts, last turn's melee pairs (§13.1), this turn's record and the open phase."""

    ships: tuple[Ship, ...]
    players: tuple[Player, ...]
    options: Options
    phase: Phase = Phase(ORDERS, 1)
    links: tuple[Link, ...] = ()
    fronts: tuple[Front, ...] = ()
    fought_last_turn: tuple[tuple[str, str], ...] = ()
    record: TurnRecord = TurnRecord()
    winner: str | None = None
    scenario: str = "default"
    title: str = "The speed-band percentile rules"
    _derived: grid.Derived[Ship, Link] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        # What the ships and links give is kept while they are the same tuples: replace()
        # hands it on, with_ship moves the one ship in it.
        old = self._derived
        if old is not None and old.ships is self.ships:
            derived = old if old.links is self.links else grid.Derived(self.ships, self.links,
                                                                  old.index, cells=old.cells)
        else:
            index = {ship.id.upper(): i for i, ship in enumerate(self.ships)}
            if len(index) != len(self.ships):
                raise ValueError("two ships have the same id; ship ids are unique in a game")
            pairs = old.pairs if old is not None and old.links is self.links else None
            derived = grid.Derived(self.ships, self.links, index, pairs)
        object.__setattr__(self, "_derived", derived)

    @property
    def _known(self) -> grid.Derived[Ship, Link]:
        assert self._derived is not None
        return self._derived

    def ship(self, ship_id: str) -> Ship | None:
        index = self._known.index.get(ship_id.upper())
        return None if index is None else self.ships[index]

    def require(self, ship_id: str) -> Ship:
        found = self.ship(ship_id)
        if found is None:
            raise ValueError(f"there is no ship {ship_id} in this game")
        return found

    def order_of(self, ship_id: str) -> int:
        """A ship's place in scenario order (every tie-break)."""
        return self._known.index[ship_id.upper()]

    def with_ship(self, ship: Ship) -> GameState:
        known, number = self._known, self.order_of(ship.id)
        ships = list(self.ships)
        before, ships[number] = ships[number], ship
        cells = known.cells and grid.moved(known.cells, number, (before.x, before.y),
                                           (ship.x, ship.y))
        # The same ids in the same order: no check, and the index and links' pairs carry over.
        moved = tuple(ships)
        copy = object.__new__(GameState)
        copy.__dict__.update(self.__dict__, ships=moved,
                             _derived=grid.Derived(moved, self.links, known.index, known.pairs, cells))
        return copy

    def ships_near(self, ship: Ship, reach: float) -> tuple[Ship, ...]:
        """A quick screen, not a rule: every other ship (any status), in scenario order, but
        those surely more than `reach` from this one (grid.apart; a grid of the centres)."""
        known = self._known
        if known.cells is None:
            known.cells = grid.cells_of([(other.x, other.y) for other in self.ships])
        mine = grid.radius(ship.type)
        x, y, wanted, ships = ship.x, ship.y, ship.id.upper(), self.ships
        found = []
        for number in grid.around(known.cells, x, y, reach + mine + grid.longest() + grid.APART_SLACK,
                                  len(ships)):
            other = ships[number]  # grid.apart, written out: this is asked at every step
            if (not math.hypot(x - other.x, y - other.y) - mine - grid.radius(other.type)
                    > reach + grid.APART_SLACK and other.id.upper() != wanted):
                found.append(other)
        return tuple(found)

    def with_ships(self, ships: Iterable[Ship]) -> GameState:
        return replace(self, ships=tuple(ships))

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides in the order their first ship is listed."""
        return tuple(dict.fromkeys(ship.side for ship in self.ships))

    def enemies(self, first: Ship, second: Ship) -> bool:
        return first.owner != second.owner

    def ships_of_player(self, player_id: str) -> tuple[Ship, ...]:
        return tuple(ship for ship in self.ships if (ship.player or ship.side) == player_id)

    # --- links (§10, §11)

    def link(self, first: str, second: str) -> Link | None:
        known = self._known
        if known.pairs is None:
            pairs: dict[frozenset[str], Link] = {}
            for link in self.links:  # the first link of each pair, by its ids in upper case
                pairs.setdefault(frozenset((link.first.upper(), link.second.upper())), link)
            known.pairs = pairs
        return known.pairs.get(frozenset((first.upper(), second.upper())))

    def linked_with(self, ship_id: str) -> tuple[str, ...]:
        """The ships linked to this one by a line or a corvus, in scenario order."""
        found = [link.other(ship_id) for link in self.links if link.links(ship_id)]
        return tuple(sorted(found, key=self.order_of))

    def held(self, ship_id: str) -> bool:
        return any(link.links(ship_id) for link in self.links)

    def with_link(self, thrower: str, other: str, kind: str) -> GameState:
        """A new link, replacing any between the pair (a corvus replaces a line, §11)."""
        if thrower.upper() == other.upper():
            raise ValueError("a ship cannot grapple itself")
        first, second = sorted((thrower, other), key=self.order_of)
        kept = tuple(link for link in self.links if link is not self.link(thrower, other))
        return replace(self, links=(*kept, Link(first, second, kind, thrower)))

    def without_link(self, first: str, second: str) -> GameState:
        link = self.link(first, second)
        return self if link is None else replace(
            self, links=tuple(kept for kept in self.links if kept is not link))

    def released(self, ship_id: str) -> GameState:
        """Every link with this ship ended (it sank, fled or became a prize, §10.3, §13.4)."""
        return replace(self, links=tuple(link for link in self.links if not link.links(ship_id)))

    def front(self, first: str, second: str) -> int:
        """The front of a pair as seen from `first` (§13.2); 0 when they have none."""
        for front in self.fronts:
            if (front.first, front.second) == (first, second):
                return front.value
            if (front.first, front.second) == (second, first):
                return -front.value
        return 0

    # --- geometry

    @property
    def table(self) -> Table:
        return Table(self.options.table_width, self.options.table_height)

    @property
    def core(self) -> CoreParameters:
        """The core's parameters with this game's table and contact tolerance (G1)."""
        return replace(SPEED_BAND, table=self.table,
                       contact_tolerance=self.options.contact_tolerance)

    @property
    def epsilon(self) -> float:
        return SPEED_BAND.epsilon
