"""Ram Speed as a plug-in: found by name through the entry points, and played, viewed and
stored only through the game-level protocol of pbem.rules.interface."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import EntryPoint

import pytest

from pbem.app.base import rulesets
from pbem.rules.dice import ForcedDice
from pbem.rules.interface import FORMAT_KEY, GameValue, RulesetPlugin


def _game(**options: bool | int | str) -> GameValue:
    return rulesets.start("ramspeed", "squadron", {"columns": 12, "rows": 8, **options})


def test_ramspeed_is_found_by_name_and_describes_itself() -> None:
    plugin: RulesetPlugin = rulesets.plugin("ramspeed")
    assert "ramspeed" in rulesets.names() and plugin.name == "ramspeed" and plugin.version
    assert [s.name for s in plugin.scenarios()] == ["convoy", "fleet", "squadron"]
    assert {s.name for s in plugin.switches()} >= {"secret_records", "secret_hit_locations"}
    with pytest.raises(ValueError, match="there is no ruleset 'chess'; the rulesets are "):
        rulesets.plugin("chess")


def test_a_game_is_played_through_the_protocol() -> None:
    game = _game()
    assert (game.key, game.phase.kind, game.sides, game.owes()) == (
        "build", "build", ("blue", "red"), ("blue", "red"))
    sheet = game.check("blue", "A: trireme catapult\nB: galleon")
    assert [line.status for line in sheet.lines] == ["accepted", "refused"]
    after, result, _ = game.play([("blue", "A: trireme"), ("red", "X: bireme")],
                                 ForcedDice(values=[4, 1]))  # the set-up roll (4.4)
    assert after.key.startswith("setup-") and not result.rejected
    assert after.pieces_of("blue") == ["A"] and after.pieces_of("red") == ["X"]
    stored = after.to_json()
    assert stored[FORMAT_KEY] == 1
    again = rulesets.load("ramspeed", stored)
    assert again.to_json() == stored and again.key == after.key


def test_a_value_from_a_newer_judge_is_refused_not_misread() -> None:
    stored = _game().to_json()
    with pytest.raises(ValueError, match="stored by a newer judge"):
        rulesets.load("ramspeed", {**stored, FORMAT_KEY: 2})
    del stored[FORMAT_KEY]  # stored before the codec carried its format: read as format 1
    assert rulesets.load("ramspeed", stored).key == "build"


@pytest.mark.parametrize(("options", "words"), [
    ({"fog_of_war": True}, "Ram Speed has no option 'fog_of_war'"),
    ({"secret_records": "maybe"}, "option secret_records is on or off"),
    ({"columns": "wide"}, "option columns is a whole number"),
    ({"columns": True}, "option columns needs a value: columns=N"),
    ({"columns": 5}, "must have 10 to 99 columns"),
])
def test_bad_options_are_refused_with_a_sentence(options: dict[str, object],
                                                 words: str) -> None:
    with pytest.raises(ValueError, match=words):
        rulesets.start("ramspeed", "squadron", options)  # type: ignore[arg-type]


def test_options_from_the_command_line_are_read() -> None:
    game = rulesets.start("ramspeed", "squadron", {"secret_records": "on", "columns": "20"})
    assert game.value.state.columns == 20 and game.duty_hidden


def test_who_owes_is_told_by_the_ruleset() -> None:
    secret, open_game = _game(secret_records=True), _game()
    assert secret.owes_told("blue") == ["blue"] and secret.owes_told(None) == []
    assert secret.owes_told(None, game_master=True) == ["blue", "red"]
    assert open_game.owes_told("blue") == ["blue", "red"]


def test_two_rulesets_of_one_name_are_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    twins = [EntryPoint("ramspeed", "pbem.rules.ramspeed.host:RULESET", rulesets.GROUP),
             EntryPoint("ramspeed", "elsewhere.rules:RULESET", rulesets.GROUP)]
    monkeypatch.setattr(rulesets, "entry_points", lambda group: twins)
    rulesets._entries.cache_clear()
    try:
        with pytest.raises(ValueError, match="two rulesets call themselves 'ramspeed'"):
            rulesets.names()
    finally:
        rulesets._entries.cache_clear()


def test_taking_orders_does_not_import_every_ruleset() -> None:
    """The registry loads a ruleset when a game of it is touched, not when the host starts."""
    code = ("import sys, pbem.app.orders, pbem.app.play.phases, pbem.app.play.games; "
            "print(any(m.startswith('pbem.rules.ramspeed') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False", done.stderr


def test_a_galley_not_placed_yet_is_said_so_in_the_report_tables() -> None:
    from pbem.rules.ramspeed.present import report_sections

    view = {"galleys": {"A": {"side": "blue", "controller": "blue", "type": "trireme",
                              "status": "afloat", "bow": None, "facing": None,
                              "grappled_with": [], "weapons": [], "hull_damage": 0,
                              "rowing_damage": 0, "movement_allowance": 3,
                              "boarding_parties": 2, "double_used": 0, "triple_used": False}}}
    own = report_sections(view, "blue", {"rule": "standard", "sides": {}})[0]
    assert own.title == "Your galleys" and own.rows[0][2] == "not placed yet"
