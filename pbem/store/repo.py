"""Queries and writes, one function each; the use-cases own the transactions they run in."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, func, text, update
from sqlalchemy.engine import Connection
from sqlmodel import Session, col, select

from pbem.store.models import (
    GameRow,
    GmLoginFailureRow,
    JournalRow,
    JudgeStateRow,
    LeagueGameRow,
    LeagueRoundRow,
    LeagueRow,
    LockoutNoticeRow,
    LoginFailureRow,
    MailInRow,
    MailNoticeRow,
    MailOutRow,
    PhaseRow,
    PlayerRow,
    PressRow,
    RatingRow,
    SeasonPlayerRow,
    SeasonRow,
    SideRow,
    SubmissionRow,
    ThrottleRow,
    unpack,
)

GENESIS = "0" * 64


def game(session: Session, game_id: str) -> GameRow | None:
    return session.get(GameRow, game_id)


def lock_game(session: Session, game_id: str, skip_locked: bool = False) -> GameRow | None:
    """The game row, locked until the transaction ends: writers of one game queue up on
    PostgreSQL as they do on SQLite, where BEGIN IMMEDIATE already locks the database. With
    `skip_locked`, a row another transaction holds is not waited for: None (PostgreSQL's
    SKIP LOCKED, how several running judges share the due games)."""
    return session.exec(select(GameRow).where(GameRow.id == game_id)
                        .with_for_update(skip_locked=skip_locked)).first()


def games(session: Session) -> Sequence[GameRow]:
    return session.exec(select(GameRow).order_by(col(GameRow.created_at))).all()


def add(session: Session, row: Any) -> Any:
    session.add(row)
    session.flush()
    return row


def sides(session: Session, game_id: str) -> list[str]:
    rows = session.exec(select(SideRow).where(SideRow.game_id == game_id)
                        .order_by(col(SideRow.seq))).all()
    return [row.name for row in rows]


def players(session: Session, game_id: str, active_only: bool = True) -> Sequence[PlayerRow]:
    query = select(PlayerRow).where(PlayerRow.game_id == game_id)
    if active_only:
        query = query.where(col(PlayerRow.active).is_(True))
    return session.exec(query.order_by(col(PlayerRow.id))).all()


def player(session: Session, game_id: str, name: str) -> PlayerRow | None:
    """The game's active player of that name, whatever its letters' case (compared in
    Python: SQLite's lower() folds ASCII letters only)."""
    wanted = name.casefold()
    return next((p for p in players(session, game_id) if p.name.casefold() == wanted), None)


def open_phase(session: Session, game_id: str) -> PhaseRow | None:
    return session.exec(
        select(PhaseRow).where(PhaseRow.game_id == game_id, PhaseRow.status == "open")
        .order_by(col(PhaseRow.seq).desc()).limit(1)
    ).first()


def phases(session: Session, game_id: str, archived: bool = False) -> Sequence[PhaseRow]:
    query = select(PhaseRow).where(PhaseRow.game_id == game_id)
    if not archived:
        query = query.where(PhaseRow.status != "archived")
    return session.exec(query.order_by(col(PhaseRow.seq), col(PhaseRow.generation))).all()


def next_generation(session: Session, game_id: str, seq: int) -> int:
    """0 for a phase seen the first time; one more than the archived copies after a roll back."""
    rows = session.exec(select(PhaseRow.generation).where(PhaseRow.game_id == game_id,
                                                          PhaseRow.seq == seq)).all()
    return max(rows) + 1 if rows else 0


def claim(session: Session, phase_id: int) -> bool:
    """Mark an open phase as being resolved; False if someone else already did. Both
    databases make the second claimant wait for the first to commit, then see 0 rows."""
    result = session.execute(
        update(PhaseRow).where(col(PhaseRow.id) == phase_id, col(PhaseRow.status) == "open")
        .values(status="resolving")
    )
    return bool(getattr(result, "rowcount", 0) == 1)


def latest_submission(session: Session, phase_id: int,
                      player_id: int) -> SubmissionRow | None:
    """A player's current submission for a phase (the latest), if any."""
    return session.exec(select(SubmissionRow).where(
        SubmissionRow.phase_id == phase_id, SubmissionRow.player_id == player_id)
        .order_by(col(SubmissionRow.id).desc()).limit(1)).first()


def submissions(session: Session, phase_id: int, current_only: bool = True,
                ) -> Sequence[SubmissionRow]:
    """A phase's submissions in the order received; by default only each player's latest
    (the one that counts: a later submission replaces the earlier, which stays stored)."""
    query = select(SubmissionRow).where(SubmissionRow.phase_id == phase_id)
    if current_only:
        latest = (select(func.max(SubmissionRow.id)).where(SubmissionRow.phase_id == phase_id)
                  .group_by(col(SubmissionRow.player_id)))
        query = query.where(col(SubmissionRow.id).in_(latest))
    return session.exec(query.order_by(col(SubmissionRow.received_at), col(SubmissionRow.id))).all()


def is_current(row: SubmissionRow, current: Sequence[SubmissionRow]) -> bool:
    return any(other.id == row.id for other in current)


@dataclass(frozen=True)
class OrderContext:
    """What taking a player's orders needs, read in one query."""

    game_status: str
    ruleset: str
    player_id: int
    player_name: str
    side: str
    pieces: str
    password_hash: str
    phase_id: int
    phase_key: str
    generation: int
    state_before: str
    side_players: int  # active players on the player's side (15.2: more than one share it)
    earlier: int  # how many sets of orders the player already sent for this phase


# Taking orders is the judge's busiest write: its statements are written once, not built
# anew for every submission.
_ORDER_CONTEXT = text(
    "SELECT g.status, g.ruleset, p.id, p.name, p.side, p.pieces, p.password_hash, "
    "ph.id, ph.key, ph.generation, ph.state_before, (SELECT count(*) FROM players q "
    "WHERE q.game_id = g.id AND q.side = p.side AND q.active), (SELECT count(*) FROM submissions s "
    "WHERE s.phase_id = ph.id AND s.player_id = p.id) "
    "FROM games g JOIN players p ON p.game_id = g.id JOIN phases ph ON ph.game_id = g.id "
    "WHERE g.id = :game AND (lower(p.name) = :name OR p.name = :exact) AND p.active "
    "AND ph.status = 'open' "
    "LIMIT 1")
_LOCK_GAME = text("SELECT id FROM games WHERE id = :game FOR UPDATE")
_INSERT_SUBMISSION = text(
    "INSERT INTO submissions (phase_id, player_id, side, raw, parsed, source, received_at) "
    "VALUES (:phase, :player, :side, :raw, :parsed, :source, :at)"
).bindparams(bindparam("at", type_=SubmissionRow.__table__.c.received_at.type))  # type: ignore[attr-defined]


def _sqlite_driver(connection: Connection) -> Any:
    """SQLite's own connection, for the two statements run on every submission; elsewhere
    None. The statements are the same text either way."""
    if connection.dialect.name != "sqlite":
        return None
    return connection.connection.dbapi_connection


def order_context(connection: Connection, game_id: str,
                  player_name: str) -> OrderContext | None:
    """Game, active player and open phase together (None when any is missing); the game row
    is locked for the rest of the transaction (on SQLite, BEGIN IMMEDIATE already did)."""
    params = {"game": game_id, "name": player_name.lower(), "exact": player_name}
    driver = _sqlite_driver(connection)
    if driver is not None:
        row = driver.execute(_ORDER_CONTEXT.text, params).fetchone()
    else:
        connection.execute(_LOCK_GAME, {"game": game_id})
        row = connection.execute(_ORDER_CONTEXT, params).first()
    if row is None:
        return None
    values = list(row[:-1])
    values[10] = unpack(values[10])  # ph.state_before, read by hand: unpacked by hand
    return OrderContext(*values, earlier=int(row[-1]))


def store_submission(connection: Connection, phase_id: int, player_id: int, side: str,
                     raw: str, parsed: str, source: str, at: datetime) -> None:
    """Store a submission; being the latest, it is the player's current one."""
    params: dict[str, Any] = {"phase": phase_id, "player": player_id, "side": side,
                              "raw": raw, "parsed": parsed, "source": source, "at": at}
    driver = _sqlite_driver(connection)
    if driver is None:
        connection.execute(_INSERT_SUBMISSION, params)
        return
    column = SubmissionRow.__table__.c.received_at  # type: ignore[attr-defined]
    stored_as = column.type.bind_processor(connection.dialect)
    params["at"] = stored_as(at) if stored_as else at  # exactly as SQLAlchemy would store it
    driver.execute(_INSERT_SUBMISSION.text, params)


def _digest(prev_hash: str, at: datetime, kind: str, data: str) -> str:
    text = "\n".join((prev_hash, at.isoformat(), kind, data))
    return hashlib.sha256(text.encode()).hexdigest()


_LAST_HASH = text("SELECT hash FROM journal WHERE game_id = :game ORDER BY id DESC LIMIT 1")
_INSERT_JOURNAL = text(
    "INSERT INTO journal (game_id, at, kind, data, prev_hash, hash) "
    "VALUES (:game, :at, :kind, :data, :prev, :hash)"
).bindparams(bindparam("at", type_=JournalRow.__table__.c.at.type))  # type: ignore[attr-defined]


def journal_append(session: Session, game_id: str, kind: str, data: dict[str, Any],
                   at: datetime) -> str:
    """Append an entry chained to the game's previous one; returns its hash."""
    last = session.execute(_LAST_HASH, {"game": game_id}).scalar()
    prev = last or GENESIS
    body = json.dumps(data, sort_keys=True, separators=(",", ":"))
    digest = _digest(prev, at, kind, body)
    session.execute(_INSERT_JOURNAL, {"game": game_id, "at": at, "kind": kind, "data": body,
                                      "prev": prev, "hash": digest})
    return digest


def journal(session: Session, game_id: str) -> Sequence[JournalRow]:
    return session.exec(select(JournalRow).where(JournalRow.game_id == game_id)
                        .order_by(col(JournalRow.id))).all()


def journal_breaks(entries: Sequence[JournalRow]) -> list[str]:
    """Where the hash chain does not hold (empty when it does)."""
    problems = []
    prev = GENESIS
    for entry in entries:
        if entry.prev_hash != prev:
            problems.append(f"journal entry {entry.id} does not follow entry before it")
        if _digest(entry.prev_hash, entry.at, entry.kind, entry.data) != entry.hash:
            problems.append(f"journal entry {entry.id} ({entry.kind}) was altered")
        prev = entry.hash
    return problems


# The mail gateway: mail received, the outbox, login failures, press.

MAIL_KINDS = ("reply", "report", "press", "reminder", "deadline", "notice")
MAIL_SOURCES = ("stdin", "maildir", "imap", "lmtp", "inject")
MAIL_IN_STATES = ("new", "handled", "ignored", "quarantined")
# a message the server keeps putting off is retried after 1, 2, 4 ... minutes, then hourly,
# and given up (failed) once it is this old: about 77 attempts over three days
RETRY_FIRST = timedelta(minutes=1)
RETRY_MOST = timedelta(hours=1)
GIVE_UP_AFTER = timedelta(days=3)
LOCKOUT_FAILURES = 5
LOCKOUT_WINDOW = timedelta(hours=1)


def store_incoming(session: Session, *, raw: bytes, message_id: str, source: str,
                   received_at: datetime, digest: str | None = None,
                   raw_size: int | None = None) -> MailInRow:
    """Store a message as it came (state "new"), before anything is done with it. `digest`
    defaults to the sha256 of the raw bytes; the pipeline may give a digest of the body
    instead, so that copies with different Received: lines count as the same message."""
    if source not in MAIL_SOURCES:
        raise ValueError(f"a message comes from one of {', '.join(MAIL_SOURCES)}; got {source!r}")
    row = MailInRow(received_at=received_at, message_id=message_id[:998],
                    digest=digest or hashlib.sha256(raw).hexdigest(), source=source, raw=raw,
                    raw_size=raw_size, state="new")
    session.add(row)
    session.flush()
    return row


def find_incoming(session: Session, message_id: str, digest: str,
                  before_id: int | None = None) -> MailInRow | None:
    """The first stored message with this Message-ID and digest (received before the row
    `before_id`, when given: the copy just stored is not its own earlier copy)."""
    query = select(MailInRow).where(MailInRow.message_id == message_id[:998],
                                    MailInRow.digest == digest)
    if before_id is not None:
        query = query.where(col(MailInRow.id) < before_id)
    return session.exec(query.order_by(col(MailInRow.id)).limit(1)).first()


def incoming(session: Session, states: Sequence[str] | None = None) -> Sequence[MailInRow]:
    """Stored messages in the order received, of the given states (default: all)."""
    query = select(MailInRow)
    if states is not None:
        query = query.where(col(MailInRow.state).in_(list(states)))
    return session.exec(query.order_by(col(MailInRow.id))).all()


def mark_incoming(session: Session, row_id: int, state: str, now: datetime, *,
                  reason: str | None = None, outcome: dict[str, Any] | None = None) -> None:
    """Record what became of a received message."""
    if state not in MAIL_IN_STATES:
        raise ValueError(f"a received message is one of {', '.join(MAIL_IN_STATES)}; "
                         f"got {state!r}")
    session.execute(update(MailInRow).where(col(MailInRow.id) == row_id).values(
        state=state, reason=reason, handled_at=None if state == "new" else now,
        outcome=None if outcome is None else json.dumps(outcome, sort_keys=True)))


def queue_mail(session: Session, *, message_id: str, kind: str, game_id: str | None,
               recipients: Sequence[str], sender: str, subject: str, raw: bytes,
               now: datetime, job: dict[str, Any] | None = None) -> MailOutRow:
    """Put a message in the outbox, due now, in the caller's transaction. Queuing a
    Message-ID that is already there keeps the first (and returns it): a use-case run
    again after a crash queues nothing twice."""
    if kind not in MAIL_KINDS:
        raise ValueError(f"an outgoing message is one of {', '.join(MAIL_KINDS)}; got {kind!r}")
    if not recipients:
        raise ValueError("an outgoing message needs at least one recipient")
    values: dict[str, Any] = {
        "message_id": message_id, "kind": kind, "game_id": game_id,
        "recipients": json.dumps(list(recipients)), "sender": sender, "subject": subject,
        "raw": raw, "state": "queued", "attempts": 0, "next_attempt_at": now, "created_at": now,
        "job": None if job is None else json.dumps(job, sort_keys=True)}
    dialect = session.get_bind().dialect.name
    if dialect == "sqlite":  # two writers queueing one id: the second inserts nothing
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        session.execute(sqlite_insert(MailOutRow).values(**values)
                        .on_conflict_do_nothing(index_elements=["message_id"]))
    elif dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as postgresql_insert

        session.execute(postgresql_insert(MailOutRow).values(**values)
                        .on_conflict_do_nothing(index_elements=["message_id"]))
    elif session.exec(select(MailOutRow.id).where(
            MailOutRow.message_id == message_id)).first() is None:
        session.add(MailOutRow(**values))
        session.flush()
    return session.exec(select(MailOutRow).where(MailOutRow.message_id == message_id)).one()


def claim_due_mail(session: Session, now: datetime, limit: int = 100,
                   lease: timedelta = timedelta(minutes=10)) -> Sequence[MailOutRow]:
    """The queued messages due by `now`, oldest first, each put off by `lease` so that
    another sender running at the same time leaves them alone while this one sends them.
    A sender that dies before marking them sends them again when the lease ends."""
    query = (select(MailOutRow).where(MailOutRow.state == "queued",
                                      col(MailOutRow.next_attempt_at) <= now)
             .order_by(col(MailOutRow.next_attempt_at), col(MailOutRow.id)).limit(limit))
    if session.get_bind().dialect.name == "postgresql":
        query = query.with_for_update(skip_locked=True)
    rows = session.exec(query).all()
    if rows:
        session.execute(update(MailOutRow)
                        .where(col(MailOutRow.id).in_([row.id for row in rows]))
                        .values(next_attempt_at=now + lease))
    return rows


def due_mail(session: Session, now: datetime, limit: int = 100) -> Sequence[MailOutRow]:
    """The queued messages due by `now`, oldest first (a look only: see claim_due_mail)."""
    return session.exec(
        select(MailOutRow).where(MailOutRow.state == "queued",
                                 col(MailOutRow.next_attempt_at) <= now)
        .order_by(col(MailOutRow.next_attempt_at), col(MailOutRow.id)).limit(limit)).all()


def outbox_rows(session: Session, states: Sequence[str] | None = None,
                ) -> Sequence[MailOutRow]:
    """The outbox in the order queued, of the given states (default: all)."""
    query = select(MailOutRow)
    if states is not None:
        query = query.where(col(MailOutRow.state).in_(list(states)))
    return session.exec(query.order_by(col(MailOutRow.id))).all()


def envelope(row: MailOutRow) -> list[str]:
    """Whom the next attempt sends the message to."""
    return list(json.loads(row.pending if row.pending is not None else row.recipients))


def store_made(session: Session, row: MailOutRow, raw: bytes) -> None:
    """Keep the bytes made for a message queued as a job: a retry sends the same ones."""
    session.execute(update(MailOutRow).where(col(MailOutRow.id) == row.id).values(raw=raw))


def mark_sent(session: Session, row: MailOutRow, now: datetime) -> None:
    session.execute(update(MailOutRow).where(col(MailOutRow.id) == row.id).values(
        state="sent", sent_at=now, attempts=MailOutRow.attempts + 1, pending=None))


def retry_delay(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failed attempt: 1 minute, doubling, at most 1 hour."""
    doubled: timedelta = RETRY_FIRST * 2 ** min(max(attempts - 1, 0), 20)
    return min(doubled, RETRY_MOST)


def mark_retry(session: Session, row: MailOutRow, error: str, now: datetime,
               pending: Sequence[str] | None = None) -> str:
    """Count a failed attempt and schedule the next (see retry_delay), or give the message
    up as failed once it is GIVE_UP_AFTER old. `pending`: the recipients still owed it,
    when the server took it for the others. Returns the new state."""
    attempts = row.attempts + 1
    values: dict[str, Any] = {"attempts": MailOutRow.attempts + 1, "last_error": error}
    if pending is not None:
        values["pending"] = json.dumps(list(pending))
    if now - _utc(row.created_at) >= GIVE_UP_AFTER:
        values.update(state="failed", last_error=f"{error} (given up after {attempts} "
                                                 f"attempts over {GIVE_UP_AFTER.days} days)")
    else:
        values.update(next_attempt_at=now + retry_delay(attempts))
    session.execute(update(MailOutRow).where(col(MailOutRow.id) == row.id).values(**values))
    return str(values.get("state", "queued"))


def mark_failed(session: Session, row: MailOutRow, error: str, now: datetime) -> None:
    """The message will never go (the server refused it for good)."""
    session.execute(update(MailOutRow).where(col(MailOutRow.id) == row.id).values(
        state="failed", attempts=MailOutRow.attempts + 1, last_error=error,
        next_attempt_at=now))


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def record_login_failure(session: Session, player_id: int, now: datetime,
                         address: str | None = None) -> None:
    """A wrong password for a player, from `address` (the sender; None when unknown)."""
    add(session, LoginFailureRow(player_id=player_id, at=now,
                                 address=None if address is None else address.lower()[:254]))


def login_failures_since(session: Session, player_id: int, since: datetime) -> int:
    return int(session.execute(
        select(func.count()).select_from(LoginFailureRow)
        .where(LoginFailureRow.player_id == player_id, col(LoginFailureRow.at) > since)
    ).scalar_one())


def _bucket(column: Any, address: str | None, registered: str | None) -> Any:
    """The failures that count against `address`: those from the registered address when it
    is the registered one, else those from every other address (or from none recorded). A
    stranger's guesses never lock the player out of their own address."""
    if address is None or registered is None:
        return True
    if address.lower() == registered.lower():
        return func.lower(column) == registered.lower()
    return (column == None) | (func.lower(column) != registered.lower())  # noqa: E711


def _lockout_end(times: Sequence[datetime], now: datetime, failures: int,
                 window: timedelta) -> datetime | None:
    """`failures` within `window` lock for `window` after the last of them."""
    moments = [_utc(at) for at in times]
    ends = [moments[last] + window for last in range(failures - 1, len(moments))
            if moments[last] - moments[last - failures + 1] <= window]
    end = max(ends, default=None)
    return end if end is not None and end > now else None


def locked_out_until(session: Session, player_id: int, now: datetime,
                     failures: int = LOCKOUT_FAILURES,
                     window: timedelta = LOCKOUT_WINDOW, *, address: str | None = None,
                     registered: str | None = None) -> datetime | None:
    """When a player's lockout ends, or None when they are not locked out: `failures`
    wrong passwords within `window` lock the player out for `window` after the last of
    them. Given the sender's `address` and the player's `registered` one, only the failures
    of the same kind count (the player's own address, or any other). Only failures recorded
    count, so the pipeline decides whether attempts made during a lockout prolong it."""
    times = session.exec(
        select(LoginFailureRow.at).where(
            LoginFailureRow.player_id == player_id, col(LoginFailureRow.at) > now - 2 * window,
            _bucket(LoginFailureRow.address, address, registered))
        .order_by(col(LoginFailureRow.at))).all()
    return _lockout_end(times, now, failures, window)


def record_gm_failure(session: Session, game_id: str, address: str, now: datetime) -> None:
    """A wrong game master's password for a game, from `address`."""
    add(session, GmLoginFailureRow(game_id=game_id, address=address.lower()[:254], at=now))


def gm_locked_out_until(session: Session, game_id: str, now: datetime, *, address: str,
                        registered: str | None, failures: int = LOCKOUT_FAILURES,
                        window: timedelta = LOCKOUT_WINDOW) -> datetime | None:
    """As `locked_out_until`, for a game's game master."""
    times = session.exec(
        select(GmLoginFailureRow.at).where(
            GmLoginFailureRow.game_id == game_id, col(GmLoginFailureRow.at) > now - 2 * window,
            _bucket(GmLoginFailureRow.address, address, registered or ""))
        .order_by(col(GmLoginFailureRow.at))).all()
    return _lockout_end(times, now, failures, window)


def claim_throttle(session: Session, key: str, now: datetime, limit: int,
                   window: timedelta) -> bool:
    """True when `key` has had fewer than `limit` grants in its current window (and this one
    is counted); a window starts with the first grant after the last window ended. One
    statement (an upsert), so two judges at once cannot both take the last grant."""
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as upsert
    else:
        from sqlalchemy.dialects.sqlite import insert as upsert  # type: ignore[assignment]
    from sqlalchemy import case

    table = ThrottleRow.__table__  # type: ignore[attr-defined]
    over = table.c.window_start <= now - window
    statement = upsert(ThrottleRow).values(key=key[:300], window_start=now, count=1)
    statement = statement.on_conflict_do_update(
        index_elements=["key"],
        set_={"window_start": case((over, now), else_=table.c.window_start),
              "count": case((over, 1), else_=table.c.count + 1)}).returning(table.c.count)
    return int(session.execute(statement).scalar_one()) <= limit


def _claim_once(session: Session, model: Any, key: str, value: Any, now: datetime,
                every: timedelta) -> bool:
    """One statement: record `now` for this key unless it was recorded less than `every`
    ago; True when recorded. Two mails at once for one key cannot both win, nor fail on the
    key (an upsert that updates only an old enough row)."""
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as upsert
    else:
        from sqlalchemy.dialects.sqlite import insert as upsert  # type: ignore[assignment]
    table = model.__table__
    statement = upsert(model).values({key: value, "noticed_at": now})
    statement = statement.on_conflict_do_update(
        index_elements=[key], set_={"noticed_at": statement.excluded.noticed_at},
        where=table.c.noticed_at <= now - every).returning(table.c[key])
    return session.execute(statement).first() is not None


def claim_lockout_notice(session: Session, player_id: int, now: datetime,
                         every: timedelta = LOCKOUT_WINDOW) -> bool:
    """True (and remembered) when a locked-out player may be told so now: not more often
    than once in `every`."""
    return _claim_once(session, LockoutNoticeRow, "player_id", player_id, now, every)


def claim_mail_notice(session: Session, address: str, now: datetime,
                      every: timedelta = LOCKOUT_WINDOW) -> bool:
    """True (and remembered) when an address that did not sign on may be answered now: not
    more often than once in `every`."""
    return _claim_once(session, MailNoticeRow, "address", address.lower()[:254], now, every)


def copies(session: Session, mail_id: int, message_id: str, digest: str,
           lock: bool = False) -> Sequence[MailInRow]:
    """The other stored copies of this message (same key and digest), the first first; with
    `lock`, their rows are locked, so two copies being handled at once are handled one after
    the other (on SQLite the write lock already orders them). A message stored without a key
    (its key could not be stored) has no copies."""
    if not message_id:
        return ()
    query = select(MailInRow).where(
        MailInRow.message_id == message_id, MailInRow.digest == digest,
        col(MailInRow.id) != mail_id).order_by(col(MailInRow.id))
    return session.exec(query.with_for_update() if lock else query).all()


def copies_handled(session: Session, mail_id: int, message_id: str,
                   digest: str) -> MailInRow | None:
    """Another stored copy of this message (same key and digest) already handled or set
    aside (see `copies`: the rows are locked)."""
    found = copies(session, mail_id, message_id, digest, lock=True)
    return next((c for c in found if c.state in ("handled", "ignored")), None)


def forget_incoming(session: Session, row_id: int) -> None:
    """Remove a stored copy the judge did not take (it asked the server to deliver it again,
    so the server keeps it)."""
    row = session.get(MailInRow, row_id)
    if row is not None and row.state == "new":
        session.delete(row)


def trim_incoming(session: Session, row_id: int, keep: int) -> None:
    """Keep only the first `keep` bytes of a stored message (its digest and size stay)."""
    row = session.get(MailInRow, row_id)
    if row is None or len(row.raw) <= keep:
        return
    session.execute(update(MailInRow).where(col(MailInRow.id) == row_id).values(
        raw=bytes(row.raw[:keep]), raw_size=row.raw_size or len(row.raw)))


def store_press(session: Session, *, game_id: str, phase_key: str, from_player_id: int,
                to: str, body: str, now: datetime) -> PressRow:
    row = PressRow(game_id=game_id, phase_key=phase_key, from_player_id=from_player_id, to=to,
                   body=body, sent_at=now)
    session.add(row)
    session.flush()
    return row


def press(session: Session, game_id: str) -> Sequence[PressRow]:
    """A game's press in the order sent."""
    return session.exec(select(PressRow).where(PressRow.game_id == game_id)
                        .order_by(col(PressRow.sent_at), col(PressRow.id))).all()


def judge_state(session: Session, key: str) -> dict[str, Any] | None:
    row = session.get(JudgeStateRow, key)
    return None if row is None else dict(json.loads(row.value))


def set_judge_state(session: Session, key: str, value: dict[str, Any], now: datetime) -> None:
    """Insert or replace in one statement: two judges ending a sweep at once on PostgreSQL
    must not collide on the key (the later one's record stands)."""
    values = {"key": key, "value": json.dumps(value, sort_keys=True), "updated_at": now}
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as upsert
    else:
        from sqlalchemy.dialects.sqlite import insert as upsert  # type: ignore[assignment]
    statement = upsert(JudgeStateRow).values(**values)
    session.execute(statement.on_conflict_do_update(
        index_elements=["key"], set_={"value": statement.excluded.value,
                                      "updated_at": statement.excluded.updated_at}))


# --- the club league ------------------------------------------------------------------


def league(session: Session, name: str) -> LeagueRow | None:
    return session.exec(select(LeagueRow).where(LeagueRow.name == name)).first()


def season(session: Session, name: str, lock: bool = False) -> SeasonRow | None:
    """A season by name; `lock` holds its row until the transaction ends (one writer of a
    season at a time on PostgreSQL, as BEGIN IMMEDIATE gives on SQLite)."""
    query = select(SeasonRow).where(SeasonRow.name == name)
    return session.exec(query.with_for_update() if lock else query).first()


def running_seasons(session: Session) -> Sequence[SeasonRow]:
    return session.exec(select(SeasonRow).where(SeasonRow.status == "running")
                        .order_by(col(SeasonRow.id))).all()


def season_players(session: Session, season_id: int) -> Sequence[SeasonPlayerRow]:
    """Every player who joined, dropped or not, in the order they joined."""
    return session.exec(select(SeasonPlayerRow).where(SeasonPlayerRow.season_id == season_id)
                        .order_by(col(SeasonPlayerRow.id))).all()


def league_rounds(session: Session, season_id: int) -> Sequence[LeagueRoundRow]:
    return session.exec(select(LeagueRoundRow).where(LeagueRoundRow.season_id == season_id)
                        .order_by(col(LeagueRoundRow.number))).all()


def league_games(session: Session, season_id: int,
                 round_number: int | None = None) -> Sequence[LeagueGameRow]:
    query = select(LeagueGameRow).where(LeagueGameRow.season_id == season_id)
    if round_number is not None:
        query = query.where(LeagueGameRow.round_number == round_number)
    return session.exec(query.order_by(col(LeagueGameRow.round_number),
                                       col(LeagueGameRow.seq))).all()


def league_game_of(session: Session, game_id: str) -> LeagueGameRow | None:
    return session.exec(select(LeagueGameRow).where(LeagueGameRow.game_id == game_id)).first()


def latest_ratings(session: Session, emails: Sequence[str]) -> dict[str, RatingRow]:
    """Each address's latest rating step (addresses never rated are absent)."""
    if not emails:
        return {}
    newest = (select(func.max(RatingRow.id)).where(col(RatingRow.email).in_(list(emails)))
              .group_by(col(RatingRow.email)))
    rows = session.exec(select(RatingRow).where(col(RatingRow.id).in_(newest))).all()
    return {row.email: row for row in rows}


def rating_history(session: Session, email: str) -> Sequence[RatingRow]:
    return session.exec(select(RatingRow).where(RatingRow.email == email)
                        .order_by(col(RatingRow.id))).all()
