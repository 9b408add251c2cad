"""The games and their phases: games, sides, players, phases, submissions (with the two
statements run on every submission), the hash-chained journal, the judge's own state
(judge_state: the sweep's records, the retention's last run) and what `pbem status` reads
of them."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import String, and_, bindparam, delete, func, text, type_coerce, update
from sqlalchemy import select as core_select
from sqlalchemy.engine import Connection
from sqlmodel import Session, col, select

from pbem.store.models import (
    GameRow,
    InvitationRow,
    JournalRow,
    JudgeStateRow,
    PhaseRow,
    PlayerRow,
    SideRow,
    SubmissionRow,
    VacationRow,
    unpack,
)
from pbem.store.repo._base import loaded, read, sqlite_driver

GENESIS = "0" * 64


def game(session: Session, game_id: str) -> GameRow | None:
    return session.get(GameRow, game_id)


def open_invitation(session: Session, game_id: str, key: str) -> InvitationRow | None:
    """The game's invitation not taken up yet whose lookup key is `key`."""
    return session.exec(select(InvitationRow).where(
        InvitationRow.game_id == game_id, col(InvitationRow.joined_at).is_(None),
        InvitationRow.code_key == key)).first()


def open_invitations_without_key(session: Session, game_id: str) -> Sequence[InvitationRow]:
    """The game's invitations not taken up yet that were made before lookup keys existed."""
    return session.exec(select(InvitationRow).where(
        InvitationRow.game_id == game_id, col(InvitationRow.joined_at).is_(None),
        col(InvitationRow.code_key).is_(None))).all()


def game_named(session: Session, name: str) -> GameRow | None:
    """The game of that id, whatever its letters' case (game ids are ASCII)."""
    if not name:
        return None
    found = session.get(GameRow, name)
    if found is None:
        found = session.exec(select(GameRow).where(
            func.lower(GameRow.id) == name.lower()).limit(1)).first()
    return found



_GAME_AND_PLAYERS = (select(GameRow, PlayerRow)
                     .outerjoin(PlayerRow, and_(col(PlayerRow.game_id) == col(GameRow.id),
                                                col(PlayerRow.active).is_(True)))
                     .where(GameRow.id == bindparam("game")).order_by(col(PlayerRow.id)))


_GAME_COLUMNS = tuple(GameRow.__table__.columns)  # type: ignore[attr-defined]
_PLAYER_COLUMNS = tuple(PlayerRow.__table__.columns)  # type: ignore[attr-defined]
# the same, as SQLite's own connection runs it (pbem.store.repo._base.sqlite_driver)
_GAME_AND_PLAYERS_SQLITE = (
    "SELECT " + ", ".join(f"g.{c.name}" for c in _GAME_COLUMNS) + ", "
    + ", ".join(f"p.{c.name}" for c in _PLAYER_COLUMNS)
    + " FROM games g LEFT OUTER JOIN players p ON p.game_id = g.id AND p.active IS 1 "
    "WHERE g.id = :game ORDER BY p.id")


def game_and_players(session: Session, name: str) -> tuple[GameRow | None, list[PlayerRow]]:
    """`game_named` and its active `players` (in the order they joined), in one query when
    the name is the game's id as written: each mail signing on needs both. On SQLite the
    query goes to SQLite's own connection and the rows are made into the session's own, as
    if the ORM had loaded them (`loaded`): changed later, they are written at the flush."""
    if not name:
        return None, []
    driver = sqlite_driver(session)
    if driver is not None:
        session.flush()  # (as the ORM's query would: what the session holds is written first)
        found = driver.execute(_GAME_AND_PLAYERS_SQLITE, {"game": name}).fetchall()
        if found:
            width = len(_GAME_COLUMNS)
            made = loaded(session, (GameRow, _GAME_COLUMNS, [found[0][:width]]),
                          (PlayerRow, _PLAYER_COLUMNS,
                           [row[width:] for row in found if row[width] is not None]))
            if made is not None:  # (None: the session holds one of them already)
                return made[0][0], made[1]
    rows = session.execute(_GAME_AND_PLAYERS, {"game": name}).all()
    if not rows:
        found = game_named(session, name)
        return found, [] if found is None else list(players(session, found.id))
    return rows[0][0], [row[1] for row in rows if row[1] is not None]

def is_registered_address(session: Session, address: str) -> bool:
    """Whether `address` is some player's registered address, in any game."""
    if not address:
        return False
    return int(session.execute(core_select(func.count()).select_from(PlayerRow).where(
        func.lower(PlayerRow.email) == address.lower())).scalar_one()) > 0


def lock_game(session: Session, game_id: str, skip_locked: bool = False) -> GameRow | None:
    """The game row, locked until the transaction ends: writers of one game queue up on
    PostgreSQL as they do on SQLite, where BEGIN IMMEDIATE already locks the database. With
    `skip_locked`, a row another transaction holds is not waited for: None (PostgreSQL's
    SKIP LOCKED, how several running judges share the due games)."""
    return session.exec(select(GameRow).where(GameRow.id == game_id)
                        .with_for_update(skip_locked=skip_locked)).first()


def games(session: Session) -> Sequence[GameRow]:
    return session.exec(select(GameRow).order_by(col(GameRow.created_at))).all()


def sides(session: Session, game_id: str) -> list[str]:
    rows = session.exec(select(SideRow).where(SideRow.game_id == game_id)
                        .order_by(col(SideRow.seq))).all()
    return [row.name for row in rows]


_PLAYERS = select(PlayerRow).where(PlayerRow.game_id == bindparam("game"))
_PLAYERS_ACTIVE = _PLAYERS.where(col(PlayerRow.active).is_(True)).order_by(col(PlayerRow.id))
_PLAYERS = _PLAYERS.order_by(col(PlayerRow.id))  # both built once: every mail reads them


def players(session: Session, game_id: str, active_only: bool = True) -> Sequence[PlayerRow]:
    """The game's players (by default only the active ones), in the order they joined."""
    return session.execute(_PLAYERS_ACTIVE if active_only else _PLAYERS,
                           {"game": game_id}).scalars().all()


def player(session: Session, game_id: str, name: str) -> PlayerRow | None:
    """The game's active player of that name, whatever its letters' case (compared in
    Python: SQLite's lower() folds ASCII letters only)."""
    wanted = name.casefold()
    return next((p for p in players(session, game_id) if p.name.casefold() == wanted), None)


_OPEN_PHASE = (select(PhaseRow).where(PhaseRow.game_id == bindparam("game"),
                                      PhaseRow.status == "open")
               .order_by(col(PhaseRow.seq).desc()).limit(1))  # built once: every mail reads it


def open_phase(session: Session, game_id: str) -> PhaseRow | None:
    """The game's open phase (the latest, should there be more), if any."""
    found: PhaseRow | None = session.execute(_OPEN_PHASE, {"game": game_id}).scalars().first()
    return found



@dataclass(frozen=True)
class PhaseGlance:
    """What a status line says of the open phase, read without loading its row."""

    id: int
    key: str
    state_before: str
    deadline: datetime | None


_PHASE_TABLE = PhaseRow.__table__  # type: ignore[attr-defined]
_SUBMISSION_TABLE = SubmissionRow.__table__  # type: ignore[attr-defined]
_OPEN_PHASE_GLANCE = (core_select(_PHASE_TABLE.c.id, _PHASE_TABLE.c.key,
                                  _PHASE_TABLE.c.state_before, _PHASE_TABLE.c.deadline)
                      .where(_PHASE_TABLE.c.game_id == bindparam("game"),
                             _PHASE_TABLE.c.status == "open")
                      .order_by(_PHASE_TABLE.c.seq.desc()).limit(1))
_HOLDS_SUBMISSION = (core_select(_SUBMISSION_TABLE.c.id)
                     .where(_SUBMISSION_TABLE.c.phase_id == bindparam("phase"),
                            _SUBMISSION_TABLE.c.player_id == bindparam("player")).limit(1))

# the same, as SQLite's own connection runs them (pbem.store.repo._base.sqlite_driver)
_OPEN_PHASE_GLANCE_SQLITE = ("SELECT id, key, state_before, deadline FROM phases WHERE "
                             "game_id = :game AND status = 'open' ORDER BY seq DESC LIMIT 1")
_HOLDS_SUBMISSION_SQLITE = ("SELECT id FROM submissions WHERE phase_id = :phase AND "
                            "player_id = :player LIMIT 1")


def open_phase_glance(session: Session, game_id: str) -> PhaseGlance | None:
    """The game's open phase (the latest, should there be more) as `open_phase` finds it,
    but only its id, key, starting state and deadline, in one statement of SQL: every
    answer to a mail says them, and loading the row through the ORM costs several times
    the query. What the session holds unwritten is written first (as the ORM's own query
    would), so a deadline moved earlier in the same mail is the one read."""
    session.flush()
    driver = sqlite_driver(session)
    if driver is None:
        row = session.connection().execute(_OPEN_PHASE_GLANCE, {"game": game_id}).first()
        return None if row is None else PhaseGlance(int(row[0]), row[1], row[2], row[3])
    found = driver.execute(_OPEN_PHASE_GLANCE_SQLITE, {"game": game_id}).fetchone()
    if found is None:
        return None
    return PhaseGlance(int(found[0]), found[1], unpack(found[2]),
                       read(session, _PHASE_TABLE.c.deadline, found[3]))


def holds_submission(session: Session, phase_id: int, player_id: int) -> bool:
    """Whether the player has a submission for the phase (see `latest_submission`), in one
    statement of SQL; the session's unwritten changes are written first."""
    session.flush()
    values = {"phase": phase_id, "player": player_id}
    driver = sqlite_driver(session)
    if driver is None:
        return session.connection().execute(_HOLDS_SUBMISSION, values).first() is not None
    return driver.execute(_HOLDS_SUBMISSION_SQLITE, values).fetchone() is not None

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
    found: SubmissionRow | None = session.execute(_LATEST_SUBMISSION, {
        "phase": phase_id, "player": player_id}).scalars().first()
    return found


_LATEST_SUBMISSION = (select(SubmissionRow).where(SubmissionRow.phase_id == bindparam("phase"),
                                                  SubmissionRow.player_id == bindparam("player"))
                      .order_by(col(SubmissionRow.id).desc()).limit(1))


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
    # exactly as SQLAlchemy would store it: the processor of the dialect's own DATETIME
    # (the generic type has none, and sqlite3 would write the time with its offset)
    stored_as = column.type.dialect_impl(connection.dialect).bind_processor(connection.dialect)
    params["at"] = stored_as(at) if stored_as else at
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


def last_journal_id(session: Session, game_id: str) -> int:
    """The number of the game's latest journal entry (0 for none)."""
    found = session.execute(core_select(func.max(JournalRow.id)).where(
        JournalRow.game_id == game_id)).scalar()
    return int(found or 0)


def journal_kinds_after(session: Session, game_id: str, after: int) -> set[str]:
    """The kinds of the game's journal entries numbered above `after`."""
    return set(session.exec(select(JournalRow.kind).where(
        JournalRow.game_id == game_id, col(JournalRow.id) > after)).all())


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


def vacations(session: Session, game_id: str, player_id: int) -> Sequence[VacationRow]:
    """The vacations one player declared in a game."""
    return session.exec(select(VacationRow).where(
        VacationRow.game_id == game_id, VacationRow.player_id == player_id)).all()


def active_vacations(session: Session, game_id: str) -> list[tuple[VacationRow, str]]:
    """The vacations declared by the game's active players, each with its player's name."""
    rows = session.exec(select(VacationRow, PlayerRow.name).join(
        PlayerRow, col(PlayerRow.id) == col(VacationRow.player_id)).where(
        VacationRow.game_id == game_id, col(PlayerRow.active).is_(True))).all()
    return [(vacation, name) for vacation, name in rows]


def judge_state(session: Session, key: str) -> dict[str, Any] | None:
    row = session.get(JudgeStateRow, key)
    return None if row is None else dict(json.loads(row.value))


def forget_judge_states(session: Session, prefix: str,
                        updated_before: datetime | None = None) -> int:
    """The judge's records whose key starts with `prefix` gone (only those last written
    before `updated_before`, when given); how many."""
    query = delete(JudgeStateRow).where(col(JudgeStateRow.key).startswith(prefix, autoescape=True))
    if updated_before is not None:
        query = query.where(col(JudgeStateRow.updated_at) < updated_before)
    return int(session.execute(query).rowcount or 0)


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




# --- what `pbem status` reads (pbem.app.running.status), in its one snapshot ----------------------


def games_by_status(session: Session) -> dict[str, int]:
    """How many games there are of each status found (a status no game has is absent)."""
    rows = session.execute(select(col(GameRow.status), func.count())
                           .group_by(col(GameRow.status))).all()
    return {str(status): int(count) for status, count in rows}


def active_open_phases(session: Session) -> Sequence[tuple[str, str, int, str, Any]]:
    """The open phases of the active games as (game, ruleset, phase id, key, deadline), by
    game and each game's latest first; the phases' stored states are not read. The deadline
    is as stored: on SQLite its text (None when there is none), so that the caller can tell
    one damaged row instead of failing the whole read; elsewhere a time."""
    sqlite = session.get_bind().dialect.name == "sqlite"
    deadline_column = type_coerce(col(PhaseRow.deadline), String) if sqlite \
        else col(PhaseRow.deadline)
    rows = session.execute(  # five columns: SQLAlchemy's own select (SQLModel's takes four)
        core_select(col(PhaseRow.game_id), col(GameRow.ruleset), col(PhaseRow.id),
                    col(PhaseRow.key), deadline_column)
        .join(GameRow, col(GameRow.id) == col(PhaseRow.game_id))
        .where(col(GameRow.status) == "active", col(PhaseRow.status) == "open")
        .order_by(col(PhaseRow.game_id), col(PhaseRow.seq).desc())).all()
    return [(game_id, ruleset, phase_id, key, deadline)
            for game_id, ruleset, phase_id, key, deadline in rows]


def phase_state_before(session: Session, phase_id: int) -> str:
    """The game state a phase starts from (JSON), read without the rest of the phase."""
    return str(session.execute(select(col(PhaseRow.state_before))
                               .where(col(PhaseRow.id) == phase_id)).scalar_one())


def phase_senders(session: Session, phase_id: int) -> set[int]:
    """The players who have sent orders for a phase (any of their submissions)."""
    return set(session.execute(select(col(SubmissionRow.player_id)).distinct()
                               .where(col(SubmissionRow.phase_id) == phase_id)).scalars())
