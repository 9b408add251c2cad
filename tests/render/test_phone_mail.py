"""Issue 24's small mails, phone first: every report mail of the whole demo, played by mail
and made into bytes by the outbox, read back with the stdlib email package. Its map is two
PNGs as wide as a phone shows them, inline in the HTML by their own Content-IDs: the
close-up first, shown at the column's whole width, and the overview under it, both scaling;
its images together at most 60 KB and the whole mail at most 150 KB."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

from PIL import Image
from sqlalchemy.engine import Engine

from pbem.render.frame import PHONE
from tests.app.helpers import PLAYERS, new_demo_game
from tests.app.test_report_mail_kit import play_by_mail, report_mails, settings_in

IMAGES, WHOLE = 60 * 1024, 150 * 1024
IMG = re.compile(r"<img ([^>]*)>")


def _attribute(tag: str, name: str) -> str:
    found = re.search(rf'{name}="([^"]*)"', tag)
    assert found, (name, tag)
    return found.group(1)


def test_every_report_mail_of_the_demo_is_small_and_its_two_maps_phone_wide(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 29, PLAYERS)  # the demo's every phase
    mails = report_mails(engine, settings)
    assert len(mails) >= 20
    largest_images = largest_mail = 0
    for sent in mails:
        images = [p for p in sent.message.walk() if p.get_content_type().startswith("image/")]
        assert images, sent.subject
        size = sum(len(p.get_payload(decode=True) or b"") for p in images)
        assert size <= IMAGES, (sent.subject, sent.to, size)
        assert len(sent.raw) <= WHOLE, (sent.subject, sent.to, len(sent.raw))
        largest_images, largest_mail = max(largest_images, size), max(largest_mail, len(sent.raw))
        pngs = [p for p in images if p.get_content_type() == "image/png"]
        assert len(pngs) == 2, (sent.subject, sent.to)  # the close-up and the overview
        cids = [str(p["Content-ID"]).strip("<>") for p in pngs]
        assert len(set(cids)) == 2 and all(p.get_content_disposition() == "inline" for p in pngs)
        closeup, overview = (Image.open(BytesIO(p.get_payload(decode=True))) for p in pngs)
        assert closeup.width == overview.width == PHONE, sent.subject
        tags = IMG.findall(sent.html)
        assert [_attribute(tag, "src") for tag in tags] == [f"cid:{cid}" for cid in cids]
        first, second = tags
        assert 'class="closeup"' in first and 'class="overview"' in second
        for tag in tags:  # both scale with the column, neither wider than it
            shown = _attribute(tag, "style")
            assert "max-width:" in shown and "height:auto" in shown, tag
        assert "width:100%;max-width:100%" in _attribute(first, "style")
    print(f"largest images {largest_images} bytes, largest mail {largest_mail} bytes")
