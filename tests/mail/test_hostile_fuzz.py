"""Hostile mail, made at random (issue 18, item 15): whatever a registered player or the game
master writes after a right sign-on line, the mail is handled, never quarantined; it is
answered; and the games it touches can still be read.

Each example is real mail bytes (email.message.EmailMessage, as_bytes) passed through
pbem.app.mailgate.receive into a real SQLite file: a copy, made afresh for each example, of
one built for the module with two games, a Ram Speed game at its first movement phase
(with a game master), a Greeks vs Romans game at its first half and a ram / cruise /
strategic game at its first round and a Wooden Walls game at its setup
mail. The lines are drawn
from the player's commands with random arguments, real order lines of the game's ruleset
with random numbers (huge, negative, decimal, not digits Python reads), and random text;
the game master's mail from the game master's commands with random arguments."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base import rulesets
from pbem.app.mailin import mailgate
from pbem.app.play import games, phases
from pbem.golden import load, order_file
from pbem.mail.settings import MailSettings, mail_settings
from pbem.store import repo
from pbem.store.db import make_engine, transaction
from pbem.store.migrate import upgrade
from pbem.timing import DEFAULT_TIMING

pytestmark = pytest.mark.slow  # hundreds of random mails through the gateway

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "orders" / "demo"
ANN, BO, GM = "ann@example.org", "bo@example.org", "gm@example.org"
START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
NOW = START + timedelta(hours=1)
PASSWORDS = {"Ann": "s3cret-oars", "Bo": "bo-password"}
ADDRESSES = {"Ann": ANN, "Bo": BO}
# 40 examples each keep CI's run short and its examples the same every time; set
# PBEM_FUZZ_EXAMPLES to hunt with more
FUZZ = settings(max_examples=int(os.environ.get("PBEM_FUZZ_EXAMPLES", "40")), deadline=None,
                derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


class Built:
    """The module's template database and what the examples need to know of it."""

    def __init__(self, path: Path, gm_password: str,
                 owing: dict[str, tuple[str, list[str]]]) -> None:
        self.path = path
        self.gm_password = gm_password
        self.owing = owing  # game: the player whose orders its open phase waits for, and
        # that player's pieces


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    path = tmp_path_factory.mktemp("fuzz") / "judge.sqlite"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    golden = load(DEMO)
    made = games.create_game(engine, games.GameSpec(
        game_id="aegean", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, timing=DEFAULT_TIMING, gm_email=GM, player_extensions=2,
        players=(games.PlayerSpec("Ann", ANN, "blue", "Europe/Athens", PASSWORDS["Ann"]),
                 games.PlayerSpec("Bo", BO, "red", "UTC", PASSWORDS["Bo"]))), now=START)
    names = {"blue": "Ann", "red": "Bo"}
    while (shown := games.show_game(engine, "aegean"))["phase"] != "T1-move-blue":
        for side in shown["owes"]:
            file = DEMO / order_file(shown["phase"], side)
            if file.is_file():
                orders.submit_orders(engine, "aegean", names[side], file.read_bytes())
        phases.process_phase(engine, "aegean", expected_key=shown["phase"], now=START)
    games.create_game(engine, games.GameSpec(
        game_id="delos", ruleset="greeks-romans", scenario="default", timing=DEFAULT_TIMING,
        seed=b"delos", player_extensions=1,
        players=(games.PlayerSpec("Ann", ANN, "greeks", "UTC", PASSWORDS["Ann"]),
                 games.PlayerSpec("Bo", BO, "romans", "UTC", PASSWORDS["Bo"]))), now=START)
    phases.process_phase(engine, "delos", now=START)  # the initiative roll
    games.create_game(engine, games.GameSpec(
        game_id="mylae", ruleset="ram-cruise", scenario="default", timing=DEFAULT_TIMING,
        seed=b"mylae", player_extensions=1,
        players=(games.PlayerSpec("Ann", ANN, "carthage", "UTC", PASSWORDS["Ann"]),
                 games.PlayerSpec("Bo", BO, "rome", "UTC", PASSWORDS["Bo"]))), now=START)
    games.create_game(engine, games.GameSpec(
        game_id="ecnomus", ruleset="speed-band", scenario="default", timing=DEFAULT_TIMING,
        seed=b"ecnomus", player_extensions=1, options={"secret_records": "on"},
        players=(games.PlayerSpec("Ann", ANN, "romans", "UTC", PASSWORDS["Ann"]),
                 games.PlayerSpec("Bo", BO, "carthaginians", "UTC", PASSWORDS["Bo"]))),
        now=START)
    games.create_game(engine, games.GameSpec(
        game_id="chios", ruleset="wooden-walls", scenario="default", timing=DEFAULT_TIMING,
        seed=b"chios", player_extensions=1,
        players=(games.PlayerSpec("Ann", ANN, "rhodes", "UTC", PASSWORDS["Ann"]),
                 games.PlayerSpec("Bo", BO, "macedon", "UTC", PASSWORDS["Bo"]))), now=START)
    owing = {}
    for game_id, sides in (("aegean", ("blue", "red")), ("delos", ("greeks", "romans")),
                           ("mylae", ("carthage", "rome")),
                           ("ecnomus", ("romans", "carthaginians")),
                           ("chios", ("rhodes", "macedon"))):
        value = _open_game(engine, game_id)
        side = value.owes()[0]
        owing[game_id] = ("Ann" if side == sides[0] else "Bo", value.pieces_of(side))
    engine.dispose()
    return Built(path, made.passwords["GM"], owing)


def _open_game(engine: Engine, game_id: str) -> rulesets.GameValue:
    with transaction(engine) as session:
        game = repo.game(session, game_id)
        phase = repo.open_phase(session, game_id)
        assert game is not None and phase is not None
        return rulesets.load(game.ruleset, json.loads(phase.state_before))


# --- what the lines are made of ------------------------------------------------------------

LINE_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=40)
NUMBER = st.one_of(
    st.integers(-10**6, 10**6).map(str),
    st.integers(1, 6000).map(lambda n: "9" * n),  # up to past int()'s 4,300 digits
    st.floats().map(repr),  # inf, nan, 1e+300, -0.0
    st.sampled_from(["1e999", "-1e999", "inf", "nan", ".5", "5.", "0", "00", "-0",
                     "\u2460", "\u00b2", "\u0663", "\uff13", "1_000", "0x10", "\u00bd"]),
)
SHORT_WORD = st.one_of(
    st.sampled_from(["2days", "0m", "-1h", "", "24h", "1e999h", "99999999d", "9" * 400 + "h",
                     "nan", "inf", "2026-12-24", "9999-12-31", "0001-01-01", "2026-02-30",
                     "2026-12-24T18:00+00:00", "T1-move-blue", "build", "blue", "red",
                     "draw", "all", "Bo", "GM"]),
    NUMBER, NUMBER.map(lambda n: n + "h"), NUMBER.map(lambda n: n + "d"),
    st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp")), max_size=12),
)
ARGUMENTS = st.lists(SHORT_WORD, max_size=3).map(" ".join)


@st.composite
def ramspeed_line(draw: st.DrawFn, pieces: list[str]) -> str:
    galley = draw(st.sampled_from([*pieces, "X9", "R1"]))
    number = draw(NUMBER)
    step = draw(st.sampled_from(["F{n}", "F {n}", "R{n}", "S x{n}", "Fx{n}", "DOUBLE F{n}",
                                 "F F S F{n}", "RAM R1 F{n}", "STAY {n}", "{n}",
                                 "FIRE {n} catapult R1", "BOARD R1 {n}", "TRANSFER {n} TO B"]))
    return f"{galley}: {step.format(n=number)}"


@st.composite
def greeks_line(draw: st.DrawFn, pieces: list[str]) -> str:
    ship = draw(st.sampled_from([*pieces, "R1", "Z9"]))
    number = draw(NUMBER)
    step = draw(st.sampled_from(["F{n}", "F {n}", "B{n}", "P{n}", "S {n}", "F2 S{n} F1",
                                 "{n} 6 0", "30 {n} 0", "30 6 {n}", "STAY", "ARCHERY R{n}"]))
    return f"{ship}: {step.format(n=number)}"


@st.composite
def ramcruise_line(draw: st.DrawFn, pieces: list[str]) -> str:
    ship = draw(st.sampled_from([*pieces, "R1", "Z9"]))
    number = draw(NUMBER)
    step = draw(st.sampled_from(["CRUISE F{n}", "RAM F{n}", "STRAT P{n} F2", "BACK B{n}",
                                 "CRUISE S{n} F1 P30", "STAY {n}", "BREAK R{n}", "DUTY {n} DECK",
                                 "BOW R1 PICK {n}", "BALLISTA R{n}", "GRAPPLE {n}",
                                 "MELEE R1 PICK MAR, {n}", "STANCE {n}", "LOSSES {n}",
                                 "CRUISE F{n}, S30", "{n}"]))
    return f"{ship}: {step.format(n=number)}"


@st.composite
def speedband_line(draw: st.DrawFn, pieces: list[str]) -> str:
    ship = draw(st.sampled_from([*pieces, "C1", "Z9"]))
    number = draw(NUMBER)
    step = draw(st.sampled_from(["SPEED {n}", "SPEED 8 F{n} S30", "BACK {n}", "SPEED {n} RAM C1",
                                 "SPEED 9 F2 A F{n} RAM C2 PORT", "REACT AVOID F{n} P45",
                                 "REACT {n}", "GRAPPLE {n}", "CORVUS C{n}", "CUT {n}",
                                 "ARCHERS {n} C1 SOLDIERS", "BALLISTA {n} C2", "MELEE C{n}",
                                 "LOSSES {n}", "BREAK {n}", "TRANSFER {n} SOLDIERS TO R2",
                                 "{n} 40 180", "{n}"]))
    return f"{ship}: {step.format(n=number)}"


@st.composite
def woodenwalls_line(draw: st.DrawFn, pieces: list[str]) -> str:
    ship = draw(st.sampled_from([*pieces, "RH-ATHENA", "Z9"]))
    number = draw(NUMBER)
    step = draw(st.sampled_from(["QUALITY {n}", "QUALITY FR", "POST B:{n}M M:1S",
                                 "POST B:1M M:{n}S S:1M", "POST {n}", "SPEED {n}",
                                 "SPEED 2 A{n}", "T{n} A2", "RAKE {n}", "SHOOT {n} MA-PELLA",
                                 "GRAPPLE {n}", "FIRE {n}", "{n}"]))
    prefix = draw(st.sampled_from(["", "/{n}"])).format(n=draw(NUMBER))
    return f"{ship}{prefix}: {step.format(n=number)}"


def player_command(press_to: str) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(["HELP", "STATUS", "REPORT", "ORDERS", "EXTEND", "VACATION", "PASSWORD",
                         "PRESS", "ENDPRESS", "ENDORDERS"]),
        ARGUMENTS.map(lambda a: f"HELP {a}"),
        SHORT_WORD.map(lambda a: f"PASSWORD {a}"),
        ARGUMENTS.map(lambda a: f"EXTEND {a}"),
        ARGUMENTS.map(lambda a: f"VACATION {a}"),
        st.lists(LINE_TEXT, max_size=3).map(
            lambda lines: "\n".join([f"PRESS {press_to}", *lines, "ENDPRESS"])),
        st.lists(LINE_TEXT, max_size=2).map(lambda lines: "\n".join([f"PRESS {press_to}",
                                                                      *lines])),
    )


GM_COMMAND = st.one_of(
    st.sampled_from(["STATUS", "HELP", "PREVIEW", "PAUSE", "RESUME", "END", "PROCESS",
                     "EXTEND", "DEADLINE", "ROLLBACK", "ANNOUNCE\nhello all\nENDANNOUNCE",
                     "ANNOUNCE", "START"]),
    st.sampled_from(["EXTEND", "DEADLINE", "PROCESS", "END", "ROLLBACK", "ANNOUNCE",
                     "INVITE"]).flatmap(lambda word: ARGUMENTS.map(lambda a: f"{word} {a}")),
    st.lists(LINE_TEXT, max_size=2).map(lambda lines: "\n".join(["ANNOUNCE", *lines,
                                                                 "ENDANNOUNCE"])),
)


def _mail(sender: str, body: str, number: int) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "judge@example.net"
    message["Subject"] = "orders"
    message["Date"] = "Mon, 04 May 2026 10:00:00 +0000"
    message["Message-ID"] = f"<fuzz{number}@example.org>"
    message.set_content(body)
    return message.as_bytes()


# --- the properties ------------------------------------------------------------------------


class Copy:
    """A fresh copy of the template database for one example."""

    def __init__(self, built: Built) -> None:
        self.folder = tempfile.TemporaryDirectory()
        path = Path(self.folder.name) / "judge.sqlite"
        shutil.copyfile(built.path, path)
        self.engine = make_engine(f"sqlite:///{path}")
        self.settings: MailSettings = mail_settings({"PBEM_MAIL_FROM": "judge@example.net"},
                                                    Path(self.folder.name))

    def __enter__(self) -> Copy:
        return self

    def __exit__(self, *_: object) -> None:
        self.engine.dispose()
        self.folder.cleanup()


def _assert_answered(copy: Copy, raw: bytes, address: str, game_ids: tuple[str, ...]) -> None:
    done = mailgate.receive(copy.engine, raw, "inject", copy.settings, NOW)
    assert done.outcome != "quarantined", done.reason
    with transaction(copy.engine) as session:
        rows = repo.incoming(session)
        assert [row.state for row in rows] == ["handled"], [row.reason for row in rows]
        replies = [json.loads(row.recipients) for row in repo.outbox_rows(session)
                   if row.kind == "reply"]
    assert any(address in to for to in replies), replies
    for game_id in game_ids:  # the game's rows still read: its status, its open phase
        shown = games.show_game(copy.engine, game_id)
        if shown["status"] not in ("over", "ended"):
            assert _open_game(copy.engine, game_id).key == shown["phase"]


@st.composite
def player_mail(draw: st.DrawFn, built: Built) -> tuple[str, str, str]:
    game_id = draw(st.sampled_from(sorted(built.owing)))
    player, pieces = built.owing[game_id]
    order = {"aegean": ramspeed_line, "delos": greeks_line,
             "mylae": ramcruise_line, "ecnomus": speedband_line,
             "chios": woodenwalls_line}[game_id](pieces)
    other = "Bo" if player == "Ann" else "Ann"
    lines = draw(st.lists(st.one_of(player_command(other), order, order, LINE_TEXT),
                          min_size=1, max_size=12))
    body = "\n".join([f"SIGNON {game_id} {player} {PASSWORDS[player]}", *lines])
    return game_id, ADDRESSES[player], body


@FUZZ
@given(data=st.data())
def test_a_players_mail_of_random_commands_and_lines_is_answered(built: Built,
                                                                  data: st.DataObject) -> None:
    game_id, address, body = data.draw(player_mail(built))
    with Copy(built) as copy:
        _assert_answered(copy, _mail(address, body, 1), address, (game_id,))


@FUZZ
@given(data=st.data())
def test_a_game_masters_mail_of_random_commands_is_answered(built: Built,
                                                            data: st.DataObject) -> None:
    lines = data.draw(st.lists(GM_COMMAND, min_size=1, max_size=8))
    body = "\n".join([f"SIGNON aegean GM {built.gm_password}", *lines])
    with Copy(built) as copy:
        _assert_answered(copy, _mail(GM, body, 2), GM, ("aegean",))


@pytest.mark.parametrize("line", ["EXTEND 2days", "EXTEND 0m", "EXTEND -1h", "EXTEND"])
def test_the_players_extend_of_the_issue_is_answered(built: Built, line: str) -> None:
    """The examples of the issue itself, for a player's EXTEND."""
    player, pieces = built.owing["aegean"]
    body = f"SIGNON aegean {player} {PASSWORDS[player]}\n{line}\nSTATUS\n{pieces[0]}: F1"
    with Copy(built) as copy:
        _assert_answered(copy, _mail(ADDRESSES[player], body, 3), ADDRESSES[player],
                         ("aegean",))


@pytest.mark.parametrize("line", ["EXTEND 2days", "EXTEND 0m", "EXTEND -1h", "EXTEND"])
def test_the_game_masters_extend_of_the_issue_is_answered(built: Built, line: str) -> None:
    body = f"SIGNON aegean GM {built.gm_password}\n{line}\nSTATUS"
    with Copy(built) as copy:
        _assert_answered(copy, _mail(GM, body, 4), GM, ("aegean",))


def test_numbers_of_the_issue_in_orders_are_answered(built: Built) -> None:
    """A 5,000-digit Ram Speed count and a 400-digit step of each open-table ruleset, each
    refused on its line, the rest of the mail standing."""
    for game_id, number in (("aegean", f" {'9' * 5000}"), ("delos", "9" * 400),
                            ("mylae", "9" * 400), ("ecnomus", "9" * 400)):
        player, pieces = built.owing[game_id]
        verb = {"mylae": "CRUISE ", "ecnomus": "SPEED 8 "}.get(game_id, "")
        stay = "SPEED 7" if game_id == "ecnomus" else "STAY"
        lines = [f"{pieces[0]}: {verb}F{number}", f"{pieces[1]}: {stay}"]
        body = "\n".join([f"SIGNON {game_id} {player} {PASSWORDS[player]}", *lines])
        with Copy(built) as copy:
            done = mailgate.receive(copy.engine, _mail(ADDRESSES[player], body, 5), "inject",
                                    copy.settings, NOW)
            assert (done.outcome, done.accepted, done.refused) == ("orders", 1, 1), done
