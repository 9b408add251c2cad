"""How a composed message leaves: over SMTP, or into a local Maildir a person can read.

A transport says how a send went by raising one of two errors, or nothing when the server
took the message (for every recipient, or for those it did not refuse for good):

- `MailTransient`: try again later. The server is down, slow or refuses us for now (4xx),
  or our own settings are wrong (login, TLS, the judge's address refused): none of that is
  the message's fault, so the message waits until it is fixed.
- `MailPermanent`: this message will never go (5xx for every recipient still owed it, a
  message too large, an address that is not one).

When a server takes a message for some recipients and refuses others for now, the error
names those still owed it (`pending`), so a retry never sends twice to someone who has it.

The answer to the end of a message's data is awaited `data_timeout` (RFC 5321 4.5.3.2.6:
10 minutes), not the short timeout of the other exchanges: a smarthost may scan a message at
length before it answers. When no answer comes after all the data was sent (a timeout, or
the connection broke), the server may have taken the message: the error says so
(`maybe_delivered`), and the outbox tries such a message once more at most before it holds
it for the operator, so a slow server never gets a copy on every retry.
"""

from __future__ import annotations

import os
import smtplib
import socket
import ssl
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Protocol

from pbem.mail.settings import DEFAULT_DATA_TIMEOUT, MailSettings

if TYPE_CHECKING:
    import mailbox

    from _typeshed import ReadableBuffer

FOLDER_MODE = 0o700


class MailTransient(Exception):
    """The message could not go now; send it again later."""

    def __init__(self, reason: str, *, pending: Sequence[str] | None = None,
                 server_down: bool = False, maybe_delivered: bool = False) -> None:
        super().__init__(reason)
        self.pending = tuple(pending) if pending is not None else None  # None: everyone
        self.server_down = server_down  # nothing will go now: no use trying the next ones
        # all the data was sent but no answer came: the server may have taken the message
        self.maybe_delivered = maybe_delivered


class MailPermanent(Exception):
    """The message will never go; sending it again would fail the same way."""


class Transport(Protocol):
    def send(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None: ...

    def close(self) -> None: ...


def transport_for(settings: MailSettings) -> SmtpTransport | MaildirTransport:
    """SMTP when a host is set; otherwise the outbox Maildir."""
    if settings.smtp_host:
        return SmtpTransport(settings)
    return MaildirTransport(settings.outbox_dir)


def _check_addresses(recipients: Sequence[str], sender: str) -> None:
    if not recipients:
        raise MailPermanent("the message has no recipients")
    for address in (sender, *recipients):
        if "@" not in address or any(c.isspace() or c in "<>" for c in address):
            raise MailPermanent(f"{address!r} is not a mail address")


class _EndOfData:
    """What smtplib's SMTP (and SMTP_SSL) does, except that the answer to the end of a
    message's data is awaited `data_timeout` seconds, and `data_sent` says whether all the
    data went out (the final "." included) in the last DATA exchange."""

    data_timeout: float = DEFAULT_DATA_TIMEOUT
    data_sent = False
    _in_data = False

    def data(self, msg: ReadableBuffer | str) -> tuple[int, bytes]:
        self.data_sent, self._in_data = False, True
        try:
            return super().data(msg)  # type: ignore[misc]
        finally:
            self._in_data = False
            sock = getattr(self, "sock", None)
            if sock is not None:  # the next exchanges get the ordinary timeout again
                sock.settimeout(getattr(self, "timeout", None))

    def send(self, s: ReadableBuffer | str) -> None:
        super().send(s)  # type: ignore[misc]
        if self._in_data and isinstance(s, bytes) and s.endswith(b"\r\n.\r\n"):
            self.data_sent = True  # smtplib sends the message and its final "." at once
            sock = getattr(self, "sock", None)
            if sock is not None:
                sock.settimeout(self.data_timeout)


class _Smtp(_EndOfData, smtplib.SMTP):
    pass


class _SmtpSsl(_EndOfData, smtplib.SMTP_SSL):
    pass


class SmtpTransport:
    """Sends through the SMTP server of the settings: STARTTLS or SSL and a login when set,
    every exchange bounded by the timeout, the answer to the end of data by the data
    timeout. One connection serves a batch of messages; call `close` (or use it in a
    `with`) when done."""

    def __init__(self, settings: MailSettings) -> None:
        if not settings.smtp_host:
            raise ValueError("SmtpTransport needs settings with an SMTP host")
        self.settings = settings
        self._connection: _Smtp | _SmtpSsl | None = None

    @property
    def lease_floor(self) -> timedelta:
        """The shortest lease that covers one message: the wait for the answer to its data,
        two ordinary exchanges and a margin (the outbox never leases a message for less)."""
        return timedelta(seconds=self.settings.data_timeout + 2 * self.settings.timeout + 5)

    def __enter__(self) -> SmtpTransport:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def send(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        _check_addresses(recipients, sender)
        try:
            connection = self._connect()
        except MailTransient:
            raise
        except (smtplib.SMTPException, OSError) as exc:
            self._drop()
            raise MailTransient(self._cannot_reach(exc), server_down=True) from exc
        connection.data_sent = False
        try:
            refused = connection.sendmail(sender, list(recipients), raw)
        except smtplib.SMTPRecipientsRefused as exc:  # smtplib has sent RSET after each refusal
            raise _refusals(exc.recipients, delivered=False) from exc
        except smtplib.SMTPSenderRefused as exc:
            reason = _said(exc.smtp_code, exc.smtp_error)
            if exc.smtp_code == 552:  # RFC 1870: too large for this server, now and later
                raise MailPermanent(f"the server refused the message: {reason}") from exc
            raise MailTransient(f"the server refused the sender {sender} ({reason}); check "
                                f"the judge's address (PBEM_MAIL_FROM) and the SMTP login",
                                server_down=True) from exc
        except smtplib.SMTPDataError as exc:
            reason = _said(exc.smtp_code, exc.smtp_error)
            if 500 <= exc.smtp_code < 600:
                raise MailPermanent(f"the server refused the message: {reason}") from exc
            raise MailTransient(f"the server put the message off: {reason}") from exc
        except smtplib.SMTPResponseException as exc:
            self._drop()
            raise MailTransient(f"the server answered {_said(exc.smtp_code, exc.smtp_error)}",
                                server_down=True) from exc
        except (smtplib.SMTPException, OSError) as exc:
            self._drop()
            if connection.data_sent:  # RFC 5321 6.1: it may have been delivered
                if _timed_out(exc):
                    reason = (f"the SMTP server took the whole message but gave no answer "
                              f"within {self.settings.data_timeout:g} s")
                else:
                    reason = (f"the connection to the SMTP server broke after the whole "
                              f"message was sent, before the server answered ({exc})")
                raise MailTransient(reason, server_down=True, maybe_delivered=True) from exc
            raise MailTransient(f"the connection to the SMTP server broke: {exc}",
                                server_down=True) from exc
        except UnicodeEncodeError as exc:  # a non-ASCII address to a server without SMTPUTF8
            self._reset()
            raise MailPermanent(f"an address is not plain ASCII and the server does not take "
                                f"international addresses ({exc.object!r})") from exc
        if refused:
            raise _refusals(refused, delivered=True)

    def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.quit()
            except (smtplib.SMTPException, OSError):
                connection.close()

    def _connect(self) -> _Smtp | _SmtpSsl:
        if self._connection is not None:
            try:  # a server may have closed an idle connection: check before reusing it
                if self._connection.noop()[0] == 250:
                    return self._connection
            except (smtplib.SMTPException, OSError):
                pass
            self._drop()
        settings = self.settings
        host = settings.smtp_host or ""
        connection: _Smtp | _SmtpSsl
        if settings.security == "ssl":
            connection = _SmtpSsl(host, settings.smtp_port, timeout=settings.timeout,
                                  context=self._tls())
        else:
            connection = _Smtp(host, settings.smtp_port, timeout=settings.timeout)
        connection.data_timeout = settings.data_timeout
        try:
            connection.ehlo_or_helo_if_needed()
            if settings.security == "starttls":
                if not connection.has_extn("starttls"):
                    raise MailTransient(
                        f"the SMTP server {host}:{settings.smtp_port} does not offer STARTTLS; "
                        f"set PBEM_SMTP_SECURITY to ssl (port 465) or, on a trusted network "
                        f"only, none", server_down=True)
                connection.starttls(context=self._tls())
                connection.ehlo()
            if settings.username is not None:
                try:
                    connection.login(settings.username, settings.password or "")
                except smtplib.SMTPAuthenticationError as exc:
                    raise MailTransient(
                        f"the SMTP server {host} refused the login of {settings.username} "
                        f"({_said(exc.smtp_code, exc.smtp_error)}); check PBEM_SMTP_USER and "
                        f"the password", server_down=True) from exc
        except BaseException:
            connection.close()
            raise
        self._connection = connection
        return connection

    def _tls(self) -> ssl.SSLContext:
        ca_file = self.settings.ca_file
        return ssl.create_default_context(cafile=str(ca_file) if ca_file else None)

    def _cannot_reach(self, exc: BaseException) -> str:
        where = f"{self.settings.smtp_host}:{self.settings.smtp_port}"
        if _timed_out(exc):
            reason = f"no answer within {self.settings.timeout:g} s"
        elif isinstance(exc, ssl.SSLError):
            reason = f"TLS failed: {exc}; check PBEM_SMTP_SECURITY and PBEM_SMTP_CA_FILE"
        elif isinstance(exc, smtplib.SMTPResponseException):
            reason = _said(exc.smtp_code, exc.smtp_error)
        else:
            reason = str(exc) or type(exc).__name__
        return f"cannot reach the SMTP server {where}: {reason}"

    def _reset(self) -> None:
        """After a refusal the connection is still good for the next message."""
        if self._connection is not None:
            try:
                self._connection.rset()
            except (smtplib.SMTPException, OSError):
                self._drop()

    def _drop(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()


def _timed_out(exc: BaseException | None) -> bool:
    """Whether a timeout is behind `exc` (smtplib reports one as a disconnection)."""
    while exc is not None:
        if isinstance(exc, (TimeoutError, socket.timeout)):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def _said(code: int, text: bytes | str) -> str:
    words = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    return f"{code} {' '.join(words.split())}"


def _refusals(refused: dict[str, tuple[int, bytes]],
              delivered: bool) -> MailTransient | MailPermanent:
    """The error for the recipients a server refused: transient when any refusal was for
    now (naming them as pending), permanent when every refusal was for good."""
    for_now = [address for address, (code, _text) in refused.items() if 400 <= code < 500]
    reasons = "; ".join(f"{address}: {_said(code, text)}"
                        for address, (code, text) in refused.items())
    others = " (the others received it)" if delivered else ""
    if for_now:
        return MailTransient(f"the server put off {reasons}{others}", pending=for_now)
    return MailPermanent(f"the server refused {reasons}{others}")


def _sync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


class MaildirTransport:
    """Writes each message into a Maildir (folder mode 0700), readable with any mail
    program, e.g. `mutt -f data/outbox`. A Return-Path and a Delivered-To line per
    recipient come first, as a local delivery writes them; lines end with LF, as local
    files do."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._maildir: mailbox.Maildir | None = None

    def send(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        _check_addresses(recipients, sender)
        envelope = [f"Return-Path: <{sender}>"] + [f"Delivered-To: {to}" for to in recipients]
        message = ("\n".join(envelope) + "\n").encode() + raw.replace(b"\r\n", b"\n")
        try:
            key = self._open().add(message)
            _sync(self.folder / "new" / key)  # it is marked sent next: it must be on disk
            _sync(self.folder / "new")
        except OSError as exc:
            self._maildir = None
            raise MailTransient(f"cannot write to the Maildir {self.folder}: "
                                f"{exc.strerror or exc}", server_down=True) from exc

    def _open(self) -> mailbox.Maildir:
        import mailbox  # only the outbox without SMTP needs it

        if self._maildir is None:
            new = not self.folder.exists()
            parent = self.folder.parent
            if new and not parent.is_dir():  # the data folder: private, like the database's
                parent.mkdir(parents=True, mode=FOLDER_MODE)
                os.chmod(parent, FOLDER_MODE)
            self._maildir = mailbox.Maildir(self.folder, create=True)  # tmp, new, cur: 0700
            if new:
                os.chmod(self.folder, FOLDER_MODE)  # mkdir's mode is cut by the umask
        return self._maildir

    def close(self) -> None:
        """Nothing to close: each message is a file of its own."""
