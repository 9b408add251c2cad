"""The end of the Wooden Walls shooting step (rulings §4.2, §11.4, §11.5, §11.6, §14, §15.4; plan
§11 q. 25-27): the outcomes of the step's dice applied in the order rolled, then the speeds that
the losses pushed above the new maximum, and the won shootings. Split from `shooting.py`.

- A hit (§11.4) removes one enemy element of the target area, shooters, marines, engines, the
  last of the kind in list order (`elements.hit_victim`); with none, the oarsmen: one intact oar
  section on the side facing the shooting reference point, the one whose midpoint is nearest the
  target area's reference point (q. 25; forward on a tie); none left there, or a cataphract
  target hit by anything but an engine: void (it still counts for §11.5).
- A fire shot's sixes raise the target area's fire by 1 each, at most 4 (q. 27, `fire.set_fire`,
  which also destroys what a level-4 fire destroys, §13.1).
- An AP throw (§14): 1-2 nothing; 3-4 a marker in the target area; 5-6 one oar section of that
  area on the side facing the thrower lost (the intact one nearest the target area's reference
  point; a cataphract: a marker instead; none left: nothing).
- Every ship hit (void hits too, not fire or AP) is marked in the round's record (§15.4 (7)).
- §11.5: for each pair of ships afloat in contact under different controllers (q. 26), in
  scenario order, the ship that scored more hits on the other than it took wins; a tie goes to
  the first player's ship with `shooting_tie = first_player`, to nobody with `none`.

Imports the events, the state, the element order, the geometry, `fire.set_fire` and
`speeds.max_speed`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pbem.rules.events import Event, event
from pbem.rules.table import Vec
from pbem.rules.woodenwalls.elements import hit_victim
from pbem.rules.woodenwalls.fire import LARGE, set_fire
from pbem.rules.woodenwalls.shipgeom import (
    CONTACT,
    EPSILON,
    area_oar_sections,
    bounding_radius,
    in_contact,
    nearest_oar_section,
    reference_point,
    side_facing,
)
from pbem.rules.woodenwalls.shiptypes import AREAS, CATAPHRACT
from pbem.rules.woodenwalls.speeds import max_speed, speed_value
from pbem.rules.woodenwalls.state import GameState, Ship, section_label, without_element

FIRST_PLAYER_TIE = "first_player"  # house rule `shooting_tie` (§11.5)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one die (or a fire shot's dice) of the step did, applied at its end: `kind` of the
    shot ("shoot", "engine", "oars", "fire", "ap"), the shooter `ship`, `target`, `target_area`,
    the shooting reference point `apex` (the side facing it takes oar losses), whether it `hit`,
    a fire shot's `fires` (sixes) and an AP throw's `ap_roll`."""

    kind: str
    ship: str
    target: str
    target_area: str
    apex: Vec
    hit: bool = False
    fires: int = 0
    ap_roll: int = 0


def _nearest_intact(target: Ship, target_area: str, apex: Vec,
                    among: Sequence[int] | None = None) -> str | None:
    # The intact oar section on the side facing `apex` nearest the target area's reference point
    # (q. 25), as its label; None when that side has none left (of `among`, when given).
    side = side_facing(target.row, target.pose, apex)
    intact = [n for n in target.intact_sections(side) if among is None or n in among]
    number = nearest_oar_section(target.row, target.pose, side,
                                 reference_point(target.row, target.pose, target_area), intact)
    return None if number is None else section_label(side, number)


def _with_oar_lost(target: Ship, label: str) -> Ship:
    return replace(target, oars_lost=(*target.oars_lost, label))


def apply_hit(state: GameState, outcome: Outcome, shooter_side: str) -> tuple[GameState, tuple[Event, ...]]:
    """One hit at the step's end (§11.4): the victim element, else an oar section, else void."""
    target = state.require(outcome.target)
    common = {"ship": outcome.ship, "target": target.id, "target_area": outcome.target_area,
              "by": outcome.kind}
    number = hit_victim(target, outcome.target_area, shooter_side, state.ship_order)
    if number is not None:
        victim = target.elements[number]
        state = state.with_ship(without_element(target, number))
        return state, (event("hit", **common, taken=victim.kind, section=""),
                       event("eliminated", ship=target.id, area=victim.area, element=victim.kind,
                             side=victim.side, grade=victim.grade, cause="shooting"))
    if target.protection == CATAPHRACT and outcome.kind != "engine":
        return state, (event("hit", **common, taken="void", section="",
                             reason="only engines hit a cataphract's oarsmen"),)
    label = _nearest_intact(target, outcome.target_area, outcome.apex)
    if label is None:
        return state, (event("hit", **common, taken="void", section="",
                             reason="no oar section left on the side facing the shooter"),)
    return state.with_ship(_with_oar_lost(target, label)), (event("hit", **common, taken="oars",
                                                                  section=label),)


def apply_ap(state: GameState, outcome: Outcome) -> tuple[GameState, tuple[Event, ...]]:
    """One AP throw at the step's end (§14)."""
    target = state.require(outcome.target)
    area, roll = outcome.target_area, outcome.ap_roll
    common = {"ship": outcome.ship, "target": target.id, "target_area": area, "roll": roll}
    if roll <= 2:
        return state, (event("ap", **common, effect="none", section=""),)
    if roll >= 5 and target.protection != CATAPHRACT:
        label = _nearest_intact(target, area, outcome.apex, area_oar_sections(target.row, area))
        if label is None:
            return state, (event("ap", **common, effect="none", section="",
                                 reason="no oar section of the area left on that side"),)
        return state.with_ship(_with_oar_lost(target, label)), (event("ap", **common, effect="oars",
                                                                      section=label),)
    markers = list(target.ap_markers)
    markers[AREAS.index(area)] += 1
    return (state.with_ship(replace(target, ap_markers=tuple(markers))),
            (event("ap", **common, effect="marker", section=""),))


def _apply_fire(state: GameState, outcome: Outcome) -> tuple[GameState, tuple[Event, ...]]:
    target = state.require(outcome.target)
    if not outcome.fires or not target.afloat:
        return state, ()
    level = min(LARGE, target.fire_level(outcome.target_area) + outcome.fires)
    return set_fire(state, target.id, outcome.target_area, level, "shot")


def _speeds(state: GameState, touched: Sequence[str]) -> tuple[GameState, list[Event]]:
    # §4.2: "the speed drops at once to a lower maximum" (B stays while the maximum is 1 or more).
    found: list[Event] = []
    for ship_id in dict.fromkeys(touched):
        ship = state.require(ship_id)
        top = max_speed(state, ship)
        if ship.afloat and speed_value(ship.speed) > top:
            found.append(event("speed", ship=ship.id, speed_from=ship.speed, speed_to=top,
                               reason="maximum"))
            state = state.with_ship(replace(ship, speed=top))
    return state, found


def winners(state: GameState, hits: dict[tuple[str, str], int], first_player: str) -> tuple[str, ...]:
    """§11.5: "A>B" for each pair of ships afloat in contact under different controllers (q. 26),
    pairs in scenario order, where A scored more hits on B (void ones included) than it took, or
    on a tie (0-0 too) A is the first player's with `shooting_tie = first_player`."""
    found = []
    ships = [(ship, ship.owner, ship.x, ship.y, bounding_radius(ship.row) + CONTACT + EPSILON)
             for ship in state.ships if ship.afloat and ship.on_table]
    for number, (first, owner, x, y, reach) in enumerate(ships):
        for second, other_owner, other_x, other_y, radius in ships[number + 1:]:
            if owner == other_owner:
                continue
            gap = reach + radius  # in_contact's cheap test, read once per ship
            if (x - other_x) ** 2 + (y - other_y) ** 2 > gap * gap:
                continue
            if not in_contact(first.row, first.pose, second.row, second.pose):
                continue
            scored, taken = hits.get((first.id, second.id), 0), hits.get((second.id, first.id), 0)
            if scored > taken:
                found.append(f"{first.id}>{second.id}")
            elif taken > scored:
                found.append(f"{second.id}>{first.id}")
            elif state.options.shooting_tie == FIRST_PLAYER_TIE:
                if first.owner == first_player:
                    found.append(f"{first.id}>{second.id}")
                elif second.owner == first_player:
                    found.append(f"{second.id}>{first.id}")
    return tuple(found)


def apply_outcomes(state: GameState, outcomes: Sequence[Outcome], first_player: str,
                   start: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """Every outcome in the order rolled (§11.4, §23 block 4), the speeds above the new maximum
    (§4.2), the ships hit in the round's record, then this phase's won shootings from the pairs
    in contact on the `start` state (§11.5)."""
    events: list[Event] = []
    hits: dict[tuple[str, str], int] = {}
    touched: list[str] = []
    record = state.record
    for outcome in outcomes:
        if outcome.kind == "fire":
            state, made = _apply_fire(state, outcome)
        elif outcome.kind == "ap":
            state, made = apply_ap(state, outcome)
        elif outcome.hit:
            state, made = apply_hit(state, outcome, start.require(outcome.ship).owner)
            key = (outcome.ship, outcome.target)
            hits[key] = hits.get(key, 0) + 1
            record = record.with_hit(outcome.target)
        else:
            continue
        events.extend(made)
        touched.append(outcome.target)
    state, dropped = _speeds(state, touched)
    events.extend(dropped)
    won = winners(start, hits, first_player)
    state = replace(state, record=record, round=replace(state.round, won_shooting=won))
    return state, tuple(events)
