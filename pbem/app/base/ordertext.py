"""Order text as the judge reads it, whatever it is checked against: the bytes decoded and
bounded (`decode`), and the rules' sheet of it with a line the rules fail on set aside as a
refusal of its own (`checked_sheet`). It loads nothing of the database layer, so that
`pbem orders check --ruleset` (orders against a scenario's opening, no game) starts as fast
as a command that needs no database; the orders use-case (pbem.app.orders) uses the same."""

from __future__ import annotations

import codecs
import logging
from dataclasses import dataclass

from pbem.app.base.errors import JudgeError
from pbem.rules.interface import GameValue, OrderSheet

MAX_BYTES = 64 * 1024
MAX_LINES = 1000  # a 40-piece battle needs under a hundred, comments included
LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class LineAnswer:
    line_no: int
    text: str
    piece: str
    status: str  # accepted | refused
    echo: str
    reason: str
    plan: tuple[str, ...] = ()  # start and each step, for the map of plotted paths


_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))


def _decode_bytes(data: bytes) -> str:
    """UTF-8, or any UTF with its byte-order mark (Windows editors write UTF-16 with one);
    the mark itself is not part of the orders."""
    encoding = next((name for bom, name in _BOMS if data.startswith(bom)), "utf-8")
    if encoding == "utf-8" and b"\x00" in data:
        raise JudgeError("the orders are not text (the file holds binary data); send the "
                         "order lines as plain text")
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        raise JudgeError(f"the orders are not {encoding.upper().removesuffix('-SIG')} text; save "
                         "them as plain UTF-8 text and send them again") from None


def decode(text: str | bytes) -> str:
    """Order text as the judge accepts it: UTF-8 (or UTF-16/32 with a byte-order mark), not
    empty, at most 64 KiB and MAX_LINES lines."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise JudgeError(f"the orders are {len(text):,} bytes long; the judge reads at most "
                             f"{MAX_BYTES // 1024} KiB. Send only the order lines")
        text = _decode_bytes(text)
    text = text.removeprefix("\ufeff")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:  # a lone surrogate: a str may hold one, no UTF text can
        line = text.count("\n", 0, exc.start) + 1
        raise JudgeError(f"the orders are not text the judge can read (line {line} holds a "
                         "character no UTF encoding has); nothing was stored. Save them as "
                         "plain UTF-8 text and send them again") from None
    if size > MAX_BYTES:
        raise JudgeError(f"the orders are longer than {MAX_BYTES // 1024} KiB; send only the "
                         "order lines")
    if "\x00" in text:
        raise JudgeError("the orders are not text (they hold binary data)")
    if not text.strip():
        raise JudgeError("the orders are empty. To give no orders, send a comment line such as "
                         "'# no orders'")
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise JudgeError(f"the orders have {len(lines):,} lines; the judge reads at most "
                         f"{MAX_LINES} (a line or a few per piece). Send "
                         "only the order lines")
    return text


def blanked(text: str, numbers: set[int]) -> str:
    """The text with the lines of these numbers emptied (the others keep their numbers)."""
    return "\n".join("" if number in numbers else raw
                     for number, raw in enumerate(text.splitlines(), start=1))


def checked_sheet(hosted: GameValue, side: str, text: str, commands: frozenset[str] | None,
                  game_id: str) -> tuple[OrderSheet, tuple[LineAnswer, ...], str]:
    """The rules' sheet for the text, the refusals of lines the checker failed on, and the
    text it read (those lines blanked, numbers kept). The rules answer every line
    themselves; a failure of theirs is a defect of the judge, met here so that it costs only
    the line that meets it: each line is then checked alone (at its own number) to find
    the ones at fault, and the others are checked together without them. JudgeError when
    no line alone is at fault, or the rest still fail."""
    try:
        return hosted.check(side, text, commands), (), text
    except Exception as exc:  # noqa: BLE001 - a defect of the rules, answered as a sentence
        LOG.exception("the rules failed checking orders of %s for %s", side, game_id)
        first = exc
    faults: dict[int, LineAnswer] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            hosted.check(side, "\n" * (number - 1) + raw, commands)
        except Exception as exc:  # noqa: BLE001 - the line at fault
            faults[number] = LineAnswer(
                number, raw, "", "refused", "",
                f"line {number}: the judge could not read this line (a fault of the judge: "
                f"{type(exc).__name__}); it was set aside and the other lines were read "
                "without it. Write it another way, or tell your game master", ())
    rest = blanked(text, set(faults))
    try:
        if not faults:
            raise first
        return hosted.check(side, rest, commands), tuple(faults.values()), rest
    except Exception as exc:  # noqa: BLE001 - no single line at fault: the whole text
        raise JudgeError(f"the judge could not read these orders (a fault of the judge: "
                         f"{type(exc).__name__}); nothing was stored. Send them again written "
                         "another way, or tell your game master") from None


def answer_lines(sheet: OrderSheet, faults: tuple[LineAnswer, ...]) -> tuple[LineAnswer, ...]:
    """Every line's answer in line order: the rules' and the lines set aside."""
    return tuple(sorted((*faults, *(
        LineAnswer(r.line_no, r.text, r.piece, r.status, r.echo, r.reason, r.plan)
        for r in sheet.lines)), key=lambda line: line.line_no))
