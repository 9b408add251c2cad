"""The worker processes that draw the judge's mail die with it: a `pbem serve` killed with
SIGKILL (as cron or the OOM killer do) must not leave processes behind that hold database
connections. A real process pool, made as the sweep makes it, in a real parent process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # judges in their own processes

ROOT = Path(__file__).resolve().parent.parent

# The parent: a pool made by the sweep's own factory, each worker made to say its pid, then
# nothing until it is killed.
PARENT = """
import os, sys, time
from pathlib import Path
from pbem.app.running import workers
from pbem.mail.settings import mail_settings

settings = mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, Path(sys.argv[2]))
pool = workers._pool(sys.argv[1], settings, 2)
pids = set()
while len(pids) < 2:
    pids |= set(pool.map(workers._pool_pid, range(8)))
print(" ".join(str(pid) for pid in sorted(pids)), flush=True)
time.sleep(600)
"""


def _running(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie waiting for its reaper is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_the_mail_drawing_workers_die_when_the_judge_is_killed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'judge.sqlite'}"
    parent = subprocess.Popen([sys.executable, "-c", PARENT, url, str(tmp_path)], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    workers: list[int] = []
    try:
        assert parent.stdout is not None
        said = parent.stdout.readline()
        assert said.strip(), parent.communicate(timeout=30)[1]
        workers = [int(pid) for pid in said.split()]
        assert len(workers) == 2 and parent.pid not in workers
        assert all(_running(pid) for pid in workers)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(timeout=30)
        ends = time.monotonic() + 30  # patience, not a measure: they must end, soon or late
        while any(_running(pid) for pid in workers) and time.monotonic() < ends:
            time.sleep(0.1)
        left = [pid for pid in workers if _running(pid)]
        assert left == [], f"workers {left} outlived the judge that started them"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for pid in workers:  # whatever a failure left behind
            if _running(pid):
                os.kill(pid, signal.SIGKILL)


# Where prctl is not to be had, a thread in the worker watches for its parent: here a child
# runs only that watch (no prctl), and its parent is killed.
WATCHED = """
import multiprocessing, os, sys, threading, time
from pbem.app.running import workers

def child(parent):
    threading.Thread(target=workers._watch_parent, args=(parent,), daemon=True).start()
    time.sleep(600)

if __name__ == "__main__":
    process = multiprocessing.get_context("fork").Process(target=child, args=(os.getpid(),))
    process.start()
    print(process.pid, flush=True)
    time.sleep(600)
"""


def test_without_prctl_a_watching_thread_ends_the_worker(tmp_path: Path) -> None:
    script = tmp_path / "watched.py"
    script.write_text(WATCHED)
    parent = subprocess.Popen([sys.executable, str(script)], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    child = 0
    try:
        assert parent.stdout is not None
        said = parent.stdout.readline()
        assert said.strip(), parent.communicate(timeout=30)[1]
        child = int(said)
        assert _running(child)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(timeout=30)
        ends = time.monotonic() + 30
        while _running(child) and time.monotonic() < ends:
            time.sleep(0.1)
        assert not _running(child), "the watched child outlived its parent"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        if child and _running(child):
            os.kill(child, signal.SIGKILL)
