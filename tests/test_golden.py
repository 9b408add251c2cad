"""Golden games replay exactly; a changed order file is caught."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from pbem.golden import differences, load, outcome

GAMES = sorted(p for p in (Path(__file__).parent / "games").iterdir() if p.is_dir())


def test_golden_games_cover_squadron_and_convoy_to_victory() -> None:
    names = {p.name for p in GAMES}
    assert {"squadron", "convoy-escape", "convoy-raid"} <= names
    winners = {p.name: outcome(load(p))[0]["winner"] for p in GAMES}
    assert winners["squadron"] in ("blue", "red")
    assert winners["convoy-escape"] == "convoy" and winners["convoy-raid"] == "raiders"
    assert winners["greeks-romans"] in ("greeks", "romans")  # the open-table game too
    assert winners["ram-cruise"] in ("carthage", "rome")  # and the ram/cruise one
    assert winners["speed-band"] in ("romans", "carthaginians")  # and the speed-band one
    assert winners["wooden-walls"] in ("rhodes", "macedon")  # and Wooden Walls


@pytest.mark.parametrize("folder", GAMES, ids=[p.name for p in GAMES])
def test_golden_game_replays_exactly(folder: Path) -> None:
    assert differences(folder) == []
    _, log = outcome(load(folder))
    assert all(not phase["refused"] for phase in log), "the greedy player wrote an illegal order"
    kinds = {event["kind"] for phase in log for event in phase["events"]}
    assert KINDS[load(folder).ruleset] <= kinds


KINDS = {  # what every golden game of a ruleset must have shown happening at least once
    "ramspeed": {"move", "fire", "initiative", "victory"},
    "greeks-romans": {"initiative", "bonus", "move", "strike", "archery", "board", "capture",
                      "victory"},
    "ram-cruise": {"move", "ram", "fire", "grapple", "melee", "morale", "rout", "sinking",
                   "victory"},
    "speed-band": {"initiative", "activate", "move", "ram", "ram_damage", "avoided", "grapple",
                   "cut", "corvus", "shot", "melee_round", "morale", "flee", "surrender",
                   "victory"},
    "wooden-walls": {"card", "first_player", "activation", "advance", "turn", "collision", "ram",
                     "hole", "sink", "shot", "hit", "grapple", "capture", "morale",
                     "flag", "victory"},
}


def test_a_changed_order_is_noticed(tmp_path: Path) -> None:
    copy = tmp_path / "squadron"
    shutil.copytree(GAMES[[p.name for p in GAMES].index("squadron")], copy)
    orders = sorted((copy / "orders").glob("T2-move-*.txt"))
    assert orders
    orders[0].write_text("# changed my mind: everyone stays\n", encoding="utf-8")
    assert differences(copy) != []


def test_a_changed_seed_is_noticed(tmp_path: Path) -> None:
    copy = tmp_path / "convoy-raid"
    shutil.copytree(GAMES[[p.name for p in GAMES].index("convoy-raid")], copy)
    config = copy / "game.toml"
    text = config.read_text()
    changed = re.sub(r'seed = "(\d+)"', lambda m: f'seed = "{int(m.group(1)) + 1}"', text)
    assert changed != text
    config.write_text(changed, encoding="utf-8")
    assert differences(copy) != []


def test_a_changed_report_is_noticed(tmp_path: Path) -> None:
    copy = tmp_path / "convoy-raid"
    shutil.copytree(GAMES[[p.name for p in GAMES].index("convoy-raid")], copy)
    report = sorted((copy / "expected" / "reports").glob("*.txt"))[0]
    report.write_text(report.read_text().replace("VICTORY", "VICTORIES"), encoding="utf-8")
    assert differences(copy) == [f"report {report.name} differs from expected/reports/"
                                 f"{report.name}"]
