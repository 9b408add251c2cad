"""The default scenario of rulings §18 and its free set-up."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.scenario import (
    default_state,
    next_setup_phase,
    placement_problem,
    settle_setup,
)
from pbem.rules.speedband.state import Phase
from pbem.rules.speedband.switches import parse_options
from pbem.rules.table import footprint_distance, overlaps

# §18 by hand: id, name, type, centre, heading, corvus, tower, soldier value (tenths).
RULINGS_SHIPS = [
    ("R1", "Ultor", "quinquereme", 28, 8, 0, True, True, 7, "romans"),
    ("R2", "Victoria", "quinquereme", 40, 8, 0, True, True, 7, "romans"),
    ("R3", "Aquila", "trireme", 52, 8, 0, False, False, 7, "romans"),
    ("C1", "Melqart", "heptares", 40, 40, 180, False, True, 6, "carthaginians"),
    ("C2", "Tanit", "trireme", 28, 40, 180, False, False, 6, "carthaginians"),
    ("C3", "Eshmun", "trireme", 52, 40, 180, False, False, 6, "carthaginians"),
]


def test_the_default_ships_are_section_18s_table() -> None:
    state = default_state(parse_options({}))
    assert [(s.id, s.name, s.type, s.x, s.y, s.heading, s.corvus, s.tower, s.soldier_value,
             s.side) for s in state.ships] == RULINGS_SHIPS
    assert all(s.hull == 100 and s.last_band == "cruise" and s.crew == "standard"
               and not s.changed_last_turn for s in state.ships)
    assert state.phase == Phase("orders", 1)
    assert [p.id for p in state.players] == ["romans", "carthaginians"]
    assert state.title == "Off Mylae"


def test_both_sides_have_250_tons_and_no_ram_is_possible_on_turn_1() -> None:
    state = default_state(parse_options({}))
    tons = {side: sum(s.row.tons for s in state.ships if s.side == side) for side in state.sides}
    assert tons == {"romans": 250, "carthaginians": 250}
    romans = [s for s in state.ships if s.side == "romans"]
    carthaginians = [s for s in state.ships if s.side == "carthaginians"]
    closest = min(footprint_distance(r.polygon, c.polygon, state.epsilon)
                  for r in romans for c in carthaginians)
    assert closest > 2 * 11  # two triremes at full Ram speed cannot meet on turn 1
    assert closest == pytest.approx(26.75)  # §18: the bows start 26.75-28" apart


def test_free_setup_opens_with_the_carthaginians_then_the_romans() -> None:
    state = default_state(parse_options({"setup": "free"}))
    assert state.phase.key == "setup-carthaginians"
    state = state.__class__(state.ships, state.players, state.options,
                            phase=next_setup_phase(state))
    assert state.phase.key == "setup-romans"
    assert next_setup_phase(state) == Phase("orders", 1)


def test_placement_refusals_are_sentences() -> None:
    state = default_state(parse_options({"setup": "free"}))
    tanit = state.require("C2")
    assert placement_problem(state, tanit, 28, 44, 180) is None  # corners at y 42-46
    assert placement_problem(state, tanit, 28, 40.5, 90) is None  # 4" long lying east-west
    # §21's own example `C2: 28 41.5 180` puts the stern corners at y 39.5: outside the zone.
    assert placement_problem(state, tanit, 28, 41.5, 180) is not None
    assert placement_problem(state, tanit, 28, 39, 180) == (
        'C2 must lie with every corner within 8" of the north edge (y 40 to 48)')
    assert placement_problem(state, tanit, 28, 47, 180) == (
        "C2 at (28, 47) heading 180 would lie off the table")
    assert placement_problem(state, tanit, 40.5, 42, 180) == "C2 would overlap C1"
    aquila = state.require("R3")
    assert placement_problem(state, aquila, 52, 6.1, 0) == (
        'R3 must lie with every corner within 8" of the south edge (y 0 to 8)')


def test_settling_a_setup_falls_back_to_the_table_positions() -> None:
    state = default_state(parse_options({"setup": "free"}))
    settled = settle_setup(state, "carthaginians", {
        "C2": (10, 44, 180),      # legal
        "C3": (60, 30, 180),      # outside the zone: table position
        "R1": (20, 44, 180),      # not this side's: ignored
    })
    assert (settled.require("C2").x, settled.require("C2").y) == (10, 44)
    assert (settled.require("C3").x, settled.require("C3").y) == (52, 40)
    assert (settled.require("C1").x, settled.require("C1").y) == (40, 40)  # unplaced
    assert (settled.require("R1").x, settled.require("R1").y) == (28, 8)


def test_a_placed_ship_on_an_unplaced_ships_table_position_goes_back_too() -> None:
    state = default_state(parse_options({"setup": "free"}))
    # C2 placed on C1's table position; C1 is never placed, so C2 returns to its own.
    settled = settle_setup(state, "carthaginians", {"C2": (40, 44, 180)})
    assert (settled.require("C2").x, settled.require("C2").y) == (28, 40)
    # C2 on C1's place is fine when C1 moves away.
    settled = settle_setup(state, "carthaginians", {"C2": (40, 44, 180), "C1": (10, 44, 180)})
    assert (settled.require("C2").x, settled.require("C1").x) == (40, 10)
    ships = settled.ships
    assert not any(overlaps(a.polygon, b.polygon, settled.epsilon)
                   for i, a in enumerate(ships) for b in ships[i + 1:])
