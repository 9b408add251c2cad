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


def test_the_standing_counts_what_the_rules_count() -> None:
    """The report's victory numbers come from the rules: a merchantman off the south or
    east edge, or off the north edge too far from the corner, has not escaped (15.3)."""
    from pbem.rules.ramspeed.present import report_sections
    from pbem.rules.ramspeed.victory import standing

    out = _merchantman(1, status=LEFT_MAP, exit_edge="north", bow=hexes.from_offset(0, 0),
                       facing=5)
    wrong_edge = _merchantman(2, status=LEFT_MAP, exit_edge="east",
                              bow=hexes.from_offset(0, 0), facing=0)
    too_far = _merchantman(3, status=LEFT_MAP, exit_edge="north",
                           bow=hexes.from_offset(9, 0), facing=5)
    taken = _merchantman(4, controller="raiders")
    raider = _galley("R1", "raiders", "trireme")
    galleys = [out, wrong_edge, too_far, taken, raider]
    counts = standing(galleys, "convoy", default_tables())
    assert (counts["escaped"], counts["sunk_or_taken"], counts["needed"]) == (1, 1, 3)
    assert (counts["convoy"], counts["raiders"]) == ("convoy", ["raiders"])
    rows = report_sections({"galleys": {}}, None, counts)[-1].rows
    assert rows == (("convoy", "merchantmen escaped 1 of 3 needed (off the north or west edge "
                     "within 8 hexes of 0101)"),
                    ("raiders", "merchantmen sunk or taken 1 of 3 needed"))
    # two thirds of the enemy's points, rounded up; a capture counts for the captor
    fleet = [_galley("A", "blue", "trireme"), _galley("B", "blue", "penteconter"),
             _galley("X", "red", "trireme", controller="blue"), _galley("Y", "red", "trireme")]
    numbers = standing(fleet, "standard", default_tables())["sides"]
    tri = default_tables().galleys["trireme"].victory_points
    pente = default_tables().galleys["penteconter"].victory_points
    assert numbers["blue"] == {"taken": tri, "of": 2 * tri, "needed": -(-4 * tri // 3)}
    assert numbers["red"] == {"taken": 0, "of": tri + pente,
                              "needed": -(-2 * (tri + pente) // 3)}
