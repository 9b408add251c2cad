"""`pbem orders check FILE --ruleset R`: orders checked against the opening phase of a new game
of a scenario, with no game and no database (issue 26's list of commands that need none).
Every line is answered as in a game, a refusal with its reason; nothing is stored anywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem.cli.main import main
from tests.test_startup import database_layer

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "orders" / "demo" / "build-blue.txt"


@pytest.fixture(autouse=True)
def _nowhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"  # never made: a check without a game must not need it
    monkeypatch.setenv("PBEM_DATA", str(data))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    return data


def test_the_demo_s_build_is_checked_line_by_line_and_nothing_is_stored(
        capsys: pytest.CaptureFixture[str], _nowhere: Path) -> None:
    assert main(["orders", "check", str(BUILD), "--ruleset", "ramspeed", "--side", "blue",
                 "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["ruleset"], shown["scenario"], shown["side"], shown["stored"]) == (
        "ramspeed", "squadron", "blue", False)
    statuses = {line["piece"]: line["status"] for line in shown["lines"]}
    assert statuses["A"] == "accepted" and statuses["C"] == "refused"  # C is over the budget
    [refused] = [line for line in shown["lines"] if line["status"] == "refused"]
    assert refused["line_no"] == 4 and "Build Points" in refused["reason"]
    assert "Accepted:" in refused["reason"]  # and what would be
    assert not _nowhere.exists()  # no database, no data folder


def test_bad_lines_are_each_answered_from_standard_input(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"XX: F9\nSHIP A Q\n")))
    assert main(["orders", "check", "-", "--ruleset", "ramspeed", "--side", "BLUE"]) == 0
    out = capsys.readouterr().out
    assert "orders of blue" in out and "Nothing was stored" in out
    assert "line 1 (XX):" in out and "line 2:" in out and out.count("Accepted:") == 2


@pytest.mark.parametrize(("args", "said"), [
    (["--ruleset", "wooden-walls"], "say whose with --side"),
    (["--ruleset", "wooden-walls", "--side", "carthage"], "the sides of this scenario are"),
    (["--ruleset", "no-such"], "the rule systems are"),
    (["--ruleset", "ramspeed", "--scenario", "atlantis"], "scenario atlantis"),
    (["--ruleset", "ramspeed", "--side", "blue", "--player", "Ann"], "--player"),
    (["--ruleset", "ramspeed", "--option", "=3"], "--option"),
])
def test_what_cannot_be_checked_is_a_sentence(args: list[str], said: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["orders", "check", str(BUILD), *args]) != 0
    error = capsys.readouterr().err
    assert said in error and "Traceback" not in error


def test_a_game_s_check_still_wants_its_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["orders", "check", "aegean", str(BUILD)]) != 0
    assert "--player" in capsys.readouterr().err


def test_the_check_without_a_game_loads_no_database_layer(tmp_path: Path) -> None:
    assert database_layer("orders", "check", str(BUILD), "--ruleset", "ramspeed",
                          "--side", "blue", data=tmp_path / "nowhere") == []
