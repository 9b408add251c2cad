"""Wooden Walls collisions (rulings §8.1–§8.3, §10.4 head-on, §23 block 3), worked by hand.

MA-PELLA (trireme, ABLE) stands at (8, 6) heading 0 (north) unless said: its starboard beam is
x = 8.15 for y in [5.475, 6.4701], its port beam x = 7.85; oar sections S1/P1 u in [0.1384,
0.4701], S2/P2 [−0.1933, 0.1384], S3/P3 [−0.525, −0.1933] (u = y − 6 at heading 0). The mover
RH-HELIOS (trireme) is placed touching it, one named corner on a named point (`corner_at`).
Octagon corners in G3's order: 0 starboard bow corner, 1 starboard shoulder, 2 starboard hip,
3 starboard stern corner, 4 port stern corner, 5 port hip, 6 port shoulder, 7 port bow corner.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.table import Vec, overlaps, to_world
from pbem.rules.woodenwalls.collisions import Contact, collision_speed, intent_applies, resolve
from pbem.rules.woodenwalls.orders import ANY, Ram, Shear
from pbem.rules.woodenwalls.shipgeom import EPSILON
from pbem.rules.woodenwalls.shiptypes import ship_type
from pbem.rules.woodenwalls.state import GameState, Ship, ShippedOars, new_ship

TRIREME = ship_type("trireme")


def corner_at(heading: float, corner: int, point: Vec) -> tuple[float, float]:
    """The centre of a trireme at `heading` whose corner `corner` lies on `point`."""
    local = TRIREME.footprint.corners[corner]
    offset = to_world(local.x, local.y, Vec(0.0, 0.0), heading)
    return point.x - offset.x, point.y - offset.y


def pella(**changes: object) -> Ship:
    return replace(new_ship("MA-PELLA", "trireme", "macedon", 8.0, 6.0, 0.0), **changes)  # type: ignore[arg-type]


def helios(x: float, y: float, heading: float, **changes: object) -> Ship:
    return replace(new_ship("RH-HELIOS", "trireme", "rhodes", x, y, heading, 4), **changes)  # type: ignore[arg-type]


def game(*ships: Ship) -> GameState:
    state = GameState(ships=ships)
    for ship in ships:  # the mover stands touching, never overlapping
        for other in ships:
            assert ship is other or not overlaps(ship.polygon, other.polygon, EPSILON)
    return state


def dice(*values: int) -> ForcedDice:
    return ForcedDice(values=list(values), largest_die=20)


def log(rolled: ForcedDice) -> list[tuple[str, int]]:
    return [(roll.purpose, roll.sides) for roll in rolled.log]


def contact(intent: object = None, left: float = 0.5, backing: bool = False) -> Contact:
    return Contact("RH-HELIOS", "MA-PELLA", intent, left, backing)  # type: ignore[arg-type]


# HELIOS heading 330 (pointing north-north-west) just east of PELLA: its port bow corner and port shoulder
# share x (the bow quarter makes 30° with the keel), so its port bow quarter lies flush on
# PELLA's starboard beam; θ = 30, in the shear band.
QUARTER_330 = corner_at(330.0, 6, Vec(8.15, 5.9))


def test_collision_speed_opposed_same_way_across() -> None:
    # §8.3: 3 + 2 opposed; 3 − 2 same way; across (90°) 3 alone; target stopped 3; never < 0;
    # a backing target counts 1 with its travel reversed (heading 0 backing travels 180: + 1).
    mover = helios(8.0, 5.0, 0.0, speed=3)
    assert collision_speed(mover, pella(heading=180.0, speed=2)) == 5
    assert collision_speed(mover, pella(speed=2)) == 1
    assert collision_speed(mover, pella(heading=90.0, speed=2)) == 3
    assert collision_speed(mover, pella()) == 3
    assert collision_speed(replace(mover, speed=1), pella(speed=4)) == 0
    assert collision_speed(mover, pella(speed="B")) == 4
    # Within 60° of the reverse: travel 120 against 0 adds; 119.5 does not (and is not within 60).
    assert collision_speed(mover, pella(heading=120.0, speed=2)) == 5
    assert collision_speed(mover, pella(heading=119.5, speed=2)) == 3


def test_intent_only_against_the_enemy_named_or_any() -> None:
    state = game(pella(), helios(8.0, 4.0, 0.0))
    mover, target = state.require("RH-HELIOS"), state.require("MA-PELLA")
    assert intent_applies(state, mover, target, Ram("ma-pella"))
    assert intent_applies(state, mover, target, Shear(ANY))
    assert not intent_applies(state, mover, target, Ram("MA-OTHER"))
    friend = replace(target, side="rhodes")
    assert not intent_applies(state, mover, friend, Ram(ANY))
    assert not intent_applies(state, mover, replace(target, status="hulk"), Ram("MA-PELLA"))


def test_accidental_collision_ends_segment_and_saves_target() -> None:
    # HELIOS's bow flush on PELLA's starboard beam (heading 270, bow edge x = 8.15, centred
    # y = 6: I = (8.15, 6), u = 0 → S2), no intent: accidental. Speed 2: no modifier; d6 4 < 5
    # (ABLE) → S2 destroyed. HELIOS's part is its bow: no test of its own.
    rolled = dice(4)
    outcome = resolve(game(pella(), helios(8.75, 6.0, 270.0, speed=2)), contact(), rolled)
    assert outcome.events[0]["result"] == "accidental" and outcome.ends_segment
    assert log(rolled) == [("oar save MA-PELLA S2", 6)]
    assert outcome.state.require("MA-PELLA").oars_lost == ("S2",)
    assert outcome.state.require("MA-PELLA").revealed and not outcome.state.require("RH-HELIOS").revealed


def test_no_test_for_side_already_shipped() -> None:
    # The same with PELLA's starboard oars shipped when the contact began: no die at all.
    rolled = dice()
    shipped = pella(shipped=(ShippedOars("starboard"),))
    outcome = resolve(game(shipped, helios(8.75, 6.0, 270.0, speed=2)), contact(), rolled)
    assert rolled.log == [] and outcome.state.require("MA-PELLA").oars_lost == ()


def test_no_test_for_section_already_destroyed() -> None:
    rolled = dice()
    resolve(game(pella(oars_lost=("S2",)), helios(8.75, 6.0, 270.0, speed=2)), contact(), rolled)
    assert rolled.log == []


def test_collision_speed_modifier_and_open_ship() -> None:
    # Collision speed 4 → −2; an open PELLA +2: d6 5 + 0 = 5 passes (ABLE 5+) → starboard shipped.
    outcome = resolve(game(pella(protection="open"), helios(8.75, 6.0, 270.0)), contact(), dice(5))
    assert [oars.side for oars in outcome.state.require("MA-PELLA").shipped] == ["starboard"]
    save = outcome.events[-1]
    assert save["modifiers"] == 0 and save["total"] == 5 and save["passed"]


def test_both_ships_test_target_first() -> None:
    # Beam to beam: HELIOS heading 180 alongside PELLA's starboard side (x = 8.3, its starboard
    # beam on x = 8.15), a backing mover (accidental, §7.7), centred 0.1 north. K = PELLA's
    # shoulder (8.15, 6.4701) and HELIOS's (8.15, 5.6299): I = (8.15, 6.05), u 0.05 on both →
    # PELLA S2, then HELIOS S2 (the target's test first). Collision speed B = 1: no modifier.
    rolled = dice(6, 6)
    mover = helios(8.3, 6.1, 180.0, speed="B")
    outcome = resolve(game(pella(), mover), contact(backing=True), rolled)
    assert [purpose for purpose, _ in log(rolled)] == ["oar save MA-PELLA S2", "oar save RH-HELIOS S2"]
    assert outcome.events[0]["result"] == "accidental"


def test_stern_quarter_steering_test() -> None:
    # PELLA's starboard stern quarter runs from its hip (8.15, 5.475) to its stern corner
    # (8.075, 5.4); HELIOS heading 315 meets it flush with its bow edge (centred on the quarter's
    # midpoint (8.1125, 5.4375)). No intent: accidental; PELLA's steering oar tests: speed 2, d6 4
    # < 5 → lost. HELIOS's part is its bow: no test.
    x, y = 8.1125 + 0.6 * 0.5 ** 0.5, 5.4375 - 0.6 * 0.5 ** 0.5
    rolled = dice(4)
    outcome = resolve(game(pella(), helios(x, y, 315.0, speed=2)), contact(), rolled)
    assert outcome.events[0]["target_part"] == "starboard stern quarter"
    assert log(rolled) == [("steering save MA-PELLA starboard", 6)]
    assert outcome.state.require("MA-PELLA").steering_lost == ("starboard",)


def test_ram_on_stern_quarter_minus_half_rav() -> None:
    # The same with RAM MA-PELLA: a ram on a quarter: S 2 → 4 − 1 + d6 2 = 5; D = 0 + d6 4 = 4 →
    # M 1 → a small hole, locked; HELIOS speed 0 (stopped target). Then the steering test d6 6.
    x, y = 8.1125 + 0.6 * 0.5 ** 0.5, 5.4375 - 0.6 * 0.5 ** 0.5
    rolled = dice(2, 4, 6)
    outcome = resolve(game(pella(), helios(x, y, 315.0, speed=2)), contact(Ram("MA-PELLA")), rolled)
    assert outcome.events[1]["attack"] == 5.0
    assert outcome.state.require("MA-PELLA").holes == ("S",)
    assert outcome.state.link_entries() == ("ram RH-HELIOS>MA-PELLA",)
    assert outcome.state.require("MA-PELLA").steering_lost == ()


def test_ram_intent_with_quarter_is_accidental() -> None:
    # §8.2: RAM with a non-bow part (the port bow quarter flush on the beam) is accidental:
    # PELLA's oar test only (I at y = 5.9 + 0.075: u = −0.025 → S2), speed 4 → −2, d6 6 passes.
    rolled = dice(6)
    outcome = resolve(game(pella(), helios(*QUARTER_330, 330.0)), contact(Ram("MA-PELLA")), rolled)
    assert outcome.events[0]["mover_part"] == "port bow quarter"
    assert outcome.events[0]["result"] == "accidental"
    assert log(rolled) == [("oar save MA-PELLA S2", 6)]


def test_shear_band_test_fail_is_ram() -> None:
    # SHEAR with the bow quarter at θ = 30: the claim d6 2 fails (ABLE 5+) → a ram on the beam,
    # bow corners not both on PELLA: 2 × 4 + d6 1 = 9; D = 0 + d6 6 = 6 → M 3 → L; saves.
    rolled = dice(2, 1, 6, 6)
    outcome = resolve(game(pella(), helios(*QUARTER_330, 330.0)), contact(Shear("MA-PELLA")), rolled)
    assert [purpose for purpose, _ in log(rolled)] == [
        "shear claim RH-HELIOS", "ram attack RH-HELIOS", "ram defence MA-PELLA", "oar save MA-PELLA S2"]
    assert outcome.events[0]["result"] == "ram" and outcome.events[0]["theta"] == 30.0
    assert outcome.state.require("MA-PELLA").holes == ("L",)
    assert outcome.state.require("RH-HELIOS").revealed


def test_shear_band_test_pass_is_shear() -> None:
    # Claim d6 5 passes; no advance left: the target's section at I (S2), then HELIOS's own test.
    rolled = dice(5, 6, 6)
    outcome = resolve(game(pella(), helios(*QUARTER_330, 330.0)), contact(Shear("MA-PELLA"), 0.0), rolled)
    assert outcome.events[0]["result"] == "shear"
    assert log(rolled)[0] == ("shear claim RH-HELIOS", 6)


def test_head_on_both_ram() -> None:
    # HELIOS heading 0 at 4, bow at y = 5.85 against PELLA heading 180 (stopped), bow at 5.85:
    # head-on (RAV 2, more than 135° apart). S = 4 (stopped target) for both. HELIOS: 8 + d6 1 = 9
    # against 0 + d6 6 = 6 → M 3 → L; PELLA back: 8 + d6 2 = 10 against 0 + d6 6 = 6 → M 4 → L S.
    # Two locks; HELIOS speed 0. Bows: no saves.
    rolled = dice(1, 6, 2, 6)
    state = game(pella(y=6.45, heading=180.0), helios(8.0, 5.25, 0.0))
    outcome = resolve(state, contact(Ram("MA-PELLA")), rolled)
    assert [purpose for purpose, _ in log(rolled)] == [
        "ram attack RH-HELIOS", "ram defence MA-PELLA", "ram attack MA-PELLA", "ram defence RH-HELIOS"]
    assert outcome.events[0]["head_on"]
    assert outcome.state.require("MA-PELLA").holes == ("L",)
    assert outcome.state.require("RH-HELIOS").holes == ("L", "S")
    assert outcome.state.link_entries() == ("ram MA-PELLA>RH-HELIOS", "ram RH-HELIOS>MA-PELLA")


def test_not_head_on_without_target_rav() -> None:
    # An oar30 (no RAV) bow to bow is only rammed: two dice.
    boat = new_ship("MA-PELLA", "oar30", "macedon", 8.0, 6.2, 180.0)  # L 0.7: bow at 5.85
    rolled = dice(1, 6)
    outcome = resolve(game(boat, helios(8.0, 5.25, 0.0)), contact(Ram("MA-PELLA")), rolled)
    assert not outcome.events[0]["head_on"] and len(rolled.log) == 2


def test_backing_mover_is_accidental() -> None:
    rolled = dice(6)
    outcome = resolve(game(pella(), helios(8.75, 6.0, 270.0, speed="B")),
                      contact(Ram("MA-PELLA"), backing=True), rolled)
    assert outcome.events[0]["result"] == "accidental"
    assert outcome.events[0]["speed"] == 1


def test_collision_event_fields() -> None:
    outcome = resolve(game(pella(), helios(8.75, 6.0, 270.0, speed=2)), contact(), dice(6))
    first = outcome.events[0]
    assert first.kind == "collision" and first["mover"] == "RH-HELIOS" and first["target"] == "MA-PELLA"
    assert first["x"] == pytest.approx(8.15) and first["y"] == pytest.approx(6.0)
    assert first["theta"] == 90.0
