"""Wooden Walls shooting (rulings §11.1-§11.6, §14, §23 block 4, §24; plan §11 q. 24-27, 45): who
joins a shot, the hit roll and its modifiers, engines alone, oarsmen, fire shots, AP throws, hits
applied at the step's end in §11.4's order, the cataphract rule and void hits, the oar section a
hit destroys, speeds dropping, the round's record and winning the shooting.

Geometry by hand (§2): a trireme (1.20 × 0.30) at heading 0 has its beam edges ±0.15 from the
centre; two triremes with centres 1 SL apart abeam are 0.70 apart M to M (and B to B). Its oar
sections (3 a side) split the beam from the hip u = −0.525 to the shoulder u = 0.6 − 0.075·√3 ≈
0.470 in thirds of ≈ 0.332: midpoints u ≈ +0.304 (1), −0.028 (2), −0.359 (3)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import ForcedDice
from pbem.rules.events import Event
from pbem.rules.woodenwalls import shooting, sightings
from pbem.rules.woodenwalls.elements import count, with_default_load
from pbem.rules.woodenwalls.orders import ApThrow, Engine, Fire, Oars, Reading, ShipArea, Shoot
from pbem.rules.woodenwalls.state import (
    STARBOARD,
    Element,
    GameState,
    Ship,
    Wind,
    new_ship,
)
from pbem.rules.woodenwalls.switches import Options

R, M = "rhodes", "macedon"


def ship(ship_id: str, type_id: str, side: str, x: float, y: float, speed: int | str = 2,
         heading: float = 0.0, **changes: object) -> Ship:
    return with_default_load(new_ship(ship_id, type_id, side, x, y, heading, speed, **changes))


def carrying(base: Ship, *elements: tuple[str, str, dict[str, object]]) -> Ship:
    return replace(base, elements=tuple(Element(area, kind, base.side, base.id, **kit)  # type: ignore[arg-type]
                                        for area, kind, kit in elements))


SHOOTER: dict[str, object] = {}  # Experienced, unarmoured, unshielded
MARINE: dict[str, object] = {"armoured": True, "shielded": True}


def game(*ships: Ship, **changes: object) -> GameState:
    return replace(GameState(ships=ships), **changes)  # type: ignore[arg-type]


def shoot(ship_id: str, area: str, *targets: str) -> Reading:
    return Reading(ship_id, Shoot(area, tuple(ShipArea(*t.split(".")) for t in targets)))


def dice(*values: int) -> ForcedDice:
    return ForcedDice(values=list(values), largest_die=20)


def kinds(events: tuple[Event, ...], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def purposes(rolled: ForcedDice) -> list[tuple[str, int]]:
    return [(roll.purpose, roll.sides) for roll in rolled.log]


def pair(**target_changes: object) -> GameState:
    # A (rhodes) at (5, 5), T (macedon) at (6, 5): default loads B marine, M shooter, S marine.
    target = replace(ship("T", "trireme", M, 6.0, 5.0), **target_changes)  # type: ignore[arg-type]
    return game(ship("A", "trireme", R, 5.0, 5.0), target)


def test_plain_shot_modifier_and_hit_on_four() -> None:
    # A's M shooter at T's M shooter, 0.70 away (range 2): speeds equal 0, heights equal 0,
    # aphract 0, one element 0, the victim unarmoured +1 and unshielded +1 → +2. A 2 makes 4: hit.
    rolled = dice(2)
    state, events = shooting.shooting_step(pair(), [shoot("A", "M", "T.M")], R, rolled)
    shot = kinds(events, "shot")[0]
    assert (shot["modifier"], shot["score"], shot["hit"]) == (2, 4, True)
    assert purposes(rolled) == [("hit A M at T.M", 6)]
    assert count(state.require("T"), "M", M, "shooters") == 0
    assert state.record.was_hit("T")
    # A 1 makes 3: no hit, nothing changes.
    state, events = shooting.shooting_step(pair(), [shoot("A", "M", "T.M")], R, dice(1))
    assert not kinds(events, "shot")[0]["hit"]
    assert count(state.require("T"), "M", M, "shooters") == 1
    assert not state.record.was_hit("T")


def test_hit_roll_every_modifier() -> None:
    # A trireme at speed 4 with 2 shooters and 1 marine in M, all within range (0.725 SL to the
    # hemiola's M: its beam edge at 6 − 0.125); a hemiola backing (B as 1) with its M shooter.
    # −|4 − 1| = −3; shooting area higher (2 over 1) +1; open +2; 3 joining +2; unarmoured +1,
    # unshielded +1; a stiff wind towards 270, so upwind is 90, the bearing A→T: −1. Total +3.
    a = carrying(ship("A", "trireme", R, 5.0, 5.0, 4),
                 ("M", "shooters", SHOOTER), ("M", "shooters", SHOOTER), ("M", "marines", MARINE))
    t = ship("T", "hemiola", M, 6.0, 5.0, "B")
    state = game(a, t, wind=Wind("stiff", 270.0))
    _, events = shooting.shooting_step(state, [shoot("A", "M", "T.M")], R, dice(1))
    shot = kinds(events, "shot")[0]
    assert (shot["elements"], shot["modifier"], shot["score"], shot["hit"]) == (3, 3, 4, True)
    # A strong wind the other way (towards 90: A→T downwind): −3 +1 +2 +2 +1 +1 +1 = +5.
    _, events = shooting.shooting_step(replace(state, wind=Wind("strong", 90.0)),
                                       [shoot("A", "M", "T.M")], R, dice(1))
    assert kinds(events, "shot")[0]["modifier"] == 5


def test_cataphract_and_higher_target_area() -> None:
    # At a quadrireme (cataphract −2, height 3 over 2 −2) whose M shooters are unarmoured and
    # unshielded (+2): −2. A 6 makes 4 (no automatic hit: a 5 makes 3, a miss).
    state = game(ship("A", "trireme", R, 5.0, 5.0), ship("T", "quadrireme", M, 6.0, 5.0))
    _, events = shooting.shooting_step(state, [shoot("A", "M", "T.M")], R, dice(5))
    shot = kinds(events, "shot")[0]
    assert (shot["modifier"], shot["hit"]) == (-2, False)


def test_engine_shoots_alone_with_no_modifiers() -> None:
    # A quinquereme's M engine at 2.5 SL (range 3; its beam edge at 5.2, T's at 7.85 → 2.65):
    # every modifier ignored, 4+ (§11.3, §24). Roll 4 hits; the 3 of a second engine misses.
    q = carrying(ship("Q", "quinquereme", R, 5.0, 5.0, 4), ("M", "engine", {}), ("M", "engine", {}))
    state = game(q, ship("T", "trireme", M, 8.0, 5.0), wind=Wind("strong", 270.0))
    rolled = dice(4, 3)
    state, events = shooting.shooting_step(state, [Reading("Q", Engine("M", (ShipArea("T", "M"),)))],
                                           R, rolled)
    shots = kinds(events, "shot")
    assert [(s["modifier"], s["hit"]) for s in shots] == [(0, True), (0, False)]
    assert purposes(rolled) == [("hit Q M at T.M", 6), ("hit Q M at T.M", 6)]
    assert count(state.require("T"), "M", M, "shooters") == 0


def test_only_elements_in_reach_join() -> None:
    # T at x = 6.5: M to M 1.20 SL. The marine (range 1) does not join, the shooter (2) does.
    a = carrying(ship("A", "trireme", R, 5.0, 5.0), ("M", "shooters", SHOOTER), ("M", "marines", MARINE))
    state = game(a, ship("T", "trireme", M, 6.5, 5.0))
    _, events = shooting.shooting_step(state, [shoot("A", "M", "T.M")], R, dice(2))
    assert kinds(events, "shot")[0]["elements"] == 1


def test_first_eligible_target_and_failure_reasons() -> None:
    # T.M, first listed, is out of range 2 at x = 8 (8 − 0.15 − 5.15 = 2.70), so the next, U.M
    # at 0.70, is shot. A line with no eligible target fails with why, and rolls nothing.
    state = game(ship("A", "trireme", R, 5.0, 5.0), ship("T", "trireme", M, 8.0, 5.0),
                 ship("U", "trireme", M, 4.0, 5.0))
    _, events = shooting.shooting_step(state, [shoot("A", "M", "T.M", "U.M")], R, dice(6))
    assert kinds(events, "shot")[0]["target"] == "U"
    rolled = dice()
    _, events = shooting.shooting_step(state, [shoot("A", "M", "T.M")], R, rolled)
    failed = kinds(events, "shot")[0]
    assert failed["failed"] and failed["reason"] == "T.M: 2.70 SL away, beyond range 2"
    assert rolled.log == []  # no die for a failed line


def test_a_ship_named_by_several_areas_all_beyond_reach_gets_one_reason() -> None:
    # T at x = 8, abeam of A (trireme, heading 0): every deck section of T is 2.70 from A's M
    # (8 − 0.15 − 5.15), its whole footprint too, beyond range 2: T.B, T.M, T.S share one reason
    # with the nearest distance. U (x = 4) is 0.70 away: the line shoots U.M, the first within.
    state = game(ship("A", "trireme", R, 5.0, 5.0), ship("T", "trireme", M, 8.0, 5.0),
                 ship("U", "trireme", M, 4.0, 5.0))
    _, events = shooting.shooting_step(state, [shoot("A", "M", "T.B", "T.M", "T.S", "U.M")], R,
                                       dice(6))
    assert kinds(events, "shot")[0]["target"] == "U"
    # T north-east of A (7.5, 7.5), both heading 0: from A's M, T.S is nearest (2.83 SL: A's
    # M corner (5.15, 5.2) to T's stern section), T.M 3.04, T.B 3.33; the reason names the
    # nearest, once.
    far = game(ship("A", "trireme", R, 5.0, 5.0), ship("T", "trireme", M, 7.5, 7.5))
    _, events = shooting.shooting_step(far, [shoot("A", "M", "T.B", "T.M", "T.S")], R, dice())
    reason = kinds(events, "shot")[0]["reason"]
    nearest = sightings.section_range(far.require("A"), "M", far.require("T"), "S")
    assert f"{nearest:.2f}" == "2.83"
    assert reason == "T (B, M, S): 2.83 SL away at the nearest, beyond range 2"
    # One area of a ship keeps the area's own distance and words.
    _, events = shooting.shooting_step(far, [shoot("A", "M", "T.M")], R, dice())
    assert kinds(events, "shot")[0]["reason"] == "T.M: 3.04 SL away, beyond range 2"


def test_hit_order_shooters_marines_engines_then_oarsmen() -> None:
    # T's M holds a Picked marine, a Poor marine and a shooter: the shooter goes first, then the
    # Poor marine (the last in list order), then the Picked one; then oarsmen: the port side faces
    # A (x 5 < 6), the section nearest M's reference point (u = 0) is 2 (midpoint −0.028).
    t = carrying(ship("T", "trireme", M, 6.0, 5.0),
                 ("M", "marines", {"grade": "picked", **MARINE}),
                 ("M", "marines", {"grade": "poor", **MARINE}), ("M", "shooters", SHOOTER))
    a = carrying(ship("A", "trireme", R, 5.0, 5.0), *[("M", "shooters", SHOOTER)] * 3)
    b = carrying(ship("B", "trireme", R, 5.0, 3.0), ("B", "shooters", SHOOTER))
    state = game(a, b, t)
    lines = [shoot("A", "M", "T.M"), shoot("B", "B", "T.M")]
    state, events = shooting.shooting_step(state, lines, R, dice(6, 6))
    assert [e["taken"] for e in kinds(events, "hit")] == ["shooters", "marines"]
    assert [(e["element"], e["grade"]) for e in kinds(events, "eliminated")] == [
        ("shooters", "experienced"), ("marines", "poor")]
    state = replace(state, ships=tuple(replace(s, elements=()) if s.id == "T" else s for s in state.ships))
    state, events = shooting.shooting_step(state, [shoot("A", "M", "T.M"), shoot("B", "B", "T.M")],
                                           R, dice(6, 6))
    # B's point (5, 3.4) is also west of T: port; P2 goes, then the nearest left to u = 0 is P1
    # (|0.304| < |−0.359|).
    assert [e["section"] for e in kinds(events, "hit")] == ["P2", "P1"]
    assert state.require("T").oars_lost == ("P1", "P2")


def test_oar_hit_drops_speed_to_the_new_maximum() -> None:
    # One of 6 sections lost: r = 4/6, ⌊r⌋ = 0, fraction ≥ ¼ → 1: maximum 3; T at 4 drops to 3.
    state = game(ship("A", "trireme", R, 5.0, 5.0), carrying(ship("T", "trireme", M, 6.0, 5.0, 4)))
    state, events = shooting.shooting_step(state, [shoot("A", "M", "T.M")], R, dice(6))
    assert state.require("T").speed == 3
    assert kinds(events, "speed")[0]["speed_to"] == 3


def test_cataphract_oarsmen_void_but_engines_hit_them() -> None:
    # A quadrireme with an empty B: a shot hit is void but counts; an engine hit takes P1 (port
    # faces the quinquereme to the west; B's point u = +L/3, nearest the forward section 1).
    t = replace(ship("T", "quadrireme", M, 6.0, 5.0), elements=())
    q = carrying(ship("Q", "quinquereme", R, 5.0, 5.0), ("B", "shooters", SHOOTER), ("M", "engine", {}))
    state = game(q, t)
    lines = [shoot("Q", "B", "T.B"), Reading("Q", Engine("M", (ShipArea("T", "B"),)))]
    state, events = shooting.shooting_step(state, lines, R, dice(6, 4))
    assert [(e["taken"], e["section"]) for e in kinds(events, "hit")] == [("void", ""), ("oars", "P1")]
    assert state.require("T").oars_lost == ("P1",)


def test_void_when_no_section_left_on_the_facing_side() -> None:
    state = pair(oars_lost=("P1", "P2", "P3"))
    state = state.with_ship(replace(state.require("T"), elements=()))
    state, events = shooting.shooting_step(state, [shoot("A", "M", "T.M")], R, dice(6))
    assert kinds(events, "hit")[0]["taken"] == "void"
    assert state.require("T").oars_lost == ("P1", "P2", "P3")


def test_simultaneous_hits_at_step_end() -> None:
    # Each side's M shooter hits the other's: both judged and rolled on the start state, so the
    # second shot is made though its shooter is hit by the first. The first player's die first.
    rolled = dice(2, 2)
    lines = [shoot("T", "M", "A.M"), shoot("A", "M", "T.M")]
    state, events = shooting.shooting_step(pair(), lines, R, rolled)
    assert purposes(rolled) == [("hit A M at T.M", 6), ("hit T M at A.M", 6)]
    assert count(state.require("A"), "M", R, "shooters") == 0
    assert count(state.require("T"), "M", M, "shooters") == 0


def in_contact_pair() -> GameState:
    # T at x = 5.30: beam edges touch (5.15 and 5.15): in contact.
    return game(ship("A", "trireme", R, 5.0, 5.0), ship("T", "trireme", M, 5.3, 5.0))


def test_winning_the_shooting() -> None:
    # The first player's (macedon's) die first: T misses with 1, A hits with 6: A>T. 0-0 goes
    # to the first player's ship; with `none` to nobody.
    lines = [shoot("A", "M", "T.M"), shoot("T", "M", "A.M")]
    state, _ = shooting.shooting_step(in_contact_pair(), lines, M, dice(1, 6))
    assert state.round.won_shooting == ("A>T",)
    state, _ = shooting.shooting_step(in_contact_pair(), [], M, dice())
    assert state.round.won_shooting == ("T>A",)
    tie_none = replace(in_contact_pair(), options=Options(shooting_tie="none"))
    state, _ = shooting.shooting_step(tie_none, [], M, dice())
    assert state.round.won_shooting == ()
    # Ships not in contact win nothing against each other.
    state, _ = shooting.shooting_step(pair(), [shoot("A", "M", "T.M")], R, dice(6))
    assert state.round.won_shooting == ()


def test_void_hits_count_for_winning() -> None:
    # T (a cataphract quadrireme, beam 0.35, in contact at x = 5.325) with an empty B: A's void
    # hit still wins A the shooting 1-0 though T is the first player's.
    t = replace(ship("T", "quadrireme", M, 5.325, 5.0), elements=())
    state = game(ship("A", "trireme", R, 5.0, 5.0), t)
    a = carrying(state.require("A"), ("B", "shooters", SHOOTER))
    state, events = shooting.shooting_step(state.with_ship(a), [shoot("A", "B", "T.B")], M, dice(6))
    assert kinds(events, "hit")[0]["taken"] == "void"
    assert state.round.won_shooting == ("A>T",)


def test_fire_shot_sixes_raise_the_level() -> None:
    # Two shooters of A throw fire at T's M, already at level 1: one d6 each, no modifiers; 6, 6
    # → level 3 (q. 27). Fire shots are not hits: T is not marked hit this round.
    a = carrying(ship("A", "trireme", R, 5.0, 5.0, fire=True), *[("M", "shooters", SHOOTER)] * 2)
    t = ship("T", "trireme", M, 6.0, 5.0).with_fire("M", 1)
    rolled = dice(6, 6)
    state, events = shooting.shooting_step(game(a, t), [Reading("A", Fire("M", (ShipArea("T", "M"),)))],
                                           R, rolled)
    assert purposes(rolled) == [("fire A M 1 at T.M", 6), ("fire A M 2 at T.M", 6)]
    assert state.require("T").fire_level("M") == 3
    assert kinds(events, "fire")[0]["level"] == 3
    assert not state.record.was_hit("T")


def test_fire_is_capped_and_replaces_the_normal_shot() -> None:
    # T's M at 3 and two sixes: 4, not 5. The area's SHOOT after its FIRE fails, one shot an area.
    a = carrying(ship("A", "trireme", R, 5.0, 5.0, fire=True), *[("M", "shooters", SHOOTER)] * 2)
    t = ship("T", "trireme", M, 6.0, 5.0).with_fire("M", 3)
    lines = [Reading("A", Fire("M", (ShipArea("T", "M"),))), shoot("A", "M", "T.M")]
    state, events = shooting.shooting_step(game(a, t), lines, R, dice(6, 6))
    assert state.require("T").fire_level("M") == 4
    assert kinds(events, "shot")[-1]["failed"]


def test_open_ship_oarsmen_shoot_from_m_on_their_side() -> None:
    # A hemiola (open; beam edge 5.125) with T's M edge at 5.45: 0.325 ≤ ½. Heights 1 against 2:
    # −2; aphract 0; one shot 0; T's M shooter +2 → 0. Starboard oars shoot; port ones cannot.
    state = game(ship("A", "hemiola", R, 5.0, 5.0), ship("T", "trireme", M, 5.6, 5.0))
    lines = [Reading("A", Oars(STARBOARD, (ShipArea("T", "M"),))),
             Reading("A", Oars("port", (ShipArea("T", "M"),)))]
    rolled = dice(4)
    _, events = shooting.shooting_step(state, lines, R, rolled)
    shots = kinds(events, "shot")
    assert (shots[0]["modifier"], shots[0]["hit"]) == (0, True)
    assert shots[1]["failed"] and "port arc" in shots[1]["reason"]
    assert purposes(rolled) == [("hit A OARS S at T.M", 6)]


def test_ap_throws() -> None:
    # ap_weapons on: a 5 takes T's M oar section on the side facing A (port): M holds section 2
    # only. A 3 is a marker. The thrower leaves the area's SHOOT: 1 of A's 2 shooters joins.
    a = carrying(ship("A", "trireme", R, 5.0, 5.0), *[("M", "shooters", SHOOTER)] * 2)
    state = game(a, ship("T", "trireme", M, 6.0, 5.0), options=Options(ap_weapons=True))
    ap = Reading("A", ApThrow("M", ShipArea("T", "M")))
    rolled = dice(1, 5)
    after, events = shooting.shooting_step(state, [shoot("A", "M", "T.M"), ap], R, rolled)
    assert kinds(events, "shot")[0]["elements"] == 1
    assert purposes(rolled) == [("hit A M at T.M", 6), ("AP A M at T.M", 6)]
    assert after.require("T").oars_lost == ("P2",)
    after, events = shooting.shooting_step(state, [ap], R, dice(3))
    assert after.require("T").ap_marker("M") == 1
    assert kinds(events, "ap")[0]["effect"] == "marker"
    off = replace(state, options=Options())
    _, events = shooting.shooting_step(off, [ap], R, dice())
    assert kinds(events, "shot")[0]["reason"] == "AP throws need ap_weapons = on"


def test_fire_marines_only_at_a_ship_in_contact() -> None:
    # A's M marine throws fire only at a ship in contact: at x = 5.3 (beam edges touching) its d6
    # is rolled; at x = 6 (0.70 away) the line fails, no die (§11.6).
    a = carrying(ship("A", "trireme", R, 5.0, 5.0, fire=True), ("M", "marines", MARINE))
    line = Reading("A", Fire("M", (ShipArea("T", "M"),)))
    touching = game(a, ship("T", "trireme", M, 5.3, 5.0))
    rolled = dice(6)
    state, _ = shooting.shooting_step(touching, [line], R, rolled)
    assert purposes(rolled) == [("fire A M 1 at T.M", 6)]
    assert state.require("T").fire_level("M") == 1
    apart = game(a, ship("T", "trireme", M, 6.0, 5.0))
    _, events = shooting.shooting_step(apart, [line], R, dice())
    assert kinds(events, "shot")[0]["reason"] == "T.M: 0.70 SL away, beyond fire range"


def test_fire_needs_the_ship_equipped() -> None:
    _, events = shooting.shooting_step(pair(), [Reading("A", Fire("M", (ShipArea("T", "M"),)))], R, dice())
    assert kinds(events, "shot")[0]["reason"] == "A is not equipped with fire"


def test_lines_of_the_first_player_first_each_in_written_order() -> None:
    # Written: macedon's T, rhodes's A, then rhodes's B; rhodes first → A, B, then T.
    b = carrying(ship("B", "trireme", R, 5.0, 3.0), ("B", "shooters", SHOOTER))
    state = game(ship("A", "trireme", R, 5.0, 5.0), b, ship("T", "trireme", M, 6.0, 5.0))
    lines = [shoot("T", "M", "A.M"), shoot("A", "M", "T.M"), shoot("B", "B", "T.S")]
    rolled = dice(1, 1, 1)
    shooting.shooting_step(state, lines, R, rolled)
    assert purposes(rolled) == [("hit A M at T.M", 6), ("hit B B at T.S", 6), ("hit T M at A.M", 6)]


def test_no_target_not_afloat_or_friendly() -> None:
    hulk = pair(status="hulk", hulk_reason="sunk")
    _, events = shooting.shooting_step(hulk, [shoot("A", "M", "T.M")], R, dice())
    assert kinds(events, "shot")[0]["reason"] == "T.M: T is not afloat"
