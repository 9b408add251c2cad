"""The game master's tools, by use-case and by mail: deadlines moved with every player told
(with an .ics), announcements, rollback with its reason, pause and resume, forced
processing and a private preview; a game master signs on with a password of their own."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import gm, orders
from pbem.app.base.errors import JudgeError
from pbem.app.mailin import mailgate
from pbem.app.play import games
from pbem.golden import load, order_file
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import transaction
from pbem.timing import DEFAULT_TIMING

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
ANN, BO, GM = "ann@example.org", "bo@example.org", "gm@example.org"


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


@pytest.fixture
def gm_password(engine: Engine) -> str:
    golden = load(DEMO)
    made = games.create_game(engine, games.GameSpec(
        game_id="aegean", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, timing=DEFAULT_TIMING, gm_email=GM,
        players=(games.PlayerSpec("Ann", ANN, "blue", "Europe/Athens", "s3cret-oars"),
                 games.PlayerSpec("Bo", BO, "red", "UTC", "bo-password"))), now=START)
    return made.passwords["GM"]


def _mail(engine: Engine, kind: str) -> list[tuple[list[str], str, bytes]]:
    with transaction(engine) as session:
        return [(json.loads(r.recipients), r.subject, bytes(r.raw))
                for r in repo.outbox_rows(session) if r.kind == kind]


def _text(raw: bytes) -> str:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def _deadline(engine: Engine) -> datetime:
    with transaction(engine) as session:
        phase = repo.open_phase(session, "aegean")
        assert phase is not None and phase.deadline is not None
        return phase.deadline


def _journal(engine: Engine) -> list[str]:
    return [e["kind"] for e in gm.journal_of(engine, "aegean")]


def test_the_game_master_gets_a_password_of_their_own(engine: Engine, gm_password: str) -> None:
    assert len(gm_password) >= 8
    with pytest.raises(JudgeError, match="the name GM is the game master's"):
        games.create_game(engine, games.GameSpec(
            game_id="other", gm_email=GM,
            players=(games.PlayerSpec("gm", "x@example.org", "blue"),)))


def test_an_extended_deadline_is_told_to_every_player_with_a_calendar(
        engine: Engine, gm_password: str, settings) -> None:  # type: ignore[no-untyped-def]
    before = _deadline(engine)
    new = gm.set_deadline(engine, "aegean", by=timedelta(hours=24), mail=settings,
                          now=START + timedelta(hours=1))
    assert new == before + timedelta(hours=24) == _deadline(engine)
    told = _mail(engine, "deadline")
    assert sorted(to[0] for to, _, _ in told) == [ANN, BO, GM]
    ann = next(raw for to, _, raw in told if to == [ANN])
    assert "(Europe/Athens)" in _text(ann)
    message = email.message_from_bytes(ann, policy=email.policy.default)
    assert [p.get_filename() for p in message.iter_attachments()] == ["deadline.ics"]
    assert "deadline_set" in _journal(engine)
    with pytest.raises(JudgeError, match="in the future"):
        gm.set_deadline(engine, "aegean", at=START - timedelta(days=1), mail=settings,
                        now=START)


def test_an_announcement_reaches_every_player_and_is_journaled(
        engine: Engine, gm_password: str, settings) -> None:  # type: ignore[no-untyped-def]
    told = gm.announce(engine, "aegean", "Turn 3 is postponed a day.", settings, START)
    assert sorted(told) == [ANN, BO]  # the players it reached; the game master has a copy
    notices = _mail(engine, "notice")
    assert sorted(to[0] for to, _, _ in notices) == sorted([ANN, BO, GM])
    assert all("Turn 3 is postponed a day." in _text(raw) for _, _, raw in notices)
    assert _journal(engine)[-1] == "announcement"


def test_a_rollback_tells_the_players_why(engine: Engine, gm_password: str,
                                          settings) -> None:  # type: ignore[no-untyped-def]
    for who, side in (("Ann", "blue"), ("Bo", "red")):
        orders.submit_orders(engine, "aegean", who,
                             (DEMO / order_file("build", side)).read_bytes(), now=START)
    gm.force(engine, "aegean", settings, START + timedelta(hours=1))
    assert games.show_game(engine, "aegean")["phase"] == "setup-blue"
    with pytest.raises(JudgeError, match="say why"):
        gm.rollback(engine, "aegean", "build", " ", settings)
    gm.rollback(engine, "aegean", "build", "Bo's fleet was entered wrongly.", settings,
                START + timedelta(hours=2))
    assert games.show_game(engine, "aegean")["phase"] == "build"
    notices = [(to, _text(raw)) for to, subject, raw in _mail(engine, "notice")
               if "open again" in subject]
    assert sorted(to[0] for to, _ in notices) == [ANN, BO, GM]
    assert all("Bo's fleet was entered wrongly." in text for _, text in notices)
    assert {"forced", "rollback", "rollback_reason"} <= set(_journal(engine))


def test_a_game_master_runs_the_game_by_mail(engine: Engine, gm_password: str,
                                            settings) -> None:  # type: ignore[no-untyped-def]
    raw = (f"From: {GM}\r\nTo: judge@example.net\r\nSubject: gm\r\nMessage-ID: <gm1@x>\r\n\r\n"
           f"SIGNON aegean GM {gm_password}\r\nEXTEND 12h\r\nANNOUNCE\r\nWelcome, both.\r\n"
           "ENDANNOUNCE\r\nFLY\r\nPAUSE\r\n").encode()
    before = _deadline(engine)
    done = mailgate.receive(engine, raw, "inject", settings, START)
    assert (done.outcome, done.game, done.player) == ("commands", "aegean", "GM")
    assert _deadline(engine) == before + timedelta(hours=12)
    assert games.show_game(engine, "aegean")["status"] == "paused"
    answer = [raw for to, subject, raw in _mail(engine, "reply")
              if subject == "aegean: game master's orders"]
    assert len(answer) == 1
    text = _text(answer[0])
    # the game master is not counted among the players (issue 23 §2), though copied
    assert "the deadline is now" in text and "told 2 players (and you, a copy)" in text
    assert "NOT DONE: the judge knows no game master's command FLY" in text
    assert "paused; the players were told" in text
    welcome = [raw for _, subject, raw in _mail(engine, "notice")
               if subject == "aegean: from the game master"]
    assert len(welcome) == 3 and "Welcome, both." in _text(welcome[0])


def test_a_wrong_game_master_password_does_nothing(engine: Engine, gm_password: str,
                                                   settings) -> None:  # type: ignore[no-untyped-def]
    for sender, replies in (("mallory@evil.example", ()), (GM, (GM,))):
        raw = (f"From: {sender}\r\nSubject: x\r\nMessage-ID: <{sender}@x>\r\n\r\n"
               "SIGNON aegean GM guess\r\nEND\r\n").encode()
        done = mailgate.receive(engine, raw, "inject", settings, START)
        assert (done.outcome, done.player, done.replies) == ("refused", "GM", replies)
    assert games.show_game(engine, "aegean")["status"] == "active"


def test_the_game_masters_preview_is_private(engine: Engine, gm_password: str,
                                             settings) -> None:  # type: ignore[no-untyped-def]
    for who, side in (("Ann", "blue"), ("Bo", "red")):
        orders.submit_orders(engine, "aegean", who,
                             (DEMO / order_file("build", side)).read_bytes(), now=START)
    raw = (f"From: {GM}\r\nSubject: x\r\nMessage-ID: <p@x>\r\n\r\n"
           f"SIGNON aegean GM {gm_password}\r\nPREVIEW\r\n").encode()
    mailgate.receive(engine, raw, "inject", settings, START)
    assert games.show_game(engine, "aegean")["phase"] == "build"  # nothing was kept
    answers = _mail(engine, "reply")
    assert [to for to, _, _ in answers] == [[GM]]
    assert "if processed now (build; nothing was kept)" in _text(answers[0][2])


def _player_mail(body: str, message_id: str, sender: str = ANN) -> bytes:
    return (f"From: {sender}\r\nSubject: x\r\nMessage-ID: <{message_id}>\r\n\r\n"
            f"{body}").encode()


def test_a_player_extends_the_deadline_as_often_as_the_game_allows(engine: Engine,
                                                                    settings) -> None:  # type: ignore[no-untyped-def]
    golden = load(DEMO)
    games.create_game(engine, games.GameSpec(
        game_id="aegean", scenario="squadron", seed=golden.seed, player_extensions=1,
        players=(games.PlayerSpec("Ann", ANN, "blue", "UTC", "s3cret-oars"),
                 games.PlayerSpec("Bo", BO, "red", "UTC", "bo-password"))), now=START)
    before = _deadline(engine)
    mailgate.receive(engine, _player_mail("SIGNON aegean Ann s3cret-oars\r\nEXTEND 24h\r\n",
                                          "e1@x"), "inject", settings, START)
    assert _deadline(engine) == before + timedelta(hours=24)
    assert sorted(to[0] for to, _, _ in _mail(engine, "deadline")) == [ANN, BO]
    mailgate.receive(engine, _player_mail("SIGNON aegean Ann s3cret-oars\r\nEXTEND 24h\r\n",
                                          "e2@x"), "inject", settings, START)
    assert _deadline(engine) == before + timedelta(hours=24)  # the one allowed is used
    answers = [_text(raw) for _, _, raw in _mail(engine, "reply")]
    assert "0 extensions left" in answers[0]
    assert "lets each player ask for 1 extension, and you have used 1" in answers[1]


def test_a_vacation_keeps_deadlines_out_of_the_days_away(engine: Engine, gm_password: str,
                                                         settings) -> None:  # type: ignore[no-untyped-def]
    deadline = _deadline(engine)  # build: 7 days after START (Monday 11 May 2026, 09:00)
    first, last = (deadline - timedelta(days=1)).date(), (deadline + timedelta(days=2)).date()
    done = mailgate.receive(engine, _player_mail(
        f"SIGNON aegean Ann s3cret-oars\r\nVACATION {first} {last}\r\n", "v1@x"),
        "inject", settings, START)
    assert done.outcome == "commands"
    moved = _deadline(engine)
    # Ann's days are in Europe/Athens: back at midnight there after the last day (21:00 UTC)
    assert moved == datetime(last.year, last.month, last.day, 21, 0, tzinfo=UTC)
    assert "vacation" in _journal(engine)
    reply = [_text(raw) for _, subject, raw in _mail(engine, "reply")][0]
    assert "the deadline of build (4.2) moved to" in reply
    refused = mailgate.receive(engine, _player_mail(
        "SIGNON aegean Ann s3cret-oars\r\nVACATION 2026-01-01 2026-01-02\r\n", "v2@x"),
        "inject", settings, START)
    assert refused.outcome == "commands"
    assert "that vacation is over already" in [_text(raw) for _, _, raw in _mail(engine, "reply")][1]


def test_a_game_forms_by_invitation_and_starts_when_every_side_has_a_player(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    from pbem.app.play import invites

    made = games.create_game(engine, games.GameSpec(
        game_id="forming", scenario="squadron", gm_email=GM, forming=True), now=START)
    assert games.show_game(engine, "forming")["status"] == "forming"
    code = invites.invite(engine, "forming", "blue", ANN, settings, START)
    invited = [raw for to, subject, raw in _mail(engine, "notice") if to == [ANN]]
    assert len(invited) == 1 and f"JOIN forming {code} <your name>" in _text(invited[0])
    with pytest.raises(JudgeError, match="no player has joined the blue or the red side"):
        invites.start(engine, "forming", settings, START)
    # a guess gets nothing; the right code, from any address, answers the invited address
    guess = (b"From: x@evil.example\r\nSubject: j\r\nMessage-ID: <j0@x>\r\n\r\n"
             b"JOIN forming not-the-code Mallory\r\n")
    assert mailgate.receive(engine, guess, "inject", settings, START).outcome == "refused"
    raw = (f"From: ann@phone.example\r\nSubject: j\r\nMessage-ID: <j1@x>\r\n\r\n"
           f"Happy to!\r\nJOIN forming {code} Ann Example Europe/Athens\r\n").encode()
    done = mailgate.receive(engine, raw, "inject", settings, START + timedelta(hours=1))
    assert (done.outcome, done.game, done.player, done.replies) == (
        "commands", "forming", "Ann Example", (ANN,))
    welcome = _text([raw for to, subject, raw in _mail(engine, "reply")][0])
    password = welcome.split("Your password is ")[1].split()[0]
    again = mailgate.receive(engine, raw.replace(b"<j1@x>", b"<j2@x>"), "inject", settings,
                             START + timedelta(hours=2))
    assert again.outcome == "refused"  # an invitation is taken once
    with pytest.raises(JudgeError, match="has not started yet"):
        orders.submit_orders(engine, "forming", "Ann Example", "# none", password=password)
    bo_code = invites.invite(engine, "forming", "red", BO, settings, START)
    mailgate.receive(engine, (f"From: {BO}\r\nSubject: j\r\nMessage-ID: <j3@x>\r\n\r\n"
                              f"JOIN forming {bo_code} Bo\r\n").encode(), "inject", settings,
                     START + timedelta(hours=3))
    deadline = invites.start(engine, "forming", settings, START + timedelta(days=1))
    assert deadline == START + timedelta(days=1, hours=48)  # the 48 hours run from the start
    shown = games.show_game(engine, "forming")
    assert shown["status"] == "active" and {p["name"] for p in shown["players"]} == {
        "Ann Example", "Bo"}
    assert {"invited", "joined", "started"} <= set(e["kind"] for e in gm.journal_of(
        engine, "forming"))
    assert made.passwords.keys() == {"GM"}


def test_a_game_master_ends_a_game_by_mail_with_a_declared_result(
        engine: Engine, gm_password: str, settings) -> None:  # type: ignore[no-untyped-def]
    """END <side>: the result is stored (a league takes it); an unknown side is answered
    with the sides to choose from, and the game goes on."""
    wrong = (f"From: {GM}\r\nTo: judge@example.net\r\nSubject: gm\r\nMessage-ID: <gm-e1@x>\r\n"
             f"\r\nSIGNON aegean GM {gm_password}\r\nEND purple\r\n").encode()
    mailgate.receive(engine, wrong, "inject", settings, START)
    assert games.show_game(engine, "aegean")["status"] == "active"
    right = wrong.replace(b"gm-e1", b"gm-e2").replace(b"END purple", b"END Red")
    mailgate.receive(engine, right, "inject", settings, START + timedelta(minutes=5))
    shown = games.show_game(engine, "aegean")
    assert (shown["status"], shown["winner"]) == ("ended", "red")
    answers = [_text(raw) for _, subject, raw in _mail(engine, "reply")
               if subject == "aegean: game master's orders"]
    assert "'purple' is not a side of aegean; declare one of blue, red or draw" in answers[0]
    assert "ended with red the winner; the seed is revealed to the players" in answers[1]


def test_a_game_whose_seed_was_revealed_cannot_be_rolled_back(
        engine: Engine, gm_password: str, settings) -> None:  # type: ignore[no-untyped-def]
    # issue 18, item 4: rolled back after END (the seed mailed to everyone), the game would
    # play on with every roll known in advance.
    for who, side in (("Ann", "blue"), ("Bo", "red")):
        orders.submit_orders(engine, "aegean", who,
                             (DEMO / order_file("build", side)).read_bytes(), now=START)
    gm.force(engine, "aegean", settings, START + timedelta(hours=1))
    gm.end(engine, "aegean", settings, START + timedelta(hours=2))
    with pytest.raises(JudgeError, match="its seed was revealed to everyone when it ended"):
        gm.rollback(engine, "aegean", "build", "a misentered fleet", settings,
                    START + timedelta(hours=3))
    shown = games.show_game(engine, "aegean")
    assert (shown["status"], shown["phase"]) == ("ended", "setup-blue")
    assert "rollback" not in _journal(engine)
    with pytest.raises(JudgeError, match="its seed was revealed"):
        games.rollback(engine, "aegean", "build")  # the command line's way in, too
