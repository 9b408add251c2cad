"""The computer player (tactics.py): every line it writes, for many seeds on the default battle
and on random positions, reads in §21's standard notation with no extras, belongs to the open
round, names one of the side's ships afloat, and passes the refusals of §20 as written out here
from the rulings: the speed within §3.1/§3.2 (bands.speed_problem) and the path within §3.3
(paths.path_problem), RAM only forward above 0 at an enemy afloat or fleeing, REACT AVOID paths
legal, GRAPPLE/CORVUS/ARCHERS/BALLISTA/MELEE at enemies afloat or fleeing, CORVUS only with a
corvus, factors not above those aboard, targets within long range, a type the target has at short
and medium range, MELEE only when locked (§13.1), one line of a kind a ship; set-up lines legal
in the 8" zone tried in the order written (§18). Hand-built positions check the choices the
brief asks for: a ram at an enemy ahead within reach, the aim step, melee when locked."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from pbem.rules.speedband.bands import moving_row, speed_problem
from pbem.rules.speedband.missiles import range_band
from pbem.rules.speedband.notation import read_line
from pbem.rules.speedband.orders import (
    AIM,
    AVOID,
    COMBAT_ROUND,
    ORDERS_ROUND,
    SETUP_ROUND,
    Corvus,
    CorvusWork,
    Cut,
    Fire,
    Grapple,
    Losses,
    Melee,
    Movement,
    Place,
    React,
    Reading,
    Transfer,
    kind_of,
)
from pbem.rules.speedband.paths import path_problem
from pbem.rules.speedband.scenario import default_state, placement_problem
from pbem.rules.speedband.shiptypes import BANDS, SHIP_TYPES
from pbem.rules.speedband.state import (
    AFLOAT,
    CAPTURED,
    COMBAT,
    CORVUS,
    FLEEING,
    LINE,
    ORDERS,
    SETUP,
    SUNK,
    GameState,
    Phase,
    Player,
    Ship,
    TurnRecord,
    new_ship,
)
from pbem.rules.speedband.switches import parse_options
from pbem.rules.speedband.tactics import orders_for
from pbem.rules.table import Table, footprint_distance, on_table, overlaps

SIDES = ("romans", "carthaginians")
CONTEXT = {SETUP: SETUP_ROUND, ORDERS: ORDERS_ROUND, COMBAT: COMBAT_ROUND}


def _enemy_target(state: GameState, ship: Ship, target_id: str) -> str | None:
    target = state.ship(target_id)
    if target is None or not target.active or not state.enemies(ship, target):
        return f"{target_id} is not an enemy afloat or fleeing"
    return None


def _distance(state: GameState, first: Ship, second: Ship) -> float:
    return footprint_distance(first.polygon, second.polygon, state.epsilon)


def _locked(state: GameState, ship: Ship, other: Ship) -> bool:
    pair = {ship.id, other.id}
    return (state.link(ship.id, other.id) is not None
            or any(set(p) == pair for p in state.record.ram_locked)
            or (any(set(p) == pair for p in state.fought_last_turn)
                and _distance(state, ship, other) <= state.options.contact_tolerance + state.epsilon))


def _has(target: Ship, kind: str) -> bool:
    return {"rowers": sum(target.rowers), "soldiers": target.soldiers, "archers": target.archers,
            "officers": target.officers, "ballista": target.ballistae}[kind] > 0


def refusals(state: GameState, side: str, text: str) -> list[str]:
    """§20 written out from the rulings, apart from tactics.py: each refused line with why."""
    context = CONTEXT[state.phase.kind]
    speeds: dict[str, int] = {}
    for text_line in text.splitlines():
        reading = read_line(text_line, context)
        if reading is not None and isinstance(reading.order, Movement):
            speeds[reading.ship.upper()] = reading.order.speed
    problems: list[str] = []
    seen: set[tuple[str, str]] = set()
    placed: set[str] = set()
    current = state
    for text_line in text.splitlines():
        reading = read_line(text_line, context)
        if reading is None:
            continue
        problem = _refusal(current, side, reading, seen, speeds)
        if problem is None and isinstance(reading.order, Place):
            ship = current.require(reading.ship)
            own = {s.id for s in state.ships if s.side == side}
            unplaced = frozenset(own - placed - {ship.id})
            order = reading.order
            problem = placement_problem(current, ship, order.x, order.y, order.heading, unplaced)
            if problem is None:
                placed.add(ship.id)
                current = current.with_ship(replace(ship, x=order.x, y=order.y,
                                                    heading=order.heading))
        if reading.extras:
            problem = f"extras {reading.extras}"
        if problem is not None:
            problems.append(f"{text_line!r}: {problem}")
    return problems


def _refusal(state: GameState, side: str, reading: Reading, seen: set[tuple[str, str]],
             speeds: dict[str, int]) -> str | None:
    ship = state.ship(reading.ship)
    if ship is None or ship.owner != side:
        return "not the side's ship"
    if ship.status != AFLOAT:
        return "not afloat (fleeing ships and prizes take no orders)"
    order = reading.order
    key = (ship.id, kind_of(order))
    if key in seen:
        return "a second line of the same kind"
    seen.add(key)
    options = state.options
    row = moving_row(ship, options)
    if isinstance(order, Movement):
        problem = speed_problem(ship, order.speed, options) or path_problem(
            ship, row, order.speed, order.steps, bool(order.ram))
        if problem is None and order.ram:
            if order.speed <= 0:
                return "RAM needs a forward speed above 0"
            return _enemy_target(state, ship, order.ram)
        return problem
    if isinstance(order, React):
        if order.kind == AVOID and order.steps:
            if ship.id not in speeds:
                return "an AVOID path with no movement line to give its speed"
            return path_problem(ship, row, speeds[ship.id], order.steps, False)
        return None
    if isinstance(order, Grapple | Corvus):
        if isinstance(order, Corvus) and not ship.corvus:
            return "CORVUS for a ship without one"
        for target_id in order.targets:
            problem = _enemy_target(state, ship, target_id)
            if problem:
                return problem
        return None
    if isinstance(order, Fire):
        aboard = ship.archers if order.weapon == "archers" else ship.ballistae
        if sum(clause.count for clause in order.clauses) > aboard:
            return "more factors than aboard"
        for clause in order.clauses:
            problem = _enemy_target(state, ship, clause.target)
            if problem:
                return problem
            target = state.require(clause.target)
            band = range_band(order.weapon, _distance(state, ship, target), state.epsilon)
            if band is None:
                return "beyond long range"
            if band != "long" and (not clause.kind or not _has(target, clause.kind)):
                return f"at {band} range a type the target has is needed"
        return None
    if isinstance(order, Melee):
        if not order.target:
            return None
        problem = _enemy_target(state, ship, order.target)
        if problem is None and not _locked(state, ship, state.require(order.target)):
            return "MELEE with a ship not locked with it"
        return problem
    if isinstance(order, Cut | Losses | Place):
        return None
    assert not isinstance(order, CorvusWork | Transfer), "the player writes no corvus work"
    return "unexpected order"


# --- positions


def random_position(rng: random.Random, phase: Phase, count: int = 8) -> GameState:
    """Ships of random types scattered without overlap on the table, random headings, bands,
    damage, crews and statuses; some linked, some ram-locked or having fought last turn."""
    options = parse_options({})
    ships: list[Ship] = []
    tries = 0
    while len(ships) < count and tries < 2000:
        tries += 1
        row = rng.choice(SHIP_TYPES)
        side = SIDES[len(ships) % 2]
        ship = new_ship(f"{side[0].upper()}{len(ships) + 1}", "", row.name, side,
                        round(rng.uniform(3, 69), 1), round(rng.uniform(3, 45), 1),
                        rng.randrange(360))
        if len(ships) >= 2 and rng.random() < 0.5:  # close to an enemy: rams, fire, grapples
            other = ships[rng.randrange(len(ships))]
            ship = replace(ship, x=round(other.x + rng.uniform(-8, 8), 1),
                           y=round(other.y + rng.uniform(-8, 8), 1))
        if not on_table(ship.polygon, Table(72, 48), 0.001) or any(
                overlaps(ship.polygon, other.polygon, 0.001) for other in ships):
            continue
        rowers = tuple(0 if rng.random() < 0.15 else rng.randint(1, row.rowers) for _ in range(8))
        ship = replace(
            ship, rowers=rowers, hull=rng.choice((100, 100, 80, 55, 30, 5)),
            last_band=rng.choice(BANDS), changed_last_turn=rng.random() < 0.3,
            archers=rng.randint(0, row.archers), soldiers=rng.randint(0, row.soldiers),
            officers=rng.randint(0, 3), ballistae=rng.randint(0, row.ballistae),
            corvus=row.corvus_allowed and rng.random() < 0.5,
            status=rng.choice((AFLOAT,) * 8 + (FLEEING, CAPTURED, SUNK)))
        if ship.status == CAPTURED:
            ship = replace(ship, controller=SIDES[len(ships) % 2 - 1])
        ships.append(ship)
    state = GameState(tuple(ships), (Player("romans", "romans"),
                                     Player("carthaginians", "carthaginians")), options,
                      phase=phase)
    pairs = [(a.id, b.id) for a in ships for b in ships
             if a.side == "romans" and b.side != "romans" and a.active and b.active
             and _distance(state, a, b) < 1.5]
    for first, second in pairs[: rng.randint(0, len(pairs))]:
        choice = rng.randrange(3)
        if choice == 0:
            state = state.with_link(first, second, LINE)
        elif choice == 1 and state.require(first).corvus:
            state = state.with_link(first, second, CORVUS)
            state = state.with_ship(replace(state.require(first), corvus_holds=second))
        else:
            state = replace(state, record=TurnRecord(ram_locked=(*state.record.ram_locked,
                                                                 (first, second))),
                            fought_last_turn=((first, second),))
    return state


# --- every line accepted


@pytest.mark.parametrize("seed", range(12))
def test_default_battle_lines_are_all_accepted(seed: int) -> None:
    state = default_state(parse_options({}))
    for side in SIDES:
        text = orders_for(state, side, random.Random(seed))
        assert text == orders_for(state, side, random.Random(seed))  # deterministic
        assert refusals(state, side, text) == []
        movers = [line.split(":")[0] for line in text.splitlines()
                  if "SPEED" in line or "BACK" in line]
        assert sorted(movers) == sorted(s.id for s in state.ships if s.side == side)


@pytest.mark.parametrize("seed", range(8))
def test_free_setup_lines_are_all_legal(seed: int) -> None:
    state = default_state(parse_options({"setup": "free"}))
    for side in ("carthaginians", "romans"):
        state = replace(state, phase=Phase(SETUP, 0, side))
        text = orders_for(state, side, random.Random(seed))
        assert refusals(state, side, text) == []
        assert len(text.splitlines()) == 3  # every ship placed
        other = SIDES[0] if side == SIDES[1] else SIDES[1]
        assert orders_for(state, other, random.Random(seed)) == ""  # not its set-up


@pytest.mark.parametrize("seed", range(40))
def test_random_positions_round_one_lines_are_all_accepted(seed: int) -> None:
    rng = random.Random(seed)
    state = random_position(rng, Phase(ORDERS, rng.randint(1, 5)), count=rng.randint(2, 12))
    for side in SIDES:
        text = orders_for(state, side, random.Random(seed))
        assert refusals(state, side, text) == []


@pytest.mark.parametrize("seed", range(40))
def test_random_positions_round_two_lines_are_all_accepted(seed: int) -> None:
    rng = random.Random(1000 + seed)
    state = random_position(rng, Phase(COMBAT, rng.randint(1, 5)), count=rng.randint(2, 12))
    for side in SIDES:
        text = orders_for(state, side, random.Random(seed))
        assert refusals(state, side, text) == []


def test_the_lines_over_many_positions_use_every_verb() -> None:
    verbs: Counter[str] = Counter()
    for seed in range(60):
        rng = random.Random(seed)
        for kind in (ORDERS, COMBAT):
            state = random_position(rng, Phase(kind, 2), count=10)
            for side in SIDES:
                for line in orders_for(state, side, random.Random(seed)).splitlines():
                    words = line.split(":", 1)[1].split()
                    verbs[words[0]] += 1
                    verbs.update(word for word in words if word in ("RAM", "A", "AVOID"))
    for verb in ("SPEED", "RAM", "A", "REACT", "AVOID", "GRAPPLE", "CORVUS", "CUT", "ARCHERS",
                 "BALLISTA", "MELEE", "LOSSES"):
        assert verbs[verb] > 0, verb


# --- the choices, on hand-built positions


def _pair(rammer_type: str, target_type: str, dx: float, dy: float, heading: int = 0,
          **rammer: object) -> GameState:
    first = new_ship("R1", "", rammer_type, "romans", 30.0, 20.0, heading, **rammer)
    second = new_ship("C1", "", target_type, "carthaginians", 30.0 + dx, 20.0 + dy, 180)
    return GameState((first, second), (Player("romans", "romans"),
                                       Player("carthaginians", "carthaginians")),
                     parse_options({}))


def _movement(state: GameState, side: str, seed: int) -> Movement:
    for line in orders_for(state, side, random.Random(seed)).splitlines():
        reading = read_line(line, ORDERS_ROUND)
        assert reading is not None
        if isinstance(reading.order, Movement):
            return reading.order
    raise AssertionError("no movement line")


@pytest.mark.parametrize("seed", range(6))
def test_an_enemy_dead_ahead_within_reach_is_rammed_straight(seed: int) -> None:
    # R1 trireme at (30, 20) heading 0, bow at y 22; C1 trireme bow at y 20 + 6 - 2 = 24: 2" off.
    # From Cruise a trireme writes Slow, Cruise or Battle (up to 10"): it reaches.
    state = _pair("trireme", "trireme", 0.0, 6.0)
    movement = _movement(state, "romans", seed)
    assert movement.ram == "C1" and movement.steps == ()
    assert 20 < movement.speed <= 100  # past the 2" gap, within Battle


@pytest.mark.parametrize("seed", range(6))
def test_an_enemy_off_the_bow_is_rammed_with_the_aim_step(seed: int) -> None:
    # C1 lies 20° to starboard of R1's bow, 7" off centre to centre: a Battle path F2 A F...
    state = _pair("trireme", "trireme", 7 * 0.342, 7 * 0.940)
    movement = _movement(state, "romans", seed)
    assert movement.ram == "C1"
    assert [step.kind for step in movement.steps] == ["F", AIM, "F"]
    assert movement.steps[0].amount == 20


def test_an_enemy_beyond_reach_is_approached_not_rammed() -> None:
    # 30" off and 90° to starboard: no ram, a turn to starboard within the trireme's 45°.
    state = _pair("trireme", "trireme", 30.0, 0.0)
    movement = _movement(state, "romans", 3)
    assert movement.ram == ""
    turns = [step for step in movement.steps if step.kind in ("P", "S")]
    assert turns and all(step.kind == "S" and step.amount <= 45 for step in turns)


def test_a_held_ship_writes_speed_0_and_melees() -> None:
    state = _pair("quinquereme", "trireme", 0.0, 5.0, last_band="stop")
    state = state.with_link("R1", "C1", LINE)
    movement = _movement(state, "romans", 1)
    assert movement.speed == 0 and not movement.ram
    combat = replace(state, phase=Phase(COMBAT, 1))
    lines = orders_for(combat, "romans", random.Random(1)).splitlines()
    assert "R1: MELEE C1" in lines


def test_ships_that_take_no_orders_get_none() -> None:
    state = _pair("trireme", "trireme", 0.0, 6.0)
    for status in (FLEEING, CAPTURED):
        changed = state.with_ship(replace(state.require("R1"), status=status))
        assert "R1:" not in orders_for(changed, "romans", random.Random(1))
