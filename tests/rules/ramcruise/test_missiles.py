"""Missile fire (rulings §13–§15): who fires, bow range and the short/long line, who picks a
loss and the fall-back, two shots a side and the tower by broadside, skipped shots, ballista
bands, manning and reload, fire darts, the surrender checks after each line, and the dice in
§21's order. Positions and dice are the rules cases' (tests/cases/ram-cruise/13.*, 14*, 15.*)
for the fire step."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.ramcruise.missiles import fire_lines, loss_category
from pbem.rules.ramcruise.morale import checkpoint
from pbem.rules.ramcruise.orders import Picking, Targets
from pbem.rules.ramcruise.rows import grapples_from_rows, ship_from_row, sides_from_rows
from pbem.rules.ramcruise.state import COMBAT, GameState, Phase
from pbem.rules.ramcruise.switches import parse_options

SIDES = [{"id": "carthage", "home": "south"}, {"id": "rome", "home": "north"}]


def row(ship_id: str, x: float, y: float, heading: int = 0, **keys: Any) -> dict[str, Any]:
    side = "carthage" if ship_id.startswith("C") else "rome"
    return {"id": ship_id, "side": side, "class": "trireme", "x": x, "y": y, "heading": heading,
            **keys}


def game(*rows: dict[str, Any], turn: int = 2, **options: Any) -> GameState:
    opts = parse_options(options)
    ships = [ship_from_row(r, n, opts) for n, r in enumerate(rows, 1)]
    return GameState(ships=tuple(ships), sides=sides_from_rows(SIDES, ships), options=opts,
                     phase=Phase(COMBAT, turn, 1, "carthage"),
                     grapples=grapples_from_rows(rows, ships))


def bow(ship: str, *targets: str, picks: tuple[str, ...] = ()) -> Picking:
    return Picking(ship, "BOW", targets, picks)


def ballista(ship: str, *targets: str) -> Targets:
    return Targets(ship, "BALLISTA", targets)


def fire(state: GameState, lines: list[Picking | Targets],
         values: list[int]) -> tuple[GameState, list[Any], ForcedDice]:
    dice = ForcedDice(values=values)
    state, events = fire_lines(state, "rome", lines, dice)
    dice.finish()
    return state, events, dice


def purposes(dice: ForcedDice) -> list[str]:
    return [roll.purpose for roll in dice.log]


def shots(events: list[Any]) -> list[tuple[str, str, str]]:
    """(target, side, range) of each bow shot taken; skipped shots as (target, "", "")."""
    return [(e["target"], e.get("side", ""), e.get("range", "")) for e in events
            if e.kind == "fire" and e["weapon"] == "bow"]


def test_13_1_a_routed_ship_does_not_fire_a_sinking_grappled_one_does() -> None:
    # Case 13.1: R1 (routed) rolls nothing; R2 (sinking, grappled to C2) shoots C2 0.05" off on
    # its port side: 5 hits, R2 picks MAR.
    state = game(row("C1", 20, 20, marines=2), row("C2", 40, 20, marines=2, grappled_with=["R2"]),
                 row("R1", 21.5, 20, bowmen=2, routed=True),
                 row("R2", 41.05, 20, bowmen=1, marines=1, status="sinking", countdown=2))
    state, events, dice = fire(state, [bow("R1", "C1"), bow("R2", "C2")], [5])
    assert (state.require("C1").crew.marines, state.require("C2").crew.marines) == (2, 1)
    assert events[0]["reason"] == "R1 is routed"
    assert shots(events) == [("", "", ""), ("C2", "port", "short")]
    assert purposes(dice) == ["bow R2 (at C2)"]


def test_13_2_exactly_four_is_long_range_and_4_05_is_skipped() -> None:
    # Case 13.2: 4.0" away, dead astern (both sides, starboard on the tie): 6 hits; pick dice 3
    # (firer) and 5 (target): C1 picks with its LOSSES, DECK, BOW, MAR, OAR: only MAR aboard.
    state = game(row("C1", 20, 22, crewmen=3, marines=1), row("C2", 40, 21.95, marines=1),
                 row("R1", 20, 30, bowmen=1), row("R2", 40, 30, bowmen=1))
    state, events, dice = fire(state, [bow("R1", "C1"), bow("R2", "C2")], [6, 3, 5])
    assert (state.require("C1").crew.marines, state.require("C2").crew.marines) == (0, 1)
    assert shots(events) == [("C1", "starboard", "long"), ("C2", "", "")]
    assert "beyond 4\"" in events[-1]["reason"]
    assert purposes(dice) == ["bow R1 (at C1)", "pick R1 (at C1)", "pick C1 (from R1)"]
    assert [(e["firer_die"], e["target_die"], e["picker"]) for e in events if e.kind == "pick"] \
        == [(3, 5, "target")]
    assert state.half_record.triggers == (("C1", "casualties"),)


def test_13_3_a_ships_bow_and_ballista_lines_both_fire() -> None:
    # Case 13.3 (the second BOW line is the checker's to refuse): BOW 3" long: 1 misses;
    # BALLISTA, its one deck crewman manning it, short: 1 + 1 misses. It fired in turn 2.
    state = game(row("C1", 20, 23, marines=1), row("R1", 20, 30, crewmen=4, bowmen=1, ballistas=1))
    state, _, dice = fire(state, [bow("R1", "C1"), ballista("R1", "C1")], [1, 1, 1])
    assert state.require("R1").ballistas == (2,)
    assert purposes(dice) == ["bow R1 (at C1)"] + ["ballista R1 1 (at C1)"] * 2
    assert state.half_record.triggers == ()


def test_13_4_short_range_the_firer_picks_with_no_pick_dice() -> None:
    # Case 13.4: exactly 2" is short: 5 hits, PICK OAR: a rower.
    state = game(row("C1", 20, 24, crewmen=3, marines=2), row("R1", 20, 30, bowmen=1))
    state, _, dice = fire(state, [bow("R1", "C1", picks=("oar",))], [5])
    c1 = state.require("C1").crew
    assert (c1.crewmen, c1.oar, c1.marines) == (2, 2, 2) and len(dice.log) == 1


def test_13_4_a_pick_list_falls_back_to_mar_bow_deck_oar() -> None:
    # Case 13.4: PICK DECK, no crewman on deck: MAR (none), then BOW.
    state = game(row("C1", 20, 25, crewmen=3, bowmen=1), row("R1", 20, 30, bowmen=1))
    state, _, _ = fire(state, [bow("R1", "C1", picks=("deck",))], [5])
    assert (state.require("C1").crew.bowmen, state.require("C1").crew.crewmen) == (0, 3)
    assert loss_category(state.require("C1"), ("mar", "bow")) == "oar"


def test_13_4_long_range_roll_off_and_the_tie_to_the_target() -> None:
    # Case 13.4: elite bowmen at 3": shot 1 5 + 1 hits, pick dice 4 and 2: the firer's OAR;
    # shot 2 6 + 1 hits, 3 and 3: a tie, the target's LOSSES: its deck crewman.
    state = game(row("C1", 20, 23, crewmen=4, oars=3, marines=1),
                 row("R1", 20, 30, bowmen=2, bowmen_class="elite"))
    state, events, dice = fire(state, [bow("R1", "C1", "C1", picks=("oar",))], [5, 4, 2, 6, 3, 3])
    c1 = state.require("C1").crew
    assert (c1.crewmen, c1.oar, c1.deck, c1.marines) == (2, 2, 0, 1)
    assert purposes(dice) == ["bow R1 (at C1)", "pick R1 (at C1)", "pick C1 (from R1)"] * 2
    assert [e["picker"] for e in events if e.kind == "pick"] == ["firer", "target"]
    assert [e["category"] for e in events if e.kind == "hit"] == ["oar", "deck"]
    assert [(e["total"], e["needed"]) for e in events if e.kind == "fire"] == [(6, 6), (7, 6)]


def test_14_a_target_on_both_sides_uses_the_side_with_more_shots() -> None:
    # Case 14: C2 across R1's bow (both sides), C1 to starboard; shots starboard, port,
    # starboard, then nothing left for C1 on starboard and no tower: skipped, no die.
    state = game(row("C1", 21.6, 20, marines=2), row("C2", 20, 23, 90, marines=3),
                 row("R1", 20, 20, crewmen=3, bowmen=4))
    state, events, dice = fire(state, [bow("R1", "C2", "C2", "C1", "C1")], [5, 5, 5])
    assert (state.require("C1").crew.marines, state.require("C2").crew.marines) == (1, 1)
    assert shots(events) == [("C2", "starboard", "short"), ("C2", "port", "short"),
                             ("C1", "starboard", "short"), ("C1", "", "")]
    assert "no shot left" in events[-1]["reason"] and len(dice.log) == 3


def test_14_two_shots_a_side_and_the_tower() -> None:
    # Case 14: R1 (tower, 5 bowmen) at C1 on its starboard: starboard, starboard, tower, skipped.
    # R2 (4 bowmen, no tower) at C2 on its starboard: two shots, the third skipped.
    state = game({**row("C1", 22.5, 20), "class": "quinquereme", "crewmen": 5, "marines": 5},
                 row("C2", 51.5, 20, marines=3),
                 {**row("R1", 20, 20), "class": "quinquereme", "crewmen": 5, "bowmen": 5,
                  "tower": True},
                 row("R2", 50, 20, crewmen=3, bowmen=4))
    state, events, _ = fire(state, [bow("R1", "C1", "C1", "C1", "C1"), bow("R2", "C2", "C2", "C2")],
                            [5, 6, 5, 1, 1])
    assert [s[1] for s in shots(events)] == ["starboard", "starboard", "tower", "",
                                             "starboard", "starboard", ""]
    assert (state.require("C1").crew.marines, state.require("C2").crew.marines) == (2, 3)


def test_14_green_bowmen_never_hit_at_long_range_but_roll() -> None:
    state = game(row("C1", 20, 23, marines=2), row("R1", 20, 30, bowmen=2, bowmen_class="green"))
    state, events, dice = fire(state, [bow("R1", "C1", "C1")], [6, 6])
    assert state.require("C1").crew.marines == 2 and len(dice.log) == 2
    assert [(e["total"], e["hit"]) for e in events] == [(5, False), (5, False)]
    assert state.half_record.triggers == ()


def test_14_a_skipped_shot_uses_no_bowman() -> None:
    # Case 14: C2 9" off is skipped; R1's one bowman still shoots C1.
    state = game(row("C1", 20, 25, marines=2), row("C2", 30, 30, marines=2),
                 row("R1", 20, 30, bowmen=1))
    state, _, _ = fire(state, [bow("R1", "C2", "C1")], [5])
    assert (state.require("C1").crew.marines, state.require("C2").crew.marines) == (1, 2)


def test_14_each_bowman_shoots_once() -> None:
    state = game(row("C1", 20, 25, marines=3), row("R1", 20, 30, bowmen=1))
    state, events, _ = fire(state, [bow("R1", "C1", "C1")], [5])
    assert state.require("C1").crew.marines == 2
    assert events[-1]["reason"] == "every bowman of R1 has shot"


def test_15_1_ballista_bands_with_epsilon() -> None:
    # Case 15.1: 5.0 short (3 + 3 hits), 12.0 medium (4 + 4), 20.0 long (5 + 6), 20.1 no target.
    state = game(row("C1", 10, 31), row("C2", 25, 24), row("C3", 40, 16), row("C4", 55, 15.9),
                 *(row(f"R{n}", x, 40, crewmen=4, ballistas=1)
                   for n, x in enumerate((10, 25, 40, 55), 1)))
    lines: list[Picking | Targets] = [ballista(f"R{n}", f"C{n}") for n in range(1, 5)]
    state, events, _ = fire(state, lines, [3, 3, 4, 4, 5, 6])
    assert [state.require(f"R{n}").ballistas for n in range(1, 5)] == [(2,), (2,), (2,), (0,)]
    assert [(e.get("band"), e.get("needed"), e.get("hit")) for e in events if e.kind == "fire"] \
        == [("short", 6, True), ("medium", 8, True), ("long", 11, True), (None, None, None)]
    assert state.half_record.triggers == tuple((f"C{n}", "ballista") for n in (1, 2, 3))


def test_15_1_reload_and_manning() -> None:
    # Case 15.1, turn 5: R1's first ballista fired in turn 4 (not loaded), its one deck crewman
    # mans the second; R2 has nobody on deck; R3 mans only its first.
    state = game(row("C1", 20, 30),
                 {**row("R1", 10, 40), "class": "quinquereme", "crewmen": 6, "oars": 5,
                  "ballistas": 2, "ballistas_fired": [4, 0]},
                 row("R2", 20, 40, crewmen=3, ballistas=1),
                 {**row("R3", 30, 40), "class": "quinquereme", "crewmen": 6, "oars": 5,
                  "ballistas": 2},
                 turn=5)
    state, events, dice = fire(state, [ballista(s, "C1") for s in ("R1", "R2", "R3")], [2, 2, 2, 2])
    assert [state.require(s).ballistas for s in ("R1", "R2", "R3")] == [(4, 5), (0,), (5, 0)]
    assert purposes(dice) == ["ballista R1 2 (at C1)"] * 2 + ["ballista R3 1 (at C1)"] * 2
    assert events[1]["reason"] == "R2 has no crewman on deck to man a ballista"
    assert state.half_record.triggers == ()


def test_15_1_every_ballista_fires_at_the_first_target_that_qualifies() -> None:
    # Case 15.1: both of R1's ballistas go to C1 (12.86", long): 4 + 4 misses, 6 + 5 hits.
    state = game(row("C1", 20, 24), row("C2", 30, 33),
                 {**row("R1", 27, 40), "class": "quinquereme", "crewmen": 7, "oars": 5,
                  "ballistas": 2})
    state, events, dice = fire(state, [ballista("R1", "C1", "C2")], [4, 4, 6, 5])
    assert state.require("R1").ballistas == (2, 2)
    assert purposes(dice) == ["ballista R1 1 (at C1)"] * 2 + ["ballista R1 2 (at C1)"] * 2
    assert state.half_record.triggers == (("C1", "ballista"),)


def test_15_2_several_hits_one_throw() -> None:
    # Case 15.2: two ballista hits and a bow hit on C1, then M2: one throw, 3 + 3 holds.
    state = game(row("C1", 20, 35, marines=2),
                 {**row("R1", 20, 40), "class": "quinquereme", "crewmen": 7, "oars": 5,
                  "bowmen": 1, "ballistas": 2})
    state, _, _ = fire(state, [ballista("R1", "C1"), bow("R1", "C1")], [3, 3, 4, 4, 5])
    assert state.require("C1").crew.marines == 1
    assert state.half_record.triggers_of("C1") == ("ballista", "casualties")
    dice = ForcedDice(values=[3, 3])
    state, events = checkpoint(state, "M2", dice)
    dice.finish()
    assert [e["ship"] for e in events] == ["C1"] and not state.require("C1").routed


@pytest.mark.parametrize(("darts", "trigger"), [("off", "ballista"), ("on", "fire_dart"),
                                                ("rome", "fire_dart"), ("carthage", "ballista")])
def test_15_2_fire_darts_by_side(darts: str, trigger: str) -> None:
    state = game(row("C1", 20, 31), row("R1", 20, 40, crewmen=4, ballistas=1), fire_darts=darts)
    state, events, _ = fire(state, [ballista("R1", "C1")], [3, 3])
    assert state.half_record.triggers == (("C1", trigger),)
    assert [e["weapon"] for e in events if e.kind == "hit"] == [
        "fire dart" if trigger == "fire_dart" else "ballista"]


def test_12_4_the_surrender_checks_follow_each_fire_line() -> None:
    # R1's bow kills C1's last factor: C1 strikes after that line, so R2's ballista finds no
    # target in it and rolls nothing.
    state = game(row("C1", 20, 25, crewmen=0, marines=1), row("R1", 20, 30, bowmen=1),
                 row("R2", 30, 40, crewmen=4, ballistas=1))
    state, events, dice = fire(state, [bow("R1", "C1"), ballista("R2", "C1")], [5])
    assert state.require("C1").status == "surrendered"
    assert [e.kind for e in events] == ["fire", "hit", "surrender", "fire"]
    assert events[-1]["reason"] == "no target: C1 is surrendered"
    assert state.require("R2").ballistas == (0,)


def test_14_a_hit_on_a_ship_with_no_crew_left_takes_no_pick_dice() -> None:
    # Its first shot kills C1's last factor; the second (long) hits, with nothing to pick.
    state = game(row("C1", 20, 23, crewmen=0, marines=1), row("R1", 20, 30, bowmen=2))
    state, events, dice = fire(state, [bow("R1", "C1", "C1")], [6, 1, 2, 6])
    assert purposes(dice) == ["bow R1 (at C1)", "pick R1 (at C1)", "pick C1 (from R1)",
                              "bow R1 (at C1)"]
    assert events[-2]["reason"] == "C1 has no crew left to lose"


def test_21_fire_lines_in_the_order_written_whatever_their_verb() -> None:
    # Case 21's step 4: R4's ballista at C3 (3", short): 3 + 4 hits; R3's bow at C3 (touching,
    # starboard): 5 hits, MAR; R4's bow (3", port, long): 6 hits, pick dice 2 and 5: C3's LOSSES.
    state = game(row("C3", 50, 14, marines=2, mode="ram", speed=8),
                 row("R3", 50, 16.5, 90, bowmen=1, marines=1, speed=8),
                 row("R4", 54, 14, crewmen=4, bowmen=1, ballistas=1))
    state, events, dice = fire(state, [ballista("R4", "C3"), bow("R3", "C3"), bow("R4", "C3")],
                               [3, 4, 5, 6, 2, 5])
    assert purposes(dice) == ["ballista R4 1 (at C3)"] * 2 + [
        "bow R3 (at C3)", "bow R4 (at C3)", "pick R4 (at C3)", "pick C3 (from R4)"]
    assert state.require("C3").crew.marines == 0 and state.require("R4").ballistas == (2,)
    assert shots(events) == [("C3", "starboard", "short"), ("C3", "port", "long")]
    assert state.half_record.triggers_of("C3") == ("ballista", "casualties")


@pytest.mark.parametrize(("gap", "range_", "needed"), [(2.0, "short", 5), (2.0005, "short", 5),
                                                      (2.002, "long", 6), (4.0005, "long", 6)])
def test_13_2_bow_bands_give_epsilon_to_the_firer(gap: float, range_: str, needed: int) -> None:
    # R1's stern at y 28; C1's bow at 28 - gap (G6: within R is x <= R + 0.001).
    state = game(row("C1", 20, 26 - gap, marines=1), row("R1", 20, 30, bowmen=1))
    _, events, _ = fire(state, [bow("R1", "C1")], [1])
    assert (events[0]["range"], events[0]["needed"]) == (range_, needed)


@pytest.mark.parametrize(("gap", "band"), [(5.0005, "short"), (5.002, "medium"),
                                           (12.0005, "medium"), (12.002, "long"),
                                           (20.0005, "long")])
def test_15_1_ballista_bands_give_epsilon_to_the_firer(gap: float, band: str) -> None:
    state = game(row("C1", 20, 26 - gap), row("R1", 20, 30, crewmen=4, ballistas=1))
    _, events, _ = fire(state, [ballista("R1", "C1")], [1, 1])
    assert events[0]["band"] == band
