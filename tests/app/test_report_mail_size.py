"""Issue 23 §3: reports stay small. The PNG map (issue 24: its close-up and its overview)
rides inline in the HTML part (by their cids), the SVG only for a player who asked for it
(SET MAP svg, kept in the player's settings; pbem.app.reports.mapchoice), no map at all
for one who asked for none; no line of the text part reaches 100 columns; a report mail of
the demo is well under 150 KB."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.reports.mapchoice import map_choice, set_map_choice
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import PlayerRow
from tests.app.helpers import PLAYERS, new_demo_game
from tests.app.test_report_mail_kit import play_by_mail, report_mails, settings_in

LIMIT = 150 * 1024


def _choose(engine: Engine, name: str, value: str) -> str:
    with transaction(engine) as session:
        player = repo.player(session, "g1", name)
        assert player is not None
        said = set_map_choice(player, value)
        session.add(player)
    return said


def test_the_png_is_inline_and_the_svg_only_on_request(engine: Engine,
                                                       tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    assert "scalable SVG" in _choose(engine, "Hanno", "SVG")
    play_by_mail(engine, settings, "g1", 2, PLAYERS)
    for sent in report_mails(engine, settings):
        types = sent.types()
        assert types.count("image/png") == 2  # the close-up and the overview (issue 24)
        for png in (p for p in sent.message.walk() if p.get_content_type() == "image/png"):
            assert png.get_content_disposition() == "inline"
            cid = str(png["Content-ID"]).strip("<>")
            assert f'src="cid:{cid}"' in sent.html
        assert ("image/svg+xml" in types) == (sent.to == "hanno@example.org"), sent.to


def test_a_player_who_asked_for_no_map_gets_the_text_alone(engine: Engine,
                                                           tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    _choose(engine, "Aristides", "none")
    play_by_mail(engine, settings, "g1", 2, PLAYERS)
    mails = report_mails(engine, settings)
    for sent in (m for m in mails if m.to == "aristides@example.org"):
        assert not [t for t in sent.types() if t.startswith("image/")]
        assert "<img" not in sent.html and 'href="#map"' not in sent.html
        assert "WHAT HAPPENED" in sent.text
    plain = next(m for m in mails if m.to == "aristides@example.org")
    pictured = next(m for m in mails if m.to == "hanno@example.org")
    assert len(plain.raw) * 3 < len(pictured.raw) * 2  # (the maps' words at 12 px: smaller)


def test_the_map_setting_is_kept_and_a_wrong_word_is_refused(engine: Engine) -> None:
    new_demo_game(engine)
    with transaction(engine) as session:
        player = repo.player(session, "g1", "Hanno")
        assert player is not None and map_choice(player) == "png"  # the default
        with pytest.raises(ValueError, match="png, svg, none"):
            set_map_choice(player, "jpeg")
        assert map_choice(player) == "png"
    _choose(engine, "Hanno", " none ")
    with transaction(engine) as session:
        kept = session.get(PlayerRow, repo.player(session, "g1", "Hanno").id)  # type: ignore[union-attr]
        assert kept is not None and map_choice(kept) == "none"
        assert '"map": "none"' in kept.settings
    assert map_choice(PlayerRow(game_id="g1", name="x", email="x@example.org",
                                side="blue", settings="not json")) == "png"


def test_report_mails_of_the_demo_are_small_and_their_text_narrow(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 8, PLAYERS)
    mails = report_mails(engine, settings)  # (a briefing's size: test_briefing_map.py)
    assert len(mails) >= 16
    for sent in mails:
        assert len(sent.raw) < LIMIT, (sent.subject, len(sent.raw))
        wide = [line for line in sent.text.splitlines() if len(line) >= 100]
        assert not wide, (sent.subject, wide[:2])
