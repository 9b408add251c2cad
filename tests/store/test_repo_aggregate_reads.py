"""The queries that moved into the store's aggregates from the retention and `pbem status`:
each read against a real database, and the retention's second look that leaves whole a
message taken up again after it was read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import Engine

from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import GameRow, MailInRow, PhaseRow, PlayerRow, SubmissionRow

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def _utc(moment: datetime | None) -> datetime | None:
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def _game(engine: Engine, game_id: str, status: str = "active") -> None:
    with transaction(engine) as session:
        repo.add(session, GameRow(id=game_id, ruleset="ramspeed", scenario="squadron",
                                  options="{}", status=status, seed="00", seed_commitment="00",
                                  dice_name=game_id, created_at=NOW, current_key="build"))


def _phase(engine: Engine, game_id: str, seq: int, status: str = "open",
           deadline: datetime | None = None, state: str = '{"turn": 1}') -> int:
    with transaction(engine) as session:
        row = repo.add(session, PhaseRow(game_id=game_id, seq=seq, key=f"turn-{seq}",
                                         status=status, deadline=deadline, state_before=state,
                                         opened_at=NOW))
        return int(row.id)


def _received(engine: Engine, name: str, state: str, handled_at: datetime | None,
              received_at: datetime) -> int:
    with transaction(engine) as session:
        row = repo.store_incoming(session, raw=b"Subject: " + name.encode() + b"\r\n\r\nbody",
                                  message_id=f"<{name}@example.org>", source="stdin",
                                  received_at=received_at)
        if state != "new":
            repo.mark_incoming(session, int(row.id), state, handled_at or received_at)
        return int(row.id)


def test_the_retention_reads_only_mail_dealt_with_before_the_cutoff_and_still_whole(
        engine: Engine) -> None:
    cutoff = NOW - 90 * DAY
    old = NOW - 100 * DAY
    kept = {_received(engine, "handled", "handled", old, old),
            _received(engine, "ignored", "ignored", old, old)}
    _received(engine, "new", "new", None, old)
    _received(engine, "quarantined", "quarantined", old, old)
    _received(engine, "recent", "handled", NOW, old)  # received long ago, handled lately
    with transaction(engine) as session:
        found = repo.mail.incoming_past_retention(session, cutoff, limit=10)
        assert {row_id for row_id, _ in found} == kept
        assert all(raw.startswith(b"Subject: ") and raw.endswith(b"body") for _, raw in found)
        assert [row_id for row_id, _ in repo.mail.incoming_past_retention(
            session, cutoff, limit=1)] == [min(kept)]
        first = min(kept)
        repo.mail.cut_incoming(session, first, cutoff, b"Subject: handled\r\n", 99)
    with transaction(engine) as session:
        cut = session.get(MailInRow, first)
        assert cut is not None and bytes(cut.raw) == b"Subject: handled\r\n"
        assert cut.raw_size == 99
        # a trimmed message is not read again
        assert {row_id for row_id, _ in repo.mail.incoming_past_retention(
            session, cutoff, limit=10)} == kept - {first}


def test_a_message_taken_up_after_it_was_read_stays_whole(engine: Engine) -> None:
    cutoff = NOW - 90 * DAY
    old = NOW - 100 * DAY
    row_id = _received(engine, "again", "handled", old, old)
    with transaction(engine) as session:
        ((read_id, whole),) = repo.mail.incoming_past_retention(session, cutoff, limit=10)
        assert read_id == row_id
    with transaction(engine) as session:  # meanwhile the operator releases it to be handled
        repo.mark_incoming(session, row_id, "new", NOW)
    with transaction(engine) as session:
        repo.mail.cut_incoming(session, row_id, cutoff, b"Subject: again\r\n", len(whole))
    with transaction(engine) as session:
        row = session.get(MailInRow, row_id)
        assert row is not None and bytes(row.raw) == whole and row.raw_size is None


def test_sent_mail_before_the_cutoff_loses_its_bytes_and_is_counted_once(engine: Engine) -> None:
    _game(engine, "aegean")
    with transaction(engine) as session:
        rows = [repo.queue_mail(session, message_id=f"{key}@judge.example", kind="reply",
                                game_id="aegean", recipients=["ann@example.org"],
                                sender="judge@judge.example", subject=key, raw=b"bytes",
                                now=NOW - 100 * DAY) for key in ("old", "late", "queued")]
        repo.mark_sent(session, rows[0], NOW - 100 * DAY)
        repo.mark_sent(session, rows[1], NOW - DAY)
    with transaction(engine) as session:
        assert repo.mail.empty_sent(session, NOW - 90 * DAY) == 1
        assert repo.mail.empty_sent(session, NOW - 90 * DAY) == 0
        assert [(row.subject, bytes(row.raw)) for row in repo.outbox_rows(session)] == [
            ("old", b""), ("late", b"bytes"), ("queued", b"bytes")]


def test_the_status_reads_of_the_games_and_their_open_phases(engine: Engine) -> None:
    _game(engine, "aegean")
    _game(engine, "ionian")
    _game(engine, "paused", status="paused")
    _phase(engine, "aegean", 0, status="resolved")
    _phase(engine, "aegean", 1, deadline=NOW)
    latest = _phase(engine, "aegean", 2, deadline=NOW + DAY, state='{"turn": 2}')
    ionian = _phase(engine, "ionian", 0)
    _phase(engine, "paused", 0, deadline=NOW)
    with transaction(engine) as session:
        ann = repo.add(session, PlayerRow(game_id="aegean", name="Ann", email="ann@example.org",
                                          side="blue", password_hash="-"))
        repo.add(session, PlayerRow(game_id="aegean", name="Bob", email="bob@example.org",
                                    side="red", password_hash="-"))
        for _ in range(2):
            repo.add(session, SubmissionRow(phase_id=latest, player_id=ann.id, side="blue",
                                            raw="", parsed="[]", source="cli", received_at=NOW))
    with transaction(engine) as session:
        assert repo.gameplay.games_by_status(session) == {"active": 2, "paused": 1}
        rows = repo.gameplay.active_open_phases(session)
        assert [row[:4] for row in rows] == [
            ("aegean", "ramspeed", latest, "turn-2"), ("aegean", "ramspeed", latest - 1, "turn-1"),
            ("ionian", "ramspeed", ionian, "turn-0")]
        deadlines = [row[4] for row in rows]
        assert deadlines[2] is None
        if isinstance(deadlines[0], str):  # SQLite: the stored text, parsed by the caller
            deadlines = [None if d is None else datetime.fromisoformat(d) for d in deadlines]
        assert [_utc(d) for d in deadlines] == [NOW + DAY, NOW, None]
        assert repo.gameplay.phase_state_before(session, latest) == '{"turn": 2}'
        assert repo.gameplay.phase_senders(session, latest) == {ann.id}
        assert repo.gameplay.phase_senders(session, ionian) == set()


def test_the_status_reads_of_the_mail(engine: Engine) -> None:
    _game(engine, "aegean")
    with transaction(engine) as session:
        assert repo.mail.outbox_by_state(session) == {}
        assert repo.mail.oldest_queued(session) is None
        rows = [repo.queue_mail(session, message_id=f"{n}@judge.example", kind="reply",
                                game_id="aegean", recipients=["ann@example.org"],
                                sender="judge@judge.example", subject="s", raw=b"r",
                                now=NOW - n * DAY) for n in (1, 2, 3)]
        repo.mark_sent(session, rows[2], NOW)  # the oldest is sent: it is not the oldest queued
    _received(engine, "q", "quarantined", NOW, NOW)
    _received(engine, "stale", "new", None, NOW - timedelta(hours=1))
    _received(engine, "fresh", "new", None, NOW)
    with transaction(engine) as session:
        assert repo.mail.outbox_by_state(session) == {"queued": 2, "sent": 1}
        assert _utc(repo.mail.oldest_queued(session)) == NOW - 2 * DAY
        assert repo.mail.count_incoming(session, "quarantined") == 1
        assert repo.mail.count_incoming(session, "new") == 2
        assert repo.mail.count_incoming(
            session, "new", received_before=NOW - timedelta(minutes=10)) == 1
