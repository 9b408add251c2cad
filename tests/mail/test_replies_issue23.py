"""The answers to a player's mail, as issue 23 asks (§1, §2): real mail bytes in through the
mail-in use-case, the outbox read back with the standard library. Game `aegean` (the demo's
orders up to blue's first movement): Ann (blue: galleys A, B, D) against Bo (red)."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base import waits
from pbem.app.mailin import mailgate
from pbem.app.play import games, phases
from pbem.app.reports.mailmake import maker
from pbem.golden import load, order_file
from pbem.mail.compose import compose
from pbem.mail.outbox import deliver
from pbem.mail.settings import mail_settings
from pbem.mail.transport import MaildirTransport
from pbem.store import repo
from pbem.store.db import transaction

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
NOW = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
ANN, BO, GM = "ann@example.org", "bo@example.org", "gm@example.org"
SIGNON = "SIGNON aegean Ann s3cret-oars\n"


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _aegean(engine: Engine, **changes: object) -> Engine:
    golden = load(DEMO)
    spec = games.GameSpec(
        game_id="aegean", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10,
        players=(games.PlayerSpec("Ann", ANN, "blue", "Europe/Athens", "s3cret-oars"),
                 games.PlayerSpec("Bo", BO, "red", "UTC", "bo-password")))
    for name, value in changes.items():
        spec = games.GameSpec(**{**spec.__dict__, name: value})
    games.create_game(engine, spec)
    names = {"blue": "Ann", "red": "Bo"}
    for _ in range(3):
        shown = games.show_game(engine, "aegean")
        for side in shown["owes"]:
            path = DEMO / order_file(shown["phase"], side)
            if path.is_file():
                orders.submit_orders(engine, "aegean", names[side], path.read_bytes())
        phases.process_phase(engine, "aegean", expected_key=shown["phase"])
    assert games.show_game(engine, "aegean")["phase"] == "T1-move-blue"
    return engine


@pytest.fixture
def aegean(engine: Engine) -> Engine:
    return _aegean(engine)


def _mail(body: str, sender: str = ANN, message_id: str = "m1@example.org",
          subject: str = "orders", extra: str = "") -> bytes:
    return (f"From: {sender}\r\nTo: judge@example.net\r\nSubject: {subject}\r\n"
            f"Date: Tue, 1 Dec 2026 10:00:00 +0000\r\nMessage-ID: <{message_id}>\r\n{extra}"
            "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body).encode()


def _sent(engine: Engine, settings, kind: str = "reply",  # type: ignore[no-untyped-def]
          ) -> list[tuple[list[str], EmailMessage]]:
    """The outbox's mails of a kind, as sent (a reply with a map is made when it is sent:
    the outbox is delivered to a Maildir first), parsed back."""
    deliver(engine, MaildirTransport(settings.outbox_dir), NOW, make=maker(engine, settings))
    found = []
    with transaction(engine) as session:
        for row in repo.outbox_rows(session):
            if row.kind == kind and row.raw:
                found.append((json.loads(row.recipients),
                              email.message_from_bytes(row.raw, policy=email.policy.default)))
    return found


def _text(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def _answer(engine: Engine, settings, body: str, **mail: str) -> str:  # type: ignore[no-untyped-def]
    before = len(_sent(engine, settings))
    mailgate.receive(engine, _mail(SIGNON + body, **mail), "inject", settings, NOW)
    replies = _sent(engine, settings)
    assert len(replies) == before + 1
    return _text(replies[-1][1])


# --- §1: where each piece stands ----------------------------------------------------------

def test_the_answer_ends_with_where_each_galley_stands_even_one_whose_line_was_refused(
        aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    text = _answer(aegean, settings, "A: F3\nB: DUBLE F F\n")
    summary = text.split("Where each of your pieces stands with these orders:\n", 1)[1]
    rows = [line.strip() for line in summary.split("\n\n", 1)[0].splitlines()]
    assert rows[0].startswith("A: ") and "no order" not in rows[0]
    # B's only line was refused: it is not silently idle, the answer says what it does
    assert rows[1] == "B: no order: it stays (or drifts, if it must) (line 3 refused)"
    assert rows[2] == "D: no order: it stays (or drifts, if it must)"


def test_orders_shows_refused_lines_as_refused_never_as_held(aegean: Engine,
                                                             settings) -> None:  # type: ignore[no-untyped-def]
    _answer(aegean, settings, "A: F3\nB: DUBLE F F\n")
    text = _answer(aegean, settings, "ORDERS\n", message_id="m2@example.org")
    held, refused = text.split("Refused when you sent them, so NOT held", 1)
    assert "A: F3" in held and "DUBLE" not in held  # the old answer listed B's line as held
    assert "B: DUBLE F F" in refused and "REFUSED" in refused
    assert "B: no order: it stays" in refused.split("Where each of your pieces stands", 1)[1]


# --- §1: suggestions ----------------------------------------------------------------------

def test_a_slip_gets_the_nearest_words_and_an_unknown_galley_the_senders_galleys(
        aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    text = _answer(aegean, settings, "A: DUBLE F F\nQ: F3\n")
    assert "DUBLE: did you mean DOUBLE?" in text
    assert "there is no galley Q in this game" in text and "your galleys: A, B, D." in text


def test_an_unknown_command_word_gets_the_nearest_command(aegean: Engine,
                                                          settings) -> None:  # type: ignore[no-untyped-def]
    text = _answer(aegean, settings, "STATSU\n")
    assert "STATSU: did you mean STATUS?" in text


# --- §1: WAIT / NOWAIT --------------------------------------------------------------------

def _waits(engine: Engine, name: str) -> bool:
    with transaction(engine) as session:
        player = repo.player(session, "aegean", name)
        phase = repo.open_phase(session, "aegean")
        assert player is not None and phase is not None
        return waits.waits(player, phase.key)


def test_wait_and_nowait_are_kept_for_the_open_phase(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    text = _answer(aegean, settings, "WAIT\n")
    assert "WAIT: noted" in text and "NOWAIT" in text
    assert _waits(aegean, "Ann")
    _answer(aegean, settings, "A: F3\nB: F3\nD: F4\n", message_id="m2@example.org")
    assert _waits(aegean, "Ann")  # orders alone do not end a WAIT the player asked for
    text = _answer(aegean, settings, "NOWAIT\n", message_id="m3@example.org")
    assert "NOWAIT: done" in text and not _waits(aegean, "Ann")


def test_orders_with_refused_lines_wait_until_corrected(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _answer(aegean, settings, "A: F3\nB: DUBLE F F\n")
    assert _waits(aegean, "Ann")
    _answer(aegean, settings, "A: F3\nB: F3\n", message_id="m2@example.org")
    assert not _waits(aegean, "Ann")  # a resubmission with every line accepted confirms


def test_a_waiting_player_holds_an_early_game_back(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from pbem.timing import DEFAULT_TIMING

    _aegean(engine, timing=replace(DEFAULT_TIMING, early=True))
    _answer(engine, settings, "A: F3\nB: DUBLE F F\n")
    text = _sent(engine, settings)[-1][1]
    assert "does not count your orders as complete" in _text(text)
    # blue owes the open phase alone: with the refusals it is not in
    assert ("aegean", "T1-move-blue") not in phases.ready_games(engine)
    _answer(engine, settings, "NOWAIT\n", message_id="m2@example.org")
    assert ("aegean", "T1-move-blue") in phases.ready_games(engine)


# --- §1: a paused game keeps orders ----------------------------------------------------------

def test_orders_sent_while_paused_are_checked_and_kept(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    games.pause_game(aegean, "aegean")
    mailgate.receive(aegean, _mail(SIGNON + "A: F3\nB: F3\n", subject=""), "inject",
                     settings, NOW)
    _, reply = _sent(aegean, settings)[-1]
    assert str(reply["Subject"]) == "aegean — orders kept for turn 1, blue moves; the game is paused"
    assert "kept; the game is paused" in _text(reply)
    games.resume_game(aegean, "aegean")
    done = phases.process_phase(aegean, "aegean", expected_key="T1-move-blue")
    assert done.key == "T1-move-blue"
    with transaction(aegean) as session:
        phase = next(p for p in repo.phases(session, "aegean") if p.key == "T1-move-blue")
        assert any("A: F3" in s.raw for s in repo.submissions(session, phase.id or 0))


# --- §2: HELP, subjects, threading ------------------------------------------------------------

def test_help_orders_gives_the_syntax_of_the_phase_at_hand_for_mail(aegean: Engine,
                                                                    settings) -> None:  # type: ignore[no-untyped-def]
    text = _answer(aegean, settings, "HELP ORDERS\n")
    assert "HELP ORDERS" in text and "Turn 1" in text
    assert "A: " in text  # Ann's own galleys, from her side's template
    text = _answer(aegean, settings, "HELP\nHELP PRESS\nHELP WAIT\nHELP FROB\n",
                   message_id="m2@example.org")
    assert "HELP PRESS: PRESS <side>" in text and "HELP WAIT: WAIT" in text
    assert "the judge has no help on FROB" in text
    for operator_word in ("orders/", ".md", "pbem ", "README", "--json", "gm_press_copies"):
        assert operator_word not in text.split("The judge's answer to your mail.", 1)[1]


def test_the_answer_keeps_the_players_subject_and_threads(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    mailgate.receive(aegean, _mail(SIGNON + "A: F3\n", subject="Re: aegean — turn 1",
                                   extra="References: <start@example.net> <r1@example.net>\r\n"),
                     "inject", settings, NOW)
    _, reply = _sent(aegean, settings)[-1]
    assert str(reply["Subject"]) == "Re: aegean — turn 1"  # no "Re: Re:"
    assert str(reply["In-Reply-To"]) == "<m1@example.org>"
    assert str(reply["References"]).split() == [  # the thread, then the mail answered
        "<start@example.net>", "<r1@example.net>", "<m1@example.org>"]
    assert _text(reply).splitlines()[2] == "aegean — orders received for turn 1, blue moves."
    mailgate.receive(aegean, _mail(SIGNON + "A: F3\n", subject="", message_id="m2@x.org"),
                     "inject", settings, NOW)
    subject = str(_sent(aegean, settings)[-1][1]["Subject"])
    assert subject == "aegean — orders received for turn 1, blue moves"


def test_compose_derives_references_from_the_thread() -> None:
    raw = compose(sender="judge@example.net", sender_name="judge", to=[ANN], subject="s",
                  text="t", message_id="a@example.net", in_reply_to="<m1@example.org>",
                  references=["start@example.net", "m1@example.org"], loop="judge@example.net",
                  date=NOW)
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert str(message["References"]).split() == ["<start@example.net>", "<m1@example.org>"]
    plain = compose(sender="judge@example.net", sender_name="judge", to=[ANN], subject="s",
                    text="t", message_id="b@example.net", in_reply_to="m1@example.org",
                    loop="judge@example.net", date=NOW)
    assert str(email.message_from_bytes(plain, policy=email.policy.default)["References"]) \
        == "<m1@example.org>"


# --- §2: the words ------------------------------------------------------------------------------

def test_counts_are_plural_only_when_many_and_status_is_said_once(aegean: Engine,
                                                                  settings) -> None:  # type: ignore[no-untyped-def]
    text = _answer(aegean, settings, "STATUS\nA: F3\n")
    assert "(1 line accepted, 0 refused)" in text
    assert text.count("Status:") == 1  # the old answer said it twice
    assert "the judge holds orders from you" in text  # said after the orders of this mail


def test_press_to_all_is_copied_to_the_sender_and_the_game_master(engine: Engine,
                                                                  settings) -> None:  # type: ignore[no-untyped-def]
    _aegean(engine, gm_email=GM)
    text = _answer(engine, settings, "PRESS all\nhello\nENDPRESS\nPRESS all\nagain\nENDPRESS\n")
    press = sorted(to[0] for to, _ in _sent(engine, settings, "press"))
    assert press == sorted([ANN, BO, GM] * 2)
    # one player read it (Bo): the sender and the game master are no players of it
    assert text.count("PRESS: sent to everyone (1 player), with a copy to you and to the "
                      "game master.") == 2


def test_the_game_master_may_turn_press_copies_off(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _aegean(engine, gm_email=GM)
    with transaction(engine) as session:
        game = repo.gameplay.game_named(session, "aegean")
        assert game is not None
        game.settings = json.dumps({"gm_press_copies": False})
        session.add(game)
    _answer(engine, settings, "PRESS red\nhello\nENDPRESS\n")
    assert [to for to, _ in _sent(engine, settings, "press")] == [[BO]]


def test_set_map_is_kept(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    from pbem.app.reports.mapchoice import map_choice

    text = _answer(aegean, settings, "SET MAP svg\n")
    assert "SET MAP: done" in text
    with transaction(aegean) as session:
        player = repo.player(session, "aegean", "Ann")
        assert player is not None and map_choice(player) == "svg"
    assert "SET MAP: not done" in _answer(aegean, settings, "SET MAP gif\n",
                                          message_id="m2@example.org")


def test_a_fault_of_the_rules_in_the_summary_costs_the_summary_only(
        aegean: Engine, settings, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from pbem.app.base import rulesets

    def broken(*_: object, **__: object) -> tuple[str, ...]:
        raise RuntimeError("a defect")

    monkeypatch.setattr(rulesets, "order_summary", broken)
    text = _answer(aegean, settings, "A: F3\n")
    assert "stored (1 line accepted, 0 refused)" in text
    assert "Where each of your pieces stands" not in text


def test_a_mail_with_no_sign_on_is_answered_under_its_own_subject(aegean: Engine,
                                                                   settings) -> None:  # type: ignore[no-untyped-def]
    mailgate.receive(aegean, _mail("HELP\n", subject="how do I move?"), "inject",
                     settings, NOW)
    _, reply = _sent(aegean, settings)[-1]
    assert str(reply["Subject"]) == "Re: how do I move?"
    assert "How to write to the judge" in _text(reply)
