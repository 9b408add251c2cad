"""The missile phase (rulings §12, §19.2 item 2.1, §16 opt_missile_speed) on small positions,
every number worked by hand from the rulings' ranges and chart.

Triremes are 4 × 1: one at (20, 10) heading 0 spans x 19.5-20.5, y 8-12, so a trireme at
(22, 10) heading 0 is 1.0" away (short), at (29, 10) 8.0" (long). A quadreme is 4.5 × 1.25
(half beam 0.625), a heptares 5.5 × 1.5 (half beam 0.75).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.speedband.combat import missile_phase
from pbem.rules.speedband.orders import Fire, FireClause
from pbem.rules.speedband.sheets import CombatOrders
from pbem.rules.speedband.state import GameState, Link, Player, Ship, new_ship
from pbem.rules.speedband.switches import Options


def ship(ship_id: str, x: float, y: float = 10.0, type_name: str = "trireme",
         **changes: object) -> Ship:
    side = "romans" if ship_id.startswith("R") else "carthaginians"
    return new_ship(ship_id, ship_id, type_name, side, x, y, 0, player=side, **changes)


def game(*ships: Ship, options: Options | None = None) -> GameState:
    return GameState(ships, (Player("romans", "romans"), Player("carthaginians", "carthaginians")),
                     options or Options())


def fire(*clauses: tuple[int, str, str]) -> Fire:
    return Fire("archers", tuple(FireClause(n, t, k) for n, t, k in clauses))


def ballista(*clauses: tuple[int, str, str]) -> Fire:
    return Fire("ballista", tuple(FireClause(n, t, k) for n, t, k in clauses))


def play(state: GameState, rolls: list[int], archers: dict[str, Fire] | None = None,
         ballistae: dict[str, Fire] | None = None):  # type: ignore[no-untyped-def]
    dice = ForcedDice(values=rolls, largest_die=100)
    result = missile_phase(state, CombatOrders(archers=archers or {}, ballista=ballistae or {}),
                           dice)
    dice.finish()  # every die given was used, and no more
    return result[0], result[1], dice


def test_short_range_archers_on_rowers_hit_on_fifty() -> None:
    state = game(ship("R1", 20), ship("C1", 22))
    after, events, _ = play(state, [50, 51], {"R1": fire((2, "C1", "rowers"))})
    assert after.require("C1").rowers == (1, 2, 2, 2, 2, 2, 2, 2)
    shots = [e for e in events if e.kind == "shot"]
    assert [(e["roll"], e["chance"], e["range"], e["hit"]) for e in shots] == [
        (50, 50, "short", "rowers"), (51, 50, "short", "")]
    assert set(after.record.fired) == {"R1", "C1"}


def test_long_range_roll_decides_the_type() -> None:
    # 8.0" (over 6, within 10): long; the written type is ignored. 3 -> officer, 20 -> rower.
    state = game(ship("R1", 20), ship("C1", 29))
    after, events, _ = play(state, [3, 20], {"R1": fire((2, "C1", "soldiers"))})
    c1 = after.require("C1")
    assert (c1.officers, c1.officers_lost, c1.officers_lost_this_turn) == (2, 1, 1)
    assert c1.rowers == (1, 2, 2, 2, 2, 2, 2, 2) and c1.soldiers == 2
    assert [e["type"] for e in events if e.kind == "shot"] == ["", ""]


def test_fire_is_simultaneous() -> None:
    # Archers on archers at short range, 35: R1's two hits and C1's two hits; C1 still fires
    # with the two archers it had when the phase began.
    state = game(ship("R1", 20), ship("C1", 22))
    after, _, dice = play(state, [10, 10, 10, 10], {"R1": fire((2, "C1", "archers")),
                                                    "C1": fire((2, "R1", "archers"))})
    assert after.require("R1").archers == 0 and after.require("C1").archers == 0
    assert [r.purpose for r in dice.log] == ["archers R1 1 (at C1)", "archers R1 2 (at C1)",
                                            "archers C1 1 (at R1)", "archers C1 2 (at R1)"]


def test_ships_in_scenario_order_archers_before_ballista() -> None:
    # R1 quadreme (x 19.375-20.625), C1 at 22.125 (x 21.625-22.625): 1.0", short for both.
    # Archers first, clauses as written: rowers 50 hit, 90 miss; officers 15 hit; then the
    # ballista on soldiers short 45: 46 misses. C2's line (listed first in the mapping) rolls
    # after R1's: scenario order (C2 y 19-23 is 6.75" from R1's bow: long, 21 misses).
    state = game(ship("R1", 20, type_name="quadreme"), ship("C1", 22.125), ship("C2", 20, 21))
    orders = {"C2": fire((1, "R1", ""))}
    orders["R1"] = fire((2, "C1", "rowers"), (1, "C1", "officers"))
    after, _, dice = play(state, [50, 90, 15, 46, 21], orders,
                          {"R1": ballista((1, "C1", "soldiers"))})
    c1 = after.require("C1")
    assert c1.rowers == (1, 2, 2, 2, 2, 2, 2, 2) and c1.officers == 2 and c1.soldiers == 2
    assert [r.purpose.split(" (")[0] for r in dice.log] == [
        "archers R1 1", "archers R1 2", "archers R1 3", "ballista R1 1", "archers C2 1"]


def test_ballista_hit_takes_two_and_the_excess_goes_to_rowers() -> None:
    # R1 quadreme x 19.375-20.625, C1 at 27.125 x 26.625-27.625: 6.0" -> ballista medium.
    # Soldiers medium 30: 30 hits -> 2 factors on 1 soldier: 1 soldier, 1 rower (section 1).
    state = game(ship("R1", 20, type_name="quadreme"), ship("C1", 27.125, soldiers=1))
    after, events, _ = play(state, [30], ballistae={"R1": ballista((1, "C1", "soldiers"))})
    assert after.require("C1").soldiers == 0
    assert after.require("C1").rowers == (1, 2, 2, 2, 2, 2, 2, 2)
    losses = [(e["type"], e["hits"], e["lost"], e["excess_to_rowers"])
              for e in events if e.kind == "missile_loss"]
    assert losses == [("soldiers", 2, 1, 1), ("rowers", 1, 1, 0)]


def test_ballista_on_ballista_then_two_rowers_per_excess_hit() -> None:
    # R1 heptares (2 ballistae; half beam 0.75, x 19.25-20.75), C1 quadreme at 22.375
    # (x 21.75-23.0): 1.0", short; ballista short 25. Two hits on C1's one ballista: it is
    # destroyed and the second hit's 2 go to the rowers, from section 1 (3 -> 1).
    state = game(ship("R1", 20, type_name="heptares"), ship("C1", 22.375, type_name="quadreme"))
    after, _, _ = play(state, [25, 1], ballistae={"R1": ballista((2, "C1", "ballista"))})
    c1 = after.require("C1")
    assert c1.ballistae == 0 and c1.rowers == (1, 3, 3, 3, 3, 3, 3, 3)


def test_hits_beyond_the_type_and_beyond_the_last_rower() -> None:
    # Officers short 15: R1's 15 and 1 hit; one officer aboard, so one is killed (officers_lost
    # 0 -> 1) and the other hit is excess for the rowers; R2 (y 12-16, 1.0") hits the rowers
    # twice (50, 50): three rower hits on one rower left, the last two are lost.
    rowers = (1, 0, 0, 0, 0, 0, 0, 0)
    state = game(ship("R1", 20), ship("R2", 20, 14), ship("C1", 22, officers=1, rowers=rowers))
    after, events, _ = play(state, [15, 1, 50, 50], {"R1": fire((2, "C1", "officers")),
                                                     "R2": fire((2, "C1", "rowers"))})
    assert [(e["type"], e["hits"], e["lost"]) for e in events if e.kind == "missile_loss"] == [
        ("officers", 2, 1), ("rowers", 3, 1)]
    c1 = after.require("C1")
    assert (c1.officers, c1.officers_lost, c1.officers_lost_this_turn) == (0, 1, 1)
    assert c1.rowers == (0,) * 8


def test_the_long_limit_is_measured_with_epsilon_for_the_firer() -> None:
    # 30.5005 - 20.5 = 10.0005 <= 10.001: long, two dice (21, 100 miss). 10.002 is beyond:
    # no die, refused at resolution.
    state = game(ship("R1", 20), ship("R2", 20, 30), ship("C1", 31.0005), ship("C2", 31.002, 30))
    after, events, _ = play(state, [21, 100], {"R1": fire((2, "C1", "")),
                                               "R2": fire((2, "C2", ""))})
    assert after.require("C1").rowers == (2,) * 8
    refused = [e for e in events if e.kind == "fire_refused"]
    assert [(e["ship"], e["target"]) for e in refused] == [("R2", "C2")]
    assert "R2" not in after.record.fired and "C2" not in after.record.fired


def test_fleeing_ships_do_not_fire_but_are_fired_at_and_prizes_are_no_targets() -> None:
    state = game(ship("R1", 20), ship("C1", 22, status="fleeing"),
                 ship("C2", 20, 14, status="surrendered", controller="carthaginians"))
    after, events, _ = play(state, [50, 60], {"R1": fire((2, "C1", "rowers"), (2, "C2", "rowers")),
                                              "C1": fire((2, "R1", "rowers"))})
    assert after.require("C1").rowers == (1, 2, 2, 2, 2, 2, 2, 2)
    assert after.require("R1").rowers == (2,) * 8
    assert {e["ship"] for e in events if e.kind == "fire_refused"} == {"R1", "C1"}


def test_a_type_is_needed_at_short_range_and_factors_are_limited_to_those_aboard() -> None:
    # R1 names no type at 1.0": nothing rolled. R2 writes 3 factors with 2 aboard: 2 roll.
    state = game(ship("R1", 20), ship("R2", 20, 14), ship("C1", 22, 12))
    after, events, _ = play(state, [50, 50], {"R1": fire((2, "C1", "")),
                                              "R2": fire((3, "C1", "rowers"))})
    assert after.require("C1").rowers == (0, 2, 2, 2, 2, 2, 2, 2)
    reasons = [e["reason"] for e in events if e.kind == "fire_refused"]
    assert "type" in reasons[0] and "only 2" in reasons[1]


@pytest.mark.parametrize(("roll", "hit"), [(42, "rowers"), (43, "")])
def test_missile_speed_short_range(roll: int, hit: str) -> None:
    # opt_missile_speed: C1 wrote 7.5 -> rowers short 50 - 7.5 = 42.5.
    options = replace(Options(), opt_missile_speed=True)
    state = game(ship("R1", 20), ship("C1", 22, written_speed=75), options=options)
    _, events, _ = play(state, [roll], {"R1": fire((1, "C1", "rowers"))})
    shot = next(e for e in events if e.kind == "shot")
    assert (shot["chance"], shot["hit"]) == (42.5, hit)


@pytest.mark.parametrize(("roll", "read", "hit"), [
    (1, 2, "officers"),    # ceil(20 x 1 / 12.5) = ceil(1.6) = 2
    (2, 4, "archers"),     # ceil(3.2) = 4
    (12, 20, "rowers"),    # ceil(19.2) = 20
    (13, 13, ""),          # 13 > 12.5: a miss
])
def test_missile_speed_long_range_keeps_the_shares(roll: int, read: int, hit: str) -> None:
    options = replace(Options(), opt_missile_speed=True)
    state = game(ship("R1", 20), ship("C1", 29, written_speed=75), options=options)
    _, events, _ = play(state, [roll], {"R1": fire((1, "C1", ""))})
    shot = next(e for e in events if e.kind == "shot")
    assert (shot["chance"], shot["read"], shot["hit"]) == (12.5, read, hit)


def test_missile_speed_counts_a_held_target_as_stopped() -> None:
    # Grappled: speed 0 (§3.1), so 43 still hits at 50.
    options = replace(Options(), opt_missile_speed=True)
    state = game(ship("R1", 20), ship("C1", 22, written_speed=75), ship("R2", 22, 20),
                 options=options)
    state = replace(state, links=(Link("R2", "C1", "line", "R2"),))
    after, _, _ = play(state, [43], {"R1": fire((1, "C1", "rowers"))})
    assert after.require("C1").rowers[0] == 1
