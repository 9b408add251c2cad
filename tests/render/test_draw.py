"""A drawn game (rulings §14) reads as a draw in the narration and the reports, never as
"the draw side has won"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pbem.render import report
from pbem.rules.ramspeed.narrate import sentence_of
from pbem.rules.ramspeed.present import report_sections
from pbem.rules.ramspeed.state import SUNK, Galley, GameState
from pbem.rules.ramspeed.tables import default_tables
from pbem.rules.ramspeed.victory import standing
from pbem.rules.ramspeed.view import side_view


def test_a_drawn_victory_event_says_draw() -> None:
    assert sentence_of({"kind": "victory", "side": "draw"}) == (
        "Both sides reached victory at the same moment: the game is a draw.")
    assert sentence_of({"kind": "victory", "side": "blue"}) == "The blue side has won."


def _data(winner: str | None) -> dict[str, Any]:
    state = GameState(galleys=(Galley(id="A", side="blue", type="trireme", status=SUNK),
                               Galley(id="X", side="red", type="trireme", status=SUNK)),
                      turn=3, winner=winner)
    events = [{"kind": "sink", "galley": "A", "hex": "0807"},
              {"kind": "sink", "galley": "X", "hex": "1207"},
              {"kind": "victory", "side": winner}]
    view = side_view(state, "blue")
    return report.report_data(
        game="g1", title="Squadron", phase="T3-combat", viewer="blue", player="Ann",
        timezone="UTC", happened=[sentence_of(e) for e in events], events=events,
        sections=report_sections(view, "blue",
                                 standing(state.galleys, "standard", default_tables())),
        winner=view.get("winner"),
        next_phase="over", owes=[], deadline=None, template=(), house_rules=[],
        map_file="g1.png")


@pytest.mark.parametrize("render", [report.render_text, report.render_html],
                         ids=["text", "html"])
def test_a_drawn_game_report_says_draw(render: Any) -> None:
    page = render(_data("draw"))
    assert "the game is a draw" in page and "side has won" not in page
    assert "NEXT" not in page and "<h2>Next</h2>" not in page  # the game is over
    won = render(_data("blue"))
    assert "The blue side has won." in won and "draw" not in won


def test_the_report_data_of_a_draw_keeps_the_winner_as_the_engine_gives_it() -> None:
    data = _data("draw")
    assert data["winner"] == "draw"
    assert json.loads(report.render_json(data))["winner"] == "draw"
