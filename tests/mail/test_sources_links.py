"""The Maildir poll reads regular files only: a symbolic link (to a system file, say) or
anything else that is not a regular file is left where it is, with a warning, and never
read, not even when a file is swapped for a link between the listing and the reading."""

from __future__ import annotations

import logging
import mailbox
import os
from pathlib import Path

import pytest

from pbem.mail.maildir import DONE_FOLDER, poll_maildir

SECRET = b"root:x:0:0:root:/root:/bin/bash\n"


def message(number: int) -> bytes:
    return (b"From: Ann <ann@example.org>\nTo: judge@club.example\n"
            b"Subject: orders %d\nMessage-ID: <%d@example.org>\n\nSIGNON aegean Ann x\n"
            % (number, number))


@pytest.fixture
def maildir(tmp_path: Path) -> Path:
    folder = tmp_path / "Maildir"
    mailbox.Maildir(folder, create=True)
    return folder


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "passwd"
    path.write_bytes(SECRET)
    return path


def deliver(folder: Path, raw: bytes, stamp: int) -> Path:
    """Deliver `raw` as a delivery agent does (tmp/, then renamed into new/) at `stamp`."""
    name = f"{stamp}.M{len(list(folder.glob('*/*')))}P1.testhost"
    path = folder / "tmp" / name
    path.write_bytes(raw)
    os.utime(path, ns=(stamp * 10**9, stamp * 10**9))
    target = folder / "new" / name
    path.rename(target)
    return target


class Recorder:
    def __init__(self) -> None:
        self.raws: list[bytes] = []

    def __call__(self, raw: bytes, source: str) -> None:
        self.raws.append(raw)


def test_a_symbolic_link_is_left_in_place_unread_with_a_warning(
        maildir: Path, secret: Path, caplog: pytest.LogCaptureFixture) -> None:
    deliver(maildir, message(1), stamp=1000)
    link = maildir / "new" / "1001.M9P1.testhost"
    link.symlink_to(secret)
    (maildir / "cur" / "1002.M10P1.testhost:2,S").symlink_to(secret)
    handle = Recorder()
    with caplog.at_level(logging.WARNING, logger="pbem.mail.maildir"):
        report = poll_maildir(maildir, handle)
    assert handle.raws == [message(1)]  # the link's target was never read
    assert all(SECRET not in raw for raw in handle.raws)
    assert report.handled == 1 and report.skipped == 2
    assert link.is_symlink() and secret.read_bytes() == SECRET  # left as they were
    assert sum("symbolic link" in error and "left" in error for error in report.errors) == 2
    assert any("symbolic link" in record.getMessage() for record in caplog.records)
    done = list((maildir / f".{DONE_FOLDER}" / "cur").iterdir())
    assert len(done) == 1 and not done[0].is_symlink()


def test_a_file_swapped_for_a_link_after_the_listing_is_not_followed(
        maildir: Path, secret: Path) -> None:
    deliver(maildir, message(1), stamp=1000)
    second = deliver(maildir, message(2), stamp=1001)
    raws: list[bytes] = []

    def swap_then_take(raw: bytes, source: str) -> None:
        raws.append(raw)
        if len(raws) == 1:  # the poll has listed both: the second becomes a link now
            second.unlink()
            second.symlink_to(secret)

    report = poll_maildir(maildir, swap_then_take)
    assert raws == [message(1)]
    assert report.handled == 1 and report.skipped == 1
    assert second.is_symlink()


def test_a_fifo_or_a_folder_in_new_is_skipped_without_blocking(maildir: Path) -> None:
    deliver(maildir, message(1), stamp=1000)
    os.mkfifo(maildir / "new" / "1001.M8P1.fifo")  # opening it for reading would block
    (maildir / "new" / "1002.M9P1.folder").mkdir()
    handle = Recorder()
    report = poll_maildir(maildir, handle)
    assert handle.raws == [message(1)]
    assert report.skipped == 2
    assert (maildir / "new" / "1001.M8P1.fifo").exists()
    assert sum("not a regular file" in error for error in report.errors) == 2
