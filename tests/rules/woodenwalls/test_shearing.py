"""Wooden Walls shearing and the stern rake (rulings §9.2, §9.3, §9.5; plan §11 q. 15–18, 53),
worked by hand.

MA-PELLA (trireme, ABLE, stopped) at (8, 6) heading 0: starboard beam x = 8.15, port beam x = 7.85,
y in [5.475, 6.4701]; its oar sections S1/P1 u [0.1384, 0.4701], S2/P2 [−0.1933, 0.1384], S3/P3
[−0.525, −0.1933] with u = y − 6. A trireme's shoulder is at u = 0.6 − 0.075·√3 = 0.4701.

RH-HELIOS (trireme, ABLE, speed 4) heading 350 just east of PELLA with its port shoulder on
(8.15, 6): at 350 its port shoulder is its westmost point (x offset −0.2296 against the port bow
corner's −0.178), so the shoulder meets the beam: θ = 10 < 25, a shear. Its centre is
(8.3793, 5.5631).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.events import Event
from pbem.rules.table import Vec, area_polygon, overlaps, place, to_world
from pbem.rules.woodenwalls.collisions import Contact, resolve
from pbem.rules.woodenwalls.orders import ANY, Shear
from pbem.rules.woodenwalls.shearing import aligned_pose, rake, save_modifiers
from pbem.rules.woodenwalls.shipgeom import EPSILON
from pbem.rules.woodenwalls.shiptypes import ship_type
from pbem.rules.woodenwalls.state import GameState, Ship, Terrain, new_ship

TRIREME = ship_type("trireme")
SHOULDER_U = 0.6 - 0.075 * 3 ** 0.5  # 0.4701


def corner_at(heading: float, corner: int, point: Vec) -> tuple[float, float]:
    """The centre of a trireme at `heading` whose corner `corner` (G3's order) lies on `point`."""
    local = TRIREME.footprint.corners[corner]
    offset = to_world(local.x, local.y, Vec(0.0, 0.0), heading)
    return point.x - offset.x, point.y - offset.y


def pella(**changes: object) -> Ship:
    return replace(new_ship("MA-PELLA", "trireme", "macedon", 8.0, 6.0, 0.0), **changes)  # type: ignore[arg-type]


def helios(x: float, y: float, heading: float, **changes: object) -> Ship:
    return replace(new_ship("RH-HELIOS", "trireme", "rhodes", x, y, heading, 4), **changes)  # type: ignore[arg-type]


SHOULDER_350 = corner_at(350.0, 6, Vec(8.15, 6.0))


def game(*ships: Ship) -> GameState:
    for ship in ships:
        for other in ships:
            assert ship is other or not overlaps(ship.polygon, other.polygon, EPSILON)
    return GameState(ships=ships)


def dice(*values: int) -> ForcedDice:
    return ForcedDice(values=list(values), largest_die=20)


def purposes(rolled: ForcedDice) -> list[str]:
    return [roll.purpose for roll in rolled.log]


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [item.kind for item in events]


def shear_contact(left: float, target: str = "MA-PELLA") -> Contact:
    return Contact("RH-HELIOS", "MA-PELLA", Shear(target), left, False)


def test_centre_of_the_shearing_helios() -> None:
    x, y = SHOULDER_350
    assert (x, y) == pytest.approx((8.3793, 5.5631), abs=1e-4)


def test_aligned_beam_to_beam_same_heading() -> None:
    # §9.2: heading 0 (10° from 350, against 170 for the reverse); on PELLA's starboard side,
    # centre lines 0.15 + 0.15 apart: x = 8.3; the port shoulder at u_T(I) = 0: y = 6 − 0.4701.
    pose, side, sign = aligned_pose(helios(*SHOULDER_350, 350.0), pella(), Vec(8.15, 6.0))
    assert (pose.centre.x, pose.centre.y) == pytest.approx((8.3, 6.0 - SHOULDER_U))
    assert pose.heading == 0.0 and side == "starboard" and sign == 1


def test_slide_sections_in_order_reached_and_attacker_fails() -> None:
    # Slide 0.5 along heading 0: the shoulder's path on PELLA's keel is u 0 → 0.5: S2 (overlap
    # 0.1384) then S1 (0.3317), in that order. Collision speed 4 (PELLA stopped) → −2 on every
    # test. S2 d6 6 passes (naturals): starboard shipped; S1 d6 2 → 0 fails: S1 destroyed (each
    # section reached tests). HELIOS's own test: d6 3 + 2 − 2 = 3 < 5 fails: its port sections
    # that met PELLA's beam [−0.525, 0.4701] during the slide are destroyed. Its sections in
    # PELLA's frame at the start (centre u −0.4701): P1 [−0.3317, 0], P2 [−0.6634, −0.3317],
    # P3 [−0.9951, −0.6634], each swept 0.5 forward: all three meet the beam.
    rolled = dice(6, 2, 3)
    outcome = resolve(game(pella(), helios(*SHOULDER_350, 350.0)), shear_contact(0.5), rolled)
    assert outcome.events[0]["result"] == "shear" and outcome.events[0]["theta"] == 10.0
    assert purposes(rolled) == ["oar save MA-PELLA S2", "oar save MA-PELLA S1", "shear oars RH-HELIOS port"]
    target, attacker = outcome.state.require("MA-PELLA"), outcome.state.require("RH-HELIOS")
    assert [oars.side for oars in target.shipped] == ["starboard"] and target.oars_lost == ("S1",)
    assert attacker.oars_lost == ("P1", "P2", "P3") and attacker.shipped == ()
    assert (attacker.x, attacker.y, attacker.heading) == pytest.approx((8.3, 6.5 - SHOULDER_U, 0.0))
    assert outcome.advanced == pytest.approx(0.5) and outcome.ends_segment
    assert kinds(outcome.events) == ["collision", "shear", "save", "save", "save"]
    assert attacker.revealed and target.revealed
    assert attacker.holes == () and target.holes == ()  # a shear has no ramming effect (§9.1)


def test_attacker_test_pass_ships_its_oars() -> None:
    # Own test d6 5 + 2 − 2 = 5 passes: port shipped, nothing lost.
    outcome = resolve(game(pella(), helios(*SHOULDER_350, 350.0)), shear_contact(0.5), dice(6, 6, 5))
    attacker = outcome.state.require("RH-HELIOS")
    assert [oars.side for oars in attacker.shipped] == ["port"] and attacker.oars_lost == ()


def test_reverse_heading_shear() -> None:
    # HELIOS heading 190 with its starboard shoulder on (8.15, 6): the reverse, 180, is nearer
    # (10° against 170). Its starboard side faces PELLA. Centre u = 0 + 0.4701: (8.3, 6.4701).
    # Slide 0.1 south: path u 0 → −0.1: S2 only. Its starboard sections in PELLA's frame
    # (u = 0.4701 − x): S1 [0, 0.3317], S2 [0.3317, 0.6634], S3 [0.6634, 0.9951], swept 0.1 aft:
    # S1 and S2 meet the beam (up to 0.4701), S3 ([0.5634, 0.9951]) does not.
    # S2 d6 3 − 2 = 1 fails; own test d6 1 fails (naturals): S1 and S2 destroyed.
    start = corner_at(190.0, 1, Vec(8.15, 6.0))
    rolled = dice(3, 1)
    outcome = resolve(game(pella(), helios(*start, 190.0)), shear_contact(0.1), rolled)
    assert purposes(rolled) == ["oar save MA-PELLA S2", "shear oars RH-HELIOS starboard"]
    attacker = outcome.state.require("RH-HELIOS")
    assert outcome.state.require("MA-PELLA").oars_lost == ("S2",)
    assert attacker.oars_lost == ("S1", "S2")
    assert (attacker.x, attacker.y, attacker.heading) == pytest.approx((8.3, 6.3701, 180.0), abs=1e-4)


def test_align_void_when_blocked() -> None:
    # A third ship Z (trireme heading 0 at (8.2, 4.35), bow edge y 4.95) overlaps the aligned
    # place's stern (y from 4.9299) but not HELIOS where it is (its stern is at x ≥ 8.41 there):
    # the slide is void, HELIOS stays at the impact position (heading 350), and only PELLA's
    # section at I (u 0: S2) and HELIOS's own test are made. q. 16: HELIOS's port sections at the
    # impact position projected on PELLA's keel (offset −0.4369, cos 10° = 0.9848): P1 [−0.3006,
    # 0.0261] and P2 [−0.6273, −0.3006] meet the beam, P3 [−0.954, −0.6273] does not.
    third = new_ship("MA-ZEUS", "trireme", "macedon", 8.2, 4.35, 0.0)
    mover = helios(*SHOULDER_350, 350.0)
    pose, _, _ = aligned_pose(mover, pella(), Vec(8.15, 6.0))
    assert overlaps(place(TRIREME.footprint, pose), third.polygon, EPSILON)
    rolled = dice(6, 1)
    outcome = resolve(game(pella(), mover, third), shear_contact(0.5), rolled)
    attacker = outcome.state.require("RH-HELIOS")
    assert purposes(rolled) == ["oar save MA-PELLA S2", "shear oars RH-HELIOS port"]
    assert (attacker.x, attacker.y, attacker.heading) == (mover.x, mover.y, 350.0)
    assert attacker.oars_lost == ("P1", "P2") and outcome.advanced == 0.0
    assert outcome.events[1]["void"]


def test_void_at_the_table_edge() -> None:
    # Everything 4.945 SL further south: the aligned stern (y 4.9299 − 4.945 < 0) would leave
    # the table, HELIOS where it stands (lowest corner 4.959 − 4.945 > 0) does not: void.
    down = 4.945
    mover = helios(SHOULDER_350[0], SHOULDER_350[1] - down, 350.0)
    outcome = resolve(game(pella(y=6.0 - down), mover), shear_contact(0.5), dice(6, 6))
    assert outcome.events[1]["void"] and outcome.state.require("RH-HELIOS").heading == 350.0


# The aligned centre y 6 − 0.4701, its bow 0.6 ahead, a gap of 0.3, ZEUS's centre 0.6 beyond: 7.0299.
ZEUS_Y = 6.0 - SHOULDER_U + 0.6 + 0.3 + 0.6


def test_slide_ending_in_a_new_collision_resolved_inside() -> None:
    # q. 53: MA-ZEUS (enemy, stopped, heading 0) at (8.3, 7.0299): its stern edge 0.3 ahead of the
    # aligned bow (6.1299). The slide stops after 0.3 (path u 0 → 0.3: S2 then S1); SHEAR ANY
    # names ZEUS too and HELIOS's bow meets its stern: a ram, resolved after the shear's saves.
    # S 4: 2 × 4 (stern) + d6 1 = 9; D = 2 − 2 + d6 6 = 6; M 3 → L; HELIOS speed 0, locked.
    third = new_ship("MA-ZEUS", "trireme", "macedon", 8.3, ZEUS_Y, 0.0)
    rolled = dice(6, 6, 6, 1, 6)
    outcome = resolve(game(pella(), helios(*SHOULDER_350, 350.0), third), shear_contact(0.5, ANY), rolled)
    assert purposes(rolled) == ["oar save MA-PELLA S2", "oar save MA-PELLA S1", "shear oars RH-HELIOS port",
                                "ram attack RH-HELIOS", "ram defence MA-ZEUS"]
    assert kinds(outcome.events) == ["collision", "shear", "save", "save", "save", "collision", "ram",
                                     "hole", "speed", "lock"]
    assert outcome.advanced == pytest.approx(0.3)
    assert outcome.state.require("MA-ZEUS").holes == ("L",)
    assert outcome.state.require("RH-HELIOS").y == pytest.approx(6.0 - SHOULDER_U + 0.3)


def test_slide_into_a_ship_not_named_is_accidental() -> None:
    # The same named SHEAR MA-PELLA: the new contact with ZEUS is accidental (bow on stern: no
    # saves), so no more dice.
    third = new_ship("MA-ZEUS", "trireme", "macedon", 8.3, ZEUS_Y, 0.0)
    rolled = dice(6, 6, 6)
    outcome = resolve(game(pella(), helios(*SHOULDER_350, 350.0), third), shear_contact(0.5), rolled)
    assert outcome.events[5]["result"] == "accidental" and len(rolled.log) == 3


def test_save_modifiers() -> None:
    # −1 per collision speed level above 2; +2 open; +2 a shearing attacker's own oars.
    assert [m.value for m in save_modifiers(pella(), 5)] == [-3]
    assert [m.value for m in save_modifiers(pella(protection="open"), 2, own_shear=True)] == [2, 2]


# ---------------------------------------------------------------- the stern rake (§9.5)


def test_stern_rake_with_hip() -> None:
    # HELIOS heading 330 west of PELLA, its starboard hip (its eastmost point there) on
    # (7.85, 6): the target's section at I, P2 (u 0), tests at the mover's speed 2 (no
    # modifier): d6 3 < 5 destroyed. A hip takes no steering test.
    mover = helios(*corner_at(330.0, 2, Vec(7.85, 6.0)), 330.0, speed=2)
    rolled = dice(3)
    state, events = rake(game(pella(), mover), "RH-HELIOS", "MA-PELLA", rolled)
    assert purposes(rolled) == ["oar save MA-PELLA P2"]
    assert state.require("MA-PELLA").oars_lost == ("P2",)
    assert events[0].kind == "rake" and events[0]["mover_part"] == "starboard hip"


def test_stern_rake_with_stern_quarter_tests_steering() -> None:
    # Heading 315: the starboard stern quarter stands flush on PELLA's port beam (hip and stern
    # corner both at x offset 0.477), the hip on (7.85, 6.05), the stern corner 0.1061 lower:
    # I = (7.85, 5.997), PELLA P2. Speed 4 → −2 on both: P2 d6 6 shipped; the mover's starboard
    # steering oar d6 1 lost (no +2).
    mover = helios(*corner_at(315.0, 2, Vec(7.85, 6.05)), 315.0)
    rolled = dice(6, 1)
    state, events = rake(game(pella(), mover), "RH-HELIOS", "MA-PELLA", rolled)
    assert purposes(rolled) == ["oar save MA-PELLA P2", "steering save RH-HELIOS starboard"]
    assert [oars.side for oars in state.require("MA-PELLA").shipped] == ["port"]
    assert state.require("RH-HELIOS").steering_lost == ("starboard",)
    assert events[-1]["modifiers"] == -2


def test_stern_rake_with_beam_aft_of_centre_only() -> None:
    # Alongside to port, heading 0: at (7.7, 6.5) I = (7.85, 6.2225) lies aft of HELIOS's centre
    # (u −0.2775): a rake, PELLA's section there S1 → P1 (u 0.2225). At (7.7, 5.5) I (7.85, 5.7225)
    # lies forward of it (u +0.2225): nothing, no die.
    rolled = dice(6)
    state, events = rake(game(pella(), helios(7.7, 6.5, 0.0, speed=1)), "RH-HELIOS", "MA-PELLA", rolled)
    assert purposes(rolled) == ["oar save MA-PELLA P1"]
    rolled = dice()
    state, events = rake(game(pella(), helios(7.7, 5.5, 0.0, speed=1)), "RH-HELIOS", "MA-PELLA", rolled)
    assert events == () and rolled.log == []


def test_slide_stopped_by_land_is_a_block() -> None:
    # Land north of the aligned HELIOS: a square whose south edge is y 6.5 (the aligned bow is at
    # 6.1299): the slide of 0.5 stops after 0.3701, centre y 5.5299 + 0.3701 = 5.9, no new
    # collision (land blocks, §7.5); the path u 0 .. 0.3701 meets S2 then S1.
    land = area_polygon((Vec(8.0, 6.5), Vec(8.0, 7.5), Vec(9.0, 7.5), Vec(9.0, 6.5)))
    state = replace(game(pella(), helios(*SHOULDER_350, 350.0)), terrain=Terrain(land=(land,)))
    rolled = dice(6, 6, 6)
    outcome = resolve(state, shear_contact(0.5), rolled)
    attacker = outcome.state.require("RH-HELIOS")
    assert outcome.advanced == pytest.approx(0.3701, abs=1e-4) and attacker.y == pytest.approx(5.9)
    assert outcome.events[1]["stopped_by"] == "land" and len(rolled.log) == 3


def test_rake_needs_the_targets_beam_and_a_moving_ahead_or_stopped_mover() -> None:
    # Backing ships never rake (§7.7); a mover's bow on the target's beam is no rake part.
    mover = helios(*corner_at(330.0, 2, Vec(7.85, 6.0)), 330.0, speed="B")
    state, events = rake(game(pella(), mover), "RH-HELIOS", "MA-PELLA", dice())
    assert events == ()
    bow_on = helios(7.25, 6.0, 90.0, speed=1)  # bow edge on x = 7.85
    state, events = rake(game(pella(), bow_on), "RH-HELIOS", "MA-PELLA", dice())
    assert events == ()


def test_attacker_with_its_side_shipped_or_gone_takes_no_test() -> None:
    # HELIOS's port oars shipped before the contact, or all lost: only PELLA's S2 and S1 test.
    from pbem.rules.woodenwalls.state import ShippedOars

    for mover in (helios(*SHOULDER_350, 350.0, shipped=(ShippedOars("port"),)),
                  helios(*SHOULDER_350, 350.0, oars_lost=("P1", "P2", "P3"))):
        rolled = dice(6, 6)
        resolve(game(pella(), mover), shear_contact(0.5), rolled)
        assert purposes(rolled) == ["oar save MA-PELLA S2", "oar save MA-PELLA S1"]
