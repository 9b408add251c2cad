"""Reading one raw mail into what the judge needs from it: who sent it, whether a machine sent
it, and its plain texts. Pure: bytes in, an `Incoming` out, or `MailRefused` with a sentence
for the quarantine. Nothing else ever escapes, whatever the bytes (tests/mail/test_reading.py
feeds it random and mangled mail to hold it to that).

`read_message` runs the steps, each a module of its own:

- pbem.mail.bounds: the limits, checked on the raw bytes before the full parse (a message
  whose shape would cost the parser more than a real mail of its size is refused), and where
  the body starts;
- the parse, here: no header at all (random bytes, a file that is not mail) is refused.
  Headers are read with `compat32`, which keeps them as text: the judge decodes the few it
  needs itself. (`email.policy.default` parses each structured header again at every look,
  in time that grows with the square of its parameters: a few hundred parts with long
  Content-Type fields took it minutes.) Nesting the standard parser cannot follow (it
  recurses), and anything else the parser raises, is refused with the error named;
- pbem.mail.headers: the sender, the return path, the subject and ids, and the signs of mail
  no person wrote (`automatic`);
- pbem.mail.texts: the body and the text attachments, decoded.

`digest` hashes the body exactly as received: the bytes after the header block (see
`body_start`). Headers added in transit (Received, Delivered-To) therefore never change it.

It owns `read_message` and `Incoming`, and calls only those three modules.
"""

from __future__ import annotations

import email.policy
import functools
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from email.parser import BytesParser

from pbem.mail.bounds import MAX_BYTES, MailRefused, body_start, check_bounds
from pbem.mail.headers import (
    Fields,
    all_ids,
    first_id,
    header_text,
    judge_addresses,
    return_path_of,
    sender_of,
    why_automatic,
)
from pbem.mail.texts import Text, read_texts


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
    references: tuple[str, ...] = ()  # the ids of References, stripped of <>, oldest first


def read_message(raw: bytes, judge_address: str | Iterable[str] = "",
                 digest: str | None = None) -> Incoming:
    """Read one raw message; raises only `MailRefused`. `judge_address` is the judge's
    address, or every address it takes mail for; "" (or none) when the caller knows none, and
    then no mail is recognised as the judge's own by its address. `digest`: the sha256 of
    its body, when the caller has it already (made here otherwise)."""
    if len(raw) > MAX_BYTES:
        raise MailRefused(f"The message is {len(raw)} bytes long; the judge reads mail of at most "
                          f"{MAX_BYTES} bytes (25 MiB).")
    check_bounds(raw)
    digest = digest or hashlib.sha256(raw[body_start(raw):]).hexdigest()
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


def _judges(judge_address: str | Iterable[str]) -> frozenset[str]:
    """The judge's addresses as headers compares them: the same for every mail of a run (its
    settings'), so worked out once per set of addresses."""
    return _judges_of(judge_address if isinstance(judge_address, str) else tuple(judge_address))


@functools.lru_cache(maxsize=64)
def _judges_of(judge_address: str | tuple[str, ...]) -> frozenset[str]:
    return judge_addresses(judge_address)


def _read(raw: bytes, digest: str, judge_address: str | Iterable[str]) -> Incoming:
    message = BytesParser(policy=email.policy.compat32).parsebytes(raw)
    if not message.keys():
        raise MailRefused("The message has no header lines: it is not a mail the judge can read.")
    fields = Fields(message)  # the header block listed once, for every look below
    sender_name, sender = sender_of(fields)
    return_path = return_path_of(fields)
    return Incoming(
        message_id=first_id(header_text(fields, "Message-ID")),
        digest=digest,
        sender=sender,
        sender_name=sender_name,
        return_path=return_path,
        subject=header_text(fields, "Subject"),
        in_reply_to=first_id(header_text(fields, "In-Reply-To")),
        texts=read_texts(message),
        automatic=why_automatic(fields, sender, return_path, _judges(judge_address)),
        references=all_ids(header_text(fields, "References")),
    )
