from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest

from pbem.rules.ramspeed.tables import TableError, default_tables, load_tables, scenario


def _copy(tmp_path: Path) -> Path:
    source = resources.files("pbem.rules.ramspeed").joinpath("data")
    for name in ("galleys.toml", "weapons.toml", "attacks.toml", "damage.toml"):
        shutil.copy(str(source.joinpath(name)), tmp_path / name)
    return tmp_path


def test_tables_match_the_rulebook() -> None:
    tables = default_tables()
    trireme = tables.galleys["trireme"]
    assert (trireme.cost, trireme.capacity, trireme.movement_allowance, trireme.sink) == (48, 5, 3, 30)
    assert [trireme.base_ma(d) for d in (0, 5, 6, 12, 18)] == [3, 3, 2, 1, 0]
    assert tables.ram_shear[("trireme", "bireme")] == 3
    assert tables.grapple[("trireme", "bireme")] == 4
    assert tables.boarding[1][7] == 2 and tables.boarding[3][5] == 1  # the 12.2 examples
    assert any("house rule" in note.lower() or "lengths" in note for note in tables.house_rules)


def test_scenarios_load() -> None:
    assert scenario("squadron").side("blue").budget == 120
    assert scenario("fleet").side("anyone").budget == 220
    convoy = scenario("convoy")
    assert convoy.side("raiders").budget == 300 and convoy.side("nobody") is None
    with pytest.raises(TableError, match="no scenario called 'armada'"):
        scenario("armada")


def test_a_broken_row_is_named(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    text = (folder / "galleys.toml").read_text().replace("cost = 32", "cost = -32")
    (folder / "galleys.toml").write_text(text)
    with pytest.raises(TableError, match=r"galleys.toml, \[\[type\]\] row 2 \(bireme\): field 'cost'"):
        load_tables(folder)


def test_a_short_table_row_is_named(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    text = (folder / "attacks.toml").read_text().replace("bireme      = [4, 3, 2, 1]", "bireme = [4, 3]")
    (folder / "attacks.toml").write_text(text)
    with pytest.raises(TableError, match=r"attacks.toml, \[grapple\] row 'bireme'"):
        load_tables(folder)


SKIRMISH = """
name = "skirmish"
title = "Skirmish"
rule = "house"
columns = 20
rows = 14
victory = "standard"
setup = "roll"
special_rules = ["Small fleets on a small sea."]

[[side]]
name = "athens"
budget = 60

[[side]]
name = "sparta"
budget = 60
"""


def test_a_game_masters_scenario_runs_a_game(tmp_path: Path) -> None:
    from pbem.rules.dice import ForcedDice
    from pbem.rules.ramspeed.game import new_game, play_phase
    from pbem.rules.ramspeed.tables import load_scenario_file

    path = tmp_path / "skirmish.toml"
    path.write_text(SKIRMISH)
    skirmish = load_scenario_file(path, default_tables())
    game = new_game(skirmish)
    assert game.sides == ("athens", "sparta") and game.state.columns == 20
    game, result, _ = play_phase(
        game, [("athens", "A: trireme\nB: penteconter"), ("sparta", "S: trireme catapult")],
        ForcedDice(values=[4, 2]))
    assert [galley for galley, _ in result.rejected] == ["B"]  # 48 + 14 > 60
    assert game.key == "setup-athens" and game.phase.zone == "east"


def test_a_broken_scenario_is_named(tmp_path: Path) -> None:
    from pbem.rules.ramspeed.tables import load_scenario_file

    path = tmp_path / "broken.toml"
    path.write_text(SKIRMISH.replace('budget = 60\n\n[[side]]', 'budget = "lots"\n\n[[side]]'))
    with pytest.raises(TableError, match=r"broken.toml, \[\[side\]\] row 1: field 'budget'"):
        load_scenario_file(path, default_tables())
    path.write_text(SKIRMISH.replace('victory = "standard"', 'victory = "sudden death"'))
    with pytest.raises(TableError, match="victory 'sudden death'"):
        load_scenario_file(path, default_tables())


@pytest.mark.parametrize(("side", "words"), [
    ("draw", "not 'draw'"),  # a drawn game's winner is "draw" (rulings §14)
    ("two words", "must be 1 to 20 letters"),
    ("", "must be 1 to 20 letters"),
])
def test_a_side_name_that_could_be_misread_is_refused(side: str, words: str) -> None:
    from pbem.rules.ramspeed.tables import scenario_from_text

    text = SKIRMISH.replace('name = "athens"', f'name = "{side}"', 1)
    assert text != SKIRMISH
    with pytest.raises(TableError, match=words):
        scenario_from_text(text, "mine.toml", default_tables())
    with pytest.raises(TableError, match="different names"):
        scenario_from_text(SKIRMISH.replace('name = "sparta"', 'name = "athens"', 1),
                           "mine.toml", default_tables())
