"""Locked pairs (rulings §13.1), fronts and bulwark control (§13.2, §10.3) and areas held by
enemies (§14.2), on two or three triremes side by side (centres 1" apart, beam 1: touching)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.speedband import fronts
from pbem.rules.speedband.state import (
    CORVUS,
    LINE,
    Front,
    GameState,
    Player,
    TurnRecord,
    new_ship,
)
from pbem.rules.speedband.switches import Options


def position(*, gap: float = 0.0, links: tuple[tuple[str, str, str], ...] = (),
             front_values: tuple[tuple[str, str, int], ...] = (), third: bool = False,
             **state_changes: object) -> GameState:
    ships = [new_ship("R1", "A", "trireme", "romans", 20, 10, 0),
             new_ship("C1", "B", "trireme", "carthaginians", 21 + gap, 10, 0)]
    if third:
        ships.append(new_ship("C2", "C", "trireme", "carthaginians", 19, 10, 0))
    state = GameState(tuple(ships), (Player("romans", "romans"),
                                     Player("carthaginians", "carthaginians")), Options())
    for thrower, other, kind in links:
        state = state.with_link(thrower, other, kind)
    state = replace(state, fronts=tuple(Front(a, b, v) for a, b, v in front_values))
    return replace(state, **state_changes)  # type: ignore[arg-type]


def test_a_line_or_a_corvus_locks_a_pair() -> None:
    assert fronts.locked_by(position(links=(("C1", "R1", LINE),)), "R1", "C1") == "line"
    assert fronts.locked_by(position(links=(("R1", "C1", CORVUS),)), "C1", "R1") == "corvus"
    assert fronts.locked_pairs(position(links=(("C1", "R1", LINE),))) == (("R1", "C1"),)


def test_touching_alone_does_not_lock() -> None:
    state = position()
    assert not fronts.locked(state, "R1", "C1")
    assert fronts.locked_pairs(state) == ()


def test_ram_locked_this_turn_locks() -> None:
    state = position(gap=5.0, record=TurnRecord(ram_locked=(("R1", "C1"),)))
    assert fronts.locked_by(state, "C1", "R1") == "ram"


def test_contact_and_a_melee_last_turn_lock_but_not_apart() -> None:
    assert fronts.locked_by(position(fought_last_turn=(("R1", "C1"),)), "R1", "C1") == "contact"
    # 0.1" apart is still contact (c = 0.1); 0.2" is not
    assert fronts.locked(position(gap=0.1, fought_last_turn=(("R1", "C1"),)), "R1", "C1")
    assert not fronts.locked(position(gap=0.2, fought_last_turn=(("R1", "C1"),)), "R1", "C1")


def test_prizes_and_friends_are_never_locked() -> None:
    state = position(links=(("R1", "C1", LINE),))
    prize = state.with_ship(replace(state.require("C1"), status="captured", controller="romans"))
    assert not fronts.locked(prize, "R1", "C1")
    sunk = state.with_ship(replace(state.require("C1"), status="sunk"))
    assert not fronts.locked(sunk, "R1", "C1")
    fleeing = state.with_ship(replace(state.require("C1"), status="fleeing"))
    assert fronts.locked(fleeing, "R1", "C1")  # a fleeing ship can still be attacked


def test_the_front_seen_from_either_ship() -> None:
    state = position(links=(("R1", "C1", LINE),), front_values=(("R1", "C1", 2),))
    assert fronts.front(state, "R1", "C1") == 2 and fronts.front(state, "C1", "R1") == -2
    assert fronts.areas_held(state, "R1", "C1") == 2 and fronts.areas_held(state, "C1", "R1") == 0
    assert fronts.held_areas(state, "R1", "C1") == ("bulwark", "first half of deck")
    assert fronts.areas_held_by_enemies(state, "C1") == 2
    assert fronts.areas_held_by_enemies(state, "R1") == 0


def test_bulwark_control_from_the_front() -> None:
    linked = (("R1", "C1", LINE),)
    level = position(links=linked, front_values=(("R1", "C1", 0),))
    assert fronts.holds_own_bulwark(level, "R1") and fronts.holds_own_bulwark(level, "C1")
    assert not fronts.holds_both_bulwarks(level, "R1", "C1")
    assert not fronts.holds_both_bulwarks(level, "C1", "R1")
    ahead = position(links=linked, front_values=(("R1", "C1", 1),))
    assert fronts.holds_both_bulwarks(ahead, "R1", "C1")
    assert not fronts.holds_own_bulwark(ahead, "C1")
    behind = position(links=linked, front_values=(("R1", "C1", -1),))
    assert not fronts.holds_own_bulwark(behind, "R1")
    assert fronts.holds_both_bulwarks(behind, "C1", "R1")
    # no front at all: each holds its own bulwark only
    bare = position(links=linked)
    assert fronts.holds_own_bulwark(bare, "R1") and not fronts.holds_both_bulwarks(bare, "R1", "C1")


def test_several_pairs_own_bulwark_lost_in_any_of_them() -> None:
    # R1 holds C1's bulwark (+1) but C2 holds R1's (front (R1, C2) = -1)
    state = position(third=True, links=(("R1", "C1", LINE), ("R1", "C2", LINE)),
                     front_values=(("R1", "C1", 1), ("R1", "C2", -1)))
    assert not fronts.holds_own_bulwark(state, "R1")
    assert not fronts.holds_both_bulwarks(state, "R1", "C1")
    assert fronts.areas_held_by_enemies(state, "R1") == 1
    both = position(third=True, links=(("R1", "C1", LINE), ("R1", "C2", LINE)),
                    front_values=(("R1", "C1", -2), ("R1", "C2", -1)))
    assert fronts.areas_held_by_enemies(both, "R1") == 3


def test_a_front_no_longer_locked_counts_nothing_and_is_pruned() -> None:
    state = position(gap=3.0, front_values=(("R1", "C1", -2),))
    assert fronts.front(state, "R1", "C1") == 0
    assert fronts.holds_own_bulwark(state, "R1")
    assert fronts.areas_held_by_enemies(state, "R1") == 0
    pruned, events = fronts.prune(state)
    assert pruned.fronts == ()
    assert [e.as_dict() for e in events] == [
        {"kind": "front_forgotten", "first": "R1", "second": "C1", "value": -2}]
    kept = position(links=(("R1", "C1", LINE),), front_values=(("R1", "C1", -2),))
    assert fronts.prune(kept) == (kept, ())


def test_with_front_keeps_the_scenario_orientation() -> None:
    state = position(links=(("R1", "C1", LINE),))
    state = fronts.with_front(state, "C1", "R1", 3)   # C1 holds three of R1's areas
    assert state.fronts == (Front("R1", "C1", -3),)
    state = fronts.with_front(state, "R1", "C1", 1)
    assert state.fronts == (Front("R1", "C1", 1),)
    assert fronts.has_front(state, "C1", "R1")
    assert fronts.without_fronts_of(state, "C1").fronts == ()
