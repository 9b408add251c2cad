"""A side's submission for the open phase checked line by line (rulings §17, §19, §20, §21; plan
§3, §5): each line is read with `notation.read_line` in the phase's context (setup, leg,
movement, deck or round; under `mail = split` the notation refuses the other part's lines, "a
deck line belongs to the deck mail"), then refused whole, with the reason and what would be
accepted, only for §17's static faults:

- whose ship: a ship of the game, controlled by the side (with `player` only that player's
  ships); the boarding lines ATTACK, MOVE, SHIFT and DOUSE also on a ship the side's elements
  stand on (plan §5); on the table and afloat (a hulk "takes no orders", plan §11 q. 55);
- queue entries: the activation number (2 in legs A and B, 1 in leg C, 4 with `mail = round`),
  every branch of an IF NEAR (`orders.branches`): angles above 90, distances above 1.5 SL per
  step and a macro's advance (q. 40), a TOWARD point off the table, `RAM` from a type with no
  RAV (a ship whose ram is lost still rams, §10.4), an intent, TOWARD, AWAY or IF NEAR naming no ship of the
  game, a turn after an advance with `turn_anywhere = off`;
- `SPEED … @n` beyond the leg's action phases (2, 2, 1; 5 with `mail = round`);
- `ORDER`: the side's own ships only, one `ORDER` line a submission;
- deck lines and the setup POST: `checkdeck.py`;
- a second line for the same ship, activation and kind (`notationdeck.kind_of`, q. 46): the
  later refused (refused lines do not count); an entry k without accepted entries 1 … k-1;
- setup: the side's QUALITY lines refused whole when they do not give each of its ships once
  with exactly the allotment (§19, q. 41); POST lines stand on their own.

Clamped or failing at resolution, never refused here: turn and advance limits, speed increases,
targets out of reach (§7.4, §17). A refusal names only the sender's ships and qualities (§16).
Accepted readings carry the ship ids as the state spells them. Imports the notation, the typed
orders, the state, the phases (`rounds.py`) and `checkdeck.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pbem.rules.errors import IllegalOrderError, NotCommandedError, OrderError
from pbem.rules.woodenwalls.checkdeck import (
    BOARDING_LINES,
    Refusal,
    deck_refusal,
    nearest_id,
    post_refusal,
    quality_refusal,
)
from pbem.rules.woodenwalls.notation import CONTEXTS, NotationError, kind_of, read_line
from pbem.rules.woodenwalls.orders import (
    ANY,
    ActivationOrder,
    Ahead,
    Astern,
    Away,
    Branch,
    Entry,
    IfNear,
    Intent,
    Order,
    Post,
    Quality,
    Ram,
    Reading,
    Segment,
    Speed,
    Toward,
    Turn,
    branches,
)
from pbem.rules.woodenwalls.rounds import ROUND, SETUP
from pbem.rules.woodenwalls.state import FLED, HULK, GameState, Ship

MAX_ANGLE = 90.0  # a turn step's largest angle (§17)
MAX_DISTANCE = 1.5  # SL, a step's (or a macro's advance's) largest distance (§17, q. 40)
ROUND_ENTRIES, ROUND_PHASES = 4, 5  # mail = round: queue entries and action phases (§6.1)
LEG_ENTRIES = {"A": 2, "B": 2, "C": 1}  # activations a leg may bring a ship (§6.2)
LEG_PHASES = {"A": 2, "B": 2, "C": 1}  # MOVE cards of a leg (§5.3)
ECHO_MARK = "=>"  # an echo pasted back is read up to its mark (echo.py)
_HEAD = re.compile(r"\s*([^\s:/#]+)(?:/([^\s:#]*))?")
_ORDER_WORD = re.compile(r"\s*ORDER(?=[\s:,]|$)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class LineCheck:
    """One line's answer: its number (from 1) and text, its key (`<ID>/<k>` a queue entry,
    `<ID>` another ship line, `ORDER`), whether accepted, the refusal's sentence (which line,
    what was wrong, what is accepted; "" when accepted) and the reading ("None" when unread)."""

    number: int
    text: str
    key: str
    accepted: bool
    reason: str
    reading: Reading | None


@dataclass(frozen=True, slots=True)
class Checked:
    """Every non-blank line of a submission answered, in order."""

    lines: tuple[LineCheck, ...]

    @property
    def readings(self) -> tuple[Reading, ...]:
        """The accepted readings in the order written (for `rounds.gather`)."""
        return tuple(line.reading for line in self.lines if line.accepted and line.reading)

    @property
    def refused(self) -> tuple[LineCheck, ...]:
        return tuple(line for line in self.lines if not line.accepted)


# ---------------------------------------------------------------- whose ship (§17, q. 55)


def _players_ship(ship: Ship, player: str) -> bool:
    """Whether `player` orders the ship; a captured ship any player of its captors' side."""
    captured = ship.owner != ship.side
    return not player or captured or (ship.player or ship.owner) == player


def own_ids(state: GameState, side: str, player: str = "") -> list[str]:
    """The sender's ships that take orders now (afloat), in scenario order."""
    return [ship.id for ship in state.controlled_by(side)
            if ship.afloat and not ship.removed and _players_ship(ship, player)]


def your_ships(state: GameState, side: str, player: str = "") -> str:
    ids = own_ids(state, side, player)
    return (f"lines for your ships that take orders: {', '.join(ids)}" if ids
            else "no ship lines: none of your ships takes orders now")


def _aboard(ship: Ship, side: str) -> bool:
    return any(element.side == side for element in ship.elements)


def own_ship(state: GameState, name: str, side: str, player: str, order: Order) -> Ship:
    """The ship a line orders, the sender's and able to take orders; else IllegalOrderError
    (the sender's ships listed only when a line is refused: a long fleet's lines stay cheap)."""
    ship = state.ship(name)
    if ship is None:
        guess = nearest_id(name, own_ids(state, side, player))
        hint = f" (did you mean {guess}?)" if guess else ""
        raise IllegalOrderError(f"there is no ship {name} in this game{hint}",
                                accepted=your_ships(state, side, player))
    boarders = isinstance(order, BOARDING_LINES) and _aboard(ship, side)
    problem = ""
    if ship.owner != side and not boarders:
        problem = f"{ship.id} is not yours: it is a ship of {ship.owner}"
    elif ship.owner == side and not _players_ship(ship, player):
        raise NotCommandedError(f"{ship.id} is ordered by another player of your side",
                                accepted=your_ships(state, side, player))
    elif ship.status == HULK or ship.removed:
        problem = f"{ship.id} is a hulk and takes no orders (§15.3, §17)"
    elif ship.status == FLED:
        problem = f"{ship.id} has fled: it is off the table and takes no orders (§15.5, §17)"
    if problem:
        raise IllegalOrderError(problem, accepted=your_ships(state, side, player))
    return ship


# ---------------------------------------------------------------- movement (§6.2, §7.1, §21)


def entry_limit(state: GameState) -> int:
    """The highest activation number of a queue entry in the open phase (§6.2, §17)."""
    return ROUND_ENTRIES if state.phase.kind == ROUND else LEG_ENTRIES.get(state.phase.leg, 0)


def phase_limit(state: GameState) -> int:
    """The action phases `SPEED … @n` may count in the open phase (§6.2, §17)."""
    return ROUND_PHASES if state.phase.kind == ROUND else LEG_PHASES.get(state.phase.leg, 0)


def _where(state: GameState) -> str:
    return "with mail = round" if state.phase.kind == ROUND else f"in leg {state.phase.leg}"


def _entry_number_refusal(state: GameState, ship: Ship, number: int) -> Refusal | None:
    top = entry_limit(state)
    if number <= top:
        return None
    entries = " and ".join(f"{ship.id}/{k}:" for k in range(1, top + 1)) if top <= 2 else (
        f"{ship.id}/1: to {ship.id}/{top}:")
    return (f"{ship.id}/{number}: a ship is activated at most {top} time{'s' if top > 1 else ''} "
            f"{_where(state)} (§6.2), so there is no activation {number}", f"queue entries {entries}")


def _ship_named(state: GameState, name: str, what: str) -> Refusal | None:
    if name == ANY or state.ship(name) is not None:
        return None
    return (f"{what} names {name}, and there is no ship {name} in this game",
            f"ships of the game: {', '.join(ship.id for ship in state.ships)}")


def _intent_refusal(state: GameState, ship: Ship, intent: Intent | None) -> Refusal | None:
    if intent is None:
        return None
    if isinstance(intent, Ram) and ship.row.rav is None:
        return (f"a {ship.row.name} has no ram (no RAV, §4.1): {ship.id} cannot RAM",
                "SHEAR <ID>|ANY, RAKE <ID>|ANY or no intent")
    return _ship_named(state, intent.target, intent.verb)


def _distance_refusal(distance: float, written: str) -> Refusal | None:
    if distance <= MAX_DISTANCE:
        return None
    return (f"{written} goes {distance:g} SL, above the 1.5 SL a step may go (§17)",
            "distances up to 1.5 SL with at most two decimals, e.g. F0.75")


def _segment_refusal(state: GameState, segment: Segment) -> Refusal | None:
    advanced = ""
    for step in segment.steps:
        if isinstance(step, Turn):
            if abs(step.angle) > MAX_ANGLE:
                return (f"the turn {step.notation()} is above 90° (§17)",
                        "turns S<a> and P<a> of 0.5 to 90 degrees in steps of 0.5, e.g. P22.5")
            if advanced and not state.options.turn_anywhere:
                return (f"the turn {step.notation()} comes after the advance {advanced}, and with "
                        "turn_anywhere = off every turn comes before every advance (§7.1)",
                        "the turns first, then the advance, e.g. S30 F1")
        elif isinstance(step, Ahead | Astern):
            found = _distance_refusal(step.distance, f"the step {step.notation()}")
            if found:
                return found
            advanced = advanced or step.notation()
    return None


def _branch_refusal(state: GameState, ship: Ship, branch: Branch) -> Refusal | None:
    if isinstance(branch, Segment):
        found = _segment_refusal(state, branch)
    else:
        verb = branch.verb
        found = None
        if isinstance(branch.target, str):
            found = _ship_named(state, branch.target, verb)
        elif not (0 <= branch.target.x <= state.table.width
                  and 0 <= branch.target.y <= state.table.height):
            found = (f"{verb} aims at {branch.notation().split()[1]}, a point off the table",
                     f"a point (<x>,<y>) with x from 0 to {state.table.width:g} and y from 0 to "
                     f"{state.table.height:g} SL")
        if found is None and branch.distance is not None:
            found = _distance_refusal(branch.distance, f"{verb}'s advance")
    return found or _intent_refusal(state, ship, branch.intent)


def entry_refusal(state: GameState, ship: Ship, number: int, entry: Entry) -> Refusal | None:
    """§17's static faults of queue entry `number` of `ship`, both branches of an IF NEAR."""
    found = _entry_number_refusal(state, ship, number)
    if found is None and isinstance(entry, IfNear):
        found = _ship_named(state, entry.ship, "IF NEAR")
    for branch in branches(entry):
        found = found or _branch_refusal(state, ship, branch)
    return found


def speed_refusal(state: GameState, ship: Ship, speed: Speed) -> Refusal | None:
    top = phase_limit(state)
    if speed.phase <= top:
        return None
    return (f"SPEED … @{speed.phase}: there {'are' if top > 1 else 'is'} {top} action "
            f"phase{'s' if top > 1 else ''} {_where(state)} (§6.2)",
            f"SPEED 0|1|2|3|4|B @n with n from 1 to {top}, e.g. {ship.id}: SPEED {speed.speed} @{top}")


def activation_order_refusal(state: GameState, side: str, player: str,
                             order: ActivationOrder) -> Refusal | None:
    for name in order.ships:
        try:
            own_ship(state, name, side, player, order)
        except OrderError as error:
            return f"ORDER names {name}: {error.reason}", error.accepted
    return None


# ---------------------------------------------------------------- the submission


def _context(state: GameState) -> str:
    if state.phase.kind not in CONTEXTS:
        raise ValueError(f"the open phase is {state.phase.key}: nobody gives orders now")
    return state.phase.kind


def _key_of_text(state: GameState, text: str) -> str:
    """The key of a line the notation could not read, from its head."""
    body = text.split("#", 1)[0]
    if _ORDER_WORD.match(body):
        return "ORDER"
    head = _HEAD.match(body)
    if head is None:
        return ""
    named = state.ship(head.group(1))
    ship = named.id if named else head.group(1).upper()[:12]
    return f"{ship}/{head.group(2)}" if head.group(2) is not None else ship


class _Sheet:
    """A submission being checked: the answers, the kinds accepted so far and the QUALITY lines."""

    def __init__(self, state: GameState, side: str, player: str) -> None:
        self.state, self.side, self.player = state, side, player
        self.lines: dict[int, LineCheck] = {}
        self.seen: dict[tuple[str, int, str], int] = {}
        self.order_line = 0
        self.qualities: list[tuple[int, Ship]] = []

    def refuse(self, number: int, text: str, key: str, error: OrderError) -> None:
        error.at(number, text, key.split("/")[0])
        self.lines[number] = LineCheck(number, text, key, False, error.sentence(), None)

    def refusal(self, number: int, text: str, key: str, found: Refusal) -> None:
        reason, accepted = found
        self.refuse(number, text, key, IllegalOrderError(reason, accepted=accepted))

    def accept(self, number: int, text: str, key: str, reading: Reading) -> None:
        self.lines[number] = LineCheck(number, text, key, True, "", reading)

    def second(self, number: int, ship: Ship, reading: Reading) -> Refusal | None:
        """A second line for the same ship, activation and kind (§17, q. 46): the later."""
        kind = kind_of(reading.order)
        mark = (ship.id.upper(), reading.entry, kind)
        earlier = self.seen.get(mark)
        if earlier is not None:
            what = f"activation {reading.entry}" if reading.entry else f"the kind {kind}"
            return (f"a second line for {ship.id} and {what}; the one on line {earlier} stands "
                    "(§17)", "one line a ship, activation and kind")
        self.seen[mark] = number
        return None


def _ship_line(sheet: _Sheet, number: int, text: str, reading: Reading) -> None:
    state, order = sheet.state, reading.order
    try:
        ship = own_ship(state, reading.ship, sheet.side, sheet.player, order)
    except OrderError as error:
        sheet.refuse(number, text, _key_of_text(state, text), error)
        return
    key = f"{ship.id}/{reading.entry}" if reading.entry else ship.id
    if reading.ship != ship.id:  # the id as the game writes it
        reading = replace(reading, ship=ship.id)
    if isinstance(order, Quality):
        sheet.qualities.append((number, ship))
        sheet.accept(number, text, key, reading)
        return
    if isinstance(order, Segment | Toward | Away | IfNear):
        found = entry_refusal(state, ship, reading.entry, order)
    elif isinstance(order, Speed):
        found = speed_refusal(state, ship, order)
    elif isinstance(order, Post):
        found = post_refusal(state, ship, order)
    else:
        found = deck_refusal(state, ship, order)
    found = found or sheet.second(number, ship, reading)
    if found:
        sheet.refusal(number, text, key, found)
    else:
        sheet.accept(number, text, key, reading)


def _order_line(sheet: _Sheet, number: int, text: str, reading: Reading) -> None:
    order = reading.order
    assert isinstance(order, ActivationOrder)
    found = activation_order_refusal(sheet.state, sheet.side, sheet.player, order)
    if found is None and sheet.order_line:
        found = (f"a second ORDER line; the one on line {sheet.order_line} stands (§17)",
                 "one ORDER line a submission")
    if found:
        sheet.refusal(number, text, "ORDER", found)
        return
    sheet.order_line = number
    ships = tuple(sheet.state.require(name).id for name in order.ships)
    sheet.accept(number, text, "ORDER", replace(reading, order=ActivationOrder(ships)))


def _allotment(sheet: _Sheet) -> None:
    """The QUALITY lines taken together (§19, q. 41): all refused when they fail the allotment."""
    if not sheet.qualities:
        return
    state, side = sheet.state, sheet.side
    ships = [ship for ship in state.ships if ship.side == side and _players_ship(ship, sheet.player)]
    whole = len(ships) == sum(1 for ship in state.ships if ship.side == side)
    given = []
    for number, ship in sheet.qualities:
        reading = sheet.lines[number].reading
        assert reading is not None and isinstance(reading.order, Quality)
        given.append((ship, reading.order.quality))
    found = quality_refusal(state, side, ships, given, whole)
    if found:
        for number, _ in sheet.qualities:
            line = sheet.lines[number]
            sheet.refusal(number, line.text, line.key, found)


def check_lines(state: GameState, side: str, text: str, *, player: str = "") -> Checked:
    """Every line of one submission of `side` (one `player` of it when given) for the open
    phase, in order, accepted or refused (module docstring). Blank and comment lines are not
    listed. ValueError when the side is not in the game or the phase takes no orders."""
    if side not in state.sides:
        raise ValueError(f"there is no side {side!r} in this game; the sides are "
                         f"{' and '.join(state.sides)}")
    context = _context(state)
    sheet = _Sheet(state, side, player)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        body = line.split(ECHO_MARK, 1)[0] if ECHO_MARK in line.split("#", 1)[0] else line
        try:
            reading = read_line(body, context)
        except NotationError as error:
            sheet.refuse(number, line, _key_of_text(state, line), error)
            continue
        if reading is None:
            continue
        if isinstance(reading.order, ActivationOrder):
            _order_line(sheet, number, line, reading)
        else:
            _ship_line(sheet, number, line, reading)
    if context == SETUP:
        _allotment(sheet)
    return Checked(tuple(sheet.lines[number] for number in sorted(sheet.lines)))


__all__ = ["ECHO_MARK", "Checked", "LineCheck", "check_lines", "entry_limit", "entry_refusal",
           "nearest_id", "own_ids", "own_ship", "phase_limit", "speed_refusal", "your_ships"]
