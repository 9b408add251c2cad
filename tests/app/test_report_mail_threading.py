"""Answers thread under the mail they answer: In-Reply-To is that mail, References the
thread before it and then it, whether the answer is composed at once or made with its map
by the outbox (pbem.app.mailout.letters.queue_reply, pbem.app.reports.mailmake)."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.mailout.letters import queue_reply
from pbem.app.reports.mailmake import maker
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import new_demo_game
from tests.app.test_report_mail_kit import START, settings_in

pytestmark = pytest.mark.slow  # a game played by mail

THREAD = ["<first@players.example>", "<second@players.example>"]
ANSWERED = "<third@players.example>"


def _references(raw: bytes) -> tuple[str, str]:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    return str(message["In-Reply-To"]), " ".join(str(message["References"]).split())


def test_an_answer_threads_under_the_mail_it_answers(engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    plan = {"game": "g1", "phase": "build", "ruleset": "ramspeed", "side": "blue",
            "player": "Aristides", "plans": []}
    with transaction(engine) as session:
        queue_reply(session, settings, "k1", ["aristides@example.org"], "Re: orders", "ok",
                    ANSWERED, None, "g1", START, references=THREAD)
        queue_reply(session, settings, "k2", ["aristides@example.org"], "Re: orders", "ok",
                    ANSWERED, plan, "g1", START, references=THREAD)
    make = maker(engine, settings)
    with transaction(engine) as session:
        rows = sorted((r for r in repo.outbox_rows(session) if r.kind == "reply"),
                      key=lambda r: r.id or 0)
        made = [bytes(rows[0].raw), make(rows[1])]
    for raw in made:
        assert _references(raw) == (ANSWERED, " ".join([*THREAD, ANSWERED]))
