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


SOME_EXPECTATION = '[expect]\n"A.type" = "trireme"\n'


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
    result = run_case(_write(tmp_path, BASE + "dice = [3, 4, 5, 6]\n" + SOME_EXPECTATION))
    assert any("left over" in error for error in result.errors)


def test_missing_dice_fail(tmp_path: Path) -> None:
    result = run_case(_write(tmp_path, BASE + "dice = [3]\n" + SOME_EXPECTATION))
    assert any("ran out of dice" in error for error in result.errors)
    assert result.output["errors"] == result.errors


def test_unknown_expectation_field_fails(tmp_path: Path) -> None:
    result = run_case(_write(tmp_path, BASE + "dice = [6]\n[expect]\n\"A.speed_used\" = 1\n"))
    assert result.errors == ["expect A.speed_used: no such field in the result"]


def test_malformed_case_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CaseError, match="not valid TOML"):
        run_case(_write(tmp_path, "rule = \n"))
    with pytest.raises(CaseError, match="unknown galley type 'galleon'"):
        run_case(_write(tmp_path, BASE.replace('"bireme"', '"galleon"') + SOME_EXPECTATION))
    with pytest.raises(CaseError, match="is not a facing"):
        run_case(_write(tmp_path, BASE.replace('facing = "W"', 'facing = "S"')
                        + SOME_EXPECTATION))
    for size in ("100000", "0", "-3", '"big"'):  # a map too large would exhaust memory
        with pytest.raises(CaseError, match="a map has 1 to 99 columns"):
            run_case(_write(tmp_path, f"[map]\ncolumns = {size}\n" + BASE + SOME_EXPECTATION))


def test_combat_orders_in_one_text_go_to_each_galleys_side(tmp_path: Path) -> None:
    text = BASE.replace('orders = "A: F F RAM X"', 'orders = """\nA: FIRE catapult X\n'
                        'X: FIRE catapult A\n"""').replace('kind = "movement"', 'kind = "combat"')
    text = text.replace('kind = "combat"\nside = "blue"\n', 'kind = "combat"\n')
    text = text.replace('type = "trireme"', 'type = "trireme"\nweapons = ["catapult"]')
    text = text.replace('type = "bireme"', 'type = "bireme"\nweapons = ["catapult"]')
    text = text.replace('bow = "1107"', 'bow = "1307"')
    result = run_case(_write(tmp_path, text + "dice = [6, 6]\n" + SOME_EXPECTATION))
    assert result.passed, result.errors
    assert [e["kind"] for e in result.output["events"]] == ["fire", "fire"]


# --- what is not a case (item 15) ----------------------------------------------------------

@pytest.mark.parametrize(("text", "missing"), [
    ("", "phase"),
    ("[tool.ruff]\nline-length = 100\n[project]\nname = \"pbem\"\n", "phase"),
    (BASE + "dice = [3, 4, 5]\n", "expect"),
    (BASE + "dice = [3, 4, 5]\n[expect]\n", "expect"),
], ids=["empty file", "unrelated TOML", "no expectations", "empty expectations"])
def test_a_file_that_is_not_a_case_is_refused(tmp_path: Path, text: str, missing: str) -> None:
    with pytest.raises(CaseError, match=rf"case.toml is not a rules case: it has no \[{missing}\]"):
        run_case(_write(tmp_path, text))


def test_the_cli_counts_a_file_that_is_not_a_case_as_failed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pbem.cli.main import main

    assert main(["rules", "case", str(_write(tmp_path, ""))]) == 1
    printed = capsys.readouterr().out
    assert "case.toml is not a rules case" in printed and "0 passed, 1 failed" in printed


# --- exact comparison ----------------------------------------------------------------------

@pytest.mark.parametrize("expectation", [
    '"X.status" = "AFLOAT"',  # a string in another case
    '"A.facing" = "e"',
    '"X.captured" = 0',  # false is not 0
    '"X.bow" = ""',  # "" means "no winner yet" for winner only, not null anywhere
], ids=["status upper case", "facing lower case", "bool as int", "empty for null"])
def test_values_compare_exactly(tmp_path: Path, expectation: str) -> None:
    text = BASE.replace('bow = "1107"', 'bow = "1307"') + f"dice = []\n[expect]\n{expectation}\n"
    text = text.replace('orders = "A: F F RAM X"', 'orders = "A: F F"')
    if '"X.bow"' in expectation:
        text = text.replace('bow = "1307"\nfacing = "W"\n', "")
    result = run_case(_write(tmp_path, text))
    assert len(result.errors) == 1 and result.errors[0].startswith("expect "), result.errors


def test_galley_ids_are_looked_up_whatever_their_case(tmp_path: Path) -> None:
    text = BASE + 'dice = [3, 4, 5]\n[expect]\n"x.hull_damage" = 9\nwinner = ""\nrejected = ["a"]\n'
    text = text.replace('"A: F F RAM X"', '"A: F F RAM X\\nA: F"')
    result = run_case(_write(tmp_path, text))
    assert result.passed, result.errors


# --- the reason for a refusal --------------------------------------------------------------

REFUSED = BASE.replace('orders = "A: F F RAM X"', 'orders = "A: F RAM X"') + "dice = []\n"


def test_a_refusal_for_the_expected_reason_passes(tmp_path: Path) -> None:
    result = run_case(_write(tmp_path, REFUSED + '[expect]\nrejected = { A = "not directly ahead" }\n'))
    assert result.passed, result.errors
    result = run_case(_write(tmp_path, REFUSED + '[expect]\nrejected = ["A"]\n'))
    assert result.passed, result.errors


def test_a_refusal_for_another_reason_fails_and_says_the_reason(tmp_path: Path) -> None:
    result = run_case(_write(tmp_path, REFUSED + '[expect]\nrejected = { A = "half its MA" }\n'))
    assert len(result.errors) == 1
    assert result.errors[0].startswith("expect rejected A for a reason containing 'half its MA'; "
                                       "the reason given was ")
    assert "X is not directly ahead of A's bow" in result.errors[0]


def test_the_reason_is_case_sensitive(tmp_path: Path) -> None:
    result = run_case(_write(tmp_path, REFUSED + '[expect]\nrejected = { A = "is not directly" }\n'))
    assert result.passed, result.errors
    result = run_case(_write(tmp_path, REFUSED + '[expect]\nrejected = { A = "Is Not Directly" }\n'))
    assert not result.passed


def test_a_reason_table_names_every_refused_galley(tmp_path: Path) -> None:
    accepted = BASE + "dice = [6]\n"
    result = run_case(_write(tmp_path, accepted + '[expect]\nrejected = { A = "" }\n'))
    assert result.errors == ["expect rejected A: its orders were not refused"]
    result = run_case(_write(tmp_path, REFUSED + "[expect]\nrejected = {}\n"))
    assert len(result.errors) == 1 and result.errors[0].startswith("expect rejected: A was refused too")


def test_a_dotted_key_naming_no_piece_reads_through_nested_tables() -> None:
    # issue 21: speed-band's "front.<a>.<b>" expectations; a piece's field still comes first
    from pbem.cases import _expected_value

    output = {"ships": {"A": {"x": 2}}, "front": {"a": {"b": 1}}, "winner": ""}
    assert _expected_value(output, "front.a.b", "ships") == (True, 1)
    assert _expected_value(output, "a.x", "ships") == (True, 2)  # piece ids in any case
    assert _expected_value(output, "front.a.c", "ships") == (False, None)
    assert _expected_value(output, "front.a.b.c", "ships") == (False, None)
    assert _expected_value(output, "A.y", "ships") == (False, None)
