"""Wooden Walls ramming (rulings §10.1–§10.6, §15.2), worked by hand.

The plan's worked value (§9.2, `10.3_flush_beam_ram_three_holes`) first: MA-PELLA (trireme, ABLE)
at (8, 6) heading 90, stopped; RH-HELIOS (trireme, ABLE) heading 0 at speed 4 placed at its
contact position (8, 5.25): its bow corners (7.925, 5.85) and (8.075, 5.85) lie on PELLA's
starboard beam (y = 6 − 0.15), I = (8, 5.85), u = 0 on PELLA: section S2 [−0.1933, 0.1384].
Trireme: L 1.2, W 0.3, RAV 2, size 2, capacity 12, a = 0.6, q = 0.075.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.events import Event
from pbem.rules.table import Part, PartKind, ShipSide
from pbem.rules.woodenwalls.collisions import Contact, resolve
from pbem.rules.woodenwalls.orders import Ram
from pbem.rules.woodenwalls.ramming import (
    attack_before_die,
    crew_die,
    holes_from_points,
    one_level_less,
    placed_holes,
    ram,
    ram_speed,
    rav_used,
)
from pbem.rules.woodenwalls.state import GameState, Link, Ship, new_ship


def pella(**changes: object) -> Ship:
    return replace(new_ship("MA-PELLA", "trireme", "macedon", 8.0, 6.0, 90.0), **changes)  # type: ignore[arg-type]


def helios(**changes: object) -> Ship:
    return replace(new_ship("RH-HELIOS", "trireme", "rhodes", 8.0, 5.25, 0.0, 4), **changes)  # type: ignore[arg-type]


def game(*ships: Ship) -> GameState:
    return GameState(ships=ships)


def dice(*values: int) -> ForcedDice:
    return ForcedDice(values=list(values), largest_die=20)


def log(rolled: ForcedDice) -> list[tuple[str, int]]:
    return [(roll.purpose, roll.sides) for roll in rolled.log]


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [item.kind for item in events]


RAM_PELLA = Contact("RH-HELIOS", "MA-PELLA", Ram("MA-PELLA"), 0.25, False)
STARBOARD_BEAM = Part(PartKind.BEAM, ShipSide.STARBOARD)


def test_worked_flush_beam_ram_three_holes() -> None:
    # S = 4 (PELLA stopped); base 2 × 4 = 8; + ½ RAV = 9 (both bow corners on PELLA's beam);
    # d6 3 → A = 12. D = 2 − 2 + d6 4 = 4. M = 8 → P = 8: ⌊8/3⌋ = 2 L, 8 mod 3 = 2 → M: L L M,
    # 10 units < 12. HELIOS speed 0 (target stopped), locked; no ram-loss die (M > 0). Save:
    # collision speed 4 → −2, aphract, ABLE 5+: the d6 6 passes by `naturals` → starboard shipped.
    rolled = dice(3, 4, 6)
    outcome = resolve(game(pella(), helios()), RAM_PELLA, rolled)
    assert log(rolled) == [("ram attack RH-HELIOS", 6), ("ram defence MA-PELLA", 6),
                           ("oar save MA-PELLA S2", 6)]
    state = outcome.state
    target, rammer = state.require("MA-PELLA"), state.require("RH-HELIOS")
    assert target.holes == ("L", "L", "M") and target.hole_units == 10 and target.afloat
    assert rammer.speed == 0
    assert state.link_entries() == ("ram RH-HELIOS>MA-PELLA",)
    assert [oars.side for oars in target.shipped] == ["starboard"] and target.oars_lost == ()
    assert target.revealed and rammer.revealed
    assert outcome.ends_segment and outcome.advanced == 0.0
    assert kinds(outcome.events) == ["collision", "ram", "hole", "speed", "lock", "save"]
    collision = outcome.events[0]
    assert collision["result"] == "ram" and collision["speed"] == 4
    assert collision["x"] == pytest.approx(8.0) and collision["y"] == pytest.approx(5.85)
    assert collision["target_part"] == "starboard beam" and collision["mover_part"] == "bow"
    announced = outcome.events[1]
    assert announced["attack"] == 12 and announced["defence"] == 4 and announced["margin"] == 8
    assert state.record.was_holed("MA-PELLA") and state.record.rammed[0].ship == "MA-PELLA"


def test_worked_value_with_failed_save_loses_s2() -> None:
    # The same with the save 2: 2 − 2 = 0 < 5 → S2 destroyed, nothing shipped.
    outcome = resolve(game(pella(), helios()), RAM_PELLA, dice(3, 4, 2))
    target = outcome.state.require("MA-PELLA")
    assert target.oars_lost == ("S2",) and target.shipped == ()


def test_ram_speed_adds_opposed_and_subtracts_same_way() -> None:
    # §10.2 (1): target moving within 45° of the rammer's heading: 4 − 3 = 1; more than 135°:
    # 4 + 3 = 7; across (90°): 4 alone; a backing target counts 1 with its direction reversed.
    rammer = helios()
    assert ram_speed(rammer, replace(pella(), heading=45.0, speed=3)) == 1
    assert ram_speed(rammer, replace(pella(), heading=180.0, speed=3)) == 7
    assert ram_speed(rammer, replace(pella(), speed=3)) == 4
    assert ram_speed(rammer, replace(pella(), heading=0.0, speed="B")) == 5  # travel 180: + 1
    assert ram_speed(replace(rammer, speed=1), replace(pella(), heading=0.0, speed=4)) == 0  # never < 0


def test_quarter_minus_half_rav_and_toughened_halves() -> None:
    # §10.2 (3): a quarter: 2 × 4 − 1 = 7; (4) toughened target: 7 / 2 = 3.5 (no rounding).
    quarter = Part(PartKind.BOW_QUARTER, ShipSide.STARBOARD)
    assert attack_before_die(helios(), pella(), quarter, 4) == 7.0
    assert attack_before_die(helios(), pella(toughened=True), quarter, 4) == 3.5
    # Flush beam 9, toughened 4.5; a bow or stern edge: plain 8.
    assert attack_before_die(helios(), pella(toughened=True), STARBOARD_BEAM, 4) == 4.5
    assert attack_before_die(helios(), pella(), Part(PartKind.STERN), 4) == 8.0


def test_beam_without_both_bow_corners_flush_has_no_bonus() -> None:
    # HELIOS turned 10°: only one bow corner can touch, so no + ½ RAV: 2 × 4 = 8.
    assert attack_before_die(replace(helios(), heading=10.0), pella(), STARBOARD_BEAM, 4) == 8.0


def test_crew_dice_d8_d6_d4() -> None:
    # §10.2 (5): better d8, equal d6, worse d4.
    assert (crew_die("FR", "ABLE"), crew_die("ABLE", "ABLE"), crew_die("POOR", "ABLE")) == (8, 6, 4)


def test_crew_dice_drawn_by_quality_and_reveal() -> None:
    # FR rammer against a POOR target: attack d8, defence d4. d8 1 → A = 9 + 1 = 10; d4 4 → D = 4;
    # M = 6 → P = 6 → L L (8 units). Save d6 5 − 2 = 3 < 5 (ABLE) → S2 destroyed.
    rolled = dice(1, 4, 5)
    outcome = resolve(game(pella(quality="POOR"), helios(quality="FR")), RAM_PELLA, rolled)
    assert log(rolled) == [("ram attack RH-HELIOS", 8), ("ram defence MA-PELLA", 4),
                           ("oar save MA-PELLA S2", 6)]
    target = outcome.state.require("MA-PELLA")
    # POOR 6+: 5 − 2 = 3 fails.
    assert target.holes == ("L", "L") and target.oars_lost == ("S2",)


def test_holes_from_points() -> None:
    # §10.3: 9 → 3 L, 5 → L M, 4 → L S, 1 → S, 0 → none.
    assert holes_from_points(9) == ("L", "L", "L")
    assert holes_from_points(5) == ("L", "M")
    assert holes_from_points(4) == ("L", "S")
    assert holes_from_points(1) == ("S",)
    assert holes_from_points(0) == ()


def test_small_hole_not_placed_on_quinquereme() -> None:
    five = new_ship("Q", "quinquereme", "macedon", 8.0, 6.0, 90.0)
    assert placed_holes(five, ("L", "S")) == ("L",)
    assert placed_holes(pella(), ("L", "S")) == ("L", "S")


def test_small_hole_only_on_quinquereme_no_lock() -> None:
    # A quinquereme (size 4, W 0.4) rammed flush on its beam by HELIOS (RAV 2, S 4): D = 4 − 2 + d6.
    quinq = new_ship("MA-PELLA", "quinquereme", "macedon", 8.0, 6.05, 90.0, 0)  # W 0.4: beam at 5.85
    state, events = ram(game(quinq, helios()), "RH-HELIOS", "MA-PELLA", STARBOARD_BEAM,
                        Part(PartKind.BOW), False, dice(2, 6))
    # A = 9 + 2 = 11, D = 4 − 2 + 6 = 8, M = 3 → L.
    assert state.require("MA-PELLA").holes == ("L",)
    state, events = ram(game(quinq, helios()), "RH-HELIOS", "MA-PELLA", STARBOARD_BEAM,
                        Part(PartKind.BOW), False, dice(1, 6))
    # A = 10, D = 8, M = 2 → M placed: locked.
    assert state.require("MA-PELLA").holes == ("M",) and state.links
    state, events = ram(game(replace(quinq, toughened=False), replace(helios(), speed=3)), "RH-HELIOS",
                        "MA-PELLA", STARBOARD_BEAM, Part(PartKind.BOW), False, dice(2, 6))
    # S 3: A = 6 + 1 + 2 = 9, D = 8, M = 1 → S, not placed: no hole, no lock, not rammed.
    assert state.require("MA-PELLA").holes == () and state.links == ()
    assert not state.record.rammed and "hole" not in kinds(events)


def test_defence_size_alternative() -> None:
    # `ram_defence = size`: D = 2 + d6 4 = 6; A = 12 → M = 6 → L L.
    state = game(pella(), helios())
    state = replace(state, options=replace(state.options, ram_defence="size"))
    outcome = resolve(state, RAM_PELLA, dice(3, 4, 6))
    assert outcome.state.require("MA-PELLA").holes == ("L", "L")


def test_capacity_reached_sinks() -> None:
    # PELLA holed L already (4 units) takes L L M (10): 14 ≥ 12 → sinks at once: a hulk with no
    # elements and no links (no lock), no save for it (none rolled).
    rolled = dice(3, 4)
    outcome = resolve(game(pella(holes=("L",)), helios()), RAM_PELLA, rolled)
    target = outcome.state.require("MA-PELLA")
    assert target.status == "hulk" and target.hulk_reason == "sunk" and target.elements == ()
    assert outcome.state.links == () and len(rolled.log) == 2
    assert "sink" in kinds(outcome.events) and "lock" not in kinds(outcome.events)
    assert outcome.state.record.sunk[0].ship == "MA-PELLA"


def test_failed_ram_confused_and_ram_lost_on_six() -> None:
    # S 1 (speed 1): A = 2 + 1 + d6 1 = 4; D = 0 + d6 6 = 6; M = −2 < 0: no hole; speed 0 (target
    # stopped); ram-loss d6 6: ram lost; confused. Save: collision speed 1, no modifier, d6 5 → shipped.
    rolled = dice(1, 6, 6, 5)
    outcome = resolve(game(pella(), helios(speed=1)), RAM_PELLA, rolled)
    rammer = outcome.state.require("RH-HELIOS")
    assert log(rolled)[2] == ("ram loss RH-HELIOS", 6)
    assert rammer.confused and not rammer.ram and rammer.speed == 0
    assert outcome.state.links == ()


def test_failed_ram_keeps_ram_below_six() -> None:
    outcome = resolve(game(pella(), helios(speed=1)), RAM_PELLA, dice(1, 6, 5, 5))
    rammer = outcome.state.require("RH-HELIOS")
    assert rammer.confused and rammer.ram


def test_zero_margin_nothing_no_ram_loss() -> None:
    # S 2: A = 4 + 1 + d6 1 = 6, D = 0 + d6 6 = 6: M = 0, nothing: no hole, no ram-loss die.
    rolled = dice(1, 6, 5)
    outcome = resolve(game(pella(), helios(speed=2)), RAM_PELLA, rolled)
    assert len(rolled.log) == 3 and not outcome.state.require("RH-HELIOS").confused
    assert outcome.state.require("MA-PELLA").holes == ()


def test_lost_ram_rav_less_one_and_self_holes() -> None:
    # HELIOS without its ram: RAV 1. A = 1 × 4 + ½ + d6 6 = 10.5; D = 2 − 1 + d6 1 = 2;
    # M = 8.5 → P 9 → L L L (12 = capacity: PELLA sinks); self-holes ⌈8.5 / 2⌉ = 5 → L M.
    assert rav_used(helios(ram=False)) == 1
    rolled = dice(6, 1)
    outcome = resolve(game(pella(), helios(ram=False)), RAM_PELLA, rolled)
    rammer, target = outcome.state.require("RH-HELIOS"), outcome.state.require("MA-PELLA")
    assert target.status == "hulk" and rammer.holes == ("L", "M") and rammer.afloat
    assert outcome.state.record.was_holed("RH-HELIOS")
    assert [r.ship for r in outcome.state.record.rammed] == ["MA-PELLA"]


def test_no_rav_collision_is_accidental() -> None:
    # A 30-oar has no RAV: a RAM intent's bow contact is accidental; PELLA's save only
    # (collision speed 4 → −2): d6 6 ships.
    boat = new_ship("RH-HELIOS", "oar30", "rhodes", 8.0, 5.5, 0.0, 4)  # L 0.7: bow at 5.85
    rolled = dice(6)
    outcome = resolve(game(pella(), boat), RAM_PELLA, rolled)
    assert outcome.events[0]["result"] == "accidental"
    assert log(rolled) == [("oar save MA-PELLA S2", 6)]


def test_away_each_loses_a_level() -> None:
    # PELLA heading 0 at speed 2, HELIOS astern heading 0 at 4 rams its stern: travel within 45°:
    # S = 4 − 2 = 2; both lose a level: 3 and 1. A = 2 × 2 + d6 1 = 5 (stern: no modifier);
    # D = 0 + d6 6 = 6: M = −1, no hole, ram-loss d6 3: confused. Stern and bow: no saves.
    ahead = new_ship("MA-PELLA", "trireme", "macedon", 8.0, 6.45, 0.0, 2)  # stern at 5.85
    rolled = dice(1, 6, 3)
    outcome = resolve(game(ahead, helios()), RAM_PELLA, rolled)
    assert outcome.state.require("RH-HELIOS").speed == 3
    assert outcome.state.require("MA-PELLA").speed == 1
    assert outcome.state.require("RH-HELIOS").confused  # M = −1: ram-loss d6 3


def test_one_level_less() -> None:
    assert (one_level_less(4), one_level_less(1), one_level_less("B"), one_level_less(0)) == (3, 0, 0, 0)


def test_lock_link_kind() -> None:
    outcome = resolve(game(pella(), helios()), RAM_PELLA, dice(3, 4, 6))
    assert outcome.state.links == (Link("ram", "RH-HELIOS", "MA-PELLA"),)


def test_across_swing_about_far_bow_corner() -> None:
    # PELLA heading 90 at speed 2: its travel is 90° from HELIOS's heading: across. HELIOS's
    # speed 0, PELLA loses a level (2 → 1), HELIOS swings towards PELLA's heading 90 by 45° (the
    # lesser of 45 and 90) to starboard about its port bow corner (7.925, 5.85), the corner away
    # from the swing; the swept rotation is not stopped (its bow quarter turns away below y 5.85).
    # Centre: (8, 5.25) − (7.925, 5.85) = (0.075, −0.6), rotated 45° clockwise:
    # (0.075·c − 0.6·c, −0.075·c − 0.6·c) with c = 0.7071 → (−0.3712, −0.4773) → (7.5538, 5.3727).
    # S = 4 (across: the rammer's alone); A = 9 + d6 1 = 10; D = 0 + d6 6 = 6; M 4 → L S; save d6 6.
    outcome = resolve(game(pella(speed=2), helios()), RAM_PELLA, dice(1, 6, 6))
    rammer, target = outcome.state.require("RH-HELIOS"), outcome.state.require("MA-PELLA")
    assert rammer.speed == 0 and target.speed == 1
    assert rammer.heading == 45.0
    assert (rammer.x, rammer.y) == pytest.approx((7.5538, 5.3727), abs=1e-4)
    corner = rammer.polygon.corners[7]
    assert (corner.x, corner.y) == pytest.approx((7.925, 5.85))
    assert "swing" in kinds(outcome.events)
    assert outcome.state.link_entries() == ("ram RH-HELIOS>MA-PELLA",)


def test_head_on_target_with_lost_ram_rams_back_with_rav_less_one() -> None:
    # q. 20: PELLA bow to bow (heading 180 at (8, 6.45)) with its ram lost: RAV 1.
    # S = 4 (PELLA stopped). HELIOS: 8 + d6 1 = 9 against 2 − 2 + d6 6 = 6: M 3 → L.
    # PELLA: 1 × 4 + d6 6 = 10 against 2 − 1 + d6 1 = 2: M 8 → L L M on HELIOS (10 units); its own
    # holes ⌈8/2⌉ = 4 → L S: PELLA 4 + 4 + 1 = 9 units, afloat.
    facing = replace(pella(), y=6.45, heading=180.0, ram=False)
    rolled = dice(1, 6, 6, 1)
    outcome = resolve(game(facing, helios()), RAM_PELLA, rolled)
    assert log(rolled)[2:] == [("ram attack MA-PELLA", 6), ("ram defence RH-HELIOS", 6)]
    assert outcome.state.require("RH-HELIOS").holes == ("L", "L", "M")
    assert outcome.state.require("MA-PELLA").holes == ("L", "L", "S")


def test_loaded_ship_sunk_is_removed() -> None:
    # PELLA loaded with L L already (8): L L M more sinks it; a loaded ship leaves the table.
    outcome = resolve(game(pella(holes=("L", "L"), loaded=True), helios()), RAM_PELLA, dice(3, 4))
    target = outcome.state.require("MA-PELLA")
    assert target.status == "hulk" and target.removed and not target.on_table


def test_rammer_sunk_by_its_own_holes_takes_no_save() -> None:
    # HELIOS without its ram and with L L M (10) already: a win of M = 8.5 gives it L M more:
    # 16 ≥ 12 sinks it; no lock. PELLA (L L L = 12) sinks too. No saves: no die after the two.
    rolled = dice(6, 1)
    outcome = resolve(game(pella(), helios(ram=False, holes=("L", "L", "M"))), RAM_PELLA, rolled)
    assert outcome.state.require("RH-HELIOS").status == "hulk"
    assert outcome.state.links == () and len(rolled.log) == 2
