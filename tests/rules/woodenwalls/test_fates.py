"""What became of each line (fates.py, rulings §17): refused with its reason; a queue entry done,
clamped, failed, replaced or unused; ORDER in the order activated; SPEED changed or not; a deck
line done, failed or with nothing coming of it; and every line of played battles gets a fate."""

from __future__ import annotations

import random

from pbem.rules.dice import SeededDice
from pbem.rules.woodenwalls import game
from pbem.rules.woodenwalls.fates import order_fates
from pbem.rules.woodenwalls.host import RULESET


def _leg_a() -> object:
    played = RULESET.start("default", {})
    played, _, _ = played.play((), SeededDice(seed=b"f", game="f", phase="setup"))
    return played


TEXT = """ORDER RH-HELIOS RH-ATHENA
RH-ATHENA/1: F1
RH-ATHENA/2: S30 F0.5
RH-HELIOS/2: F1
RH-ATHENA: SPEED 3 @1
RH-ATHENA: SHOOT M MA-PELLA.M
MA-PELLA/1: F1
"""


def test_each_line_of_a_sheet_gets_its_fate() -> None:
    played = _leg_a()
    sheet = played.check("rhodes", TEXT)  # type: ignore[attr-defined]
    events = [
        {"kind": "activation", "ship": "RH-HELIOS", "entry": 1, "card": "M2", "default": True},
        {"kind": "advance", "ship": "RH-HELIOS", "step": "F1", "distance": 1.0, "x": 8, "y": 3},
        {"kind": "activation", "ship": "RH-ATHENA", "entry": 1, "card": "M2", "default": False},
        {"kind": "clamp", "ship": "RH-ATHENA", "line": "RH-ATHENA/1", "notes": ["F1 cut to F0.8"]},
        {"kind": "advance", "ship": "RH-ATHENA", "step": "F0.8", "distance": 0.8, "x": 6, "y": 2.8},
        {"kind": "phase_end", "card": "M2", "action_phase": 1},
        {"kind": "speed", "ship": "RH-ATHENA", "speed_from": 2, "speed_to": 3, "reason": "ordered"},
        {"kind": "deck_phase", "number": 1, "first": "rhodes"},
        {"kind": "shot", "ship": "RH-ATHENA", "line": "RH-ATHENA: SHOOT M MA-PELLA.M", "failed": True,
         "reason": "MA-PELLA.M is 7.10 SL away, beyond range 2"},
    ]
    fates = order_fates(sheet, events)
    assert len(fates) == len(sheet.lines) == 7
    assert fates[0] == "done: activated in the order RH-HELIOS, RH-ATHENA."
    assert fates[1] == ("clamped: RH-ATHENA/1 is clamped: F1 cut to F0.8. "
                        "RH-ATHENA moves 0.80 SL (F0.8) at (6.00, 2.80).")
    assert fates[2].startswith("unused:") and fates[3].startswith("unused:")
    assert fates[4] == "done: RH-ATHENA goes from speed 2 to speed 3 (ordered)."
    assert fates[5] == "failed: MA-PELLA.M is 7.10 SL away, beyond range 2."
    assert fates[6].startswith("refused: line 7 (MA-PELLA): MA-PELLA is not yours")


def test_a_failed_or_replaced_entry_says_so() -> None:
    played = _leg_a()
    sheet = played.check("rhodes", "RH-ATHENA/1: TOWARD MA-PELLA\n")  # type: ignore[attr-defined]
    failed = [{"kind": "activation", "ship": "RH-ATHENA", "entry": 1},
              {"kind": "failed", "ship": "RH-ATHENA", "line": "RH-ATHENA/1", "reason": "backing"}]
    assert order_fates(sheet, failed) == ("failed: RH-ATHENA/1 fails: backing.",)
    replaced = [{"kind": "activation", "ship": "RH-ATHENA", "entry": 1},
                {"kind": "failed", "ship": "RH-ATHENA", "line": "RH-ATHENA/1", "reason": "standing off",
                 "replaced": "AWAY MA-PELLA"}]
    assert order_fates(sheet, replaced)[0].startswith("replaced: RH-ATHENA/1 fails: standing off.")
    assert order_fates(sheet, [])[0].startswith("unused:")


def test_every_line_of_a_played_battle_has_a_fate() -> None:
    played = RULESET.start("default", {})
    rng = random.Random(2)
    while not played.over:
        texts = {side: played.autoplay_orders(side, rng) for side in played.owes()}
        sheets = {side: played.check(side, text) for side, text in texts.items()}
        key = played.key
        played, result, _ = played.play(tuple(texts.items()), SeededDice(seed=b"f", game="g",
                                                                         phase=key))
        for side, sheet in sheets.items():
            fates = order_fates(sheet, played.view_events(result.events, side))
            assert len(fates) == len(sheet.lines)
            assert all(fate and "None" not in fate for fate in fates)
    assert game.owes(played.value) == ()
