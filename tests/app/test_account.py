"""The account of a phase's orders in each report: every order as given and what became of
it, the sides that sent none, and nobody's orders shown to a player of another side."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pbem.app.reports.account import Given
from pbem.app.reports.reports import GM, OBSERVER, Recipient, report_for, seen_by
from pbem.golden import load, read_records
from pbem.rules.events import Event
from pbem.rules.interface import GameValue

SQUADRON = Path(__file__).parents[1] / "games" / "squadron"


def _first_move() -> tuple[GameValue, str, str]:
    """The squadron game before its first movement phase, that phase's key and red's orders."""
    golden = load(SQUADRON)
    game = golden.game
    for record in read_records(golden):
        if "move" in record.key:
            return game, record.key, dict(record.submissions)[game.owes()[0]]
        game, _, _ = game.play(record.submissions, golden.dice_for(record.key))
    raise AssertionError("no movement phase")


def _orders(given: list[Given], who: Recipient) -> dict[str, Any]:
    before, key, _ = _first_move()
    golden = load(SQUADRON)
    after, result, _ = before.play([(g.side, g.text) for g in given], golden.dice_for(key))
    view, shown = seen_by(after, tuple(Event(e.kind, e.fields) for e in result.events), who)
    data = report_for(game_id="g", phase_key=key, after=after, view=view, shown=shown,
                      who=who, deadline=None, before=before, given=given)
    section = data["sections"][0]
    assert section["title"] == "Orders"
    return section


def test_a_side_sees_its_orders_line_by_line_with_what_became_of_them() -> None:
    before, _, text = _first_move()
    mover = before.owes()[0]
    text += "ZZ: F F\n"  # a galley nobody has
    section = _orders([Given("Ann", mover, text)], Recipient("Ann", mover, "UTC"))
    rows = section["rows"]
    lines = [line for line in text.splitlines() if line.strip()]
    assert [row[2] for row in rows] == lines  # every order as given, in order
    assert all(row[0] == mover for row in rows)
    for row in rows[:-1]:
        piece = row[2].split(":")[0]
        assert row[3].startswith(f"{piece} moved "), row
    assert rows[-1][3].startswith("refused: ") and "ZZ" in rows[-1][3]


@pytest.mark.parametrize(("who", "sees"), [
    (Recipient("Bob", "other", "UTC"), False),
    (Recipient(OBSERVER, None, "UTC"), False),
    (Recipient(GM, None, "UTC", True), True),
])
def test_orders_are_shown_to_their_side_and_the_game_master_only(who: Recipient,
                                                                  sees: bool) -> None:
    before, _, text = _first_move()
    mover = before.owes()[0]
    other = next(side for side in before.sides if side != mover)
    who = Recipient(who.name, other if who.side else None, who.timezone, who.everything)
    rows = _orders([Given("Ann", mover, text)], who)["rows"]
    assert bool(rows) is sees
    assert all(row[0] == mover for row in rows)


def test_a_side_that_sent_nothing_is_said_to_have_sent_no_orders() -> None:
    before, _, _ = _first_move()
    mover = before.owes()[0]
    for who in (Recipient("Ann", mover, "UTC"), Recipient(OBSERVER, None, "UTC")):
        rows = _orders([], who)["rows"]
        assert rows == [[mover, "", "(no orders)",
                         "sent no orders: its pieces did what the rules say for no orders"]]


def test_two_players_of_one_side_are_told_apart() -> None:
    before, _, text = _first_move()
    mover = before.owes()[0]
    first, *rest = [line for line in text.splitlines() if line.strip()]
    given = [Given("Ann", mover, first + "\n"), Given("Cleo", mover, "\n".join(rest) + "\n")]
    rows = _orders(given, Recipient("Ann", mover, "UTC"))["rows"]
    assert [row[0] for row in rows] == [f"{mover} (Ann)"] + [f"{mover} (Cleo)"] * len(rest)


def test_each_combat_line_is_told_what_it_brought_about() -> None:
    """The golden squadron game's last phase: a shot and its hit under the FIRE line, a
    boarding under the BOARD line, never what the galley suffered from others."""
    golden = load(SQUADRON)
    game = golden.game
    records = read_records(golden)
    for record in records[:-1]:
        game, _, _ = game.play(record.submissions, golden.dice_for(record.key))
    last = records[-1]
    after, result, _ = game.play(last.submissions, golden.dice_for(last.key))
    events = [e.as_dict() for e in result.events]
    fates = {}
    for side, text in last.submissions:
        sheet = game.check(side, text)
        for line, fate in zip(sheet.lines, game.order_fates(sheet, events), strict=True):
            fates[line.text.strip()] = fate
    assert fates["B1: FIRE catapult R1"].startswith("B1 shot its catapult at R1")
    assert "struck B1" not in fates["B1: FIRE catapult R1"]  # hits it took are not its doing
    assert fates["B1: BOARD B2"].startswith("B1 sent 1 boarding party against B2")
    assert fates["R1: FIRE catapult B1"].endswith("It struck B1's hull: 3 hull damage.")
    assert fates["B2: BOARD B3"] == "accepted; nothing came of it that you could see"
