"""Mail after a rollback (issue 18, item 3): every mail about a phase carries the phase's
generation in its key, so the phase re-played after a ROLLBACK is reported again, as finally
played, instead of the outbox keeping the first play's (already sent) report."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import gm, orders
from pbem.app.play import phases
from pbem.app.reports.mailmake import maker
from pbem.golden import order_file
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import DEMO, new_demo_game

START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
SECOND_BUILD = "A: trireme archer\nB: trireme archer\n"  # blue's build, sent after the rollback


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _text(raw: bytes) -> str:
    body = email.message_from_bytes(raw, policy=email.policy.default).get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def _reports(engine: Engine, settings, key: str) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Each recipient's reports after phase `key`, in the order queued, as made to send."""
    make = maker(engine, settings)
    with transaction(engine) as session:
        rows = [r for r in repo.outbox_rows(session)
                if r.kind == "report" and r.job and json.loads(r.job).get("type") == "report"
                and json.loads(r.job).get("phase") == key]
    found: dict[str, list[str]] = {}
    for row in sorted(rows, key=lambda r: r.id or 0):
        found.setdefault(json.loads(row.recipients)[0], []).append(_text(make(row)))
    return found


def test_a_phase_played_again_after_a_rollback_is_reported_again(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    new_demo_game(engine)
    for name, side in (("Aristides", "blue"), ("Hanno", "red")):
        orders.submit_orders(engine, "g1", name,
                             (DEMO / order_file("build", side)).read_bytes(), now=START)
    phases.process_phase(engine, "g1", "build", START + timedelta(hours=1), settings)
    first = _reports(engine, settings, "build")
    assert sorted(first) == ["aristides@example.org", "hanno@example.org"]
    assert all(len(texts) == 1 for texts in first.values())
    assert "A: trireme catapult archer" in first["aristides@example.org"][0]

    gm.rollback(engine, "g1", "build", "Blue's build was entered wrongly.", settings,
                START + timedelta(hours=2))
    orders.submit_orders(engine, "g1", "Aristides", SECOND_BUILD.encode(),
                         now=START + timedelta(hours=3))
    phases.process_phase(engine, "g1", "build", START + timedelta(hours=4), settings)

    both = _reports(engine, settings, "build")
    assert sorted(both) == ["aristides@example.org", "hanno@example.org"]
    assert all(len(texts) == 2 for texts in both.values()), both
    for address, (was, now) in both.items():
        assert was == first[address][0]  # the first play's report is kept as it was sent
        assert now != was
    again = both["aristides@example.org"][1]  # the build as finally played
    assert "blue  1     A: trireme archer  done" in again
    assert "A: trireme catapult" not in again and "D: penteconter" not in again
