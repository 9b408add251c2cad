"""The speed-band plug-in's game value as the host drives it: a whole game of the default
battle played by the computer player, every side's orders checked and every phase stored to
JSON and read back before the next, then replayed from the same orders and seed bit for bit.
Hidden information at the boundary: another side's unused REACT never reaches it (§4)."""

from __future__ import annotations

import json
import random

from pbem.rules.dice import SeededDice
from pbem.rules.speedband.host import RULESET, SpeedBandGame

SEED = b"speed-band host test"


def _play(seed: int, phases: int = 80) -> tuple[SpeedBandGame, list[tuple[str, str, str]], list]:
    game = RULESET.start("default", {})
    rng = random.Random(seed)
    written: list[tuple[str, str, str]] = []
    logs = []
    for _ in range(phases):
        if game.over:
            break
        submissions = []
        for side in game.owes():
            text = game.autoplay_orders(side, rng)
            sheet = game.check(side, text)
            assert sheet.refused == (), [(line.text, line.reason) for line in sheet.refused]
            submissions.append((side, text))
            written.append((game.key, side, text))
        dice = SeededDice(seed=SEED, game="host", phase=game.key)
        after, result, sheets = game.play(submissions, dice)
        logs.append([(roll.purpose, roll.value, roll.sides) for roll in dice.log])
        stored = json.loads(json.dumps(after.to_json()))
        game = RULESET.load(stored)
        assert game.to_json() == after.to_json()
    return game, written, logs


def test_a_computer_game_reaches_a_result_and_replays_exactly():
    first, orders, logs = _play(3)
    assert first.over and first.winner is not None
    assert first.key == "over"
    keys = [key for key, _, _ in orders]
    assert keys[0] == "T1-r1" and any(key.endswith("-r2") for key in keys)
    sizes = {size for log in logs for _, _, size in log}
    assert sizes >= {6, 100}  # initiative d6 and percentile rolls were drawn
    again, orders_again, logs_again = _play(3)
    assert orders_again == orders and logs_again == logs
    assert again.to_json() == first.to_json()


def test_owes_and_the_template_follow_the_open_round():
    game = RULESET.start("default", {})
    assert game.key == "T1-r1" and set(game.owes()) == {"romans", "carthaginians"}
    assert game.owes_told("romans") == list(game.owes())
    assert not game.orders_public
    template = game.order_template("romans")
    assert template and all(line.startswith("#") for line in template)
    free = RULESET.start("default", {"setup": "free"})
    assert free.key == "setup-carthaginians" and free.owes() == ("carthaginians",)


def test_an_unused_reaction_is_not_told_to_the_other_side():
    game = RULESET.start("default", {})
    romans = "R1: SPEED 7\nR2: SPEED 7\nR3: SPEED 8\nR3: REACT AVOID F2 P45 F6"
    carthaginians = "C1: SPEED 6\nC2: SPEED 8\nC3: SPEED 8"
    after, result, _ = game.play([("romans", romans), ("carthaginians", carthaginians)],
                                 SeededDice(seed=SEED, game="hidden", phase=game.key))
    seen = json.dumps(after.view_events(result.events, "carthaginians"))
    seen += json.dumps(after.view("carthaginians"))
    # Nothing of the line: not its verb, its reaction or its path ("nested_avoid", an option
    # name, is the only "avoid" a view may hold).
    leaks = seen.upper().replace("NESTED_AVOID", "")
    assert "AVOID" not in leaks and "REACT" not in leaks and "P45" not in leaks


def test_a_game_from_a_newer_judge_is_refused_with_a_sentence():
    data = RULESET.start("default", {}).to_json()
    data["format"] = 99
    try:
        RULESET.load(data)
    except ValueError as refused:
        assert "newer judge" in str(refused)
    else:
        raise AssertionError("a newer format was read")


def test_reports_name_the_house_rules_and_the_tons():
    game = RULESET.start("default", {"ram_base": "20"})
    rules = game.house_rules()
    assert len(rules) == 48 and "ram_base" in rules[0]
    standing = game.standing()
    assert json.dumps(standing)  # plain data for the report
    sections = game.report_sections(game.view("romans"), "romans")
    assert sections and game.report_pieces(game.view("romans"))
    assert RULESET.pieces_schema()


def _seen_after(romans: str, carthaginians: str) -> dict:
    game = RULESET.start("default", {})
    for side, text in (("romans", romans), ("carthaginians", carthaginians)):
        assert game.check(side, text).refused == ()
    after, result, _ = game.play([("romans", romans), ("carthaginians", carthaginians)],
                                 SeededDice(seed=SEED, game="lists", phase=game.key))
    assert not any(e.kind in ("grapple", "corvus") for e in result.events)
    return {viewer: json.dumps([after.view_events(result.events, viewer), after.view(viewer)])
            for viewer in ("romans", "carthaginians", None)}


def test_unused_grapple_and_corvus_lists_are_not_told_to_the_other_side():
    # Off Mylae's fleets start far apart: no list of turn 1 comes into play (§4), so what the
    # other side and an observer read is the same as if the lists had not been written.
    romans, carthaginians = ("R1: SPEED 7\nR2: SPEED 7\nR3: SPEED 8",
                             "C1: SPEED 6\nC2: SPEED 8\nC3: SPEED 8")
    plain = _seen_after(romans, carthaginians)
    listed = _seen_after(romans + "\nR1: CORVUS C1, C2\nR2: GRAPPLE C3",
                         carthaginians + "\nC1: GRAPPLE ANY")
    assert listed == plain
