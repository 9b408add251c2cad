"""Victory (14.0, 15.3) and the draw of rulings §14: both sides at one check, never
depending on the order the galleys are listed in."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest

from pbem.cases import read_case
from pbem.rules.dice import ForcedDice
from pbem.rules.interface import PhaseSpec
from pbem.rules.ramspeed import hexes, phases
from pbem.rules.ramspeed.cases import load_case
from pbem.rules.ramspeed.state import LEFT_MAP, SUNK, Galley
from pbem.rules.ramspeed.tables import default_tables
from pbem.rules.ramspeed.victory import DRAW, winner
from pbem.rules.ramspeed.view import galley_json

CASES = Path(__file__).parents[1] / "cases"


def _galley(gid: str, side: str, kind: str, **changes: Any) -> Galley:
    return replace(Galley(id=gid, side=side, type=kind), **changes)


BLUE_SUNK = _galley("A", "blue", "trireme", status=SUNK)
RED_SUNK = _galley("X", "red", "trireme", status=SUNK)


@pytest.mark.parametrize(("galleys", "expected"), [
    ([BLUE_SUNK, RED_SUNK], DRAW),
    ([BLUE_SUNK, _galley("X", "red", "trireme")], "red"),
    ([_galley("A", "blue", "trireme"), _galley("X", "red", "trireme")], None),
    # 3 of 4 points each way, one by sinking and one by capture
    ([_galley("A", "blue", "penteconter"), _galley("B", "blue", "trireme", status=SUNK),
      _galley("X", "red", "trireme", controller="blue"), _galley("Y", "red", "penteconter")],
     DRAW),
], ids=["both sunk", "one side", "nobody", "sunk and captured"])
def test_both_sides_at_one_check_is_a_draw_in_any_order(galleys: list[Galley],
                                                        expected: str | None) -> None:
    for order in permutations(galleys):
        assert winner(order, "standard", default_tables()) == expected


def _merchantman(number: int, **changes: Any) -> Galley:
    return _galley(f"M{number}", "convoy", "bireme", merchantman=True, **changes)


def test_a_convoy_that_escapes_and_is_lost_at_once_draws() -> None:
    """15.3 with six merchantmen (a game master's scenario): three out, three sunk."""
    escaped = [_merchantman(n, status=LEFT_MAP, exit_edge="north",
                            bow=hexes.from_offset(0, 0), facing=5)
               for n in (1, 2, 3)]
    sunk = [_merchantman(n, status=SUNK) for n in (4, 5, 6)]
    raider = _galley("R1", "raiders", "trireme")
    galleys = [*escaped, *sunk, raider]
    assert winner(galleys, "convoy", default_tables()) == DRAW
    assert winner([*escaped, raider], "convoy", default_tables()) == "convoy"
    assert winner([*sunk, raider], "convoy", default_tables()) == "raiders"


def _resolve(path: Path, order: tuple[int, ...]) -> tuple[str | None, dict[str, Any]]:
    """Play a case's phase with its galleys listed in another order; the winner and each
    galley's state."""
    case = read_case(path)
    state = load_case(case, path.name)
    state = replace(state, galleys=tuple(state.galleys[i] for i in order))
    table = case["phase"]
    spec = PhaseSpec(table["kind"], table.get("side", ""), "")
    texts = (list(table["orders_by_side"].items()) if "orders_by_side" in table
             else [(spec.side, table["orders"])])
    sheets = [phases.check(state, PhaseSpec(spec.kind, side, ""), text)[0]
              for side, text in texts]
    dice = ForcedDice(values=list(table["dice"]))
    result = phases.resolve(state, spec, sheets, dice)
    dice.finish()
    return result.state.winner, {g.id: galley_json(g) for g in result.state.galleys}


@pytest.mark.parametrize("name", [
    "14.0_draw_both_fleets_sunk_by_missiles.toml",
    "14.0_draw_both_sides_capture.toml",
    "14.0_victory_after_each_movement_action.toml",
    "14.0_victory_example.toml",
])
def test_the_result_never_depends_on_the_order_galleys_are_listed(name: str) -> None:
    path = CASES / name
    state = load_case(read_case(path), path.name)
    first = _resolve(path, tuple(range(len(state.galleys))))
    assert first[0] is not None
    for order in permutations(range(len(state.galleys))):
        assert _resolve(path, order) == first, order
