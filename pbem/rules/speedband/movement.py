"""Moving one ship along a path (rulings §6.2–§6.4, §7.1, §7.4, §10.1, §14.3; G10–G18): straight
steps swept against every other ship on the table and the edge with the reach events of pending
grapples (G15: grapple events before contacts at equal t, scenario order), the ram carried
through (no grapple between the rammer and its target until the ram is resolved), the ram attempt
on an `F` step, blocking, the failed rammer's pass (G16), pivots with the overlap and edge check
(G17), the aim step `A` (G18), grapples after a turn, and a fleeing ship leaving the table.

The rules of each moment are called, not written here: `ramming.resolve_ram` (the roll, damage,
shear), `grappling.pending` and `grappling.try_grapples` (§10.1, §10.2, response cuts).

"Every other ship" is screened first (`others_near`, GameState.ships_near): a ship surely too far
to touch the mover or come within 1" of it in this step or pivot is left out of the lists, which
changes nothing but the time (issue 21).

Events emitted here (one line each):
- `move`: ship, part ("path", "avoid 1", "avoid 2"), path (as written), start_x start_y
  start_heading, end_x end_y end_heading (full precision), stopped ("" when the whole path was
  moved; "blocked", "edge", "grappled", "rammed", "fled", "void"), by (the ship that stopped it, "")
- `blocked`: ship, by (a ship id, or "edge"), x, y, heading — where a contact or the edge stopped it
- `fled`: ship, x, y — a fleeing ship left the table (§6.2, §6.3); its links and fronts end
- `ram_no_contact`: ship, target — the path ended without touching the target (§7.4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.speedband import grappling, ramming
from pbem.rules.speedband.bands import moving_row
from pbem.rules.speedband.orders import AIM, BACKWARD, FORWARD, PORT, Grapple, Step, path_notation
from pbem.rules.speedband.relocate import relocated
from pbem.rules.speedband.state import FLED, FLEEING, GameState, Ship
from pbem.rules.table import (
    Contact,
    EdgeReached,
    Polygon,
    Pose,
    Reach,
    ahead,
    aim_step,
    beyond,
    check_pivot,
    footprint_distance,
    impact_point,
    pass_after_contact,
    pivot,
    reach_step_events,
    within,
)

GRAPPLE_REACH = 1.0  # §10.1: a try is made the first moment the pair is within 1"
SCREEN_MARGIN = 1.0  # inches beyond every tolerance: ships farther give a step no event

# Why a path stopped (the `stopped` field of a move event).
DONE, BLOCKED, EDGE, GRAPPLED, RAMMED, FLED_OFF, VOID = (
    "", "blocked", "edge", "grappled", "rammed", "fled", "void")


@dataclass(frozen=True)
class Ram:
    """A ram carried along a path: the target, the target's reaction as it came into play
    ("ignore", "shear" or "avoid"), the shear side of the RAM clause ("" for the default) and the
    approach zone (§1.1, from where both stood when the turn began)."""

    target: str
    reaction: str
    shear_side: str = ""
    approach_zone: str = ""


@dataclass(frozen=True)
class Moved:
    """A path moved: the state after it, its events, why it stopped (DONE when it ran to the
    end) and the ship that stopped it ("" for none or the edge)."""

    state: GameState
    events: tuple[Event, ...]
    stopped: str = DONE
    by: str = ""

    @property
    def ended_early(self) -> bool:
        return self.stopped != DONE


@dataclass(frozen=True)
class Rules:
    """What a path needs to know beyond the state: the grapple wishes of the turn, the ram it
    carries (None), and the ship it must not grapple while the ram or an avoidance is under way
    (`no_grapple_with`, "" for none)."""

    wishes: Mapping[str, Grapple]
    ram: Ram | None = None
    no_grapple_with: str = ""


def placed(ship: Ship, pose: Pose) -> Ship:
    # replace(ship, x=..., y=..., heading=...), made faster: a ship is placed at every step.
    return relocated(ship, pose.centre.x, pose.centre.y, round(pose.heading) % 360)


def others_of(state: GameState, ship_id: str) -> tuple[Ship, ...]:
    """Every other ship on the table (any status but sunk and fled), in scenario order (§6.2)."""
    return tuple(ship for ship in state.ships
                 if ship.on_table and ship.id.upper() != ship_id.upper())


def others_near(state: GameState, ship_id: str, reach: float,
                also: str = "") -> tuple[Ship, ...]:
    """others_of less the ships whose footprints are surely more than `reach` from the ship's
    (a quick screen, GameState.ships_near), `also` kept whatever its distance; scenario order."""
    near = [other for other in state.ships_near(state.require(ship_id), reach) if other.on_table]
    kept = state.ship(also) if also else None
    if (kept is None or not kept.on_table or kept.id.upper() == ship_id.upper()
            or any(other.id == kept.id for other in near)):
        return tuple(near)
    return tuple(sorted((*near, kept), key=lambda other: state.order_of(other.id)))


def ram_open(state: GameState, ship_id: str, rules: Rules) -> bool:
    """The ram is announced and not yet attempted, and its target is still afloat or fleeing."""
    if rules.ram is None or state.require(ship_id).ram_attempted:
        return False
    target = state.ship(rules.ram.target)
    return target is not None and target.active


def barred(state: GameState, ship_id: str, other: str, rules: Rules) -> bool:
    """No grapple is tried between the rammer and its target until the ram is resolved, nor
    between an avoiding ship and its rammer (§6.2 reading)."""
    if rules.no_grapple_with and other.upper() == rules.no_grapple_with.upper():
        return True
    return (rules.ram is not None and other.upper() == rules.ram.target.upper()
            and ram_open(state, ship_id, rules))


def may_grapple(state: GameState, ship_id: str, other: str, rules: Rules) -> bool:
    """A try is pending between the pair, either way (§10.1), and is not barred."""
    if barred(state, ship_id, other, rules):
        return False
    return (grappling.pending(state, rules.wishes, ship_id, other)
            or grappling.pending(state, rules.wishes, other, ship_id))


def _has_wishes(rules: Rules) -> bool:
    # Without any grapple list on the table there is nothing to ask grappling about.
    return bool(rules.wishes)


def grapples_within(state: GameState, ship_id: str, rules: Rules,
                    dice: Dice) -> tuple[GameState, tuple[Event, ...], bool]:
    """Pending tries with every ship now within 1", in scenario order of the other ship (§6.1
    step 2, §6.3, the deferred tries of §6.2). Returns whether the ship is now held."""
    if not _has_wishes(rules):
        return state, (), False
    mover = state.require(ship_id)
    # The cheap tests first; the screen leaves out only ships surely beyond 1".
    near = [other.id for other in others_near(state, ship_id, GRAPPLE_REACH + state.epsilon)
            if may_grapple(state, ship_id, other.id, rules)
            and within(footprint_distance(mover.polygon, other.polygon, state.epsilon),
                       GRAPPLE_REACH, state.epsilon)]
    if not near:
        return state, (), False
    return grappling.try_grapples(state, rules.wishes, ship_id, near, dice)


def _blocked(state: GameState, ship_id: str, by: str) -> Event:
    ship = state.require(ship_id)
    return event("blocked", ship=ship_id, by=by, x=ship.x, y=ship.y, heading=ship.heading)


def _leave(state: GameState, ship_id: str) -> tuple[GameState, Event]:
    """A fleeing ship leaves the table (status fled); its links end (§6.2, §10.3)."""
    ship = state.require(ship_id)
    state = state.with_ship(replace(ship, status=FLED, corvus_holds="")).released(ship_id)
    for other in state.ships:
        if other.corvus_holds.upper() == ship_id.upper():
            state = state.with_ship(replace(other, corvus_holds=""))
    fronts = tuple(front for front in state.fronts if ship.id not in (front.first, front.second))
    return replace(state, fronts=fronts), event("fled", ship=ship_id, x=ship.x, y=ship.y)


def _at_edge(state: GameState, ship_id: str, events: list[Event]) -> Moved:
    if state.require(ship_id).status == FLEEING:
        state, left = _leave(state, ship_id)
        return Moved(state, (*events, left), FLED_OFF)
    return Moved(state, (*events, _blocked(state, ship_id, EDGE)), EDGE)


def straight(state: GameState, ship_id: str, step: Step, rules: Rules, dice: Dice) -> Moved:
    """One straight step (§6.2): its reach events, contacts and the edge in G15's order; the ram
    attempt, the deferred tries and the pass (G16) after a failed ram."""
    ship = state.require(ship_id)
    footprint = ship.row.footprint
    motion = -ahead(ship.heading) if step.kind == BACKWARD else ahead(ship.heading)
    length = step.amount / 10
    epsilon, contact = state.epsilon, state.options.contact_tolerance
    # Only ships the step could touch or bring within 1" (the ram target always): the others
    # give no event, and every index below is into this list, in scenario order.
    others = others_near(state, ship_id, length + GRAPPLE_REACH + SCREEN_MARGIN,
                         rules.ram.target if rules.ram is not None else "")
    polygons: tuple[Polygon, ...] = tuple(other.polygon for other in others)
    index = {other.id.upper(): i for i, other in enumerate(others)}
    target_index = index.get(rules.ram.target.upper()) if rules.ram is not None else None
    ram_allowed = (step.kind == FORWARD and target_index is not None
                   and beyond(footprint_distance(ship.polygon, polygons[target_index], epsilon),
                              contact, epsilon))
    events: list[Event] = []
    travelled = 0.0
    ignored: frozenset[int] = frozenset()
    tried: set[int] = set()
    while True:
        pose = state.require(ship_id).pose
        pending = [i for i, other in enumerate(others) if i not in tried
                   and _has_wishes(rules)
                   and may_grapple(state, ship_id, other.id, rules)]
        found = reach_step_events(footprint, pose, motion, max(0.0, length - travelled), polygons,
                                  state.table, epsilon, pending, GRAPPLE_REACH, ignored)
        reaches = [found_event for found_event in found.events if isinstance(found_event, Reach)]
        while reaches:
            moment = [r for r in reaches if r.t <= reaches[0].t + epsilon]
            reaches = reaches[len(moment):]
            state = state.with_ship(placed(state.require(ship_id), moment[0].pose))
            tried.update(r.other for r in moment)
            names = [others[r.other].id for r in moment
                     if may_grapple(state, ship_id, others[r.other].id, rules)]
            if not names:
                continue
            state, tries, held = grappling.try_grapples(state, rules.wishes, ship_id, names, dice)
            events.extend(tries)
            if held:
                return Moved(state, tuple(events), GRAPPLED, names[0])
        state = state.with_ship(placed(state.require(ship_id), found.end))
        contacts = [e.other for e in found.events if isinstance(e, Contact)]
        edge = any(isinstance(e, EdgeReached) for e in found.events)
        if not contacts and not edge:
            return Moved(state, tuple(events))
        if (ram_allowed and target_index in contacts and ram_open(state, ship_id, rules)
                and rules.ram is not None):
            target = rules.ram.target
            mover = state.require(ship_id)
            impact = impact_point(mover.polygon, state.require(target).polygon, epsilon)
            state, rolled, success = ramming.resolve_ram(
                state, ship_id, target, impact, dice, reaction=rules.ram.reaction,
                shear_side=rules.ram.shear_side, approach_zone=rules.ram.approach_zone or None)
            events.extend(rolled)
            state, tries, held = _deferred(state, ship_id, target, rules, dice)
            events.extend(tries)
            if success:
                return Moved(state, tuple(events), RAMMED, target)
            if held:
                return Moved(state, tuple(events), GRAPPLED, target)
            rest = [i for i in contacts if i != target_index]
            if rest:
                by = others[rest[0]].id
                return Moved(state, (*events, _blocked(state, ship_id, by)), BLOCKED, by)
            if edge:
                return _at_edge(state, ship_id, events)
            travelled += found.travel
            assert target_index is not None
            passed = pass_after_contact(footprint, state.require(ship_id).pose, motion,
                                        length - travelled, polygons, target_index, state.table,
                                        epsilon, ignored)
            if passed is None:
                return Moved(state, (*events, _blocked(state, ship_id, target)), BLOCKED, target)
            ignored = ignored | {target_index}
            continue
        if contacts:
            by = others[contacts[0]].id
            return Moved(state, (*events, _blocked(state, ship_id, by)), BLOCKED, by)
        return _at_edge(state, ship_id, events)


def _deferred(state: GameState, ship_id: str, target: str, rules: Rules,
              dice: Dice) -> tuple[GameState, tuple[Event, ...], bool]:
    """The tries between rammer and target held back while the ram was open (§6.2), made now if
    they are within 1"."""
    if not _has_wishes(rules) or not state.require(ship_id).on_table:
        return state, (), False
    other = state.ship(target)
    if other is None or not other.on_table:
        return state, (), False
    mover = state.require(ship_id)
    if not within(footprint_distance(mover.polygon, other.polygon, state.epsilon), GRAPPLE_REACH,
                  state.epsilon):
        return state, (), False
    if not may_grapple(state, ship_id, target, replace(rules, ram=None)):
        return state, (), False
    return grappling.try_grapples(state, rules.wishes, ship_id, [target], dice)


def turn(state: GameState, ship_id: str, step: Step, rules: Rules, dice: Dice) -> Moved:
    """One turn (§6.3): a pivot about the centre if the footprint at the new heading is on the
    table and overlaps no other ship, else blocked (a fleeing ship off the edge leaves); `A` turns
    towards the ram target (G18) or 0° once the ram has lapsed; then pending grapples within 1"."""
    ship = state.require(ship_id)
    others = others_near(state, ship_id, SCREEN_MARGIN)  # a pivot stays within its diagonal
    polygons = tuple(other.polygon for other in others)
    if step.kind == AIM:
        target = state.ship(rules.ram.target) if rules.ram is not None else None
        if target is None or not target.active:
            return Moved(state, ())
        aimed = aim_step(ship.row.footprint, ship.pose, target.pose.centre,
                         moving_row(ship, state.options).turn_angle, polygons, state.table,
                         state.epsilon)
        after, check = aimed.after, aimed.check
    else:
        alpha = -step.amount if step.kind == PORT else step.amount
        after = pivot(ship.pose, alpha)
        check = check_pivot(ship.row.footprint, after, polygons, state.table, state.epsilon)
    if not check.legal:
        if not check.on_table:
            return _at_edge(state, ship_id, [])
        by = others[check.overlapping[0]].id
        return Moved(state, (_blocked(state, ship_id, by),), BLOCKED, by)
    state = state.with_ship(placed(ship, after))
    state, tries, held = grapples_within(state, ship_id, rules, dice)
    return Moved(state, tries, GRAPPLED if held else DONE)


def move_path(state: GameState, ship_id: str, steps: Sequence[Step], rules: Rules, dice: Dice,
              part: str = "path", last: bool = True) -> Moved:
    """A path step by step (§6.2, §6.3) until it ends or something stops it, with one `move`
    event for it. When `last` (the ship's movement ends with these steps), the tries held back for
    the ram are made if the pair is within 1" and an unmade ram is reported (§6.2, §7.4)."""
    start = state.require(ship_id)
    events: list[Event] = []
    stopped, by = DONE, ""
    for step in steps:
        if not state.require(ship_id).on_table:
            break
        moved = (straight if step.straight else turn)(state, ship_id, step, rules, dice)
        state = moved.state
        events.extend(moved.events)
        if moved.ended_early:
            stopped, by = moved.stopped, moved.by
            break
    end = state.require(ship_id)
    if (last and rules.ram is not None and stopped not in (RAMMED, FLED_OFF)
            and ram_open(state, ship_id, rules)):
        events.append(event("ram_no_contact", ship=ship_id, target=rules.ram.target))
        state, tries, _ = _deferred(state, ship_id, rules.ram.target, rules, dice)
        events.extend(tries)
    moved_event = move_event(start, end, part, steps, stopped, by)
    return Moved(state, (moved_event, *events), stopped, by)


def move_event(start: Ship, end: Ship, part: str, steps: Sequence[Step], stopped: str,
               by: str) -> Event:
    return event("move", ship=start.id, part=part, path=path_notation(tuple(steps)),
                 start_x=start.x, start_y=start.y, start_heading=start.heading,
                 end_x=end.x, end_y=end.y, end_heading=end.heading, stopped=stopped, by=by)
