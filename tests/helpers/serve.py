"""A real `pbem serve` for the tests: a SQLite judge with demo games whose build deadline
has passed, the judge process started and stopped as an operator would, and a patient
wait for what it does (waiting is fine; asserting on how long it took is not)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any

from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.play import games
from pbem.golden import load, order_file
from pbem.store.db import create_sqlite_file, make_engine
from pbem.store.migrate import upgrade
from pbem.timing import Timing

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "orders" / "demo"
JUDGE = "judge@example.net"
SIDES = ("blue", "red")
# one hour a phase, no reminders, and a late player does not stop the game
QUICK = Timing(durations=(), default=timedelta(hours=1), reminders=(), late_policy="proceed")


def address(game_id: str, side: str) -> str:
    return f"{side}-{game_id}@example.org"


def judge_database(folder: Path) -> tuple[str, Engine]:
    """A new SQLite judge database in `folder`, migrated: its URL and an engine on it."""
    path = folder / "pbem.sqlite"
    create_sqlite_file(path)
    url = f"sqlite:///{path}"
    engine = make_engine(url)
    upgrade(engine)
    return url, engine


def due_games(engine: Engine, game_ids: list[str], hours_ago: float = 3) -> None:
    """Demo games made `hours_ago`, with the QUICK timing (so their build fell due an hour
    after), both players' build orders in: due at a judge's first sweep."""
    golden = load(DEMO)
    created = datetime.now(UTC) - timedelta(hours=hours_ago)
    for game_id in game_ids:
        games.create_game(engine, games.GameSpec(
            game_id=game_id, scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
            columns=18, rows=10, timing=QUICK, players=tuple(
                games.PlayerSpec(f"{side.title()}{game_id}", address(game_id, side), side)
                for side in SIDES)), now=created)
        for minutes, side in enumerate(SIDES, start=1):
            orders.submit_orders(engine, game_id, f"{side.title()}{game_id}",
                                 (DEMO / order_file("build", side)).read_bytes(),
                                 now=created + timedelta(minutes=minutes))


def judge_environment(data: Path, smtp_port: int) -> dict[str, str]:
    """The environment of a judge mailing through the test's SMTP server; nothing of the
    outer environment's PBEM_* settings leaks in."""
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith("PBEM_")}
    environment.update(PBEM_DATA=str(data), PBEM_MAIL_FROM=JUDGE, PBEM_SMTP_HOST="127.0.0.1",
                       PBEM_SMTP_PORT=str(smtp_port), PBEM_SMTP_SECURITY="none",
                       PYTHONPATH=str(ROOT))
    return environment


def pbem(environment: dict[str, str], *args: str,
         timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """A `pbem` command run to its end."""
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          env=environment, capture_output=True, text=True, timeout=timeout)


@dataclass
class Judges:
    """The `pbem serve` processes a test starts; whatever is still running at the end is
    killed (a failing test leaves nothing behind)."""

    folder: Path
    environment: dict[str, str]
    url: str
    started: list[tuple[subprocess.Popen[bytes], IO[bytes]]] = field(default_factory=list)

    def start(self, *extra: str) -> subprocess.Popen[bytes]:
        log = (self.folder / f"serve-{len(self.started) + 1}.log").open("wb")
        process = subprocess.Popen(
            [sys.executable, "-m", "pbem.cli.main", "serve", "--every", "1", "--workers", "1",
             "--db", self.url, *extra], cwd=ROOT, env=self.environment,
            stdout=log, stderr=subprocess.STDOUT)
        self.started.append((process, log))
        return process

    def log(self, number: int = -1) -> str:
        """What a judge wrote (stdout and its JSON log lines), for failure messages."""
        process, log = self.started[number]
        log.flush()
        return Path(log.name).read_text(encoding="utf-8", errors="replace")

    def stop(self, process: subprocess.Popen[bytes], timeout: float = 30) -> int:
        """SIGTERM, as systemd stops it: the exit status (killed if it will not stop)."""
        process.send_signal(signal.SIGTERM)
        try:
            return process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise

    def close(self) -> None:
        for process, log in self.started:
            if process.poll() is None:
                process.kill()
                process.wait()
            log.close()


def wait_for(what: Callable[[], Any], describe: str, timeout: float = 60,
             alive: subprocess.Popen[bytes] | None = None, log: Callable[[], str] | None = None,
             ) -> Any:
    """Poll `what` every 0.2 s until it gives something true (returned); fail with
    `describe` (and the judge's log) after `timeout` s or when `alive` exits."""
    ends = time.monotonic() + timeout
    while True:
        found = what()
        if found:
            return found
        shown = f"\n--- the judge's log ---\n{log()[-4000:]}" if log else ""
        if alive is not None and alive.poll() is not None:
            raise AssertionError(f"the judge exited ({alive.returncode}) before {describe}"
                                 f"{shown}")
        if time.monotonic() > ends:
            raise AssertionError(f"still waiting, after {timeout:.0f} s, for {describe}{shown}")
        time.sleep(0.2)
