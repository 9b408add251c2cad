"""The HTML report for everyone: map text that says what the map shows, landmarks and one
h1, tables that scroll by keyboard, colours that pass WCAG AA, no script; the SVG map where
it lies beside the page and the PNG, by its Content-ID, in mail."""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import UTC, datetime
from email import message_from_bytes, policy
from html.parser import HTMLParser

from pbem.app.reports.reports import Recipient, render_phase
from pbem.mail.compose import compose, map_cid
from pbem.render import report
from pbem.render.jinja import templates_dir
from tests.render.helpers import DEADLINE, play, recipients
from tests.render.scenes import contrast


def _combat():  # type: ignore[no-untyped-def]
    played = play(3, "squadron", (), 12)
    return next(p for p in played if p[0].endswith("combat"))


def _alt(page: str) -> str:
    found = re.findall(r'<img src="[^"]+" alt="([^"]+)">', page)
    assert len(found) == 1
    return found[0]


def test_the_map_text_says_what_the_map_shows() -> None:
    key, after, events = _combat()
    made = {r.recipient: r for r in render_phase(
        game_id="g7", phase_key=key, after=after, events=events,
        recipients=recipients(after.sides), deadline=DEADLINE)}
    observer = _alt(made["observer"].html)
    by_side = Counter(g["side"] for g in after.view(None)["galleys"].values())
    assert observer == (f"Map of {after.title}, game g7, after {key}, as observers see it. "
                        f"Galleys: {by_side['blue']} blue, {by_side['red']} red.")
    blue = _alt(made["Admiral blue"].html)
    assert "as Admiral blue, commanding blue, sees it." in blue
    assert f"Your galleys: {by_side['blue']} blue." in blue
    assert f"Other galleys: {by_side['red']} red." in blue


def test_a_table_keyed_by_side_counts_nothing_on_the_map() -> None:
    key, after, events = _combat()
    observer = render_phase(game_id="g", phase_key=key, after=after, events=events,
                            recipients=[Recipient("observer", None, "UTC")],
                            deadline=DEADLINE)[0]
    data = json.loads(observer.json)
    data["sections"].insert(0, {"title": "Orders", "headers": ["Side", "Line", "Order"],
                                "rows": [["blue", "1", "A: F"]] * 9, "empty": ""})
    assert _alt(report.render_html(data)) == _alt(observer.html)
    assert "Orders:" not in _alt(observer.html)


class _Outline(HTMLParser):
    """The elements of a page, and for each table whether a keyboard-focusable scrolling
    region holds it."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: Counter[str] = Counter()
        self.open: list[tuple[str, dict[str, str | None]]] = []
        self.tables_held: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        if tag == "table":
            self.tables_held.append(any(
                t == "div" and a.get("class") == "scroll" and a.get("tabindex") == "0"
                and a.get("role") == "region" and a.get("aria-label") for t, a in self.open))
        if tag not in ("img", "source", "meta", "br", "link"):
            self.open.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass


def test_landmarks_one_h1_scrolling_tables_and_no_script() -> None:
    key, after, events = _combat()
    for made in render_phase(game_id="g", phase_key=key, after=after, events=events,
                             recipients=recipients(after.sides), deadline=DEADLINE):
        outline = _Outline()
        outline.feed(made.html)
        for landmark in ("header", "nav", "main", "footer"):
            assert outline.tags[landmark] >= 1, (made.recipient, landmark)
        assert outline.tags["h1"] == 1 and outline.tags["h2"] >= 2
        assert outline.tags["script"] == 0 and "javascript:" not in made.html.lower()
        assert outline.tables_held and all(outline.tables_held)
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in made.html


def test_every_text_colour_passes_wcag_aa_on_every_background() -> None:
    style = (templates_dir() / "style.css.j2").read_text(encoding="utf-8")
    texts = set(re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{6})", style))
    backgrounds = set(re.findall(r"background:\s*(#[0-9a-fA-F]{6})", style))
    assert len(texts) >= 3 and "#ffffff" in backgrounds and len(backgrounds) >= 3
    poor = [(t, b, round(contrast(t, b), 2)) for t in texts for b in backgrounds
            if contrast(t, b) < 4.5]
    assert poor == []
    assert "@media print" in style


def test_the_svg_map_where_it_lies_beside_the_page_the_png_in_mail() -> None:
    key, after, events = _combat()
    who = [Recipient("observer", None, "UTC")]
    in_files = render_phase(game_id="g", phase_key=key, after=after, events=events,
                            recipients=who, deadline=DEADLINE, map_suffix="svg")[0]
    base = in_files.basename
    assert (f'<picture><source srcset="{base}.svg" type="image/svg+xml">'
            f'<img src="{base}.png" alt="') in in_files.html
    svg_size = re.search(r'<svg[^>]* viewBox="0 0 (\d+) (\d+)"', in_files.svg)
    assert svg_size  # a viewBox: the picture scales to the page's width
    mailed = render_phase(game_id="g", phase_key=key, after=after, events=events,
                          recipients=who, deadline=DEADLINE)[0]
    assert f'<img src="{base}.png" alt="' in mailed.html and ".svg" not in mailed.html
    raw = compose(sender="judge@example.org", sender_name="Judge", to=["o@example.org"],
                  subject="report", text=mailed.text, html=mailed.html, png=mailed.png,
                  png_name=f"{base}.png", map_src=f"{base}.png", svg=mailed.svg,
                  svg_name=f"{base}.svg", message_id="r1@example.org", loop="judge@example.org",
                  date=datetime(2026, 1, 1, tzinfo=UTC))
    message = message_from_bytes(raw, policy=policy.default)
    body = message.get_body(("html",))
    assert body is not None
    page = body.get_content()
    assert f'src="cid:{map_cid("r1@example.org")}"' in page and ".svg" not in page


def test_a_section_without_column_names_is_a_table_of_names_and_values() -> None:
    key, after, events = _combat()
    data = json.loads(render_phase(game_id="g", phase_key=key, after=after, events=events,
                                   recipients=[Recipient("observer", None, "UTC")],
                                   deadline=DEADLINE)[0].json)
    data["sections"].insert(0, {"title": "The game", "headers": ["", ""],
                                "rows": [["Result", "blue won"], ["Seed", "abc"]],
                                "empty": ""})
    page = report.render_html(data)
    assert '<tr><th scope="row">Result</th><td>blue won</td></tr>' in page
    assert '<th scope="col"></th>' not in page


def test_the_report_names_its_phase_by_title_with_a_space_before_the_reader() -> None:
    # Issue 23 §2: "Report after T3-combatfor …" ran the phase's key into the reader's words.
    key, after, events = _combat()
    made = {r.recipient: r for r in render_phase(
        game_id="g7", phase_key=key, after=after, events=events,
        recipients=recipients(after.sides), deadline=DEADLINE)}
    assert "</strong> for observers.</p>" in made["observer"].html
    assert "</strong> for Admiral blue, commanding blue.</p>" in made["Admiral blue"].html
