"""Issue 24, phone first: a report mail's HTML part with its map, opened in Chromium at
400 and 1,200 CSS px. The map's labels are painted 12 px high in the close-up, a PNG 400 px
wide (tests/render/test_frame.py), so a label shows at least 12 CSS px high wherever that
image is shown at least as wide as it is painted; the overview under it is shown too, no
wider than the close-up; the page never scrolls sideways."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.render.frame import PHONE
from tests.app.helpers import PLAYERS, new_demo_game
from tests.app.test_report_mail_kit import play_by_mail, report_mails, settings_in
from tests.render.test_browser import _size, browser  # noqa: F401  (the fixture)

LABEL = 12  # px, as painted (tests/render/test_frame.py checks it)
SHOWN = """
const map = document.querySelector('#map img.closeup');
const whole = document.querySelector('#map img.overview');
return [map.complete, map.naturalWidth, map.getBoundingClientRect().width,
        document.documentElement.scrollWidth, window.innerWidth,
        whole.complete && whole.naturalWidth > 0, whole.getBoundingClientRect().width,
        map.compareDocumentPosition(whole) & Node.DOCUMENT_POSITION_FOLLOWING];
"""


@pytest.mark.parametrize("width", [400, 1200])
def test_the_map_s_labels_are_12_css_px_on_a_phone_and_a_desk(
        browser, engine: Engine, tmp_path: Path, width: int) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 2, PLAYERS)
    sent = report_mails(engine, settings)[-1]
    html = sent.html
    for n, png in enumerate(p for p in sent.message.walk() if p.get_content_type() == "image/png"):
        cid = str(png["Content-ID"]).strip("<>")  # the close-up's first, then the overview's
        (tmp_path / f"map{n}.png").write_bytes(png.get_payload(decode=True))
        html = html.replace(f"cid:{cid}", f"map{n}.png")
    assert 'src="map0.png"' in html and 'src="map1.png"' in html
    page = tmp_path / "report.html"
    page.write_text(html, encoding="utf-8")
    _size(browser, width)
    browser.get(page.as_uri())
    complete, natural, shown, scrolled, inner, whole, whole_shown, below = \
        browser.execute_script(SHOWN)
    assert complete and natural == PHONE
    assert LABEL * shown / natural >= LABEL - 0.01, (width, shown)
    assert whole and 0 < whole_shown <= shown + 0.01 and below, (width, whole_shown)
    assert scrolled <= inner, (width, scrolled, inner)
