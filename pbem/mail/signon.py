"""Reading a mail's plain text as a letter to the judge: sign-on blocks, their commands and
orders, and the lines that were not read. Pure: text in, a `Letter` out, for any text.

The letter, as the judge reads it (keywords in any case; each line is compared with its
trailing white space removed; CR LF and CR count as line ends; line numbers are 1-based and
count every line of the text given):

- `SIGNON <game> <player> <password>` starts a block. The first word after the keyword is
  the game, the last the password, and everything between (runs of spaces made one) is the
  player, since player names may hold spaces. Fewer than three words: the block still
  forms, with what was given, an empty password if it is missing, and a `problem`. Every
  unquoted line whose first word is SIGNON starts a new block, even in the middle of
  another's orders or press.
- Before the first SIGNON: a greeting, not read and not listed. The one exception is a line
  that is exactly a command (HELP, STATUS, REPORT or ORDERS alone; PASSWORD or PRESS with
  one word), which becomes a loose command, so a mail saying only HELP is answered. Prose
  such as "Orders below" or "Password reset please" stays greeting.
- In a block, a line whose first word is a command is that command, wherever it stands,
  before or among the orders: no order line of ours starts with a bare command word (an
  order names its galley with a colon, as in `PRESS: F3`). HELP may carry a topic; STATUS,
  REPORT, ORDERS, WAIT and NOWAIT ignore what follows; PASSWORD and PRESS need exactly one
  word, VACATION and SET two, else the command carries a `problem` (and must not be carried
  out).
- An unknown command is a line of one word in capital letters (two or more letters, no
  colon) between the SIGNON line and the first order line, e.g. `RESIGN`; it becomes a
  `Command` with `known=False`. After the first order line such a line is an order line
  (the rules then refuse it with a reason). Unknown words are never looked for before
  SIGNON, where they are greeting.
- `PRESS <to>` takes the lines after it up to a line ENDPRESS as its body, verbatim
  (quoted lines and signatures included: the writer chose them). The search stops at an
  unquoted SIGNON line or the start of an original message. With no ENDPRESS the body runs
  to the end of the block (ENDORDERS, signature, next SIGNON or end of text) and the
  command gets a `problem`: that press is not sent, so a forgotten ENDPRESS never relays a
  quoted report to other players.
- Every other unquoted line of a block is an order line. Blank lines among orders are kept;
  leading and trailing ones are dropped. `orders` joins the order lines; `order_lines`
  gives each one's line number, since commands and quoted text may fall between them.
- Quoted lines (first non-blank character `>`) are never read, wherever they are: a SIGNON
  or an ENDPRESS inside a quote means nothing. Unquoted lines after a quote carry on the
  block (bottom posting and interleaved replies). An attribution line is not an order: one
  that ends with `:` and is followed, after any blank lines, by quoted lines, such as `On
  Mon, 1 Dec 2026, Ann wrote:`; it needs two words or more, unless it is the end of an
  `On ...` line that a mail client wrapped, in which case both lines are attribution.
- ENDORDERS (or SIGNOFF), alone on its line, ends the block's orders; the lines after it
  are not read until the next SIGNON.
- A signature separator (`-- `, or `--`), or the start of an original message in a reply
  that does not quote it (`-----Original Message-----`, `---------- Forwarded message
  ---------`, `Begin forwarded message:`, Outlook's `From:` line followed by `Sent:` or
  `Date:`, or a line of ten or more underscores, which Outlook puts above that and mailing
  lists above their footer) ends reading: nothing after it is read.
- `ignored` lists the non-blank lines that were not read, except greeting (unquoted lines
  before the first SIGNON and before the end of reading): quoted lines, attribution lines,
  lines after ENDORDERS, a stray ENDPRESS, and every line after the end of reading (but not
  the signature separator itself). The reply shows them as not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

COMMANDS = ("HELP", "STATUS", "REPORT", "ORDERS", "PASSWORD", "PRESS", "EXTEND", "VACATION",
            "WAIT", "NOWAIT", "SET")
BARE_COMMANDS = ("HELP", "STATUS", "REPORT", "ORDERS", "WAIT", "NOWAIT")  # a topic, or ignored
ONE_WORD_COMMANDS = {
    "PASSWORD": "PASSWORD needs one word after it, the new password: PASSWORD <new password>",
    "PRESS": "PRESS needs one word after it, a side or all: PRESS <side|all>",
    "EXTEND": "EXTEND needs one word after it, how long: EXTEND 24h",
}
TWO_WORD_COMMANDS = {
    "VACATION": "VACATION needs the first and the last day away: VACATION 2026-12-20 2026-12-28",
    "SET": "SET needs a setting and its value: SET MAP svg, SET MAP png or SET MAP none",
}
SIGNON = "SIGNON"
END_ORDERS = ("ENDORDERS", "SIGNOFF")
END_PRESS = "ENDPRESS"
SIGNON_PROBLEM = "SIGNON needs a game, a player and a password: SIGNON <game> <player> <password>"
NO_ENDPRESS = ("PRESS has no ENDPRESS line after its message, so it was not sent: end the message "
               "with a line ENDPRESS")

_UNKNOWN_WORD = re.compile(r"[A-Z][A-Z-]*[A-Z]")
_ORIGINAL_MARKERS = (
    re.compile(r"-{2,}\s*original message\s*-{2,}", re.IGNORECASE),
    re.compile(r"-{2,}\s*forwarded message\s*-{2,}", re.IGNORECASE),
    re.compile(r"begin forwarded message:", re.IGNORECASE),
    # the same in any language: "-----Ursprüngliche Nachricht-----", "----- Message d'origine
    # -----": words between runs of five or more dashes
    re.compile(r"-{5,}\s*\w[^-]*\w\s*-{5,}"),
)
_UNDERSCORES = re.compile(r"_{10,}")
_MARKER_STARTS = frozenset("-_bB")  # the first characters the markers above can match
_REPLY_HEADER_FIRST = ("From:", "Von:", "De :", "De:", "Da:", "Van:", "Från:")
_REPLY_HEADER_NEXT = ("Sent:", "Date:", "Gesendet:", "Envoyé :", "Envoyé:", "Enviado:",
                      "Inviato:", "Verzonden:", "Skickat:", "Datum:")


@dataclass(frozen=True)
class Command:
    word: str          # upper-case: one of COMMANDS, or the unknown word as written, upper-cased
    argument: str      # the rest of the line (PASSWORD <new>; PRESS <side|all>)
    line_no: int       # 1-based line number in the text given
    body: str = ""     # PRESS only: the lines up to ENDPRESS
    known: bool = True  # False for an unknown command word (it still gets a clear answer)
    problem: str = ""  # a sentence when the command cannot be carried out as written


@dataclass(frozen=True)
class Block:
    game: str
    player: str
    password: str      # "" when missing
    line_no: int       # the SIGNON line's number
    commands: tuple[Command, ...]
    orders: str        # the order lines of this block joined with \n ("" if none)
    orders_line: int   # line number of the first line of `orders` (0 if none)
    problem: str = ""  # a sentence when the sign-on line is malformed
    order_lines: tuple[int, ...] = ()  # the line number of each line of `orders`


@dataclass(frozen=True)
class Letter:
    blocks: tuple[Block, ...]
    loose_commands: tuple[Command, ...]   # commands before any SIGNON (e.g. a mail saying only HELP)
    ignored: tuple[tuple[int, str], ...]  # (line_no, text) of non-blank lines that were not read


def read_letter(text: str) -> Letter:
    lines = [line.rstrip() for line in text.removeprefix("\ufeff").replace("\r\n", "\n")
             .replace("\r", "\n").split("\n")]
    reader = _Reader(lines)
    reader.read()
    return Letter(tuple(reader.blocks), tuple(reader.loose), tuple(reader.ignored))


@dataclass
class _Draft:
    """A block being read."""

    game: str
    player: str
    password: str
    line_no: int
    problem: str
    commands: list[Command] = field(default_factory=list)
    orders: list[tuple[int, str]] = field(default_factory=list)

    def block(self) -> Block:
        while self.orders and not self.orders[-1][1].strip():
            self.orders.pop()
        return Block(
            game=self.game, player=self.player, password=self.password, line_no=self.line_no,
            commands=tuple(self.commands),
            orders="\n".join(line for _no, line in self.orders),
            orders_line=self.orders[0][0] if self.orders else 0,
            problem=self.problem,
            order_lines=tuple(no for no, _line in self.orders),
        )


class _Reader:
    """One pass over the lines, each classified once; its lists are the letter."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.quoted = [line.lstrip().startswith(">") for line in lines]
        self.kinds = [self._kind(index) for index in range(len(lines))]
        self.attributions = _attributions(lines, self.quoted)
        # where the next ENDPRESS, the next line that stops its search, and the next end of a
        # block are, from each line on: found once, so that no text makes reading quadratic
        self.next_endpress = _next(self.kinds, {"endpress"})
        self.next_press_stop = _next(self.kinds, {"signon", "original"})
        self.next_block_end = _next(self.kinds, {"signon", "endorders", "signature", "original"})
        self.blocks: list[Block] = []
        self.loose: list[Command] = []
        self.ignored: list[tuple[int, str]] = []

    def _kind(self, index: int) -> str:
        if self.quoted[index]:
            return "quoted"
        line = self.lines[index]
        words = line.split()
        first = words[0].upper() if words else ""
        if not words:
            return "blank"
        if _is_signature(line):
            return "signature"
        if self._original_starts(index):
            return "original"
        if first == SIGNON:
            return "signon"
        if len(words) == 1 and first in END_ORDERS:
            return "endorders"
        if len(words) == 1 and first == END_PRESS:
            return "endpress"
        return "text"

    def read(self) -> None:
        draft: _Draft | None = None
        after_end = False  # after ENDORDERS, until the next SIGNON
        index = 0
        while index < len(self.lines):
            line, kind = self.lines[index], self.kinds[index]
            if kind == "quoted":
                if line.strip().lstrip(">").strip():
                    self.ignored.append((index + 1, line))
            elif kind in ("signature", "original"):
                start = index + 1 if kind == "signature" else index
                self.ignored.extend((number + 1, self.lines[number])
                                    for number in range(start, len(self.lines))
                                    if self.lines[number].strip())
                break
            elif kind == "signon":
                if draft is not None:
                    self.blocks.append(draft.block())
                draft = _signon(line.split()[1:], index + 1)
                after_end = False
            elif draft is None:
                found = self._command(index, loose=True, unknown_allowed=False) if kind == "text" else None
                if found is not None:
                    self.loose.append(found[0])
                    index = found[1]
                    continue
            elif after_end or index in self.attributions or kind == "endpress":
                if kind != "blank":
                    self.ignored.append((index + 1, line))
            elif kind == "blank":
                if draft.orders:
                    draft.orders.append((index + 1, ""))
            elif kind == "endorders":
                after_end = True
            else:
                found = self._command(index, loose=False, unknown_allowed=not draft.orders)
                if found is not None:
                    draft.commands.append(found[0])
                    index = found[1]
                    continue
                draft.orders.append((index + 1, line))
            index += 1
        if draft is not None:
            self.blocks.append(draft.block())

    def _command(self, index: int, *, loose: bool, unknown_allowed: bool) -> tuple[Command, int] | None:
        """The command on this line and the index of the line after it (after a press body)."""
        line = self.lines[index].strip()
        words = line.split()
        word = words[0].upper()
        argument = line[len(words[0]):].strip()
        if words[0].isascii() and word in COMMANDS:
            wanted = 1 if word in BARE_COMMANDS else 3 if word in TWO_WORD_COMMANDS else 2
            if loose and len(words) != wanted:
                return None
            problem = ONE_WORD_COMMANDS[word] if word in ONE_WORD_COMMANDS and len(words) != 2 else ""
            if word in TWO_WORD_COMMANDS and len(words) != 3:
                problem = TWO_WORD_COMMANDS[word]
            if word != "PRESS":
                return Command(word, argument, index + 1, problem=problem), index + 1
            body, body_problem, after = self._press_body(index + 1)
            return Command(word, argument, index + 1, body=body, problem=problem or body_problem), after
        if unknown_allowed and len(words) == 1 and _UNKNOWN_WORD.fullmatch(words[0]):
            return Command(word, "", index + 1, known=False), index + 1
        return None

    def _press_body(self, start: int) -> tuple[str, str, int]:
        """The press text from `start`, a problem if ENDPRESS is missing, and the next index."""
        endpress = self.next_endpress[start]
        if endpress < self.next_press_stop[start]:
            return _joined(self.lines[start:endpress]), "", endpress + 1
        end = self.next_block_end[start]
        return _joined(self.lines[start:end]), NO_ENDPRESS, end

    def _original_starts(self, index: int) -> bool:
        """Whether an unquoted copy of the mail replied to, or a forwarded one, starts here."""
        line = self.lines[index].strip()
        # every marker begins with a dash, an underscore or "begin" (no other character
        # matches those, in any case): the other lines need not be tried against them
        if line[:1] in _MARKER_STARTS and (
                any(marker.fullmatch(line) for marker in _ORIGINAL_MARKERS)
                or _UNDERSCORES.fullmatch(line)):
            return True
        return self._reply_header(index)

    def _reply_header(self, index: int) -> bool:
        return (self.lines[index].lstrip().startswith(_REPLY_HEADER_FIRST)
                and index + 1 < len(self.lines)
                and self.lines[index + 1].lstrip().startswith(_REPLY_HEADER_NEXT))


def _next(kinds: list[str], wanted: set[str]) -> list[int]:
    """For each index (and one past the end), the first index at or after it of a wanted kind,
    or len(kinds) if none."""
    found = [len(kinds)] * (len(kinds) + 1)
    for index in range(len(kinds) - 1, -1, -1):
        found[index] = index if kinds[index] in wanted else found[index + 1]
    return found


def _signon(words: list[str], line_no: int) -> _Draft:
    if len(words) >= 3:
        return _Draft(words[0], " ".join(words[1:-1]), words[-1], line_no, "")
    padded = [*words, "", ""]
    return _Draft(padded[0], padded[1], "", line_no, SIGNON_PROBLEM)


def _is_signature(line: str) -> bool:
    return line.strip() == "--"


def _attributions(lines: list[str], quoted: list[bool]) -> set[int]:
    """Indexes of attribution lines: "On ..., Ann wrote:" just before quoted text, with the
    `On ...` line before a short one when a mail client wrapped it."""
    found: set[int] = set()
    for index, line in enumerate(lines):
        if quoted[index] or not line.endswith(":"):
            continue
        after = index + 1
        while after < len(lines) and not quoted[after] and not lines[after].strip():
            after += 1
        if after == len(lines) or not quoted[after]:
            continue
        before = index - 1
        wrapped = (before >= 0 and not quoted[before] and lines[before].lstrip().startswith("On ")
                   and not lines[before].endswith(":") and not line.lstrip().startswith("On "))
        if wrapped:
            found.update((before, index))
        elif len(line.split()) >= 2:
            found.add(index)
    return found


def _joined(lines: list[str]) -> str:
    """Lines joined with \\n, without leading or trailing blank lines."""
    first = _first_filled(lines)
    last = len(lines) - _first_filled(lines[::-1])
    return "\n".join(lines[first:last]) if first < last else ""


def _first_filled(lines: list[str]) -> int:
    return next((index for index, line in enumerate(lines) if line.strip()), len(lines))
