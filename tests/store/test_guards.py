"""The store's guards for hostile mail: throttles on costly work, lockouts by the sender's
address (a stranger's guesses never lock a player out of their own address), the game
master's lockout, and received mail trimmed to an excerpt."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import Engine

from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import MailInRow
from tests.store.test_mail_tables import _player

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)


def test_a_throttle_grants_its_limit_in_a_window_then_refuses_until_the_window_ends(
        engine: Engine) -> None:
    with transaction(engine) as session:
        granted = [repo.claim_throttle(session, "hash:eve", NOW + n * MINUTE, 3, 10 * MINUTE)
                   for n in range(5)]
        assert granted == [True, True, True, False, False]
        assert repo.claim_throttle(session, "hash:ann", NOW, 3, 10 * MINUTE) is True
        assert repo.claim_throttle(session, "hash:eve", NOW + 9 * MINUTE, 3, 10 * MINUTE) is False
        # the window began at the first grant: ten minutes later it starts again
        assert repo.claim_throttle(session, "hash:eve", NOW + 10 * MINUTE, 3, 10 * MINUTE) is True
        assert repo.claim_throttle(session, "hash:eve", NOW + 11 * MINUTE, 3, 10 * MINUTE) is True


def test_wrong_passwords_from_a_stranger_lock_out_strangers_but_not_the_players_address(
        engine: Engine) -> None:
    ann = _player(engine)
    own = "ann@example.org"
    with transaction(engine) as session:
        for n in range(5):
            repo.record_login_failure(session, ann, NOW + n * MINUTE, "eve@example.net")
        later = NOW + 5 * MINUTE
        assert repo.locked_out_until(session, ann, later, address=own, registered=own) is None
        assert repo.locked_out_until(session, ann, later, address="eve@example.net",
                                     registered=own) is not None
        # another stranger's address counts with the first: guesses from many forged senders
        assert repo.locked_out_until(session, ann, later, address="mallory@example.com",
                                     registered=own) is not None
        for n in range(5):
            repo.record_login_failure(session, ann, later + n * MINUTE, own)
        assert repo.locked_out_until(session, ann, later + 5 * MINUTE, address=own,
                                     registered=own.upper()) is not None


def test_the_game_masters_wrong_passwords_lock_the_game_master_out(engine: Engine) -> None:
    _player(engine)
    gm = "gm@example.org"
    with transaction(engine) as session:
        for n in range(4):
            repo.record_gm_failure(session, "aegean", gm, NOW + n * MINUTE)
        assert repo.gm_locked_out_until(session, "aegean", NOW + 4 * MINUTE, address=gm,
                                        registered=gm) is None
        repo.record_gm_failure(session, "aegean", gm, NOW + 4 * MINUTE)
        until = repo.gm_locked_out_until(session, "aegean", NOW + 5 * MINUTE, address=gm,
                                         registered=gm)
        assert until == NOW + 4 * MINUTE + timedelta(hours=1)
        assert repo.gm_locked_out_until(session, "aegean", NOW + 5 * MINUTE,
                                        address="eve@example.net", registered=gm) is None


def test_a_stored_message_trimmed_keeps_its_head_its_digest_and_its_size(engine: Engine) -> None:
    raw = b"Subject: x\r\n\r\n" + b"y" * 10_000
    with transaction(engine) as session:
        row = repo.store_incoming(session, raw=raw, message_id="a@b", source="stdin",
                                  received_at=NOW, digest="d" * 64)
        repo.trim_incoming(session, int(row.id or 0), 100)
    with transaction(engine) as session:
        kept = session.get(MailInRow, row.id)
        assert kept is not None
        assert bytes(kept.raw) == raw[:100] and kept.raw_size == len(raw)
        assert kept.digest == "d" * 64
