"""A season's rounds paired and their games made: a round paired from the season's stored
data alone (a round-robin's schedule, or a Swiss pairing by rating and the games played),
written in one transaction with its byes and forfeits scored at once, then its games made
through the games use-case, each player told their opponent, side and password in the
transaction that makes the game; and what a season's shape says: its sides, its last round.

It may call pbem.app.play (a game made), pbem.app.mailout's notices, pbem.app.base, the
league's results (league_results), the pure pairing of pbem.league and the store.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.league.league_results import BYE, model_games, rating_of, require_season, rule
from pbem.app.mailout.notices import notice
from pbem.app.play import games
from pbem.league.model import Entrant, Round
from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction
from pbem.store.models import LeagueGameRow, LeagueRoundRow, SeasonPlayerRow, SeasonRow
from pbem.timing import Timing


@dataclass(frozen=True)
class Paired:
    """A round paired: its games made (with each player's password, shown once) and byes."""

    season: str
    round: int
    games: tuple[str, ...]
    byes: tuple[str, ...]
    passwords: dict[str, dict[str, str]] = field(default_factory=dict)  # game -> player -> pw

    def as_json(self) -> dict[str, Any]:
        return {"season": self.season, "round": self.round, "games": list(self.games),
                "byes": list(self.byes), "passwords": self.passwords}


def _pair(session: Any, season: SeasonRow, number: int) -> Round:
    """Round `number` of the season, from its stored data alone (deterministic)."""
    from pbem.league import pairing

    players = list(repo.season_players(session, season.id or 0))
    if season.format in ("round-robin", "double-round-robin"):
        schedule = pairing.round_robin([p.name for p in players],
                                       double=season.format == "double-round-robin")
        return schedule[number - 1]
    by_id = {p.id or 0: p for p in players}
    rating = rating_of(session, [p.email for p in players])
    entrants = [Entrant(p.name, rating[p.email].mu, p.active) for p in players]
    played = model_games(list(repo.league_games(session, season.id or 0)), by_id)
    return pairing.swiss(entrants, played, number, rule(season))


def _scenario(season: SeasonRow, number: int) -> str:
    scenarios = json.loads(season.scenarios)
    return str(scenarios[(number - 1) % len(scenarios)])


def game_name(season: str, number: int, seq: int) -> str:
    return f"{season}-r{number}-{seq}"


def store_round(engine: Engine, season_name: str, number: int, now: datetime,
                 mail: Any = None) -> None:
    """In one transaction: round `number` paired and its league games written (a game with
    a dropped player is a forfeit at once; a bye scores at once, and its player is told);
    its games are made after."""
    def work() -> None:
        with transaction(engine) as session:
            season = require_season(session, season_name, lock=True)
            if season.current_round >= number:
                return  # paired already (by another judge, or a command at the same time)
            paired = _pair(session, season, number)
            by_name = {p.name: p for p in repo.season_players(session, season.id or 0)}
            repo.add(session, LeagueRoundRow(season_id=season.id or 0, number=number,
                                             scenario=_scenario(season, number),
                                             paired_at=now))
            byes = [p for p in paired.pairings  # one who left has no bye to score
                    if p.second is None and by_name[p.first].active]
            for seq, pairing in enumerate([*paired.games, *byes], start=1):
                first = by_name[pairing.first]
                second = by_name[pairing.second] if pairing.second else None
                row = LeagueGameRow(season_id=season.id or 0, round_number=number, seq=seq,
                                    first_player_id=first.id or 0,
                                    second_player_id=second.id if second else None,
                                    why=pairing.why)
                if second is None:
                    row.result, row.decided_by, row.ended_at = BYE, "bye", now
                    if mail is not None:
                        notice(session, mail, first.email, f"{season_name}: a bye in round "
                               f"{number}", f"You have a bye in round {number} of "
                               f"{season_name}: no game this round, and it scores as the "
                               "season's rules say. You will be told your next game when "
                               "the round is over.", f"league/{season_name}/{number}/bye/"
                               f"{first.id}", "", now)
                elif not first.active or not second.active:
                    row.forfeit_first, row.forfeit_second = not first.active, not second.active
                    row.result = ("double_forfeit" if not (first.active or second.active)
                                  else "forfeit_first" if not first.active else "forfeit_second")
                    row.decided_by, row.ended_at = "dropped", now
                repo.add(session, row)
            season.current_round = number
            season.status = "running"
            session.add(season)
    retrying(work)


def make_games(engine: Engine, season_name: str, number: int, mail: Any,
                now: datetime) -> Paired:
    """The games of round `number` that are still to be made, made through the games
    use-case (briefings queued with each), and linked to their pairing."""
    passwords: dict[str, dict[str, str]] = {}
    with snapshot(engine) as session:
        season = require_season(session, season_name)
        by_id = {p.id or 0: p for p in repo.season_players(session, season.id or 0)}
        rows = list(repo.league_games(session, season.id or 0, number))
        sides = sides_of(season)
        todo = [(row.id or 0, row.seq, by_id[row.first_player_id],
                 by_id[row.second_player_id]) for row in rows
                if row.second_player_id and row.game_id is None and row.result is None]
        round_scenario = _scenario(season, number)
        timing = Timing.from_json(season.timing) if season.timing else None
        spec_base = dict(scenario=round_scenario, ruleset=season.ruleset,
                         phase_hours=season.phase_hours, timing=timing,
                         gm_email=season.gm_email)
    for row_id, seq, first, second in todo:
        game_id = game_name(season_name, number, seq)
        spec = games.GameSpec(game_id=game_id, players=(
            games.PlayerSpec(first.name, first.email, sides[0], first.timezone),
            games.PlayerSpec(second.name, second.email, sides[1], second.timezone)),
            **spec_base)  # type: ignore[arg-type]
        with snapshot(engine) as session:
            exists = repo.game(session, game_id) is not None
        seats = ((first, sides[0], second), (second, sides[1], first))

        def tell(session: Any, made_passwords: dict[str, str], game_id: str = game_id,
                 seats: Any = seats) -> None:  # in the game's own transaction
            if mail is not None:
                _tell_pairing(session, mail, season_name, number, game_id, seats,
                              made_passwords, now)
        if not exists:
            try:
                made = games.create_game(engine, spec, now, mail, then=tell)
            except JudgeError:
                with snapshot(engine) as session:
                    if repo.game(session, game_id) is None:
                        raise
                made = None  # made meanwhile by another judge pairing the same round
        if not exists and made is not None:
            passwords[game_id] = {k: v for k, v in made.passwords.items()}

        def link(row_id: int = row_id, game_id: str = game_id) -> None:
            with transaction(engine) as session:
                row = session.get(LeagueGameRow, row_id)
                if row is not None and row.game_id is None:
                    row.game_id = game_id
                    session.add(row)
        retrying(link)
    with snapshot(engine) as session:
        season = require_season(session, season_name)
        rows = list(repo.league_games(session, season.id or 0, number))
        by_id = {p.id or 0: p for p in repo.season_players(session, season.id or 0)}
        return Paired(season_name, number,
                      tuple(r.game_id for r in rows if r.game_id),
                      tuple(by_id[r.first_player_id].name for r in rows
                            if r.second_player_id is None), passwords)


def _tell_pairing(session: Any, mail: Any, season_name: str, number: int, game_id: str,
                  seats: tuple[tuple[SeasonPlayerRow, str, SeasonPlayerRow], ...],
                  passwords: dict[str, str], now: datetime) -> None:
    """Each player of a new league game is mailed their opponent, side and password (as an
    invited player is), queued in the transaction that makes the game: a judge stopped
    between the two cannot make a game whose players never learn their passwords."""
    for player, side, opponent in seats:
        notice(session, mail, player.email,
               f"{game_id}: round {number} of {season_name}",
               f"Round {number} of {season_name}: you play the {side} side of "
               f"{game_id} against {opponent.name}. Your password is "
               f"{passwords[player.name]} (keep it; sign your orders with SIGNON "
               f"{game_id} {player.name} <password>). Your briefing follows.",
               f"league/{game_id}/{player.id}", game_id, now)


def sides_of(season: SeasonRow) -> list[str]:
    hosted = rulesets.start(season.ruleset, _scenario(season, 1), {})
    return list(hosted.sides)


def last_round(session: Any, season: SeasonRow) -> int:
    """How many rounds the season plays: its --rounds, and a round-robin at most its cycle."""
    if season.format == "swiss":
        return season.rounds
    count = len([p for p in repo.season_players(session, season.id or 0)])
    cycle = count - 1 if count % 2 == 0 else count
    return min(season.rounds, cycle * (2 if season.format == "double-round-robin" else 1))
