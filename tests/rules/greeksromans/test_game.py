"""The phase machine, free set-up, checking with echoes, the codec and replays; properties of
movement (ships never overlap) and of the AP test (it matches the float cost)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.dice import ForcedDice, SeededDice
from pbem.rules.greeksromans import SWITCHES, check, new_game, play_phase, scenario_names, state_json
from pbem.rules.greeksromans.codec import FORMAT, game_from_json, game_to_json
from pbem.rules.greeksromans.game import Game
from pbem.rules.greeksromans.orders import MoveOrder, Step
from pbem.rules.interface import ACCEPTED, REFUSED
from pbem.rules.table import overlaps


def started(dice: list[int], **options: bool | int | str) -> Game:
    game, _, _ = play_phase(new_game("default", options), [], ForcedDice(values=dice))
    return game


def test_a_new_game_opens_at_the_initiative_roll_with_no_dice() -> None:
    game = new_game("default", {})
    assert (game.key, game.owes(), game.phase.kind, game.over, game.winner) == \
        ("T1-initiative", (), "initiative", False, None)
    assert scenario_names() == ("default",)
    assert {switch.name for switch in SWITCHES} >= {"initiative", "table_edge", "setup", "turn_limit"}


def test_phase_keys_through_a_turn() -> None:
    game = started([2, 5, 3])  # greeks 2, romans 5: romans first; their bonus 3
    assert (game.key, game.owes(), game.phase_title) == \
        ("T1-h1-romans", ("romans",), "Turn 1, first half: romans")
    assert state_json(game)["ships"]["R1"]["action_points"] == 5
    game, result, _ = play_phase(game, [], ForcedDice(values=[4]))
    assert game.key == "T1-h2-greeks"
    assert [event.kind for event in result.events] == ["bonus"]
    game, result, _ = play_phase(game, [], ForcedDice(values=[1, 6, 2]))
    assert game.key == "T2-h1-romans" and game.turn == 2
    assert [event.kind for event in result.events] == ["initiative", "bonus"]


def test_unknown_scenario_and_bad_options_are_sentences() -> None:
    with pytest.raises(ValueError, match="no scenario"):
        new_game("salamis", {})
    with pytest.raises(ValueError, match="roll or greeks_first"):
        new_game("default", {"initiative": "coin"})
    with pytest.raises(ValueError, match="no option"):
        new_game("default", {"wind": True})
    assert new_game("default", {"setup": True}).state.options.setup == "free"
    assert new_game("default", {"table": "80x50"}).state.options.table_width == 80.0
    with pytest.raises(ValueError, match="not wholly on the table"):
        new_game("default", {"table": "60x40"})


def test_free_setup_loser_places_first_then_the_first_half() -> None:
    game = started([2, 5], setup="free")
    assert (game.key, game.owes(), game.phase.zone) == ("setup-greeks", ("greeks",), "south")
    sheet = check(game, "greeks", "G1: 24 5 0\nG2: 24 6 0\nG3: 10 20 0\nR1: 5 5 0")
    assert [line.status for line in sheet.lines] == [ACCEPTED, REFUSED, REFUSED, REFUSED]
    assert "overlap G1" in sheet.lines[1].reason
    assert "within 8\" of the south edge" in sheet.lines[2].reason
    game, _, _ = play_phase(game, [("greeks", "G1: 24 5 0")], ForcedDice(values=[]))
    assert game.key == "setup-romans" and game.phase.zone == "north"
    assert game.state.require("G1").x == 24.0
    game, result, _ = play_phase(game, [("romans", "R1: 40 44 180")], ForcedDice(values=[6]))
    assert game.key == "T1-h1-romans"
    assert [event.kind for event in result.events] == ["placed", "bonus"]


def test_the_echo_shows_the_path_and_the_strike_point() -> None:
    game = started([6, 1, 6])  # greeks first, bonus 6: 9 AP
    sheet = check(game, "greeks", "G1: F27\nG2: F12 S45 F3\nG9: F1")
    first = sheet.lines[0]
    assert first.echo == "F27 => costs 9 of 9 AP; F27 to (30.00, 33.00)"  # the host adds "G1: "
    assert first.plan == ("(30.00, 6.00)", "(30.00, 33.00, 0)")  # the end with its heading
    assert sheet.lines[1].status == ACCEPTED
    assert "G9" in sheet.lines[2].reason and "your ships: G1, G2, G3, G4" in sheet.lines[2].reason
    game, _, _ = play_phase(game, [("greeks", "G1: F27")], ForcedDice(values=[2]))
    answer = check(game, "romans", "R3: F6\nR3: F1").lines
    assert answer[0].echo == ("F6 => costs 2 of 4 AP; F6 to (30.00, 37.00); strikes G1 at "
                              "(30.00, 35.00) (oar, θ 0); cannot get past G1 and stops")
    assert answer[0].plan == ("(30.00, 42.00)", "(30.00, 37.00, 180) strike")
    pivoted = check(game, "romans", "R3: P30").lines  # 4 AP, the whole of it
    assert pivoted[0].plan == ("(30.00, 42.00, 150)",)  # it turns where it stands
    assert "second movement line" in answer[1].reason


def test_commands_limit_a_player_to_their_ships() -> None:
    game = started([6, 1, 6])
    sheet = check(game, "greeks", "G1: F3\nG2: F3", commands=frozenset({"G1"}))
    assert [line.status for line in sheet.lines] == [ACCEPTED, REFUSED]
    with pytest.raises(ValueError, match="no orders to give"):
        check(game, "romans", "R1: F3")


def test_codec_round_trips_and_refuses_a_newer_format() -> None:
    game = started([6, 1, 6])
    data = game_to_json(game)
    assert data["format"] == FORMAT
    assert game_from_json(data) == game
    with pytest.raises(ValueError, match="format"):
        game_from_json({**data, "format": FORMAT + 1})


def _play_to_the_end(seed: int) -> tuple[Game, list[str]]:
    game = new_game("default", {"turn_limit": 3})
    rng = random.Random(seed)
    keys = []
    while not game.over:
        text = ""
        if game.owes():
            side = game.owes()[0]
            lines = []
            for ship in game.state.ships:
                if ship.controller == side and ship.status == "afloat":
                    lines.append(f"{ship.id}: F{rng.randint(1, 9)}")
                    lines.append(f"{ship.id}: ARCHERY " + ", ".join(
                        s.id for s in game.state.ships if s.controller != side))
            text = "\n".join(lines)
        keys.append(game.key)
        dice = SeededDice(seed=seed.to_bytes(4, "big"), game="g", phase=game.key)
        game, _, _ = play_phase(game, [(game.owes()[0], text)] if game.owes() else [], dice)
    return game, keys


def test_replay_with_the_same_dice_gives_the_same_game() -> None:
    first, keys = _play_to_the_end(11)
    second, again = _play_to_the_end(11)
    assert first == second and keys == again
    assert first.over and first.winner is not None and len(set(keys)) == len(keys)


steps = st.lists(st.tuples(st.sampled_from("FBPS"), st.integers(1, 120)), min_size=1, max_size=5)


@settings(max_examples=60, deadline=None)
@given(st.lists(steps, min_size=4, max_size=4), st.integers(1, 6))
def test_ships_never_overlap_after_legal_movement(orders: list[list[tuple[str, int]]], bonus: int) -> None:
    game = started([6, 1, bonus])
    mine = [ship.id for ship in game.state.ships if ship.controller == "greeks"]
    lines = []
    for ship_id, wanted in zip(mine, orders, strict=True):
        made = [Step(kind, amount if kind in "FB" else 1 + amount % 45) for kind, amount in wanted]
        lines.append(f"{ship_id}: {MoveOrder(ship_id, tuple(made)).notation()}")
    game, _, _ = play_phase(game, [("greeks", "\n".join(lines))],
                                 SeededDice(seed=bytes([bonus]), game="p", phase=game.key))
    on_table = [ship for ship in game.state.ships if ship.on_table]
    for i, ship in enumerate(on_table):
        for other in on_table[i + 1:]:
            assert not overlaps(ship.polygon(), other.polygon(), 0.001), (ship.id, other.id)


@given(st.lists(st.tuples(st.sampled_from("FBPS"), st.integers(1, 999)), max_size=6),
       st.integers(0, 12))
def test_the_ap_test_matches_the_float_cost(raw: list[tuple[str, int]], points: int) -> None:
    order = MoveOrder("G1", tuple(Step(k, a if k in "FB" else 1 + a % 45) for k, a in raw))
    forward = sum(s.amount / 10 for s in order.steps if s.kind == "F")
    back = sum(s.amount / 10 for s in order.steps if s.kind == "B")
    pivots = sum(1 for s in order.steps if s.kind in "PS")
    cost = forward / 3 + back / 2 + 4 * pivots
    exact = order.cost_sixtieths() <= 60 * points
    if abs(cost - points) > 1e-9:
        assert exact == (cost < points)
