"""A whole Wooden Walls game: which phase is open, who owes orders, checking a side's orders and
playing the open phase (rulings §5.3, §6, §15.5, §18, §19; build plan §3).

The phases and their keys (`rounds.Phase.key`):

    setup            both sides: QUALITY and POST (§6.1, §19); then the wind die and round 1's
                     shuffle
    R<r>-A, -B, -C   mail = legs: a leg's cards, its deck action phase; after C the close
    R<r>-A-move, R<r>-A-deck, …   mail = split: the leg's cards, then its deck action phase
    R<r>             mail = round: all three legs
    over

Who owes (plan §3): at setup both sides; in a leg, a movement part or a round every side
controlling a ship afloat that is not fleeing (a side whose ships afloat all flee may still send
deck lines); in a deck part every side controlling a ship afloat. A later submission of a side
replaces its earlier one for the phase: every line about a ship the later one orders, and its
ORDER list when it has one (two players of one side keep each their own ships' lines, §6.1).
A phase in which nobody owes is played at once after the one before, its dice in order.

For host.py: `new_game`, `phase_spec`, `phase_title`, `owes`, `may_send`, `check`,
`play_phase`, `pieces_of`, `commanders_after`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.errors import IllegalOrderError, NotCommandedError, OrderError
from pbem.rules.events import Event, event
from pbem.rules.interface import ACCEPTED, REFUSED, LineResult, OrderSheet, PhaseResult, PhaseSpec
from pbem.rules.woodenwalls import legs, weather
from pbem.rules.woodenwalls.check import LineCheck, check_lines
from pbem.rules.woodenwalls.echo import echo_text, plan
from pbem.rules.woodenwalls.elements import post
from pbem.rules.woodenwalls.orders import ActivationOrder, Post, Quality, Reading
from pbem.rules.woodenwalls.rounds import (
    DECK,
    LEG,
    MOVEMENT,
    OVER,
    ROUND,
    SETUP,
    Phase,
    gather,
)
from pbem.rules.woodenwalls.state import FLEEING, GameState, Ship

Submissions = Sequence[tuple[str, str]]
Played = tuple[GameState, PhaseResult, tuple[OrderSheet, ...]]

_ORDERING = (LEG, MOVEMENT, ROUND)


# --- who owes -------------------------------------------------------------------------------


def _moves(ship: Ship) -> bool:
    return ship.afloat and ship.flag != FLEEING


def owes(state: GameState) -> tuple[str, ...]:
    """The sides the open phase waits for (plan §3)."""
    kind = state.phase.kind
    if kind == SETUP:
        return tuple(side for side in state.sides if state.controlled_by(side))
    if kind in _ORDERING:
        return tuple(side for side in state.sides
                     if any(_moves(ship) for ship in state.controlled_by(side)))
    if kind == DECK:
        return tuple(side for side in state.sides
                     if any(ship.afloat for ship in state.controlled_by(side)))
    return ()


def may_send(state: GameState) -> tuple[str, ...]:
    """A side whose ships afloat all flee may still send deck lines in a leg or a round (they may
    shoot, defend, cut, release and douse: plan §11 q. 33), without being waited for."""
    if state.phase.kind not in (LEG, ROUND):
        return ()
    waited = owes(state)
    return tuple(side for side in state.sides if side not in waited
                 and any(ship.afloat for ship in state.controlled_by(side)))


def phase_spec(state: GameState) -> PhaseSpec:
    return PhaseSpec(state.phase.kind)


def phase_title(state: GameState) -> str:
    """The open phase for people: "Round 2, leg B: every side writes at once"."""
    phase = state.phase
    if phase.kind == SETUP:
        return "Set-up: every side gives its crews' qualities and posts its elements"
    if phase.kind == LEG:
        return f"Round {phase.round}, leg {phase.leg}: every side writes at once"
    if phase.kind == MOVEMENT:
        return f"Round {phase.round}, leg {phase.leg}, movement: every side writes at once"
    if phase.kind == DECK:
        return f"Round {phase.round}, leg {phase.leg}, deck action: every side writes at once"
    if phase.kind == ROUND:
        return f"Round {phase.round}: every side writes the whole round at once"
    return "The game is over"


def pieces_of(state: GameState, side: str) -> list[str]:
    """The ships a side orders now, in scenario order: those it controls afloat."""
    return [ship.id for ship in state.controlled_by(side) if ship.afloat]


def commanders_after(state: GameState, players: Sequence[tuple[int, str, tuple[str, ...]]],
                     accepted: Mapping[int, Sequence[str]],
                     result: PhaseResult) -> dict[int, tuple[str, ...]]:
    """A ship captured in this phase (§12.8) goes to the captor side's first player in player
    order (the host's list of (player id, side, ships)); the loser's player no longer orders it.
    Empty when no ship changed sides."""
    after: GameState = result.state
    changed: dict[int, tuple[str, ...]] = {}
    for ship in after.ships:
        before = state.ship(ship.id)
        if before is None or before.owner == ship.owner:
            continue
        for number, side, ships in players:
            if ship.id in ships and side != ship.owner:
                changed[number] = tuple(kept for kept in changed.get(number, ships)
                                        if kept != ship.id)
        captor = next(((number, ships) for number, side, ships in players if side == ship.owner),
                      None)
        if captor is not None:
            number, ships = captor
            changed[number] = (*changed.get(number, ships), ship.id)
    return changed


# --- checking -------------------------------------------------------------------------------


def _error(line: LineCheck, piece: str) -> OrderError:
    found = getattr(line, "error", None)
    if isinstance(found, OrderError):
        return found
    return _Written(line.reason, line.number, line.text, piece)


class _Written(IllegalOrderError):
    """A refusal whose sentence the checker has written whole (line, ship, reason, what is
    accepted)."""

    def __init__(self, sentence: str, line_no: int, text: str, galley: str) -> None:
        self._written = sentence
        super().__init__(sentence, line_no=line_no, text=text, galley=galley)

    def sentence(self) -> str:
        return getattr(self, "_written", "") or super().sentence()


def check(state: GameState, side: str, text: str,
          commands: frozenset[str] | None = None, *, plans: bool = True,
          echoes: bool = True) -> OrderSheet:
    """A side's orders for the open phase, every line answered; `commands` (upper-case ship ids)
    limits them to one player's ships. ValueError when the side has nothing to send now. With
    `plans` off the accepted lines carry no plan sketch, with `echoes` off no echo (resolving
    needs only the readings)."""
    if side not in state.sides:
        raise ValueError(f"there is no side {side!r} in this game; the sides are "
                         f"{' and '.join(state.sides)}")
    if state.phase.kind == OVER:
        raise ValueError("the game is over; no orders are taken")
    if side not in owes(state) and side not in may_send(state):
        raise ValueError(f"the open phase is {state.phase.key} ({phase_title(state)}); {side} "
                         "has no orders to give now")
    checked = check_lines(state, side, text)
    results: list[LineResult] = []
    for line in checked.lines:
        piece = line.key.split("/")[0] if line.key and line.key != "ORDER" else ""
        if not line.accepted or line.reading is None:
            results.append(LineResult(line.number, line.text, piece, REFUSED,
                                      error=_error(line, piece)))
            continue
        ship = state.ship(line.reading.ship)
        if commands is not None and ship is not None and ship.id.upper() not in commands:
            error = NotCommandedError(f"{ship.id} is ordered by another player of your side",
                                      galley=ship.id).at(line.number, line.text)
            results.append(LineResult(line.number, line.text, ship.id, REFUSED, error=error))
            continue
        results.append(LineResult(line.number, line.text, piece, ACCEPTED,
                                  echo=echo_text(line.reading) if echoes else "",
                                  order=line.reading,
                                  plan=plan(state, line.reading) if plans else ()))
    return OrderSheet(phase_spec(state), side, tuple(results))


def _readings(sheet: OrderSheet) -> list[Reading]:
    return [line.order for line in sheet.accepted if isinstance(line.order, Reading)]


def merged(sheets: Sequence[OrderSheet]) -> dict[str, list[Reading]]:
    """Each side's accepted lines after every submission in the order received: a later one
    replaces what the earlier ones said about each ship it orders, and their ORDER list when
    it gives one (§6.1)."""
    kept: dict[str, list[Reading]] = {}
    for sheet in sheets:
        lines = _readings(sheet)
        ordered = {reading.ship.upper() for reading in lines if reading.ship}
        has_order = any(isinstance(reading.order, ActivationOrder) for reading in lines)
        earlier = kept.get(sheet.side, [])
        earlier = [reading for reading in earlier
                   if (reading.ship.upper() not in ordered if reading.ship else not has_order)]
        kept[sheet.side] = [*earlier, *lines]
    return kept


def orders_in_force(state: GameState, readings: Mapping[str, Sequence[Reading]]) -> GameState:
    """Each side's lines gathered into its `LegOrders` (a side that sent nothing has none: §6.3)."""
    orders = tuple(gather(side, readings.get(side, ())) for side in state.sides)
    return replace(state, orders=orders)


# --- the setup ------------------------------------------------------------------------------


def settle_setup(state: GameState, readings: Mapping[str, Sequence[Reading]]
                 ) -> tuple[GameState, tuple[Event, ...]]:
    """Each side's accepted QUALITY lines (all or none, the checker saw to it, §19) and POST
    lines (§6.1) applied; sides that sent none keep the scenario's defaults."""
    events: list[Event] = []
    for side in state.sides:
        for reading in readings.get(side, ()):
            ship = state.ship(reading.ship)
            if ship is None:
                continue
            if isinstance(reading.order, Quality):
                state = state.with_ship(replace(ship, quality=reading.order.quality,
                                                quality_assigned=True))
                events.append(event("quality", ship=ship.id, side=side))
            elif isinstance(reading.order, Post):
                state = state.with_ship(post(ship, reading.order.placings, state.ship_order))
                events.append(event("post", ship=ship.id, side=side,
                                    placing=reading.order.notation()))
    return state, tuple(events)


# --- playing --------------------------------------------------------------------------------


def _next_phase(state: GameState) -> Phase:
    if state.winner:
        return Phase(OVER)
    return state.phase.after(state.options.mail, state.options.round_limit)


def _play(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    phase = state.phase
    if phase.kind == SETUP:
        state, events = weather.setup_wind(state, dice)
        state, more = legs.new_round(state, dice)
        return state, (*events, *more)
    if phase.kind == LEG:
        return legs.play_leg(state, phase.leg, dice)
    if phase.kind == MOVEMENT:
        return legs.play_leg_cards(state, phase.leg, dice)
    if phase.kind == DECK:
        return legs.play_deck(state, phase.leg, dice)
    if phase.kind == ROUND:
        return legs.play_round(state, dice)
    raise ValueError("the game is over; no phase is open")


def play_phase(state: GameState, submissions: Submissions, dice: Dice) -> Played:
    """Check every submission (side, text) in the order received, resolve the open phase and
    open the next (and play at once any that nobody owes): the state after, the phase's result
    and the checked sheets (without plan sketches or echoes: the player had those when the
    orders came in). A side that sends nothing has missing orders (§6.3)."""
    if state.phase.kind == OVER:
        raise ValueError("the game is over; no phase is open")
    sheets = tuple(check(state, side, text, plans=False, echoes=False)
                   for side, text in submissions)
    rejected = tuple((line.piece or f"line {line.line_no}", line.reason)
                     for sheet in sheets for line in sheet.refused)
    readings = merged(sheets)
    events: list[Event] = []
    if state.phase.kind == SETUP:
        state, made = settle_setup(state, readings)
        events.extend(made)
        state = replace(state, orders=())
    else:
        state = orders_in_force(state, readings)
    state, made = _play(state, dice)
    events.extend(made)
    state = replace(state, orders=(), phase=_next_phase(state))
    while state.phase.kind != OVER and not owes(state):
        events.append(event("phase_skipped", phase=state.phase.key))
        state, made = _play(state, dice)
        events.extend(made)
        state = replace(state, orders=(), phase=_next_phase(state))
    return state, PhaseResult(state, tuple(events), rejected), sheets


__all__ = ["check", "commanders_after", "may_send", "merged", "orders_in_force", "owes",
           "phase_spec", "phase_title", "pieces_of", "play_phase", "settle_setup"]
