"""The position of a ram / cruise / strategic game: ships with their crews, equipment, modes,
shears, countdowns, links and standing orders; the sides; the open phase (rulings §3.2, §4,
§5.3, §5.4, §6.1, §7, §9.5, §10.2, §11, §15.1, §16).

Everything is frozen; play makes new values. Enumerated values are kept in lower case, as the
case format prints them. Positions are kept at full precision and rounded only in views;
ordered distances and speeds are whole tenths of an inch (§6.1, G6).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache

from pbem.rules.ramcruise.classes import (
    BOW,
    DECK,
    LOSS_CATEGORIES,
    MAR,
    OAR,
    Crew,
    ShipClass,
    class_footprint,
    dimensions,
    half_diagonal,
    ship_class,
)
from pbem.rules.ramcruise.switches import Options
from pbem.rules.table import RAM_CRUISE, Footprint, Polygon, Pose, Table, Vec, place
from pbem.rules.table.params import CoreParameters

# Status (§4); routed is a separate flag (§16.4).
AFLOAT, SINKING, SUNK, SURRENDERED, FLED = "afloat", "sinking", "sunk", "surrendered", "fled"
STATUSES = (AFLOAT, SINKING, SUNK, SURRENDERED, FLED)

# Modes of a move (§6.1) and the rungs of the ladder (§6.2): STAY, BACK and not moving count
# as the strategic rung.
STRATEGIC, CRUISE, RAM, BACK, STAY = "strategic", "cruise", "ram", "back", "stay"
MODES = (STRATEGIC, CRUISE, RAM, BACK, STAY)
RUNG: Mapping[str, int] = {STRATEGIC: 0, CRUISE: 1, RAM: 2, BACK: 0, STAY: 0}

# Standing orders (§5.3), defaults first.
RESIST, ACCEPT = "resist", "accept"
GRAPPLE, NONE = "grapple", "none"
STANCES = (RESIST, ACCEPT)
ONSHEARS = (GRAPPLE, NONE)
DEFAULT_LOSSES = (DECK, BOW, MAR, OAR)

# Home edges (§16.6, §20): the heading pointing at the edge (a router's home heading H) and
# the heading straight away from it (set-up).
SOUTH, NORTH, WEST, EAST = "south", "north", "west", "east"
EDGES = (SOUTH, NORTH, WEST, EAST)
HOME_HEADING: Mapping[str, int] = {SOUTH: 180, NORTH: 0, WEST: 270, EAST: 90}
AWAY_HEADING: Mapping[str, int] = {SOUTH: 0, NORTH: 180, WEST: 90, EAST: 270}

# Ram aspects (§9.2) and morale triggers (§16.2) kept between steps.
HEAD_ON, HEAD, TAIL, SIDE = "head-on", "head", "tail", "side"
BALLISTA_HIT, FIRE_DART_HIT, CASUALTIES, RAMMED, SHEARED = (
    "ballista", "fire_dart", "casualties", "rammed", "sheared")
TRIGGERS = (BALLISTA_HIT, FIRE_DART_HIT, CASUALTIES, RAMMED, SHEARED)

# Phases (§5.4): the wind roll (only `wind = roll`), the build round (fleets built to a budget),
# the set-up rounds (`setup = free`), then two rounds a half.
WIND, BUILD, SETUP, MOVE, COMBAT, OVER = "wind", "build", "setup", "move", "combat", "over"
PHASE_KINDS = (WIND, BUILD, SETUP, MOVE, COMBAT, OVER)


@dataclass(frozen=True, slots=True)
class StandingOrders:
    """A ship's four standing orders (§5.3)."""

    stance: str = RESIST
    onbreak: str = RESIST
    onshear: str = GRAPPLE
    losses: tuple[str, ...] = DEFAULT_LOSSES

    def __post_init__(self) -> None:
        if self.stance not in STANCES or self.onbreak not in STANCES:
            raise ValueError("STANCE and ONBREAK are resist or accept")
        if self.onshear not in ONSHEARS:
            raise ValueError("ONSHEAR is grapple or none")
        if not self.losses or any(category not in LOSS_CATEGORIES for category in self.losses):
            raise ValueError("LOSSES lists one or more of mar, bow, deck, oar")


@dataclass(frozen=True, slots=True)
class Ship:
    """One ship. `ballistas` holds, per ballista in build order, the turn it last fired (0:
    never, §15.1); `gear` is "", corvus or harpax; `mode` and `speed` (tenths of an inch) are
    its last own move's (§6.1, §6.2); `sheared` counts shears (0–2, §8.2); `countdown` runs
    while it sinks and `countdown_skip` is true until the first own end of half after it was
    set has been skipped (§10.2); `embedded_in` is the ship it rammed and is stuck in ("" none,
    §9.5); `seen_routed` the routed friends it has seen (§16.2); `placed` is false until a
    free set-up places it (§20)."""

    id: str
    side: str
    ship_class: str
    x: float
    y: float
    heading: int
    crew: Crew
    name: str = ""
    tower: bool = False
    ballistas: tuple[int, ...] = ()
    gear: str = ""
    flagship: bool = False
    mode: str = STRATEGIC
    speed: int = 0
    fatigue: int = 20
    sheared: int = 0
    status: str = AFLOAT
    routed: bool = False
    countdown: int = 0
    countdown_skip: bool = False
    embedded_in: str = ""
    seen_routed: frozenset[str] = frozenset()
    standing: StandingOrders = StandingOrders()
    placed: bool = True

    @property
    def pose(self) -> Pose:
        return Pose(Vec(self.x, self.y), float(self.heading))

    @property
    def length(self) -> float:
        return dimensions(self.ship_class)[0]

    @property
    def beam(self) -> float:
        return dimensions(self.ship_class)[1]

    @property
    def half_diagonal(self) -> float:
        """How far the hull reaches from its centre (classes.half_diagonal)."""
        return half_diagonal(self.ship_class)

    @property
    def footprint(self) -> Footprint:
        length, beam = dimensions(self.ship_class)
        return class_footprint(length, beam)

    def polygon(self) -> Polygon:
        return placed_footprint(self.x, self.y, self.heading, self.ship_class)

    @property
    def on_table(self) -> bool:
        """Placed, and not sunk or fled: an obstacle to every other ship (§4, §6.4)."""
        return self.placed and self.status in (AFLOAT, SINKING, SURRENDERED)

    @property
    def in_play(self) -> bool:
        """Afloat or sinking, routed or not: may be rammed, fired at and grappled (§9.1, §13.1)."""
        return self.placed and self.status in (AFLOAT, SINKING)

    @property
    def lost(self) -> bool:
        """Sunk, sinking, surrendered, routed or fled: lost for victory (§17)."""
        return self.routed or self.status != AFLOAT

    @property
    def corvus_or_harpax(self) -> bool:
        return bool(self.gear)

    def loaded_ballistas(self, turn: int) -> tuple[int, ...]:
        """The numbers (from 1, build order) of the ballistas loaded in `turn`: one that fired
        in turn t is loaded again for turn t + 2 (§15.1)."""
        return tuple(number for number, fired in enumerate(self.ballistas, 1)
                     if fired == 0 or turn >= fired + 2)


@lru_cache(maxsize=8192)
def placed_footprint(x: float, y: float, heading: int, class_name: str) -> Polygon:
    # A pure value of pose and class: a ship that has not moved is not placed again for every
    # other ship's every step.
    length, beam = dimensions(class_name)
    return place(class_footprint(length, beam), Pose(Vec(x, y), float(heading)))


@dataclass(frozen=True, slots=True)
class Grapple:
    """A grapple between two ships (§11.3), `first` before `second` in scenario order, with the
    one of them that last inflicted melee casualties on the other since it was made ("" none
    yet, §11.4)."""

    first: str
    second: str
    last_casualties: str = ""

    def links(self, ship_id: str) -> bool:
        return ship_id in (self.first, self.second)

    def other(self, ship_id: str) -> str:
        if ship_id == self.first:
            return self.second
        if ship_id == self.second:
            return self.first
        raise ValueError(f"{ship_id} is not in the grapple of {self.first} and {self.second}")


@dataclass(frozen=True, slots=True)
class Side:
    """A side: its home edge (§16.6, §20), the purchase points it started with (§17), the
    fleet's fatigue reserve (`fatigue = fleet`, §7), and whether its flagship has fallen
    (§16.2 item 6: every ship tests once in the game)."""

    id: str
    home: str
    start_points: int = 0
    fatigue: int = 20
    flagship_lost: bool = False

    @property
    def home_heading(self) -> int:
        """H, the heading straight at the home edge (§16.6)."""
        return HOME_HEADING[self.home]


@dataclass(frozen=True, slots=True)
class MarkedRam:
    """A ram marked at its contact in movement and rolled at step 6 (§9.1): the aspect of §9.2
    and the impact point."""

    rammer: str
    target: str
    aspect: str
    impact: tuple[float, float]


@dataclass(frozen=True)
class HalfRecord:
    """What a half carries from its first round to its second, and from step to step (§5.2):
    rams marked in contact order, the ships that moved STRAT or BACK with no enemy in sight at
    the end of movement (§7), those that forfeit their melee (§12.3), morale triggers since the
    last checkpoint in the order they happened (§16.2), and the sides whose flagship fell this
    half (tested at M5), and the round-1 DUTY changes (ship, crewmen, deck or oar) that take
    effect at step 11 (§3.2)."""

    marked_rams: tuple[MarkedRam, ...] = ()
    out_of_sight: frozenset[str] = frozenset()
    forfeits: frozenset[str] = frozenset()
    triggers: tuple[tuple[str, str], ...] = ()
    flagship_fell: frozenset[str] = frozenset()
    duties: tuple[tuple[str, int, str], ...] = ()

    def triggers_of(self, ship_id: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(kind for ship, kind in self.triggers if ship == ship_id))


@dataclass(frozen=True, slots=True)
class Phase:
    """The open phase (§5.4). `half` is 1 while side A is phasing and 2 for side B; `side` is
    the setting-up or phasing side."""

    kind: str
    turn: int = 0
    half: int = 0
    side: str = ""

    @property
    def round(self) -> int:
        """The mail round of the turn, 1–4 (§5.4); 0 outside a turn."""
        if self.kind not in (MOVE, COMBAT):
            return 0
        return 2 * (self.half - 1) + (1 if self.kind == MOVE else 2)

    @property
    def key(self) -> str:
        if self.kind in (WIND, BUILD, OVER):
            return self.kind
        if self.kind == SETUP:
            return f"setup-{self.side}"
        return f"T{self.turn}-r{self.round}-{self.side}"


@dataclass(frozen=True)
class GameState:
    """The table, the sides (side A first, §5.1), the grapples, the wind (downwind heading,
    §16.5) and the open phase."""

    ships: tuple[Ship, ...]
    sides: tuple[Side, Side]
    options: Options
    phase: Phase = Phase(MOVE, 1, 1)
    grapples: tuple[Grapple, ...] = ()
    wind: int = 90
    half_record: HalfRecord = HalfRecord()
    winner: str | None = None
    scenario: str = "default"
    title: str = "The ram / cruise / strategic rules"
    _index: Mapping[str, int] = field(default_factory=dict, init=False, compare=False,
                                      repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {s.id.upper(): i for i, s in enumerate(self.ships)})

    # --- ships

    def ship(self, ship_id: str) -> Ship | None:
        index = self._index.get(ship_id.upper())
        return None if index is None else self.ships[index]

    def require(self, ship_id: str) -> Ship:
        found = self.ship(ship_id)
        if found is None:
            raise ValueError(f"there is no ship {ship_id} in this game")
        return found

    def order_of(self, ship_id: str) -> int:
        """A ship's place in scenario order (every tie-break, §20)."""
        return self._index[ship_id.upper()]

    def with_ship(self, ship: Ship) -> GameState:
        ships = list(self.ships)
        ships[self._index[ship.id.upper()]] = ship
        changed = GameState.__new__(GameState)  # the same ids in the same places: the index
        for name in _STATE_FIELDS:              # stands, and is not built again
            object.__setattr__(changed, name, getattr(self, name))
        object.__setattr__(changed, "ships", tuple(ships))
        object.__setattr__(changed, "_index", self._index)
        return changed

    def with_ships(self, ships: Iterable[Ship], **changes: object) -> GameState:
        return replace(self, ships=tuple(ships), **changes)  # type: ignore[arg-type]

    def row(self, ship: Ship) -> ShipClass:
        """The ship's class row with this game's `special_ship` (§3.1)."""
        return ship_class(ship.ship_class, self.options.special_ship)

    # --- sides

    def side(self, side_id: str) -> Side:
        for side in self.sides:
            if side.id == side_id:
                return side
        raise ValueError(f"there is no side {side_id!r} in this game; the sides are "
                         f"{' and '.join(s.id for s in self.sides)}")

    def with_side(self, side: Side) -> GameState:
        sides = tuple(side if s.id == side.id else s for s in self.sides)
        return replace(self, sides=(sides[0], sides[1]))

    @property
    def side_ids(self) -> tuple[str, str]:
        return self.sides[0].id, self.sides[1].id

    def other(self, side_id: str) -> str:
        first, second = self.side_ids
        return second if side_id == first else first

    @property
    def phasing(self) -> str:
        """The side performing the open half ("" outside a turn's rounds)."""
        return self.phase.side if self.phase.kind in (MOVE, COMBAT) else ""

    def enemies(self, first: Ship, second: Ship) -> bool:
        return first.side != second.side

    def ships_of(self, side_id: str) -> tuple[Ship, ...]:
        return tuple(ship for ship in self.ships if ship.side == side_id)

    # --- grapples (§11.3)

    def grapple(self, first: str, second: str) -> Grapple | None:
        pair = {first.upper(), second.upper()}
        for link in self.grapples:
            if {link.first.upper(), link.second.upper()} == pair:
                return link
        return None

    def grappled_with(self, ship_id: str) -> tuple[str, ...]:
        """The ships linked to this one, in scenario order."""
        linked = [link.other(ship_id) for link in self.grapples if link.links(ship_id)]
        return tuple(sorted(linked, key=self.order_of))

    def with_grapple(self, first: str, second: str) -> GameState:
        if first == second:
            raise ValueError("a ship cannot grapple itself")
        if self.grapple(first, second) is not None:
            return self
        a, b = sorted((first, second), key=self.order_of)
        return replace(self, grapples=(*self.grapples, Grapple(a, b)))

    def without_grapple(self, first: str, second: str) -> GameState:
        link = self.grapple(first, second)
        return self if link is None else replace(
            self, grapples=tuple(g for g in self.grapples if g is not link))

    def released(self, ship_id: str) -> GameState:
        """Every grapple with this ship released (it sank, fled or surrendered, §11.3)."""
        return replace(self, grapples=tuple(g for g in self.grapples if not g.links(ship_id)))

    # --- geometry

    @property
    def table(self) -> Table:
        return Table(self.options.table_width, self.options.table_height)

    @property
    def core(self) -> CoreParameters:
        """The core's parameters with this game's table and contact tolerance (G1)."""
        return replace(RAM_CRUISE, table=self.table, contact_tolerance=self.options.contact_tolerance)

    @property
    def epsilon(self) -> float:
        return RAM_CRUISE.epsilon


_STATE_FIELDS = tuple(f.name for f in fields(GameState) if f.init)
