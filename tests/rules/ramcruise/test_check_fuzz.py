"""No text crashes the checker or the judge (issue 20, "Bad input"): every line that carries
something gets one answer, a refusal always says why, and playing the round with whatever was
accepted never fails."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.rules.dice import SeededDice
from pbem.rules.interface import ACCEPTED, LineResult
from pbem.rules.ramcruise.game import check, may_send, new_game, owes, play_phase
from pbem.rules.ramcruise.notation import numbered_lines
from pbem.rules.ramcruise.state import GameState, Phase

WORDS = ("RAM", "CRUISE", "STRAT", "BACK", "STAY", "BREAK", "DUTY", "BOW", "BALLISTA", "GRAPPLE",
         "MELEE", "STANCE", "ONBREAK", "ONSHEAR", "LOSSES", "PICK", "MAR", "DECK", "OAR", "OARS",
         "ACCEPT", "RESIST", "NONE", "F4", "F8.5", "F 2", "B1.5", "S30", "P45", "S90", "F0", "F2.25",
         "1", "3", "36", "6", "0", "180", "trireme", "CREWMEN", "regular", "elite", "ADMIRAL",
         "C1", "C4", "R1", "R5", "X9", ",", "#", "=>", ":", "é")
SHIPS = ("C1", "C2", "C4", "R1", "R3", "R5", "X9", "c1", "")


@st.composite
def order_text(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(0, 8))):
        ship = draw(st.sampled_from(SHIPS))
        words = draw(st.lists(st.sampled_from(WORDS), max_size=6))
        lines.append(f"{ship}: {' '.join(words)}" if draw(st.booleans()) else " ".join(words))
    return "\n".join(lines)


def _games() -> list[GameState]:
    game = new_game("default", {})
    combat = replace(game, phase=replace(game.phase, kind="combat"))
    free = new_game("default", {"setup": "free"})
    build = new_game("custom", {}, 'build = true\n[[side]]\nid = "carthage"\nhome = "south"\n'
                     '[[side]]\nid = "rome"\nhome = "north"\n')
    return [game, combat, free, replace(free, phase=Phase("setup", side="carthage")), build]


GAMES = _games()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=order_text(), which=st.integers(0, len(GAMES) - 1), side=st.sampled_from(("carthage", "rome")))
def test_any_text_gets_an_answer_per_line_and_plays(text: str, which: int, side: str) -> None:
    game = GAMES[which]
    if side not in owes(game) + may_send(game):
        return
    sheet = check(game, side, text)
    assert [line.line_no for line in sheet.lines] == [n for n, _ in numbered_lines(text)]
    for line in sheet.lines:
        if line.status == ACCEPTED:
            assert line.order is not None and " => " in line.echo
        else:
            assert line.reason and line.error is not None
    after, result, sheets = play_phase(game, [(side, text)], SeededDice(seed=b"fuzz", game="f",
                                                                         phase=game.phase.key))
    def answers(lines: tuple[LineResult, ...]) -> list[tuple[object, ...]]:
        return [(line.line_no, line.status, line.reason, line.echo, line.plan) for line in lines]

    assert answers(sheets[0].lines) == answers(sheet.lines)  # the same answer when it is played
    assert after.phase.key != game.phase.key
