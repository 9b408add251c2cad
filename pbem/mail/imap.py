"""Mail from an IMAP mailbox (`poll_imap`, with its settings from the environment,
`imap_settings`): the messages not yet marked, by UID, fetched with BODY.PEEK[] (which sets no
flag), handed to the handler, then marked with the keyword `$PbemHandled` and \\Seen, or, with a
done folder, moved there. A server that keeps no keywords (PERMANENTFLAGS without \\*) is
marked with \\Seen alone and searched UNSEEN: then nobody should read that mailbox with a mail
program, or a done folder should be set. The handler gets what the server serves as the
message's BODY[]: CRLF line ends, as IMAP requires (servers storing LF convert).

It owns the IMAP settings, the session and the marking; the handler contract, the report and
the handing over are pbem.mail.sources's, and the password file is read by pbem.mail.settings.
IMAPClient (and ssl) are imported where used, so that importing this module costs little.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pbem.mail.sources import FAILED, TRANSIENT, Handler, PollReport, first, offer

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
    waiting = first(sorted(client.search(criteria)), limit)
    for index, uid in enumerate(waiting):
        fetched = client.fetch([uid], ["BODY.PEEK[]"]).get(uid) or {}  # PEEK: sets no \Seen
        body = fetched.get(b"BODY[]")
        if not isinstance(body, bytes):
            continue  # expunged meanwhile
        what = f"the message with UID {uid} in {settings.folder}"
        outcome = offer(handle, body, "imap", what, report)
        if outcome == TRANSIENT:
            report.left += len(waiting) - index
            return
        if outcome == FAILED:
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
