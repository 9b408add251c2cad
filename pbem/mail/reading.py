"""Reading one raw mail into what the judge needs from it: who sent it, whether a machine sent
it, and its plain texts. Pure: bytes in, an `Incoming` out, or `MailRefused` with a sentence
for the quarantine. Nothing else ever escapes, whatever the bytes (tests/mail/test_reading.py
feeds it random and mangled mail to hold it to that).

How the awkward cases are settled:

- Size and depth: more than `MAX_BYTES` is refused before parsing; a part nested more than
  `MAX_DEPTH` containers deep (the message itself is depth 0) is refused, and so is nesting
  the standard parser cannot even follow (it recurses).
- No header at all (random bytes, a file that is not mail): refused.
- Headers are read with `compat32`, which keeps them as text: the judge decodes the few it
  needs itself. (`email.policy.default` parses each structured header again at every look,
  in time that grows with the square of its parameters: a few hundred parts with long
  Content-Type fields took it minutes.) Anything else the parser raises is refused with the
  error named.
- Bounds on the work, checked before the full parse by regular expressions over the raw
  bytes, so that a stranger's mail costs a fraction of a second whatever its shape (a real
  mail near 25 MiB costs about as much as the worst of these): the message's own header
  block at most `MAX_HEADER_BYTES` bytes holding at most `MAX_ENCODED_WORDS` encoded words;
  at most `MAX_BOUNDARIES` multipart boundaries and forwarded messages declared (a proxy for
  nesting); at most `MAX_PARTS` boundary lines and at most as many Content-Type and
  Content-Disposition fields, each of at most `MAX_MIME_FIELD` bytes and `MAX_MIME_PARAMS`
  parameters; at most `MAX_LINES` lines, and lines times distinct boundaries at most
  `MAX_NESTED_LINES` (the parser checks every line against every enclosing boundary). A
  From longer than `MAX_FROM` characters is refused; any other header is decoded only up to
  `MAX_HEADER_TEXT` characters (the rest is cut). Past a limit, `MailRefused` names it.
- `digest` hashes the body exactly as received: the bytes after the blank line that ends the
  header block. A line that is neither a header nor a folded continuation also ends the
  header block (as the standard parser has it) and starts the body. Headers added in
  transit (Received, Delivered-To) therefore never change it.
- Texts: the body is the first `text/plain` part that is neither an attachment
  (`Content-Disposition: attachment`) nor named (a filename or a `name`); if there is none,
  or it holds only white space, the first such `text/html` part converted by inscriptis,
  with quoted HTML (`<blockquote>`, Gmail's `gmail_quote`) marked with `> ` as a plain-text
  reply would quote it. Then every `text/plain` attachment or named part follows, in order.
  Further unnamed inline text parts are not read; nothing inside a forwarded `message/*`
  part is read (a forwarded report holds a sign-on template and old orders).
- Charsets: a byte-order mark wins; then the declared label, decoding bad bytes as U+FFFD;
  a missing, unknown or escape-codec label (and `us-ascii` over 8-bit bytes) is tried as
  UTF-8, then windows-1252, then Latin-1, which reads any byte. `format=flowed` text is
  unwrapped (RFC 3676), so the lines are the ones the writer saw.
- Every text has `\\n` line ends and no lone surrogates; header values and the sender's
  name are unfolded, on one line, with control characters as spaces. The sender is From's
  first mailbox, parsed as it came, before any encoded word is decoded, and the first
  angle-bracketed one when there is one (so a display name never becomes the address); it
  is a bare address the judge can write to (`pbem.mail.address.writable`), or "". The return
  path is the topmost Return-Path, the one the last server wrote.
- `automatic` gives the first sign found, in this order: the judge's loop header, the
  judge's own address (any of those given, compared bare and in any case, in any mailbox of
  any From, Sender or Reply-To, as it came or decoded, or as the return path),
  `Auto-Submitted` other than `no`, `X-Autoreply`/`X-Autorespond`, Exchange's
  `X-Auto-Response-Suppress` with any value but `None`, `X-MS-Exchange-Inbox-Rules-Loop`
  or `X-MS-Exchange-Generated-Message-Source`, `multipart/report`, an
  empty return path, `Precedence: bulk|junk|list|auto_reply`, `List-Id`/`List-Unsubscribe`,
  a sender whose local part is `mailer-daemon`.
"""

from __future__ import annotations

import bisect
import codecs
import email.errors
import email.header
import email.policy
import email.utils
import hashlib
import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from email.message import Message
from email.parser import BytesParser

# inscriptis ships no type information; the ignores stay harmless if stubs appear
from inscriptis import get_annotated_text  # type: ignore[import-untyped, unused-ignore]
from inscriptis.css_profiles import CSS_PROFILES  # type: ignore[import-untyped, unused-ignore]
from inscriptis.model.config import ParserConfig  # type: ignore[import-untyped, unused-ignore]

from pbem.mail.address import writable

MAX_BYTES = 25 * 1024 * 1024   # larger: refused (MailRefused)
MAX_DEPTH = 12                 # MIME nesting deeper than this: MailRefused
MAX_TEXT_PARTS = 50            # more text parts than this: MailRefused (read time is the sender's)
MAX_HTML = 2 * 1024 * 1024     # an HTML-only body longer than this: MailRefused
# Bounds on the work, checked on the raw bytes before the full parse (see the docstring):
MAX_LINES = 400_000            # lines in the whole message (25 MiB of base64 is 340,000)
MAX_HEADER_BYTES = 256 * 1024  # the message's own header block
MAX_ENCODED_WORDS = 5_000      # RFC 2047 encoded words in that header block
MAX_BOUNDARIES = 32            # multipart boundaries and forwarded messages declared
MAX_NESTED_LINES = 1_200_000   # lines times boundaries: each line is checked at every depth
MAX_PARTS = 500                # boundary lines, and Content-Type/-Disposition fields
MAX_MIME_FIELD = 8 * 1024      # bytes of one Content-Type or Content-Disposition field
MAX_MIME_PARAMS = 64           # parameters of one such field
MAX_FROM = 4 * 1024            # characters of the From field
MAX_HEADER_TEXT = 16 * 1024    # characters of a header decoded (Subject...); the rest is cut

LOOP_HEADER = "X-PBEM-Loop"
BULK_PRECEDENCE = frozenset({"bulk", "junk", "list", "auto_reply"})
AUTOREPLY_HEADERS = ("X-Autoreply", "X-Autorespond")
# Exchange: the kinds of automatic answer the sender wants none of (MS-OXCMAIL 2.1.3.2.20);
# Exchange and Outlook put it on out-of-office replies and other mail no person wrote.
SUPPRESS_HEADER = "X-Auto-Response-Suppress"
# Exchange: a mail an inbox rule sent or forwarded, and one a server component generated.
EXCHANGE_HEADERS = ("X-MS-Exchange-Inbox-Rules-Loop", "X-MS-Exchange-Generated-Message-Source")
LIST_HEADERS = ("List-Id", "List-Unsubscribe")
# Python codecs that are not character sets: a label naming one is treated as unknown.
NOT_CHARSETS = frozenset({"raw-unicode-escape", "unicode-escape", "idna", "punycode", "undefined"})
ASCII_CODEC = "ascii"
BYTE_ORDER_MARKS = (  # longest first: the UTF-32 LE mark begins with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)
FALLBACK_CODECS = ("utf-8", "cp1252")  # then latin-1, which cannot fail

_LINE_END = re.compile(rb"\r\n|\r|\n")
# A header line or a folded continuation starts `From `, a name and a colon, or white space,
# as the standard library's feed parser tells them; these find where a line that is not one
# (or an empty one) begins: at the start, or after a line end.
_NOT_HEADER = re.compile(rb"(?!From |[\041-\071\073-\176]*:|[\t ])")
_NEXT_NOT_HEADER = re.compile(rb"(?:\r\n|\r(?!\n)|\n)(?!From |[\041-\071\073-\176]*:|[\t ])")
# The cheap look at the raw bytes (over a lower-cased copy, so each pattern starts with a
# literal the regular expression engine can skip to).
_ENCODED_WORD = re.compile(rb"=\?[^?\s]+\?[bq]\?", re.IGNORECASE)
_BOUNDARY = re.compile(rb'boundary\*?(?:0\*?)?[ \t]*=[ \t]*(?:"([^"\r\n]*)"|([^\s;"]+))')
_FORWARDED = re.compile(rb"message/[a-z0-9.+-]")
_MIME_FIELD = re.compile(rb"content-(?:type|disposition)[ \t]*:")
_FIELD_REST = re.compile(rb"[^\r\n]*(?:(?:\r\n|\r|\n)[ \t][^\r\n]*)*")
_LINE_END_TEXT = re.compile("\r\n|\r|\n")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_QUOTED_LOCAL = re.compile(r'"([a-z0-9!#$%&\'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&\'*+/=?^_`{|}~-]+)*)"@(.+)')
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_ANGLED = re.compile(r"<([^<>]*)>")

_HTML_QUOTES = {"blockquote": ["quote"], "#class=gmail_quote": ["quote"]}


class MailRefused(Exception):
    """A message the judge will not read; `reason` is a sentence for the quarantine."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Text:
    source: str   # "body", "html body" or "attachment <filename>"
    text: str     # decoded, newlines normalised to \n


@dataclass(frozen=True)
class Incoming:
    message_id: str        # the Message-ID header stripped of <>, "" if none
    digest: str            # sha256 hex of the body as received (after the header block)
    sender: str            # From's address, lower-cased, "" if none or unparseable
    sender_name: str
    return_path: str | None   # None without a Return-Path header; "" for <>
    subject: str
    in_reply_to: str       # the first message id of In-Reply-To, stripped of <>
    texts: tuple[Text, ...]
    automatic: str         # "" when a person wrote it; else why the judge must never answer it


def read_message(raw: bytes, judge_address: str | Iterable[str] = "") -> Incoming:
    """Read one raw message; raises only `MailRefused`. `judge_address` is the judge's
    address, or every address it takes mail for; "" (or none) when the caller knows none, and
    then no mail is recognised as the judge's own by its address."""
    if len(raw) > MAX_BYTES:
        raise MailRefused(f"The message is {len(raw)} bytes long; the judge reads mail of at most "
                          f"{MAX_BYTES} bytes (25 MiB).")
    _bound(raw)
    digest = hashlib.sha256(raw[body_start(raw):]).hexdigest()
    try:
        return _read(raw, digest, judge_address)
    except MailRefused:
        raise
    except RecursionError as error:
        raise MailRefused("The message's MIME parts are nested too deeply for the judge to "
                          "follow.") from error
    except Exception as error:  # noqa: BLE001 - the last net: whatever the parser does, a sentence
        raise MailRefused(f"The judge could not read this message: {type(error).__name__}: "
                          f"{error}.") from error


def body_start(raw: bytes, limit: int | None = None) -> int:
    """The offset where the body begins: after the blank line that ends the header block, or at
    the first line that is not a header; `len(raw)` when the message is all header. Lines end
    at CR LF, LF or CR, as the standard parser has them; a `From ` line counts as a header.
    With `limit`, only the first `limit` bytes are looked at, and -1 means the header block
    runs past them. One regular expression scans the lines, so a header block of millions of
    lines costs a fraction of a second."""
    end = len(raw) if limit is None else min(len(raw), limit)
    found = _NOT_HEADER.match(raw, 0, end)  # the first line is not a header, or is empty
    if found is None:
        found = _NEXT_NOT_HEADER.search(raw, 0, end)
    if found is None:
        return len(raw) if end == len(raw) else -1
    start = found.end()
    if end < len(raw) and _LINE_END.search(raw, start, end) is None:
        return -1  # the line is cut off by the limit: it may yet be a header
    line_end = _LINE_END.match(raw, start)
    if line_end is not None:
        return line_end.end()  # a blank line: the body follows it
    return start


def _bound(raw: bytes) -> None:
    """Refuse, before the full parse, a message whose shape would cost the parser more than a
    real mail of its size: each count is one pass of a regular expression over the bytes, or
    a loop that stops at its limit."""
    start = body_start(raw, MAX_HEADER_BYTES + 1)
    header = raw[:start if 0 <= start <= MAX_HEADER_BYTES else MAX_HEADER_BYTES]
    if _at_least(_ENCODED_WORD.finditer(header), MAX_ENCODED_WORDS + 1):
        raise MailRefused(f"The message's header block holds more than {MAX_ENCODED_WORDS:,} "
                          "encoded words (=?...?=); the judge reads mail with at most that many.")
    if not 0 <= start <= MAX_HEADER_BYTES:
        raise MailRefused(f"The message's header block is longer than {MAX_HEADER_BYTES:,} "
                          "bytes; the judge reads mail whose headers fit in that.")
    lowered = raw.lower()
    boundaries: set[bytes] = set()
    declared = sum(1 for _ in itertools.islice(_FORWARDED.finditer(lowered), MAX_BOUNDARIES + 1))
    for found in itertools.islice(_BOUNDARY.finditer(lowered), MAX_BOUNDARIES + 1):
        declared += 1
        boundary = found.group(1) if found.group(1) is not None else found.group(2)
        if boundary:
            boundaries.add(boundary)
    if declared > MAX_BOUNDARIES:
        raise MailRefused(f"The message declares more than {MAX_BOUNDARIES} multipart "
                          "containers or forwarded messages: it is split or nested too "
                          "deeply for the judge to follow.")
    for number, found in enumerate(_MIME_FIELD.finditer(lowered), 1):
        if number > MAX_PARTS:
            raise _too_many_parts()
        rest = _FIELD_REST.match(lowered, found.end())
        field = lowered[found.start():rest.end() if rest else found.end()]
        if field.count(b";") > MAX_MIME_PARAMS:
            raise MailRefused(f"A Content-Type or Content-Disposition field of the message has "
                              f"more than {MAX_MIME_PARAMS} parameters; the judge reads fields "
                              "with at most that many.")
        if len(field) > MAX_MIME_FIELD:
            raise MailRefused(f"A Content-Type or Content-Disposition field of the message is "
                              f"longer than {MAX_MIME_FIELD:,} bytes; the judge reads fields of "
                              "at most that length.")
    if boundaries:
        alternatives = b"|".join(re.escape(b) for b in sorted(boundaries, key=len, reverse=True))
        delimiter = re.compile(rb"--(?<![^\r\n]--)(?:" + alternatives + rb")(?:--)?[ \t]*(?=[\r\n]|\Z)")
        if _at_least(delimiter.finditer(lowered), MAX_PARTS + 1):
            raise _too_many_parts()
    lines = raw.count(b"\n") + raw.count(b"\r") - raw.count(b"\r\n")
    if lines > MAX_LINES:
        raise MailRefused(f"The message has more than {MAX_LINES:,} lines; the judge reads mail "
                          "of at most that many (a 25 MiB attachment in base64 has 340,000).")
    if lines * len(boundaries) > MAX_NESTED_LINES:
        raise MailRefused(f"The message has {lines:,} lines inside {len(boundaries)} multipart "
                          f"containers; the judge reads at most {MAX_NESTED_LINES:,} lines times "
                          "containers (a 25 MiB attachment inside three containers is about "
                          "1,000,000).")


def _at_least(found: Iterator[object], count: int) -> bool:
    return sum(1 for _ in itertools.islice(found, count)) >= count


def _too_many_parts() -> MailRefused:
    return MailRefused(f"The message has more than {MAX_PARTS:,} MIME parts; the judge reads "
                       "mail with a body and at most a few hundred attachments.")


# --- one reading ---------------------------------------------------------------------------------


def _read(raw: bytes, digest: str, judge_address: str | Iterable[str]) -> Incoming:
    message = BytesParser(policy=email.policy.compat32).parsebytes(raw)
    if not message.keys():
        raise MailRefused("The message has no header lines: it is not a mail the judge can read.")
    sender_name, sender = _from(message)
    return_path = _return_path(message)
    return Incoming(
        message_id=_first_id(_header(message, "Message-ID")),
        digest=digest,
        sender=sender,
        sender_name=sender_name,
        return_path=return_path,
        subject=_header(message, "Subject"),
        in_reply_to=_first_id(_header(message, "In-Reply-To")),
        texts=_texts(message),
        automatic=_automatic(message, sender, return_path, _judges(judge_address)),
    )


def _header(message: Message, name: str) -> str:
    """The header's text, decoded and unfolded; "" when absent. Read from the raw value
    (encoded words decoded here), and at most `MAX_HEADER_TEXT` characters of it, cut at a
    space: decoding is then linear in what is kept."""
    wanted = name.lower()
    raw = next((value for key, value in message.raw_items() if key.lower() == wanted), None)
    if raw is None:
        return ""
    text = _clean(str(raw))
    if len(text) > MAX_HEADER_TEXT:  # cut at a space, so that no encoded word is cut in two
        text = text[:MAX_HEADER_TEXT].rsplit(None, 1)[0]
    return _one_line(_decode_words(text))


def _decode_words(text: str) -> str:
    """RFC 2047 encoded words, as compat32 leaves them."""
    try:
        return str(email.header.make_header(email.header.decode_header(text)))
    except (email.errors.MessageError, LookupError, UnicodeError, ValueError):
        return text  # HeaderParseError, or a CharsetError for a charset name that is not ASCII


def _from(message: Message) -> tuple[str, str]:
    """From's display name and lower-cased address; ("", "") when it cannot be read.

    The address is parsed from the field as it came, before any encoded word is decoded, so
    that a display name can never become an address (`=?utf-8?q?Eve=0D=0ABcc=3A_v=40x?=`
    decodes to a line break and a second address). When the field holds an address in angle
    brackets, the sender is the first such address: `v@example.org <eve@example.org>` is
    from eve. The name is decoded afterwards and kept on one line, with no control
    characters."""
    whole = _unfolded(next((str(value) for key, value in message.raw_items()
                            if key.lower() == "from"), ""))
    if len(whole) > MAX_FROM:
        raise MailRefused(f"The message's From header is longer than {MAX_FROM:,} characters; "
                          "the judge reads a From of at most that length.")
    mailboxes = _mailboxes(whole)
    if not mailboxes:
        return "", ""
    name, address = mailboxes[0]
    if not writable(address):
        address = ""  # nobody the judge could answer: treated as no sender at all
    return _one_line(_decode_words(name)), address


def _mailboxes(value: str) -> list[tuple[str, str]]:
    """The (name, lower-cased address) pairs of an address field as it came (encoded words
    not decoded); only the angle-bracketed ones when there are any."""
    pairs = [(name, _bare(address)) for name, address in email.utils.getaddresses([value])
             if "@" in address]
    angled = {_bare(inside) for inside in _ANGLED.findall(value)}
    return [pair for pair in pairs if pair[1] in angled] if angled else pairs


def _bare(address: str) -> str:
    """An address lower-cased, a quoted local part that needs no quotes unquoted."""
    address = address.strip().lower()
    quoted = _QUOTED_LOCAL.fullmatch(address)
    return f"{quoted.group(1)}@{quoted.group(2)}" if quoted else address


def _unfolded(text: str) -> str:
    return _LINE_END_TEXT.sub("", _clean(text))


def _one_line(text: str) -> str:
    """The text with control characters as spaces and every run of white space (line breaks
    of any kind included) one space."""
    return " ".join(_CONTROL.sub(" ", _clean(text)).split())


def _judges(judge_address: str | Iterable[str]) -> frozenset[str]:
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


def _own_field(message: Message, return_path: str | None, judges: frozenset[str]) -> str:
    """The first field naming one of the judge's addresses as the mail's author or sender:
    any mailbox of any From, Sender or Reply-To header (as it came, and with encoded words
    decoded), or the return path; "" when none does."""
    if not judges:
        return ""
    for name in ("From", "Sender", "Reply-To"):
        for key, value in message.raw_items():
            if key.lower() != name.lower():
                continue
            text = _unfolded(str(value))[:MAX_FROM]
            for candidate in (text, _decode_words(text)):
                if any(_comparable(address) in judges
                       for _name, address in email.utils.getaddresses([candidate])):
                    return name
    if return_path and _comparable(return_path) in judges:
        return "Return-Path"
    return ""


def _return_path(message: Message) -> str | None:
    if "Return-Path" not in message:
        return None
    text = _header(message, "Return-Path")
    angled = _ANGLED.search(text)
    return (angled.group(1) if angled else text).strip().lower()


def _first_id(text: str) -> str:
    angled = _ANGLED.search(text)
    return (angled.group(1) if angled else text).strip()


def _clean(text: str) -> str:
    """No lone surrogates: raw 8-bit header bytes are read as UTF-8 where they are UTF-8."""
    if not _LONE_SURROGATE.search(text):
        return text
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeError:
        return _LONE_SURROGATE.sub("\ufffd", text)


def _automatic(message: Message, sender: str, return_path: str | None,
               judges: frozenset[str]) -> str:
    """Why a machine sent this mail, or "" if a person did."""
    own = _own_field(message, return_path, judges)
    auto_submitted = _header(message, "Auto-Submitted")
    precedence = _header(message, "Precedence").lower()
    if LOOP_HEADER in message:
        return f"it carries the judge's own loop header ({LOOP_HEADER})"
    if own:
        return f"it comes from the judge's own address ({own})"
    if "Auto-Submitted" in message and auto_submitted.split(";")[0].strip().lower() != "no":
        return f"it was sent automatically (Auto-Submitted: {auto_submitted})"
    for name in AUTOREPLY_HEADERS:
        if name in message:
            return f"it is an automatic reply ({name})"
    suppress = _header(message, SUPPRESS_HEADER)
    if suppress and suppress.lower() != "none":
        return f"it asks for no automatic answers, as automatic mail does ({SUPPRESS_HEADER}: {suppress})"
    for name in EXCHANGE_HEADERS:
        if name in message:
            value = _header(message, name)
            return f"Exchange sent it by a rule or generated it ({name}{': ' + value if value else ''})"
    if message.get_content_type() == "multipart/report":
        return "it is a delivery or read report (multipart/report)"
    if return_path == "":
        return "its return path is empty, as a bounce's is"
    if precedence in BULK_PRECEDENCE:
        return f"it is bulk or list mail (Precedence: {precedence})"
    for name in LIST_HEADERS:
        if name in message:
            return f"it is a mailing-list copy ({name})"
    if sender.partition("@")[0] == "mailer-daemon":
        return "it comes from a mailer daemon"
    return ""


# --- the texts ---------------------------------------------------------------------------------


def _texts(message: Message) -> tuple[Text, ...]:
    body: str | None = None
    html: str | None = None
    attachments: list[Text] = []
    seen = 0
    for part in _leaves(message):
        content_type = part.get_content_type()
        if content_type not in ("text/plain", "text/html"):
            continue
        seen += 1
        if seen > MAX_TEXT_PARTS:
            raise MailRefused(f"The message has more than {MAX_TEXT_PARTS} text parts; the "
                              "judge reads mail with a body and a few attachments.")
        filename = part.get_filename()
        attached = part.get_content_disposition() == "attachment" or filename is not None
        if content_type == "text/plain" and attached:
            name = " ".join(_decode_words(_clean(filename or "")).split())
            attachments.append(Text(f"attachment {name}".rstrip(), _part_text(part)))
        elif content_type == "text/plain" and body is None:
            body = _part_text(part)
        elif content_type == "text/html" and not attached and html is None:
            html = _part_text(part)
    if html is not None and (body is None or not body.strip()):
        if len(html) > MAX_HTML:
            raise MailRefused(f"The message's HTML is {len(html):,} characters long; the judge "
                              f"reads HTML mail of at most {MAX_HTML:,}. Send plain text.")
        return (Text("html body", _html_to_text(html)), *attachments)
    if body is not None:
        return (Text("body", body), *attachments)
    return tuple(attachments)


def _leaves(message: Message) -> Iterator[Message]:
    """Every part that is not a container, depth first, except those inside a forwarded message
    (walked for their depth, never read). Iterative: the depth is the sender's to choose."""
    stack: list[tuple[Message, int, bool]] = [(message, 0, False)]
    while stack:
        part, depth, forwarded = stack.pop()
        if depth > MAX_DEPTH:
            raise MailRefused(f"The message's MIME parts are nested more than {MAX_DEPTH} deep; "
                              "the judge does not read it.")
        children = part.get_payload() if part.is_multipart() else None
        if isinstance(children, list):
            inside_forward = forwarded or part.get_content_maintype() == "message"
            stack.extend((child, depth + 1, inside_forward)
                         for child in reversed(children) if isinstance(child, Message))
        elif not forwarded:
            yield part


def _part_text(part: Message) -> str:
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    text = _newlines(decode_bytes(payload, part.get_content_charset()))
    if str(part.get_param("format") or "").lower() == "flowed":
        text = unflow(text, delete_space=str(part.get_param("delsp") or "").lower() == "yes")
    return text


def decode_bytes(payload: bytes, label: str | None) -> str:
    """Text from bytes under a charset label, as best it can be: never raises."""
    for mark, bom_codec in BYTE_ORDER_MARKS:
        if payload.startswith(mark):
            return _clean(payload[len(mark):].decode(bom_codec, "replace"))
    codec = _codec(label)
    if codec == ASCII_CODEC and not payload.isascii():
        codec = None
    if codec is not None:
        try:
            return _clean(payload.decode(codec, "replace"))
        except (LookupError, UnicodeError, ValueError, TypeError):
            pass  # a codec that cannot replace: read as unlabelled
    for fallback in FALLBACK_CODECS:
        try:
            return payload.decode(fallback)
        except UnicodeDecodeError:
            continue
    return payload.decode("latin-1")


def _codec(label: str | None) -> str | None:
    if not label:
        return None
    try:
        name = codecs.lookup(label.strip()).name
    except (LookupError, ValueError, TypeError):
        return None
    return None if name in NOT_CHARSETS else name


def _newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def unflow(text: str, delete_space: bool = False) -> str:
    """RFC 3676: join soft-broken lines (ending in a space, same quote depth); remove stuffing."""
    lines: list[str] = []
    pending: str | None = None
    pending_depth = 0
    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]
        soft = content.endswith(" ") and content != "-- "
        if soft and delete_space:
            content = content[:-1]
        if pending is not None and depth == pending_depth:
            pending += content
        else:
            if pending is not None:
                lines.append(_quoted(pending, pending_depth))
            pending, pending_depth = content, depth
        if not soft:
            lines.append(_quoted(pending, pending_depth))
            pending = None
    if pending is not None:
        lines.append(_quoted(pending, pending_depth))
    return "\n".join(lines)


def _quoted(content: str, depth: int) -> str:
    return ">" * depth + (" " if depth and content else "") + content


def _html_to_text(html: str) -> str:
    """The HTML body as text, by inscriptis; lines inside quoted HTML start with `> `."""
    config = ParserConfig(css=CSS_PROFILES["strict"], annotation_rules=_HTML_QUOTES)
    converted = get_annotated_text(html, config)
    text = str(converted.get("text", ""))
    lines = text.split("\n")
    starts = list(itertools.accumulate((len(line) + 1 for line in lines[:-1]), initial=0))
    # +1 where a quote starts, -1 after the line where it ends: one sweep marks every line
    depth = [0] * (len(lines) + 1)
    for start, end, _label in converted.get("label", []):
        first = bisect.bisect_right(starts, int(start)) - 1
        if int(start) == starts[first] + len(lines[first]):  # begins on a line end: the next line
            first += 1
        if int(end) > int(start) and first < len(lines):
            depth[first] += 1
            depth[bisect.bisect_right(starts, int(end) - 1)] -= 1
    marked: list[str] = []
    for line, inside in zip(lines, itertools.accumulate(depth), strict=False):
        line = line.replace("\r", "")
        marked.append("> " + line if inside > 0 and line.strip() else line)
    return _clean("\n".join(marked))
