"""Two generic additions to the ruleset boundary (issue 20, for ram-cruise's §5.4), tested in
the host with a stand-in game value wrapped round a Ram Speed game:

- a side the open phase does not wait for may send orders when the game value names it in
  `may_send()` (standing orders in any round): the host takes and answers its mail, hands it
  to `play` with the others, and never counts it missing (the phase is not held for it, and
  the sides told to owe orders are only those that do);
- `orders_public`: a resolved phase's order account shows every side's orders to every
  player when the game value hides nothing; otherwise each side sees only its own.

The rulesets built so far name nobody in `may_send()` and hide their orders: their reports
do not change (the last tests pin that)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.play import games, phases
from pbem.app.reports.account import Given, order_account
from pbem.golden import load, order_file
from pbem.rules.interface import ACCEPTED, LineResult, OrderSheet

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
PLAYED: list[list[tuple[str, str]]] = []


class Standing:
    """A game value whose sides the phase does not wait for may give standing orders, and
    which hides nothing: it delegates everything else to the Ram Speed value inside."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def may_send(self) -> tuple[str, ...]:
        return tuple(side for side in self._inner.sides if side not in self._inner.owes())

    @property
    def orders_public(self) -> bool:
        return True

    def check(self, side: str, text: str, commands: frozenset[str] | None = None) -> OrderSheet:
        if side in self._inner.owes():
            sheet: OrderSheet = self._inner.check(side, text, commands)
            return sheet
        lines = tuple(LineResult(number, line, "", ACCEPTED, echo="standing order noted")
                      for number, line in enumerate(text.splitlines(), 1) if line.strip())
        return OrderSheet(self._inner.phase, side, lines)

    def play(self, submissions: Sequence[tuple[str, str]], dice: Any) -> Any:
        PLAYED.append(list(submissions))
        owing = set(self._inner.owes())
        after, result, sheets = self._inner.play(
            [(side, text) for side, text in submissions if side in owing], dice)
        return Standing(after), result, sheets


@pytest.fixture
def standing(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> Engine:
    real = rulesets.load
    monkeypatch.setattr(rulesets, "load", lambda name, data: Standing(real(name, data)))
    orders._game_value.cache_clear()
    PLAYED.clear()
    _game(engine)
    yield engine
    orders._game_value.cache_clear()


def _game(engine: Engine) -> None:
    golden = load(DEMO)
    games.create_game(engine, games.GameSpec(
        game_id="standing", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10,
        players=(games.PlayerSpec("Ann", "ann@example.org", "blue", "UTC", "ann-password"),
                 games.PlayerSpec("Bo", "bo@example.org", "red", "UTC", "bo-password"))))


def _to_first_one_sided_phase(engine: Engine) -> str:
    """Play the demo's orders until a phase waits for one side only: that side's name."""
    names = {"blue": "Ann", "red": "Bo"}
    for _ in range(6):
        shown = games.show_game(engine, "standing")
        if len(shown["owes"]) == 1:
            return str(shown["owes"][0])
        for side in shown["owes"]:
            path = DEMO / order_file(shown["phase"], side)
            orders.submit_orders(engine, "standing", names[side], path.read_bytes())
        phases.process_phase(engine, "standing", expected_key=shown["phase"])
    raise AssertionError("the demo has no phase that waits for one side")


def test_a_side_the_phase_does_not_wait_for_may_send_standing_orders(standing: Engine) -> None:
    owing = _to_first_one_sided_phase(standing)
    other, sender = ("red", "Bo") if owing == "blue" else ("blue", "Ann")
    answer = orders.submit_orders(standing, "standing", sender, b"STANCE RESIST\n")
    assert answer.stored and answer.side == other
    assert [line.echo for line in answer.accepted] == ["standing order noted"]
    shown = games.show_game(standing, "standing")
    assert shown["owes"] == [owing]  # never counted as owing, so never missing


def test_the_phase_plays_the_standing_orders_with_the_others(standing: Engine) -> None:
    owing = _to_first_one_sided_phase(standing)
    other, sender = ("red", "Bo") if owing == "blue" else ("blue", "Ann")
    orders.submit_orders(standing, "standing", sender, b"STANCE RESIST\n")
    shown = games.show_game(standing, "standing")
    phases.process_phase(standing, "standing", expected_key=shown["phase"])
    assert (other, "STANCE RESIST\n") in PLAYED[-1]


def test_without_standing_orders_a_side_not_owed_is_refused(engine: Engine) -> None:
    orders._game_value.cache_clear()
    _game(engine)
    owing = _to_first_one_sided_phase(engine)
    sender = "Bo" if owing == "blue" else "Ann"
    with pytest.raises(JudgeError, match="nothing to order in the open phase"):
        orders.submit_orders(engine, "standing", sender, b"A: F\n")


def _account(before: Any, viewer: str) -> list[tuple[str, ...]]:
    given = [Given("Ann", "blue", "A: F\n"), Given("Bo", "red", "X: F\n")]
    return list(order_account(before, given, [], viewer, everything=False).rows)


def test_an_open_ruleset_shows_every_sides_orders_and_a_hidden_one_only_the_viewers() -> None:
    golden = load(DEMO)
    hidden = golden.game
    assert hidden.orders_public is False and hidden.may_send() == ()
    assert {row[0] for row in _account(hidden, "blue")} <= {"blue"}
    assert {row[0] for row in _account(Standing(hidden), "blue")} == {"blue", "red"}
