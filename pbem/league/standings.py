"""The season table: points, then tie-breaks, best first.

Definitions (all computed from games that are over; a game with result None counts for
nothing yet, a bye counts whatever its result field says):

- points: a win (forfeit wins included) scores `rule.win`, a draw `rule.draw`, a loss
  `rule.loss`, a forfeited game `rule.forfeit` for the player who forfeited (both players in
  a double forfeit), a bye `rule.bye`.
- played = won + drawn + lost; a forfeit is counted in `lost` and also in `forfeits`. A bye
  is not a game played (it has its own column).
- Buchholz: the sum of the final points of every opponent met in a game that is over,
  forfeited games included. A bye adds nothing: there was no opponent.
- Sonneborn-Berger: the sum of the points of every opponent beaten plus half the points of
  every opponent drawn with (forfeit wins count as wins; byes add nothing).
- head-to-head: among players level on points, Buchholz and Sonneborn-Berger, the points
  each scored in the games between them (a mini-table of that group); 0 for a player level
  with nobody.
- then the name, alphabetically, so that the order is total and deterministic.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pbem.league.model import STANDARD_POINTS, Entrant, Game, PointsRule

# what one player made of one game
WIN, DRAW, LOSS, FORFEIT, BYE = "win", "draw", "loss", "forfeit", "bye"


@dataclass(frozen=True)
class Row:
    player: str
    played: int
    won: int
    drawn: int
    lost: int
    forfeits: int
    byes: int
    points: float
    tiebreaks: tuple[float, ...]  # (Buchholz, Sonneborn-Berger, head-to-head)


def outcomes(game: Game) -> Iterator[tuple[str, str | None, str]]:
    """(player, opponent, outcome) for each player of a game that is over; a bye always."""
    if game.second is None:
        yield game.first, None, BYE
        return
    first_outcome, second_outcome = {
        "first": (WIN, LOSS), "second": (LOSS, WIN), "draw": (DRAW, DRAW),
        "forfeit_first": (FORFEIT, WIN), "forfeit_second": (WIN, FORFEIT),
        "double_forfeit": (FORFEIT, FORFEIT),
    }.get(game.result or "", ("", ""))
    if first_outcome:
        yield game.first, game.second, first_outcome
        yield game.second, game.first, second_outcome


def score(outcome: str, rule: PointsRule) -> float:
    return {WIN: rule.win, DRAW: rule.draw, LOSS: rule.loss, FORFEIT: rule.forfeit,
            BYE: rule.bye}[outcome]


def points(games: Sequence[Game], rule: PointsRule = STANDARD_POINTS) -> dict[str, float]:
    """Each player's points from the games given (players with no result yet are absent)."""
    totals: dict[str, float] = defaultdict(float)
    for game in games:
        for player, _, outcome in outcomes(game):
            totals[player] += score(outcome, rule)
    return dict(totals)


def table(entrants: Sequence[Entrant], games: Sequence[Game],
          rule: PointsRule = STANDARD_POINTS) -> tuple[Row, ...]:
    """One row per entrant (dropped ones too: their games stand), best first."""
    totals = points(games, rule)
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    buchholz: dict[str, float] = defaultdict(float)
    sonneborn: dict[str, float] = defaultdict(float)
    met: dict[str, list[tuple[str, float]]] = defaultdict(list)  # opponent, points scored
    for game in games:
        for player, opponent, outcome in outcomes(game):
            counts[player][outcome] += 1
            if opponent is None:
                continue
            against = totals.get(opponent, 0.0)
            buchholz[player] += against
            if outcome == WIN:
                sonneborn[player] += against
            elif outcome == DRAW:
                sonneborn[player] += against / 2
            met[player].append((opponent, score(outcome, rule)))
    names = [entrant.player for entrant in entrants]
    level: dict[tuple[float, float, float], list[str]] = defaultdict(list)
    for name in names:
        level[(totals.get(name, 0.0), buchholz[name], sonneborn[name])].append(name)
    head_to_head: dict[str, float] = defaultdict(float)
    for group in level.values():
        if len(group) < 2:
            continue
        members = set(group)
        for name in group:
            head_to_head[name] = sum(scored for opponent, scored in met[name] if opponent in members)
    rows = []
    for name in names:
        tally = counts[name]
        won, drawn = tally[WIN], tally[DRAW]
        lost, forfeits = tally[LOSS] + tally[FORFEIT], tally[FORFEIT]
        rows.append(Row(player=name, played=won + drawn + lost, won=won, drawn=drawn, lost=lost,
                        forfeits=forfeits, byes=tally[BYE], points=totals.get(name, 0.0),
                        tiebreaks=(buchholz[name], sonneborn[name], head_to_head[name])))
    rows.sort(key=lambda row: (-row.points, *(-value for value in row.tiebreaks), row.player))
    return tuple(rows)
