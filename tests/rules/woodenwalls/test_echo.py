"""The Wooden Walls echo (rulings §16, §20; plan §1.2): each accepted line once, in standard
notation with `=>` and its meaning and the extras used; refused lines with their sentences; the
whole answer in the order written; an echo pasted back is accepted as the same line."""

from __future__ import annotations

import re

from pbem.rules.woodenwalls.check import check_lines
from pbem.rules.woodenwalls.echo import ECHO_MARK, answer, echo, echo_line, meaning, refusals
from pbem.rules.woodenwalls.orders import Segment, Speed, Turn
from pbem.rules.woodenwalls.rounds import Phase
from tests.rules.woodenwalls.test_check import straits

TEXT = """rh-athena/1: s30 f0.6 p10 f0.4 ram ma-pella
RH-ATHENA/3: F1
RH-ATHENA: SPEED 4 @1
ORDER RH-HELIOS, RH-ATHENA
RH-ATHENA: SHOOT M MA-PELLA.M MA-PELLA.B
"""


def test_one_echo_per_accepted_line_in_standard_notation() -> None:
    lines = echo(check_lines(straits(), "rhodes", TEXT))
    assert [line.split(f" {ECHO_MARK} ")[0] for line in lines] == [
        "RH-ATHENA/1: S30 F0.6 P10 F0.4 RAM MA-PELLA",
        "RH-ATHENA: SPEED 4 @1",
        "ORDER RH-HELIOS RH-ATHENA",
        "RH-ATHENA: SHOOT M MA-PELLA.M, MA-PELLA.B"]
    assert lines[2].endswith("[extras: an ORDER list separated by commas]")
    assert lines[3].endswith("[extras: a list separated by spaces]")
    assert "RAM MA-PELLA if it meets that ship" in lines[0]


def test_refusals_give_the_sentence_and_the_line() -> None:
    found = refusals(check_lines(straits(), "rhodes", TEXT))
    assert len(found) == 1
    assert found[0].startswith("line 2 (RH-ATHENA): RH-ATHENA/3: a ship is activated at most 2")
    assert found[0].endswith("[RH-ATHENA/3: F1]")


def test_answer_in_the_order_written() -> None:
    found = answer(check_lines(straits(), "rhodes", TEXT))
    assert [line.split()[0] for line in found] == ["ok", "refused", "ok", "ok", "ok"]


def test_an_echo_pasted_back_reads_as_the_same_line() -> None:
    first = check_lines(straits(), "rhodes", TEXT)
    again = check_lines(straits(), "rhodes", "\n".join(echo(first)))
    # the same orders; the extras of the first are gone from the echo's standard lines
    assert [reading.order for reading in again.readings] == [r.order for r in first.readings]
    assert all(not reading.extras for reading in again.readings)
    assert echo(again)[0] == echo(first)[0]


def test_meanings_of_entries_and_speeds() -> None:
    assert meaning(Speed("B", 2)).startswith("backing at the end of action phase 2")
    assert "clamped to its limits" in meaning(Segment((Turn(10),), break_away=True))
    line = check_lines(straits(), "rhodes", "RH-DELPHIS/1: IF NEAR MA-KASSANDRA 1.5 THEN AWAY "
                       "MA-KASSANDRA ELSE F1").readings[0]
    assert "AWAY MA-KASSANDRA if MA-KASSANDRA is within 1.5 SL, else F1" in echo_line(line)


def test_no_echo_names_a_quality_but_a_setup_line_of_the_senders_own() -> None:
    text = "RH-ATHENA/1: TOWARD MA-KASSANDRA RAM MA-KASSANDRA\nRH-ATHENA: GRAPPLE MA-KASSANDRA"
    for line in echo(check_lines(straits(), "rhodes", text)):
        assert not re.search(r"\b(FR|ABLE|POOR)\b", line)
    setup = echo(check_lines(straits(Phase("setup")), "rhodes", "RH-ATHENA: QUALITY FR\n"
                             "RH-HELIOS: QUALITY FR\nRH-RHODOS: QUALITY ABLE\nRH-DELPHIS: QUALITY ABLE"))
    assert setup[0].startswith("RH-ATHENA: QUALITY FR => its crew quality")
