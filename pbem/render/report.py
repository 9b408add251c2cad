"""A recipient's turn report as data (the JSON report), then as text, HTML and map, through
the Jinja templates in templates/. Everything comes from the engine's view for that
recipient: what the view leaves out cannot reach the page.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from json.encoder import INFINITY
from json.encoder import encode_basestring_ascii as _json_str
from typing import Any
from zoneinfo import ZoneInfo

from jinja2 import Environment, pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from pbem.render import jinja
from pbem.render.jinja import template, templates_dir
from pbem.render.png import paint_png
from pbem.render.svg import write_svg
from pbem.render.text import REPORT_TABLE_WIDTH, fold_lines, text_table
from pbem.rules.interface import Section
from pbem.rules.scene import Scene

__all__ = ["environment", "templates_dir", "text_table"]  # for callers of the report module

def local_deadline(deadline: datetime | None, timezone: str) -> str:
    """A deadline as a player reads it: in their own time zone, the zone named."""
    if deadline is None:
        return ""
    local = deadline.astimezone(ZoneInfo(timezone))
    return f"{local:%A %d %B %Y, %H:%M} ({timezone})"


def _within(title: str) -> str:
    """A phase's title as it stands mid-sentence: its first letter small ("turn 3, blue
    moves")."""
    return title[:1].lower() + title[1:]


def view_entries(*, happened: list[str], events: list[dict[str, Any]],
                 sections: tuple[Section, ...], pieces: list[dict[str, Any]] | None,
                 victory: dict[str, Any] | None, house_rules: list[str]) -> dict[str, Any]:
    """The JSON report's entries that come from what its reader sees, not from who the
    reader is: the same for every reader of one view, so they are made once per view
    (pbem.app.reports.reports.SharedPhase) and given to reader_data for each reader."""
    return {"happened": [text for text in happened if text], "events": events,
            "sections": [section.as_json() for section in sections],
            "pieces": pieces or [], "victory": victory, "house_rules": house_rules}


def report_data(*, game: str, title: str, phase: str, viewer: str | None, player: str,
                timezone: str, happened: list[str], events: list[dict[str, Any]],
                sections: tuple[Section, ...], winner: str | None, next_phase: str,
                owes: list[str], deadline: datetime | None, template: tuple[str, ...],
                house_rules: list[str], map_file: str, owes_hidden: bool = False,
                everything: bool = False, victory: dict[str, Any] | None = None,
                kind: str = "report", final: dict[str, Any] | None = None,
                pieces: list[dict[str, Any]] | None = None,
                since: list[str] | None = None, phase_title: str = "",
                next_title: str = "") -> dict[str, Any]:
    """The JSON report: everything a recipient's text, HTML and map are made of. The
    sentences, sections and template come from the ruleset's presenter. `kind`: "report"
    after a phase, "briefing" before the first, "final" after the last (`final` then holds
    the revealed seed and how to check the dice). Its shape: report.schema.json beside
    this module; `pieces` follow the ruleset's own pieces schema. `since`: the titles of
    the phases resolved since the recipient's last report, which showed them nothing; an
    empty `map_file`: no map. `phase_title` and `next_title` name the phases as people read
    them (kept as they stand mid-sentence; the keys where none are given); the keys stay for
    tools."""
    seen = view_entries(happened=happened, events=events, sections=sections, pieces=pieces,
                        victory=victory, house_rules=house_rules)
    return reader_data(seen, game=game, title=title, phase=phase, viewer=viewer,
                       player=player, timezone=timezone, winner=winner,
                       next_phase=next_phase, owes=owes, deadline=deadline,
                       template=template, map_file=map_file, owes_hidden=owes_hidden,
                       everything=everything, kind=kind, final=final, since=since,
                       phase_title=phase_title, next_title=next_title)


def reader_data(seen: dict[str, Any], *, game: str, title: str, phase: str,
                viewer: str | None, player: str, timezone: str, winner: str | None,
                next_phase: str, owes: list[str], deadline: datetime | None,
                template: tuple[str, ...], map_file: str, owes_hidden: bool = False,
                everything: bool = False, kind: str = "report",
                final: dict[str, Any] | None = None, since: list[str] | None = None,
                phase_title: str = "", next_title: str = "") -> dict[str, Any]:
    """The JSON report (see report_data) of one reader, around the entries `seen` of
    their view (view_entries), which it holds as they are, not copied."""
    named = _within(phase_title) or phase
    heading = {"briefing": "briefing before the first phase",
               "final": f"final report after {named}"}.get(kind, f"report after {named}")
    return {
        "game": game, "title": title, "phase": phase, "phase_title": named, "kind": kind,
        "heading": heading,
        "final": final,
        "viewer": {"side": viewer, "player": player, "timezone": timezone,
                   "game_master": everything},
        "happened": seen["happened"],
        "since": list(since or []),
        "events": seen["events"],
        "sections": seen["sections"],
        "pieces": seen["pieces"],
        "winner": winner,
        "victory": seen["victory"],
        "next": {"phase": next_phase, "title": (_within(next_title) or next_phase) if next_phase else "",
                 "owes": owes, "owes_hidden": owes_hidden,
                 "deadline_utc": deadline.isoformat() if deadline else None,
                 "deadline_local": local_deadline(deadline, timezone),
                 "you_owe": viewer in owes if viewer else False},
        "template": list(template),
        "house_rules": seen["house_rules"],
        "map": map_file,
    }


def report_schema() -> dict[str, Any]:
    """The JSON Schema of the JSON report (report.schema.json, shipped beside this module)."""
    from importlib.resources import files

    text = files("pbem.render").joinpath("report.schema.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


@pass_context
def _report_table(context: Context, section: dict[str, Any]) -> list[str]:
    """A section's table as text lines; laid out once for the readers of one view when the
    render is given their `tables` (by the section's identity: one view's very sections)."""
    tables = context.get("tables")
    if not isinstance(tables, dict):
        return text_table(section, REPORT_TABLE_WIDTH)
    held = tables.get(id(section))
    if held is None or held[0] is not section:
        held = tables[id(section)] = (section, text_table(section, REPORT_TABLE_WIDTH))
    return list(held[1])


def render_text(data: dict[str, Any],
                folded: dict[tuple[int, str], list[str]] | None = None,
                tables: dict[int, tuple[dict[str, Any], list[str]]] | None = None) -> str:
    """The text part: no line wider than a mail reader's window (pbem.render.text.
    MAIL_WIDTH), save the order template's own lines, which go back as they are. `folded`:
    the long lines already folded for other readers of the phase, and `tables`: the
    sections already laid out (both kept, and added to)."""
    text = template("report.txt.j2", filters=(("report_table", _report_table),)).render(
        r=data, tables=tables)
    orders = frozenset(line for line in data["template"] if not line.startswith("#"))
    return fold_lines(text, orders, folded=folded)


KEPT_SECTIONS = 4096  # sections whose HTML a process keeps (then starts again)
_section_html: dict[int, tuple[dict[str, Any], Markup]] = {}


COLUMN = ' scope="col"'


def _cells(tag: str, cells: Any, scope: str = "") -> str:
    return "".join(f"<{tag}{scope}>{escape(cell)}</{tag}>" for cell in cells)


def _laid_out(section: dict[str, Any]) -> Markup:
    """A section's body in the HTML report: its table (a header row when it names its
    columns, else each row's first cell as the row's header), or its `empty` words; the
    text report.html.j2 wrote for it, cell by cell escaped."""
    rows = section["rows"]
    if not rows:
        return Markup(f"<p>{escape(section['empty'])}</p>\n" if section["empty"] else "")
    title = escape(section["title"])
    lines = [f'<div class="scroll" role="region" aria-label="{title} (table)" tabindex="0">',
             "<table>"]
    if any(section["headers"]):
        lines.append(f"<tr>{_cells('th', section['headers'], COLUMN)}</tr>")
        lines += [f"<tr>{_cells('td', row)}</tr>" for row in rows]
    else:  # no column names: each row is a name and what it says
        lines += [f'<tr><th scope="row">{escape(row[0])}</th>{_cells("td", row[1:])}</tr>'
                  for row in rows]
    lines += ["</table>", "</div>", ""]
    return Markup("\n".join(lines))


def _section_body(section: dict[str, Any]) -> Markup:
    """The section_html filter: a section's body laid out once for the readers of one view
    (their reports hold the view's very section, pbem.render.report.reader_data), known by
    its identity, the section itself kept with it so that the identity is not reused."""
    held = _section_html.get(id(section))
    if held is None or held[0] is not section:
        if len(_section_html) >= KEPT_SECTIONS:
            _section_html.clear()
        held = _section_html[id(section)] = (section, _laid_out(section))
    return held[1]


_counted: dict[tuple[int, str | None], tuple[list[dict[str, Any]], Markup]] = {}


def _pieces_counted(sections: list[dict[str, Any]], side: str | None) -> Markup:
    """The pieces per side for the map's text ("Ships: 3 blue, 2 red."), escaped: the
    first section with a Side column after its first names the key, and every section
    keyed alike counts its rows (by side when it has a Side column, else as the viewer's
    own). The same for every reader of a view who commands the same side: kept by the
    sections' identity and the side."""
    held = _counted.get((id(sections), side))
    if held is None or held[0] is not sections:
        if len(_counted) >= KEPT_SECTIONS:
            _counted.clear()
        held = _counted[(id(sections), side)] = (sections, _count(sections, side))
    return held[1]


def _count(sections: list[dict[str, Any]], side: str | None) -> Markup:
    key = next((s["headers"][0] for s in sections
                if "Side" in s["headers"][1:] and s["headers"][0]), None)
    told: list[Markup] = []
    for section in sections:
        if not section["rows"] or not key or section["headers"][:1] != [key]:
            continue
        rows = section["rows"]
        if "Side" in section["headers"]:
            column = section["headers"].index("Side")
            groups: dict[Any, list[Any]] = {}  # as Jinja's groupby: case folded, in order
            for row in sorted(rows, key=lambda row: _folded(row[column])):
                groups.setdefault(_folded(row[column]), [row[column], 0])[1] += 1
            by_side = Markup(", ").join(Markup("{} {}").format(n, shown)
                                        for shown, n in groups.values())
        elif side:
            by_side = Markup("{} {}").format(len(rows), side)
        else:
            by_side = Markup("{}").format(len(rows))
        told.append(Markup("{}: {}.").format(section["title"], by_side))
    return Markup(" ").join(told)


def _folded(value: Any) -> Any:
    """Jinja's groupby key: text compared without case."""
    return value.lower() if isinstance(value, str) else value


_happened: dict[int, tuple[list[str], Markup]] = {}


def _happened_html(lines: list[str]) -> Markup:
    """What happened as the page's list items, escaped: the same for every reader of a
    view (their reports hold the view's very list), kept by the list's identity."""
    held = _happened.get(id(lines))
    if held is None or held[0] is not lines:
        if len(_happened) >= KEPT_SECTIONS:
            _happened.clear()
        held = _happened[id(lines)] = (lines, Markup("".join(
            f" <li>{escape(line)}</li>\n" for line in lines)))
    return held[1]


def _pre_lines(lines: list[str]) -> Markup:
    """The order template's lines, each escaped and ended, for the page's <pre>."""
    return Markup("".join(f"{escape(line)}\n" for line in lines))


HTML_FILTERS = (("section_html", _section_body), ("pieces_counted", _pieces_counted),
                ("happened_html", _happened_html), ("pre_lines", _pre_lines))


def environment(folder: str = "") -> Environment:
    """The templates' environment (pbem.render.jinja) with the filters report.html.j2
    uses, for the pages that extend it (the archive's)."""
    env = jinja.environment(folder)
    for name, function in HTML_FILTERS:
        env.filters.setdefault(name, function)
    return env


def render_html(data: dict[str, Any]) -> str:
    return template("report.html.j2", filters=HTML_FILTERS).render(r=data)


def _float_text(number: float) -> str:
    if number != number:
        return "NaN"
    if number == INFINITY:
        return "Infinity"
    if number == -INFINITY:
        return "-Infinity"
    return float.__repr__(number)


def _key_text(key: Any) -> str:
    if isinstance(key, str):
        return key
    if isinstance(key, float):
        return _float_text(key)
    if key is True:
        return "true"
    if key is False:
        return "false"
    if key is None:
        return "null"
    if isinstance(key, int):
        return int.__repr__(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def _write_json(value: Any, level: int, out: list[str]) -> None:
    """`value` as json.dumps(value, indent=1, sort_keys=True, default=str) writes it at
    `level` within a document, the same bytes in the same order of type tests, appended
    to `out`: a plain function, without the standard encoder's generators (a container's
    plain strings and whole numbers written in its own loop)."""
    if isinstance(value, str):
        out.append(_json_str(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(int.__repr__(value))
    elif isinstance(value, float):
        out.append(_float_text(value))
    elif isinstance(value, list | tuple):
        if not value:
            out.append("[]")
            return
        inner = "\n" + " " * (level + 1)
        between = "," + inner
        out.append("[")
        for item in value:
            kind = type(item)
            if kind is str:
                out.append(inner + _json_str(item))
            elif kind is int:
                out.append(inner + int.__repr__(item))
            else:
                out.append(inner)
                _write_json(item, level + 1, out)
            inner = between
        out.append("\n" + " " * level + "]")
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = "\n" + " " * (level + 1)
        between = "," + inner
        out.append("{")
        for key, item in sorted(value.items()):
            name = _json_str(key if type(key) is str else _key_text(key))
            kind = type(item)
            if kind is str:
                out.append(f"{inner}{name}: {_json_str(item)}")
            elif kind is int:
                out.append(f"{inner}{name}: {int.__repr__(item)}")
            else:
                out.append(f"{inner}{name}: ")
                _write_json(item, level + 1, out)
            inner = between
        out.append("\n" + " " * level + "}")
    else:
        _write_json(str(value), level, out)


def json_text(value: Any, level: int = 0) -> str:
    """json.dumps(value, indent=1, sort_keys=True, default=str), byte for byte, as it
    stands `level` deep within a document (about twice as fast)."""
    out: list[str] = []
    _write_json(value, level, out)
    return "".join(out)


def json_fragment(value: Any, items: dict[str, str] | None = None) -> str:
    """A value of the JSON report as render_json writes it, at its place within the
    report (one level in): the same bytes the whole report's encoding gives it. `items`:
    the items of lists already encoded at their place (by their repr, which tells their
    types as well as their contents), used and added to; a phase's views share most of
    their events and pieces, each then encoded once."""
    if items is None or not isinstance(value, list) or not value:
        return json_text(value, 1)
    parts = []
    for item in value:
        key = repr(item)
        text = items.get(key)
        if text is None:
            text = items[key] = json_text(item, 2)
        parts.append(text)
    return "[\n  " + ",\n  ".join(parts) + "\n ]"


def render_json(data: dict[str, Any], known: Mapping[str, tuple[Any, str]] | None = None
                ) -> str:
    """The JSON report's text: json.dumps(data, indent=1, sort_keys=True, default=str) and
    a newline. `known`: entries already encoded for another reader of the same view (key
    -> the value and its json_fragment), used where the entry is that very value; the text
    is the same as without them, byte for byte."""
    if not known or not data or not all(isinstance(key, str) for key in data):
        return json_text(data) + "\n"
    parts = []
    for key in sorted(data):
        value, held = data[key], known.get(key)
        text = held[1] if held is not None and held[0] is value else json_fragment(value)
        parts.append(f" {_json_str(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def render_svg(scene: Scene) -> str:
    return write_svg(scene)


def render_png(scene: Scene) -> bytes:
    return paint_png(scene)
