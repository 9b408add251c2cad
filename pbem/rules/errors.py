"""The three ways an order line can fail (style: syntax, illegal, ambiguous), and a malformed
case file (CaseError, with `case_whole` for its whole numbers)."""

from __future__ import annotations


class OrderError(ValueError):
    """An order line that cannot be accepted. The message is a sentence for the player."""

    kind = "error"

    def __init__(self, reason: str, *, line_no: int = 0, text: str = "", galley: str = "",
                 accepted: str = "") -> None:
        self.reason = reason
        self.line_no = line_no
        self.text = text
        self.galley = galley
        self.accepted = accepted
        super().__init__(self.sentence())

    def sentence(self) -> str:
        where = f"line {self.line_no}" if self.line_no else "order"
        who = f" ({self.galley})" if self.galley else ""
        reason = self.reason if self.reason.endswith((".", "?", "!")) else f"{self.reason}."
        hint = f" Accepted: {self.accepted}" if self.accepted else ""
        return f"{where}{who}: {reason}{hint}"

    def at(self, line_no: int, text: str, galley: str = "") -> OrderError:
        """The same error, placed on a line of the player's text."""
        self.line_no = line_no
        self.text = text
        self.galley = self.galley or galley
        self.args = (self.sentence(),)
        return self


class OrderSyntaxError(OrderError):
    """The judge cannot read the line."""

    kind = "syntax"


class IllegalOrderError(OrderError):
    """The line is readable but cannot be carried out here."""

    kind = "illegal"


class NotCommandedError(IllegalOrderError):
    """The line names a galley of the player's side that another player of it commands."""


class AmbiguousOrderError(OrderError):
    """The line could mean two things."""

    kind = "ambiguous"


class CaseError(ValueError):
    """A rules-case file is malformed (not a mistake in its orders)."""


def case_whole(name: str, what: str, value: object) -> int:
    """A whole number of a case file (`[turn] number`, `[turn] half`); a bool, a fraction,
    infinity, NaN or a word is a CaseError sentence, never an OverflowError."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value \
            or value in (float("inf"), float("-inf")) or value != int(value):
        raise CaseError(f"{name}: {what} is a whole number, not {value!r}")
    return int(value)
