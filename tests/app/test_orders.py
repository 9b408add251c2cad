"""Submitting and checking orders: every submission kept, the latest counts, bad input
refused with a sentence and nothing stored."""

from __future__ import annotations

import codecs

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base.errors import JudgeError
from pbem.app.play import games, phases
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import new_demo_game, play_demo_phases

BUILD = "A: trireme catapult\nB: penteconter\n"


def _stored(engine: Engine, game_id: str = "g1") -> list[tuple[str, bool]]:
    with transaction(engine) as session:
        phase = repo.open_phase(session, game_id)
        assert phase is not None
        current = repo.submissions(session, phase.id or 0)
        return [(row.raw, repo.is_current(row, current))
                for row in repo.submissions(session, phase.id or 0, current_only=False)]


def test_latest_submission_replaces_the_earlier_and_history_stays(engine: Engine) -> None:
    first = orders.submit_orders(engine, *("g1", "Aristides"), BUILD) if new_demo_game(
        engine) else None
    assert first is not None and first.stored and not first.replaced_earlier
    second = orders.submit_orders(engine, "g1", "Aristides", "A: quinquereme\n")
    assert second.stored and second.replaced_earlier
    assert _stored(engine) == [(BUILD, False), ("A: quinquereme\n", True)]
    done = phases.process_phase(engine, "g1")
    assert done.key == "build"
    shown = games.show_game(engine, "g1")
    assert [gid for gid, g in shown["state"]["galleys"].items() if g["side"] == "blue"] == ["A"]


def test_check_stores_nothing(engine: Engine) -> None:
    new_demo_game(engine)
    answer = orders.check_orders(engine, "g1", "Aristides", BUILD + "C: galleon\n")
    assert [line.status for line in answer.lines] == ["accepted", "accepted", "refused"]
    assert "line 3 (C): 'galleon' is not a galley type" in answer.refused[0].reason
    assert _stored(engine) == []


@pytest.mark.parametrize(("text", "words"), [
    (b"", "the orders are empty"),
    (b"   \n\n", "the orders are empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not text"),
    ("A: trireme é".encode("latin-1"), "not UTF-8"),
    (b"# " + b"x" * (70 * 1024), "at most 64 KiB"),
    (b"X: F\n" * 14_000, "at most 64 KiB"),
    (b"X: F\n" * 1_001, "the orders have 1,001 lines; the judge reads at most 1000"),
    ("A: trireme".encode("utf-16-le"), "not text"),  # UTF-16 without its mark: unreadable
    (codecs.BOM_UTF8 + b"\xff", "not UTF-8"),
])
def test_bad_files_are_refused(engine: Engine, text: bytes, words: str) -> None:
    new_demo_game(engine)
    with pytest.raises(JudgeError, match=words):
        orders.submit_orders(engine, "g1", "Aristides", text)
    assert _stored(engine) == []


@pytest.mark.parametrize("encoded", [
    codecs.BOM_UTF8 + BUILD.encode("utf-8"),  # Notepad's UTF-8
    BUILD.encode("utf-16"),  # UTF-16 with its byte-order mark, as Windows editors write it
    codecs.BOM_UTF16_BE + BUILD.encode("utf-16-be"),
    BUILD.encode("utf-32"),
    "\ufeff" + BUILD,  # text that kept the mark
], ids=["utf-8-bom", "utf-16", "utf-16-be", "utf-32", "str-bom"])
def test_a_byte_order_mark_is_read_as_a_person_meant_it(engine: Engine,
                                                         encoded: bytes | str) -> None:
    new_demo_game(engine)
    answer = orders.submit_orders(engine, "g1", "Aristides", encoded)
    assert [line.status for line in answer.lines] == ["accepted", "accepted"], answer.lines
    assert answer.lines[0].piece == "A"
    assert _stored(engine) == [(BUILD, True)]  # stored as the text, without the mark


def test_what_is_stored_stays_proportionate(engine: Engine) -> None:
    new_demo_game(engine)
    text = BUILD + "X: F\n" * 990  # refused lines (a build line must name a type)
    answer = orders.submit_orders(engine, "g1", "Aristides", text)
    assert answer.stored and len(answer.refused) == 990
    with transaction(engine) as session:
        phase = repo.open_phase(session, "g1")
        assert phase is not None
        row = repo.submissions(session, phase.id or 0)[0]
    assert row.raw == text
    assert len(row.parsed) < 5 * len(text)  # not the echo and reason of every line again


def test_resubmissions_are_bounded(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    new_demo_game(engine)
    monkeypatch.setattr(orders, "MAX_SUBMISSIONS", 3)
    for _ in range(3):
        assert orders.submit_orders(engine, "g1", "Aristides", BUILD).stored
    with pytest.raises(JudgeError, match="you have sent 3 sets of orders for this phase, the most"):
        orders.submit_orders(engine, "g1", "Aristides", "A: quinquereme\n")
    assert len(_stored(engine)) == 3 and _stored(engine)[-1] == (BUILD, True)


def test_wrong_game_player_phase_and_password(engine: Engine) -> None:
    new_demo_game(engine)
    with pytest.raises(JudgeError, match="no game called 'nope'"):
        orders.submit_orders(engine, "nope", "Aristides", BUILD)
    with pytest.raises(JudgeError, match="no player 'Xerxes' in g1"):
        orders.submit_orders(engine, "g1", "Xerxes", BUILD)
    with pytest.raises(JudgeError, match="the open phase of g1 is build; orders for "
                                         "T3-move-blue are not taken now"):
        orders.submit_orders(engine, "g1", "Aristides", BUILD, phase_key="T3-move-blue")
    with pytest.raises(JudgeError, match="the password is wrong"):
        orders.submit_orders(engine, "g1", "Aristides", BUILD, source="mail", password="guess")
    assert orders.submit_orders(engine, "g1", "Aristides", BUILD, source="mail",
                                password="secret-a").stored
    assert len(_stored(engine)) == 1


def test_orders_from_a_side_that_is_not_moving_are_refused(engine: Engine) -> None:
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 3)  # build and both set-ups: T1-move-blue is open
    # the phase named by its title, not its key (issue 23 §2)
    with pytest.raises(JudgeError, match=r"the red side has nothing to order in the open phase "
                                         r"\(Turn 1, blue moves\)"):
        orders.submit_orders(engine, "g1", "Hanno", "X: F F\n")


def test_orders_for_another_players_galleys(engine: Engine) -> None:
    new_demo_game(engine, players=(
        games.PlayerSpec("Aristides", "a@example.org", "blue", "UTC", "pa"),
        games.PlayerSpec("Cimon", "c@example.org", "blue", "UTC", "pc"),
        games.PlayerSpec("Hanno", "h@example.org", "red", "UTC", "ph"),
    ))
    orders.submit_orders(engine, "g1", "Aristides", "A: trireme\n")
    orders.submit_orders(engine, "g1", "Cimon", "C: trireme\n")
    orders.submit_orders(engine, "g1", "Hanno", "X: quinquereme\n")
    phases.process_phase(engine, "g1")  # build: each commands what he built
    shown = games.show_game(engine, "g1")
    assert shown["phase"] == "setup-blue"  # the demo seed's set-up roll: blue first
    before = len(_stored(engine))
    answer = orders.submit_orders(engine, "g1", "Aristides", "C: 1505 W\n")
    assert not answer.stored
    assert "C is commanded by another player of your side" in answer.refused[0].reason
    assert len(_stored(engine)) == before
    mixed = orders.submit_orders(engine, "g1", "Aristides", "A: 1505 W\nC: 1507 W\n")
    assert mixed.stored and [line.status for line in mixed.lines] == ["accepted", "refused"]
    assert orders.submit_orders(engine, "g1", "Cimon", "C: 1507 W\n").stored


def test_paused_games_keep_orders_and_over_games_take_none(engine: Engine) -> None:
    new_demo_game(engine)
    games.pause_game(engine, "g1")
    kept = orders.submit_orders(engine, "g1", "Aristides", BUILD)  # kept for the phase (issue 23)
    assert kept.stored and kept.paused and kept.accepted
    with pytest.raises(JudgeError, match="g1 is paused; no phase can be processed"):
        phases.process_phase(engine, "g1")
    games.resume_game(engine, "g1")
    games.end_game(engine, "g1")
    with pytest.raises(JudgeError, match="has ended"):
        orders.submit_orders(engine, "g1", "Aristides", BUILD)


def test_the_time_of_receipt_is_stored_exactly(engine: Engine) -> None:
    from datetime import UTC, datetime

    new_demo_game(engine)
    when = datetime(2026, 12, 1, 9, 30, 15, 123456, tzinfo=UTC)
    orders.submit_orders(engine, "g1", "Aristides", BUILD, now=when)
    with transaction(engine) as session:
        phase = repo.open_phase(session, "g1")
        assert phase is not None
        [row] = repo.submissions(session, phase.id or 0)
        assert row.received_at == when


def test_any_bytes_are_text_or_a_clear_refusal() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=300, deadline=None)
    @given(st.binary(max_size=300))
    def check(raw: bytes) -> None:
        try:
            text = orders.decode(raw)
        except JudgeError as exc:
            assert str(exc) and "Traceback" not in str(exc)
        else:
            assert text.strip() and "\x00" not in text

    check()
