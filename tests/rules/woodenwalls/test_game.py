"""A whole Wooden Walls battle through the plug-in, as the host plays it (build plan §9 step 10):
the default scenario under each `mail`, both sides ordered by the computer player, every line
it writes accepted by the checker, the game stored and read back after every phase, and the same
seed and orders replaying it bit for bit."""

from __future__ import annotations

import json
import random

import pytest

from pbem.rules.dice import SeededDice
from pbem.rules.woodenwalls import game
from pbem.rules.woodenwalls.host import RULESET, WoodenWallsGame
from pbem.rules.woodenwalls.rounds import DECK, LEG, MOVEMENT, OVER, ROUND, SETUP

SEED = b"wooden-walls test seed"


def _battle(mail: str, seed: int) -> tuple[list[str], list[tuple[str, tuple[tuple[str, str], ...]]],
                                           WoodenWallsGame]:
    """Play a battle to its end: the stored text after each phase, the submissions."""
    played = RULESET.start("default", {"mail": mail})
    rng = random.Random(seed)
    stored: list[str] = []
    orders: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    for _ in range(200):
        if played.over:
            break
        key = played.key
        submissions = tuple((side, played.autoplay_orders(side, rng)) for side in played.owes())
        for side, text in submissions:
            sheet = played.check(side, text)
            assert not sheet.refused, [(line.text, line.reason) for line in sheet.refused]
        dice = SeededDice(seed=SEED, game="battle", phase=key)
        played, _, _ = played.play(submissions, dice)
        text = json.dumps(played.to_json(), sort_keys=True)
        assert RULESET.load(json.loads(text)).value == played.value
        stored.append(text)
        orders.append((key, submissions))
    assert played.over
    return stored, orders, played


@pytest.mark.parametrize("mail", ["legs", "split", "round"])
def test_a_default_battle_plays_to_its_end_and_replays(mail: str) -> None:
    stored, orders, played = _battle(mail, 7)
    kinds = {json.loads(text)["state"]["phase"]["kind"] for text in stored}
    expected = {"legs": {LEG}, "split": {MOVEMENT, DECK}, "round": {ROUND}}[mail]
    assert kinds - {OVER} <= expected and kinds & expected
    assert orders[0][0] == SETUP
    # The same orders and seed replay every phase to the same stored text.
    again = RULESET.start("default", {"mail": mail})
    for (key, submissions), text in zip(orders, stored, strict=True):
        assert again.key == key
        again, _, _ = again.play(submissions, SeededDice(seed=SEED, game="battle", phase=key))
        assert json.dumps(again.to_json(), sort_keys=True) == text
    assert again.value == played.value


def test_the_setup_is_owed_by_both_sides_and_nothing_after_the_end() -> None:
    played = RULESET.start("default", {})
    assert played.key == SETUP and played.owes() == played.sides
    _, _, ended = _battle("legs", 3)
    assert ended.owes() == () and ended.autoplay_orders(ended.sides[0], random.Random(1)) == ""


def test_a_later_submission_replaces_the_earlier_one_per_ship() -> None:
    played = RULESET.start("default", {})
    played, _, _ = played.play((), SeededDice(seed=SEED, game="g", phase="setup"))
    side = played.sides[0]
    first, second = game.pieces_of(played.value, side)[:2]
    early = played.check(side, f"{first}/1: F1\n{second}/1: S10 F1\nORDER {second} {first}")
    late = played.check(side, f"{first}/1: P10 F1")
    kept = game.merged((early, late))[side]
    assert [reading.notation() for reading in kept] == [
        f"{second}/1: S10 F1", f"ORDER {second} {first}", f"{first}/1: P10 F1"]
