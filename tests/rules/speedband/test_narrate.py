"""The speed-band narrator (narrate.py): every kind of event the engine makes has a sentence of
its own, naming the ships by id and telling every die it carries and the number it was held
against; a field a viewer may not read (view_events took it out) is left out of the sentence,
never "None"; an unknown kind or an odd shape is told plainly, never raised. The events are made
here by playing small computer games through the plug-in, as each viewer sees them."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.dice import SeededDice
from pbem.rules.speedband.host import RULESET
from pbem.rules.speedband.narrate import SENTENCES, sentence

ENGINE = Path(__file__).resolve().parents[3] / "pbem" / "rules" / "speedband"
SEED = b"speed-band narration test"
# Games whose events between them make every kind a computer game makes (seed 21 avoids, flees
# off the table and ends a melee order, 22 works a corvus, 25 shears, 0 skips a round 2; the last
# has placements and hidden counts).
GAMES: tuple[tuple[int, tuple[tuple[str, str], ...]], ...] = (
    (0, ()), (21, ()), (22, ()), (25, ()), (4, (("secret_records", "on"), ("setup", "free"))))
SHIP_FIELDS = ("ship", "target", "rammer", "thrower", "other", "against", "first", "second",
               "friend", "held", "nearest")
Phase = tuple[str | None, list[dict[str, Any]], list[dict[str, Any]]]

# Kinds the computer games above do not make: real shapes, fields as the engine writes them.
HAND: tuple[dict[str, Any], ...] = (
    {"kind": "fire_refused", "ship": "R1", "weapon": "archers", "target": "C2", "count": 3,
     "reason": "C2 is 12.5\" away, beyond long range (10\")"},
    {"kind": "transfer", "ship": "R1", "friend": "R2", "type": "soldiers", "count": 3, "moved": 3,
     "reason": ""},
    {"kind": "transfer", "ship": "R1", "friend": "R2", "type": "soldiers", "count": 3, "moved": 0,
     "reason": "R2 is not in contact with R1"},
    {"kind": "melee_none", "first": "R1", "second": "C2", "round": 1,
     "reason": "neither ship has anyone aboard to fight"},
    {"kind": "capture", "ship": "C2", "by": "R1", "controller": "romans", "prisoners": 7,
     "released": ["R3"]},
    {"kind": "sunk", "ship": "C3"},
    {"kind": "melee_order_ended", "ship": "R1", "target": "C2",
     "reason": "R1 and C2 are no longer locked"},
    {"kind": "corvus_ended", "ship": "R2", "held": "C1", "by": "C1", "result": "destroyed"},
)


def engine_kinds() -> set[str]:
    """Every event kind the engine's modules make (`event("kind", ...)` in their source)."""
    kinds: set[str] = set()
    for path in ENGINE.glob("*.py"):
        kinds |= set(re.findall(r'\bevent\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return kinds


@cache
def played(seed: int, options: tuple[tuple[str, str], ...] = ()) -> tuple[Phase, ...]:
    """A whole computer game: per phase and viewer (None, then each side), the events as that
    viewer sees them and the game master's events."""
    game = RULESET.start("default", dict(options))
    rng = random.Random(seed)
    phases: list[Phase] = []
    while not game.over:
        submissions = [(side, game.autoplay_orders(side, rng)) for side in game.owes()]
        after, result, _ = game.play(submissions, SeededDice(seed=SEED, game=str(seed),
                                                             phase=game.key))
        full = [item.as_dict() for item in result.events]
        for viewer in (None, *game.sides):
            phases.append((viewer, after.view_events(result.events, viewer), full))
        game = after
    return tuple(phases)


def every_event() -> list[tuple[str | None, dict[str, Any]]]:
    return [(viewer, e) for seed, options in GAMES for viewer, seen, _ in played(seed, options)
            for e in seen]


def shapes() -> list[dict[str, Any]]:
    """One event of each kind, set of fields and outcome, from the games and HAND."""
    found: dict[tuple[Any, ...], dict[str, Any]] = {}
    for e in [e for _, e in every_event()] + list(HAND):
        shape = (e["kind"], *sorted(e), *(str(e.get(k)) for k in (
            "success", "hit", "held", "stopped", "die", "extra", "reason", "automatic", "lost")))
        found.setdefault(shape, e)
    return list(found.values())


def test_every_kind_the_engine_makes_has_a_sentence_and_a_sample() -> None:
    kinds = engine_kinds()
    assert len(kinds) >= 40
    assert kinds == set(SENTENCES), kinds ^ set(SENTENCES)
    assert kinds == {e["kind"] for e in shapes()}, kinds - {e["kind"] for e in shapes()}


def test_every_event_of_whole_games_is_told_for_every_viewer() -> None:
    events = every_event()
    assert len(events) > 3000 and {viewer for viewer, _ in events} == {None, "romans",
                                                                        "carthaginians"}
    for _, e in events:
        told = sentence(e)
        assert not told.startswith(f"{e['kind']}:"), told  # not the plain fall-back
        assert told.endswith(".") and "None" not in told and "{" not in told, told
        for name in SHIP_FIELDS:
            value = e.get(name)
            if isinstance(value, str) and value:
                assert value in told, (name, told)


# Fields that hold a die or the number a die was held against, per kind.
DICE_FIELDS = ("roll", "chance", "over", "read", "total", "hull", "multiplier", "cap", "loss")


def test_every_die_and_what_it_was_held_against_is_told() -> None:
    checked = 0
    for e in shapes():
        told = sentence(e)
        for name in DICE_FIELDS:
            value = e.get(name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            if name == "read" and value == e.get("roll"):
                continue  # the long-line reading is told only when it differs from the roll
            if e.get("automatic"):
                continue  # an automatic cut rolls nothing (§10.3)
            changed = {**e, name: value + 3}
            assert sentence(changed) != told, f"{e['kind']} drops its {name}: {told}"
            checked += 1
        for index, dice in enumerate(e.get("rolls") or []):
            changed = {**e, "rolls": [[list(pair) for pair in rolled] for rolled in e["rolls"]]}
            changed["rolls"][index][0][1] = 7 - dice[0][1] if dice[0][1] != 7 - dice[0][1] else 1
            assert sentence(changed) != told, f"initiative drops a die: {told}"
            checked += 1
    assert checked > 60


# --- exact sentences for the main kinds


def test_the_initiative_tells_each_die_and_the_re_roll_of_a_tie() -> None:
    e = {"kind": "initiative", "winner": "carthaginians",
         "rolls": [[["romans", 4], ["carthaginians", 4]], [["romans", 2], ["carthaginians", 5]]]}
    assert sentence(e) == ("Initiative d6: romans rolled 4 against carthaginians 4; a tie, rolled "
                           "again: romans rolled 2 against carthaginians 5: the activation goes "
                           "to carthaginians.")
    alone = {"kind": "initiative", "winner": "romans", "rolls": []}
    assert sentence(alone) == ("The activation goes to romans without a die (the only player "
                               "eligible).")


def test_the_ram_its_damage_and_the_shear() -> None:
    hit = {"kind": "ram", "rammer": "R1", "target": "C1", "zone": "B", "x": 20.0, "y": 16.5,
           "attacker_speed": 10.0, "defender_speed": 8.0, "chance": 37.0, "roll": 30,
           "success": True}
    assert sentence(hit) == ('R1 rammed C1 in zone B at (20.00, 16.50) (speeds 10" and 8"): '
                             "rolled 30 against 37: hit.")
    assert sentence({**hit, "roll": 90, "success": False}).endswith("rolled 90 against 37: miss.")
    damage = {"kind": "ram_damage", "rammer": "R1", "target": "C1", "band": "Battle",
              "zone": "B", "loss": 38, "hull": 62}
    assert sentence(damage) == "C1 lost 38% of its hull to R1's ram (battle band, zone B); hull 62%."
    side = {"kind": "shear_side", "rammer": "R1", "target": "C1", "side": "port", "named": False,
            "chance": 50.0, "sections": [1, 3, 5, 7]}
    assert sentence(side) == ("C1 shears R1's port oars (the side with fewer intact sections): a "
                              "d100 for each of sections 1, 3, 5 and 7 against 50.")
    shear = {"kind": "shear", "rammer": "R1", "section": 3, "roll": 51, "chance": 50.3, "lost": False}
    assert sentence(shear) == "R1's oar section 3: rolled 51 against 50.3: kept."
    dead = {"kind": "dead_in_water", "ships": ["R1", "C1"], "activated": True}
    assert sentence(dead) == ("R1 and C1 are dead in the water for the rest of the turn; C1 counts "
                              "as having moved.")


def test_the_observation_the_grapple_and_the_cut() -> None:
    observe = {"kind": "observe", "ship": "C3", "rammer": "R3", "distance": 8.0,
               "officers_lost": 1, "chance": 48.0, "roll": 49, "success": False}
    assert sentence(observe) == ("C3 watched R3's approach (8\" away, 1 officer lost): rolled 49 "
                                 "against 48: it holds, as if it ignored the ram.")
    grapple = {"kind": "grapple", "thrower": "R1", "target": "C2", "thrower_speed": 9.0,
               "target_speed": 10.5, "over": 3.0, "roll": 3, "success": False}
    assert sentence(grapple) == ('R1 threw a grapple at C2 (speeds 9" and 10.5"): rolled 3 on a d10 '
                                 "against more than 3: it misses.")
    cut = {"kind": "cut", "ship": "C2", "other": "R1", "thrower": "R1", "automatic": False,
           "roll": 30, "chance": 35.0, "success": True, "moment": "activation"}
    assert sentence(cut) == "C2 tried to cut R1's line at its activation: rolled 30 against 35: cut."
    hidden = {key: value for key, value in cut.items() if key != "chance"}
    assert sentence(hidden) == "C2 tried to cut R1's line at its activation: rolled 30: cut."
    automatic = {**cut, "automatic": True, "roll": 0, "thrower": "C2", "moment": "landing"}
    assert sentence(automatic) == ("C2 cut the line it threw on R1 as it landed without a roll: it "
                                   "holds both bulwarks.")


def test_moves_and_what_stopped_them() -> None:
    move = {"kind": "move", "ship": "R2", "part": "path", "path": "F2 S30 F7", "start_x": 40,
            "start_y": 8, "start_heading": 0, "end_x": 40.0, "end_y": 12.754, "end_heading": 30,
            "stopped": "blocked", "by": "C1"}
    assert sentence(move) == ("R2 moved F2 S30 F7 from (40.00, 8.00) to (40.00, 12.75), heading 30; "
                              "stopped by contact with C1.")
    avoid = {**move, "part": "avoid 1", "path": "F2", "stopped": "", "by": ""}
    assert sentence(avoid).startswith("R2 moved the first part of its avoidance (F2) from")
    assert sentence({**move, "path": "", "stopped": ""}) == "R2 stayed at (40.00, 12.75), heading 30."
    blocked = {"kind": "blocked", "ship": "R2", "by": "edge", "x": 40.0, "y": 46.0, "heading": 0}
    assert sentence(blocked) == "R2 was stopped by the table edge at (40.00, 46.00); its move ends."


def test_a_shot_tells_its_die_its_chance_and_what_it_hit() -> None:
    shot = {"kind": "shot", "ship": "R1", "weapon": "archers", "target": "C2", "factor": 2,
            "range": "medium", "distance": 4.5, "type": "soldiers", "roll": 25, "chance": 25,
            "read": 25, "hit": "soldiers"}
    assert sentence(shot) == ('R1\'s archer factor 2 shot at C2\'s soldiers at medium range (4.5"): '
                              "rolled 25 against 25: a hit on its soldiers.")
    long = {**shot, "weapon": "ballista", "factor": 1, "range": "long", "distance": 12.0,
            "type": "", "roll": 9, "chance": 15.5, "read": 12, "hit": "soldiers"}
    assert sentence(long) == ('R1\'s ballista 1 shot at C2 at long range (12"): rolled 9 (read at '
                              "12 on the long line) against 15.5: a hit on its soldiers.")
    hidden = {key: value for key, value in shot.items() if key != "factor"}
    assert sentence(hidden).startswith("R1's archers shot at C2's soldiers")


def test_missile_losses_with_plurals_and_the_excess() -> None:
    one = {"kind": "missile_loss", "ship": "C2", "type": "soldiers", "hits": 1, "lost": 1,
           "left": 4, "excess_to_rowers": 0}
    assert sentence(one) == "C2 lost 1 soldier to missile fire (1 hit); 4 left."
    excess = {**one, "hits": 3, "lost": 2, "left": 0, "excess_to_rowers": 1}
    assert sentence(excess) == ("C2 lost 2 soldiers to missile fire (3 hits); 0 left; the excess "
                                "takes 1 rower.")
    hidden = {"kind": "missile_loss", "ship": "C2", "type": "soldiers", "hits": 3}
    assert sentence(hidden) == "C2's soldiers took missile losses (3 hits)."


def test_a_melee_round_die_by_die() -> None:
    first = {"kind": "melee_die", "ship": "R1", "against": "C2", "round": 1, "die": "first",
             "roll": 96, "multiplier": 106}
    assert sentence(first) == ("R1's first melee die against C2, round 1: rolled 96: multiplier "
                               "1.06 (90-00 kills an officer).")
    second = {"kind": "melee_die", "ship": "R1", "against": "C2", "round": 1, "die": "second",
              "roll": 7, "chance": 67.2, "extra": True}
    assert sentence(second) == ("R1's second melee die against C2, round 1: rolled 7 against 67.2: "
                                "an extra casualty (01-10 kills an officer).")
    side = {"kind": "melee_side", "ship": "R1", "against": "C2", "round": 1, "value": 64,
            "multiplier": 73, "casualties": 5, "officer_kills": 1}
    assert sentence(side) == ("R1 against C2, round 1: melee value 6.4 x multiplier 0.73: 5 "
                              "casualties, 1 officer killed outright.")
    losses = {"kind": "melee_losses", "ship": "C2", "by": "R1", "round": 1, "officers_killed": 1,
              "archers": 2, "soldiers": 2, "officers": 0, "archers_left": 0, "soldiers_left": 0,
              "officers_left": 1}
    assert sentence(losses) == ("C2 lost 1 officer killed outright, 2 archer factors and 2 soldiers "
                                "to R1 in round 1; left: 0 archer factors, 0 soldiers and 1 officer.")
    won = {"kind": "melee_round", "first": "R1", "second": "C2", "round": 2, "winner": "C2",
           "front": -1, "reason": "won"}
    assert sentence(won) == "C2 wins round 2 against R1; C2 holds 1 of R1's areas."
    tie = {**won, "winner": "", "front": 0, "reason": "tie"}
    assert sentence(tie) == "R1 and C2 tie round 2: another round is fought at once."


def test_morale_flight_surrender_capture_and_victory() -> None:
    morale = {"kind": "morale", "ship": "C2", "officer": 2, "roll": 57, "officers": 20,
              "areas": 10, "outnumbered": 0, "crew": 0, "total": 87, "hull": 80, "held": False}
    assert sentence(morale) == ("C2 tests morale for the 2nd officer lost this turn: rolled 57 +20 "
                                "officers lost +10 areas held by enemies = 87 against its hull of "
                                "80: fails.")
    flee = {"kind": "flee", "ship": "C2", "reason": "morale", "edge": "north", "flight_heading": 0}
    assert sentence(flee) == "C2 flees for the north edge, heading 0: its morale failed."
    surrender = {"kind": "surrender", "ship": "C2", "to": "romans", "nearest": "R1", "distance": 1.0}
    assert sentence(surrender) == ('C2 has no officers and surrendered to the romans (nearest enemy '
                                   'R1, 1" away): it is a prize and loses its archers and soldiers.')
    assert sentence(HAND[4]) == ("R1 captured C2 for the romans, taking 7 prisoners; its links with "
                                 "R3 end: it is a prize.")
    victory = {"kind": "victory", "winner": "draw", "turn": 7, "reason": "broken"}
    assert sentence(victory) == "The game is a draw at the end of turn 7: both sides are broken."


def test_corvus_work_transfers_and_refused_fire() -> None:
    work = {"kind": "corvus_work", "ship": "C1", "verb": "break", "corvus_ship": "R2", "held": "C1",
            "count": 2, "interrupted": ""}
    assert sentence(work) == "C1 works to break R2's corvus: 2 of 3 turns done."
    assert sentence(HAND[7]) == "R2's corvus on C1 is destroyed by C1's work."
    assert sentence(HAND[1]) == "R1 sent 3 soldiers across to R2."
    assert sentence(HAND[2]) == ("R1's transfer of 3 soldiers to R2 did not cross: R2 is not in "
                                 "contact with R1.")
    assert sentence(HAND[0]) == ("R1's archers (3) fired nothing at C2: C2 is 12.5\" away, beyond "
                                 "long range (10\").")


def test_an_unknown_kind_is_still_told_plainly() -> None:
    assert sentence({"kind": "omen", "ship": "C1", "die": 4}) == "omen: ship=C1, die=4."
    assert sentence({"kind": "ram", "rammer": "R1", "x": [1], "y": "a"}).startswith("R1 rammed")


# --- what a viewer may not read


def _pairs(seen: list[dict[str, Any]], full: list[dict[str, Any]]) -> list[tuple[dict[str, Any],
                                                                                  dict[str, Any]]]:
    """Each event a viewer saw with the game master's event it came from (views drop events and
    fields, never reorder them)."""
    pairs, index = [], 0
    for shown in seen:
        while not (full[index]["kind"] == shown["kind"]
                   and all(full[index].get(k) == v for k, v in shown.items())):
            index += 1
        pairs.append((shown, full[index]))
        index += 1
    return pairs


def test_a_sides_narration_never_tells_what_its_view_left_out() -> None:
    seed, options = GAMES[-1]
    removed_kinds: set[str] = set()
    for viewer, seen, full in played(seed, options):
        if viewer is None:
            continue
        for shown, whole in _pairs(seen, full):
            removed = [key for key in whole if key not in shown]
            if not removed or whole.get("automatic"):  # an automatic cut has no chance to tell
                continue
            removed_kinds.add(shown["kind"])
            # a mark per field, whose first four digits show whether told whole or in tenths
            marked = {**whole, **{key: 98700 + 100 * n for n, key in enumerate(removed)}}
            told_whole, told_shown = sentence(marked), sentence(shown)
            for n, _ in enumerate(removed):  # each field is told when the viewer may read it ...
                assert str(98700 + 100 * n)[:4] in told_whole, (removed, told_whole)
            # ... and the side's own sentence is a whole one without it
            assert "None" not in told_shown and "?" not in told_shown, told_shown
            assert not told_shown.startswith(f"{shown['kind']}:"), told_shown
            assert told_shown != sentence(whole), told_shown
    assert removed_kinds >= {"shot", "missile_loss", "melee_side", "melee_losses", "morale"}


def test_hidden_counts_leave_whole_sentences() -> None:
    losses = {"kind": "melee_losses", "ship": "C2", "by": "R1", "round": 1}
    assert sentence(losses) == "C2 took its losses from R1 in round 1."
    side = {"kind": "melee_side", "ship": "C2", "against": "R1", "round": 1, "multiplier": 33}
    assert sentence(side) == "C2 against R1, round 1: multiplier 0.33."
    morale = {"kind": "morale", "ship": "C2", "roll": 57, "areas": 10, "outnumbered": 10,
              "crew": 0, "hull": 100, "held": True}
    assert sentence(morale) == ("C2 tests morale: rolled 57 +10 areas held by enemies +10 "
                                "outnumbered against its hull of 100: holds.")
    observe = {"kind": "observe", "ship": "C3", "rammer": "R3", "distance": 8.0, "roll": 30,
               "success": True}
    assert sentence(observe) == "C3 watched R3's approach (8\" away): rolled 30: it moves first."


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_an_event_missing_any_fields_is_told_without_none(data: st.DataObject) -> None:
    e = data.draw(st.sampled_from(shapes()))
    kept = {key: value for key, value in e.items() if key == "kind" or data.draw(st.booleans())}
    told = sentence(kept)
    assert told and "None" not in told, (kept, told)


odd_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=6),
                       st.floats(allow_nan=True), st.lists(st.integers(0, 7), max_size=3),
                       st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_an_event_of_odd_shape_is_told_without_crashing_the_report(data: st.DataObject) -> None:
    e = data.draw(st.sampled_from(shapes()))
    odd = {key: data.draw(odd_values) if key != "kind" and data.draw(st.booleans()) else value
           for key, value in e.items()}
    told = sentence(odd)
    assert isinstance(told, str) and told
