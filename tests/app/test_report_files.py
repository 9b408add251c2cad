"""Report files: one per recipient, never shared, each game in its own folder, and no file of
another recipient overwritten (issue 8, item 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.base.errors import JudgeError
from pbem.app.play import games, phases
from pbem.app.reports import reports

SECRET = (("secret_records", True), ("secret_hit_locations", True))


def _game(engine: Engine, game_id: str) -> None:
    games.create_game(engine, games.GameSpec(game_id, options=SECRET, players=(
        games.PlayerSpec("Ann", "ann@example.org", "blue"),
        games.PlayerSpec("Ann!", "ann2@example.org", "blue"),
        games.PlayerSpec("GM", "gm@example.org", "red"))))
    phases.process_phase(engine, game_id, expected_key="build")


def test_look_alike_names_and_a_player_called_gm_get_files_of_their_own(
        engine: Engine, tmp_path: Path) -> None:
    _game(engine, "g1")
    made = reports.phase_reports(engine, "g1")
    assert len({r.basename for r in made}) == len(made) == 5
    written = reports.write_reports(made, tmp_path, "g1")
    assert len(written) == 5 * 5 and all(p.parent == tmp_path / "g1" for p in written)
    by_recipient = {r.recipient: r for r in made}
    game_master, player_gm = by_recipient["gm"], by_recipient["GM"]
    assert game_master.basename != player_gm.basename
    # the file under the game master's name is the game master's report, not the player's
    on_disk = (tmp_path / "g1" / f"{game_master.basename}.json").read_text(encoding="utf-8")
    assert on_disk == game_master.json != player_gm.json
    assert (tmp_path / "g1" / f"{player_gm.basename}.json").read_text(
        encoding="utf-8") == player_gm.json
    assert (tmp_path / "g1").stat().st_mode & 0o077 == 0  # private: reports hold secrets


def test_two_games_in_one_folder_do_not_collide(engine: Engine, tmp_path: Path) -> None:
    _game(engine, "g1")
    _game(engine, "g2")
    first = reports.write_reports(reports.phase_reports(engine, "g1"), tmp_path, "g1")
    second = reports.write_reports(reports.phase_reports(engine, "g2"), tmp_path, "g2")
    assert "build-gm.txt" in {p.name for p in first} & {p.name for p in second}
    assert not set(first) & set(second)  # each game in a folder of its own
    # writing a game's reports again replaces its own files
    assert reports.write_reports(reports.phase_reports(engine, "g1"), tmp_path, "g1") == first


def test_a_file_of_someone_else_is_never_overwritten(engine: Engine, tmp_path: Path) -> None:
    _game(engine, "g1")
    made = reports.phase_reports(engine, "g1")
    folder = tmp_path / "g1"
    folder.mkdir()
    stranger = folder / f"{made[-1].basename}.txt"
    stranger.write_text("not the judge's", encoding="utf-8")
    with pytest.raises(JudgeError, match="already exists and was not written for"):
        reports.write_reports(made, tmp_path, "g1")
    assert stranger.read_text(encoding="utf-8") == "not the judge's"
    assert sorted(p.name for p in folder.iterdir()) == [stranger.name]  # nothing written
