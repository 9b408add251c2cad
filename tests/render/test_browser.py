"""Reports and the static archive opened in a real headless browser (Debian's chromium):
every page at a phone's width (400 px) and a desktop's (1200 px) without scrolling sideways,
every image loads, links resolve, the console shows no errors, and axe-core (through
axe-selenium-python, which carries its own copy of axe.min.js: no network) finds no serious
or critical accessibility violation."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.play import games
from pbem.app.reports import reports
from pbem.app.reports.archive import archive_game
from pbem.app.reports.reports import OBSERVER, Recipient
from tests.app.helpers import new_demo_game, play_demo_phases

pytestmark = pytest.mark.slow  # a real browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
WIDTHS = (400, 1200)
BLOCKING = ("serious", "critical")  # axe's impact levels that fail the test


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    if not (CHROMIUM and DRIVER):
        pytest.skip("no chromium and chromedriver here: `apt-get install chromium "
                    "chromium-driver` (.ci/run does)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--allow-file-access-from-files",
                 "--hide-scrollbars"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    yield driver
    driver.quit()


IMAGES = """
return Array.from(document.images).map(i => [i.currentSrc || i.src, i.complete, i.naturalWidth]);
"""
WIDTH = "return [document.documentElement.scrollWidth, window.innerWidth];"


def _size(driver, width: int) -> None:  # type: ignore[no-untyped-def]
    """Make the page's viewport `width` px wide (the window's frame may take some)."""
    driver.set_window_size(width, 900)
    inner = driver.execute_script("return window.innerWidth;")
    if inner != width:
        driver.set_window_size(2 * width - inner, 900)
    assert driver.execute_script("return window.innerWidth;") == width


def _check_page(driver, path: Path) -> list[str]:  # type: ignore[no-untyped-def]
    """What is wrong with the page at either width: images that did not load, console
    errors, a page wider than the window, axe's serious and critical violations."""
    from axe_selenium_python import Axe

    problems = []
    for width in WIDTHS:
        _size(driver, width)
        driver.get(path.as_uri())
        images = driver.execute_script(IMAGES)
        problems += [f"{src} did not load" for src, done, natural in images
                     if not (done and natural)]
        problems += [f"console: {e['message']}" for e in driver.get_log("browser")
                     if e["level"] == "SEVERE"]
        scrolled, inner = driver.execute_script(WIDTH)
        if scrolled > inner:
            problems.append(f"at {width} px the page is {scrolled} px wide")
    axe = Axe(driver)
    axe.inject()
    found = axe.run()
    problems += [f"axe {v['impact']}: {v['id']} ({v['help']}) at "
                 f"{[node['target'] for node in v['nodes']][:3]}"
                 for v in found["violations"] if v["impact"] in BLOCKING]
    return problems


def _images(driver) -> list[str]:  # type: ignore[no-untyped-def]
    return [src for src, _, _ in driver.execute_script(IMAGES)]


def _links(driver) -> list[str]:  # type: ignore[no-untyped-def]
    return driver.execute_script("return Array.from(document.links).map(a => a.href);")


@pytest.fixture
def played(engine: Engine, db_url: str) -> Engine:
    if not db_url.startswith("sqlite"):
        pytest.skip("the pages do not depend on the database; checked once on SQLite")
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 9)
    return engine


def test_reports_in_a_browser(browser, played: Engine, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for rendered in reports.phase_reports(played, "g1"):
        rendered.write(tmp_path / "files")
    page = next((tmp_path / "files").glob("*-aristides.html"))
    assert _check_page(browser, page) == []
    assert [Path(src).suffix for src in _images(browser)] == [".svg"]  # the map that scales
    # the report as mailed refers to its PNG (compose turns it into the inline part's cid)
    mailed = reports.render_phase(game_id="g1", phase_key="T2-combat", after=_after(played),
                                  events=(), recipients=[Recipient(OBSERVER, None, "UTC")],
                                  deadline=None)[0]
    mailed.write(tmp_path / "mail")
    assert _check_page(browser, tmp_path / "mail" / f"{mailed.basename}.html") == []
    assert [Path(src).suffix for src in _images(browser)] == [".png"]


def _after(engine: Engine):  # type: ignore[no-untyped-def]
    import json

    from pbem.app.base import rulesets
    from pbem.store import repo
    from pbem.store.db import transaction

    with transaction(engine) as session:
        last = [p for p in repo.phases(session, "g1") if p.status == "resolved"][-1]
        return rulesets.load("ramspeed", json.loads(last.state_after or "{}"))


def _site(browser, index: Path) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Every page of the archive reached from its index, each checked: page -> problems."""
    seen: dict[str, list[str]] = {}
    waiting = [index.as_uri()]
    while waiting:
        uri = waiting.pop()
        if uri in seen:
            continue
        seen[uri] = _check_page(browser, Path(uri.removeprefix("file://")))
        waiting += [link.split("#")[0] for link in _links(browser)
                    if link.startswith("file://") and link.split("#")[0] not in seen]
    return seen


def test_every_archive_page_in_a_browser_during_and_after_the_game(  # type: ignore[no-untyped-def]
        browser, played: Engine, tmp_path: Path) -> None:
    during = _site(browser, archive_game(played, "g1", tmp_path / "during"))
    assert len(during) == 1 + 9  # the index and each phase
    assert {page: problems for page, problems in during.items() if problems} == {}
    games.end_game(played, "g1")
    after = _site(browser, archive_game(played, "g1", tmp_path / "after"))
    assert len(after) == 1 + 9 + 1  # and the seed and dice
    assert {page: problems for page, problems in after.items() if problems} == {}
    assert all(Path(page).suffix == ".html" for page in after)
