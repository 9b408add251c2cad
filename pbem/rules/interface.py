"""What every ruleset provides to the host. Nothing here assumes hexes.

A ruleset names its phases, reads and checks a side's orders (a result for every line),
resolves a phase with a dice service, and says what each side may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pbem.rules.dice import Dice
from pbem.rules.errors import OrderError
from pbem.rules.events import Event

ACCEPTED, REFUSED = "accepted", "refused"


@dataclass(frozen=True)
class PhaseSpec:
    """Which phase: its kind, the side whose orders it takes (if one), and extras."""

    kind: str
    side: str = ""
    zone: str = ""


@dataclass(frozen=True)
class LineResult:
    line_no: int
    text: str
    galley: str
    status: str  # accepted | refused
    echo: str = ""
    error: OrderError | None = None
    order: Any = None
    plan: tuple[str, ...] = ()  # where the line takes its piece, as the ruleset names places

    @property
    def reason(self) -> str:
        return self.error.sentence() if self.error else ""


@dataclass(frozen=True)
class OrderSheet:
    """One side's orders for one phase, checked line by line."""

    phase: PhaseSpec
    side: str
    lines: tuple[LineResult, ...]

    @property
    def accepted(self) -> tuple[LineResult, ...]:
        return tuple(line for line in self.lines if line.status == ACCEPTED)

    @property
    def refused(self) -> tuple[LineResult, ...]:
        return tuple(line for line in self.lines if line.status == REFUSED)


@dataclass(frozen=True)
class PhaseResult:
    state: Any
    events: tuple[Event, ...]
    rejected: tuple[tuple[str, str], ...]  # (galley or "line N", reason)


class Ruleset(Protocol):
    name: str

    def phases(self) -> Sequence[str]:
        """The kinds of phase a game of this ruleset goes through."""
        ...

    def check(self, state: Any, phase: PhaseSpec, text: str) -> OrderSheet:
        """Read and check a side's order text without changing anything."""
        ...

    def resolve(self, state: Any, phase: PhaseSpec, sheets: Sequence[OrderSheet],
                dice: Dice) -> PhaseResult:
        """Resolve a phase from checked orders; pure: returns the new state and events."""
        ...

    def view(self, state: Any, side: str | None) -> dict[str, Any]:
        """The state as `side` may see it (None: a neutral observer)."""
        ...

    def view_events(self, state: Any, events: tuple[Event, ...],
                    side: str | None) -> list[dict[str, Any]]:
        """A phase's events as `side` may see them, given the state after the phase."""
        ...
