"""The gateway against hostile or unlucky mail (findings of a review): floods, forged
senders, copies handled at once, strange Message-IDs, addresses the judge cannot write to,
a busy database during a poll, localized replies quoting the report, oversized orders."""

from __future__ import annotations

import email
import email.policy
import mailbox
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.base.errors import JudgeError
from pbem.app.mailin import mailgate
from pbem.app.play import games
from pbem.errors import DatabaseBusy
from pbem.store import repo
from pbem.store.db import transaction
from tests.mail.test_gateway import ANN, BO, NOW, _aegean, _mail, _outbox, _text


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    from pbem.mail.settings import mail_settings

    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


@pytest.fixture
def aegean(engine: Engine) -> Engine:
    _aegean(engine)
    return engine


def test_a_flood_of_sign_on_blocks_from_a_forged_sender_gets_one_answer(
        aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    body = "".join(f"SIGNON nogame{n} X pw\n" for n in range(2000))
    done = mailgate.receive(aegean, _mail(body), "inject", settings, NOW)
    assert done.outcome == "refused" and done.replies == (ANN,)
    assert len(_outbox(aegean)) == 1
    again = mailgate.receive(aegean, _mail(body, message_id="m2@x"), "inject", settings,
                             NOW + timedelta(minutes=5))
    assert again.replies == () and len(_outbox(aegean)) == 1  # once an hour at most


def test_press_is_limited_per_mail_and_sent_to_each_player_alone(
        aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    body = "SIGNON aegean Ann s3cret-oars\n" + "PRESS all\nhello\nENDPRESS\n" * 8
    done = mailgate.receive(aegean, _mail(body), "inject", settings, NOW)
    press = [m for kind, _, m in _outbox(aegean) if kind == "press"]
    # each press to everyone goes to Bo, and a copy to Ann, its sender (issue 23 §2)
    assert sorted(str(m["To"]) for m in press if m is not None) == (
        [ANN] * mailgate.MAX_PRESS + [BO] * mailgate.MAX_PRESS)
    reply = next(m for kind, _, m in _outbox(aegean) if kind == "reply")
    assert reply is not None and "a mail may carry 5 at most" in _text(reply)
    assert done.replies == (ANN, BO)


def test_a_copy_is_handled_once_even_when_both_were_stored_first(aegean: Engine,
                                                                 settings) -> None:  # type: ignore[no-untyped-def]
    raw = _mail("SIGNON aegean Ann s3cret-oars\nPRESS all\nonce only\nENDPRESS\n")
    with transaction(aegean) as session:  # two copies stored before either was handled
        ids = [repo.store_incoming(session, raw=raw, message_id="m1@example.org",
                                   source="lmtp", received_at=NOW,
                                   digest=mailgate._identity(raw)[1]).id for _ in range(2)]
    first = mailgate.handle(aegean, ids[1] or 0, settings, NOW)
    second = mailgate.handle(aegean, ids[0] or 0, settings, NOW)
    assert (first.outcome, second.outcome) == ("commands", "ignored")
    with transaction(aegean) as session:
        assert len(repo.press(session, "aegean")) == 1
    with pytest.raises(JudgeError, match="handled already"):
        mailgate.handle(aegean, ids[1] or 0, settings, NOW)


@pytest.mark.parametrize("header", [
    "Message-ID: <a\x00b@x>", "Message-ID: <" + "\u6f22" * 990 + "@x>",
    "Message-ID: <" + "a" * 400 + "@x>", "Message-ID:   \r\n  <folded@example.org>"])
def test_any_message_id_is_stored(aegean: Engine, settings, header: str) -> None:  # type: ignore[no-untyped-def]
    raw = (f"From: {ANN}\r\nTo: judge@example.net\r\nSubject: x\r\n{header}\r\n"
           "\r\nSIGNON aegean Ann s3cret-oars\r\nSTATUS\r\n").encode("utf-8", "surrogatepass")
    done = mailgate.receive(aegean, raw, "inject", settings, NOW)
    assert done.outcome == "commands"
    with transaction(aegean) as session:
        stored = repo.incoming(session)[0]
    assert bytes(stored.raw) == raw
    assert len(stored.message_id) <= 250 and stored.message_id.isprintable()
    if "folded" in header:
        assert stored.message_id == "folded@example.org"


def test_a_player_whose_name_has_non_ascii_capitals_signs_on(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    games.create_game(engine, games.GameSpec(
        game_id="salamis", scenario="squadron",
        players=(games.PlayerSpec("Αλέξανδρος", "alex@example.gr", "blue", password="θάλασσα1"),
                 games.PlayerSpec("Ørjan", "orjan@example.no", "red", password="fjord-123"))))
    for name, password in (("Αλέξανδρος", "θάλασσα1"), ("ørjan", "fjord-123")):
        done = mailgate.receive(engine, _mail(f"SIGNON SALAMIS {name} {password}\nSTATUS\n",
                                              sender="x@example.org", message_id=f"{name}@x"),
                                "inject", settings, NOW)
        assert (done.outcome, done.game) == ("commands", "salamis")


def test_an_address_the_judge_cannot_write_to_is_refused_at_registration() -> None:
    from pbem.app.base.names import check_email

    for bad in ("cy..z@example.org", "x.@y.org", "jörg@example.de", "a@b", "a b@c.d"):
        with pytest.raises(JudgeError, match="an email address the judge can write to"):
            check_email(bad, "player X")
    check_email("ann.example+pbem@mail.example.org", "player Ann")


def test_a_sender_the_judge_cannot_answer_is_treated_as_no_sender(aegean: Engine,
                                                                  settings) -> None:  # type: ignore[no-untyped-def]
    done = mailgate.receive(aegean, _mail("SIGNON aegean Ann s3cret-oars\nSTATUS\n",
                                          sender="a..b@docomo.ne.jp"), "inject", settings, NOW)
    assert done.outcome == "commands" and done.replies == (ANN,)


def test_the_template_quoted_by_a_localized_outlook_reply_is_not_a_second_sign_on(
        aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    body = ("SIGNON aegean Ann s3cret-oars\nA: STAY\n\n"
            "-----Ursprüngliche Nachricht-----\nVon: Judge <judge@example.net>\n"
            "Gesendet: Montag, 1. Dezember 2026 09:00\n\nYOUR ORDERS\n"
            "SIGNON aegean Ann PASSWORD\nA: STAY\nENDORDERS\n")
    done = mailgate.receive(aegean, _mail(body), "inject", settings, NOW)
    assert (done.outcome, done.accepted) == ("orders", 1)
    assert len(_outbox(aegean)) == 1  # no "wrong password" answer
    with transaction(aegean) as session:
        assert repo.login_failures_since(session, 1, NOW - timedelta(hours=1)) == 0


def test_an_unfilled_template_after_a_right_sign_on_in_english_is_ignored(
        aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    body = ("SIGNON aegean Ann s3cret-oars\nA: STAY\n\nThe report said:\n"
            "SIGNON aegean Ann PASSWORD\nA: STAY\nENDORDERS\n")
    done = mailgate.receive(aegean, _mail(body), "inject", settings, NOW)
    assert done.outcome == "orders" and len(_outbox(aegean)) == 1


def test_mail_orders_keep_the_limits_of_order_files(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    body = "SIGNON aegean Ann s3cret-oars\n" + "#\n" * 3_000
    done = mailgate.receive(aegean, _mail(body), "inject", settings, NOW)
    assert (done.outcome, done.accepted) == ("orders", 0)
    reply = _outbox(aegean)[-1][2]
    assert reply is not None and "the judge reads at most 1000" in _text(reply)


def test_an_unknown_long_game_name_does_not_spoil_the_other_blocks(aegean: Engine,
                                                                    settings) -> None:  # type: ignore[no-untyped-def]
    body = ("SIGNON aegean Ann s3cret-oars\nA: STAY\nENDORDERS\n"
            f"SIGNON {'x' * 60} Ann pw\nA: F1\n")
    done = mailgate.receive(aegean, _mail(body), "inject", settings, NOW)
    assert (done.outcome, done.accepted) == ("orders", 1)


def test_a_message_with_hundreds_of_parts_or_huge_html_is_quarantined(aegean: Engine,
                                                                      settings) -> None:  # type: ignore[no-untyped-def]
    parts = "".join(f"--b\r\nContent-Type: text/plain\r\n\r\npart {n}\r\n" for n in range(300))
    raw = (f"From: {ANN}\r\nMessage-ID: <p@x>\r\nContent-Type: multipart/mixed; boundary=b"
           f"\r\n\r\n{parts}--b--\r\n").encode()
    many = mailgate.receive(aegean, raw, "inject", settings, NOW)
    assert many.outcome == "quarantined" and "text parts" in many.reason
    html = (f"From: {ANN}\r\nMessage-ID: <h@x>\r\nContent-Type: text/html\r\n\r\n<p>"
            + "<td>x</td>" * 300_000 + "</p>\r\n").encode()
    big = mailgate.receive(aegean, html, "inject", settings, NOW)
    assert big.outcome == "quarantined" and "HTML" in big.reason
    with transaction(aegean) as session:
        assert [r.state for r in repo.incoming(session)] == ["quarantined", "quarantined"]


def test_a_busy_database_during_a_poll_keeps_arrival_order(aegean: Engine, settings,
                                                            tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            ) -> None:  # type: ignore[no-untyped-def]
    from pbem.cli.mail import _source_handler
    from pbem.mail.maildir import poll_maildir

    box = mailbox.Maildir(tmp_path / "in", create=True)
    box.add(_mail("SIGNON aegean Ann s3cret-oars\nA: STAY\n", message_id="first@x"))
    box.add(_mail("SIGNON aegean Ann s3cret-oars\nB: STAY\n", message_id="second@x"))
    real = mailgate.receive
    calls = []

    def busy_once(*args: object, **kwargs: object) -> mailgate.MailOutcome:
        calls.append(1)
        if len(calls) == 1:
            raise DatabaseBusy("the database is locked")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mailgate, "receive", busy_once)
    handle = _source_handler(aegean, settings)
    first = poll_maildir(tmp_path / "in", handle)
    assert (first.handled, first.left) == (0, 2)  # stopped at the busy one: order kept
    second = poll_maildir(tmp_path / "in", handle)
    assert second.handled == 2
    with transaction(aegean) as session:
        phase = repo.open_phase(session, "aegean")
        held = repo.latest_submission(session, phase.id or 0, 1) if phase else None
    assert held is not None and "B: STAY" in held.raw  # the later mail stands


def test_inject_json_is_exactly_the_contract(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    done = mailgate.receive(aegean, _mail("SIGNON aegean Ann s3cret-oars\nSTATUS\n"),
                            "inject", settings, NOW)
    assert set(done.as_json()) == {"outcome", "game", "player", "accepted", "refused",
                                   "replies"}
    reply = email.message_from_bytes(
        _outbox_raw(aegean)[0], policy=email.policy.default)
    assert str(reply["Subject"]) == "Re: orders"  # the player's own subject (issue 23 §2)
    assert "The judge's answer to your mail." in _text(reply)


def _outbox_raw(engine: Engine) -> list[bytes]:
    with transaction(engine) as session:
        return [bytes(r.raw) for r in repo.outbox_rows(session)]
