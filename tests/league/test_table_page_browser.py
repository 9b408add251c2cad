"""The season's table page at a phone's width (400 px) in the real headless browser of
tests/render/test_browser.py: the Points column is on the screen without scrolling the
table, next to the player's name (issue 23 §4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import gm
from pbem.app.league import league
from pbem.app.league.league_archive import archive_season
from tests.app.test_league import _season
from tests.render.test_browser import _size, browser  # noqa: F401 - fixture

pytestmark = pytest.mark.slow  # a real browser

HEADERS = """
return Array.from(document.querySelectorAll('table')[0].querySelectorAll('th')).map(
    th => [th.textContent.trim(), th.getBoundingClientRect().left,
           th.getBoundingClientRect().right]);
"""
CELLS = """
return Array.from(document.querySelectorAll('table')[0].rows).slice(1).map(
    row => [row.cells[1].textContent.trim(), row.cells[2].textContent.trim(),
            row.cells[2].getBoundingClientRect().right]);
"""


@pytest.fixture
def season(engine: Engine, db_url: str) -> Engine:
    if not db_url.startswith("sqlite"):
        pytest.skip("the page does not depend on the database; checked once on SQLite")
    _season(engine, "a-long-season-name", "round-robin", 4, 3)
    paired = league.start(engine, "a-long-season-name")
    gm.end(engine, paired.games[0], None, winner="blue")
    gm.end(engine, paired.games[1], None, winner="draw")
    league.next_round(engine, "a-long-season-name")
    return engine


def test_points_stay_on_the_screen_at_400_px(browser, season: Engine,  # type: ignore[no-untyped-def]  # noqa: F811
                                              tmp_path: Path) -> None:
    index = archive_season(season, "a-long-season-name", tmp_path / "site")
    _size(browser, 400)
    browser.get(index.as_uri())
    width = browser.execute_script("return window.innerWidth;")
    headers = {name: (left, right) for name, left, right in browser.execute_script(HEADERS)}
    assert "Points" in headers
    left, right = headers["Points"]
    assert left >= 0 and right <= width, f"Points at {left}-{right} px of {width}"
    cells = browser.execute_script(CELLS)
    assert len(cells) == 4
    for player, points, right in cells:
        assert points in ("1½", "1", "½", "0") and right <= width, (player, points, right)


def test_the_table_page_puts_points_beside_the_player(season: Engine, tmp_path: Path) -> None:
    """Without a browser, the structure: Points is the column after the player's name."""
    index = archive_season(season, "a-long-season-name", tmp_path / "site")
    html = index.read_text(encoding="utf-8")
    header = html[html.index("<h2>Table</h2>"):].split("</tr>")[0]
    columns = [cell.split(">", 1)[1].split("<", 1)[0] for cell in header.split("<th")[1:]]
    assert columns[:3] == ["#", "Player", "Points"]
