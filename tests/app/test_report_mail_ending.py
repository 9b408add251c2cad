"""Issue 23 §2, §3: the last phase's report always goes, to every player and the game
master, as the final report; under the speed-band rules' hidden records a player's reports
never hold what only the game master's show. The speed-band demo, played to its end by mail."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import Engine

from pbem.app.play import games
from tests.app.helpers import ROOT
from tests.app.test_report_mail_kit import (
    address_of,
    new_game_from,
    play_by_mail,
    report_mails,
    settings_in,
)

DEMO_SB = ROOT / "orders" / "demo-speed-band"
GM = "gm@example.org"


def test_the_speed_band_demo_by_mail_ends_with_a_final_report_to_everyone(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    players = new_game_from(engine, DEMO_SB, "sb", settings, gm_email=GM)
    play_by_mail(engine, settings, "sb", 8, players, folder=DEMO_SB)
    assert games.show_game(engine, "sb")["status"] == "over"
    mails = report_mails(engine, settings)
    final = [sent for sent in mails if sent.subject.endswith("final report")]
    readers = {address_of(name) for name in players.values()} | {GM}
    assert {sent.to for sent in final} == readers
    assert all("THE END" in sent.text and "Seed (revealed)" in sent.text for sent in final)
    # every phase's report reached every reader: each side owed orders in every phase
    assert len(mails) == 8 * len(readers)
    gm_texts = [sent.text for sent in mails if sent.to == GM]
    assert all("For the game master: everything, hidden or not." in t for t in gm_texts)
    for sent in mails:
        if sent.to != GM:
            assert "For the game master" not in sent.text
            assert len(sent.raw) < 150 * 1024, (sent.subject, len(sent.raw))


def _crews(text: str) -> dict[str, str]:
    """The CREWS table of a speed-band report: ship -> the rest of its row."""
    table = text.replace("\r\n", "\n").split("\nCREWS", 1)[1].split("\n\n", 1)[0]
    return {line.split()[0]: " ".join(line.split()[1:]) for line in table.splitlines()[3:]}


def test_under_secret_records_a_player_sees_only_their_own_crews_the_gm_every_crew(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    players = new_game_from(engine, DEMO_SB, "sb", settings, gm_email=GM,
                            options=(("secret_records", "on"),))
    play_by_mail(engine, settings, "sb", 2, players, folder=DEMO_SB)
    mails = report_mails(engine, settings)
    assert len(mails) == 2 * 3
    for sent in mails:
        crews = _crews(sent.text)
        assert set(crews) == {"R1", "R2", "R3", "C1", "C2", "C3"}
        for ship, row in crews.items():
            own = sent.to == GM or (ship[0] == "R") == (sent.to == address_of("Romans"))
            assert ("hidden" in row) != own, (sent.to, ship, row)
        if sent.to != GM:  # nor does the map or the HTML carry a hidden count
            enemy = "C1" if sent.to == address_of("Romans") else "R1"
            gm_row = _crews(next(m.text for m in mails if m.to == GM
                                 and m.subject.split(":")[0] == sent.subject.split(":")[0]))
            assert "hidden" not in gm_row[enemy]
            assert f"<td>{enemy}</td><td>hidden</td>" in sent.html
