"""What the judge accepts as a game name, a player's name, an address and a time zone: the
same checks when a game is created and when a player is replaced."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pbem.app.base.errors import JudgeError
from pbem.mail.address import writable  # one rule for addresses the judge can write to

GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")

NAME_MAX = 60


def check_game_id(game_id: str) -> None:
    if not GAME_ID.fullmatch(game_id):
        raise JudgeError(f"{game_id!r} is not a usable game name: use 1 to 40 lower-case "
                         "letters, digits and hyphens, starting with a letter or digit")


def check_player_name(name: str) -> None:
    """1 to 60 characters on one line, not blank, with no control or formatting characters
    (terminal escapes, bidirectional marks, zero-width characters)."""
    if not name.strip() or len(name) > NAME_MAX or name != name.strip():
        raise JudgeError(f"{name[:NAME_MAX]!r} is not a usable player name: use 1 to "
                         f"{NAME_MAX} characters, with no spaces at either end")
    odd = [ch for ch in name if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co",
                                                            "Cn")]
    if odd:
        raise JudgeError(f"{name!r} is not a usable player name: it holds the invisible or "
                         f"control character U+{ord(odd[0]):04X}; use letters, digits, spaces "
                         "and punctuation")


def check_email(email: str, whose: str) -> None:
    if not writable(email):
        raise JudgeError(f"{email!r} is not an email address the judge can write to "
                         f"({whose}); write it as name@example.org, in ASCII letters")


def check_timezone(zone: str, whose: str) -> None:
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise JudgeError(f"{zone!r} is not a time zone ({whose}); use a name such as "
                         "Europe/Paris or UTC") from None


@cache
def _fold_char(ch: str) -> str:
    """One representative of the characters that look like `ch` (Unicode confusables data):
    the smallest ASCII look-alike, or `ch` itself when it has none."""
    from confusable_homoglyphs import confusables  # loaded by the few commands that name people

    ascii_like = [glyph["c"] for glyph in confusables.confusables_data.get(ch) or []
                  if len(glyph["c"]) == 1 and glyph["c"].isascii()]
    return min([ch, *ascii_like]) if ascii_like else ch


def skeleton(name: str) -> str:
    """A name as it looks: compatibility forms folded (NFKC), case folded, look-alike letters
    of other scripts mapped to one representative, spaces squeezed. `Ann`, `ANN` and `Аnn`
    (with a Cyrillic A) share one skeleton."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    mapped = "".join(_fold_char(ch) for ch in folded).casefold()
    mapped = "".join(_fold_char(ch) for ch in mapped)
    return " ".join(mapped.split())


def check_distinct(name: str, others: list[str]) -> None:
    """Refuse a name that looks like one already in the game."""
    mine = skeleton(name)
    for other in others:
        if skeleton(other) == mine:
            raise JudgeError(f"{name!r} looks too much like the player {other!r} of this game "
                             "(same letters, or letters that look alike); choose a name that "
                             "others can tell apart")
