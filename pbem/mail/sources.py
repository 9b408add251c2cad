"""The places mail comes from: a Maildir folder, an IMAP mailbox and an LMTP listener. Each
hands every raw message, as bytes, to one handler, `handle(raw, source)`, and takes it out
of the way only after the handler returned. The handler raises `Transient` when it cannot
take mail now (a locked database): the message stays where it is for the next try. Any
other exception is the handler's bug; the message stays too, the error is logged, and the
source goes on with the next message.

Every source is crash-safe the same way: nothing is marked handled before the handler has
returned, so a crash in between hands the message over again next time, and the pipeline
recognises the copy (by Message-ID and a digest of the body) and handles it once. A poll
stops at the first `Transient` (what comes later waits, so mail keeps its arrival order).

- Maildir (`poll_maildir`): every file in new/ and cur/, oldest delivery first, then moved
  (one atomic rename) into the Maildir++ subfolder `<folder>/.pbem-done/`, in cur/ with the
  seen flag. Moving, not flagging in place: a person reading the folder with a mail program
  marks mail seen too, and handled mail out of the way keeps each poll short. The handler
  gets each file's bytes exactly (usually LF line ends, as the delivery agent wrote them).
  Only regular files are read, and never through a symbolic link (O_NOFOLLOW, even when a
  file becomes a link after the listing): a link (to a system file, say), a FIFO or a
  folder is left where it is, with a warning, and counted as skipped.
- IMAP (`poll_imap`): the messages not yet marked, by UID, fetched with BODY.PEEK[] (which
  sets no flag), then marked with the keyword `$PbemHandled` and \\Seen, or, with a done
  folder, moved there. A server that keeps no keywords (PERMANENTFLAGS without \\*) is
  marked with \\Seen alone and searched UNSEEN: then nobody should read that mailbox with a
  mail program, or a done folder should be set. The handler gets what the server serves as
  the message's BODY[]: CRLF line ends, as IMAP requires (servers storing LF convert).
- LMTP (`LmtpListener`, `serve_lmtp`): the MTA delivers over a socket, one connection for
  many messages. The handler runs once per message (whatever the number of recipients), in
  a pool of `LMTP_WORKERS` threads: the event loop stays free, and a message slow to handle
  does not hold up the others (so the handler must be safe to call from several threads at
  once). After DATA every accepted recipient gets its own reply (RFC 2033): 250 when
  handled, 451 when not (the MTA keeps the message and retries); never 5xx for the judge's
  own trouble. The handler gets `Return-Path: <envelope sender>` CRLF (the final delivery
  agent's line, RFC 5321 4.4, as Postfix's local delivery and Dovecot write it; `<>` marks
  a bounce) followed by the message exactly as the MTA sent it, dot-stuffing undone: CRLF
  line ends. A recipient `accept` says is not ours gets 550 at RCPT (`accept_only` makes
  the check for a list of addresses); a message over `LMTP_SIZE_LIMIT` (the reader's 25 MiB
  less room for the Return-Path line) gets 552. Memory is bounded: beyond
  `LMTP_CONNECTIONS` connections at once a new one is answered 421 and closed, and a
  message that would take the bytes in hand (handed to the pool, not yet done) beyond
  `LMTP_MEMORY_BUDGET` is answered 452 for every recipient, so the MTA tries it later. At
  most, then, the listener holds the budget plus what its connections are receiving.

The handler's second argument names the source as the store does: "maildir", "imap", "lmtp".
"""

from __future__ import annotations

import contextlib
import errno
import functools
import logging
import mailbox
import os
import signal
import socket
import stat
import threading
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any, AnyStr, Literal, TypeVar

if TYPE_CHECKING:
    from aiosmtpd.controller import Controller
    from aiosmtpd.lmtp import LMTP
    from aiosmtpd.smtp import Envelope, Session

# asyncio, aiosmtpd and IMAPClient are imported where used: a process started for one mail
# (`pbem mail receive`) that only needs `Transient` does not pay ~80 ms to load them

LOG = logging.getLogger(__name__)
_T = TypeVar("_T")

Handler = Callable[[bytes, str], object]


class Transient(Exception):
    """The handler could not take the message now (e.g. database locked); leave it for a retry."""


@dataclass
class PollReport:
    handled: int = 0  # handed over and marked (moved) as handled
    left: int = 0  # still waiting because the handler refused or failed (or came after a refusal)
    errors: list[str] = field(default_factory=list)  # sentences, for the log and the CLI
    skipped: int = 0  # not messages (a symbolic link, a FIFO, a folder): left, never read


_HANDLED, _TRANSIENT, _FAILED = "handled", "transient", "failed"


def _first(waiting: list[_T], limit: int | None) -> list[_T]:
    if limit is not None and limit < 0:
        raise ValueError(f"the number of messages a poll may take must be 0 or more; got {limit}")
    return waiting if limit is None else waiting[:limit]


def _offer(handle: Handler, raw: bytes, source: str, what: str, report: PollReport) -> str:
    """Hand one message over; say how it went, noting any trouble in the report."""
    try:
        handle(raw, source)
    except Transient as exc:
        report.errors.append(f"{what} was left for the next poll: the judge cannot take mail "
                             f"now ({exc or 'no reason given'}).")
        return _TRANSIENT
    except Exception as exc:
        LOG.exception("the mail handler failed on %s", what)
        report.errors.append(f"{what} was left where it is: the judge failed on it ({exc!r}); "
                             f"see the log.")
        return _FAILED
    return _HANDLED


# --- Maildir ---------------------------------------------------------------------------

DONE_FOLDER = "pbem-done"  # Maildir++ subfolder, on disk <folder>/.pbem-done/


def poll_maildir(folder: Path, handle: Handler, limit: int | None = None) -> PollReport:
    """Hand over every message waiting in `folder` (at most `limit`), oldest first."""
    report = PollReport()
    folder = Path(folder)
    if not all((folder / part).is_dir() for part in ("cur", "new", "tmp")):
        report.errors.append(f"{folder} is not a Maildir (it needs cur, new and tmp folders); "
                             f"name the folder your mail is delivered to.")
        return report
    inbox = mailbox.Maildir(folder, create=False)
    done = folder / f".{DONE_FOLDER}" / "cur"
    try:
        inbox.add_folder(DONE_FOLDER)  # creates it once; harmless when it is there
    except OSError as exc:
        report.errors.append(f"the folder for handled mail, {done.parent}, cannot be made "
                             f"({exc.strerror}); give the judge's user write access to "
                             f"{folder}.")
        return report
    found, strays = _waiting(folder)
    for path, what in strays:
        _skip(path, what, report)
    waiting = _first(found, limit)
    for index, path in enumerate(waiting):
        try:
            # bytes exactly as on disk (Maildir.get_bytes would rewrite os.linesep off POSIX)
            raw = _read_regular(path)
        except FileNotFoundError:
            continue  # another poll took it meanwhile
        except _NotRegular as exc:
            _skip(path, str(exc), report)
            continue
        except OSError as exc:
            report.left += 1
            report.errors.append(f"{path} cannot be read ({exc.strerror}); it stays there.")
            continue
        outcome = _offer(handle, raw, "maildir", f"the message {path}", report)
        if outcome == _TRANSIENT:
            report.left += len(waiting) - index
            break
        if outcome == _FAILED:
            report.left += 1
            continue
        report.handled += 1
        try:
            _file_away(path, done / _seen_name(path.name, inbox.colon))
        except FileNotFoundError:
            pass  # another poll moved it
        except OSError as exc:
            report.errors.append(f"{path} was handled but cannot be moved to {done} "
                                 f"({exc.strerror}); the next poll hands it over again and "
                                 f"the judge ignores the copy.")
    return report


class _NotRegular(OSError):
    """What is at a path is not a regular file; the text says what it is."""


def _kind(mode: int) -> str | None:
    """What an lstat's mode shows, when it is not a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a FIFO, socket or device"


def _waiting(folder: Path) -> tuple[list[Path], list[tuple[Path, str]]]:
    """The messages in new/ and cur/, by time of delivery (a rename keeps it), then name;
    and what else is there (links, FIFOs, folders), with what it is. Nothing is followed."""
    found: list[tuple[int, str, Path]] = []
    strays: list[tuple[Path, str]] = []
    for part in ("new", "cur"):
        with os.scandir(folder / part) as entries:
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                try:
                    facts = entry.stat(follow_symlinks=False)
                except FileNotFoundError:
                    continue
                what = _kind(facts.st_mode)
                if what is None:
                    found.append((facts.st_mtime_ns, entry.name, Path(entry.path)))
                else:
                    strays.append((Path(entry.path), what))
    return [path for _, _, path in sorted(found)], sorted(strays)


def _read_regular(path: Path) -> bytes:
    """The bytes of the regular file at `path`, never through a link (O_NOFOLLOW) and never
    waiting on a FIFO (O_NONBLOCK); _NotRegular when it is something else by now."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # the last part of the path is a link
            raise _NotRegular("a symbolic link") from exc
        raise
    with os.fdopen(descriptor, "rb") as handle:
        what = _kind(os.fstat(handle.fileno()).st_mode)
        if what is not None:
            raise _NotRegular(what)
        return handle.read()


def _skip(path: Path, what: str, report: PollReport) -> None:
    LOG.warning("the Maildir poll left %s where it is, unread: %s, not a regular file",
                path, what)
    report.skipped += 1
    report.errors.append(f"{path} is {what}, not a regular file: it was left where it is, "
                         f"unread (the judge reads only regular files and follows no link); "
                         f"remove it, or put the message itself there.")


def _seen_name(name: str, colon: str) -> str:
    """The file's name in cur/ with the seen flag (Maildir info "2,<flags>")."""
    unique, _, info = name.partition(colon)
    flags = set(info[2:]) if info.startswith("2,") else set()
    return f"{unique}{colon}2,{''.join(sorted(flags | {'S'}))}"


def _file_away(path: Path, target: Path) -> None:
    os.replace(path, target)  # atomic: the message is in one folder or the other


# --- IMAP ------------------------------------------------------------------------------

HANDLED_KEYWORD = "$PbemHandled"
SEEN, DELETED = b"\\Seen", b"\\Deleted"
ImapSecurity = Literal["ssl", "starttls", "none"]
IMAP_SECURITY: dict[str, ImapSecurity] = {"ssl": "ssl", "starttls": "starttls", "none": "none"}
IMAP_PORTS = {"ssl": 993, "starttls": 143, "none": 143}


@dataclass(frozen=True)
class ImapSettings:
    host: str
    port: int
    security: ImapSecurity
    username: str
    password: str = field(repr=False)
    folder: str = "INBOX"
    done_folder: str | None = None  # move handled mail there (created when missing)
    timeout: float = 30.0
    ca_file: Path | None = None  # certificate authorities to trust instead of the system's


def imap_settings(environ: Mapping[str, str]) -> ImapSettings | None:
    """PBEM_IMAP_HOST, _PORT (993 for ssl, 143 otherwise), _SECURITY (ssl, starttls or
    none; ssl by default), _USER, _PASSWORD or _PASSWORD_FILE (its first line), _FOLDER
    (INBOX), _DONE_FOLDER, _TIMEOUT (seconds, 30), _CA_FILE. None without a host; a
    ValueError with a sentence for a bad value. An empty variable counts as unset."""
    values = {name: value for name, value in environ.items()
              if name.startswith("PBEM_IMAP_") and value.strip()}
    host = values.get("PBEM_IMAP_HOST", "").strip()
    if not host:
        stray = sorted(values)
        if stray:
            raise ValueError(f"{', '.join(stray)} set but PBEM_IMAP_HOST is not: set the IMAP "
                             f"server's host name, or unset them")
        return None
    if any(character.isspace() or character in "/@" for character in host):
        raise ValueError(f"PBEM_IMAP_HOST must be a host name or an IP address, like "
                         f"imap.example.org; got {host!r}")
    security_text = values.get("PBEM_IMAP_SECURITY", "ssl").strip().lower()
    if security_text not in IMAP_SECURITY:
        raise ValueError(f"PBEM_IMAP_SECURITY must be ssl (port 993), starttls (port 143) or "
                         f"none (no encryption); got {security_text!r}")
    security = IMAP_SECURITY[security_text]
    port_text = values.get("PBEM_IMAP_PORT", str(IMAP_PORTS[security])).strip()
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"PBEM_IMAP_PORT must be a port number from 1 to 65535 (usually 993 "
                         f"or 143); got {port_text!r}")
    username = values.get("PBEM_IMAP_USER", "").strip()
    if not username:
        raise ValueError("PBEM_IMAP_HOST is set but PBEM_IMAP_USER is not: give the user "
                         "name the judge logs in to the mailbox with")
    timeout_text = values.get("PBEM_IMAP_TIMEOUT", "30").strip()
    try:
        timeout = float(timeout_text)
    except ValueError:
        timeout = -1.0
    if not 0 < timeout <= 3600:
        raise ValueError(f"PBEM_IMAP_TIMEOUT must be a number of seconds above 0 and at most "
                         f"3600; got {timeout_text!r}")
    ca_file = Path(values["PBEM_IMAP_CA_FILE"].strip()) if "PBEM_IMAP_CA_FILE" in values else None
    if ca_file is not None and not ca_file.is_file():
        raise ValueError(f"PBEM_IMAP_CA_FILE must name a file of PEM certificates; there is "
                         f"no file {ca_file}")
    folder = values.get("PBEM_IMAP_FOLDER", "INBOX").strip()
    done_folder = values.get("PBEM_IMAP_DONE_FOLDER", "").strip() or None
    if done_folder == folder:
        raise ValueError(f"PBEM_IMAP_DONE_FOLDER must be another folder than the one polled "
                         f"({folder}); name a folder such as Processed, or unset it")
    return ImapSettings(
        host=host, port=int(port_text), security=security,
        username=username, password=_imap_password(values),
        folder=folder, done_folder=done_folder, timeout=timeout, ca_file=ca_file)


def _imap_password(values: Mapping[str, str]) -> str:
    if "PBEM_IMAP_PASSWORD" in values and "PBEM_IMAP_PASSWORD_FILE" in values:
        raise ValueError("both PBEM_IMAP_PASSWORD and PBEM_IMAP_PASSWORD_FILE are set; give "
                         "the password one way only")
    if "PBEM_IMAP_PASSWORD" in values:
        return values["PBEM_IMAP_PASSWORD"]  # spaces may be part of it
    if "PBEM_IMAP_PASSWORD_FILE" not in values:
        raise ValueError("PBEM_IMAP_HOST is set but there is no password: set "
                         "PBEM_IMAP_PASSWORD, or PBEM_IMAP_PASSWORD_FILE naming a file whose "
                         "first line is the password")
    from pbem.mail.settings import read_password_file

    return read_password_file(Path(values["PBEM_IMAP_PASSWORD_FILE"].strip()),
                              "PBEM_IMAP_PASSWORD_FILE", "IMAP")


def poll_imap(settings: ImapSettings, handle: Handler, limit: int | None = None) -> PollReport:
    """Hand over every message of the mailbox not yet handled (at most `limit`), by UID.
    The server's and the network's faults come back as sentences in `errors`."""
    # IMAPClient ships no type information; the ignores stay harmless if stubs appear
    from imapclient.exceptions import (  # type: ignore[import-untyped, unused-ignore]
        IMAPClientError,
        LoginError,
    )

    report = PollReport()
    where = f"{settings.username} at {settings.host}:{settings.port}"
    try:
        with _connect(settings) as client:
            client.login(settings.username, settings.password)
            _poll_folder(client, settings, handle, limit, report)
    except LoginError as exc:
        report.errors.append(f"the IMAP server refused the login of {where} ({_text(exc)}); "
                             f"check PBEM_IMAP_USER and the password.")
    except (IMAPClientError, OSError) as exc:
        report.errors.append(f"the IMAP mailbox of {where} failed ({_text(exc) or type(exc).__name__}); "
                             f"what was not marked handled will be handed over next time.")
    return report


def _connect(settings: ImapSettings) -> Any:
    import ssl

    from imapclient import IMAPClient  # type: ignore[import-untyped, unused-ignore]

    context = ssl.create_default_context(cafile=settings.ca_file)
    client = IMAPClient(settings.host, settings.port, ssl=settings.security == "ssl",
                        ssl_context=context, timeout=settings.timeout)
    if settings.security == "starttls":
        try:
            client.starttls(context)
        except BaseException:
            with contextlib.suppress(Exception):  # the failed handshake may have closed it
                client.shutdown()
            raise
    return client


def _poll_folder(client: Any, settings: ImapSettings, handle: Handler, limit: int | None,
                 report: PollReport) -> None:
    selected = client.select_folder(settings.folder)
    permanent = selected.get(b"PERMANENTFLAGS")  # none listed: all flags are kept (RFC 3501)
    keywords = permanent is None or b"\\*" in permanent
    marks = [HANDLED_KEYWORD.encode(), SEEN] if keywords else [SEEN]
    if settings.done_folder:
        if not client.folder_exists(settings.done_folder):
            client.create_folder(settings.done_folder)
        criteria = ["UNDELETED"]  # what is still here is not handled: handled mail moves
    elif keywords:
        criteria = ["UNKEYWORD", HANDLED_KEYWORD, "UNDELETED"]
    else:
        criteria = ["UNSEEN", "UNDELETED"]
    waiting = _first(sorted(client.search(criteria)), limit)
    for index, uid in enumerate(waiting):
        fetched = client.fetch([uid], ["BODY.PEEK[]"]).get(uid) or {}  # PEEK: sets no \Seen
        body = fetched.get(b"BODY[]")
        if not isinstance(body, bytes):
            continue  # expunged meanwhile
        what = f"the message with UID {uid} in {settings.folder}"
        outcome = _offer(handle, body, "imap", what, report)
        if outcome == _TRANSIENT:
            report.left += len(waiting) - index
            return
        if outcome == _FAILED:
            report.left += 1
            continue
        client.add_flags([uid], marks, silent=True)
        if settings.done_folder:
            _move(client, uid, settings.done_folder)
        report.handled += 1


def _move(client: Any, uid: int, folder: str) -> None:
    if client.has_capability("MOVE"):
        client.move([uid], folder)
        return
    # a crash between COPY and \Deleted leaves a second copy in the done folder, and the
    # message here is handed over again (and recognised): nothing lost
    client.copy([uid], folder)
    client.add_flags([uid], [DELETED], silent=True)
    if client.has_capability("UIDPLUS"):
        client.uid_expunge([uid])  # only ours; a plain EXPUNGE would take others' deletions


def _text(exc: BaseException) -> str:
    text = exc.args[0] if exc.args and not isinstance(exc, OSError) else str(exc)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return " ".join(str(text).split())


# --- LMTP ------------------------------------------------------------------------------

LMTP_PORT = 8024
MESSAGE_SIZE_LIMIT = 25 * 1024 * 1024  # pbem.mail.reading.MAX_BYTES: larger is refused there
RETURN_PATH_ROOM = 1024  # the Return-Path line put before the message (a long address fits)
LMTP_SIZE_LIMIT = MESSAGE_SIZE_LIMIT - RETURN_PATH_ROOM
LMTP_WORKERS = 4  # messages handled at once
LMTP_CONNECTIONS = 8  # MTA connections at once; more are answered 421
LMTP_MEMORY_BUDGET = 4 * MESSAGE_SIZE_LIMIT  # bytes of messages in hand at once; more: 452
DELIVERED = "250 2.0.0 Ok"
DEFERRED = "451 4.3.0 The judge cannot take mail just now; try again later"
BUSY = "452 4.3.1 The judge has too much mail in hand just now; try again later"
TOO_MANY = "421 4.3.2 Too many connections to the judge just now; try again later"


def accept_only(addresses: Iterable[str]) -> Callable[[str], bool]:
    """A recipient check taking these addresses only: the whole address, in any case."""
    ours = frozenset(address.strip().lower() for address in addresses)
    if not ours:
        raise ValueError("the LMTP listener needs at least one address to take mail for")

    def accept(address: str) -> bool:
        return address.strip().lower() in ours
    return accept


class _Delivery:
    """aiosmtpd's handler: which recipients are ours, and what became of each message. It
    also keeps the count of connections and of the bytes in hand (on the event loop only,
    so with no lock)."""

    def __init__(self, handle: Handler, accept: Callable[[str], bool],
                 worker: ThreadPoolExecutor, max_connections: int, memory_budget: int) -> None:
        self.handle, self.accept, self.worker = handle, accept, worker
        self.max_connections, self.memory_budget = max_connections, memory_budget
        self.connections = 0
        self.in_hand = 0  # bytes of the messages handed to the pool and not yet done

    async def handle_RCPT(self, server: LMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        try:
            ours = self.accept(address)
        except Exception:
            LOG.exception("the LMTP recipient check failed on %r", address)
            return DEFERRED
        if not ours:
            return f"550 5.1.1 <{address}>: no such mailbox at the judge"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 Ok"

    async def handle_DATA(self, server: LMTP, session: Session, envelope: Envelope) -> str:
        sender = envelope.mail_from or ""
        sender = "" if sender == "<>" else sender  # aiosmtpd keeps the null path's brackets
        content = bytes(envelope.original_content or b"")
        envelope.original_content = envelope.content = None  # one copy in hand, not two
        replies = len(envelope.rcpt_tos)
        size = len(content)
        if self.in_hand and self.in_hand + size > self.memory_budget:  # alone, always taken
            LOG.warning("LMTP message put off: %d bytes in hand, %d more would pass the "
                        "budget of %d", self.in_hand, size, self.memory_budget)
            return "\r\n".join(BUSY for _ in range(replies))
        raw = b"Return-Path: <" + sender.encode("utf-8", "replace") + b">\r\n" + content
        del content
        import asyncio

        self.in_hand += size
        try:
            await asyncio.get_running_loop().run_in_executor(self.worker, self.handle, raw, "lmtp")
        except Transient as exc:
            LOG.warning("LMTP message deferred: the judge cannot take mail now (%s)", exc)
            status = DEFERRED
        except Exception:
            LOG.exception("the mail handler failed on a message delivered over LMTP")
            status = DEFERRED
        else:
            status = DELIVERED
        finally:
            self.in_hand -= size
        return "\r\n".join(status for _ in range(replies))  # RFC 2033: one per recipient


@functools.cache
def _lmtp_controller_class() -> Callable[..., Controller]:
    """aiosmtpd's threaded controller serving its LMTP, our way; made on first use."""
    import asyncio

    from aiosmtpd.controller import Controller
    from aiosmtpd.lmtp import LMTP

    class _JudgeLmtp(LMTP):
        """aiosmtpd's LMTP, except that its own refusals after DATA (message too large, line
        too long) are repeated for every recipient, as RFC 2033 wants (the MTA waits for as
        many replies as it has recipients), and that a connection beyond the listener's cap
        is answered 421 and closed before aiosmtpd starts on it."""

        _data_reply_due = False
        _counted = False  # this connection is one of the listener's
        _turned_away = False  # beyond the cap: answered 421 and closed

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            delivery = self.event_handler
            if self._counted or self._turned_away:  # the same connection again (STARTTLS)
                super().connection_made(transport)
                return
            if delivery.connections >= delivery.max_connections:
                self._turned_away = True
                LOG.warning("LMTP connection from %r turned away: %d connections already",
                            transport.get_extra_info("peername"), delivery.connections)
                assert isinstance(transport, asyncio.WriteTransport)
                transport.write(TOO_MANY.encode("ascii") + b"\r\n")
                transport.close()
                return
            delivery.connections += 1
            self._counted = True
            super().connection_made(transport)

        def connection_lost(self, error: Exception | None) -> None:
            if self._turned_away:
                return  # aiosmtpd never started on it
            if self._counted:
                self._counted = False
                self.event_handler.connections -= 1
            super().connection_lost(error)

        def data_received(self, data: bytes) -> None:
            if not self._turned_away:
                super().data_received(data)

        def eof_received(self) -> bool | None:
            return False if self._turned_away else super().eof_received()

        async def push(self, status: AnyStr) -> None:
            if self._data_reply_due and isinstance(status, str) and "\r\n" not in status:
                self._data_reply_due = False
                recipients = len(self.envelope.rcpt_tos) if self.envelope is not None else 1
                await super().push("\r\n".join(status for _ in range(max(recipients, 1))))
                return
            self._data_reply_due = False
            await super().push(status)
            if isinstance(status, str) and status.startswith("354"):
                self._data_reply_due = True  # the next reply ends the DATA exchange

    class _LmtpController(Controller):
        """Serves on a socket bound beforehand: a port in use fails at once, and port 0's
        choice is known before the thread starts."""

        def __init__(self, delivery: _Delivery, listening: socket.socket, **options: Any) -> None:
            host, port = listening.getsockname()[:2]
            super().__init__(delivery, hostname=host, port=port, **options)
            self.listening = listening

        def factory(self) -> LMTP:
            return _JudgeLmtp(self.handler, **self.SMTP_kwargs)

        def _create_server(self) -> Any:
            return self.loop.create_server(self._factory_invoker, sock=self.listening,
                                           ssl=self.ssl_context)

    return _LmtpController


class LmtpListener:
    """An LMTP server on `host`:`port` (0: any free port) that the MTA delivers to. `accept`
    says which recipient addresses are the judge's (default: all; `pbem mail lmtp` gives
    `accept_only` of the settings' addresses); it runs on the event loop, so it must be
    quick. `workers`, `max_connections` and `memory_budget` bound the listener (see the
    module's docstring)."""

    def __init__(self, handle: Handler, host: str = "127.0.0.1", port: int = LMTP_PORT,
                 accept: Callable[[str], bool] | None = None, *, workers: int = LMTP_WORKERS,
                 max_connections: int = LMTP_CONNECTIONS,
                 memory_budget: int = LMTP_MEMORY_BUDGET) -> None:
        for value, what in ((workers, "workers"), (max_connections, "connections at once"),
                            (memory_budget, "bytes of the memory budget")):
            if value < 1:
                raise ValueError(f"the LMTP listener needs at least 1 for its {what}; "
                                 f"got {value}")
        self.handle, self.host, self._port = handle, host, port
        self.accept = accept or (lambda address: True)
        self.workers, self.max_connections = workers, max_connections
        self.memory_budget = memory_budget
        self._controller: Controller | None = None
        self._worker: ThreadPoolExecutor | None = None

    @property
    def port(self) -> int:
        return int(self._controller.port) if self._controller is not None else self._port

    def start(self) -> LmtpListener:
        """Listen; an OSError at once when the address cannot be had (port in use)."""
        if self._controller is not None:
            raise RuntimeError("the LMTP listener is already running")
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        listening = socket.create_server((self.host, self._port), family=family)
        worker = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="pbem-lmtp")
        controller = _lmtp_controller_class()(
            _Delivery(self.handle, self.accept, worker, self.max_connections,
                      self.memory_budget), listening,
            server_hostname=socket.gethostname(), ident="pbem judge LMTP",
            data_size_limit=LMTP_SIZE_LIMIT, decode_data=False)
        try:
            controller.start()
        except BaseException:
            listening.close()
            worker.shutdown()
            raise
        self._controller, self._worker = controller, worker
        return self

    def stop(self) -> None:
        """Stop listening. The handler calls under way finish; their MTAs, cut off before
        the reply, deliver again later, and the pipeline recognises the copies."""
        if self._controller is not None:
            self._controller.stop()
            self._controller = None
        if self._worker is not None:
            self._worker.shutdown(wait=True)
            self._worker = None

    def __enter__(self) -> LmtpListener:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()


def serve_lmtp(handle: Handler, host: str = "127.0.0.1", port: int = LMTP_PORT,
               accept: Callable[[str], bool] | None = None, *,
               on_ready: Callable[[int], object] | None = None) -> None:
    """Listen until SIGTERM or SIGINT, then stop cleanly. Call it from the main thread (only
    it may set signal handlers); `on_ready` gets the port once the listener is up."""
    stopping = threading.Event()

    def stop(signum: int, frame: FrameType | None) -> None:
        stopping.set()

    previous = {number: signal.signal(number, stop) for number in (signal.SIGTERM, signal.SIGINT)}
    try:
        with LmtpListener(handle, host, port, accept) as listener:
            LOG.info("LMTP listener on %s:%d", host, listener.port)
            if on_ready is not None:
                on_ready(listener.port)
            while not stopping.wait(timeout=1.0):
                pass
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
