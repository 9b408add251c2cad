"""The round's bookkeeping of a Wooden Walls game (rulings §5, §6, §11.5, §15.4): the deck and how
far it is turned (`RoundState`), each side's orders in force for the open phase (`LegOrders`),
this round's marks that morale looks back on (`RoundRecord`), and the open phase with its key on
the host (`Phase`, build plan §3).

Everything is frozen; play makes new values. Imports the typed orders (`orders.py`) and the
deck's cards and legs (`cards.py`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from pbem.rules.woodenwalls.cards import LEG_NAMES, Legs, Step, check_deck, is_move_card, split_legs
from pbem.rules.woodenwalls.orders import (
    ActivationOrder,
    Away,
    Entry,
    IfNear,
    Reading,
    Segment,
    Speed,
    Toward,
)

# ---------------------------------------------------------------- the round (§5.2-§5.5, §11.5)


@dataclass(frozen=True, slots=True)
class RoundState:
    """Where the round stands. `deck` the six card ids in the order turned (hidden until turned,
    §16; () before the first shuffle), `turned` how many are turned; `action_phase` the MOVE card
    now or last played, counted in the round (1-5, 0 before the first), `card` and `step` the
    card and its step being carried out ("" and None between them); `first_player` and
    `second_player` of the current or last action phase, `last_second` the side second in the
    previous action phase ("" before the game's first, §5.4); `deck_first_player` the first
    player of the deck action phase; `won_shooting` this deck action phase's "A>B" in the order
    found (§11.5); `deck_phases` the deck action phases played over the game (the corvus retry,
    §12.5, plan §11 q. 50)."""

    deck: tuple[str, ...] = ()
    turned: int = 0
    action_phase: int = 0
    card: str = ""
    step: Step | None = None
    first_player: str = ""
    second_player: str = ""
    last_second: str = ""
    deck_first_player: str = ""
    won_shooting: tuple[str, ...] = ()
    deck_phases: int = 0

    def __post_init__(self) -> None:
        if self.deck:
            check_deck(self.deck)
        if not 0 <= self.turned <= len(self.deck):
            raise ValueError(f"{self.turned} cards turned, but the deck holds {len(self.deck)}")
        if not 0 <= self.action_phase <= 5:
            raise ValueError(f"a round has action phases 1 to 5, not {self.action_phase}")
        for won in self.won_shooting:
            if won.count(">") != 1 or won.startswith(">") or won.endswith(">"):
                raise ValueError(f"a won shooting is written A>B (winner, loser), not {won!r}")

    @property
    def legs(self) -> Legs | None:
        """The deck split into legs A, B, C (§5.3); None before the shuffle."""
        return split_legs(self.deck) if self.deck else None

    @property
    def cards_turned(self) -> tuple[str, ...]:
        """The cards turned so far, in order (what a side may see of the deck, §16)."""
        return self.deck[:self.turned]

    @property
    def next_card(self) -> str | None:
        """The card turned next; None when all six are turned or before the shuffle."""
        return self.deck[self.turned] if self.turned < len(self.deck) else None

    @property
    def move_cards_turned(self) -> int:
        """The MOVE cards among those turned: the round's action phases begun."""
        return sum(1 for card in self.cards_turned if is_move_card(card))

    def leg_of_card(self, position: int) -> str:
        """The leg ("A", "B", "C") of the card at `position` (1-6) of the deck."""
        legs = self.legs
        if legs is None or not 1 <= position <= len(self.deck):
            raise ValueError(f"there is no card {position} in this round's deck")
        return legs.leg_of(self.deck[position - 1])

    @property
    def leg_phase(self) -> int:
        """The current or last action phase counted in its leg (1-2; what `SPEED … @n` counts
        under `mail = legs`, §6.2); 0 before the round's first."""
        if self.action_phase == 0:
            return 0
        return (self.action_phase - 1) % 2 + 1 if self.action_phase <= 4 else 1

    def won_by(self, winner: str, loser: str) -> bool:
        """Whether `winner` won the shooting against `loser` in this deck action phase (ids in
        any case)."""
        return f"{winner}>{loser}".upper() in (won.upper() for won in self.won_shooting)

    def with_won(self, winner: str, loser: str) -> RoundState:
        """This deck action phase's won shootings with "winner>loser" added (once)."""
        if self.won_by(winner, loser):
            return self
        return replace(self, won_shooting=(*self.won_shooting, f"{winner}>{loser}"))


# ---------------------------------------------------------------- orders in force (§6.1, §6.2)


@dataclass(frozen=True, slots=True)
class Queue:
    """One ship's activation queue: entry k is `entries[k - 1]` (§6.2); None where no entry k
    was given (that activation carries out the default segment, as one beyond the queue)."""

    ship: str
    entries: tuple[Entry | None, ...]


@dataclass(frozen=True, slots=True)
class LegOrders:
    """One side's orders in force for the open phase (§6.1, §6.2): the `ORDER` list (ship ids in
    activation order; a multi-player side's lists concatenated in player order), each ship's
    queue, `SPEED` lines (ship id, order) in the order written, and the deck lines in the order
    written (with `mail = round` they stand for all three deck action phases)."""

    side: str
    order: tuple[str, ...] = ()
    queues: tuple[Queue, ...] = ()
    speeds: tuple[tuple[str, Speed], ...] = ()
    deck: tuple[Reading, ...] = ()

    def queue(self, ship: str) -> tuple[Entry | None, ...]:
        """The ship's queue entries in order (ids in any case; None for an entry not given);
        () when it has none."""
        wanted = ship.upper()
        for queue in self.queues:
            if queue.ship.upper() == wanted:
                return queue.entries
        return ()

    def entry(self, ship: str, number: int) -> Entry | None:
        """Entry k (from 1) of the ship's queue; None when there is none (the default segment,
        §6.2)."""
        entries = self.queue(ship)
        return entries[number - 1] if 1 <= number <= len(entries) else None

    def speeds_at(self, phase: int) -> tuple[tuple[str, Speed], ...]:
        """The `SPEED … @phase` lines, in the order written (§7.8)."""
        return tuple((ship, speed) for ship, speed in self.speeds if speed.phase == phase)

    def deck_lines(self, ship: str) -> tuple[Reading, ...]:
        """The deck lines ordered by this ship (its id as written, in any case), in order."""
        wanted = ship.upper()
        return tuple(line for line in self.deck if line.ship.upper() == wanted)

    def without_ship(self, ship: str) -> LegOrders:
        """The orders with the ship's queue, speed and deck lines gone and it out of the `ORDER`
        list (it changed controller, §6.1)."""
        wanted = ship.upper()
        return replace(
            self, order=tuple(kept for kept in self.order if kept.upper() != wanted),
            queues=tuple(queue for queue in self.queues if queue.ship.upper() != wanted),
            speeds=tuple(line for line in self.speeds if line[0].upper() != wanted),
            deck=tuple(line for line in self.deck if line.ship.upper() != wanted))


_ENTRY_TYPES = (Segment, Toward, Away, IfNear)


def gather(side: str, readings: Iterable[Reading]) -> LegOrders:
    """A side's accepted lines gathered in the order given (a multi-player side's in player
    order): every `ORDER` list concatenated, queue entries by ship and k, `SPEED` lines and the
    rest (deck lines) in order. Lines come checked (`check.py` refuses a second line of a
    kind). An entry k given without an entry before it leaves that earlier activation to the
    default segment (§6.2: the k-th activation carries out entry k)."""
    order: list[str] = []
    entries: dict[str, dict[int, Entry]] = {}
    names: dict[str, str] = {}
    speeds: list[tuple[str, Speed]] = []
    deck: list[Reading] = []
    for reading in readings:
        found = reading.order
        if isinstance(found, ActivationOrder):
            order.extend(found.ships)
        elif isinstance(found, _ENTRY_TYPES):
            names.setdefault(reading.ship.upper(), reading.ship)
            entries.setdefault(reading.ship.upper(), {})[reading.entry] = found
        elif isinstance(found, Speed):
            speeds.append((reading.ship, found))
        else:
            deck.append(reading)
    queues = [Queue(names[key], tuple(by_number.get(k) for k in range(1, max(by_number) + 1)))
              for key, by_number in entries.items()]
    return LegOrders(side, tuple(order), tuple(queues), tuple(speeds), tuple(deck))


# ---------------------------------------------------------------- this round's marks (§15.4)


@dataclass(frozen=True, slots=True)
class Mark:
    """A ship and where something happened to it: rammed (where it lay) or sunk (where its hulk
    lies, §15.4 "a sunk ship counts where its hulk lies")."""

    ship: str
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """What this round has seen, for morale (§15.4), reset at each round's start: ships holed
    (any hole, flooding's included: plan §11 q. 36), rammed (holed by a ram) with where, sunk
    with where their hulks lie, and hit by shooting; each in the order it first happened."""

    holed: tuple[str, ...] = ()
    rammed: tuple[Mark, ...] = ()
    sunk: tuple[Mark, ...] = ()
    hit: tuple[str, ...] = ()

    def was_holed(self, ship: str) -> bool:
        return ship.upper() in (name.upper() for name in self.holed)

    def was_hit(self, ship: str) -> bool:
        return ship.upper() in (name.upper() for name in self.hit)

    def with_holed(self, ship: str) -> RoundRecord:
        return self if self.was_holed(ship) else replace(self, holed=(*self.holed, ship))

    def with_hit(self, ship: str) -> RoundRecord:
        return self if self.was_hit(ship) else replace(self, hit=(*self.hit, ship))

    def with_rammed(self, ship: str, x: float, y: float) -> RoundRecord:
        """The ship marked rammed where it lay (and holed); a second ram adds a second place."""
        return replace(self.with_holed(ship), rammed=(*self.rammed, Mark(ship, x, y)))

    def with_sunk(self, ship: str, x: float, y: float) -> RoundRecord:
        return replace(self, sunk=(*self.sunk, Mark(ship, x, y)))


# ---------------------------------------------------------------- phases and keys (plan §3)

SETUP, LEG, MOVEMENT, DECK, ROUND, OVER = "setup", "leg", "movement", "deck", "round", "over"
PHASE_KINDS = (SETUP, LEG, MOVEMENT, DECK, ROUND, OVER)
# House rule `mail` (§6.1): its settings and the kinds of phase each plays between setup and over.
LEGS_MAIL, SPLIT_MAIL, ROUND_MAIL = "legs", "split", "round"
MAIL_KINDS = {LEGS_MAIL: (LEG,), SPLIT_MAIL: (MOVEMENT, DECK), ROUND_MAIL: (ROUND,)}
_SUFFIX = {MOVEMENT: "-move", DECK: "-deck"}


@dataclass(frozen=True, slots=True)
class Phase:
    """The open phase on the host (plan §3): `kind` one of `PHASE_KINDS`, `round` r (0 for setup
    and over), `leg` "A", "B" or "C" for `leg`, `movement` and `deck` ("" otherwise)."""

    kind: str
    round: int = 0
    leg: str = ""

    def __post_init__(self) -> None:
        if self.kind not in PHASE_KINDS:
            raise ValueError(f"a phase is one of {', '.join(PHASE_KINDS)}, not {self.kind!r}")
        if self.kind in (SETUP, OVER):
            if self.round or self.leg:
                raise ValueError(f"the {self.kind} phase has no round or leg")
            return
        if self.round < 1:
            raise ValueError(f"a {self.kind} phase needs a round from 1, not {self.round}")
        if self.kind == ROUND:
            if self.leg:
                raise ValueError("a round phase (mail = round) plays all three legs: it has no leg")
        elif self.leg not in LEG_NAMES:
            raise ValueError(f"a {self.kind} phase needs the leg A, B or C, not {self.leg!r}")

    @property
    def key(self) -> str:
        """`setup`, `R<r>-<leg>` (legs), `R<r>-<leg>-move` and `-deck` (split), `R<r>` (round),
        `over`."""
        if self.kind in (SETUP, OVER):
            return self.kind
        if self.kind == ROUND:
            return f"R{self.round}"
        return f"R{self.round}-{self.leg}{_SUFFIX.get(self.kind, '')}"

    def after(self, mail: str, round_limit: int) -> Phase:
        """The phase that follows under `mail` when the game goes on (the over phase after the
        last round's; a winner's over phase is the caller's, §18)."""
        kinds = _mail_kinds(mail)
        if self.kind == OVER:
            raise ValueError("nothing follows the over phase")
        if self.kind == SETUP:
            return Phase(kinds[0], 1, "" if kinds[0] == ROUND else LEG_NAMES[0])
        if self.kind not in kinds:
            raise ValueError(f"a {self.kind} phase is not played under mail = {mail}")
        if self.kind == MOVEMENT:
            return Phase(DECK, self.round, self.leg)
        if self.kind != ROUND and self.leg != LEG_NAMES[-1]:
            return Phase(kinds[0], self.round, LEG_NAMES[LEG_NAMES.index(self.leg) + 1])
        if self.round >= round_limit:
            return Phase(OVER)
        return Phase(kinds[0], self.round + 1, "" if kinds[0] == ROUND else LEG_NAMES[0])


def _mail_kinds(mail: str) -> tuple[str, ...]:
    if mail not in MAIL_KINDS:
        raise ValueError(f"mail is legs, split or round, not {mail!r}")
    return MAIL_KINDS[mail]


def phase_from_key(key: str) -> Phase:
    """The phase a key names (the inverse of `Phase.key`); ValueError with a sentence otherwise."""
    refusal = ValueError(f"a phase key is setup, R<r>, R<r>-<leg>, R<r>-<leg>-move, R<r>-<leg>-deck "
                         f"or over (r from 1, leg A, B or C), not {key!r}")
    if key in (SETUP, OVER):
        return Phase(key)
    head, dash, rest = key.partition("-")
    number = head[1:]
    leg, _, part = rest.partition("-")
    kinds = {"": LEG, "move": MOVEMENT, "deck": DECK}
    if not (head.startswith("R") and number.isascii() and number.isdigit() and int(number) >= 1):
        raise refusal
    if not dash:
        found = Phase(ROUND, int(number))
    elif part in kinds and leg in LEG_NAMES:
        found = Phase(kinds[part], int(number), leg)
    else:
        raise refusal
    if found.key != key:  # "R01", "R1-A-" and the like name a phase only loosely
        raise refusal
    return found


def phases(mail: str, round_limit: int) -> tuple[Phase, ...]:
    """Every phase of a game that runs to its last round, in order: setup, the rounds' phases,
    over."""
    found = [Phase(SETUP)]
    while found[-1].kind != OVER:
        found.append(found[-1].after(mail, round_limit))
    return tuple(found)
