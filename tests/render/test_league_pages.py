"""A season's public pages in a real headless browser, as the game archive is checked
(tests/render/test_browser.py): at phone and desktop width, every image loads, no console
error, nothing wider than the window, no serious axe violation; every link resolves."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import gm
from pbem.app.league import entries, league
from pbem.app.league.league_archive import archive_season, rating_chart
from tests.app.test_league import _season, autoplay
from tests.render.test_browser import _check_page, _links, browser  # noqa: F401 - fixture

pytestmark = pytest.mark.slow  # a real browser


@pytest.fixture
def season(engine: Engine, db_url: str) -> Engine:
    if not db_url.startswith("sqlite"):
        pytest.skip("the pages do not depend on the database; checked once on SQLite")
    _season(engine, "club", "round-robin", 5, 5)
    paired = league.start(engine, "club")
    autoplay(engine, paired.games[0], seed=1)
    gm.end(engine, paired.games[1], None, winner="draw")
    league.next_round(engine, "club")
    entries.drop(engine, "club", "Player 02")
    return engine


def test_the_season_pages_in_a_browser(browser, season: Engine, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    index = archive_season(season, "club", tmp_path / "site")
    seen: dict[str, list[str]] = {}
    waiting = [index.as_uri()]
    games: set[str] = set()
    while waiting:
        uri = waiting.pop()
        if uri in seen:
            continue
        seen[uri] = _check_page(browser, Path(uri.removeprefix("file://")))
        for link in (link.split("#")[0] for link in _links(browser)):
            if "/games/" in link:
                games.add(link)  # each game's archive is checked by test_browser.py
            elif link.startswith("file://") and link not in seen:
                waiting.append(link)
    assert {page: problems for page, problems in seen.items() if problems} == {}
    assert len(seen) == 1 + 2 + 5  # the table, two rounds, five players
    assert games and all(Path(link.removeprefix("file://")).is_file() for link in games)
    text = index.read_text(encoding="utf-8")
    assert "Crosstable" in text and "@club.example" not in text  # no address is published
    assert "Player 02</a> (left)" in text


def test_the_rating_chart_is_an_svg_with_a_point_a_step() -> None:
    chart = rating_chart("Ann", [25.0, 27.6, 26.1])
    assert chart.startswith("<svg") and chart.count("<circle") == 3
    assert "<title>Ann: rating</title>" in chart and ">27.6<" in chart
