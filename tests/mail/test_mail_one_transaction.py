"""Issue 26: an order mail is handled in one transaction (stored, checked against its copies,
read once, answered and marked together), and a pipeline that breaks half-way still loses
nothing and leaves no half-made answer. Real message bytes on a real database."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from pbem.app.mailin import blocks, intake, mailgate
from pbem.mail import reading
from tests.mail.test_gateway import NOW, _aegean, _outbox, settings  # noqa: F401 - a fixture
from tests.mail.test_gateway import _mail as _signed
from tests.mail.test_gateway_guards import _mail_rows

SIGNED = "SIGNON aegean Ann s3cret-oars\n"


@pytest.fixture
def aegean(engine: Engine) -> Engine:
    _aegean(engine)
    return engine


def _transactions(engine: Engine) -> list[int]:
    begun: list[int] = []

    @event.listens_for(engine, "begin")
    def count(connection: Any) -> None:
        begun.append(1)
    return begun


def test_an_order_mail_takes_one_transaction_and_is_parsed_once(
        aegean: Engine, settings, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    parsed: list[bytes] = []
    real = intake.read_message

    def counted(raw: bytes, *args: Any, **kwargs: Any) -> reading.Incoming:
        parsed.append(raw)
        return real(raw, *args, **kwargs)
    monkeypatch.setattr(intake, "read_message", counted)
    begun = _transactions(aegean)
    done = mailgate.receive(aegean, _signed(SIGNED + "STATUS\n"), "inject", settings, NOW)
    assert done.outcome == "commands" and done.replies
    assert len(begun) == 1  # stored, checked, answered and marked in one
    assert len(parsed) == 1
    assert [r.state for r in _mail_rows(aegean)] == ["handled"]
    assert [kind for kind, _, _ in _outbox(aegean)] == ["reply"]


def test_a_copy_is_ignored_in_one_transaction_too(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    raw = _signed(SIGNED + "STATUS\n")
    mailgate.receive(aegean, raw, "inject", settings, NOW)
    begun = _transactions(aegean)
    again = mailgate.receive(aegean, raw, "inject", settings, NOW)
    assert again.outcome == "ignored" and len(begun) == 1
    assert [r.state for r in _mail_rows(aegean)] == ["handled", "ignored"]
    assert len(_outbox(aegean)) == 1  # answered once


def test_a_pipeline_broken_after_the_answer_was_queued_keeps_the_mail_and_no_answer(
        aegean: Engine, settings, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the status could not be said")
    monkeypatch.setattr(blocks, "status", broken)
    raw = _signed(SIGNED + "STATUS\n")
    done = mailgate.receive(aegean, raw, "inject", settings, NOW)
    assert done.outcome == "quarantined" and "the status could not be said" in done.reason
    rows = _mail_rows(aegean)
    assert [r.state for r in rows] == ["quarantined"]  # stored once, never lost
    assert bytes(rows[0].raw) == raw  # whole: it can be handled again
    assert _outbox(aegean) == []  # nothing of the broken transaction was kept
    monkeypatch.undo()
    again = mailgate.handle(aegean, int(rows[0].id or 0), settings, NOW)
    assert again.outcome == "commands"
    assert [r.state for r in _mail_rows(aegean)] == ["handled"]
    assert len(_outbox(aegean)) == 1
