"""The league bench: its figures' shape with a clock handed in (speeds are printed by
`pbem bench league`, never asserted)."""

from __future__ import annotations

import itertools
import json

import pytest

from pbem.cli.main import main
from pbem.league.bench import ROUNDS_PLAYED, league_figures, mid_season


def test_figures_are_medians_of_the_clock_handed_in() -> None:
    ticks = itertools.count(step=2_000_000)  # every reading 2 ms after the last
    figures = league_figures(lambda: next(ticks), repeat=3, sizes=(8, 16))
    assert figures["swiss_pair_ms"] == {"8": 2.0, "16": 2.0}
    assert figures["table_ms_16"] == 2.0


def test_mid_season_is_the_same_every_time_and_really_played() -> None:
    entrants, games = mid_season(20)
    assert (entrants, games) == mid_season(20)
    assert {game.round for game in games} == set(range(1, ROUNDS_PLAYED + 1))
    assert all(game.result for game in games if game.second is not None)


def test_the_command_prints_the_figures_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "league", "--json", "--repeat", "1"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures["swiss_pair_ms"]) == {"64", "512"}
    assert figures["table_ms_512"] > 0
