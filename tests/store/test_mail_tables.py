"""The mail tables: received mail kept byte for byte, the outbox and its retry schedule, login
failures and the lockout, press; and migration 0003 up and down."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import inspect
from sqlalchemy.engine import Engine

from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import GameRow, PlayerRow

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)
MAIL_TABLES = {"mail_in", "mail_out", "login_failures", "lockout_notices", "press"}


def _player(engine: Engine, name: str = "Ann") -> int:
    with transaction(engine) as session:
        if repo.game(session, "aegean") is None:
            repo.add(session, GameRow(id="aegean", ruleset="ramspeed", scenario="squadron",
                                      options="{}", status="active", seed="00",
                                      seed_commitment="00", dice_name="aegean",
                                      created_at=NOW, current_key="build"))
        player = repo.add(session, PlayerRow(game_id="aegean", name=name,
                                             email=f"{name.lower()}@example.org", side="blue",
                                             password_hash="-"))
        return int(player.id)


def _queue(engine: Engine, key: str, now: datetime = NOW, subject: str = "s") -> None:
    with transaction(engine) as session:
        repo.queue_mail(session, message_id=f"{key}@judge.example", kind="reply",
                        game_id="aegean", recipients=["ann@example.org"],
                        sender="judge@judge.example", subject=subject, raw=b"raw " + key.encode(),
                        now=now)


def test_migration_0003_adds_the_mail_tables_and_takes_them_away_again(db_url: str) -> None:
    from alembic import command

    from pbem.store.db import make_engine
    from pbem.store.migrate import _config, current, head, upgrade

    engine = make_engine(db_url)
    upgrade(engine)
    assert current(engine) == head()  # later migrations keep the mail tables
    with engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) >= MAIL_TABLES
    config = _config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0002")
    with engine.connect() as connection:
        assert not MAIL_TABLES & set(inspect(connection).get_table_names())
        assert "games" in inspect(connection).get_table_names()
    upgrade(engine)
    with engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) >= MAIL_TABLES
    engine.dispose()


def test_a_received_message_is_kept_byte_for_byte(engine: Engine) -> None:
    raw = b"Subject: \xff\xfe bad\r\nMessage-ID: <a@b>\r\n\r\nSIGNON aegean Ann pw\r\n\x00\x80\n"
    with transaction(engine) as session:
        row = repo.store_incoming(session, raw=raw, message_id="<a@b>", source="stdin",
                                  received_at=NOW)
        assert row.id is not None and row.state == "new"
    with transaction(engine) as session:
        (stored,) = repo.incoming(session)
        assert stored.raw == raw
        assert stored.digest == hashlib.sha256(raw).hexdigest()
        assert (stored.source, stored.received_at, stored.handled_at) == ("stdin", NOW, None)
    with pytest.raises(ValueError, match="a message comes from one of stdin, maildir"), \
            transaction(engine) as session:
        repo.store_incoming(session, raw=raw, message_id="", source="carrier pigeon",
                            received_at=NOW)


def test_the_same_message_twice_is_found_by_message_id_and_digest(engine: Engine) -> None:
    with transaction(engine) as session:
        first = repo.store_incoming(session, raw=b"one", message_id="<a@b>", source="imap",
                                    received_at=NOW, digest="d1")
        second = repo.store_incoming(session, raw=b"one again", message_id="<a@b>",
                                     source="lmtp", received_at=NOW + MINUTE, digest="d1")
        other = repo.store_incoming(session, raw=b"two", message_id="<a@b>", source="imap",
                                    received_at=NOW, digest="d2")
        # messages without a Message-ID are all stored: the id is not unique
        repo.store_incoming(session, raw=b"x", message_id="", source="stdin", received_at=NOW)
        repo.store_incoming(session, raw=b"y", message_id="", source="stdin", received_at=NOW)
    with transaction(engine) as session:
        assert repo.find_incoming(session, "<a@b>", "d1").id == first.id  # type: ignore[union-attr]
        assert repo.find_incoming(session, "<a@b>", "d1", before_id=second.id).id == first.id  # type: ignore[union-attr]
        assert repo.find_incoming(session, "<a@b>", "d1", before_id=first.id) is None
        assert repo.find_incoming(session, "<a@b>", "d2", before_id=other.id) is None
        assert len(repo.incoming(session)) == 5


def test_what_became_of_a_received_message_is_recorded(engine: Engine) -> None:
    with transaction(engine) as session:
        row = repo.store_incoming(session, raw=b"m", message_id="", source="maildir",
                                  received_at=NOW)
        repo.mark_incoming(session, int(row.id or 0), "quarantined", NOW + MINUTE,
                           reason="MIME nested 60 deep", outcome={"outcome": "quarantined"})
    with transaction(engine) as session:
        assert repo.incoming(session, ["new"]) == []
        (stored,) = repo.incoming(session, ["quarantined"])
        assert (stored.reason, stored.handled_at) == ("MIME nested 60 deep", NOW + MINUTE)
        assert json.loads(stored.outcome or "") == {"outcome": "quarantined"}
        with pytest.raises(ValueError, match="a received message is one of new, handled"):
            repo.mark_incoming(session, int(stored.id or 0), "lost", NOW)


def test_queueing_the_same_message_id_twice_keeps_the_first(engine: Engine) -> None:
    _queue(engine, "r1", subject="first")
    _queue(engine, "r1", now=NOW + MINUTE, subject="second")
    with transaction(engine) as session:
        (row,) = repo.outbox_rows(session)
        assert (row.subject, row.state, row.attempts, row.created_at, row.next_attempt_at) == (
            "first", "queued", 0, NOW, NOW)
        assert repo.envelope(row) == ["ann@example.org"]
        with pytest.raises(ValueError, match="an outgoing message is one of reply, report"):
            repo.queue_mail(session, message_id="x@y", kind="postcard", game_id=None,
                            recipients=["a@b"], sender="j@k", subject="s", raw=b"", now=NOW)


def test_claiming_due_mail_takes_the_oldest_and_puts_them_off_for_a_lease(engine: Engine) -> None:
    for number in range(3):
        _queue(engine, f"m{number}", now=NOW + number * MINUTE)
    _queue(engine, "later", now=NOW + timedelta(hours=1))
    with transaction(engine) as session:
        claimed = repo.claim_due_mail(session, NOW + 10 * MINUTE, limit=2, lease=5 * MINUTE)
        assert [row.message_id for row in claimed] == ["m0@judge.example", "m1@judge.example"]
    with transaction(engine) as session:
        # a second sender now sees only what the first did not take
        assert [row.message_id for row in repo.due_mail(session, NOW + 10 * MINUTE)] == [
            "m2@judge.example"]
        # the lease over, the claimed ones are due again (their sender died)
        assert len(repo.due_mail(session, NOW + 15 * MINUTE)) == 3


def test_a_message_put_off_waits_one_minute_doubling_to_an_hour_then_fails_after_three_days(
        engine: Engine) -> None:
    _queue(engine, "r1")
    waits = []
    now = NOW
    for _attempt in range(9):
        with transaction(engine) as session:
            (row,) = repo.due_mail(session, now)
            assert repo.mark_retry(session, row, "421 busy", now) == "queued"
        with transaction(engine) as session:
            (row,) = repo.outbox_rows(session)
            waits.append(row.next_attempt_at - now)
            now = row.next_attempt_at
    assert waits == [MINUTE * m for m in (1, 2, 4, 8, 16, 32, 60, 60, 60)]
    with transaction(engine) as session:
        (row,) = repo.outbox_rows(session)
        assert (row.attempts, row.last_error) == (9, "421 busy")
        assert repo.due_mail(session, row.next_attempt_at - timedelta(seconds=1)) == []
        assert repo.mark_retry(session, row, "421 busy", NOW + repo.GIVE_UP_AFTER) == "failed"
    with transaction(engine) as session:
        (row,) = repo.outbox_rows(session, ["failed"])
        assert row.attempts == 10
        assert row.last_error == "421 busy (given up after 10 attempts over 3 days)"
        assert repo.due_mail(session, NOW + timedelta(days=30)) == []


def test_a_retry_for_some_recipients_only_narrows_the_envelope(engine: Engine) -> None:
    with transaction(engine) as session:
        repo.queue_mail(session, message_id="r@x", kind="report", game_id=None,
                        recipients=["ann@example.org", "bo@example.org"], sender="j@x",
                        subject="s", raw=b"m", now=NOW)
    with transaction(engine) as session:
        (row,) = repo.outbox_rows(session)
        repo.mark_retry(session, row, "450 bo: try later", NOW, pending=["bo@example.org"])
    with transaction(engine) as session:
        (row,) = repo.outbox_rows(session)
        assert repo.envelope(row) == ["bo@example.org"]
        assert json.loads(row.recipients) == ["ann@example.org", "bo@example.org"]
        repo.mark_sent(session, row, NOW + MINUTE)
    with transaction(engine) as session:
        (row,) = repo.outbox_rows(session, ["sent"])
        assert (row.sent_at, row.attempts, row.pending) == (NOW + MINUTE, 2, None)


def test_five_wrong_passwords_within_an_hour_lock_a_player_out_for_an_hour(
        engine: Engine) -> None:
    ann, bo = _player(engine, "Ann"), _player(engine, "Bo")
    with transaction(engine) as session:
        for minutes in (0, 10, 20, 30):
            repo.record_login_failure(session, ann, NOW + minutes * MINUTE)
        repo.record_login_failure(session, bo, NOW)
    with transaction(engine) as session:
        assert repo.login_failures_since(session, ann, NOW - MINUTE) == 4
        assert repo.locked_out_until(session, ann, NOW + 40 * MINUTE) is None  # four only
        repo.record_login_failure(session, ann, NOW + 50 * MINUTE)
    with transaction(engine) as session:
        until = NOW + 110 * MINUTE  # an hour after the fifth
        assert repo.locked_out_until(session, ann, NOW + 50 * MINUTE) == until
        assert repo.locked_out_until(session, ann, until - MINUTE) == until
        assert repo.locked_out_until(session, ann, until) is None
        assert repo.locked_out_until(session, bo, NOW) is None


def test_five_wrong_passwords_spread_over_more_than_an_hour_lock_nobody_out(
        engine: Engine) -> None:
    ann = _player(engine)
    with transaction(engine) as session:
        for minutes in (0, 20, 40, 60, 61):  # the first and the fifth 61 minutes apart
            repo.record_login_failure(session, ann, NOW + minutes * MINUTE)
    with transaction(engine) as session:
        assert repo.locked_out_until(session, ann, NOW + 62 * MINUTE) is None


def test_a_locked_out_player_is_told_so_at_most_once_an_hour(engine: Engine) -> None:
    ann, bo = _player(engine, "Ann"), _player(engine, "Bo")
    with transaction(engine) as session:
        assert repo.claim_lockout_notice(session, ann, NOW) is True
    with transaction(engine) as session:
        assert repo.claim_lockout_notice(session, ann, NOW + 59 * MINUTE) is False
        assert repo.claim_lockout_notice(session, bo, NOW + 59 * MINUTE) is True
    with transaction(engine) as session:
        assert repo.claim_lockout_notice(session, ann, NOW + 60 * MINUTE) is True
    with transaction(engine) as session:
        assert repo.claim_lockout_notice(session, ann, NOW + 90 * MINUTE) is False


def test_press_is_kept_in_the_order_sent(engine: Engine) -> None:
    ann = _player(engine)
    with transaction(engine) as session:
        repo.store_press(session, game_id="aegean", phase_key="T1-move", from_player_id=ann,
                         to="all", body="Greetings, Red.", now=NOW + MINUTE)
        repo.store_press(session, game_id="aegean", phase_key="setup", from_player_id=ann,
                         to="red", body="First.", now=NOW)
    with transaction(engine) as session:
        assert [(p.phase_key, p.to, p.body) for p in repo.press(session, "aegean")] == [
            ("setup", "red", "First."), ("T1-move", "all", "Greetings, Red.")]
        assert repo.press(session, "other") == []
