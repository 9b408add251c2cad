"""The typed orders of the speed-band notation (rulings §21), each written back in the standard
notation (`notation()`), as the echo shows a line as the judge understood it.

Speeds and straight steps are whole tenths of an inch (§3.1); a BACK speed is kept negative.
Turns are whole degrees. Target ids are kept upper case (ids match in any case).
"""

from __future__ import annotations

from dataclasses import dataclass

# Step kinds of a path (§3.3, §21).
FORWARD, BACKWARD, PORT, STARBOARD, AIM = "F", "B", "P", "S", "A"
STEP_KINDS = (FORWARD, BACKWARD, PORT, STARBOARD, AIM)

# Reactions (§8), weapons (§12), target and loss types (§12.1, §13.3).
IGNORE, SHEAR, AVOID = "ignore", "shear", "avoid"
REACTIONS = (IGNORE, SHEAR, AVOID)
ARCHERS, BALLISTA = "archers", "ballista"
WEAPONS = (ARCHERS, BALLISTA)
TARGET_TYPES = ("rowers", "soldiers", "archers", "officers", "ballista")
CREW_TYPES = ("archers", "soldiers", "officers")


def tenths(value: int) -> str:
    """A distance in tenths written as the notation writes it (9.5, 8)."""
    whole, part = divmod(abs(value), 10)
    return f"{whole}" if part == 0 else f"{whole}.{part}"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a path: `F`/`B` with a distance in tenths, `P`/`S` with degrees, `A`."""

    kind: str
    amount: int = 0

    def notation(self) -> str:
        if self.kind == AIM:
            return AIM
        if self.kind in (FORWARD, BACKWARD):
            return f"{self.kind}{tenths(self.amount)}"
        return f"{self.kind}{self.amount}"

    @property
    def straight(self) -> bool:
        return self.kind in (FORWARD, BACKWARD)


def path_notation(steps: tuple[Step, ...]) -> str:
    return " ".join(step.notation() for step in steps)


@dataclass(frozen=True, slots=True)
class Movement:
    """`SPEED s [steps] [RAM t [PORT|STARBOARD]]` or `BACK s [steps]` (§21). `speed` in tenths,
    negative when backing; `steps` as written (empty: straight ahead); `shear_side` is "",
    "port" or "starboard"."""

    speed: int
    steps: tuple[Step, ...] = ()
    ram: str = ""
    shear_side: str = ""

    def notation(self) -> str:
        words = [f"BACK {tenths(self.speed)}" if self.speed < 0 else f"SPEED {tenths(self.speed)}"]
        if self.steps:
            words.append(path_notation(self.steps))
        if self.ram:
            words.append(f"RAM {self.ram}")
            if self.shear_side:
                words.append(self.shear_side.upper())
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class React:
    """`REACT IGNORE|SHEAR` or `REACT AVOID [steps]` (§8)."""

    kind: str
    steps: tuple[Step, ...] = ()

    def notation(self) -> str:
        text = f"REACT {self.kind.upper()}"
        return f"{text} {path_notation(self.steps)}" if self.steps else text


@dataclass(frozen=True, slots=True)
class Grapple:
    """`GRAPPLE t, t` or `GRAPPLE ANY` (§10.1); `targets` empty means ANY."""

    targets: tuple[str, ...] = ()

    @property
    def any(self) -> bool:
        return not self.targets

    def notation(self) -> str:
        return "GRAPPLE " + (", ".join(self.targets) if self.targets else "ANY")


@dataclass(frozen=True, slots=True)
class Corvus:
    """`CORVUS t, t` (§11): the ships to drop on, first qualifying first."""

    targets: tuple[str, ...]

    def notation(self) -> str:
        return "CORVUS " + ", ".join(self.targets)


@dataclass(frozen=True, slots=True)
class Cut:
    """Standing `CUT ENEMY|ALL|NONE` (§10.3)."""

    which: str

    def notation(self) -> str:
        return f"CUT {self.which.upper()}"


@dataclass(frozen=True, slots=True)
class FireClause:
    """`<n> <target> [<type>]`: `kind` is "" when no type is written (long range)."""

    count: int
    target: str
    kind: str = ""

    def notation(self) -> str:
        return f"{self.count} {self.target}" + (f" {self.kind.upper()}" if self.kind else "")


@dataclass(frozen=True, slots=True)
class Fire:
    """`ARCHERS …` or `BALLISTA …` (§12.1), clauses in the order written (§19.2)."""

    weapon: str
    clauses: tuple[FireClause, ...]

    def notation(self) -> str:
        return f"{self.weapon.upper()} " + ", ".join(c.notation() for c in self.clauses)


@dataclass(frozen=True, slots=True)
class Melee:
    """Standing `MELEE t` or `MELEE OFF` (target "") (§13.1)."""

    target: str = ""

    def notation(self) -> str:
        return f"MELEE {self.target or 'OFF'}"


@dataclass(frozen=True, slots=True)
class Losses:
    """Standing `LOSSES a b c` (§13.3): archers, soldiers and officers, each once."""

    order: tuple[str, str, str]

    def notation(self) -> str:
        return "LOSSES " + " ".join(kind.upper() for kind in self.order)


@dataclass(frozen=True, slots=True)
class CorvusWork:
    """Standing `RAISE`, `RAISE OFF`, `BREAK t`, `BREAK OFF` (§11). `target` for BREAK."""

    verb: str  # "raise" or "break"
    target: str = ""
    off: bool = False

    def notation(self) -> str:
        if self.off:
            return f"{self.verb.upper()} OFF"
        return "RAISE" if self.verb == "raise" else f"BREAK {self.target}"


@dataclass(frozen=True, slots=True)
class Transfer:
    """`TRANSFER n ARCHERS|SOLDIERS|OFFICERS TO friend` (§16, `opt_transfer`)."""

    count: int
    kind: str
    friend: str

    def notation(self) -> str:
        return f"TRANSFER {self.count} {self.kind.upper()} TO {self.friend}"


@dataclass(frozen=True, slots=True)
class Place:
    """A free set-up line `<x> <y> <heading>` (§18, §21); x and y in inches."""

    x: float
    y: float
    heading: int

    def notation(self) -> str:
        return f"{self.x:g} {self.y:g} {self.heading}"


Order = (Movement | React | Grapple | Corvus | Cut | Fire | Melee | Losses | CorvusWork
         | Transfer | Place)

# Which mail round takes each order (§4, §21); set-up lines only in a set-up phase.
SETUP_ROUND, ORDERS_ROUND, COMBAT_ROUND = "setup", "orders", "combat"


def round_of(order: Order) -> str:
    if isinstance(order, Place):
        return SETUP_ROUND
    if isinstance(order, Movement | React | Grapple | Corvus | Cut):
        return ORDERS_ROUND
    return COMBAT_ROUND


def kind_of(order: Order) -> str:
    """The kind of line, for §20's "a second line of the same kind for the same ship"."""
    if isinstance(order, Fire):
        return order.weapon
    if isinstance(order, CorvusWork):
        return "corvus work"
    return type(order).__name__.lower()


@dataclass(frozen=True, slots=True)
class Reading:
    """A line read: the ship's id as written, the order, and the friendly extras used."""

    ship: str
    order: Order
    extras: tuple[str, ...] = ()

    def notation(self) -> str:
        return f"{self.ship}: {self.order.notation()}"
