"""The sign-on guards: wrong passwords and the lockouts they make (a player's and a game
master's, by address bucket), throttles (the password-hashing budget and the like) and the
once-in-a-while notices (a lockout's, an answer to a mail that did not sign on)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, func, true
from sqlmodel import Session, col, select

from pbem.store.models import (
    GmLoginFailureRow,
    LockoutNoticeRow,
    LoginFailureRow,
    MailNoticeRow,
    ThrottleRow,
)
from pbem.store.repo._base import add, read, sqlite_driver, stored

LOCKOUT_FAILURES = 5
LOCKOUT_WINDOW = timedelta(hours=1)


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
    kind = ("any" if address is None or registered is None
            else "own" if address.lower() == registered.lower() else "other")
    # read past the ORM (every sign-on asks): record_login_failure writes each failure at
    # once, so the session never holds one unwritten
    values = {"player": player_id, "since": now - 2 * window,
              "registered": (registered or "").lower()}
    driver = sqlite_driver(session)
    if driver is None:
        times = session.connection().execute(_FAILURES[kind], values).scalars().all()
    else:
        column = LoginFailureRow.__table__.c.at  # type: ignore[attr-defined]
        values["since"] = stored(session, column, values["since"])
        times = [read(session, column, row[0])
                 for row in driver.execute(_FAILURES_SQLITE[kind], values)]
    return _lockout_end(times, now, failures, window)


def _failures(kind: str) -> Any:
    """The times of a player's failures since a moment, of one kind (see `_bucket`): the
    query built once, as every mail signing on runs it."""
    column = col(LoginFailureRow.address)
    counted = {"any": true(), "own": func.lower(column) == bindparam("registered"),
               "other": column.is_(None) | (func.lower(column) != bindparam("registered"))
               }[kind]
    return (select(LoginFailureRow.at).where(
        LoginFailureRow.player_id == bindparam("player"),
        col(LoginFailureRow.at) > bindparam("since"), counted)
        .order_by(col(LoginFailureRow.at)))


_FAILURES = {kind: _failures(kind) for kind in ("any", "own", "other")}
# the same, as SQLite's own connection runs them (pbem.store.repo._base.sqlite_driver)
_FAILURES_SQLITE = {kind: "SELECT at FROM login_failures WHERE player_id = :player AND "
                    f"at > :since{counted} ORDER BY at" for kind, counted in (
                        ("any", ""), ("own", " AND lower(address) = :registered"),
                        ("other", " AND (address IS NULL OR lower(address) != :registered)"))}


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
