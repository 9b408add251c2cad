"""Which enemy pairs are locked for melee (rulings §13.1) and their fronts over the four areas
(§13.2): who holds whose areas, bulwark control (what line cutting needs, §10.3) and the areas
of a ship held by enemies (the morale modifier of §14.2).

A pair (X, Y), X listed first in the scenario, keeps a front F from −4 to +4 in
`state.fronts`: F > 0 is how many of Y's areas X holds (Y's bulwark first), F < 0 how many of
X's areas Y holds. A front counts only while its pair is locked; a pair that is no longer locked
has forgotten its front (`prune` drops it from the state).

Event (from `prune`), one line:

- `front_forgotten`: first, second, value (the front the pair had when it stopped being locked).
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import Event, event
from pbem.rules.speedband.state import Front, GameState, Ship
from pbem.rules.table import footprint_distance, within

# The four areas of a ship, in the order they are taken (§13.2, text 7).
BULWARK, FIRST_DECK, SECOND_DECK, BELOW_DECK = (
    "bulwark", "first half of deck", "second half of deck", "below deck")
AREAS = (BULWARK, FIRST_DECK, SECOND_DECK, BELOW_DECK)
CAPTURE_AT = len(AREAS)  # F = ±4 takes the last area: the ship is captured (§13.4)

# Why a pair is locked (§13.1).
BY_LINE, BY_CORVUS, BY_RAM, BY_CONTACT = "line", "corvus", "ram", "contact"


def _fighting(ship: Ship | None) -> bool:
    """On the table and no prize: it can be in a locked pair (a fleeing ship too, §15)."""
    return ship is not None and ship.active


def in_order(state: GameState, first: str, second: str) -> tuple[str, str]:
    """The pair with its first-listed ship first (the front's orientation, §13.2)."""
    a, b = state.require(first).id, state.require(second).id
    return (a, b) if state.order_of(a) < state.order_of(b) else (b, a)


def _named(pairs: tuple[tuple[str, str], ...], a: str, b: str) -> bool:
    wanted = {a.upper(), b.upper()}
    return any({x.upper(), y.upper()} == wanted for x, y in pairs)


def in_contact(state: GameState, first: Ship, second: Ship) -> bool:
    """Footprints within the contact tolerance c (G1, G5, G6)."""
    gap = footprint_distance(first.polygon, second.polygon, state.epsilon)
    return within(gap, state.options.contact_tolerance, state.epsilon)


def locked_by(state: GameState, first: str, second: str) -> str:
    """Why two ships are locked (§13.1): "line" or "corvus" (linked), "ram" (ram-locked this
    turn, `state.record.ram_locked`), "contact" (within c and fought each other last turn,
    `state.fought_last_turn`); "" when they are not locked. Both must be enemies on the table
    and neither a prize."""
    a, b = state.ship(first), state.ship(second)
    if a is None or b is None or a.id == b.id or not (_fighting(a) and _fighting(b)):
        return ""
    if not state.enemies(a, b):
        return ""
    link = state.link(a.id, b.id)
    if link is not None:
        return link.kind
    if _named(state.record.ram_locked, a.id, b.id):
        return BY_RAM
    if _named(state.fought_last_turn, a.id, b.id) and in_contact(state, a, b):
        return BY_CONTACT
    return ""


def locked(state: GameState, first: str, second: str) -> bool:
    return locked_by(state, first, second) != ""


def locked_pairs(state: GameState) -> tuple[tuple[str, str], ...]:
    """Every locked pair, each first-listed ship first, in scenario order of the first ship,
    then of the other (the order pairs fight in, `melee_pairs`)."""
    # A pair is locked only by a link, a ram this turn or last turn's melee (locked_by), so
    # only the pairs named there are asked about.
    named = [(link.first, link.second) for link in state.links]
    named += [*state.record.ram_locked, *state.fought_last_turn]
    places: set[tuple[int, int]] = set()
    for first, second in named:
        a, b = state.ship(first), state.ship(second)
        if a is not None and b is not None and a.id != b.id:
            i, j = state.order_of(a.id), state.order_of(b.id)
            places.add((min(i, j), max(i, j)))
    ships = state.ships
    return tuple((ships[i].id, ships[j].id) for i, j in sorted(places)
                 if locked(state, ships[i].id, ships[j].id))


def front(state: GameState, ship_id: str, other_id: str) -> int:
    """The front of a locked pair as seen from `ship_id` (> 0: it holds that many of the
    other's areas); 0 when the pair has none or is not locked."""
    if not locked(state, ship_id, other_id):
        return 0
    return state.front(state.require(ship_id).id, state.require(other_id).id)


def areas_held(state: GameState, holder: str, other: str) -> int:
    """How many of `other`'s areas `holder` holds (0-4)."""
    return max(0, front(state, holder, other))


def held_areas(state: GameState, holder: str, other: str) -> tuple[str, ...]:
    """The names of `other`'s areas that `holder` holds, bulwark first."""
    return AREAS[:areas_held(state, holder, other)]


def _fronts_of(state: GameState, ship_id: str) -> tuple[tuple[str, int], ...]:
    """(other ship, front seen from this ship) for every front of this ship's locked pairs."""
    me = state.require(ship_id).id
    found = []
    for kept in state.fronts:
        if me.upper() not in (kept.first.upper(), kept.second.upper()):
            continue
        other = kept.second if kept.first.upper() == me.upper() else kept.first
        if locked(state, me, other):
            found.append((other, state.front(me, other)))
    return tuple(found)


def areas_held_by_enemies(state: GameState, ship_id: str) -> int:
    """The areas of this ship that enemies hold, summed over all its locked pairs (§14.2)."""
    return sum(max(0, -value) for _, value in _fronts_of(state, ship_id))


def holds_own_bulwark(state: GameState, ship_id: str) -> bool:
    """It controls its own bulwark: no enemy holds it in any of its pairs (§13.2, §10.3)."""
    return areas_held_by_enemies(state, ship_id) == 0


def holds_both_bulwarks(state: GameState, ship_id: str, other_id: str) -> bool:
    """It controls its own bulwark (in every pair) and `other_id`'s (their front ≥ 1): a line
    between them is cut with no die (§10.3)."""
    return holds_own_bulwark(state, ship_id) and front(state, ship_id, other_id) >= 1


# --- changing fronts (the melee phase's)

def with_front(state: GameState, first: str, second: str, value: int) -> GameState:
    """The pair's front set to `value` as seen from `first` (kept in scenario orientation)."""
    a, b = in_order(state, first, second)
    oriented = value if a == state.require(first).id else -value
    kept = tuple(f for f in state.fronts if not _same(f, a, b))
    return replace(state, fronts=(*kept, Front(a, b, oriented)))


def has_front(state: GameState, first: str, second: str) -> bool:
    return any(_same(f, first, second) for f in state.fronts)


def _same(kept: Front, a: str, b: str) -> bool:
    return {kept.first.upper(), kept.second.upper()} == {a.upper(), b.upper()}


def without_fronts_of(state: GameState, ship_id: str) -> GameState:
    """Every front of this ship forgotten (it was captured, sank or left)."""
    me = ship_id.upper()
    return replace(state, fronts=tuple(f for f in state.fronts
                                       if me not in (f.first.upper(), f.second.upper())))


def prune(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """Forget the front of every pair that is no longer locked (§13.2: "the melee ends")."""
    kept: list[Front] = []
    events: list[Event] = []
    for item in state.fronts:
        if locked(state, item.first, item.second):
            kept.append(item)
        else:
            events.append(event("front_forgotten", first=item.first, second=item.second,
                                value=item.value))
    if not events:
        return state, ()
    return replace(state, fronts=tuple(kept)), tuple(events)
