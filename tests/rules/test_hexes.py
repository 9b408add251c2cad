from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pbem.rules.ramspeed import hexes

coords = st.tuples(st.integers(-40, 40), st.integers(-40, 40))


def test_neighbours_of_the_rulings_examples() -> None:
    # rulings §1: 0101 has E 0201 and SE 0102; 0102 has NW 0101, NE 0201, E 0202, SE 0203,
    # SW 0103 and W 0002 (off the map)
    corner = hexes.parse_label("0101")
    assert hexes.label(hexes.add(corner, hexes.facing_index("E"))) == "0201"
    assert hexes.label(hexes.add(corner, hexes.facing_index("SE"))) == "0102"
    second = hexes.parse_label("0102")
    found = {name: hexes.label(hexes.add(second, i)) for i, name in enumerate(hexes.FACINGS)}
    assert found == {"NW": "0101", "NE": "0201", "E": "0202", "SE": "0203", "SW": "0103",
                     "W": "0002"}
    assert not hexes.on_map(hexes.add(second, hexes.facing_index("W")), 32, 24)


def test_turning_order_is_clockwise_to_starboard() -> None:
    assert [hexes.FACINGS[(i + 1) % 6] for i in range(6)] == ["SE", "SW", "W", "NW", "NE", "E"]


def test_labels_round_trip() -> None:
    for col in range(1, 33):
        for row in range(1, 25):
            text = f"{col:02d}{row:02d}"
            assert hexes.label(hexes.parse_label(text)) == text


def test_bad_labels_are_refused_with_a_sentence() -> None:
    for text in ("807", "08a7", "0000", "x"):
        try:
            hexes.parse_label(text)
        except ValueError as exc:
            assert "hex" in str(exc)
        else:
            raise AssertionError(text)


@given(coords, coords, coords)
def test_distance_is_a_metric(a: hexes.Hex, b: hexes.Hex, c: hexes.Hex) -> None:
    assert hexes.distance(a, a) == 0
    assert hexes.distance(a, b) == hexes.distance(b, a)
    assert (hexes.distance(a, b) == 0) == (a == b)
    assert hexes.distance(a, c) <= hexes.distance(a, b) + hexes.distance(b, c)


@given(coords, st.integers(0, 5), st.integers(1, 10))
def test_a_step_and_its_opposite_cancel(a: hexes.Hex, facing: int, steps: int) -> None:
    there = hexes.add(a, facing, steps)
    assert hexes.distance(a, there) == steps
    assert hexes.add(there, hexes.opposite(facing), steps) == a


@given(coords, st.integers(0, 5), st.integers(2, 4), st.sampled_from((-1, 1)))
def test_side_row_touches_the_whole_galley(bow: hexes.Hex, facing: int, length: int,
                                           side: int) -> None:
    galley = hexes.footprint(bow, facing, length)
    row = hexes.side_row(bow, facing, length, side)
    assert len(row) == length + 1
    assert not set(row) & set(galley)
    assert all(any(hexes.distance(h, g) == 1 for g in galley) for h in row)
    assert all(any(hexes.distance(h, g) == 1 for h in row) for g in galley)
