"""The pipe and the running judge together, as an operator runs them: each mail piped into
`pbem mail receive` (a process of its own, as from the MTA), a real `pbem serve` taking the
spool, killed with SIGKILL while mail waits or is being handled, then started again. Nothing
is lost (every message handled) and nothing is answered twice (one answer each, read back
from the outbox Maildir with the standard library)."""

from __future__ import annotations

import email
import email.policy
import os
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.store import repo
from pbem.store.db import snapshot
from tests.app.helpers import new_demo_game
from tests.helpers.serve import ROOT, Judges, judge_database, pbem, wait_for
from tests.mail.test_spool_pipe import _env, orders_mail

pytestmark = pytest.mark.slow  # judges in their own processes

MAILS = 8


@pytest.fixture
def database(tmp_path: Path) -> Iterator[tuple[str, Engine]]:
    url, engine = judge_database(tmp_path)
    new_demo_game(engine)
    yield url, engine
    engine.dispose()


@pytest.fixture
def judges(tmp_path: Path, database: tuple[str, Engine]) -> Iterator[Judges]:
    # no SMTP server: the judge writes what it sends into the Maildir $PBEM_DATA/outbox
    started = Judges(tmp_path, _env(tmp_path), database[0])
    yield started
    started.close()


def pipe(environment: dict[str, str], raw: bytes) -> subprocess.CompletedProcess[bytes]:
    """One mail piped into `pbem mail receive`, as the MTA does."""
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", "mail", "receive"], cwd=ROOT,
                          env=environment, input=raw, capture_output=True, timeout=60)


def handled(engine: Engine) -> Counter[str]:
    """How many times each Message-ID was handled (its copies are "ignored")."""
    with snapshot(engine) as session:
        return Counter(r.message_id for r in repo.incoming(session, ["handled"]))


def answers(folder: Path) -> Counter[str]:
    """The answers in the outbox Maildir, by the Message-ID they answer."""
    found: Counter[str] = Counter()
    for part in ("new", "cur"):
        for path in (folder / "outbox" / part).iterdir():
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if message["In-Reply-To"]:
                found[str(message["In-Reply-To"])] += 1
    return found


def test_a_judge_killed_between_spool_and_handling_loses_nothing_and_answers_once(
        tmp_path: Path, database: tuple[str, Engine], judges: Judges) -> None:
    url, engine = database
    environment = judges.environment
    # mail that came while no judge ran waits in the spool
    for number in range(1, 4):
        done = pipe(environment, orders_mail(number))
        assert done.returncode == 0, done.stderr
    assert len(list((tmp_path / "spool" / "new").iterdir())) == 3
    assert handled(engine) == Counter()
    judge = judges.start("--every", "3600")
    wait_for(lambda: handled(engine)["orders-1@example.org"], "the first mail handled",
             alive=judge, log=judges.log)
    for number in range(4, MAILS + 1):
        done = pipe(environment, orders_mail(number))
        assert done.returncode == 0, done.stderr
    os.kill(judge.pid, signal.SIGKILL)  # whatever it was doing: taking, handling, deleting
    judge.wait()
    # a message handled but not deleted is handed over again: the crash's worst case
    assert pipe(environment, orders_mail(1)).returncode == 0

    second = judges.start("--every", "3600")
    wanted = {f"orders-{n}@example.org": 1 for n in range(1, MAILS + 1)}
    wait_for(lambda: handled(engine) == wanted
             and not list((tmp_path / "spool" / "new").iterdir()),
             "every mail handled once and the spool empty", alive=second, log=judges.log)
    assert judges.stop(second) == 0
    sent = pbem(environment, "mail", "send", "--db", url)
    assert sent.returncode == 0, sent.stderr
    assert answers(tmp_path) == {f"<{key}>": 1 for key in wanted}
