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
