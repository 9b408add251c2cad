"""Suggestions for a player who slipped, shared by every ruleset's checker: the accepted
words nearest an unknown one ("DUBLE: did you mean DOUBLE?") and the list of the sender's
pieces for a piece the game does not have. Pure: words in, a sentence out (difflib, no I/O).
"""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches

MOST = 3  # suggestions offered for one word
CUTOFF = 0.6  # how alike a word must be to be offered (difflib's ratio)
LONGEST = 24  # a word longer than this is quoted cut short, and never matched


def nearest(word: str, accepted: Iterable[str], most: int = MOST) -> tuple[str, ...]:
    """The accepted words nearest `word` (compared in capitals), best first; none when no
    word is alike enough, or when `word` is one of them."""
    upper = word.strip().upper()
    if not upper or len(upper) > LONGEST:
        return ()
    choices = list(dict.fromkeys(w.upper() for w in accepted if w))
    if upper in choices:
        return ()
    return tuple(get_close_matches(upper, choices, n=most, cutoff=CUTOFF))


def did_you_mean(word: str, accepted: Iterable[str]) -> str:
    """"DUBLE: did you mean DOUBLE?" (or "… DOUBLE or TRIPLE?"), "" when nothing is near."""
    found = nearest(word, accepted)
    if not found:
        return ""
    said = found[0] if len(found) == 1 else ", ".join(found[:-1]) + " or " + found[-1]
    return f"{word.strip().upper()}: did you mean {said}?"


def with_hint(reason: str, word: str, accepted: Iterable[str]) -> str:
    """A refusal's reason followed by the suggestion for `word`, when there is one."""
    hint = did_you_mean(word, accepted)
    if not hint:
        return reason
    return f"{reason.rstrip('.')}. {hint}"


def your_pieces(pieces: Iterable[str], kind: str = "pieces") -> str:
    """The sender's pieces, for a refusal naming a piece the game does not have: "your
    galleys: B1, B2." ("" when the side has none)."""
    names = list(dict.fromkeys(pieces))
    return f"your {kind}: {', '.join(names)}." if names else ""


def piece_hint(name: str, pieces: Iterable[str]) -> str:
    """For a piece the game does not have: the nearest of the sender's pieces, as a
    question ("G11: did you mean G1?"), or ""."""
    return did_you_mean(name, pieces)


__all__ = ["did_you_mean", "nearest", "piece_hint", "with_hint", "your_pieces"]
