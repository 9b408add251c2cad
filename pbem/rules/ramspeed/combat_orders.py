"""The combat phase's notation (rulings §13): FIRE, BOARD, CAPTURE, ADRIFT, TRANSFER.
A galley may have several lines, one order each."""

from __future__ import annotations

from dataclasses import dataclass

from pbem.rules.errors import OrderSyntaxError
from pbem.rules.ramspeed.orders import GALLEY_ID, ITEM_WORDS, Line, lookup


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
COMBAT_VERBS = ("FIRE", "BOARD", "CAPTURE", "ADRIFT", "TRANSFER")


def _count(word: str, what: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= 99:
        raise OrderSyntaxError(f"'{word.lower()}' is not a number of {what} from 1 to 99",
                               accepted=_COMBAT_HINT)
    return int(word)


def _galley_word(word: str, after: str) -> str:
    if not GALLEY_ID.match(word):
        raise OrderSyntaxError(f"'{word}' after {after} is not a galley ID", accepted=_COMBAT_HINT)
    return word


def parse_combat(line: Line) -> CombatOrder:
    words = line.words
    if not words:
        raise OrderSyntaxError("the line has no order", accepted=_COMBAT_HINT)
    verb = words[0]
    rest = words[1:]
    if verb not in COMBAT_VERBS:
        raise OrderSyntaxError(f"'{verb}' is not a combat order", accepted=_COMBAT_HINT)
    if verb == "FIRE":
        if not rest or len(rest) % 2:
            raise OrderSyntaxError("FIRE takes pairs of weapon and target", accepted=_COMBAT_HINT)
        shots = []
        for weapon_word, target in zip(rest[::2], rest[1::2], strict=True):
            weapon = lookup(weapon_word, ITEM_WORDS, "missile weapon", _COMBAT_HINT)
            if weapon == "bp":
                raise OrderSyntaxError("boarding parties do not FIRE; use BOARD",
                                       accepted=_COMBAT_HINT)
            shots.append((weapon, _galley_word(target, weapon_word)))
        return FireOrder(line.galley, tuple(shots))
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
