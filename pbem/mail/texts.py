"""The plain texts of one received mail: the body and the text attachments, decoded. Pure: a
parsed `Message` in, `Text`s out, or `MailRefused`.

- The body is the first `text/plain` part that is neither an attachment
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
- Every text has `\\n` line ends and no lone surrogates.

It owns the walk over the parts, the charsets, flowed text and the HTML conversion; it calls
pbem.mail.bounds (the limits, `MailRefused`) and pbem.mail.headers (`clean`, `decode_words`).
"""

from __future__ import annotations

import bisect
import codecs
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message

# inscriptis ships no type information; the ignores stay harmless if stubs appear
from inscriptis import get_annotated_text  # type: ignore[import-untyped, unused-ignore]
from inscriptis.css_profiles import CSS_PROFILES  # type: ignore[import-untyped, unused-ignore]
from inscriptis.model.config import ParserConfig  # type: ignore[import-untyped, unused-ignore]

from pbem.mail.bounds import MAX_DEPTH, MAX_HTML, MAX_TEXT_PARTS, MailRefused
from pbem.mail.headers import clean, decode_words

# Python codecs that are not character sets: a label naming one is treated as unknown.
NOT_CHARSETS = frozenset({"raw-unicode-escape", "unicode-escape", "idna", "punycode", "undefined"})
ASCII_CODEC = "ascii"
BYTE_ORDER_MARKS = (  # longest first: the UTF-32 LE mark begins with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)
FALLBACK_CODECS = ("utf-8", "cp1252")  # then latin-1, which cannot fail


_HTML_QUOTES = {"blockquote": ["quote"], "#class=gmail_quote": ["quote"]}


@dataclass(frozen=True)
class Text:
    source: str   # "body", "html body" or "attachment <filename>"
    text: str     # decoded, newlines normalised to \n


def read_texts(message: Message) -> tuple[Text, ...]:
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
            name = " ".join(decode_words(clean(filename or "")).split())
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
            return clean(payload[len(mark):].decode(bom_codec, "replace"))
    codec = _codec(label)
    if codec == ASCII_CODEC and not payload.isascii():
        codec = None
    if codec is not None:
        try:
            return clean(payload.decode(codec, "replace"))
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
    return clean("\n".join(marked))
