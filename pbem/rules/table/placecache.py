"""Caches kept per place: what a ruleset works out again and again for a ship standing where it
stands (its placed polygons, an arc seen from there) within one phase.

`per_place(maxsize)` is `functools.lru_cache` that also registers the cache, so that
`forget_places()` can empty every such cache at once: the benchmarks do so before each timed
run, so that a repeated position is not measured with the answers of the run before it. A place
cache's keys must keep the sign of a zero apart (a -0.0 and a 0.0 would share an entry), by
`float.hex` or by not caching at zero, so that what is kept never changes a result.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

Function = TypeVar("Function", bound=Callable[..., Any])

_KEPT: list[Any] = []


def per_place(maxsize: int) -> Callable[[Function], Function]:
    """lru_cache(maxsize) registered for `forget_places`."""
    def wrap(function: Function) -> Function:
        cached = lru_cache(maxsize=maxsize)(function)
        _KEPT.append(cached)
        return cached  # type: ignore[return-value]
    return wrap


def forget_places() -> int:
    """Empty every cache made by `per_place`; how many caches there were."""
    for cached in _KEPT:
        cached.cache_clear()
    return len(_KEPT)


def places_kept() -> int:
    """How many answers the place caches hold now, all together."""
    return sum(cached.cache_info().currsize for cached in _KEPT)
