"""The speed-band speed figures and sample position (benchmark.py): the bench battle's shape
(N ships, turn 2's round 1, two lines abreast facing each other, half the ships within reach of
an enemy by footprint distance and the others beyond reach and missile range, on a table that
holds them), both rounds played through game.play_phase with every computer line accepted, the
figures' keys from a fake clock, and sample(n, seed) the same for the same seed. The figures
themselves are printed by `pbem bench`, never asserted."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

import pytest

from pbem.rules.dice import SeededDice
from pbem.rules.interface import BenchResult, OrderSheet
from pbem.rules.speedband import benchmark
from pbem.rules.speedband.bands import allowed_bands, moving_row
from pbem.rules.speedband.benchmark import SIZES, battle, computer_orders, play_round, rules_figures, sample
from pbem.rules.speedband.shiptypes import FORWARD_BANDS
from pbem.rules.speedband.state import COMBAT, ORDERS, GameState, Phase, Ship, TurnRecord
from pbem.rules.table import footprint_distance, on_table, overlaps

ROMAN_TYPES = ("quinquereme", "quinquereme", "trireme")  # §18's R1-R3, in turn
CARTHAGINIAN_TYPES = ("heptares", "trireme", "trireme")  # C1-C3
BALLISTA_LONG = 16.0  # §12.1, the longest missile range


def _gap(state: GameState, first: Ship, second: Ship) -> float:
    return footprint_distance(first.polygon, second.polygon, state.epsilon)


def _reach(state: GameState, ship: Ship) -> int:
    """The most the ship may write this turn, in tenths (§3.1, §3.2)."""
    row = moving_row(ship, state.options)
    return max(row.band_maximum(band) for band in allowed_bands(ship, state.options)
               if band in FORWARD_BANDS)


def _dice(key: str) -> SeededDice:
    return SeededDice(seed=b"bench", game="bench", phase=key)


@pytest.mark.parametrize("pieces", SIZES)
def test_the_battle_has_two_lines_and_half_the_ships_within_reach(pieces: int) -> None:
    game = battle(pieces)
    assert len(game.ships) == pieces
    assert game.phase == Phase(ORDERS, 2) and game.record == TurnRecord()
    romans, carthaginians = ([s for s in game.ships if s.side == side]
                             for side in ("romans", "carthaginians"))
    assert len(romans) == len(carthaginians) == pieces // 2
    assert [s.type for s in romans] == [ROMAN_TYPES[k % 3] for k in range(pieces // 2)]
    assert [s.type for s in carthaginians] == [CARTHAGINIAN_TYPES[k % 3] for k in range(pieces // 2)]
    middle = game.table.height / 2
    for k, (roman, carthaginian) in enumerate(zip(romans, carthaginians, strict=True)):
        assert (roman.id, carthaginian.id) == (f"R{k + 1}", f"C{k + 1}")
        assert roman.x == carthaginian.x == 6.0 + 4.0 * k  # abreast, 4" apart, face to face
        assert (roman.heading, carthaginian.heading) == (0, 180)
        assert roman.y < middle < carthaginian.y
        assert roman.last_band == carthaginian.last_band == "cruise"
    assert all(on_table(s.polygon, game.table, game.epsilon) for s in game.ships)
    assert not any(overlaps(a.polygon, b.polygon, game.epsilon)
                   for a, b in itertools.combinations(game.ships, 2))
    in_reach = {ship.id for ship in game.ships for enemy in game.ships
                if enemy.side != ship.side and _gap(game, ship, enemy) * 10 <= _reach(game, ship)}
    assert len(in_reach) == pieces // 2
    assert in_reach == {f"{side}{k}" for side in "RC" for k in range(1, pieces // 2 + 1, 2)}
    for roman, carthaginian in zip(romans[::2], carthaginians[::2], strict=True):
        assert _gap(game, roman, carthaginian) == pytest.approx(4.0)  # bow to bow
    for ship in game.ships:
        if ship.id not in in_reach:
            assert min(_gap(game, ship, enemy) for enemy in game.ships
                       if enemy.side != ship.side) > BALLISTA_LONG


def test_the_smallest_battle_worked_by_hand() -> None:
    """8 ships: four columns 4" apart from x = 6 on a 72 x 53 table (6" margins, 30" across
    the far columns, the heptares 5.5" long); middle line y = 26.5; R1 (quinquereme, 5" long)
    with its bow 2" short of it at y = 22, C1 (heptares) at 31.25; the far R2 at 9 and C2
    (trireme, 4") at 43.5."""
    game = battle(8)
    assert (game.options.table_width, game.options.table_height) == (72.0, 53.0)
    where = {s.id: (s.x, s.y) for s in game.ships}
    assert where["R1"] == (6.0, 22.0) and where["C1"] == (6.0, 31.25)
    assert where["R2"] == (10.0, 9.0) and where["C2"] == (10.0, 43.5)
    assert where["R4"] == (18.0, 9.0) and where["C3"] == (14.0, 30.5)  # C3 a trireme
    r1 = game.require("R1")
    assert (r1.corvus, r1.tower, r1.soldier_value, r1.soldiers) == (True, True, 7, 4)
    assert _reach(game, r1) == 80 and _reach(game, game.require("C1")) == 70  # Battle bands


def test_a_big_battle_gets_a_table_wide_enough() -> None:
    game = battle(128)
    assert (game.options.table_width, game.options.table_height) == (264.0, 53.0)  # 12 + 63 x 4
    assert max(s.x for s in game.ships) == 258.0


def test_an_odd_count_gives_the_romans_the_extra_ship_and_one_is_too_few() -> None:
    assert [s.side for s in battle(5).ships].count("romans") == 3
    with pytest.raises(ValueError, match="at least 2"):
        battle(1)


def _every_line_accepted(sheets: Sequence[OrderSheet], texts: dict[str, str]) -> None:
    for sheet in sheets:
        assert sheet.refused == (), [(line.text, line.reason) for line in sheet.refused]
        written = [line for line in texts[sheet.side].splitlines() if line.strip()]
        assert len(sheet.accepted) == len(written) > 0


def test_both_rounds_play_through_play_phase_with_every_computer_line_accepted() -> None:
    start = battle(32)
    first = computer_orders(start)
    assert set(first) == {"romans", "carthaginians"}
    rams = {m.group(1): m.group(2) for text in first.values()
            for m in re.finditer(r"^(\w+): SPEED [\d.]+ .*?RAM (\w+)", text, re.MULTILINE)}
    near = {f"{side}{k}" for side in "RC" for k in range(1, 17, 2)}
    assert set(rams) == near  # every ship within reach rams, and only those
    assert all(target in near and target[0] != rammer[0] for rammer, target in rams.items())
    middle, result, sheets = play_round(start, first, _dice("r1"))
    assert [sheet.side for sheet in sheets] == ["romans", "carthaginians"]
    _every_line_accepted(sheets, first)
    assert middle.phase == Phase(COMBAT, 2)  # round 2 not skipped: there is fire to give
    moved = {item.get("ship") for item in result.events if item.kind == "move"}
    assert moved == {ship.id for ship in start.ships}
    second = computer_orders(middle)
    after, result, sheets = play_round(middle, second, _dice("r2"))
    assert {sheet.side for sheet in sheets} == {"romans", "carthaginians"}
    _every_line_accepted(sheets, second)
    assert any(item.kind == "shot" for item in result.events)
    assert after.phase == Phase(ORDERS, 3)


def test_round_ms_reads_the_clock_handed_in_around_each_round() -> None:
    ticks = itertools.count(step=1_000_000)  # each reading 1 ms after the last
    assert benchmark.round_ms(lambda: next(ticks), 8, 2) == {1: 1.0, 2: 1.0}
    assert next(ticks) == 8_000_000  # two readings per round per run, nothing else


def test_the_figures_name_the_heavier_round_by_size(monkeypatch: pytest.MonkeyPatch) -> None:
    timed = {8: {1: 2.0, 2: 3.0}, 32: {1: 10.0, 2: 4.0}, 128: {1: 50.0, 2: 20.0}}
    runs: dict[int, int] = {}

    def fake_round_ms(clock: object, pieces: int, repeat: int) -> dict[int, float]:
        runs[pieces] = repeat
        return timed[pieces]

    monkeypatch.setattr(benchmark, "round_ms", fake_round_ms)
    result = rules_figures(lambda: 0, 200)
    assert runs == {8: 50, 32: 50, 128: 10}
    assert result.figures == {
        "phase_ms": {"8": 3.0, "32": 10.0, "128": 50.0},
        "round": {"8": "round 2 (combat and the end of the turn)", "32": "round 1 (movement)",
                  "128": "round 1 (movement)"},
        "round_ms": {"1": {"8": 2.0, "32": 10.0, "128": 50.0},
                     "2": {"8": 3.0, "32": 4.0, "128": 20.0}},
        "phase_ratio_128_32": 5.0,
    }
    assert result.lines[1] == ("the heavier round, round 1 (movement), check and resolve,  32 "
                               "ships: 10.000 ms (median)")
    assert result.lines[3] == "128 ships / 32 ships: 5.00"


def test_the_figures_with_a_fake_clock_have_every_key() -> None:
    ticks = itertools.count(step=1_000_000)
    result = rules_figures(lambda: next(ticks), 1)
    assert isinstance(result, BenchResult)
    assert result.figures["phase_ms"] == {"8": 1.0, "32": 1.0, "128": 1.0}
    assert set(result.figures) == {"phase_ms", "round", "round_ms", "phase_ratio_128_32"}
    assert set(result.figures["round_ms"]) == {"1", "2"}
    assert result.figures["phase_ratio_128_32"] == 1.0
    assert len(result.lines) == 4 and "128 ships" in result.lines[2]


def test_the_sample_is_the_same_for_the_same_seed_and_differs_by_seed() -> None:
    first, again, other = sample(40, 5), sample(40, 5), sample(40, 6)
    assert first == again
    assert first.ships != other.ships
    assert len(first.ships) == 40 and first.phase == Phase(ORDERS, 2)
    plain = battle(40)
    for drawn, placed in zip(first.ships, plain.ships, strict=True):
        assert drawn.id == placed.id and abs(drawn.x - placed.x) <= 0.5
        assert drawn.type in (ROMAN_TYPES if drawn.side == "romans" else CARTHAGINIAN_TYPES)
    assert not any(overlaps(a.polygon, b.polygon, first.epsilon)
                   for a, b in itertools.combinations(first.ships, 2))
