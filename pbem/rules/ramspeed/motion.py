"""What one galley has done so far in its movement this turn, and how a step fails."""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.rules.dice import Dice
from pbem.rules.ramspeed.hexes import Hex


class Halt(Exception):
    """A step or attempt that cannot be made. When orders are checked it refuses the line;
    when they are resolved the galley stops before it (rulings §12)."""

    def __init__(self, reason: str, accepted: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.accepted = accepted


@dataclass
class Motion:
    key: str  # upper-case galley ID
    dice: Dice | None  # None while checking: rams and shears fail, ungrapples succeed
    speed: int = 1
    allowance: int = 0
    spent: int = 0
    can_move: bool = True
    cannot_move_because: str = ""
    forward_made: bool = False
    last_move: str = ""
    course_changes: int = 0
    turns: list[str] = field(default_factory=list)  # what each course change cost, for reasons
    ram_tried: bool = False
    stopped: bool = False  # a successful ram fouls the rammer (7.5)
    gone: bool = False  # sunk or left the map
    trace: set[Hex] = field(default_factory=set)  # every hex it occupied this turn (8.1)
    path: list[str] = field(default_factory=list)  # "0907 E" after each step
    reported: int = 0  # steps of `path` already told in a move event
    spent_reported: int = 0
    echo: list[str] = field(default_factory=list)

    @property
    def checking(self) -> bool:
        return self.dice is None

    @property
    def remaining(self) -> int:
        return max(self.allowance - self.spent, 0)
