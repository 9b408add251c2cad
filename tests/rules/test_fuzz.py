"""Whatever a player sends, the checker answers every line and never crashes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.interface import PhaseSpec
from pbem.rules.ramspeed import phases
from pbem.rules.ramspeed.hexes import parse_label
from pbem.rules.ramspeed.state import Galley, GameState, Weapon

STATE = GameState(galleys=(
    Galley("A", "blue", "trireme", parse_label("0807"), 0, weapons=(Weapon("catapult"),),
           boarding_parties=2, grappled_with=frozenset({"X"})),
    Galley("B", "blue", "bireme", parse_label("0809"), 0),
    Galley("F", "blue", "penteconter", parse_label("0811"), 0, drifting=True),
    Galley("X", "red", "bireme", parse_label("0806"), 0, grappled_with=frozenset({"A"})),
    Galley("R1", "red", "quinquereme", parse_label("1510"), 3),
))
WORDS = ["A:", "B:", "F:", "X:", "r1:", "Z:", "F", "F3", "R", "R2", "P", "S", "SP", "SS",
         "RAM", "SHEAR", "GRAPPLE", "UNGRAPPLE", "DOUBLE", "TRIPLE", "STAY", "X", "R1",
         "A", "FIRE", "catapult", "archer", "BOARD", "CAPTURE", "ADRIFT", "TRANSFER", "TO",
         "2", "99", "100", "0807", "W", "trireme", "bp*2", "#", ",", '"F"', "::", "é"]
line = st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)
junk = st.text(max_size=60)
text = st.lists(st.one_of(line, junk), max_size=12).map("\n".join)


@settings(max_examples=300, deadline=None)
@given(text, st.sampled_from(["build", "setup", "movement", "combat"]))
def test_every_line_is_answered_and_nothing_crashes(orders: str, kind: str) -> None:
    sheet, _ = phases.check(STATE, PhaseSpec(kind, "blue", "west"), orders)
    written = [n for n, raw in enumerate(orders.splitlines(), 1) if raw.split("#")[0].strip()]
    assert [result.line_no for result in sheet.lines] == written
    for result in sheet.lines:
        assert result.status in ("accepted", "refused")
        if result.status == "refused":
            assert result.reason.startswith(f"line {result.line_no}")
