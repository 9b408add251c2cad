"""A recipient's turn report as data (the JSON report), then as text, HTML and map, through
the Jinja templates in templates/. Everything comes from the engine's view for that
recipient: what the view leaves out cannot reach the page.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from pbem.render.jinja import environment, templates_dir
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
    named = _within(phase_title) or phase
    heading = {"briefing": "briefing before the first phase",
               "final": f"final report after {named}"}.get(kind, f"report after {named}")
    return {
        "game": game, "title": title, "phase": phase, "phase_title": named, "kind": kind,
        "heading": heading,
        "final": final,
        "viewer": {"side": viewer, "player": player, "timezone": timezone,
                   "game_master": everything},
        "happened": [text for text in happened if text],
        "since": list(since or []),
        "events": events,
        "sections": [section.as_json() for section in sections],
        "pieces": pieces or [],
        "winner": winner,
        "victory": victory,
        "next": {"phase": next_phase, "title": (_within(next_title) or next_phase) if next_phase else "",
                 "owes": owes, "owes_hidden": owes_hidden,
                 "deadline_utc": deadline.isoformat() if deadline else None,
                 "deadline_local": local_deadline(deadline, timezone),
                 "you_owe": viewer in owes if viewer else False},
        "template": list(template),
        "house_rules": house_rules,
        "map": map_file,
    }


def report_schema() -> dict[str, Any]:
    """The JSON Schema of the JSON report (report.schema.json, shipped beside this module)."""
    from importlib.resources import files

    text = files("pbem.render").joinpath("report.schema.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


def _report_table(section: dict[str, Any]) -> list[str]:
    return text_table(section, REPORT_TABLE_WIDTH)


def render_text(data: dict[str, Any]) -> str:
    """The text part: no line wider than a mail reader's window (pbem.render.text.
    MAIL_WIDTH), save the order template's own lines, which go back as they are."""
    env = environment()
    env.filters["report_table"] = _report_table
    text = env.get_template("report.txt.j2").render(r=data)
    orders = frozenset(line for line in data["template"] if not line.startswith("#"))
    return fold_lines(text, orders)


def render_html(data: dict[str, Any]) -> str:
    return environment().get_template("report.html.j2").render(r=data)


def render_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, sort_keys=True, default=str) + "\n"


def render_svg(scene: Scene) -> str:
    return write_svg(scene)


def render_png(scene: Scene) -> bytes:
    return paint_png(scene)
