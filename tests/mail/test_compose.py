"""Composing mail: headers, the MIME tree, the calendar file, and the same bytes every time."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime, timedelta, timezone
from email.message import EmailMessage, MIMEPart
from typing import Any

import pytest
from icalendar import Calendar

from pbem.mail.compose import compose, deadline_ics, map_cid, new_message_id

WHEN = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
DEADLINE = datetime(2026, 3, 6, 18, 0, tzinfo=UTC)
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4  # every byte value, CR and LF included
MESSAGE_ID = new_message_id("report", "aegean/T3-move/Ann", "judge.example")


def _base(**overrides: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "sender": "judge@judge.example", "sender_name": "Galley judge",
        "to": ["ann@example.org"], "subject": "Aegean: orders for T3 move",
        "text": "Your orders:\n  1 F2 R\n", "message_id": MESSAGE_ID,
        "loop": "judge@judge.example", "date": WHEN}
    fields.update(overrides)
    return fields


def _parse(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def _tree(part: MIMEPart) -> Any:
    if part.is_multipart():
        return (part.get_content_type(), [_tree(child) for child in part.iter_parts()])
    return part.get_content_type()


def _report(**overrides: Any) -> bytes:
    ics = deadline_ics(uid="aegean-T3@judge.example", game="aegean", phase="T3 move",
                       deadline=DEADLINE, summary="Aegean: orders due", description="T3 move",
                       stamp=WHEN)
    html = '<p>Τριήρης report</p><img src="map.png" alt="map">'
    fields = {"html": html, "png": PNG, "map_src": "map.png", "svg": "<svg>Ω</svg>",
              "ics": ics, "text": "Report of T3 — Ἀθῆναι\n", **overrides}
    return compose(**_base(**fields))


def test_a_reply_is_plain_text_with_the_loop_and_auto_submitted_headers() -> None:
    raw = compose(**_base(auto="auto-replied", in_reply_to=" <CAF+x.1@mail.example.org>"))
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")  # CRLF only, for SMTP
    message = _parse(raw)
    assert message.get_content_type() == "text/plain"
    assert message.get_content_charset() == "utf-8"
    assert message.get_content() == "Your orders:\r\n  1 F2 R\r\n"  # lines end as on the wire
    assert str(message["From"]) == "Galley judge <judge@judge.example>"
    assert str(message["To"]) == "ann@example.org"
    assert message["Message-ID"] == f"<{MESSAGE_ID}>"
    assert message["In-Reply-To"] == message["References"] == "<CAF+x.1@mail.example.org>"
    assert message["Auto-Submitted"] == "auto-replied"
    assert message["X-PBEM-Loop"] == "judge@judge.example"
    assert message["Date"].datetime == WHEN
    assert message["MIME-Version"] == "1.0"
    assert message["Precedence"] is None


def test_the_same_inputs_give_the_same_bytes() -> None:
    assert _report() == _report()
    assert compose(**_base()) == compose(**_base())
    assert _report() != _report(subject="another")


def test_a_report_is_alternative_text_and_html_with_the_map_inline_and_files_attached() -> None:
    message = _parse(_report())
    assert _tree(message) == ("multipart/mixed", [
        ("multipart/alternative", [
            "text/plain",
            ("multipart/related", ["text/html", "image/png"])]),
        "image/svg+xml",
        "text/calendar"])
    mixed = list(message.iter_parts())
    alternative = list(mixed[0].iter_parts())
    assert alternative[0].get_content() == "Report of T3 — Ἀθῆναι\r\n"
    html, png = alternative[1].iter_parts()
    assert png.get_content() == PNG
    assert png["Content-ID"] == f"<{map_cid(MESSAGE_ID)}>"
    assert png.get_content_disposition() == "inline"
    # the report's own src="map.png" now shows the inline part
    assert f'<img src="cid:{map_cid(MESSAGE_ID)}" alt="map">' in html.get_content()
    assert "Τριήρης" in html.get_content()
    svg, ics = mixed[1], mixed[2]
    assert (svg.get_filename(), svg.get_content_disposition()) == ("map.svg", "attachment")
    assert svg.get_content() == "<svg>Ω</svg>".encode()
    assert ics.get_filename() == "deadline.ics"
    assert ics.get_param("method") == "PUBLISH"
    event = Calendar.from_ical(ics.get_content()).walk("VEVENT")[0]
    assert event.decoded("dtstart") == DEADLINE


def test_every_part_travels_in_seven_bits() -> None:
    """Non-ASCII text goes quoted-printable or base64: no server needs 8BITMIME."""
    raw = _report()
    assert raw.isascii()
    for part in _parse(raw).walk():
        if not part.is_multipart():
            assert part["Content-Transfer-Encoding"] in ("7bit", "quoted-printable", "base64")


def test_a_map_without_html_is_an_attachment() -> None:
    message = _parse(compose(**_base(png=PNG)))
    assert _tree(message) == ("multipart/mixed", ["text/plain", "image/png"])
    png = list(message.iter_parts())[1]
    assert (png.get_filename(), png.get_content_disposition()) == ("map.png", "attachment")
    assert png.get_content() == PNG


def test_html_without_a_map_is_plain_alternative() -> None:
    message = _parse(compose(**_base(html="<p>hi</p>")))
    assert _tree(message) == ("multipart/alternative", ["text/plain", "text/html"])


def test_a_text_holding_another_messages_boundary_cannot_break_this_one() -> None:
    first = _report()
    boundary = _parse(first).get_boundary()
    assert boundary
    second = _report(text=f"--{boundary}\r\nContent-Type: text/html\r\n\r\nforged\r\n")
    message = _parse(second)
    assert message.get_boundary() != boundary
    assert _tree(message)[0] == "multipart/mixed" and len(list(message.iter_parts())) == 3


def test_the_subject_and_names_may_be_in_any_script() -> None:
    message = _parse(compose(**_base(subject="Αιγαίο: διαταγές", sender_name="Κριτής")))
    assert message["Subject"] == "Αιγαίο: διαταγές"
    assert message["From"].addresses[0].display_name == "Κριτής"


@pytest.mark.parametrize("answered", ["", "two words@x", "<a@b> <c@d>", "x" * 1000])
def test_an_implausible_message_id_to_answer_is_left_out(answered: str) -> None:
    message = _parse(compose(**_base(in_reply_to=answered)))
    assert message["In-Reply-To"] is None and message["References"] is None


@pytest.mark.parametrize(("overrides", "error"), [
    ({"auto": "yes"}, "Auto-Submitted is one of auto-replied, auto-generated"),
    ({"date": datetime(2026, 3, 4, 5, 6, 7)}, "needs a time zone"),
    ({"to": []}, "at least one recipient"),
    ({"to": ["not an address"]}, "one bare mail address like ann@example.org"),
    ({"subject": "orders\r\nBcc: victim@example.org"}, "linefeed or carriage return"),
    ({"message_id": "no-at-sign"}, "a Message-ID looks like left@right"),
])
def test_what_cannot_be_a_message_is_a_value_error(overrides: dict[str, Any], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        compose(**_base(**overrides))


def test_message_ids_depend_only_on_kind_and_key() -> None:
    again = new_message_id("report", "aegean/T3-move/Ann", "judge.example")
    assert again == MESSAGE_ID
    assert MESSAGE_ID.startswith("report.") and MESSAGE_ID.endswith("@judge.example")
    others = {new_message_id("report", "aegean/T3-move/Bo", "judge.example"),
              new_message_id("reply", "aegean/T3-move/Ann", "judge.example"), MESSAGE_ID}
    assert len(others) == 3
    with pytest.raises(ValueError, match="a message kind is a short lower-case word"):
        new_message_id("Report!", "k", "judge.example")
    with pytest.raises(ValueError, match="a Message-ID domain is a host name"):
        new_message_id("report", "k", "judge example")


def test_the_deadline_calendar_has_the_event_in_utc_and_a_reminder_a_day_before() -> None:
    athens = timezone(timedelta(hours=2))
    raw = deadline_ics(uid="aegean-T3@judge.example", game="aegean", phase="T3 move",
                       deadline=datetime(2026, 3, 6, 20, 0, tzinfo=athens),
                       summary="Aegean: orders due", description="Orders, please; by mail",
                       stamp=WHEN)
    assert raw == deadline_ics(uid="aegean-T3@judge.example", game="aegean", phase="T3 move",
                               deadline=DEADLINE, summary="Aegean: orders due",
                               description="Orders, please; by mail", stamp=WHEN)
    assert b"DTSTART:20260306T180000Z" in raw
    calendar = Calendar.from_ical(raw)
    assert str(calendar["METHOD"]) == "PUBLISH"
    (event,) = calendar.walk("VEVENT")
    assert event.decoded("dtstart") == DEADLINE
    assert "DTEND" not in event  # an instant: RFC 5545 wants DTEND after DTSTART
    assert str(event["UID"]) == "aegean-T3@judge.example"
    assert str(event["DESCRIPTION"]) == "Orders, please; by mail"
    assert event.decoded("dtstamp") == WHEN
    # a moved deadline, told later, is the same event (same UID) with a greater SEQUENCE
    moved = Calendar.from_ical(deadline_ics(
        uid="aegean-T3@judge.example", game="aegean", phase="T3 move",
        deadline=DEADLINE + timedelta(days=1), summary="Aegean: orders due",
        description="Orders, please; by mail", stamp=WHEN + timedelta(minutes=5)))
    (later,) = moved.walk("VEVENT")
    assert str(later["UID"]) == str(event["UID"]) and int(later["SEQUENCE"]) > int(event["SEQUENCE"])
    (alarm,) = event.walk("VALARM")
    assert alarm.decoded("trigger") == -timedelta(hours=24)
    quiet = deadline_ics(uid="u@x", game="g", phase="p", deadline=DEADLINE, summary="s",
                         description="d", stamp=WHEN, alarm=None)
    assert b"VALARM" not in quiet
    with pytest.raises(ValueError, match="the deadline of a calendar event needs a time zone"):
        deadline_ics(uid="u@x", game="g", phase="p", deadline=datetime(2026, 3, 6),
                     summary="s", description="d", stamp=WHEN)
