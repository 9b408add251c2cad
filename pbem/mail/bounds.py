"""The bounds on reading one mail, and the refusal that names them. Pure, like all of reading.

Every limit of the reader is here (`MAX_...`), so that they can be seen and changed in one
place; most are checked by `check_bounds` before the full parse, the rest by the steps that
meet them (pbem.mail.headers, pbem.mail.texts), and every step says "no" with `MailRefused`.

- Size and depth: more than `MAX_BYTES` is refused before parsing; a part nested more than
  `MAX_DEPTH` containers deep (the message itself is depth 0) is refused while the texts are
  looked for.
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
- Where the body starts (`body_start`, from which the digest is taken): after the blank line
  that ends the header block. A line that is neither a header nor a folded continuation also
  ends the header block (as the standard parser has it) and starts the body.

It owns the limits, `MailRefused`, `body_start` and the look at the raw bytes; it calls
nothing of pbem. The other reading modules import it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

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


class MailRefused(Exception):
    """A message the judge will not read; `reason` is a sentence for the quarantine."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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


def check_bounds(raw: bytes) -> None:
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
