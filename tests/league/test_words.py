"""How the league's results and points read (pbem.league.words)."""

from __future__ import annotations

from pbem.league.words import points_shown, result_words, table_lines


def test_results_read_as_words_not_codes() -> None:
    assert result_words("first", "Ann", "Bo") == "Ann won"
    assert result_words("second", "Ann", "Bo") == "Bo won"
    assert result_words("forfeit_first", "Ann", "Bo") == "Ann forfeited"
    assert result_words("forfeit_second", "Ann", "Bo") == "Bo forfeited"
    assert result_words("double_forfeit", "Ann", "Bo") == "both forfeited"
    assert result_words("draw", "Ann", "Bo") == "a draw"
    assert result_words(None, "Ann", "Bo") == "being played"
    assert result_words("bye", "Cy", None) == result_words(None, "Cy", None) == "bye"


def test_points_are_written_as_a_club_writes_them() -> None:
    assert [points_shown(v) for v in (0.0, 0.5, 1.0, 2.5, 3.0)] == ["0", "½", "1", "2½", "3"]
    assert points_shown(0.25) == "0.25"  # a season's own odd points stay exact


def test_the_table_lines_count_in_words() -> None:
    rows = [{"player": "Ann", "points": 1.5, "won": 1, "drawn": 1, "lost": 0, "forfeits": 0,
             "byes": 0, "active": True},
            {"player": "Bo", "points": 1.0, "won": 0, "drawn": 0, "lost": 1, "forfeits": 1,
             "byes": 1, "active": False},
            {"player": "Cy", "points": 0.5, "won": 0, "drawn": 1, "lost": 1, "forfeits": 0,
             "byes": 0, "active": True}]
    assert table_lines(rows) == [
        "1. Ann: 1½ points; won 1, drawn 1, lost 0",
        "2. Bo (left the season): 1 point; won 0, drawn 0, lost 1, 1 forfeit, 1 bye",
        "3. Cy: ½ point; won 0, drawn 1, lost 1"]
