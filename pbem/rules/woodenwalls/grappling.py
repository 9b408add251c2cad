"""The grappling step of a Wooden Walls deck action phase (rulings §12.1–§12.5, §12.2 step 3):
releases, cuts (house rule `ungrapple`), grapples with their harpax dice (plan §11 q. 51), the
corvus drops, in that order; in each the first player's lines first, then the other side's, each
side's in the order written. Link bookkeeping follows §12.1 and plan q. 32: a grapple link keeps
its grapples per thrower in the order thrown, a later throw by either ship adds to it, a cut
removes the latest first, and the link ends at 0.

- `RELEASE`: when both ships release each other their grapple link ends at once.
- `CUT` (a ship in a grapple link with the target, no enemy elements aboard): one seamanship
  test per marine element of its own in its areas facing the target, up to g; each pass removes
  a grapple. A corvus user's `CUT` with a marine of its own in B lifts nothing: the corvus is
  cut loose and lost, without a die. An embedded ram is never cut.
- `GRAPPLE` (§12.3): the first listed ship afloat and enemy, in contact, that this ship won the
  shooting against, neither contact part being a bow or stern, and not the target of this ship's
  embedded ram (q. 29); a d6 per marine element of the grappling area in element order, then the
  harpax d6; each modified 5+ puts a grapple across; the defenders' −1s fall in turn on the die
  then lowest still succeeding.
- `CORVUS` (§12.5): the user's contact part a bow quarter or shoulder; a d6 fails on 5–6 after
  its modifiers; after a failure in deck action phase p no new try before p + 2 (q. 50).

Standing-off and fleeing ships neither grapple nor drop a corvus (§15.5, q. 33); they may cut and
release. A seamanship test and a corvus drop reveal the ship's quality (§16): `revealed` is set
before the event. The current deck action phase's number (over the game) is
`state.round.deck_phases` (`deckphase.play` counts the phase as it opens), at least 1 (a step
played alone, as in a rules case, before any phase was counted).

Events: `grapple` (ship, target, area, dice, totals, harpax, defenders, grapples, count),
`cut` (ship, target, how "cut" | "release" | "corvus", dice, passed, removed, count, ended),
`corvus` (ship, target, die, modifier, total, success), `failed` (line, order, reason).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.table import PartKind
from pbem.rules.woodenwalls.deckfight import enemies_aboard
from pbem.rules.woodenwalls.elements import area_elements
from pbem.rules.woodenwalls.orders import Corvus, Cut, Grapple, Reading, Release
from pbem.rules.woodenwalls.seamanship import FR, POOR, seamanship_test
from pbem.rules.woodenwalls.shipgeom import area_faces, in_contact, lying_contact_parts
from pbem.rules.woodenwalls.shiptypes import ENGINE, MARINES
from pbem.rules.woodenwalls.state import (
    CORVUS,
    FLEEING,
    GRAPPLE,
    RAM,
    STANDING_OFF,
    STIFF,
    STRONG,
    GameState,
    Link,
    Ship,
)

Played = tuple[GameState, tuple[Event, ...]]

GRAPPLE_SUCCEEDS = 5  # a modified 5+ puts a grapple across (§12.3)
HEIGHT_MODIFIER = 2
STRONG_WIND_MODIFIER = -1
HARPAX_MODIFIER = 3
CORVUS_FAILS = 5  # a modified 5 or 6 fails (§12.5)
CORVUS_WIND = {STIFF: 1, STRONG: 2}
CORVUS_CREW = {FR: -1, POOR: 1}
CORVUS_RETRY = 2  # a failure in phase p allows a try again in p + 2 (q. 50)
_ENDS = frozenset({PartKind.BOW, PartKind.STERN})
_CORVUS_PARTS = frozenset({PartKind.BOW_QUARTER, PartKind.SHOULDER})


# ---------------------------------------------------------------- lines and sides


def written_by(state: GameState, line: Reading) -> str:
    """The side whose orders in force hold the line (the same object first, then an equal
    line); "" when none does."""
    for orders in state.orders:
        if any(kept is line for kept in orders.deck):
            return orders.side
    for orders in state.orders:
        if line in orders.deck:
            return orders.side
    return ""


def line_side(state: GameState, line: Reading) -> str:
    """The side that wrote a deck line: `written_by`, else the controller of the line's ship."""
    side = written_by(state, line)
    if side:
        return side
    ship = state.ship(line.ship)
    return ship.owner if ship is not None else ""


def in_turn(state: GameState, lines: Sequence[Reading], first_player: str,
            kinds: tuple[type, ...]) -> tuple[tuple[str, Reading], ...]:
    """The lines of the given order kinds with their sides: the first player's side's in the
    order written, then the other sides' (scenario order), each in the order written."""
    chosen = [(line_side(state, line), line) for line in lines if isinstance(line.order, kinds)]
    sides = [first_player, *(side for side in state.sides if side != first_player)]
    rank = {side: number for number, side in enumerate(sides)}
    return tuple(sorted(chosen, key=lambda pair: rank.get(pair[0], len(rank))))


def failed(line: Reading, reason: str) -> Event:
    """A line that fails at resolution (§17): reported with the reason; nothing changes."""
    return event("failed", ship=line.ship, line=line.key, order=line.order.notation(), reason=reason)


def _revealed(state: GameState, ship: Ship) -> tuple[GameState, Ship]:
    shown = ship if ship.revealed else replace(ship, revealed=True)
    return state.with_ship(shown), shown


def _facing(ship: Ship, area: str, other: Ship) -> bool:
    """Whether the ship's area faces any area of the other (§3)."""
    return any(area_faces(ship.row, ship.pose, area, other.row, other.pose, far) for far in other.areas)


def _marines(state: GameState, ship: Ship, area: str) -> int:
    return len(area_elements(ship, area, state.ship_order, side=ship.owner, kind=MARINES))


# ---------------------------------------------------------------- releases (§12.4)


def _releases(state: GameState, lines: Sequence[tuple[str, Reading]]) -> Played:
    wanted = {(line.ship.upper(), line.order.target.upper()) for _, line in lines
              if isinstance(line.order, Release)}
    ended: set[frozenset[str]] = set()
    events: list[Event] = []
    for _, line in lines:
        assert isinstance(line.order, Release)
        ship, target = line.ship.upper(), line.order.target.upper()
        pair = frozenset({ship, target})
        if pair in ended:
            continue
        link = state.link(ship, target, GRAPPLE)
        if link is None:
            events.append(failed(line, f"{line.ship} has no grapple link with {line.order.target}"))
        elif (target, ship) not in wanted:
            events.append(failed(line, f"{line.order.target} does not release {line.ship}: the link "
                                       f"ends only when both release each other"))
        else:
            ended.add(pair)
            state = state.without_link(link)
            events.append(event("cut", ship=link.a, target=link.b, how="release", dice=(), passed=(),
                                removed=link.count, count=0, ended=True))
    return state, tuple(events)


# ---------------------------------------------------------------- cuts (§12.4, `ungrapple`)


def _cut(state: GameState, line: Reading, dice: Dice) -> Played:
    assert isinstance(line.order, Cut)
    ship, target = state.ship(line.ship), state.ship(line.order.target)
    if ship is None or target is None or not ship.afloat:
        return state, (failed(line, f"{line.ship} cannot cut: it or {line.order.target} is not afloat "
                                    f"in the game"),)
    link = state.link(ship.id, target.id, GRAPPLE)
    if link is not None:
        return _cut_grapples(state, line, ship, target, link, dice)
    corvus = next((kept for kept in state.links if kept.kind == CORVUS and kept.a.upper() == ship.id.upper()
                   and kept.b.upper() == target.id.upper()), None)
    if corvus is not None:
        if not area_elements(ship, "B", state.ship_order, side=ship.owner, kind=MARINES):
            return state, (failed(line, f"{ship.id} has no marines of its own in B to cut its corvus"),)
        state = state.without_link(corvus).with_ship(replace(ship, corvus=False))
        return state, (event("cut", ship=ship.id, target=target.id, how="corvus", dice=(), passed=(),
                             removed=0, count=0, ended=True),)
    if state.link(ship.id, target.id, RAM) is not None:
        return state, (failed(line, "an embedded ram ends only by the disengage test (BREAK)"),)
    return state, (failed(line, f"{ship.id} has no grapple link with {target.id} (nor its corvus on it)"),)


def _cut_grapples(state: GameState, line: Reading, ship: Ship, target: Ship, link: Link,
                  dice: Dice) -> Played:
    if enemies_aboard(ship, ship.owner):
        return state, (failed(line, f"{ship.id} has enemy elements aboard and cannot cut"),)
    facing = sum(_marines(state, ship, area) for area in ship.areas if _facing(ship, area, target))
    tests = min(facing, link.count)
    if tests == 0:
        return state, (failed(line, f"{ship.id} has no marines of its own in areas facing {target.id}"),)
    state, ship = _revealed(state, ship)
    found = [seamanship_test(dice, ship.id, ship.quality, f"cut {ship.id} {number}",
                             naturals=state.options.naturals) for number in range(1, tests + 1)]
    removed = sum(1 for test in found if test.passed)
    throws = link.throws[:link.count - removed]
    if throws:
        state = state.with_link(replace(link, throws=throws), replacing=link)
    else:
        state = state.without_link(link)
    return state, (event("cut", ship=ship.id, target=target.id, how="cut",
                         dice=tuple(test.die for test in found),
                         passed=tuple(test.passed for test in found), removed=removed,
                         count=len(throws), ended=not throws),)


# ---------------------------------------------------------------- grapples (§12.3)


def _why_not_target(state: GameState, ship: Ship, name: str) -> str:
    """"" when the named ship may be grappled by `ship` now, else why not."""
    target = state.ship(name)
    if target is None or not target.afloat:
        return f"{name} is not afloat in the game"
    if target.owner == ship.owner:
        return f"{target.id} is not an enemy ship"
    if not in_contact(ship.row, ship.pose, target.row, target.pose):
        return f"{target.id} is not in contact"
    if not state.round.won_by(ship.id, target.id):
        return f"{ship.id} did not win the shooting against {target.id}"
    if any(link.kind == RAM and link.a.upper() == ship.id.upper() and link.joins(target.id)
           for link in state.links):
        return f"{ship.id}'s ram is embedded in {target.id}: it attacks through the ram link"
    try:
        parts = lying_contact_parts(ship.row, ship.pose, target.row, target.pose)
    except ValueError:
        return f"{target.id} is not in contact"
    if parts.mover.kind in _ENDS or parts.obstacle.kind in _ENDS:
        return "a contact part is a bow or a stern"
    return ""


def grappling_area(state: GameState, ship: Ship, target: Ship) -> str | None:
    """Of the ship's areas facing an area of the target, the one with most marines of its own,
    the first in B, M, S, T1, T2 on a tie (§12.3); None when none faces (q. 2)."""
    best: str | None = None
    most = -1
    for area in ship.areas:
        if _facing(ship, area, target):
            marines = _marines(state, ship, area)
            if marines > most:
                best, most = area, marines
    return best


def defenders(state: GameState, target: Ship, ship: Ship, area: str) -> int:
    """The target's own marine elements in its areas facing the grappling area (§12.3)."""
    return sum(_marines(state, target, far) for far in target.areas
               if area_faces(target.row, target.pose, far, ship.row, ship.pose, area))


def grapple_modifier(state: GameState, ship: Ship, target: Ship) -> int:
    """+2 higher ship, −2 lower (ship heights), −1 in a strong wind (§12.3)."""
    height = ship.row.height - target.row.height
    total = (height > 0) * HEIGHT_MODIFIER - (height < 0) * HEIGHT_MODIFIER
    return total + (STRONG_WIND_MODIFIER if state.wind.strength == STRONG else 0)


def defended(totals: Sequence[int], minus: int) -> tuple[int, ...]:
    """The totals after the defenders' −1s: each in turn on the die then lowest still succeeding
    (the earlier die on a tie); once none succeeds the rest are lost (§12.3)."""
    found = list(totals)
    for _ in range(minus):
        succeeding = [number for number, total in enumerate(found) if total >= GRAPPLE_SUCCEEDS]
        if not succeeding:
            break
        lowest = min(succeeding, key=lambda number: (found[number], number))
        found[lowest] -= 1
    return tuple(found)


def _grapple(state: GameState, line: Reading, dice: Dice) -> Played:
    order = line.order
    assert isinstance(order, Grapple)
    ship = state.ship(line.ship)
    if ship is None or not ship.afloat:
        return state, (failed(line, f"{line.ship} is not afloat"),)
    if ship.flag in (STANDING_OFF, FLEEING):
        return state, (failed(line, f"{ship.id} is {ship.flag.replace('_', ' ')} and may not grapple"),)
    if not ship.grapnels:
        return state, (failed(line, f"{ship.id} has no grapnels"),)
    reasons = [(name, _why_not_target(state, ship, name)) for name in order.targets]
    chosen = next((name for name, reason in reasons if not reason), None)
    if chosen is None:
        return state, (failed(line, "no eligible target: " + "; ".join(reason for _, reason in reasons)),)
    target = state.require(chosen)
    area = grappling_area(state, ship, target)
    if area is None:
        return state, (failed(line, f"no area of {ship.id} faces an area of {target.id}"),)
    marines = _marines(state, ship, area)
    harpax = order.harpax and ship.harpax and any(element.kind == ENGINE and element.side == ship.owner
                                                   for element in ship.elements)
    if marines == 0 and not harpax:
        return state, (failed(line, f"{ship.id} has no marines in {area}, its grappling area"),)
    modifier = grapple_modifier(state, ship, target)
    rolled = [dice.roll(f"grapple {ship.id} {number}") for number in range(1, marines + 1)]
    totals = [die + modifier for die in rolled]
    if harpax:
        rolled.append(dice.roll(f"harpax {ship.id}"))
        totals.append(rolled[-1] + modifier + HARPAX_MODIFIER)
    minus = defenders(state, target, ship, area)
    final = defended(totals, minus)
    grapples = sum(1 for total in final if total >= GRAPPLE_SUCCEEDS)
    count = 0
    if grapples:
        link = state.link(ship.id, target.id, GRAPPLE)
        added = (ship.id,) * grapples
        if link is None:
            made = Link(GRAPPLE, ship.id, target.id, added)
            state = state.with_link(made)
        else:
            made = replace(link, throws=(*link.throws, *added))
            state = state.with_link(made, replacing=link)
        count = made.count
    else:
        existing = state.link(ship.id, target.id, GRAPPLE)
        count = 0 if existing is None else existing.count
    return state, (event("grapple", ship=ship.id, target=target.id, area=area, dice=tuple(rolled),
                         totals=final, harpax=harpax, defenders=minus, grapples=grapples, count=count),)


# ---------------------------------------------------------------- the corvus (§12.5)


def corvus_modifier(state: GameState, ship: Ship) -> int:
    """+1 stiff wind, +2 strong, −1 First Rate, +1 Poor (§12.5)."""
    return CORVUS_WIND.get(state.wind.strength, 0) + CORVUS_CREW.get(ship.quality, 0)


def _why_no_corvus(state: GameState, ship: Ship, name: str, phase: int) -> str:
    if not ship.corvus:
        return f"{ship.id} has no corvus"
    if ship.flag in (STANDING_OFF, FLEEING):
        return f"{ship.id} is {ship.flag.replace('_', ' ')} and may not drop its corvus"
    if any(link.kind == CORVUS and link.a.upper() == ship.id.upper() for link in state.links):
        return f"{ship.id}'s corvus is already down"
    if ship.corvus_failed and phase < ship.corvus_failed + CORVUS_RETRY:
        return (f"{ship.id}'s corvus failed in deck action phase {ship.corvus_failed}: no new try "
                f"until one more has passed")
    target = state.ship(name)
    if target is None or not target.afloat:
        return f"{name} is not afloat in the game"
    if target.owner == ship.owner:
        return f"{target.id} is not an enemy ship"
    if not in_contact(ship.row, ship.pose, target.row, target.pose):
        return f"{target.id} is not in contact"
    try:
        part = lying_contact_parts(ship.row, ship.pose, target.row, target.pose).mover
    except ValueError:
        return f"{target.id} is not in contact"
    if part.kind not in _CORVUS_PARTS:
        return f"{ship.id}'s contact part is its {part.name}, not a bow quarter or shoulder"
    return ""


def _corvus(state: GameState, line: Reading, dice: Dice) -> Played:
    assert isinstance(line.order, Corvus)
    ship = state.ship(line.ship)
    if ship is None or not ship.afloat:
        return state, (failed(line, f"{line.ship} is not afloat"),)
    phase = max(1, state.round.deck_phases)
    reason = _why_no_corvus(state, ship, line.order.target, phase)
    if reason:
        return state, (failed(line, reason),)
    target = state.require(line.order.target)
    state, ship = _revealed(state, ship)
    modifier = corvus_modifier(state, ship)
    die = dice.roll(f"corvus {ship.id}")
    success = die + modifier < CORVUS_FAILS
    if success:
        state = state.with_link(Link(CORVUS, ship.id, target.id))
    else:
        state = state.with_ship(replace(ship, corvus_failed=phase))
    return state, (event("corvus", ship=ship.id, target=target.id, die=die, modifier=modifier,
                         total=die + modifier, success=success),)


# ---------------------------------------------------------------- the step (§12.2 (3))


def grappling_step(state: GameState, lines: Sequence[Reading], first_player: str, dice: Dice) -> Played:
    """The grappling step: releases, cuts, grapples (with their harpax dice), corvus drops, each
    the first player's lines first (§12.2, §23 block 4). Other lines are passed over."""
    events: list[Event] = []
    state, found = _releases(state, in_turn(state, lines, first_player, (Release,)))
    events.extend(found)
    for kind, carry in ((Cut, _cut), (Grapple, _grapple), (Corvus, _corvus)):
        for _, line in in_turn(state, lines, first_player, (kind,)):
            state, found = carry(state, line, dice)
            events.extend(found)
    return state, tuple(events)
