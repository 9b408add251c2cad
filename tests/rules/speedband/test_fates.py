"""What became of each order line (fates.py, rulings §20): refused at submission with its reason,
failed at resolution with why, done with what it brought about (told in the narrator's
sentences), or accepted with nothing coming of it; standing orders say that they stand. Small
games on an open table with forced dice, the numbers worked by hand."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.dice import ForcedDice
from pbem.rules.interface import ACCEPTED, LineResult, OrderSheet, PhaseSpec
from pbem.rules.speedband import game, turn, view
from pbem.rules.speedband.fates import NOTHING, order_fates
from pbem.rules.speedband.notation import read_line
from pbem.rules.speedband.state import GameState, Player, Ship, new_ship
from pbem.rules.speedband.switches import Options
from tests.rules.speedband.test_narrate import shapes

PLAYERS = (Player("romans", "romans"), Player("carthaginians", "carthaginians"))


def opening(*ships: Ship) -> GameState:
    return turn.start_turn(GameState(ships, PLAYERS, Options()), 1)


def play(state: GameState, romans: str, carthaginians: str,
         *dice: int) -> tuple[GameState, dict[str, tuple[str, ...]]]:
    """One phase with exactly these dice; each side's fates from its own view of the events."""
    forced = ForcedDice(values=dice, largest_die=100)
    after, result, sheets = game.play_phase(state, [("romans", romans),
                                                    ("carthaginians", carthaginians)], forced)
    forced.finish()
    return after, {sheet.side: order_fates(sheet, view.view_events(after, result.events,
                                                                   sheet.side))
                   for sheet in sheets}


def rammers() -> GameState:
    """R1 bow on to C1's port beam 4.5" away (C1 heading 90); R2 far off."""
    return opening(new_ship("R1", "Ultor", "trireme", "romans", 20, 10, 0),
                   new_ship("R2", "Aquila", "trireme", "romans", 60, 10, 0),
                   new_ship("C1", "Tanit", "trireme", "carthaginians", 20, 17, 90))


ROMANS = "R1: SPEED 10 RAM C1\nR2: SPEED 8\nR1: SPEED 9\nR9: SPEED 4\nR2: REACT AVOID"
CARTHAGINIANS = "C1: SPEED 0\nC1: REACT SHEAR\nC1: CUT NONE"


def test_a_ram_that_hits_a_speed_line_done_and_refused_lines() -> None:
    # Initiative 6 to 1: R1 rams C1 at 10" (Battle) on zone B: 40 - 10 - 8 (C1's §4 default,
    # its SPEED 0 refused) + 15 = 37; 30 hits. Damage 1 x 30 x 1.25 = 37.5, 38 halves up. C1 has
    # now moved, so R2 activates with no die.
    _, fates = play(rammers(), ROMANS, CARTHAGINIANS, 6, 1, 30)
    romans, carthaginians = fates["romans"], fates["carthaginians"]
    assert len(romans) == 5 and len(carthaginians) == 3
    assert romans[0] == (
        "done: R1 announces a ram on C1, which stands ready to shear its oars. R1 moved F10 from "
        "(20.00, 10.00) to (20.00, 14.50), heading 0; stopped at its ram on C1. R1 rammed C1 in "
        "zone B at (20.00, 16.50) (speeds 10\" and 8\"): rolled 30 against 37: hit. C1 lost 38% of "
        "its hull to R1's ram (battle band, zone B); hull 62%. R1 and C1 are dead in the water for "
        "the rest of the turn; C1 counts as having moved.")
    assert romans[1] == "done: R2 moved F8 from (60.00, 10.00) to (60.00, 18.00), heading 0."
    assert romans[2].startswith("refused: line 3 (R1): a second movement line for R1; the one on "
                                "line 1 stands.")
    assert romans[3].startswith("refused: line 4 (R9): there is no ship R9 in this game.")
    assert romans[4] == NOTHING  # no ram was announced on R2
    assert carthaginians[0].startswith("refused: line 1 (C1): stop (SPEED 0) is 2 bands from last "
                                       "turn's cruise")
    assert carthaginians[1].startswith("done: R1 announces a ram on C1, which stands ready to "
                                       "shear its oars.")
    assert "rolled 30 against 37: hit" in carthaginians[1] and "shears" not in carthaginians[1]
    assert carthaginians[2] == "done: CUT NONE stands until it is changed (§10.3)."


def test_a_ram_that_misses_is_done_and_the_shear_is_told_to_both() -> None:
    # 90 misses the 37; C1 reacts SHEAR: R1's port sections 1, 3, 5, 7 (both sides intact, ties
    # port) at 45 - 10 + 15 (a trireme) = 50: 50 and 1 destroy, 51 and 100 do not.
    _, fates = play(rammers(), ROMANS, CARTHAGINIANS, 6, 1, 90, 50, 51, 1, 100)
    ram = fates["romans"][0]
    assert ram.startswith("done: R1 announces a ram on C1")
    assert "rolled 90 against 37: miss. C1 shears R1's port oars (the side with fewer intact " \
           "sections): a d100 for each of sections 1, 3, 5 and 7 against 50." in ram
    assert ram.endswith("R1's oar section 1: rolled 50 against 50: lost. R1's oar section 3: "
                        "rolled 51 against 50: kept. R1's oar section 5: rolled 1 against 50: "
                        "lost. R1's oar section 7: rolled 100 against 50: kept.")
    assert "R1's oar section 7: rolled 100 against 50: kept." in fates["carthaginians"][1]


def test_a_path_stopped_at_the_edge_failed() -> None:
    # R2's bow is 2" from the north edge: its 8" move stops there (house rule table_edge).
    state = opening(new_ship("R2", "Aquila", "trireme", "romans", 60, 44, 0),
                    new_ship("C1", "Tanit", "trireme", "carthaginians", 20, 30, 180))
    _, fates = play(state, "R2: SPEED 8", "C1: SPEED 8", 6, 1)
    assert fates["romans"] == (
        "failed: it was stopped at the table edge (§20): R2 moved F8 from (60.00, 44.00) to "
        "(60.00, 46.00), heading 0; stopped at the table edge. R2 was stopped by the table edge "
        "at (60.00, 46.00); its move ends.",)
    assert fates["carthaginians"] == (
        "done: C1 moved F8 from (20.00, 30.00) to (20.00, 22.00), heading 180.",)


def test_fire_orders_in_round_two() -> None:
    after, _ = play(rammers(), ROMANS, CARTHAGINIANS, 6, 1, 30)
    # R1 and C1 touch: short range, soldiers 35 (§12.2): 20 hits, 80 misses. R1 has no ballista;
    # C1 names no type at short range; both refused when sent.
    _, fates = play(after, "R1: ARCHERS 2 C1 SOLDIERS\nR1: BALLISTA 1 C1\n"
                    "R1: LOSSES SOLDIERS ARCHERS OFFICERS", "C1: ARCHERS 1 R1", 20, 80)
    assert fates["romans"][0] == (
        "done: R1's archer factor 1 shot at C1's soldiers at short range (0\"): rolled 20 against "
        "35: a hit on its soldiers. R1's archer factor 2 shot at C1's soldiers at short range "
        "(0\"): rolled 80 against 35: miss.")
    assert fates["romans"][1].startswith("refused: line 2 (R1): BALLISTA assigns 1")
    assert fates["romans"][2] == ("done: LOSSES SOLDIERS ARCHERS OFFICERS stands until it is "
                                  "changed (§13.3).")
    assert fates["carthaginians"][0].startswith("refused: line 1 (C1): R1 is at short range")


def test_an_avoidance_done_and_one_whose_observation_failed() -> None:
    # C1 reacts AVOID 4.5" from R1: observation 50 + 4.5 = 54.5. On 30 it moves first, the cap
    # min(4.5, 8) of its own path, so R1 finds nothing to ram and C1 finishes its 8".
    ships = (new_ship("R1", "Ultor", "trireme", "romans", 20, 10, 0),
             new_ship("C1", "Tanit", "trireme", "carthaginians", 20, 17, 90))
    orders = ("R1: SPEED 10 RAM C1", "C1: SPEED 8\nC1: REACT AVOID")
    _, fates = play(opening(*ships), *orders, 6, 1, 30)
    assert fates["romans"][0] == (
        "failed: its ram on C1 never made contact (§20): R1 announces a ram on C1, which tries "
        "to avoid it. R1 moved F10 from (20.00, 10.00) to (20.00, 20.00), heading 0. R1's ram on "
        "C1 made no contact: no roll, nothing happens.")
    moved = ("C1 avoids R1: it moves up to 4.5\" of its path before R1 moves. C1 moved the first "
             "part of its avoidance (F4.5) from (20.00, 17.00) to (24.50, 17.00), heading 90. C1 "
             "moved the rest of its avoidance (F3.5) from (24.50, 17.00) to (28.00, 17.00), "
             "heading 90.")
    assert fates["carthaginians"] == (
        f"done: {moved}",
        "done: R1 announces a ram on C1, which tries to avoid it. C1 watched R1's approach (4.5\" "
        f"away, 0 officers lost): rolled 30 against 54.5: it moves first. {moved}")
    # On 60 it holds as if it ignored the ram (no shear either, §8.3); R1's 90 misses the 37.
    _, fates = play(opening(*ships), *orders, 6, 1, 60, 90)
    assert fates["romans"][0].endswith("rolled 90 against 37: miss.")
    assert fates["carthaginians"][0] == ("done: C1 moved F8 from (20.00, 17.00) to (28.00, 17.00), "
                                         "heading 90.")
    assert fates["carthaginians"][1] == (
        "failed: the observation roll failed, so it held as if it ignored the ram (§20): R1 "
        "announces a ram on C1, which tries to avoid it. C1 watched R1's approach (4.5\" away, 0 "
        "officers lost): rolled 60 against 54.5: it holds, as if it ignored the ram. R1 rammed C1 "
        "in zone B at (20.00, 16.50) (speeds 10\" and 8\"): rolled 90 against 37: miss.")


# --- fates from given events


def sheet(kind: str, *lines: str) -> OrderSheet:
    results = []
    for number, text in enumerate(lines, 1):
        reading = read_line(text, kind)
        assert reading is not None
        results.append(LineResult(number, text, reading.ship, ACCEPTED, order=reading.order))
    return OrderSheet(PhaseSpec(kind), "romans", tuple(results))


def test_a_held_ship_a_lapsed_ram_and_grapples() -> None:
    events: list[dict[str, Any]] = [
        {"kind": "void", "ship": "R1"},
        {"kind": "move", "ship": "R1", "part": "path", "path": "F8", "start_x": 20, "start_y": 10,
         "start_heading": 0, "end_x": 20, "end_y": 10, "end_heading": 0, "stopped": "void", "by": ""},
        {"kind": "ram_lapsed", "ship": "R2", "target": "C2"},
        {"kind": "move", "ship": "R2", "part": "path", "path": "F8", "start_x": 40, "start_y": 10,
         "start_heading": 0, "end_x": 40, "end_y": 18, "end_heading": 0, "stopped": "", "by": ""},
        {"kind": "grapple", "thrower": "R2", "target": "C1", "thrower_speed": 8.0,
         "target_speed": 7.0, "over": 2.0, "roll": 2, "success": False},
        {"kind": "grapple", "thrower": "R3", "target": "C3", "thrower_speed": 8.0,
         "target_speed": 8.0, "over": 0.0, "roll": 1, "success": True},
        {"kind": "cut", "ship": "C3", "other": "R3", "thrower": "R3", "automatic": False,
         "roll": 12, "chance": 35.0, "success": False, "moment": "landing"},
    ]
    fates = order_fates(sheet("orders", "R1: SPEED 8", "R2: SPEED 8 RAM C2", "R2: GRAPPLE C1",
                              "R3: GRAPPLE ANY", "R1: CORVUS C1"), events)
    assert fates[0] == ("failed: it was held (§20): R1 is held by a grapple line or a corvus: its "
                        "path is void.")
    assert fates[1].startswith("failed: its ram on C2 lapsed (§20): R2's ram on C2 lapses")
    assert fates[1].endswith("R2 moved F8 from (40.00, 10.00) to (40.00, 18.00), heading 0.")
    assert fates[2] == ("failed: no line it threw held (§20): R2 threw a grapple at C1 (speeds 8\" "
                        "and 7\"): rolled 2 on a d10 against more than 2: it misses.")
    assert fates[3] == ("done: R3 threw a grapple at C3 (speeds 8\" and 8\"): rolled 1 on a d10 "
                        "against more than 0: the line holds. C3 tried to cut R3's line as it "
                        "landed: rolled 12 against 35: not cut.")
    assert fates[4] == NOTHING


def test_a_line_thrown_after_a_turn_stops_the_path_and_is_named() -> None:
    # After its turn C1 is within 1" of R2 and its own GRAPPLE holds: the move names no ship
    # (movement.turn), the fate finds it in the line that took hold; R2's later grapple on the
    # stationary C3 has nothing to do with C3's path, which was over.
    events: list[dict[str, Any]] = [
        {"kind": "move", "ship": "C1", "part": "path", "path": "F2 S30", "start_x": 30,
         "start_y": 30, "start_heading": 180, "end_x": 30, "end_y": 28, "end_heading": 210,
         "stopped": "grappled", "by": ""},
        {"kind": "grapple", "thrower": "C1", "target": "R2", "thrower_speed": 2.0,
         "target_speed": 2.0, "over": 0.0, "roll": 4, "success": True},
        {"kind": "move", "ship": "C3", "part": "path", "path": "F2", "start_x": 50, "start_y": 30,
         "start_heading": 180, "end_x": 50, "end_y": 28, "end_heading": 180, "stopped": "",
         "by": ""},
        {"kind": "activate", "ship": "R2", "player": "romans"},
        {"kind": "grapple", "thrower": "R2", "target": "C3", "thrower_speed": 0.0,
         "target_speed": 2.0, "over": 4.0, "roll": 9, "success": True},
    ]
    fates = order_fates(sheet("orders", "C1: SPEED 2 F2 S30", "C3: SPEED 2"), events)
    assert fates == (
        "failed: a grapple with R2 stopped it (§20): C1 moved F2 S30 from (30.00, 30.00) to "
        "(30.00, 28.00), heading 210; stopped by a grapple.",
        "done: C3 moved F2 from (50.00, 30.00) to (50.00, 28.00), heading 180.")


def test_melee_fire_failed_and_an_ended_melee_order() -> None:
    events: list[dict[str, Any]] = [
        {"kind": "fire_refused", "ship": "R1", "weapon": "archers", "target": "C2", "count": 2,
         "reason": "C2 has fled"},
        {"kind": "melee_order_ended", "ship": "R3", "target": "C3",
         "reason": "R3 and C3 are no longer locked"},
        {"kind": "melee_die", "ship": "R1", "against": "C1", "round": 1, "die": "first", "roll": 50,
         "multiplier": 60},
        {"kind": "melee_die", "ship": "R2", "against": "C2", "round": 1, "die": "first", "roll": 5,
         "multiplier": 15},
        {"kind": "melee_round", "first": "R1", "second": "C1", "round": 1, "winner": "R1",
         "front": 1, "reason": "won"},
    ]
    fates = order_fates(sheet("combat", "R1: ARCHERS 2 C2", "R3: MELEE C3", "R1: MELEE C1",
                              "R2: MELEE OFF"), events)
    assert fates[0] == ("failed: its archers fired nothing (§20): R1's archers (2) fired nothing at "
                        "C2: C2 has fled.")
    assert fates[1] == ("failed: the standing MELEE C3 ended: R3 and C3 are no longer locked (§20): "
                        "R3's standing MELEE C3 ends: R3 and C3 are no longer locked.")
    assert fates[2] == ("done: MELEE C1 stands while the pair stays locked, until MELEE OFF (§13.1). "
                        "R1's first melee die against C1, round 1: rolled 50: multiplier 0.60. "
                        "R1 wins round 1 against C1; R1 holds 1 of C1's areas.")
    assert fates[3] == "done: MELEE OFF: R2's standing MELEE order ends."


def test_corvus_work_transfers_and_placements() -> None:
    events: list[dict[str, Any]] = [
        {"kind": "transfer", "ship": "R1", "friend": "R2", "type": "soldiers", "count": 2,
         "moved": 2, "reason": ""},
        {"kind": "transfer", "ship": "R3", "friend": "R2", "type": "archers", "count": 1,
         "moved": 0, "reason": "R3 fought a melee this turn"},
        {"kind": "corvus_work", "ship": "R2", "verb": "raise", "corvus_ship": "R2", "held": "C1",
         "count": 3, "interrupted": ""},
        {"kind": "corvus_ended", "ship": "R2", "held": "C1", "by": "R2", "result": "raised"},
    ]
    fates = order_fates(sheet("combat", "R1: TRANSFER 2 SOLDIERS TO R2",
                              "R3: TRANSFER 1 ARCHERS TO R2", "R2: RAISE", "R1: BREAK OFF"), events)
    assert fates == (
        "done: R1 sent 2 soldiers across to R2.",
        "failed: R3 fought a melee this turn (§20): R3's transfer of 1 archer factor to R2 did not "
        "cross: R3 fought a melee this turn.",
        "done: RAISE stands until the link ends or RAISE OFF (§11). R2 works to raise its corvus "
        "from C1: 3 of 3 turns done. R2's corvus is raised from C1 by R2's work: it is free again.",
        "done: BREAK OFF: the standing BREAK ends.")
    placed = [{"kind": "placed", "ship": "R1", "x": 28.0, "y": 41.5, "heading": 180},
              {"kind": "placed", "ship": "R2", "x": 40.0, "y": 8.0, "heading": 0}]
    assert order_fates(sheet("setup", "R1: 28 41.5 180", "R2: 20 44 90"), placed) == (
        "done: R1 was placed at (28.00, 41.50), heading 180.",
        "failed: it could not be placed there, so it takes its table position (§18): R2 was "
        "placed at (40.00, 8.00), heading 0.")


def test_a_line_the_sheet_kept_no_order_for_is_read_again() -> None:
    events = [{"kind": "move", "ship": "R2", "part": "path", "path": "F8", "start_x": 60,
               "start_y": 10, "start_heading": 0, "end_x": 60.0, "end_y": 18.0, "end_heading": 0,
               "stopped": "", "by": ""}]
    bare = OrderSheet(PhaseSpec("orders"), "romans",
                      (LineResult(1, "R2: SPEED 8", "R2", ACCEPTED),
                       LineResult(2, "R2: SPEED eight", "R2", ACCEPTED)))
    assert order_fates(bare, events) == (
        "done: R2 moved F8 from (60.00, 10.00) to (60.00, 18.00), heading 0.", NOTHING)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(max_size=30), min_size=1, max_size=5),
       st.sampled_from(("orders", "combat", "setup", "over")), st.data())
def test_any_sheet_against_any_events_gets_one_fate_a_line(texts: list[str], kind: str,
                                                           data: st.DataObject) -> None:
    lines = tuple(LineResult(n, text, text.split(":")[0][:12], ACCEPTED)
                  for n, text in enumerate(texts, 1))
    events = data.draw(st.lists(st.sampled_from(shapes()), max_size=8))
    fates = order_fates(OrderSheet(PhaseSpec(kind), "romans", lines), events)
    assert len(fates) == len(texts) and all(fates)
