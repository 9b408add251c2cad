"""Mail from a Maildir folder (`poll_maildir`): every file in new/ and cur/, oldest delivery
first, handed to the handler and then moved (one atomic rename) into the Maildir++ subfolder
`<folder>/.pbem-done/`, in cur/ with the seen flag. Moving, not flagging in place: a person
reading the folder with a mail program marks mail seen too, and handled mail out of the way
keeps each poll short. The handler gets each file's bytes exactly (usually LF line ends, as the
delivery agent wrote them). Only regular files are read, and never through a symbolic link
(O_NOFOLLOW, even when a file becomes a link after the listing): a link (to a system file,
say), a FIFO or a folder is left where it is, with a warning, and counted as skipped.

It owns the folder's listing, reading and filing away; the handler contract, the report and
the handing over are pbem.mail.sources's, the only module of pbem it calls.
"""

from __future__ import annotations

import errno
import logging
import mailbox
import os
import stat
from pathlib import Path

from pbem.mail.sources import FAILED, TRANSIENT, Handler, PollReport, first, offer

LOG = logging.getLogger(__name__)

DONE_FOLDER = "pbem-done"  # Maildir++ subfolder, on disk <folder>/.pbem-done/


def poll_maildir(folder: Path, handle: Handler, limit: int | None = None, *,
                 keep: bool = True, source: str = "maildir") -> PollReport:
    """Hand over every message waiting in `folder` (at most `limit`), oldest first, each as
    from `source`. Handled mail is filed away in the done folder, or deleted when not `keep`
    (the judge's spool, pbem.mail.spool: the store keeps every message it was handed)."""
    report = PollReport()
    folder = Path(folder)
    if not all((folder / part).is_dir() for part in ("cur", "new", "tmp")):
        report.errors.append(f"{folder} is not a Maildir (it needs cur, new and tmp folders); "
                             f"name the folder your mail is delivered to.")
        return report
    inbox = mailbox.Maildir(folder, create=False)
    done = folder / f".{DONE_FOLDER}" / "cur"
    try:
        if keep:
            inbox.add_folder(DONE_FOLDER)  # creates it once; harmless when it is there
    except OSError as exc:
        report.errors.append(f"the folder for handled mail, {done.parent}, cannot be made "
                             f"({exc.strerror}); give the judge's user write access to "
                             f"{folder}.")
        return report
    found, strays = _waiting(folder)
    for path, what in strays:
        _skip(path, what, report)
    waiting = first(found, limit)
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
        outcome = offer(handle, raw, source, f"the message {path}", report)
        if outcome == TRANSIENT:
            report.left += len(waiting) - index
            break
        if outcome == FAILED:
            report.left += 1
            continue
        report.handled += 1
        try:
            if keep:
                _file_away(path, done / _seen_name(path.name, inbox.colon))
            else:
                path.unlink()
        except FileNotFoundError:
            pass  # another poll moved it
        except OSError as exc:
            report.errors.append(f"{path} was handled but cannot be "
                                 f"{f'moved to {done}' if keep else 'deleted'} "
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
