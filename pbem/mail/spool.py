"""The judge's spool: a Maildir into which the MTA's pipe (`pbem mail receive`) puts each
message, and from which the running judge (`pbem serve`) takes it. Mailman 3's split: the
MTA hands over, a runner works. The pipe's process imports this module and the standard
library only, so handing a message over costs a Python start and one fsync'd file, whatever
the database layer costs to load.

The folder is $PBEM_SPOOL, or `spool/` in the data folder ($PBEM_DATA, default ./data, as
pbem.store.db.data_dir reads it). `hand_over` writes the message in tmp/, fsyncs it, renames
it into new/ (atomic: a reader sees all of it or nothing) and fsyncs new/, so that once it
returns the message survives a crash of the host; only then does the pipe exit 0.

`take` hands every message waiting, oldest first, to the judge's handler and deletes it once
the handler has returned (pbem.mail.maildir, the Maildir reader, does the reading). A judge
that dies between the two hands the message over again at its next start: the mail pipeline
stores every message it gets and recognises the copy of one handled already (by Message-ID
and a digest of its body), so it is answered once. `watch` takes the spool every half
second until told to stop.
"""

from __future__ import annotations

import itertools
import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path

LOG = logging.getLogger(__name__)

SPOOL_VARIABLE = "PBEM_SPOOL"
FOLDER = "spool"  # in the data folder
PARTS = ("tmp", "new", "cur")
SOURCE = "stdin"  # what the store calls mail that came through the pipe
EVERY_S = 0.5  # how often the running judge looks into the spool
BACKOFF_S = 30.0  # the longest wait after a take that met trouble (a locked database, a bug)

_COUNTER = itertools.count()


def spool_folder(environ: Mapping[str, str] | None = None) -> Path:
    """Where the spool is: $PBEM_SPOOL, else `spool/` in $PBEM_DATA (default ./data)."""
    environ = os.environ if environ is None else environ
    named = environ.get(SPOOL_VARIABLE)
    if named:
        return Path(named)
    return Path(environ.get("PBEM_DATA") or "data") / FOLDER


def ensure(folder: Path) -> None:
    """Make the spool's tmp/, new/ and cur/ (readable by the judge's user only). The folder
    above it must exist: a spool is not created in a place nobody configured."""
    folder = Path(folder)
    if not folder.is_dir():
        folder.mkdir(mode=0o700)  # FileNotFoundError when its parent is missing
    for part in PARTS:
        (folder / part).mkdir(mode=0o700, exist_ok=True)


def unique_name() -> str:
    """A Maildir file name no other delivery takes: the time in nanoseconds first (so names
    sort by arrival), the process, a counter and a random part, then the host."""
    host = _host().replace("/", r"\057").replace(":", r"\072") or "localhost"
    return (f"{time.time_ns()}.P{os.getpid()}Q{next(_COUNTER)}R{os.urandom(6).hex()}"
            f".{host}")


def _host() -> str:
    """The host's name (os.uname where there is one: the socket module costs more to load)."""
    if hasattr(os, "uname"):
        return os.uname().nodename
    import socket  # pragma: no cover - not POSIX

    return socket.gethostname()  # pragma: no cover


def hand_over(folder: Path, raw: bytes) -> Path:
    """Put one message into the spool, on disk for good when this returns: written in tmp/,
    fsynced, renamed into new/, and new/ fsynced. Returns its path in new/. An OSError
    (a missing folder, no permission, a full disk) leaves nothing behind in new/."""
    folder = Path(folder)
    ensure(folder)
    name = unique_name()
    draft, final = folder / "tmp" / name, folder / "new" / name
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) \
        | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(draft, flags, 0o600)
    try:
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(descriptor, view):]
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.rename(draft, final)
    except BaseException:
        draft.unlink(missing_ok=True)
        raise
    _sync_folder(folder / "new")
    return final


def _sync_folder(folder: Path) -> None:
    """fsync a folder, so a rename into it survives a crash (where folders can be opened)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # pragma: no cover - a platform whose folders cannot be opened
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def waiting(folder: Path) -> list[Path]:
    """The messages in the spool not yet taken (new/ and cur/), oldest first."""
    found: list[tuple[int, str, Path]] = []
    for part in ("new", "cur"):
        try:
            entries = list(os.scandir(Path(folder) / part))
        except FileNotFoundError:
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                found.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.name,
                              Path(entry.path)))
            except FileNotFoundError:
                continue
    return [path for _, _, path in sorted(found)]


Handler = Callable[[bytes, str], object]


def take(folder: Path, handle: Handler, limit: int | None = None) -> object:
    """Hand every message waiting (at most `limit`), oldest first, to `handle(raw, "stdin")`
    (the store names it as the pipe's: it came on `pbem mail receive`'s standard input) and
    delete each once it returned; the Maildir reader's PollReport. A message the handler
    refuses for now (Transient) or fails on stays, and so does all that came after a refusal."""
    from pbem.mail.maildir import poll_maildir

    return poll_maildir(Path(folder), handle, limit, keep=False, source=SOURCE)


def watch(folder: Path, handle: Handler, stop: threading.Event, every: float = EVERY_S,
          on_taken: Callable[[int], None] | None = None) -> None:
    """Take the spool every `every` seconds until `stop` is set. A take that met trouble is
    logged, and the next waits longer (doubling, up to BACKOFF_S), so a message the judge
    cannot take now does not fill the log; `on_taken(n)` hears of every take that handled n
    messages."""
    ensure(folder)
    wait = every
    while not stop.is_set():
        try:
            report = take(folder, handle)
            handled, errors = report.handled, report.errors  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - the watch must outlive whatever one take meets
            LOG.exception("taking the spool %s failed", folder)
            handled, errors = 0, ["the take failed"]
        if handled and on_taken is not None:
            on_taken(handled)
        if errors:
            for error in errors:
                LOG.warning("spool: %s", error)
            wait = min(BACKOFF_S, max(wait, every) * 2)
        else:
            wait = every
        stop.wait(wait)
