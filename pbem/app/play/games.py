"""Use-cases about whole games: create, list, show, pause, resume, end, replace a player,
roll back. Each opens one transaction."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from pbem.app.base import names, rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.base.passwords import hash_password, new_password
from pbem.app.base.shared import require_game, utcnow
from pbem.app.base.timing import next_deadline, vacations_of
from pbem.app.mailout.notices import tell_passwords, tell_started
from pbem.app.mailout.queue import queue_briefings
from pbem.rules import interface
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import GameRow, PhaseRow, PlayerRow, SideRow, SubmissionRow
from pbem.timing import Timing


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    email: str
    side: str
    timezone: str = "UTC"
    password: str | None = None
    pieces: tuple[str, ...] = ()  # in a set piece, the pieces this player commands


@dataclass(frozen=True)
class GameSpec:
    game_id: str
    scenario: str = "squadron"
    ruleset: str = rulesets.DEFAULT
    players: tuple[PlayerSpec, ...] = ()
    options: tuple[tuple[str, bool | int | str], ...] = ()  # the ruleset's switches (`rules list`)
    seed: bytes | None = None
    dice_name: str | None = None
    columns: int | None = None  # shorthands for the options of that name (map rulesets)
    rows: int | None = None
    phase_hours: int = 48
    position: dict[str, Any] | None = None  # a stored game value to start from (a set piece)
    timing: Timing | None = None  # None: every phase lasts phase_hours
    gm_email: str | None = None  # the game master, told of pauses and outages
    player_extensions: int = 0  # EXTENDs each player may ask for by mail
    vacation_days: int = 14  # days of VACATION each player may declare in the game, in all
    forming: bool = False  # players join by invitation; the game master starts it
    scenario_text: str | None = None  # a game master's own scenario file (scenario: its name)
    archive: str = "open"  # the public archive after the end: open (all shown) or closed


@dataclass(frozen=True)
class CreatedGame:
    game_id: str
    seed_commitment: str
    first_phase: str
    passwords: dict[str, str] = field(default_factory=dict)  # shown once, never stored


ARCHIVE_AFTER_END = "archive_after_end"  # the game setting (GameRow.settings)
ARCHIVE_CHOICES = ("open", "closed")


def setting(game: GameRow, name: str, default: str) -> str:
    """A game's setting (GameRow.settings, JSON; an absent or unreadable one: `default`)."""
    try:
        stored = json.loads(game.settings or "{}")
    except ValueError:
        return default
    value = stored.get(name) if isinstance(stored, dict) else None
    return value if isinstance(value, str) else default


def archive_after_end(game: GameRow) -> str:
    """Whether the game's public archive, once it has ended, shows what was hidden while it
    ran ("open", the default) or stays as it was ("closed")."""
    value = setting(game, ARCHIVE_AFTER_END, "open")
    return value if value in ARCHIVE_CHOICES else "open"


def _store_setting(engine: Engine, game_id: str, name: str, value: object,
                   now: datetime) -> None:
    # One key of GameRow.settings written, and journaled, in one transaction.
    with transaction(engine) as session:
        row = require_game(session, game_id, lock=True)
        try:
            stored = json.loads(row.settings or "{}")
        except ValueError:
            stored = {}
        stored = stored if isinstance(stored, dict) else {}
        stored[name] = value
        row.settings = json.dumps(stored, sort_keys=True)
        session.add(row)
        repo.journal_append(session, game_id, "setting", {name: value}, now)


PRESS_COPIES = "gm_press_copies"  # the game setting (GameRow.settings): true unless turned off
ON_OFF = ("on", "off")


def set_press_copies(engine: Engine, game_id: str, value: str,
                     now: datetime | None = None) -> str:
    """The game master's choice whether they get a copy of every press (on by default);
    journaled. The sentence that says what it now is."""
    value = value.strip().lower()
    if value not in ON_OFF:
        raise JudgeError(f"press copies to the game master are on or off, not {value[:20]!r}")
    _store_setting(engine, game_id, PRESS_COPIES, value == "on", now or utcnow())
    return ("the game master now gets a copy of every press" if value == "on"
            else "the game master no longer gets copies of the press")


def set_archive(engine: Engine, game_id: str, value: str, now: datetime | None = None) -> str:
    """The game master's choice of the archive after the end; journaled. The sentence that
    says what it now is."""
    now = now or utcnow()
    value = value.strip().lower()
    if value not in ARCHIVE_CHOICES:
        raise JudgeError(f"the archive after the end is {' or '.join(ARCHIVE_CHOICES)}, not "
                         f"{value[:20]!r}")
    _store_setting(engine, game_id, ARCHIVE_AFTER_END, value, now)
    return (f"once {game_id} has ended, its archive shows everything that was hidden while "
            "it ran (secret records, every side's orders)" if value == "open" else
            f"the archive of {game_id} stays as it was while the game ran, even after the "
            "end")


def _check_player(player: PlayerSpec, others: list[str]) -> None:
    """The checks a player passes when a game is created and when they replace someone."""
    names.check_player_name(player.name)
    names.check_distinct(player.name, others)
    names.check_email(player.email, player.name)
    names.check_timezone(player.timezone, player.name)


def _gm_name(name: str) -> None:
    """In a game with a game master, GM is theirs: SIGNON <game> GM <password>."""
    if name.casefold() == "gm":
        raise JudgeError("the name GM is the game master's in a game that has one (SIGNON "
                         "<game> GM <password>); choose another name for this player")


def _validate(spec: GameSpec, hosted: rulesets.HostedGame) -> None:
    names.check_game_id(spec.game_id)
    if not 0 <= spec.player_extensions <= 10:
        raise JudgeError("a game lets each player ask for 0 to 10 extensions")
    if not 0 <= spec.vacation_days <= 365:
        raise JudgeError(f"a game lets each player declare 0 to 365 days of vacation in all, "
                         f"not {spec.vacation_days}")
    if spec.gm_email:
        names.check_email(spec.gm_email, "the game master")
        for player in spec.players:
            _gm_name(player.name)
    for number, player in enumerate(spec.players):
        _check_player(player, [p.name for p in spec.players[:number]])
        if player.side not in hosted.sides:
            raise JudgeError(f"{player.name}'s side '{player.side}' is not in this scenario; "
                             f"the sides are {' and '.join(hosted.sides)}")
    for side in hosted.sides:
        if not spec.forming and not any(p.side == side for p in spec.players):
            raise JudgeError(f"no player commands the {side} side")
    if spec.forming and not spec.gm_email:
        raise JudgeError("a game that forms by invitation needs its game master (--gm EMAIL)")
    given: dict[str, str] = {}
    for player in spec.players:  # a set piece: each piece has one commander (15.2)
        for piece in player.pieces:
            if piece.upper() in given:
                raise JudgeError(f"{piece} is given to both {given[piece.upper()]} and "
                                 f"{player.name}; each piece has one commander")
            given[piece.upper()] = player.name
    if spec.archive not in ARCHIVE_CHOICES:
        raise JudgeError(f"the archive after the end is {' or '.join(ARCHIVE_CHOICES)}, not "
                         f"{spec.archive!r}")
    if not 1 <= spec.phase_hours <= 24 * 60:
        raise JudgeError("the time for each phase must be 1 hour to 60 days")


def _options(spec: GameSpec) -> dict[str, bool | int | str]:
    options = dict(spec.options)
    for name, value in (("columns", spec.columns), ("rows", spec.rows)):
        if value is not None:
            options[name] = value
    return options


def create_game(engine: Engine, spec: GameSpec, now: datetime | None = None,
                mail: Any = None,
                then: Callable[[Any, dict[str, str]], None] | None = None,
                mail_passwords: bool = False) -> CreatedGame:
    """Make a game. Given mail settings, each player's briefing is queued in the same
    transaction (a forming game's go out when it starts), and the game master is told it
    has started; with `mail_passwords`, each player (and the game master) is mailed their
    own password first, in the same transaction (pbem.app.mailout.notices.tell_passwords).
    `then(session, passwords)` runs in it too (the league mails its own words with them),
    so what a caller queues with the new passwords commits with the game or not at all."""
    now = now or utcnow()
    try:
        hosted = (rulesets.load(spec.ruleset, spec.position) if spec.position is not None
                  else rulesets.start(spec.ruleset, spec.scenario, _options(spec),
                                      spec.scenario_text))
    except (ValueError, KeyError, TypeError) as exc:
        raise JudgeError(f"the game cannot start: {exc}") from None
    _validate(spec, hosted)
    seed = spec.seed if spec.seed is not None else secrets.token_bytes(32)
    commitment = hashlib.sha256(seed).hexdigest()
    passwords: dict[str, str] = {}
    try:
        _insert_game(engine, spec, hosted, seed, commitment, passwords, now, mail, then,
                     mail_passwords)
    except IntegrityError:  # created by someone else between our look and our insert
        raise JudgeError(f"there is already a game called {spec.game_id}; choose another "
                         "name") from None
    return CreatedGame(spec.game_id, commitment, hosted.key, passwords)


GM = "GM"  # the game master's name in a sign-on line: SIGNON <game> GM <password>


def _insert_game(engine: Engine, spec: GameSpec, hosted: rulesets.HostedGame, seed: bytes,
                 commitment: str, passwords: dict[str, str], now: datetime,
                 mail: Any = None,
                 then: Callable[[Any, dict[str, str]], None] | None = None,
                 mail_passwords: bool = False) -> None:
    gm_password = new_password() if spec.gm_email else None
    if gm_password:
        passwords[GM] = gm_password  # shown once with the players' (the name GM is reserved)
    with transaction(engine) as session:
        if repo.game(session, spec.game_id) is not None:
            raise JudgeError(f"there is already a game called {spec.game_id}; choose another name")
        repo.add(session, GameRow(
            id=spec.game_id, ruleset=spec.ruleset,
            ruleset_version=rulesets.plugin(spec.ruleset).version, scenario=hosted.scenario_name,
            options=json.dumps(_options(spec)),
            status="forming" if spec.forming else "active", seed=seed.hex(),
            seed_commitment=commitment, dice_name=spec.dice_name or spec.game_id,
            phase_hours=spec.phase_hours, created_at=now, current_key=hosted.key,
            timing=spec.timing.to_json() if spec.timing is not None else None,
            gm_email=spec.gm_email.lower() if spec.gm_email else None,
            gm_password_hash=hash_password(gm_password) if gm_password else None,
            player_extensions=spec.player_extensions, vacation_days=spec.vacation_days,
            settings=json.dumps({ARCHIVE_AFTER_END: spec.archive}
                                if spec.archive != "open" else {}),
        ))
        for seq, side in enumerate(hosted.sides):
            repo.add(session, SideRow(game_id=spec.game_id, name=side, seq=seq))
        for player in spec.players:
            password = player.password or new_password()
            passwords[player.name] = password
            repo.add(session, PlayerRow(
                game_id=spec.game_id, name=player.name, email=player.email.lower(),
                timezone=player.timezone, side=player.side,
                pieces=json.dumps(list(player.pieces)), password_hash=hash_password(password),
            ))
        game = repo.game(session, spec.game_id)
        assert game is not None
        repo.add(session, PhaseRow(
            game_id=spec.game_id, seq=0, key=hosted.key, status="open",
            deadline=None if spec.forming else next_deadline(game, hosted.phase.kind, now),
            state_before=json.dumps(hosted.to_json()), opened_at=now,
        ))
        repo.journal_append(session, spec.game_id, "game_created", {
            "scenario": hosted.scenario_name, "ruleset": spec.ruleset,
            "ruleset_version": rulesets.plugin(spec.ruleset).version,
            "players": [[p.name, p.side] for p in spec.players],
            "seed_commitment": commitment, "options": _options(spec),
        }, now)
        if mail is not None and mail_passwords:
            tell_passwords(session, mail, game, passwords, now)
        if mail is not None and not spec.forming:
            queue_briefings(session, mail, spec.game_id, now)
            tell_started(session, mail, game, now)
        if then is not None:
            then(session, passwords)


def list_games(engine: Engine) -> list[dict[str, Any]]:
    with transaction(engine) as session:
        return [{"game": g.id, "scenario": g.scenario, "status": g.status,
                 "phase": g.current_key, "winner": g.winner} for g in repo.games(session)]


def show_game(engine: Engine, game_id: str, side: str | None = None,
              game_master: bool = True) -> dict[str, Any]:
    """What a game master (everything) or a side (its own view) may know of a game."""
    with transaction(engine) as session:
        row = require_game(session, game_id)
        phases = repo.phases(session, game_id, archived=True)
        open_row = repo.open_phase(session, game_id)
        live = [p for p in phases if p.status != "archived"]
        latest = live[-1] if live else None
        data = (latest.state_after or latest.state_before) if latest else None
        hosted = rulesets.load(row.ruleset, json.loads(data)) if data else None
        revealed = row.status in ("over", "ended")
        owes = hosted.owes_told(side, game_master) if hosted else []
        view = (hosted.full_view() if game_master else hosted.view(side)) if hosted else None
        players = repo.players(session, game_id)
        submitted = sorted({next((p.name for p in players if p.id == row.player_id), "?")
                            for row in repo.submissions(session, open_row.id or 0)}
                           ) if open_row else []
        waiting = [s for s in owes if any(p.side == s and p.name not in submitted
                                          for p in players)] if open_row else []
        return {
            "game": row.id, "ruleset": row.ruleset, "ruleset_version": row.ruleset_version,
            "scenario": row.scenario,
            "sides": repo.sides(session, game_id),
            "status": row.status, "phase": row.current_key, "winner": row.winner,
            "deadline": open_row.deadline.isoformat()
            if open_row and open_row.deadline and not revealed else None,
            "owes": [] if revealed else owes,  # an ended game waits for nobody
            "submitted": submitted,
            # sides owing orders with a player who sent none yet (none once the game is over)
            "waiting_for": [] if revealed else waiting,
            "archive_after_end": archive_after_end(row),
            "phase_kind": hosted.phase.kind if hosted and not hosted.over else None,
            "phase_title": hosted.phase_title if hosted else None,
            "phase_side": hosted.phase.side if hosted and not hosted.over else None,
            "turn": hosted.turn if hosted else None,
            "seed_commitment": row.seed_commitment,
            "seed": row.seed if revealed else None,
            "player_extensions": row.player_extensions,  # EXTENDs each player may ask for
            "vacation_days": row.vacation_days,  # days of VACATION each player may declare
            "players": [{"name": p.name, "side": p.side, "timezone": p.timezone,
                         **({"email": p.email} if game_master else {})} for p in players],
            "phases": [{"key": p.key, "status": p.status, "generation": p.generation,
                        "resolved_at": p.resolved_at.isoformat() if p.resolved_at else None}
                       for p in phases],
            "state": view,
            "sections": [s.as_json() for s in hosted.report_sections(
                view, None if game_master else side)] if hosted and view is not None else [],
        }


def _set_status(engine: Engine, game_id: str, allowed: tuple[str, ...], status: str,
                kind: str, now: datetime | None) -> None:
    now = now or utcnow()
    with transaction(engine) as session:
        row = require_game(session, game_id, lock=True)
        if row.status not in allowed:
            raise JudgeError(f"{game_id} is {row.status}; it cannot be {status} now")
        row.status = status
        session.add(row)
        repo.journal_append(session, game_id, kind, {"status": status}, now)


def pause_game(engine: Engine, game_id: str, now: datetime | None = None) -> None:
    _set_status(engine, game_id, ("active",), "paused", "paused", now)


def resume_game(engine: Engine, game_id: str, now: datetime | None = None) -> None:
    """Resume; the open phase's deadline moves on by the time the game stood still."""
    now = now or utcnow()
    with transaction(engine) as session:
        row = require_game(session, game_id, lock=True)
        if row.status != "paused":
            raise JudgeError(f"{game_id} is {row.status}, not paused")
        row.status = "active"
        session.add(row)
        phase = repo.open_phase(session, game_id)
        if phase is not None:
            kind = rulesets.load(row.ruleset, json.loads(phase.state_before)).phase.kind
            phase.deadline = next_deadline(row, kind, now, vacations=vacations_of(session, game_id))
            phase.reminded = None
            session.add(phase)
        repo.journal_append(session, game_id, "resumed", {"status": "active"}, now)


DRAW = interface.DRAW  # a declared result that names no side ("draw")


def end_game(engine: Engine, game_id: str, now: datetime | None = None,
             winner: str | None = None) -> str:
    """End a game (a game master's decision), with no winner or with a declared one (a side,
    or DRAW), which is stored as the game's winner; reveals the seed."""
    now = now or utcnow()
    with transaction(engine) as session:
        row = require_game(session, game_id, lock=True)
        if row.status not in ("active", "paused"):
            raise JudgeError(f"{game_id} is {row.status}; it cannot be ended now")
        if winner is not None:
            sides = repo.sides(session, game_id)
            if winner != DRAW and winner not in sides:
                raise JudgeError(f"'{winner}' is not a side of {game_id}; declare one of "
                                 f"{', '.join(sides)} or {DRAW}")
            row.winner = winner
        row.status = "ended"
        session.add(row)
        repo.journal_append(session, game_id, "ended",
                            {"status": "ended", **({"winner": winner} if winner else {})}, now)
        return row.seed


def replace_player(engine: Engine, game_id: str, old_name: str, new: PlayerSpec,
                   now: datetime | None = None) -> str:
    """A new player takes over a player's pieces; returns the new player's password."""
    now = now or utcnow()
    with transaction(engine) as session:
        game = require_game(session, game_id, lock=True)
        old = repo.player(session, game_id, old_name)
        if old is None:
            raise JudgeError(f"there is no player '{old_name}' in {game_id}")
        _check_player(new, [p.name for p in repo.players(session, game_id) if p.id != old.id])
        if game.gm_password_hash:
            _gm_name(new.name)
        password = new.password or new_password()
        row = repo.add(session, PlayerRow(
            game_id=game_id, name=new.name, email=new.email.lower(), timezone=new.timezone,
            side=old.side, pieces=old.pieces, password_hash=hash_password(password),
        ))
        old.active = False
        old.replaced_by = row.id
        session.add(old)
        repo.journal_append(session, game_id, "player_replaced",
                            {"old": old.name, "new": new.name, "side": old.side}, now)
    return password


def next_generation(session: Any, game_id: str, seq: int, key: str) -> int:
    """The generation of a new play of phase `key` at place `seq`: 0 for the first play of
    both, else one more than any play before at that place or of that phase anywhere. A
    report's Message-ID and job name a play by its phase and generation
    (pbem.app.mailout.queue.report_key), so no two plays of a phase may share one, even when
    a rollback brings the phase at another place (an initiative rolled again can put
    "T2-move-blue" a phase earlier than it was): counted by place alone, the later play's
    reports were taken for an earlier play's, already sent, and dropped."""
    plays = [p.generation for p in repo.phases(session, game_id, archived=True)
             if p.seq == seq or p.key == key]
    return max(plays) + 1 if plays else 0


def rollback(engine: Engine, game_id: str, key: str, now: datetime | None = None) -> None:
    """Open phase `key` again: it and every later phase are archived (never deleted), and a
    fresh copy of it takes the orders that were current for it. Refused for a game that is
    over or ended: its seed was revealed then, and every roll of a game played on from it
    would be known in advance (re-keying it with a new seed would break the commitment the
    players were given at the start, so it is not offered)."""
    now = now or utcnow()
    with transaction(engine) as session:
        row = require_game(session, game_id, lock=True)
        if row.status in ("over", "ended"):
            raise JudgeError(f"{game_id} is {row.status} and its seed was revealed to everyone "
                             "when it ended, so it cannot be rolled back: played on, every "
                             "roll would be known in advance. Start a new game (with a new "
                             "seed) to play it again")
        live = list(repo.phases(session, game_id))
        target = next((p for p in live if p.key == key), None)
        if target is None:
            keys = ", ".join(p.key for p in live)
            raise JudgeError(f"{game_id} has no phase {key}; its phases are {keys}")
        orders = list(repo.submissions(session, target.id or 0))
        for phase in live:
            if phase.seq >= target.seq:
                phase.status = "archived"
                session.add(phase)
        session.flush()
        fresh = repo.add(session, PhaseRow(
            game_id=game_id, seq=target.seq,
            generation=next_generation(session, game_id, target.seq, key), key=key,
            status="open",
            deadline=next_deadline(row, rulesets.load(
                row.ruleset, json.loads(target.state_before)).phase.kind, now,
                vacations=vacations_of(session, game_id)),
            state_before=target.state_before, opened_at=now,
        ))
        for order in orders:
            repo.add(session, SubmissionRow(
                phase_id=fresh.id, player_id=order.player_id, side=order.side, raw=order.raw,
                parsed=order.parsed, source=order.source, received_at=order.received_at,
            ))
        row.status = "active"
        row.winner = None
        row.current_key = key
        session.add(row)
        repo.journal_append(session, game_id, "rollback", {"to": key}, now)
