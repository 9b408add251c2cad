"""Initiative and activation (rulings §5; house rules `initiative_die = d6` and
`activation_order`).

Before each activation the eligible players are those with a ship afloat or fleeing not yet
activated; the last winner sits out unless he alone is eligible. One eligible player activates
with no die; otherwise each rolls a d6 in scenario player order, the tied highest again in the
same order, until one is highest (§19.2 item 1.1). The winner moves his first unactivated ship in
the order of his accepted movement lines, then his other ships in scenario order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.dice import D6, Dice
from pbem.rules.speedband.state import AFLOAT, GameState, Player, Ship


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """One activation's initiative: the winner and each round of dice, as (player, die)."""

    winner: str
    rounds: tuple[tuple[tuple[str, int], ...], ...] = ()


def player_of(ship: Ship) -> str:
    return ship.player or ship.side


def waiting(state: GameState) -> tuple[Ship, ...]:
    """The ships still to activate this turn: afloat or fleeing, not yet activated (§5)."""
    return tuple(ship for ship in state.ships if ship.active and not ship.activated)


def eligible_players(state: GameState, last_winner: str) -> tuple[Player, ...]:
    """The players who may win this activation, in scenario player order (§5)."""
    players = {player_of(ship) for ship in waiting(state)}
    eligible = tuple(player for player in state.players if player.id in players)
    if len(eligible) > 1:
        eligible = tuple(player for player in eligible if player.id != last_winner)
    return eligible


def roll_initiative(state: GameState, last_winner: str, dice: Dice) -> InitiativeRoll | None:
    """Who activates next; None when every ship has activated. No die for one eligible player."""
    eligible = eligible_players(state, last_winner)
    if not eligible:
        return None
    if len(eligible) == 1:
        return InitiativeRoll(eligible[0].id)
    rolling = [player.id for player in eligible]
    rounds: list[tuple[tuple[str, int], ...]] = []
    while True:
        this_round = tuple((player, dice.roll(f"initiative {player}", D6)) for player in rolling)
        rounds.append(this_round)
        best = max(value for _, value in this_round)
        rolling = [player for player, value in this_round if value == best]
        if len(rolling) == 1:
            return InitiativeRoll(rolling[0], tuple(rounds))


def next_ship(state: GameState, player: str, line_order: Sequence[str]) -> Ship | None:
    """The winner's ship to activate (`activation_order`): the first not yet activated in the
    order of his accepted movement lines (`line_order`, ship ids), then the rest of his ships
    in scenario order (no line, a refused line, or fleeing)."""
    mine = [ship for ship in waiting(state) if player_of(ship) == player]
    by_id = {ship.id.upper(): ship for ship in mine}
    for ship_id in line_order:
        ship = by_id.get(ship_id.upper())
        if ship is not None and ship.status == AFLOAT:
            return ship
    return mine[0] if mine else None
