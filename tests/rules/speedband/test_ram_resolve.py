"""The ram attempt at contact (rulings §7.2-§7.6) and the defensive shear of a failure (§9),
worked by hand from the rulings and the cases of tests/cases/speed-band (7.*, 9.*, 16.8, 2.2).

The usual picture: a trireme R1 heading 0 rams a trireme C1 at (40, 20) heading 90 (its south
side at y 19.5); R1 stands at the contact (bow on y 19.5), the impact point I is (40, 19.5),
on C1's beam line: zone B."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.speedband.ramming import approach_zone, resolve_ram
from pbem.rules.speedband.state import CORVUS, LINE, Front, GameState, Player, Ship, new_ship
from pbem.rules.speedband.switches import Options, parse_options
from pbem.rules.table import Vec

I_BEAM = Vec(40.0, 19.5)


def game(*ships: Ship, options: Options | None = None) -> GameState:
    return GameState(ships, (Player("romans", "romans"),
                             Player("carthaginians", "carthaginians")), options or Options())


def rammer(speed: int = 80, **changes: object) -> Ship:
    # A trireme at the contact: centre y 17.5, bow on C1's south side (y 19.5).
    return new_ship("R1", "", "trireme", "romans", 40.0, 17.5, 0, written_speed=speed,
                    **changes)


def target(speed: int = 0, heading: int = 90, **changes: object) -> Ship:
    return new_ship("C1", "", "trireme", "carthaginians", 40.0, 20.0, heading,
                    written_speed=speed, **changes)


def test_chance_is_exact_in_tenths() -> None:
    # 7.2_chance_exact_in_tenths: 40 - 7.5 - 0 + 15 = 47.5; 48 misses.
    state = game(rammer(75), target())
    after, events, success = resolve_ram(state, "R1", "C1", I_BEAM, ForcedDice(values=[48],
                                                                               largest_die=100))
    assert not success
    ram = events[0]
    assert ram.kind == "ram" and ram["zone"] == "B" and ram["chance"] == 47.5
    assert ram["roll"] == 48 and ram["success"] is False
    assert after.require("C1").hull == 100
    assert not after.require("R1").dead_in_water
    # 47 hits: trireme on trireme at Cruise (7.5 is Cruise), zone B: 50*20*125/5000 = 25.
    after, events, success = resolve_ram(state, "R1", "C1", I_BEAM, ForcedDice(values=[47],
                                                                               largest_die=100))
    assert success and after.require("C1").hull == 75
    assert [e.kind for e in events] == ["ram", "ram_damage", "dead_in_water"]
    assert events[1]["loss"] == 25 and events[1]["band"] == "cruise"


def test_the_defender_written_speed_counts_before_it_moves() -> None:
    # 7.2_defender_written_speed: C1 wrote 5: 40 - 8 - 5 + 15 = 42.
    state = game(rammer(), target(50))
    assert not resolve_ram(state, "R1", "C1", I_BEAM, ForcedDice(values=[43],
                                                                 largest_die=100))[2]
    assert resolve_ram(state, "R1", "C1", I_BEAM, ForcedDice(values=[42], largest_die=100))[2]


def test_ram_base_20() -> None:
    # 7.2_ram_base_20_switch: 20 - 8 - 0 + 15 = 27.
    state = game(rammer(), target(), options=parse_options({"ram_base": "20"}))
    assert not resolve_ram(state, "R1", "C1", I_BEAM, ForcedDice(values=[28],
                                                                 largest_die=100))[2]
    assert resolve_ram(state, "R1", "C1", I_BEAM, ForcedDice(values=[27], largest_die=100))[2]


def test_damage_halves_up_head_on() -> None:
    # 7.5_damage_rounds_halves_up: a triakonter at 6.5 (Slow) on a trireme's bow (heading 180):
    # I = (40, 18), zone A; chance 40 - 6.5 - 10 = 23.5; loss 15*10*50/5000 = 1.5 -> 2.
    attacker = new_ship("R1", "", "triakonter", "romans", 40.0, 16.5, 0, written_speed=65)
    state = game(attacker, target(heading=180))
    after, events, success = resolve_ram(state, "R1", "C1", Vec(40.0, 18.0),
                                         ForcedDice(values=[23], largest_die=100))
    assert success and events[0]["zone"] == "A" and events[0]["chance"] == 23.5
    assert after.require("C1").hull == 98


@pytest.mark.parametrize("mark", ["dead", "line", "corvus"])
def test_a_target_dead_in_the_water_or_held_counts_speed_0(mark: str) -> None:
    # 7.6_second_ram_on_dead_in_water_target: C1 wrote 8 but counts 0: 40 - 8 - 0 + 15 = 47.
    other = new_ship("R2", "", "quinquereme", "romans", 40.0, 23.0, 180, corvus=True)
    state = game(rammer(), other, target(80, dead_in_water=mark == "dead"))
    if mark != "dead":
        state = state.with_link("R2", "C1", LINE if mark == "line" else CORVUS)
    after, events, success = resolve_ram(state, "R1", "C1", I_BEAM,
                                         ForcedDice(values=[47], largest_die=100))
    assert success and events[0]["defender_speed"] == 0.0 and events[0]["chance"] == 47.0
    # Written 8 and free: 40 - 8 - 8 + 15 = 39, so 47 would miss.
    free = game(rammer(), other, target(80))
    assert not resolve_ram(free, "R1", "C1", I_BEAM, ForcedDice(values=[47],
                                                                largest_die=100))[2]


def test_success_marks_both_dead_the_target_activated_and_the_pair_locked() -> None:
    state = game(target(80), rammer())  # C1 listed first: the lock is (C1, R1)
    after, events, success = resolve_ram(state, "R1", "C1", I_BEAM,
                                         ForcedDice(values=[39], largest_die=100))
    assert success
    r1, c1 = after.require("R1"), after.require("C1")
    assert r1.dead_in_water and c1.dead_in_water and c1.activated and not r1.activated
    assert r1.ram_attempted and not c1.ram_attempted
    assert after.record.ram_locked == (("C1", "R1"),)
    assert set(after.record.ram_involved) == {"R1", "C1"}
    assert after.record.activations == ()  # a ship moved by a ram is not an activation (§5)
    assert events[-1].kind == "dead_in_water" and events[-1]["activated"] is True
    # A target that had already activated keeps its mark; the event says it was not set now.
    done = game(target(80, activated=True), rammer())
    events = resolve_ram(done, "R1", "C1", I_BEAM, ForcedDice(values=[39], largest_die=100))[1]
    assert events[-1]["activated"] is False


def test_a_failure_marks_the_attempt_and_both_involved() -> None:
    state = game(rammer(), target())
    after, _, success = resolve_ram(state, "R1", "C1", I_BEAM,
                                    ForcedDice(values=[100], largest_die=100))
    assert not success
    assert after.require("R1").ram_attempted and not after.require("C1").activated
    assert after.record.ram_involved == ("R1", "C1") and after.record.ram_locked == ()


def test_a_quinquereme_at_ram_speed_sinks_a_trireme_and_its_links_end() -> None:
    # 2.2_quinquereme_ram_sinks_trireme: SPEED 9 is a quinquereme's Ram band; I = (39, 19.5),
    # zone C; chance 40 - 9 + 20 = 51; loss 100*40*150/5000 = 120 -> sunk.
    quin = new_ship("R1", "", "quinquereme", "romans", 39.0, 17.0, 0, written_speed=90)
    holder = new_ship("R2", "", "quinquereme", "romans", 40.0, 23.0, 180, corvus=True,
                      corvus_holds="C1")
    third = new_ship("C2", "", "trireme", "carthaginians", 44.0, 20.0, 90)
    state = game(quin, holder, target(), third)
    state = state.with_link("R2", "C1", CORVUS)
    state = state.with_link("C1", "C2", LINE)  # (not a real pair; only that it is released)
    state = replace(state, fronts=(Front("R2", "C1", 1),))
    after, events, success = resolve_ram(state, "R1", "C1", Vec(39.0, 19.5),
                                         ForcedDice(values=[51], largest_die=100))
    assert success and events[0]["zone"] == "C"
    assert [e.kind for e in events] == ["ram", "ram_damage", "dead_in_water", "sunk"]
    assert events[1]["loss"] == 120 and events[1]["band"] == "ram"
    c1 = after.require("C1")
    assert c1.status == "sunk" and c1.hull == 0
    assert after.links == () and after.fronts == ()
    assert after.require("R2").corvus_holds == ""
    assert after.record.ram_locked == ()  # nothing left to lock with
    assert after.require("R1").dead_in_water


def test_approach_zone_at_the_start_of_the_turn() -> None:
    start = new_ship("R1", "", "trireme", "romans", 40.0, 10.0, 0)
    assert approach_zone(start, target(), 0.001) == "B"            # bow point (40, 12): beam
    assert approach_zone(start, target(heading=0), 0.001) == "D"   # from astern (9.0 case)
    assert approach_zone(start, target(heading=180), 0.001) == "A"


def test_shear_port_odd_sections() -> None:
    # 9.0_shear_port_side_odd_sections: ram 60 fails (47); shear PORT at 45 - 8 + 15 = 52:
    # sections 1, 3, 5, 7 roll 52 (lost), 53, 10 (lost), 100.
    state = game(rammer(), target())
    dice = ForcedDice(values=[60, 52, 53, 10, 100], largest_die=100)
    after, events, success = resolve_ram(state, "R1", "C1", I_BEAM, dice, reaction="shear",
                                         shear_side="port", approach_zone="B")
    dice.finish()
    assert not success
    assert after.require("R1").rowers == (0, 2, 2, 2, 0, 2, 2, 2)
    assert [e.kind for e in events] == ["ram", "shear_side", "shear", "shear", "shear", "shear"]
    assert events[1]["side"] == "port" and events[1]["named"] is True
    assert [(e["section"], e["roll"], e["chance"], e["lost"]) for e in events[2:]] == [
        (1, 52, 52.0, True), (3, 53, 52.0, False), (5, 10, 52.0, True), (7, 100, 52.0, False)]
    assert ("C1", "react") in after.record.revealed
    assert after.require("C1").hull == 100


def test_shear_starboard_named_even_sections() -> None:
    state = game(rammer(rowers=(2, 2, 2, 0, 2, 2, 2, 2)), target())
    dice = ForcedDice(values=[60, 1, 53, 52], largest_die=100)  # sections 2, 6, 8
    after = resolve_ram(state, "R1", "C1", I_BEAM, dice, reaction="shear",
                        shear_side="starboard", approach_zone="B")[0]
    dice.finish()
    assert after.require("R1").rowers == (2, 0, 2, 0, 2, 2, 2, 0)


def test_shear_side_default_fewer_intact_and_no_trireme_bonus() -> None:
    # 9.0_shear_side_default_fewer_intact: a quinquereme at 7 with section 1 lost: I = (40,
    # 19.5), zone B; ram 40 - 7 + 15 = 48, 49 fails. Port has three intact, starboard four:
    # port; chance 45 - 7 = 38: sections 3, 5, 7 roll 38 (lost), 39, 1 (lost).
    quin = new_ship("R1", "", "quinquereme", "romans", 40.0, 17.0, 0, written_speed=70,
                    rowers=(0, 4, 4, 4, 4, 4, 4, 4))
    state = game(quin, target())
    dice = ForcedDice(values=[49, 38, 39, 1], largest_die=100)
    after, events, _ = resolve_ram(state, "R1", "C1", I_BEAM, dice, reaction="shear",
                                   approach_zone="B")
    dice.finish()
    assert after.require("R1").rowers == (0, 4, 0, 4, 4, 4, 0, 4)
    assert events[1]["side"] == "port" and events[1]["named"] is False
    assert events[1]["chance"] == 38.0


def test_shear_side_default_ties_go_port_and_fewer_starboard_goes_starboard() -> None:
    even = game(rammer(), target())
    dice = ForcedDice(values=[60, 100, 100, 100, 100], largest_die=100)
    events = resolve_ram(even, "R1", "C1", I_BEAM, dice, reaction="shear", approach_zone="A")[1]
    assert events[1]["side"] == "port" and events[1]["sections"] == (1, 3, 5, 7)
    fewer = game(rammer(rowers=(2, 0, 2, 2, 2, 2, 2, 2)), target())
    dice = ForcedDice(values=[60, 100, 100, 100], largest_die=100)
    events = resolve_ram(fewer, "R1", "C1", I_BEAM, dice, reaction="shear", approach_zone="C")[1]
    assert events[1]["side"] == "starboard" and events[1]["sections"] == (4, 6, 8)


def test_strengthened_bow_drops_the_trireme_bonus_only_with_the_switch() -> None:
    # 16.8_strengthened_bow_no_trireme_bonus: 45 - 8 = 37; sections 1, 3, 5, 7: 37 (lost), 38,
    # 52, 1 (lost).
    on = parse_options({"opt_strengthened_bows": "on"})
    state = game(rammer(strengthened_bow=True), target(), options=on)
    dice = ForcedDice(values=[60, 37, 38, 52, 1], largest_die=100)
    after = resolve_ram(state, "R1", "C1", I_BEAM, dice, reaction="shear", shear_side="port",
                        approach_zone="B")[0]
    assert after.require("R1").rowers == (0, 2, 2, 2, 2, 2, 0, 2)
    # Without the switch the strengthened bow is nothing: 52 again, so 38 and 52 destroy.
    off = game(rammer(strengthened_bow=True), target())
    dice = ForcedDice(values=[60, 37, 38, 52, 1], largest_die=100)
    after = resolve_ram(off, "R1", "C1", I_BEAM, dice, reaction="shear", shear_side="port",
                        approach_zone="B")[0]
    assert after.require("R1").rowers == (0, 2, 0, 2, 0, 2, 0, 2)


@pytest.mark.parametrize(("reaction", "zone", "activated"), [
    ("shear", "D", False),     # 9.0_no_shear_from_astern
    ("ignore", "B", False),
    ("avoid", "B", False),     # a failed observation holds without a shear (8.3)
    ("shear", "B", True),      # 8.1_activated_target_reacts_ignore
])
def test_no_shear_dice_when_not_due(reaction: str, zone: str, activated: bool) -> None:
    state = game(rammer(), target(activated=activated))
    dice = ForcedDice(values=[60], largest_die=100)
    after, events, _ = resolve_ram(state, "R1", "C1", I_BEAM, dice, reaction=reaction,
                                   approach_zone=zone)
    dice.finish()  # no die left over, none missing
    assert [e.kind for e in events] == ["ram"]
    assert after.require("R1").rowers == (2,) * 8


def test_no_shear_after_a_success() -> None:
    state = game(rammer(), target())
    dice = ForcedDice(values=[1], largest_die=100)
    _, events, success = resolve_ram(state, "R1", "C1", I_BEAM, dice, reaction="shear",
                                     approach_zone="B")
    dice.finish()
    assert success and "shear" not in [e.kind for e in events]


def test_a_due_shear_needs_the_approach_zone() -> None:
    state = game(rammer(), target())
    with pytest.raises(ValueError, match="approach zone"):
        resolve_ram(state, "R1", "C1", I_BEAM, ForcedDice(values=[60], largest_die=100),
                    reaction="shear")
