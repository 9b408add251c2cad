"""Report sections laid out as plain text (text reports, mails and the command line)."""

from __future__ import annotations

import textwrap
from typing import Any

TEXT_WIDTH = 100  # a text report's table wider than this is told row by row


def text_table(section: dict[str, Any]) -> list[str]:
    """A section's table as lines of plain text: as many leading columns as fit TEXT_WIDTH
    aligned under their headers, and the cells of the columns that do not fit beneath their
    row as `Header: value` (empty ones left out). A table without headers is a list of
    names and what they are: each name, then its text wrapped beside it."""
    headers, rows = [str(h) for h in section["headers"]], section["rows"]
    if not rows:
        return [section["empty"]] if section["empty"] else []
    cells = [[str(c) for c in row] for row in rows]
    if not any(headers):
        return _pairs(cells)
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(headers)]
    shown, used = 0, -2
    for width in widths:
        if used + 2 + width > TEXT_WIDTH and shown:
            break
        used, shown = used + 2 + width, shown + 1

    def line(values: list[str]) -> str:
        return "  ".join(v.ljust(w) for v, w in zip(values, widths[:shown], strict=True)).rstrip()

    out = [line(headers[:shown]), line(["-" * w for w in widths[:shown]])]
    for row in cells:
        out.append(line(row[:shown]))
        rest = [f"{h}: {c}" for h, c in zip(headers[shown:], row[shown:], strict=True) if c]
        if rest:
            out.append("    " + "; ".join(rest))
    return out


def _pairs(cells: list[list[str]]) -> list[str]:
    """Rows of (name, text, ...) as `name   text`, the text wrapped to TEXT_WIDTH in a
    column of its own."""
    width = min(max(len(row[0]) for row in cells), 24) + 2
    out = []
    for name, *rest in cells:
        text = "; ".join(cell for cell in rest if cell)
        wrapped = textwrap.wrap(text, TEXT_WIDTH - width, break_on_hyphens=False) or [""]
        first = name.ljust(width) if len(name) < width else name + "  "
        out.append((first + wrapped[0]).rstrip())
        out += [" " * width + more for more in wrapped[1:]]
    return out
