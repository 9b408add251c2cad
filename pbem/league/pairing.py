"""Pairing engines: round-robin by the circle method, and Swiss by score groups.

Both are deterministic: the same players in the same order (and, for Swiss, the same games)
give the same rounds. Every pairing carries a sentence saying why it was made."""

from __future__ import annotations

from collections.abc import Sequence

from pbem.league.model import STANDARD_POINTS, Entrant, Game, Pairing, PointsRule, Round
from pbem.league.swiss import swiss as _swiss


def round_robin(players: Sequence[str], double: bool = False) -> tuple[Round, ...]:
    """Every pair meets once (twice with `double`, once on each side) by the circle method:
    the first player stays put while the others turn one place a round. With an odd number
    one player a round sits out (a bye), each exactly once a cycle."""
    names = list(players)
    if len(set(names)) != len(names):
        raise ValueError("a player is listed twice: each player enters a round-robin once")
    if len(names) < 2:
        raise ValueError("a round-robin needs at least two players")
    # with an odd number the bye is the fixed point of the circle: everyone else turns round it
    circle: list[str | None] = [None, *names] if len(names) % 2 else list(names)
    size = len(circle)
    cycle: list[list[tuple[str | None, str | None]]] = []
    for turn in range(size - 1):
        tables = []
        for board in range(size // 2):
            home, away = circle[board], circle[size - 1 - board]
            # alternate the sides turn by turn so that nobody keeps one side for long
            if turn % 2:
                home, away = away, home
            tables.append((home, away))
        cycle.append(tables)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    rounds = []
    halves = [False, True] if double else [False]
    for half, swapped in enumerate(halves):
        for turn, tables in enumerate(cycle):
            number = half * len(cycle) + turn + 1
            pairings = []
            for home, away in tables:
                if swapped:
                    home, away = away, home
                why = f"round-robin (circle method), round {number}"
                if home is None or away is None:
                    sitter = home if away is None else away
                    assert sitter is not None
                    pairings.append(Pairing(sitter, None, f"{why}: the odd one out sits out (bye)"))
                else:
                    pairings.append(Pairing(home, away,
                                            f"{why}" + (": the return game, sides swapped"
                                                        if swapped else "")))
            pairings.sort(key=lambda pairing: pairing.second is None)  # byes last
            rounds.append(Round(number, tuple(pairings)))
    return tuple(rounds)


def swiss(entrants: Sequence[Entrant], games: Sequence[Game], round_number: int,
          rule: PointsRule = STANDARD_POINTS) -> Round:
    """Round `round_number` of a Swiss season from the games of the rounds before it: score
    groups, no rematch, fair byes, sides balanced (the rules in pbem/league/swiss.py)."""
    return _swiss(entrants, games, round_number, rule)
