"""The `[[land]]` and `[[current]]` rows of Wooden Walls cases (rowstate.terrain_from_rows, shared
with scenario files; §1 terrain = land_current, §7.5, §7.10): each bad value refused by a sentence
naming the row and key."""

from __future__ import annotations

import pytest

from pbem.rules.woodenwalls.cases import load_case
from pbem.rules.woodenwalls.rowstate import terrain_from_rows
from pbem.rules.woodenwalls.rowvalues import RowError

SQUARE = [[0, 0], [0, 2], [2, 2], [2, 0]]


def test_land_and_current_read() -> None:
    terrain = terrain_from_rows([{"corners": SQUARE}],
                                [{"corners": SQUARE, "heading": 90, "strength": "strong"}])
    assert len(terrain.land) == 1
    assert terrain.currents[0].heading == 90.0
    assert terrain.currents[0].strength == "strong"


def test_current_strength_defaults_to_weak() -> None:
    terrain = terrain_from_rows([], [{"corners": SQUARE, "heading": 0}])
    assert terrain.currents[0].strength == "weak"


@pytest.mark.parametrize(("corners", "words"), [
    ([[0, 0], [1, 1]], "at least three"),
    ([[0, 0], [0, 1], [1]], "[x, y] points"),
    ([[0, 0], [0, "a"], [1, 1]], "[[land]] 1 y"),
    ("square", "at least three"),
])
def test_bad_land_corners_refused(corners: object, words: str) -> None:
    with pytest.raises(RowError, match="land") as wrong:
        terrain_from_rows([{"corners": corners}], [])
    assert words in str(wrong.value)


def test_bad_strength_refused() -> None:
    with pytest.raises(RowError, match=r"\[\[current\]\] 1 strength is one of weak, strong"):
        terrain_from_rows([], [{"corners": SQUARE, "heading": 0, "strength": "gentle"}])


def test_bad_heading_and_missing_heading_refused() -> None:
    with pytest.raises(RowError, match=r"\[\[current\]\] 1 heading"):
        terrain_from_rows([], [{"corners": SQUARE, "heading": 400}])
    with pytest.raises(RowError, match="needs the heading"):
        terrain_from_rows([], [{"corners": SQUARE}])


def test_unknown_key_refused() -> None:
    with pytest.raises(RowError, match=r"\[\[land\]\] 1 has 'depth'"):
        terrain_from_rows([{"corners": SQUARE, "depth": 2}], [])
    with pytest.raises(RowError, match=r"\[\[current\]\] 1 has 'speed'"):
        terrain_from_rows([], [{"corners": SQUARE, "heading": 0, "speed": 1}])


def test_not_a_list_of_tables_refused() -> None:
    with pytest.raises(RowError, match=r"a case lists \[\[land\]\] tables"):
        terrain_from_rows({"corners": SQUARE}, [])


def test_case_sets_terrain() -> None:
    ship = {"id": "X", "side": "rhodes", "type": "trireme", "quality": "ABLE", "x": 5, "y": 5,
            "heading": 0, "speed": 0}
    case = {"ship": [ship], "land": [{"corners": SQUARE}],
            "current": [{"corners": SQUARE, "heading": 180, "strength": "weak"}]}
    state = load_case(case, "t")
    assert len(state.terrain.land) == 1
    assert state.terrain.currents[0].heading == 180.0
