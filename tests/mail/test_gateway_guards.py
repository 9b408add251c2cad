"""The gateway's guards found by a hostile review (issue 18): copies without a Message-ID, a
game master's mail whose judge stops mid-way, reflection and amplification through forged
senders, the cost of a stranger's passwords and JOIN codes, the game master's lockout, and
what is kept of refused mail. Real message bytes in, the stored rows and outbox read back."""

from __future__ import annotations

import email
import email.policy
import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base import passwords, throttle
from pbem.app.mailin import intake, mailgate
from pbem.app.play import games
from pbem.golden import order_file
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import MailInRow
from tests.app.test_gm import (
    DEMO,
    GM,
    START,
    _text,
    gm_password,  # noqa: F401 - a fixture
    settings,  # noqa: F401 - a fixture
)
from tests.app.test_gm import _mail as _outbox_of
from tests.mail.test_gateway import ANN, BO, NOW, _aegean, _outbox
from tests.mail.test_gateway import _mail as _signed

SIGNED = "SIGNON aegean Ann s3cret-oars\n"


def _bare(body: str, sender: str = ANN, date: str = "Mon, 1 Dec 2026 10:00:00 +0000") -> bytes:
    """A mail with no Message-ID, as some clients and scripts send."""
    return (f"From: {sender}\r\nTo: judge@example.net\r\nSubject: orders\r\nDate: {date}\r\n"
            "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body).encode()


def _gm_mail(body: str, sender: str = GM, message_id: str | None = "gm@x") -> bytes:
    head = f"From: {sender}\r\nSubject: gm\r\nDate: Mon, 1 Dec 2026 10:00:00 +0000\r\n"
    if message_id:
        head += f"Message-ID: <{message_id}>\r\n"
    return (head + "\r\n" + body).encode()


def _mail_rows(engine: Engine) -> list[MailInRow]:
    with transaction(engine) as session:
        return list(repo.incoming(session))


@pytest.fixture
def aegean(engine: Engine) -> Engine:
    _aegean(engine)
    return engine


@pytest.fixture
def built(engine: Engine, gm_password: str) -> tuple[Engine, str]:  # noqa: F811
    for who, side in (("Ann", "blue"), ("Bo", "red")):
        orders.submit_orders(engine, "aegean", who,
                             (DEMO / order_file("build", side)).read_bytes(), now=START)
    return engine, gm_password


# --- 1. copies without a Message-ID -------------------------------------------------------


def test_a_mail_without_a_message_id_delivered_twice_is_handled_once(aegean: Engine,
                                                                     settings) -> None:  # noqa: F811
    raw = _bare(SIGNED + "PRESS all\nonce only\nENDPRESS\nA: STAY\n")
    first = mailgate.receive(aegean, raw, "lmtp", settings, NOW)
    # a server's second delivery adds its own trace headers: the same message still
    second = mailgate.receive(aegean, b"Received: from relay by mx; Mon, 1 Dec 2026\r\n" + raw,
                              "lmtp", settings, NOW + timedelta(minutes=1))
    assert (first.outcome, second.outcome) == ("orders", "ignored")
    with transaction(aegean) as session:
        assert len(repo.press(session, "aegean")) == 1
        phase = repo.open_phase(session, "aegean")
        assert phase is not None
        assert len(repo.submissions(session, phase.id or 0, current_only=False)) == 1
    # the same mail sent again by the player (another Date) is a mail of its own
    again = mailgate.receive(aegean, _bare(SIGNED + "PRESS all\nonce only\nENDPRESS\nA: STAY\n",
                                           date="Mon, 1 Dec 2026 11:00:00 +0000"),
                             "lmtp", settings, NOW + timedelta(minutes=2))
    assert again.outcome == "orders"


def test_a_game_masters_process_without_a_message_id_delivered_twice_moves_on_once(
        built: tuple[Engine, str], settings) -> None:  # noqa: F811
    engine, password = built
    raw = _gm_mail(f"SIGNON aegean GM {password}\nPROCESS\n", message_id=None)
    mailgate.receive(engine, raw, "lmtp", settings, START + timedelta(hours=1))
    mailgate.receive(engine, raw, "lmtp", settings, START + timedelta(hours=2))
    assert games.show_game(engine, "aegean")["phase"] == "setup-blue"


def test_a_process_repeated_in_a_new_mail_names_its_phase_and_cannot_move_on_twice(
        built: tuple[Engine, str], settings) -> None:  # noqa: F811
    engine, password = built
    for n in range(2):  # the same text sent twice, as two mails
        mailgate.receive(engine, _gm_mail(f"SIGNON aegean GM {password}\nPROCESS build\n",
                                          message_id=f"p{n}@x"), "inject", settings,
                         START + timedelta(hours=1 + n))
    assert games.show_game(engine, "aegean")["phase"] == "setup-blue"
    last = _text(_outbox_of(engine, "reply")[-1][2])
    assert "NOT DONE" in last and "setup-blue" in last


# --- 2. a game master's mail and a judge stopped mid-way ----------------------------------

_STOP_AFTER = """
import os, sys
from pbem.app import gm
from pbem.app.mailin import mailgate
from pbem.mail.settings import mail_settings
from pbem.store.db import make_engine
from datetime import datetime
from pathlib import Path

real = getattr(gm, sys.argv[2])

def then_stop(*args, **kwargs):
    real(*args, **kwargs)
    os._exit(9)  # the judge dies right after the command committed

setattr(gm, sys.argv[2], then_stop)
engine = make_engine(sys.argv[1])
settings = mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, Path(sys.argv[3]))
mailgate.receive(engine, sys.stdin.buffer.read(), "lmtp", settings,
                 datetime.fromisoformat(sys.argv[4]))
"""


def _die_during(engine: Engine, raw: bytes, command: str, tmp_path: Path, now: str) -> int:
    done = subprocess.run([sys.executable, "-c", _STOP_AFTER, str(engine.url), command,
                           str(tmp_path), now], input=raw, capture_output=True, timeout=120)
    return done.returncode


def test_a_game_masters_mail_cut_off_by_a_dying_judge_is_done_on_the_servers_retry(
        built: tuple[Engine, str], settings, tmp_path: Path) -> None:  # noqa: F811
    engine, password = built
    if engine.url.get_backend_name() != "sqlite":
        pytest.skip("the subprocess opens the test's SQLite file")
    raw = _gm_mail(f"SIGNON aegean GM {password}\nPROCESS\nPAUSE\n")
    code = _die_during(engine, raw, "force", tmp_path, (START + timedelta(hours=1)).isoformat())
    assert code == 9
    assert games.show_game(engine, "aegean")["phase"] == "setup-blue"  # PROCESS committed
    assert [r.state for r in _mail_rows(engine)] == ["new"]  # ... but the mail is not handled
    # the server delivers it again: what is left is done, nothing is done twice
    retry = mailgate.receive(engine, raw, "lmtp", settings, START + timedelta(hours=2))
    assert retry.outcome == "commands"
    shown = games.show_game(engine, "aegean")
    assert (shown["phase"], shown["status"]) == ("setup-blue", "paused")
    answers = [text for to, subject, text in _outbox_of(engine, "reply")
               if subject == "aegean: game master's orders"]
    assert len(answers) == 1
    text = _text(answers[0])
    assert "NOT DONE" not in text or "setup-blue" in text
    assert "paused; the players were told" in text
    assert [r.state for r in _mail_rows(engine)][-1] == "handled"


def test_a_game_masters_answer_lost_to_a_dying_judge_comes_with_the_retry_once(
        built: tuple[Engine, str], settings, tmp_path: Path) -> None:  # noqa: F811
    engine, password = built
    if engine.url.get_backend_name() != "sqlite":
        pytest.skip("the subprocess opens the test's SQLite file")
    raw = _gm_mail(f"SIGNON aegean GM {password}\nPAUSE\n")
    assert _die_during(engine, raw, "pause", tmp_path, START.isoformat()) == 9
    assert games.show_game(engine, "aegean")["status"] == "paused"
    mailgate.receive(engine, raw, "lmtp", settings, START + timedelta(minutes=5))
    mailgate.receive(engine, raw, "lmtp", settings, START + timedelta(minutes=6))
    answers = [raw for to, subject, raw in _outbox_of(engine, "reply")
               if subject == "aegean: game master's orders"]
    assert len(answers) == 1
    assert "PAUSE\r\n    done" in _text(answers[0]) and "NOT DONE" not in _text(answers[0])


def test_an_extension_cut_off_by_a_dying_judge_is_not_given_twice(
        built: tuple[Engine, str], settings, tmp_path: Path) -> None:  # noqa: F811
    engine, password = built
    if engine.url.get_backend_name() != "sqlite":
        pytest.skip("the subprocess opens the test's SQLite file")
    with transaction(engine) as session:
        phase = repo.open_phase(session, "aegean")
        assert phase is not None and phase.deadline is not None
        before = phase.deadline
    raw = _gm_mail(f"SIGNON aegean GM {password}\nEXTEND 12h\nSTATUS\n")
    assert _die_during(engine, raw, "set_deadline", tmp_path, START.isoformat()) == 9
    mailgate.receive(engine, raw, "lmtp", settings, START + timedelta(minutes=5))
    with transaction(engine) as session:
        phase = repo.open_phase(session, "aegean")
        assert phase is not None and phase.deadline == before + timedelta(hours=12)
    [answer] = [raw for to, subject, raw in _outbox_of(engine, "reply")
                if subject == "aegean: game master's orders"]
    assert "EXTEND 12h\r\n    done" in _text(answer) and "orders owed by" in _text(answer)


# --- 8-11. passwords, lockouts and reflection ----------------------------------------------


def test_a_forged_mail_of_ten_placeholder_blocks_gets_one_answer_once_an_hour(
        aegean: Engine, settings) -> None:  # noqa: F811
    body = "SIGNON aegean Ann PASSWORD\nA: STAY\n" * 10
    first = mailgate.receive(aegean, _signed(body, message_id="f1@x"), "inject", settings, NOW)
    assert first.replies == (ANN,) and len(_outbox(aegean)) == 1
    second = mailgate.receive(aegean, _signed(body, message_id="f2@x"), "inject", settings,
                              NOW + timedelta(minutes=5))
    assert second.replies == () and len(_outbox(aegean)) == 1


def test_forged_wrong_game_master_passwords_get_one_answer_a_mail_and_lock_the_game_master(
        built: tuple[Engine, str], settings) -> None:  # noqa: F811
    engine, password = built
    body = "SIGNON aegean GM guess\nPAUSE\n" * 10
    mailgate.receive(engine, _gm_mail(body, message_id="w1@x"), "inject", settings, START)
    answers = [to for to, subject, _ in _outbox_of(engine, "reply")]
    assert answers == [[GM]]  # one answer, although ten blocks were wrong
    right = _gm_mail(f"SIGNON aegean GM {password}\nPAUSE\n", message_id="r1@x")
    locked = mailgate.receive(engine, right, "inject", settings, START + timedelta(minutes=1))
    assert locked.outcome == "refused"
    assert games.show_game(engine, "aegean")["status"] == "active"
    # a stranger's guesses do not lock the game master's own address
    later = START + timedelta(hours=2)
    mailgate.receive(engine, _gm_mail("SIGNON aegean GM guess\n" * 6, sender="eve@x.example",
                                      message_id="e1@x"), "inject", settings, later)
    assert mailgate.receive(engine, _gm_mail(f"SIGNON aegean GM {password}\nPAUSE\n",
                                             message_id="r2@x"), "inject", settings,
                            later + timedelta(minutes=1)).outcome == "commands"
    assert games.show_game(engine, "aegean")["status"] == "paused"


def test_the_game_master_is_told_when_their_password_is_being_guessed(
        built: tuple[Engine, str], settings) -> None:  # noqa: F811
    engine, _ = built
    for n in range(5):
        mailgate.receive(engine, _gm_mail("SIGNON aegean GM guess\n", sender="eve@x.example",
                                          message_id=f"e{n}@x"), "inject", settings,
                         START + timedelta(minutes=n))
    told = [(to, _text(raw)) for to, subject, raw in _outbox_of(engine, "reply")]
    assert len(told) == 1 and told[0][0] == [GM]
    assert "not affected" in told[0][1]


def _count_scrypts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = passwords._scrypt_matches

    def counted(password: str, stored: str) -> bool:
        calls[0] += 1
        return real(password, stored)
    monkeypatch.setattr(passwords, "_scrypt_matches", counted)
    return calls


def test_a_join_line_costs_no_password_hash_whatever_the_open_invitations(
        engine: Engine, settings, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    from pbem.app.play import invites

    games.create_game(engine, games.GameSpec(game_id="forming", scenario="squadron",
                                             gm_email=GM, forming=True), now=START)
    codes = [invites.invite(engine, "forming", "blue", f"p{n}@example.org", settings, START)
             for n in range(6)]
    calls = _count_scrypts(monkeypatch)
    guess = b"From: x@evil.example\r\nSubject: j\r\n\r\n" + b"JOIN forming wrong Mallory\r\n" * 3
    assert mailgate.receive(engine, guess, "inject", settings, START).outcome == "refused"
    right = f"From: x@evil.example\r\nSubject: j\r\n\r\nJOIN forming {codes[4]} Pat\r\n"
    done = mailgate.receive(engine, right.encode(), "inject", settings, START)
    assert done.replies == ("p4@example.org",)
    assert calls[0] == 0


def test_password_hashing_is_bounded_per_sender(aegean: Engine, settings,  # noqa: F811
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_scrypts(monkeypatch)
    monkeypatch.setattr(throttle, "HASHES_PER_SENDER", 3)  # below the lockout's five
    body = "SIGNON aegean Ann guess1\n" + "SIGNON aegean Bo guess2\n"
    for n in range(40):
        mailgate.receive(aegean, _signed(body, sender="eve@x.example", message_id=f"h{n}@x"),
                         "inject", settings, NOW + timedelta(seconds=n))
    assert calls[0] == 3
    # the players themselves still sign on
    done = mailgate.receive(aegean, _signed(SIGNED + "STATUS\n", message_id="own@x"),
                            "inject", settings, NOW + timedelta(minutes=1))
    assert done.outcome == "commands"


# --- 12, 14. what a reply and the store may grow to -------------------------------------


def test_a_reply_is_bounded_whatever_the_mail_held(aegean: Engine, settings) -> None:  # noqa: F811
    body = SIGNED + "A: FIRE archer Y x99\n" * 1000
    sent = len(_signed(body))
    mailgate.receive(aegean, _signed(body), "inject", settings, NOW)
    [(kind, to, reply)] = _outbox(aegean)
    assert to == [ANN] and reply is not None
    text = _text_of(reply)
    assert len(text) <= mailgate.MAX_REPLY + 1000 and len(text) < 2 * sent
    assert "more lines refused, not shown" in text


def test_an_answer_past_its_limit_is_cut_and_says_so(aegean: Engine, settings) -> None:  # noqa: F811
    body = SIGNED + "HELP\n" * 100  # each HELP is answered with the whole help text
    mailgate.receive(aegean, _signed(body), "inject", settings, NOW)
    [(_, _, reply)] = _outbox(aegean)
    assert reply is not None
    text = _text_of(reply).replace("\r\n", "\n")
    assert len(text) <= mailgate.MAX_REPLY + 500 and "is not shown" in text


def _text_of(message: email.message.EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def test_refused_mail_is_kept_as_an_excerpt_with_its_digest_and_size(aegean: Engine,
                                                                     settings) -> None:  # noqa: F811
    raw = _bare("hello\n" + "x" * 300_000, sender="stranger@example.com")
    done = mailgate.receive(aegean, raw, "inject", settings, NOW)
    assert done.outcome == "refused"
    [row] = _mail_rows(aegean)
    assert len(row.raw) == mailgate.EXCERPT and row.raw_size == len(raw)
    assert bytes(row.raw) == raw[:mailgate.EXCERPT]


def test_a_mail_over_the_limit_is_kept_only_as_an_excerpt(aegean: Engine, settings) -> None:  # noqa: F811
    raw = _bare("x" * (26 * 1024 * 1024))
    done = mailgate.receive(aegean, raw, "inject", settings, NOW)
    assert done.outcome == "quarantined" and "25 MiB" in done.reason
    [row] = _mail_rows(aegean)
    assert len(row.raw) == mailgate.EXCERPT and row.raw_size == len(raw)
    assert row.state == "quarantined"


def test_press_longer_than_its_limit_is_not_relayed(aegean: Engine, settings) -> None:  # noqa: F811
    from pbem.app.mailin.mailcommands import MAX_PRESS_CHARS

    body = SIGNED + "PRESS all\n" + ("word " * (MAX_PRESS_CHARS // 4)) + "\nENDPRESS\n"
    mailgate.receive(aegean, _signed(body), "inject", settings, NOW)
    assert [kind for kind, _, _ in _outbox(aegean)] == ["reply"]
    assert f"press may be {MAX_PRESS_CHARS} at most" in _text_of(_outbox(aegean)[0][2])  # type: ignore[arg-type]


def test_a_copy_of_a_handled_mail_is_set_aside_before_it_is_parsed(
        aegean: Engine, settings, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    raw = _signed(SIGNED + "STATUS\n")
    mailgate.receive(aegean, raw, "inject", settings, NOW)

    def never(*args: object) -> None:
        raise AssertionError("a copy was parsed")
    monkeypatch.setattr(intake, "read_message", never)
    again = mailgate.receive(aegean, raw, "inject", settings, NOW)
    assert again.outcome == "ignored"


def test_one_mail_with_blocks_for_two_players_answers_each_address_once(
        aegean: Engine, settings) -> None:  # noqa: F811
    body = SIGNED + "STATUS\n" + "SIGNON aegean Ann s3cret-oars\nORDERS\n"
    done = mailgate.receive(aegean, _signed(body), "inject", settings, NOW)
    assert done.replies == (ANN,)
    [(_, to, reply)] = _outbox(aegean)
    assert reply is not None and "ORDERS:" in _text_of(reply) and "Status:" in _text_of(reply)
    assert json.dumps(to) == json.dumps([ANN]) and BO not in to


# --- what a review found -------------------------------------------------------------------


def test_a_mail_with_a_game_master_block_and_a_player_block_answers_both(
        built: tuple[Engine, str], settings) -> None:  # noqa: F811
    engine, password = built
    body = f"SIGNON aegean GM {password}\nSTATUS\nSIGNON aegean Bo bo-password\nORDERS\n"
    mailgate.receive(engine, _gm_mail(body), "inject", settings, START)
    subjects = sorted(subject for _, subject, _ in _outbox_of(engine, "reply"))
    # the player's answer keeps the player's subject with "Re:" (issue 23 §2)
    assert subjects == ["Re: gm", "aegean: game master's orders"]


def test_the_game_master_locked_out_by_their_own_wrong_passwords_is_told(
        built: tuple[Engine, str], settings) -> None:  # noqa: F811
    engine, _ = built
    for n in range(6):
        mailgate.receive(engine, _gm_mail("SIGNON aegean GM guess\n", message_id=f"w{n}@x"),
                         "inject", settings, START + timedelta(minutes=n))
    subjects = [subject for _, subject, _ in _outbox_of(engine, "reply")]
    assert subjects == ["aegean: wrong game master password",
                        "aegean: wrong game master passwords"]


def test_two_game_master_blocks_for_two_games_each_process_their_own(
        built: tuple[Engine, str], settings) -> None:  # noqa: F811
    from pbem.golden import load
    from pbem.timing import DEFAULT_TIMING

    engine, password = built
    golden = load(DEMO)
    made = games.create_game(engine, games.GameSpec(
        game_id="ionian", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, timing=DEFAULT_TIMING, gm_email=GM,
        players=(games.PlayerSpec("Cy", "cy@example.org", "blue", "UTC", "cy-password"),
                 games.PlayerSpec("Di", "di@example.org", "red", "UTC", "di-password"))),
        now=START)
    from pbem.app.play import phases

    for who, side in (("Cy", "blue"), ("Di", "red")):
        orders.submit_orders(engine, "ionian", who,
                             (DEMO / order_file("build", side)).read_bytes(), now=START)
    phases.process_phase(engine, "ionian", now=START)  # ionian is a phase ahead of aegean
    orders.submit_orders(engine, "ionian", "Cy", (DEMO / order_file("setup", "blue")).read_bytes(),
                         now=START)
    body = (f"SIGNON aegean GM {password}\nPROCESS\n"
            f"SIGNON ionian GM {made.passwords['GM']}\nPROCESS\n")
    mailgate.receive(engine, _gm_mail(body), "inject", settings, START + timedelta(hours=1))
    assert games.show_game(engine, "aegean")["phase"] == "setup-blue"
    assert games.show_game(engine, "ionian")["phase"] == "setup-red"


def test_a_copy_that_comes_while_the_first_is_carried_out_is_left_to_the_server(
        built: tuple[Engine, str], settings, tmp_path: Path) -> None:  # noqa: F811
    from pbem.errors import CopyBeingHandled

    engine, password = built
    if engine.url.get_backend_name() != "sqlite":
        pytest.skip("the subprocess opens the test's SQLite file")
    raw = _gm_mail(f"SIGNON aegean GM {password}\nPAUSE\nANNOUNCE hello\n")
    assert _die_during(engine, raw, "pause", tmp_path, START.isoformat()) == 9
    # the first is (as far as anyone can tell) still being carried out a minute later
    with pytest.raises(CopyBeingHandled):
        mailgate.receive(engine, raw, "lmtp", settings, START + timedelta(minutes=1))
    assert len(_mail_rows(engine)) == 1  # the copy was not taken: the server keeps it
    mailgate.receive(engine, raw, "lmtp", settings, START + timedelta(minutes=5))
    announced = [s for _, s, _ in _outbox_of(engine, "notice") if "from the game master" in s]
    assert len(announced) == 3  # Ann, Bo and the game master, once each


def test_a_bare_process_written_before_the_open_phase_opened_does_nothing(
        built: tuple[Engine, str], settings) -> None:  # noqa: F811
    engine, password = built
    written = (START - timedelta(hours=1)).strftime("%a, %d %b %Y %H:%M:%S +0000")
    raw = _gm_mail(f"SIGNON aegean GM {password}\nPROCESS\n").replace(
        b"Date: Mon, 1 Dec 2026 10:00:00 +0000", f"Date: {written}".encode())
    mailgate.receive(engine, raw, "inject", settings, START + timedelta(hours=1))
    assert games.show_game(engine, "aegean")["phase"] == "build"
    assert "send PROCESS <phase>" in _text(_outbox_of(engine, "reply")[-1][2])


def test_a_stranger_forging_a_players_address_cannot_use_up_that_players_sign_ons(
        aegean: Engine, settings, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    monkeypatch.setattr(throttle, "HASHES_PER_SENDER", 3)
    for n in range(4):  # in Ann's name, guessing Bo's password
        mailgate.receive(aegean, _signed("SIGNON aegean Bo guess\n", message_id=f"b{n}@x"),
                         "inject", settings, NOW + timedelta(seconds=n))
    done = mailgate.receive(aegean, _signed(SIGNED + "STATUS\n", message_id="own@x"),
                            "inject", settings, NOW + timedelta(minutes=1))
    assert done.outcome == "commands"
