"""The sweep on an operator's bad day: a game that cannot be read, a step that fails, a
clock that jumps. Each game and each step is guarded on its own; a fault is remembered,
logged once and shown by `pbem status` until it goes away; a sweep whose clock is far from
the last sweep's holds everything until the clock is right or the operator accepts it."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update
from sqlalchemy.engine import Engine
from sqlmodel import col

from pbem.app import orders
from pbem.app.play import games
from pbem.app.running import sweep
from pbem.app.running.status import judge_status
from pbem.cli.status import summary
from pbem.golden import load, order_file
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import snapshot, transaction
from pbem.store.models import GameRow, PhaseRow
from pbem.timing import Timing

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
START = datetime(2026, 3, 20, 9, 0, tzinfo=UTC)
QUICK = Timing(durations=(), default=timedelta(hours=1), reminders=(), late_policy="proceed")
REMINDING = Timing(durations=(), default=timedelta(hours=48), reminders=(timedelta(hours=24),),
                   late_policy="proceed")


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _game(engine: Engine, game_id: str, timing: Timing = QUICK, *,
          orders_in: bool = True) -> None:
    """A demo game made at START; with `orders_in`, both build orders sent at once."""
    golden = load(DEMO)
    games.create_game(engine, games.GameSpec(
        game_id=game_id, scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, timing=timing, gm_email=f"gm-{game_id}@example.org",
        players=tuple(games.PlayerSpec(f"{side.title()}{game_id}", f"{side}-{game_id}@example.org",
                                       side) for side in ("blue", "red"))), now=START)
    if orders_in:
        for minutes, side in enumerate(("blue", "red"), start=1):
            orders.submit_orders(engine, game_id, f"{side.title()}{game_id}",
                                 (DEMO / order_file("build", side)).read_bytes(),
                                 now=START + timedelta(minutes=minutes))


def _break_ruleset(engine: Engine, game_id: str, ruleset: str = "no-such-rules") -> str:
    """Give a game a ruleset that does not exist (as after an upgrade that dropped it);
    returns the one it had."""
    with transaction(engine) as session:
        game = session.get(GameRow, game_id)
        assert game is not None
        was = game.ruleset
        session.execute(update(GameRow).where(col(GameRow.id) == game_id)
                        .values(ruleset=ruleset))
    return was


def _phase_key(engine: Engine, game_id: str) -> str:
    with snapshot(engine) as session:
        phase = repo.open_phase(session, game_id)
        assert phase is not None
        return phase.key


def _mentions(caplog: pytest.LogCaptureFixture, word: str) -> list[logging.LogRecord]:
    """The warnings and errors whose message or `game` names `word`."""
    return [r for r in caplog.records if r.levelno >= logging.WARNING
            and (word in r.getMessage() or getattr(r, "game", None) == word)]


# --- item 6: one game that cannot be read -------------------------------------------------

def test_a_game_that_cannot_be_read_does_not_stop_the_others(
        engine: Engine, settings, caplog: pytest.LogCaptureFixture) -> None:  # type: ignore[no-untyped-def]
    _game(engine, "aegean")
    _game(engine, "ionian")
    ruleset = _break_ruleset(engine, "ionian")
    caplog.set_level(logging.INFO)

    first = sweep.sweep(engine, settings, START + timedelta(hours=2))
    assert first.processed == [("aegean", "build")]
    assert [f[0] for f in first.failed] == ["ionian"]
    assert first.sent == 3  # the good game's reports left: two players and the game master
    assert len(list((settings.outbox_dir / "new").iterdir())) == 3  # and the game master's
    assert _phase_key(engine, "aegean") == "setup-blue"
    assert _phase_key(engine, "ionian") == "build"

    status = judge_status(engine, START + timedelta(hours=2))
    assert [(f["game"], f["phase"]) for f in status["faults"]] == [("ionian", "build")]
    assert "no-such-rules" in status["faults"][0]["error"]
    assert status["faults"][0]["since"] == (START + timedelta(hours=2)).isoformat()
    assert "ionian" in summary(status) and "cannot be swept" in summary(status)

    second = sweep.sweep(engine, settings, START + timedelta(hours=2, minutes=1))
    assert [f[0] for f in second.failed] == ["ionian"]
    assert len(_mentions(caplog, "ionian")) == 1  # logged once over two sweeps
    again = judge_status(engine, START + timedelta(hours=2, minutes=1))
    assert again["faults"][0]["since"] == (START + timedelta(hours=2)).isoformat()

    _break_ruleset(engine, "ionian", ruleset)  # repaired: it reads again
    caplog.clear()
    third = sweep.sweep(engine, settings, START + timedelta(hours=2, minutes=2))
    assert third.processed == [("ionian", "build")] and third.failed == []
    assert judge_status(engine, START + timedelta(hours=2, minutes=2))["faults"] == []
    assert any(r.getMessage() == "game reads again" and getattr(r, "game", None) == "ionian"
               for r in caplog.records)


def test_a_damaged_phase_row_is_a_fault_of_its_game_only(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, "aegean")
    _game(engine, "ionian")
    with transaction(engine) as session:
        session.execute(update(PhaseRow).where(col(PhaseRow.game_id) == "aegean",
                                               col(PhaseRow.status) == "open")
                        .values(state_before="{not json"))
    done = sweep.sweep(engine, settings, START + timedelta(hours=2))
    assert done.processed == [("ionian", "build")] and done.sent == 3  # two players and the game master
    status = judge_status(engine, START + timedelta(hours=2))
    assert [f["game"] for f in status["faults"]] == ["aegean"]
    assert "JSONDecodeError" in status["faults"][0]["error"]


def test_a_failing_mailbox_poll_is_logged_once_and_the_outbox_still_goes(
        engine: Engine, settings, caplog: pytest.LogCaptureFixture) -> None:  # type: ignore[no-untyped-def]
    _game(engine, "aegean")
    caplog.set_level(logging.INFO)

    def poll() -> int:
        raise ConnectionRefusedError("imap.example.org:993 refused the connection")

    first = sweep.sweep(engine, settings, START + timedelta(hours=2), poll=poll)
    sweep.sweep(engine, settings, START + timedelta(hours=2, minutes=1), poll=poll)
    assert first.processed == [("aegean", "build")] and first.sent == 3  # two players and the game master
    failing = [r for r in caplog.records if r.levelno >= logging.WARNING
               and "poll" in r.getMessage()]
    assert len(failing) == 1
    status = judge_status(engine, START + timedelta(hours=2, minutes=1))
    assert [(f["step"], f["game"]) for f in status["faults"]] == [("poll", None)]
    assert "refused" in status["faults"][0]["error"]
    sweep.sweep(engine, settings, START + timedelta(hours=2, minutes=2), poll=lambda: 0)
    assert judge_status(engine, START + timedelta(hours=2, minutes=2))["faults"] == []


# --- item 19: a clock that jumps --------------------------------------------------------

def _deadline(engine: Engine, game_id: str) -> datetime:
    with snapshot(engine) as session:
        phase = repo.open_phase(session, game_id)
        assert phase is not None and phase.deadline is not None
        return phase.deadline.replace(tzinfo=UTC)


def _outbox_count(engine: Engine) -> int:
    with snapshot(engine) as session:
        return len(repo.outbox_rows(session))


def _last_sweep(engine: Engine) -> str:
    with snapshot(engine) as session:
        last = repo.judge_state(session, sweep.SWEEP_KEY)
        assert last is not None
        return str(last["at"])


def test_a_clock_a_year_ahead_holds_the_sweep_until_it_is_right(
        engine: Engine, settings, caplog: pytest.LogCaptureFixture) -> None:  # type: ignore[no-untyped-def]
    _game(engine, "aegean", REMINDING, orders_in=False)
    deadline = _deadline(engine, "aegean")
    good = START + timedelta(hours=1)
    sweep.sweep(engine, settings, good)
    mails = _outbox_count(engine)
    caplog.set_level(logging.INFO)

    jumped = START + timedelta(days=366)  # past the deadline, the grace, the outage limit
    for minutes in (0, 1):
        held = sweep.sweep(engine, settings, jumped + timedelta(minutes=minutes))
        assert held.held is not None and "later" in held.held
        assert (held.processed, held.extended, held.reminders, held.sent) == ([], [], 0, 0)
    assert _deadline(engine, "aegean") == deadline  # not moved
    assert _outbox_count(engine) == mails  # nobody told anything
    assert _last_sweep(engine) == good.isoformat()  # the last good sweep's time stands
    warned = [r for r in caplog.records if r.levelno >= logging.WARNING
              and "held" in r.getMessage()]
    assert len(warned) == 1  # when the hold began

    status = judge_status(engine, jumped)
    assert status["held"]["now"] == (jumped + timedelta(minutes=1)).isoformat()
    assert status["held"]["last_sweep"] == good.isoformat()
    text = summary(status)
    assert "held: the clock" in text
    assert "2027-03-21 09:01 UTC" in text and "2026-03-20 10:00 UTC" in text
    assert "--accept-clock" in text

    right = good + timedelta(minutes=2)  # the clock is put right
    again = sweep.sweep(engine, settings, right)
    assert again.held is None and again.extended == []
    assert judge_status(engine, right)["held"] is None
    assert _last_sweep(engine) == right.isoformat()
    reminded = sweep.sweep(engine, settings, deadline - timedelta(hours=23))
    assert reminded.reminders == 2  # and it goes on as before


def test_a_clock_gone_back_holds_but_a_few_minutes_do_not(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, "aegean", REMINDING, orders_in=False)
    last = START + timedelta(days=1)
    sweep.sweep(engine, settings, last)
    assert sweep.sweep(engine, settings, last - timedelta(minutes=3)).held is None
    back = sweep.sweep(engine, settings, last - timedelta(hours=5))
    assert back.held is not None and "earlier" in back.held
    assert _last_sweep(engine) == (last - timedelta(minutes=3)).isoformat()
    status = judge_status(engine, last)
    assert "held: the clock" in summary(status) and status["held"]["direction"] == "back"


def test_an_accepted_clock_jump_goes_on_with_the_outage_guard(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, "aegean", REMINDING, orders_in=False)
    sweep.sweep(engine, settings, START + timedelta(hours=1))
    later = START + timedelta(days=40)
    assert sweep.sweep(engine, settings, later).held is not None
    accepted = sweep.sweep(engine, settings, later, accept_clock=True)
    assert accepted.held is None and len(accepted.extended) == 1  # as after a long outage
    assert _deadline(engine, "aegean") > later
    assert judge_status(engine, later)["held"] is None
    assert sweep.sweep(engine, settings, later + timedelta(minutes=1)).held is None


def test_the_clock_limit_is_a_setting_of_the_sweep(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, "aegean", REMINDING, orders_in=False)
    sweep.sweep(engine, settings, START)
    two_days = START + timedelta(days=2)
    assert sweep.sweep(engine, settings, two_days, clock_limit=timedelta(days=1)).held
    assert sweep.sweep(engine, settings, two_days).held is None  # the default: 30 days


def test_after_an_outage_a_damaged_deadline_holds_back_only_its_game(engine: Engine,
                                                                      settings) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import text

    if engine.url.get_backend_name() != "sqlite":
        pytest.skip("PostgreSQL's timestamp column cannot hold a damaged time")
    _game(engine, "aegean", REMINDING, orders_in=False)
    _game(engine, "ionian", REMINDING, orders_in=False)
    sweep.sweep(engine, settings, START + timedelta(hours=1), send=False)
    with transaction(engine) as session:  # as a damaged row reads: not a time at all
        session.execute(text("UPDATE phases SET deadline = 'the ides of March' "
                             "WHERE game_id = 'ionian' AND status = 'open'"))
    back = START + timedelta(days=14)  # down across both deadlines
    report = sweep.sweep(engine, settings, back, send=False)
    assert [(game, key) for game, key, _ in report.extended] == [("aegean", "build")]
    assert _deadline(engine, "aegean") > back
    assert report.processed == [] and [f[0] for f in report.failed] == ["ionian"]
    status = judge_status(engine, back)  # status, too, reads past the damaged row
    assert [f["game"] for f in status["faults"]] == ["ionian"]
    assert status["problems"] == ["ionian build: the stored deadline 'the ides of March' is "
                                  "not a time"]
    assert [p["game"] for p in status["phases_due"]] == []


def test_a_clock_that_jumps_a_day_within_one_boot_holds_until_it_is_right(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    """Under the clock limit, an outage and a jump look alike by the wall clock alone; the
    machine's running time tells them apart."""
    _game(engine, "aegean", REMINDING, orders_in=False)
    deadline = _deadline(engine, "aegean")
    good = START + timedelta(hours=1)
    sweep.sweep(engine, settings, good, host=("boot-1", 1000.0))
    mails = _outbox_count(engine)
    # a minute of running later, the wall clock says a day and a minute
    held = sweep.sweep(engine, settings, good + timedelta(days=1, minutes=1),
                       host=("boot-1", 1060.0))
    assert held.held is not None and "ahead of the time this machine has run" in held.held
    assert (held.processed, held.extended, held.reminders) == ([], [], 0)
    assert _deadline(engine, "aegean") == deadline and _outbox_count(engine) == mails
    assert "further than this machine has run since" in summary(judge_status(engine, good))
    # put right: the sweeps go on
    right = sweep.sweep(engine, settings, good + timedelta(minutes=2), host=("boot-1", 1120.0))
    assert right.held is None
    # after a reboot, or on another machine, the running time says nothing: an outage
    down = sweep.sweep(engine, settings, good + timedelta(days=1), host=("boot-2", 30.0))
    assert down.held is None
