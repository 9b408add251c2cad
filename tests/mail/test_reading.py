"""Reading raw mail: every fixture in tests/mail/fixtures gives exactly what its README entry
says, machine-sent mail is recognised by each sign alone, and no bytes at all make
read_message raise anything but MailRefused."""

from __future__ import annotations

import base64
import email.policy
import hashlib
from email.parser import BytesParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.mail import reading
from pbem.mail.bounds import MAX_BYTES, MAX_DEPTH, MailRefused, body_start
from pbem.mail.reading import Incoming, read_message
from pbem.mail.signon import Block, read_letter
from pbem.mail.texts import Text, decode_bytes, unflow

FIXTURES = Path(__file__).resolve().parent / "fixtures"
JUDGE = "judge@example.net"
FIXTURE_NAMES = sorted(path.name for path in FIXTURES.glob("*.eml"))


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def read(name: str) -> Incoming:
    return read_message(fixture(name), JUDGE)


def only_block(text: Text) -> Block:
    letter = read_letter(text.text)
    assert len(letter.blocks) == 1
    return letter.blocks[0]


def with_header(raw: bytes, header: bytes) -> bytes:
    """The message with one more header line at the top, as an MTA would add it."""
    return header + b"\n" + raw


# --- the fixtures, one by one ------------------------------------------------------------------


def test_every_fixture_is_listed_in_the_readme() -> None:
    readme = (FIXTURES / "README.md").read_text(encoding="utf-8")
    assert len(FIXTURE_NAMES) >= 20
    for name in FIXTURE_NAMES:
        assert f"`{name}`" in readme, name


def test_plain_orders_with_greeting_and_signature() -> None:
    mail = read("plain_orders.eml")
    assert mail.message_id == "plain-orders-1@example.org"
    assert (mail.sender, mail.sender_name) == ("ann@example.org", "Ann Example")
    assert mail.return_path == "ann@example.org"
    assert mail.subject == "aegean: orders for T3 move"
    assert mail.in_reply_to == ""
    assert mail.automatic == ""
    assert [text.source for text in mail.texts] == ["body"]
    letter = read_letter(mail.texts[0].text)
    (block,) = letter.blocks
    assert (block.game, block.player, block.password, block.line_no) == ("aegean", "Ann", "s3cret-oars", 5)
    assert block.orders == "A: F3\nB: F2 P F1\n\nD: R1"
    assert (block.orders_line, block.order_lines) == (6, (6, 7, 8, 9))
    assert block.commands == () and block.problem == ""
    assert letter.loose_commands == ()
    assert letter.ignored == ((11, "Ann Example"), (12, "Rowing club secretary"))


def test_a_reply_with_the_template_filled_in_above_the_quoted_report() -> None:
    mail = read("reply_template.eml")
    assert mail.in_reply_to == "report.aegean.T3-move.p1@judge.example.net"
    assert mail.subject == "Re: aegean T3 move: your report"
    assert mail.automatic == ""
    letter = read_letter(mail.texts[0].text)
    (block,) = letter.blocks  # the quoted SIGNON ... PASSWORD line starts no block
    assert (block.password, block.orders, block.order_lines) == ("s3cret-oars", "A: F3\nB: F2", (2, 3))
    assert letter.ignored[0] == (5, "On 30/11/2026 18:00, Galley Judge wrote:")
    assert (11, "> SIGNON aegean Ann PASSWORD") in letter.ignored
    assert (12, "> A: F1") in letter.ignored
    assert all(not line.startswith("> A:") for line in block.orders.split("\n"))


def test_html_only_mail_is_converted_with_its_quote_marked() -> None:
    mail = read("html_only.eml")
    assert [text.source for text in mail.texts] == ["html body"]
    text = mail.texts[0].text
    assert "<br>" not in text and "&nbsp;" not in text
    assert "> SIGNON aegean Ann PASSWORD" in text.split("\n")
    letter = read_letter(text)
    (block,) = letter.blocks
    assert (block.game, block.player, block.password) == ("aegean", "Ann", "s3cret-oars")
    assert block.orders == "A: F3\nB: F2 P F1"  # the &nbsp; is a space
    assert [line for _no, line in letter.ignored] == [
        "> On Sun, 30 Nov 2026 at 18:00, Galley Judge <judge@example.net> wrote:",
        "> SIGNON aegean Ann PASSWORD", "> A: F1"]


def test_multipart_alternative_reads_the_plain_part_only() -> None:
    mail = read("alternative.eml")
    assert mail.texts == (Text("body", "SIGNON aegean Ann s3cret-oars\nA: F3\n"),)
    assert only_block(mail.texts[0]).orders == "A: F3"


def test_orders_as_a_text_attachment_with_their_own_signon() -> None:
    mail = read("attachment_orders.eml")
    assert [text.source for text in mail.texts] == ["body", "attachment orders-T3.txt"]
    assert read_letter(mail.texts[0].text).blocks == ()
    attached = mail.texts[1].text
    assert "\r" not in attached
    block = only_block(mail.texts[1])
    assert (block.game, block.player, block.password) == ("aegean", "Ann", "s3cret-oars")
    assert block.orders == "A: F3\nB: F2"


def test_greek_quoted_printable() -> None:
    mail = read("greek_qp.eml")
    assert mail.sender_name == "Αλέξανδρος"
    assert mail.subject == "Διαταγές aegean"
    assert mail.texts[0].text.startswith("Γεια σου, κριτή!\n")
    block = only_block(mail.texts[0])
    assert (block.game, block.player, block.password) == ("aegean", "Αλέξανδρος", "θάλασσα")
    assert block.orders == "A: F3"
    assert read_letter(mail.texts[0].text).ignored == ((6, "Αλέξανδρος"),)


def test_an_unknown_charset_label_is_read_as_utf8_when_it_is() -> None:
    mail = read("unknown_charset.eml")
    assert mail.texts[0].text.startswith("Grüße aus Kiel!")
    block = only_block(mail.texts[0])
    assert (block.player, block.password, block.orders) == ("Jörg", "ruder", "A: F3")


def test_invalid_utf8_becomes_replacement_characters() -> None:
    mail = read("invalid_utf8.eml")
    assert mail.texts[0].text.startswith("Hello \ufffd\ufffd judge\n")
    block = only_block(mail.texts[0])
    assert (block.password, block.orders) == ("s3cret-oars", "A: F3 \ufffd")


def test_windows_line_endings_and_windows_1252() -> None:
    raw = fixture("windows_crlf.eml")
    assert raw.count(b"\r\n") == raw.count(b"\n")
    mail = read_message(raw, JUDGE)
    assert mail.subject == "aegean orders"
    assert mail.texts[0].text.startswith("Hello \u2013 orders below \u201cas promised\u201d.\n")
    assert "\r" not in mail.texts[0].text
    block = only_block(mail.texts[0])
    assert (block.line_no, block.orders, block.order_lines) == (3, "A: F3\nB: F2", (4, 5))


def test_two_signon_blocks() -> None:
    letter = read_letter(read("two_blocks.eml").texts[0].text)
    first, second = letter.blocks
    assert (first.game, first.player, first.orders, first.commands) == ("aegean", "Ann", "A: F3", ())
    assert (second.game, second.player, second.password) == ("Salamis-2", "Ann Example", "other-pass")
    assert [command.word for command in second.commands] == ["STATUS"]
    assert (second.orders, second.orders_line) == ("X: R1\nY: F2 S F1", 10)
    assert letter.ignored == ((6, "(that was the Aegean game)"),)


def test_press_then_orders() -> None:
    block = only_block(read("press.eml").texts[0])
    (press,) = block.commands
    assert (press.word, press.argument, press.line_no, press.problem) == ("PRESS", "all", 2, "")
    assert press.body == ("Citizens of Athens! Our triremes row at dawn.\n"
                          "Surrender the strait and none shall drown.")
    assert (block.orders, block.orders_line) == ("A: F3 RAM\nB: F2", 6)


def test_help_alone() -> None:
    mail = read("help_only.eml")
    assert (mail.sender, mail.sender_name, mail.automatic) == ("newcomer@example.com", "", "")
    letter = read_letter(mail.texts[0].text)
    assert letter.blocks == ()
    assert [(command.word, command.line_no, command.known) for command in letter.loose_commands] == [
        ("HELP", 1, True)]


def test_format_flowed_is_unwrapped() -> None:
    mail = read("thunderbird_flowed.eml")
    (press,) = only_block(mail.texts[0]).commands
    assert press.body == ("Captain of the red fleet, this is a long message that Thunderbird has "
                          "wrapped for sending, and the judge must put back together.")
    assert only_block(mail.texts[0]).orders == "A: F3"
    assert read_letter(mail.texts[0].text).ignored == ((8, "Ann"),)  # "-- " was not joined


def test_an_outlook_reply_does_not_read_the_unquoted_original() -> None:
    letter = read_letter(read("outlook_reply.eml").texts[0].text)
    (block,) = letter.blocks  # the original's "SIGNON aegean Ann PASSWORD" starts no block
    assert (block.password, block.orders) == ("s3cret-oars", "A: F3")
    assert (11, "SIGNON aegean Ann PASSWORD") in letter.ignored


def test_a_header_the_default_policy_chokes_on_is_read_as_text() -> None:
    mail = read("broken_message_id.eml")
    assert mail.message_id == "Z?@[?"
    assert (mail.sender, mail.subject) == ("ann@example.org", "aegean orders")
    assert only_block(mail.texts[0]).orders == "A: F3"


@pytest.mark.parametrize(("name", "reason"), [
    ("vacation.eml", "Auto-Submitted: auto-replied"),
    ("bounce.eml", "Auto-Submitted: auto-replied"),
    ("mailing_list.eml", "Precedence: list"),
    ("judge_loop.eml", "X-PBEM-Loop"),
])
def test_machine_sent_fixtures_are_marked_automatic(name: str, reason: str) -> None:
    assert reason in read(name).automatic


def test_a_bounce_reads_only_its_notification() -> None:
    mail = read("bounce.eml")
    assert mail.return_path == ""
    assert mail.sender == "mailer-daemon@judge.example.net"
    assert [text.source for text in mail.texts] == ["body"]
    assert "could not\nbe delivered" in mail.texts[0].text
    assert all("SIGNON" not in text.text for text in mail.texts)  # the returned report is not read


def test_nested_thirty_deep_is_refused() -> None:
    with pytest.raises(MailRefused, match=f"nested more than {MAX_DEPTH} deep"):
        read("nested_30.eml")


# --- machine-sent mail, one sign at a time -------------------------------------------------------


@pytest.mark.parametrize(("header", "reason"), [
    (b"Auto-Submitted: auto-replied", "Auto-Submitted: auto-replied"),
    (b"Auto-Submitted: auto-generated; owner-email=x@example.org", "auto-generated"),
    (b"Auto-Submitted: Auto-Notified", "Auto-Notified"),
    (b"Precedence: bulk", "Precedence: bulk"),
    (b"Precedence: JUNK", "Precedence: junk"),
    (b"Precedence: list", "Precedence: list"),
    (b"List-Id: <club.lists.example.org>", "List-Id"),
    (b"List-Unsubscribe: <mailto:leave@lists.example.org>", "List-Unsubscribe"),
    (b"X-PBEM-Loop: judge@example.net", "X-PBEM-Loop"),
    (b"X-Autoreply: yes", "X-Autoreply"),
    (b"X-Autorespond: on", "X-Autorespond"),
])
def test_each_sign_of_a_machine_alone(header: bytes, reason: str) -> None:
    assert read("plain_orders.eml").automatic == ""
    assert reason in read_message(with_header(fixture("plain_orders.eml"), header), JUDGE).automatic


@pytest.mark.parametrize("header", [b"Auto-Submitted: no", b"Auto-Submitted: No ; x=y",
                                    b"Precedence: first-class", b"X-Mailer: Mutt"])
def test_signs_that_a_person_wrote_it(header: bytes) -> None:
    assert read_message(with_header(fixture("plain_orders.eml"), header), JUDGE).automatic == ""


def test_an_empty_return_path_alone() -> None:
    raw = fixture("plain_orders.eml").replace(b"Return-Path: <ann@example.org>", b"Return-Path: <>")
    mail = read_message(raw, JUDGE)
    assert mail.return_path == ""
    assert "empty" in mail.automatic


def test_no_return_path_is_none_and_not_a_bounce() -> None:
    raw = fixture("plain_orders.eml").replace(b"Return-Path: <ann@example.org>\n", b"")
    mail = read_message(raw, JUDGE)
    assert (mail.return_path, mail.automatic) == (None, "")


def test_a_delivery_report_alone() -> None:
    raw = fixture("bounce.eml").replace(b"Auto-Submitted: auto-replied\n", b"").replace(
        b"Return-Path: <>", b"Return-Path: <postmaster@judge.example.net>")
    assert "multipart/report" in read_message(raw, JUDGE).automatic


def test_a_mailer_daemon_alone() -> None:
    raw = fixture("help_only.eml").replace(b"newcomer@example.com", b"MAILER-DAEMON@example.com")
    assert "mailer daemon" in read_message(raw, JUDGE).automatic


def test_mail_from_the_judges_own_address_in_any_case() -> None:
    raw = fixture("judge_loop.eml").replace(b"X-PBEM-Loop: judge@example.net\n", b"").replace(
        b"Auto-Submitted: auto-generated\n", b"")
    assert read_message(raw, "").automatic == ""
    assert "judge's own address" in read_message(raw, JUDGE).automatic
    assert "judge's own address" in read_message(raw, "Galley Judge <JUDGE@example.net>").automatic
    assert read_message(raw, "someone-else@example.net").automatic == ""


# --- headers -------------------------------------------------------------------------------------


def test_header_edge_cases() -> None:
    raw = (b"From: \"Smith, Ann\" <Ann.Smith@Example.ORG>\n"
           b"Message-ID:   <id-1@example.org>  \n"
           b"In-Reply-To: <first@x> <second@x>\n"
           b"Subject: a long\n subject =?utf-8?q?caf=C3=A9?=\n\nbody\n")
    mail = read_message(raw)
    assert (mail.sender, mail.sender_name) == ("ann.smith@example.org", "Smith, Ann")
    assert (mail.message_id, mail.in_reply_to) == ("id-1@example.org", "first@x")
    assert mail.subject == "a long subject café"
    assert (mail.return_path, mail.texts) == (None, (Text("body", "body\n"),))


@pytest.mark.parametrize("value", [b"", b"undisclosed-recipients:;", b"not an address", b"@", b"<>"])
def test_a_from_without_an_address_gives_an_empty_sender(value: bytes) -> None:
    mail = read_message(b"From: " + value + b"\nSubject: x\n\nHELP\n")
    assert mail.sender == ""
    assert mail.texts == (Text("body", "HELP\n"),)


def test_raw_utf8_in_a_header_is_read() -> None:
    mail = read_message("From: Jörg <jorg@example.de>\nSubject: Grüße\n\nx\n".encode())
    assert (mail.sender_name, mail.subject) == ("Jörg", "Grüße")


# --- the body, its digest and its parts -----------------------------------------------------------


def test_the_digest_is_of_the_body_as_received() -> None:
    raw = fixture("plain_orders.eml")
    body = raw[raw.index(b"\n\n") + 2:]
    assert read_message(raw).digest == hashlib.sha256(body).hexdigest()
    relayed = with_header(raw, b"Received: from relay.example.org by judge.example.net")
    assert read_message(relayed).digest == read_message(raw).digest
    assert read_message(raw.replace(b"A: F3", b"A: F4")).digest != read_message(raw).digest


@pytest.mark.parametrize(("raw", "start"), [
    (b"Subject: x\n\nbody", 12),
    (b"Subject: x\r\n\r\nbody", 14),
    (b"Subject: x\n folded\n\nbody", 20),
    (b"From someone Mon Dec  1 10:00:00 2026\nSubject: x\n\nb", 50),
    (b"Subject: x\nthis is no header\nbody", 11),
    (b"Subject: x\nFrom here on, a misplaced envelope line\n\nbody", 52),
    (b"Subject: x\n", 11),
    (b"no header at all", 0),
    (b"\nbody", 1),
    (b"", 0),
])
def test_where_the_body_starts(raw: bytes, start: int) -> None:
    assert body_start(raw) == start


HEADERISH_LINE = st.sampled_from([b"Subject: x", b" folded", b"\tfolded", b"no header", b"", b":",
                                  b"X-A:b", b"a b: c", b"\r", b"body text", b"\xff: x"])


@settings(max_examples=300, deadline=None)
@given(st.lists(HEADERISH_LINE, max_size=8), st.sampled_from([b"\n", b"\r\n", b"\r"]))
def test_the_digest_covers_what_the_standard_parser_calls_the_body(lines: list[bytes], end: bytes) -> None:
    raw = end.join(lines) + end
    payload = BytesParser(policy=email.policy.compat32).parsebytes(raw).get_payload()
    assert payload == raw[body_start(raw):].decode("ascii", "replace")


def test_an_unnamed_inline_text_part_after_the_body_is_not_read() -> None:
    raw = (b"From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n"
           b"--b\nContent-Type: text/plain\n\nfirst\n"
           b"--b\nContent-Type: text/plain\n\nsecond\n"
           b"--b\nContent-Type: text/plain; name=orders.txt\n\nthird\n--b--\n")
    mail = read_message(raw)
    assert mail.texts == (Text("body", "first"), Text("attachment orders.txt", "third"))


def test_a_blank_plain_part_gives_way_to_the_html() -> None:
    raw = (b"From: a@example.org\nContent-Type: multipart/alternative; boundary=b\n\n"
           b"--b\nContent-Type: text/plain\n\n \n"
           b"--b\nContent-Type: text/html\n\n<p>SIGNON g p w</p>\n--b--\n")
    (text,) = read_message(raw).texts
    assert text.source == "html body"
    assert text.text.strip() == "SIGNON g p w"


def test_an_attachment_without_a_name_and_a_forwarded_message() -> None:
    raw = (b"From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n"
           b"--b\nContent-Type: message/rfc822\n\nFrom: j@example.net\n\nSIGNON g p PASSWORD\n"
           b"--b\nContent-Type: text/plain\nContent-Disposition: attachment\n\norders\n--b--\n")
    assert read_message(raw).texts == (Text("attachment", "orders"),)


def test_a_base64_attachment_with_a_utf16_byte_order_mark() -> None:
    payload = base64.b64encode("\ufeffSIGNON g Ann pw\r\nA: F3\r\n".encode("utf-16-le"))
    raw = (b"From: a@example.org\nContent-Type: text/plain; charset=us-ascii; name=o.txt\n"
           b"Content-Transfer-Encoding: base64\n\n" + payload + b"\n")
    (text,) = read_message(raw).texts
    assert text == Text("attachment o.txt", "SIGNON g Ann pw\nA: F3\n")


def test_garbage_with_no_header_is_refused() -> None:
    with pytest.raises(MailRefused, match="no header lines"):
        read_message(b"\x00\xff\xfe garbage, not a mail\n\x89PNG")
    with pytest.raises(MailRefused, match="no header lines"):
        read_message(b"")


# --- size and depth ------------------------------------------------------------------------------


def test_a_twenty_megabyte_message_is_read() -> None:
    picture = base64.encodebytes(bytes(range(256)) * (15 * 1024 * 1024 // 256))
    raw = (b"From: Ann <ann@example.org>\nMessage-ID: <big@example.org>\nMIME-Version: 1.0\n"
           b"Content-Type: multipart/mixed; boundary=b\n\n"
           b"--b\nContent-Type: text/plain\n\nSIGNON aegean Ann pw\nA: F3\n"
           b"--b\nContent-Type: image/png; name=map.png\nContent-Transfer-Encoding: base64\n\n"
           + picture + b"--b--\n")
    assert 20 * 1024 * 1024 < len(raw) < MAX_BYTES
    mail = read_message(raw)
    assert mail.message_id == "big@example.org"
    assert mail.texts == (Text("body", "SIGNON aegean Ann pw\nA: F3"),)


def test_more_than_max_bytes_is_refused_unread() -> None:
    raw = b"From: a@example.org\n\n" + b"x" * MAX_BYTES
    with pytest.raises(MailRefused, match="at most"):
        read_message(raw)
    assert read_message(raw[:MAX_BYTES]).sender == "a@example.org"


def nested(levels: int) -> bytes:
    opening = b"".join(b"Content-Type: multipart/mixed; boundary=\"l%d\"\n\n--l%d\n" % (level, level)
                       for level in range(levels))
    closing = b"".join(b"\n--l%d--\n" % level for level in reversed(range(levels)))
    return b"From: a@example.org\n" + opening + b"Content-Type: text/plain\n\nHELP\n" + closing


def test_nesting_up_to_the_limit_is_read_and_one_more_is_refused() -> None:
    assert read_message(nested(MAX_DEPTH)).texts == (Text("body", "HELP\n"),)
    with pytest.raises(MailRefused, match="nested"):
        read_message(nested(MAX_DEPTH + 1))


def test_nesting_the_parser_cannot_follow_is_refused() -> None:
    with pytest.raises(MailRefused, match="nested too deeply"):
        read_message(nested(3000))


# --- decoding ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("payload", "label", "text"), [
    ("αβγ".encode("iso-8859-7"), "iso-8859-7", "αβγ"),
    ("αβγ".encode("iso-8859-7"), "ISO_8859-7", "αβγ"),
    (b"caf\xc3\xa9", "utf-8", "café"),
    (b"caf\xff", "utf-8", "caf\ufffd"),
    (b"caf\xc3\xa9", "x-unknown-foo", "café"),
    (b"caf\xe9 \x93q\x94", "x-unknown-foo", "café \u201cq\u201d"),
    (b"caf\xe9 \x81", None, "café \x81"),
    (b"caf\xc3\xa9", "us-ascii", "café"),
    (b"plain", "us-ascii", "plain"),
    (b"\\u0041", "unicode_escape", "\\u0041"),
    (b"x", "base64", "x"),
    (b"\xef\xbb\xbfbom", "latin-1", "bom"),
    ("hi".encode("utf-16-be"), "utf-16-be", "hi"),
    (b"x", "utf\x00-8", "x"),
])
def test_decode_bytes(payload: bytes, label: str | None, text: str) -> None:
    assert decode_bytes(payload, label) == text


def test_unflow() -> None:
    assert unflow("one \ntwo\nthree") == "one two\nthree"
    assert unflow("one \ntwo", delete_space=True) == "onetwo"
    assert unflow("-- \nAnn") == "-- \nAnn"
    assert unflow(" >not a quote") == ">not a quote"
    assert unflow("> quoted \n> on\nnext") == "> quoted on\nnext"
    assert unflow("soft \n> quoted") == "soft \n> quoted"
    assert unflow("ends soft ") == "ends soft "


# --- total: nothing but Incoming or MailRefused ---------------------------------------------------


def assert_well_formed(mail: Incoming) -> None:
    assert len(mail.digest) == 64
    assert mail.sender == mail.sender.lower()
    assert mail.return_path is None or mail.return_path == mail.return_path.lower()
    fields = [mail.message_id, mail.sender, mail.sender_name, mail.subject, mail.in_reply_to,
              mail.automatic, mail.return_path or ""]
    for field in fields + [text.text for text in mail.texts] + [text.source for text in mail.texts]:
        field.encode("utf-8")  # no lone surrogates
    for text in mail.texts:
        assert "\r" not in text.text
        assert text.source in ("body", "html body") or text.source.startswith("attachment")
    for field in fields:
        assert "\n" not in field


def read_or_refuse(raw: bytes) -> None:
    try:
        mail = read_message(raw, JUDGE)
    except MailRefused as refusal:
        assert refusal.reason.endswith(".")
        assert not refusal.reason.startswith("The judge could not read")  # the last net never needed
        return
    assert_well_formed(mail)
    for text in mail.texts:
        read_letter(text.text)


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=2000))
def test_random_bytes_never_crash(raw: bytes) -> None:
    read_or_refuse(raw)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.sampled_from([b"", b"From: a@example.org\n", b"Content-Type: ",
                                                 b"MIME-Version: 1.0\nContent-Type: multipart/mixed; "
                                                 b"boundary=b\n\n--b\n"]))
def test_random_bytes_after_a_header_never_crash(tail: bytes, head: bytes) -> None:
    read_or_refuse(head + tail)


MUTATION = st.tuples(st.sampled_from(["delete", "insert", "flip", "duplicate", "truncate"]),
                     st.floats(0, 1), st.floats(0, 1),
                     st.binary(min_size=1, max_size=12) | st.sampled_from(
                         [b"\n", b"\r\n", b"\n\n", b"=?", b"?=", b"<", b">", b"\"", b"--", b";",
                          b"boundary=", b"charset=", b"=\n", b"\x00", b"\xff", b"multipart/"]))


def mutate(raw: bytes, mutations: list[tuple[str, float, float, bytes]]) -> bytes:
    for kind, where, length, junk in mutations:
        start = int(where * len(raw))
        end = min(len(raw), start + int(length * 40) + 1)
        if kind == "delete":
            raw = raw[:start] + raw[end:]
        elif kind == "insert":
            raw = raw[:start] + junk + raw[start:]
        elif kind == "flip" and start < len(raw):
            raw = raw[:start] + bytes([raw[start] ^ junk[0]]) + raw[start + 1:]
        elif kind == "duplicate":
            raw = raw[:end] + raw[start:end] + raw[end:]
        elif kind == "truncate":
            raw = raw[:start]
    return raw


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(FIXTURE_NAMES), st.lists(MUTATION, min_size=1, max_size=6))
def test_mangled_fixtures_never_crash(name: str, mutations: list[tuple[str, float, float, bytes]]) -> None:
    read_or_refuse(mutate(fixture(name), mutations))


def test_an_encoded_word_whose_charset_name_is_not_ascii_is_read_as_it_stands() -> None:
    """Found by the test above: a byte 0x80 inside the charset name of an encoded word in
    From made the header decoder raise CharsetError under both policies, and the mail fell
    into the last net ("could not read") instead of being read."""
    raw = mutate(fixture("greek_qp.eml"), [("delete", 0.0, 0.0, b"\x00"),
                                          ("insert", 0.546875, 0.0, b"\x80")])
    incoming = read_message(raw)
    assert incoming.message_id == "greek-qp-1@example.gr"


def test_the_last_net_catches_what_both_parsers_fail_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object) -> Incoming:
        raise IndexError("a parser bug")

    monkeypatch.setattr(reading, "_read", broken)
    with pytest.raises(MailRefused, match="could not read this message: IndexError: a parser bug"):
        read_message(fixture("plain_orders.eml"))


# --- the judge's own address, wherever it stands (issue 18) ------------------------------------


PERSON = b"From: Ann <ann@example.org>\nSubject: orders\n\nSIGNON aegean Ann pw\nA: F3\n"


@pytest.mark.parametrize(("raw", "where"), [
    (b"Sender: judge@example.net\n" + PERSON, "Sender"),
    (b"Reply-To: Galley Judge <JUDGE@example.net>\n" + PERSON, "Reply-To"),
    (b"Return-Path: <judge@example.net>\n" + PERSON, "Return-Path"),
    (PERSON.replace(b"From: Ann <ann@example.org>", b"From: ann@example.org, judge@example.net"),
     "From"),
    (PERSON.replace(b"Subject:", b"From: judge@example.net\nSubject:"), "From"),  # a second From
    (PERSON.replace(b"<ann@example.org>", b"<judge@example.net.>"), "From"),
    (PERSON.replace(b"<ann@example.org>", b"<\"judge\"@Example.NET>"), "From"),
    (PERSON.replace(b"Ann <ann@example.org>", b"=?utf-8?q?judge=40example=2Enet?="), "From"),
])
def test_the_judges_address_in_any_sender_field_is_machine_mail(raw: bytes, where: str) -> None:
    assert read_message(raw, "someone-else@example.net").automatic == ""
    assert read_message(raw, JUDGE).automatic == f"it comes from the judge's own address ({where})"


def test_every_address_the_judge_takes_mail_for_is_its_own() -> None:
    raw = PERSON.replace(b"<ann@example.org>", b"<Orders@Example.net>")
    assert read_message(raw, JUDGE).automatic == ""
    assert "judge's own address" in read_message(raw, (JUDGE, "orders@example.net")).automatic
    assert "judge's own address" in read_message(raw, ["", "orders@example.net"]).automatic


# --- machine mail marked the Exchange way (issue 18, item 21) -----------------------------------


@pytest.mark.parametrize(("header", "reason"), [
    (b"X-Auto-Response-Suppress: All", "X-Auto-Response-Suppress: All"),
    (b"X-Auto-Response-Suppress: OOF", "X-Auto-Response-Suppress: OOF"),
    (b"X-Auto-Response-Suppress: DR, RN, NRN, OOF, AutoReply", "DR, RN, NRN, OOF, AutoReply"),
    (b"X-MS-Exchange-Inbox-Rules-Loop: ann@example.org", "X-MS-Exchange-Inbox-Rules-Loop"),
    (b"X-MS-Exchange-Generated-Message-Source: Mailbox Rules Agent",
     "X-MS-Exchange-Generated-Message-Source: Mailbox Rules Agent"),
    (b"X-Autoreply: yes", "X-Autoreply"),
    (b"X-Autorespond: on", "X-Autorespond"),
])
def test_each_exchange_sign_of_a_machine_alone(header: bytes, reason: str) -> None:
    assert read_message(PERSON, JUDGE).automatic == ""
    assert reason in read_message(with_header(PERSON, header), JUDGE).automatic


@pytest.mark.parametrize("header", [b"X-Auto-Response-Suppress: None", b"X-Auto-Response-Suppress: ",
                                    b"X-Auto-Response-Suppress:  none "])
def test_an_exchange_header_that_suppresses_nothing_is_a_persons(header: bytes) -> None:
    assert read_message(with_header(PERSON, header), JUDGE).automatic == ""
