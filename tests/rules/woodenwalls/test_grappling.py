"""The grappling step (Wooden Walls rulings §12.1–§12.5, §23 block 4; plan §11 q. 29, 32, 50,
51): releases, cuts, grapples with the defenders' −1s and the harpax die, corvus drops, with
forced dice worked by hand and the dice log asserted.

Positions: two triremes (L 1.2, W 0.3) side by side, A at (9, 6) and B at (9.3, 6), both heading
0: their beams touch (A's starboard beam, B's port beam), and each area faces the same area of
the other only (B–B, M–M, S–S: the sections [0.2, 0.6], [−0.2, 0.2], [−0.6, −0.2] meet the
neighbouring ones at a point, not by more than c)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import ForcedDice
from pbem.rules.events import Event
from pbem.rules.woodenwalls.grappling import defended, grappling_area, grappling_step, in_turn
from pbem.rules.woodenwalls.notation import read_line
from pbem.rules.woodenwalls.orders import Reading
from pbem.rules.woodenwalls.rounds import LegOrders, RoundState
from pbem.rules.woodenwalls.state import (
    GRAPPLE,
    Element,
    GameState,
    Link,
    Ship,
    Wind,
    new_ship,
)


def marine(area: str, side: str = "rhodes", home: str = "A", grade: str = "experienced") -> Element:
    return Element(area, "marines", side, home, grade, True, True)


def engine(area: str, side: str = "rhodes", home: str = "A") -> Element:
    return Element(area, "engine", side, home)


def ship(ship_id: str, side: str, x: float, *elements: Element, type_id: str = "trireme",
         heading: float = 0.0, y: float = 6.0, **changes: object) -> Ship:
    return replace(new_ship(ship_id, type_id, side, x, y, heading, 2), elements=elements, **changes)  # type: ignore[arg-type]


def game(*ships: Ship, won: tuple[str, ...] = ("A>B",), links: tuple[Link, ...] = (),
         wind: str = "light", deck_phases: int = 0) -> GameState:
    return GameState(ships=ships, links=links, wind=Wind(wind, 90.0),
                     round=RoundState(won_shooting=won, deck_phases=deck_phases))


def lines(*texts: str) -> tuple[Reading, ...]:
    found = tuple(read_line(text, "deck") for text in texts)
    assert all(line is not None for line in found)
    return tuple(line for line in found if line is not None)


def play(state: GameState, texts: tuple[str, ...], values: list[int],
         first: str = "rhodes") -> tuple[GameState, tuple[Event, ...], list[tuple[str, int]]]:
    dice = ForcedDice(values=values, largest_die=20)
    after, events = grappling_step(state, lines(*texts), first, dice)
    dice.finish()
    return after, events, [(roll.purpose, roll.sides) for roll in dice.log]


def side_by_side(a_elements: tuple[Element, ...], b_elements: tuple[Element, ...],
                 **options: object) -> GameState:
    return game(ship("A", "rhodes", 9.0, *a_elements), ship("B", "macedon", 9.3, *b_elements), **options)  # type: ignore[arg-type]


# ---------------------------------------------------------------- grapples (§12.3)


def test_grapple_needs_a_won_shooting_and_draws_no_die() -> None:
    state = side_by_side((marine("B"),), (), won=())
    after, events, log = play(state, ("A: GRAPPLE B",), [])
    assert log == [] and after.links == ()
    assert events[0].kind == "failed" and "did not win the shooting" in events[0]["reason"]


def test_grappling_area_is_the_facing_area_with_most_marines_first_on_a_tie() -> None:
    state = side_by_side((marine("B"), marine("S"), marine("S")), ())
    assert grappling_area(state, state.require("A"), state.require("B")) == "S"
    tie = side_by_side((marine("B"), marine("S")), ())
    assert grappling_area(tie, tie.require("A"), tie.require("B")) == "B"


def test_one_defender_takes_one_from_the_lowest_succeeding_die() -> None:
    # A's B: 2 marines against B's B: 1 marine. Equal heights, light wind: no modifier.
    # Dice 5, 6 -> totals 5, 6; the −1 falls on the 5 (lowest succeeding) -> 4, 6: one grapple.
    state = side_by_side((marine("B"), marine("B")), (marine("B", "macedon", "B"),))
    after, events, log = play(state, ("A: GRAPPLE B",), [5, 6])
    assert log == [("grapple A 1", 6), ("grapple A 2", 6)]
    grapple = events[0]
    assert (grapple.kind, grapple["area"], grapple["dice"]) == ("grapple", "B", (5, 6))
    assert grapple["totals"] == (4, 6)
    assert (grapple["defenders"], grapple["grapples"], grapple["count"]) == (1, 1, 1)
    assert after.link_entries() == ("grapple A>B 1",)


def test_defenders_minus_ones_move_on_to_the_next_lowest_then_are_lost() -> None:
    # Dice 5, 5 against 2 defenders: 5, 5 -> 4, 5 (first die, earlier on the tie) -> 4, 4: no
    # grapple. With 6, 5: 6, 4 after the first −1, then 5, 4: one grapple stays.
    state = side_by_side((marine("B"), marine("B")),
                         (marine("B", "macedon", "B"), marine("B", "macedon", "B")))
    after, events, _ = play(state, ("A: GRAPPLE B",), [5, 5])
    assert events[0]["totals"] == (4, 4) and events[0]["grapples"] == 0 and after.links == ()
    assert defended((6, 5), 2) == (5, 4)
    assert defended((4, 5, 6), 5) == (4, 4, 4)  # 5->4, then 6->5->4, the rest lost


def test_defenders_count_only_the_areas_facing_the_grappling_area() -> None:
    # B's marine in S does not face A's B: no −1, the 5 succeeds.
    state = side_by_side((marine("B"),), (marine("S", "macedon", "B"),))
    _, events, _ = play(state, ("A: GRAPPLE B",), [5])
    assert events[0]["defenders"] == 0 and events[0]["grapples"] == 1


def test_higher_ship_plus_two_lower_minus_two() -> None:
    # Quinquereme (height 4, W 0.4, L 1.4) at 9.35 beside trireme A (height 2): its B faces A's
    # B; A's marine stands in S, which does not face it (no defender).
    quin = ship("B", "macedon", 9.35, marine("B", "macedon", "B"), type_id="quinquereme")
    up = game(ship("A", "rhodes", 9.0, marine("S")), quin, won=("B>A",))
    _, events, _ = play(up, ("B: GRAPPLE A",), [3], first="macedon")
    assert events[0]["totals"] == (5,) and events[0]["grapples"] == 1  # 3 + 2
    assert events[0]["defenders"] == 0
    down = game(ship("A", "rhodes", 9.0, marine("B")), replace(quin, elements=()), won=("A>B",))
    _, events, _ = play(down, ("A: GRAPPLE B",), [6])
    assert events[0]["totals"] == (4,) and events[0]["grapples"] == 0  # 6 − 2


def test_strong_wind_minus_one() -> None:
    state = side_by_side((marine("B"),), (), wind="strong")
    _, events, _ = play(state, ("A: GRAPPLE B",), [5])
    assert events[0]["totals"] == (4,) and events[0]["grapples"] == 0


def test_harpax_die_after_the_marine_dice_plus_three_and_defenders_may_fall_on_it() -> None:
    # Marine die 4 fails (4); harpax die 2 -> 5 succeeds; one defender: the only succeeding die
    # is the harpax's: 5 -> 4, nothing across.
    a = ship("A", "rhodes", 9.0, marine("B"), engine("M"), harpax=True)
    state = game(a, ship("B", "macedon", 9.3))
    after, events, log = play(state, ("A: GRAPPLE B HARPAX",), [4, 2])
    assert log == [("grapple A 1", 6), ("harpax A", 6)]
    assert events[0]["totals"] == (4, 5) and events[0]["harpax"] and events[0]["grapples"] == 1
    assert after.link_entries() == ("grapple A>B 1",)
    defended_state = game(a, ship("B", "macedon", 9.3, marine("B", "macedon", "B")))
    _, events, _ = play(defended_state, ("A: GRAPPLE B HARPAX",), [4, 2])
    assert events[0]["totals"] == (4, 4) and events[0]["grapples"] == 0


def test_harpax_needs_an_engine_aboard() -> None:
    state = game(ship("A", "rhodes", 9.0, marine("B"), harpax=True), ship("B", "macedon", 9.3))
    _, events, log = play(state, ("A: GRAPPLE B HARPAX",), [5])
    assert log == [("grapple A 1", 6)] and not events[0]["harpax"]


def test_no_grapple_when_a_contact_part_is_a_bow_or_stern() -> None:
    # B dead ahead: A's bow touches B's stern at (9, 6.6).
    state = game(ship("A", "rhodes", 9.0, marine("B")), ship("B", "macedon", 9.0, y=7.2))
    after, events, log = play(state, ("A: GRAPPLE B",), [])
    assert log == [] and after.links == () and "bow or a stern" in events[0]["reason"]


def test_first_listed_eligible_target_is_taken() -> None:
    # C is out of contact; B is taken.
    state = game(ship("A", "rhodes", 9.0, marine("B")), ship("B", "macedon", 9.3),
                 ship("C", "macedon", 3.0), won=("A>B", "A>C"))
    _, events, _ = play(state, ("A: GRAPPLE C, B",), [6])
    assert events[0]["target"] == "B"


def test_embedded_rammer_does_not_grapple_its_target() -> None:
    state = side_by_side((marine("B"),), (), links=(Link("ram", "A", "B"),))
    _, events, log = play(state, ("A: GRAPPLE B",), [])
    assert log == [] and "ram is embedded" in events[0]["reason"]


def test_a_later_throw_adds_to_the_link_per_thrower() -> None:
    # B threw one before; A's two succeed: one link, g = 3, printed per thrower (q. 32).
    old = Link(GRAPPLE, "B", "A", ("B",))
    state = side_by_side((marine("B"), marine("B")), (), links=(old,))
    after, events, _ = play(state, ("A: GRAPPLE B",), [5, 6])
    assert len(after.links) == 1 and after.links[0].throws == ("B", "A", "A")
    assert events[0]["count"] == 3
    assert after.link_entries() == ("grapple A>B 2", "grapple B>A 1")


def test_standing_off_ship_and_ship_without_grapnels_do_not_grapple() -> None:
    state = side_by_side((marine("B"),), ())
    off = state.with_ship(replace(state.require("A"), flag="standing_off"))
    _, events, log = play(off, ("A: GRAPPLE B",), [])
    assert log == [] and "standing off" in events[0]["reason"]
    bare = state.with_ship(replace(state.require("A"), grapnels=False))
    _, events, log = play(bare, ("A: GRAPPLE B",), [])
    assert log == [] and "grapnels" in events[0]["reason"]


# ---------------------------------------------------------------- cuts and releases (§12.4)


def test_cut_one_test_per_marine_facing_up_to_g_latest_grapple_first() -> None:
    # A (ABLE, 5+) has 2 marines in B facing B and 1 in S facing B: 3 marines, g = 2 -> 2 tests.
    # Dice 5 (pass), 2 (fail): one grapple removed, the latest thrown (A's); B's stays.
    link = Link(GRAPPLE, "B", "A", ("B", "A"))
    state = side_by_side((marine("B"), marine("B"), marine("S")), (), links=(link,))
    after, events, log = play(state, ("A: CUT B",), [5, 2])
    assert log == [("cut A 1", 6), ("cut A 2", 6)]
    cut = events[0]
    assert (cut["dice"], cut["passed"], cut["removed"], cut["count"], cut["ended"]) == \
        ((5, 2), (True, False), 1, 1, False)
    assert after.links[0].throws == ("B",) and after.require("A").revealed


def test_cut_passing_every_test_ends_the_link() -> None:
    state = side_by_side((marine("B"),), (), links=(Link(GRAPPLE, "B", "A", ("B",)),))
    after, events, _ = play(state, ("A: CUT B",), [6])
    assert after.links == () and events[0]["ended"]


def test_cut_refused_with_enemy_elements_aboard() -> None:
    state = side_by_side((marine("B"), marine("S", "macedon", "B")), (),
                         links=(Link(GRAPPLE, "B", "A", ("B",)),))
    after, events, log = play(state, ("A: CUT B",), [])
    assert log == [] and after.links == state.links and events[0].kind == "failed"
    assert not after.require("A").revealed


def test_corvus_cut_loose_without_a_die_by_a_marine_in_b() -> None:
    state = side_by_side((marine("B"),), (), links=(Link("corvus", "A", "B"),))
    state = state.with_ship(replace(state.require("A"), corvus=True))
    after, events, log = play(state, ("A: CUT B",), [])
    assert log == [] and after.links == () and not after.require("A").corvus
    assert events[0]["how"] == "corvus"


def test_release_by_both_ends_the_link_by_one_fails() -> None:
    link = Link(GRAPPLE, "A", "B", ("A", "A"))
    state = side_by_side((marine("B"),), (), links=(link,))
    after, events, log = play(state, ("A: RELEASE B", "B: RELEASE A"), [])
    assert log == [] and after.links == ()
    assert [found.kind for found in events] == ["cut"] and events[0]["how"] == "release"
    after, events, _ = play(state, ("A: RELEASE B",), [])
    assert after.links == (link,) and events[0].kind == "failed"


# ---------------------------------------------------------------- corvus (§12.5)


def corvus_pair(quality: str = "ABLE", **options: object) -> GameState:
    # A at heading 20, x 9.54: its starboard bow quarter touches B's port beam (distance ~0.01).
    a = ship("A", "rhodes", 9.54, marine("B"), heading=20.0, corvus=True, quality=quality)
    return game(a, ship("B", "macedon", 10.0), won=(), **options)  # type: ignore[arg-type]


def test_corvus_drop_succeeds_below_five_and_reveals() -> None:
    # Stiff +1, First Rate −1: die 4 -> 4, down (a corvus needs no won shooting).
    after, events, log = play(corvus_pair("FR", wind="stiff"), ("A: CORVUS B",), [4])
    assert log == [("corvus A", 6)]
    assert (events[0]["modifier"], events[0]["total"], events[0]["success"]) == (0, 4, True)
    assert after.link_entries() == ("corvus A>B",) and after.require("A").revealed


def test_corvus_drop_fails_on_five_after_poor_and_no_retry_next_phase() -> None:
    # Poor +1: die 4 -> 5 fails; failed in deck action phase 1 (deck_phases counts the phase
    # being played): no try in phase 2, a try in phase 3 (q. 50).
    after, events, _ = play(corvus_pair("POOR", deck_phases=1), ("A: CORVUS B",), [4])
    assert (events[0]["total"], events[0]["success"]) == (5, False)
    assert after.links == () and after.require("A").corvus_failed == 1
    next_phase = replace(after, round=RoundState(deck_phases=2))
    _, events, log = play(next_phase, ("A: CORVUS B",), [])
    assert log == [] and events[0].kind == "failed"
    later = replace(after, round=RoundState(deck_phases=3))
    _, events, log = play(later, ("A: CORVUS B",), [1])
    assert log == [("corvus A", 6)] and events[0]["success"]


def test_corvus_needs_a_bow_quarter_or_shoulder_contact() -> None:
    beside = game(ship("A", "rhodes", 9.0, marine("B"), corvus=True), ship("B", "macedon", 9.3), won=())
    _, events, log = play(beside, ("A: CORVUS B",), [])
    assert log == [] and "beam" in events[0]["reason"]


# ---------------------------------------------------------------- the step's order (§12.2, §23)


def test_step_order_cuts_then_grapples_then_corvus_first_player_first() -> None:
    # Written corvus, grapple, cut; macedon first: macedon's cut dice, then rhodes' grapple die,
    # then the corvus die.
    a = ship("A", "rhodes", 9.54, marine("B"), heading=20.0, corvus=True)
    b = ship("B", "macedon", 10.0, marine("B", "macedon", "B"))
    c = ship("C", "rhodes", 10.3, marine("B", "rhodes", "C"))
    state = game(a, b, c, won=("C>B",), links=(Link(GRAPPLE, "C", "B", ("C",)),))
    texts = ("A: CORVUS B", "C: GRAPPLE B", "B: CUT C")
    _, events, log = play(state, texts, [1, 6, 1], first="macedon")
    assert log == [("cut B 1", 6), ("grapple C 1", 6), ("corvus A", 6)]
    assert [found.kind for found in events] == ["cut", "grapple", "corvus"]


def test_in_turn_takes_the_side_from_the_orders_in_force() -> None:
    # "A: CUT B" stands in macedon's orders (as if macedon's boarders wrote it): macedon's line,
    # taken before rhodes' when macedon is first although A is rhodes' ship.
    state = side_by_side((), ())
    written = lines("C: CUT B", "A: CUT B")
    state = replace(state, orders=(LegOrders("macedon", deck=(written[1],)),))
    ordered = in_turn(state, written, "macedon", (type(written[0].order),))
    assert [(side, line.ship) for side, line in ordered] == [("macedon", "A"), ("", "C")]
