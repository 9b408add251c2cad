"""The club league's use-cases: a season is made, players join, it starts (round 1 paired
and its games made), the next round is paired when every game of this one is over (by a
command or by the running judge's sweep), a player drops out. Results and standings are
pbem.app.league.league_results'; pairing and the table are the pure core's (pbem.league). Games
are made and ended through the games and game master use-cases, each in its own
transaction."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from pbem.app import gm
from pbem.app.base import names, rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import utcnow
from pbem.app.league import records
from pbem.app.league.league_results import (
    BYE,
    ENDING_WHY,
    collect,
    model_games,
    rating_of,
    record,
    record_now,
    require_season,
    rule,
    standings_of,
)
from pbem.app.mailout.notices import notice
from pbem.app.play import games
from pbem.deadlines import Timing
from pbem.league.model import Entrant, PointsRule, Round
from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction
from pbem.store.models import (
    LeagueGameRow,
    LeagueRoundRow,
    LeagueRow,
    SeasonPlayerRow,
    SeasonRow,
)

LOG = logging.getLogger(__name__)
FORMATS = ("round-robin", "double-round-robin", "swiss")
SEASON_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,29}")


@dataclass(frozen=True)
class SeasonSpec:
    name: str
    format: str
    rounds: int
    scenarios: tuple[str, ...]
    ruleset: str = rulesets.DEFAULT
    league: str | None = None  # default: the season's own name
    turn_limit: int | None = None
    phase_hours: int = 48
    timing: Timing | None = None
    points: PointsRule = field(default_factory=PointsRule)
    min_reliability: float | None = None
    gm_email: str | None = None


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


# --- making a season and joining it ------------------------------------------------------


def _check_spec(spec: SeasonSpec) -> list[str]:
    """The checks a season passes; returns the sides of its scenarios (the same for all)."""
    if not SEASON_NAME.fullmatch(spec.name):
        raise JudgeError(f"{spec.name!r} is not a usable season name: use 1 to 30 lower-case "
                         "letters, digits and hyphens, starting with a letter or digit")
    if spec.league is not None and not SEASON_NAME.fullmatch(spec.league):
        raise JudgeError(f"{spec.league!r} is not a usable league name: use 1 to 30 lower-case "
                         "letters, digits and hyphens")
    names.check_game_id(f"{spec.name}-r{spec.rounds}-99")
    if spec.format not in FORMATS:
        raise JudgeError(f"the format '{spec.format}' is not known; use {', '.join(FORMATS)}")
    if not 1 <= spec.rounds <= 99:
        raise JudgeError("a season has 1 to 99 rounds")
    if spec.turn_limit is not None and not 1 <= spec.turn_limit <= 999:
        raise JudgeError("the turn limit is 1 to 999 turns")
    if spec.min_reliability is not None and not 0 <= spec.min_reliability <= 1:
        raise JudgeError("the minimum reliability is a share from 0 to 1, e.g. 0.8")
    if not 1 <= spec.phase_hours <= 24 * 60:
        raise JudgeError("the time for each phase must be 1 hour to 60 days")
    if spec.gm_email:
        names.check_email(spec.gm_email, "the game master")
    if not spec.scenarios:
        raise JudgeError("a season needs a scenario (--scenario), or several to rotate")
    sides: list[str] | None = None
    for scenario in spec.scenarios:
        try:
            hosted = rulesets.start(spec.ruleset, scenario, {})
        except (ValueError, KeyError, TypeError) as exc:
            raise JudgeError(f"the scenario {scenario} cannot start: {exc}") from None
        if len(hosted.sides) != 2:
            raise JudgeError(f"{scenario} has {len(hosted.sides)} sides; a league game has two "
                             "players, one a side")
        if sides is not None and list(hosted.sides) != sides:
            raise JudgeError("the scenarios a season rotates through must have the same sides")
        sides = list(hosted.sides)
    assert sides is not None
    return sides


def new_season(engine: Engine, spec: SeasonSpec, now: datetime | None = None) -> dict[str, Any]:
    """A season open for players to join; its league is made with it if new."""
    now = now or utcnow()
    _check_spec(spec)
    league_name = spec.league or spec.name

    def work() -> dict[str, Any]:
        with transaction(engine) as session:
            if repo.season(session, spec.name) is not None:
                raise JudgeError(f"there is already a season called {spec.name}; choose "
                                 "another name")
            league = repo.league(session, league_name) or repo.add(
                session, LeagueRow(name=league_name, created_at=now))
            repo.add(session, SeasonRow(
                league_id=league.id or 0, name=spec.name, ruleset=spec.ruleset,
                scenarios=json.dumps(list(spec.scenarios)), phase_hours=spec.phase_hours,
                timing=spec.timing.to_json() if spec.timing is not None else None,
                format=spec.format, rounds=spec.rounds, turn_limit=spec.turn_limit,
                points=json.dumps(asdict(spec.points)), min_reliability=spec.min_reliability,
                gm_email=spec.gm_email.lower() if spec.gm_email else None, status="forming",
                created_at=now))
            return {"season": spec.name, "league": league_name, "format": spec.format,
                    "rounds": spec.rounds, "scenarios": list(spec.scenarios),
                    "status": "forming"}
    try:
        return retrying(work)  # type: ignore[no-any-return]
    except IntegrityError:
        raise JudgeError(f"there is already a season called {spec.name}") from None


def join(engine: Engine, season_name: str, name: str, email: str, timezone: str = "UTC",
         now: datetime | None = None) -> dict[str, Any]:
    """A player joins a season that has not started; a season with a minimum reliability
    takes only players whose record (orders in by the deadline / owed) reaches it."""
    now = now or utcnow()
    names.check_player_name(name)
    names.check_email(email, name)
    names.check_timezone(timezone, name)
    if name.casefold() == "gm":
        raise JudgeError("the name GM is the game master's; choose another name")
    kept = records.player_record(engine, email)

    def work() -> dict[str, Any]:
        with transaction(engine) as session:
            season = require_season(session, season_name, lock=True)
            if season.status != "forming":
                raise JudgeError(f"{season_name} has started; players join before the start")
            if (season.min_reliability is not None and kept.reliability is not None
                    and kept.reliability < season.min_reliability):
                raise JudgeError(
                    f"{name}'s orders were in by the deadline {kept.on_time} times of "
                    f"{kept.owed} ({kept.reliability:.0%}); {season_name} asks for "
                    f"{season.min_reliability:.0%}")
            players = repo.season_players(session, season.id or 0)
            names.check_distinct(name, [p.name for p in players])
            if any(p.email == email.lower() for p in players):
                raise JudgeError(f"{email} has already joined {season_name}")
            repo.add(session, SeasonPlayerRow(season_id=season.id or 0, name=name,
                                              email=email.lower(), timezone=timezone,
                                              joined_at=now))
            return {"season": season_name, "player": name, "players": len(players) + 1,
                    "reliability": kept.reliability}
    return retrying(work)  # type: ignore[no-any-return]


# --- pairing a round and making its games ------------------------------------------------


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


def _store_round(engine: Engine, season_name: str, number: int, now: datetime,
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


def _make_games(engine: Engine, season_name: str, number: int, mail: Any,
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
    _store_round(engine, season_name, 1, now, mail)
    return _make_games(engine, season_name, 1, mail, now)


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
        _finish(engine, season_name, number, now)
        return None
    _finish_round(engine, season_name, number, now)
    _store_round(engine, season_name, number + 1, now, mail)
    return _make_games(engine, season_name, number + 1, mail, now)


def _finish_round(engine: Engine, season_name: str, number: int, now: datetime) -> None:
    def work() -> None:
        with transaction(engine) as session:
            season = require_season(session, season_name, lock=True)
            for row in repo.league_rounds(session, season.id or 0):
                if row.number == number and row.finished_at is None:
                    row.finished_at = now
                    session.add(row)
    retrying(work)


def _finish(engine: Engine, season_name: str, number: int, now: datetime) -> None:
    _finish_round(engine, season_name, number, now)

    def work() -> None:
        with transaction(engine) as session:
            season = require_season(session, season_name, lock=True)
            season.status = "over"
            session.add(season)
    retrying(work)


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
                _make_games(engine, name, number, mail, now)
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


# --- dropping out ---------------------------------------------------------------------------


def drop(engine: Engine, season_name: str, player_name: str, mail: Any = None,
         now: datetime | None = None) -> list[str]:
    """A player leaves: their running games end as their forfeits, and every game they would
    have played later is a forfeit too (they are paired no more in a Swiss). Returns the
    games forfeited now."""
    now = now or utcnow()

    def work() -> list[tuple[int, str, str, str]]:
        with transaction(engine) as session:
            season = require_season(session, season_name, lock=True)
            player = next((p for p in repo.season_players(session, season.id or 0)
                           if p.name.casefold() == player_name.casefold()), None)
            if player is None:
                raise JudgeError(f"there is no player '{player_name}' in {season_name}")
            if not player.active:
                raise JudgeError(f"{player.name} has already left {season_name}")
            if season.status == "over":
                raise JudgeError(f"{season_name} is over")
            if season.status == "forming":  # leaving before the start: never entered
                session.delete(player)
                return []
            player.active = False
            player.dropped_at = now
            session.add(player)
            ending = []
            for row in repo.league_games(session, season.id or 0):
                if row.result is not None or player.id not in (row.first_player_id,
                                                               row.second_player_id):
                    continue
                first = row.first_player_id == player.id
                result = "forfeit_first" if first else "forfeit_second"
                if row.game_id is None:
                    record(session, season, row, result, "dropped", now)
                    continue
                sides = repo.sides(session, row.game_id)
                ending.append((row.id or 0, row.game_id, sides[1] if first else sides[0], result))
            return ending
    ending = retrying(work)
    forfeited = []
    for row_id, game_id, winner, result in ending:
        with snapshot(engine) as session:
            game = repo.game(session, game_id)
            running = game is not None and game.status in ("active", "paused")
        if running:
            gm.end(engine, game_id, mail, now, winner=winner, why=ENDING_WHY["dropped"])
        record_now(engine, season_name, row_id, result, "dropped", now)
        forfeited.append(game_id)
    return forfeited


# --- what the season looks like -------------------------------------------------------------


def pairings(engine: Engine, season_name: str, number: int | None = None) -> dict[str, Any]:
    """A round's games with their players by side, their results, and its byes."""
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
