"""Narration of Wooden Walls events (narrate.py): a sentence of its own for every kind the
engine makes in played battles, never "None" for a field a view left out, exact sentences for
hand-made events, and no crew quality in what an observer reads."""

from __future__ import annotations

import random
import re

from pbem.rules.dice import SeededDice
from pbem.rules.woodenwalls.host import RULESET
from pbem.rules.woodenwalls.narrate import SENTENCES, sentence


def _battles() -> list[tuple[object, list[dict[str, object]], list[dict[str, object]]]]:
    played_events = []
    for seed, mail in ((1, "legs"), (2, "split"), (3, "round"), (4, "legs")):
        played = RULESET.start("default", {"mail": mail})
        rng = random.Random(seed)
        while not played.over:
            subs = tuple((side, played.autoplay_orders(side, rng)) for side in played.owes())
            played, result, _ = played.play(subs, SeededDice(seed=bytes([seed]), game="n",
                                                             phase=played.key))
            played_events.append((played, played.view_events(result.events, None),
                                  played.view_events(result.events, played.sides[0])))
    return played_events


def test_every_kind_played_has_its_own_sentence_and_no_none() -> None:
    kinds = set()
    for _, observer, side in _battles():
        for told in (*observer, *side):
            kinds.add(told["kind"])
            text = sentence(told)
            assert text and "None" not in text and "{" not in text, (told, text)
    assert kinds <= set(SENTENCES), sorted(kinds - set(SENTENCES))
    assert {"card", "activation", "advance", "ram", "hole", "shot", "sink"} <= kinds


def test_an_observer_reads_no_crew_quality() -> None:
    for _, observer, _ in _battles():
        for told in observer:
            assert not re.search(r"\b(FR|ABLE|POOR)\b", sentence(told)), told


def test_hand_made_sentences() -> None:
    assert sentence({"kind": "card", "card": "M3", "position": 1, "leg": "A"}) == (
        "Card 1 of the round is turned: M3 (leg A).")
    assert sentence({"kind": "advance", "ship": "RH-ATHENA", "step": "F1", "distance": 1.0,
                     "x": 6, "y": 3}) == "RH-ATHENA moves 1.00 SL (F1) at (6.00, 3.00)."
    assert sentence({"kind": "hole", "ship": "MA-PELLA", "holes": ["L", "L", "M"],
                     "hole_units": 10, "by": "RH-HELIOS"}) == (
        "MA-PELLA is holed (L, L and M, 10 units in all) by RH-HELIOS.")
    assert sentence({"kind": "save", "ship": "MA-PELLA", "roll": "oar", "section": "S2", "die": 6,
                     "total": 6, "target": 5, "passed": True}) == (
        "MA-PELLA's oar save for S2: rolled 6 against 5: passes.")
    assert sentence({"kind": "flood", "ship": "RH-A", "hole": "M", "die": 5, "added": "L",
                     "hole_units": 7}) == "RH-A floods: d6 5 against its M hole adds a L hole (7 units)."
    assert sentence({"kind": "victory", "winner": "macedon", "how": "broken"}) == (
        "macedon win (the other side is broken).")


def test_missing_fields_and_unknown_kinds() -> None:
    assert sentence({"kind": "save", "ship": "MA-PELLA", "roll": "oar"}) == "MA-PELLA's oar save: made."
    assert sentence({"kind": "clamp", "ship": "MA-PELLA"}) == "MA-PELLA is clamped."
    assert sentence({"kind": "whirlpool", "ship": "X", "depth": 3}) == "Whirlpool: ship X, depth 3."
    assert sentence({"kind": "enter", "count": 1, "side": "rhodes", "to_ship": "MA-PELLA",
                     "to_area": "M"}) == "1 element of rhodes enters MA-PELLA's M."
