"""The standard notation of rulings §21 read into typed orders, plus a few friendly extras.

Reading knows only words: whose ship it is, whether the speed suits the band and the path the
turn rules (§3.3), whether targets are enemies afloat (§20) is for the checker. Refusing a line
here is "the judge cannot read it"; each refusal says what was wrong and what is accepted. Words
are read in any case; the ordering ship's id is kept as written, target ids upper-cased. The
standard is accepted exactly:

- set-up: `C2: 28 41.5 180`;
- round 1: `R3: SPEED 9.5 F2 S30 F7.5`, `C2: SPEED 11 RAM R3 PORT`, `R1: SPEED 8 F3 A F5 RAM C2`,
  `C1: SPEED 0 P30 P30`, `R2: BACK 2`, `C3: REACT SHEAR`, `R3: REACT AVOID F2 P45 F5`,
  `R2: GRAPPLE C1, C2`, `C1: GRAPPLE ANY`, `R1: CORVUS C1, C2`, `R2: CUT NONE`;
- round 2: `C1: ARCHERS 3 R2 SOLDIERS, 1 R3`, `C1: BALLISTA 2 R2 BALLISTA`, `R2: MELEE C1`,
  `R2: MELEE OFF`, `C1: LOSSES SOLDIERS ARCHERS OFFICERS`, `R1: RAISE`, `C2: BREAK R1`,
  `R1: RAISE OFF`, `C2: BREAK OFF`, and with `opt_transfer` `R1: TRANSFER 2 SOLDIERS TO R2`.

The extras, each named in the reading's `extras` for the echo: singular type words (ARCHER,
SOLDIER, OFFICER, ROWER) and BALLISTAE; STBD for STARBOARD; lists separated by spaces instead
of commas; distances and set-up numbers with two decimals when they
are exact in tenths (set-up: any two decimals); and the id without its colon.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pbem.rules.errors import OrderSyntaxError
from pbem.rules.speedband.orders import (
    AIM,
    ARCHERS,
    AVOID,
    BACKWARD,
    BALLISTA,
    COMBAT_ROUND,
    FORWARD,
    IGNORE,
    ORDERS_ROUND,
    SETUP_ROUND,
    SHEAR,
    Corvus,
    CorvusWork,
    Cut,
    Fire,
    FireClause,
    Grapple,
    Losses,
    Melee,
    Movement,
    Order,
    Place,
    React,
    Reading,
    Step,
    Transfer,
    round_of,
)
from pbem.rules.suggest import did_you_mean

CONTEXTS = (SETUP_ROUND, ORDERS_ROUND, COMBAT_ROUND)
ROUND_NAMES: Mapping[str, str] = {SETUP_ROUND: "the free set-up",
                                  ORDERS_ROUND: "round 1 (orders)",
                                  COMBAT_ROUND: "round 2 (combat)"}
ACCEPTED: Mapping[str, str] = {
    SETUP_ROUND: "<ID>: <x> <y> <heading>, e.g. C2: 28 44 180",
    ORDERS_ROUND: ("<ID>: SPEED <s> [steps] [RAM <t> [PORT|STARBOARD]], <ID>: BACK <s> [steps] "
                   "(steps F<d> B<d> P<a> S<a> A), REACT IGNORE|SHEAR|AVOID [steps], "
                   "GRAPPLE <t>, <t> | ANY, CORVUS <t>, <t>, CUT ENEMY|ALL|NONE"),
    COMBAT_ROUND: ("<ID>: ARCHERS <n> <t> [<type>], … | BALLISTA <n> <t> [<type>], … "
                   "(types ROWERS SOLDIERS ARCHERS OFFICERS BALLISTA), MELEE <t> | OFF, "
                   "LOSSES <type> <type> <type>, RAISE [OFF], BREAK <t> | OFF, "
                   "TRANSFER <n> <type> TO <friend>"),
}
VERB_ROUND: Mapping[str, str] = {
    "SPEED": ORDERS_ROUND, "BACK": ORDERS_ROUND, "REACT": ORDERS_ROUND, "GRAPPLE": ORDERS_ROUND,
    "CORVUS": ORDERS_ROUND, "CUT": ORDERS_ROUND, "ARCHERS": COMBAT_ROUND,
    "BALLISTA": COMBAT_ROUND, "MELEE": COMBAT_ROUND, "LOSSES": COMBAT_ROUND,
    "RAISE": COMBAT_ROUND, "BREAK": COMBAT_ROUND, "TRANSFER": COMBAT_ROUND}

# Type words: standard ones map to themselves; the others are extras.
TYPE_WORDS: Mapping[str, str] = {
    "ROWERS": "rowers", "SOLDIERS": "soldiers", "ARCHERS": "archers", "OFFICERS": "officers",
    "BALLISTA": "ballista", "ROWER": "rowers", "SOLDIER": "soldiers", "ARCHER": "archers",
    "OFFICER": "officers", "BALLISTAE": "ballista"}
STANDARD_TYPES = ("ROWERS", "SOLDIERS", "ARCHERS", "OFFICERS", "BALLISTA")
SIDE_WORDS: Mapping[str, str] = {"PORT": "port", "STARBOARD": "starboard", "STBD": "starboard"}

_ID = re.compile(r"[A-Za-z0-9-]{1,12}", re.ASCII)
_LINE = re.compile(r"\s*([A-Za-z0-9-]{1,12})\s*:\s*(.*)", re.ASCII | re.DOTALL)
_BARE = re.compile(r"\s*([A-Za-z0-9-]{1,12})\s+(\S.*)", re.ASCII | re.DOTALL)
_DISTANCE = re.compile(r"(\d{1,3})(?:\.(\d{1,2}))?", re.ASCII)
_WHOLE = re.compile(r"\d{1,4}", re.ASCII)
_STEP = re.compile(r"([FBPS])(\d{1,3}(?:\.\d{1,2})?)|(A)", re.ASCII)


class NotationError(OrderSyntaxError):
    """A line the notation cannot read."""


def _fail(reason: str, context: str, ship: str = "") -> NotationError:
    return NotationError(reason, galley=ship, accepted=ACCEPTED[context])


class _Line:
    """The words of one order line after its id, with the extras met while reading them."""

    def __init__(self, ship: str, words: list[str], context: str) -> None:
        self.ship = ship
        self.words = words
        self.context = context
        self.extras: list[str] = []

    def fail(self, reason: str) -> NotationError:
        return _fail(reason, self.context, self.ship)

    def extra(self, what: str) -> None:
        if what not in self.extras:
            self.extras.append(what)


def read_line(text: str, context: str) -> Reading | None:
    """One line read in a context (`setup`, `orders` or `combat`): None for a blank or comment
    line, else the reading; NotationError (a sentence) when it cannot be read."""
    if context not in CONTEXTS:
        raise ValueError(f"a line is read for {', '.join(CONTEXTS)}, not {context!r}")
    body = text.split("#", 1)[0].strip()
    if not body:
        return None
    match = _LINE.fullmatch(body)
    extras: list[str] = []
    if match is None:
        bare = _BARE.fullmatch(body)
        if bare is None or not _known_start(bare.group(2)):
            raise _fail(f"{body[:40]!r} is not an order line: an order is <ID>: <words>, with an "
                        "id of 1-12 letters, digits or hyphens", context)
        match = bare
        extras.append("the id without its colon")
    ship, rest = match.group(1), match.group(2)
    words = rest.replace(",", " , ").split()
    if not words:
        raise _fail(f"the line for {ship} has no order after its id", context, ship)
    line = _Line(ship, words, context)
    line.extras.extend(extras)
    order = _read_order(line)
    wanted = round_of(order)
    if wanted != context:
        raise line.fail(f"{_describe(order)} is a line for {ROUND_NAMES[wanted]}, and this is "
                        f"{ROUND_NAMES[context]}")
    return Reading(ship, order, tuple(line.extras))


def _known_start(rest: str) -> bool:
    first = rest.split()[0].upper()
    return first in VERB_ROUND or bool(_DISTANCE.fullmatch(first))


def _describe(order: Order) -> str:
    return "a set-up line" if isinstance(order, Place) else f"{order.notation().split()[0]}"


def _read_order(line: _Line) -> Order:
    verb = line.words[0].upper()
    if verb in ("SPEED", "BACK"):
        return _movement(line, verb)
    if verb == "REACT":
        return _react(line)
    if verb == "GRAPPLE":
        return _grapple(line)
    if verb == "CORVUS":
        targets = _ids(line, line.words[1:], "CORVUS")
        return Corvus(targets)
    if verb == "CUT":
        return _cut(line)
    if verb in ("ARCHERS", "BALLISTA"):
        return _fire(line, verb)
    if verb == "MELEE":
        return _melee(line)
    if verb == "LOSSES":
        return _losses(line)
    if verb in ("RAISE", "BREAK"):
        return _corvus_work(line, verb)
    if verb == "TRANSFER":
        return _transfer(line)
    if _DISTANCE.fullmatch(verb) or re.fullmatch(r"\d+\.\d+", verb, re.ASCII):
        return _place(line)
    hint = did_you_mean(line.words[0], VERB_ROUND)
    raise line.fail(f"{line.words[0]!r} is not an order word"
                    + (f" ({hint})" if hint else "") + ": the words are "
                    f"{', '.join(VERB_ROUND)}, or x y heading for a set-up")


# --- round 1


def _distance(line: _Line, word: str, what: str) -> int:
    """A distance in tenths: one decimal as standard, two as an extra when exact in tenths."""
    match = _DISTANCE.fullmatch(word)
    if match is None:
        raise line.fail(f"{what} {word!r} is not a distance: give inches with at most one "
                        "decimal, e.g. 9.5")
    whole, part = match.group(1), match.group(2) or ""
    if len(part) == 2:
        if part[1] != "0":
            raise line.fail(f"{what} {word} has more than one decimal: speeds and distances are "
                            "in tenths of an inch, e.g. 9.5")
        line.extra("a distance written with two decimals")
        part = part[0]
    return int(whole) * 10 + int(part or "0")


def _movement(line: _Line, verb: str) -> Movement:
    if len(line.words) < 2:
        raise line.fail(f"{verb} needs a speed in inches, e.g. {verb} 9.5")
    speed = _distance(line, line.words[1], "the speed")
    if speed > 999:
        raise line.fail(f"the speed {line.words[1]} is above 99.9 inches")
    if verb == "BACK" and speed == 0:
        raise line.fail("BACK needs a speed of at least 0.1; a ship that stays writes SPEED 0")
    words = line.words[2:]
    upper = [word.upper() for word in words]
    ram_at = upper.index("RAM") if "RAM" in upper else len(words)
    steps = _steps(line, words[:ram_at])
    ram, side = "", ""
    if ram_at < len(words):
        if verb == "BACK":
            raise line.fail("a BACK line takes no RAM: a ram needs a forward speed above 0")
        clause = words[ram_at + 1:]
        if not clause or clause[0] == ",":
            raise line.fail("RAM needs the target's id, e.g. RAM R3 PORT")
        ram = _target(line, clause[0], "RAM")
        if len(clause) > 2:
            raise line.fail(f"after RAM {ram} only PORT or STARBOARD may follow, not "
                            f"{' '.join(clause[1:])!r}")
        if len(clause) == 2:
            word = clause[1].upper()
            if word not in SIDE_WORDS:
                raise line.fail(f"the sheared side is PORT or STARBOARD, not {clause[1]!r}")
            if word == "STBD":
                line.extra("STBD for STARBOARD")
            side = SIDE_WORDS[word]
    return Movement(-speed if verb == "BACK" else speed, steps, ram, side)


def _steps(line: _Line, words: list[str]) -> tuple[Step, ...]:
    steps: list[Step] = []
    for word in words:
        match = _STEP.fullmatch(word.upper())
        if match is None:
            raise line.fail(f"{word!r} is not a step: steps are F<d> or B<d> (inches, one "
                            "decimal), P<a> or S<a> (whole degrees) and A (aim at the ram "
                            "target), e.g. F2 S30 F7.5")
        if match.group(3):
            steps.append(Step(AIM))
            continue
        kind, amount = match.group(1), match.group(2)
        if kind in (FORWARD, BACKWARD):
            steps.append(Step(kind, _distance(line, amount, f"the step {word}")))
        else:
            if not amount.isdigit():
                raise line.fail(f"the turn {word} is not whole degrees: turns are P<a> or S<a> "
                                "with a whole number, e.g. S30")
            steps.append(Step(kind, int(amount)))
    return tuple(steps)


def _react(line: _Line) -> React:
    if len(line.words) < 2:
        raise line.fail("REACT needs IGNORE, SHEAR or AVOID [steps]")
    word = line.words[1].upper()
    if word in ("IGNORE", "SHEAR"):
        if len(line.words) > 2:
            raise line.fail(f"REACT {word} takes nothing after it; only AVOID takes steps")
        return React(IGNORE if word == "IGNORE" else SHEAR)
    if word == "AVOID":
        return React(AVOID, _steps(line, line.words[2:]))
    raise line.fail(f"a reaction is IGNORE, SHEAR or AVOID, not {line.words[1]!r}")


def _target(line: _Line, word: str, verb: str) -> str:
    if not _ID.fullmatch(word) or word.upper() in ("ANY", "OFF"):
        raise line.fail(f"{verb} names ships by their ids (1-12 letters, digits or hyphens), "
                        f"not {word!r}")
    return word.upper()


def _ids(line: _Line, words: list[str], verb: str) -> tuple[str, ...]:
    """A comma list of ids; a list without commas is an extra."""
    if not words or words[0] == "," or words[-1] == ",":
        raise line.fail(f"{verb} needs a list of ship ids separated by commas, e.g. {verb} C1, C2")
    ids: list[str] = []
    expect_id = True
    for word in words:
        if word == ",":
            if expect_id:
                raise line.fail(f"{verb} has an empty place in its list: ids separated by "
                                "single commas")
            expect_id = True
            continue
        if not expect_id:
            line.extra("a list separated by spaces")
        ids.append(_target(line, word, verb))
        expect_id = False
    if len(set(ids)) != len(ids):
        raise line.fail(f"{verb} names a ship twice; name each once")
    return tuple(ids)


def _grapple(line: _Line) -> Grapple:
    if len(line.words) == 2 and line.words[1].upper() == "ANY":
        return Grapple()
    return Grapple(_ids(line, line.words[1:], "GRAPPLE"))


def _cut(line: _Line) -> Cut:
    if len(line.words) != 2 or line.words[1].upper() not in ("ENEMY", "ALL", "NONE"):
        raise line.fail("CUT is followed by ENEMY, ALL or NONE")
    return Cut(line.words[1].lower())


# --- round 2


def _count(line: _Line, word: str, what: str) -> int:
    if not _WHOLE.fullmatch(word) or int(word) < 1:
        raise line.fail(f"{what} {word!r} is not a whole number of 1 or more")
    return int(word)


def _type_word(line: _Line, word: str) -> str:
    upper = word.upper()
    if upper not in TYPE_WORDS:
        raise line.fail(f"{word!r} is not a type: the types are {' '.join(STANDARD_TYPES)}")
    if upper not in STANDARD_TYPES:
        line.extra(f"{upper} for {TYPE_WORDS[upper].upper()}")
    return TYPE_WORDS[upper]


def _fire(line: _Line, verb: str) -> Fire:
    weapon = ARCHERS if verb == "ARCHERS" else BALLISTA
    clauses: list[FireClause] = []
    parts: list[list[str]] = [[]]
    for word in line.words[1:]:
        if word == ",":
            parts.append([])
        else:
            parts[-1].append(word)
    if any(not part for part in parts):
        raise line.fail(f"{verb} needs clauses <n> <target> [<type>] separated by commas, e.g. "
                        f"{verb} 3 R2 SOLDIERS, 1 R3")
    for part in parts:
        if len(part) > 3:
            raise line.fail(f"the clause {' '.join(part)!r} is too long: one clause is "
                            "<n> <target> [<type>], clauses separated by commas")
        if len(part) < 2:
            raise line.fail(f"the clause {' '.join(part)!r} needs a number and a target, e.g. "
                            "3 R2 SOLDIERS")
        count = _count(line, part[0], f"the number of {weapon}")
        target = _target(line, part[1], verb)
        kind = _type_word(line, part[2]) if len(part) == 3 else ""
        if kind == BALLISTA and weapon == ARCHERS:
            raise line.fail("archers cannot hit a ballista (§12.1): only a ballista's BALLISTA "
                            "clause aims at one")
        clauses.append(FireClause(count, target, kind))
    return Fire(weapon, tuple(clauses))


def _melee(line: _Line) -> Melee:
    if len(line.words) != 2:
        raise line.fail("MELEE names one ship, or OFF")
    if line.words[1].upper() == "OFF":
        return Melee()
    return Melee(_target(line, line.words[1], "MELEE"))


def _losses(line: _Line) -> Losses:
    words = [word for word in line.words[1:] if word != ","]
    if len(words) != len(line.words[1:]):
        line.extra("a list separated by commas")
    kinds = tuple(_type_word(line, word) for word in words)
    if len(kinds) != 3 or sorted(kinds) != ["archers", "officers", "soldiers"]:
        raise line.fail("LOSSES names ARCHERS, SOLDIERS and OFFICERS, each once, in the order "
                        "they are lost")
    return Losses((kinds[0], kinds[1], kinds[2]))


def _corvus_work(line: _Line, verb: str) -> CorvusWork:
    rest = line.words[1:]
    if rest and rest[0].upper() == "OFF" and len(rest) == 1:
        return CorvusWork(verb.lower(), off=True)
    if verb == "RAISE":
        if rest:
            raise line.fail("RAISE stands alone (or RAISE OFF)")
        return CorvusWork("raise")
    if len(rest) != 1:
        raise line.fail("BREAK names the corvus ship holding this one, or OFF")
    return CorvusWork("break", _target(line, rest[0], "BREAK"))


def _transfer(line: _Line) -> Transfer:
    words = line.words[1:]
    if len(words) != 4 or words[2].upper() != "TO":
        raise line.fail("TRANSFER is TRANSFER <n> ARCHERS|SOLDIERS|OFFICERS TO <friend>")
    count = _count(line, words[0], "the number to transfer")
    kind = _type_word(line, words[1])
    if kind not in ("archers", "soldiers", "officers"):
        raise line.fail("only ARCHERS, SOLDIERS or OFFICERS transfer; rowers never do")
    return Transfer(count, kind, _target(line, words[3], "TRANSFER"))


# --- set-up


def _place(line: _Line) -> Place:
    words = [word for word in line.words if word != ","]
    if len(words) != len(line.words):
        line.extra("set-up numbers separated by commas")
    if len(words) != 3:
        raise line.fail("a set-up line is <x> <y> <heading>, e.g. C2: 28 44 180")
    x, y = (_coordinate(line, word, what) for word, what in zip(words[:2], ("x", "y"),
                                                                  strict=True))
    if not _WHOLE.fullmatch(words[2]) or int(words[2]) > 359:
        raise line.fail(f"the heading {words[2]!r} is not whole degrees from 0 to 359")
    return Place(x, y, int(words[2]))


def _coordinate(line: _Line, word: str, what: str) -> float:
    match = _DISTANCE.fullmatch(word)
    if match is None:
        raise line.fail(f"{what} {word!r} is not a distance in inches with at most one decimal")
    if match.group(2) and len(match.group(2)) == 2:
        line.extra("set-up numbers with two decimals")
    return float(word)
