"""The standard notation of rulings §20 and the macros of §21 read into typed orders, by the
context of the mail (plan §3): `setup` (QUALITY, POST), `movement` (ORDER, queue entries
`<ID>/<k>:`, SPEED), `deck` (the deck lines, read in `notationdeck.py`), and `leg` and `round`,
which take movement and deck lines together (`mail = legs` and `round`; `split` sends
`movement` and `deck` apart).

Reading knows only words: whose ship, whether the activation number, the angle (above 90) or
the distance (above 1.5 SL) suits the mail and the ship, whether an area is the ship's, is for
the checker (§17). Refusing here is "the judge cannot read it": a `NotationError` saying what was
wrong and what the context accepts (`ACCEPTED`). Words are read in any case; the ordering ship's
id is kept as written, target ids upper-cased. The standard is accepted exactly, `F 0.5` as
`F0.5`; angles are multiples of 0.5 and distances SL with at most two decimals.

The extras, each named in the reading's `extras` for the echo: the id without its colon; a colon
after ORDER; commas in an ORDER list; TOWARDS for TOWARD; BREAK after the intent; spaces inside a
point; a space after (or none before) SPEED's @; FIRST RATE, REGULAR (§4.5) and SECOND RATE for
FR, ABLE and POOR; spaces or commas in a POST; and, in `notationdeck.py`, `.5` for 0.5, `1 M` for
`1M`, MARINE(S) and SHOOTER(S) for M and S, PORT, STARBOARD and STBD for P and S, `S TO B` and
`S - B` for `S-B`, lists separated by spaces, ENTER before UNTIL LOSS, and the AP line itself.

A line of another part of the mail is refused ("a deck line belongs to the deck mail"); once
the verb is known a refusal's `accepted` is its part's text alone. `part_of` and `kind_of` (from
`notationdeck.py`) are exported here too. Imports `table.Vec`,
`woodenwalls.orders` and `woodenwalls.notationdeck`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pbem.rules.suggest import did_you_mean
from pbem.rules.table import Vec
from pbem.rules.woodenwalls.notationdeck import (
    DECK_READERS,
    NotationError,
    Words,
    kind_of,
    part_of,
    tokens_of,
)
from pbem.rules.woodenwalls.orders import (
    ABLE,
    ANY,
    BACKING,
    DECK,
    FIRST_RATE,
    MOVEMENT,
    POOR,
    SETUP,
    ActivationOrder,
    Ahead,
    Astern,
    Away,
    Branch,
    Entry,
    Hold,
    IfNear,
    Intent,
    Order,
    Placing,
    Post,
    Quality,
    Rake,
    Ram,
    Reading,
    Segment,
    Shear,
    Speed,
    Step,
    Toward,
    Turn,
)

__all__ = ["ACCEPTED", "CONTEXTS", "NotationError", "kind_of", "part_of", "read_line"]

LEG, ROUND = "leg", "round"
CONTEXTS = (SETUP, LEG, MOVEMENT, DECK, ROUND)
PARTS: Mapping[str, tuple[str, ...]] = {SETUP: (SETUP,), LEG: (MOVEMENT, DECK),
                                        MOVEMENT: (MOVEMENT,), DECK: (DECK,),
                                        ROUND: (MOVEMENT, DECK)}
_SETUP_TEXT = ("<ID>: QUALITY FR|ABLE|POOR, <ID>: POST <area>:<n><k> … (k M marines, S shooters), "
               "e.g. RH-ATHENA: POST B:1M M:1S S:1M")
_MOVEMENT_TEXT = ("ORDER <ID> <ID> …, <ID>/<k>: <steps> [BREAK] [RAM|SHEAR|RAKE <ID>|ANY] (steps "
                  "S<a> P<a> F<d> B<d> HOLD), <ID>/<k>: TOWARD|AWAY <ID>|(<x>,<y>) [<d>] [BREAK] "
                  "[intent], <ID>/<k>: IF NEAR <ID> <r> THEN <segment> ELSE <segment>, "
                  "<ID>: SPEED 0|1|2|3|4|B @<n>")
_DECK_TEXT = ("<ID>: SHIFT <n><k> <from>-<to>, SHOOT|ENGINE|FIRE <area> <ship>.<area>, …, "
              "OARS P|S <ship>.<area>, …, GRAPPLE <ID>, … [HARPAX], CORVUS|CUT|RELEASE <ID>, "
              "ATTACK [<ship>.]<area> FROM <area> [UNTIL LOSS <n>] [ENTER <n>], "
              "MOVE <n><k> <area> TO [<ship>.]<area>, DOUSE <area> <n> (and the extra "
              "AP <area> <ship>.<area>)")
# What a context accepts; a line of a known part is refused with its part's text alone.
ACCEPTED: Mapping[str, str] = {SETUP: _SETUP_TEXT, MOVEMENT: _MOVEMENT_TEXT, DECK: _DECK_TEXT,
                               LEG: f"{_MOVEMENT_TEXT}; {_DECK_TEXT}",
                               ROUND: f"{_MOVEMENT_TEXT}; {_DECK_TEXT}"}

# The verb of an `<ID>:` line and the part of the mail it belongs to.
VERB_PART: Mapping[str, str] = {"QUALITY": SETUP, "POST": SETUP, "SPEED": MOVEMENT,
                                **{verb: DECK for verb in DECK_READERS}}
ENTRY_WORDS = ("TOWARD", "TOWARDS", "AWAY", "IF", "HOLD")
INTENTS: Mapping[str, type[Ram] | type[Shear] | type[Rake]] = {"RAM": Ram, "SHEAR": Shear,
                                                               "RAKE": Rake}
QUALITY_WORDS: Mapping[str, str] = {"FR": FIRST_RATE, "ABLE": ABLE, "POOR": POOR,
                                    "FIRST RATE": FIRST_RATE, "REGULAR": ABLE,
                                    "SECOND RATE": POOR}
SPEED_WORDS: Mapping[str, int | str] = {"0": 0, "1": 1, "2": 2, "3": 3, "4": 4, "B": BACKING}

_HEAD = re.compile(r"\s*([^\s:/]+)(?:/([^\s:]*))?\s*:(.*)", re.DOTALL)
_BARE = re.compile(r"\s*([^\s:/]+)(?:/([^\s:]*))?\s+(\S.*)", re.DOTALL)
_ORDER = re.compile(r"\s*ORDER(?=[\s:]|$)\s*(:?)(.*)", re.DOTALL | re.IGNORECASE)
_ID = re.compile(r"[A-Za-z0-9-]{1,12}", re.ASCII)
_ENTRY = re.compile(r"[0-9]{1,2}", re.ASCII)
_STEP = re.compile(r"([SPFB])(.*)", re.DOTALL)
_STEP_WORD = re.compile(r"[SPFB][0-9.]*", re.ASCII)
_NUMBERISH = re.compile(r"[0-9.]+", re.ASCII)
_SPEED = re.compile(r"(\S+?)( ?)@( ?)(\S+)")
_PLACING = re.compile(r"(B|M|S|T1|T2):([0-9]{1,2})([MS])", re.ASCII)


def read_line(text: str, context: str) -> Reading | None:
    """One line read in a context (`CONTEXTS`): None for a blank or comment line, else the
    reading; NotationError (a sentence with `ACCEPTED[context]`) when it cannot be read."""
    if context not in CONTEXTS:
        raise ValueError(f"a line is read for {', '.join(CONTEXTS)}, not {context!r}")
    body = text.split("#", 1)[0].strip()
    if not body:
        return None
    accepted = ACCEPTED[context]
    order_line = _ORDER.fullmatch(body)
    if order_line is not None and not (order_line.group(1) and _ship_verb(order_line.group(2))):
        return _activation_order(order_line.group(1), order_line.group(2), context)
    extras: list[str] = []
    head = _HEAD.fullmatch(body)
    if head is None:
        head = _BARE.fullmatch(body)
        if head is None or not _known_start(head.group(3), head.group(2) is not None):
            raise NotationError(f"{body[:40]!r} is not an order line: an order is <ID>: <words> "
                                "(a queue entry <ID>/<k>: <segment>), with an id of 1-12 "
                                "letters, digits or hyphens", accepted=accepted)
        extras.append("the id without its colon")
    ship, entry_text, rest = head.group(1), head.group(2), head.group(3)
    if not _ID.fullmatch(ship):
        raise NotationError(f"{ship[:20]!r} is not a ship id: ids are 1-12 letters, digits or "
                            "hyphens", accepted=accepted)
    words = Words(ship, tokens_of(rest), accepted)
    words.extras.extend(extras)
    if not words.tokens:
        raise words.fail(f"the line for {ship} has no order after its id")
    if entry_text is not None:
        entry = _entry_number(words, entry_text)
        _in_context(words, "a queue entry", MOVEMENT, context)
        return Reading(ship, _entry(words, words.tokens), tuple(words.extras), entry)
    verb = words.tokens[0].upper()
    if verb in VERB_PART:
        _in_context(words, verb, VERB_PART[verb], context)
        return Reading(ship, _ship_order(words, verb), tuple(words.extras))
    if verb == "ORDER":
        raise words.fail("ORDER starts its line, with no ship id before it, e.g. ORDER RH-HELIOS "
                         "RH-ATHENA")
    if verb in ENTRY_WORDS or verb in INTENTS or verb == "BREAK" or _STEP_WORD.fullmatch(verb):
        raise words.fail(f"a segment is a queue entry and needs its activation number: "
                         f"{ship}/1: {rest.strip()[:40]}")
    hint = did_you_mean(words.tokens[0], _verbs(context))
    raise words.fail(f"{words.tokens[0]!r} is not an order word"
                     + (f" ({hint})" if hint else "") + ": the words here are "
                     f"{', '.join(_verbs(context))}")


def _ship_verb(rest: str) -> bool:
    first = rest.split()[0].upper() if rest.split() else ""
    return first in VERB_PART or first in ENTRY_WORDS or bool(_STEP_WORD.fullmatch(first))


def _known_start(rest: str, entry: bool) -> bool:
    first = rest.split()[0].upper()
    return first in VERB_PART or (entry and (first in ENTRY_WORDS
                                             or bool(_STEP_WORD.fullmatch(first))))


def _verbs(context: str) -> list[str]:
    verbs = [verb for verb, part in VERB_PART.items() if part in PARTS[context]]
    return (["ORDER"] if MOVEMENT in PARTS[context] else []) + verbs + (
        ["<ID>/<k>: segments"] if MOVEMENT in PARTS[context] else [])


def _in_context(words: Words, what: str, part: str, context: str) -> None:
    if part in PARTS[context]:
        words.accepted = ACCEPTED[part]
        return
    if context == SETUP:
        where = "the mails of the legs, not the setup mail"
    elif part == SETUP:
        where = "the setup mail before round 1"
    else:
        where = f"the {part} mail"
    raise words.fail(f"{what} is a {part} line, and a {part} line belongs to {where}")


def _entry_number(words: Words, text: str) -> int:
    if not _ENTRY.fullmatch(text) or int(text) < 1:
        raise words.fail(f"the activation number after / is a whole number from 1, e.g. "
                         f"{words.ship}/1:, not {text[:12]!r}")
    return int(text)


def _ship_order(words: Words, verb: str) -> Order:
    if verb == "QUALITY":
        return _quality(words)
    if verb == "POST":
        return _post(words)
    if verb == "SPEED":
        return _speed(words)
    return DECK_READERS[verb](words)


# --- setup (§6.1, §19)


def _quality(words: Words) -> Quality:
    written = " ".join(words.tokens[1:]).upper().replace("-", " ")
    if written not in QUALITY_WORDS:
        raise words.fail(f"the crew quality is FR, ABLE or POOR, not {written[:30]!r}")
    quality = QUALITY_WORDS[written]
    if written != quality:
        words.extra(f"{written} for {quality}")
    return Quality(quality)


def _post(words: Words) -> Post:
    items = words.tokens[1:]
    if "," in items:
        words.extra("POST placings separated by commas")
        items = [item for item in items if item != ","]
    written = " ".join(items).upper()
    tight = re.sub(r"\s*:\s*", ":", written)
    if tight != written:
        words.extra("spaces in a POST placing")
    glued = re.sub(r"(?<=:)([0-9]{1,2})\s+([MS])(?=\s|$)", r"\1\2", tight)
    if glued != tight:
        words.extra("a count and kind written apart")
    if not glued:
        raise words.fail("POST needs placings <area>:<n><k>, e.g. POST B:1M M:1S S:1M")
    placings: list[Placing] = []
    for piece in glued.split():
        match = _PLACING.fullmatch(piece)
        if match is None:
            raise words.fail(f"{piece[:20]!r} is not a placing <area>:<n><k> (areas B M S T1 T2, "
                             "k M marines or S shooters), e.g. B:1M")
        area, number, letter = match.groups()
        kind = "marines" if letter == "M" else "shooters"
        if any(placing.area == area and placing.kind == kind for placing in placings):
            raise words.fail(f"POST places {area}'s {kind} twice; give each area and kind once")
        placings.append(Placing(area, words.count(number, f"the number of {kind} in {area}"),
                                kind))
    return Post(tuple(placings))


# --- movement (§5.5, §6.2, §7.1, §21)


def _activation_order(colon: str, rest: str, context: str) -> Reading:
    words = Words("", tokens_of(rest), ACCEPTED[context])
    if colon:
        words.extra("a colon after ORDER")
    _in_context(words, "ORDER", MOVEMENT, context)
    ids = words.tokens
    if "," in ids:
        words.extra("an ORDER list separated by commas")
        ids = [word for word in ids if word != ","]
    if not ids:
        raise words.fail("ORDER needs your ships' ids in the order they activate, e.g. ORDER "
                         "RH-HELIOS RH-ATHENA")
    ships = tuple(words.ship_id(word, "ORDER") for word in ids)
    if len(set(ships)) != len(ships):
        raise words.fail("ORDER names a ship twice; name each once")
    return Reading("", ActivationOrder(ships), tuple(words.extras))


def _speed(words: Words) -> Speed:
    written = " ".join(words.tokens[1:])
    match = _SPEED.fullmatch(written)
    if match is None:
        raise words.fail("SPEED needs the speed and the action phase it takes effect at, e.g. "
                         "SPEED 4 @1")
    value, before, after, phase = match.groups()
    if not before:
        words.extra("no space before @")
    if after:
        words.extra("a space after @")
    if value.upper() not in SPEED_WORDS:
        raise words.fail(f"the speed {value[:12]!r} is not one of 0, 1, 2, 3, 4 or B")
    return Speed(SPEED_WORDS[value.upper()], words.count(phase, "the action phase after @"))


def _entry(words: Words, tokens: list[str]) -> Entry:
    if tokens[0].upper() != "IF":
        return _branch(words, tokens)
    if len(tokens) < 5 or tokens[1].upper() != "NEAR" or tokens[4].upper() != "THEN":
        raise words.fail("IF is IF NEAR <ID> <r> THEN <segment> ELSE <segment>, e.g. IF NEAR "
                         "MA-KASSANDRA 1.5 THEN AWAY MA-KASSANDRA ELSE F1")
    ship = words.ship_id(tokens[2], "IF NEAR")
    radius = words.distance(tokens[3], f"the range {tokens[3][:12]}")
    upper = [token.upper() for token in tokens]
    if "ELSE" not in upper[5:]:
        raise words.fail("IF NEAR needs both THEN <segment> and ELSE <segment>")
    split = upper.index("ELSE", 5)
    then, otherwise = tokens[5:split], tokens[split + 1:]
    if not then or not otherwise:
        raise words.fail("THEN and ELSE each need a segment, TOWARD or AWAY")
    return IfNear(ship, radius, _branch(words, then), _branch(words, otherwise))


def _branch(words: Words, tokens: list[str]) -> Branch:
    first = tokens[0].upper()
    if first == "IF":
        raise words.fail("IF NEAR is not nested: THEN and ELSE take a segment, TOWARD or AWAY")
    if first in ("TOWARD", "TOWARDS", "AWAY"):
        return _aim(words, tokens)
    return _segment(words, tokens)


def _segment(words: Words, tokens: list[str]) -> Segment:
    steps: list[Step] = []
    at = 0
    while at < len(tokens):
        word = tokens[at].upper()
        if word == "BREAK" or word in INTENTS:
            break
        if word == "HOLD":
            steps.append(Hold())
            at += 1
            continue
        match = _STEP.fullmatch(word)
        if match is None:
            raise words.fail(_not_a_step(tokens[at]))
        letter, amount = match.groups()
        if not amount and at + 1 < len(tokens) and _NUMBERISH.fullmatch(tokens[at + 1]):
            at += 1
            amount = tokens[at]
        steps.append(_step(words, letter, amount, tokens[at] if amount else word))
        at += 1
    if not steps:
        raise words.fail("a segment needs at least one step: S<a>, P<a>, F<d>, B<d> or HOLD, "
                         "e.g. F1 BREAK")
    break_away, intent = _tail(words, tokens[at:])
    return Segment(tuple(steps), break_away, intent)


def _not_a_step(word: str) -> str:
    return (f"{word[:20]!r} is not a step: steps are S<a> and P<a> (degrees in steps of 0.5), "
            "F<d> and B<d> (SL, at most two decimals) and HOLD, e.g. S30 F0.6")


def _step(words: Words, letter: str, amount: str, written: str) -> Step:
    if not amount:
        raise words.fail(f"the step {letter} needs its {'angle' if letter in 'SP' else 'distance'}"
                         f", e.g. {letter}{'30' if letter in 'SP' else '0.5'}")
    if not _NUMBERISH.fullmatch(amount):
        raise words.fail(_not_a_step(written))
    if letter in "SP":
        angle = words.angle(amount, f"the turn {letter}{amount[:12]}")
        return Turn(angle if letter == "S" else -angle)
    distance = words.distance(amount, f"the step {letter}{amount[:12]}")
    return Ahead(distance) if letter == "F" else Astern(distance)


def _tail(words: Words, tokens: list[str]) -> tuple[bool, Intent | None]:
    """`[BREAK] [RAM|SHEAR|RAKE <ID>|ANY]` after a segment's steps or a macro's target."""
    break_away = False
    intent: Intent | None = None
    at = 0
    while at < len(tokens):
        word = tokens[at].upper()
        if word == "BREAK" and not break_away:
            if intent is not None:
                words.extra("BREAK after the intent")
            break_away = True
            at += 1
        elif word in INTENTS and intent is None:
            if at + 1 >= len(tokens):
                raise words.fail(f"{word} needs the target's id or ANY, e.g. {word} MA-PELLA")
            target = tokens[at + 1]
            intent = INTENTS[word](ANY if target.upper() == ANY else words.ship_id(target, word))
            at += 2
        else:
            raise words.fail(f"{tokens[at][:20]!r} is out of place: a segment is <steps> [BREAK] "
                             "[RAM|SHEAR|RAKE <ID>|ANY], in that order, each once")
    return break_away, intent


def _aim(words: Words, tokens: list[str]) -> Toward | Away:
    verb = tokens[0].upper()
    if verb == "TOWARDS":
        words.extra("TOWARDS for TOWARD")
        verb = "TOWARD"
    if len(tokens) < 2:
        raise words.fail(f"{verb} needs a ship id or a point (<x>,<y>), e.g. {verb} MA-PELLA")
    target: str | Vec = (_point(words, tokens[1]) if tokens[1].startswith("(")
                         else words.ship_id(tokens[1], verb))
    at = 2
    distance: float | None = None
    if at < len(tokens) and _NUMBERISH.fullmatch(tokens[at]):
        distance = words.distance(tokens[at], f"the {verb} advance {tokens[at][:12]}")
        at += 1
    break_away, intent = _tail(words, tokens[at:])
    made = Toward if verb == "TOWARD" else Away
    return made(target, distance, break_away, intent)


def _point(words: Words, token: str) -> Vec:
    inner = token[1:-1] if token.endswith(")") and len(token) > 1 else ""
    parts = [part.strip() for part in inner.split(",")]
    if len(parts) != 2:
        raise words.fail(f"a point is (<x>,<y>) in SL, e.g. (9,6), not {token[:20]!r}")
    if inner != inner.replace(" ", "").replace("\t", ""):
        words.extra("spaces inside a point")
    return Vec(words.distance(parts[0], f"the point's x {parts[0][:12]}"),
               words.distance(parts[1], f"the point's y {parts[1][:12]}"))
