"""Each step of mail in on its own (pbem.app.mailin: intake, auth, blocks, unsigned, gmmail,
answers), on a real database and real message bytes; the pipeline that runs them in order is
tested end to end in test_gateway*.py. Game `steps`: Ann (blue, ann@example.org) against Bo
(red), at its first phase, with a game master (gm@example.org)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.mailin import auth, blocks, gmmail, intake, unsigned
from pbem.app.mailin.answers import _Answer, queue_answers
from pbem.app.mailin.context import Handling
from pbem.app.play import games
from pbem.golden import load, order_file
from pbem.mail.bounds import MAX_BYTES
from pbem.mail.settings import mail_settings
from pbem.mail.signon import read_letter
from pbem.store import repo
from pbem.store.db import transaction

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
NOW = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
ANN, BO, GM = "ann@example.org", "bo@example.org", "gm@example.org"


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


@pytest.fixture
def passwords(engine: Engine) -> dict[str, str]:
    golden = load(DEMO)
    made = games.create_game(engine, games.GameSpec(
        game_id="steps", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, gm_email=GM,
        players=(games.PlayerSpec("Ann", ANN, "blue", "UTC", "s3cret-oars"),
                 games.PlayerSpec("Bo", BO, "red", "UTC", "bo-password"))))
    return made.passwords


@pytest.fixture
def game(engine: Engine, passwords: dict[str, str]) -> Engine:
    return engine


def _raw(body: str, sender: str = ANN, message_id: str | None = "s1@example.org",
         date: str = "Tue, 1 Dec 2026 09:30:00 +0000", extra: str = "") -> bytes:
    ident = f"Message-ID: <{message_id}>\r\n" if message_id else ""
    return (f"From: {sender}\r\nTo: judge@example.net\r\nSubject: orders\r\nDate: {date}\r\n"
            f"{ident}{extra}Content-Type: text/plain; charset=utf-8\r\n\r\n" + body).encode()


def _stored(engine: Engine, raw: bytes, settings) -> Handling:  # type: ignore[no-untyped-def]
    mail_id, settled = intake.store(engine, raw, "inject", NOW)
    assert settled is None
    return Handling(engine, settings, NOW, mail_id, raw)


def _read(engine: Engine, raw: bytes, settings) -> Handling:  # type: ignore[no-untyped-def]
    mail = _stored(engine, raw, settings)
    assert intake.read(mail) is None
    with transaction(engine) as session:
        mail.origin = intake.origin(session, mail.mail_id)
    return mail


# --- store and identify --------------------------------------------------------------------


def test_identity_is_the_message_id_and_without_one_a_digest_a_relay_does_not_change() -> None:
    key, digest = intake.identity(_raw("hello\n"))
    assert key == "s1@example.org" and len(digest) == 64
    bare = _raw("hello\n", message_id=None)
    relayed = b"Received: from relay.example by mx.example\r\n" + bare
    assert intake.identity(bare)[0].startswith("digest:")
    assert intake.identity(relayed)[0] == intake.identity(bare)[0]
    later = _raw("hello\n", message_id=None, date="Tue, 1 Dec 2026 09:31:00 +0000")
    assert intake.identity(later)[0] != intake.identity(bare)[0]


def test_a_message_longer_than_the_judge_reads_is_kept_as_an_excerpt_and_quarantined(
        engine: Engine) -> None:
    raw = _raw("x" * (MAX_BYTES + 10))
    mail_id, settled = intake.store(engine, raw, "inject", NOW)
    assert settled is not None and settled.outcome == "quarantined"
    assert str(len(raw)) in settled.reason
    with transaction(engine) as session:
        row = intake.stored(session, mail_id)
        assert row is not None and row.state == "quarantined"
        assert len(row.raw) == intake.EXCERPT and row.raw_size == len(raw)


# --- the steps before an answer ----------------------------------------------------------


def test_a_copy_of_a_handled_message_is_ignored_and_a_new_one_goes_on(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    first = _stored(engine, _raw("hello\n"), settings)
    assert intake.skip_copy(first) is None  # nothing handled yet
    with transaction(engine) as session:
        repo.mark_incoming(session, first.mail_id, "handled", NOW)
    copy = _stored(engine, _raw("hello\n"), settings)
    settled = intake.skip_copy(copy)
    assert settled is not None and settled.outcome == "ignored"
    assert f"#{first.mail_id}" in settled.reason
    other = _stored(engine, _raw("hello\n", message_id="s2@example.org"), settings)
    assert intake.skip_copy(other) is None


def test_reading_sets_the_mail_and_its_date_and_quarantines_what_cannot_be_read(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    mail = _stored(engine, _raw("hello\n"), settings)
    assert intake.read(mail) is None
    assert mail.mail.sender == ANN
    assert mail.written == datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
    naive = _stored(engine, _raw("hi\n", message_id="n@x", date="Tue, 1 Dec 2026 09:30:00 -0000"),
                    settings)
    assert intake.read(naive) is None and naive.written is None  # -0000: no time zone known
    broken = _stored(engine, b"\x00" * 10, settings)
    settled = intake.read(broken)
    assert settled is not None and settled.outcome == "quarantined" and settled.reason


def test_machine_mail_is_ignored_and_a_persons_goes_on(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    person = _read(engine, _raw("hello\n"), settings)
    assert intake.skip_machine(person) is None
    machine = _read(engine, _raw("hello\n", message_id="a@x",
                                 extra="Auto-Submitted: auto-replied\r\n"), settings)
    settled = intake.skip_machine(machine)
    assert settled is not None and settled.outcome == "ignored"
    assert "machine" in settled.reason


def test_origin_is_the_first_stored_copy(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    first = _stored(engine, _raw("hello\n"), settings)
    second = _stored(engine, _raw("hello\n"), settings)
    with transaction(engine) as session:
        assert intake.origin(session, second.mail_id) == first.mail_id
        assert intake.origin(session, first.mail_id) == first.mail_id


# --- sign-on ------------------------------------------------------------------------------


def _block(text: str):  # type: ignore[no-untyped-def]
    return read_letter(text).blocks[0]


def test_a_right_password_signs_the_player_on(game: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    mail = _read(game, _raw("SIGNON steps Ann s3cret-oars\n"), settings)
    signed: set[tuple[str, str]] = set()
    with transaction(game) as session:
        who = auth.sign_on(session, mail, _block("SIGNON steps ann s3cret-oars\n"), signed)
    assert isinstance(who, auth.Player) and who.player.name == "Ann" and who.own
    assert signed == {("steps", "Ann")}


def test_a_wrong_password_is_refused_counted_and_answered_only_at_the_own_address(
        game: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    own = _read(game, _raw("x\n"), settings)
    stranger = _read(game, _raw("x\n", sender="eve@example.com", message_id="e@x"), settings)
    with transaction(game) as session:
        mine = auth.sign_on(session, own, _block("SIGNON steps Ann wrong\n"), set())
        theirs = auth.sign_on(session, stranger, _block("SIGNON steps Ann wrong\n"), set())
        player = repo.player(session, "steps", "Ann")
        assert player is not None
        failures = repo.login_failures_since(session, player.id or 0, NOW - timedelta(hours=1))
    assert isinstance(mine, auth.Refused) and mine.answer is not None
    assert mine.answer.to == [ANN] and mine.answer.refusal
    assert "wrong" in mine.answer.parts[0] and "Line 1" in mine.answer.parts[0]
    assert isinstance(theirs, auth.Refused) and theirs.answer is None
    assert failures == 2


def test_an_unknown_game_is_answered_only_at_a_registered_address(
        game: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    known = _read(game, _raw("x\n", sender=BO), settings)
    unknown = _read(game, _raw("x\n", sender="who@else.example", message_id="w@x"), settings)
    with transaction(game) as session:
        told = auth.sign_on(session, known, _block("SIGNON nosuch Bo pw\n"), set())
        silent = auth.sign_on(session, unknown, _block("SIGNON nosuch Bo pw\n"), set())
    assert isinstance(told, auth.Refused) and told.answer is not None
    assert "there is no game 'nosuch'" in told.answer.parts[0]
    assert isinstance(silent, auth.Refused) and silent.answer is None


def test_the_game_masters_password_signs_on_the_game_master(
        game: Engine, settings, passwords: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    mail = _read(game, _raw("x\n", sender="gm.other@example.org"), settings)
    with transaction(game) as session:
        who = auth.sign_on(session, mail, _block(f"SIGNON steps GM {passwords['GM']}\n"), set())
        wrong = auth.sign_on(session, mail, _block("SIGNON steps GM nope\n"), set())
    assert isinstance(who, auth.GameMaster) and who.to == (GM, "gm.other@example.org")
    assert isinstance(wrong, auth.Refused) and wrong.outcome.player == "GM"


# --- a player's commands and orders ------------------------------------------------------


def test_a_players_block_stores_the_orders_and_echoes_each_line(game: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    phase = games.show_game(game, "steps")["phase"]
    orders = (DEMO / order_file(phase, "blue")).read_text(encoding="utf-8")
    text = "SIGNON steps Ann s3cret-oars\n" + orders + "\nZ9: NONSENSE\n"
    mail = _read(game, _raw(text), settings)
    with transaction(game) as session:
        who = auth.sign_on(session, mail, _block(text), set())
        assert isinstance(who, auth.Player)
        outcome, answer = blocks.commands_and_orders(session, mail, 0, _block(text), who, [],
                                                     [blocks.MAX_PRESS])
    # the demo's build orders: three galleys built, a fourth over the budget refused
    assert (outcome.outcome, outcome.accepted, outcome.refused) == ("orders", 3, 2)
    echo = "\n".join(answer.parts)
    assert "stored" in echo and "As the judge understood them:" in echo
    assert "Z9: NONSENSE" in echo and "REFUSED" in echo
    assert answer.to == [ANN] and answer.subject == "Re: orders"  # the player's own (issue 23)
    assert games.show_game(game, "steps")["submitted"]


def test_press_beyond_the_mails_budget_is_not_sent(game: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    text = "SIGNON steps Ann s3cret-oars\nPRESS ALL\nhello\nENDPRESS\n"
    mail = _read(game, _raw(text), settings)
    with transaction(game) as session:
        who = auth.sign_on(session, mail, _block(text), set())
        assert isinstance(who, auth.Player)
        _, answer = blocks.commands_and_orders(session, mail, 0, _block(text), who, [], [0])
    assert any("PRESS: not sent" in part for part in answer.parts)


# --- mail without a sign-on ---------------------------------------------------------------


def test_mail_without_a_signon_is_answered_once_an_hour_and_only_to_a_registered_address(
        game: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    known = _read(game, _raw("hello\n", sender=BO), settings)
    again = _read(game, _raw("hello\n", sender=BO, message_id="s9@x"), settings)
    unknown = _read(game, _raw("hello\n", sender="who@else.example", message_id="w@x"), settings)
    with transaction(game) as session:
        assert unsigned.join(session, known) is None
        first = unsigned.no_signon(session, known, [])
        second = unsigned.no_signon(session, again, [])
        stranger = unsigned.no_signon(session, unknown, [])
    assert first.replies == (BO,)
    assert second.replies == () and "within the hour" in second.reason
    assert stranger.replies == () and "unknown address" in stranger.reason


# --- the answers ---------------------------------------------------------------------------


def test_answers_to_the_same_addresses_go_as_one_mail_and_spent_refusals_not_at_all(
        game: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    mail = _read(game, _raw("x\n"), settings)
    answers = [_Answer([ANN], "steps: one", ["first"]), _Answer([ANN], "steps: two", ["second"]),
               _Answer([BO], "steps: wrong password", ["no"], refusal=True)]
    with transaction(game) as session:
        assert repo.claim_mail_notice(session, BO, NOW)  # Bo was answered within the hour
        sent = queue_answers(session, settings, mail.origin, mail.mail, answers, NOW)
        rows = repo.outbox_rows(session)
    assert sent == (ANN,)
    assert [json.loads(row.recipients) for row in rows] == [[ANN]]
    text = rows[0].raw.decode()
    assert "first" in text and "second" in text and "(and 1 more)" in rows[0].subject


# --- the game master's commands ------------------------------------------------------------


def test_the_game_masters_block_runs_after_the_answer_and_is_remembered(
        game: Engine, settings, passwords: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    text = f"SIGNON steps GM {passwords['GM']}\nPAUSE\n"
    mail = _read(game, _raw(text, sender=GM), settings)
    with transaction(game) as session:
        who = auth.sign_on(session, mail, _block(text), set())
        assert isinstance(who, auth.GameMaster)
        outcome = gmmail.commands(session, mail, 0, _block(text), who)
    assert outcome.outcome == "commands" and len(outcome.later) == 1
    assert games.show_game(game, "steps")["status"] == "active"  # nothing done yet
    outcome.later[0](game, settings, NOW)
    assert games.show_game(game, "steps")["status"] == "paused"
    with transaction(game) as session:
        progress = repo.judge_state(session, f"gm-mail:{mail.origin}:0")
        replies = [row for row in repo.outbox_rows(session) if row.kind == "reply"]
    assert progress is not None and progress["done"]["0"].startswith("PAUSE")
    assert len(replies) == 1 and "paused" in replies[0].raw.decode()


def test_what_the_game_masters_block_did_is_forgotten_once_the_mail_is_handled(
        game: Engine, settings, passwords: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    from pbem.app.mailin import mailgate

    done = mailgate.receive(game, _raw(f"SIGNON steps GM {passwords['GM']}\nPAUSE\n", sender=GM),
                            "inject", settings, NOW)
    assert done.outcome == "commands"
    assert games.show_game(game, "steps")["status"] == "paused"
    with transaction(game) as session:
        assert repo.judge_state(session, f"{gmmail.progress_prefix(done.mail_id or 0)}0") is None
    again = mailgate.receive(game, _raw(f"SIGNON steps GM {passwords['GM']}\nPAUSE\n",
                                        sender=GM), "inject", settings, NOW)
    assert again.outcome == "ignored"  # a copy: known by the mail, not by the progress
