"""The typed orders of the Wooden Walls notation (rulings §20, §21), each a frozen dataclass whose
`notation()` writes the standard line back, as the echo shows a line as the judge understood it.

Lengths are SL as floats read from at most two decimals; angles are degrees, multiples of 0.5
(exact in binary). A `Turn` is signed: + to starboard (`S`), - to port (`P`). Target ship ids are
kept upper case; `ANY` is the intent's any-ship target. Imports only `pbem.rules.table.Vec` (a
TOWARD/AWAY point).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pbem.rules.table import Vec

# Crew qualities (§4.5, §19), deck areas (§4.4), element kinds (§4.5) and sides.
FIRST_RATE, ABLE, POOR = "FR", "ABLE", "POOR"
QUALITIES = (FIRST_RATE, ABLE, POOR)
AREAS = ("B", "M", "S", "T1", "T2")
MARINES, SHOOTERS = "marines", "shooters"
KIND_LETTERS = {MARINES: "M", SHOOTERS: "S"}
PORT, STARBOARD = "port", "starboard"
SIDE_LETTERS = {PORT: "P", STARBOARD: "S"}
BACKING = "B"  # the SPEED value of a backing ship; the others are the ints 0-4
SPEEDS: tuple[int | str, ...] = (0, 1, 2, 3, 4, BACKING)
ANY = "ANY"  # an intent at whichever ship the segment meets (§8.1)

# The parts of the mail (plan §3, §5): which takes a line is `notation.part_of`.
SETUP, MOVEMENT, DECK = "setup", "movement", "deck"


def sl(value: float) -> str:
    """A length in SL as the notation writes it: at most two decimals, no trailing zeros."""
    hundredths = round(value * 100)
    if abs(value * 100 - hundredths) > 1e-6:
        return f"{value:g}"
    whole, part = divmod(abs(hundredths), 100)
    sign = "-" if hundredths < 0 else ""
    return f"{sign}{whole}" if part == 0 else f"{sign}{whole}.{part:02d}".rstrip("0")


def degrees(value: float) -> str:
    """An angle's size in degrees as the notation writes it (30, 22.5)."""
    halves = round(abs(value) * 2)
    if abs(abs(value) * 2 - halves) > 1e-9:
        return f"{abs(value):g}"
    whole, half = divmod(halves, 2)
    return f"{whole}.5" if half else f"{whole}"


# --- setup (§6.1, §19)


@dataclass(frozen=True, slots=True)
class Quality:
    """`QUALITY FR|ABLE|POOR` (§19): the ship's crew quality, one of `QUALITIES`."""

    quality: str

    def notation(self) -> str:
        return f"QUALITY {self.quality}"


@dataclass(frozen=True, slots=True)
class Placing:
    """`<area>:<n><k>` of a POST: n elements of a kind (`MARINES`, `SHOOTERS`) in an area."""

    area: str
    count: int
    kind: str

    def notation(self) -> str:
        return f"{self.area}:{self.count}{KIND_LETTERS[self.kind]}"


@dataclass(frozen=True, slots=True)
class Post:
    """`POST <area>:<n><k> …` (§6.1): the placings in the order written (plan §11 q. 9)."""

    placings: tuple[Placing, ...]

    def notation(self) -> str:
        return "POST " + " ".join(placing.notation() for placing in self.placings)


# --- movement (§6.2, §7.1, §21)


@dataclass(frozen=True, slots=True)
class ActivationOrder:
    """`ORDER <ID> <ID> …` (§5.5): the side's ships in the order they activate."""

    ships: tuple[str, ...]

    def notation(self) -> str:
        return "ORDER " + " ".join(self.ships)


@dataclass(frozen=True, slots=True)
class Turn:
    """`S<a>` (angle > 0) or `P<a>` (angle < 0): a template turn about the pivot point (§3).
    A turn of 0 is written S0."""

    angle: float

    def notation(self) -> str:
        return f"{'P' if self.angle < 0 else 'S'}{degrees(self.angle)}"


@dataclass(frozen=True, slots=True)
class _Straight:
    """A straight step's letter and distance in SL."""

    distance: float
    letter: ClassVar[str] = ""

    def notation(self) -> str:
        return f"{self.letter}{sl(self.distance)}"


@dataclass(frozen=True, slots=True)
class Ahead(_Straight):
    """`F<d>`: d SL ahead (§7.1)."""
    letter: ClassVar[str] = "F"


@dataclass(frozen=True, slots=True)
class Astern(_Straight):
    """`B<d>`: d SL astern, backing only (§7.1)."""
    letter: ClassVar[str] = "B"


@dataclass(frozen=True, slots=True)
class Hold:
    """`HOLD`: a step that moves nothing (§7.1)."""

    def notation(self) -> str:
        return "HOLD"


Step = Turn | Ahead | Astern | Hold


@dataclass(frozen=True, slots=True)
class _Named:
    """A verb and one ship id (or `ANY` for an intent)."""

    target: str
    verb: ClassVar[str] = ""

    def notation(self) -> str:
        return f"{self.verb} {self.target}"


@dataclass(frozen=True, slots=True)
class Ram(_Named):
    """`RAM <ID>|ANY` (§8.1)."""
    verb: ClassVar[str] = "RAM"


@dataclass(frozen=True, slots=True)
class Shear(_Named):
    """`SHEAR <ID>|ANY` (§8.1, §9)."""
    verb: ClassVar[str] = "SHEAR"


@dataclass(frozen=True, slots=True)
class Rake(_Named):
    """`RAKE <ID>|ANY` (§9.5)."""
    verb: ClassVar[str] = "RAKE"


Intent = Ram | Shear | Rake


def _tail(break_away: bool, intent: Intent | None) -> list[str]:
    words = ["BREAK"] if break_away else []
    if intent is not None:
        words.append(intent.notation())
    return words


@dataclass(frozen=True, slots=True)
class Segment:
    """`<steps> [BREAK] [RAM|SHEAR|RAKE <ID>|ANY]` (§7.1, §20): the steps in order, whether the
    ship tries to leave a link (§7.6, §12.5) and the intent."""

    steps: tuple[Step, ...]
    break_away: bool = False
    intent: Intent | None = None

    def notation(self) -> str:
        return " ".join([step.notation() for step in self.steps] + _tail(self.break_away,
                                                                          self.intent))


@dataclass(frozen=True, slots=True)
class _Aim:
    """A macro's target (a ship id or a point), advance (None: the maximum), BREAK and intent."""

    target: str | Vec
    distance: float | None = None
    break_away: bool = False
    intent: Intent | None = None
    verb: ClassVar[str] = ""

    def notation(self) -> str:
        aim = self.target if isinstance(self.target, str) else (
            f"({sl(self.target.x)},{sl(self.target.y)})")
        words = [self.verb, aim] + ([sl(self.distance)] if self.distance is not None else [])
        return " ".join(words + _tail(self.break_away, self.intent))


@dataclass(frozen=True, slots=True)
class Toward(_Aim):
    """`TOWARD <ID>|(<x>,<y>) [<d>] [BREAK] [intent]` (§21): turn towards the target, capped by
    the turn limit left, then advance d."""
    verb: ClassVar[str] = "TOWARD"


@dataclass(frozen=True, slots=True)
class Away(_Aim):
    """`AWAY <ID>|(<x>,<y>) [<d>] [BREAK] [intent]` (§21): TOWARD with the bearing reversed."""
    verb: ClassVar[str] = "AWAY"


Branch = Segment | Toward | Away


@dataclass(frozen=True, slots=True)
class IfNear:
    """`IF NEAR <ID> <r> THEN <segment> ELSE <segment>` (§21); the branches are never IF."""

    ship: str
    radius: float
    then: Branch
    otherwise: Branch

    def notation(self) -> str:
        return (f"IF NEAR {self.ship} {sl(self.radius)} THEN {self.then.notation()} "
                f"ELSE {self.otherwise.notation()}")


Entry = Segment | Toward | Away | IfNear  # what a queue entry <ID>/<k> holds


def branches(entry: Entry) -> tuple[Branch, ...]:
    """What an entry may carry out, for the checker's limits: both branches of an IF NEAR."""
    return (entry.then, entry.otherwise) if isinstance(entry, IfNear) else (entry,)


@dataclass(frozen=True, slots=True)
class Speed:
    """`SPEED 0|1|2|3|4|B @<n>` (§6.2, §7.8): `speed` an int 0-4 or `BACKING`, at the end of the
    n-th action phase of the mail."""

    speed: int | str
    phase: int

    def notation(self) -> str:
        return f"SPEED {self.speed} @{self.phase}"


# --- deck (§11-§14)


@dataclass(frozen=True, slots=True)
class ShipArea:
    """`<ship>.<area>`; `ship` "" is the ordering ship itself (ATTACK and MOVE, `[<ship>.]`)."""

    ship: str
    area: str

    def notation(self) -> str:
        return f"{self.ship}.{self.area}" if self.ship else self.area


def _targets(targets: tuple[ShipArea, ...]) -> str:
    return ", ".join(target.notation() for target in targets)


@dataclass(frozen=True, slots=True)
class Shift:
    """`SHIFT <n><k> <from>-<to>` (§12.2 posting)."""

    count: int
    kind: str
    source: str
    destination: str

    def notation(self) -> str:
        return f"SHIFT {self.count}{KIND_LETTERS[self.kind]} {self.source}-{self.destination}"


@dataclass(frozen=True, slots=True)
class _Shot:
    """A verb, the acting area and the target list (the first eligible target shot at)."""

    area: str
    targets: tuple[ShipArea, ...]
    verb: ClassVar[str] = ""

    def notation(self) -> str:
        return f"{self.verb} {self.area} {_targets(self.targets)}"


@dataclass(frozen=True, slots=True)
class Shoot(_Shot):
    """`SHOOT <area> <ship>.<area>[, …]` (§11.1): the area's marines and shooters in range."""
    verb: ClassVar[str] = "SHOOT"


@dataclass(frozen=True, slots=True)
class Engine(_Shot):
    """`ENGINE <area> <ship>.<area>[, …]` (§11.1): each engine of the area shoots alone."""
    verb: ClassVar[str] = "ENGINE"


@dataclass(frozen=True, slots=True)
class Fire(_Shot):
    """`FIRE <area> <ship>.<area>[, …]` (§11.6): a fire shot instead of the normal one."""
    verb: ClassVar[str] = "FIRE"


@dataclass(frozen=True, slots=True)
class Oars:
    """`OARS P|S <ship>.<area>[, …]` (§11.1): an open ship's oarsmen of one side (`PORT`,
    `STARBOARD`)."""

    side: str
    targets: tuple[ShipArea, ...]

    def notation(self) -> str:
        return f"OARS {SIDE_LETTERS[self.side]} {_targets(self.targets)}"


@dataclass(frozen=True, slots=True)
class ApThrow:
    """`AP <area> <ship>.<area>` (§14, an extra line: plan §11 q. 44)."""

    area: str
    target: ShipArea

    def notation(self) -> str:
        return f"AP {self.area} {self.target.notation()}"


@dataclass(frozen=True, slots=True)
class Grapple:
    """`GRAPPLE <ID>[, …] [HARPAX]` (§12.3): the first listed ship that qualifies."""

    targets: tuple[str, ...]
    harpax: bool = False

    def notation(self) -> str:
        return "GRAPPLE " + ", ".join(self.targets) + (" HARPAX" if self.harpax else "")


@dataclass(frozen=True, slots=True)
class Corvus(_Named):
    """`CORVUS <ID>` (§12.5)."""
    verb: ClassVar[str] = "CORVUS"


@dataclass(frozen=True, slots=True)
class Cut(_Named):
    """`CUT <ID>` (§12.4): grapples cut, or a corvus user's corvus cut loose."""
    verb: ClassVar[str] = "CUT"


@dataclass(frozen=True, slots=True)
class Release(_Named):
    """`RELEASE <ID>` (§12.4): the link ends when both ships release each other."""
    verb: ClassVar[str] = "RELEASE"


@dataclass(frozen=True, slots=True)
class Attack:
    """`ATTACK [<ship>.]<area> FROM <area> [UNTIL LOSS <n>] [ENTER <n>]` (§12.6, §12.7):
    `until_loss` None fights on; `enter` None enters with all survivors."""

    target: ShipArea
    source: str
    until_loss: int | None = None
    enter: int | None = None

    def notation(self) -> str:
        loss = "" if self.until_loss is None else f" UNTIL LOSS {self.until_loss}"
        enter = "" if self.enter is None else f" ENTER {self.enter}"
        return f"ATTACK {self.target.notation()} FROM {self.source}{loss}{enter}"


@dataclass(frozen=True, slots=True)
class Move:
    """`MOVE <n><k> <area> TO [<ship>.]<area>` (§12.6)."""

    count: int
    kind: str
    source: str
    destination: ShipArea

    def notation(self) -> str:
        return (f"MOVE {self.count}{KIND_LETTERS[self.kind]} {self.source} TO "
                f"{self.destination.notation()}")


@dataclass(frozen=True, slots=True)
class Douse:
    """`DOUSE <area> <n>` (§13.2): up to n elements of the area roll."""

    area: str
    count: int

    def notation(self) -> str:
        return f"DOUSE {self.area} {self.count}"


Order = (Quality | Post | ActivationOrder | Segment | Toward | Away | IfNear | Speed | Shift
         | Shoot | Engine | Fire | Oars | ApThrow | Grapple | Corvus | Cut | Release | Attack
         | Move | Douse)


@dataclass(frozen=True, slots=True)
class Reading:
    """A line read: the ordering ship's id as written ("" for ORDER), the order, the queue entry
    k of an `<ID>/<k>:` line (0 for any other) and the friendly extras used."""

    ship: str
    order: Order
    extras: tuple[str, ...] = ()
    entry: int = 0

    @property
    def key(self) -> str:
        """`<ID>/<k>` for a queue entry, `<ID>` for another ship's line, `ORDER` for ORDER."""
        if not self.ship:
            return "ORDER"
        return f"{self.ship}/{self.entry}" if self.entry else self.ship

    def notation(self) -> str:
        if not self.ship:
            return self.order.notation()
        return f"{self.key}: {self.order.notation()}"
