"""The position of a Wooden Walls game (rulings §2, §4, §10, §12.1, §13, §15; build plan §2):
fighting elements, ships with their holes, fires, oars and flags, links (grapples, corvus,
embedded rams), wind, terrain, players, and the game state holding them with the round, the
orders in force, this round's marks and the open phase (`rounds.py`).

Everything is frozen; play makes new values. Lists are tuples in scenario order (links in the
order made). Lengths are SL, headings degrees (multiples of 0.5, §1). A ship's derived facts that
need no rule (hole units, fire total, the areas it has, intact oar sections) are properties;
those that need rules (maximum speed, limits, over-crewing) live in the modules of those rules.
The state keeps an index of ship ids, handed on by `with_ship`, as speed-band's does.

The ship and its elements are built in `shipstate.py` and re-exported here: import them from
this module. Imports `shipstate.py`, the options (`switches.py`), the round (`rounds.py`) and the
core's table and parameters (`pbem.rules.table`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

from pbem.rules.table import WOODEN_WALLS, Polygon, Table
from pbem.rules.table.params import CoreParameters
from pbem.rules.woodenwalls.rounds import SETUP, LegOrders, Phase, RoundRecord, RoundState
from pbem.rules.woodenwalls.shipstate import (
    ABANDONED,
    AFLOAT,
    BOARD_SIDES,
    BURNT_OUT,
    DECK_AREAS,
    EXPERIENCED,
    FLAGS,
    FLAGSHIPS,
    FLED,
    FLEEING,
    FLEET,
    FLOTILLA,
    GRADES,
    HULK,
    HULK_REASONS,
    KINDS,
    MISSILES,
    NO_FIRES,
    PICKED,
    POOR_GRADE,
    PORT,
    SPEEDS,
    STANDING_OFF,
    STARBOARD,
    STATUSES,
    SUNK,
    TOWERS,
    Element,
    Ship,
    ShippedOars,
    evolved,
    new_ship,
    relocated,
    section_label,
    without_element,
)
from pbem.rules.woodenwalls.switches import Options

__all__ = [
    "ABANDONED", "AFLOAT", "BOARD_SIDES", "BURNT_OUT", "CORVUS", "CURRENTS", "DECK_AREAS",
    "EXPERIENCED", "FLAGS", "FLAGSHIPS", "FLED", "FLEEING", "FLEET", "FLOTILLA", "GRADES", "GRAPPLE",
    "HULK", "HULK_REASONS", "KINDS", "LIGHT", "LINK_KINDS", "MISSILES", "NO_FIRES", "PICKED",
    "POOR_GRADE", "PORT", "RAM", "SPEEDS", "STANDING_OFF", "STARBOARD", "STATUSES", "STIFF", "STRONG",
    "SUNK", "TOWERS", "WEAK", "WINDS", "Current", "Element", "GameState", "Link", "Player",
    "ShippedOars", "Ship", "Terrain", "Wind", "evolved", "new_ship", "relocated", "section_label",
    "without_element",
]

GRAPPLE, CORVUS, RAM = "grapple", "corvus", "ram"
LINK_KINDS = (GRAPPLE, CORVUS, RAM)
LIGHT, STIFF, STRONG = "light", "stiff", "strong"
WINDS = (LIGHT, STIFF, STRONG)
WEAK = "weak"
CURRENTS = (WEAK, STRONG)


# ---------------------------------------------------------------- links (§10.5, §12.1, §12.5)


@dataclass(frozen=True, slots=True)
class Link:
    """A link between ships `a` and `b` (plan §2.3): a grapple (a made it; `throws` names the
    thrower of each grapple across, in the order thrown, q. 32), a corvus (a the user) or an
    embedded ram (a the rammer). Its place in the state's links is the order made."""

    kind: str
    a: str
    b: str
    throws: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in LINK_KINDS:
            raise ValueError(f"a link is a grapple, corvus or ram, not {self.kind!r}")
        if self.a.upper() == self.b.upper():
            raise ValueError(f"a link joins two ships, not {self.a} to itself")
        if self.kind == GRAPPLE:
            if not self.throws:
                raise ValueError("a grapple link holds at least one grapple (at 0 it ends, §12.1)")
            if not {name.upper() for name in self.throws} <= {self.a.upper(), self.b.upper()}:
                raise ValueError(f"a grapple between {self.a} and {self.b} is thrown by one of them")
        elif self.throws:
            raise ValueError(f"a {self.kind} link holds no grapples")

    @property
    def count(self) -> int:
        """g, the grapples across (§12.1); 0 for a corvus or ram link."""
        return len(self.throws)

    def thrown_by(self, ship: str) -> int:
        return sum(1 for name in self.throws if name.upper() == ship.upper())

    @property
    def throwers(self) -> tuple[str, ...]:
        """The ships that threw grapples in it, in the order of their first throw."""
        return tuple(dict.fromkeys(self.throws))

    def joins(self, ship: str) -> bool:
        return ship.upper() in (self.a.upper(), self.b.upper())

    def other(self, ship: str) -> str:
        return self.b if ship.upper() == self.a.upper() else self.a

    def entries(self) -> tuple[tuple[str, str, str], ...]:
        """(first-named, second-named, text) as the case key `links` prints this link: one
        "grapple A>B g" per thrower, "ram A>B", "corvus A>B"."""
        if self.kind != GRAPPLE:
            return ((self.a, self.b, f"{self.kind} {self.a}>{self.b}"),)
        return tuple((thrower, self.other(thrower),
                      f"grapple {thrower}>{self.other(thrower)} {self.thrown_by(thrower)}")
                     for thrower in self.throwers)


# ---------------------------------------------------------------- wind, terrain, players


@dataclass(frozen=True, slots=True)
class Wind:
    """The wind (§7.10, §5.6): `strength` light, stiff or strong, `heading` it blows towards."""

    strength: str = LIGHT
    heading: float = 90.0

    def __post_init__(self) -> None:
        if self.strength not in WINDS:
            raise ValueError(f"the wind is light, stiff or strong, not {self.strength!r}")

    @property
    def notation(self) -> str:
        """As the case key `wind` prints it: "stiff@45"."""
        return f"{self.strength}@{self.heading:g}"


@dataclass(frozen=True, slots=True)
class Current:
    """A current (§7.9, §7.10): its polygon, the heading it runs towards, weak or strong."""

    polygon: Polygon
    heading: float
    strength: str = WEAK

    def __post_init__(self) -> None:
        if self.strength not in CURRENTS:
            raise ValueError(f"a current is weak or strong, not {self.strength!r}")


@dataclass(frozen=True, slots=True)
class Terrain:
    """Land polygons and currents in scenario order (house rule `terrain`, §1)."""

    land: tuple[Polygon, ...] = ()
    currents: tuple[Current, ...] = ()


@dataclass(frozen=True, slots=True)
class Player:
    """A player of a side (§6.1), in the scenario's player order."""

    id: str
    side: str


# ---------------------------------------------------------------- the game


@dataclass(frozen=True, slots=True)
class _Index:
    ships: tuple[Ship, ...]
    order: Mapping[str, int]  # upper-case id -> place in scenario order


@dataclass(frozen=True)
class GameState:
    """The whole position (plan §2.1): ships in scenario order, players in player order (none:
    one player per side, named after it), the options, terrain, links in the order made, wind,
    the round, each side's orders in force, this round's record, the open phase and the winner
    ("" none yet, a side id or "draw")."""

    ships: tuple[Ship, ...]
    options: Options = Options()
    players: tuple[Player, ...] = ()
    terrain: Terrain = Terrain()
    links: tuple[Link, ...] = ()
    wind: Wind = Wind()
    round: RoundState = RoundState()
    orders: tuple[LegOrders, ...] = ()
    record: RoundRecord = RoundRecord()
    phase: Phase = Phase(SETUP)
    winner: str = ""
    scenario: str = "default"
    _index: _Index | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        old = self._index
        if old is not None and old.ships is self.ships:
            return
        order = {ship.id.upper(): number for number, ship in enumerate(self.ships)}
        if len(order) != len(self.ships):
            raise ValueError("two ships have the same id; ship ids are unique in a game (in any case)")
        if self.players:
            sides = {player.side for player in self.players}
            strays = sorted({ship.side for ship in self.ships} - sides)
            if strays:
                raise ValueError(f"side {strays[0]} has ships but no player; every side has a player")
        object.__setattr__(self, "_index", _Index(self.ships, order))

    @property
    def _known(self) -> _Index:
        assert self._index is not None
        return self._index

    # --- ships

    def ship(self, ship_id: str) -> Ship | None:
        """The ship with this id (any case), None when there is none."""
        order = self._known.order
        number = order.get(ship_id)  # ids are most often asked as stored, in capitals
        if number is None:
            number = order.get(ship_id.upper())
        return None if number is None else self.ships[number]

    def require(self, ship_id: str) -> Ship:
        found = self.ship(ship_id)
        if found is None:
            raise ValueError(f"there is no ship {ship_id} in this game; the ships are "
                             f"{', '.join(ship.id for ship in self.ships)}")
        return found

    def order_of(self, ship_id: str) -> int:
        """A ship's place in scenario order (every tie-break); ValueError if it is not in the game."""
        number = self._known.order.get(ship_id.upper())
        if number is None:
            self.require(ship_id)
        assert number is not None
        return number

    @property
    def ship_order(self) -> Mapping[str, int]:
        """Upper-case ship id to its place in scenario order (for `elements.list_order`)."""
        return self._known.order

    def with_ship(self, ship: Ship) -> GameState:
        """The state with the ship of the same id replaced; the id index carries over."""
        number = self.order_of(ship.id)
        ships = (*self.ships[:number], ship, *self.ships[number + 1:])
        copy = object.__new__(GameState)
        copy.__dict__.update(self.__dict__, ships=ships, _index=_Index(ships, self._known.order))
        return copy

    def with_ships(self, ships: tuple[Ship, ...]) -> GameState:
        return replace(self, ships=ships)

    # --- sides and players

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides in scenario order: the players' order, else the order of first ships."""
        if self.players:
            return tuple(dict.fromkeys(player.side for player in self.players))
        return tuple(dict.fromkeys(ship.side for ship in self.ships))

    def players_of(self, side: str) -> tuple[Player, ...]:
        found = tuple(player for player in self.players if player.side == side)
        return found or ((Player(side, side),) if side in self.sides else ())

    def ships_of_player(self, player_id: str) -> tuple[Ship, ...]:
        return tuple(ship for ship in self.ships if (ship.player or ship.side) == player_id)

    def controlled_by(self, side: str) -> tuple[Ship, ...]:
        """The ships a side controls now (captured ones included), in scenario order."""
        return tuple(ship for ship in self.ships if ship.owner == side)

    def starting_ships(self, side: str) -> int:
        """Ships the side started with (§18 "half its starting ships, rounded up")."""
        return sum(1 for ship in self.ships if ship.side == side)

    def enemy_of(self, side: str) -> str:
        """The other side of a two-sided game."""
        others = [other for other in self.sides if other != side]
        if len(others) != 1 or side not in self.sides:
            raise ValueError(f"{side!r} is not one of the two sides {', '.join(self.sides)}")
        return others[0]

    def orders_of(self, side: str) -> LegOrders:
        """The side's orders in force for the open phase (none given: empty)."""
        for orders in self.orders:
            if orders.side == side:
                return orders
        return LegOrders(side)

    # --- links

    def links_of(self, ship_id: str) -> tuple[Link, ...]:
        """The ship's links in the order made."""
        return tuple(link for link in self.links if link.joins(ship_id))

    def link(self, first: str, second: str, kind: str | None = None) -> Link | None:
        """The first link made between the two (of `kind` when given), None when there is none."""
        for link in self.links:
            if link.joins(first) and link.joins(second) and kind in (None, link.kind):
                return link
        return None

    def linked(self, ship_id: str) -> bool:
        return any(link.joins(ship_id) for link in self.links)

    def with_link(self, link: Link, replacing: Link | None = None) -> GameState:
        """A new link made (last in the order made), or `replacing` changed in its place."""
        self.require(link.a)
        self.require(link.b)
        if replacing is None:
            return replace(self, links=(*self.links, link))
        return replace(self, links=tuple(link if kept is replacing else kept for kept in self.links))

    def without_link(self, link: Link) -> GameState:
        return replace(self, links=tuple(kept for kept in self.links if kept is not link))

    def released(self, ship_id: str) -> GameState:
        """Every link of this ship ended (it sank or left the table, §12.1, §15.3)."""
        return replace(self, links=tuple(link for link in self.links if not link.joins(ship_id)))

    def link_entries(self) -> tuple[str, ...]:
        """The case key `links`: by the scenario order of the first-named ship, then the second,
        one pair's in the order made (WW 8, q. 32)."""
        found = [(self.order_of(a), self.order_of(b), made, text)
                 for made, link in enumerate(self.links) for a, b, text in link.entries()]
        return tuple(text for *_, text in sorted(found))

    def won_shooting_entries(self) -> tuple[str, ...]:
        """The case key `won_shooting` ("A>B"), ordered as `link_entries`."""
        found = []
        for made, won in enumerate(self.round.won_shooting):
            winner, loser = won.split(">")
            found.append((self.order_of(winner), self.order_of(loser), made, won))
        return tuple(text for *_, text in sorted(found))

    # --- the table

    @property
    def table(self) -> Table:
        return self.core.table

    @property
    def core(self) -> CoreParameters:
        """The core's parameters with this game's table and contact tolerance (G1)."""
        options = self.options
        return _core(options.table_width, options.table_height, options.contact_tolerance)


@lru_cache(maxsize=64)
def _core(width: float, height: float, contact_tolerance: float) -> CoreParameters:
    # GameState.core, made once per table and tolerance (asked at every step).
    return replace(WOODEN_WALLS, table=Table(width, height), contact_tolerance=contact_tolerance)
