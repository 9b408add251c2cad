"""Wind, currents, drift and the Fate card of Wooden Walls (rulings §5.6, §7.9, §7.10, §8.3, §14,
§23; plan §4, §11 q. 13, 14, 54).

- `setup_wind`: the setup d6 (§7.10): 1–3 the wind blows towards 90, 4–6 towards 270; light.
- `passes_line` and `oversteer`: a turn whose rotation passes the heading through either heading
  of the wind's line (start excluded, end included) oversteers in a stiff wind on a d6 of 6, in a
  strong wind on 5–6 (§7.10); no die in a light wind or when the line is not passed (§23).
- `drift_all`: the end of an action phase (§7.9): each stopped afloat ship not linked drifts in
  scenario order by wind ¼ SL (stiff) or ½ SL (strong), halved when its heading is within 30° of
  the line, then by the first current (scenario order, q. 13) its footprint overlaps, ¼ SL weak
  or ½ SL strong; swept straight steps stopping at the first contact or the edge; no dice.
- `fate`: the Fate card (§5.6): the wind d6 (1 backs 45°, 2 veers 45°, 3 rises, 4 falls, 5–6 no
  change; `storm = off`), then the hulks drift the same distances in scenario order (a hulk
  touching land stays), each contact with a ship's beam or stern quarter making that ship's oar
  or steering test of §8.3 at collision speed 0 (q. 54), then with `ap_weapons = on` one
  seamanship test per AP marker, ships in scenario order, a pass removing it (§14).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.table import (
    WOODEN_WALLS,
    PartKind,
    Polygon,
    ahead,
    depth,
    heading_difference,
    normalize_heading,
    straight_step,
)
from pbem.rules.woodenwalls.seamanship import Modifier, SeamanshipTest, seamanship_test
from pbem.rules.woodenwalls.shipgeom import collision_parts, oar_section_at
from pbem.rules.woodenwalls.shiptypes import AREAS
from pbem.rules.woodenwalls.state import (
    HULK,
    LIGHT,
    STIFF,
    STRONG,
    WINDS,
    GameState,
    Ship,
    ShippedOars,
    Wind,
    relocated,
)

EPSILON = WOODEN_WALLS.epsilon
D6 = 6
LINE_ANGLE = 30.0  # "within 30° of the wind's line" (§7.9) or of a current (§7.10)
WIND_DRIFT = {STIFF: 0.25, STRONG: 0.5}  # §7.9; a light wind moves nothing
CURRENT_DRIFT = {"weak": 0.25, "strong": 0.5}
OVERSTEER_FROM = {STIFF: 6, STRONG: 5}  # the least d6 that oversteers (§7.10)


# ---------------------------------------------------------------- the wind (§7.10, §5.6)


def setup_wind(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """§7.10 setup (§23 step 1): a light wind blowing towards 90 on a d6 of 1–3, else 270."""
    die = dice.roll("wind direction", D6)
    wind = Wind(LIGHT, 90.0 if die <= 3 else 270.0)
    return replace(state, wind=wind), (event("wind", die=die, strength=wind.strength,
                                             heading=wind.heading),)


def passes_line(start: float, turn: float, wind_heading: float) -> bool:
    """True when a rotation of `turn` degrees (+ starboard) from heading `start` passes the heading
    through either heading of the wind's line: start excluded, end included (§7.10)."""
    if turn == 0:
        return False
    for line in (wind_heading, wind_heading + 180.0):
        ahead_by = normalize_heading(line - start) if turn > 0 else normalize_heading(start - line)
        if 0 < ahead_by <= abs(turn):
            return True
    return False


@dataclass(frozen=True)
class OversteerRoll:
    """The oversteer d6 and whether the turn is repeated (§7.10)."""

    die: int
    repeats: bool


def oversteer(state: GameState, ship_id: str, start: float, made: float, dice: Dice
              ) -> OversteerRoll | None:
    """The oversteer die of a turn step (§7.10, §23): rolled only when the turn made passed the
    wind's line in a stiff or strong wind; None when no die is rolled."""
    least = OVERSTEER_FROM.get(state.wind.strength)
    if least is None or not passes_line(start, made, state.wind.heading):
        return None
    die = dice.roll(f"oversteer {ship_id}", D6)
    return OversteerRoll(die, die >= least)


def within_line(heading: float, line: float) -> bool:
    """A heading within 30° of a line, either way (§7.9)."""
    return min(heading_difference(heading, line), heading_difference(heading, line + 180.0)) <= LINE_ANGLE


def changed_wind(wind: Wind, die: int) -> Wind:
    """The wind after Fate's d6 (§5.6, `storm = off`): 1 backs 45°, 2 veers 45°, 3 rises a step
    (strong cannot), 4 falls a step (light cannot), 5–6 no change."""
    step = WINDS.index(wind.strength)
    if die == 1:
        return Wind(wind.strength, normalize_heading(wind.heading - 45.0))
    if die == 2:
        return Wind(wind.strength, normalize_heading(wind.heading + 45.0))
    if die == 3:
        return Wind(WINDS[min(step + 1, len(WINDS) - 1)], wind.heading)
    if die == 4:
        return Wind(WINDS[max(step - 1, 0)], wind.heading)
    return wind


# ---------------------------------------------------------------- drift (§7.9)


def current_under(state: GameState, ship: Ship) -> int | None:
    """The index of the first current (scenario order) whose polygon the ship's footprint
    overlaps (G4, q. 13); None when there is none."""
    for index, current in enumerate(state.terrain.currents):
        if depth(ship.polygon, current.polygon) > EPSILON:
            return index
    return None


def _obstacles(state: GameState, ship_id: str) -> tuple[tuple[Polygon, ...], tuple[str, ...]]:
    others = [other for other in state.ships if other.on_table and other.id.upper() != ship_id.upper()]
    land = state.terrain.land
    return (*(other.polygon for other in others), *land), (*(o.id for o in others), *("" for _ in land))


@dataclass(frozen=True)
class Drifted:
    """One drift: the state, its event, and the ship it stopped against ("" none; land and the
    edge name no ship)."""

    state: GameState
    events: tuple[Event, ...]
    struck: str


def drift(state: GameState, ship_id: str, heading: float, distance: float, cause: str) -> Drifted:
    """A swept straight step of `distance` towards `heading` (§7.9), stopping at the first contact
    or the table edge without collision effects; the heading never changes."""
    ship = state.require(ship_id)
    polygons, names = _obstacles(state, ship_id)
    outcome = straight_step(ship.row.footprint, ship.pose, ahead(heading), distance, polygons,
                            state.table, EPSILON)
    moved = relocated(ship, outcome.end.centre.x, outcome.end.centre.y, ship.heading)
    struck = next((names[index] for index in outcome.contacts if names[index]), "")
    by = struck or ("land" if outcome.contacts else ("edge" if outcome.edge else ""))
    found = event("drift", ship=ship_id, cause=cause, heading=heading, distance=outcome.travel,
                  x=moved.x, y=moved.y, stopped_by=by)
    return Drifted(state.with_ship(moved), (found,), struck)


def wind_leg(state: GameState, ship: Ship) -> tuple[float, float, str] | None:
    """(heading, distance, "wind") of a ship's wind drift (§7.9): ¼ SL stiff, ½ SL strong, halved
    when its heading is within 30° of the wind's line; None in a light wind."""
    distance = WIND_DRIFT.get(state.wind.strength, 0.0)
    if distance == 0:
        return None
    if within_line(ship.heading, state.wind.heading):
        distance /= 2
    return state.wind.heading, distance, "wind"


def current_leg(state: GameState, ship: Ship) -> tuple[float, float, str] | None:
    """(heading, distance, "current <n>") of a ship's current drift (§7.9): ¼ SL weak, ½ SL
    strong, down the first current its footprint overlaps (q. 13); None when it overlaps none."""
    index = current_under(state, ship)
    if index is None:
        return None
    current = state.terrain.currents[index]
    return current.heading, CURRENT_DRIFT[current.strength], f"current {index + 1}"


def drift_all(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """The end of an action phase's drift (§7.9): each stopped afloat ship not linked, in scenario
    order, by wind then by current; hulks do not drift here (only at Fate). No dice (§23)."""
    events: list[Event] = []
    for ship in state.ships:
        if not ship.afloat or ship.speed != 0 or state.linked(ship.id):
            continue
        state, found = _drift_ship(state, ship.id)
        events.extend(found)
    return state, tuple(events)


def _drift_ship(state: GameState, ship_id: str) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for leg in (wind_leg, current_leg):
        found = leg(state, state.require(ship_id))
        if found is not None:
            moved = drift(state, ship_id, *found)
            state = moved.state
            events.extend(moved.events)
    return state, events


# ---------------------------------------------------------------- Fate (§5.6)


def fate(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """The Fate card (§5.6, §23): the wind d6, the hulks' drift with its contact tests, then the
    AP marker tests when `ap_weapons = on`."""
    die = dice.roll("fate wind", D6)
    wind = changed_wind(state.wind, die)
    state = replace(state, wind=wind)
    events: list[Event] = [event("fate", die=die, strength=wind.strength, heading=wind.heading)]
    for ship in state.ships:
        if ship.status == HULK and not ship.removed:
            state, found = hulk_drift(state, ship.id, dice)
            events.extend(found)
    if state.options.ap_weapons:
        state, found = ap_tests(state, dice)
        events.extend(found)
    return state, tuple(events)


def _on_land(state: GameState, ship: Ship) -> bool:
    return any(depth(ship.polygon, land) >= -EPSILON for land in state.terrain.land)


def hulk_drift(state: GameState, hulk_id: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """A hulk's drift at Fate (§7.9): the wind's and then a current's distances, never turning; a
    hulk touching land stays there. A drift stopped against a ship makes that ship's §8.3 test
    (q. 54)."""
    events: list[Event] = []
    for leg in (wind_leg, current_leg):
        hulk = state.require(hulk_id)
        found = leg(state, hulk)
        if _on_land(state, hulk):
            break
        if found is None:
            continue
        moved = drift(state, hulk_id, *found)
        state = moved.state
        events.extend(moved.events)
        if moved.struck:
            state, tests = drift_contact(state, hulk_id, moved.struck, dice)
            events.extend(tests)
    return state, tuple(events)


def drift_contact(state: GameState, hulk_id: str, ship_id: str, dice: Dice
                  ) -> tuple[GameState, tuple[Event, ...]]:
    """A hulk's drift contacting a ship (§7.9, §8.3, q. 54): the ship's contact part on its beam
    (beam, shoulder or hip) tests for the oar section at I (pass: that side shipped; fail: the
    section destroyed); on a stern quarter it tests for that steering oar (fail: lost). No test
    for a section already destroyed or a side already shipped. Collision speed 0; +2 open ship."""
    hulk, ship = state.require(hulk_id), state.require(ship_id)
    if not ship.afloat:
        return state, ()
    parts = collision_parts(hulk.row, hulk.pose, ship.row, ship.pose)
    part = parts.obstacle
    if part.side is None:
        return state, ()
    side = part.side.value
    modifiers = (Modifier("open ship", 2),) if ship.protection == "open" else ()
    if part.kind in (PartKind.BEAM, PartKind.SHOULDER, PartKind.HIP):
        label = oar_section_at(ship.row, ship.pose, parts.impact)
        if label is None or label in ship.oars_lost or ship.shipped_on(side):
            return state, ()
        test = _test(state, ship, f"oar save {ship.id} {label}", modifiers, dice)
        state = state.with_ship(replace(ship, revealed=True))
        changed = state.require(ship.id)
        if test.passed:
            shipped = (*changed.shipped, ShippedOars(side, state.phase.round, "F"))
            changed = replace(changed, shipped=shipped)
        else:
            changed = replace(changed, oars_lost=(*changed.oars_lost, label))
        return state.with_ship(changed), (event("save", ship=ship.id, roll="oar", section=label,
                                                die=test.die, passed=test.passed, cause=f"hulk {hulk_id}"),)
    if part.kind == PartKind.STERN_QUARTER and not ship.steering_oar_lost(side):
        test = _test(state, ship, f"steering save {ship.id} {side}", modifiers, dice)
        changed = replace(ship, revealed=True)
        if not test.passed:
            changed = replace(changed, steering_lost=(*changed.steering_lost, side))
        return state.with_ship(changed), (event("save", ship=ship.id, roll="steering", side=side,
                                                die=test.die, passed=test.passed, cause=f"hulk {hulk_id}"),)
    return state, ()


def _test(state: GameState, ship: Ship, purpose: str, modifiers: tuple[Modifier, ...],
          dice: Dice) -> SeamanshipTest:
    return seamanship_test(dice, ship.id, ship.quality, purpose, modifiers, naturals=state.options.naturals)


def ap_tests(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """§5.6 (3), §14: each afloat ship, in scenario order, one seamanship test per AP marker (areas
    B, M, S, T1, T2 in turn), a pass removing that marker. No modifiers (§24)."""
    events: list[Event] = []
    for ship in state.ships:
        if not ship.afloat or not any(ship.ap_markers):
            continue
        markers = list(ship.ap_markers)
        for number, area in enumerate(AREAS):
            for _ in range(ship.ap_markers[number]):
                test = seamanship_test(dice, ship.id, ship.quality, f"AP marker {ship.id} {area}",
                                       naturals=state.options.naturals)
                if test.passed:
                    markers[number] -= 1
                events.append(event("save", ship=ship.id, roll="AP marker", area=area, die=test.die,
                                    passed=test.passed))
        state = state.with_ship(replace(ship, ap_markers=tuple(markers), revealed=True))
    return state, tuple(events)


__all__ = [
    "Drifted", "OversteerRoll", "ap_tests", "changed_wind", "current_leg", "current_under", "drift",
    "drift_all", "drift_contact", "fate", "hulk_drift", "oversteer", "passes_line", "setup_wind",
    "wind_leg", "within_line",
]
