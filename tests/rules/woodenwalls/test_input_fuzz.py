"""Bad input to Wooden Walls gets an answer, never a crash (issue: "Bad input: every line
answered, a refusal giving the reason and what is accepted, the rest kept; nothing crashes"):
random and mutated order mails in every phase context (setup, leg, movement and deck under
`mail = split`, round) through the plug-in's `check`; random and mutated scenario files through
`scenario.new_game`; random `--option` values through `RULESET.start` / `switches.parse_options`."""

from __future__ import annotations

import os
import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.rules.dice import SeededDice
from pbem.rules.woodenwalls import scenario, switches
from pbem.rules.woodenwalls.host import RULESET, WoodenWallsGame
from tests.rules.woodenwalls.test_scenario import FILE

# 150 examples each keep the run short and the same every time; set PBEM_FUZZ_EXAMPLES to hunt
FUZZ = settings(max_examples=int(os.environ.get("PBEM_FUZZ_EXAMPLES", "150")), deadline=None,
                derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CONTEXTS = ("setup", "legs", "movement", "deck", "round")


@cache
def game_at(context: str) -> WoodenWallsGame:
    """The default game at its open phase of `context` (setup played by the computer player)."""
    mail = {"legs": "legs", "movement": "split", "deck": "split", "round": "round"}.get(context, "legs")
    played = RULESET.start("default", {"mail": mail})
    rng = random.Random(3)
    want = {"setup": "setup", "legs": "leg", "movement": "movement", "deck": "deck",
            "round": "round"}[context]
    for _ in range(20):
        if played.value.phase.kind == want:
            return played
        key = played.key
        submissions = tuple((side, played.autoplay_orders(side, rng)) for side in played.owes())
        played, _, _ = played.play(submissions, SeededDice(seed=b"fuzz", game="g", phase=key))
    raise AssertionError(f"no {context} phase reached")


NUMBER = st.one_of(st.integers(-10**6, 10**6).map(str), st.integers(1, 500).map(lambda n: "9" * n),
                   st.floats().map(repr),
                   st.sampled_from(["1e999", "nan", "inf", ".5", "-0", "\u2460", "\u0663", "\uff13",
                                    "1_000", "0x10", "\u00bd", ""]))
WORD = st.sampled_from(["QUALITY", "POST", "SPEED", "T", "A", "H", "RAKE", "SHOOT", "ENGINE", "FIRE",
                        "OARS", "AP", "GRAPPLE", "CUT", "CORVUS", "FIGHT", "BOARD", "DOUSE", "TOWARD",
                        "AWAY", "IF", "NEAR", "ORDER", "FR", "ABLE", "POOR", "B:1M", "M:1S", "@1",
                        "@2", "PORT", "STBD", "MA-PELLA", "RH-ATHENA", ",", ";", "#", "/", ":"])
TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c\x1c"
                             "\x1d\x1e\x85\u2028\u2029"), max_size=40)


@st.composite
def order_line(draw: st.DrawFn, game: WoodenWallsGame) -> str:
    pieces = [piece for side in game.sides for piece in game.pieces_of(side)]
    ship = draw(st.sampled_from([*pieces, "Z9", "x", ""]))
    entry = draw(st.sampled_from(["", "/1", "/2", "/0", "/99"]))
    words = draw(st.lists(st.one_of(WORD, NUMBER, WORD.flatmap(lambda w: NUMBER.map(lambda n: w + n))),
                          max_size=6))
    return f"{ship}{entry}: {' '.join(words)}"


def good_lines(game: WoodenWallsGame, side: str) -> list[str]:
    """Lines the checker accepts: the computer player's (which writes nothing at the setup mail,
    so there a POST line of the rulings' example)."""
    if game.value.phase.kind == "setup":
        return [f"{game.pieces_of(side)[0]}: POST B:1M M:1S S:1M"]
    return [line for line in game.autoplay_orders(side, random.Random(1)).split("\n") if line.strip()]


def mutated(line: str, data: st.DataObject) -> str:
    """A good line with one character dropped, doubled or replaced."""
    if not line:
        return line
    at = data.draw(st.integers(0, len(line) - 1))
    how = data.draw(st.sampled_from(["drop", "double", "swap"]))
    char = data.draw(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")))
    return {"drop": line[:at] + line[at + 1:], "double": line[:at] + line[at] + line[at:],
            "swap": line[:at] + char + line[at + 1:]}[how]


def assert_answered(game: WoodenWallsGame, side: str, text: str) -> None:
    sheet = game.check(side, text)
    numbers = [line.line_no for line in sheet.lines]
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip() and not line.strip().startswith("#"):
            assert number in numbers, (number, line)
    for line in sheet.lines:
        if line.status == "refused":
            reason = str(line.error)
            assert reason.strip(), line
            assert "Accepted" in reason or "accepted" in reason, reason


@FUZZ
@given(st.sampled_from(CONTEXTS), st.data())
def test_a_mail_of_random_and_mutated_lines_is_answered_line_by_line(context: str,
                                                                     data: st.DataObject) -> None:
    game = game_at(context)
    side = game.owes()[0]
    good = good_lines(game, side)
    lines = data.draw(st.lists(st.one_of(order_line(game), TEXT, st.sampled_from(good)
                                         .map(lambda line: mutated(line, data))), min_size=1, max_size=10))
    assert_answered(game, side, "\n".join(lines))


@FUZZ
@given(st.sampled_from(CONTEXTS), st.data())
def test_a_mail_mixing_good_and_bad_lines_keeps_the_good_ones(context: str, data: st.DataObject) -> None:
    game = game_at(context)
    side = game.owes()[0]
    good = good_lines(game, side)
    bad = data.draw(st.lists(order_line(game).filter(lambda line: line not in good), max_size=4))
    text = "\n".join([*good, *bad])
    assert_answered(game, side, text)
    sheet = game.check(side, text)
    kept = [line.text for line in sheet.lines if line.status != "refused"]
    alone = [line.text for line in game.check(side, "\n".join(good)).lines if line.status != "refused"]
    assert alone
    for line in alone:  # every line the good mail alone keeps is kept beside the bad ones
        assert line in kept, (line, [(r.text, str(r.error)) for r in sheet.lines])


def _scenario(text: str, given: dict[str, object] | None = None) -> None:
    try:
        state = scenario.new_game("file", given or {}, text)  # type: ignore[arg-type]
    except ValueError as wrong:
        assert str(wrong).strip()
    else:
        assert len(state.ships) >= 2


@FUZZ
@given(st.data())
def test_a_mutated_scenario_file_is_a_game_or_a_sentence(data: st.DataObject) -> None:
    lines = FILE.split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["drop", "mutate", "junk", "cut"]))
        if how == "drop":
            del lines[at]
        elif how == "mutate":
            lines[at] = mutated(lines[at], data)
        elif how == "junk" and "=" in lines[at]:
            key = lines[at].split("=")[0]
            lines[at] = key + "= " + data.draw(st.sampled_from(
                ['"x"', "-1", "1e999", "nan", "[]", "{}", "true", '"9' + "9" * 400 + '"', "[[1, 2]]",
                 "0", "99999999999999999999", '""', "[1, 2, 3]"]))
        elif how == "cut":
            lines = lines[:at]
        if not lines:
            lines = [""]
    _scenario("\n".join(lines))


@FUZZ
@given(TEXT)
def test_random_scenario_text_is_a_game_or_a_sentence(text: str) -> None:
    _scenario(text)


OPTION_VALUE = st.one_of(TEXT, NUMBER, st.booleans(), st.integers(-10**30, 10**30),
                         st.sampled_from(["on", "off", "yes", "no", "legs", "split", "round", "12x8",
                                          "0x0", "999999x999999", "-1x4", "nanxnan"]))


@FUZZ
@given(st.dictionaries(st.one_of(st.sampled_from(switches.SWITCH_NAMES), TEXT), OPTION_VALUE, max_size=4))
def test_random_options_are_a_game_or_a_sentence(given: dict[str, object]) -> None:
    given.pop("scenario", None)
    try:
        switches.parse_options(given)  # type: ignore[arg-type]
    except ValueError as wrong:
        assert str(wrong).strip()
    try:
        played = RULESET.start("default", given)  # type: ignore[arg-type]
    except ValueError as wrong:
        assert str(wrong).strip()
    else:
        assert played.owes()
