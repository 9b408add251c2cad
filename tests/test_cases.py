"""Every rules case under tests/cases passes, and the runner itself can fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.cases import CaseError, run_case

CASES = sorted((Path(__file__).parent / "cases").glob("*.toml"))


def test_there_are_cases_for_every_section() -> None:
    sections = {path.name.split("_")[0] for path in CASES}
    for section in ("2.0", "4.2", "4.4", "6.3", "6.4", "6.5", "6.6", "6.7", "6.8", "6.10", "6.11",
                    "7.1", "7.3", "7.4", "7.5", "7.6", "8.1", "8.3", "8.5", "8.7", "9.1", "9.2",
                    "10.0", "12.0", "15.3"):
        assert section in sections, f"no rules case for section {section}"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    result = run_case(path)
    assert result.passed, "\n".join(result.errors)


BASE = """
rule = "7.2"
title = "runner self-test"
[[galley]]
id = "A"
side = "blue"
type = "trireme"
bow = "0807"
facing = "E"
[[galley]]
id = "X"
side = "red"
type = "bireme"
bow = "1107"
facing = "W"
[phase]
kind = "movement"
side = "blue"
orders = "A: F F RAM X"
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_wrong_expectation_fails(tmp_path: Path) -> None:
    path = _write(tmp_path, BASE + "dice = [3, 4, 5]\n[expect]\n\"X.hull_damage\" = 8\n")
    result = run_case(path)
    assert not result.passed
    assert result.errors == ["expect X.hull_damage = 8, got 9"]


def test_leftover_dice_fail(tmp_path: Path) -> None:
    result = run_case(_write(tmp_path, BASE + "dice = [3, 4, 5, 6]\n"))
    assert any("left over" in error for error in result.errors)


def test_missing_dice_fail(tmp_path: Path) -> None:
    result = run_case(_write(tmp_path, BASE + "dice = [3]\n"))
    assert any("ran out of dice" in error for error in result.errors)
    assert result.output["errors"] == result.errors


def test_unknown_expectation_field_fails(tmp_path: Path) -> None:
    result = run_case(_write(tmp_path, BASE + "dice = [6]\n[expect]\n\"A.speed_used\" = 1\n"))
    assert result.errors == ["expect A.speed_used: no such field in the result"]


def test_malformed_case_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CaseError, match="not valid TOML"):
        run_case(_write(tmp_path, "rule = \n"))
    with pytest.raises(CaseError, match="unknown galley type 'galleon'"):
        run_case(_write(tmp_path, BASE.replace('"bireme"', '"galleon"')))
    with pytest.raises(CaseError, match="is not a facing"):
        run_case(_write(tmp_path, BASE.replace('facing = "W"', 'facing = "S"')))


def test_combat_orders_in_one_text_go_to_each_galleys_side(tmp_path: Path) -> None:
    text = BASE.replace('orders = "A: F F RAM X"', 'orders = """\nA: FIRE catapult X\n'
                        'X: FIRE catapult A\n"""').replace('kind = "movement"', 'kind = "combat"')
    text = text.replace('kind = "combat"\nside = "blue"\n', 'kind = "combat"\n')
    text = text.replace('type = "trireme"', 'type = "trireme"\nweapons = ["catapult"]')
    text = text.replace('type = "bireme"', 'type = "bireme"\nweapons = ["catapult"]')
    text = text.replace('bow = "1107"', 'bow = "1307"')
    result = run_case(_write(tmp_path, text + "dice = [6, 6]\n"))
    assert result.passed, result.errors
    assert [e["kind"] for e in result.output["events"]] == ["fire", "fire"]
