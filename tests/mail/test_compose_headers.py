"""A stranger's From can carry nothing into the judge's reply but the one address it names:
bytes in, read by read_message, a reply composed to the sender, and that reply parsed back
with the standard library holds exactly the intended recipient and no header the stranger
wrote. compose() itself takes bare addresses only, and keeps line breaks out of names."""

from __future__ import annotations

import email
import email.policy
import email.utils
from datetime import UTC, datetime
from email.message import Message

import pytest

from pbem.mail.compose import compose
from pbem.mail.reading import read_message

JUDGE = "judge@example.net"
WHEN = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
ADDRESS_HEADERS = ("From", "To", "Cc", "Bcc", "Reply-To", "Sender", "Resent-To", "Resent-Cc",
                   "Resent-Bcc")


def reply_to(raw: bytes, **overrides: object) -> Message:
    """The judge's reply to the mail `raw`, as the outbox would send it, parsed back."""
    incoming = read_message(raw, JUDGE)
    fields: dict[str, object] = {
        "sender": JUDGE, "sender_name": "Galley judge", "to": [incoming.sender],
        "subject": "Re: " + incoming.subject, "text": f"Hello {incoming.sender_name}\n",
        "message_id": "reply.1@example.net", "loop": JUDGE, "date": WHEN,
        "in_reply_to": incoming.message_id}
    fields.update(overrides)
    return email.message_from_bytes(compose(**fields), policy=email.policy.compat32)  # type: ignore[arg-type]


def recipients(message: Message) -> list[str]:
    return [address for header in ADDRESS_HEADERS[1:] for _name, address in
            email.utils.getaddresses(message.get_all(header, []))]


HOSTILE_FROMS = [
    b"=?utf-8?q?Eve=0D=0ABcc=3A_victim=40example=2Eorg?= <eve@example.org>",
    b"=?utf-8?b?RXZlDQpCY2M6IHZpY3RpbUBleGFtcGxlLm9yZw==?= <eve@example.org>",
    b"=?utf-8?q?victim=40example=2Eorg=2C?= <eve@example.org>",
    b"=?utf-8?q?Eve_=3Cvictim=40example=2Eorg=3E?= <eve@example.org>",
    b"\"victim@example.org, Eve\" <eve@example.org>",
    b"\"Eve <victim@example.org>\" <eve@example.org>",
    b"victim@example.org <eve@example.org>",
    b"Eve\n =?utf-8?q?=0ABcc=3A?= victim@example.org <eve@example.org>",
    b"=?utf-8?q?a@victim.example.org?= <eve@example.org>",
]


@pytest.mark.parametrize("from_value", HOSTILE_FROMS)
def test_a_hostile_display_name_gives_the_bare_address_and_a_one_line_name(from_value: bytes) -> None:
    for extra in (b"", b"Message-ID: <Z?@[?\n"):  # a broken header that once changed the parse
        raw = b"From: " + from_value + b"\n" + extra + b"Subject: orders\n\nHELP\n"
        incoming = read_message(raw, JUDGE)
        assert incoming.sender == "eve@example.org"
        assert not set("\r\n\x0b\x0c\x85\u2028\u2029") & set(incoming.sender_name)


@pytest.mark.parametrize("from_value", HOSTILE_FROMS)
def test_the_reply_goes_to_the_sender_alone(from_value: bytes) -> None:
    reply = reply_to(b"From: " + from_value + b"\nSubject: orders\n\nHELP\n")
    assert recipients(reply) == ["eve@example.org"]
    assert reply.get_all("Bcc") is None and reply.get_all("Cc") is None
    assert email.utils.getaddresses(reply.get_all("From", [])) == [("Galley judge", JUDGE)]
    assert sorted(reply.keys()) == sorted(["From", "To", "Subject", "Date", "Message-ID",
                                           "Auto-Submitted", "X-PBEM-Loop", "MIME-Version",
                                           "Content-Type", "Content-Transfer-Encoding"])


def test_a_subject_with_an_encoded_line_break_stays_one_header() -> None:
    raw = (b"From: eve@example.org\nSubject: =?utf-8?q?orders=0D=0ABcc=3A_victim=40example.org?="
           b"\n\nHELP\n")
    reply = reply_to(raw)
    assert recipients(reply) == ["eve@example.org"]
    assert "Bcc" not in reply and str(reply["Subject"]).startswith("Re: orders")


@pytest.mark.parametrize("address", [
    "eve@example.org\r\nBcc: victim@example.org", "eve@example.org\nBcc: victim@example.org",
    "eve@example.org, victim@example.org", "Eve <eve@example.org>", "eve@example.org victim",
    "\"eve,victim\"@example.org", "eve@example.org\u2028", "<eve@example.org>", "",
])
def test_compose_takes_only_bare_addresses(address: str) -> None:
    with pytest.raises(ValueError, match="bare mail address"):
        reply_to(b"From: eve@example.org\n\nHELP\n", to=[address])
    with pytest.raises(ValueError, match="bare mail address"):
        reply_to(b"From: eve@example.org\n\nHELP\n", sender=address)


@pytest.mark.parametrize("name", ["Judge\r\nBcc: victim@example.org", "Judge\nBcc: v@example.org",
                                  "Judge\u2028Bcc: v@example.org", "Judge\x85\x0bBcc: v@example.org",
                                  "Smith, Judge <victim@example.org>"])
def test_a_name_with_a_line_break_or_a_comma_is_one_quoted_name(name: str) -> None:
    reply = reply_to(b"From: eve@example.org\n\nHELP\n", sender_name=name)
    assert recipients(reply) == ["eve@example.org"]
    ((shown, address),) = email.utils.getaddresses(reply.get_all("From", []))
    assert address == JUDGE
    assert "\n" not in shown and "\r" not in shown and shown.startswith(("Judge", "Smith, Judge"))
