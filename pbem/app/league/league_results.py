"""The league's results: taken from its games as they end (a victory, the game master's
declared result, the victory count at the turn limit, a forfeit for orders missed past the grace
twice), each moving the two players' ratings (openskill, history kept), and the standings
read from them. Who plays is pbem.app.league.entries'; the rounds paired,
pbem.app.league.rounds'; the season as it goes, pbem.app.league.league's."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app import gm
from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import utcnow
from pbem.app.base.timing import timing_of
from pbem.app.league import records
from pbem.app.play import games
from pbem.league import ratings, standings
from pbem.league.model import Entrant, Game, PointsRule
from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction
from pbem.store.models import GameRow, LeagueGameRow, RatingRow, SeasonPlayerRow, SeasonRow

LOG = logging.getLogger(__name__)
BYE = "bye"  # a league game's result when its one player had a bye
MISSES_TO_FORFEIT = 2  # orders missed past the grace in one game (issue 14)


def require_season(session: Any, name: str, lock: bool = False) -> SeasonRow:
    row = repo.season(session, name, lock=lock)
    if row is None:
        raise JudgeError(f"there is no season called '{name}'; `pbem league new` makes one")
    return row


def rule(season: SeasonRow) -> PointsRule:
    return PointsRule(**json.loads(season.points))


def model_games(rows: list[LeagueGameRow], by_id: dict[int, SeasonPlayerRow]) -> list[Game]:
    return [Game(row.round_number, by_id[row.first_player_id].name,
                 by_id[row.second_player_id].name if row.second_player_id else None,
                 None if row.result in (None, BYE) else row.result) for row in rows]


def rating_of(session: Any, emails: list[str]) -> dict[str, ratings.Rating]:
    latest = repo.latest_ratings(session, emails)
    start = ratings.initial()
    return {email: (ratings.Rating(latest[email].mu_after, latest[email].sigma_after)
                    if email in latest else start) for email in emails}


# --- results from the games ---------------------------------------------------------------


def _side_result(winner: str | None, sides: list[str]) -> str:
    if winner == sides[0]:
        return "first"
    if winner == sides[1]:
        return "second"
    return "draw"  # rulebook draws, a declared draw, and an end with no winner


def _misses(session: Any, game: GameRow, now: datetime) -> dict[str, int]:
    """Per side: phases whose orders did not come in by the deadline and its grace (each
    resolved phase owed, and the open phase once its grace has run out)."""
    grace = timing_of(game).grace
    players = repo.players(session, game.id)
    counts = {p.side: 0 for p in players}
    for phase in repo.phases(session, game.id):
        if phase.deadline is None or phase.status not in ("resolved", "open"):
            continue
        cutoff = _aware(phase.deadline) + grace
        if phase.status == "open" and now <= cutoff:
            continue
        missing = []
        for player in players:
            held = repo.latest_submission(session, phase.id or 0, player.id or 0)
            if held is None or _aware(held.received_at) > cutoff:
                missing.append(player.side)
        if not missing:
            continue  # (the state is read only when someone may have owed in vain)
        owes = rulesets.load(game.ruleset, json.loads(phase.state_before)).owes()
        for side in missing:
            if side in owes:
                counts[side] += 1
    return counts


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def record(session: Any, season: SeasonRow, row: LeagueGameRow, result: str,
            decided_by: str, now: datetime) -> None:
    """In the caller's transaction: a game's result, and the ratings it moves."""
    row.result = result
    row.decided_by = decided_by
    row.forfeit_first = result in ("forfeit_first", "double_forfeit")
    row.forfeit_second = result in ("forfeit_second", "double_forfeit")
    row.ended_at = now
    session.add(row)
    if not ratings.rated(result) or row.second_player_id is None:
        return
    first = session.get(SeasonPlayerRow, row.first_player_id)
    second = session.get(SeasonPlayerRow, row.second_player_id)
    before = rating_of(session, [first.email, second.email])
    after = ratings.rate(before[first.email], before[second.email], result)
    for player, old, new in ((first, before[first.email], after[0]),
                             (second, before[second.email], after[1])):
        repo.add(session, RatingRow(email=player.email, season_id=season.id or 0,
                                    league_game_id=row.id or 0, mu_before=old.mu,
                                    sigma_before=old.sigma, mu_after=new.mu,
                                    sigma_after=new.sigma, at=now))


def _decide(session: Any, season: SeasonRow, row: LeagueGameRow,
            now: datetime) -> tuple[str, str, str | None] | None:
    """What a running or finished game's league result is now: (result, who decided, the
    side to declare the winner when the league itself must end the game), or None."""
    game = repo.game(session, row.game_id or "")
    if game is None:
        return None
    sides = repo.sides(session, game.id)
    if game.status == "over":
        return _side_result(game.winner, sides), "victory", None
    if game.status == "ended":
        return _side_result(game.winner, sides), "game master", None
    misses = _misses(session, game, now)
    out = [side for side in sides if misses.get(side, 0) >= MISSES_TO_FORFEIT]
    if out:
        result = ("double_forfeit" if len(out) == 2
                  else "forfeit_first" if out[0] == sides[0] else "forfeit_second")
        winner = (games.DRAW if len(out) == 2 else sides[1] if out[0] == sides[0]
                  else sides[0])
        return result, "missed orders", winner
    if season.turn_limit is not None and game.status == "active":
        phase = repo.open_phase(session, game.id)
        if phase is not None:
            hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
            if hosted.turn > season.turn_limit:
                ahead = ahead_on_count(hosted.standing()) or games.DRAW
                return _side_result(ahead, sides), "turn limit", ahead
    return None


def ahead_on_count(standing: dict[str, Any]) -> str | None:
    """The side ahead by the rules' own victory count (the ruleset's `standing`): victory
    points where the rules keep them, else the share of the enemy fleet's value taken; None
    when level or when the rules count nothing comparable (a draw)."""
    sides = standing.get("sides")
    if not isinstance(sides, dict) or len(sides) != 2:
        return None

    def count(side: dict[str, Any]) -> float | None:
        if isinstance(side.get("points"), int | float):
            return float(side["points"])
        if isinstance(side.get("taken"), int | float) and side.get("of"):
            return float(side["taken"]) / float(side["of"])
        return None

    counted = {name: count(side) for name, side in sides.items()}
    if any(value is None for value in counted.values()):
        return None
    (first, a), (second, b) = counted.items()
    return None if a == b else first if a > b else second  # type: ignore[operator]


ENDING_WHY = {"missed orders": "A player missed orders past the grace twice; the league "
               "scores it as a forfeit.",
               "turn limit": "The season's turn limit is reached; the league scores it by "
               "the rules' victory count (level: a draw).",
               "dropped": "A player left the season; the league scores it as a forfeit."}


def collect(engine: Engine, season_name: str, mail: Any = None,
            now: datetime | None = None) -> list[tuple[str, str]]:
    """Take the results of the season's games that have ended (and end those the league
    decides: forfeits for missed orders, the victory count at the turn limit); returns (game, result)."""
    now = now or utcnow()
    with snapshot(engine) as session:
        season = require_season(session, season_name)
        pending = [(row.id or 0, row.game_id) for row in repo.league_games(session, season.id or 0)
                   if row.result is None and row.game_id]
    taken = []
    for row_id, game_id in pending:
        with snapshot(engine) as session:  # most looks find nothing: no write lock taken
            row = session.get(LeagueGameRow, row_id)
            if row is None or _decide(session, require_season(session, season_name), row,
                                      now) is None:
                continue

        def work(row_id: int = row_id) -> tuple[str, str, str | None] | None:
            with transaction(engine) as session:
                season = require_season(session, season_name, lock=True)
                row = session.get(LeagueGameRow, row_id)
                if row is None or row.result is not None:
                    return None
                decided = _decide(session, season, row, now)
                if decided is not None and decided[2] is None:
                    record(session, season, row, decided[0], decided[1], now)
                return decided
        decided = retrying(work)
        if decided is None:
            continue
        result, who, declare = decided
        if declare is not None:  # the league ends the game first, then scores it
            try:
                gm.end(engine, game_id, mail, now, winner=declare, why=ENDING_WHY[who])
            except JudgeError:
                continue  # ended meanwhile: scored as it ended at the next look
            record_now(engine, season_name, row_id, result, who, now)
        taken.append((game_id, result))
        LOG.info("league result", extra={"game": game_id, "result": result, "by": who})
    return taken


def record_now(engine: Engine, season_name: str, row_id: int, result: str, who: str,
                now: datetime) -> None:
    def work() -> None:
        with transaction(engine) as session:
            season = require_season(session, season_name, lock=True)
            row = session.get(LeagueGameRow, row_id)
            if row is not None and row.result is None:
                record(session, season, row, result, who, now)
    retrying(work)


def standings_of(engine: Engine, season_name: str) -> dict[str, Any]:
    """The standings as stored, without looking at the games (read only; `table` looks)."""
    with snapshot(engine) as session:
        season = require_season(session, season_name)
        players = list(repo.season_players(session, season.id or 0))
        by_id = {p.id or 0: p for p in players}
        by_name = {p.name: p for p in players}
        played = model_games(list(repo.league_games(session, season.id or 0)), by_id)
        rating = rating_of(session, [p.email for p in players])
        entrants = [Entrant(p.name, rating[p.email].mu, p.active) for p in players]
        rows = standings.table(entrants, played, rule(season))
    reliability = {p.email: records.player_record(engine, p.email).reliability
                   for p in players}
    return {"season": season_name, "round": season.current_round, "status": season.status,
            "rows": [{"player": row.player, "played": row.played, "won": row.won,
                      "drawn": row.drawn, "lost": row.lost, "forfeits": row.forfeits,
                      "byes": row.byes, "points": row.points,
                      "tiebreaks": list(row.tiebreaks),
                      "rating": rating[by_name[row.player].email].shown,
                      "reliability": reliability[by_name[row.player].email],
                      "active": by_name[row.player].active}
                     for row in rows]}


def rating_history(engine: Engine, email: str) -> list[dict[str, Any]]:
    """Every step of a player's rating, oldest first."""
    with snapshot(engine) as session:
        return [{"season_id": r.season_id, "league_game_id": r.league_game_id,
                 "before": round(r.mu_before, 3), "after": round(r.mu_after, 3),
                 "sigma": round(r.sigma_after, 3), "at": r.at.isoformat()}
                for r in repo.rating_history(session, email.lower())]
