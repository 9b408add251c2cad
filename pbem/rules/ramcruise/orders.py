"""The orders of a ram / cruise / strategic game as typed values, and how each is written in the
standard notation of rulings §19 (`notation()`); `notation.py` reads them.

Enumerated values are lower case (modes, categories, standing-order values, classes); verbs are
the notation's own words (BREAK, BALLISTA, GRAPPLE, BOW, MELEE). Distances are whole tenths of
an inch, pivots whole degrees.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pbem.rules.ramcruise.classes import DECK, REGULAR
from pbem.rules.ramcruise.fleet import Design
from pbem.rules.ramcruise.state import BACK, CRUISE, RAM, STAY, STRATEGIC

MODE_NOTATION: Mapping[str, str] = {RAM: "RAM", CRUISE: "CRUISE", STRATEGIC: "STRAT", BACK: "BACK",
                                    STAY: "STAY"}


@dataclass(frozen=True)
class Step:
    """One step of a move (GvR §5.2 notation): `amount` is tenths of an inch for F and B, whole
    degrees for P and S."""

    kind: str
    amount: int

    def notation(self) -> str:
        if self.kind in ("F", "B"):
            whole, tenth = divmod(self.amount, 10)
            return f"{self.kind}{whole}" + (f".{tenth}" if tenth else "")
        return f"{self.kind}{self.amount}"


@dataclass(frozen=True)
class Move:
    """A movement line (§6.1): its mode and steps (none for STAY)."""

    ship: str
    mode: str
    steps: tuple[Step, ...] = ()

    @property
    def distance(self) -> int:
        """The ordered distance D in tenths of an inch (§6.1)."""
        return sum(step.amount for step in self.steps if step.kind in ("F", "B"))

    @property
    def pivots(self) -> int:
        return sum(1 for step in self.steps if step.kind in ("P", "S"))

    def notation(self) -> str:
        return " ".join([MODE_NOTATION[self.mode], *(step.notation() for step in self.steps)])


@dataclass(frozen=True)
class Targets:
    """BREAK, BALLISTA or GRAPPLE with its list of targets, first choice first (§11, §15)."""

    ship: str
    verb: str
    targets: tuple[str, ...]

    def notation(self) -> str:
        return f"{self.verb} {', '.join(self.targets)}"


@dataclass(frozen=True)
class Picking:
    """BOW or MELEE: targets (BOW: one per shot) and the loss picks, lower case (() = the
    default list, §12.2, §13.4)."""

    ship: str
    verb: str
    targets: tuple[str, ...]
    picks: tuple[str, ...] = ()

    def notation(self) -> str:
        picks = f" PICK {', '.join(p.upper() for p in self.picks)}" if self.picks else ""
        return f"{self.verb} {', '.join(self.targets)}{picks}"


@dataclass(frozen=True)
class Duty:
    """Crewmen moved to the deck or the oars (§3.2)."""

    ship: str
    crewmen: int
    to: str  # deck | oar

    def notation(self) -> str:
        return f"DUTY {self.crewmen} {'DECK' if self.to == DECK else 'OARS'}"


@dataclass(frozen=True)
class Standing:
    """A standing order (§5.3): `value` holds one word (lower case) or, for LOSSES, the list."""

    ship: str
    name: str  # stance | onbreak | onshear | losses
    value: tuple[str, ...]

    def notation(self) -> str:
        return f"{self.name.upper()} {', '.join(v.upper() for v in self.value)}"


@dataclass(frozen=True)
class Build:
    ship: str
    design: Design

    def notation(self) -> str:
        d = self.design
        parts = [d.ship_class]
        for name, count, klass in (("CREWMEN", d.crewmen, d.crewmen_class),
                                   ("BOWMEN", d.bowmen, d.bowmen_class),
                                   ("MARINES", d.marines, d.marines_class)):
            oars = name == "CREWMEN" and d.oars is not None
            if count or klass != REGULAR or oars:
                parts.append(f"{name} {count} {klass}")
            if oars:
                parts.append(f"OARS {d.oars}")
        parts += ["TOWER"] * d.tower + [f"BALLISTA {d.ballistas}"] * (d.ballistas > 0)
        parts += [d.gear.upper()] * bool(d.gear) + ["ADMIRAL"] * d.admiral
        return " ".join(parts)


@dataclass(frozen=True)
class Place:
    """A free set-up placement (§20): centre and heading."""

    ship: str
    x: float
    y: float
    heading: int

    def notation(self) -> str:
        return f"{self.x:g} {self.y:g} {self.heading}"


Order = Move | Targets | Picking | Duty | Standing | Build | Place


@dataclass(frozen=True)
class Reading:
    """A line read: its ship as written, the order, and the extras used (for the echo)."""

    ship: str
    order: Order
    extras: tuple[str, ...] = ()
