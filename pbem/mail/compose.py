"""Outgoing mail as bytes, built from its parts: pure, and the same bytes for the same inputs.

Determinism matters: the outbox stores a message once, with its Message-ID, and a retry
sends those stored bytes; building the same reply again (after a crash before the queueing
commit) gives the same Message-ID and the same bytes, so the receiving side can drop a
second copy by its Message-ID. Hence no clock, no random MIME boundaries, no host name.

The shape of a message:

    text only                      text/plain; charset=utf-8
    text + html                    multipart/alternative (text/plain, text/html)
    text + html + png              multipart/alternative (text/plain,
                                       multipart/related (text/html, image/png inline))
    + svg and/or ics               multipart/mixed (the above, image/svg+xml, text/calendar)
    text + png without html        the PNG is an attachment

The HTML shows the inline map through its Content-ID: write `<img src="cid:{map_cid(id)}">`
in it, or pass `map_src` to have `src="<map_src>"` (e.g. the report's "map.png") rewritten
to that Content-ID. A report's map may come as two pictures, its close-up (`png`) and its
overview (`overview`), both inline after the HTML in the multipart/related, the overview by
its own Content-ID (`overview_cid`; `overview_src` rewritten to it as `map_src` is).
"""

from __future__ import annotations

import binascii
import email.charset
import email.header
import email.policy
import functools
import hashlib
import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from email.headerregistry import Address
from email.message import MIMEPart
from email.utils import format_datetime

from pbem.mail.address import writable

# the judge's own address as its settings take it (one label, as judge@localhost, allowed)
_JUDGE = re.compile(r"[^@\s<>(),;:\"\\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")

# CRLF line ends as on the wire, long headers folded, and only 7-bit bodies (non-ASCII text
# goes quoted-printable or base64), so no server needs 8BITMIME to take our mail
POLICY = email.policy.SMTP.clone(cte_type="7bit")
AUTO_SUBMITTED = ("auto-replied", "auto-generated")  # RFC 3834
LOOP_HEADER = "X-PBEM-Loop"
PRODID = "-//pbem-galleys//judge//EN"

_KIND = re.compile(r"[a-z][a-z0-9-]{0,19}")
_DOMAIN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")
_MESSAGE_ID = re.compile(r"[!-;=?-~]+@[!-;=?-~]+")  # printable ASCII, no angle brackets
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_FOREIGN_ID = re.compile(r"[!-;=?-~]{1,900}")  # what we accept from another's Message-ID


def new_message_id(kind: str, key: str, domain: str) -> str:
    """A Message-ID (without angle brackets) that depends only on its inputs: `key` names
    what the mail is (e.g. "aegean/T3-move/report/Ann"), so composing it again gives the
    same id, and the outbox keeps one message for it."""
    if not _KIND.fullmatch(kind):
        raise ValueError(f"a message kind is a short lower-case word like 'reply'; got {kind!r}")
    if not _DOMAIN.fullmatch(domain):
        raise ValueError(f"a Message-ID domain is a host name like example.org; got {domain!r}")
    digest = hashlib.sha256(f"{kind}\0{key}".encode()).hexdigest()[:32]
    return f"{kind}.{digest}@{domain}"


def map_cid(message_id: str) -> str:
    """The Content-ID of the inline map of the message `message_id`, for `cid:` in HTML."""
    return f"map.{_bare_id(message_id)}"


def overview_cid(message_id: str) -> str:
    """The Content-ID of the inline overview of the message `message_id` (a report's second
    picture, under its map's close-up), for `cid:` in HTML."""
    return f"overview.{_bare_id(message_id)}"


def compose(*, sender: str, sender_name: str, to: Sequence[str], subject: str, text: str,
            html: str | None = None, png: bytes | None = None, png_name: str = "map.png",
            map_src: str | None = None, svg: str | None = None, svg_name: str = "map.svg",
            ics: bytes | None = None, ics_name: str = "deadline.ics", message_id: str,
            in_reply_to: str | None = None, references: Sequence[str] | str | None = None,
            auto: str = "auto-generated", loop: str, date: datetime,
            overview: bytes | None = None, overview_name: str = "overview.png",
            overview_src: str | None = None) -> bytes:
    """One message as bytes with CRLF line ends, ready for SMTP. `message_id` is bare
    (left@right). `in_reply_to` is the Message-ID of the mail answered, as it came; it is
    left out when it is not a plausible Message-ID (it comes from a stranger's mail).
    `references` are the thread's ids before it (the answered mail's own References, as ids
    or as the header's text); the References header is they and the answered mail, so mail
    programs thread the answer; None (or none plausible): the answered mail alone.
    Every address in `to` must be a bare address (`pbem.mail.address.writable`: no name,
    angle brackets, comma, white space or line break), and `sender` one as the settings take
    it (the judge's own, judge@localhost included), so that no recipient or
    header can ride in on one; `sender_name` is put on one line (control characters and line
    breaks become spaces) and quoted as the standard library quotes a display name.
    Raises ValueError for an address that is not a bare one, a subject holding a line
    break, a naive `date` or an `auto` other than auto-replied or auto-generated.
    `overview` (a PNG) rides with `png`: inline after it when there is HTML, else attached
    after it; without `png` it is left out."""
    if auto not in AUTO_SUBMITTED:
        raise ValueError(f"Auto-Submitted is one of {', '.join(AUTO_SUBMITTED)}; got {auto!r}")
    if date.tzinfo is None or date.utcoffset() is None:
        raise ValueError("the Date of a message needs a time zone; give it in UTC")
    if not to:
        raise ValueError("a message needs at least one recipient")
    if not isinstance(sender, str) or not _JUDGE.fullmatch(sender):
        raise ValueError(f"the sender is one bare mail address like judge@example.org, with "
                         f"no name, brackets, comma or line break; got {sender!r}")
    for address in to:
        if not isinstance(address, str) or not writable(address):
            raise ValueError(f"a recipient is one bare mail address like ann@example.org, "
                             f"with no name, brackets, comma or line break; got {address!r}")
    bare = _bare_id(message_id)
    head = [_header("From", _one_line(sender_name), sender), _header("To", *to),
            _unstructured("Subject", subject), _unstructured("Date", format_datetime(date)),
            _message_id(bare)]
    answered = _foreign_id(in_reply_to)
    if answered:
        head += [_unstructured("In-Reply-To", answered),
                 _unstructured("References", " ".join(_thread(references, answered)))]
    head += [_header("Auto-Submitted", auto), _header(LOOP_HEADER, loop),
             _header("MIME-Version", "1.0")]
    if html is None and png is None and svg is None and ics is None:
        return b"".join(head) + _plain_text(text)

    if png is None:
        overview = None
    if html is not None and png is not None and map_src:
        for quote in "\"'":
            html = html.replace(f"src={quote}{map_src}{quote}",
                                f"src={quote}cid:{map_cid(bare)}{quote}")
    if html is not None and overview is not None and overview_src:
        for quote in "\"'":
            html = html.replace(f"src={quote}{overview_src}{quote}",
                                f"src={quote}cid:{overview_cid(bare)}{quote}")
    body = _text_part(text, "plain")
    if html is not None:
        shown = _text_part(html, "html")
        if png is not None:
            image = _bytes_part(png, "image", "png", png_name, "inline")
            image["Content-ID"] = f"<{map_cid(bare)}>"
            pictures = [image]
            if overview is not None:
                small = _bytes_part(overview, "image", "png", overview_name, "inline")
                small["Content-ID"] = f"<{overview_cid(bare)}>"
                pictures.append(small)
            shown = _multipart("related", [shown, *pictures])
        body = _multipart("alternative", [body, shown])
    attachments = []
    if png is not None and html is None:
        attachments.append(_bytes_part(png, "image", "png", png_name, "attachment"))
        if overview is not None:
            attachments.append(_bytes_part(overview, "image", "png", overview_name,
                                           "attachment"))
    if svg is not None:
        attachments.append(_bytes_part(svg.encode("utf-8"), "image", "svg+xml", svg_name,
                                       "attachment"))
    if ics is not None:
        attachments.append(_bytes_part(ics, "text", "calendar", ics_name, "attachment",
                                       {"charset": "utf-8", "method": "PUBLISH"}))
    if attachments:
        body = _multipart("mixed", [body, *attachments])
    inputs: list[str | bytes] = [bare, text, html or "", png or b"", svg or "", ics or b""]
    if overview is not None:  # (a message without one keeps the boundaries it always had)
        inputs.append(overview)
    _fix_boundaries(body, inputs)
    return b"".join(head) + body.as_bytes()


def deadline_ics(*, uid: str, game: str, phase: str, deadline: datetime, summary: str,
                 description: str, stamp: datetime,
                 alarm: timedelta | None = timedelta(hours=24)) -> bytes:
    """A calendar (RFC 5545) with one event at the deadline, in UTC, and a reminder
    `alarm` before it (none when None). The event has a DTSTART and no DTEND: a deadline is
    an instant, and RFC 5545 (3.8.2.2) wants a DTEND later than the DTSTART, while an event
    with a date-time DTSTART and no DTEND ends when it starts (3.6.1). The same inputs give
    the same bytes; `stamp` is when the judge made it (DTSTAMP). The UID is the phase's, so a
    moved deadline is the same event again: its SEQUENCE, the stamp in whole seconds, grows
    with each telling, and a calendar replaces the earlier one (RFC 5545 3.8.7.4)."""
    from icalendar import Alarm, Calendar, Event  # 60 ms to import: only when a deadline needs it

    for name, moment in (("deadline", deadline), ("stamp", stamp)):
        if moment.tzinfo is None or moment.utcoffset() is None:
            raise ValueError(f"the {name} of a calendar event needs a time zone; give it in UTC")
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("method", "PUBLISH")
    event = Event()
    event.add("uid", uid)
    event.add("dtstamp", stamp.astimezone(UTC))
    event.add("sequence", int(stamp.timestamp()))
    event.add("dtstart", deadline.astimezone(UTC))
    event.add("summary", summary)
    event.add("description", description)
    event.add("x-pbem-game", game)
    event.add("x-pbem-phase", phase)
    if alarm is not None:
        reminder = Alarm()
        reminder.add("action", "DISPLAY")
        reminder.add("description", summary)
        reminder.add("trigger", -alarm)
        event.add_component(reminder)
    calendar.add_component(event)
    return bytes(calendar.to_ical())


def _one_line(name: str) -> str:
    """A display name with control characters as spaces and every run of white space (line
    breaks of any kind included) one space."""
    return " ".join(_CONTROL.sub(" ", name).split())


def _bare_id(message_id: str) -> str:
    bare = message_id.strip().removeprefix("<").removesuffix(">")
    if not _MESSAGE_ID.fullmatch(bare):
        raise ValueError(f"a Message-ID looks like left@right, in printable ASCII; got "
                         f"{message_id!r}")
    return bare


MAX_REFERENCES = 20  # ids in a References header made: the thread's first and its latest


def _thread(references: Sequence[str] | str | None, answered: str) -> list[str]:
    """The References of an answer: the plausible ids of the thread before the answered
    mail, then it (each once; a long thread keeps its first and its latest ids)."""
    given = re.findall(r"<([^<>]*)>", references) if isinstance(references, str) \
        else list(references or ())
    ids = [found for found in (_foreign_id(item) for item in given) if found]
    ids = [item for item in dict.fromkeys(ids) if item != answered] + [answered]
    if len(ids) > MAX_REFERENCES:
        ids = [ids[0], *ids[-(MAX_REFERENCES - 1):]]
    return ids


def _foreign_id(message_id: str | None) -> str | None:
    if not message_id:
        return None
    bare = message_id.strip().removeprefix("<").removesuffix(">")
    return f"<{bare}>" if _FOREIGN_ID.fullmatch(bare) else None


# --- headers and the plain text body, as the email package writes them, made faster -------
#
# The email package parses every header value it is given into a tree and folds the tree
# again when the message is written (some 50 microseconds a header), and a message is
# written header by header after its parts: a plain reply took it about a millisecond. The
# bytes here are the package's own: a header whose value changes with every mail is written
# directly only when it is plain (printable ASCII words with single spaces, nothing like an
# encoded word) and fits its line, where the package's folding leaves it as it is; any other
# value, and every value that repeats (the judge's name, the players' addresses), is folded
# by the package, the latter once per process (a pure function of its value, cached).
# tests/mail/test_compose_bytes.py holds every kind of mail, and generated headers, to the
# package's bytes.

_PLAIN = re.compile(r"[!-~]+(?: [!-~]+)*")
_PLAIN_ID = re.compile(r"[A-Za-z0-9._+-]+@[A-Za-z0-9.-]+")
_LINE: int = POLICY.max_line_length or 78  # SMTP's 78 (the policy is ours: never None)
_CRLF = POLICY.linesep


def _unstructured(name: str, value: str) -> bytes:
    """The header line of an unstructured value (Subject, Date as written, the thread)."""
    if len(name) + 2 + len(value) <= _LINE and "=?" not in value and _PLAIN.fullmatch(value):
        return f"{name}: {value}{_CRLF}".encode("ascii")
    try:
        return _folded(name, value)
    except UnicodeError:  # (see _encoded)
        return _encoded(name, value)


def _encoded(name: str, value: str) -> bytes:
    """The header with all its text in encoded words (RFC 2047, UTF-8), folded: for a text
    the email package cannot write. It reads what looks like an encoded word in the text
    (a player's subject may hold one, written out) and fails on one whose bytes are not
    its charset's when other letters than ASCII are there too; encoded whole, the text
    reads back exactly as it was given."""
    words = email.header.Header(value, "utf-8", header_name=name).encode(linesep=_CRLF)
    return f"{name}: {words}{_CRLF}".encode("ascii")


def _message_id(bare: str) -> bytes:
    """The Message-ID line (one of ours, made by new_message_id, is written directly)."""
    if len(bare) <= 60 and _PLAIN_ID.fullmatch(bare):
        return f"Message-ID: <{bare}>{_CRLF}".encode("ascii")
    return _folded("Message-ID", f"<{bare}>")


def _folded(name: str, value: str) -> bytes:
    """The header as the email package stores and folds it (ValueError for a line break)."""
    return POLICY.fold_binary(*POLICY.header_store_parse(name, value))


@functools.lru_cache(maxsize=4096)
def _header(name: str, *values: str) -> bytes:
    """A header whose value repeats from mail to mail, folded by the email package once:
    From (its display name and address), To (its addresses), or another one's text."""
    if name == "From":
        try:
            return POLICY.fold_binary(*POLICY.header_store_parse(
                name, Address(display_name=values[0], addr_spec=values[1])))
        except UnicodeError:  # (as a subject can: see _encoded)
            return _encoded_author(name, values[0], values[1])
    if name == "To":
        return POLICY.fold_binary(*POLICY.header_store_parse(
            name, [Address(addr_spec=address) for address in values]))
    (value,) = values
    return _folded(name, value)


def _encoded_author(name: str, display: str, address: str) -> bytes:
    """From with its display name in encoded words, one a word (a reader puts one space
    between two), folded between words: for a name the email package cannot write."""
    utf8 = email.charset.Charset("utf-8")
    words = [f"{name}:", *(utf8.header_encode(word) for word in display.split()),
             f"<{address}>"]
    lines = [words[0]]
    for word in words[1:]:
        if len(lines[-1]) + 1 + len(word) > _LINE:
            lines.append("")
        lines[-1] += " " + word
    return (_CRLF.join(lines) + _CRLF).encode("ascii")


@functools.lru_cache(maxsize=8)
def _text_head(cte: str) -> bytes:
    """The Content-Type and Content-Transfer-Encoding lines of a plain text part in `cte`."""
    part = MIMEPart(policy=POLICY)
    part.set_content("", subtype="plain", charset="utf-8", cte=cte)
    return b"".join(POLICY.fold_binary(name, value) for name, value in part.items())


def _plain_text(text: str) -> bytes:
    """The body of a text-only message with its content headers, as the email package writes
    it (pbem.mail.compose's POLICY: 7 bits): as it is when it is ASCII in lines of at most 78
    characters, else quoted-printable when the package's test of its first ten lines prefers
    that (the package's encoding of the same text, made by _quoted_printable); base64 through
    the package.
    On the wire every line ends in CRLF."""
    lines = text.encode("utf-8").splitlines()
    if max((len(line) for line in lines), default=0) <= _LINE and text.isascii():
        return _text_head("7bit") + _CRLF.encode() + b"\r\n".join(lines) + b"\r\n"
    quoted, sniffed = _quoted_printable(lines)
    if sniffed > len(binascii.b2a_base64(b"\r\n".join(lines[:10]) + b"\r\n")):
        return _text_part(text, "plain").as_bytes()
    # (the lines end in "\n" alone, and none holds a CR: as the generator writes them)
    return _text_head("quoted-printable") + (_CRLF + quoted.replace("\n", _CRLF)).encode("ascii")


# the characters quoprimime's body encoding writes as they are (its _QUOPRI_BODY_ENCODE_MAP):
# printable ASCII but "=", the space, the tab, CR and LF; every other one of the 256 is =XX
_QP_OTHER = re.compile(r"[^\t\n\r -<>-~]")
_QP_ESCAPE = {chr(code): f"={code:02X}" for code in range(256)}


def _qp_escape(match: re.Match[str]) -> str:
    return _QP_ESCAPE[match.group()]


def _quoted_printable(lines: list[bytes]) -> tuple[str, int]:
    """The lines (one at least; none holds a CR or LF) in quoted-printable as the email
    package writes a text part's body, `quoprimime.body_encode(text, 78)` of them
    joined and ended by "\n", and the length of what that gives for the first ten lines
    alone (the package's test of whether quoted-printable is shorter than base64): the
    package's loop as it is, each line cut the same; it only finds the few characters that
    need an escape by a pattern instead of looking every one up (str.translate through a list
    of 256 strings, most of a reply's time), and encodes the first ten lines once, not twice.
    tests/mail/test_compose_qp.py holds it to the package's own encoding."""
    body = _QP_OTHER.sub(_qp_escape, (b"\n".join(lines) + b"\n").decode("latin-1"))
    soft_break = "=\n"
    maxlinelen = _LINE
    maxlinelen1 = maxlinelen - 1
    encoded_body: list[str] = []
    append = encoded_body.append
    sniffed = -1
    for number, line in enumerate(body.split("\n")[:-1]):
        if number == 10:
            sniffed = sum(map(len, encoded_body)) + len(encoded_body)
        start = 0
        laststart = len(line) - 1 - maxlinelen
        while start <= laststart:
            stop = start + maxlinelen1
            if line[stop - 2] == "=":  # never break inside an escape
                append(line[start:stop - 1])
                start = stop - 2
            elif line[stop - 1] == "=":
                append(line[start:stop])
                start = stop - 1
            else:
                append(line[start:stop] + "=")
                start = stop
        if line and line[-1] in " \t":  # white space at the end of a line is escaped
            room = start - laststart
            if room >= 3:
                tail = _QP_ESCAPE[line[-1]]
            elif room == 2:
                tail = line[-1] + soft_break
            else:
                tail = soft_break + _QP_ESCAPE[line[-1]]
            append(line[start:-1] + tail)
        else:
            append(line[start:])
    if sniffed < 0:  # ten lines or fewer: the test is of them all
        sniffed = sum(map(len, encoded_body)) + len(encoded_body)
    append("")
    return "\n".join(encoded_body), sniffed

def _text_part(content: str, subtype: str) -> MIMEPart:
    part = MIMEPart(policy=POLICY)
    part.set_content(content, subtype=subtype, charset="utf-8")
    return part


def _bytes_part(content: bytes, maintype: str, subtype: str, filename: str, disposition: str,
                params: dict[str, str] | None = None) -> MIMEPart:
    part = MIMEPart(policy=POLICY)
    part.set_content(content, maintype=maintype, subtype=subtype, disposition=disposition,
                     filename=filename, params=params or {})
    return part


def _multipart(subtype: str, parts: list[MIMEPart]) -> MIMEPart:
    container = MIMEPart(policy=POLICY)
    container["Content-Type"] = f"multipart/{subtype}"
    for part in parts:
        container.attach(part)
    return container


def _fix_boundaries(body: MIMEPart, inputs: list[str | bytes]) -> None:
    """Boundaries drawn from a hash of everything in the message instead of at random:
    the same message gives the same bytes, and no part can contain its own boundary
    without containing a hash of itself."""
    digest = hashlib.sha256()
    for item in inputs:
        data = item.encode("utf-8") if isinstance(item, str) else item
        digest.update(len(data).to_bytes(8, "big") + data)
    stem = digest.hexdigest()[:24]
    for number, part in enumerate(part for part in body.walk() if part.is_multipart()):
        part.set_boundary(f"=_{stem}.{number}")
