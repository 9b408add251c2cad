"""The place caches (pbem.rules.table.placecache): kept answers are the function's own, and
`forget_places` empties every registered cache (the benchmarks run each repeat cold)."""

from __future__ import annotations

from pbem.rules.table.placecache import forget_places, per_place, places_kept

calls: list[tuple[float, float]] = []


@per_place(4)
def _far(x: float, y: float) -> float:
    calls.append((x, y))
    return x * x + y * y


def test_an_answer_is_kept_until_the_places_are_forgotten() -> None:
    forget_places()
    calls.clear()
    assert _far(3.0, 4.0) == 25.0 and _far(3.0, 4.0) == 25.0
    assert calls == [(3.0, 4.0)] and places_kept() >= 1
    assert forget_places() >= 1  # this cache and the rulesets' own
    assert places_kept() == 0
    assert _far(3.0, 4.0) == 25.0 and calls == [(3.0, 4.0), (3.0, 4.0)]


def test_the_rulesets_place_caches_are_registered() -> None:
    from pbem.rules.woodenwalls import benchmark, sightings  # noqa: F401  (registers them)

    forget_places()
    state = benchmark.leg_a(4)
    ship, other = state.ships[0], state.ships[-1]
    sightings.arc_side(ship, "B", other)
    assert places_kept() > 0
    forget_places()
    assert places_kept() == 0
