"""Issue 24: a briefing's map is the report mails' phone pair too: the close-up (of the
reader's own pieces and the enemy's nearest, or the whole board when none is placed yet) at
a phone's width, then the overview under it, both inline by their Content-IDs; the SVG only
on request (SET MAP svg)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from sqlalchemy.engine import Engine

from pbem.app.play import games
from pbem.golden import load
from pbem.render.frame import PHONE
from tests.app.helpers import DEMO
from tests.app.test_report_mail_kit import report_mails, settings_in


def test_a_briefing_carries_the_close_up_and_the_overview_at_a_phone_s_width(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    golden = load(DEMO)
    games.create_game(engine, games.GameSpec(
        game_id="g1", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10,
        players=(games.PlayerSpec("Aristides", "aristides@example.org", "blue"),
                 games.PlayerSpec("Hanno", "hanno@example.org", "red"))), mail=settings)
    briefings = report_mails(engine, settings, "briefing")
    assert len(briefings) == 2
    for sent in briefings:
        pictures = [part for part in sent.message.walk()
                    if part.get_content_type() == "image/png"]
        assert len(pictures) == 2, sent.types()  # the close-up, then the overview
        closeup, overview = (Image.open(io.BytesIO(part.get_content())) for part in pictures)
        assert closeup.width == PHONE and overview.width == PHONE
        assert closeup.height > overview.height  # the overview is the whole board, small
        for part in pictures:
            assert part.get_content_disposition() == "inline"
            assert f'src="cid:{str(part["Content-ID"]).strip("<>")}"' in sent.html
        assert 'class="closeup"' in sent.html and 'class="overview"' in sent.html
        assert "image/svg+xml" not in sent.types()
        assert sum(len(part.get_content()) for part in pictures) <= 60 * 1024
        assert len(sent.raw) <= 150 * 1024
