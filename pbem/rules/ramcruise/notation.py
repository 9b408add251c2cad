"""The standard notation of rulings §19, read into typed orders, plus a few friendly extras.

Reading knows only words: whether an order can be carried out (whose ship, which round, the
mode's limits, the fatigue, the targets) is for the checker. Refusing a line here is §18's
"the syntax is bad"; failing happens only in play. Words are read in any case; the ordering
ship's id is kept as written, target ids are upper-cased (ids match in any case, §19). The
standard is accepted exactly:

- build: `C1: quinquereme CREWMEN 6 regular OARS 5 BOWMEN 2 regular MARINES 4 regular TOWER
  BALLISTA 1 ADMIRAL` (a type with no factors left out);
- set-up: `C1: 36 6 0` (x, y, heading);
- round 1: `C2: RAM F6 S30 F5`, `C4: BACK B1.5 S20`, `C5: STAY`, `R4: BREAK C3`, `R1: DUTY 2 DECK`;
- round 2: `R5: BOW C4, C4, C2 PICK OAR, MAR`, `R3: BALLISTA C1, C3`, `R1: GRAPPLE C2, C3`,
  `R1: MELEE C2 PICK DECK, MAR`;
- any round: `C3: STANCE ACCEPT`, `C3: ONBREAK ACCEPT`, `C4: ONSHEAR NONE`,
  `C1: LOSSES OAR, DECK, BOW, MAR`.

The extras, each named in the reading's `extras` for the echo: the words in the tables below
marked as extras (STRATEGIC, HOLD, FORWARD, ASTERN, PORT, STARBOARD, ARCHERY, OAR for OARS,
MARINES for MAR, the text's QUINQUIREME, …), lists separated by spaces, build clauses in another
order, BALLISTA with no number (one), a crew type with no class (regular), set-up numbers with
two decimals or commas; and a line of the judge's echo sent back as it stands (its notes after
`=>`, and a `line 4:` in front, are not read).

Why one module of over 450 lines (issue 19): it does one job, reading a line of the §19 notation.
The build, set-up and round readers share one entry point (`read_line`, which reads standing
orders in every context, §5.4), one error with its hints, and one set of word tables that the
syntax reference's test checks as a whole. Putting the build and set-up readers in a module of
their own would need a third module for the error, `cut` and the patterns, or else the two would
import each other in a circle, and it would save about 100 lines. Calls only the rules' errors,
`classes`' words, `fleet`'s Design, `orders` and the state's mode names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pbem.rules.errors import OrderSyntaxError
from pbem.rules.ramcruise.classes import (
    BIREME,
    BOW,
    CORVUS,
    DECK,
    HARPAX,
    MAR,
    MONOREME,
    OAR,
    QUINQUEREME,
    REGULAR,
    SIXTEEN,
    TRIREME,
)
from pbem.rules.ramcruise.fleet import Design
from pbem.rules.ramcruise.orders import (
    MODE_NOTATION,
    Build,
    Duty,
    Move,
    Picking,
    Place,
    Reading,
    Standing,
    Step,
    Targets,
)
from pbem.rules.ramcruise.state import BACK, CRUISE, RAM, STAY, STRATEGIC
from pbem.rules.suggest import with_hint

BUILD_LINES, SETUP_LINES, ROUND_LINES = "build", "setup", "round"
CONTEXTS = (BUILD_LINES, SETUP_LINES, ROUND_LINES)


class NotationError(OrderSyntaxError):
    """A line the notation cannot read (§18: the syntax is bad)."""


# Standard words map to themselves; every other key is an extra.
MODE_WORDS: Mapping[str, str] = {
    "RAM": RAM, "CRUISE": CRUISE, "STRAT": STRATEGIC, "BACK": BACK, "STAY": STAY,
    "STRATEGIC": STRATEGIC, "HOLD": STAY}
STEP_WORDS: Mapping[str, str] = {
    "F": "F", "B": "B", "P": "P", "S": "S",
    "FORWARD": "F", "AHEAD": "F", "ASTERN": "B", "PORT": "P", "STARBOARD": "S", "STBD": "S"}
VERB_WORDS: Mapping[str, str] = {
    "BREAK": "BREAK", "DUTY": "DUTY", "BOW": "BOW", "BALLISTA": "BALLISTA", "GRAPPLE": "GRAPPLE",
    "MELEE": "MELEE", "STANCE": "STANCE", "ONBREAK": "ONBREAK", "ONSHEAR": "ONSHEAR",
    "LOSSES": "LOSSES",
    "ARCHERY": "BOW", "ARROWS": "BOW", "BALLISTAS": "BALLISTA", "GRAPPLES": "GRAPPLE"}
STANDING_VERBS = ("STANCE", "ONBREAK", "ONSHEAR", "LOSSES")
STANDING_VALUES: Mapping[str, tuple[str, ...]] = {
    "STANCE": ("RESIST", "ACCEPT"), "ONBREAK": ("RESIST", "ACCEPT"), "ONSHEAR": ("GRAPPLE", "NONE")}
CATEGORY_WORDS: Mapping[str, str] = {
    "MAR": MAR, "BOW": BOW, "DECK": DECK, "OAR": OAR,
    "MARINES": MAR, "BOWMEN": BOW, "OARS": OAR}
DUTY_WORDS: Mapping[str, str] = {"DECK": DECK, "OARS": OAR, "OAR": OAR}
CLASS_WORDS: Mapping[str, str] = {
    "MONOREME": MONOREME, "BIREME": BIREME, "TRIREME": TRIREME, "QUINQUEREME": QUINQUEREME,
    "SIXTEEN": SIXTEEN,
    "QUINQUIREME": QUINQUEREME, "PENTEKONTER": MONOREME, "PENTECONTER": MONOREME,
    "LIBURNIAN": MONOREME, "16ER": SIXTEEN}
CREW_CLASS_WORDS = ("ELITE", "REGULAR", "GREEN")
BUILD_WORDS: Mapping[str, str] = {
    "CREWMEN": "CREWMEN", "OARS": "OARS", "BOWMEN": "BOWMEN", "MARINES": "MARINES",
    "TOWER": "TOWER", "BALLISTA": "BALLISTA", "CORVUS": "CORVUS", "HARPAX": "HARPAX",
    "ADMIRAL": "ADMIRAL", "CREW": "CREWMEN", "BALLISTAS": "BALLISTA"}
BUILD_ORDER = ("CREWMEN", "OARS", "BOWMEN", "MARINES", "TOWER", "BALLISTA", "GEAR", "ADMIRAL")

SHIP_ID = re.compile(r"[A-Za-z0-9-]{1,12}", re.ASCII)
_LINE = re.compile(r"\s*([^:\s]+)\s*:(.*)", re.DOTALL)
_STEP = re.compile(r"([A-Z]+)([0-9]+(?:\.[0-9]*)?|\.[0-9]+)?", re.ASCII)
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+", re.ASCII)
_WHOLE = re.compile(r"[0-9]+", re.ASCII)
_PLACE = re.compile(r"([0-9]{1,4})(?:\.([0-9]{1,2}))?", re.ASCII)
_PICK = re.compile(r"(?<![A-Z0-9-])PICK(?![A-Z0-9-])", re.ASCII)
NOTE_MARK = "=>"  # the echo puts its notes after this; a line sent back is read up to it
_ECHO_PREFIX = re.compile(r"\s*line\s+[0-9]+\s*:?\s+(?=[^:\s]+\s*:)", re.IGNORECASE | re.ASCII)

STEP_HINT = ("RAM, CRUISE or STRAT with F<d> and pivot steps, BACK with B<d> and pivot steps, "
             "or STAY: d in inches 0.1 to 99.9 with at most one decimal, pivots P<a> (port) and "
             "S<a> (starboard) in whole degrees, e.g. 'C2: RAM F6 S30 F5' or 'C4: BACK B1.5 S20'")
ROUND_HINT = ("a move (RAM, CRUISE or STRAT with F and pivot steps, BACK with B and pivot steps, "
              "or STAY), BREAK, DUTY, BOW, BALLISTA, GRAPPLE, MELEE, or a standing order (STANCE, "
              "ONBREAK, ONSHEAR, LOSSES), e.g. 'C2: RAM F6 S30 F5', 'R4: BREAK C3', 'R1: DUTY 2 DECK', "
              "'R5: BOW C4, C2 PICK OAR', 'R1: MELEE C2 PICK DECK' or 'C3: STANCE ACCEPT'")
BUILD_HINT = ("'<ID>: <class> CREWMEN <n> <class> [OARS <n>] BOWMEN <n> <class> MARINES <n> <class> "
              "[TOWER] [BALLISTA <n>] [CORVUS | HARPAX] [ADMIRAL]', e.g. 'C1: quinquereme CREWMEN 6 "
              "regular OARS 5 BOWMEN 2 regular MARINES 4 regular TOWER BALLISTA 1 ADMIRAL'; ship "
              "classes monoreme, bireme, trireme, quinquereme, sixteen; crew classes elite, regular, green")
SETUP_HINT = "'<ID>: <x> <y> <heading>', e.g. 'C1: 36 6 0' (inches from the south-west corner, whole degrees)"
CATEGORY_HINT = "MAR, BOW, DECK or OAR, separated by commas"


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """The lines that carry something, with their numbers (comments and blanks dropped)."""
    return [(number, raw.rstrip()) for number, raw in enumerate(text.splitlines(), start=1)
            if order_body(raw)]


def order_body(raw: str) -> str:
    """What is read of a line: no comment, none of the echo's notes after `=>`, no `line 4:`
    copied from the front of the judge's answer."""
    body = raw.split("#", 1)[0].split(NOTE_MARK, 1)[0]
    return _ECHO_PREFIX.sub("", body).strip()


def cut(word: str) -> str:
    """A word as a refusal quotes it: one of over 24 characters is cut short and its length told."""
    return word if len(word) <= 24 else f"{word[:12]}... ({len(word)} characters)"


def read_line(number: int, raw: str, context: str) -> Reading:
    """A line of a build, set-up or round submission (§19); NotationError says what was wrong
    and what is accepted. Standing orders are read in every context (§5.4)."""
    if context not in CONTEXTS:
        raise ValueError(f"context is one of {', '.join(CONTEXTS)}, not {context!r}")
    hint = {BUILD_LINES: BUILD_HINT, SETUP_LINES: SETUP_HINT, ROUND_LINES: ROUND_HINT}[context]
    body = order_body(raw)
    match = _LINE.fullmatch(body)
    if not match:
        raise NotationError("an order line starts with the ship's id and a colon", line_no=number,
                            text=raw, accepted=hint + ".")
    ship = match.group(1)
    if not SHIP_ID.fullmatch(ship):
        raise NotationError(f"'{cut(ship)}' is not a ship id; ids are 1 to 12 letters, digits or "
                            "hyphens", line_no=number, text=raw, accepted=hint + ".")
    rest = match.group(2)
    try:
        if not rest.isascii():
            raise NotationError("the order holds a character outside the notation; write it with "
                                "plain letters, digits, points and commas", accepted=hint + ".")
        return _read(ship, rest.upper(), context, hint)
    except NotationError as error:
        raise error.at(number, raw, ship) from None


def _read(ship: str, rest: str, context: str, hint: str) -> Reading:
    words = rest.replace(",", " , ").split()
    if not words:
        raise NotationError("the order is empty", accepted=hint + ".")
    first = words[0]
    if first in VERB_WORDS and VERB_WORDS[first] in STANDING_VERBS:
        return _standing(ship, VERB_WORDS[first], first, rest)
    if context == BUILD_LINES:
        return _build(ship, words)
    if context == SETUP_LINES:
        return _place(ship, rest)
    if first in MODE_WORDS:
        return _move(ship, first, words[1:])
    if first in VERB_WORDS:
        verb = VERB_WORDS[first]
        extras = () if first == verb else (f"{first} for {verb}",)
        after = _after_word(rest, first)
        if verb == "DUTY":
            return _duty(ship, after, extras)
        if verb in ("BOW", "MELEE"):
            return _picking(ship, verb, after, extras)
        return _targets(ship, verb, after, extras)
    step = _STEP.fullmatch(first)
    if step and step.group(1) in STEP_WORDS:
        raise NotationError("a move names its mode first", accepted=STEP_HINT + ".")
    raise NotationError(with_hint(f"'{cut(first)}' is no order of a turn", first,
                                  (*MODE_WORDS, *VERB_WORDS)), accepted=hint + ".")


def _after_word(rest: str, word: str) -> str:
    stripped = rest.lstrip()
    return stripped[len(word):]


def _id_list(text: str, what: str, hint: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Ship ids separated by commas (or, as an extra, spaces); with the extras used."""
    extras: list[str] = []
    names: list[str] = []
    parts = [part.strip() for part in text.split(",")]
    if len(parts) > 1 and any(not part for part in parts):
        raise NotationError(f"an id is missing between commas in the {what} list", accepted=hint)
    for part in parts:
        pieces = part.split()
        if len(pieces) > 1:
            extras.append("ids separated by spaces")
        names += pieces
    if not names:
        raise NotationError(f"{what} needs at least one target", accepted=hint)
    for name in names:
        if not SHIP_ID.fullmatch(name):
            raise NotationError(f"'{cut(name)}' is not a ship id", accepted=hint)
    return tuple(names), tuple(dict.fromkeys(extras))


def _categories(text: str, allowed: tuple[str, ...], what: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    allowed_words = ", ".join(word.upper() for word in allowed)
    hint = f"{what} takes {allowed_words}, separated by commas."
    extras: list[str] = []
    found: list[str] = []
    parts = [part.strip() for part in text.split(",")]
    if any(not part for part in parts):
        raise NotationError(f"a category is missing in the {what} list" if len(parts) > 1
                            else f"{what} needs at least one category", accepted=hint)
    for part in parts:
        pieces = part.split()
        if len(pieces) > 1:
            extras.append("categories separated by spaces")
        for piece in pieces:
            category = CATEGORY_WORDS.get(piece)
            if category is None or category not in allowed:
                raise NotationError(f"'{cut(piece)}' is not a category {what} takes",
                                    accepted=hint)
            if piece != category.upper():
                extras.append(f"{piece} for {category.upper()}")
            found.append(category)
    return tuple(found), tuple(dict.fromkeys(extras))


def _standing(ship: str, verb: str, word: str, rest: str) -> Reading:
    extras = () if word == verb else (f"{word} for {verb}",)
    after = _after_word(rest, word)
    if verb == "LOSSES":
        picks, more = _categories(after, (MAR, BOW, DECK, OAR), "LOSSES")
        return Reading(ship, Standing(ship, "losses", picks), extras + more)
    choices = STANDING_VALUES[verb]
    hint = f"'{ship}: {verb} {'|'.join(choices)}'."
    values = after.split()
    if len(values) != 1 or values[0] not in choices:
        said = " ".join(values)
        raise NotationError(f"{verb} is {' or '.join(choices)}" + (f", not '{cut(said)}'"
                                                                    if said else ""), accepted=hint)
    return Reading(ship, Standing(ship, verb.lower(), (values[0].lower(),)), extras)


def _targets(ship: str, verb: str, after: str, extras: tuple[str, ...]) -> Reading:
    hint = f"'{ship}: {verb} <id>[, <id> …]', e.g. '{ship}: {verb} C1, C3'."
    if _PICK.search(after):
        raise NotationError(f"{verb} takes no PICK list (only BOW and MELEE do)", accepted=hint)
    names, more = _id_list(after, verb, hint)
    return Reading(ship, Targets(ship, verb, names), extras + more)


def _picking(ship: str, verb: str, after: str, extras: tuple[str, ...]) -> Reading:
    allowed = (MAR, BOW, DECK, OAR) if verb == "BOW" else (MAR, DECK)
    example = "C4, C4, C2 PICK OAR, MAR" if verb == "BOW" else "C2 PICK DECK, MAR"
    hint = f"'{ship}: {verb} <id>[, <id> …] [PICK <category>[, …]]', e.g. '{ship}: {verb} {example}'."
    parts = _PICK.split(after)
    if len(parts) > 2:
        raise NotationError(f"{verb} has one PICK list", accepted=hint)
    names, more = _id_list(parts[0], verb, hint)
    picks: tuple[str, ...] = ()
    if len(parts) == 2:
        picks, pick_extras = _categories(parts[1], allowed, f"{verb}'s PICK")
        more += pick_extras
    return Reading(ship, Picking(ship, verb, names, picks), extras + more)


def _duty(ship: str, after: str, extras: tuple[str, ...]) -> Reading:
    hint = f"'{ship}: DUTY <n> DECK' or '{ship}: DUTY <n> OARS', n whole crewmen."
    words = after.split()
    if len(words) != 2 or not _WHOLE.fullmatch(words[0]) or words[1] not in DUTY_WORDS:
        raise NotationError("DUTY is a number of crewmen and DECK or OARS", accepted=hint)
    if len(words[0].lstrip("0")) > 2:
        raise NotationError(f"{cut(words[0])} crewmen is more than any ship carries", accepted=hint)
    more = () if words[1] in ("DECK", "OARS") else (f"{words[1]} for OARS",)
    return Reading(ship, Duty(ship, int(words[0]), DUTY_WORDS[words[1]]), extras + more)


def _amount(kind: str, text: str) -> int:
    if kind in ("F", "B"):
        if text.endswith("."):
            raise NotationError(f"{cut(kind + text)}: a decimal point needs a digit after it",
                                accepted=STEP_HINT + ".")
        whole, _, tenths = text.partition(".")
        if len(tenths) > 1:
            raise NotationError(f"{cut(kind + text)}: a distance takes at most one decimal",
                                accepted=STEP_HINT + ".")
        whole = whole.lstrip("0")
        amount = int(whole or "0") * 10 + int(tenths or "0") if len(whole) <= 2 else 1000
        if not 1 <= amount <= 999:
            raise NotationError(f"{cut(kind + text)}: a distance is from 0.1 to 99.9 inches",
                                accepted=STEP_HINT + ".")
        return amount
    if "." in text:
        raise NotationError(f"{cut(kind + text)}: pivots are whole degrees", accepted=STEP_HINT + ".")
    digits = text.lstrip("0")
    if len(digits) > 3:
        raise NotationError(f"{cut(kind + text)} is no pivot: a pivot is 1 to the game's turn_angle "
                            "in whole degrees (1 to 45 unless the game sets it)",
                            accepted=STEP_HINT + ".")
    degrees = int(digits or "0")  # 1 to turn_angle is the checker's test (§6.3, §6.6)
    return degrees


def _move(ship: str, word: str, words: list[str]) -> Reading:
    mode = MODE_WORDS[word]
    extras: list[str] = [] if MODE_NOTATION[mode] == word else [f"{word} for {MODE_NOTATION[mode]}"]
    if mode == STAY:
        if words:
            raise NotationError("STAY stands alone: the ship lies still",
                                accepted=f"'{ship}: STAY', or {STEP_HINT}.")
        return Reading(ship, Move(ship, STAY), tuple(extras))
    steps: list[Step] = []
    index = 0
    while index < len(words):
        token = words[index]
        match = _STEP.fullmatch(token)
        if not match or match.group(1) not in STEP_WORDS:
            raise NotationError(f"'{cut(token)}' is not a step", accepted=STEP_HINT + ".")
        name, amount = match.group(1), match.group(2)
        kind = STEP_WORDS[name]
        if name != kind:
            extras.append(f"{name} for {kind}")
        if amount is None:
            following = words[index + 1] if index + 1 < len(words) else ""
            if not _NUMBER.fullmatch(following):
                what = "distance in inches" if kind in ("F", "B") else "angle in degrees"
                raise NotationError(f"{token} needs a {what}", accepted=STEP_HINT + ".")
            amount = following
            index += 1
        step = Step(kind, _amount(kind, amount))
        if mode == BACK and kind == "F":
            raise NotationError("BACK moves use B steps, never F (F and B steps are not mixed)",
                                accepted=STEP_HINT + ".")
        if mode != BACK and kind == "B":
            raise NotationError(f"{MODE_NOTATION[mode]} moves use F steps, never B (F and B steps "
                                "are not mixed); to go astern, write BACK with B steps",
                                accepted=STEP_HINT + ".")
        steps.append(step)
        index += 1
    return Reading(ship, Move(ship, mode, tuple(steps)), tuple(dict.fromkeys(extras)))


def _place(ship: str, rest: str) -> Reading:
    extras: list[str] = []
    if "," in rest:
        extras.append("numbers separated by commas")
    numbers = rest.replace(",", " ").split()
    if len(numbers) != 3:
        raise NotationError("a placement is three numbers: x, y and heading", accepted=SETUP_HINT + ".")
    coordinates: list[float] = []
    for text in numbers[:2]:
        match = _PLACE.fullmatch(text)
        if not match:
            raise NotationError(f"{cut(text)} is not a distance in inches (at most 4 digits and one "
                                "decimal)", accepted=SETUP_HINT + ".")
        if match.group(2) is not None and len(match.group(2)) == 2:
            extras.append("two decimals")
        coordinates.append(float(text))
    heading = numbers[2]
    if not _WHOLE.fullmatch(heading) or len(heading.lstrip("0")) > 3 or int(heading) > 359:
        raise NotationError(f"heading {cut(heading)} must be whole degrees from 0 to 359",
                            accepted=SETUP_HINT + ".")
    return Reading(ship, Place(ship, coordinates[0], coordinates[1], int(heading)),
                   tuple(dict.fromkeys(extras)))


def _count(words: list[str], index: int, clause: str) -> int:
    text = words[index] if index < len(words) else ""
    if not _WHOLE.fullmatch(text):
        raise NotationError(f"{clause} needs a number", accepted=BUILD_HINT + ".")
    if len(text.lstrip("0")) > 2:
        raise NotationError(f"{clause} {cut(text)} is more than any ship carries",
                            accepted=BUILD_HINT + ".")
    return int(text)


def _build(ship: str, words: list[str]) -> Reading:
    klass = CLASS_WORDS.get(words[0])
    if klass is None:
        raise NotationError(f"a build line starts with the ship's class, not '{cut(words[0])}'",
                            accepted=BUILD_HINT + ".")
    extras: list[str] = [] if words[0] == klass.upper() else [f"{words[0]} for {klass}"]
    values: dict[str, object] = {"ship_class": klass}
    seen: list[str] = []
    index = 1
    while index < len(words):
        word = words[index]
        clause = BUILD_WORDS.get(word)
        if clause is None:
            raise NotationError(f"'{cut(word)}' is no part of a build line",
                                accepted=BUILD_HINT + ".")
        if word != clause:
            extras.append(f"{word} for {clause}")
        key = "GEAR" if clause in ("CORVUS", "HARPAX") else clause
        if key in seen:
            what = "CORVUS or HARPAX" if key == "GEAR" else clause
            raise NotationError(f"{what} is given twice" + (" (a ship carries one or the other)"
                                                            if key == "GEAR" else ""),
                                accepted=BUILD_HINT + ".")
        seen.append(key)
        index += 1
        if clause in ("CREWMEN", "BOWMEN", "MARINES"):
            values[clause.lower()] = _count(words, index, clause)
            index += 1
            if index < len(words) and words[index] in CREW_CLASS_WORDS:
                values[f"{clause.lower()}_class"] = words[index].lower()
                index += 1
            else:
                extras.append(f"no class for {clause}: {REGULAR}")
                values[f"{clause.lower()}_class"] = REGULAR
        elif clause == "OARS":
            values["oars"] = _count(words, index, clause)
            index += 1
        elif clause == "BALLISTA":
            if index < len(words) and _WHOLE.fullmatch(words[index]):
                values["ballistas"] = _count(words, index, clause)
                index += 1
            else:
                extras.append("BALLISTA with no number: 1")
                values["ballistas"] = 1
        elif clause == "TOWER":
            values["tower"] = True
        elif clause == "ADMIRAL":
            values["admiral"] = True
        else:
            values["gear"] = CORVUS if clause == "CORVUS" else HARPAX
    if "OARS" in seen and "CREWMEN" not in seen:
        raise NotationError("OARS says how many crewmen row; give CREWMEN first",
                            accepted=BUILD_HINT + ".")
    standard = [key for key in BUILD_ORDER if key in seen]
    if seen != standard:
        extras.append("build clauses in another order")
    design = Design(**values)  # type: ignore[arg-type]
    return Reading(ship, Build(ship, design), tuple(dict.fromkeys(extras)))


def read_build_line(number: int, raw: str) -> Reading:
    return read_line(number, raw, BUILD_LINES)


def read_setup_line(number: int, raw: str) -> Reading:
    return read_line(number, raw, SETUP_LINES)


def read_round_line(number: int, raw: str) -> Reading:
    return read_line(number, raw, ROUND_LINES)
