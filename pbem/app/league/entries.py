"""Who plays in a season: a season made (its league with it when new) and checked, players
joining it before it starts (a season with a minimum reliability takes only players whose
record reaches it), and a player dropping out (their running games ended as their forfeits,
the rest forfeited as they come).

It may call pbem.app.gm (a game ended), pbem.app.base, the league's results and records
(league_results, records) and the store.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from pbem.app import gm
from pbem.app.base import names, rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import utcnow
from pbem.app.league import records
from pbem.app.league.league_results import ENDING_WHY, record, record_now, require_season
from pbem.league.model import PointsRule
from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction
from pbem.store.models import LeagueRow, SeasonPlayerRow, SeasonRow
from pbem.timing import DEFAULT_TIMING, Timing, format_length

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
    timing: Timing | None = None  # None: every phase phase_hours long, late policy proceed
    points: PointsRule = field(default_factory=PointsRule)
    min_reliability: float | None = None
    gm_email: str | None = None


LEAGUE_LATE = "proceed"  # a league game goes on without the late: two misses are a forfeit


# --- making a season and joining it ------------------------------------------------------


def season_timing(spec: SeasonSpec) -> Timing:
    """The timing every game of the season is made with: the spec's, or every phase
    phase_hours long with the late policy proceed, so that a player who misses deadlines
    comes to the league's forfeit instead of pausing the game for the organiser."""
    if spec.timing is not None:
        return spec.timing
    return replace(DEFAULT_TIMING, durations=(), default=timedelta(hours=spec.phase_hours),
                   late_policy=LEAGUE_LATE)


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
    timing = season_timing(spec)

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
                timing=timing.to_json(),
                format=spec.format, rounds=spec.rounds, turn_limit=spec.turn_limit,
                points=json.dumps(asdict(spec.points)), min_reliability=spec.min_reliability,
                gm_email=spec.gm_email.lower() if spec.gm_email else None, status="forming",
                created_at=now))
            return {"season": spec.name, "league": league_name, "format": spec.format,
                    "rounds": spec.rounds, "scenarios": list(spec.scenarios),
                    "status": "forming", "late": timing.late_policy,
                    "grace": format_length(timing.grace)}
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
                    f"{name}'s orders were in by the deadline {kept.on_time} "
                    f"time{'' if kept.on_time == 1 else 's'} of {kept.owed} "
                    f"({kept.reliability:.0%}); {season_name} asks for "
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
