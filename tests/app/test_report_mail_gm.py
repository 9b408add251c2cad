"""Issue 23 §3: the game master of a game with a GM address is mailed every phase's full
report, the game master's view (not the observer's); hidden information still reaches no
player: under Ram Speed's secret records a player's report holds none of what only the game
master's shows."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import Engine

from tests.app.helpers import PLAYERS, new_demo_game
from tests.app.test_report_mail_kit import play_by_mail, report_mails, settings_in

GM = "gm@example.org"
SECRET = (("secret_hit_locations", True), ("secret_records", True))


def test_the_game_master_is_mailed_each_phase_s_full_report(engine: Engine,
                                                            tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine, gm_email=GM)
    play_by_mail(engine, settings, "g1", 3, PLAYERS)
    to_gm = [sent for sent in report_mails(engine, settings) if sent.to == GM]
    assert [sent.subject for sent in to_gm] == [
        "g1 — build (4.2): the game master's report",
        "g1 — set-up of blue (4.4): the game master's report",
        "g1 — set-up of red (4.4): the game master's report"]
    for sent in to_gm:
        assert "For the game master: everything, hidden or not." in sent.text
        assert "image/png" in sent.types()
    # the game master sees both sides' orders; each player only their own side's
    build = to_gm[0].text
    assert "A: trireme catapult archer 2 bp" in build and "X: quinquereme catapult" in build


def test_no_game_master_address_no_game_master_report(engine: Engine,
                                                      tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 1, PLAYERS)
    assert {sent.to for sent in report_mails(engine, settings)} == {
        "aristides@example.org", "hanno@example.org"}


def test_a_player_s_report_under_secret_records_holds_nothing_only_the_gm_sees(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine, gm_email=GM, options=SECRET)
    play_by_mail(engine, settings, "g1", 3, PLAYERS)
    made = {(sent.to, sent.subject.split(": ")[0]): sent for sent in report_mails(
        engine, settings)}
    gm = made[(GM, "g1 — set-up of red (4.4)")]
    hanno = made[("hanno@example.org", "g1 — set-up of red (4.4)")]
    blue_record = "archer, archer"  # blue's galley B: its weapons are blue's secret
    assert blue_record in gm.text and blue_record in gm.html
    for part in (hanno.text, hanno.html, hanno.raw.decode("ascii", "replace")):
        assert blue_record not in part
    assert "B: trireme archer archer" not in hanno.text  # nor blue's orders
