"""The game master's tools, from the command line or by mail (SIGNON <game> GM <password>):
set or extend a deadline, force processing now, preview the next resolution privately,
pause, resume, end, roll back a phase, replace a player, post an announcement. Each is
journaled; the players and the game master are told of those that change the game
(queued with the change; a rollback with the reopened phase's deadline, its .ics and the
position as it stands again), and a command given at the command line is mailed to the game
master with its result (`done`), as one given by mail is answered by mail. No deadline,
extension or vacation reaches past the horizon (the mail settings' horizon_days, a year by
default), and each bad request is refused with a sentence.

A layer of its own (pbem.app's docstring): it may call pbem.app.play, pbem.app.mailout and
pbem.app.base."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.engine import Engine

from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import require_game, utcnow
from pbem.app.base.timing import timing_of, vacations_of
from pbem.app.mailout.letters import queue_report_to
from pbem.app.mailout.notices import (
    owed_by,
    queue_position,
    tell_deadline,
    tell_game,
    tell_game_master,
    tell_passwords,
    tell_reopened,
    title_of,
    waiting_for,
)
from pbem.app.mailout.queue import report_key
from pbem.app.play import games, phases
from pbem.deadlines import extend, on_wall
from pbem.mail.settings import DEFAULT_HORIZON_DAYS, MailSettings
from pbem.store import repo
from pbem.store.db import retrying, transaction
from pbem.store.models import GameRow, PhaseRow, PlayerRow, VacationRow

MAX_ANNOUNCEMENT = 20_000


def horizon(mail: MailSettings | None) -> timedelta:
    """How far ahead a deadline, an extension or a vacation may reach: the mail settings'
    horizon_days (PBEM_HORIZON_DAYS), or the default when there are none."""
    return timedelta(days=mail.horizon_days if mail is not None else DEFAULT_HORIZON_DAYS)


def within_horizon(moment: datetime | None, now: datetime, mail: MailSettings | None,
                   what: str) -> None:
    """Refuse `what` reaching `moment` when that is past the horizon (None: so far that it
    cannot even be reckoned)."""
    ahead = horizon(mail)
    if moment is None or moment > now + ahead:
        when = "" if moment is None else f" {moment:%Y-%m-%d %H:%M} UTC,"
        raise JudgeError(f"{what} would reach{when} more than {ahead.days} days ahead, past "
                         "the judge's horizon; choose a nearer one (the judge's operator "
                         "sets the horizon)")


def _extended(deadline: datetime, by: timedelta, game: GameRow, session: Any,
              now: datetime, mail: MailSettings | None, what: str) -> datetime:
    """`deadline` extended by `by` (the game's quiet days and vacations kept), refused with
    a sentence when `by` is no time at all or the result passes the horizon."""
    if by <= timedelta(0):
        raise JudgeError(f"{what} must be longer than nothing; write a length like 24h, 2d "
                         "or 90m, more than zero")
    if by > horizon(mail):  # (before any arithmetic: centuries would overflow a date)
        within_horizon(None, now, mail, what)
    within_horizon(deadline + by, now, mail, what)
    try:
        new = extend(deadline, by, timing_of(game), vacations_of(session, game.id))
    except ValueError as exc:
        raise JudgeError(str(exc)) from None
    within_horizon(new, now, mail, what)  # (moved further by quiet days or vacations)
    return new


def set_deadline(engine: Engine, game_id: str, *, by: timedelta | None = None,
                 at: datetime | None = None, mail: MailSettings | None = None,
                 now: datetime | None = None) -> datetime:
    """Move the open phase's deadline by `by` (quiet days and the game's rules for them
    kept) or to `at` (aware, in the future); either within the horizon. Every player is
    told, with an .ics."""
    now = now or utcnow()
    if (by is None) == (at is None):
        raise JudgeError("give either how long to extend the deadline by or the new deadline")
    if at is not None and (at.tzinfo is None or at.utcoffset() is None or at <= now):
        raise JudgeError("the new deadline must be a moment in the future, with its time "
                         "zone, e.g. 2026-12-24T18:00+00:00")
    if at is not None:
        within_horizon(at, now, mail, "the new deadline")

    def work() -> datetime:
        with transaction(engine) as session:
            game = require_game(session, game_id, lock=True)
            phase = repo.open_phase(session, game_id)
            if phase is None or phase.deadline is None:
                raise JudgeError(f"{game_id} has no open phase with a deadline")
            if by is not None:
                new = _extended(_aware(phase.deadline), by, game, session, now, mail,
                                "the extension")
            else:
                assert at is not None
                new = at.astimezone(UTC)
            move_deadline(session, game, phase, new, mail, now, "game master",
                          "the game master set it")
            return new
    return retrying(work)  # type: ignore[no-any-return]


def _aware(moment: datetime) -> datetime:
    """A stored moment (UTC; SQLite gives it back without its zone) made aware."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def move_deadline(session: Any, game: GameRow, phase: PhaseRow, new: datetime,
                  mail: MailSettings | None, now: datetime, who: str, why: str) -> None:
    """In the caller's transaction: the open phase's deadline moved, journaled, and every
    player and the game master told (with an .ics)."""
    was = phase.deadline
    phase.deadline = new
    phase.reminded = None  # the reminders are for the new deadline
    session.add(phase)
    repo.journal_append(session, game.id, "deadline_set", {
        "phase": phase.key, "was": was.isoformat() if was else None, "now": new.isoformat(),
        "by": who}, now)
    if mail is not None:
        tell_deadline(session, mail, game, phase, new, now, why)


MAX_PLAYER_EXTENSION = timedelta(days=3)
VACATION_NOTICE = timedelta(hours=24)  # a vacation is declared at least this long before it


def ask_extension(session: Any, game: GameRow, player: PlayerRow, by: timedelta,
                  mail: MailSettings | None, now: datetime) -> str:
    """A player's EXTEND: as many a game as it allows each player, at most three days."""
    if game.player_extensions <= player.extensions_used:
        allowed = game.player_extensions
        raise JudgeError(f"{game.id} lets each player ask for {allowed} extension"
                         f"{'s' if allowed != 1 else ''}, and you have used "
                         f"{player.extensions_used}; ask the game master")
    if by > MAX_PLAYER_EXTENSION:
        raise JudgeError("a player may extend a deadline by three days at most")
    phase = repo.open_phase(session, game.id)
    if phase is None or phase.deadline is None or game.status != "active":
        raise JudgeError(f"{game.id} has no running phase with a deadline")
    new = _extended(_aware(phase.deadline), by, game, session, now, mail, "the extension")
    player.extensions_used += 1
    session.add(player)
    move_deadline(session, game, phase, new, mail, now, player.name,
                  f"{player.name} asked for more time")
    left = game.player_extensions - player.extensions_used
    return (f"the deadline of {title_of(game, phase)} is now {new:%Y-%m-%d %H:%M} UTC; everyone "
            "was told. "
            f"You have {left} extension{'s' if left != 1 else ''} left in this game.")


def declare_vacation(session: Any, game: GameRow, player: PlayerRow, first: date,
                     last: date, mail: MailSettings | None, now: datetime) -> str:
    """A player away from `first` to `last` (whole days in their zone): no deadline falls
    then; the open phase's moves to the day after if it would. Declared in advance (at least
    VACATION_NOTICE before it begins), overlapping none of the player's others, and within
    the game's vacation_days for each player, counting every vacation they declared in it,
    so no player can hold a game still for longer than the game allows."""

    allowed = game.vacation_days
    if allowed <= 0:
        raise JudgeError(f"{game.id} allows no vacations; ask the game master to extend the "
                         "deadline instead")
    zone = ZoneInfo(player.timezone)
    if last > (now + horizon(mail)).date():  # (a day like 9999-12-31 is never reckoned with)
        within_horizon(None, now, mail, "that vacation")
    start = on_wall(first, time(0, 0), zone)
    end = on_wall(last + timedelta(days=1), time(0, 0), zone)
    if end <= start:
        raise JudgeError("a vacation ends on or after the day it begins")
    if end <= now:
        raise JudgeError("that vacation is over already")
    within_horizon(end, now, mail, "that vacation")
    if start < now + VACATION_NOTICE:
        raise JudgeError(f"a vacation is declared at least a day ahead; the first day away "
                         f"could be {(now + VACATION_NOTICE).astimezone(zone).date() + timedelta(days=1)} "
                         f"at the earliest ({player.timezone})")
    days = (last - first).days + 1
    bound = f"{game.id} allows each player {allowed} days of vacation in all"
    if days > allowed:
        raise JudgeError(f"{bound}, and this one is {days} days; declare a shorter one")
    declared = repo.gameplay.vacations(session, game.id, player.id or 0)
    taken = 0
    for row in declared:
        was_start, was_end = _aware(row.start), _aware(row.end)
        shown = (f"{was_start.astimezone(zone).date()} to "
                 f"{(was_end.astimezone(zone) - timedelta(days=1)).date()}")
        if was_start < end and start < was_end:
            raise JudgeError(f"this vacation overlaps your vacation from {shown}; declare "
                             "days that are not declared already")
        taken += round((was_end - was_start) / timedelta(days=1))
    if taken + days > allowed:
        raise JudgeError(f"{bound}; you have declared {taken} days already, and {days} more "
                         f"would pass it (you have {max(allowed - taken, 0)} left)")
    repo.add(session, VacationRow(game_id=game.id, player_id=player.id or 0, start=start,
                                  end=end, declared_at=now))
    repo.journal_append(session, game.id, "vacation", {
        "player": player.name, "start": start.isoformat(), "end": end.isoformat()}, now)
    phase = repo.open_phase(session, game.id)
    said = (f"noted: no deadline falls between {first} and {last} ({player.timezone}); "
            f"{allowed - taken - days} of your {allowed} days of vacation in {game.id} are left")
    if phase is None or phase.deadline is None:
        return said + "."
    deadline = _aware(phase.deadline)
    if start <= deadline < end:
        # (the vacation's end, then the game's quiet days and the other vacations)
        new = extend(end - timedelta(minutes=1), timedelta(minutes=1), timing_of(game),
                     vacations_of(session, game.id))
        move_deadline(session, game, phase, new, mail, now, player.name,
                      f"{player.name} is away until {last}")
        return said + (f"; the deadline of {title_of(game, phase)} moved to "
                       f"{new:%Y-%m-%d %H:%M} UTC.")
    return said + "."


def announce(engine: Engine, game_id: str, text: str, mail: MailSettings,
             now: datetime | None = None) -> list[str]:
    """An announcement from the game master to every player (the game master gets a copy);
    journaled. The players' addresses it went to (the game master's not among them)."""
    now = now or utcnow()
    text = text.strip()
    if not text:
        raise JudgeError("an announcement needs some text")
    if len(text) > MAX_ANNOUNCEMENT:
        raise JudgeError(f"an announcement is at most {MAX_ANNOUNCEMENT:,} characters")

    def work() -> list[str]:
        with transaction(engine) as session:
            game = require_game(session, game_id, lock=True)
            entry = repo.journal_append(session, game_id, "announcement", {"text": text}, now)
            told = tell_game(session, mail, game, f"{game_id}: from the game master",
                             f"The game master of {game_id} says:\n\n{text}",
                             f"announce/{game_id}/{entry}",
                             now)
            return [address for address in told if address != game.gm_email]
    return retrying(work)  # type: ignore[no-any-return]


def tell(engine: Engine, game_id: str, mail: MailSettings | None, subject: str, text: str,
         key: str, now: datetime | None = None) -> list[str]:
    """The players and game master told of a game master's action that changed the game."""
    if mail is None:
        return []
    now = now or utcnow()

    def work() -> list[str]:
        with transaction(engine) as session:
            game = require_game(session, game_id)
            return tell_game(session, mail, game, subject, text, key, now)
    return retrying(work)  # type: ignore[no-any-return]


def pause(engine: Engine, game_id: str, mail: MailSettings | None,
          now: datetime | None = None) -> None:
    """Stop the game's clock; everyone is told what the game now waits for (the game
    master resuming it) and whose orders the open phase still needs."""
    now = now or utcnow()
    games.pause_game(engine, game_id, now)
    with transaction(engine) as session:
        game = require_game(session, game_id)
        phase = repo.open_phase(session, game_id)
        owes = bool(owed_by(session, game, phase)) if phase is not None else False
        owing = [f"{p.name} ({p.side})" for p in waiting_for(session, game, phase)
                 ] if phase is not None else []
        named = title_of(game, phase, first=True) if phase is not None else ""
    still = ("" if phase is None or not owes else
             f" {named} still waits for orders from {', '.join(owing)}; orders sent "
             "meanwhile are taken." if owing else f" Every order {named} needs is in.")
    tell(engine, game_id, mail, f"{game_id}: paused", f"The game master has paused "
         f"{game_id}: no phase is processed and no deadline runs until the game master "
         f"resumes it; the deadline is set again then, and everyone is told.{still}",
         f"pause/{game_id}/{now.isoformat()}", now)


def resume(engine: Engine, game_id: str, mail: MailSettings | None,
           now: datetime | None = None) -> datetime | None:
    """Start the game's clock again: the open phase's deadline is set afresh from now, and
    everyone is told the new one (with an .ics). The new deadline."""
    now = now or utcnow()
    games.resume_game(engine, game_id, now)
    with transaction(engine) as session:
        phase = repo.open_phase(session, game_id)
        deadline = _aware(phase.deadline) if phase is not None and phase.deadline else None
        game = require_game(session, game_id)
        if mail is not None and phase is not None and deadline is not None:
            tell_deadline(session, mail, game, phase, deadline, now,
                          "the game master resumed the game")
    return deadline


def done(engine: Engine, game_id: str, what: str, said: str, mail: MailSettings | None,
         now: datetime | None = None) -> bool:
    """The game master mailed what a command given at the judge's command line did (`what`
    the command, `said` its result), so the game's mail holds every command's result; a
    command sent by mail is answered by mail instead."""
    if mail is None:
        return False
    now = now or utcnow()

    def work() -> bool:
        with transaction(engine) as session:
            game = require_game(session, game_id)
            entry = repo.gameplay.last_journal_id(session, game_id)
            return tell_game_master(session, mail, game, what, said,
                                    f"done/{game_id}/{entry}/{what}/{now.isoformat()}", now)
    return retrying(work)  # type: ignore[no-any-return]


def end(engine: Engine, game_id: str, mail: MailSettings | None,
        now: datetime | None = None, winner: str | None = None, why: str = "",
        by: str | None = None) -> str:
    """End a game, with no result or with a declared one (a side or games.DRAW); `why` is
    added to what the players are told, and `by` says who ended it (by default the league
    when a league's game is ended with a reason, its forfeits and turn limits; else the game
    master). No command line is named: the archive's dice page says how to check the rolls."""
    now = now or utcnow()
    seed = games.end_game(engine, game_id, now, winner)
    if by is None:
        with transaction(engine) as session:
            league = why and repo.league_game_of(session, game_id) is not None
        by = "the league" if league else "the game master"
    result = ("without a winner" if winner is None else "as a draw" if winner == games.DRAW
              else f"with {winner} the winner")
    tell(engine, game_id, mail, f"{game_id}: ended", f"{by[:1].upper()}{by[1:]} has ended "
         f"{game_id} {result}.{' ' + why if why else ''} The seed of its dice is now revealed: "
         f"{seed}. With it anyone can check every roll of the game; the game's public archive "
         "says how, step by step, with no need of the judge.", f"end/{game_id}", now)
    return seed


def rollback(engine: Engine, game_id: str, key: str, why: str, mail: MailSettings | None,
             now: datetime | None = None) -> datetime | None:
    """Open phase `key` again (pbem.app.play.games.rollback); every player and the game
    master are mailed why, the reopened phase's deadline with an .ics, and the position as
    it stands again. The new deadline (None when the phase has none)."""
    now = now or utcnow()
    if not why.strip():
        raise JudgeError("say why the phase is rolled back: the players are told")
    games.rollback(engine, game_id, key, now)

    def work() -> datetime | None:
        with transaction(engine) as session:
            repo.journal_append(session, game_id, "rollback_reason",
                                {"phase": key, "why": why}, now)
            game = require_game(session, game_id)
            phase = repo.open_phase(session, game_id)
            if mail is not None and phase is not None:
                tell_reopened(session, mail, game, phase, why, now)
                queue_position(session, mail, game, phase, now)
            return _aware(phase.deadline) if phase is not None and phase.deadline else None
    return retrying(work)  # type: ignore[no-any-return]


def force(engine: Engine, game_id: str, mail: MailSettings | None,
          now: datetime | None = None, phase: str | None = None) -> phases.Processed:
    """Process the open phase now, whatever its deadline (a game master's decision). Given
    `phase` (a key, in any case), only if that is the open phase: a PROCESS sent twice, or
    sent after the judge processed the phase at its deadline, never moves the game on twice."""
    now = now or utcnow()
    with transaction(engine) as session:
        require_game(session, game_id)
        open_phase = repo.open_phase(session, game_id)
        if phase is not None and (open_phase is None
                                  or open_phase.key.casefold() != phase.strip().casefold()):
            raise JudgeError(_not_open(session, game_id, phase.strip(), open_phase))
        repo.journal_append(session, game_id, "forced", {"by": "game master"}, now)
        expected = open_phase.key if open_phase is not None and phase is not None else None
    return phases.process_phase(engine, game_id, expected_key=expected, now=now, mail=mail)


def _not_open(session: Any, game_id: str, key: str, open_phase: PhaseRow | None) -> str:
    """Why a PROCESS naming phase `key` does nothing, and what to send instead."""
    live = {p.key.casefold(): p.key for p in repo.phases(session, game_id)}
    archived = {p.key.casefold(): p.key for p in repo.phases(session, game_id, archived=True)}
    said = (f"{live[key.casefold()]} was processed already" if key.casefold() in live
            else f"{archived[key.casefold()]} was set aside by a rollback"
            if key.casefold() in archived else f"{game_id} has no phase {key}")
    if open_phase is None:
        return f"{said}; {game_id} has no open phase (it is over or ended)"
    return (f"{said}; the open phase is {open_phase.key}; send PROCESS {open_phase.key} to "
            "process it")


def preview(engine: Engine, game_id: str) -> phases.Processed:
    """What processing now could give, for the game master's eyes only; nothing is kept.
    Rolled with dice that are not the phase's (its note says so), so a preview never tells
    the game master a roll of a phase whose orders may still change."""
    return phases.preview_phase(engine, game_id)


def replace(engine: Engine, game_id: str, old: str, new: games.PlayerSpec,
            mail: MailSettings | None, now: datetime | None = None) -> str:
    """A newcomer takes over a player's pieces; they are mailed their password (only to
    them) and the latest report (their side's history is in it and in the archive), and
    everyone is told. The password (stored hashed), for the command line to show too."""
    now = now or utcnow()
    password = games.replace_player(engine, game_id, old, new, now)
    tell(engine, game_id, mail, f"{game_id}: {new.name} replaces {old}",
         f"{new.name} now commands what {old} commanded in {game_id}.",
         f"replace/{game_id}/{old}/{new.name}/{now.isoformat()}", now)
    if mail is not None:
        _report_to(engine, game_id, new.name, mail, now, password, old)
    return password


def _report_to(engine: Engine, game_id: str, name: str, mail: MailSettings,
               now: datetime, password: str = "", old: str = "") -> None:
    """The newcomer mailed their password (only to them), then the latest report."""
    with transaction(engine) as session:
        player = repo.player(session, game_id, name)
        game = require_game(session, game_id)
        if player is not None and password:
            tell_passwords(session, mail, game, {name: password}, now,
                           opening={name: f"You take over {old}'s pieces on the "
                                          f"{player.side} side of {game_id} ({game.scenario})."},
                           closing="Your report of the latest phase follows in a separate "
                           "mail; the game's archive has the phases before it.")
        resolved = [p for p in repo.phases(session, game_id) if p.status == "resolved"]
        if player is None or not resolved:
            return
        phase = resolved[-1]
        queue_report_to(session, mail, game_id, phase, player,
                        report_key(game_id, phase.key, phase.generation,
                                   f"{player.id}/welcome"), now)


def journal_of(engine: Engine, game_id: str) -> list[dict[str, Any]]:
    """The game's journal, for the game master (what was done, when)."""
    with transaction(engine) as session:
        require_game(session, game_id)
        return [{"at": e.at.isoformat(), "kind": e.kind, "data": json.loads(e.data)}
                for e in repo.journal(session, game_id)]
