"""The standard notation of rulings §17, read into order values, plus a few friendly extras.

Reading only knows words; whether an order can be carried out is for `check`. The standard
is accepted exactly: `<ID>: F6 S45 F3`, `F 6`, `F4.5`, `B2`, `P30`, `STAY`, `ARCHERY R1, R3`,
`BOARD G2`, `CATAPULT R1, R4`, and at set-up `<ID>: <x> <y> <heading>`. The extras, every one
in a table below and named in the echo as an extra: long words for the steps (FORWARD,
AHEAD, BACK, ASTERN, PORT, STARBOARD, …), HOLD for STAY, ARCHERS/ARROWS/SHOOT for ARCHERY,
CAT for CATAPULT, target lists separated by spaces as well as commas, and a line of the
judge's echo sent back as it stands (its notes after `=>` are not read).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from pbem.rules.errors import OrderSyntaxError
from pbem.rules.suggest import with_hint

# Standard words (§17) map to themselves; every other key is an extra.
STEP_WORDS: Mapping[str, str] = {
    "F": "F", "B": "B", "P": "P", "S": "S",
    "FORWARD": "F", "FWD": "F", "AHEAD": "F",
    "BACK": "B", "BACKWARD": "B", "ASTERN": "B", "REVERSE": "B",
    "PORT": "P", "LEFT": "P",
    "STARBOARD": "S", "STBD": "S", "RIGHT": "S",
}
ACTION_WORDS: Mapping[str, str] = {
    "ARCHERY": "ARCHERY", "BOARD": "BOARD", "CATAPULT": "CATAPULT",
    "ARCHERS": "ARCHERY", "ARROWS": "ARCHERY", "SHOOT": "ARCHERY",
    "BOARDING": "BOARD", "CAT": "CATAPULT",
}
STAY_WORDS: Mapping[str, str] = {"STAY": "STAY", "HOLD": "STAY"}

SHIP_ID = re.compile(r"^[A-Za-z0-9-]{1,12}$")
_LINE = re.compile(r"^\s*([^:\s]+)\s*:(.*)$")
_STEP = re.compile(r"^([A-Z]+)(\d+(?:\.\d*)?|\.\d+)?$")
_NUMBER = re.compile(r"^\d+(?:\.\d*)?$|^\.\d+$")
_PLACE_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
NOTE_MARK = "=>"  # the echo puts its notes after this; a line sent back is read up to it
_ECHO_PREFIX = re.compile(r"^\s*line\s+\d+\s*:?\s+(?=[^:\s]+\s*:)", re.IGNORECASE)
MAX_PLACE_DIGITS = 4  # whole digits of x or y: no table is 10,000 inches across

HALF_EXAMPLES = "'G1: F6 S45 F3', 'R3: B2 P30 F4.5', 'G4: STAY', 'G2: ARCHERY R1, R3', " \
                "'R1: BOARD G2' or 'G3: CATAPULT R1, R4'"
SETUP_EXAMPLES = "'G1: 30 6 0' or 'R2: 54.5 42 180' (x and y in inches, heading in whole degrees)"
STEP_HINT = "steps F<d> (forward), B<d> (back), P<a> (pivot to port), S<a> (pivot to starboard), " \
            "d in inches 0.1 to 99.9 with at most one decimal, a whole degrees 1 to 45; or STAY"


@dataclass(frozen=True)
class Step:
    """One step of a movement order (§5.2): `amount` is tenths of an inch for F and B, whole
    degrees for P and S."""

    kind: str  # F B P S
    amount: int

    @property
    def inches(self) -> float:
        return self.amount / 10

    def notation(self) -> str:
        if self.kind in "FB":
            whole, tenth = divmod(self.amount, 10)
            return f"{self.kind}{whole}" + (f".{tenth}" if tenth else "")
        return f"{self.kind}{self.amount}"


@dataclass(frozen=True)
class MoveOrder:
    ship: str
    steps: tuple[Step, ...]  # empty: STAY

    def notation(self) -> str:
        return " ".join(step.notation() for step in self.steps) or "STAY"

    def cost_sixtieths(self) -> int:
        """2·F + 3·Bk + 240·n in sixtieths of an AP, F and Bk in tenths (§5.2)."""
        forward = sum(s.amount for s in self.steps if s.kind == "F")
        back = sum(s.amount for s in self.steps if s.kind == "B")
        pivots = sum(1 for s in self.steps if s.kind in "PS")
        return 2 * forward + 3 * back + 240 * pivots


@dataclass(frozen=True)
class TargetOrder:
    """ARCHERY, BOARD or CATAPULT with its list of targets, first choice first."""

    ship: str
    kind: str  # ARCHERY BOARD CATAPULT
    targets: tuple[str, ...]

    def notation(self) -> str:
        return f"{self.kind} {', '.join(self.targets)}"


@dataclass(frozen=True)
class PlaceOrder:
    """A free set-up placement (§14): centre and heading."""

    ship: str
    x: float
    y: float
    heading: int

    def notation(self) -> str:
        return f"{_plain(self.x)} {_plain(self.y)} {self.heading}"


Order = MoveOrder | TargetOrder | PlaceOrder


def _plain(value: float) -> str:
    return f"{value:g}" if value == round(value, 6) else f"{value}"


@dataclass(frozen=True)
class Reading:
    """A line read: its ship as written, the order, and the extras used (for the echo)."""

    ship: str
    order: Order
    extras: tuple[str, ...] = ()


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """The lines that carry something, with their numbers (comments and blanks dropped)."""
    return [(number, raw.rstrip()) for number, raw in enumerate(text.splitlines(), start=1)
            if order_body(raw)]


def order_body(raw: str) -> str:
    """What is read of a line: no comment, none of the echo's notes after `=>`, no 'line 4'
    copied from the front of the judge's answer."""
    body = raw.split("#", 1)[0].split(NOTE_MARK, 1)[0]
    return _ECHO_PREFIX.sub("", body).strip()


def _split(number: int, raw: str, examples: str) -> tuple[str, list[str]]:
    body = order_body(raw)
    match = _LINE.match(body)
    if not match:
        raise OrderSyntaxError("an order line starts with the ship's id and a colon",
                               line_no=number, text=raw, accepted=f"for example {examples}.")
    ship = match.group(1)
    if not SHIP_ID.match(ship):
        raise OrderSyntaxError(f"'{ship}' is not a ship id; ids are 1 to 12 letters, digits or "
                               "hyphens", line_no=number, text=raw,
                               accepted=f"for example {examples}.")
    return ship, match.group(2).upper().split()


def read_half_line(number: int, raw: str) -> Reading:
    """A line of a half's orders: movement, ARCHERY, BOARD or CATAPULT (§17)."""
    ship, words = _split(number, raw, HALF_EXAMPLES)
    try:
        return _half_words(ship, words)
    except OrderSyntaxError as error:
        raise error.at(number, raw, ship) from None


def _half_words(ship: str, words: list[str]) -> Reading:
    if not words:
        raise OrderSyntaxError("the order is empty", accepted=f"{STEP_HINT}; or ARCHERY, BOARD "
                               "or CATAPULT with targets.")
    first = words[0].split(",")[0]
    if first in ACTION_WORDS:
        kind = ACTION_WORDS[first]
        extras = () if first == kind else (f"{first} for {kind}",)
        rest = " ".join(words)[len(first):]
        return _targets(ship, kind, rest, extras)
    if first in STAY_WORDS:
        if len(words) > 1:
            raise OrderSyntaxError("STAY stands alone: the ship does not move",
                                   accepted=f"'{ship}: STAY' or {STEP_HINT}.")
        extras = () if first == "STAY" else (f"{first} for STAY",)
        return Reading(ship, MoveOrder(ship, ()), extras)
    return _steps(ship, words)


def _targets(ship: str, kind: str, rest: str, extras: tuple[str, ...]) -> Reading:
    hint = f"'{ship}: {kind} <target>[, <target> …]', targets being ship ids."
    if "," in rest:
        parts = [part.strip() for part in rest.split(",")]
        if any(not part for part in parts):
            raise OrderSyntaxError(f"a target is missing between commas in the {kind} list",
                                   accepted=hint)
        names: list[str] = []
        for part in parts:
            pieces = part.split()
            if len(pieces) > 1:
                extras = (*extras, "targets separated by spaces")
            names += pieces
    else:
        names = rest.split()
        if len(names) > 1:
            extras = (*extras, "targets separated by spaces")
    if not names:
        raise OrderSyntaxError(f"{kind} needs at least one target", accepted=hint)
    for name in names:
        if not SHIP_ID.match(name):
            raise OrderSyntaxError(f"'{name}' is not a ship id", accepted=hint)
    return Reading(ship, TargetOrder(ship, kind, tuple(names)), tuple(dict.fromkeys(extras)))


def cut(word: str) -> str:
    """A word as a refusal quotes it: one of over 24 characters is cut short and its length
    told, so that a sentence never repeats a 400-digit number whole."""
    return word if len(word) <= 24 else f"{word[:12]}... ({len(word)} characters)"


def _whole_digits(text: str) -> int:
    """How many digits a number written in decimals has before its point, leading zeros and
    sign aside: looked at before the number is converted, since float() of 400 digits is
    infinity and int() of over 4,300 digits raises."""
    return len(text.lstrip("-").split(".", 1)[0].lstrip("0"))


def _amount(kind: str, text: str) -> int:
    """A step's amount, in tenths of an inch for F and B, whole degrees for P and S; every
    number past the bounds is refused before it is converted."""
    if kind in "FB":
        if "." in text and len(text.split(".", 1)[1]) > 1:
            raise OrderSyntaxError(f"{cut(kind + text)}: a distance takes at most one decimal",
                                   accepted=STEP_HINT + ".")
        if text.endswith("."):
            raise OrderSyntaxError(f"{cut(kind + text)}: a decimal point needs a digit after it",
                                   accepted=STEP_HINT + ".")
        tenths = round(float(text) * 10) if _whole_digits(text) <= 2 else 1000
        if not 1 <= tenths <= 999:
            raise OrderSyntaxError(f"{cut(kind + text)}: a distance is from 0.1 to 99.9 inches",
                                   accepted=STEP_HINT + ".")
        return tenths
    if "." in text:
        raise OrderSyntaxError(f"{cut(kind + text)}: pivots are whole degrees",
                               accepted=STEP_HINT + ".")
    degrees = int(text) if _whole_digits(text) <= 2 else 100
    if not 1 <= degrees <= 45:
        more = " (turn further with several pivots: S45 S45 is 90)" if degrees > 45 else ""
        raise OrderSyntaxError(f"{cut(kind + text)}: a pivot is 1 to 45 degrees{more}",
                               accepted=STEP_HINT + ".")
    return degrees


def _steps(ship: str, words: list[str]) -> Reading:
    steps: list[Step] = []
    extras: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        match = _STEP.match(word)
        if not match or match.group(1) not in STEP_WORDS:
            letters = match.group(1) if match else word
            raise OrderSyntaxError(with_hint(f"'{cut(word.lower())}' is not a step", letters,
                                             (*STEP_WORDS, *ACTION_WORDS, *STAY_WORDS)),
                                   accepted=STEP_HINT + ".")
        name, number = match.group(1), match.group(2)
        kind = STEP_WORDS[name]
        if name != kind:
            extras.append(f"{name} for {kind}")
        if number is None:
            following = words[index + 1] if index + 1 < len(words) else ""
            if not _NUMBER.match(following):
                what = "distance in inches" if kind in "FB" else "angle in degrees"
                raise OrderSyntaxError(f"{word} needs a {what}", accepted=STEP_HINT + ".")
            number = following
            index += 1
        steps.append(Step(kind, _amount(kind, number)))
        index += 1
    return Reading(ship, MoveOrder(ship, tuple(steps)), tuple(dict.fromkeys(extras)))


def read_setup_line(number: int, raw: str) -> Reading:
    """A free set-up line, `<ID>: <x> <y> <heading>` (§14, §17)."""
    ship, words = _split(number, raw, SETUP_EXAMPLES)
    hint = f"'{ship}: <x> <y> <heading>', for example {SETUP_EXAMPLES}."
    numbers = [word.rstrip(",") for word in words]
    if len(numbers) != 3 or not all(_PLACE_NUMBER.match(n) for n in numbers):
        raise OrderSyntaxError("a placement is three numbers: x, y and heading", line_no=number,
                               text=raw, galley=ship, accepted=hint)
    heading = numbers[2]
    if "." in heading or _whole_digits(heading) > 3 or not 0 <= int(heading) < 360:
        raise OrderSyntaxError(f"heading {cut(heading)} must be whole degrees from 0 to 359",
                               line_no=number, text=raw, galley=ship, accepted=hint)
    for coordinate in numbers[:2]:
        if _whole_digits(coordinate) > MAX_PLACE_DIGITS:
            raise OrderSyntaxError(f"{cut(coordinate)} is no place on any table: x and y are "
                                   f"inches from its corner, less than {10 ** MAX_PLACE_DIGITS}",
                                   line_no=number, text=raw, galley=ship, accepted=hint)
    return Reading(ship, PlaceOrder(ship, float(numbers[0]), float(numbers[1]), int(numbers[2])))
