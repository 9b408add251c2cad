"""A report and the static archive opened in a real headless browser (Debian's chromium):
every map image loads, links resolve, and the console shows no errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import reports
from tests.app.helpers import new_demo_game, play_demo_phases

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


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
                 "--no-first-run", "--disable-sync", "--allow-file-access-from-files"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    yield driver
    driver.quit()


IMAGES = """
return Array.from(document.images).map(i => [i.getAttribute('src'), i.complete, i.naturalWidth]);
"""


def _check_page(driver, path: Path) -> list[str]:  # type: ignore[no-untyped-def]
    driver.get(path.as_uri())
    images = driver.execute_script(IMAGES)
    problems = [f"{src} did not load" for src, done, width in images if not (done and width)]
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    return problems + errors + ([] if images else ["no image on the page"])


def test_report_and_archive_in_a_browser(browser, engine: Engine, tmp_path: Path,  # type: ignore[no-untyped-def]
                                         db_url: str) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("the pages do not depend on the database; checked once on SQLite")
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 9)
    for rendered in reports.phase_reports(engine, "g1"):
        rendered.write(tmp_path / "reports")
    report = next((tmp_path / "reports").glob("*-aristides.html"))
    assert _check_page(browser, report) == []
    index = reports.archive_game(engine, "g1", tmp_path / "archive")
    assert _check_page(browser, index) == ["no image on the page"]  # the index is a list
    links = browser.execute_script(
        "return Array.from(document.links).map(a => a.href);")
    pages = [link for link in links if link.endswith(".html")]
    assert len(pages) == 9
    for page in pages:
        assert _check_page(browser, Path(page.removeprefix("file://"))) == [], page
