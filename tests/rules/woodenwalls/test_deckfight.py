"""One deck fight (Wooden Walls rulings §12.7, §4.4; house rules `deck_dice`, `throw_cap`): die
steps and their factors, matching and ties, the frontage, UNTIL LOSS, the throw cap and ENTER,
with forced dice worked by hand and the dice log asserted.

Positions as in test_grappling: triremes A at (9, 6) and B at (9.3, 6), heading 0, beams
touching, B facing B, M facing M, S facing S; a grapple link between them."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import ForcedDice
from pbem.rules.events import Event
from pbem.rules.woodenwalls.deckfight import (
    adjacent,
    adjacent_areas,
    area_height,
    die_size,
    factors,
    fight,
    matched,
)
from pbem.rules.woodenwalls.elements import count
from pbem.rules.woodenwalls.state import GRAPPLE, Element, GameState, Link, Ship, new_ship


def marine(area: str, side: str = "rhodes", home: str = "A", grade: str = "experienced", *,
           armoured: bool = True, shielded: bool = True) -> Element:
    return Element(area, "marines", side, home, grade, armoured, shielded)


def shooter(area: str, side: str = "rhodes", home: str = "A") -> Element:
    return Element(area, "shooters", side, home)


def ship(ship_id: str, side: str, x: float, *elements: Element, type_id: str = "trireme",
         **changes: object) -> Ship:
    return replace(new_ship(ship_id, type_id, side, x, 6.0, 0.0, 2), elements=elements, **changes)  # type: ignore[arg-type]


def pair(a: tuple[Element, ...], b: tuple[Element, ...], *, b_type: str = "trireme", b_x: float = 9.3,
         **a_changes: object) -> GameState:
    return GameState(ships=(ship("A", "rhodes", 9.0, *a, **a_changes),  # type: ignore[arg-type]
                            ship("B", "macedon", b_x, *b, type_id=b_type)),
                     links=(Link(GRAPPLE, "A", "B", ("A",)),))


Ran = tuple[GameState, tuple[Event, ...], list[tuple[str, int]]]


def run(state: GameState, values: list[int], source: tuple[str, str], target: tuple[str, str],
        side: str = "rhodes", **orders: int | None) -> Ran:
    dice = ForcedDice(values=values, largest_die=20)
    after, events = fight(state, side, *source, *target, dice, **orders)  # type: ignore[arg-type]
    dice.finish()
    return after, events, [(roll.purpose, roll.sides) for roll in dice.log]


def test_die_scale_grades_and_shifts_held_d3_to_d20() -> None:
    picked, experienced, poor = marine("B", grade="picked"), marine("B"), marine("B", grade="poor")
    assert [die_size(element, 0) for element in (picked, experienced, poor)] == [10, 8, 6]
    assert die_size(picked, 2) == 16 and die_size(picked, 3) == 20 and die_size(picked, 9) == 20
    assert die_size(poor, -1) == 4 and die_size(poor, -2) == 3 and die_size(poor, -5) == 3


def test_matching_highest_first_lower_loses_ties_across_cost_the_attacker() -> None:
    # Attacker 3, 8 against 5, 5: sorted 8, 3 and 5, 5 -> 8 beats 5 (defender 0 lost), 3 loses to
    # 5 (attacker 0, the one that rolled 3).
    assert matched([3, 8], [5, 5], across=False) == ({0}, {0})
    assert matched([4], [4, 2], across=False) == (set(), set())
    assert matched([4], [4, 2], across=True) == ({0}, set())
    assert matched([6, 6], [2], across=False) == (set(), {0})  # equal dice: the earlier first


def test_area_heights_towers_two_higher() -> None:
    quin = ship("Q", "macedon", 9.35, type_id="quinquereme", towers=("T1",))
    assert area_height(quin, "B") == 4 and area_height(quin, "T1") == 6


def test_adjacency_on_one_ship_and_across_the_grapple_only() -> None:
    state = pair((), ())
    a, b = state.require("A"), state.require("B")
    assert adjacent(state, a, "B", a, "M") and not adjacent(state, a, "B", a, "S")
    assert adjacent(state, a, "B", b, "B") and not adjacent(state, a, "B", b, "M")
    unlinked = replace(state, links=())
    assert not adjacent(unlinked, a, "B", b, "B")
    assert adjacent_areas(state, a, "M") == (("A", "B"), ("A", "S"), ("B", "M"))


def test_factors_each_one_step() -> None:
    # A's unshielded, unarmoured marine against B's shooter: + marines against shooters only;
    # the shooter is neither shielded nor armoured either, so no kit factor for anyone.
    state = pair((marine("B", armoured=False, shielded=False),), (shooter("B", "macedon", "B"),))
    a, b = state.require("A"), state.require("B")
    found = factors(state, a.elements[0], a, "B", [b.elements[0]], b, "B")
    assert found == (("marines against shooters", 1),)
    # A kitted marine against the shooter: + shielded, + armoured, + marines against shooters.
    kitted = pair((marine("B"),), (shooter("B", "macedon", "B"),))
    a, b = kitted.require("A"), kitted.require("B")
    found = factors(kitted, a.elements[0], a, "B", [b.elements[0]], b, "B")
    assert [value for _, value in found] == [1, 1, 1]
    # The shooter: lower against nothing, no factor at all.
    assert factors(kitted, b.elements[0], b, "B", [a.elements[0]], a, "B") == ()


def test_factors_flagship_crew_higher_area_and_two_fronts() -> None:
    # A (flagship) beside a quinquereme B (height 4 > 2): A's marine in M faces B's M, and B has
    # enemies (rhodes marines) ... here A's M is adjacent to its own B holding a macedon boarder
    # and to B's M holding macedon marines: two areas with enemies -> −1.
    state = pair((marine("M"), marine("B", "macedon", "B")), (marine("M", "macedon", "B"),),
                 b_type="quinquereme", b_x=9.35, flagship="fleet")
    a, b = state.require("A"), state.require("B")
    found = dict(factors(state, a.elements[0], a, "M", [b.elements[0]], b, "M"))
    assert found == {"lower area": -1, "flagship crew": 1, "enemies on two fronts": -1}
    assert dict(factors(state, b.elements[0], b, "M", [a.elements[0]], a, "M")) == {"higher area": 1}


def test_fight_across_defender_lost_then_survivors_enter() -> None:
    # A's B: 2 Picked marines (d10 each, no factor) against B's B: 1 Experienced (d8).
    # Dice 7, 3 | 5: 7 beats 5, the defender goes; B's B is cleared; both enter (capacity 2).
    state = pair((marine("B", grade="picked"), marine("B", grade="picked")), (marine("B", "macedon", "B"),))
    after, events, log = run(state, [7, 3, 5], ("A", "B"), ("B", "B"))
    assert log == [("fight A.B 1", 10), ("fight A.B 2", 10), ("fight B.B 1", 8)]
    assert [found.kind for found in events] == ["fight", "eliminated", "enter"]
    assert (events[0]["attacker_dice"], events[0]["defender_dice"]) == ((7, 3), (5,))
    assert count(after.require("B"), "B", "rhodes") == 2 and count(after.require("A"), "B") == 0
    assert events[2]["count"] == 2


def test_enter_n_and_capacity() -> None:
    state = pair((marine("B", grade="picked"), marine("B", grade="picked")), (marine("B", "macedon", "B"),))
    after, events, _ = run(state, [7, 3, 5], ("A", "B"), ("B", "B"), enter=1)
    assert count(after.require("B"), "B", "rhodes") == 1 and count(after.require("A"), "B", "rhodes") == 1


def test_tie_across_ships_eliminates_the_attacker() -> None:
    state = pair((marine("B"),), (marine("B", "macedon", "B"),))
    after, events, log = run(state, [5, 5], ("A", "B"), ("B", "B"))
    assert len(log) == 2 and events[0]["attacker_lost"] == 1 and events[0]["defender_lost"] == 0
    assert count(after.require("A"), "B") == 0 and count(after.require("B"), "B") == 1


def test_along_one_ship_ties_nobody_frontage_two_and_throw_cap_twenty() -> None:
    # Rhodes' 3 marines in A's M attack macedon's boarder in A's B. Trireme frontage 2: two
    # attacker dice a throw. Rhodes' M is adjacent to B (the boarder) only: no factor; d8s. The
    # boarder: d8. 20 throws of 4, 4 | 4, all ties along one ship: nobody lost; 60 dice.
    state = pair((marine("M"), marine("M"), marine("M"), marine("B", "macedon", "B")), ())
    after, events, log = run(state, [4] * 60, ("A", "M"), ("A", "B"))
    assert len(events) == 20 and events[-1]["throw"] == 20
    assert log[:3] == [("fight A.M 1", 8), ("fight A.M 2", 8), ("fight A.B 1", 8)]
    assert after.require("A").elements == state.require("A").elements


def test_until_loss_stops_the_attack() -> None:
    # Along one ship: 2 rhodes marines (frontage 2) against one boarder: 2, 3 | 6: 6 beats 3,
    # the attacker that rolled 3 goes; UNTIL LOSS 1 ends it after one throw.
    state = pair((marine("M"), marine("M"), marine("B", "macedon", "B")), ())
    after, events, log = run(state, [2, 3, 6], ("A", "M"), ("A", "B"), until_loss=1)
    assert len(log) == 3 and events[0]["attacker_lost"] == 1
    assert count(after.require("A"), "M", "rhodes") == 1


def test_corvus_adjacency_only_the_users_b_to_the_area_holding_i() -> None:
    # A at (9.54, 6) heading 20: its starboard bow quarter touches B's port beam with I at about
    # (9.845, 6.43), in B's bow section ([6.2, 6.6]): A's B is adjacent to B's B, nothing else.
    a = replace(new_ship("A", "trireme", "rhodes", 9.54, 6.0, 20.0), corvus=True)
    b = new_ship("B", "trireme", "macedon", 10.0, 6.0, 0.0)
    state = GameState(ships=(a, b), links=(Link("corvus", "A", "B"),))
    pairs = [(mine, theirs) for mine in "BMS" for theirs in "BMS" if adjacent(state, a, mine, b, theirs)]
    assert pairs == [("B", "B")]
    assert adjacent(state, b, "B", a, "B")
