"""The order template of the open phase (rulings §3, §4, §12.1, §13.1, §18)."""

from dataclasses import replace

from pbem.rules.speedband.scenario import default_state
from pbem.rules.speedband.state import COMBAT, FLEEING, SETUP, SURRENDERED, Phase
from pbem.rules.speedband.switches import parse_options


def _state(**options):
    return default_state(parse_options(options))


def _template(state, side):
    from pbem.rules.speedband.template import order_template

    return order_template(state, side)


def test_round_one_names_each_ships_bands_and_turns():
    lines = _template(_state(), "romans")
    r3 = next(line for line in lines if line.startswith("# R3 ("))
    # A trireme from Cruise may write Slow, Cruise or Battle (§3.2): 7", 8", 10" tops (§2.1).
    assert "SPEED up to 7 (slow, 3 turns)" in r3 and "SPEED up to 10 (battle, 1 turn)" in r3
    assert "ram" not in r3.split(":")[1].split(";")[-2]
    assert "45 degrees" in r3
    assert any(line.startswith("# R1: CORVUS") for line in lines)  # R1 carries a corvus (§18)
    assert not any(line.startswith("# R3: CORVUS") for line in lines)
    assert all(line.startswith("#") for line in lines)
    assert not any(line.startswith("# C") for line in lines)


def test_fleeing_ships_and_prizes_take_no_orders():
    state = _state()
    state = state.with_ship(replace(state.require("R1"), status=FLEEING, flight_heading=180))
    state = state.with_ship(replace(state.require("R2"), status=SURRENDERED,
                                    controller="carthaginians"))
    lines = _template(state, "romans")
    assert "# R1 is fleeing: the judge writes its orders (it takes none)." in lines
    assert not any(line.startswith("# R2") for line in lines)
    assert any("R2 is a prize" in line for line in _template(state, "carthaginians"))


def test_round_two_lists_enemies_within_long_range_only():
    state = replace(_state(), phase=Phase(COMBAT, 1))
    far = _template(state, "romans")
    # 27.5" apart at the start: nobody within 10" or 16".
    assert not any(": ARCHERS " in line or ": BALLISTA " in line for line in far)
    # C2 moved to 5" (footprint) from R1's bow: archers (long 10") and ballistae (16") reach.
    r1 = state.require("R1")
    state = state.with_ship(replace(state.require("C2"), x=r1.x, y=r1.y + 12.5))
    near = _template(state, "romans")
    assert any(line.startswith("# R1: ARCHERS") and "C2" in line for line in near)
    assert any(line.startswith("# R1: LOSSES ARCHERS SOLDIERS OFFICERS") for line in near)


def test_set_up_template_only_for_the_side_placing():
    state = replace(_state(setup="free"), phase=Phase(SETUP, 0, "carthaginians"))
    lines = _template(state, "carthaginians")
    assert lines[0].startswith("# Free set-up") and "north edge (y 40 to 48)" in lines[0]
    assert "# C1: 40 40 180    (heptares)" in lines
    assert _template(state, "romans") == ()


def test_round_two_offers_melee_to_a_pair_locked_by_contact_after_last_turns_melee():
    # §13.1: in contact (within c) and fought each other last turn is a lock too.
    state = replace(_state(), phase=Phase(COMBAT, 2))
    r3 = state.require("R3")
    state = state.with_ship(replace(state.require("C3"), x=r3.x + 1.0, y=r3.y, heading=0))
    state = replace(state, fought_last_turn=(("R3", "C3"),))
    assert any(line.startswith("# R3: MELEE C3") for line in _template(state, "romans"))
    apart = replace(state, fought_last_turn=())
    assert not any(": MELEE " in line for line in _template(apart, "romans"))
