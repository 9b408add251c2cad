"""Whatever order text the judge is given, the orders use-case answers with a sentence
(issue 18, item 15): a refusal on the line that cannot be read, or a JudgeError for the
whole text, never an exception the caller did not ask for.

The rules' checker answers every line itself; the second half of this file injects a fault
into it for real (Ram Speed's phase checker made to fail on one kind of line, as a defect of
the rules would), to show that one bad line then costs only that line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base.errors import JudgeError
from pbem.app.play import phases
from pbem.rules.ramspeed import phases as ramspeed_phases
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import new_demo_game


@pytest.mark.parametrize("text", ["A: trireme \udcff\n", "\ud800", "A: trireme\n# \udc80 note\n"])
def test_text_with_lone_surrogates_is_refused_with_a_sentence(text: str) -> None:
    """A str can hold lone surrogates (a command line read with surrogateescape does) though
    no UTF text can; encoding one to measure it raised UnicodeEncodeError."""
    with pytest.raises(JudgeError, match="not text the judge can read"):
        orders.decode(text)


def test_a_submission_with_a_lone_surrogate_stores_nothing(engine: Engine) -> None:
    new_demo_game(engine)
    with pytest.raises(JudgeError, match="nothing was stored"):
        orders.submit_orders(engine, "g1", "Aristides", "A: trireme \udcff\n")
    with pytest.raises(JudgeError, match="not text the judge can read"):
        orders.check_orders(engine, "g1", "Aristides", "A: trireme \udcff\n")


ROGUE = "ROGUE"  # a line holding this word makes the injected checker fail


@pytest.fixture
def rules_fault(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Ram Speed's checker raising on any text with a line that holds ROGUE, as a defect of
    the rules met by one line would; the texts it was asked to check are recorded."""
    real = ramspeed_phases.check
    seen: list[str] = []

    def faulty(state, phase, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(text)
        if any(ROGUE in line for line in text.splitlines()):
            raise ZeroDivisionError("division by zero")
        return real(state, phase, text, *args, **kwargs)

    monkeypatch.setattr(ramspeed_phases, "check", faulty)
    yield seen


def test_a_line_the_checker_fails_on_is_refused_alone(engine: Engine,
                                                      rules_fault: list[str]) -> None:
    new_demo_game(engine)
    text = "A: trireme catapult\nB: ROGUE\n\nC: penteconter\n"
    answer = orders.submit_orders(engine, "g1", "Aristides", text)
    assert answer.stored
    assert [(line.line_no, line.status) for line in answer.lines] == [
        (1, "accepted"), (2, "refused"), (4, "accepted")]
    reason = answer.lines[1].reason
    assert reason.startswith("line 2: ") and "ZeroDivisionError" in reason
    assert "the other lines were read without it" in reason
    checked = orders.check_orders(engine, "g1", "Aristides", text)
    assert [line.status for line in checked.lines] == ["accepted", "refused", "accepted"]
    # the text kept for resolution has the line blanked, so playing the phase never meets it
    with transaction(engine) as session:
        phase = repo.open_phase(session, "g1")
        assert phase is not None
        rows = repo.submissions(session, phase.id or 0)
    assert len(rows) == 1 and ROGUE not in (rows[0].parsed or "")
    orders.submit_orders(engine, "g1", "Hanno", "X: bireme\n")
    done = phases.process_phase(engine, "g1")
    assert done.key == "build"


def test_orders_the_checker_fails_on_only_together_get_a_sentence(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """When no single line is at fault, the whole text is refused with a sentence."""
    new_demo_game(engine)
    real = ramspeed_phases.check

    def faulty(state, phase, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        if len([line for line in text.splitlines() if line.strip()]) > 1:
            raise OverflowError("too many")
        return real(state, phase, text, *args, **kwargs)

    monkeypatch.setattr(ramspeed_phases, "check", faulty)
    with pytest.raises(JudgeError, match="nothing was stored") as info:
        orders.submit_orders(engine, "g1", "Aristides", "A: trireme\nB: bireme\n")
    assert "OverflowError" in str(info.value)
    assert orders.submit_orders(engine, "g1", "Aristides", "A: trireme\n").stored
