"""Issue 24's small mails: every report mail of the whole demo, played by mail and made
into bytes by the outbox, read back with the stdlib email package: its map is one PNG as
wide as a phone shows it (the close-up over the overview), its images together at most
60 KB and the whole mail at most 150 KB."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from PIL import Image
from sqlalchemy.engine import Engine

from pbem.render.frame import PHONE
from tests.app.helpers import PLAYERS, new_demo_game
from tests.app.test_report_mail_kit import play_by_mail, report_mails, settings_in

IMAGES, WHOLE = 60 * 1024, 150 * 1024


def test_every_report_mail_of_the_demo_is_small_and_its_map_phone_wide(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 29, PLAYERS)  # the demo's every phase
    mails = report_mails(engine, settings)
    assert len(mails) >= 20
    for sent in mails:
        images = [p for p in sent.message.walk() if p.get_content_type().startswith("image/")]
        assert images, sent.subject
        size = sum(len(p.get_payload(decode=True) or b"") for p in images)
        assert size <= IMAGES, (sent.subject, sent.to, size)
        assert len(sent.raw) <= WHOLE, (sent.subject, sent.to, len(sent.raw))
        [png] = [p for p in images if p.get_content_type() == "image/png"]
        picture = Image.open(BytesIO(png.get_payload(decode=True)))
        assert picture.width == PHONE, sent.subject
