"""The plan of an accepted queue entry (echo.plan, §20's sketch): the macro evaluated and the
segment clamped from where the ship stands, no other ship moving; the host's plan map draws it."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.woodenwalls.echo import plan
from pbem.rules.woodenwalls.notation import read_line
from pbem.rules.woodenwalls.rounds import LEG, Phase
from pbem.rules.woodenwalls.scenario import default_state
from pbem.rules.woodenwalls.switches import parse_options


def _state():  # type: ignore[no-untyped-def]
    return replace(default_state(parse_options({})), phase=Phase(LEG, 1, "A"))


def _plan(line: str) -> tuple[str, ...]:
    reading = read_line(line, LEG)
    assert reading is not None
    return plan(_state(), reading)


def test_a_straight_segment_is_sketched_from_the_ship() -> None:
    # RH-ATHENA at (6, 2) heading 0, speed 2: F1 ends at (6, 3).
    assert _plan("RH-ATHENA/1: F1 RAM MA-PELLA") == ("(6, 2, 0)", "(6, 3, 0) ram MA-PELLA")


def test_the_sketch_is_clamped_to_the_ships_limits() -> None:
    # RH-ATHENA (trireme, FR) turns at most 60 at speed 2 (§4.3): S90 is cut to S60; the pivot
    # is the starboard shoulder (§3), so the heading after is 60.
    places = _plan("RH-ATHENA/1: S90 F0.5")
    assert places[1].endswith(", 60)") and places[2].endswith(", 60)") and len(places) == 3


def test_a_macro_is_evaluated_on_the_present_state() -> None:
    # MA-PELLA at (8, 10) is dead ahead (bearing 0... 8.2 SL off): TOWARD turns by 0.
    places = _plan("RH-HELIOS/1: TOWARD MA-PELLA 0.5")
    assert places[0] == "(8, 2, 0)" and places[-1] == "(8, 2.50, 0)"


def test_other_lines_have_no_plan() -> None:
    assert _plan("RH-ATHENA: SPEED 3 @1") == ()
    assert _plan("RH-ATHENA: SHOOT M MA-PELLA.M") == ()
