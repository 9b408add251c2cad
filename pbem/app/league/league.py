"""The club league's season as it goes: it starts (entries closed, round 1 paired and its
games made), the next round is paired when every game of this one is over (by a command or
by the running judge's sweep, `advance`), the season ends after its last round; and what it
looks like: a round's pairings and the table. Who plays is pbem.app.league.entries'; pairing
a round and making its games pbem.app.league.rounds'; results and standings
pbem.app.league.league_results'; pairing and the table themselves are the pure core's
(pbem.league). Games are made and ended through the games and game master use-cases, each
in its own transaction.

When the season ends every player of it is mailed the final table (pbem.app.mailout's
notices, queued in the transaction that ends it).

It may call its siblings rounds and league_results, pbem.app.mailout's notices,
pbem.app.base, the pure league core's words and the store.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import utcnow
from pbem.app.league.league_results import collect, require_season, standings_of
from pbem.app.league.rounds import Paired, last_round, make_games, sides_of, store_round
from pbem.app.mailout.notices import notice
from pbem.league.words import result_words, table_lines
from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction

LOG = logging.getLogger(__name__)


def start(engine: Engine, season_name: str, mail: Any = None,
          now: datetime | None = None) -> Paired:
    """Close the entries, pair round 1 and make its games."""
    now = now or utcnow()
    with snapshot(engine) as session:
        season = require_season(session, season_name)
        if season.status != "forming":
            raise JudgeError(f"{season_name} has started already; `pbem league pairings` "
                             "shows its rounds")
        if len(repo.season_players(session, season.id or 0)) < 2:
            raise JudgeError(f"{season_name} needs at least two players to start "
                             "(`pbem league join`)")
    store_round(engine, season_name, 1, now, mail)
    return make_games(engine, season_name, 1, mail, now)


# --- the rounds go on ---------------------------------------------------------------------


def next_round(engine: Engine, season_name: str, mail: Any = None,
               now: datetime | None = None) -> Paired | None:
    """Pair the next round once every game of this one is over and make its games; None
    when that was the last round (the season is over then)."""
    now = now or utcnow()
    collect(engine, season_name, mail, now)
    with snapshot(engine) as session:
        season = require_season(session, season_name)
        if season.status != "running":
            raise JudgeError(f"{season_name} is {season.status}; only a running season "
                             "goes on to its next round")
        number = season.current_round
        running = [r.game_id or "?" for r in repo.league_games(session, season.id or 0, number)
                   if r.result is None]
        last = last_round(session, season)
    if running:
        raise JudgeError(f"round {number} of {season_name} is not over: "
                         f"{', '.join(running)} still being played")
    if number >= last:
        _finish(engine, season_name, number, now, mail)
        return None
    _finish_round(engine, season_name, number, now)
    store_round(engine, season_name, number + 1, now, mail)
    return make_games(engine, season_name, number + 1, mail, now)


def _finish_round(engine: Engine, season_name: str, number: int, now: datetime) -> None:
    def work() -> None:
        with transaction(engine) as session:
            season = require_season(session, season_name, lock=True)
            for row in repo.league_rounds(session, season.id or 0):
                if row.number == number and row.finished_at is None:
                    row.finished_at = now
                    session.add(row)
    retrying(work)


def _finish(engine: Engine, season_name: str, number: int, now: datetime,
            mail: Any = None) -> None:
    """The season is over: its last round finished, and every player of the season mailed
    the final table, in the transaction that ends it (so once, and never lost)."""
    _finish_round(engine, season_name, number, now)
    final = standings_of(engine, season_name)  # every result is in: the round is over

    def work() -> None:
        with transaction(engine) as session:
            season = require_season(session, season_name, lock=True)
            if season.status == "over":
                return  # ended already (by another judge, or a command at the same time)
            season.status = "over"
            session.add(season)
            if mail is not None:
                _mail_final_table(session, mail, season, final["rows"], now)
    retrying(work)


def final_table_text(season_name: str, rounds: int, rows: list[dict[str, Any]]) -> str:
    """The mail telling a season's player it is over, with its final table."""
    winners = [row["player"] for row in rows if row["points"] == rows[0]["points"]] if rows \
        else []
    top = (f"{winners[0]} wins the season" if len(winners) == 1
           else f"{' and '.join(winners)} share first place")
    return "\n".join([
        f"{season_name} is over: {rounds} round{'s' if rounds != 1 else ''} played, and "
        f"{top}.", "", "The final table:", "", *table_lines(rows), "",
        "Ties on points are broken by Buchholz (the points of the opponents met), then "
        "Sonneborn-Berger, then the games between the players level. Thank you for "
        "playing."])


def _mail_final_table(session: Any, mail: Any, season: Any, rows: list[dict[str, Any]],
                      now: datetime) -> None:
    text = final_table_text(season.name, season.current_round, rows)
    for player in repo.season_players(session, season.id or 0):
        notice(session, mail, player.email, f"{season.name}: the season is over, the final "
               "table", text, f"league/{season.name}/final/{player.id}", "", now)


def advance(engine: Engine, mail: Any = None, now: datetime | None = None) -> list[str]:
    """For the sweep: every running season takes its results and, when its round is over,
    goes on to the next (or ends). Returns what happened, one line a season that moved."""
    now = now or utcnow()
    with snapshot(engine) as session:
        running = [s.name for s in repo.running_seasons(session)]
    done = []
    for name in running:
        try:
            with snapshot(engine) as session:
                season = require_season(session, name)
                number = season.current_round
                unmade = any(r.second_player_id and r.game_id is None and r.result is None
                             for r in repo.league_games(session, season.id or 0, number))
            if unmade:  # paired, but stopped before all its games were made: make them now
                make_games(engine, name, number, mail, now)
            collect(engine, name, mail, now)
            with snapshot(engine) as session:
                over = all(r.result is not None
                           for r in repo.league_games(session, season.id or 0, number))
            if not over:
                continue
            paired = next_round(engine, name, mail, now)
            done.append(f"{name}: round {paired.round} paired" if paired
                        else f"{name}: the season is over")
            LOG.info("league season moved on", extra={"season": name, "round": (
                paired.round if paired else None)})
        except Exception:  # noqa: BLE001 - the other seasons must still go on
            LOG.exception("advancing the season %s failed", name)
    return done


# --- what the season looks like -------------------------------------------------------------


def pairings(engine: Engine, season_name: str, number: int | None = None,
             look: bool = False, mail: Any = None,
             now: datetime | None = None) -> dict[str, Any]:
    """A round's games with their players by side, their results (the stored code, and in
    words: "Ann won", "Bo forfeited"), and its byes; `look` takes the results of games that
    ended since the last look first (as `table` does)."""
    if look:
        with snapshot(engine) as session:
            running = require_season(session, season_name).status == "running"
        if running:
            collect(engine, season_name, mail, now)
    with snapshot(engine) as session:
        season = require_season(session, season_name)
        number = number if number is not None else season.current_round
        if number < 1 or number > season.current_round:
            raise JudgeError(f"{season_name} has no round {number} yet (it is at round "
                             f"{season.current_round})")
        sides = sides_of(season)
        by_id = {p.id or 0: p for p in repo.season_players(session, season.id or 0)}
        rows = repo.league_games(session, season.id or 0, number)
        return {
            "round": number,
            "games": [{"game": row.game_id, sides[0]: by_id[row.first_player_id].name,
                       sides[1]: by_id[row.second_player_id].name, "result": row.result,
                       "outcome": result_words(row.result, by_id[row.first_player_id].name,
                                               by_id[row.second_player_id].name),
                       "why": row.why}
                      for row in rows if row.second_player_id is not None],
            "byes": [by_id[row.first_player_id].name for row in rows
                     if row.second_player_id is None],
        }


def table(engine: Engine, season_name: str, mail: Any = None,
          now: datetime | None = None) -> dict[str, Any]:
    """The standings, best first, with each player's rating and reliability (results of
    games that ended since the last look are taken first)."""
    with snapshot(engine) as session:
        running = require_season(session, season_name).status == "running"
    if running:
        collect(engine, season_name, mail, now)
    return standings_of(engine, season_name)
