"""The legs of a Wooden Walls round and the round's close (rulings §5.2, §5.3, §6.1, §15.1, §18;
build plan §1.4, §3).

A leg turns its cards in order (§5.3): a MOVE card is an action phase (`actionphase.play_card`),
Fate is resolved when turned (`weather.fate`, §5.6). The leg's deck action phase follows
(`deckphase.play`) with the first player of the leg's last action phase (§5.4). After leg C:
SinkOrSwim (§15.1, `sinkorswim.play`), the victory check (§18, `victory.check`) and, when the game
goes on and a round is left, the next round's shuffle (§5.2, §23 item 2).

Activation counts (§6.2): under `mail = legs` and `split` a ship's k-th activation is counted in
the leg, under `mail = round` in the round; the count starts again at the leg's (or round's) first
card. `play_cards` plays a stretch of the forced deck's cards with the deck action phases that fall
between them (the case kind `cards`): one after the 2nd and the 4th MOVE card and one after the
6th card.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.woodenwalls import actionphase, deckphase, sinkorswim, victory, weather
from pbem.rules.woodenwalls.cards import LEG_NAMES, is_move_card, shuffle, split_legs
from pbem.rules.woodenwalls.rounds import ROUND_MAIL
from pbem.rules.woodenwalls.state import GameState

DECK_PHASE_AFTER_MOVE = (2, 4)  # a deck action phase follows the 2nd and the 4th MOVE card (§5.3)


def new_round(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """The round-start shuffle (§5.2): the deck in the order turned, nothing turned yet."""
    made = shuffle(dice)
    legs = split_legs(made.deck)
    state = replace(state, round=replace(state.round, deck=made.deck, turned=0, action_phase=0,
                                         card="", step=None))
    return state, (event("shuffle", dice=made.rolls, deck=made.deck,
                         legs=tuple(tuple(leg) for leg in legs.legs)),)


def _reset_activations(state: GameState) -> GameState:
    return state.with_ships(tuple(replace(ship, activations=0, acted=False)
                                  if ship.activations or ship.acted else ship
                                  for ship in state.ships))


def turn_card(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """The next card of the deck turned and played (a MOVE card's action phase, or Fate)."""
    card = state.round.next_card
    if card is None:
        raise ValueError("every card of this round's deck is turned")
    position = state.round.turned + 1
    leg = state.round.leg_of_card(position)
    state = replace(state, round=replace(state.round, turned=position))
    events: list[Event] = [event("card", card=card, position=position, leg=leg)]
    if is_move_card(card):
        state, made = actionphase.play_card(state, card, dice)
    else:
        state, made = weather.fate(state, dice)
    events.extend(made)
    return state, tuple(events)


def play_leg_cards(state: GameState, leg: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """Every card of leg `leg` turned in order (§5.3), without its deck action phase."""
    legs = state.round.legs
    if legs is None:
        raise ValueError("the round's deck is not shuffled yet")
    if leg not in LEG_NAMES:
        raise ValueError(f"a leg is A, B or C, not {leg!r}")
    if state.options.mail != ROUND_MAIL or leg == LEG_NAMES[0]:
        state = _reset_activations(state)
    events: list[Event] = []
    for _ in legs.leg(leg):
        state, made = turn_card(state, dice)
        events.extend(made)
    return state, tuple(events)


def play_deck(state: GameState, leg: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """The leg's deck action phase, with the first player of the leg's last action phase (§5.4);
    after leg C the round's close."""
    state = replace(state, round=replace(state.round, deck_first_player=state.round.first_player))
    state, events = deckphase.play(state, dice)
    if leg == LEG_NAMES[-1]:
        state, more = close_round(state, dice)
        events = (*events, *more)
    return state, events


def play_leg(state: GameState, leg: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """One leg whole (`mail = legs`): its cards, its deck action phase, after C the close."""
    state, events = play_leg_cards(state, leg, dice)
    state, more = play_deck(state, leg, dice)
    return state, (*events, *more)


def play_round(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """All three legs (`mail = round`), the close after C."""
    events: list[Event] = []
    for leg in LEG_NAMES:
        state, made = play_leg(state, leg, dice)
        events.extend(made)
        if state.winner:
            break
    return state, tuple(events)


def close_round(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """After leg C (§5.3): SinkOrSwim, the victory check, and the next shuffle when the game goes
    on and a round is left (the round number is the host's phase; the deck is the state's)."""
    state, events = sinkorswim.play(state, dice)
    state, more = victory.check(state)
    events = (*events, *more)
    if not state.winner and state.phase.round < _round_limit(state):
        state, shuffled = new_round(state, dice)
        events = (*events, *shuffled)
    return state, events


def _round_limit(state: GameState) -> int:
    return state.options.round_limit


def play_cards(state: GameState, first: int, last: int,
               dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """Cards `first`..`last` (1-based) of the round's deck, with the deck action phases that
    fall between them (§5.3): after the 2nd and the 4th MOVE card and after the 6th card."""
    if not 1 <= first <= last <= len(state.round.deck):
        raise ValueError(f"cards are numbered 1 to {len(state.round.deck)}, first before last; "
                         f"not {first}..{last}")
    state = replace(state, round=replace(state.round, turned=first - 1))
    events: list[Event] = []
    for position in range(first, last + 1):
        leg = state.round.leg_of_card(position)
        state, made = turn_card(state, dice)
        events.extend(made)
        moves = state.round.move_cards_turned
        ends_leg = (is_move_card(state.round.deck[position - 1]) and moves in DECK_PHASE_AFTER_MOVE
                    ) or position == len(state.round.deck)
        if ends_leg:
            state, made = play_deck(state, leg, dice)
            events.extend(made)
    return state, tuple(events)
