"""The standard order notation (rulings §13): reading lines into order values.

Reading is separate from checking: this module only knows words; whether an order can be
carried out on the board is for the phase modules. Every alias lives in a table below.

Longer than the house's 450 lines, yet one job: the notation of build, set-up and movement
lines and their echo back in standard form (the combat notation, combat_orders.py, builds on
it). The three grammars share the vocabulary tables, the line reader, the alias lookup and
the count reader, and the movement grammar, the largest part, is read against those tables.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from pbem.rules.errors import AmbiguousOrderError, OrderSyntaxError
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.hexes import Hex
from pbem.rules.ramspeed.tables import GALLEY_TYPES, WEAPON_TYPES
from pbem.rules.suggest import with_hint

# --- vocabulary ----------------------------------------------------------------------

STEP_WORDS: Mapping[str, str] = {
    "F": "F", "FORWARD": "F", "FWD": "F", "AHEAD": "F",
    "SP": "SP", "SLIP-PORT": "SP", "SIDESLIP-PORT": "SP",
    "SS": "SS", "SLIP-STARBOARD": "SS", "SIDESLIP-STARBOARD": "SS",
    "P": "P", "PORT": "P", "LEFT": "P",
    "S": "S", "STARBOARD": "S", "STBD": "S", "RIGHT": "S",
    "R": "R", "REVERSE": "R", "BACK": "R", "ASTERN": "R", "BACKWARD": "R",
}
COUNTED_STEPS = ("F", "R")  # only these take a number: F3, F 3, R2
SIDESLIP_WORDS: Mapping[str, str] = {"P": "SP", "PORT": "SP", "S": "SS", "STARBOARD": "SS"}
SPEED_WORDS: Mapping[str, int] = {"DOUBLE": 2, "TRIPLE": 3, "DOUBLE-SPEED": 2, "TRIPLE-SPEED": 3}
ATTEMPT_WORDS: Mapping[str, str] = {"RAM": "RAM", "SHEAR": "SHEAR"}
STAY_WORDS = frozenset({"STAY", "HOLD", "NONE", "NOTHING"})
MOVE_WORDS = (*SPEED_WORDS, *STEP_WORDS, *ATTEMPT_WORDS, *sorted(STAY_WORDS), "GRAPPLE",
              "UNGRAPPLE", "SIDESLIP")  # a movement line's words, for a slip's suggestion

TYPE_WORDS: Mapping[str, str] = {
    **{name.upper(): name for name in GALLEY_TYPES},
    "PENTEKONTER": "penteconter", "PENTECONTOR": "penteconter",
    "QUINQUIREME": "quinquereme", "QUINQ": "quinquereme", "QUIN": "quinquereme",
    "MERCHANTMAN": "merchantman", "MERCHANT": "merchantman",
}
ITEM_WORDS: Mapping[str, str] = {
    **{name.upper(): name for name in WEAPON_TYPES},
    **{name.upper() + "S": name for name in WEAPON_TYPES},
    "ARCHER-UNIT": "archer", "ARCHERY": "archer",
    "BP": "bp", "BPS": "bp", "PARTY": "bp", "PARTIES": "bp",
    "BOARDING-PARTY": "bp", "BOARDING-PARTIES": "bp",
}
FACING_WORDS: Mapping[str, int] = {
    **{name: index for index, name in enumerate(hexes.FACINGS)},
    "EAST": 0, "SOUTHEAST": 1, "SOUTH-EAST": 1, "SOUTHWEST": 2, "SOUTH-WEST": 2,
    "WEST": 3, "NORTHWEST": 4, "NORTH-WEST": 4, "NORTHEAST": 5, "NORTH-EAST": 5,
}

GALLEY_ID = re.compile(r"^[A-Za-z0-9-]{1,12}$")
_LINE = re.compile(r"^\s*([^:\s]+)\s*:(.*)$")
_COUNTED = re.compile(r"^([A-Z]+)(\d+)$")
_TIMES = re.compile(r"^([A-Z-]+)[*X\u00d7](\d+)$")  # bp*2, archerx2, F×3
TIMES_WORD = re.compile(r"^[*X\u00d7](\d+)$")  # a count of its own after a word: x2, *2, ×2
NOTE_MARK = "=>"  # the judge's echo puts its notes after this; the reader stops there
_ECHO_PREFIX = re.compile(r"^\s*line\s+\d+\s+(?=[^:\s]+\s*:)", re.IGNORECASE)
MAX_COUNT_DIGITS = 9  # no count of the rules comes near; a longer number is not converted

EXAMPLES = {
    "build": "'A: trireme catapult archer archer 2 bp'",
    "setup": "'A: 3007 W' (bow hex, then facing E SE SW W NW NE)",
    "movement": "'A: F F S F RAM X GRAPPLE X', 'A: DOUBLE F8', 'A: UNGRAPPLE X F' or 'A: STAY'",
    "combat": "'A: FIRE catapult X' or 'A: BOARD X 3'",
}


# --- order values --------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One line of a player's order text, split into galley and words."""

    number: int
    text: str
    galley: str
    words: tuple[str, ...]


@dataclass(frozen=True)
class BuildOrder:
    galley: str
    type: str
    weapons: tuple[str, ...]
    boarding_parties: int
    merchantman: bool = False


@dataclass(frozen=True)
class SetupOrder:
    galley: str
    bow: Hex
    facing: int


@dataclass(frozen=True)
class Step:
    kind: str  # F SP SS P S R RAM SHEAR
    target: str = ""
    word: str = field(default="", compare=False)  # as written: spelling is not the order


@dataclass(frozen=True)
class MovementOrder:
    galley: str
    speed: int = 1
    ungrapple: tuple[str, ...] = ()  # "" = the first enemy in ID order
    steps: tuple[Step, ...] = ()
    grapple: tuple[str, ...] = ()


Order = BuildOrder | SetupOrder | MovementOrder


# --- lines ---------------------------------------------------------------------------


def split_lines(text: str) -> list[tuple[int, str]]:
    """Numbered lines that carry something (comments and blank lines dropped)."""
    result = []
    for number, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0].strip()
        if body:
            result.append((number, raw.rstrip()))
    return result


def order_body(raw: str) -> str:
    """The part of a line that is read: no comment, none of the judge's notes after `=>`,
    and no 'line 4' copied from the front of the judge's answer, so that a line of the
    echo sent back reads as the order it echoes."""
    body = raw.split("#", 1)[0].split(NOTE_MARK, 1)[0]
    return _ECHO_PREFIX.sub("", body).strip()


def read_line(number: int, raw: str, phase: str) -> Line:
    body = order_body(raw)
    match = _LINE.match(body)
    example = EXAMPLES.get(phase, "")
    if not match:
        raise OrderSyntaxError(
            "an order line starts with the galley ID and a colon",
            line_no=number, text=raw, accepted=f"for example {example}.",
        )
    galley = match.group(1)
    if not GALLEY_ID.match(galley):
        raise OrderSyntaxError(
            f"'{galley}' is not a galley ID; IDs are 1 to 12 letters, digits or hyphens",
            line_no=number, text=raw, accepted=f"for example {example}.",
        )
    words = tuple(match.group(2).replace(",", " ").upper().split())
    return Line(number=number, text=raw, galley=galley, words=words)


def lookup(word: str, table: Mapping[str, str], what: str, accepted: str) -> str:
    """Exact alias, else a unique prefix of at least two letters; else a clear error."""
    if word in table:
        return table[word]
    if len(word) >= 2:
        found = sorted({value for key, value in table.items() if key.startswith(word)})
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise AmbiguousOrderError(
                f"'{word.lower()}' could be {' or '.join(found)}; write it out",
                accepted=accepted,
            )
    raise OrderSyntaxError(with_hint(f"'{cut(word.lower())}' is not a {what}", word, table),
                           accepted=accepted)


# --- numbers -------------------------------------------------------------------------


def cut(word: str) -> str:
    """A word as a refusal quotes it: one of over 24 characters is cut short and its length
    told, so that a sentence never repeats a 5,000-digit number whole."""
    return word if len(word) <= 24 else f"{word[:12]}... ({len(word)} characters)"


def read_count(digits: str, word: str, accepted: str) -> int:
    """The number a run of decimal digits stands for (`digits`, from `word` as written). One
    of more than MAX_COUNT_DIGITS digits, leading zeros aside, is far past every count of
    the rules and is refused here, before Python is asked to convert it: int() of over
    4,300 digits raises, and a long one is slow. Callers check that `digits` is decimal
    (str.isdecimal, or \\d in a pattern), the digits int() reads."""
    if len(digits.lstrip("0")) > MAX_COUNT_DIGITS:
        raise OrderSyntaxError(f"'{cut(word)}' needs a count from 1 to 99, not a number of "
                               f"{len(digits)} digits", accepted=accepted)
    return int(digits)


# --- build ---------------------------------------------------------------------------

_TYPES_HINT = "penteconter, bireme, trireme or quinquereme (or merchantman in a convoy)."
_ITEMS_HINT = ("archer, arbalest, catapult, onager, bp; counts as '2 bp', 'bp*2', 'bp x2' or "
               "'archer archer'.")


def _count_of(text: str, word: str, hint: str) -> int:
    count = read_count(text, word.lower(), hint)
    if not 1 <= count <= 99:
        raise OrderSyntaxError(f"'{cut(word.lower())}' needs a count from 1 to 99", accepted=hint)
    return count


def parse_build(line: Line) -> BuildOrder:
    if not line.words:
        raise OrderSyntaxError("the galley type is missing", accepted=_TYPES_HINT)
    kind = lookup(line.words[0], TYPE_WORDS, "galley type", _TYPES_HINT)
    weapons: list[str] = []
    parties = 0
    count: int | None = None
    last: tuple[str, str, bool] | None = None  # the item before: its word, name, counted
    for word in line.words[1:]:
        if word.isdecimal():
            if count is not None:
                raise OrderSyntaxError(f"two numbers in a row before '{cut(word)}'",
                                       accepted=_ITEMS_HINT)
            count = read_count(word, word, _ITEMS_HINT)
            if not 1 <= count <= 99:
                raise OrderSyntaxError(f"'{cut(word)}' is not a count from 1 to 99",
                                       accepted=_ITEMS_HINT)
            continue
        after = TIMES_WORD.match(word)
        if after:  # 'archer x2': the item before, that many times
            if last is None or count is not None:
                raise OrderSyntaxError(f"'{word.lower()}' counts nothing; write it after an item",
                                       accepted=_ITEMS_HINT)
            if last[2]:
                raise OrderSyntaxError(f"'{last[0].lower()} {word.lower()}' counts twice",
                                       accepted=_ITEMS_HINT)
            more = _count_of(after.group(1), word, _ITEMS_HINT) - 1
            if last[1] == "bp":
                parties += more
            else:
                weapons.extend([last[1]] * more)
            last = (last[0], last[1], True)
            continue
        times = _TIMES.match(word)
        if times and count is not None:
            raise OrderSyntaxError(f"'{count} {cut(word.lower())}' counts twice",
                                   accepted=_ITEMS_HINT)
        name, repeat = ((times.group(1), read_count(times.group(2), word.lower(), _ITEMS_HINT))
                        if times else (word, 1))
        item = lookup(name, ITEM_WORDS, "weapon or boarding party", _ITEMS_HINT)
        repeat = count if count is not None else repeat
        if not 1 <= repeat <= 99:
            raise OrderSyntaxError(f"'{cut(word.lower())}' needs a count from 1 to 99",
                                   accepted=_ITEMS_HINT)
        last = (word, item, bool(times) or count is not None)
        count = None
        if item == "bp":
            parties += repeat
        else:
            weapons.extend([item] * repeat)
    if count is not None:
        raise OrderSyntaxError(f"the count {count} at the end counts nothing", accepted=_ITEMS_HINT)
    merchantman = kind == "merchantman"
    return BuildOrder(
        galley=line.galley,
        type="bireme" if merchantman else kind,
        weapons=tuple(weapons),
        boarding_parties=parties,
        merchantman=merchantman,
    )


# --- set-up --------------------------------------------------------------------------

_SETUP_HINT = "the bow hex and a facing, like 'A: 3007 W'; facings are E SE SW W NW NE."


def parse_setup(line: Line) -> SetupOrder:
    if len(line.words) != 2:
        raise OrderSyntaxError("a set-up line has a bow hex and a facing", accepted=_SETUP_HINT)
    try:
        bow = hexes.parse_label(line.words[0])
    except ValueError as exc:
        raise OrderSyntaxError(str(exc), accepted=_SETUP_HINT) from None
    facing = FACING_WORDS.get(line.words[1])
    if facing is None:
        raise OrderSyntaxError(f"'{line.words[1]}' is not a facing", accepted=_SETUP_HINT)
    return SetupOrder(galley=line.galley, bow=bow, facing=facing)


def describe_build(order: BuildOrder) -> str:
    """The build line in standard notation, as the judge understood it."""
    parts = ["merchantman" if order.merchantman else order.type, *order.weapons]
    if order.boarding_parties:
        parts.append("bp" if order.boarding_parties == 1 else f"{order.boarding_parties} bp")
    return " ".join(parts)


def describe_setup(order: SetupOrder) -> str:
    return f"{hexes.label(order.bow)} {hexes.FACINGS[order.facing]}"


# --- movement ------------------------------------------------------------------------

_MOVE_HINT = (
    "[DOUBLE|TRIPLE] [UNGRAPPLE [galley]]... steps (F, F3, SP, SS, P, S, R, R2, RAM galley, "
    "SHEAR galley) [GRAPPLE galley...], or STAY."
)


ORDER_HELP: Mapping[str, tuple[str, ...]] = {
    "build": ("One galley per line: <ID>: <type> [<item> ...], e.g. " + EXAMPLES["build"] + ".",
              "Types: " + _TYPES_HINT, "Items: " + _ITEMS_HINT,
              "The lines are counted against your Build Points in the order written: a line "
              "past the budget is refused and the lines below it that still fit are built."),
    "setup": ("One galley per line: " + _SETUP_HINT,),
    "movement": ("One galley per line: <ID>: " + _MOVE_HINT,
                 "F is a hex forward (F3: three), P and S turn one face to port or starboard, "
                 "SP and SS slip a hex to port or starboard after a step forward, R backs a hex "
                 "(R2: two); RAM <galley> and SHEAR <galley> attack on the way, GRAPPLE "
                 "<galley> comes last; DOUBLE or TRIPLE first for double or triple speed.",
                 "For example " + EXAMPLES["movement"] + "."),
}  # the order syntax of each phase as HELP ORDERS gives it by mail (combat: combat_orders)


def _is_keyword(word: str) -> bool:
    if word in STEP_WORDS or word in SPEED_WORDS or word in ATTEMPT_WORDS or word in STAY_WORDS:
        return True
    if word in ("GRAPPLE", "UNGRAPPLE", "SIDESLIP"):
        return True
    counted = _COUNTED.match(word)
    return bool(counted and counted.group(1) in STEP_WORDS)


def _counted_step(word: str) -> bool:
    """A step with its count glued on, like Fx3 (not an order word: a galley may be named so,
    and then it is the galley, as before counts were read)."""
    glued = _TIMES.match(word)
    return bool(glued and glued.group(1) in STEP_WORDS)


def _quoted(word: str) -> bool:
    return len(word) > 2 and word[0] == word[-1] and word[0] in "'\""


def _target(words: tuple[str, ...], at: int, before: str, ids: Collection[str] = ()) -> str:
    """The galley named after RAM, SHEAR or GRAPPLE. After GRAPPLE only targets may follow,
    so a known galley ID wins over a step word that looks the same (R1 = galley R1)."""
    if at >= len(words):
        raise OrderSyntaxError(f"{before} needs a target galley", accepted=_MOVE_HINT)
    word = words[at]
    if len(word) > 2 and word[0] == word[-1] and word[0] in "'\"":
        word = word[1:-1]
    elif before == "GRAPPLE" and _is_keyword(word) and word not in ids:
        raise OrderSyntaxError(f"'{word}' comes after GRAPPLE; GRAPPLE and its targets come last",
                               accepted=_MOVE_HINT)
    if not GALLEY_ID.match(word):
        raise OrderSyntaxError(f"'{word}' after {before} is not a galley ID", accepted=_MOVE_HINT)
    return word


def parse_movement(
    line: Line, galley_ids: Collection[str] = (), grappled_with: Collection[str] = ()
) -> MovementOrder:
    """Read a movement line. `galley_ids` are the game's IDs (upper case), used to tell a
    target from a step word; `grappled_with` are this galley's grapples (for UNGRAPPLE)."""
    words = line.words
    if not words or (len(words) == 1 and words[0] in STAY_WORDS):
        return MovementOrder(galley=line.galley)
    ids = galley_ids if isinstance(galley_ids, frozenset) else frozenset(
        i.upper() for i in galley_ids)
    grappled = {i.upper() for i in grappled_with}
    speed = 1
    ungrapple: list[str] = []
    steps: list[Step] = []
    grapple: list[str] = []
    at = 0
    if words[0] in SPEED_WORDS:
        speed = SPEED_WORDS[words[0]]
        at = 1
    while at < len(words):
        word = words[at]
        if grapple and word != "GRAPPLE":
            if word in ids or _quoted(word) or (GALLEY_ID.match(word) and not _is_keyword(word)):
                grapple.append(_target(words, at, "GRAPPLE", ids))
                at += 1
                continue
            raise OrderSyntaxError(
                f"'{word}' comes after GRAPPLE; GRAPPLE and its targets come last",
                accepted=_MOVE_HINT,
            )
        if word in SPEED_WORDS:
            raise OrderSyntaxError(
                f"{word} must be the first word of the orders", accepted=_MOVE_HINT
            )
        if word in STAY_WORDS:
            raise OrderSyntaxError(f"{word} stands alone; it cannot be mixed with other orders",
                                   accepted=_MOVE_HINT)
        if word == "UNGRAPPLE":
            if steps:
                raise OrderSyntaxError("UNGRAPPLE comes before any step", accepted=_MOVE_HINT)
            nxt = words[at + 1] if at + 1 < len(words) else ""
            quoted = len(nxt) > 2 and nxt[0] == nxt[-1] and nxt[0] in "'\""
            if quoted:
                nxt = nxt[1:-1]
            names_target = quoted or nxt in grappled or bool(
                nxt and GALLEY_ID.match(nxt) and not _is_keyword(nxt) and not _counted_step(nxt))
            if not quoted and nxt in grappled and _is_keyword(nxt):
                raise AmbiguousOrderError(
                    f"'UNGRAPPLE {nxt}' could name galley {nxt} or be followed by the step {nxt}",
                    accepted=f"'UNGRAPPLE \"{nxt}\"' names the galley; 'UNGRAPPLE' alone picks "
                    "the first enemy in ID order.",
                )
            ungrapple.append(nxt if names_target else "")
            at += 2 if names_target else 1
            continue
        if word == "GRAPPLE":
            target = _target(words, at + 1, "GRAPPLE", ids)
            grapple.append(target)
            at += 2
            continue
        if word in ATTEMPT_WORDS:
            target = _target(words, at + 1, word)
            steps.append(Step(ATTEMPT_WORDS[word], target, f"{word} {target}"))
            at += 2
            continue
        if word == "SIDESLIP":
            nxt = words[at + 1] if at + 1 < len(words) else ""
            if nxt not in SIDESLIP_WORDS:
                raise OrderSyntaxError("SIDESLIP needs PORT or STARBOARD after it",
                                       accepted=_MOVE_HINT)
            steps.append(Step(SIDESLIP_WORDS[nxt], "", f"SIDESLIP {nxt}"))
            at += 2
            continue
        glued = _TIMES.match(word)  # Fx3, S*2
        if glued and glued.group(1) not in STEP_WORDS:
            glued = None
        counted = _COUNTED.match(word) if glued is None else None  # F3
        kind_word, digits = ((counted.group(1), counted.group(2)) if counted
                             else (glued.group(1), glued.group(2)) if glued else (word, ""))
        kind = STEP_WORDS.get(kind_word)
        if kind is None:
            if word.isdecimal():
                raise OrderSyntaxError(f"the number {cut(word)} may only follow F or R",
                                       accepted=_MOVE_HINT)
            if TIMES_WORD.match(word):
                raise OrderSyntaxError(f"'{word.lower()}' counts nothing; write it after a step, "
                                       "like 'F x3' or 'S x2'", accepted=_MOVE_HINT)
            raise OrderSyntaxError(with_hint(f"'{cut(word)}' is not a movement order", word,
                                             MOVE_WORDS), accepted=_MOVE_HINT)
        count = read_count(digits, word, _MOVE_HINT) if digits else 0
        if not counted and not glued and at + 1 < len(words) and words[at + 1].isdecimal():
            count = read_count(words[at + 1], f"{word} {words[at + 1]}", _MOVE_HINT)
            at += 1
            word = f"{word} {words[at]}"
        if at + 1 < len(words) and TIMES_WORD.match(words[at + 1]):
            if counted or glued or word != kind_word:
                raise OrderSyntaxError(f"'{cut(f'{word} {words[at + 1]}')}' counts twice",
                                       accepted=_MOVE_HINT)
            glued = TIMES_WORD.match(words[at + 1])
            assert glued is not None
            count = read_count(glued.group(1), f"{word} {words[at + 1]}", _MOVE_HINT)
            word = f"{word} {words[at + 1]}"
            at += 1
        if count and glued is None and kind not in COUNTED_STEPS:
            raise OrderSyntaxError(f"a number may follow F or R only, not {kind_word}; "
                                   f"for {kind} {count} times write '{kind} x{count}'",
                                   accepted=_MOVE_HINT)
        if glued and kind in ("SP", "SS") and count > 1:
            raise OrderSyntaxError(
                f"'{word.lower()}' would be sideslips one after another; each sideslip must "
                "directly follow a forward step (6.4)", accepted="F SS F SS, not F SS x2.")
        if (counted or glued or count) and not 1 <= count <= 99:
            raise OrderSyntaxError(f"'{cut(word)}' needs a count from 1 to 99", accepted=_MOVE_HINT)
        for _ in range(max(count, 1)):
            steps.append(Step(kind, "", kind))
        at += 1
    return MovementOrder(
        galley=line.galley,
        speed=speed,
        ungrapple=tuple(ungrapple),
        steps=tuple(steps),
        grapple=tuple(grapple),
    )


def _written(galley: str) -> str:
    return f'"{galley}"' if galley and _is_keyword(galley.upper()) else galley


def describe_movement(order: MovementOrder) -> str:
    """The order in standard notation, as the judge understood it."""
    parts: list[str] = []
    if order.speed == 2:
        parts.append("DOUBLE")
    elif order.speed == 3:
        parts.append("TRIPLE")
    for target in order.ungrapple:  # a galley named like an order word is quoted
        parts.append(f"UNGRAPPLE {_written(target)}".strip())
    for step in order.steps:
        parts.append(f"{step.kind} {step.target}".strip())
    for target in order.grapple:
        parts.append(f"GRAPPLE {_written(target)}")
    return " ".join(parts) or "STAY"
