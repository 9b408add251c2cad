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
from pbem.render.narrate import sentence_of
from pbem.render.png import paint_png
from pbem.render.svg import write_svg
from pbem.rules.ramspeed.tables import default_tables
from pbem.rules.scene import Scene

__all__ = ["environment", "templates_dir"]  # kept here for callers of the report module


def _record(gid: str, galley: dict[str, Any]) -> dict[str, Any]:
    tables = default_tables()
    kind = tables.galleys[galley["type"]]
    return {
        "id": gid, "type": galley["type"], "status": galley["status"],
        "where": f"{galley['bow']} {galley['facing']}" if galley["status"] == "afloat"
        else galley["status"].replace("_", " "),
        "ma": galley["movement_allowance"], "hull": galley["hull_damage"], "sink": kind.sink,
        "rowing": galley["rowing_damage"], "drift": kind.drift,
        "weapons": [f"{w['type']}" + (f" ({w['damage']} damage)" if w["damage"] else "")
                    for w in galley["weapons"]],
        "parties": galley["boarding_parties"],
        "double_left": 3 - galley["double_used"], "triple_left": 0 if galley["triple_used"] else 1,
        "grappled_with": galley["grappled_with"],
        "flags": [f for f in ("drifting", "adrift", "captured") if galley.get(f)],
    }


def _known(galley: dict[str, Any]) -> list[str]:
    """The parts of another galley's record the viewer may see, as short phrases."""
    if "hull_damage" not in galley:
        return []
    tables = default_tables()
    kind = tables.galleys[galley["type"]]
    weapons = ", ".join(w["type"] for w in galley["weapons"]) or "none"
    return [f"hull {galley['hull_damage']}/{kind.sink}",
            f"rowing {galley['rowing_damage']}/{kind.drift}", f"MA {galley['movement_allowance']}",
            f"parties {galley['boarding_parties']}", f"weapons {weapons}"]


def _other(gid: str, galley: dict[str, Any]) -> dict[str, Any]:
    known = _known(galley)
    return {
        "id": gid, "side": galley["side"], "controller": galley["controller"],
        "type": galley["type"], "status": galley["status"],
        "where": f"{galley['bow']} {galley['facing']}" if galley["status"] == "afloat"
        else galley["status"].replace("_", " "),
        "grappled_with": galley["grappled_with"],
        "flags": [f for f in ("drifting", "adrift", "captured") if galley.get(f)],
        "record": known,
    }


def _victory(view: dict[str, Any], rule: str) -> list[dict[str, Any]]:
    tables = default_tables()
    galleys = list(view["galleys"].values())
    sides = list(dict.fromkeys(g["side"] for g in galleys))
    rows = []
    for side in sides:
        enemy = [g for g in galleys if g["side"] != side]
        if rule == "convoy":
            merchants = [g for g in galleys if g.get("merchantman")]
            escaped = sum(1 for g in merchants if g["status"] == "left_map")
            lost = sum(1 for g in merchants if g["status"] == "sunk" or g["controller"] != g["side"])
            rows.append({"side": side, "text": f"merchantmen escaped {escaped} of 3 needed, "
                                               f"sunk or taken {lost} of 3"})
            break
        start = sum(tables.galleys[g["type"]].victory_points for g in enemy)
        taken = sum(tables.galleys[g["type"]].victory_points for g in enemy
                    if g["status"] == "sunk" or (g["status"] == "afloat"
                                                 and g["controller"] == side))
        need = -(-2 * start // 3)
        rows.append({"side": side, "text": f"has sunk or taken {taken} of the {start} points "
                                           f"of enemy galleys; {need} wins"})
    return rows


def _deadline(deadline: datetime | None, timezone: str) -> str:
    if deadline is None:
        return ""
    local = deadline.astimezone(ZoneInfo(timezone))
    return f"{local:%A %d %B %Y, %H:%M} ({timezone})"


def order_template(kind: str, hints: dict[str, list[str]]) -> list[str]:
    """Order lines pre-filled for every galley, with its options as comments above. Movement
    lines start as STAY (safe to send back as they are); set-up and combat lines start
    commented out: delete the '# ' to give them."""
    lines = []
    for gid, notes in hints.items():
        *comments, start = notes
        lines.extend(f"# {gid}: {note}" for note in comments)
        if kind == "movement":
            lines.append(f"{gid}: {start}")
        elif start:
            lines.append(f"# {gid}: {start}")
        lines.append("")
    return lines[:-1]


def report_data(*, game: str, title: str, phase: str, columns: int, rows: int, rule: str,
                viewer: str | None, player: str, timezone: str, view: dict[str, Any],
                events: list[dict[str, Any]], next_phase: str, next_kind: str,
                owes: list[str], deadline: datetime | None, hints: dict[str, list[str]],
                house_rules: list[str], map_file: str, owes_hidden: bool = False,
                ) -> dict[str, Any]:
    """The JSON report: everything a recipient's text, HTML and map are made of."""
    galleys = view["galleys"]
    own = [_record(gid, g) for gid, g in galleys.items()
           if viewer is not None and g["controller"] == viewer]
    others = [_other(gid, g) for gid, g in galleys.items()
              if viewer is None or g["controller"] != viewer]
    return {
        "game": game, "title": title, "phase": phase, "map_size": [columns, rows],
        "viewer": {"side": viewer, "player": player, "timezone": timezone},
        "happened": [text for text in (sentence_of(e) for e in events) if text],
        "events": events,
        "own": own, "others": others,
        "victory": _victory(view, rule), "winner": view.get("winner"),
        "next": {"phase": next_phase, "kind": next_kind, "owes": owes,
                 "owes_hidden": owes_hidden,
                 "deadline_utc": deadline.isoformat() if deadline else None,
                 "deadline_local": _deadline(deadline, timezone),
                 "you_owe": viewer in owes if viewer else False},
        "template": order_template(next_kind, hints) if viewer in owes else [],
        "house_rules": house_rules,
        "map": map_file,
    }


def render_text(data: dict[str, Any]) -> str:
    return environment().get_template("report.txt.j2").render(r=data)


def render_html(data: dict[str, Any]) -> str:
    return environment().get_template("report.html.j2").render(r=data)


def render_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, sort_keys=True, default=str) + "\n"


def render_svg(scene: Scene) -> str:
    return write_svg(scene)


def render_png(scene: Scene) -> bytes:
    return paint_png(scene)
