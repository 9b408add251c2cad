"""The order template's comments tell the truth (issue 12 §2): what a galley grappled with
its own prize may do, and which enemies it can really reach this phase."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.interface import PhaseSpec
from pbem.rules.ramspeed import hexes, phases
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.hexes import parse_label
from pbem.rules.ramspeed.hints import order_hints, within_reach
from pbem.rules.ramspeed.orders import MovementOrder, Step
from pbem.rules.ramspeed.sampling import legal, random_fleet_state
from pbem.rules.ramspeed.state import Galley, GameState
from pbem.rules.ramspeed.tables import default_tables


def test_a_galley_grappled_only_with_its_prize_casts_off_freely() -> None:
    """A prize is friendly to its captor (rulings §9): the grapple parts without a roll and
    the galley keeps its full MA (10.0 halves it only after an enemy ungrapple)."""
    state = GameState(galleys=(
        Galley("A", "blue", "trireme", bow=parse_label("0807"), facing=0,
               grappled_with=frozenset({"P"})),
        Galley("P", "red", "bireme", bow=parse_label("0806"), facing=0, controller="blue",
               grappled_with=frozenset({"A"})),
        Galley("X", "red", "bireme", bow=parse_label("2010"), facing=3)))
    notes = order_hints(state, "blue", "movement")
    assert ("grappled only with friendly P (your prize): UNGRAPPLE casts off without a roll, "
            "then the full MA (DOUBLE and TRIPLE allowed); with no UNGRAPPLE it stays "
            "grappled and does not move (10.0)") in notes["A"]
    assert not any("half MA" in note for note in notes["A"])
    # and the rules agree: the full MA, at double speed too
    sheet, _ = phases.check(state, PhaseSpec("movement", "blue"),
                            "A: UNGRAPPLE F F F\nP: STAY")
    assert [r.status for r in sheet.lines] == ["accepted", "accepted"]
    sheet, _ = phases.check(state, PhaseSpec("movement", "blue"), "A: DOUBLE UNGRAPPLE F6")
    assert sheet.lines[0].status == "accepted"


def test_reach_is_what_the_galley_can_do_this_phase() -> None:
    """A trireme (MA 3) facing east: an enemy 7 hexes away ahead and aside is reached only at
    double speed, one 9 ahead only at triple, one 5 astern not at all (reverse costs 2)."""
    state = GameState(galleys=(
        Galley("A", "blue", "trireme", bow=parse_label("1007"), facing=0),
        Galley("AHEAD", "red", "bireme", bow=parse_label("1710"), facing=0),
        Galley("ASTERN", "red", "bireme", bow=parse_label("0307"), facing=0),
        Galley("FAR", "red", "bireme", bow=parse_label("2107"), facing=0)))
    board = Board(state)
    a = board.galley("A")
    assert a is not None
    found = within_reach(board, a, default_tables())
    assert [(gid, speed) for _, gid, speed in found] == [("AHEAD", 2), ("FAR", 3)]
    note = order_hints(state, "blue", "movement")["A"][-2]
    assert note == ("enemies within reach this phase (hexes now): AHEAD at 7 (DOUBLE), "
                    "FAR at 9 (TRIPLE)")
    used = replace(a, double_used=3, triple_used=True)
    assert within_reach(board, used, default_tables()) == []


def _reached_by_the_checker(board: Board, key: str) -> set[tuple[hexes.Hex, ...]]:
    """Every footprint some accepted order of single-speed steps puts the galley on."""
    galley = board.galleys[key]
    ungrapple = ("",) if galley.grappled_with else ()
    seen = set()
    todo = [MovementOrder(galley.id, ungrapple=ungrapple)]
    while todo:
        order = todo.pop()
        after = legal(board, order)
        if after is None or after.galleys[key].status != "afloat":
            continue
        footprint = after.hexes_of(key)
        seen.add(footprint)
        if len(order.steps) < 6:
            todo += [replace(order, steps=(*order.steps, Step(kind)))
                     for kind in ("F", "SP", "SS", "P", "S", "R")]
    return seen


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(4, 10))
def test_reach_agrees_with_the_movement_checker(seed: int, size: int) -> None:
    """At single speed, the enemies listed are exactly those some order the judge accepts
    brings next to the galley (a search of every order of up to six steps)."""
    rng = random.Random(seed)
    state = random_fleet_state(rng, size, 12, 9)
    state = replace(state, galleys=tuple(
        replace(g, double_used=3, triple_used=True, drifting=False) for g in state.galleys))
    board = Board(state)
    tables = default_tables()
    for galley in state.galleys:
        if galley.owner != "blue" or galley.must_drift(tables):
            continue  # a drifting galley's reach is its drift, not a search of orders (below)
        footprints = _reached_by_the_checker(board, galley.id.upper())
        expected = sorted(
            other.id for other in state.galleys if other.owner != "blue"
            and any(hexes.galley_distance(f, other.hexes()) <= 1 for f in footprints))
        listed = sorted(gid for _, gid, _ in within_reach(board, galley, tables))
        assert listed == expected, galley.id


def test_a_galley_adrift_reaches_what_it_touches_and_what_its_drift_brings_it_to() -> None:
    """Oars gone (13.2): it moves one hex ahead by itself and may still grapple, so an enemy
    beside it now or beside its drift hex is in reach, one two hexes further is not (found
    by the property test above with a random fleet: seed 21010)."""
    tables = default_tables()
    drift = tables.galleys["penteconter"].drift
    state = GameState(galleys=(
        Galley("A", "blue", "penteconter", bow=parse_label("1007"), facing=0,
               rowing_damage=drift),
        Galley("BESIDE", "red", "bireme", bow=parse_label("1006"), facing=0),
        Galley("AHEAD", "red", "bireme", bow=parse_label("1407"), facing=0),
        Galley("BEYOND", "red", "bireme", bow=parse_label("1707"), facing=0)))
    board = Board(state)
    a = board.galley("A")
    assert a is not None and a.must_drift(tables)
    found = within_reach(board, a, tables)
    assert [gid for _, gid, _ in found] == ["BESIDE", "AHEAD"]
