"""The game value: phase order, who owes orders, advancing, the end, replay."""

from __future__ import annotations

import random

import pytest

from pbem.rules.dice import ForcedDice, SeededDice
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.game import (
    COMBAT,
    MOVEMENT,
    OVER,
    Game,
    PhaseRecord,
    new_game,
    play_phase,
    replay,
)
from pbem.rules.ramspeed.state import Galley, GameState, Weapon
from pbem.rules.ramspeed.tactics import autoplay


def dice_for(key: str) -> SeededDice:
    return SeededDice(seed=b"test", game="flow", phase=key)


def test_phases_follow_the_sequence_of_play() -> None:
    game = new_game("squadron", columns=20, rows=12)
    assert (game.key, game.owes()) == ("build", ("blue", "red"))
    game, result, _ = play_phase(
        game, [("blue", "A: trireme\nB: penteconter"), ("red", "X: trireme")],
        ForcedDice(values=[2, 5]))  # set-up roll: red 5 beats blue 2
    assert [e.kind for e in result.events] == ["setup_roll"]
    assert (game.key, game.phase.zone, game.owes()) == ("setup-red", "east", ("red",))
    game, _, _ = play_phase(game, [("red", "X: 1805 W")], dice_for("setup-red"))
    assert (game.key, game.phase.zone) == ("setup-blue", "west")
    game, result, _ = play_phase(game, [("blue", "A: 0305 E\nB: 0307 E")],
                                 ForcedDice(values=[3, 3, 6, 1]))  # tie, then blue leads
    assert [e.kind for e in result.events] == ["initiative", "initiative"]
    assert (game.key, game.state.turn, game.state.initiative) == ("T1-move-blue", 1, "blue")
    game, _, _ = play_phase(game, [("blue", "A: F3")], dice_for(game.key))
    assert game.key == "T1-move-red"
    game, _, _ = play_phase(game, [("red", "X: F3")], dice_for(game.key))
    assert game.key == "T1-combat" and game.owes() == ()  # no weapons, no grapples
    game, result, _ = play_phase(game, [], ForcedDice(values=[1, 4]))
    assert game.key == "T2-move-red" and result.events[-1].kind == "initiative"


def test_orders_from_the_wrong_side_are_refused() -> None:
    game = new_game("squadron")
    game, _, _ = play_phase(game, [("blue", "A: trireme"), ("red", "X: trireme")],
                            ForcedDice(values=[6, 1]))
    with pytest.raises(ValueError, match="the open phase is setup-blue; red has no orders"):
        play_phase(game, [("red", "X: 0105 E")], dice_for("x"))
    with pytest.raises(ValueError, match="no side 'green'"):
        play_phase(game, [("green", "")], dice_for("x"))


def test_convoy_sets_up_in_its_corners_without_a_roll() -> None:
    game = new_game("convoy")
    game, result, _ = play_phase(
        game, [("convoy", "M1: merchantman"), ("raiders", "R1: trireme")], dice_for("build"))
    assert result.events == () and game.key == "setup-convoy" and game.phase.zone == "convoy"
    game, _, _ = play_phase(game, [("convoy", "M1: 3022 NW")], dice_for("setup-convoy"))
    assert game.key == "setup-raiders" and game.phase.zone == "raiders"


def test_a_side_with_nothing_left_on_the_map_ends_the_game() -> None:
    game = new_game("squadron", columns=12, rows=8)
    game, _, _ = play_phase(game, [("blue", "A: penteconter"), ("red", "X: penteconter")],
                            ForcedDice(values=[6, 1]))
    game, _, _ = play_phase(game, [("blue", "A: 1104 E")], dice_for("s1"))
    game, _, _ = play_phase(game, [("red", "X: 0204 E")], ForcedDice(values=[6, 1]))
    game, result, _ = play_phase(game, [("blue", "A: F F")], dice_for(game.key))
    assert game.step == OVER and result.events[-1].kind == "game_over"
    with pytest.raises(ValueError, match="the game is over"):
        play_phase(game, [], dice_for("after"))


def test_replay_is_exact_and_checks_the_phase_order() -> None:
    start = new_game("squadron", columns=20, rows=14)
    records = autoplay(start, random.Random(7), dice_for, max_phases=40)
    first = replay(start, records, dice_for)
    second = replay(start, records, dice_for)
    assert [(g, r.events) for g, r in first] == [(g, r.events) for g, r in second]
    with pytest.raises(ValueError, match="does not follow"):
        replay(start, [PhaseRecord("T1-combat", ())], dice_for)


def test_galleys_left_unplaced_are_placed_by_the_judge() -> None:
    game = new_game("squadron", columns=20, rows=12)
    game, _, _ = play_phase(game, [("blue", "A: trireme\nB: penteconter"),
                                   ("red", "X: trireme")], ForcedDice(values=[5, 2]))
    game, result, _ = play_phase(game, [("blue", "A: 1805 W")], dice_for("setup-blue"))
    placed = [e for e in result.events if e.kind == "placed"]
    assert [(e["galley"], e["facing"]) for e in placed] == [("B", "W")]
    b = game.state.galley("B")
    assert b is not None and b.placed
    assert all(hexes.to_offset(h)[0] >= 16 for h in b.hexes())  # inside the east zone
    game, result, _ = play_phase(game, [], ForcedDice(values=[6, 1]))  # red sends nothing
    assert [e["galley"] for e in result.events if e.kind == "placed"] == ["X"]
    assert game.key == "T1-move-blue"


def _fighting(*galleys: Galley, step: str = COMBAT,
              order: tuple[str, ...] = ("blue", "red")) -> Game:
    state = GameState(columns=20, rows=14, galleys=galleys, turn=3, initiative=order[0])
    return Game(state=state, step=step, sides=("blue", "red"), order=order)


def test_both_fleets_sunk_at_once_end_the_game_in_a_draw() -> None:
    """Rulings §14: the game value's winner is "draw"; it is not 'a side with nothing left'."""
    game = _fighting(
        Galley(id="A", side="blue", type="penteconter", bow=hexes.parse_label("0807"),
               facing=hexes.facing_index("E"), weapons=(Weapon("catapult"),), hull_damage=9),
        Galley(id="X", side="red", type="penteconter", bow=hexes.parse_label("1207"),
               facing=hexes.facing_index("W"), weapons=(Weapon("catapult"),), hull_damage=9))
    game, result, _ = play_phase(game, [("blue", "A: FIRE catapult X"),
                                        ("red", "X: FIRE catapult A")],
                                 ForcedDice(values=[1, 1, 1, 2]))
    assert game.step == OVER and game.state.winner == "draw"
    kinds = [e.kind for e in result.events]
    assert kinds[-3:] == ["sink", "sink", "victory"] and "game_over" not in kinds
    assert result.events[-1]["side"] == "draw"


def test_a_galley_that_drifted_earlier_this_turn_counts_as_drifting_for_missiles() -> None:
    """Rulings §14: X drifts in red's movement (its one-turn drift after triple speed); in
    the combat phase of the same turn the catapult needs 1-3 against it, not 1-2."""
    game = _fighting(
        Galley(id="A", side="blue", type="trireme", bow=hexes.parse_label("0807"),
               facing=hexes.facing_index("E"), weapons=(Weapon("catapult"),)),
        Galley(id="X", side="red", type="bireme", bow=hexes.parse_label("1207"),
               facing=hexes.facing_index("E"), drifting=True, triple_used=True),
        step=MOVEMENT, order=("red", "blue"))
    game, _, _ = play_phase(game, [("red", "")], ForcedDice(values=[]))
    x = game.state.galley("X")
    assert x is not None and x.bow == hexes.parse_label("1307") and not x.drifting
    game, _, _ = play_phase(game, [("blue", "")], ForcedDice(values=[]))
    assert game.step == COMBAT
    game, result, _ = play_phase(game, [("blue", "A: FIRE catapult X")],
                                 ForcedDice(values=[3, 1, 1, 2, 6, 1]))  # fire, hull; initiative
    fire = next(e for e in result.events if e.kind == "fire")
    assert (fire["needed"], fire["hit"]) == (3, True)
    x = game.state.galley("X")
    assert game.state.turn == 4 and x is not None and not x.drifted  # only for the turn


def test_a_galley_ordered_on_two_sheets_of_its_side_moves_once() -> None:
    """15.2: should two players' sheets both order one galley (the host prevents it), the
    first received counts and the second is refused when the phase resolves, never a crash."""
    from pbem.rules.interface import PhaseSpec
    from pbem.rules.ramspeed import phases as ram_phases
    from pbem.rules.ramspeed.hexes import label, parse_label
    from pbem.rules.ramspeed.state import Galley, GameState

    state = GameState(columns=20, rows=12, galleys=(
        Galley("A", "blue", "trireme", bow=parse_label("1005"), facing=0),
        Galley("X", "red", "bireme", bow=parse_label("0310"), facing=3)))
    spec = PhaseSpec("movement", "blue")
    sheets = [ram_phases.check(state, spec, text)[0] for text in ("A: F", "A: F F")]
    result = ram_phases.resolve(state, spec, sheets, ForcedDice(values=[]))
    moved = result.state.galley("A")
    assert moved is not None and moved.bow is not None and label(moved.bow) == "1105"
    assert [(g, reason) for g, reason in result.rejected] == [
        ("A", "A already moved on another player's orders this phase")]
