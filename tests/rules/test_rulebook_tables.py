"""Every cell of rulebook tables 16.1-16.9 as the engine loads and uses them.

The expected values are our own transcription of the rulebook (and, where the text is cut
off or open, of ramspeed-rulings.md), never a copy of the data files: a changed cell in
pbem/rules/ramspeed/data/*.toml fails here. Where a table is read by die roll, range or
threshold, the edge and one past it are played through the engine (orders checked and
resolved with forced dice), so a flipped comparison in the lookup code fails as well.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.events import Event
from pbem.rules.interface import PhaseResult, PhaseSpec
from pbem.rules.ramspeed import hexes, phases
from pbem.rules.ramspeed.building import cost_of
from pbem.rules.ramspeed.hexes import Hex
from pbem.rules.ramspeed.orders import BuildOrder
from pbem.rules.ramspeed.state import Galley, GameState, Weapon
from pbem.rules.ramspeed.tables import RowingStep, default_tables

TYPES = ("penteconter", "bireme", "trireme", "quinquereme")  # the column order of 16.3, 16.5, 16.6
WEAPONS = ("archer", "arbalest", "catapult", "onager")
PAIRS = [(row, column) for row in TYPES for column in TYPES]

# --- the rulebook, transcribed ------------------------------------------------------

# 16.1: (build cost, capacity, movement allowance, course-change cost)
GALLEY_TYPES_16_1 = {
    "penteconter": (14, 2, 4, 1),
    "bireme": (32, 3, 4, 2),
    "trireme": (48, 5, 3, 2),
    "quinquereme": (90, 9, 3, 3),
}

# 16.2: (build cost, size in half capacity points, minimum range, maximum range, damage)
WEAPON_TYPES_16_2 = {
    "archer": (1, 1, 1, 3, 1),
    "arbalest": (2, 2, 1, 4, 2),
    "catapult": (3, 2, 2, 5, 3),
    "onager": (5, 4, 3, 6, 5),
}
# 16.2's boarding-party row is cut off: rulings §10 (and 4.2.2's example) give cost 1, size 1/2
BOARDING_PARTY_16_2 = (1, 1)

# 16.3: attacker (rows) against target (columns in TYPES order), for rams and shears alike
RAM_SHEAR_16_3 = {
    "penteconter": (3, 4, 5, 5),
    "bireme": (2, 3, 4, 5),
    "trireme": (2, 3, 4, 5),
    "quinquereme": (1, 2, 3, 4),
}
RAM_MODIFIERS_16_3 = {"grappled": -3, "drifting": -2, "flank": -2, "stern": -1}
SHEAR_MODIFIERS_16_3 = {"grappled": -3, "opposite": -1}

# 16.4: (dice rolled, points added) for the damage of a ram or a shear
DAMAGE_DICE_16_4 = {"penteconter": (1, 0), "bireme": (1, 1), "trireme": (2, 0), "quinquereme": (3, 0)}
# 16.4 caps a shear at half the rowing banks; 8.5 puts a number on it for each target type
SHEAR_CAP_8_5 = {"penteconter": 2, "bireme": 6, "trireme": 9, "quinquereme": 20}

# 16.5: moving galley (rows) against the other galley (columns in TYPES order)
GRAPPLE_16_5 = {
    "penteconter": (3, 2, 1, 1),
    "bireme": (4, 3, 2, 1),
    "trireme": (5, 4, 3, 2),
    "quinquereme": (5, 5, 4, 3),
}

# 16.6: weapon (rows) against target (columns in TYPES order)
MISSILE_16_6 = {
    "archer": (3, 4, 5, 6),
    "arbalest": (2, 3, 4, 5),
    "catapult": (1, 2, 3, 5),
    "onager": (1, 2, 3, 4),
}
MISSILE_MODIFIERS_16_6 = {"grappled": -2, "drifting": -1}

# 16.7: die roll -> part of the target hit; die roll -> which weapon type is hit
HIT_LOCATION_16_7 = {1: "hull", 2: "hull", 3: "hull", 4: "rowing", 5: "boarding_parties", 6: "weapon"}
WEAPON_HIT_16_7 = {1: "archer", 2: "arbalest", 3: "catapult", 4: "catapult", 5: "onager", 6: "onager"}
# 16.7's first note (and 11.4 A): only catapults and onagers harm the hull
HULL_DAMAGE_16_7 = {"archer": False, "arbalest": False, "catapult": True, "onager": True}

# 16.8: die roll (rows 1-6) -> enemy parties killed, by attacking parties 1..10 and 11+ (columns).
# Row 1 and row 2's first seven cells are printed; the rest is rulings §9's house rule.
BOARDING_16_8 = (
    (1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3),
    (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3),
    (0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2),
    (0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2),
    (0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2),
    (0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2),
)

# 16.9: (hull damage to sink, rowing damage that cuts the MA to 2/3, to 1/2, to 1/3, to drift);
# None stands for the table's "--"
DAMAGE_EFFECTS_16_9 = {
    "penteconter": (10, None, 2, None, 4),
    "bireme": (20, None, 6, None, 12),
    "trireme": (30, 6, None, 12, 18),
    "quinquereme": (50, 16, None, 24, 40),
}
SPEED_CUTS_16_9 = (Fraction(2, 3), Fraction(1, 2), Fraction(1, 3))

# Loaded with the galley types though not part of 16.x: 14.0's fleet values, rulings §2's lengths
VICTORY_POINTS_14_0 = {"penteconter": 1, "bireme": 2, "trireme": 3, "quinquereme": 5}
LENGTH_RULING_2 = {"penteconter": 2, "bireme": 3, "trireme": 3, "quinquereme": 4}


def _rowing_steps(kind: str) -> list[tuple[int, int]]:
    """16.9 read as (rowing damage from, base MA from then on), the last step the drift."""
    ma = GALLEY_TYPES_16_1[kind][2]
    _, *cuts, drift = DAMAGE_EFFECTS_16_9[kind]
    steps = []
    for threshold, fraction in zip(cuts, SPEED_CUTS_16_9, strict=True):
        if threshold is not None:
            reduced = ma * fraction
            assert reduced.denominator == 1, f"16.9 cuts {kind}'s MA {ma} to {reduced}"
            steps.append((threshold, int(reduced)))
    assert drift is not None
    return [*steps, (drift, 0)]


# --- playing a phase through the engine ----------------------------------------------

E, SE, W, NE = (hexes.facing_index(f) for f in ("E", "SE", "W", "NE"))
ORIGIN = hexes.from_offset(14, 10)  # well inside the default 32 x 24 map


def _ma(kind: str) -> int:
    return GALLEY_TYPES_16_1[kind][2]


def _galley(gid: str, side: str, kind: str, bow: Hex, facing: int, **fields: Any) -> Galley:
    return Galley(id=gid, side=side, type=kind, bow=bow, facing=facing, **fields)


def _grapple(a: Galley, b: Galley) -> tuple[Galley, Galley]:
    return (Galley(**{**a.__dict__, "grappled_with": frozenset({b.id})}),
            Galley(**{**b.__dict__, "grappled_with": frozenset({a.id})}))


def _check(galleys: list[Galley], kind: str, side: str, text: str) -> PhaseResult:
    """Check one side's orders (no dice); the result's `rejected` names refused galleys."""
    state = GameState(galleys=tuple(galleys), initiative="blue")
    sheet, _ = phases.check(state, PhaseSpec(kind, side), text)
    return PhaseResult(state=state, events=(), rejected=phases.rejected_of([sheet]))


def _refused_for(result: PhaseResult, reason: str) -> bool:
    """True when exactly one line was refused and its reason mentions `reason`."""
    return len(result.rejected) == 1 and reason in result.rejected[0][1]


def _play(galleys: list[Galley], kind: str, orders: dict[str, str], dice: list[int]) -> PhaseResult:
    """Check and resolve a phase; every forced die must be used, and no order refused."""
    state = GameState(galleys=tuple(galleys), initiative="blue")
    sheets = [phases.check(state, PhaseSpec(kind, side), text)[0] for side, text in orders.items()]
    forced = ForcedDice(values=dice)
    result = phases.resolve(state, PhaseSpec(kind, next(iter(orders))), sheets, forced)
    forced.finish()
    assert result.rejected == ()
    return result


def _one(result: PhaseResult, kind: str) -> Event:
    found = [e for e in result.events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind} event, got {found}"
    return found[0]


def _after(result: PhaseResult, gid: str) -> Galley:
    galley = result.state.galley(gid)
    assert galley is not None
    return galley


def _ram(attacker: str, target: Galley, dice: list[int], speed: int = 1,
         extra: tuple[Galley, ...] = ()) -> PhaseResult:
    """Blue galley A rams red galley X, whose bow or side lies just ahead of A's last hex.
    A moves straight at X exactly the MA that 7.1 asks before a ram."""
    need = -(-_ma(attacker) * speed // 2)  # half the MA for the turn, rounded up (rulings §4)
    ram_from = hexes.add(ORIGIN, W)  # A's bow when it rams; ORIGIN must be one of X's hexes
    rammer = _galley("A", "blue", attacker, hexes.add(ram_from, W, need), E)
    word = {1: "", 2: "DOUBLE ", 3: "TRIPLE "}[speed]
    return _play([rammer, target, *extra], "movement", {"blue": f"A: {word}{'F ' * need}RAM X"}, dice)


def _bow_target(kind: str, **fields: Any) -> Galley:
    """Red galley X with its bow on ORIGIN, pointing back at the rammer: a bow attack."""
    return _galley("X", "red", kind, ORIGIN, W, **fields)


def _shear(shearer: str, target: str, dice: list[int], opposite: bool = False,
           grappled: bool = False) -> PhaseResult:
    """Blue galley A runs the length of red galley X's port side and shears it; X faces E."""
    length = LENGTH_RULING_2[target]
    row = hexes.side_row(ORIGIN, E, length, -1)
    steps = _ma(shearer)
    if opposite:  # from X's bow towards its stern, facing W
        end = hexes.add(row[-1], W)
        galley = _galley("A", "blue", shearer, hexes.add(end, E, steps), W)
    else:
        end = hexes.add(row[0], E)
        galley = _galley("A", "blue", shearer, hexes.add(end, W, steps), E)
    x = _galley("X", "red", target, ORIGIN, E)
    galleys = [galley, x]
    if grappled:  # a third galley, below X, holds it
        x, holder = _grapple(x, _galley("Y", "blue", "trireme", hexes.add(ORIGIN, SE), E))
        galleys = [galley, x, holder]
    return _play(galleys, "movement", {"blue": f"A: {'F ' * steps}SHEAR X"}, dice)


def _shooter(weapons: tuple[str, ...]) -> Galley:
    return _galley("A", "blue", "trireme", ORIGIN, E, weapons=tuple(Weapon(w) for w in weapons))


def _target_at(kind: str, distance: int, **fields: Any) -> Galley:
    """Red galley X facing E in A's row, its stern `distance` hexes ahead of A's bow."""
    bow = hexes.add(ORIGIN, E, distance + LENGTH_RULING_2[kind] - 1)
    return _galley("X", "red", kind, bow, E, **fields)


def _fire(weapon: str, target: Galley, dice: list[int], extra: tuple[Galley, ...] = ()) -> PhaseResult:
    return _play([_shooter((weapon,)), target, *extra], "combat",
                 {"blue": f"A: FIRE {weapon} X", "red": ""}, dice)


# --- 16.1 galley types ---------------------------------------------------------------


@pytest.mark.parametrize("kind", TYPES)
def test_16_1_galley_type_cells(kind: str) -> None:
    galley = default_tables().galleys[kind]
    loaded = (galley.cost, galley.capacity, galley.movement_allowance, galley.course_change_cost)
    assert loaded == GALLEY_TYPES_16_1[kind]
    assert galley.victory_points == VICTORY_POINTS_14_0[kind]
    assert galley.length == LENGTH_RULING_2[kind]  # rulings §2, house rule


def test_16_1_the_table_has_exactly_the_four_types() -> None:
    assert sorted(default_tables().galleys) == sorted(TYPES)


@pytest.mark.parametrize("kind", TYPES)
def test_16_1_an_empty_galley_costs_its_build_points(kind: str) -> None:
    assert cost_of(BuildOrder("A", kind, (), 0), default_tables()) == (GALLEY_TYPES_16_1[kind][0], 0, 0)


@pytest.mark.parametrize("kind", TYPES)
def test_16_1_capacity_is_filled_to_the_edge_and_no_further(kind: str) -> None:
    halves = 2 * GALLEY_TYPES_16_1[kind][1]  # a boarding party is half a capacity point
    assert _check([], "build", "blue", f"A: {kind} {halves} bp").rejected == ()
    assert _refused_for(_check([], "build", "blue", f"A: {kind} {halves + 1} bp"), "capacity")


@pytest.mark.parametrize("kind", TYPES)
def test_16_1_movement_allowance_is_spent_to_the_edge_and_no_further(kind: str) -> None:
    a = _galley("A", "blue", kind, ORIGIN, E)
    assert _check([a], "movement", "blue", f"A: F{_ma(kind)}").rejected == ()
    assert _refused_for(_check([a], "movement", "blue", f"A: F{_ma(kind) + 1}"), "MA")


@pytest.mark.parametrize("kind", TYPES)
def test_16_1_a_course_change_costs_its_hexes(kind: str) -> None:
    cost, ma = GALLEY_TYPES_16_1[kind][3], _ma(kind)
    a = _galley("A", "blue", kind, ORIGIN, E)
    left = "F " * (ma - cost)
    assert _check([a], "movement", "blue", f"A: S {left}").rejected == ()
    assert _refused_for(_check([a], "movement", "blue", f"A: S {left}F"), "MA")


# --- 16.2 weapon types ---------------------------------------------------------------


@pytest.mark.parametrize("weapon", WEAPONS)
def test_16_2_weapon_type_cells(weapon: str) -> None:
    loaded = default_tables().weapons[weapon]
    cells = (loaded.cost, loaded.halves, loaded.min_range, loaded.max_range, loaded.damage)
    assert cells == WEAPON_TYPES_16_2[weapon]
    assert loaded.hull_damage is HULL_DAMAGE_16_7[weapon]


def test_16_2_boarding_party_row() -> None:
    tables = default_tables()
    assert (tables.party_cost, tables.party_halves) == BOARDING_PARTY_16_2  # rulings §10
    assert sorted(tables.weapons) == sorted(WEAPONS)


@pytest.mark.parametrize("weapon", WEAPONS)
def test_16_2_a_weapon_adds_its_cost_and_size(weapon: str) -> None:
    cost, halves = WEAPON_TYPES_16_2[weapon][:2]
    trireme = GALLEY_TYPES_16_1["trireme"][0]
    assert cost_of(BuildOrder("A", "trireme", (weapon,), 2), default_tables()) == (
        trireme + cost + 2, cost + 2, halves + 2)


@pytest.mark.parametrize("weapon", WEAPONS)
def test_16_2_a_weapon_takes_its_size_of_the_capacity(weapon: str) -> None:
    room = 2 * GALLEY_TYPES_16_1["trireme"][1] - WEAPON_TYPES_16_2[weapon][1]
    assert _check([], "build", "blue", f"A: trireme {weapon} {room} bp").rejected == ()
    assert _refused_for(_check([], "build", "blue", f"A: trireme {weapon} {room + 1} bp"), "capacity")


def _range_cases() -> list[tuple[str, int, bool]]:
    cases = []
    for weapon, (_, _, shortest, longest, _) in WEAPON_TYPES_16_2.items():
        cases += [(weapon, shortest, True), (weapon, longest, True), (weapon, longest + 1, False)]
        if shortest > 1:  # range 0 cannot happen: galleys never share a hex
            cases.append((weapon, shortest - 1, False))
    return cases


@pytest.mark.parametrize(("weapon", "distance", "allowed"), _range_cases())
def test_16_2_range_edges(weapon: str, distance: int, allowed: bool) -> None:
    galleys = [_shooter((weapon,)), _target_at("bireme", distance)]
    assert hexes.galley_distance(galleys[0].hexes(), galleys[1].hexes()) == distance
    result = _check(galleys, "combat", "blue", f"A: FIRE {weapon} X")
    assert result.rejected == () if allowed else _refused_for(result, "range"), result.rejected


@pytest.mark.parametrize("weapon", WEAPONS)
def test_16_2_damage_points_land_on_the_rowing_banks(weapon: str) -> None:
    result = _fire(weapon, _target_at("quinquereme", 3), [1, 4])  # hit, then location 4
    assert _after(result, "X").rowing_damage == WEAPON_TYPES_16_2[weapon][4]


@pytest.mark.parametrize("weapon", WEAPONS)
def test_16_7_note_only_heavy_weapons_harm_the_hull(weapon: str) -> None:
    result = _fire(weapon, _target_at("quinquereme", 3), [1, 1])  # hit, then location 1
    damage = WEAPON_TYPES_16_2[weapon][4] if HULL_DAMAGE_16_7[weapon] else 0
    assert _after(result, "X").hull_damage == damage


# --- 16.3 ram / shear attempt --------------------------------------------------------


def test_16_3_ram_shear_cells() -> None:
    loaded = default_tables().ram_shear
    assert {pair: loaded[pair] for pair in PAIRS} == {
        (row, column): RAM_SHEAR_16_3[row][TYPES.index(column)] for row, column in PAIRS}
    assert len(loaded) == len(PAIRS)


def test_16_3_modifier_cells() -> None:
    tables = default_tables()
    assert tables.ram_modifiers == RAM_MODIFIERS_16_3
    assert tables.shear_modifiers == SHEAR_MODIFIERS_16_3


def _needed(table: dict[str, tuple[int, ...]], row: str, column: str) -> int:
    return table[row][TYPES.index(column)]


@pytest.mark.parametrize(("attacker", "target"), PAIRS)
def test_16_3_ram_succeeds_at_the_number_and_fails_one_above(attacker: str, target: str) -> None:
    needed = _needed(RAM_SHEAR_16_3, attacker, target)
    dice_count = DAMAGE_DICE_16_4[attacker][0]
    hit = _one(_ram(attacker, _bow_target(target), [needed] + [1] * dice_count), "ram")
    assert (hit["angle"], hit["success"]) == ("bow", True)
    assert _one(_ram(attacker, _bow_target(target), [needed + 1]), "ram")["success"] is False


@pytest.mark.parametrize(("attacker", "target"), PAIRS)
def test_16_3_shear_succeeds_at_the_number_and_fails_one_above(attacker: str, target: str) -> None:
    needed = _needed(RAM_SHEAR_16_3, attacker, target)
    dice_count = DAMAGE_DICE_16_4[attacker][0]
    assert _one(_shear(attacker, target, [needed] + [1] * dice_count), "shear")["success"] is True
    assert _one(_shear(attacker, target, [needed + 1]), "shear")["success"] is False


def _ram_with(modifier: str, attacker: str, target: str, roll: int, success: bool) -> None:
    """A ram that gets exactly one of 16.3's modifiers, rolling `roll`; the dice given are
    those its expected outcome uses, so the other outcome also fails on the dice."""
    extra: tuple[Galley, ...] = ()
    if modifier == "stern":  # X points away from A: A's bow comes up behind X's stern
        x = _galley("X", "red", target, hexes.add(ORIGIN, E, LENGTH_RULING_2[target] - 1), E)
    elif modifier == "flank":  # X lies across A's path, bow first, its stern trailing NW
        x = _galley("X", "red", target, ORIGIN, SE)
    elif modifier == "drifting":
        x = _bow_target(target, drifting=True)
    else:  # grappled by a third galley lying below it
        x, holder = _grapple(_bow_target(target),
                             _galley("Y", "blue", "trireme", hexes.add(ORIGIN, SE), W))
        extra = (holder,)
    dice = [roll] + [1] * DAMAGE_DICE_16_4[attacker][0] * success
    event = _one(_ram(attacker, x, dice, extra=extra), "ram")
    assert event["angle"] == {"stern": "stern", "flank": "flank"}.get(modifier, "bow")
    assert event["success"] is success


@pytest.mark.parametrize(("modifier", "attacker", "target"), [
    ("stern", "penteconter", "penteconter"),
    ("flank", "penteconter", "penteconter"),
    ("drifting", "quinquereme", "penteconter"),
    ("grappled", "quinquereme", "penteconter"),
])
def test_16_3_each_ram_modifier_moves_the_edge(modifier: str, attacker: str, target: str) -> None:
    edge = _needed(RAM_SHEAR_16_3, attacker, target) - RAM_MODIFIERS_16_3[modifier]
    assert edge < 6  # so that one above the edge is a roll that can miss
    _ram_with(modifier, attacker, target, edge, True)
    _ram_with(modifier, attacker, target, edge + 1, False)


@pytest.mark.parametrize("modifier", ["opposite", "grappled"])
def test_16_3_each_shear_modifier_moves_the_edge(modifier: str) -> None:
    edge = _needed(RAM_SHEAR_16_3, "quinquereme", "penteconter") - SHEAR_MODIFIERS_16_3[modifier]
    kwargs = {modifier: True}
    assert _one(_shear("quinquereme", "penteconter", [edge, 1, 1, 1], **kwargs), "shear")["success"]
    assert not _one(_shear("quinquereme", "penteconter", [edge + 1], **kwargs), "shear")["success"]


# --- 16.4 damage from ramming and shearing -------------------------------------------


@pytest.mark.parametrize("kind", TYPES)
def test_16_4_damage_dice_cells(kind: str) -> None:
    galley = default_tables().galleys[kind]
    assert (galley.ram_dice, galley.ram_bonus) == DAMAGE_DICE_16_4[kind]
    assert galley.shear_cap == SHEAR_CAP_8_5[kind]


@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("kind", TYPES)
def test_16_4_ram_damage_dice_times_the_speed(kind: str, speed: int) -> None:
    count, bonus = DAMAGE_DICE_16_4[kind]
    faces = [2, 3, 4][:count]  # the forced dice must be used up exactly: the count is checked
    result = _ram(kind, _bow_target("quinquereme"), [1, *faces], speed=speed)
    assert _after(result, "X").hull_damage == (sum(faces) + bonus) * speed


@pytest.mark.parametrize("kind", TYPES)
def test_16_4_shear_damage_dice_without_speed(kind: str) -> None:
    count, bonus = DAMAGE_DICE_16_4[kind]
    faces = [2, 3, 4][:count]
    result = _shear(kind, "quinquereme", [1, *faces])
    assert _after(result, "X").rowing_damage == sum(faces) + bonus


@pytest.mark.parametrize(("shearer", "target", "faces", "rowing"), [
    ("penteconter", "penteconter", [2], 2),  # 8.5: the cap itself
    ("penteconter", "penteconter", [3], 2),  # one over
    ("penteconter", "bireme", [6], 6),
    ("bireme", "bireme", [6], 6),  # 6 + 1 rolled
    ("quinquereme", "trireme", [3, 3, 3], 9),
    ("quinquereme", "trireme", [3, 3, 4], 9),
    ("quinquereme", "quinquereme", [6, 6, 6], 18),  # three dice never reach the cap of 20
])
def test_16_4_shear_damage_cap_edges(shearer: str, target: str, faces: list[int], rowing: int) -> None:
    assert _after(_shear(shearer, target, [1, *faces]), "X").rowing_damage == rowing


# --- 16.5 grappling / ungrappling ----------------------------------------------------


def test_16_5_grapple_cells() -> None:
    loaded = default_tables().grapple
    assert {pair: loaded[pair] for pair in PAIRS} == {
        (row, column): GRAPPLE_16_5[row][TYPES.index(column)] for row, column in PAIRS}
    assert len(loaded) == len(PAIRS)


def _bow_to_bow(mover: str, other: str, grappled: bool) -> list[Galley]:
    a = _galley("A", "blue", mover, ORIGIN, E)
    x = _galley("X", "red", other, hexes.add(ORIGIN, E), W)
    return list(_grapple(a, x)) if grappled else [a, x]


@pytest.mark.parametrize(("mover", "other"), PAIRS)
def test_16_5_grapple_succeeds_at_the_number_and_fails_one_above(mover: str, other: str) -> None:
    needed = _needed(GRAPPLE_16_5, mover, other)
    for roll, success in ((needed, True), (needed + 1, False)):
        result = _play(_bow_to_bow(mover, other, False), "movement", {"blue": "A: GRAPPLE X"}, [roll])
        assert _one(result, "grapple")["success"] is success
        assert (_after(result, "A").grappled_with == {"X"}) is success


@pytest.mark.parametrize(("mover", "other"), PAIRS)
def test_16_5_ungrapple_succeeds_at_the_number_and_fails_one_above(mover: str, other: str) -> None:
    needed = _needed(GRAPPLE_16_5, mover, other)
    for roll, success in ((needed, True), (needed + 1, False)):
        result = _play(_bow_to_bow(mover, other, True), "movement", {"blue": "A: UNGRAPPLE X"}, [roll])
        assert _one(result, "ungrapple")["success"] is success
        assert (_after(result, "A").grappled_with == frozenset()) is success


# --- 16.6 missile attack -------------------------------------------------------------


def test_16_6_missile_cells() -> None:
    loaded = default_tables().missile
    pairs = [(weapon, target) for weapon in WEAPONS for target in TYPES]
    assert {pair: loaded[pair] for pair in pairs} == {
        (weapon, target): MISSILE_16_6[weapon][TYPES.index(target)] for weapon, target in pairs}
    assert len(loaded) == len(pairs)
    assert default_tables().missile_modifiers == MISSILE_MODIFIERS_16_6


@pytest.mark.parametrize(("weapon", "target"), [(w, t) for w in WEAPONS for t in TYPES])
def test_16_6_missile_hits_at_the_number_and_misses_one_above(weapon: str, target: str) -> None:
    needed = _needed(MISSILE_16_6, weapon, target)
    hit = _fire(weapon, _target_at(target, 3), [needed, 1])  # then location 1: the hull
    assert _one(hit, "fire")["hit"] is True
    if needed < 6:
        assert _one(_fire(weapon, _target_at(target, 3), [needed + 1]), "fire")["hit"] is False


@pytest.mark.parametrize(("drifting", "grappled"), [(True, False), (False, True), (True, True)])
def test_16_6_each_missile_modifier_moves_the_edge(drifting: bool, grappled: bool) -> None:
    edge = _needed(MISSILE_16_6, "catapult", "bireme")
    edge -= MISSILE_MODIFIERS_16_6["drifting"] if drifting else 0
    edge -= MISSILE_MODIFIERS_16_6["grappled"] if grappled else 0
    assert edge < 6
    for roll, hit in ((edge, True), (edge + 1, False)):
        x = _target_at("bireme", 3, drifting=drifting)
        extra: tuple[Galley, ...] = ()
        if grappled:  # held by a third galley lying above it
            x, holder = _grapple(x, _galley("Y", "blue", "trireme", hexes.add(x.bow or ORIGIN, NE), E))
            extra = (holder,)
        result = _fire("catapult", x, [roll, 1] if hit else [roll], extra)
        assert _one(result, "fire")["hit"] is hit


# --- 16.7 hit location ---------------------------------------------------------------


def test_16_7_hit_location_cells() -> None:
    tables = default_tables()
    assert tables.hit_location == HIT_LOCATION_16_7
    assert tables.weapon_hit == WEAPON_HIT_16_7


@pytest.mark.parametrize("face", range(1, 7))
def test_16_7_each_location_roll_through_a_hit(face: int) -> None:
    # one weapon type only aboard, so no second roll for which weapon (11.4 C)
    target = _target_at("quinquereme", 3, boarding_parties=5, weapons=(Weapon("onager"),))
    result = _fire("catapult", target, [1, face])
    location = HIT_LOCATION_16_7[face]
    assert _one(result, "hit")["location"] == ("weapon:onager" if location == "weapon" else location)


@pytest.mark.parametrize("face", range(1, 7))
def test_16_7_each_weapon_roll_through_a_hit(face: int) -> None:
    carried = tuple(Weapon(w) for w in WEAPONS)
    result = _fire("catapult", _target_at("quinquereme", 3, weapons=carried), [1, 6, face])
    assert _one(result, "hit")["location"] == f"weapon:{WEAPON_HIT_16_7[face]}"


# --- 16.8 boarding combat ------------------------------------------------------------


def test_16_8_boarding_cells() -> None:
    assert default_tables().boarding == BOARDING_16_8  # rows 2-6 past the print: rulings §9


def _boarding_cases() -> list[tuple[int, int, int]]:
    cases = [(roll, parties, BOARDING_16_8[roll - 1][parties - 1])
             for roll in range(1, 7) for parties in range(1, 12)]
    # past the last column: 12 or more parties read the 11+ column
    cases += [(roll, parties, BOARDING_16_8[roll - 1][10]) for roll in range(1, 7) for parties in (12, 15)]
    return cases


@pytest.mark.parametrize(("roll", "parties", "kills"), _boarding_cases())
def test_16_8_boarding_roll_through_combat(roll: int, parties: int, kills: int) -> None:
    a, x = _grapple(_galley("A", "blue", "quinquereme", ORIGIN, E, boarding_parties=parties),
                    _galley("X", "red", "quinquereme", hexes.add(ORIGIN, SE), E, boarding_parties=4))
    # X strikes back with its 4 parties and rolls a 6, which kills none (so no capture)
    result = _play([a, x], "combat", {"blue": "A: BOARD X", "red": ""}, [roll, 6])
    attack = next(e for e in result.events if e.kind == "board" and e["galley"] == "A")
    assert (attack["parties"], attack["kills"]) == (parties, kills)
    assert _after(result, "X").boarding_parties == 4 - kills


# --- 16.9 damage effects -------------------------------------------------------------


@pytest.mark.parametrize("kind", TYPES)
def test_16_9_damage_effect_cells(kind: str) -> None:
    galley = default_tables().galleys[kind]
    assert galley.sink == DAMAGE_EFFECTS_16_9[kind][0]
    assert galley.drift == DAMAGE_EFFECTS_16_9[kind][4]
    assert galley.rowing == tuple(RowingStep(*step) for step in _rowing_steps(kind))


def _rowing_edges() -> list[tuple[str, int, int]]:
    """(type, rowing damage, base MA) at each 16.9 threshold and one point below it."""
    cases = []
    for kind in TYPES:
        ma = _ma(kind)
        for threshold, reduced in _rowing_steps(kind):
            cases += [(kind, threshold - 1, ma), (kind, threshold, reduced)]
            ma = reduced
    return cases


@pytest.mark.parametrize(("kind", "rowing", "ma"), _rowing_edges())
def test_16_9_rowing_damage_edges(kind: str, rowing: int, ma: int) -> None:
    galley = _galley("A", "blue", kind, ORIGIN, E, rowing_damage=rowing)
    assert galley.base_ma(default_tables()) == ma
    drift = DAMAGE_EFFECTS_16_9[kind][4]
    assert galley.adrift(default_tables()) is (rowing >= drift)


@pytest.mark.parametrize("kind", TYPES)
@pytest.mark.parametrize("short", [0, 1])
def test_16_9_drift_edge_in_play(kind: str, short: int) -> None:
    # a galley told to stay stays, unless its rowing banks are gone and it must drift a hex
    drift = DAMAGE_EFFECTS_16_9[kind][4]
    galley = _galley("A", "blue", kind, ORIGIN, E, rowing_damage=drift - short)
    result = _play([galley], "movement", {"blue": "A: STAY"}, [])
    assert _after(result, "A").bow == (ORIGIN if short else hexes.add(ORIGIN, E))


@pytest.mark.parametrize("kind", TYPES)
@pytest.mark.parametrize("short", [0, 1])
def test_16_9_sink_edge_by_ram(kind: str, short: int) -> None:
    sink = DAMAGE_EFFECTS_16_9[kind][0]
    result = _ram("penteconter", _bow_target(kind, hull_damage=sink - 3 - short), [1, 3])
    assert _after(result, "X").status == ("sunk" if short == 0 else "afloat")


@pytest.mark.parametrize("kind", TYPES)
@pytest.mark.parametrize("short", [0, 1])
def test_16_9_sink_edge_by_missile(kind: str, short: int) -> None:
    sink = DAMAGE_EFFECTS_16_9[kind][0]
    catapult = WEAPON_TYPES_16_2["catapult"][4]
    result = _fire("catapult", _target_at(kind, 3, hull_damage=sink - catapult - short), [1, 1])
    assert _after(result, "X").status == ("sunk" if short == 0 else "afloat")
