"""Greeks vs Romans through the ruleset boundary: the plug-in as the host finds it, views
that hide nothing (§15), a sentence for every event the cases produce, the account of each
order line, pieces for tools that keep to their schema, prizes changing hands on shared
sides."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import jsonschema
import pytest

from pbem.app.base import rulesets
from pbem.rules.dice import ForcedDice, SeededDice
from pbem.rules.events import Event
from pbem.rules.interface import FORMAT_KEY, PhaseResult

CASES = sorted((Path(__file__).parents[2] / "cases" / "greeks-romans").glob("*.toml"))


def _started(dice: list[int]) -> rulesets.HostedGame:
    game = rulesets.start("greeks-romans", "default", {})
    game, _, _ = game.play([], ForcedDice(values=dice))
    return game


def test_the_plug_in_is_found_with_its_scenario_and_switches() -> None:
    plugin = rulesets.plugin("greeks-romans")
    assert (plugin.pieces_key, plugin.case_tolerance) == ("ships", 0.01)
    assert [(s.name, s.sides) for s in plugin.scenarios()] == [("default",
                                                               ("greeks", "romans"))]
    names = {switch.name for switch in plugin.switches()}
    assert {"table", "table_edge", "clash_pass", "initiative", "turn_limit", "setup"} <= names
    with pytest.raises(ValueError, match="turn_limit"):
        rulesets.start("greeks-romans", "default", {"turn_limit": "many"})


def test_a_game_opens_at_its_initiative_roll_and_hides_nothing() -> None:
    game = rulesets.start("greeks-romans", "default", {})
    assert (game.key, game.owes(), game.phase.kind) == ("T1-initiative", (), "initiative")
    game = _started([6, 1, 4])  # greeks win the roll, bonus 4
    assert (game.key, game.owes()) == ("T1-h1-greeks", ("greeks",))
    assert game.view("greeks") == game.view("romans") == game.view(None) == game.full_view()
    assert game.owes_told("romans") == game.owes_told(None) == ["greeks"]
    assert not game.duty_hidden
    assert game.view(None)["ships"]["G1"]["action_points"] == 7


def test_a_newer_stored_format_is_refused() -> None:
    data = _started([6, 1, 4]).to_json()
    again = rulesets.load("greeks-romans", data)
    assert again.key == "T1-h1-greeks" and again.to_json() == data
    with pytest.raises(ValueError, match="newer judge"):
        rulesets.load("greeks-romans", {**data, FORMAT_KEY: 99})


def test_every_event_of_every_case_has_its_own_sentence() -> None:
    """No event falls through to the catch-all "kind: field=value" sentence."""
    plugin = rulesets.plugin("greeks-romans")
    game = rulesets.start("greeks-romans", "default", {})
    kinds = set()
    for path in CASES:
        out = plugin.play_case(tomllib.loads(path.read_text(encoding="utf-8")), path.name)
        for event in out["events"]:
            told = game.narrate(event)
            kinds.add(event["kind"])
            assert told and not told.startswith(f"{event['kind']}: "), (path.name, event)
    assert {"initiative", "bonus", "move", "blocked", "strike", "loss", "sinking", "archery",
            "hit", "board", "capture", "catapult", "repair", "sunk", "victory"} <= kinds


def test_the_account_ties_each_line_to_what_it_did() -> None:
    game = _started([6, 1, 6])  # greeks first, bonus 6: 9 AP each
    text = "G1: F27\nG1: ARCHERY R3, R1\nG2: BOARD R4\nZ9: F2\n"
    after, result, _ = game.play([("greeks", text)], SeededDice(seed=b"a", game="a",
                                                                 phase=game.key))
    events = [e.as_dict() for e in result.events]
    sheet = game.check("greeks", text)
    fates = dict(zip((line.text for line in sheet.lines), game.order_fates(sheet, events),
                     strict=True))
    assert fates["G1: F27"].startswith("G1 F27: ")
    assert fates["G1: ARCHERY R3, R1"].startswith("G1's archers shot at R3")
    assert fates["G2: BOARD R4"].startswith("G2 made no boarding attack")
    assert fates["Z9: F2"].startswith("refused: ") and "Z9" in fates["Z9: F2"]


def test_pieces_for_tools_keep_to_their_schema() -> None:
    game = _started([6, 1, 4])
    validator = jsonschema.Draft202012Validator(rulesets.plugin("greeks-romans").pieces_schema())
    pieces = game.report_pieces(game.view(None))
    for piece in pieces:
        validator.validate(piece)
    g1 = next(p for p in pieces if p["id"] == "G1")
    assert g1["position"] == {"x": 30.0, "y": 6.0, "heading": 0} and len(g1["corners"]) == 4
    assert g1["crew"] == {"sailors": 3, "marines": 2, "captain": 1, "catapult_crew": 0,
                          "admiral": 1}
    standing = game.standing()
    assert standing["sides"]["greeks"] == {"ships": 4, "losses": 0, "broken_at": 2,
                                           "broken": False, "points": 0}


def test_a_prize_goes_to_the_player_whose_ship_took_it() -> None:
    game = _started([6, 1, 4])
    capture = PhaseResult(state=None, rejected=(), events=(
        Event("capture", (("ship", "R3"), ("by", "G1"), ("side", "greeks"),
                          ("was", "romans"))),))
    players = [(1, "greeks", ("G1", "G2")), (2, "greeks", ("G3", "G4")),
               (3, "romans", ("R1", "R2", "R3", "R4"))]
    assert game.commanders_after(players, {}, capture) == {1: ("G1", "G2", "R3")}


def test_the_computer_player_plays_a_game_to_its_end_without_a_refused_line() -> None:
    game = rulesets.start("greeks-romans", "default", {"turn_limit": 6})
    rng = random.Random(5)
    for _ in range(40):
        if game.over:
            break
        orders = [(side, game.autoplay_orders(side, rng)) for side in game.owes()]
        for side, text in orders:
            assert all(line.status == "accepted" for line in game.check(side, text).lines)
        game, _, _ = game.play(orders, SeededDice(seed=b"c", game="c", phase=game.key))
    assert game.over and game.winner in ("greeks", "romans", "draw")


def test_the_syntax_reference_s_whole_half_is_accepted_as_written() -> None:
    """orders/greeks-romans.md: its example half, with bonus 4, is accepted line by line."""
    text = (Path(__file__).parents[3] / "orders" / "greeks-romans.md").read_text(
        encoding="utf-8")
    half = text.rsplit("```", 2)[1]
    game = _started([6, 1, 4])  # greeks first, bonus 4: G1 has 7 AP
    sheet = game.check("greeks", half)
    assert len(sheet.lines) == 7
    assert [line.reason for line in sheet.lines if line.status != "accepted"] == []
