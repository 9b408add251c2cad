"""What a strike does to the crews (rulings §6.2, §6.3): rudder strikes, rams and oar clashes,
sailor losses and ships made sinking, with the dice in the order of §18.2."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.greeksromans.movement import OAR, RAM, RUDDER, Strike
from pbem.rules.greeksromans.state import SINKING, GameState, Played, Ship
from pbem.rules.table import report_length, report_point


def make_sinking(state: GameState, ship: Ship, cause: str) -> Played:
    """The captain is removed (§6.2); nothing happens to a ship already sinking."""
    if ship.captain == 0:
        return state, ()
    return state.with_ship(replace(ship, captain=0, status=SINKING)), (
        event("sinking", ship=ship.id, cause=cause),)


def sailor_loss(state: GameState, ship_id: str, dice: Dice, cause: str) -> Played:
    """"The ship loses 1d6 sailors" (§6.2): no sailors left makes it sinking with no die;
    otherwise the die's number of sailors, down to 0 (reaching 0 does not sink it)."""
    ship = state.require(ship_id)
    if ship.sailors == 0:
        return make_sinking(state, ship, f"{cause}: no sailors left to lose")
    die = dice.roll(f"sailor loss {ship.id}")
    lost = min(die, ship.sailors)
    state = state.with_ship(replace(ship, sailors=ship.sailors - lost))
    return state, (event("loss", ship=ship.id, die=die, lost=lost, sailors=ship.sailors - lost,
                         cause=cause),)


def resolve_strike(state: GameState, strike: Strike, dice: Dice) -> Played:
    """Roll a strike's dice and apply them (§6.2, §6.3). Sailors are counted before any loss."""
    mover, target = state.require(strike.ship), state.require(strike.target)
    common = {"ship": mover.id, "target": target.id, "strike": strike.kind,
              "impact": report_point(strike.impact), "at": report_point(strike.at),
              "theta": strike.theta, "u": report_length(strike.u)}
    die = dice.roll(f"{strike.kind} strike {mover.id} on {target.id}")
    total = die + mover.sailors
    if strike.kind == OAR:
        target_die = dice.roll(f"oar clash {target.id}")
        target_total = target_die + target.sailors
        found = event("strike", **common, die=die, sailors=mover.sailors, total=total,
                      target_die=target_die, target_sailors=target.sailors,
                      target_total=target_total, needed=7)
        events: tuple[Event, ...] = (found,)
        if total >= 7:
            state, more = sailor_loss(state, target.id, dice, f"oar clash with {mover.id}")
            events += more
        if target_total >= 7:
            state, more = sailor_loss(state, mover.id, dice, f"oar clash with {target.id}")
            events += more
        return state, events
    events = (event("strike", **common, die=die, sailors=mover.sailors, total=total,
                    needed=6 if strike.kind == RUDDER else 4),)
    if strike.kind == RUDDER:
        if total >= 6:
            state, more = sailor_loss(state, target.id, dice, f"rudder strike by {mover.id}")
            events += more
        return state, events
    assert strike.kind == RAM
    if total >= 6:
        state, more = make_sinking(state, target, f"rammed by {mover.id}")
        return state, events + more
    if total >= 4:
        state, more = sailor_loss(state, target.id, dice, f"rammed by {mover.id}")
        events += more
    return state, events
