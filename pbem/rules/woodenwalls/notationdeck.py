"""The words both notation modules read, and the deck lines of rulings §20 read into orders.

The shared part: `NotationError` (the judge cannot read the line), `Words` (the tokens of one
line after its id, with the extras met) and the readers of a count, a distance in SL (at most two
decimals), an angle (a multiple of 0.5), a ship id, an area, `<ship>.<area>`, `<n><k>` and a list.
The deck part: `SHIFT`, `SHOOT`, `ENGINE`, `FIRE`, `OARS`, the extra `AP` (plan §11 q. 44),
`GRAPPLE`, `CORVUS`, `CUT`, `RELEASE`, `ATTACK`, `MOVE` and `DOUSE`, each read by `DECK_READERS`
from the verb. `notation.py` reads the line's head and the setup and movement lines and hands deck
verbs here. Last, `part_of` (the part of the mail that takes an order) and `kind_of` (its kind for
§17's second lines, plan §11 q. 46). Imports `pbem.rules.errors` and `woodenwalls.orders`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from pbem.rules.errors import OrderSyntaxError
from pbem.rules.woodenwalls.orders import (
    AREAS,
    DECK,
    KIND_LETTERS,
    MARINES,
    MOVEMENT,
    PORT,
    SETUP,
    SHOOTERS,
    SIDE_LETTERS,
    STARBOARD,
    ActivationOrder,
    ApThrow,
    Attack,
    Away,
    Corvus,
    Cut,
    Douse,
    Engine,
    Fire,
    Grapple,
    IfNear,
    Move,
    Oars,
    Order,
    Post,
    Quality,
    Release,
    Segment,
    Shift,
    ShipArea,
    Shoot,
    Speed,
    Toward,
)

_TOKEN = re.compile(r"\(([^()]*)\)|[,()]|[^\s,()]+")
_ID = re.compile(r"[A-Za-z0-9-]{1,12}", re.ASCII)
_SHIP_AREA = re.compile(r"(?:([A-Za-z0-9-]{1,12})\.)?([A-Za-z0-9]{1,2})", re.ASCII)
_NUMBER = re.compile(r"([0-9]{0,3})(?:\.([0-9]+))?", re.ASCII)
_NUMBERISH = re.compile(r"[0-9.]+", re.ASCII)
_COUNT = re.compile(r"[0-9]{1,2}", re.ASCII)
_COUNT_KIND = re.compile(r"([0-9]{1,2})([A-Za-z]+)", re.ASCII)

# Element kind words of <n><k>: the letters are standard, the words extras.
KIND_WORDS: Mapping[str, str] = {"M": MARINES, "S": SHOOTERS, "MARINE": MARINES,
                                 "MARINES": MARINES, "SHOOTER": SHOOTERS, "SHOOTERS": SHOOTERS}
SIDE_WORDS: Mapping[str, str] = {"P": PORT, "S": STARBOARD, "PORT": PORT,
                                 "STARBOARD": STARBOARD, "STBD": STARBOARD}
RESERVED = ("ANY",)


class NotationError(OrderSyntaxError):
    """A line the notation cannot read: what was wrong, and what the mail accepts."""


def tokens_of(text: str) -> list[str]:
    """The words of a line: commas stand alone, a point `(x,y)` is one word."""
    return [match.group(0) for match in _TOKEN.finditer(text)]


class Words:
    """The words of one line after its id, with the extras met while reading them."""

    def __init__(self, ship: str, tokens: list[str], accepted: str) -> None:
        self.ship = ship
        self.tokens = tokens
        self.accepted = accepted
        self.extras: list[str] = []

    def fail(self, reason: str) -> NotationError:
        return NotationError(reason, galley=self.ship, accepted=self.accepted)

    def extra(self, what: str) -> None:
        if what not in self.extras:
            self.extras.append(what)

    # --- numbers

    def count(self, word: str, what: str, least: int = 1) -> int:
        if not _COUNT.fullmatch(word) or int(word) < least:
            raise self.fail(f"{what} {word[:12]!r} is not a whole number of {least} or more")
        return int(word)

    def distance(self, word: str, what: str) -> float:
        """SL with at most two decimals (§20); `.5` is read as an extra."""
        match = _NUMBER.fullmatch(word)
        if match is None or not (match.group(1) or match.group(2)):
            raise self.fail(f"{what} is not a distance: distances are SL with at most two "
                            "decimals, e.g. 0.75")
        whole, part = match.group(1), match.group(2) or ""
        if len(part) > 2:
            raise self.fail(f"{what} has more than two decimals: distances are SL with at most "
                            "two decimals, e.g. 0.75")
        if not whole:
            self.extra("a number without its leading zero")
        return (int(whole or "0") * 100 + int(part.ljust(2, "0"))) / 100

    def angle(self, word: str, what: str) -> float:
        """Degrees in steps of 0.5 (§20)."""
        match = _NUMBER.fullmatch(word)
        if match is None or not (match.group(1) or match.group(2)):
            raise self.fail(f"{what} is not an angle: turns are degrees in steps of 0.5, e.g. "
                            "P22.5")
        whole, part = match.group(1), (match.group(2) or "").rstrip("0")
        if part not in ("", "5"):
            raise self.fail(f"{what} is not a multiple of 0.5: turns are degrees in steps of 0.5, "
                            "e.g. P22.5")
        if not whole:
            self.extra("a number without its leading zero")
        return int(whole or "0") + (0.5 if part else 0.0)

    # --- names

    def ship_id(self, word: str, verb: str) -> str:
        if not _ID.fullmatch(word) or word.upper() in RESERVED:
            raise self.fail(f"{verb} names a ship by its id (1-12 letters, digits or hyphens), "
                            f"not {word!r}")
        return word.upper()

    def area(self, word: str, what: str) -> str:
        if word.upper() not in AREAS:
            raise self.fail(f"{what} {word[:12]!r} is not one of the areas B, M, S, T1 and T2")
        return word.upper()

    def ship_area(self, word: str, verb: str, own: bool = False) -> ShipArea:
        """`<ship>.<area>`, or with `own` also `<area>` alone (the ordering ship's)."""
        match = _SHIP_AREA.fullmatch(word)
        form = "[<ship>.]<area>" if own else "<ship>.<area>"
        if match is None or (match.group(1) is None and not own):
            raise self.fail(f"{verb} aims at {form} (a ship id, a dot and B, M, S, T1 or T2, "
                            f"e.g. MA-PELLA.M), not {word!r}")
        ship = self.ship_id(match.group(1), verb) if match.group(1) else ""
        return ShipArea(ship, self.area(match.group(2), f"in {word}, the area"))

    def count_kind(self, at: int, verb: str) -> tuple[int, str, int]:
        """`<n><k>` at token `at` (or `<n> <k>` as an extra): count, kind, the next token."""
        words = self.tokens
        glued = _COUNT_KIND.fullmatch(words[at]) if at < len(words) else None
        if glued is not None:
            number, word, after = glued.group(1), glued.group(2).upper(), at + 1
        elif at + 1 < len(words) and _COUNT.fullmatch(words[at]):
            number, word, after = words[at], words[at + 1].upper(), at + 2
            self.extra("a count and kind written apart")
        else:
            raise self.fail(f"{verb} needs <n><k>: a count and M (marines) or S (shooters), "
                            "e.g. 1M")
        if word in ("E", "ENGINE", "ENGINES"):
            raise self.fail("engines never shift or move (§12.2, §12.6): the kinds are M "
                            "(marines) and S (shooters)")
        if word not in KIND_WORDS:
            raise self.fail(f"{word!r} is not a kind: the kinds are M (marines) and S (shooters)")
        if len(word) > 1:
            self.extra(f"{word} for {KIND_WORDS[word][0].upper()}")
        return self.count(number, f"the number of {KIND_WORDS[word]}"), KIND_WORDS[word], after

    def listed(self, words: list[str], verb: str, example: str,
               read: Callable[[str], str | ShipArea]) -> tuple[str | ShipArea, ...]:
        """A comma list (spaces instead of commas as an extra), each item once."""
        if not words or words[0] == "," or words[-1] == ",":
            raise self.fail(f"{verb} needs a list separated by commas, e.g. {example}")
        items: list[str | ShipArea] = []
        expect_item = True
        for word in words:
            if word == ",":
                if expect_item:
                    raise self.fail(f"{verb} has an empty place in its list: items separated by "
                                    "single commas")
                expect_item = True
                continue
            if not expect_item:
                self.extra("a list separated by spaces")
            items.append(read(word))
            expect_item = False
        if len(set(items)) != len(items):
            raise self.fail(f"{verb} names a target twice; name each once")
        return tuple(items)


# --- the deck lines


def _shift(words: Words) -> Shift:
    count, kind, at = words.count_kind(1, "SHIFT")
    rest = words.tokens[at:]
    joined = " ".join(rest).upper()
    if len(rest) == 1 and rest[0].count("-") == 1:
        source, destination = rest[0].split("-")
    elif len(rest) == 3 and rest[1].upper() in ("-", "TO"):
        source, destination = rest[0], rest[2]
        words.extra("<from> TO <to> for <from>-<to>" if rest[1] != "-" else "spaces around the -")
    else:
        raise words.fail(f"after SHIFT {count}{kind[0].upper()} comes <from>-<to>, e.g. SHIFT 1M "
                         f"S-B, not {joined!r}")
    source = words.area(source, "the area moved from")
    destination = words.area(destination, "the area moved to")
    if source == destination:
        raise words.fail(f"SHIFT moves elements between two areas, and {source}-{destination} "
                         "names one")
    return Shift(count, kind, source, destination)


def _targets(words: Words, verb: str) -> tuple[ShipArea, ...]:
    if len(words.tokens) < 3:
        raise words.fail(f"{verb} needs an area and targets <ship>.<area>, e.g. {verb} M "
                         "MA-PELLA.M, MA-PELLA.B")
    found = words.listed(words.tokens[2:], verb, f"{verb} M MA-PELLA.M, MA-PELLA.B",
                         lambda word: words.ship_area(word, verb))
    return tuple(item for item in found if isinstance(item, ShipArea))


def _shot(words: Words) -> Order:
    verb = words.tokens[0].upper()
    area = words.area(words.tokens[1], f"the {verb} area") if len(words.tokens) > 1 else ""
    targets = _targets(words, verb)
    return Shoot(area, targets) if verb == "SHOOT" else (
        Engine(area, targets) if verb == "ENGINE" else Fire(area, targets))


def _oars(words: Words) -> Oars:
    if len(words.tokens) < 3:
        raise words.fail("OARS needs a side P or S and targets <ship>.<area>, e.g. OARS P "
                         "MA-KASSANDRA.M")
    side = words.tokens[1].upper()
    if side not in SIDE_WORDS:
        raise words.fail(f"the oarsmen's side is P or S, not {words.tokens[1]!r}")
    if len(side) > 1:
        words.extra(f"{side} for {side[0] if side != 'STBD' else 'S'}")
    return Oars(SIDE_WORDS[side], _targets(words, "OARS"))


def _ap(words: Words) -> ApThrow:
    words.extra("the AP throw line (an extra: §14 gives it none)")
    if len(words.tokens) != 3:
        raise words.fail("AP is AP <area> <ship>.<area>, one target, e.g. AP M MA-PELLA.B")
    return ApThrow(words.area(words.tokens[1], "the AP area"),
                   words.ship_area(words.tokens[2], "AP"))


def _grapple(words: Words) -> Grapple:
    rest = words.tokens[1:]
    harpax = bool(rest) and rest[-1].upper() == "HARPAX"
    found = words.listed(rest[:-1] if harpax else rest, "GRAPPLE", "GRAPPLE MA-PELLA, MA-KASSANDRA",
                         lambda word: words.ship_id(word, "GRAPPLE"))
    return Grapple(tuple(item for item in found if isinstance(item, str)), harpax)


def _named(words: Words) -> Order:
    verb = words.tokens[0].upper()
    if len(words.tokens) != 2:
        raise words.fail(f"{verb} names one ship, e.g. {verb} RH-ATHENA")
    target = words.ship_id(words.tokens[1], verb)
    return Corvus(target) if verb == "CORVUS" else Cut(target) if verb == "CUT" else Release(target)


def _attack(words: Words) -> Attack:
    tokens = words.tokens
    if len(tokens) < 4 or tokens[2].upper() != "FROM":
        raise words.fail("ATTACK is ATTACK [<ship>.]<area> FROM <area> [UNTIL LOSS <n>] "
                         "[ENTER <n>], e.g. ATTACK MA-PELLA.M FROM M")
    target = words.ship_area(tokens[1], "ATTACK", own=True)
    source = words.area(tokens[3], "the attacking area")
    until_loss: int | None = None
    enter: int | None = None
    at = 4
    while at < len(tokens):
        word = tokens[at].upper()
        if word == "UNTIL" and at + 2 < len(tokens) and tokens[at + 1].upper() == "LOSS":
            if until_loss is not None:
                raise words.fail("UNTIL LOSS is written once")
            if enter is not None:
                words.extra("ENTER before UNTIL LOSS")
            until_loss = words.count(tokens[at + 2], "UNTIL LOSS")
            at += 3
        elif word == "ENTER" and at + 1 < len(tokens):
            if enter is not None:
                raise words.fail("ENTER is written once")
            enter = words.count(tokens[at + 1], "ENTER", least=0)
            at += 2
        else:
            raise words.fail(f"after ATTACK … FROM {source} come only UNTIL LOSS <n> and ENTER "
                             f"<n>, not {' '.join(tokens[at:])!r}")
    return Attack(target, source, until_loss, enter)


def _move(words: Words) -> Move:
    count, kind, at = words.count_kind(1, "MOVE")
    rest = words.tokens[at:]
    if len(rest) != 3 or rest[1].upper() != "TO":
        raise words.fail("MOVE is MOVE <n><k> <area> TO [<ship>.]<area>, e.g. MOVE 1M B TO M")
    return Move(count, kind, words.area(rest[0], "the area moved from"),
                words.ship_area(rest[2], "MOVE", own=True))


def _douse(words: Words) -> Douse:
    if len(words.tokens) != 3:
        raise words.fail("DOUSE is DOUSE <area> <n>, e.g. DOUSE S 1")
    return Douse(words.area(words.tokens[1], "the area doused"),
                 words.count(words.tokens[2], "the number of elements dousing"))


DECK_READERS: Mapping[str, Callable[[Words], Order]] = {
    "SHIFT": _shift, "SHOOT": _shot, "ENGINE": _shot, "FIRE": _shot, "OARS": _oars, "AP": _ap,
    "GRAPPLE": _grapple, "CORVUS": _named, "CUT": _named, "RELEASE": _named, "ATTACK": _attack,
    "MOVE": _move, "DOUSE": _douse}


# --- the part of the mail that takes a line, and its kind (§17)


def part_of(order: Order) -> str:
    """The part of the mail that takes the line: `SETUP`, `MOVEMENT` or `DECK`."""
    if isinstance(order, Quality | Post):
        return SETUP
    if isinstance(order, ActivationOrder | Segment | Toward | Away | IfNear | Speed):
        return MOVEMENT
    return DECK


def kind_of(order: Order) -> str:
    """The kind of line for §17's "a second line for the same ship, activation and kind"
    (plan §11 q. 46); a queue entry's kind is `segment` (its activation number is the
    reading's `entry`)."""
    if isinstance(order, Segment | Toward | Away | IfNear):
        return "segment"
    if isinstance(order, Speed):
        return f"SPEED @{order.phase}"
    if isinstance(order, Shoot | Engine | Fire | ApThrow | Douse):
        return f"{order.notation().split()[0]} {order.area}"
    if isinstance(order, Oars):
        return f"OARS {SIDE_LETTERS[order.side]}"
    if isinstance(order, Shift):
        return f"SHIFT {KIND_LETTERS[order.kind]} {order.source}-{order.destination}"
    if isinstance(order, Move):
        return f"MOVE {KIND_LETTERS[order.kind]} {order.source} TO {order.destination.notation()}"
    if isinstance(order, Corvus | Cut | Release):
        return order.notation()
    if isinstance(order, Attack):
        return f"ATTACK FROM {order.source}"
    return order.notation().split()[0]
