"""A whole game's phases (game.py; rulings §4, §17, §18): the keys T1-r1 → T1-r2 → T2-r1, the
round-2 skip when no side can fire, fight or transfer, who owes orders and who may send them
in each phase, the §4 default for missing orders, the free set-up phases, and a game that ends
going to "over".

The small game: a quinquereme R1 at (20, 10) heading 0 (bow at y 12.5; one ballista, long
range 16") and a trireme C1 at (20, 25) heading 180 (bow at y 23; archers, long range 10"):
10.5" apart, so only the Romans can shoot. Both ended last turn at Slow, so both may stop.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.speedband import game
from pbem.rules.speedband.state import LINE, SUNK, GameState

SMALL = """
title = "Two ships"
[[ship]]
id = "R1"
side = "romans"
type = "quinquereme"
x = 20.0
y = 10.0
heading = 0
last_band = "slow"
[[ship]]
id = "C1"
side = "carthaginians"
type = "trireme"
x = {c1_x}
y = {c1_y}
heading = 180
last_band = "slow"
"""


def small(c1_x: float = 20.0, c1_y: float = 25.0, **options: str) -> GameState:
    return game.new_game("file", options, SMALL.format(c1_x=c1_x, c1_y=c1_y))


def play(state: GameState, dice: list[int], **texts: str) -> tuple[GameState, tuple]:
    forced = ForcedDice(values=dice, largest_die=100)
    after, result, _ = game.play_phase(state, list(texts.items()), forced)
    forced.finish()  # every die given was drawn, and no more
    assert result.rejected == ()
    return after, result.events


def kinds(events: tuple) -> list[str]:
    return [told.kind for told in events]


def test_round_two_opens_when_a_ship_can_fire_and_then_the_next_turn() -> None:
    state = small()
    assert state.phase.key == "T1-r1"
    assert (game.owes(state), game.may_send(state)) == (("romans", "carthaginians"), ())
    state, events = play(state, [6, 1], romans="R1: SPEED 0", carthaginians="C1: SPEED 0")
    assert state.phase.key == "T1-r2" and "round_skipped" not in kinds(events)
    # Only R1's ballista reaches (10.5" ≤ 16"); C1's archers do not (> 10"), but the
    # Carthaginians may still change their standing orders.
    assert (game.owes(state), game.may_send(state)) == (("romans",), ("carthaginians",))
    sheet = game.check(state, "carthaginians", "C1: LOSSES SOLDIERS ARCHERS OFFICERS")
    assert sheet.refused == ()
    # The Romans send nothing: no fire (§4), no die; the turn ends and turn 2 opens.
    state, events = play(state, [])
    assert state.phase.key == "T2-r1" and "shot" not in kinds(events)
    assert game.owes(state) == ("romans", "carthaginians")


def test_a_round_two_with_fire_is_played_from_the_orders() -> None:
    state, _ = play(small(), [6, 1], romans="R1: SPEED 0", carthaginians="C1: SPEED 0")
    # One ballista factor at long range: a d100 of 90 misses (20%).
    state, events = play(state, [90], romans="R1: BALLISTA 1 C1")
    shots = [(e["ship"], e["target"], e["range"], e["roll"], e["hit"]) for e in events
             if e.kind == "shot"]
    assert shots == [("R1", "C1", "long", 90, "")]
    assert state.phase.key == "T2-r1"


def test_round_two_is_skipped_and_missing_orders_take_the_section_4_default() -> None:
    # C1 far off at (40, 40). R1 has no movement line: on turn 1 it writes the top of its
    # last band, Slow, 6": to y 16. Then R1 is 27.1" from C1, beyond every range, nothing is
    # locked: round 2 is played at once with standing orders only and turn 2 opens.
    # R1's only line is a standing CUT NONE, which keeps from turn to turn (§4).
    state = small(40.0, 40.0)
    state, events = play(state, [6, 1], romans="R1: CUT NONE", carthaginians="C1: SPEED 0")
    r1 = state.require("R1")
    assert state.phase.key == "T2-r1"
    assert (r1.y, r1.last_speed, r1.last_band) == (16.0, 60, "slow")
    skipped = [e for e in events if e.kind == "round_skipped"]
    assert len(skipped) == 1 and skipped[0]["turn"] == 1
    # Turn 2, nothing from anyone: R1 repeats 6" straight (§4); C1, at Stop, writes 0.
    state, _ = play(state, [6, 1])
    assert (state.require("R1").y, state.require("C1").y) == (22.0, 40.0)
    assert state.require("R1").standing.cut == "none"
    assert state.phase.key == "T3-r1"


def test_a_side_broken_at_the_end_of_the_turn_loses_and_the_game_is_over() -> None:
    # The default battle with C1 (150 of the Carthaginians' 250 tons) already sunk: at the end
    # of turn 1 they are broken (2 × 150 ≥ 250) and the Romans win (§17). Everyone rows 1"
    # (Slow, one band down from Cruise): still far beyond every range, so round 2 is skipped.
    start = game.new_game("default", {})
    start = start.with_ship(replace(start.require("C1"), status=SUNK))
    romans = "R1: SPEED 1\nR2: SPEED 1\nR3: SPEED 1"
    state, events = play(start, [1, 2], romans=romans, carthaginians="C2: SPEED 1\nC3: SPEED 1")
    assert state.phase.key == "over" and state.winner == "romans"
    assert game.pieces_of(state, "carthaginians") == ["C2", "C3"]
    victory = [e for e in events if e.kind == "victory"]
    assert [(e["winner"], e["turn"], e["reason"]) for e in victory] == [("romans", 1, "broken")]
    assert (game.owes(state), game.may_send(state)) == ((), ())
    with pytest.raises(ValueError, match="the game is over; no orders are taken"):
        game.check(state, "romans", "R1: SPEED 0")
    with pytest.raises(ValueError, match="the game is over; no phase is open"):
        game.play_phase(state, [], ForcedDice())


def test_the_turn_limit_ends_the_game_on_tonnage() -> None:
    state, events = play(small(40.0, 40.0, turn_limit="1"), [6, 1])
    assert state.phase.key == "over" and state.winner == "draw"
    assert [(e["winner"], e["reason"]) for e in events if e.kind == "victory"] == [
        ("draw", "turn limit")]


def test_free_set_up_places_the_carthaginians_then_the_romans_then_turn_one() -> None:
    state = game.new_game("default", {"setup": "free"})
    assert state.phase.key == "setup-carthaginians"
    assert (game.owes(state), game.may_send(state)) == (("carthaginians",), ())
    with pytest.raises(ValueError, match="no orders to give now"):
        game.check(state, "romans", "R1: 28 4 0")
    # C2 legally placed 4" from the north edge; C3 at y 30 is not within 8" of it and takes
    # its table position (52, 40); C1, not placed, keeps its own.
    after, result, _ = game.play_phase(
        state, [("carthaginians", "C2: 20 44 180\nC3: 52 30 180")], ForcedDice())
    assert after.phase.key == "setup-romans" and game.owes(after) == ("romans",)
    where = {ship.id: (ship.x, ship.y, ship.heading) for ship in after.ships}
    assert where["C2"] == (20.0, 44.0, 180) and where["C3"] == (52.0, 40.0, 180)
    assert where["C1"] == (40.0, 40.0, 180)
    assert [ship for ship, _ in result.rejected] == ["C3"]
    assert "within 8\" of the north edge" in result.rejected[0][1]
    # The Romans send nothing: every Roman ship at its table position, and turn 1 opens.
    after, result, _ = game.play_phase(after, [], ForcedDice())
    assert after.phase.key == "T1-r1" and result.rejected == ()
    assert after.require("R1").y == 8.0
    assert game.owes(after) == ("romans", "carthaginians")


def test_a_refused_movement_line_takes_the_default_and_is_answered() -> None:
    # SPEED 9 is Battle, two bands above last turn's Slow (§3.2): refused, so C1 writes the
    # turn-1 default, the top of Slow, 7", from y 40 to 33 (§4, §20).
    forced = ForcedDice(values=[6, 1])
    after, result, sheets = game.play_phase(small(40.0, 40.0),
                                            [("carthaginians", "C1: SPEED 9")], forced)
    assert [ship for ship, _ in result.rejected] == ["C1"]
    assert "2 bands from last turn's slow" in result.rejected[0][1]
    c1 = after.require("C1")
    assert (c1.y, c1.last_speed) == (33.0, 70)
    assert sheets[0].accepted == ()


def test_phase_titles_and_specs_name_the_open_phase() -> None:
    free = game.new_game("default", {"setup": "free"})
    assert game.phase_title(free) == "Set-up: carthaginians place their ships (north edge)"
    assert (game.phase_spec(free).kind, game.phase_spec(free).side) == ("setup", "carthaginians")
    state = small()
    assert game.phase_title(state) == "Turn 1, round 1 (orders): every side writes at once"
    state, _ = play(state, [6, 1], romans="R1: SPEED 0", carthaginians="C1: SPEED 0")
    assert game.phase_title(state) == "Turn 1, round 2 (combat): every side writes at once"


def unarmed(state: GameState) -> GameState:
    """Every ship without archers or ballistae: nobody can ever fire."""
    return state.with_ships(replace(ship, archers=0, ballistae=0) for ship in state.ships)


def test_a_locked_pair_keeps_round_two_and_both_sides_owe() -> None:
    # C1 at (21.5, 10), 0.375" off R1's starboard side, with a line C1 threw: the pair is
    # locked (§13.1). R1 tries its cut at activation (CUT ENEMY): 99 > 5 × 10 = 50 fails.
    # Both paths are void; round 2 opens for melee although nobody can shoot.
    state = unarmed(small(21.5, 10.0)).with_link("C1", "R1", LINE)
    after, events = play(state, [6, 1, 99], romans="R1: SPEED 0", carthaginians="C1: SPEED 0")
    assert after.phase.key == "T1-r2"
    assert (game.owes(after), game.may_send(after)) == (("romans", "carthaginians"), ())
    # Without the line the same two ships skip round 2 (§4).
    after, events = play(unarmed(small(21.5, 10.0)), [6, 1], romans="R1: SPEED 0",
                         carthaginians="C1: SPEED 0")
    assert after.phase.key == "T2-r1" and "round_skipped" in kinds(events)


def test_two_friends_that_could_transfer_keep_round_two_with_opt_transfer() -> None:
    # R2 (a quinquereme, 1.25" wide) at (21.25, 10) touches R1's starboard side; both write 0
    # and C1 is far off. With opt_transfer the Romans owe round 2; the Carthaginians may send.
    def with_r2(state: GameState) -> GameState:
        r2 = replace(state.require("R1"), id="R2", name="R2", x=21.25)
        return unarmed(replace(state, ships=(state.ships[0], r2, *state.ships[1:])))

    orders = {"romans": "R1: SPEED 0\nR2: SPEED 0", "carthaginians": "C1: SPEED 0"}
    state = with_r2(small(40.0, 40.0, opt_transfer="on"))
    after, _ = play(state, [6, 1], **orders)
    assert after.phase.key == "T1-r2"
    assert (game.owes(after), game.may_send(after)) == (("romans",), ("carthaginians",))
    after, _ = play(with_r2(small(40.0, 40.0)), [6, 1], **orders)
    assert after.phase.key == "T2-r1"
