"""Issue 26: a report's sections are laid out as HTML once per view (pbem.render.report's
section_html filter), the very text report.html.j2 wrote for them cell by cell: here the
old template's lines, rendered by Jinja with the judge's own settings, against the filter,
for tables with and without column names, empty sections, words to escape and cells that
are not text; and a view's section is laid out once for all its readers."""

from __future__ import annotations

from typing import Any

import pytest
from jinja2 import Environment

from pbem.render import report

OLD = """{% if section.rows %}
<div class="scroll" role="region" aria-label="{{ section.title }} (table)" tabindex="0">
<table>
{% if section.headers | select | list %}
<tr>{% for h in section.headers %}<th scope="col">{{ h }}</th>{% endfor %}</tr>
{% for row in section.rows %}
<tr>{% for cell in row %}<td>{{ cell }}</td>{% endfor %}</tr>
{% endfor %}
{% else %}
{% for row in section.rows %}
<tr><th scope="row">{{ row[0] }}</th>{% for cell in row[1:] %}<td>{{ cell }}</td>{% endfor %}</tr>
{% endfor %}
{% endif %}
</table>
</div>
{% elif section.empty %}
<p>{{ section.empty }}</p>
{% endif %}
"""

SECTIONS: list[dict[str, Any]] = [
    {"title": "Galleys", "headers": ["Galley", "Side", "Hexes"],
     "rows": [["A", "blue", "0805 0905"], ["<B&\"'>", "red", 3], ["C", None, 2.5]],
     "empty": ""},
    {"title": "Standing", "headers": ["", ""], "rows": [["Hull", "3 of 12"], ["x<y", 0]],
     "empty": "nothing"},
    {"title": "Orders & \"plans\"", "headers": [], "rows": [], "empty": "No <orders> given."},
    {"title": "Quiet", "headers": ["A"], "rows": [], "empty": ""},
    {"title": "One", "headers": ["", "Side"], "rows": [["G1", "greeks"]], "empty": ""},
]


@pytest.mark.parametrize("section", SECTIONS, ids=[s["title"] for s in SECTIONS])
def test_the_filter_writes_what_the_template_wrote(section: dict[str, Any]) -> None:
    old = Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True).from_string(OLD).render(section=section)
    assert str(report._laid_out(section)) == old


def test_a_view_s_section_is_laid_out_once_for_all_its_readers() -> None:
    section = {"title": "T", "headers": ["A"], "rows": [["1"]], "empty": ""}
    first = report._section_body(section)
    assert report._section_body(section) is first  # the same markup, not laid out again
    copy = {**section}
    assert report._section_body(copy) == first and report._section_body(copy) is not first


COUNTED = """{% set counted = namespace(text="", key="") %}
{% for section in r.sections if "Side" in section.headers[1:] and not counted.key %}
{% set counted.key = section.headers[0] %}
{% endfor %}
{% for section in r.sections if section.rows and counted.key and section.headers[:1] == [counted.key] %}
{% if "Side" in section.headers %}
{% set by_side %}{% for side, rows in section.rows | groupby(section.headers.index("Side")) %}{{ rows | length }} {{ side }}{{ ", " if not loop.last }}{% endfor %}{% endset %}
{% elif r.viewer.side %}
{% set by_side = section.rows | length ~ " " ~ r.viewer.side %}
{% else %}
{% set by_side = section.rows | length ~ "" %}
{% endif %}
{% set counted.text = counted.text ~ (" " if counted.text else "") ~ section.title ~ ": " ~ by_side ~ "." %}
{% endfor %}
{% set map_alt = "Map of " ~ r.title ~ "." ~ ((" " ~ counted.text) if counted.text else "") %}
<img alt="{{ map_alt }}">"""  # noqa: E501  (report.html.j2's lines as they were)
NEW = """{% set counted = r.sections | pieces_counted(r.viewer.side) %}
{% set map_alt = "Map of " ~ r.title ~ "." ~ ((" " ~ counted) if counted else "") %}
<img alt="{{ map_alt }}">"""
PIECES = {"title": "Galleys & <co>", "headers": ["Galley", "Side", "Hexes"],
          "rows": [["A", "blue", "0805"], ["B", "Red", "0906"], ["C", "red", "1"],
                   ["D", "b&lue", "2"], ["E", "blue", "3"]], "empty": ""}
OWN = {"title": "Your galleys", "headers": ["Galley", "Hexes"], "rows": [["A", "1"]],
       "empty": ""}
OTHER = {"title": "Orders", "headers": ["Side", "Side"], "rows": [["x", "y"]], "empty": ""}
NAMELESS = {"title": "Odd", "headers": ["", "Side"], "rows": [["q", "blue"]], "empty": ""}


@pytest.mark.parametrize("sections", [
    [PIECES, OWN, OTHER], [OWN], [OTHER, PIECES], [NAMELESS, PIECES, OWN], [NAMELESS],
    [{**PIECES, "rows": []}, OWN], []])
@pytest.mark.parametrize("side", ["blue", None, "r<ed"])
def test_the_pieces_counted_for_the_map_s_words_are_what_the_template_counted(
        sections: list[dict[str, Any]], side: str | None) -> None:
    env = report.environment()
    data = {"sections": sections, "viewer": {"side": side}, "title": "T & <t>"}
    assert env.from_string(NEW).render(r=data) == env.from_string(COUNTED).render(r=data)


LISTS = """<ul>
{% for line in r.happened %}
 <li>{{ line }}</li>
{% else %}
 <li>Nothing.</li>
{% endfor %}
</ul>
<pre>{% for line in r.template %}{{ line }}
{% endfor %}</pre>
"""
LISTS_NOW = """<ul>
{% if r.happened %}
{{ r.happened | happened_html }}{% else %}
 <li>Nothing.</li>
{% endif %}
</ul>
<pre>{{ r.template | pre_lines }}</pre>
"""


@pytest.mark.parametrize("happened", [[], ["A moved.", "B & <C> 'rammed' \"X\"."]])
@pytest.mark.parametrize("lines", [[], ["SIGNON g1 Ann <password>", "A: F & F", ""]])
def test_what_happened_and_the_order_template_are_what_the_template_wrote(
        happened: list[str], lines: list[str]) -> None:
    env = report.environment()
    data = {"happened": happened, "template": lines}
    assert env.from_string(LISTS_NOW).render(r=data) == env.from_string(LISTS).render(r=data)
    assert report._happened_html(happened) is report._happened_html(happened)  # once a view
