"""The JSON report keeps to its schema (pbem/render/report.schema.json) and each piece to
its ruleset's (pieces_schema): every golden game's reports, a briefing and a final report.
The schemas are strict enough to catch a position given as text again."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from sqlalchemy.engine import Engine

from pbem.app import gm
from pbem.app.base import rulesets
from pbem.app.reports import reports
from pbem.golden import golden_reports, load
from pbem.render.report import report_schema
from tests.app.helpers import new_demo_game, play_demo_phases

GAMES = sorted((Path(__file__).parents[1] / "games").glob("*/game.toml"))


def _check(data: dict[str, Any], ruleset: str = "ramspeed") -> None:
    jsonschema.Draft202012Validator(report_schema()).validate(data)
    pieces = jsonschema.Draft202012Validator(rulesets.plugin(ruleset).pieces_schema())
    for piece in data["pieces"]:
        pieces.validate(piece)


def test_the_schemas_are_schemas() -> None:
    jsonschema.Draft202012Validator.check_schema(report_schema())
    jsonschema.Draft202012Validator.check_schema(rulesets.plugin("ramspeed").pieces_schema())


@pytest.mark.parametrize("game", GAMES, ids=[g.parent.name for g in GAMES])
def test_every_golden_report_keeps_to_the_schema(game: Path) -> None:
    golden = load(game.parent)
    made = {name: json.loads(text) for name, text in golden_reports(golden).items()
            if name.endswith(".json")}
    assert made
    for data in made.values():
        _check(data, golden.ruleset)
    placed = [p for data in made.values() for p in data["pieces"] if p["position"]]
    shape = {"ramspeed": {"hex", "facing"}, "greeks-romans": {"x", "y", "heading"},
             "ram-cruise": {"x", "y", "heading"}, "speed-band": {"x", "y", "heading"},
             "wooden-walls": {"x", "y", "heading"}}
    assert placed and all(set(p["position"]) == shape[golden.ruleset] for p in placed)


def test_briefings_and_final_reports_keep_to_the_schema(engine: Engine) -> None:
    game = rulesets.start("ramspeed", "squadron", {"columns": 18, "rows": 10})
    for made in reports.render_briefing(
            game_id="g", game=game, players=[("Ann", "blue"), ("Bo", "red")],
            recipients=[reports.Recipient("Ann", "blue", "UTC"),
                        reports.Recipient(reports.GM, None, "UTC", True)],
            deadline=datetime(2026, 5, 6, 9, tzinfo=UTC), commitment="ab" * 32):
        data = json.loads(made.json)
        assert data["kind"] == "briefing"
        _check(data)
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 3)
    gm.end(engine, "g1", None)
    for made in reports.phase_reports(engine, "g1"):
        data = json.loads(made.json)
        assert data["kind"] == "final"
        _check(data)


def test_secret_records_leave_the_record_out_of_the_enemy_s_pieces() -> None:
    game = rulesets.start("ramspeed", "squadron", {"secret_records": True})
    built = game.play([("blue", "A: trireme archer"), ("red", "X: bireme")],
                      _dice(game.key))[0]
    view = built.view("blue")
    pieces = {p["id"]: p for p in built.report_pieces(view)}
    assert "record" in pieces["A"] and "record" not in pieces["X"]
    assert pieces["A"]["record"]["weapons"] == [{"type": "archer", "damage": 0}]
    assert pieces["A"]["record"]["hull"]["sinks_at"] > 0


def _dice(key: str) -> Any:
    from pbem.rules.dice import SeededDice

    return SeededDice(seed=b"s", game="g", phase=key)


@pytest.mark.parametrize("spoil", [
    lambda d: d["pieces"][0].__setitem__("position", "0906 E"),
    lambda d: d["pieces"][0].__setitem__("type", "trireme-ish"),
    lambda d: d.__setitem__("kind", "summary"),
    lambda d: d["sections"][0]["rows"].append([1, 2]),
    lambda d: d["next"].pop("deadline_utc"),
])
def test_a_spoilt_report_fails_the_schema(spoil: Any) -> None:
    golden = load(GAMES[0].parent)
    data = next(json.loads(text) for name, text in sorted(golden_reports(golden).items())
                if name.endswith(".json") and json.loads(text)["pieces"])
    _check(data)
    broken = copy.deepcopy(data)
    if not broken["sections"][0]["rows"]:
        broken["sections"][0]["rows"] = [["a"]]
    spoil(broken)
    with pytest.raises(jsonschema.ValidationError):
        _check(broken)
