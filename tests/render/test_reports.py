"""Reports and maps: what they say, how they escape, that they fail loudly, that the PNG
really carries text."""

from __future__ import annotations

import json
from io import BytesIO

import pytest
from jinja2 import UndefinedError
from PIL import Image

from pbem.app.reports.reports import Recipient, render_phase
from pbem.render import report
from pbem.render.png import paint_png
from pbem.rules.ramspeed.mapscene import SEA, centre, map_scene
from tests.render.helpers import DEADLINE, play, render


def test_a_report_tells_the_phase_the_ships_and_what_is_next() -> None:
    played = play(3, "squadron", (), 12)
    key, after, events = next(p for p in played if p[0].endswith("combat"))
    blue = next(r for r in render(key, after, events) if r.side == "blue")
    data = json.loads(blue.json)
    assert data["phase"] == key and data["viewer"]["timezone"] == "Europe/Athens"
    assert data["next"]["deadline_local"] == "Thursday 24 December 2026, 20:00 (Europe/Athens)"
    text = blue.text
    for heading in ("WHAT HAPPENED", "YOUR GALLEYS", "OTHER GALLEYS", "VICTORY", "NEXT"):
        assert heading in text
    assert all(line in text for line in data["happened"])
    if data["next"]["you_owe"]:
        # the next phase named as people read it, not by its key (issue 23 §2)
        assert data["next"]["title"] and data["next"]["title"] != data["next"]["phase"]
        assert f"YOUR ORDERS FOR {data['next']['title'].upper()}" in text
        own = [gid for gid, g in after.view("blue")["galleys"].items()
               if g["controller"] == "blue" and g["status"] == "afloat"]
        mine = next(s for s in data["sections"] if s["title"] == "Your galleys")
        assert own and set(own) <= {row[0] for row in mine["rows"]}
        assert all(any(line.startswith((f"{gid}:", f"# {gid}:")) for line in data["template"])
                   for gid in own)
    assert blue.html.startswith("<!DOCTYPE html>") and f'src="{blue.basename}.png"' in blue.html
    assert blue.svg.startswith("<svg") and "0101" in blue.svg


def test_names_are_escaped_in_html_and_svg() -> None:
    played = play(4, "squadron", (), 6)
    key, after, events = played[-1]
    evil = "<script>alert('x')</script>"
    made = render_phase(game_id="g", phase_key=key, after=after, events=events,
                        recipients=[Recipient(evil, "blue", "UTC")], deadline=DEADLINE)[0]
    assert "<script>" not in made.html and "&lt;script&gt;" in made.html
    scene = map_scene(after.view("blue"), [], f"Orders of {evil}", "x", columns=20, rows=14)
    svg = report.render_svg(scene)
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_templates_fail_on_undefined_names() -> None:
    with pytest.raises(UndefinedError):
        report.render_text({"title": "t"})


def test_the_png_carries_readable_labels() -> None:
    played = play(5, "squadron", (), 4)
    key, after, events = played[-1]
    scene = map_scene(after.view(None), [], "t", "s", columns=20, rows=14)
    image = Image.open(BytesIO(paint_png(scene))).convert("RGB")
    assert image.size == (scene.width, scene.height)
    x, y = scene.transform.apply(centre(10, 9))  # hex 1110, far from the fleets
    size = scene.transform.scale
    box = image.crop((int(x - size * 0.6), int(y + size * 0.1),
                      int(x + size * 0.6), int(y + size * 0.6)))
    sea = tuple(int(SEA[i:i + 2], 16) for i in (1, 3, 5))
    raw = box.tobytes()
    pixels = [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
    inked = [p for p in pixels if sum(p) < sum(sea) - 120]
    assert len(inked) > 10, "no label drawn in hex 1110"
    title = image.crop((0, 0, 300, 22))
    assert len(set(title.tobytes()[i:i + 3] for i in range(0, 300 * 22 * 3, 3))) > 5


def test_the_html_report_is_made_for_a_phone_too() -> None:
    played = play(3, "squadron", (), 12)
    key, after, events = played[-1]
    made = render_phase(game_id="g", phase_key=key, after=after, events=events,
                        recipients=[Recipient("Ann", "blue", "UTC")], deadline=DEADLINE)[0]
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in made.html
    assert "overflow-x: auto" in made.html  # a wide table scrolls inside the page
