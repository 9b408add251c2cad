"""Every ruleset answers a player's mail alike, through the boundary (issue 23 §1, §2): a slip
gets the nearest accepted words, an unknown piece the sender's pieces, the answer ends with
where each piece of the side stands (the ruleset's own words for a piece with no order), and
HELP ORDERS gives the open phase's syntax, written for mail. Real mail bytes in through the
mail-in use-case, the outbox read back with the standard library."""

from __future__ import annotations

import email
import email.policy
import json
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.mailin import mailgate
from pbem.app.play import games
from pbem.mail.settings import mail_settings
from pbem.rules.dice import SeededDice
from pbem.rules.interface import GameValue
from pbem.store import repo
from pbem.store.db import transaction

NOW = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
# ruleset: (a movement phase's kind, a slip and the word it should suggest, a line for a
# piece the game does not have, written so that only the piece is wrong)
SLIPS = {
    "ramspeed": ("movement", "DUBLE F F", "DOUBLE", "{piece}X: F"),
    "greeks-romans": ("half", "ARCHRY R1", "ARCHERY", "{piece}9: STAY"),
    "speed-band": ("orders", "SPED 3", "SPEED", "{piece}9: SPEED 3"),
    "ram-cruise": ("move", "CRUSE F4", "CRUISE", "{piece}9: CRUISE F4"),
    "wooden-walls": ("leg", "SHOT M", "SHOOT", "{piece}X/1: F1"),
}


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _at_movement(ruleset: str) -> GameValue:
    """A game of the ruleset's first scenario played by the computer player up to its first
    phase of the kind SLIPS names."""
    plugin = rulesets.plugin(ruleset)
    game = plugin.start("squadron" if ruleset == "ramspeed" else plugin.scenarios()[0].name, {})
    rng = random.Random(7)
    for _ in range(12):
        if game.phase.kind == SLIPS[ruleset][0] and game.owes():
            return game
        orders = [(side, game.autoplay_orders(side, rng)) for side in game.owes()]
        game, _, _ = game.play(orders, SeededDice(seed=b"replies-rulesets", game="r",
                                                  phase=game.key))
    raise AssertionError(f"{ruleset}: no {SLIPS[ruleset][0]} phase")


def _game(engine: Engine, ruleset: str) -> tuple[GameValue, str]:
    """The game `r` at that phase in the judge; the side that owes it."""
    value = _at_movement(ruleset)
    players = tuple(games.PlayerSpec(f"P{n}", f"p{n}@example.org", side, "UTC", f"password-{n}")
                    for n, side in enumerate(value.sides))
    games.create_game(engine, games.GameSpec(game_id="r", ruleset=ruleset,
                                             scenario=value.scenario_name, seed=b"r" * 16,
                                             players=players, position=value.to_json()))
    return value, value.owes()[0]


def _answer(engine: Engine, settings, side: str, sides: tuple[str, ...], body: str,  # type: ignore[no-untyped-def]
            number: int = 1) -> str:
    n = sides.index(side)
    raw = (f"From: p{n}@example.org\r\nTo: judge@example.net\r\nSubject: orders\r\n"
           f"Message-ID: <m{number}@example.org>\r\nContent-Type: text/plain; charset=utf-8"
           f"\r\n\r\nSIGNON r P{n} password-{n}\r\n{body}").encode()
    mailgate.receive(engine, raw, "inject", settings, NOW)
    with transaction(engine) as session:
        row = [r for r in repo.outbox_rows(session) if r.kind == "reply"][-1]
        text = json.loads(row.job)["text"] if not row.raw else None
        if text is None:
            message = email.message_from_bytes(row.raw, policy=email.policy.default)
            part = message.get_body(("plain",))
            assert part is not None
            text = str(part.get_content())
    return str(text).replace("\r\n", "\n")


@pytest.mark.parametrize("ruleset", sorted(SLIPS))
def test_each_ruleset_suggests_lists_pieces_and_sums_up(engine: Engine, settings,  # type: ignore[no-untyped-def]
                                                        ruleset: str) -> None:
    value, side = _game(engine, ruleset)
    pieces = value.pieces_of(side)
    _, slip, meant, unknown = SLIPS[ruleset]
    text = _answer(engine, settings, side, value.sides,
                   f"{pieces[0]}: {slip}\n{unknown.format(piece=pieces[0])}\n")
    assert f"{slip.split()[0]}: did you mean {meant}" in text, text
    # the unknown piece: the sender's pieces are named
    refusal = text.split("REFUSED line 3", 1)[1].split("\n", 1)[0]
    assert all(piece in refusal for piece in pieces[:3]), refusal
    # nothing was accepted: nothing stored, and no orders held before
    summary = text.split("Where each of your pieces stands, since the judge holds no orders "
                         "from you:\n", 1)[1]
    rows = summary.split("\n\n", 1)[0].splitlines()
    assert [row.strip().split(":", 1)[0] for row in rows] == pieces
    idle = rulesets.no_order(value, side)
    assert rows[0].strip() == f"{pieces[0]}: {idle} (line 2 refused)"
    assert all(row.strip() == f"{piece}: {idle}" for row, piece in zip(rows[1:], pieces[1:],
                                                                        strict=True))


@pytest.mark.parametrize("ruleset", sorted(SLIPS))
def test_each_ruleset_gives_its_order_syntax_by_mail(engine: Engine, settings,  # type: ignore[no-untyped-def]
                                                     ruleset: str) -> None:
    value, side = _game(engine, ruleset)
    text = _answer(engine, settings, side, value.sides, "HELP ORDERS\n")
    said = text.split("HELP ORDERS\n", 1)[1]
    assert f"The open phase is {value.phase_title}." in said
    assert "Lines it takes:" in said or "per line" in said
    assert value.pieces_of(side)[0] in said  # from the side's own template
    for operator_word in ("orders/", ".md", "pbem ", "README", "--json", value.key + " "):
        assert operator_word not in said, operator_word


def test_standing_orders_sent_out_of_turn_are_summed_up_as_standing(engine: Engine,  # type: ignore[no-untyped-def]
                                                                      settings) -> None:
    value, side = _game(engine, "ram-cruise")
    other = next(s for s in value.may_send())
    assert other != side
    pieces = value.pieces_of(other)
    text = _answer(engine, settings, other, value.sides, f"{pieces[0]}: STANCE ACCEPT\n")
    summary = text.split("Where each of your pieces stands with these orders:\n", 1)[1]
    rows = [row.strip() for row in summary.split("\n\n", 1)[0].splitlines()]
    assert rows[0].startswith(f"{pieces[0]}: STANCE ACCEPT")
    assert rows[1] == f"{pieces[1]}: no order: its standing orders keep their last values"
