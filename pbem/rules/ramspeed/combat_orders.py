"""The combat phase's notation (rulings §13): FIRE, BOARD, CAPTURE, ADRIFT, TRANSFER.
A galley may have several lines, one order each."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbem.rules.errors import OrderError, OrderSyntaxError
from pbem.rules.ramspeed.orders import GALLEY_ID, ITEM_WORDS, TIMES_WORD, Line, cut, lookup
from pbem.rules.suggest import with_hint


@dataclass(frozen=True)
class FireOrder:
    galley: str
    shots: tuple[tuple[str, str], ...]  # (weapon type, target), in the order written


@dataclass(frozen=True)
class BoardOrder:
    galley: str
    target: str
    parties: int | None = None  # None: the rest, shared evenly (rulings §9)


@dataclass(frozen=True)
class CaptureOrder:
    galley: str
    target: str
    parties: int = 1


@dataclass(frozen=True)
class AdriftOrder:
    galley: str
    target: str


@dataclass(frozen=True)
class TransferOrder:
    galley: str
    parties: int
    friend: str


CombatOrder = FireOrder | BoardOrder | CaptureOrder | AdriftOrder | TransferOrder


_COMBAT_HINT = (
    "'FIRE catapult X, archer X', 'BOARD X [n]', 'CAPTURE X [n]', 'ADRIFT X' or "
    "'TRANSFER n TO B' (one of these a line)."
)
_FIRE_HINT = (
    "'FIRE catapult X, archer Y': each weapon and its target; also 'FIRE catapult at X', "
    "and for two weapons of a type at one target 'FIRE 2 archers X' or 'FIRE archer X x2'."
)
COMBAT_VERBS = ("FIRE", "BOARD", "CAPTURE", "ADRIFT", "TRANSFER")
COMBAT_HELP = ("One order per line: <ID>: " + _COMBAT_HINT, "Fire: " + _FIRE_HINT)  # HELP ORDERS


def _count(word: str, what: str) -> int:
    """A count from 1 to 99. Its length is looked at before it is converted: int() of a
    number of over 4,300 digits raises, and some digits (superscripts, circled ones) are
    digits to str.isdigit but not to int()."""
    if not word.isdecimal() or len(word.lstrip("0")) > 2 or not 1 <= int(word) <= 99:
        raise OrderSyntaxError(f"'{cut(word.lower())}' is not a number of {what} from 1 to 99",
                               accepted=_COMBAT_HINT)
    return int(word)


def _galley_word(word: str, after: str) -> str:
    if len(word) > 2 and word[0] == word[-1] and word[0] in "'\"":
        word = word[1:-1]  # a galley named like a word of the order, quoted
    if not GALLEY_ID.match(word):
        raise OrderSyntaxError(f"'{word}' after {after} is not a galley ID", accepted=_COMBAT_HINT)
    return word


def _weapon(word: str) -> str:
    weapon = lookup(word, ITEM_WORDS, "missile weapon", _FIRE_HINT)
    if weapon == "bp":
        raise OrderSyntaxError("boarding parties do not FIRE; use BOARD", accepted=_COMBAT_HINT)
    return weapon


def _fire_pairs(words: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The standard notation of rulings §13: weapon and target, pair after pair."""
    if not words or len(words) % 2:
        raise OrderSyntaxError("FIRE takes pairs of weapon and target", accepted=_FIRE_HINT)
    return tuple((_weapon(weapon), _galley_word(target, weapon))
                 for weapon, target in zip(words[::2], words[1::2], strict=True))


def _times(word: str, count: int | None, what: str) -> int:
    """A count written as x2 (or *2, ×2); a second count for the same item is an error."""
    found = TIMES_WORD.match(word)
    assert found is not None
    if count is not None:
        raise OrderSyntaxError(f"'{what.lower()} {word.lower()}' counts twice", accepted=_FIRE_HINT)
    return _count(found.group(1), "weapons")


def _fire_items(words: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """What people also write: '[n] weapon [xn] [AT] target [xn]', item after item."""
    shots: list[tuple[str, str]] = []
    at = 0
    while at < len(words):
        count: int | None = None
        if words[at].isdecimal():
            count = _count(words[at], "weapons")
            at += 1
        if at >= len(words):
            raise OrderSyntaxError(f"the count {count} at the end counts nothing",
                                   accepted=_FIRE_HINT)
        weapon_word = words[at]
        try:
            weapon = _weapon(weapon_word)
        except OrderSyntaxError:
            glued = re.match(r"^([A-Z-]+)[*X\u00d7](\d+)$", weapon_word)  # archerx2
            if glued is None:
                raise
            weapon = _weapon(glued.group(1))
            if count is not None:
                raise OrderSyntaxError(f"'{count} {cut(weapon_word.lower())}' counts twice",
                                       accepted=_FIRE_HINT) from None
            count = _count(glued.group(2), "weapons")
        at += 1
        if at + 1 < len(words) and TIMES_WORD.match(words[at]):
            count = _times(words[at], count, weapon_word)
            at += 1
        if at + 1 < len(words) and words[at] == "AT":
            at += 1
        if at >= len(words):
            raise OrderSyntaxError(f"{weapon_word.lower()} needs a target galley after it",
                                   accepted=_FIRE_HINT)
        target = _galley_word(words[at], weapon_word)
        at += 1
        if at < len(words) and TIMES_WORD.match(words[at]):
            count = _times(words[at], count, f"{weapon_word} {target}")
            at += 1
        shots.extend([(weapon, target)] * (count or 1))
    return tuple(shots)


def parse_fire(words: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The shots of a FIRE line (the words after FIRE). The standard notation is read as it
    always was; only a line it cannot read is read again as people also write it (with AT,
    counts), so no line accepted before changes its meaning."""
    try:
        return _fire_pairs(words)
    except OrderError:
        if not words:
            raise
        return _fire_items(words)


def parse_combat(line: Line) -> CombatOrder:
    words = line.words
    if not words:
        raise OrderSyntaxError("the line has no order", accepted=_COMBAT_HINT)
    verb = words[0]
    rest = words[1:]
    if verb not in COMBAT_VERBS:
        raise OrderSyntaxError(with_hint(f"'{cut(verb)}' is not a combat order", verb,
                                         COMBAT_VERBS), accepted=_COMBAT_HINT)
    if verb == "FIRE":
        return FireOrder(line.galley, parse_fire(rest))
    if verb == "TRANSFER":
        if len(rest) != 3 or rest[1] != "TO":
            raise OrderSyntaxError("write TRANSFER, a number, TO and a friendly galley",
                                   accepted=_COMBAT_HINT)
        return TransferOrder(line.galley, _count(rest[0], "parties"), _galley_word(rest[2], "TO"))
    if not rest or len(rest) > (1 if verb == "ADRIFT" else 2):
        raise OrderSyntaxError(f"write {verb} and the enemy galley"
                               + ("" if verb == "ADRIFT" else ", then a number if you like"),
                               accepted=_COMBAT_HINT)
    target = _galley_word(rest[0], verb)
    if verb == "ADRIFT":
        return AdriftOrder(line.galley, target)
    count = _count(rest[1], "parties") if len(rest) == 2 else None
    if verb == "BOARD":
        return BoardOrder(line.galley, target, count)
    return CaptureOrder(line.galley, target, count or 1)


def describe_combat(order: CombatOrder) -> str:
    """The line in standard notation, as the judge understood it."""
    if isinstance(order, FireOrder):
        return "FIRE " + ", ".join(f"{weapon} {target}" for weapon, target in order.shots)
    if isinstance(order, TransferOrder):
        return f"TRANSFER {order.parties} TO {order.friend}"
    if isinstance(order, AdriftOrder):
        return f"ADRIFT {order.target}"
    if isinstance(order, BoardOrder):
        return f"BOARD {order.target}" + ("" if order.parties is None else f" {order.parties}")
    return f"CAPTURE {order.target} {order.parties}"
