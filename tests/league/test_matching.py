"""The blossom matching against brute force on small random graphs."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.league.matching import UNMATCHED, Matching


def largest_matching(size: int, edges: set[tuple[int, int]]) -> int:
    """The size of a maximum matching, by trying every set of edges from the largest down."""
    ordered = sorted(edges)
    for count in range(size // 2, 0, -1):
        for chosen in itertools.combinations(ordered, count):
            ends = [v for edge in chosen for v in edge]
            if len(set(ends)) == len(ends):
                return count
    return 0


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, set[tuple[int, int]]]:
    size = draw(st.integers(min_value=1, max_value=9))
    chance = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    density = draw(st.sampled_from([0.2, 0.4, 0.7]))
    edges = {(a, b) for a, b in itertools.combinations(range(size), 2) if chance.random() < density}
    return size, edges


def neighbours_of(size: int, edges: set[tuple[int, int]]) -> list[list[int]]:
    neighbours: list[list[int]] = [[] for _ in range(size)]
    for a, b in sorted(edges):
        neighbours[a].append(b)
        neighbours[b].append(a)
    return neighbours


@settings(max_examples=80, deadline=None)
@given(graphs())
def test_the_matching_is_maximum_and_uses_only_edges(graph: tuple[int, set[tuple[int, int]]]) -> None:
    size, edges = graph
    matching = Matching(neighbours_of(size, edges))
    matching.complete()
    pairs = {(v, m) for v, m in enumerate(matching.mate) if m != UNMATCHED and v < m}
    assert pairs <= edges
    assert all(matching.mate[m] == v for v, m in pairs)
    assert len(pairs) == largest_matching(size, edges)
    assert matching.perfect() == (2 * len(pairs) == size)


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_fixing_a_pair_keeps_a_perfect_matching_exactly_when_one_exists(
        graph: tuple[int, set[tuple[int, int]]]) -> None:
    size, edges = graph
    matching = Matching(neighbours_of(size, edges))
    matching.complete()
    if not matching.perfect():
        return
    for a, b in sorted(edges):
        rest = [v for v in range(size) if v not in (a, b)]
        rest_edges = {(x, y) for x, y in edges if x in rest and y in rest}
        possible = largest_matching(size, rest_edges) * 2 == len(rest)
        trial = Matching(neighbours_of(size, edges))
        trial.complete()
        assert trial.fix(a, b) == possible, (a, b)
        if possible:
            assert trial.perfect()
        else:
            assert trial.mate == matching.mate and not any(trial.removed)


def test_the_greedy_start_is_repaired_by_an_augmenting_path() -> None:
    # greedy takes 0-1 and 2-3 and leaves 4 and 5 exposed; the path 4-0=1-2=3-5 fixes it
    edges = {(0, 1), (1, 2), (0, 2), (2, 3), (0, 4), (3, 5)}
    matching = Matching(neighbours_of(6, edges))
    assert matching.mate[4] == UNMATCHED
    matching.complete()
    assert matching.perfect()
    assert (matching.mate[4], matching.mate[5]) == (0, 3)


def test_an_odd_cycle_is_shrunk_to_reach_the_far_side() -> None:
    # 0 exposed; 1=2 and 3=4 matched; the search from 0 meets the five-cycle 0-1-2-3-4-0 (2 and
    # 3 both outer) and shrinks it to its base 0 before it reaches the exposed 5: 0-4=3-5
    matching = Matching(neighbours_of(6, {(0, 1), (1, 2), (2, 3), (3, 4), (0, 4), (3, 5)}))
    matching.mate = [UNMATCHED, 2, 1, 4, 3, UNMATCHED]
    assert matching.augment(0)
    assert matching.perfect()
