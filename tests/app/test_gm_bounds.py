"""Bounds on the game master's and the players' time (issue 18): lengths read as sentences,
deadlines, extensions and vacations within the horizon, vacations bounded per player and game,
PROCESS naming its phase, and a preview that never shows the phase's own dice."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import select

from pbem.app import gm
from pbem.app.base.errors import JudgeError
from pbem.app.mailin import mailgate
from pbem.app.play import games, phases
from pbem.golden import load
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import VacationRow

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
ANN, BO, GM = "ann@example.org", "bo@example.org", "gm@example.org"


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _game(engine: Engine, **changes: object) -> str:
    """The demo's squadron game, Ann (blue) and Bo (red) in UTC, with a game master; its
    first deadline is 48 hours after START. Returns the game master's password."""
    golden = load(DEMO)
    spec = games.GameSpec(
        game_id="aegean", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, gm_email=GM,
        players=(games.PlayerSpec("Ann", ANN, "blue", "UTC", "s3cret-oars"),
                 games.PlayerSpec("Bo", BO, "red", "UTC", "bo-password")))
    spec = games.GameSpec(**{**spec.__dict__, **changes})
    return games.create_game(engine, spec, now=START).passwords["GM"]


def _deadline(engine: Engine) -> datetime:
    with transaction(engine) as session:
        phase = repo.open_phase(session, "aegean")
        assert phase is not None and phase.deadline is not None
        return phase.deadline.replace(tzinfo=UTC) if phase.deadline.tzinfo is None \
            else phase.deadline


def _replies(engine: Engine) -> list[str]:
    with transaction(engine) as session:
        raws = [bytes(r.raw) for r in repo.outbox_rows(session) if r.kind == "reply"]
    texts = []
    for raw in raws:
        body = email.message_from_bytes(raw, policy=email.policy.default).get_body(("plain",))
        assert body is not None
        texts.append(str(body.get_content()))
    return texts


def _from(sender: str, message_id: str, *lines: str) -> bytes:
    body = "\r\n".join(lines)
    return (f"From: {sender}\r\nTo: judge@example.net\r\nSubject: x\r\n"
            f"Message-ID: <{message_id}>\r\n\r\n{body}\r\n").encode()


# Item 15: a length the judge cannot read is a sentence, never a KeyError.

@pytest.mark.parametrize("argument", ["2days", "0m", "-1h", "", "9" * 400 + "d"])
def test_a_players_extend_it_cannot_read_is_answered_with_what_it_accepts(
        engine: Engine, settings, argument: str) -> None:  # type: ignore[no-untyped-def]
    _game(engine, player_extensions=3)
    before = _deadline(engine)
    done = mailgate.receive(engine, _from(ANN, "e@x", "SIGNON aegean Ann s3cret-oars",
                                          f"EXTEND {argument}".rstrip()),
                            "inject", settings, START)
    assert done.outcome == "commands"
    [reply] = _replies(engine)
    assert "EXTEND: not done" in reply
    assert ("like 24h, 2d or 90m, more than zero" in reply if argument else
            "EXTEND needs one word after it, how long: EXTEND 24h" in reply), reply
    assert "KeyError" not in reply and "FAILED" not in reply
    assert _deadline(engine) == before
    with transaction(engine) as session:
        player = repo.player(session, "aegean", "Ann")
        assert player is not None and player.extensions_used == 0


@pytest.mark.parametrize("argument", ["2days", "0m", "-1h", "", "9" * 400 + "d"])
def test_a_game_masters_extend_it_cannot_read_is_answered_with_what_it_accepts(
        engine: Engine, settings, argument: str) -> None:  # type: ignore[no-untyped-def]
    password = _game(engine)
    before = _deadline(engine)
    mailgate.receive(engine, _from(GM, "g@x", f"SIGNON aegean GM {password}",
                                   f"EXTEND {argument}".rstrip()), "inject", settings, START)
    [reply] = _replies(engine)
    assert "like 24h, 2d or 90m, more than zero" in reply, reply
    assert "KeyError" not in reply and "FAILED" not in reply
    assert _deadline(engine) == before


# Item 16: deadlines, extensions and vacations within the horizon, never in the past.

def _bounded(settings, days: int):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    return replace(settings, horizon_days=days)


def test_a_deadline_set_at_a_moment_is_aware_in_the_future_and_within_the_horizon(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine)
    before = _deadline(engine)
    for at, said in ((START - timedelta(hours=1), "in the future"),
                     (datetime(2026, 12, 24, 18, 0), "with its time zone"),
                     (START + timedelta(days=366), "more than 365 days ahead"),
                     (datetime(9999, 12, 31, 23, 59, tzinfo=UTC), "more than 365 days ahead")):
        with pytest.raises(JudgeError, match=said):
            gm.set_deadline(engine, "aegean", at=at, mail=settings, now=START)
    assert _deadline(engine) == before
    with pytest.raises(JudgeError, match="more than 30 days ahead"):
        gm.set_deadline(engine, "aegean", at=START + timedelta(days=31),
                        mail=_bounded(settings, 30), now=START)
    with pytest.raises(JudgeError, match="more than 365 days ahead"):  # no mail: the default
        gm.set_deadline(engine, "aegean", at=START + timedelta(days=366), now=START)
    assert gm.set_deadline(engine, "aegean", at=START + timedelta(days=300), mail=settings,
                           now=START) == START + timedelta(days=300)


@pytest.mark.parametrize("by", [timedelta(days=999_999), timedelta(days=10**8),
                                timedelta(days=400), timedelta(0), -timedelta(hours=1)])
def test_a_game_masters_extension_past_the_horizon_or_of_nothing_is_refused(
        engine: Engine, settings, by: timedelta) -> None:  # type: ignore[no-untyped-def]
    _game(engine)
    before = _deadline(engine)
    with pytest.raises(JudgeError) as refused:
        gm.set_deadline(engine, "aegean", by=by, mail=settings, now=START)
    assert ("365 days ahead" in str(refused.value) if by > timedelta(0)
            else "longer than nothing" in str(refused.value))
    assert _deadline(engine) == before


def test_a_players_extension_may_not_carry_the_deadline_past_the_horizon(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, player_extensions=2)
    gm.set_deadline(engine, "aegean", at=START + timedelta(days=364), mail=settings, now=START)
    with transaction(engine) as session:
        game = repo.game(session, "aegean")
        ann = repo.player(session, "aegean", "Ann")
        assert game is not None and ann is not None
        with pytest.raises(JudgeError, match="more than 365 days ahead"):
            gm.ask_extension(session, game, ann, timedelta(days=2), settings, START)
        with pytest.raises(JudgeError, match="longer than nothing"):
            gm.ask_extension(session, game, ann, timedelta(0), settings, START)
        assert ann.extensions_used == 0  # a refused extension is not counted


@pytest.mark.parametrize(("first", "last"), [(date(2027, 6, 1), date(2027, 6, 5)),
                                             (date(9999, 12, 20), date(9999, 12, 31)),
                                             (date(2026, 5, 20), date(9999, 12, 31))])
def test_a_vacation_past_the_horizon_is_refused(engine: Engine, settings, first: date,
                                                last: date) -> None:  # type: ignore[no-untyped-def]
    _game(engine)
    with transaction(engine) as session:
        game = repo.game(session, "aegean")
        ann = repo.player(session, "aegean", "Ann")
        assert game is not None and ann is not None
        with pytest.raises(JudgeError, match="more than 365 days ahead"):
            gm.declare_vacation(session, game, ann, first, last, settings, START)


def test_the_command_line_refuses_a_deadline_past_the_horizon_with_a_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from pbem.cli.main import main

    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    db = ["--db", f"sqlite:///{tmp_path / 'judge.sqlite'}"]
    assert main(["db", "upgrade", *db]) == 0
    assert main(["game", "new", "aegean", "--player", f"Ann,{ANN},blue",
                 "--player", f"Bo,{BO},red", *db]) == 0
    capsys.readouterr()
    for argv, said in ((["--extend", "999999d"], "365 days ahead"),
                       (["--extend", "9" * 400 + "d"], "like 24h, 2d or 90m"),
                       (["--at", "9999-12-31T23:59+00:00"], "365 days ahead"),
                       (["--at", "2026-12-24T18:00"], "with its time zone"),
                       (["--at", "2001-01-01T18:00+00:00"], "in the future")):
        assert main(["game", "deadline", "aegean", *argv, *db]) == 1, argv
        err = capsys.readouterr().err
        assert err.startswith("pbem: ") and said in err and "Traceback" not in err, err
    assert main(["game", "vacation", "aegean", "Ann", "9999-12-20", "9999-12-31", *db]) == 1
    assert "365 days ahead" in capsys.readouterr().err


# Item 13: vacations are bounded per player and game, declared in advance.

def test_two_dozen_vacations_in_one_mail_move_the_deadline_at_most_the_games_days(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine)  # vacation_days: 14, the default
    before = _deadline(engine)  # Wednesday 6 May 2026, 09:00 UTC
    first = date(2026, 5, 6)
    lines = [f"VACATION {first + timedelta(days=5 * n)} {first + timedelta(days=5 * n + 4)}"
             for n in range(24)]
    mailgate.receive(engine, _from(ANN, "v@x", "SIGNON aegean Ann s3cret-oars", *lines),
                     "inject", settings, START)
    [reply] = _replies(engine)
    done = [line for line in reply.splitlines() if line.startswith("VACATION: noted")]
    refused = [line for line in reply.splitlines() if line.startswith("VACATION: not done")]
    assert len(done) == 2 and len(refused) == 22, reply  # 5 + 5 days stand; 15 would not
    assert all("14 days of vacation" in line for line in refused), refused
    moved = _deadline(engine)
    assert moved == datetime(2026, 5, 16, tzinfo=UTC)  # out of both, back on the 16th
    assert moved - before <= timedelta(days=14)
    with transaction(engine) as session:
        assert len(session.exec(select(VacationRow)).all()) == 2


def test_a_vacation_is_declared_a_day_ahead_within_the_games_days_and_overlaps_none(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, vacation_days=6)
    with transaction(engine) as session:
        game, ann = repo.game(session, "aegean"), repo.player(session, "aegean", "Ann")
        assert game is not None and ann is not None

        def declare(first: date, last: date) -> str:
            return gm.declare_vacation(session, game, ann, first, last, settings, START)

        with pytest.raises(JudgeError, match="at least a day ahead"):
            declare(date(2026, 5, 5), date(2026, 5, 6))  # starts 15 hours from now
        with pytest.raises(JudgeError, match="6 days of vacation"):
            declare(date(2026, 6, 1), date(2026, 6, 7))  # 7 days in one
        assert "noted" in declare(date(2026, 6, 1), date(2026, 6, 4))  # 4 of the 6
        with pytest.raises(JudgeError, match="overlaps your vacation from 2026-06-01 to "
                                             "2026-06-04"):
            declare(date(2026, 6, 4), date(2026, 6, 5))
        with pytest.raises(JudgeError, match="you have declared 4 days already"):
            declare(date(2026, 7, 1), date(2026, 7, 3))  # 4 + 3 > 6
        assert "noted" in declare(date(2026, 7, 1), date(2026, 7, 2))  # 4 + 2 = 6
        bo = repo.player(session, "aegean", "Bo")
        assert bo is not None  # the bound is each player's
        assert "noted" in gm.declare_vacation(session, game, bo, date(2026, 7, 1),
                                              date(2026, 7, 6), settings, START)


def test_a_game_may_allow_no_vacations_and_its_days_are_bounded_when_made(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, vacation_days=0)
    with transaction(engine) as session:
        game, ann = repo.game(session, "aegean"), repo.player(session, "aegean", "Ann")
        assert game is not None and ann is not None and game.vacation_days == 0
        with pytest.raises(JudgeError, match="allows no vacations"):
            gm.declare_vacation(session, game, ann, date(2026, 6, 1), date(2026, 6, 1),
                                settings, START)
    for days in (-1, 366):
        with pytest.raises(JudgeError, match="0 to 365 days of vacation"):
            games.create_game(engine, games.GameSpec(
                game_id="other", vacation_days=days,
                players=(games.PlayerSpec("Ann", ANN, "blue"),
                         games.PlayerSpec("Bo", BO, "red"))))


def test_the_command_line_makes_a_game_with_its_vacation_days_and_shows_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from pbem.cli.main import main

    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    db = ["--db", f"sqlite:///{tmp_path / 'judge.sqlite'}"]
    assert main(["db", "upgrade", *db]) == 0
    assert main(["game", "new", "aegean", "--player", f"Ann,{ANN},blue", "--player",
                 f"Bo,{BO},red", "--vacation-days", "3", "--player-extensions", "2", *db]) == 0
    capsys.readouterr()
    assert main(["game", "show", "aegean", *db]) == 0
    shown = capsys.readouterr().out
    assert "each player may ask for 2 extensions and declare 3 days of vacation" in shown
    assert main(["game", "show", "aegean", "--json", *db]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["vacation_days"], data["player_extensions"]) == (3, 2)


# Item 1 (part): a game master's PROCESS names the phase it means.

def _submit_build(engine: Engine) -> None:
    from pbem.app import orders
    from pbem.golden import order_file

    for who, side in (("Ann", "blue"), ("Bo", "red")):
        orders.submit_orders(engine, "aegean", who,
                             (DEMO / order_file("build", side)).read_bytes(), now=START)


def test_a_process_naming_a_phase_processed_already_moves_nothing_on(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine)
    _submit_build(engine)
    done = gm.force(engine, "aegean", settings, START + timedelta(hours=1), phase="BUILD")
    assert (done.key, done.next_key) == ("build", "setup-blue")
    with pytest.raises(JudgeError) as refused:  # the same PROCESS build, sent again
        gm.force(engine, "aegean", settings, START + timedelta(hours=2), phase="build")
    assert str(refused.value) == ("build was processed already; the open phase is setup-blue; "
                                  "send PROCESS setup-blue to process it")
    assert games.show_game(engine, "aegean")["phase"] == "setup-blue"
    assert [e["kind"] for e in gm.journal_of(engine, "aegean")].count("forced") == 1
    with pytest.raises(JudgeError, match="aegean has no phase T9-move; the open phase is "
                                         "setup-blue"):
        gm.force(engine, "aegean", settings, START + timedelta(hours=2), phase="T9-move")


# Item 21 (part): a preview never shows the phase's own dice.

def test_a_preview_rolls_dice_that_are_not_the_phases(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    from pbem.rules.dice import seeded_rolls

    _game(engine)
    _submit_build(engine)  # the build ends with the set-up roll, one die a side
    seen = gm.preview(engine, "aegean")
    assert seen.note == "the dice of this preview are not the phase's: the rolls will differ"
    assert games.show_game(engine, "aegean")["phase"] == "build"  # nothing was kept
    done = gm.force(engine, "aegean", settings, START + timedelta(hours=1))
    with transaction(engine) as session:
        [phase] = [p for p in repo.phases(session, "aegean") if p.key == "build"]
        game = repo.game(session, "aegean")
        assert game is not None and phase.dice_log is not None
        real = [value for _, value in json.loads(phase.dice_log)]
        stream = seeded_rolls(bytes.fromhex(game.seed), game.dice_name, "build", 40)
    assert real and real == stream[:len(real)]  # the real processing rolls the phase's dice
    assert len(seen.rolls) == len(real) and list(seen.rolls) != real
    # the preview's come from a stream of their own, keyed apart from the game's seed
    preview = phases.preview_dice_for(game, "build")
    assert preview.seed != bytes.fromhex(game.seed)
    assert [preview.roll("check") for _ in real] == list(seen.rolls)
    assert done.note == "" and seen.as_json()["note"] == seen.note
