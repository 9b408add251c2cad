"""One action phase of Wooden Walls: the carrying out of one MOVE card (rulings §5.4, §5.5, §6.2,
§7.8, §16; build plan §1.3).

In order: the first-player dice (§5.4, `cards.first_player`), then the card's steps (§5.1). A
step's eligible ships are those afloat at its speed (stopped, backing) when it begins that have not
acted on this card; the first player activates one, the other player one, and so on, each side
taking its ships in its `ORDER` list's order and then the rest in scenario order; a side with none
left lets the other activate the rest, and each step starts again with the first player (§5.5).
Which ship a side activates next is decided when its turn comes, so a ship sunk or stopped
before its turn is passed over and the side's next one takes its place. The k-th activation of a
ship (in the leg, or the round under `mail = round`) carries out entry k of its queue
(`movement.activate`). At the end of the phase: drift (§7.9), speed changes (§7.8, the `SPEED … @n`
lines of this phase), reveals by range (§16).
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.woodenwalls import movement, reveal, speeds, weather
from pbem.rules.woodenwalls.cards import Step as CardStep
from pbem.rules.woodenwalls.cards import card_steps, first_player, is_move_card, step_name
from pbem.rules.woodenwalls.rounds import ROUND_MAIL
from pbem.rules.woodenwalls.state import GameState, evolved


def eligible(state: GameState, side: str, step: CardStep) -> tuple[str, ...]:
    """The ships `side` may activate in `step` as it begins (§5.5): afloat, controlled by the side,
    at the step's speed, not yet acted on this card; the side's `ORDER` list first (in its order),
    then the rest in scenario order."""
    ready = [ship for ship in state.controlled_by(side)
             if ship.afloat and not ship.acted and ship.speed == step]
    listed = [name.upper() for name in state.orders_of(side).order]
    rank = {name: number for number, name in reversed(list(enumerate(listed)))}
    order = state.ship_order
    ready.sort(key=lambda ship: (rank.get(ship.id.upper(), len(listed)), order[ship.id.upper()]))
    return tuple(ship.id for ship in ready)


def _still_ready(state: GameState, ship_id: str, side: str) -> bool:
    ship = state.require(ship_id)
    return ship.afloat and not ship.acted and ship.owner == side


def phase_number(state: GameState) -> int:
    """The number `SPEED … @n` counts for the action phase now played: its place in the leg (1-2)
    or, under `mail = round`, in the round (1-5) (§6.1, §6.2)."""
    if state.options.mail == ROUND_MAIL:
        return state.round.action_phase
    return state.round.leg_phase


def play_step(state: GameState, step: CardStep, first: str, second: str, card: str,
              dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """One step of a MOVE card (§5.5): the alternation from the first player; a side with no
    ship ready when its turn comes lets the other go on."""
    sides = (first, second)
    waiting = {side: list(eligible(state, side, step)) for side in sides}
    events: list[Event] = []
    turn = 0
    while True:
        mover = sides[turn]
        chosen = _next_ready(state, waiting[mover], mover)
        if chosen is None:
            mover = sides[1 - turn]
            chosen = _next_ready(state, waiting[mover], mover)
            if chosen is None:
                return state, tuple(events)
        entry = state.require(chosen).activations + 1
        state, made = movement.activate(state, chosen, card, entry, dice)
        state = _mark_acted(state, chosen, entry)
        events.extend(made)
        turn = 1 - sides.index(mover)


def _next_ready(state: GameState, waiting: list[str], side: str) -> str | None:
    while waiting:
        ship_id = waiting.pop(0)
        if _still_ready(state, ship_id, side):
            return ship_id
    return None


def _mark_acted(state: GameState, ship_id: str, entry: int) -> GameState:
    """The ship has acted on this card and made its `entry`-th activation (§5.5, §6.2), whatever
    the activation itself did (lost to confusion, held, sunk on the way)."""
    ship = state.require(ship_id)
    if ship.acted and ship.activations >= entry:
        return state
    return state.with_ship(replace(ship, acted=True, activations=max(ship.activations, entry)))


def play_card(state: GameState, card: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """One whole MOVE card (an action phase, §5.3-§5.5): first-player dice, every step, the end of
    the phase. The round's `action_phase`, `card`, first and second player and `last_second` are
    kept in `state.round`."""
    if not is_move_card(card):
        raise ValueError(f"{card!r} is not a MOVE card: only MOVE cards are action phases (§5.3)")
    sides = state.sides
    roll = first_player(sides, state.round.last_second, dice)
    state = replace(state, round=replace(
        state.round, action_phase=state.round.action_phase + 1, card=card, step=None,
        first_player=roll.first, second_player=roll.second, last_second=roll.second))
    state = state.with_ships(tuple(evolved(ship, acted=False) if ship.acted else ship
                                   for ship in state.ships))
    events: list[Event] = [event(
        "first_player", card=card, first=roll.first, second=roll.second, by_tie=roll.by_tie,
        dice=tuple(tuple((side_roll.side, side_roll.dice) for side_roll in throw)
                   for throw in roll.throws))]
    for step in card_steps(card):
        state = replace(state, round=replace(state.round, step=step))
        events.append(event("step", card=card, step=step_name(step)))
        state, made = play_step(state, step, roll.first, roll.second, card, dice)
        events.extend(made)
    state = replace(state, round=replace(state.round, step=None))
    state, made = end_of_phase(state)
    events.extend(made)
    return state, tuple(events)


def end_of_phase(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """§5.5's end of an action phase, in order: drift (§7.9); forced speed losses, then ordered
    changes and fleeing ships' increases (§7.8, §15.5); reveals by range (§16)."""
    events: list[Event] = [event("phase_end", card=state.round.card,
                                 action_phase=state.round.action_phase)]
    state, made = weather.drift_all(state)
    events.extend(made)
    state, made = speeds.apply_changes(state, phase_number(state))
    events.extend(made)
    state, made = reveal.reveal_by_range(state)
    events.extend(made)
    return state, tuple(events)
