"""Swiss pairing: score groups, top half against bottom half, no rematch, fair byes, and
sides kept so that nobody plays the same side three times running.

How a round is made, in order of what matters most:

1. Rank the active players by points, then rating, then name.
2. With an odd number, the bye goes to the lowest-ranked player who has not had one yet
   (anybody may take a second only when everyone has had one) — the lowest such player for
   whom the rest can still be paired under the constraints below.
3. Pair the rest: the highest-ranked unpaired player meets, in order of preference, the top
   of the bottom half of their score group, then the rest of the bottom half, then the top
   half from the bottom up, then (floating down) the players below in rank order. A player
   alone in their score group floats down and joins the next one as its top. The first
   pairing in that order that lets everyone be paired wins (a depth-first search; a blossom
   matching takes over when the search runs long, so the answer never depends on luck).
4. Constraints, strongest first: no rematch; nobody gets a side three times running. When
   no pairing keeps both, the second is given up; when none keeps the first, a maximum
   matching keeps as many pairs new as can be and the rest meet again (said in `why`).
   A pair paired before, whatever came of it (forfeits too), is a rematch.
5. Sides: every game paired counts (forfeits too; a bye does not break a run). A player
   who has had one side twice running gets the other; otherwise the one who has played the
   first side less takes it; otherwise each takes the side not played last;
   otherwise the higher-ranked player takes the first side on odd boards (board 1 being the
   pair with the highest-ranked player), the second on even ones.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pbem.league.matching import Matching
from pbem.league.model import STANDARD_POINTS, Entrant, Game, Pairing, PointsRule, Round
from pbem.league.standings import points

FIRST, SECOND = "first", "second"
SEARCH_LIMIT = 20_000  # candidate pairs tried before the blossom matching takes over


@dataclass(frozen=True)
class History:
    """What earlier rounds say about the players: who met whom, sides, byes, points."""

    scores: dict[str, float]
    met: frozenset[frozenset[str]]
    sides: dict[str, tuple[str, ...]]
    had_bye: frozenset[str]

    @classmethod
    def of(cls, games: Sequence[Game], rule: PointsRule) -> History:
        met: set[frozenset[str]] = set()
        sides: dict[str, list[str]] = defaultdict(list)
        byes = set()
        for game in sorted(games, key=lambda game: game.round):
            if game.second is None:
                byes.add(game.first)
                continue
            met.add(frozenset((game.first, game.second)))
            sides[game.first].append(FIRST)
            sides[game.second].append(SECOND)
        return cls(points(games, rule), frozenset(met),
                   {player: tuple(played) for player, played in sides.items()}, frozenset(byes))

    def owed(self, player: str) -> str | None:
        """The side a player must have after the same side twice running."""
        played = self.sides.get(player, ())
        if len(played) >= 2 and played[-1] == played[-2]:
            return SECOND if played[-1] == FIRST else FIRST
        return None


Allowed = Callable[[str, str], bool]


def _score_text(value: float) -> str:
    return f"{value:g} point" + ("" if value == 1 else "s")


class _Pairer:
    def __init__(self, order: list[str], history: History) -> None:
        self.order = order
        self.history = history
        self.rank = {player: place for place, player in enumerate(order)}

    def candidates(self, remaining: list[str]) -> list[str]:
        """Whom remaining[0] should meet, best first (remaining is in rank order)."""
        scores = self.history.scores
        top = remaining[0]
        group_score = scores.get(top, 0.0)
        if len(remaining) > 1 and scores.get(remaining[1], 0.0) != group_score:
            group_score = scores.get(remaining[1], 0.0)  # alone: float down into the next group
        size = 1
        while size < len(remaining) and scores.get(remaining[size], 0.0) == group_score:
            size += 1
        half = size // 2
        group = remaining[:size]
        return [*group[half:], *reversed(group[1:half]), *remaining[size:]]

    def search(self, players: list[str], allowed: Allowed) -> list[tuple[str, str]] | None:
        """The first pairing of everyone in preference order, None if there is none: a
        depth-first search (a stack, not recursion, so that big fields go as deep as they
        need) that hands over to the blossom matching after SEARCH_LIMIT tries."""
        if not players:
            return []
        pairs: list[tuple[str, str]] = []
        levels = [(players, iter(self.candidates(players)))]
        tries = 0
        while levels:
            remaining, options = levels[-1]
            top = remaining[0]
            for other in options:
                tries += 1
                if tries > SEARCH_LIMIT:
                    return self.by_matching(players, allowed)
                if allowed(top, other):
                    pairs.append((top, other))
                    rest = [player for player in remaining[1:] if player != other]
                    if not rest:
                        return pairs
                    levels.append((rest, iter(self.candidates(rest))))
                    break
            else:  # nobody left for `top` here: undo the pair that led to this level
                levels.pop()
                if levels:
                    pairs.pop()
        return None

    def graph(self, players: list[str], allowed: Allowed) -> Matching:
        neighbours: list[list[int]] = [[] for _ in players]
        for i, one in enumerate(players):
            for j in range(i + 1, len(players)):
                if allowed(one, players[j]):
                    neighbours[i].append(j)
                    neighbours[j].append(i)
        matching = Matching(neighbours)
        matching.complete()
        return matching

    def by_matching(self, players: list[str], allowed: Allowed) -> list[tuple[str, str]] | None:
        """The same pairing as the search would find, choosing each pair only if a blossom
        matching shows the others can still all be paired."""
        matching = self.graph(players, allowed)
        if not matching.perfect():
            return None
        index = {player: place for place, player in enumerate(players)}
        remaining = list(players)
        pairs = []
        while remaining:
            top = remaining[0]
            for other in self.candidates(remaining):
                if allowed(top, other) and matching.fix(index[top], index[other]):
                    pairs.append((top, other))
                    remaining = [player for player in remaining[1:] if player != other]
                    break
            else:  # cannot happen: the matching said a perfect pairing exists
                raise AssertionError(f"no partner left for {top}")
        return pairs

    def most_new_pairs(self, players: list[str], allowed: Allowed) -> list[tuple[str, str]]:
        """As many pairs without a rematch as can be; those left over meet again."""
        matching = self.graph(players, allowed)
        pairs, leftover = [], []
        for i, player in enumerate(players):
            mate = matching.mate[i]
            if mate == -1:
                leftover.append(player)
            elif i < mate:
                pairs.append((player, players[mate]))
        pairs.extend(zip(leftover[::2], leftover[1::2], strict=True))
        return pairs


def swiss(entrants: Sequence[Entrant], games: Sequence[Game], round_number: int,
          rule: PointsRule = STANDARD_POINTS) -> Round:
    """Round `round_number` of a Swiss season, from the games of the rounds before it."""
    history = History.of([game for game in games if game.round < round_number], rule)
    active = [entrant for entrant in entrants if entrant.active]
    if len({entrant.player for entrant in active}) != len(active):
        raise ValueError("a player is entered twice: each player enters a season once")
    ranked = sorted(active, key=lambda e: (-history.scores.get(e.player, 0.0), -e.rating, e.player))
    order = [entrant.player for entrant in ranked]
    pairer = _Pairer(order, history)

    def new(one: str, other: str) -> bool:
        return frozenset((one, other)) not in history.met

    def new_and_sides_kept(one: str, other: str) -> bool:
        owed = history.owed(one)
        return new(one, other) and (owed is None or owed != history.owed(other))

    if len(order) % 2:
        never = [player for player in reversed(order) if player not in history.had_bye]
        bye_takers: list[str | None] = list(never or reversed(order))
    else:
        bye_takers = [None]
    found = None
    for allowed, note in ((new_and_sides_kept, ""),
                          (new, "no pairing kept every side streak under three")):
        for bye in bye_takers:
            pairs = pairer.search([player for player in order if player != bye], allowed)
            if pairs is not None:
                found = bye, pairs, note
                break
        if found:
            break
    if found is None:
        bye = bye_takers[0]
        pairs = pairer.most_new_pairs([player for player in order if player != bye], new)
        found = bye, pairs, "no pairing without a rematch was possible"
    bye, pairs, note = found
    boards = sorted(pairs, key=lambda pair: min(pairer.rank[player] for player in pair))
    pairings = [_explain(one, other, history, pairer, board, note, bye)
                for board, (one, other) in enumerate(boards, 1)]
    if bye is not None:
        if bye in history.had_bye:
            why = "bye: everyone has had one, so the lowest-ranked player takes a second"
        else:
            why = "bye: the lowest-ranked player without one whom the others could be paired around"
        pairings.append(Pairing(bye, None, why))
    return Round(round_number, tuple(pairings))


def _explain(one: str, other: str, history: History, pairer: _Pairer, board: int,
             note: str, bye: str | None) -> Pairing:
    higher, lower = sorted((one, other), key=pairer.rank.__getitem__)
    scores = history.scores
    high_score, low_score = scores.get(higher, 0.0), scores.get(lower, 0.0)
    if high_score == low_score:
        group = [player for player in pairer.order
                 if scores.get(player, 0.0) == high_score and player != bye]
        why = (f"both on {_score_text(high_score)}: places {group.index(higher) + 1} and "
               f"{group.index(lower) + 1} of the {len(group)} in that score group")
    else:
        why = (f"{higher} floats down from {_score_text(high_score)} to "
               f"{_score_text(low_score)} to meet {lower}")
    if frozenset((one, other)) in history.met:
        why += f"; a rematch ({note})"
    first, reason = _sides(higher, lower, history, board)
    if note and "streak" in note and history.owed(higher) and history.owed(higher) == history.owed(lower):
        reason += f" ({note})"
    second = lower if first == higher else higher
    return Pairing(first, second, f"{why}; sides: {reason}")


def _sides(higher: str, lower: str, history: History, board: int) -> tuple[str, str]:
    """Who takes the first side, and why in words."""
    for player, opponent in ((higher, lower), (lower, higher)):
        owed = history.owed(player)
        if owed is not None and owed != history.owed(opponent):
            first = player if owed == FIRST else opponent
            return first, f"{player} has played the {'second' if owed == FIRST else 'first'} " \
                          "side twice running"
    owed = history.owed(higher)
    if owed is not None:  # both owed the same side: the higher-ranked gets it
        return (higher if owed == FIRST else lower), \
            f"both have played one side twice running; {higher}, ranked higher, changes"
    balance = {player: history.sides.get(player, ()).count(FIRST)
               - history.sides.get(player, ()).count(SECOND) for player in (higher, lower)}
    if balance[higher] != balance[lower]:
        first = higher if balance[higher] < balance[lower] else lower
        return first, f"{first} has played the first side less often"
    last = {player: history.sides.get(player, ())[-1:] for player in (higher, lower)}
    if last[higher] and last[higher] != last[lower]:
        first = higher if last[higher] == (SECOND,) else lower
        return first, "each takes the side they did not play last time"
    if last[higher]:
        first = higher if last[higher] == (SECOND,) else lower
        return first, f"{higher}, ranked higher, changes from the side played last time"
    odd = board % 2 == 1
    first = higher if odd else lower
    return first, (f"nothing owed either way: on board {board} the higher-ranked player takes "
                   + ("the first side (odd boards)" if odd else "the second side (even boards)"))
