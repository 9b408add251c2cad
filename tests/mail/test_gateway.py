"""The mail gateway end to end: real message bytes in, the stored outcome, and the replies
in the outbox parsed back with the standard library. Game `aegean`: Ann (blue,
ann@example.org, password s3cret-oars) against Bo (red, bo@example.org), played with the
demo's orders up to blue's first movement."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.mailin import blocks, mailgate
from pbem.app.play import games, phases
from pbem.app.reports.mailmake import maker
from pbem.golden import load, order_file
from pbem.mail.outbox import deliver
from pbem.mail.settings import mail_settings
from pbem.mail.transport import MaildirTransport
from pbem.store import repo
from pbem.store.db import transaction

FIXTURES = Path(__file__).parent / "fixtures"
DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
NOW = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
ANN, BO = "ann@example.org", "bo@example.org"


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _aegean(engine: Engine, status_after: int = 3) -> None:
    golden = load(DEMO)
    games.create_game(engine, games.GameSpec(
        game_id="aegean", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10,
        players=(games.PlayerSpec("Ann", ANN, "blue", "Europe/Athens", "s3cret-oars"),
                 games.PlayerSpec("Bo", BO, "red", "UTC", "bo-password"))))
    names = {"blue": "Ann", "red": "Bo"}
    for _ in range(status_after):
        shown = games.show_game(engine, "aegean")
        for side in shown["owes"]:
            path = DEMO / order_file(shown["phase"], side)
            if path.is_file():
                orders.submit_orders(engine, "aegean", names[side], path.read_bytes())
        phases.process_phase(engine, "aegean", expected_key=shown["phase"])


@pytest.fixture
def aegean(engine: Engine) -> Engine:
    _aegean(engine)
    assert games.show_game(engine, "aegean")["phase"] == "T1-move-blue"
    return engine


def _outbox(engine: Engine) -> list[tuple[str, list[str], EmailMessage | None]]:
    with transaction(engine) as session:
        rows = repo.outbox_rows(session)
        return [(r.kind, json.loads(r.recipients),
                 email.message_from_bytes(r.raw, policy=email.policy.default) if r.raw else None)
                for r in rows]


def _mail(body: str, sender: str = ANN, message_id: str = "m1@example.org",
          subject: str = "orders", date: str = "Mon, 1 Dec 2026 10:00:00 +0000") -> bytes:
    return (f"From: {sender}\r\nTo: judge@example.net\r\nSubject: {subject}\r\n"
            f"Date: {date}\r\nMessage-ID: <{message_id}>\r\n"
            "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body).encode()


def _text(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


# --- the fixture corpus ------------------------------------------------------------------

CORPUS = {
    # file: (outcome, game, player, replies)
    "plain_orders.eml": ("orders", "aegean", "Ann", [ANN]),
    "reply_template.eml": ("orders", "aegean", "Ann", [ANN]),
    "html_only.eml": ("orders", "aegean", "Ann", [ANN]),
    "alternative.eml": ("orders", "aegean", "Ann", [ANN]),
    "attachment_orders.eml": ("orders", "aegean", "Ann", [ANN]),
    "invalid_utf8.eml": ("orders", "aegean", "Ann", [ANN]),
    "windows_crlf.eml": ("orders", "aegean", "Ann", [ANN]),
    "thunderbird_flowed.eml": ("orders", "aegean", "Ann", [ANN, BO]),  # with a PRESS
    "outlook_reply.eml": ("orders", "aegean", "Ann", [ANN]),
    "broken_message_id.eml": ("orders", "aegean", "Ann", [ANN]),
    "press.eml": ("orders", "aegean", "Ann", [ANN, BO]),
    "two_blocks.eml": ("orders", "aegean", "Ann", [ANN]),
    # a player the game does not have: answered only at an address the judge knows
    "greek_qp.eml": ("refused", "aegean", None, []),
    "unknown_charset.eml": ("refused", "aegean", None, [ANN]),
    "help_only.eml": ("refused", None, None, []),  # a stranger: no backscatter
    "nested_30.eml": ("quarantined", None, None, []),
    "vacation.eml": ("ignored", None, None, []),
    "bounce.eml": ("ignored", None, None, []),
    "mailing_list.eml": ("ignored", None, None, []),
    "judge_loop.eml": ("ignored", None, None, []),
    "forged_wrong_password.eml": ("refused", "aegean", "Ann", []),
    "own_wrong_password.eml": ("refused", "aegean", "Ann", [ANN]),
    "phase_not_open.eml": ("orders", "aegean", "Bo", [BO]),
}
SITUATIONS = {"finished_game.eml"}  # fed by their own tests, after setting the game up


def test_the_corpus_lists_every_fixture() -> None:
    assert set(CORPUS) | SITUATIONS == {p.name for p in FIXTURES.glob("*.eml")}


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_each_fixture_has_its_outcome(aegean: Engine, settings, name: str) -> None:  # type: ignore[no-untyped-def]
    outcome, game, player, replies = CORPUS[name]
    done = mailgate.receive(aegean, (FIXTURES / name).read_bytes(), "inject", settings, NOW)
    assert (done.outcome, done.game, done.player) == (outcome, game, player)
    assert sorted(done.replies) == sorted(replies)
    sent = _outbox(aegean)
    assert {a for _, to, _ in sent for a in to} == set(replies)
    with transaction(aegean) as session:
        stored = repo.incoming(session)
    assert len(stored) == 1 and bytes(stored[0].raw) == (FIXTURES / name).read_bytes()
    assert stored[0].state == {"quarantined": "quarantined", "ignored": "ignored"}.get(
        outcome, "handled")
    if name == "phase_not_open.eml":
        assert (done.accepted, done.refused) == (0, 2)
        assert "nothing to order" in _text(sent[-1][2])  # type: ignore[arg-type]
    if name.endswith("wrong_password.eml"):
        with transaction(aegean) as session:
            assert repo.login_failures_since(session, 1, NOW - timedelta(hours=1)) == 1
    if outcome == "orders":
        assert done.accepted + done.refused > 0
        assert any(kind == "reply" for kind, _, _ in sent)


def test_a_reply_echoes_the_orders_and_carries_the_loop_headers(aegean: Engine,
                                                                 settings) -> None:  # type: ignore[no-untyped-def]
    done = mailgate.receive(aegean, (FIXTURES / "plain_orders.eml").read_bytes(), "inject",
                            settings, NOW)
    assert done.outcome == "orders" and done.accepted + done.refused == 3
    deliver(aegean, MaildirTransport(settings.outbox_dir), NOW, make=maker(aegean, settings))
    kind, to, _ = _outbox(aegean)[0]
    with transaction(aegean) as session:
        raw = repo.outbox_rows(session)[0].raw
    reply = email.message_from_bytes(raw, policy=email.policy.default)
    assert reply["Auto-Submitted"] == "auto-replied"
    assert reply["X-PBEM-Loop"] == "judge@example.net"
    assert reply["In-Reply-To"] == "<plain-orders-1@example.org>"
    text = _text(reply)
    assert "Orders for Turn 1, blue moves" in text  # the title, not the key (issue 23 §2)
    # the mail's own line numbers: the orders start on line 6 of the body
    assert "line 6" in text and "line 9" in text
    assert "Not read" in text and "Ann Example" in text  # the signature, listed
    assert "Deadline:" in text and "(Europe/Athens)" in text
    if done.accepted:  # accepted paths come with the map of them
        names = [p.get_filename() for p in reply.iter_attachments()]
        assert "orders.png" in names and "orders.svg" in names


def test_the_same_message_twice_is_handled_once(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    raw = (FIXTURES / "plain_orders.eml").read_bytes()
    first = mailgate.receive(aegean, raw, "maildir", settings, NOW)
    again = mailgate.receive(aegean, raw, "imap", settings, NOW + timedelta(minutes=1))
    assert first.outcome == "orders" and again.outcome == "ignored"
    assert "a copy of message" in again.reason
    with transaction(aegean) as session:
        phase = repo.open_phase(session, "aegean")
        assert phase is not None
        assert len(repo.submissions(session, phase.id or 0, current_only=False)) == (
            1 if first.accepted else 0)
    assert len(_outbox(aegean)) == 1


def test_arrival_order_counts_not_the_date_header(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    later = _mail("SIGNON aegean Ann s3cret-oars\nA: STAY\n", message_id="a@x",
                  date="Mon, 1 Dec 2026 12:00:00 +0000")
    earlier = _mail("SIGNON aegean Ann s3cret-oars\nB: STAY\n", message_id="b@x",
                    date="Mon, 1 Dec 2026 09:00:00 +0000")
    mailgate.receive(aegean, later, "inject", settings, NOW)
    mailgate.receive(aegean, earlier, "inject", settings, NOW + timedelta(seconds=5))
    with transaction(aegean) as session:
        phase = repo.open_phase(session, "aegean")
        held = repo.latest_submission(session, phase.id or 0, 1) if phase else None
    assert held is not None and "B: STAY" in held.raw  # the one that arrived last stands


def test_a_wrong_password_is_answered_only_at_the_registered_address(aegean: Engine,
                                                                     settings) -> None:  # type: ignore[no-untyped-def]
    forged = mailgate.receive(aegean, _mail("SIGNON aegean Ann guess\nA: F3\n",
                                            sender="mallory@evil.example", message_id="f1@x"),
                              "inject", settings, NOW)
    assert (forged.outcome, forged.player, forged.replies) == ("refused", "Ann", ())
    own = mailgate.receive(aegean, _mail("SIGNON aegean Ann PASSWORD\nA: F3\n",
                                         sender="ANN@example.org", message_id="f2@x"),
                           "inject", settings, NOW)
    assert (own.outcome, own.replies) == ("refused", (ANN,))
    reply = _outbox(aegean)[-1][2]
    assert reply is not None and "still says PASSWORD" in _text(reply)
    assert own.accepted == own.refused == 0


def test_five_wrong_passwords_lock_the_player_out_for_an_hour(aegean: Engine,
                                                              settings) -> None:  # type: ignore[no-untyped-def]
    guesses = [mailgate.receive(aegean, _mail("SIGNON aegean Ann guess\nA: F3\n",
                                              sender="mallory@evil.example",
                                              message_id=f"g{n}@x"),
                                "inject", settings, NOW + timedelta(minutes=n))
               for n in range(5)]
    # the fifth locks other addresses out, and Ann is told at her own address
    assert [g.replies for g in guesses] == [(), (), (), (), (ANN,)]
    notice = _outbox(aegean)[-1][2]
    assert notice is not None and "not affected" in _text(notice)
    right = _mail("SIGNON aegean Ann s3cret-oars\nA: STAY\n", sender="mallory@evil.example",
                  message_id="r1@x")
    locked = mailgate.receive(aegean, right, "inject", settings, NOW + timedelta(minutes=10))
    assert (locked.outcome, locked.player, locked.replies) == ("refused", "Ann", ())
    later = mailgate.receive(aegean, right.replace(b"r1@x", b"r3@x"), "inject", settings,
                             NOW + timedelta(minutes=66))
    assert later.outcome == "orders" and later.accepted == 1


def test_a_strangers_wrong_passwords_never_lock_a_player_out_of_their_own_address(
        aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    # issue 18, item 10: one mail of five wrong SIGNON blocks from a stranger
    body = "".join("SIGNON aegean Ann guess\nA: F3\n" for _ in range(5))
    mailgate.receive(aegean, _mail(body, sender="mallory@evil.example"), "inject", settings,
                     NOW)
    own = mailgate.receive(aegean, _mail("SIGNON aegean Ann s3cret-oars\nA: STAY\n",
                                         message_id="own@x"), "inject", settings,
                           NOW + timedelta(minutes=1))
    assert (own.outcome, own.accepted) == ("orders", 1)


def test_five_wrong_passwords_from_the_players_own_address_lock_it_for_an_hour(
        aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    for n in range(5):
        mailgate.receive(aegean, _mail("SIGNON aegean Ann guess\nA: F3\n", message_id=f"g{n}@x"),
                         "inject", settings, NOW + timedelta(minutes=n))
    right = _mail("SIGNON aegean Ann s3cret-oars\nA: STAY\n", message_id="r1@x")
    locked = mailgate.receive(aegean, right, "inject", settings, NOW + timedelta(minutes=10))
    assert (locked.outcome, locked.player, locked.replies) == ("refused", "Ann", (ANN,))
    again = mailgate.receive(aegean, right.replace(b"r1@x", b"r2@x"), "inject", settings,
                             NOW + timedelta(minutes=20))
    assert again.outcome == "refused" and again.replies == ()  # told once an hour at most
    later = mailgate.receive(aegean, right.replace(b"r1@x", b"r3@x"), "inject", settings,
                             NOW + timedelta(minutes=66))
    assert later.outcome == "orders" and later.accepted == 1


def test_a_right_password_from_another_address_answers_both(aegean: Engine,
                                                            settings) -> None:  # type: ignore[no-untyped-def]
    done = mailgate.receive(aegean, _mail("SIGNON aegean Ann s3cret-oars\nSTATUS\n",
                                          sender="ann@phone.example"), "inject", settings, NOW)
    assert done.outcome == "commands" and set(done.replies) == {ANN, "ann@phone.example"}
    reply = _outbox(aegean)[-1][2]
    assert reply is not None
    assert "the open phase is Turn 1, blue moves" in _text(reply)  # (issue 23 §2)
    assert sorted(a.addr_spec for a in reply["To"].addresses) == sorted(
        [ANN, "ann@phone.example"])


def test_orders_from_a_side_that_owes_none_are_refused_as_a_whole(aegean: Engine,
                                                                  settings) -> None:  # type: ignore[no-untyped-def]
    done = mailgate.receive(aegean, _mail("SIGNON aegean Bo bo-password\nX: F1\nY: F2\n",
                                          sender=BO), "inject", settings, NOW)
    assert (done.outcome, done.player, done.accepted, done.refused) == ("orders", "Bo", 0, 2)
    reply = _outbox(aegean)[-1][2]
    assert reply is not None and "nothing to order" in _text(reply)


def test_orders_for_a_finished_game_are_refused(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    games.end_game(aegean, "aegean")
    done = mailgate.receive(aegean, (FIXTURES / "finished_game.eml").read_bytes(), "inject",
                            settings, NOW)
    assert (done.outcome, done.player, done.accepted, done.refused) == ("orders", "Ann", 0, 2)
    reply = _outbox(aegean)[-1][2]
    assert reply is not None and "has ended" in _text(reply)


def test_commands_are_answered(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    mailgate.receive(aegean, _mail("SIGNON aegean Ann s3cret-oars\nA: STAY\n",
                                   message_id="o1@x"), "inject", settings, NOW)
    done = mailgate.receive(aegean, _mail(
        "SIGNON aegean Ann s3cret-oars\nHELP\nORDERS\nRESIGN\nPASSWORD new-secret-1\n",
        message_id="o2@x"), "inject", settings, NOW)
    assert done.outcome == "commands"
    text = _text(_outbox(aegean)[-1][2])  # type: ignore[arg-type]
    assert "How to write to the judge" in text
    assert "ORDERS: the judge holds these" in text and "A: STAY" in text
    assert "knows no command RESIGN" in text
    assert "PASSWORD: changed" in text
    old = mailgate.receive(aegean, _mail("SIGNON aegean Ann s3cret-oars\nSTATUS\n",
                                         message_id="o3@x"), "inject", settings, NOW)
    new = mailgate.receive(aegean, _mail("SIGNON aegean Ann new-secret-1\nSTATUS\n",
                                         message_id="o4@x"), "inject", settings, NOW)
    assert (old.outcome, new.outcome) == ("refused", "commands")


def test_press_is_relayed_and_kept(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    done = mailgate.receive(aegean, _mail(
        "SIGNON aegean Ann s3cret-oars\nPRESS red\nShall we share the strait?\nENDPRESS\n"),
        "inject", settings, NOW)
    assert done.outcome == "commands" and set(done.replies) == {ANN, BO}
    press = [m for kind, _, m in _outbox(aegean) if kind == "press"]
    assert len(press) == 1 and press[0] is not None
    assert "Shall we share the strait?" in _text(press[0])
    assert "from Ann (blue)" in _text(press[0])
    with transaction(aegean) as session:
        kept = repo.press(session, "aegean")
    assert [(p.to, p.body.strip()) for p in kept] == [("red", "Shall we share the strait?")]


def test_a_registered_address_without_signon_gets_help(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    done = mailgate.receive(aegean, _mail("HELP\n", sender=BO), "inject", settings, NOW)
    assert (done.outcome, done.replies) == ("commands", (BO,))
    stranger = mailgate.receive(aegean, _mail("HELP\n", sender="who@else.example",
                                              message_id="h2@x"), "inject", settings, NOW)
    assert (stranger.outcome, stranger.replies) == ("refused", ())


def test_a_twenty_megabyte_message_is_taken(aegean: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    filler = ("x" * 76 + "\n") * (20 * 1024 * 1024 // 77)
    raw = _mail("SIGNON aegean Ann s3cret-oars\nA: STAY\nENDORDERS\n" + filler)
    assert len(raw) > 20 * 1024 * 1024
    done = mailgate.receive(aegean, raw, "inject", settings, NOW)
    assert (done.outcome, done.accepted) == ("orders", 1)


def test_a_message_that_breaks_the_pipeline_is_quarantined_and_can_be_retried(
        aegean: Engine, settings, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(blocks, "commands_and_orders", broken)
    done = mailgate.receive(aegean, _mail("SIGNON aegean Ann s3cret-oars\nA: STAY\n"),
                            "inject", settings, NOW)
    assert done.outcome == "quarantined" and "RuntimeError: a bug" in done.reason
    monkeypatch.undo()
    again = mailgate.handle(aegean, done.mail_id or 0, settings, NOW)
    assert (again.outcome, again.accepted) == ("orders", 1)


def test_a_report_is_queued_with_the_phase_and_made_when_sent(aegean: Engine,
                                                              settings) -> None:  # type: ignore[no-untyped-def]
    path = DEMO / order_file("T1-move-blue", "blue")
    orders.submit_orders(aegean, "aegean", "Ann", path.read_bytes())
    phases.process_phase(aegean, "aegean", mail=settings, now=NOW)
    queued = _outbox(aegean)
    assert sorted(to[0] for kind, to, raw in queued if kind == "report" and raw is None) == [
        ANN, BO]
    report = deliver(aegean, MaildirTransport(settings.outbox_dir), NOW + timedelta(hours=1),
                     make=maker(aegean, settings))
    assert len(report.sent) == 2 and not report.failed
    made = {to[0]: m for kind, to, m in _outbox(aegean) if kind == "report"}
    ann = made[ANN]
    assert ann is not None and ann["Auto-Submitted"] == "auto-generated"
    html = ann.get_body(("html",))
    assert html is not None and "cid:" in html.get_content()
    names = sorted(p.get_filename() or "" for p in ann.iter_attachments())
    # the SVG only for a player who asked for it (SET MAP svg; issue 23 §2): png by default
    assert not any(n.endswith(".svg") for n in names) and "deadline.ics" in names
    assert "For Ann, commanding blue." in _text(ann)
    inline = [p for p in ann.walk() if p.get_content_type() == "image/png"]
    assert inline and inline[0].get_content()[:8] == b"\x89PNG\r\n\x1a\n"
    bo = made[BO]
    assert bo is not None
    text = _text(bo)
    assert "SIGNON aegean Bo PASSWORD" in text
    assert "mail this to judge@example.net" in text


def test_replying_to_a_report_with_the_template_filled_in_is_right(aegean: Engine,
                                                                   settings) -> None:  # type: ignore[no-untyped-def]
    path = DEMO / order_file("T1-move-blue", "blue")
    orders.submit_orders(aegean, "aegean", "Ann", path.read_bytes())
    phases.process_phase(aegean, "aegean", mail=settings, now=NOW)
    deliver(aegean, MaildirTransport(settings.outbox_dir), NOW, make=maker(aegean, settings))
    report = next(m for kind, to, m in _outbox(aegean) if kind == "report" and to == [BO])
    assert report is not None
    text = _text(report)
    start = text.index("SIGNON aegean Bo PASSWORD")
    end = text.index("ENDORDERS", start)
    template = text[start:end + len("ENDORDERS")]  # the template, as the report gives it
    filled = template.replace("PASSWORD", "bo-password", 1)
    quoted = "\n".join(f"> {line}" for line in text.splitlines())
    body = f"Here you are.\n\n{filled}\n\nOn Tue, the judge wrote:\n{quoted}\n"
    done = mailgate.receive(aegean, _mail(body, sender=BO, message_id="reply-1@x",
                                          subject=f"Re: {report['Subject']}"),
                            "inject", settings, NOW + timedelta(hours=1))
    assert (done.outcome, done.player, done.refused) == ("orders", "Bo", 0)
    assert done.accepted > 0


def test_press_joins_the_archive_only_when_the_game_has_ended(aegean: Engine, settings,
                                                              tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from pbem.app.reports.archive import archive_game

    mailgate.receive(aegean, _mail("SIGNON aegean Ann s3cret-oars\nPRESS all\n"
                                   "The strait is ours.\nENDPRESS\n"), "inject", settings, NOW)
    during = tmp_path / "during"
    archive_game(aegean, "aegean", during)
    assert not (during / "press.html").exists()
    assert "The strait is ours" not in "".join(p.read_text() for p in during.glob("*.html"))
    games.end_game(aegean, "aegean")
    after = tmp_path / "after"
    archive_game(aegean, "aegean", after)
    page = (after / "press.html").read_text()
    assert "The strait is ours." in page and "Ann" in page and "everyone" in page
    assert 'href="press.html"' in (after / "index.html").read_text()
