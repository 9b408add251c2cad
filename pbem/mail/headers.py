"""The header fields of one received mail: their text, who sent it, its return path, and
whether a machine sent it. Pure: a parsed `Message` in, strings out, or `MailRefused`.

- Header values and the sender's name are unfolded, on one line, with control characters as
  spaces, and no lone surrogates (raw 8-bit header bytes are read as UTF-8 where they are
  UTF-8). The sender is From's first mailbox, parsed as it came, before any encoded word is
  decoded, and the first angle-bracketed one when there is one (so a display name never
  becomes the address); it is a bare address the judge can write to
  (`pbem.mail.address.writable`), or "". The return path is the topmost Return-Path, the one
  the last server wrote.
- `why_automatic` gives the first sign found, in this order: the judge's loop header, the
  judge's own address (any of those given, compared bare and in any case, in any mailbox of
  any From, Sender or Reply-To, as it came or decoded, or as the return path),
  `Auto-Submitted` other than `no`, `X-Autoreply`/`X-Autorespond`, Exchange's
  `X-Auto-Response-Suppress` with any value but `None`, `X-MS-Exchange-Inbox-Rules-Loop`
  or `X-MS-Exchange-Generated-Message-Source`, `multipart/report`, an
  empty return path, `Precedence: bulk|junk|list|auto_reply`, `List-Id`/`List-Unsubscribe`,
  a sender whose local part is `mailer-daemon`.

It owns the header fields; it calls pbem.mail.bounds (the limits, `MailRefused`) and
pbem.mail.address. pbem.mail.texts borrows `clean` (no lone surrogates) and `decode_words`
(for a part's file name).
"""

from __future__ import annotations

import email.errors
import email.header
import email.utils
import re
from collections.abc import Iterable
from email.message import Message
from typing import Any

from pbem.mail.address import writable
from pbem.mail.bounds import MAX_FROM, MAX_HEADER_TEXT, MailRefused

LOOP_HEADER = "X-PBEM-Loop"
BULK_PRECEDENCE = frozenset({"bulk", "junk", "list", "auto_reply"})
AUTOREPLY_HEADERS = ("X-Autoreply", "X-Autorespond")
# Exchange: the kinds of automatic answer the sender wants none of (MS-OXCMAIL 2.1.3.2.20);
# Exchange and Outlook put it on out-of-office replies and other mail no person wrote.
SUPPRESS_HEADER = "X-Auto-Response-Suppress"
# Exchange: a mail an inbox rule sent or forwarded, and one a server component generated.
EXCHANGE_HEADERS = ("X-MS-Exchange-Inbox-Rules-Loop", "X-MS-Exchange-Generated-Message-Source")
LIST_HEADERS = ("List-Id", "List-Unsubscribe")


_LINE_END_TEXT = re.compile("\r\n|\r|\n")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_QUOTED_LOCAL = re.compile(r'"([a-z0-9!#$%&\'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&\'*+/=?^_`{|}~-]+)*)"@(.+)')
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_ANGLED = re.compile(r"<([^<>]*)>")


class Fields:
    """A message's header fields as it came, listed once (names lower-cased, in order) with
    the first value of each name, and the address lists read from them: every look the
    judge makes at one mail's headers reads these instead of walking the header block
    again (a mail's From is read for its sender and for the judge's own address)."""

    __slots__ = ("message", "items", "first", "_addresses")

    def __init__(self, message: Message) -> None:
        self.message = message
        self.items = [(key.lower(), value) for key, value in message.raw_items()]
        self.first: dict[str, Any] = {}
        for key, value in self.items:
            self.first.setdefault(key, value)
        self._addresses: dict[str, list[tuple[str, str]]] = {}

    def __contains__(self, name: str) -> bool:
        return name.lower() in self.first

    def addresses(self, text: str) -> list[tuple[str, str]]:
        """`email.utils.getaddresses([text])`, worked out once per text."""
        found = self._addresses.get(text)
        if found is None:
            found = self._addresses[text] = email.utils.getaddresses([text])
        return found


def fields_of(message: Message | Fields) -> Fields:
    """The message's `Fields` (made when a `Message` is given)."""
    return message if isinstance(message, Fields) else Fields(message)


def header_text(message: Message | Fields, name: str) -> str:
    """The header's text, decoded and unfolded; "" when absent. Read from the raw value
    (encoded words decoded here), and at most `MAX_HEADER_TEXT` characters of it, cut at a
    space: decoding is then linear in what is kept."""
    raw = fields_of(message).first.get(name.lower())
    if raw is None:
        return ""
    text = clean(str(raw))
    if len(text) > MAX_HEADER_TEXT:  # cut at a space, so that no encoded word is cut in two
        text = text[:MAX_HEADER_TEXT].rsplit(None, 1)[0]
    return _one_line(decode_words(text))


def decode_words(text: str) -> str:
    """RFC 2047 encoded words, as compat32 leaves them."""
    if "=?" not in text:  # no encoded word: the standard library gives the text back as it is
        return text
    try:
        return str(email.header.make_header(email.header.decode_header(text)))
    except (email.errors.MessageError, LookupError, UnicodeError, ValueError):
        return text  # HeaderParseError, or a CharsetError for a charset name that is not ASCII


def sender_of(message: Message | Fields) -> tuple[str, str]:
    """From's display name and lower-cased address; ("", "") when it cannot be read.

    The address is parsed from the field as it came, before any encoded word is decoded, so
    that a display name can never become an address (`=?utf-8?q?Eve=0D=0ABcc=3A_v=40x?=`
    decodes to a line break and a second address). When the field holds an address in angle
    brackets, the sender is the first such address: `v@example.org <eve@example.org>` is
    from eve. The name is decoded afterwards and kept on one line, with no control
    characters."""
    fields = fields_of(message)
    first = fields.first.get("from")
    whole = _unfolded("" if first is None else str(first))
    if len(whole) > MAX_FROM:
        raise MailRefused(f"The message's From header is longer than {MAX_FROM:,} characters; "
                          "the judge reads a From of at most that length.")
    mailboxes = _mailboxes(whole, fields)
    if not mailboxes:
        return "", ""
    name, address = mailboxes[0]
    if not writable(address):
        address = ""  # nobody the judge could answer: treated as no sender at all
    return _one_line(decode_words(name)), address


def _mailboxes(value: str, fields: Fields | None = None) -> list[tuple[str, str]]:
    """The (name, lower-cased address) pairs of an address field as it came (encoded words
    not decoded); only the angle-bracketed ones when there are any."""
    listed = (fields.addresses(value) if fields is not None
              else email.utils.getaddresses([value]))
    pairs = [(name, _bare(address)) for name, address in listed if "@" in address]
    angled = {_bare(inside) for inside in _ANGLED.findall(value)}
    return [pair for pair in pairs if pair[1] in angled] if angled else pairs


def _bare(address: str) -> str:
    """An address lower-cased, a quoted local part that needs no quotes unquoted."""
    address = address.strip().lower()
    quoted = _QUOTED_LOCAL.fullmatch(address)
    return f"{quoted.group(1)}@{quoted.group(2)}" if quoted else address


def _unfolded(text: str) -> str:
    return _LINE_END_TEXT.sub("", clean(text))


def _one_line(text: str) -> str:
    """The text with control characters as spaces and every run of white space (line breaks
    of any kind included) one space."""
    return " ".join(_CONTROL.sub(" ", clean(text)).split())


def judge_addresses(judge_address: str | Iterable[str]) -> frozenset[str]:
    """The judge's addresses, each bare and lower-cased (a display name is allowed)."""
    given = [judge_address] if isinstance(judge_address, str) else list(judge_address)
    found = set()
    for text in given:
        address = email.utils.parseaddr(text)[1] or text
        if address.strip():
            found.add(_comparable(address))
    return frozenset(found)


def _comparable(address: str) -> str:
    """An address as the judge compares it with its own: bare, lower case, no final dot."""
    return _bare(address).rstrip(".")


def _own_field(message: Message | Fields, return_path: str | None,
               judges: frozenset[str]) -> str:
    """The first field naming one of the judge's addresses as the mail's author or sender:
    any mailbox of any From, Sender or Reply-To header (as it came, and with encoded words
    decoded), or the return path; "" when none does."""
    if not judges:
        return ""
    fields = fields_of(message)
    for name in ("From", "Sender", "Reply-To"):
        wanted = name.lower()
        for key, value in fields.items:
            if key != wanted:
                continue
            text = _unfolded(str(value))[:MAX_FROM]
            decoded = decode_words(text)
            for candidate in (text,) if decoded == text else (text, decoded):
                if any(_comparable(address) in judges
                       for _name, address in fields.addresses(candidate)):
                    return name
    if return_path and _comparable(return_path) in judges:
        return "Return-Path"
    return ""


def return_path_of(message: Message | Fields) -> str | None:
    message = fields_of(message)
    if "Return-Path" not in message:
        return None
    text = header_text(message, "Return-Path")
    angled = _ANGLED.search(text)
    return (angled.group(1) if angled else text).strip().lower()


def first_id(text: str) -> str:
    angled = _ANGLED.search(text)
    return (angled.group(1) if angled else text).strip()


MAX_REFERENCES = 20  # ids of a References header kept: the thread's start and its latest


def all_ids(text: str) -> tuple[str, ...]:
    """The message ids of a References header, stripped of <>, oldest first; of a long one
    the first and the latest MAX_REFERENCES - 1 (RFC 5322 §3.6.4 lets a header be trimmed so)."""
    found = tuple(dict.fromkeys(match.group(1).strip() for match in _ANGLED.finditer(text)))
    if len(found) > MAX_REFERENCES:
        found = (found[0], *found[-(MAX_REFERENCES - 1):])
    return found


def clean(text: str) -> str:
    """No lone surrogates: raw 8-bit header bytes are read as UTF-8 where they are UTF-8."""
    if not _LONE_SURROGATE.search(text):
        return text
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeError:
        return _LONE_SURROGATE.sub("\ufffd", text)


def why_automatic(message: Message | Fields, sender: str, return_path: str | None,
                  judges: frozenset[str]) -> str:
    """Why a machine sent this mail, or "" if a person did."""
    fields = fields_of(message)
    own = _own_field(fields, return_path, judges)
    auto_submitted = header_text(fields, "Auto-Submitted")
    precedence = header_text(fields, "Precedence").lower()
    if LOOP_HEADER in fields:
        return f"it carries the judge's own loop header ({LOOP_HEADER})"
    if own:
        return f"it comes from the judge's own address ({own})"
    if "Auto-Submitted" in fields and auto_submitted.split(";")[0].strip().lower() != "no":
        return f"it was sent automatically (Auto-Submitted: {auto_submitted})"
    for name in AUTOREPLY_HEADERS:
        if name in fields:
            return f"it is an automatic reply ({name})"
    suppress = header_text(fields, SUPPRESS_HEADER)
    if suppress and suppress.lower() != "none":
        return f"it asks for no automatic answers, as automatic mail does ({SUPPRESS_HEADER}: {suppress})"
    for name in EXCHANGE_HEADERS:
        if name in fields:
            value = header_text(fields, name)
            return f"Exchange sent it by a rule or generated it ({name}{': ' + value if value else ''})"
    if fields.message.get_content_type() == "multipart/report":
        return "it is a delivery or read report (multipart/report)"
    if return_path == "":
        return "its return path is empty, as a bounce's is"
    if precedence in BULK_PRECEDENCE:
        return f"it is bulk or list mail (Precedence: {precedence})"
    for name in LIST_HEADERS:
        if name in fields:
            return f"it is a mailing-list copy ({name})"
    if sender.partition("@")[0] == "mailer-daemon":
        return "it comes from a mailer daemon"
    return ""
