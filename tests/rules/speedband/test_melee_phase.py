"""The melee phase (rulings §13.1-§13.4, §15, §19.2 item 2.2) on triremes side by side, worked
by hand. A trireme fights with 2 archers, 2 soldiers and 3 officers: M = 0.5 x 2 + 0.6 x 2 +
0.7 x 3 = 4.3 (43 tenths); it has no tower."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import ForcedDice
from pbem.rules.events import Event
from pbem.rules.speedband import fronts
from pbem.rules.speedband.melee import fought_pairs, melee_phase
from pbem.rules.speedband.state import (
    CORVUS,
    LINE,
    Front,
    GameState,
    Player,
    Ship,
    StandingOrders,
    TurnRecord,
    new_ship,
)
from pbem.rules.speedband.switches import Options

PLAYERS = (Player("romans", "romans"), Player("carthaginians", "carthaginians"))


def ship(ship_id: str, x: float, melee: str = "", type_name: str = "trireme",
         **changes: object) -> Ship:
    side = "romans" if ship_id.startswith("R") else "carthaginians"
    made = new_ship(ship_id, ship_id, type_name, side, x, 10, 0, **changes)
    return replace(made, standing=replace(made.standing, melee=melee))


def game(*ships: Ship, links: tuple[tuple[str, str, str], ...] = (),
         front_values: tuple[tuple[str, str, int], ...] = (), **changes: object) -> GameState:
    state = GameState(ships, PLAYERS, Options())
    for thrower, other, kind in links:
        state = state.with_link(thrower, other, kind)
    state = replace(state, fronts=tuple(Front(a, b, v) for a, b, v in front_values))
    return replace(state, **changes)  # type: ignore[arg-type]


def play(state: GameState, values: list[int]) -> tuple[GameState, tuple[Event, ...], ForcedDice]:
    dice = ForcedDice(values=values, largest_die=100)
    state, events = melee_phase(state, dice)
    dice.finish()  # every die given was needed
    return state, events, dice


def counts(state: GameState, ship_id: str) -> tuple[int, int, int]:
    found = state.require(ship_id)
    return found.archers, found.soldiers, found.officers


def kinds(events: tuple[Event, ...], kind: str) -> list[dict[str, object]]:
    return [e.as_dict() for e in events if e.kind == kind]


def linked_pair(front_values: tuple[tuple[str, str, int], ...] = ()) -> GameState:
    return game(ship("R1", 20, melee="C1"), ship("C1", 21), links=(("R1", "C1", LINE),),
                front_values=front_values)


def test_one_round_moves_the_front_and_takes_losses_by_the_default_order() -> None:
    # R1 first 70, second 20: 43 x 70 = 3010 -> n 3; extra 200 <= 10? no. k 0.
    # C1 first 30, second 50: 43 x 30 = 1290 -> n 1; extra 500 <= 290? no. k 0.
    # R1 wins 3 to 1: F 0 -> +1; C1 loses archers 2, soldiers 1; R1 loses 1 archer.
    state, events, dice = play(linked_pair(), [70, 20, 30, 50])
    assert counts(state, "C1") == (0, 1, 3) and counts(state, "R1") == (1, 2, 3)
    assert state.front("R1", "C1") == 1
    assert [roll.purpose for roll in dice.log] == [
        "melee R1 first (at C1)", "melee R1 second (at C1)",
        "melee C1 first (at R1)", "melee C1 second (at R1)"]
    assert [roll.sides for roll in dice.log] == [100] * 4
    assert kinds(events, "melee_round") == [{"kind": "melee_round", "first": "R1", "second": "C1",
                                             "round": 1, "winner": "R1", "front": 1,
                                             "reason": "won"}]
    dies = kinds(events, "melee_die")
    assert [(d["ship"], d["die"], d["roll"]) for d in dies] == [
        ("R1", "first", 70), ("R1", "second", 20), ("C1", "first", 30), ("C1", "second", 50)]
    assert (dies[1]["chance"], dies[1]["extra"]) == (1.0, False)   # 3.01: 1%
    assert (dies[3]["chance"], dies[3]["extra"]) == (29.0, False)  # 1.29: 29%
    assert [(s["ship"], s["value"], s["multiplier"], s["casualties"])
            for s in kinds(events, "melee_side")] == [("R1", 43, 70, 3), ("C1", 43, 30, 1)]
    assert state.record.meleed == ("R1", "C1")
    assert fought_pairs(events) == (("R1", "C1"),)
    assert state.require("R1").standing.melee == "C1"  # the order stands (§4)


def test_the_losers_own_losses_order_and_officers_lost() -> None:
    # as above, C1 orders LOSSES SOLDIERS OFFICERS ARCHERS: 3 = soldiers 2, then 1 officer
    state = linked_pair()
    c1 = state.require("C1")
    state = state.with_ship(replace(c1, standing=StandingOrders(
        losses=("soldiers", "officers", "archers"))))
    state, events, _ = play(state, [70, 20, 30, 50])
    assert counts(state, "C1") == (2, 0, 2)
    assert (state.require("C1").officers_lost, state.require("C1").officers_lost_this_turn) == (1, 1)
    assert kinds(events, "melee_losses")[0] == {
        "kind": "melee_losses", "ship": "C1", "by": "R1", "round": 1, "officers_killed": 0,
        "archers": 0, "soldiers": 2, "officers": 1, "archers_left": 2, "soldiers_left": 0,
        "officers_left": 2}


def test_either_ships_order_starts_the_melee_neither_none() -> None:
    state = game(ship("R1", 20), ship("C1", 21, melee="R1"), links=(("R1", "C1", LINE),))
    state, _, dice = play(state, [70, 20, 30, 50])   # X is still R1, listed first
    assert state.front("R1", "C1") == 1 and dice.log[0].purpose == "melee R1 first (at C1)"
    quiet = game(ship("R1", 20), ship("C1", 21), links=(("R1", "C1", LINE),))
    after, events, dice = play(quiet, [])
    assert dice.log == [] and after.fronts == () and after.record.meleed == ()
    assert fought_pairs(events) == ()


def test_a_fleeing_ship_defends_only() -> None:
    # C1 fleeing names R1: no melee, and its order ends; R1 naming a fleeing C1 fights
    state = game(ship("R1", 20), ship("C1", 21, melee="R1", status="fleeing"),
                 links=(("R1", "C1", LINE),))
    after, events, dice = play(state, [])
    assert dice.log == [] and after.require("C1").standing.melee == ""
    assert kinds(events, "melee_order_ended")[0]["ship"] == "C1"
    attacked = game(ship("R1", 20, melee="C1"), ship("C1", 21, status="fleeing"),
                    links=(("R1", "C1", LINE),))
    after, _, _ = play(attacked, [70, 20, 30, 50])
    assert after.front("R1", "C1") == 1 and counts(after, "R1") == (1, 2, 3)


def test_a_tie_applies_its_losses_and_is_fought_again_00_kills_two() -> None:
    # Round 1. R1 40, 00: 43 x 40 = 1720 -> n 1, extra 1000 <= 720 no; second 00: k 2, n 2.
    # C1 46, 80: 43 x 46 = 1978 -> n 1, extra 800 <= 978 yes -> 2; k 0. Tie 2-2:
    # C1 loses 2 officers (3 -> 1); R1 loses 2 archers. Front unmoved (0).
    # Round 2. R1 M = 0.6 x 2 + 0.7 x 3 = 3.3; C1 M = 0.5 x 2 + 0.6 x 2 + 0.7 = 2.9.
    # R1 10, 50: 33 x 10 = 330 -> n 0, extra 500 <= 330 no; k 0.
    # C1 95, 03: 29 x 95 = 2755 -> n 2, extra 30 <= 755 yes -> 3; k 1 + 1 = 2.
    # C1 wins 3-0: F -1. R1 loses 2 officers, then 1 by ARCHERS (none) SOLDIERS: soldiers 1.
    state, events, dice = play(linked_pair(), [40, 100, 46, 80, 10, 50, 95, 3])
    assert counts(state, "C1") == (2, 2, 1) and state.require("C1").officers_lost == 2
    assert counts(state, "R1") == (0, 1, 1)
    r1 = state.require("R1")
    assert (r1.officers_lost, r1.officers_lost_this_turn) == (2, 2)
    assert state.front("R1", "C1") == -1
    rounds = kinds(events, "melee_round")
    assert [(r["round"], r["winner"], r["front"], r["reason"]) for r in rounds] == [
        (1, "", 0, "tie"), (2, "C1", -1, "won")]
    sides = kinds(events, "melee_side")
    assert [(s["ship"], s["round"], s["value"], s["casualties"], s["officer_kills"])
            for s in sides] == [("R1", 1, 43, 2, 2), ("C1", 1, 43, 2, 0),
                                ("R1", 2, 33, 0, 0), ("C1", 2, 29, 3, 2)]
    assert len(dice.log) == 8


def test_a_crewless_side_loses_with_no_dice_and_capture_ends_its_other_links() -> None:
    # C1 has nobody aboard; (R1, C1) at +3 -> R1 wins with no dice: +4, C1 captured.
    # R2's corvus also held C1 (front (R2, C1) +1): that link and front end, R2's corvus frees,
    # and the pair (R2, C1) no longer fights. R1's own line to its prize ends too (§10.3).
    state = game(ship("R1", 20, melee="C1"),
                 ship("R2", 22, melee="C1", type_name="quinquereme", corvus=True,
                      corvus_holds="C1"),
                 ship("C1", 21, archers=0, soldiers=0, officers=0, officers_lost=3),
                 links=(("R1", "C1", LINE), ("R2", "C1", CORVUS)),
                 front_values=(("R1", "C1", 3), ("R2", "C1", 1)))
    after, events, dice = play(state, [])
    c1 = after.require("C1")
    assert dice.log == []
    assert (c1.status, c1.controller, c1.owner) == ("captured", "romans", "romans")
    assert after.links == ()
    assert after.require("R2").corvus_holds == ""
    assert after.fronts == ()
    assert counts(after, "R1") == (2, 2, 3)
    assert kinds(events, "melee_round") == [{"kind": "melee_round", "first": "R1", "second": "C1",
                                             "round": 1, "winner": "R1", "front": 4,
                                             "reason": "no crew"}]
    assert kinds(events, "capture") == [{"kind": "capture", "ship": "C1", "by": "R1",
                                         "controller": "romans", "prisoners": 0,
                                         "released": ["R1", "R2"]}]
    assert after.require("R2").standing.melee == ""   # its pair is no longer locked
    assert fought_pairs(events) == (("R1", "C1"),)


def test_capture_of_the_first_listed_ship_at_minus_four() -> None:
    # (R1, C1) at -3; as the first test with the sides' dice swapped, C1 wins 3 to 1:
    # R1 first 30, second 50 -> n 1; C1 first 70, second 20 -> n 3. F -4: R1 captured.
    state = linked_pair(front_values=(("R1", "C1", -3),))
    after, events, _ = play(state, [30, 50, 70, 20])
    r1 = after.require("R1")
    assert (r1.status, r1.controller) == ("captured", "carthaginians")
    assert counts(after, "R1") == (0, 0, 0) and r1.officers_lost == 0  # prisoners, not killed
    assert counts(after, "C1") == (1, 2, 3)   # R1's 1 casualty still applies
    # R1 first lost 3 (archers 2, soldiers 1): 1 soldier and 3 officers are taken prisoner
    assert kinds(events, "capture")[0]["prisoners"] == 4
    assert r1.standing.melee == ""


def test_a_capturers_corvus_on_its_prize_stays() -> None:
    # as 13.4 with R1 a quinquereme whose corvus holds C1 at +3; C1 has nobody aboard
    state = game(ship("R1", 20, melee="C1", type_name="quinquereme", corvus=True,
                      corvus_holds="C1"),
                 ship("C1", 21.125, archers=0, soldiers=0, officers=0, officers_lost=3),
                 links=(("R1", "C1", CORVUS),), front_values=(("R1", "C1", 3),))
    after, events, _ = play(state, [])
    assert after.require("C1").status == "captured"
    link = after.link("R1", "C1")
    assert link is not None and link.kind == CORVUS and after.require("R1").corvus_holds == "C1"
    assert kinds(events, "capture")[0]["released"] == []


def test_tower_and_corvus_raise_the_multiplier() -> None:
    # R1 quinquereme with a tower, its corvus holding C1: P = 0.50 + 0.10 + 0.20 = 0.80.
    # M = 0.5 x 3 + 0.6 x 4 + 0.7 x 3 = 6.0: 60 x 80 = 4800 -> n 4 (extra 900 <= 800 no).
    # C1 50, 90: 43 x 50 = 2150 -> n 2. C1 loses archers 2, soldiers 2; R1 loses 2 archers.
    state = game(ship("R1", 20, melee="C1", type_name="quinquereme", corvus=True,
                      corvus_holds="C1"),
                 ship("C1", 21.125), links=(("R1", "C1", CORVUS),))
    after, events, _ = play(state, [50, 90, 50, 90])
    assert [(s["ship"], s["value"], s["multiplier"], s["casualties"])
            for s in kinds(events, "melee_side")] == [("R1", 60, 80, 4), ("C1", 43, 50, 2)]
    assert counts(after, "C1") == (0, 0, 3) and counts(after, "R1") == (1, 4, 3)
    # a tower on C1 adds its 0.10: 50 + 10 = 60
    tower = replace(state, ships=(state.ships[0], replace(state.ships[1], tower=True)))
    _, events, _ = play(tower, [50, 90, 50, 90])
    assert [s["multiplier"] for s in kinds(events, "melee_side")] == [80, 60]


def test_pairs_in_order_a_later_melee_sees_earlier_losses() -> None:
    # R1 between C2 (west) and C1 (east), lines to both. Pairs (R1, C1) then (R1, C2).
    # (R1, C1): R1 20, 90: 43 x 20 = 860 -> 0 (900 <= 860 no); C1 80, 50: 3440 -> 3 (500 <= 440
    # no). C1 wins: F -1; R1 loses archers 2, soldiers 1: M = 0.6 + 2.1 = 2.7.
    # (R1, C2): R1 50, 30: 27 x 50 = 1350 -> 1, extra 300 <= 350 yes -> 2; C2 10, 60: 430 -> 0
    # (600 <= 430 no). R1 wins: F +1; C2 loses 2 archers.
    state = game(ship("R1", 20, melee="C1"), ship("C1", 21), ship("C2", 19, melee="R1"),
                 links=(("R1", "C1", LINE), ("C2", "R1", LINE)))
    after, events, dice = play(state, [20, 90, 80, 50, 50, 30, 10, 60])
    assert after.front("R1", "C1") == -1 and after.front("R1", "C2") == 1
    assert counts(after, "R1") == (0, 1, 3) and counts(after, "C2") == (0, 2, 3)
    assert [s["value"] for s in kinds(events, "melee_side")] == [43, 43, 27, 43]
    assert [roll.purpose for roll in dice.log][4] == "melee R1 first (at C2)"
    assert fought_pairs(events) == (("R1", "C1"), ("R1", "C2"))
    assert after.record.meleed == ("R1", "C1", "C2")
    assert fronts.areas_held_by_enemies(after, "R1") == 1
    assert not fronts.holds_own_bulwark(after, "R1")


def test_both_crewless_no_melee() -> None:
    r1 = replace(ship("R1", 20, melee="C1"), archers=0, soldiers=0, officers=0, officers_lost=3)
    c1 = replace(ship("C1", 21), archers=0, soldiers=0, officers=0, officers_lost=3)
    state = game(r1, c1,
                 links=(("R1", "C1", LINE),))
    after, events, dice = play(state, [])
    assert dice.log == [] and after.fronts == () and after.record.meleed == ()
    assert kinds(events, "melee_none")[0]["first"] == "R1"
    assert fought_pairs(events) == ()


def test_unlocked_pair_forgets_its_front_and_its_order_lapses() -> None:
    state = game(ship("R1", 20, melee="C1"), ship("C1", 24), front_values=(("R1", "C1", 2),))
    after, events, dice = play(state, [])
    assert dice.log == [] and after.fronts == ()
    assert after.require("R1").standing.melee == ""
    assert [e.kind for e in events] == ["front_forgotten", "melee_order_ended", "fought"]


def test_contact_after_last_turns_melee_and_a_ram_lock_each_lock() -> None:
    # touching, fought last turn, front +1: the melee continues; R1 wins (dice as the first test)
    state = game(ship("R1", 20, melee="C1"), ship("C1", 21), front_values=(("R1", "C1", 1),),
                 fought_last_turn=(("R1", "C1"),))
    after, _, _ = play(state, [70, 20, 30, 50])
    assert after.front("R1", "C1") == 2
    rammed = game(ship("R1", 20, melee="C1"), ship("C1", 21),
                  record=TurnRecord(ram_locked=(("R1", "C1"),)))
    after, _, _ = play(rammed, [70, 20, 30, 50])
    assert after.front("R1", "C1") == 1
