"""The league's plain data: who plays, what was played, what is paired, how points count."""

from __future__ import annotations

from dataclasses import dataclass

# Game.result values: who won, or who forfeited (the other side wins).
RESULTS = ("first", "second", "draw", "forfeit_first", "forfeit_second", "double_forfeit")


@dataclass(frozen=True)
class Entrant:
    """A player in a season; `active` False once dropped (no longer paired)."""

    player: str
    rating: float = 0.0
    active: bool = True


@dataclass(frozen=True)
class Game:
    """One game of a round. `first` plays the scenario's first side; `second` None is a bye
    for `first`. `result` is one of RESULTS, or None while the game is not over."""

    round: int
    first: str
    second: str | None
    result: str | None

    def __post_init__(self) -> None:
        if self.result is not None and self.result not in RESULTS:
            raise ValueError(f"{self.result!r} is not a game result: use one of {', '.join(RESULTS)}")
        if self.second is not None and self.second == self.first:
            raise ValueError(f"{self.first} cannot play against themselves in round {self.round}")


@dataclass(frozen=True)
class Pairing:
    """Who plays whom and on which side (`first` takes the first side); `second` None is a
    bye. `why` explains the choice in plain words."""

    first: str
    second: str | None
    why: str


@dataclass(frozen=True)
class Round:
    number: int
    pairings: tuple[Pairing, ...]

    @property
    def byes(self) -> tuple[str, ...]:
        return tuple(pairing.first for pairing in self.pairings if pairing.second is None)

    @property
    def games(self) -> tuple[Pairing, ...]:
        """The pairings that are real games (byes left out)."""
        return tuple(pairing for pairing in self.pairings if pairing.second is not None)


@dataclass(frozen=True)
class PointsRule:
    """Points for each outcome; a forfeit is what the forfeiting player scores."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    forfeit: float = 0.0
    bye: float = 1.0


# the club's usual scoring (win 1, draw ½, loss and forfeit 0, bye 1): the default everywhere
STANDARD_POINTS = PointsRule()
