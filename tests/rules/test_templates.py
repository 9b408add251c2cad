"""The order templates a player starts from: the build template tells the budget, the costs
and room, and its example builds; the set-up template's example lines place every galley
legally, all of them at once."""

from __future__ import annotations

import random

import pytest

from pbem.app.base import rulesets
from pbem.rules.dice import SeededDice
from pbem.rules.interface import GameValue
from pbem.rules.ramspeed.tables import default_tables

SCENARIOS = [s.name for s in rulesets.plugin("ramspeed").scenarios()]


def _uncommented(template: tuple[str, ...], start: str) -> str:
    return "".join(line[2:] + "\n" for line in template if line.startswith(f"# {start}"))


def _built(name: str) -> GameValue:
    game = rulesets.start("ramspeed", name, {})
    orders = [(side, game.autoplay_orders(side, random.Random(7))) for side in game.owes()]
    game, _, _ = game.play(orders, SeededDice(seed=b"seed", game="g", phase=game.key))
    return game


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_build_template_tells_the_prices_and_its_example_builds(name: str) -> None:
    game = rulesets.start("ramspeed", name, {})
    tables = default_tables()
    for side in game.owes():
        template = game.order_template(side)
        assert all(line.startswith("# ") for line in template)  # sent back as is: nothing
        text = "\n".join(template)
        for galley, kind in tables.galleys.items():
            assert f"{galley} {kind.cost} BP, room {kind.capacity}, MA " \
                   f"{kind.movement_allowance}" in text
        for weapon, kind in tables.weapons.items():
            assert f"{weapon} {kind.cost} BP, room " in text
        example = template[-1][2:]
        sheet = game.check(side, example)
        assert [line.status for line in sheet.lines] == ["accepted"], (example, sheet)


def test_a_budget_and_fixed_forces_are_told() -> None:
    squadron = rulesets.start("ramspeed", "squadron", {})
    assert "# Budget: 120 Build Points" in "\n".join(squadron.order_template("blue"))
    convoy = rulesets.start("ramspeed", "convoy", {})
    told = "\n".join(convoy.order_template("convoy"))
    assert "# Your side builds exactly: 5 merchantmen, 2 quinqueremes." in told


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_set_up_examples_place_every_galley_legally(name: str) -> None:
    game = _built(name)
    while not game.over and game.phase.kind == "setup":
        side = game.owes()[0]
        template = game.order_template(side)
        text = "\n".join(line[2:] for line in template
                         if line.startswith("# ") and ":" in line
                         and line[2:].split(":")[1].strip()[:4].isdigit())
        assert len(text.splitlines()) == len(game.pieces_of(side)) > 0
        sheet = game.check(side, text)
        assert all(line.status == "accepted" for line in sheet.lines), sheet
        game, result, _ = game.play([(side, text)], SeededDice(seed=b"seed", game="g", phase=game.key))
        assert not any(e.kind == "placed" for e in result.events)  # none left to the judge
