"""What a player reads at either end of a game, as report sections (pure): before the first
phase, who plays what and when orders are due; after the last, the result, a summary, the
revealed seed and how anyone can check every roll against the commitment published at the
start."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from pbem.rules.interface import DRAW, Section

__all__ = ["Ending", "briefing_section", "dice_check", "ending_section"]


@dataclass(frozen=True)
class Ending:
    """The facts of a game that is over: from the store, revealed only once it is."""

    seed: str  # hexadecimal
    commitment: str  # SHA-256 of the seed, published when the game was made
    dice_name: str
    phases: int  # resolved phases
    turns: int
    started: datetime
    ended: datetime | None
    status: str  # over (the rules decided) or ended (the game master stopped it)

    def as_json(self) -> dict[str, object]:
        return {"seed": self.seed, "commitment": self.commitment, "dice_name": self.dice_name,
                "phases": self.phases, "turns": self.turns,
                "started": self.started.isoformat(),
                "ended": self.ended.isoformat() if self.ended else None, "status": self.status}


def _day(moment: datetime | None) -> str:
    return f"{moment:%d %B %Y}" if moment else "?"


def ending_section(ending: Ending, winner: str | None, game_id: str,
                   last_phase: str) -> Section:
    """The result, the game in one line, and the dice made checkable."""
    declared = ending.status == "ended"  # the game master ended it (a result may be declared)
    result = ("a draw, declared by the game master" if winner == DRAW and declared
              else "a draw" if winner == DRAW
              else f"won by {winner}, declared by the game master" if winner and declared
              else f"won by {winner}" if winner
              else "ended by the game master without a winner" if declared
              else "over without a winner")
    rows = (
        ("Result", result),
        ("The game", f"{ending.phases} phases over {ending.turns} turns, from "
                     f"{_day(ending.started)} to {_day(ending.ended)}"),
        ("Seed (revealed)", ending.seed),
        ("Commitment", f"{ending.commitment}: the SHA-256 of the seed's bytes (the seed above "
                       "read as hexadecimal), told to every player when the game was made, so "
                       "the seed cannot have changed since"),
        ("Check the dice", dice_check(ending.dice_name, last_phase)),
    )
    return Section("The end", ("", ""), rows)


def dice_check(dice_name: str, phase_key: str) -> str:
    """How anyone checks a phase's rolls from the revealed seed with any HMAC-SHA256 tool,
    without the judge: exactly what pbem.rules.dice.SeededDice computes."""
    return (f"for a phase, compute HMAC-SHA256 keyed with the seed's bytes of the text "
            f"\"{dice_name}\", a zero byte, the phase's name (the last was \"{phase_key}\"), "
            "a zero byte and a counter written in digits, 0 then 1, 2 and so on; take the bytes "
            "of each digest in order: a die of N sides reads a byte b below 256 - (256 mod N) "
            "as b mod N + 1 and passes over a higher one (for a d6: b below 252 gives "
            "b mod 6 + 1). The rolls come out in the order the reports tell them.")


def briefing_section(game_id: str, title: str, players: Sequence[tuple[str, str]],
                     first_phase: str, deadline: str, commitment: str) -> Section:
    """Who plays which side, the first phase and its deadline, and the seed's commitment."""
    sides: dict[str, list[str]] = {}
    for name, side in players:
        sides.setdefault(side, []).append(name)
    rows = [("Game", f"{game_id}: {title}"),
            *((f"Side {side}", ", ".join(names)) for side, names in sides.items()),
            ("First phase", first_phase + (f", orders due {deadline}" if deadline else "")),
            ("Dice", f"every roll follows from a seed whose SHA-256 is {commitment}; the seed "
                     "is revealed when the game ends, so anyone can check the rolls")]
    return Section("The game", ("", ""), tuple(rows))
