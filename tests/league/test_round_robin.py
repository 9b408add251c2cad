"""Round-robin by the circle method: every pair meets exactly once (twice, once each way,
in a double round-robin), nobody plays twice in a round, one bye a round with an odd number."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.league.pairing import round_robin

players = st.integers(min_value=2, max_value=40).map(lambda n: [f"p{i:02d}" for i in range(n)])


@settings(max_examples=40, deadline=None)
@given(players, st.booleans())
def test_every_pair_meets_exactly_once_and_byes_once_a_cycle(names: list[str], double: bool) -> None:
    rounds = round_robin(names, double=double)
    n = len(names)
    per_cycle = n - 1 if n % 2 == 0 else n
    assert [r.number for r in rounds] == list(range(1, per_cycle * (2 if double else 1) + 1))
    meetings: Counter[tuple[str, str]] = Counter()
    for cycle in range(2 if double else 1):
        byes: Counter[str] = Counter()
        for r in rounds[cycle * per_cycle:(cycle + 1) * per_cycle]:
            seated = [p.first for p in r.pairings] + [p.second for p in r.pairings if p.second]
            assert sorted(seated) == sorted(names), f"round {r.number} seats everyone once"
            assert len(r.byes) == n % 2
            byes.update(r.byes)
            for pairing in r.games:
                assert pairing.second is not None
                meetings[(pairing.first, pairing.second)] += 1
                assert f"round-robin (circle method), round {r.number}" in pairing.why
        assert all(count <= 1 for count in byes.values())
        assert sum(byes.values()) == n % 2 * per_cycle
    for a, b in combinations(names, 2):
        if double:
            assert meetings[(a, b)] == 1 and meetings[(b, a)] == 1, (a, b)
        else:
            assert meetings[(a, b)] + meetings[(b, a)] == 1, (a, b)


def test_the_same_order_gives_the_same_rounds_and_another_order_may_not() -> None:
    names = ["Ann", "Bea", "Cyd", "Dov", "Eli", "Fay"]
    assert round_robin(names) == round_robin(list(names))
    assert round_robin(names) != round_robin(list(reversed(names)))


def test_the_return_games_swap_sides() -> None:
    rounds = round_robin(["Ann", "Bea", "Cyd"], double=True)
    first_half = {(p.first, p.second) for r in rounds[:3] for p in r.games}
    second_half = {(p.second, p.first) for r in rounds[3:] for p in r.games}
    assert first_half == second_half
    assert "sides swapped" in rounds[3].games[0].why


@pytest.mark.parametrize("n", range(5, 41))
def test_sides_alternate_nobody_has_a_side_three_times_running(n: int) -> None:
    names = [f"p{i:02d}" for i in range(n)]
    sides: dict[str, list[str]] = {name: [] for name in names}
    for r in round_robin(names):
        for pairing in r.games:
            assert pairing.second is not None
            sides[pairing.first].append("F")
            sides[pairing.second].append("S")
    for name, played in sides.items():
        assert "FFF" not in "".join(played) and "SSS" not in "".join(played), (name, played)
        assert abs(played.count("F") - played.count("S")) <= 3, (name, played)


@pytest.mark.parametrize("names", [[], ["Ann"], ["Ann", "Ann"]])
def test_too_few_or_repeated_players_are_refused_in_a_sentence(names: list[str]) -> None:
    with pytest.raises(ValueError, match="round-robin"):
        round_robin(names)
