"""The Wooden Walls order template (plan §1.5, §6; rulings §6.2, §19, §20): every line not
commented accepted by the checker in every phase kind under each mail, default segments written
out, limits only for the side's own ships (§16)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.woodenwalls.check import check_lines
from pbem.rules.woodenwalls.rounds import DECK, LEG, MOVEMENT, OVER, ROUND, SETUP, Phase
from pbem.rules.woodenwalls.scenario import default_state
from pbem.rules.woodenwalls.state import FLEEING, GameState
from pbem.rules.woodenwalls.switches import parse_options
from pbem.rules.woodenwalls.template import order_template
from tests.rules.woodenwalls.test_present import MACEDON, RHODES, battle_states, small

PHASES = {
    "legs": [Phase(SETUP), Phase(LEG, 1, "A"), Phase(LEG, 1, "B"), Phase(LEG, 1, "C")],
    "split": [Phase(MOVEMENT, 1, "A"), Phase(DECK, 1, "A"), Phase(MOVEMENT, 2, "C"),
              Phase(DECK, 2, "C")],
    "round": [Phase(SETUP), Phase(ROUND, 1)],
}


def at(state: GameState, mail: str, phase: Phase) -> GameState:
    return replace(state, options=replace(state.options, mail=mail), phase=phase)


def written(lines: tuple[str, ...]) -> list[str]:
    return [line for line in lines if line.strip() and not line.lstrip().startswith("#")]


def assert_accepted(state: GameState, side: str, lines: tuple[str, ...]) -> None:
    checked = check_lines(state, side, "\n".join(lines))
    assert not checked.refused, [(line.text, line.reason) for line in checked.refused]
    assert len(checked.lines) == len(written(lines))


@pytest.mark.parametrize("mail", sorted(PHASES))
@pytest.mark.parametrize("side", [RHODES, MACEDON])
def test_every_written_line_is_accepted(mail: str, side: str) -> None:
    for base in (default_state(parse_options({"mail": mail})), small()):
        for phase in PHASES[mail]:
            state = at(base, mail, phase)
            assert_accepted(state, side, order_template(state, side))


def test_queue_entries_per_leg_and_round() -> None:
    state = default_state(parse_options({}))
    counts = {}
    for mail, phase in (("legs", Phase(LEG, 1, "A")), ("legs", Phase(LEG, 1, "C")),
                        ("round", Phase(ROUND, 1)), ("split", Phase(MOVEMENT, 1, "B"))):
        lines = written(order_template(at(state, mail, phase), RHODES))
        counts[phase.key] = sum(1 for line in lines if line.startswith("RH-ATHENA/"))
    # §6.2: two activations in legs A and B, one in C; four over the round (§6.1).
    assert counts == {"R1-A": 2, "R1-C": 1, "R1": 4, "R1-B-move": 2}


def test_exact_lines_of_a_leg() -> None:
    state = at(default_state(parse_options({})), "legs", Phase(LEG, 1, "A"))
    lines = order_template(state, RHODES)
    assert "ORDER RH-ATHENA RH-HELIOS RH-RHODOS RH-DELPHIS" in lines
    start = lines.index("RH-ATHENA/1: F1")
    # Speed 2 (§19): a trireme turns up to 60 a segment (§4.3, FR); advances 0.5 to 1 SL (§7.2).
    assert lines[start - 1:start + 3] == (
        "# RH-ATHENA (trireme, speed 2, maximum 4): turns up to 60 degrees a segment, "
        "advances 0.5 to 1 SL",
        "RH-ATHENA/1: F1", "RH-ATHENA/2: F1",
        "# RH-ATHENA: SPEED 0|1|2|3|4|B @<n>    (n 1 to 2: the end of that action phase)")
    assert "# RH-ATHENA: SPEED 0|1|2|3|4|B @1" in order_template(
        at(state, "legs", Phase(LEG, 1, "C")), RHODES)


def test_default_segments_by_speed() -> None:
    state = default_state(parse_options({}))
    state = state.with_ship(replace(state.require("RH-HELIOS"), speed=0))
    state = state.with_ship(replace(state.require("RH-RHODOS"), speed="B"))
    state = at(state, "legs", Phase(LEG, 1, "A"))
    lines = written(order_template(state, RHODES))
    # §6.2: F1 at speed 1-4, B0.5 backing, HOLD stopped.
    assert "RH-ATHENA/1: F1" in lines and "RH-HELIOS/1: HOLD" in lines
    assert "RH-RHODOS/2: B0.5" in lines
    assert any(line.startswith("# RH-HELIOS") and "pivots up to" in line
               for line in order_template(state, RHODES))
    assert_accepted(state, RHODES, order_template(state, RHODES))


def test_limits_only_for_own_ships() -> None:
    state = at(small(), "legs", Phase(LEG, 2, "B"))
    rhodes = "\n".join(order_template(state, RHODES))
    assert "MA-" not in rhodes and "RH-DELPHIS" not in rhodes  # captured: Macedon's now
    macedon = order_template(state, MACEDON)
    assert any(line.startswith("RH-DELPHIS/1:") for line in macedon)
    assert not any("MA-KASSANDRA" in line for line in macedon)  # a hulk takes no orders
    named = {word.split("/")[0].rstrip(":") for line in macedon for word in line.split()
             if word.startswith("RH-")}
    assert named == {"RH-DELPHIS"}  # no Rhodian limit shown but the captured ship's


def test_a_fleeing_ship_gets_no_segments() -> None:
    state = default_state(parse_options({}))
    state = state.with_ship(replace(state.require("RH-HELIOS"), flag=FLEEING))
    state = at(state, "legs", Phase(LEG, 1, "A"))
    lines = order_template(state, RHODES)
    assert "# RH-HELIOS is fleeing: the judge moves it (§15.5); no segments." in lines
    assert not any(line.startswith("RH-HELIOS/") for line in lines)
    assert "ORDER RH-ATHENA RH-RHODOS RH-DELPHIS" in lines
    assert any(line.startswith("# RH-HELIOS deck:") for line in lines)  # it may still shoot
    assert_accepted(state, RHODES, lines)


def test_setup_lines_are_comments_that_the_checker_takes_uncommented() -> None:
    state = default_state(parse_options({}))
    lines = order_template(state, MACEDON)
    assert written(lines) == []
    assert "allotment 1 FR, 2 ABLE, 1 POOR" in lines[0]
    # §19: the allotment best first in scenario order.
    assert "# MA-ANTIGONIS: QUALITY FR    (quinquereme)" in lines
    assert "# MA-KASSANDRA: QUALITY POOR    (hemiola)" in lines
    assert "# MA-ANTIGONIS: POST B:2M M:1S S:1M" in lines
    shown = tuple(line[2:].split("    (")[0] for line in lines
                  if line.startswith("# MA-") and ("QUALITY" in line or "POST" in line))
    assert len(shown) == 8
    assert_accepted(state, MACEDON, shown)


def test_deck_lines_are_comments_with_areas_and_elements() -> None:
    state = at(small(), "split", Phase(DECK, 2, "B"))
    lines = order_template(state, RHODES)
    assert written(lines) == []
    assert ("# RH-ATHENA deck: B: 1 marine (picked); M: 1 shooter (experienced); "
            "S: 1 marine (picked)") in lines
    assert "# RH-ATHENA: DOUSE <area> <n>    (burning: B 2)" in lines
    assert not any(line.startswith("# RH-HELIOS: DOUSE") for line in lines)
    macedon = order_template(state, MACEDON)
    assert "# MA-ANTIGONIS: ENGINE <area> <ship>.<area>[, ...]" in macedon


def test_nothing_to_order_when_over() -> None:
    state = at(default_state(parse_options({})), "legs", Phase(OVER))
    assert order_template(state, RHODES) == ()


def test_a_played_battle_template_is_accepted_in_every_phase() -> None:
    for state in battle_states("split", 11):
        if state.phase.kind == OVER:
            continue
        for side in state.sides:
            assert_accepted(state, side, order_template(state, side))
