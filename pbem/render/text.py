"""Report sections laid out as plain text (text reports, mails and the command line)."""

from __future__ import annotations

import textwrap
from typing import Any

TEXT_WIDTH = 100  # a text report's table wider than this is told row by row
MAIL_WIDTH = 99  # no line of a report's text part is longer (issue 23: under 100 columns)
REPORT_TABLE_WIDTH = MAIL_WIDTH - 2  # a report's tables are indented by two


def text_table(section: dict[str, Any], width: int = TEXT_WIDTH) -> list[str]:
    """A section's table as lines of plain text: as many leading columns as fit `width`
    aligned under their headers, and the cells of the columns that do not fit beneath their
    row as `Header: value` (empty ones left out). A table without headers is a list of
    names and what they are: each name, then its text wrapped beside it."""
    headers, rows = [str(h) for h in section["headers"]], section["rows"]
    if not rows:
        return [section["empty"]] if section["empty"] else []
    cells = [[str(c) for c in row] for row in rows]
    if not any(headers):
        return _pairs(cells, width)
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(headers)]
    shown, used = 0, -2
    for column in widths:
        if used + 2 + column > width and shown:
            break
        used, shown = used + 2 + column, shown + 1

    def line(values: list[str]) -> str:
        return "  ".join(v.ljust(w) for v, w in zip(values, widths[:shown], strict=True)).rstrip()

    out = [line(headers[:shown]), line(["-" * w for w in widths[:shown]])]
    for row in cells:
        out.append(line(row[:shown]))
        rest = [f"{h}: {c}" for h, c in zip(headers[shown:], row[shown:], strict=True) if c]
        if rest:
            out.append("    " + "; ".join(rest))
    return out


def _pairs(cells: list[list[str]], width: int = TEXT_WIDTH) -> list[str]:
    """Rows of (name, text, ...) as `name   text`, the text wrapped to `width` in a
    column of its own."""
    names = min(max(len(row[0]) for row in cells), 24) + 2
    out = []
    for name, *rest in cells:
        text = "; ".join(cell for cell in rest if cell)
        wrapped = textwrap.wrap(text, width - names, break_on_hyphens=False) or [""]
        first = name.ljust(names) if len(name) < names else name + "  "
        out.append((first + wrapped[0]).rstrip())
        out += [" " * names + more for more in wrapped[1:]]
    return out


def fold_lines(text: str, keep: frozenset[str] = frozenset(), width: int = MAIL_WIDTH,
               folded: dict[tuple[int, str], list[str]] | None = None) -> str:
    """Text with every line longer than `width` wrapped at spaces, the rest of it indented
    under its start (a `#` comment stays a comment on each of its lines). Lines in `keep`
    (orders to send back as they are) are never broken. `folded`: lines already folded
    (by width and line), used and added to, so that a phase's readers fold each line once."""
    out = []
    for line in text.split("\n"):
        if len(line) <= width or line in keep:
            out.append(line)
            continue
        if folded is None:
            out += _fold(line, width)
            continue
        done = folded.get((width, line))
        if done is None:
            done = folded[(width, line)] = _fold(line, width)
        out += done
    return "\n".join(out)


def _fold(line: str, width: int) -> list[str]:
    body = line.lstrip(" ")
    lead = line[:len(line) - len(body)]
    rest = lead + ("#   " if body.startswith("#") else "    ")
    return textwrap.wrap(body, width, initial_indent=lead, subsequent_indent=rest,
                         break_on_hyphens=False, break_long_words=False) or [line]
