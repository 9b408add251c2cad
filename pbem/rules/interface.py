"""What every ruleset provides to the host. Nothing here assumes hexes.

The line-level results of checking orders (LineResult, OrderSheet, PhaseResult), and the
game-level boundary: a game value (GameValue) the host can check, play, store, view and
report, and the plug-in (RulesetPlugin) that makes them, found by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pbem.rules.dice import Dice
from pbem.rules.errors import OrderError
from pbem.rules.events import Event
from pbem.rules.scene import Scene

ACCEPTED, REFUSED = "accepted", "refused"
DRAW = "draw"  # a game's winner when both sides win at the same moment


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
    piece: str  # the piece the line orders ("" when it names none)
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


# --- The game-level boundary: what the host (app, render, cli) asks of a game of any
# ruleset, and what a ruleset plug-in offers. The host never looks inside a game value.

FORMAT_KEY = "format"  # every stored game value carries its ruleset's codec format number


@dataclass(frozen=True)
class Switch:
    """A game option a ruleset offers: a house rule or a setting (`pbem rules list`)."""

    name: str
    help: str
    default: bool | int = False

    def parse(self, text: str | bool | int) -> bool | int:
        """The value from the command line or stored options; ValueError names the switch."""
        if isinstance(self.default, bool):
            if isinstance(text, bool):
                return text
            words = {"true": True, "on": True, "yes": True, "1": True,
                     "false": False, "off": False, "no": False, "0": False}
            value = words.get(str(text).strip().lower())
            if value is None:
                raise ValueError(f"option {self.name} is on or off, not {text!r}")
            return value
        if isinstance(text, bool):  # `--option columns` with no value
            raise ValueError(f"option {self.name} needs a value: {self.name}=N")
        try:
            return int(text)
        except (TypeError, ValueError):
            raise ValueError(f"option {self.name} is a whole number, not {text!r}") from None


@dataclass(frozen=True)
class Section:
    """One part of a report as the ruleset's presenter gives it: a titled table of text,
    with `empty` said when it has no rows. The host lays it out for text, HTML and JSON."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    empty: str = ""

    def as_json(self) -> dict[str, Any]:
        return {"title": self.title, "headers": list(self.headers),
                "rows": [list(row) for row in self.rows], "empty": self.empty}


@dataclass(frozen=True)
class BenchResult:
    """A ruleset's own speed figures: JSON for `--json`, and a sentence per figure."""

    figures: dict[str, Any]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class ScenarioInfo:
    name: str
    title: str
    sides: tuple[str, ...]


class GameValue(Protocol):
    """A game of some ruleset at one moment: immutable; playing a phase gives a new one."""

    @property
    def ruleset(self) -> str: ...

    @property
    def key(self) -> str:
        """The open phase's key as stored (unique within a game's line of play), or "over"."""
        ...

    @property
    def over(self) -> bool: ...

    @property
    def phase(self) -> PhaseSpec: ...

    @property
    def phase_title(self) -> str:
        """The open phase for people: "Turn 3, blue moves"."""
        ...

    @property
    def sides(self) -> tuple[str, ...]: ...

    @property
    def turn(self) -> int: ...

    @property
    def winner(self) -> str | None:
        """A side, "draw", or None while nobody has won (or the game ended without)."""
        ...

    @property
    def scenario_name(self) -> str: ...

    @property
    def title(self) -> str:
        """The scenario's title for reports."""
        ...

    def owes(self) -> tuple[str, ...]:
        """The sides whose orders the open phase waits for."""
        ...

    def owes_told(self, viewer: str | None, game_master: bool = False) -> list[str]:
        """Who owes orders, as a side (None: an observer) or the game master may be told."""
        ...

    def may_send(self) -> tuple[str, ...]:
        """The sides that may send orders in the open phase although it does not wait for
        them (standing orders given in any round): the host takes, answers and keeps their
        orders and hands them to `play` with the others, but never counts them missing.
        Empty for a ruleset without such orders."""
        ...

    @property
    def orders_public(self) -> bool:
        """True when nothing a side orders is hidden: once a phase is resolved, every side's
        orders of it may be shown to every player. False keeps each side's orders to itself
        (and the game master) until the game is over."""
        ...

    def check(self, side: str, text: str, commands: frozenset[str] | None = None) -> OrderSheet:
        """A side's orders checked; `commands` limits them to one player's pieces."""
        ...

    def play(self, submissions: Sequence[tuple[str, str]],
             dice: Dice) -> tuple[GameValue, PhaseResult, tuple[OrderSheet, ...]]:
        """Resolve the open phase from (side, text) submissions in the order received."""
        ...

    def pieces_of(self, side: str) -> list[str]:
        """The IDs of the pieces `side` commands now."""
        ...

    def commanders_after(self, players: Sequence[tuple[int, str, tuple[str, ...]]],
                         accepted: Mapping[int, Sequence[str]],
                         result: PhaseResult) -> dict[int, tuple[str, ...]]:
        """On sides of several players, who commands which pieces after this phase: from each
        player's (id, side, pieces) before it, the pieces named by each player's accepted
        lines, and the phase's result. Only the players whose lists change are returned."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The game value as JSON, with FORMAT_KEY."""
        ...

    def view(self, side: str | None) -> dict[str, Any]:
        """The state as `side` may see it (None: an observer)."""
        ...

    def full_view(self) -> dict[str, Any]:
        """Everything, for the game master."""
        ...

    def view_events(self, events: tuple[Event, ...], side: str | None) -> list[dict[str, Any]]:
        """A phase's events (this value is the state after them) as `side` may see them."""
        ...

    def order_template(self, side: str) -> tuple[str, ...]:
        """The lines a side starts its orders for the open phase from (comments and lines
        safe to send back as they are); empty when it owes nothing."""
        ...

    def house_rules(self) -> tuple[str, ...]: ...

    @property
    def duty_hidden(self) -> bool:
        """True when who owes orders is itself secret (owes_told then tells each side only
        of itself), so a report must not list the sides that owe."""
        ...

    def narrate(self, event: dict[str, Any]) -> str:
        """The sentence for one event as a viewer sees it ("" for an event told by no
        sentence)."""
        ...

    def report_sections(self, view: dict[str, Any], viewer: str | None) -> tuple[Section, ...]:
        """The report's tables for a view (None: an observer's or the game master's)."""
        ...

    def report_pieces(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The pieces of a view structured for tools (positions, weapons and damage as
        objects and numbers), for the JSON report; what the view hides stays out. Their
        shape is the ruleset's pieces schema (RulesetPlugin.pieces_schema)."""
        ...

    def standing(self) -> dict[str, Any]:
        """How the sides stand toward victory, as numbers from the rules' own counts
        (public: what every viewer may know). JSON; its "rule" names the victory rule."""
        ...

    def order_fates(self, sheet: OrderSheet, events: Sequence[dict[str, Any]]) -> tuple[str, ...]:
        """What became of each line of a side's checked orders (this value is the game
        before the phase), told from the phase's events as the viewer saw them: one text
        per line of `sheet`."""
        ...

    def autoplay_orders(self, side: str, rng: random.Random) -> str:
        """Orders a simple computer player would give `side` in the open phase (golden
        games, the benchmarks and the demo are played with it); deterministic for `rng`."""
        ...

    def map_scene(self, view: dict[str, Any], events: Sequence[dict[str, Any]], title: str,
                  subtitle: str, size: float = 0.0, viewer: str | None = None) -> Scene:
        """The map of this moment from a view and the events as the same viewer sees them;
        `viewer` is that viewer's side (None: an observer or the game master), for what a
        map shows a side of its own pieces only (reach, ranges); `size` 0: the ruleset's
        choice."""
        ...

    def plan_scene(self, side: str, plans: Sequence[tuple[str, tuple[str, ...]]], title: str,
                   subtitle: str) -> Scene:
        """The side's pieces now, each accepted line's plan (piece, places) drawn as a trail."""
        ...


NO_ORDER = "no order: it stays"  # a piece with no accepted line, unless its rules say more


def order_help_lines(phase_title: str, lines: tuple[str, ...], no_order: str) -> tuple[str, ...]:
    """A ruleset's `order_help` as every ruleset words it: the open phase, the `lines` it
    takes and what a piece with no line does (from `no_order`, "no order: …"); nothing when
    the phase takes no lines."""
    if not lines:
        return ()
    idle = no_order.removeprefix("no order").lstrip(": ")
    return (f"The open phase is {phase_title}.", *lines,
            *([f"A piece with no line: {idle}."] if idle else []))


class OrderSummaries(Protocol):
    """Optional members of a game value, for the answer to a player's orders (the host asks
    for them with getattr and has its own fallback, so a ruleset may leave them out):

    - `no_order(side)`: what the rules do with a piece of `side` that has no accepted line in
      the open phase, as the answer's summary says it ("no order: it stays", "no order: it
      repeats last turn's speed straight ahead"); the host's fallback is NO_ORDER;
    - `order_summary(side, lines)`: the whole summary, one text per piece of the side
      ("B1: F F RAM X", "B2: no order: it stays"), from the lines checked; the host's
      fallback builds it from `pieces_of(side)`, each line's piece and echo, and `no_order`;
    - `order_help(side)`: the order syntax of the open phase for a player of `side`, as
      lines of plain text written for mail (no command line, file or internal key); the
      host's fallback is the phase's title and the side's `order_template`.
    """

    def no_order(self, side: str) -> str: ...

    def order_summary(self, side: str, lines: Sequence[LineResult]) -> tuple[str, ...]: ...

    def order_help(self, side: str) -> tuple[str, ...]: ...


class RulesetPlugin(Protocol):
    """A rule system as the host finds it: by name, through the `pbem.rulesets` entry
    points, loaded only when a game of it is touched."""

    name: str
    version: str  # stored with each game: a change that alters replays bumps it
    title: str
    pieces_key: str  # the case output's table of pieces ("galleys", "ships")
    case_tolerance: float  # how far a case's expected number may be from a float result

    def scenarios(self) -> tuple[ScenarioInfo, ...]: ...

    def switches(self) -> tuple[Switch, ...]: ...

    def start(self, scenario: str, options: Mapping[str, bool | int | str],
              scenario_text: str | None = None) -> GameValue:
        """A new game; ValueError (a sentence) for an unknown scenario or a bad option."""
        ...

    def load(self, data: dict[str, Any]) -> GameValue:
        """A stored game value; ValueError for a format this version cannot read."""
        ...

    def sample(self, pieces: int, seed: int) -> GameValue:
        """A game of about `pieces` pieces in the midst of play, its open phase one of
        ordinary play (movement in Ram Speed), for the host's benchmarks."""
        ...

    def bench(self, clock: Callable[[], int], repeat: int) -> BenchResult:
        """The ruleset's own speed figures (`pbem bench rules`); `clock` gives monotonic
        nanoseconds, so the rules code reads no clock itself."""
        ...

    def pieces_schema(self) -> dict[str, Any]:
        """The JSON Schema of one piece in the JSON report's `pieces` (report_pieces)."""
        ...

    def play_case(self, case: dict[str, Any], name: str) -> dict[str, Any]:
        """A rules case (its TOML as a dict) played: the state as the case format prints it,
        with `rejected`, `events`, `dice` and `errors`; CaseError for a malformed case."""
        ...
