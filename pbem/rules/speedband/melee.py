"""Boarding and melee (rulings §13; house rules `melee_standing`, `melee_pairs`, `loss_order`,
`capture`, `corvus_mod`; §15 fleeing ships defend only; §16's crew modifier under
`opt_crew_quality`).

    melee_phase(state, dice) -> (state, events)      # §13, §19.2 item 2.2
    fought_pairs(events) -> ((first, second), ...)   # the pairs that fought, from the events

The numbers of one round are exact in whole numbers: the melee value M in tenths, the multiplier
P in hundredths, so M × P = M₁₀ × P₁₀₀ / 1000 (`melee_value_tenths`, `multiplier_hundredths`,
`casualties`). Which pairs are locked and their fronts are `fronts.py`'s.

The phase forgets the fronts of pairs no longer locked, ends standing `MELEE` orders that name a
ship not locked with it (or belong to a fleeing ship or a prize), then fights every locked pair
that either ship's standing order (from a ship afloat) names, in `fronts.locked_pairs` order, a
pair re-checked just before it fights (a capture ends links). A pair fights rounds until one is
decisive; a side with nobody aboard loses with no dice; both empty, no melee. The pairs that
fought go to `state.record.meleed` (ships, §11's interruptions) and to the `fought` event (pairs).
`TurnRecord` has no field for this turn's pairs; whoever ends the turn sets
`state.fought_last_turn` from them (`fought_pairs(events)` of this phase reads them back exactly;
ships and fronts alone can name a pair whose two ships each fought someone else).

Events, one line each:

- `front_forgotten`: first, second, value (see `fronts.prune`).
- `melee_order_ended`: ship, target, reason (a standing MELEE that lapsed).
- `melee_die`: ship, against, round, die ("first" | "second"), roll; the first with multiplier
  (P in hundredths), the second with chance (the extra casualty's percentage, M × P's fraction)
  and extra (bool).
- `melee_side`: ship, against, round, value (M in tenths), multiplier, casualties (n),
  officer_kills (k); after both sides have rolled.
- `melee_losses`: ship, by, round, officers_killed, archers, soldiers, officers (the rest of n
  by its LOSSES order), archers_left, soldiers_left, officers_left.
- `melee_round`: first, second, round, winner ("" on a tie), front (after the round, as seen
  from first), reason ("won", "tie", "no crew": the loser had nobody aboard, no dice).
- `melee_none`: first, second, round, reason (neither has anyone aboard: no melee, no dice).
- `capture`: ship, by, controller, prisoners (archers + soldiers + officers taken off),
  released (ships whose links with it ended).
- `fought`: pairs (each (first, second), in the order fought).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.speedband import fronts
from pbem.rules.speedband.state import (
    AFLOAT,
    ARCHERS,
    CAPTURED,
    CORVUS,
    ELITE,
    OFFICERS,
    POOR,
    SOLDIERS,
    GameState,
    Ship,
)
from pbem.rules.speedband.switches import Options

D100 = 100
Played = tuple[GameState, tuple[Event, ...]]

TOWER_MOD = 10  # hundredths (text 7)
CREW_MOD = {POOR: -15, ELITE: 5}  # hundredths, §16's house rule within opt_crew_quality


def melee_value_tenths(ship: Ship) -> int:
    """M = 0.5 × archers + soldier value × soldiers + 0.7 × officers, in tenths (§13.3; the
    ship's own values under `opt_combat_values`)."""
    return (ship.archer_value * ship.archers + ship.soldier_value * ship.soldiers
            + ship.officer_value * ship.officers)


def multiplier_hundredths(ship: Ship, first_roll: int, corvus_holds_enemy: bool,
                          options: Options) -> int:
    """P = first roll / 100 (00 is 1.00) + tower 0.10 + the corvus modifier when this ship's
    corvus holds the other + the crew modifier, never below 0, in hundredths."""
    total = first_roll
    if ship.tower:
        total += TOWER_MOD
    if corvus_holds_enemy:
        total += options.corvus_mod
    if options.opt_crew_quality:
        total += CREW_MOD.get(ship.crew, 0)
    return max(0, total)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One side's casualties inflicted (n) and officer kills (k) in a round."""

    casualties: int
    officer_kills: int
    extra: bool


def casualties(value_tenths: int, multiplier: int, first_roll: int,
               second_roll: int) -> RoundResult:
    """n = floor(M × P) + 1 when 10 × second ≤ (M₁₀ × P₁₀₀ mod 1000); officer kills k: a second
    roll of 00 gives 2 and n at least 2 (a first roll of 90-00 adds none then), otherwise 1 for a
    first roll of 90-00 and 1 for a second roll of 01-10, at most n (§13.3)."""
    product = value_tenths * multiplier
    count = product // 1000
    extra = 10 * second_roll <= product % 1000
    if extra:
        count += 1
    if second_roll == 100:
        return RoundResult(max(count, 2), 2, extra)
    kills = (1 if first_roll >= 90 else 0) + (1 if second_roll <= 10 else 0)
    return RoundResult(count, min(kills, count), extra)


# --- the phase (§13.1-§13.4)

def crew(ship: Ship) -> int:
    """Archers, soldiers and officers aboard: who fights (§13.3)."""
    return ship.archers + ship.soldiers + ship.officers


def wants(ship: Ship, other: Ship) -> bool:
    """Its standing MELEE names the other; only a ship afloat orders melee (§13.1, §15)."""
    return ship.status == AFLOAT and ship.standing.melee.upper() == other.id.upper()


def corvus_holds(state: GameState, ship: Ship, other: Ship) -> bool:
    """This ship's corvus holds the other (the corvus link it dropped, §11, §13.3)."""
    link = state.link(ship.id, other.id)
    return link is not None and link.kind == CORVUS and link.thrower.upper() == ship.id.upper()


def end_lapsed_orders(state: GameState) -> Played:
    """A standing MELEE ends when its pair is not locked, and a fleeing ship or a prize has
    none (§4, §13.1, §14.3)."""
    events: list[Event] = []
    for ship in state.ships:
        target = ship.standing.melee
        if not target:
            continue
        if ship.status != AFLOAT:
            reason = f"{ship.id} is {ship.status}"
        elif not fronts.locked(state, ship.id, target):
            reason = f"{ship.id} and {target} are no longer locked"
        else:
            continue
        state = state.with_ship(replace(ship, standing=replace(ship.standing, melee="")))
        events.append(event("melee_order_ended", ship=ship.id, target=target, reason=reason))
    return state, tuple(events)


def take_losses(ship: Ship, result: RoundResult) -> tuple[Ship, dict[str, int]]:
    """The enemy's n and k on this ship (§13.3): first min(k, officers) officers, then the rest
    of n by its LOSSES order; losses beyond all three are lost. Every officer removed counts in
    officers_lost and officers_lost_this_turn (the morale list, §14.1)."""
    left = {ARCHERS: ship.archers, SOLDIERS: ship.soldiers, OFFICERS: ship.officers}
    killed = min(result.officer_kills, left[OFFICERS])
    left[OFFICERS] -= killed
    rest = result.casualties - killed
    taken = {ARCHERS: 0, SOLDIERS: 0, OFFICERS: 0}
    for kind in ship.standing.losses:
        taken[kind] = min(rest, left[kind])
        left[kind] -= taken[kind]
        rest -= taken[kind]
    officers = killed + taken[OFFICERS]
    ship = replace(ship, archers=left[ARCHERS], soldiers=left[SOLDIERS], officers=left[OFFICERS],
                   officers_lost=ship.officers_lost + officers,
                   officers_lost_this_turn=ship.officers_lost_this_turn + officers)
    return ship, {"officers_killed": killed, **taken}


def _roll_side(state: GameState, ship: Ship, other: Ship, number: int,
               dice: Dice) -> tuple[RoundResult, list[Event]]:
    """One side's two d100 and its n and k (the first, then the second, §19.2 item 2.2)."""
    first = dice.roll(f"melee {ship.id} first (at {other.id})", D100)
    second = dice.roll(f"melee {ship.id} second (at {other.id})", D100)
    value = melee_value_tenths(ship)
    multiplier = multiplier_hundredths(ship, first, corvus_holds(state, ship, other),
                                       state.options)
    result = casualties(value, multiplier, first, second)
    chance = value * multiplier % 1000 / 10
    events = [
        event("melee_die", ship=ship.id, against=other.id, round=number, die="first",
              roll=first, multiplier=multiplier),
        event("melee_die", ship=ship.id, against=other.id, round=number, die="second",
              roll=second, chance=chance, extra=result.extra),
        event("melee_side", ship=ship.id, against=other.id, round=number, value=value,
              multiplier=multiplier, casualties=result.casualties,
              officer_kills=result.officer_kills),
    ]
    return result, events


def _losses_event(after: Ship, by: str, number: int, taken: dict[str, int]) -> Event:
    return event("melee_losses", ship=after.id, by=by, round=number,
                 officers_killed=taken["officers_killed"], archers=taken[ARCHERS],
                 soldiers=taken[SOLDIERS], officers=taken[OFFICERS],
                 archers_left=after.archers, soldiers_left=after.soldiers,
                 officers_left=after.officers)


def capture(state: GameState, prize_id: str, capturer_id: str) -> Played:
    """§13.4: the prize's archers, soldiers and officers are taken off as prisoners (not
    killed: officers_lost is unchanged); it is `captured`, controlled by the capturer's side,
    takes no orders. Its links with other ships end (§13.4), and so does every grapple line
    of it, the capturer's included (§10.3: a line ends when a ship becomes a prize); only a
    corvus between capturer and prize stays. A corvus that ends is free again. Its fronts are
    forgotten (no pair with it is enemies or locked any more)."""
    prize, capturer = state.require(prize_id), state.require(capturer_id)

    def ends(other: str) -> bool:
        link = state.link(prize.id, other)
        return other.upper() != capturer.id.upper() or (link is not None and link.kind != CORVUS)

    released = tuple(other for other in state.linked_with(prize.id) if ends(other))
    for other in released:
        link = state.link(prize.id, other)
        state = state.without_link(prize.id, other)
        if link is not None and link.kind == CORVUS:
            thrower = state.require(link.thrower)
            state = state.with_ship(replace(thrower, corvus_holds=""))
    prize = state.require(prize.id)
    prisoners = crew(prize)
    state = state.with_ship(replace(
        prize, archers=0, soldiers=0, officers=0, status=CAPTURED, controller=capturer.owner,
        standing=replace(prize.standing, melee="")))
    state = fronts.without_fronts_of(state, prize.id)
    return state, (event("capture", ship=prize.id, by=capturer.id, controller=capturer.owner,
                         prisoners=prisoners, released=released),)


def fight(state: GameState, first_id: str, second_id: str, dice: Dice) -> tuple[GameState,
                                                                               list[Event], bool]:
    """One pair's melee this turn (§13.2-§13.4): rounds until one is decisive, the front moved
    once, a capture at ±4. Returns whether a melee was fought (not when neither has anyone)."""
    events: list[Event] = []
    number = 0
    while True:
        number += 1
        x, y = state.require(first_id), state.require(second_id)
        value = fronts.front(state, x.id, y.id) if fronts.has_front(state, x.id, y.id) else 0
        if crew(x) == 0 and crew(y) == 0:
            events.append(event("melee_none", first=x.id, second=y.id, round=number,
                                reason="neither ship has anyone aboard to fight"))
            return state, events, number > 1
        if not fronts.has_front(state, x.id, y.id):
            state = fronts.with_front(state, x.id, y.id, 0)  # F starts at 0 (§13.2)
        if crew(x) == 0 or crew(y) == 0:
            winner, reason = (y, "no crew") if crew(x) == 0 else (x, "no crew")
        else:
            x_result, more = _roll_side(state, x, y, number, dice)
            events += more
            y_result, more = _roll_side(state, y, x, number, dice)
            events += more
            new_y, taken_y = take_losses(y, x_result)
            new_x, taken_x = take_losses(x, y_result)
            state = state.with_ship(new_x).with_ship(new_y)
            events.append(_losses_event(new_y, x.id, number, taken_y))
            events.append(_losses_event(new_x, y.id, number, taken_x))
            if x_result.casualties == y_result.casualties:
                events.append(event("melee_round", first=x.id, second=y.id, round=number,
                                    winner="", front=value, reason="tie"))
                continue
            winner = x if x_result.casualties > y_result.casualties else y
            reason = "won"
        value += 1 if winner.id == x.id else -1
        state = fronts.with_front(state, x.id, y.id, value)
        events.append(event("melee_round", first=x.id, second=y.id, round=number,
                            winner=winner.id, front=value, reason=reason))
        if abs(value) >= fronts.CAPTURE_AT:
            prize, capturer = (y.id, x.id) if value > 0 else (x.id, y.id)
            state, captured = capture(state, prize, capturer)
            events.extend(captured)
        return state, events, True


def melee_phase(state: GameState, dice: Dice) -> Played:
    """§13: every locked pair a standing MELEE names fights, in `melee_pairs` order (§13.1);
    a later melee sees the losses and captures of an earlier one."""
    state, forgotten = fronts.prune(state)
    state, lapsed = end_lapsed_orders(state)
    events: list[Event] = [*forgotten, *lapsed]
    fought: list[tuple[str, str]] = []
    for first_id, second_id in fronts.locked_pairs(state):
        if not fronts.locked(state, first_id, second_id):
            continue  # an earlier capture ended the lock
        x, y = state.require(first_id), state.require(second_id)
        if not (wants(x, y) or wants(y, x)):
            continue
        state, more, happened = fight(state, x.id, y.id, dice)
        events += more
        if happened:
            fought.append((x.id, y.id))
    meleed = tuple(dict.fromkeys((*state.record.meleed, *(s for pair in fought for s in pair))))
    state = replace(state, record=replace(state.record, meleed=meleed))
    state, lapsed = end_lapsed_orders(state)
    events += lapsed
    events.append(event("fought", pairs=tuple(fought)))
    return state, tuple(events)


def fought_pairs(events: Sequence[Event]) -> tuple[tuple[str, str], ...]:
    """The pairs that fought a melee in a phase's events (for `state.fought_last_turn`)."""
    found: list[tuple[str, str]] = []
    for item in events:
        if item.kind == "fought":
            found += [(a, b) for a, b in item["pairs"]]
    return tuple(found)
