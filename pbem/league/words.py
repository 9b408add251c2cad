"""What a league's results and table say to people: a game's result in words ("Ann won",
"Bo forfeited", "a draw", "bye"), points as a club writes them (1, ½, 2½), and the season's
table as lines of text for a mail or a terminal. The stored codes ("first",
"forfeit_second", ...) stay the data's; these are only how they read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# a league game's stored result -> its words, {first} and {second} the two players' names
RESULT_WORDS = {"first": "{first} won", "second": "{second} won", "draw": "a draw",
                "forfeit_first": "{first} forfeited", "forfeit_second": "{second} forfeited",
                "double_forfeit": "both forfeited", "bye": "bye"}
UNDECIDED = "being played"


def result_words(result: str | None, first: str, second: str | None) -> str:
    """A game's result as a sentence fragment: "Ann won", "Bo forfeited", "a draw", "bye",
    or "being played" while it has none."""
    if result is None:
        return UNDECIDED if second is not None else "bye"
    shown = RESULT_WORDS.get(result, result)
    return shown.format(first=first, second=second or "-")


def points_shown(value: float) -> str:
    """Points as a club writes them: 2, ½, 2½ (never 2.0 or 0½)."""
    whole, half = int(value), value % 1 == 0.5
    if value % 1 not in (0, 0.5):
        return f"{value:g}"
    if half:
        return "½" if whole == 0 else f"{whole}½"
    return str(whole)


def _counted(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def table_lines(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The table, best first, one line a player: place, name, points, then what made them
    ("3. Bo: 1½ points; won 1, drawn 1, lost 0, 1 bye"). Rows as the league's standings
    give them (player, points, won, drawn, lost, forfeits, byes, active)."""
    lines = []
    for place, row in enumerate(rows, start=1):
        points = points_shown(float(row["points"]))
        made = [f"won {row['won']}", f"drawn {row['drawn']}", f"lost {row['lost']}"]
        if row.get("forfeits"):
            made.append(_counted(int(row["forfeits"]), "forfeit", "forfeits"))
        if row.get("byes"):
            made.append(_counted(int(row["byes"]), "bye", "byes"))
        left = "" if row.get("active", True) else " (left the season)"
        lines.append(f"{place}. {row['player']}{left}: {points} "
                     f"{'point' if 0 < float(row['points']) <= 1 else 'points'}; {', '.join(made)}")
    return lines
