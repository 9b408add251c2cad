"""Grapple lines (rulings §10; house rules `grapple_reach = continuous`, `line_cutting`): which
tries are pending, the d10 of a try, the lines thrown, and cutting them, at once when an
enemy's line lands or at the ship's own activation.

When a try is made (the first moment in the turn a pair is within 1") is the activation
driver's; it calls `try_grapples` at that moment with the ships within reach, in scenario order.
Bulwark control for cutting is read from the melee fronts (§13.2). A corvus link is never cut
(§11); its drop is `corvus`.

Events (one line each):

- `grapple`: thrower, target, thrower_speed, target_speed (floats, inches, §3.1), over
  (float: the roll must exceed 2 × the speed difference), roll (d10), success (bool).
- `cut`: ship (the cutter), other (the ship at the line's other end), thrower, automatic
  (bool: holding both bulwarks, no die), roll (d100, 0 when automatic), chance (float,
  percent), success (bool), moment ("landing" or "activation").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.speedband.bands import formula_speed
from pbem.rules.speedband.orders import Grapple
from pbem.rules.speedband.state import (
    AFLOAT,
    CUT_ALL,
    CUT_ENEMY,
    CUT_NONE,
    FLEEING,
    LINE,
    GameState,
    Link,
    Ship,
)

Played = tuple[GameState, tuple[Event, ...]]

D10, D100 = 10, 100
CUT_PER_FACTOR = 5   # §10.3: 5% per archer, soldier and officer
LANDING, ACTIVATION = "landing", "activation"


def _wish(wishes: Mapping[str, Grapple], ship_id: str) -> Grapple | None:
    found = wishes.get(ship_id)
    if found is not None:
        return found
    wanted = ship_id.upper()
    return next((wish for key, wish in wishes.items() if key.upper() == wanted), None)


def pending(state: GameState, wishes: Mapping[str, Grapple], x: str, y: str) -> bool:
    """§10.1: X would try to grapple Y now. X is afloat (not fleeing) and lists Y (or ANY); Y is
    an enemy, afloat or fleeing; X has not yet tried Y this turn; the pair is not linked."""
    if x.upper() == y.upper():
        return False
    thrower, target = state.ship(x), state.ship(y)
    if thrower is None or target is None:
        return False
    if thrower.status != AFLOAT or not target.active or not state.enemies(thrower, target):
        return False
    # The wish last: a ship without one is looked for in every case of its id (_wish).
    if (thrower.id, target.id) in state.record.grapples_tried:
        return False
    if state.link(thrower.id, target.id) is not None:
        return False
    wish = _wish(wishes, x)
    if wish is None:
        return False
    return wish.any or target.id.upper() in (name.upper() for name in wish.targets)


def grapple_succeeds(roll: int, first_speed: int, second_speed: int) -> bool:
    """§10.2: the d10 must be strictly greater than 2 × |difference| (speeds in tenths)."""
    return 10 * roll > 2 * abs(first_speed - second_speed)


def _try(state: GameState, thrower: str, target: str, dice: Dice) -> tuple[GameState, Event, bool]:
    """One try of X on Y: the d10 against the §3.1 speeds now; a success links them, thrown by X."""
    x, y = state.require(thrower), state.require(target)
    x_speed = formula_speed(x, state.held(x.id))
    y_speed = formula_speed(y, state.held(y.id))
    roll = dice.roll(f"grapple {x.id} on {y.id}", D10)
    success = grapple_succeeds(roll, x_speed, y_speed)
    record = state.record
    revealed = record.revealed
    if (x.id, "grapple") not in revealed:
        revealed = (*revealed, (x.id, "grapple"))
    state = replace(state, record=replace(
        record, grapples_tried=(*record.grapples_tried, (x.id, y.id)), revealed=revealed))
    if success:
        state = state.with_link(x.id, y.id, LINE)
    return state, event("grapple", thrower=x.id, target=y.id, thrower_speed=x_speed / 10,
                        target_speed=y_speed / 10, over=2 * abs(x_speed - y_speed) / 10,
                        roll=roll, success=success), success


def try_grapples(state: GameState, wishes: Mapping[str, Grapple], mover: str,
                 others: Sequence[str], dice: Dice) -> tuple[GameState, tuple[Event, ...], bool]:
    """The tries of one moment (§10.2) between the mover and each of `others` (the ships within
    1", given in scenario order): for each pair the mover tries first if pending, then the
    other if pending and the mover's try did not succeed. A line that lands is answered at once
    by the struck ship's cut (§10.3), if its CUT allows and it has not tried this turn. Returns
    the state, the events and whether the mover is now held (by any line or corvus)."""
    events: list[Event] = []
    for other in others:
        landed = False
        for thrower, target in ((mover, other), (other, mover)):
            if landed or not pending(state, wishes, thrower, target):
                continue
            state, tried, landed = _try(state, thrower, target, dice)
            events.append(tried)
            if landed:
                state, cut_events = cut_on_landing(state, target, thrower, dice)
                events.extend(cut_events)
    return state, tuple(events), state.held(state.require(mover).id)


# --- cutting (§10.3)


def cut_order(ship: Ship) -> str:
    """The ship's standing CUT; a fleeing ship always cuts ALL (§10.3, §14.3)."""
    return CUT_ALL if ship.status == FLEEING else ship.standing.cut


def may_cut_line(ship: Ship, link: Link) -> bool:
    """Whether the ship's CUT order allows cutting this line: ENEMY the other's lines only, ALL
    its own too, NONE none; a corvus never (§11)."""
    order = cut_order(ship)
    if link.kind != LINE or order == CUT_NONE:
        return False
    return order == CUT_ALL or (order == CUT_ENEMY and link.thrower.upper() != ship.id.upper())


def holds_own_bulwark(state: GameState, ship_id: str) -> bool:
    """§13.2: no enemy holds any of this ship's areas in any of its fronts."""
    return all(state.front(ship_id, front.second if front.first == ship_id else front.first) >= 0
               for front in state.fronts if ship_id in (front.first, front.second))


def holds_both_bulwarks(state: GameState, ship_id: str, other: str) -> bool:
    """§13.2: the ship holds its own bulwark and, in its front with `other`, the other's."""
    return holds_own_bulwark(state, ship_id) and state.front(ship_id, other) >= 1


def cut_chance(ship: Ship) -> int:
    """§10.3 in whole percent: 5 × (archers + soldiers + officers); rowers and ballistae do not
    count."""
    return CUT_PER_FACTOR * (ship.archers + ship.soldiers + ship.officers)


def _has_tried(state: GameState, ship: Ship) -> bool:
    return ship.cut_attempted or ship.id in state.record.cuts_tried


def _attempt(state: GameState, ship_id: str, link: Link, moment: str, dice: Dice) -> Played:
    """The ship's one cutting attempt of the turn against one line (its bulwark checked by the
    caller): automatic holding both bulwarks, else a d100 at or under the chance."""
    ship = state.require(ship_id)
    other = link.other(ship.id)
    automatic = holds_both_bulwarks(state, ship.id, other)
    chance = cut_chance(ship)
    roll = 0 if automatic else dice.roll(f"cut {ship.id} from {other}", D100)
    success = automatic or roll <= chance
    state = state.with_ship(replace(ship, cut_attempted=True))
    record = state.record
    if ship.id not in record.cuts_tried:
        state = replace(state, record=replace(record, cuts_tried=(*record.cuts_tried, ship.id)))
    if success:
        state = state.without_link(ship.id, other)
    return state, (event("cut", ship=ship.id, other=other, thrower=link.thrower,
                         automatic=automatic, roll=roll, chance=float(chance), success=success,
                         moment=moment),)


def cut_on_landing(state: GameState, ship: str, thrower: str, dice: Dice) -> Played:
    """§10.3 at once: the line `thrower` just threw on `ship` is cut if the ship's CUT allows,
    it has not tried this turn and it controls its own bulwark (no die otherwise)."""
    struck = state.require(ship)
    link = state.link(struck.id, thrower)
    if (link is None or _has_tried(state, struck) or not may_cut_line(struck, link)
            or not holds_own_bulwark(state, struck.id)):
        return state, ()
    return _attempt(state, struck.id, link, LANDING, dice)


def cut_at_activation(state: GameState, ship: str, dice: Dice) -> Played:
    """§10.3 at the ship's activation (§6.1 step 1): if it has not tried this turn and controls
    its own bulwark, one attempt against the first line (scenario order of the other ship) its
    CUT allows. No die without its bulwark, and none for an automatic cut."""
    cutter = state.require(ship)
    if _has_tried(state, cutter) or not holds_own_bulwark(state, cutter.id):
        return state, ()
    for other in state.linked_with(cutter.id):
        link = state.link(cutter.id, other)
        if link is not None and may_cut_line(cutter, link):
            return _attempt(state, cutter.id, link, ACTIVATION, dice)
    return state, ()
