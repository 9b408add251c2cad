"""Issue 26: a phase's reports are built once per phase, not once per recipient. The work
every recipient shares (the order template of a side, each submission checked, the
standing, each view and its sections) is done once for a ten-recipient phase, whether the
reports are asked for all at once or one recipient at a time from freshly loaded games, as
the outbox's jobs ask; and each recipient's text, HTML and JSON are byte for byte what
building that report alone gives, so nothing one view may see reaches another."""

from __future__ import annotations

import json
import math
import random
from datetime import UTC, datetime
from enum import IntEnum
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from markupsafe import Markup
from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.play import games
from pbem.app.reports import reports
from pbem.app.reports.account import Given
from pbem.app.reports.reports import GM, OBSERVER, Recipient
from pbem.render import report
from pbem.rules.dice import SeededDice
from pbem.rules.events import Event
from pbem.rules.ramspeed.host import RamSpeedGame
from tests.app.helpers import DEMO
from tests.app.test_report_mail_kit import new_game_from, play_by_mail, report_mails, settings_in

DEADLINE = datetime(2026, 12, 24, 18, 0, tzinfo=UTC)
SHARED = ("order_template", "check", "standing", "report_sections", "view", "full_view")


def _forget() -> None:
    """Nothing kept from another phase: the next phase is built from cold."""
    reports.forget_shared_phases()
    reports.stored_game.cache_clear()


@pytest.fixture(scope="module")
def phase() -> dict[str, Any]:
    """A 16-piece sample game after its first side's orders, and its ten recipients: four
    players a side, the observers and the game master."""
    sample = rulesets.plugin("ramspeed").sample(16, 3)
    mover = sample.owes()[0]
    text = sample.autoplay_orders(mover, random.Random(3))
    after, result, _ = sample.play([(mover, text)], SeededDice(seed=b"t", game="t", phase="p"))
    who = [Recipient(f"{side} {n}", side, "Europe/Paris", key=f"{side}-{n}")
           for side in after.sides[:2] for n in range(1, 5)]
    who += [Recipient(OBSERVER, None, "UTC"), Recipient(GM, None, "UTC", True)]
    assert after.owes(), "the next phase must want orders, so that players get a template"
    return {"before": sample, "after": after, "events": result.events, "who": who,
            "given": [Given(f"{mover} 1", mover, text)], "key": sample.key}


def _wrapping(names: tuple[str, ...]) -> tuple[dict[str, mock.MagicMock], Any]:
    """Mocks counting calls of the game value's methods `names` (each still does its
    work), and the patch that puts them in place."""
    originals = {name: getattr(RamSpeedGame, name) for name in names}
    fakes = {name: mock.MagicMock(side_effect=original)
             for name, original in originals.items()}

    return fakes, mock.patch.multiple(RamSpeedGame, **{
        name: _calling(fake) for name, fake in fakes.items()})


def _calling(fake: mock.MagicMock) -> Any:
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return fake(self, *args, **kwargs)
    return method


def _render_all(phase: dict[str, Any], recipients: list[Recipient]) -> list[Any]:
    return reports.render_phase(game_id="t", phase_key=phase["key"], after=phase["after"],
                                events=phase["events"], recipients=recipients,
                                deadline=DEADLINE, mail_to="judge@example.net",
                                before=phase["before"], given=phase["given"])


def _sides_owing(phase: dict[str, Any]) -> int:
    return len({w.side for w in phase["who"] if w.side in phase["after"].owes()})


def test_a_ten_recipient_phase_does_its_shared_work_once(phase: dict[str, Any]) -> None:
    _forget()
    fakes, patch = _wrapping(SHARED)
    with patch:
        made = _render_all(phase, phase["who"])
    _forget()
    assert len(made) == 10
    assert fakes["order_template"].call_count == _sides_owing(phase)  # four players: once
    assert fakes["check"].call_count == len(phase["given"])  # each submission once
    # once for the phase's reports, and once in each view's sections (the ruleset's own)
    assert fakes["standing"].call_count <= 1 + fakes["report_sections"].call_count
    # four views (blue, red, observers, game master): each made once, not once a reader
    assert fakes["report_sections"].call_count == 4
    assert fakes["view"].call_count == 3 and fakes["full_view"].call_count == 1


def test_one_recipient_at_a_time_from_fresh_loads_shares_the_work_too(
        phase: dict[str, Any]) -> None:
    """As the outbox's jobs build them: each report alone, the game after the phase loaded
    again from its stored JSON for each, the game before it through played_with's loader."""
    _forget()
    state_after = json.dumps(phase["after"].to_json())
    state_before = json.dumps(phase["before"].to_json())
    stored = json.dumps([e.as_dict() for e in phase["events"]])
    fakes, patch = _wrapping(("order_template", "check", "report_sections"))
    with patch:
        for who in phase["who"]:
            events = tuple(Event(e["kind"], tuple((k, v) for k, v in e.items() if k != "kind"))
                           for e in json.loads(stored))
            reports.report_texts(game_id="t", phase_key=phase["key"],
                                 after=rulesets.load("ramspeed", json.loads(state_after)),
                                 events=events, recipients=[who], deadline=DEADLINE,
                                 before=reports.stored_game("ramspeed", state_before),
                                 given=phase["given"])
    _forget()
    assert fakes["order_template"].call_count == _sides_owing(phase)
    assert fakes["check"].call_count == len(phase["given"])
    assert fakes["report_sections"].call_count == 4


def test_each_report_is_what_building_it_alone_gives(phase: dict[str, Any]) -> None:
    _forget()
    together = _render_all(phase, phase["who"])
    for who, made in zip(phase["who"], together, strict=True):
        _forget()
        alone = _render_all(phase, [who])[0]
        assert (made.text, made.html, made.json, made.svg) == \
            (alone.text, alone.html, alone.json, alone.svg), who
        # and what the unshared path makes (report_for, then each renderer from scratch)
        view, shown = reports.seen_by(phase["after"], phase["events"], who)
        data = reports.report_for(game_id="t", phase_key=phase["key"], after=phase["after"],
                                  view=view, shown=shown, who=who, deadline=DEADLINE,
                                  mail_to="judge@example.net", before=phase["before"],
                                  given=phase["given"])
        assert made.json == json.dumps(data, indent=1, sort_keys=True, default=str) + "\n"
        assert made.text == report.render_text(data)
        assert made.html == report.render_html(data)
    _forget()
    red, blue = together[4], together[0]
    assert red.json != blue.json  # the views differ: nothing was shared across them


def test_another_play_of_the_phase_is_not_the_one_kept(phase: dict[str, Any]) -> None:
    """A phase played again (a rollback) with other events is another phase's work."""
    _forget()
    first = _render_all(phase, phase["who"][:1])[0]
    fewer = {**phase, "events": phase["events"][:1]}
    again = _render_all(fewer, phase["who"][:1])[0]
    assert again.json != first.json
    _forget()


class Level(IntEnum):
    HIGH = 3


@pytest.mark.parametrize("value", [
    {"b": [1, 2.5, {"x": None}], "a": True, "c": (), "d": {}, "e": [[]], "f": "é\n\"<"},
    {10: "ten", 3: "three"}, {2.5: "float key", 0.5: "half"}, {True: "yes", False: "no"},
    {None: "none"},
    [math.inf, -math.inf, Level.HIGH, Markup("<b>"), datetime(2026, 1, 2, tzinfo=UTC)],
    "plain", 7, None, [float("nan")],
])
def test_the_report_encoder_writes_what_json_dumps_writes(value: Any) -> None:
    expected = json.dumps(value, indent=1, sort_keys=True, default=str)
    assert report.json_text(value) == expected
    document = {"k": value, "z": [value, value]}
    assert report.render_json(document) == json.dumps(document, indent=1, sort_keys=True,
                                                      default=str) + "\n"


def test_the_outbox_builds_a_phase_s_reports_sharing_the_work(engine: Engine,
                                                               tmp_path: Path) -> None:
    """Through the judge: orders mailed in, the phase resolved, its reports (each player's
    and the game master's) made one job at a time by the outbox's maker: each submission
    is checked once for the account, not once a report."""
    settings = settings_in(tmp_path)
    names = new_game_from(engine, DEMO, "g1", settings, gm_email="gm@example.org")
    _forget()
    play_by_mail(engine, settings, "g1", 1, names)
    fakes, patch = _wrapping(("check",))
    with patch:
        mails = report_mails(engine, settings)
    _forget()
    assert sorted(m.to for m in mails) == sorted(
        ["gm@example.org", *(f"{n.lower()}@example.org" for n in names.values())])
    assert fakes["check"].call_count == 2  # blue's and red's build: once each, for 3 reports
    assert games.show_game(engine, "g1")["phase"] != "build"


def test_the_kept_html_escapes_are_markupsafe_s(phase: dict[str, Any]) -> None:
    """The report's HTML, each string's escape kept, is what a fresh environment that
    escapes every string anew writes."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
    from markupsafe import escape

    from pbem.render import jinja

    for text in ("<b>&'\"", "plain", "", "é"):
        assert jinja._escape_kept(text) == escape(text)
        assert jinja._escape_kept(text) == escape(text)  # the kept one, asked again
    assert jinja._escape_kept(Markup("<i>")) == Markup("<i>")
    assert jinja._escape_kept(3) == escape(3)
    fresh = Environment(
        loader=FileSystemLoader(str(jinja.templates_dir())),
        autoescape=select_autoescape(enabled_extensions=("html.j2", "svg.j2"),
                                     disabled_extensions=("txt.j2",), default=True),
        undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True)
    fresh.filters.update(dict(report.HTML_FILTERS))  # the template's own filters, as registered
    who = phase["who"][0]
    view, shown = reports.seen_by(phase["after"], phase["events"], who)
    data = reports.report_for(game_id="t", phase_key=phase["key"], after=phase["after"],
                              view=view, shown=shown, who=who, deadline=DEADLINE,
                              before=phase["before"], given=phase["given"])
    assert report.render_html(data) == fresh.get_template("report.html.j2").render(r=data)


def test_a_report_without_its_png_is_the_same_report(phase: dict[str, Any]) -> None:
    """The mail job paints its own phone map: render_phase(png=False) leaves the PNG empty
    and changes nothing else."""
    _forget()
    whole = _render_all(phase, phase["who"][:2])
    bare = reports.render_phase(game_id="t", phase_key=phase["key"], after=phase["after"],
                                events=phase["events"], recipients=phase["who"][:2],
                                deadline=DEADLINE, mail_to="judge@example.net",
                                before=phase["before"], given=phase["given"], png=False)
    _forget()
    assert [made.png for made in bare] == [b"", b""]
    assert all(made.png.startswith(b"\x89PNG") for made in whole)
    assert [(m.text, m.html, m.json, m.svg) for m in bare] == \
        [(m.text, m.html, m.json, m.svg) for m in whole]
