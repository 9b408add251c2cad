"""A whole game (game.py): the phases and keys of §5.4, who owes and who may also send, missing
orders, sealed rounds, a later submission replacing an earlier one, the build and set-up
rounds, and several players a side."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice, SeededDice
from pbem.rules.interface import DRAW, PhaseResult
from pbem.rules.ramcruise.game import (
    check,
    commanders_after,
    may_send,
    new_game,
    owes,
    phase_title,
    pieces_of,
    play_phase,
)
from pbem.rules.ramcruise.state import BUILD, COMBAT, OVER, SETUP, STAY, GameState
from tests.rules.ramcruise.positions import combat, ship

A, B = "carthage", "rome"


def _dice(key: str) -> SeededDice:
    return SeededDice(seed=b"hand-written game", game="test", phase=key)


def _play(state: GameState, *submissions: tuple[str, str]) -> tuple[GameState, PhaseResult]:
    after, result, sheets = play_phase(state, list(submissions), _dice(state.phase.key))
    for sheet in sheets:
        assert not sheet.refused, [line.reason for line in sheet.refused]
    return after, result


# Turn 1: both fleets close at cruise (turn 1 allows no more, §20); turn 2: C4 (a bireme, 3"
# long) rams ahead 14.5" to y 28.5, its bow 2.5" short of R5's at 32.5; R5 shoots it twice and
# then rams it head on, stopping at the contact (y 34 - 2.5).
TURN_1 = {
    "r1": "C1: CRUISE F4\nC2: CRUISE F6\nC3: CRUISE F6\nC4: CRUISE F8\nC5: CRUISE F8",
    "r2": ("R3: BALLISTA C2, C1\nR2: LOSSES DECK, OAR, BOW, MAR", "C1: STANCE ACCEPT"),
    "r3": "R1: CRUISE F4\nR2: CRUISE F4\nR3: CRUISE F6\nR4: CRUISE F6\nR5: CRUISE F8",
    "r4": ("C1: BALLISTA R1", "R1: MELEE C1"),
}


def test_a_default_game_played_round_by_round_from_the_start() -> None:
    game = new_game("default", {})
    keys: list[str] = []

    def play(*submissions: tuple[str, str]) -> tuple[GameState, PhaseResult]:
        keys.append(game.phase.key)
        return _play(game, *submissions)

    assert phase_title(game) == "Turn 1, round 1: carthage moves"
    game, _ = play((A, TURN_1["r1"]))
    assert [game.require(i).y for i in ("C1", "C2", "C4")] == [10.0, 12.0, 14.0]
    assert phase_title(game) == "Turn 1, round 2: rome fires, carthage grapples and melees"
    fire, own = TURN_1["r2"]
    game, result = play((B, fire), (A, own))
    assert any(e.kind == "fire" and e["ship"] == "R3" for e in result.events)   # nothing in range
    assert game.require("R2").standing.losses == ("deck", "oar", "bow", "mar")
    assert game.require("C1").standing.stance == "accept"
    game, _ = play((B, TURN_1["r3"]))
    assert [game.require(i).y for i in ("R1", "R3", "R5")] == [38.0, 36.0, 34.0]
    fire, own = TURN_1["r4"]
    game, _ = play((A, fire), (B, own))
    assert game.phase.turn == 2 and game.require("C1").fatigue == 17     # cruise costs 3 (§7)

    game, result = play((A, "C4: RAM F14.5\nC1: STAY"))
    assert game.require("C4").y == 28.5 and game.require("C1").fatigue == 17
    game, result = play((B, "R5: BOW C4, C4 PICK OAR"), (A, ""))
    shots = [e for e in result.events if e.kind == "fire" and e["ship"] == "R5"]
    assert len(shots) == 2                                               # 2.5" away: both shots
    assert game.require("C4").fatigue == 9 and game.require("C1").fatigue == 19   # RAM 8, STAY +2
    sheet = check(game, B, "R5: RAM F9")
    line = sheet.lines[0]
    assert "head-on ram" in line.echo and line.plan[-1] == "(16, 31.5, 180) ram C4"
    game, result = play((B, "R5: RAM F9"))
    assert game.require("R5").y == 31.5
    game, result = play((A, ""), (B, ""))
    assert any(e.kind == "ram" and e["ship"] == "R5" and not e.get("marked") for e in result.events)
    assert keys == ["T1-r1-carthage", "T1-r2-carthage", "T1-r3-rome", "T1-r4-rome",
                    "T2-r1-carthage", "T2-r2-carthage", "T2-r3-rome", "T2-r4-rome"]
    assert len(set(keys)) == len(keys)
    assert game.phase.key == "T3-r1-carthage" or game.phase.kind == OVER


def test_every_key_of_a_whole_game_is_unique_to_the_end() -> None:
    # Fleets built, set up freely, then twelve turns in which nobody sends anything: each side
    # builds, the judge places, every ship stays, and the turn limit ends it level (§17).
    game = new_game("custom", {"setup": "free", "wind": "roll", "turn_limit": 3}, BUILD_SCENARIO)
    keys = []
    while game.phase.kind != OVER:
        keys.append(game.phase.key)
        sent = {"build": [(A, "X1: trireme CREWMEN 3 regular"), (B, "Y1: trireme CREWMEN 3 regular")]}
        game, _, _ = play_phase(game, sent.get(game.phase.key, []), _dice(game.phase.key))
    assert keys[:5] == ["wind", "build", "setup-rome", "setup-carthage", "T1-r1-carthage"]
    assert keys[-1] == "T3-r4-rome" and len(keys) == 4 + 3 * 4
    assert len(set(keys)) == len(keys)
    assert game.winner == DRAW and owes(game) == () and may_send(game) == ()


def test_who_owes_and_who_may_also_send_in_each_round() -> None:
    game = new_game("default", {})
    expected = [((A,), (B,)), ((A, B), ()), ((B,), (A,)), ((A, B), ())]
    for owed, others in expected:
        assert (owes(game), may_send(game)) == (owed, others), game.phase.key
        game, _ = _play(game)
    assert game.phase.key == "T2-r1-carthage"


def test_standing_orders_from_the_side_that_does_not_move() -> None:
    game = new_game("default", {})
    game, _ = _play(game, (B, "R1: STANCE ACCEPT\nR4: ONSHEAR NONE"))
    assert game.require("R1").standing.stance == "accept"
    assert game.require("R4").standing.onshear == "none"
    _, result, sheets = play_phase(game, [(B, "R1: MELEE C1")], _dice("x"))   # round 2
    assert sheets[0].lines[0].status == "refused" and "phasing" in sheets[0].lines[0].reason
    assert result.rejected == (("R1", sheets[0].lines[0].reason),)
    with pytest.raises(ValueError, match="no orders to give now"):
        check(replace(game, phase=replace(game.phase, kind=OVER)), A, "")


def test_missing_orders_in_round_one_every_ship_stays() -> None:
    game = new_game("default", {})
    after, _ = _play(game)
    for before, now in zip(game.ships, after.ships, strict=True):
        assert (now.x, now.y, now.heading) == (before.x, before.y, before.heading)
        if now.side == A:
            assert now.mode == STAY and now.speed == 0
    assert after.phase.kind == COMBAT


def test_missing_orders_in_round_two_grappled_phasing_ships_still_melee() -> None:
    position = combat(ship("C1", 20, 10), ship("R1", 21.05, 10)).with_grapple("C1", "R1")
    after, result, _ = play_phase(position, [], ForcedDice(values=[6, 6, 1]))
    melees = [e for e in result.events if e.kind == "melee"]
    assert [e["ship"] for e in melees] == ["C1"] and melees[0]["target"] == "R1"
    assert after.phase.key == "T2-r3-rome"


def test_round_two_is_sealed_and_takes_both_sides_at_once() -> None:
    position = combat(ship("C1", 20, 10), ship("R1", 21.05, 10))
    assert owes(position) == (A, B)
    rome = check(position, B, "R1: STANCE ACCEPT")
    alone = check(position, A, "C1: GRAPPLE R1")
    together = play_phase(position, [(A, "C1: GRAPPLE R1"), (B, "R1: STANCE ACCEPT")],
                          ForcedDice(values=[2, 3, 1]))
    assert rome.lines[0].status == "accepted" and alone.lines[0].status == "accepted"
    grapple = next(e for e in together[1].events if e.kind == "grapple")
    assert grapple["needed"] == 5        # R1's ACCEPT, sent in the same round, counts (§5.3)
    assert together[0].grappled_with("C1") == ("R1",)


def test_a_later_submission_replaces_the_earlier_one() -> None:
    game = new_game("default", {})
    after, _ = _play(game, (A, "C1: CRUISE F2\nC3: STANCE ACCEPT"),
                     (A, "C1: CRUISE F4\nC3: STANCE RESIST"))
    assert after.require("C1").y == 10.0 and after.require("C3").standing.stance == "resist"


def test_wind_roll_then_turn_one() -> None:
    game = new_game("default", {"wind": "roll"})
    assert game.phase.key == "wind" and owes(game) == () and may_send(game) == ()
    after, result, sheets = play_phase(game, [], ForcedDice(values=[3]))
    assert after.wind == 120 and after.phase.key == "T1-r1-carthage" and sheets == ()
    assert [e.kind for e in result.events] == ["wind"]
    with pytest.raises(ValueError, match="judge rolls"):
        play_phase(game, [(A, "C1: STAY")], ForcedDice(values=[3]))


def test_free_set_up_rome_then_carthage_and_the_judge_places_the_rest() -> None:
    game = new_game("default", {"setup": "free"})
    assert game.phase.key == "setup-rome" and owes(game) == (B,) and may_send(game) == (A,)
    assert phase_title(game) == "Set-up: rome places its ships (north edge)"
    game, _ = _play(game, (B, "R1: 30 44 180"), (A, "C2: STANCE ACCEPT"))
    assert game.phase.key == "setup-carthage" and owes(game) == (A,)
    assert (game.require("R1").x, game.require("R1").y) == (30.0, 44.0)
    assert game.require("R2").placed and game.require("R2").y == 48 - 0.5 - 2.5   # by the judge
    assert not game.require("C1").placed and game.require("C2").standing.stance == "accept"
    game, _ = _play(game)
    assert game.phase.key == "T1-r1-carthage"
    assert all(s.placed for s in game.ships) and game.require("C1").y == 0.5 + 2.5


BUILD_SCENARIO = """
title = "Built fleets"
build = true
[[side]]
id = "carthage"
home = "south"
[[side]]
id = "rome"
home = "north"
"""


def test_the_build_round_both_at_once_side_a_first() -> None:
    game = new_game("custom", {}, BUILD_SCENARIO)
    assert game.phase.kind == BUILD and owes(game) == (A, B) and pieces_of(game, A) == []
    lines_a = "X1: trireme CREWMEN 3 regular MARINES 2 regular\nX2: bireme CREWMEN 2 regular"
    lines_b = "X1: quinquereme CREWMEN 5 regular\nR1: quinquereme CREWMEN 5 regular\nR1: STANCE ACCEPT"
    after, result, sheets = play_phase(game, [(B, lines_b), (A, lines_a)], _dice("build"))
    assert [s.id for s in after.ships] == ["X1", "X2", "R1"]          # A's first, then B's
    assert ("X1", result.rejected[0][1]) == result.rejected[0] and "already" in result.rejected[0][1]
    assert after.require("R1").standing.stance == "accept" and after.require("R1").flagship
    assert after.side(A).start_points == 5 and after.side(B).start_points == 5
    assert after.phase.key == "T1-r1-carthage" and all(s.placed for s in after.ships)
    assert after.require("X1").x == 4.0 and after.require("X2").x == 8.0
    players = [(1, A, ()), (2, A, ()), (3, B, ())]
    built = commanders_after(game, players, {1: ["X1"], 2: ["X2"], 3: ["R1"]}, result)
    assert built == {1: ("X1",), 2: ("X2",)}                        # rome's lone player unchanged


def test_a_side_that_builds_nothing_loses() -> None:
    game = new_game("custom", {}, BUILD_SCENARIO)
    after, result, _ = play_phase(game, [(A, "X1: trireme CREWMEN 3 regular")], _dice("build"))
    assert after.winner == A and after.phase.kind == OVER and owes(after) == ()
    assert [e.kind for e in result.events] == ["victory"]
    both, _, _ = play_phase(game, [], _dice("build"))
    assert both.winner == DRAW


def test_a_build_with_free_set_up_goes_to_rome_s_set_up_unplaced() -> None:
    game = new_game("custom", {"setup": "free"}, BUILD_SCENARIO)
    after, _, _ = play_phase(game, [(A, "X1: trireme CREWMEN 3 regular"),
                                    (B, "Y1: trireme CREWMEN 3 regular")], _dice("build"))
    assert after.phase.kind == SETUP and after.phase.side == B
    assert not any(s.placed for s in after.ships)


def test_two_players_of_a_side_share_its_budget() -> None:
    game = new_game("custom", {"budget": 6}, BUILD_SCENARIO)
    first = "X1: trireme CREWMEN 3 regular"
    second = "X2: trireme CREWMEN 3 regular\nX3: bireme CREWMEN 2 regular"
    after, result, sheets = play_phase(game, [(A, first), (A, second), (B, first.replace("X", "Y"))],
                                       _dice("build"))
    assert [s.id for s in after.ships] == ["X1", "X2", "Y1"]
    assert any(name == "X3" and "6 points" in why for name, why in result.rejected)


def test_a_side_of_routers_only_owes_nothing_but_may_send_standing_orders() -> None:
    from tests.rules.ramcruise.positions import state

    position = state(ship("C1", 20, 20, routed=True), ship("R1", 60, 44, 180))
    assert owes(position) == () and may_send(position) == (A, B)
    assert check(position, A, "C1: STANCE ACCEPT").lines[0].status == "accepted"
    fighting = combat(ship("C1", 20, 20, routed=True), ship("R1", 60, 44, 180))
    assert owes(fighting) == (B,) and may_send(fighting) == (A,)
    assert pieces_of(fighting, A) == ["C1"]
    sunk = combat(ship("C1", 20, 20, status="sunk"), ship("R1", 60, 44, 180))
    assert owes(sunk) == (B,) and may_send(sunk) == () and pieces_of(sunk, A) == []
    with pytest.raises(ValueError, match="no orders to give now"):
        check(sunk, A, "C1: STAY")
