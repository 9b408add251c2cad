"""The shooting step of a Wooden Walls deck action phase (rulings §11, §12.2 step 2, §14, §23
block 4, §24; build plan §1.4, §4, §11 q. 22-27, 44, 45).

`shooting_step` takes the step's lines (`SHOOT`, `ENGINE`, `FIRE`, `OARS`, and `AP` with
`ap_weapons = on`), the first player's side's first, each side's in the order written, and:

1. declares every shot on the step's start state (§11.4 "simultaneous"): a `SHOOT` joins the
   area's marines (range 1) and shooters (range 2) of the ship's controller that reach the first
   eligible target of the list (§11.1); each engine of an `ENGINE` area shoots alone at the first
   eligible target, in element order (range 3, q. 45); an open ship's oarsmen of one side shoot
   once, range ½, as from M with that side's wedge; a `FIRE` line throws from the area's shooters
   (range 1), engines (range 2) and marines (a ship in contact) (§11.6); an `AP` line is one
   shooter's throw, range 1, and that shooter does not join the area's `SHOOT` (§14). Each needs
   range, arc and sight (`sightings.sighting`). One shot per area: the first of an area's `SHOOT`
   and `FIRE` lines that shoots stands, and a `FIRE` line also takes the area's engines (reading
   added here). A line with no eligible target fails with every target's reason (§17);
2. rolls, in that order (§23 block 4): one d6 per shot (4+ after §11.3's modifiers, none for an
   engine, §24), one d6 per fire-throwing element (each 6 raises the area's fire by 1, at most 4,
   q. 27), one d6 per AP throw;
3. applies the outcomes at the step's end in the same order (`hits.py`: §11.4's victims, the
   cataphract rule, void hits, oar sections q. 25; fires via `fire.set_fire`; AP markers and oar
   losses), drops speeds above the new maximum (§4.2), marks the ships hit in the round's record
   and writes the phase's won shootings (§11.5, q. 26).

Events: "shot" (one per die of a shot or throw, or a failed line with `failed` and its reason),
"hit", "eliminated", "fire", "ap", "speed".

Imports the dice and events, the orders, the state, the elements' order (`elements.py`), the
geometry (`shipgeom.py`, `sightings.py`), the smoke plumes (`fire.py`) and `hits.py`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.table import Polygon, distance_at_most, footprint_distance, heading_difference
from pbem.rules.woodenwalls.elements import area_elements, hit_victim
from pbem.rules.woodenwalls.fire import smoke_plumes
from pbem.rules.woodenwalls.hits import Outcome, apply_outcomes
from pbem.rules.woodenwalls.orders import ApThrow, Engine, Fire, Oars, Reading, ShipArea, Shoot
from pbem.rules.woodenwalls.shipgeom import EPSILON, area_polygon, in_contact, reference_point
from pbem.rules.woodenwalls.shiptypes import CATAPHRACT, ENGINE, MARINES, OPEN, SHOOTERS
from pbem.rules.woodenwalls.sightings import (
    ENGINE_RANGE,
    MARINE_RANGE,
    OARSMEN_AREA,
    OARSMEN_RANGE,
    SHOOTER_RANGE,
    Sighting,
    area_height,
    centre_bearing,
    in_range,
    sighting,
    target_problem,
)
from pbem.rules.woodenwalls.state import STIFF, STRONG, Element, GameState, Ship

HIT_ON = 4  # §11.3: a hit on 4 or more
FIRE_ON = 6  # §11.6: each 6 starts a fire
WIND_CONE = 30.0  # §11.3: within 30° of upwind or downwind
SHOT_ORDERS = (Shoot, Engine, Fire, Oars, ApThrow)
# One shot per area (§11.1, §11.6): the verbs a made line keeps an area from.
_CLASHES = {"SHOOT": {"SHOOT", "FIRE"}, "FIRE": {"SHOOT", "FIRE", "ENGINE"},
            "ENGINE": {"ENGINE", "FIRE"}}
_FIRE_REACH = {SHOOTERS: MARINE_RANGE, ENGINE: SHOOTER_RANGE}  # §11.6: shooters 1, engines 2
_SHOT_REACH = {MARINES: MARINE_RANGE, SHOOTERS: SHOOTER_RANGE}  # §11.1
_MARGIN = 1e-9  # far above the rounding by which an exact range could pass its corners' bound


@dataclass(frozen=True, slots=True)
class Shot:
    """A shot declared on the step's start state. `kind` "shoot", "engine", "oars", "fire" or
    "ap"; `ship` and `area` the shooter (M for oarsmen, `oars` their side), `target` and
    `target_area`; `elements` those joining (dice for a fire shot); `modifier` and its `reasons`
    (§11.3; 0 and () for engines, fire and AP); `oars` the oarsmen's side."""

    kind: str
    ship: str
    area: str
    target: str
    target_area: str
    elements: int = 1
    modifier: int = 0
    reasons: tuple[str, ...] = ()
    oars: str = ""


def _verb(order: object) -> str:
    return {Shoot: "SHOOT", Engine: "ENGINE", Fire: "FIRE", Oars: "OARS", ApThrow: "AP"}[type(order)]


def _failed(reading: Reading, reason: str) -> Event:
    return event("shot", ship=reading.ship, line=reading.notation(), failed=True, reason=reason)


def ordered_lines(state: GameState, lines: Sequence[Reading], first_player: str) -> tuple[Reading, ...]:
    """The shooting lines (§12.2 step 2), the first player's side's first, each side's in the
    order written (§23 block 4); a line's side is its ship's controller (unknown ships last)."""
    chosen = [line for line in lines if isinstance(line.order, SHOT_ORDERS)]

    def side_rank(line: Reading) -> int:
        ship = state.ship(line.ship)
        return 0 if ship is not None and ship.owner == first_player else 1
    return tuple(sorted(chosen, key=side_rank))


# ---------------------------------------------------------------- the hit roll (§11.3)


def _speed(ship: Ship) -> int:
    return 1 if ship.speed == "B" else int(ship.speed)


def wind_modifier(state: GameState, shooter: Ship, target: Ship) -> tuple[int, str]:
    """§11.3's wind: the bearing from the shooter's centre to the target's within 30° of upwind
    −1 stiff, −2 strong; within 30° of downwind +1 strong (bearings compared plainly, G6)."""
    wind = state.wind
    if wind.strength not in (STIFF, STRONG):
        return 0, ""
    towards = centre_bearing(shooter, target)
    if heading_difference(towards, wind.heading + 180.0) <= WIND_CONE:
        return (-1 if wind.strength == STIFF else -2), f"upwind {wind.strength}"
    if wind.strength == STRONG and heading_difference(towards, wind.heading) <= WIND_CONE:
        return 1, "downwind strong"
    return 0, ""


def victim_modifier(victim: Element | None) -> tuple[tuple[int, str], ...]:
    """+1 unarmoured, +1 unshielded for the element that would take the hit (§11.3; q. 24): the
    oarsmen (None) count as both, an engine as neither."""
    if victim is None:
        return ((2, "oarsmen unarmoured and unshielded"),)
    if victim.kind == ENGINE:
        return ()
    return tuple((1, word) for word, bare in (("unarmoured", not victim.armoured),
                                              ("unshielded", not victim.shielded)) if bare)


def hit_modifier(state: GameState, shooter: Ship, area: str, target: Ship, target_area: str,
                 joining: int) -> tuple[int, tuple[str, ...]]:
    """The hit roll's modifier (§11.3, §24) and its reasons, all judged on the step's start
    state: − the speed difference (B as 1); −2 target area higher, +1 shooting area higher; −2
    cataphract, +2 open target; +1 per joining element beyond the first; the victim's armour and
    shield (`victim_modifier`); the wind (`wind_modifier`)."""
    parts: list[tuple[int, str]] = []
    difference = abs(_speed(shooter) - _speed(target))
    if difference:
        parts.append((-difference, f"speed difference {difference}"))
    mine, theirs = area_height(shooter, area), area_height(target, target_area)
    if theirs > mine:
        parts.append((-2, "target area higher"))
    elif mine > theirs:
        parts.append((1, "shooting area higher"))
    if target.protection == CATAPHRACT:
        parts.append((-2, "cataphract"))
    elif target.protection == OPEN:
        parts.append((2, "open"))
    if joining > 1:
        parts.append((joining - 1, f"{joining} elements"))
    number = hit_victim(target, target_area, shooter.owner, state.ship_order)
    parts.extend(victim_modifier(None if number is None else target.elements[number]))
    wind, why = wind_modifier(state, shooter, target)
    if wind:
        parts.append((wind, why))
    return sum(value for value, _ in parts), tuple(f"{value:+d} {word}" for value, word in parts)


# ---------------------------------------------------------------- declaring (§11.1, §11.6, §14)


@dataclass(frozen=True, slots=True)
class _Choice:
    target: ShipArea
    sighting: Sighting
    joining: tuple[Element, ...]


Joins = Callable[[Sighting, Ship], "tuple[Element, ...] | str"]


def _choose(state: GameState, ship: Ship, area: str, targets: Sequence[ShipArea],
            joins: Joins, reach: float, plumes: Sequence[Polygon], side: str | None = None
            ) -> _Choice | str:
    # The first target of the list with range, arc and sight for at least one element; else
    # every target's reason, joined. `reach` is the longest any element may shoot: a target
    # beyond it is refused by the range alone, in the words of `joins`, before its arc is tried;
    # a ship named by several areas, all beyond it, gets one reason (`_far_ships`).
    reasons: list[str | Callable[[], str]] = []
    far, told = _far_ships(state, ship, area, targets, reach), set()
    for target in targets:
        key = target.ship.upper()
        if key in far:  # every area named of that ship is beyond reach: one reason for them
            if key not in told:
                reasons.append(far[key])
                told.add(key)
            continue
        seen = sighting(state, ship.id, area, target.ship, target.area, reach, side=side,
                        plumes=plumes)
        if not seen.allowed and not seen.beyond:
            reasons.append(f"{target.notation()}: {seen.reason}")
            continue
        joining = joins(seen, state.require(target.ship))
        if isinstance(joining, str):
            reasons.append(f"{target.notation()}: {joining}")
            continue
        return _Choice(target, seen, joining)
    return "; ".join(reason if isinstance(reason, str) else reason() for reason in reasons
                     ) or "no target given"


def _far_ships(state: GameState, ship: Ship, area: str, targets: Sequence[ShipArea],
               reach: float) -> dict[str, Callable[[], str]]:
    # The ships of which the line names two areas or more, all of them beyond `reach`: the
    # shooting area's deck section lies farther than reach from the target's whole footprint
    # (the union of its deck sections, §2), so from each of its areas (§11.1). Keyed by the
    # ship's id in capitals, with the one reason given for them all, worded (the exact range
    # measured) only if the line is refused: a line that shoots at a later target never says it.
    named: dict[str, list[str]] = {}
    for target in targets:
        named.setdefault(target.ship.upper(), []).append(target.area)
    if not (ship.afloat and ship.on_table and area in ship.areas):
        return {}
    far: dict[str, Callable[[], str]] = {}
    shooting: Polygon | None = None
    for key, areas in named.items():
        if len(areas) < 2:
            continue
        other = state.ship(key)
        if other is None or any(target_problem(state, ship, key, each) for each in areas):
            continue
        if shooting is None:
            shooting = area_polygon(ship.row, ship.pose, area)
        beyond, distance = _beyond(shooting, other.polygon, reach)
        if beyond:
            far[key] = _far_reason(shooting, other, areas, reach, distance)
    return far


def _beyond(shooting: Polygon, target: Polygon, reach: float) -> tuple[bool, float | None]:
    # Whether the footprints lie beyond reach (§11.1), and the exact range (G5) if it had to be
    # measured: surely not beyond when two of their corners are within reach, surely beyond
    # when their bounding discs are farther apart than it (each with a margin far above any
    # rounding); otherwise by the exact range.
    if in_range(distance_at_most(shooting, target) + _MARGIN, reach):
        return False, None
    ax, ay, ar = shooting.disc()
    bx, by, br = target.disc()
    if math.hypot(ax - bx, ay - by) - ar - br > reach + EPSILON + _MARGIN:
        return True, None
    distance = footprint_distance(shooting, target, EPSILON)
    return not in_range(distance, reach), distance


def _far_reason(shooting: Polygon, other: Ship, areas: Sequence[str], reach: float,
                distance: float | None) -> Callable[[], str]:
    def reason() -> str:
        measured = (footprint_distance(shooting, other.polygon, EPSILON) if distance is None
                    else distance)
        return (f"{other.id} ({', '.join(areas)}): {measured:.2f} SL away at the nearest, "
                f"beyond range {reach:g}")
    return reason


def _reaching(elements: Sequence[Element], reach: dict[str, float]) -> Joins:
    def joins(seen: Sighting, target: Ship) -> tuple[Element, ...] | str:
        found = tuple(element for element in elements
                      if element.kind in reach and in_range(seen.distance, reach[element.kind]))
        if found:
            return found
        longest = max(reach[element.kind] for element in elements if element.kind in reach)
        return f"{seen.distance:.2f} SL away, beyond range {longest:g}"
    return joins


def _declare_shoot(state: GameState, ship: Ship, order: Shoot, reserved: int,
                   plumes: Sequence[Polygon]) -> list[Shot] | str:
    own = [element for element in area_elements(ship, order.area, state.ship_order, side=ship.owner)
           if element.kind in _SHOT_REACH]
    free: list[Element] = []
    for element in reversed(own):  # the AP throwers: the area's last shooters in list order
        if element.kind == SHOOTERS and reserved:
            reserved -= 1
        else:
            free.insert(0, element)
    if not free:
        return f"{ship.id} has no marines or shooters in {order.area} to shoot"
    chosen = _choose(state, ship, order.area, order.targets, _reaching(free, _SHOT_REACH),
                     max(_SHOT_REACH[element.kind] for element in free), plumes)
    if isinstance(chosen, str):
        return chosen
    target = state.require(chosen.target.ship)
    modifier, reasons = hit_modifier(state, ship, order.area, target, chosen.target.area,
                                     len(chosen.joining))
    return [Shot("shoot", ship.id, order.area, target.id, chosen.target.area,
                 len(chosen.joining), modifier, reasons)]


def _declare_engines(state: GameState, ship: Ship, order: Engine,
                     plumes: Sequence[Polygon]) -> list[Shot] | str:
    engines = area_elements(ship, order.area, state.ship_order, side=ship.owner, kind=ENGINE)
    if not engines:
        return f"{ship.id} has no engine in {order.area}"
    chosen = _choose(state, ship, order.area, order.targets,
                     _reaching(engines, {ENGINE: ENGINE_RANGE}), ENGINE_RANGE, plumes)
    if isinstance(chosen, str):
        return chosen
    target = state.require(chosen.target.ship).id
    return [Shot("engine", ship.id, order.area, target, chosen.target.area) for _ in engines]


def _declare_oars(state: GameState, ship: Ship, order: Oars,
                  plumes: Sequence[Polygon]) -> list[Shot] | str:
    if ship.protection != OPEN:
        return f"{ship.id} is not an open ship: its oarsmen do not shoot"
    if not ship.intact_sections(order.side):
        return f"{ship.id} has no intact oar section to {order.side}"

    def joins(seen: Sighting, target: Ship) -> tuple[Element, ...] | str:
        if in_range(seen.distance, OARSMEN_RANGE):
            return ()
        return f"{seen.distance:.2f} SL away, beyond range {OARSMEN_RANGE:g}"
    chosen = _choose(state, ship, OARSMEN_AREA, order.targets, joins, OARSMEN_RANGE, plumes,
                     side=order.side)
    if isinstance(chosen, str):
        return chosen
    target = state.require(chosen.target.ship)
    modifier, reasons = hit_modifier(state, ship, OARSMEN_AREA, target, chosen.target.area, 1)
    return [Shot("oars", ship.id, OARSMEN_AREA, target.id, chosen.target.area, 1, modifier,
                 reasons, oars=order.side)]


def _declare_fire(state: GameState, ship: Ship, order: Fire,
                  plumes: Sequence[Polygon]) -> list[Shot] | str:
    if not ship.fire:
        return f"{ship.id} is not equipped with fire"
    own = area_elements(ship, order.area, state.ship_order, side=ship.owner)
    if not own:
        return f"{ship.id} has no elements in {order.area} to throw fire"

    def joins(seen: Sighting, target: Ship) -> tuple[Element, ...] | str:
        touching = in_contact(ship.row, ship.pose, target.row, target.pose)
        found = tuple(element for element in own
                      if (element.kind == MARINES and touching)
                      or (element.kind in _FIRE_REACH
                          and in_range(seen.distance, _FIRE_REACH[element.kind])))
        return found or f"{seen.distance:.2f} SL away, beyond fire range"
    # Marines throw fire only when the ships touch, at any range between the areas.
    reach = (math.inf if any(element.kind == MARINES for element in own)
             else max((_FIRE_REACH[element.kind] for element in own if element.kind in _FIRE_REACH),
                      default=0.0))
    chosen = _choose(state, ship, order.area, order.targets, joins, reach, plumes)
    if isinstance(chosen, str):
        return chosen
    return [Shot("fire", ship.id, order.area, state.require(chosen.target.ship).id,
                 chosen.target.area, len(chosen.joining))]


def _declare_ap(state: GameState, ship: Ship, order: ApThrow, taken: int,
                plumes: Sequence[Polygon]) -> list[Shot] | str:
    if not state.options.ap_weapons:
        return "AP throws need ap_weapons = on"
    shooters = area_elements(ship, order.area, state.ship_order, side=ship.owner, kind=SHOOTERS)
    if len(shooters) <= taken:
        return f"{ship.id} has no shooter left in {order.area} for an AP throw"
    chosen = _choose(state, ship, order.area, (order.target,),
                     _reaching(shooters, {SHOOTERS: MARINE_RANGE}), MARINE_RANGE, plumes)
    if isinstance(chosen, str):
        return chosen
    return [Shot("ap", ship.id, order.area, state.require(chosen.target.ship).id, chosen.target.area)]


def declare(state: GameState, lines: Sequence[Reading], plumes: Sequence[Polygon] = ()
            ) -> tuple[tuple[Reading, tuple[Shot, ...] | str], ...]:
    """Every line's shots, or why it fails, on the state given (the step's start), in the order
    of `lines` (already `ordered_lines`). AP throws are settled first, each taking one of the
    area's shooters out of its `SHOOT` (§14); then lines in order, one shot per area."""
    ap_taken: dict[tuple[str, str], int] = {}
    answers: dict[int, tuple[Shot, ...] | str] = {}
    for number, line in enumerate(lines):
        ship = state.ship(line.ship)
        if isinstance(line.order, ApThrow) and ship is not None and ship.afloat:
            key = (ship.id, line.order.area)
            found = _declare_ap(state, ship, line.order, ap_taken.get(key, 0), plumes)
            if not isinstance(found, str):
                ap_taken[key] = ap_taken.get(key, 0) + 1
            answers[number] = found if isinstance(found, str) else tuple(found)
    used: dict[tuple[str, str], set[str]] = {}
    for number, line in enumerate(lines):
        if number in answers:
            continue
        answers[number] = _declare_line(state, line, used, ap_taken, plumes)
    return tuple((line, answers[number]) for number, line in enumerate(lines))


def _declare_line(state: GameState, line: Reading, used: dict[tuple[str, str], set[str]],
                  ap_taken: dict[tuple[str, str], int],
                  plumes: Sequence[Polygon]) -> tuple[Shot, ...] | str:
    ship = state.ship(line.ship)
    if ship is None:
        return f"there is no ship {line.ship}"
    if not (ship.afloat and ship.on_table):
        return f"{ship.id} is not afloat"
    order = line.order
    verb = _verb(order)
    area = OARSMEN_AREA if isinstance(order, Oars) else getattr(order, "area", "")
    if not isinstance(order, Oars):
        if area not in ship.areas:
            return f"{ship.id} has no area {area}"
        clash = used.get((ship.id, area), set()) & _CLASHES.get(verb, set())
        if clash:
            return f"{ship.id}'s {area} already makes its {sorted(clash)[0]} this phase (one shot an area)"
    if isinstance(order, Shoot):
        found = _declare_shoot(state, ship, order, ap_taken.get((ship.id, area), 0), plumes)
    elif isinstance(order, Engine):
        found = _declare_engines(state, ship, order, plumes)
    elif isinstance(order, Fire):
        found = _declare_fire(state, ship, order, plumes)
    elif isinstance(order, Oars):
        found = _declare_oars(state, ship, order, plumes)
    else:  # an AP line of a ship not afloat is settled above
        return f"{ship.id} is not afloat"
    if isinstance(found, str):
        return found
    if not isinstance(order, Oars):
        used.setdefault((ship.id, area), set()).add(verb)
    return tuple(found)


# ---------------------------------------------------------------- rolling (§23 block 4)


def _roll(state: GameState, shot: Shot, reading: Reading, dice: Dice) -> tuple[Outcome, list[Event]]:
    name = f"{shot.target}.{shot.target_area}"
    source = f"{shot.ship} {'OARS ' + shot.oars[0].upper() if shot.oars else shot.area}"
    common = {"ship": shot.ship, "line": reading.notation(), "shot": shot.kind, "area": shot.area,
              "target": shot.target, "target_area": shot.target_area}
    shooter = state.require(shot.ship)
    apex = reference_point(shooter.row, shooter.pose, shot.area)
    if shot.kind == "fire":
        rolls = tuple(dice.roll(f"fire {source} {n} at {name}") for n in range(1, shot.elements + 1))
        sixes = sum(1 for roll in rolls if roll >= FIRE_ON)
        made = event("shot", **common, failed=False, rolls=rolls, sixes=sixes)
        return Outcome(shot.kind, shot.ship, shot.target, shot.target_area, apex, fires=sixes), [made]
    if shot.kind == "ap":
        roll = dice.roll(f"AP {source} at {name}")
        made = event("shot", **common, failed=False, roll=roll)
        return Outcome(shot.kind, shot.ship, shot.target, shot.target_area, apex, ap_roll=roll), [made]
    roll = dice.roll(f"hit {source} at {name}")
    score = roll + shot.modifier
    hit = score >= HIT_ON
    made = event("shot", **common, failed=False, elements=shot.elements, roll=roll,
                 modifier=shot.modifier, score=score, hit=hit, modifiers=shot.reasons)
    return Outcome(shot.kind, shot.ship, shot.target, shot.target_area, apex, hit=hit), [made]


# ---------------------------------------------------------------- the step


def shooting_step(state: GameState, lines: Sequence[Reading], first_player: str,
                  dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """The deck action phase's shooting step (§11, §12.2 step 2, §14): declares every shot on
    the start state, rolls in §23's order, applies the outcomes at the end, marks the ships hit
    and writes the won shootings (§11.5) into `state.round.won_shooting`."""
    plumes = smoke_plumes(state)
    declared = declare(state, ordered_lines(state, lines, first_player), plumes)
    events: list[Event] = []
    outcomes: list[Outcome] = []
    for reading, answer in declared:
        if isinstance(answer, str):
            events.append(_failed(reading, answer))
            continue
        for shot in answer:
            outcome, made = _roll(state, shot, reading, dice)
            outcomes.append(outcome)
            events.extend(made)
    start = state
    state, applied = apply_outcomes(state, outcomes, first_player, start)
    return state, (*events, *applied)
