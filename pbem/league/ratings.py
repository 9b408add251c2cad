"""Ratings across seasons: openskill's Plackett-Luce model (a maintained Weng-Lin rating
library), two players a game. A rating is a mean and its uncertainty; a new player starts
at the model's default. Pure: no I/O, no clock; the host stores every step."""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

# Ranks given to openskill for a played result (1 is the better place); forfeits and byes
# are not games played and move no rating.
_RANKS = {"first": [1, 2], "second": [2, 1], "draw": [1, 1]}


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """What the table prints: the mean, to one decimal."""
        return round(self.mu, 1)


def _model() -> PlackettLuce:
    return PlackettLuce()


def initial() -> Rating:
    start = _model().rating()
    return Rating(start.mu, start.sigma)


def rated(result: str) -> bool:
    """Whether a result moves the players' ratings (a played game, not a forfeit or bye)."""
    return result in _RANKS


def rate(first: Rating, second: Rating, result: str) -> tuple[Rating, Rating]:
    """Both players' ratings after a game of `first` against `second` with `result`."""
    if not rated(result):
        raise ValueError(f"a {result!r} result moves no rating")
    model = _model()
    [[a], [b]] = model.rate([[model.rating(mu=first.mu, sigma=first.sigma)],
                             [model.rating(mu=second.mu, sigma=second.sigma)]],
                            ranks=list(_RANKS[result]))
    return Rating(a.mu, a.sigma), Rating(b.mu, b.sigma)
