"""The work of reading a stranger's mail is bounded before the full parse: each hostile shape a
tester sent (hundreds of thousands of empty parts, a Subject of 100,000 encoded words, deep
nesting, a header block of megabytes, millions of lines, a Content-Type of thousands of
parameters) is refused with a sentence naming the limit it broke, while mail of a real shape
near those limits is still read. Time is measured while developing, never asserted here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.mail.bounds import (
    MAX_BOUNDARIES,
    MAX_BYTES,
    MAX_ENCODED_WORDS,
    MAX_FROM,
    MAX_HEADER_BYTES,
    MAX_HEADER_TEXT,
    MAX_LINES,
    MAX_MIME_FIELD,
    MAX_MIME_PARAMS,
    MAX_NESTED_LINES,
    MAX_PARTS,
    MailRefused,
    body_start,
)
from pbem.mail.reading import read_message
from pbem.mail.texts import Text

HEAD = b"From: Ann <ann@example.org>\nMessage-ID: <bounds@example.org>\n"
MIXED = HEAD + b"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n"


def refusal(raw: bytes) -> str:
    assert len(raw) <= MAX_BYTES  # each shape is one the judge must look at, not refuse by size
    with pytest.raises(MailRefused) as refused:
        read_message(raw, "judge@example.net")
    return refused.value.reason


# --- the hostile shapes ------------------------------------------------------------------------


def test_two_hundred_thousand_empty_parts_are_refused_by_the_part_limit() -> None:
    raw = MIXED + b"--b\n\n" * 200_000 + b"--b--\n"
    reason = refusal(raw)
    assert f"more than {MAX_PARTS:,} MIME parts" in reason


def test_two_hundred_thousand_empty_non_text_parts_are_refused_by_the_part_limit() -> None:
    raw = MIXED + b"--b\nContent-Type: application/x-empty\n\n" * 200_000 + b"--b--\n"
    assert len(raw) > 7_000_000
    assert f"more than {MAX_PARTS:,} MIME parts" in refusal(raw)


def test_a_subject_of_a_hundred_thousand_encoded_words_is_refused() -> None:
    subject = b" ".join(b"=?utf-8?q?a?=" for _ in range(100_000))
    reason = refusal(HEAD + b"Subject: " + subject + b"\n\nHELP\n")
    assert f"more than {MAX_ENCODED_WORDS:,} encoded words" in reason


def test_a_header_block_of_megabytes_is_refused() -> None:
    raw = HEAD + b"X-Padding: some text\n" * 400_000 + b"\nHELP\n"
    assert len(raw) > 8_000_000
    assert f"header block is longer than {MAX_HEADER_BYTES:,} bytes" in refusal(raw)


def test_one_header_line_of_megabytes_is_refused() -> None:
    raw = HEAD + b"X-Padding: " + b"x" * 10_000_000 + b"\n\nHELP\n"
    assert f"header block is longer than {MAX_HEADER_BYTES:,} bytes" in refusal(raw)


def test_multipart_nesting_a_hundred_thousand_deep_is_refused_by_the_boundary_limit() -> None:
    opening = b"".join(b"Content-Type: multipart/mixed; boundary=\"l%d\"\n\n--l%d\n" % (n, n)
                       for n in range(100_000))
    reason = refusal(HEAD + opening + b"Content-Type: text/plain\n\nHELP\n")
    assert f"more than {MAX_BOUNDARIES} multipart containers" in reason


def test_forwarded_messages_nested_a_hundred_thousand_deep_are_refused() -> None:
    raw = HEAD + b"Content-Type: message/rfc822\n\n" * 100_000 + b"HELP\n"
    assert f"more than {MAX_BOUNDARIES} multipart containers" in refusal(raw)


def test_millions_of_lines_are_refused_by_the_line_limit() -> None:
    for line_end in (b"\n", b"\r\n", b"\r"):
        raw = HEAD + line_end + line_end * (MAX_BYTES // len(line_end) - 100)
        assert f"more than {MAX_LINES:,} lines" in refusal(raw)


def test_many_lines_inside_many_nested_containers_are_refused() -> None:
    opening = b"".join(b"Content-Type: multipart/mixed; boundary=\"l%d\"\n\n--l%d\n" % (n, n)
                       for n in range(MAX_BOUNDARIES))
    raw = HEAD + opening + b"Content-Type: application/x\n\n" + b"x\n" * (MAX_LINES - 1000)
    assert f"at most {MAX_NESTED_LINES:,} lines times containers" in refusal(raw)


def test_a_big_attachment_inside_three_containers_is_read() -> None:
    picture = b"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA\n"
    raw = (HEAD + b"Content-Type: multipart/mixed; boundary=m\n\n--m\n"
           b"Content-Type: multipart/alternative; boundary=a\n\n--a\n"
           b"Content-Type: text/plain\n\nHELP\n--a\n"
           b"Content-Type: multipart/related; boundary=r\n\n--r\nContent-Type: text/html\n\n"
           b"<p>HELP</p>\n--r--\n--a--\n--m\nContent-Type: image/png; name=map.png\n"
           b"Content-Transfer-Encoding: base64\n\n" + picture * 330_000 + b"--m--\n")
    assert read_message(raw).texts == (Text("body", "HELP"),)


def test_a_content_type_of_ten_thousand_parameters_is_refused() -> None:
    params = b"; ".join(b"p%d=v" % n for n in range(10_000))
    raw = HEAD + b"Content-Type: text/plain; " + params + b"\n\nHELP\n"
    assert f"more than {MAX_MIME_PARAMS} parameters" in refusal(raw)


def test_thousands_of_parts_each_with_many_parameters_are_refused() -> None:
    params = b"; ".join(b"p%d=v" % n for n in range(MAX_MIME_PARAMS))
    part = b"--b\nContent-Type: application/x-thing; " + params + b"\n\n"
    assert f"more than {MAX_PARTS:,} MIME parts" in refusal(MIXED + part * (MAX_PARTS + 1))


def test_a_content_disposition_longer_than_the_field_limit_is_refused() -> None:
    raw = (HEAD + b"Content-Type: text/plain\nContent-Disposition: attachment; filename=\""
           + b"n" * MAX_MIME_FIELD + b"\"\n\nHELP\n")
    assert f"longer than {MAX_MIME_FIELD:,} bytes" in refusal(raw)


def test_a_from_longer_than_its_limit_is_refused() -> None:
    name = b" ".join(b"=?utf-8?q?Ann?=" for _ in range(MAX_FROM // 10))
    reason = refusal(b"From: " + name + b" <ann@example.org>\nSubject: x\n\nHELP\n")
    assert f"From header is longer than {MAX_FROM:,} characters" in reason


# --- real shapes near the limits are read ----------------------------------------------------


def test_a_few_hundred_parts_are_read() -> None:
    parts = b"".join(b"--b\nContent-Type: image/png; name=p%d.png\n"
                     b"Content-Transfer-Encoding: base64\n\niVBORw0KGgo=\n" % n for n in range(400))
    raw = MIXED + b"--b\nContent-Type: text/plain\n\nHELP\n" + parts + b"--b--\n"
    assert read_message(raw).texts == (Text("body", "HELP"),)


def test_a_long_header_block_of_real_headers_is_read() -> None:
    received = b"".join(b"Received: from relay%d.example.org by relay%d.example.org with ESMTPS;"
                        b"\n\tMon, 1 Dec 2026 10:00:00 +0000\n" % (n, n + 1) for n in range(2000))
    raw = received + HEAD + b"Subject: orders\n\nHELP\n"
    assert 150_000 < body_start(raw) < MAX_HEADER_BYTES
    mail = read_message(raw)
    assert (mail.sender, mail.subject, mail.texts) == ("ann@example.org", "orders",
                                                       (Text("body", "HELP\n"),))


def test_a_subject_of_thousands_of_encoded_words_is_read_and_cut() -> None:
    subject = b" ".join(b"=?utf-8?q?caf=C3=A9?=" for _ in range(MAX_ENCODED_WORDS - 10))
    mail = read_message(HEAD + b"Subject: " + subject + b"\n\nHELP\n")
    assert mail.subject.startswith("café" * 20)
    assert set(mail.subject) == {"c", "a", "f", "é"}  # encoded words side by side join up
    assert len(mail.subject) <= MAX_HEADER_TEXT


def test_a_long_rfc2231_file_name_is_read() -> None:
    name = "Διαταγές για τον γύρο τρία " * 9  # 243 characters, 450 bytes in UTF-8
    encoded = "".join(f"%{byte:02X}" for byte in name.encode("utf-8"))
    pieces = [encoded[n:n + 60] for n in range(0, len(encoded), 60)]
    disposition = ";\n ".join(f"filename*{n}*={'utf-8' + chr(39) * 2 if n == 0 else ''}{piece}"
                              for n, piece in enumerate(pieces))
    raw = HEAD + (f"Content-Type: text/plain\nContent-Disposition: attachment;\n {disposition}"
                  "\n\nSIGNON g p w\n").encode("ascii")
    assert MAX_MIME_PARAMS > len(pieces) > 20
    (text,) = read_message(raw).texts
    assert text == Text(f"attachment {' '.join(name.split())}", "SIGNON g p w\n")


# --- body_start with a limit -----------------------------------------------------------------


@pytest.mark.parametrize(("raw", "limit", "start"), [
    (b"Subject: x\n\nbody", 100, 12),
    (b"Subject: x\n\nbody", 12, 12),
    (b"Subject: x\n\nbody", 11, -1),
    (b"Subject: x\nnot a header\n", 12, -1),  # the second line is cut: it might be a header
    (b"Subject: x\nnot a header\n", 24, 11),
    (b"Subject: x", 5, -1),
    (b"Subject: x", 10, 10),
    (b"", 0, 0),
    (b"no header", 3, -1),
    (b"\nbody", 1, 1),
])
def test_where_the_body_starts_within_a_limit(raw: bytes, limit: int, start: int) -> None:
    assert body_start(raw, limit) == start
    if start >= 0:
        assert body_start(raw) == start


# --- random structures: nothing but an Incoming or MailRefused --------------------------------


HEADER_LINES = st.sampled_from([
    b"Subject: =?utf-8?q?caf=C3=A9?= orders", b"Subject: " + b"=?utf-8?b?w6k=?= " * 40,
    b"From: =?utf-8?q?Eve=0D=0ABcc=3A_v=40example=2Eorg?= <eve@example.org>",
    b"From: \"Smith, Ann\" <ann@example.org>", b"From: a@example.org, b@example.org",
    b"X-Auto-Response-Suppress: All", b"Sender: judge@example.net", b"Content-Type: text/plain",
    b"Content-Type: text/plain; " + b"; ".join(b"p%d=v" % n for n in range(80)),
    b"Content-Disposition: attachment; filename=\"=?utf-8?q?o=C3=A9.txt?=\"",
    b"X-Long: " + b"y" * 5000, b" folded continuation", b"Content-Type: message/rfc822",
])


@st.composite
def mime_tree(draw: st.DrawFn, depth: int = 0) -> bytes:
    headers = draw(st.lists(HEADER_LINES, max_size=4))
    if depth < 4 and draw(st.booleans()):
        boundary = draw(st.sampled_from([b"b", b"b%d" % depth, b"=_x", b"--", b"b b"]))
        children = draw(st.lists(mime_tree(depth + 1), max_size=4))
        copies = draw(st.integers(1, 3 if depth else 200))  # some trees have many parts
        body = b"".join(b"--" + boundary + b"\n" + child for child in children) * copies
        closing = draw(st.sampled_from([b"--" + boundary + b"--\n", b""]))
        content_type = b"Content-Type: multipart/mixed; boundary=\"" + boundary + b"\""
        return b"\n".join([*headers, content_type]) + b"\n\n" + body + closing
    body = draw(st.sampled_from([b"SIGNON g p w\nA: F3\n", b"", b"=?x?q?y?=\n" * 50, b"\n" * 300,
                                 b"<p>SIGNON g p w</p>\n"]))
    return b"\n".join(headers) + b"\n\n" + body


def read_or_refuse(raw: bytes) -> None:
    """Read it, or have it refused with a sentence; what is read has one-line header fields."""
    try:
        mail = read_message(raw, "judge@example.net")
    except MailRefused as refused:
        assert refused.reason.endswith(".")
        assert not refused.reason.startswith("The judge could not read")
        return
    for field in (mail.sender, mail.sender_name, mail.subject, mail.message_id, mail.automatic):
        assert "\r" not in field and "\n" not in field
    assert mail.sender == "" or "," not in mail.sender and "<" not in mail.sender


@settings(max_examples=120, deadline=None)
@given(mime_tree())
def test_random_structures_are_read_or_refused(raw: bytes) -> None:
    read_or_refuse(HEAD + raw)
