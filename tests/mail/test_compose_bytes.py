"""compose() gives the same bytes as the standard library's own path: every kind of mail the
judge sends (a reply, a reply with its map, press, a notice with its calendar, a report with
HTML, its map inline and its files), ASCII and other scripts, names that must be quoted,
headers long enough to fold, texts in 7 bits, quoted-printable and base64.

`_reference` is compose() as it was before it was made fast: an EmailMessage filled header by
header and its parts made by set_content, flattened by the email package's generator. The
digests pin the bytes both gave then; a generated set of subjects and threads checks the
folding of headers beyond the cases written out."""

from __future__ import annotations

import email
import email.policy
import hashlib
import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone
from email.headerregistry import Address
from email.message import EmailMessage, MIMEPart
from typing import Any

import pytest

from pbem.mail.compose import (
    LOOP_HEADER,
    _bare_id,
    _foreign_id,
    _one_line,
    _thread,
    compose,
    map_cid,
    new_message_id,
)

REFERENCE_POLICY = email.policy.SMTP.clone(cte_type="7bit")


def _reference(*, sender: str, sender_name: str, to: Sequence[str], subject: str, text: str,
               html: str | None = None, png: bytes | None = None, png_name: str = "map.png",
               map_src: str | None = None, svg: str | None = None, svg_name: str = "map.svg",
               ics: bytes | None = None, ics_name: str = "deadline.ics", message_id: str,
               in_reply_to: str | None = None, references: Sequence[str] | str | None = None,
               auto: str = "auto-generated", loop: str, date: datetime) -> bytes:
    """The message as the email package builds it (compose's body before it was made fast)."""
    bare = _bare_id(message_id)
    message = EmailMessage(policy=REFERENCE_POLICY)
    message["From"] = Address(display_name=_one_line(sender_name), addr_spec=sender)
    message["To"] = [Address(addr_spec=address) for address in to]
    message["Subject"] = subject
    message["Date"] = date
    message["Message-ID"] = f"<{bare}>"
    answered = _foreign_id(in_reply_to)
    if answered:
        message["In-Reply-To"] = answered
        message["References"] = " ".join(_thread(references, answered))
    message["Auto-Submitted"] = auto
    message[LOOP_HEADER] = loop
    message["MIME-Version"] = "1.0"
    if html is not None and png is not None and map_src:
        for quote in "\"'":
            html = html.replace(f"src={quote}{map_src}{quote}",
                                f"src={quote}cid:{map_cid(bare)}{quote}")
    body = _text_part(text, "plain")
    if html is not None:
        shown = _text_part(html, "html")
        if png is not None:
            image = _bytes_part(png, "image", "png", png_name, "inline")
            image["Content-ID"] = f"<{map_cid(bare)}>"
            shown = _multipart("related", [shown, image])
        body = _multipart("alternative", [body, shown])
    attachments = []
    if png is not None and html is None:
        attachments.append(_bytes_part(png, "image", "png", png_name, "attachment"))
    if svg is not None:
        attachments.append(_bytes_part(svg.encode("utf-8"), "image", "svg+xml", svg_name,
                                       "attachment"))
    if ics is not None:
        attachments.append(_bytes_part(ics, "text", "calendar", ics_name, "attachment",
                                       {"charset": "utf-8", "method": "PUBLISH"}))
    if attachments:
        body = _multipart("mixed", [body, *attachments])
    digest = hashlib.sha256()
    items: list[str | bytes] = [bare, text, html or "", png or b"", svg or "", ics or b""]
    for item in items:
        data = item.encode("utf-8") if isinstance(item, str) else item
        digest.update(len(data).to_bytes(8, "big") + data)
    stem = digest.hexdigest()[:24]
    for number, part in enumerate(part for part in body.walk() if part.is_multipart()):
        part.set_boundary(f"=_{stem}.{number}")
    for name, value in body.items():
        message[name] = value
    message.set_payload(body.get_payload())
    return message.as_bytes()


def _text_part(content: str, subtype: str) -> MIMEPart:
    part = MIMEPart(policy=REFERENCE_POLICY)
    part.set_content(content, subtype=subtype, charset="utf-8")
    return part


def _bytes_part(content: bytes, maintype: str, subtype: str, filename: str, disposition: str,
                params: dict[str, str] | None = None) -> MIMEPart:
    part = MIMEPart(policy=REFERENCE_POLICY)
    part.set_content(content, maintype=maintype, subtype=subtype, disposition=disposition,
                     filename=filename, params=params or {})
    return part


def _multipart(subtype: str, parts: list[MIMEPart]) -> MIMEPart:
    container = MIMEPart(policy=REFERENCE_POLICY)
    container["Content-Type"] = f"multipart/{subtype}"
    for part in parts:
        container.attach(part)
    return container


# --- the mail the judge sends ---------------------------------------------------------------

WHEN = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 3
SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text>Ἀθῆναι → Σαλαμίς</text></svg>\n'
ICS = (b"BEGIN:VCALENDAR\r\nPRODID:-//pbem-galleys//judge//EN\r\nVERSION:2.0\r\n"
       b"METHOD:PUBLISH\r\nBEGIN:VEVENT\r\nSUMMARY:aegean: orders for T4 due\r\n"
       b"UID:aegean-T4@judge.example\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
REPLY_TEXT = ("The judge's answer to your mail.\n\n== aegean: Aristides ==\n\n"
              "Orders for T3 move accepted (2 pieces):\n  F1: R2 L1\n  F2: R\n\n"
              "Deadline: Friday 06 March 2026, 18:00 (UTC)\n")
REPORT_HTML = ('<html><body><h1>Aegean, T3 move</h1><p>Ἀθῆναι rams.</p>'
               '<img src="map.png" alt="map"><img src=\'map.png\'></body></html>\n')
LONG_THREAD = [f"CAF+thread.{n:03d}.{'x' * (n % 7)}@mail.example.org" for n in range(30)]


def _mail(**overrides: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "sender": "judge@judge.example", "sender_name": "Galley judge",
        "to": ["ann@example.org"], "subject": "Re: orders", "text": REPLY_TEXT,
        "message_id": new_message_id("reply", "17/0", "judge.example"),
        "loop": "judge@judge.example", "date": WHEN, "auto": "auto-replied"}
    fields.update(overrides)
    return fields


CASES: dict[str, dict[str, Any]] = {
    "reply": _mail(),
    "reply-threaded": _mail(in_reply_to="<CAF+x.1@mail.example.org>",
                            references=["root.0@mail.example.org", "CAF+x.0@mail.example.org"]),
    "reply-references-as-text": _mail(in_reply_to=" <b.2@example.org> ",
                                      references="<a.1@example.org>\r\n <junk <b.2@example.org>"),
    "reply-long-thread-folds": _mail(in_reply_to="CAF+last@mail.example.org",
                                     references=LONG_THREAD),
    "reply-long-in-reply-to": _mail(in_reply_to="<" + "q" * 120 + "@mail.example.org>"),
    "reply-odd-in-reply-to": _mail(in_reply_to='<"quoted(comment)"@[127.0.0.1]>'),
    "reply-implausible-in-reply-to": _mail(in_reply_to="<no angle <brackets>>"),
    "reply-bench": _mail(subject="Re: orders 7", in_reply_to="<bench-7@bench.example>",
                         sender="judge@bench.example", loop="judge@bench.example",
                         message_id=new_message_id("reply", "7/0", "bench.example")),
    "reply-two-recipients": _mail(to=["ann@example.org", "Ann.Other+galleys@mail.example.org"]),
    "reply-many-recipients-fold": _mail(to=[f"player{n}@galleys.example.org" for n in range(9)]),
    "reply-greek-subject": _mail(subject="Re: διαταγές για την τριήρη"),
    "reply-long-greek-subject": _mail(subject="Re: " + "Ἀθῆναι καὶ Σαλαμίς " * 8),
    "reply-long-ascii-subject": _mail(subject="Re: " + "orders for the whole fleet " * 6),
    "reply-long-word-subject": _mail(subject="Re: " + "x" * 120),
    "reply-subject-78": _mail(subject="S" * (78 - len("Subject: "))),
    "reply-subject-79": _mail(subject="S" * (79 - len("Subject: "))),
    "reply-subject-spaces": _mail(subject="  Re:  two  spaces\tand a tab  "),
    "reply-subject-encoded-word": _mail(subject="Re: =?utf-8?q?caf=C3=A9?= and =?x?"),
    "reply-subject-specials": _mail(subject='Re: "quoted" (comment) <angle> a,b;c:d \\ [x]'),
    "reply-empty-subject": _mail(subject=""),
    "reply-control-subject": _mail(subject="Re: bell\x07 and del\x7f"),
    "reply-greek-name": _mail(sender_name="Κριτής των γαλέρων"),
    "reply-name-to-quote": _mail(sender_name='Judge, "the" (galleys) <x@y> ; z:'),
    "reply-name-line-breaks": _mail(sender_name="Galley\r\njudge\t\x00 two"),
    "reply-long-name": _mail(sender_name="The judge of the galleys " * 5),
    "reply-empty-name": _mail(sender_name=""),
    "reply-one-label-sender": _mail(sender="judge@localhost", loop="judge@localhost"),
    "reply-odd-message-id": _mail(message_id='<a+b=c!#$%&\'*/^_`{|}~"(),.:[]@weird.example>'),
    "reply-greek-text": _mail(text="Η κρίση:\n  Τριήρης F1 εμβολίζει\n" * 3),
    "reply-greek-text-long": _mail(text="Η κρίση:\n  Τριήρης F1 εμβολίζει\n" * 30),
    "reply-latin1-text": _mail(text="Café, naïve, Ærø, señor\n" * 12),
    "reply-long-lines": _mail(text="ORDERS " + "R2 L1 " * 40 + "\nshort\n"),
    "reply-long-lines-many": _mail(text=("ORDERS F1 " + "R2 L1 = " * 12 + "\n") * 14),
    "reply-accents-in-long-lines": _mail(text=("Aristides: " + "ram the Persian at once " * 4
                                               + "– café\n") * 3),
    "reply-crlf-and-cr": _mail(text="one\r\ntwo\rthree\nfour"),
    "reply-no-final-newline": _mail(text="HELP"),
    "reply-empty-text": _mail(text=""),
    "reply-trailing-spaces": _mail(text="spaces at the end   \n\ttab\t\n"),
    "reply-from-line": _mail(text="From the judge\n>From quoted\n.\n..\n"),
    "reply-other-zone": _mail(date=datetime(2026, 7, 1, 23, 59, 59,
                                            tzinfo=timezone(timedelta(hours=-5)))),
    "reply-with-map": _mail(png=PNG, png_name="orders.png", svg=SVG, svg_name="orders.svg",
                            in_reply_to="<CAF+x.1@mail.example.org>"),
    "reply-with-png-only": _mail(png=PNG, png_name="orders.png"),
    "press": _mail(subject="aegean: press from Aristides", auto="auto-generated",
                   text="To all: the Persians are coming.\n",
                   message_id=new_message_id("press", "aegean/3/ann@example.org",
                                             "judge.example")),
    "notice": _mail(subject="aegean: orders for T4 due in 24 hours", auto="auto-generated",
                    text="Your orders for T4 move are due Friday 06 March 2026, 18:00 (UTC).\n",
                    message_id=new_message_id("notice", "aegean/T4/remind",
                                              "judge.example")),
    "notice-with-calendar": _mail(subject="aegean: the deadline moved", auto="auto-generated",
                                  ics=ICS, ics_name="aegean-T4.ics"),
    "report": _mail(subject="aegean: T3 move resolved", auto="auto-generated",
                    text="Report of T3 — Ἀθῆναι\n", html=REPORT_HTML, png=PNG,
                    map_src="map.png", png_name="aegean-T3.png", svg=SVG,
                    svg_name="aegean-T3.svg", ics=ICS,
                    message_id=new_message_id("report", "aegean/T3/Ann", "judge.example")),
    "report-no-svg-no-calendar": _mail(auto="auto-generated", text="Report\n", html=REPORT_HTML,
                                       png=PNG, map_src="map.png"),
    "report-no-map": _mail(auto="auto-generated", text="Report\n", html=REPORT_HTML),
    "report-map-not-named": _mail(auto="auto-generated", text="Report\n", html=REPORT_HTML,
                                  png=PNG),
    "report-boundary-in-text": _mail(auto="auto-generated", html="<p>x</p>", png=PNG,
                                     text="--=_0123456789abcdef01234567.0\n--\n"),
}

# sha256 of each case's bytes as compose() gave them before it was made fast (_reference)
PINNED: dict[str, str] = {
    "notice":
        "d06c3e6598b9e602b22ce5f9493f02f5d1b012aa2a93bf2e7c268d3313de4104",
    "notice-with-calendar":
        "f7fcdfbdaf824f615c167ae70c62b5fe0af0d527811b0f287699ad1cbdb1b183",
    "press":
        "803449112f1906813b4e9ff7ef8cc58b73f03fdfa2ed9b174ffea40d50be8563",
    "reply":
        "bf453f3096b95079e1bb4b0b8e56781dd800b6a1ca0537be22914911c342c27b",
    "reply-bench":
        "e2a0217f2b001f69384cf1873ab0825e743dc7375d9b45bb7ca6b613c1851968",
    "reply-control-subject":
        "b3ef034f0a8f85b30b375dc4394da85a13d9ada56ab9e374cab3b748cf53ea10",
    "reply-crlf-and-cr":
        "43616103045a0412eb1b8621ba78ef283f806ce0f51f06bb1184c4c2cfe60ac5",
    "reply-empty-name":
        "474eb7b946fb2c166e44b49f050305fa892fd48f3030480f829d7831dd7dea3a",
    "reply-empty-subject":
        "25eb95a6f1f4e2d4226cf538d136b6f3a040b025b80e6bb385cdd5846e234cf4",
    "reply-empty-text":
        "5597da3eed52286ff8d3abf4432af42ca77bcc780cb0f8809ab86515778eb04e",
    "reply-from-line":
        "6141246f87fc1ea44392bb7d24514c78e0d9f091f1f89a081771d79a6502de1a",
    "reply-greek-name":
        "a4e20ebbdc868e2fe7f265ba0d1a45bd97420f0404257cd210947ec3e161143b",
    "reply-greek-subject":
        "d7650d2c3251275475f0425ee6f70d15111995d7981f200b481ae0d4ad508860",
    "reply-greek-text":
        "6e1fd239a3b88721e14cea3f28ffd4443919190cb4447e968f7a4cd569f13f81",
    "reply-greek-text-long":
        "6f4552adf9056c1b7121cfcf4b3de3b2291fbd70c34e1970b3f7bc06e54f8b9d",
    "reply-implausible-in-reply-to":
        "bf453f3096b95079e1bb4b0b8e56781dd800b6a1ca0537be22914911c342c27b",
    "reply-latin1-text":
        "f928180f82181629c53c1f05e25648f6958c05b93185e30bc4cc7e5fa8ec43dc",
    "reply-long-ascii-subject":
        "486d95032700993800f75a7e1c9612c7bb5a5393df415b03db56c5f9782a0ca3",
    "reply-long-greek-subject":
        "676ed51313f614782157d9fb5fc0e71b56be76e35a71b42f7ad05eec0d889cdc",
    "reply-long-in-reply-to":
        "a9315eb98381384148f72c41cdb549104ff0702fbfa3a63a4dd1ff0ebc3649aa",
    "reply-long-lines":
        "041f8e86e7008805e861f0deb72c1d863e24339190463d638a50f517fc56746b",
    "reply-long-name":
        "65bc0ff4bae6efe4ecf7f2138b39c52eb00c60be65d8286f0f3f5461058683d5",
    "reply-long-thread-folds":
        "3e9cee861d3a24d1d61951d7a8dea9d2f18a596cb7bc121a00f1c71c6f639623",
    "reply-long-word-subject":
        "ddf2b46784c7a8685d383d94f1b56f3f213aeba93a02ec96f68f69a1d6edc911",
    "reply-long-lines-many":
        "ee76d294fcfcca3c04b7ed90e3ee41fa9a104e3be2a99ddcf733a812ddac6aa5",
    "reply-accents-in-long-lines":
        "90628cb9e487914504f927caa798a156fc29184e379b9e22b4e1d66b6d30312e",
    "reply-many-recipients-fold":
        "a14dde223a3d059d712bfc283ba6d8563e2ac41668bf5577940923553db7c77a",
    "reply-name-line-breaks":
        "444f213a9e32bdd94ed05a8a721d63d8cc069f9b7e22137303ecbb1aeb1e192a",
    "reply-name-to-quote":
        "ac30fd65b8f32b51ce61bcbfc6b96ac4377a3f6ff8147ba4693f877c03df95d6",
    "reply-no-final-newline":
        "e81b3218fa85a0a88dc8f8736884d4ccf88626c52811feeb523034aa5f6d1bdb",
    "reply-odd-in-reply-to":
        "a17d0fcc37556c327683f754bcef1f4673db423c5fc239255e85e1a84749abc8",
    "reply-odd-message-id":
        "ebc16748fc27a5f0230a26312cd94823073baa4cca34ccdb674da918774f03df",
    "reply-one-label-sender":
        "36d337e716de936a899638285b85c85dccca571a4a088c35e798807803da25fb",
    "reply-other-zone":
        "47f48be5d54e8bc2b4376cc95209242c0033e45c680ec24ce5ce4503f40dea81",
    "reply-references-as-text":
        "229dbffb7d4af0823c464a2ea1cbc174ed96de26c5aa0697ab567dfcde8a5e26",
    "reply-subject-78":
        "1f37806060b43f66c4307e2d1705cac0a3397bb35b6ccabed292440753efb2d7",
    "reply-subject-79":
        "8edac533e73783868222e4958c34b287197423650b17f3729c67b9fcab764a85",
    "reply-subject-encoded-word":
        "b555a80d19c3b78f1adfdac69fb41802e3f2965b4e61e08384810cf34bcbf4ea",
    "reply-subject-spaces":
        "f4165cf02965779de13ba4cbefd218b7c4bd1803e20bec17825340b496f4479d",
    "reply-subject-specials":
        "1417821ac523454902047850259c0177b324d1afae8ba6cfb3791221f05561b7",
    "reply-threaded":
        "ee73fcc850a3b44d3919fd94196005a3cfc66c11f7c3960f09989870a57cf1a2",
    "reply-trailing-spaces":
        "f48a509a59130e31478bc156b819b3491269362c4b498ddf08df8e788bcd6579",
    "reply-two-recipients":
        "8b29d526789ad8d929b3b725aa4dbbe6c007e53c49ef6c5675e1bb26dee76191",
    "reply-with-map":
        "a918bfcbc7ed0271f5fa685d3eab07be3387aafc4924c9a632320b2fd68dd208",
    "reply-with-png-only":
        "c4e16e28799d941b93ab91b92c04b8471de0bc59c3ffce0aeafb241080365492",
    "report":
        "b2ae3a59ecc0c3590e56c991ce1e295b9cd1cfc8c272365e0da8627c9578b17b",
    "report-boundary-in-text":
        "0ddb7dc81249c10a0679bb03d133202f4b6c0948aa393d337b8b467dd3b9ec5c",
    "report-map-not-named":
        "42707571323f787fac2442f21cdc2e815ef9d43571020a8e167a28723b1ee0a2",
    "report-no-map":
        "73382053d1b833b061a73129a7904c4dc4028b6e63e8091506f0703bc9968e49",
    "report-no-svg-no-calendar":
        "f2cea239d48741d3e94151e3d265fbd0b819645e26b9e8a270504245f1df28a7",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_compose_gives_the_bytes_of_the_email_package(name: str) -> None:
    made = compose(**CASES[name])
    assert made == _reference(**CASES[name])


@pytest.mark.parametrize("name", sorted(CASES))
def test_compose_gives_the_bytes_it_gave_before(name: str) -> None:
    assert hashlib.sha256(compose(**CASES[name])).hexdigest() == PINNED[name]


def _word(chance: random.Random) -> str:
    """A word of printable ASCII, specials included, now and then another script's letters,
    a control character or something like an encoded word."""
    alphabet = [chr(c) for c in range(0x21, 0x7f)]
    pick = chance.random()
    if pick < 0.05:
        return "=?utf-8?q?" + "".join(chance.choices("abc=C3A9", k=6)) + "?="
    if pick < 0.12:
        return "".join(chance.choices("αβγδεζηθΆἈῆ—é€", k=chance.randint(1, 8)))
    if pick < 0.15:
        return chance.choice(["\x07", "\x1b", "\x7f", "\t", "  ", "\xa0"])
    return "".join(chance.choices(alphabet, k=chance.randint(1, 14)))


def test_headers_fold_as_the_email_package_folds_them() -> None:
    chance = random.Random(26)
    for _ in range(400):
        words = [_word(chance) for _ in range(chance.randint(0, chance.choice([4, 14])))]
        subject = chance.choice([" ", "  ", " "]).join(words)
        thread = ["<" + "".join(chance.choices("abcdefxyz0123.+-_", k=chance.randint(1, 30)))
                  + "@mail.example.org>" for _ in range(chance.randint(0, 8))]
        fields = _mail(subject=subject, references=thread or None,
                       in_reply_to=thread[-1] if thread else None,
                       sender_name=" ".join(words[:3]))
        expected = _made(_reference, fields)
        if expected == "UnicodeEncodeError":  # the package cannot write it: written
            # in encoded words instead (tests/mail/test_compose_subjects.py reads them back)
            made = email.message_from_bytes(compose(**fields), policy=email.policy.default)
            assert made["From"].addresses[0].addr_spec == fields["sender"], fields
            assert made["Subject"], fields
        else:
            assert _made(compose, fields) == expected, fields


def _made(make: Any, fields: dict[str, Any]) -> bytes | str:
    """The bytes made, or the name of the error raised (the same inputs fail alike)."""
    try:
        made: bytes = make(**fields)
    except Exception as error:  # noqa: BLE001 - compared, not hidden
        return type(error).__name__
    return made


def test_texts_are_encoded_as_the_email_package_encodes_them() -> None:
    chance = random.Random(2026)
    pieces = ["F1 R2 L1", "=", "=3D", " ", "\t", "Café", "naïve", "Ἀθῆναι", "€", "x" * 70,
              "ORDERS", ".", "From ", "\x00", "\x0b", "\x0c"]
    for _ in range(300):
        lines = ["".join(chance.choices(pieces, k=chance.randint(0, 12)))
                 for _ in range(chance.randint(0, chance.choice([3, 10, 11, 30])))]
        text = chance.choice(["\n", "\r\n", "\r"]).join(lines) + chance.choice(["", "\n"])
        fields = _mail(text=text)
        assert _made(compose, fields) == _made(_reference, fields), fields
