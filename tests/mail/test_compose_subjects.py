"""A subject the email package cannot write (it reads what looks like an encoded word in
the text, and one whose bytes are not UTF-8 beside other letters than ASCII made it raise)
is written in encoded words whole and reads back as it was; a player whose subject holds
one gets the answer to the orders instead of a mail set aside. Real mail bytes through the
mail gateway, on a real SQLite file."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pbem.app.mailin import mailgate
from pbem.mail.compose import compose
from pbem.mail.settings import mail_settings
from pbem.store.db import create_sqlite_file, make_engine
from pbem.store.migrate import upgrade
from tests.mail.test_gateway import NOW, _aegean, _outbox

SUBJECTS = ["Re: α =?utf-8?q?=AB?=", "Re: " + "Ἀθῆναι =?utf-8?q?=AB?= " * 8,
            "Re: =?utf-8?q?3=AbaC?= —δéθ"]


@pytest.mark.parametrize("subject", SUBJECTS)
def test_a_subject_the_email_package_cannot_write_reads_back_as_given(subject: str) -> None:
    raw = compose(sender="judge@example.net", sender_name="Galley judge",
                  to=["ann@example.org"], subject=subject, text="Your orders.\n",
                  message_id="reply.1@example.net", loop="judge@example.net",
                  date=datetime(2026, 12, 1, tzinfo=UTC))
    head = raw.split(b"\r\n\r\n")[0]
    assert all(len(line) <= 78 for line in head.split(b"\r\n"))
    assert head.isascii()
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert message["Subject"] == subject


@pytest.mark.parametrize("name", ["Κριτής =?utf-8?q?=AB?=", "Κριτής =?utf-8?q?=AB?= " * 6])
def test_a_judge_name_the_email_package_cannot_write_reads_back_as_given(name: str) -> None:
    raw = compose(sender="judge@example.net", sender_name=name, to=["ann@example.org"],
                  subject="Re: orders", text="Your orders.\n", message_id="reply.1@example.net",
                  loop="judge@example.net", date=datetime(2026, 12, 1, tzinfo=UTC))
    head = raw.split(b"\r\n\r\n")[0]
    assert all(len(line) <= 78 for line in head.split(b"\r\n")) and head.isascii()
    [author] = email.message_from_bytes(raw, policy=email.policy.default)["From"].addresses
    assert (author.display_name, author.addr_spec) == (name.strip(), "judge@example.net")


def test_a_player_whose_subject_holds_such_a_word_is_answered(tmp_path: Path) -> None:
    path = tmp_path / "judge.sqlite"
    create_sqlite_file(path)
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    _aegean(engine, 0)
    settings = mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)
    raw = (b"From: ann@example.org\r\nTo: judge@example.net\r\n"
           b"Subject: =?utf-8?q?=CE=B1_=3D=3Futf-8=3Fq=3F=3DAB=3F=3D?=\r\n"
           b"Message-ID: <s1@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
           b"SIGNON aegean Ann s3cret-oars\r\nSTATUS\r\n")
    done = mailgate.receive(engine, raw, "inject", settings, NOW)
    assert done.outcome == "commands", done.reason
    [(kind, to, reply)] = _outbox(engine)
    assert (kind, to) == ("reply", ["ann@example.org"])
    assert reply is not None and reply["Subject"] == "Re: α =?utf-8?q?=AB?="
    engine.dispose()
