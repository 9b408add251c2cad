"""echo.py through check.check_orders (rulings §20, §21): the exact echo of every kind of accepted
line, and a movement line's advisory path and plan places, worked by hand to 0.01".

The default battle "Off Mylae" (§18) at turn 1, every last band Cruise: R1, R2 quinqueremes at
(28, 8) and (40, 8) heading 0 (30 degree turns); R3 trireme at (52, 8) (45 degrees); C1 heptares
at (40, 40) heading 180; C2, C3 triremes at (28, 40) and (52, 40) heading 180. A step F<d>
moves the centre d along the heading (x += d sin h, y += d cos h, h clockwise from north); a turn
pivots about the centre (G17).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.interface import ACCEPTED, LineResult
from pbem.rules.speedband.check import check_orders
from pbem.rules.speedband.echo import band_range, line_echo
from pbem.rules.speedband.host import RULESET
from pbem.rules.speedband.orders import Transfer
from pbem.rules.speedband.shiptypes import ship_type
from pbem.rules.speedband.state import COMBAT, CORVUS, GameState, Phase

ADVISORY = "path as if no other ship moved; other ships move too"
OBSERVE = ("if rammed before it moves, it rolls to see the ram (50 + the distance - 10 per "
           "officer lost)")
DEFAULT_SIDE = "(by default: the side with fewer intact sections, ties port)"



def shown(line: LineResult) -> str:
    """The answer a player reads: the host puts the ship before each echo."""
    return f"{line.piece}: {line.echo}"

def start(**options: bool | str) -> GameState:
    return RULESET.start("default", options).value


def changed(state: GameState, ship_id: str, **changes: object) -> GameState:
    return state.with_ship(replace(state.require(ship_id), **changes))  # type: ignore[arg-type]


def echoed(state: GameState, side: str, text: str) -> LineResult:
    (line,) = check_orders(state, side, text).lines
    assert line.status == ACCEPTED, line.reason
    return line


def echo(state: GameState, side: str, text: str) -> str:
    return shown(echoed(state, side, text))


# --- movement: band, turns, the advisory path -------------------------------------------------


def test_a_straight_move_north():
    line = echoed(start(), "romans", "R2: SPEED 8")
    assert shown(line) == (f"R2: SPEED 8 => battle (SPEED 7.1-8 for R2), 0 of 1 turn; {ADVISORY}: "
                         "F8 to (40.00, 16.00); ends at (40.00, 16.00) heading 0")
    assert line.plan == ("(40, 8, 0)", "(40, 16, 0)")


def test_a_straight_move_on_a_slant():
    # heading 60: x 52 + 8 sin 60 = 58.928, y 8 + 8 cos 60 = 12
    line = echoed(changed(start(), "R3", heading=60), "romans", "R3: SPEED 8")
    assert shown(line) == (f"R3: SPEED 8 => cruise (SPEED 7.1-8 for R3), 0 of 2 turns; {ADVISORY}: "
                         "F8 to (58.93, 12.00); ends at (58.93, 12.00) heading 60")
    assert line.plan == ("(52, 8, 60)", "(58.93, 12, 60)")


def test_a_move_with_a_port_turn():
    # F3 to (28, 11); P15 to 345; F4: x 28 + 4 sin 345 = 26.965, y 11 + 4 cos 345 = 14.864
    line = echoed(start(), "romans", "R1: SPEED 7 F3 P15 F4")
    assert shown(line) == (
        f"R1: SPEED 7 F3 P15 F4 => cruise (SPEED 6.1-7 for R1), 1 of 2 turns; {ADVISORY}: F3 to "
        "(28.00, 11.00); P15 to heading 345; F4 to (26.96, 14.86); ends at (26.96, 14.86) "
        "heading 345")
    assert line.plan == ("(28, 8, 0)", "(28, 11, 0)", "(28, 11, 345)", "(26.96, 14.86, 345)")


def test_a_move_south_with_a_starboard_turn():
    # F2 to (52, 38); S20 to 200; F7: x 52 + 7 sin 200 = 49.606, y 38 + 7 cos 200 = 31.422
    assert echo(start(), "carthaginians", "C3: SPEED 9 F2 S20 F7") == (
        f"C3: SPEED 9 F2 S20 F7 => battle (SPEED 8.1-10 for C3), 1 of 1 turn; {ADVISORY}: F2 to "
        "(52.00, 38.00); S20 to heading 200; F7 to (49.61, 31.42); ends at (49.61, 31.42) heading "
        "200")


def test_a_turn_across_north_wraps_the_heading():
    # heading 350: F2 to (52 - 0.347, 8 + 1.970); S20 to 10; F6: +1.042, +5.909
    line = echoed(changed(start(), "R3", heading=350), "romans", "R3: SPEED 8 F2 S20 F6")
    assert line.echo.endswith(
        "F2 to (51.65, 9.97); S20 to heading 10; F6 to (52.69, 15.88); ends at (52.69, 15.88) "
        "heading 10")
    assert line.plan == ("(52, 8, 350)", "(51.65, 9.97, 350)", "(51.65, 9.97, 10)",
                         "(52.69, 15.88, 10)")


def test_two_turns_at_cruise():
    # F2 to (52, 10); S45; F3: +3 sin 45 = 2.121 each way, (54.121, 12.121); P45 back to 0; F3
    line = echoed(start(), "romans", "R3: SPEED 8 F2 S45 F3 P45 F3")
    assert shown(line) == (
        f"R3: SPEED 8 F2 S45 F3 P45 F3 => cruise (SPEED 7.1-8 for R3), 2 of 2 turns; {ADVISORY}: "
        "F2 to (52.00, 10.00); S45 to heading 45; F3 to (54.12, 12.12); P45 to heading 0; F3 to "
        "(54.12, 15.12); ends at (54.12, 15.12) heading 0")
    assert line.plan[-1] == "(54.12, 15.12, 0)"


def test_backing_and_turning_in_place():
    state = start()
    state = state.with_ships(replace(ship, last_band="stop", last_speed=0) for ship in state.ships)
    assert echo(state, "romans", "R3: BACK 2 B2 S10") == (
        f"R3: BACK 2 B2 S10 => back oars (BACK 0.1-2 for R3), 1 of 1 turn; {ADVISORY}: B2 to "
        "(52.00, 6.00); S10 to heading 10; ends at (52.00, 6.00) heading 10")
    assert echo(state, "romans", "R1: SPEED 0 P30 P30") == (
        f"R1: SPEED 0 P30 P30 => stop (SPEED 0 for R1), 2 of 3 turns; {ADVISORY}: P30 to heading "
        "330; P30 to heading 300; ends at (28.00, 8.00) heading 300")
    line = echoed(state, "romans", "R2: SPEED 0")
    assert shown(line) == (f"R2: SPEED 0 => stop (SPEED 0 for R2), 0 of 3 turns; {ADVISORY}: stays "
                         "at (40.00, 8.00) heading 0")
    assert line.plan == ("(40, 8, 0)",)


def test_the_aim_step_turns_towards_the_target_as_it_stands_now():
    state = start()
    # C2 after F3 at (28, 37); R3's centre (52, 8) bears 180 - atan(24/29) = 140.39: P40 (whole
    # degrees) to 140; F5: x 28 + 5 sin 140 = 31.214, y 37 + 5 cos 140 = 33.170
    assert echo(state, "carthaginians", "C2: SPEED 8 F3 A F5 RAM R3") == (
        f"C2: SPEED 8 F3 A F5 RAM R3 => cruise (SPEED 7.1-8 for C2), 1 of 2 turns; {ADVISORY}: "
        "F3 to (28.00, 37.00); A (now P40) to heading 140; F5 to (31.21, 33.17); ends at "
        "(31.21, 33.17) heading 140; rams R3 if its bow meets R3 on an F step; if the ram fails "
        f"and R3 shears, the port oars are sheared {DEFAULT_SIDE}")
    # R1 after F3 at (28, 11): C3 bears 39.61, beyond R1's 30: S30; F4 to (30, 14.464)
    line = echoed(state, "romans", "R1: SPEED 7 F3 A F4 RAM C3")
    assert "A (now S30) to heading 30; F4 to (30.00, 14.46); ends at (30.00, 14.46)" in line.echo
    assert line.plan == ("(28, 8, 0)", "(28, 11, 0)", "(28, 11, 30)",
                         "(30, 14.46, 30) ram C3 side port")
    # C1 dead ahead of R2: no turn now
    assert "F3 to (40.00, 11.00); A (no turn now) at heading 0; F4 to (40.00, 15.00)" in echo(
        state, "romans", "R2: SPEED 7 F3 A F4 RAM C1")


def test_the_shear_side_named_or_the_side_with_fewer_intact_sections():
    named = echoed(start(), "carthaginians", "C2: SPEED 10 RAM R3 STBD")
    assert shown(named) == (
        f"C2: SPEED 10 RAM R3 STARBOARD => battle (SPEED 8.1-10 for C2), 0 of 1 turn; {ADVISORY}: "
        "F10 to (28.00, 30.00); ends at (28.00, 30.00) heading 180; rams R3 if its bow meets R3 "
        "on an F step; if the ram fails and R3 shears, the starboard oars are sheared (as named) "
        "[extras: STBD for STARBOARD]")
    assert named.plan[-1] == "(28, 30, 180) ram R3 side starboard"
    # section 2 (starboard) lost: starboard has fewer intact sections
    state = changed(start(), "C2", rowers=(2, 0, 2, 2, 2, 2, 2, 2))
    assert echo(state, "carthaginians", "C2: SPEED 8 RAM R3").endswith(
        f"the starboard oars are sheared {DEFAULT_SIDE}")
    # section 1 (port) lost: port
    state = changed(start(), "C2", rowers=(0, 2, 2, 2, 2, 2, 2, 2))
    assert echoed(state, "carthaginians", "C2: SPEED 8 RAM R3").plan[-1] == (
        "(28, 32, 180) ram R3 side port")


def test_a_ship_moving_as_another_row_says_so():
    state = changed(start(opt_crew_quality=True), "R3", crew="poor")
    assert echo(state, "romans", "R3: SPEED 7") == (
        "R3: SPEED 7 => cruise (SPEED 6.1-7 for R3 (moving as a quadreme, §16)), 0 of 2 turns; "
        f"{ADVISORY}: F7 to (52.00, 15.00); ends at (52.00, 15.00) heading 0")


def test_an_echo_pasted_back_reads_as_its_line():
    first = echoed(start(), "romans", "R1: SPEED 7 F3 P15 F4")
    again = echoed(start(), "romans", shown(first))
    assert (again.order, again.echo) == (first.order, first.echo)


@pytest.mark.parametrize(("type_name", "ranges"), [
    ("trireme", ("BACK 0.1-2", "SPEED 0", "SPEED 0.1-7", "SPEED 7.1-8", "SPEED 8.1-10",
                 "SPEED 10.1-11")),
    ("heptares", ("BACK 0.1-1", "SPEED 0", "SPEED 0.1-5", "SPEED 5.1-6", "SPEED 6.1-7",
                  "SPEED 7.1-8")),
])
def test_band_ranges_as_lines_write_them(type_name, ranges):
    row = ship_type(type_name)
    bands = ("back", "stop", "slow", "cruise", "battle", "ram")
    assert tuple(band_range(row, band) for band in bands) == ranges


# --- reactions (§8) ---------------------------------------------------------------------------


def test_react_echoes():
    state = start()
    assert echo(state, "carthaginians", "C3: REACT IGNORE") == (
        "C3: REACT IGNORE => if rammed before it moves, it holds its course and waits for its own "
        "move")
    assert echo(state, "carthaginians", "C3: REACT SHEAR") == (
        "C3: REACT SHEAR => if rammed before it moves (not from astern) and the ram fails, it "
        "shears the rammer's oars; it keeps its own move")
    sheet = check_orders(state, "carthaginians", "C2: SPEED 9\nC2: REACT AVOID\nC3: REACT AVOID")
    assert [shown(line) for line in sheet.lines[1:]] == [
        f"C2: REACT AVOID => {OBSERVE}; seeing it, it first moves its movement line's path",
        f"C3: REACT AVOID => {OBSERVE}; seeing it, it first moves the path of its missing-orders "
        "default (SPEED 8, no turns)"]


def test_an_avoid_path_is_plotted_from_where_the_ship_stands():
    # C3's default SPEED 8 (turn 1, top of cruise); F2 to (52, 38); P45 to 135; F6: +-4.243
    assert echo(start(), "carthaginians", "C3: REACT AVOID F2 P45 F6") == (
        f"C3: REACT AVOID F2 P45 F6 => {OBSERVE}; seeing it, it moves this path first, checked "
        "against SPEED 8 (its missing-orders default): F2 to (52.00, 38.00); P45 to heading 135; "
        "F6 to (56.24, 33.76); ends at (56.24, 33.76) heading 135 (as if no other ship moved; "
        "other ships move too)")
    sheet = check_orders(start(), "carthaginians", "C3: SPEED 7\nC3: REACT AVOID F3 P45 F4")
    assert shown(sheet.lines[1]).startswith(
        f"C3: REACT AVOID F3 P45 F4 => {OBSERVE}; seeing it, it moves this path first, checked "
        "against SPEED 7 (its movement line): F3 to (52.00, 37.00); P45 to heading 135")


# --- the other round-1 lines ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "words"), [
    ("R2: GRAPPLE C1, C2", "tries to grapple C1, C2 the first moment each is within 1\" this "
                           "turn (a d10 above twice the speed difference)"),
    ("R2: GRAPPLE ANY", "tries to grapple any enemy ship the first moment each is within 1\" "
                        "this turn (a d10 above twice the speed difference)"),
    ("R1: CORVUS C1, C2", "at the end of movement drops its corvus on the first of C1, C2 that "
                          "is at a dead stop within 1\" of its bow point and not across its stern"),
    ("R1: CUT ENEMY", "standing until changed: cuts lines thrown by the enemy"),
    ("R1: CUT ALL", "standing until changed: cuts every line, its own too"),
    ("R1: CUT NONE", "standing until changed: cuts no line"),
])
def test_round_one_line_echoes(text, words):
    assert echo(start(), "romans", text) == f"{text} => {words}"


def test_extras_are_named_after_the_echo():
    assert echo(start(), "romans", "R2 GRAPPLE C1 C2") == (
        "R2: GRAPPLE C1, C2 => tries to grapple C1, C2 the first moment each is within 1\" this "
        "turn (a d10 above twice the speed difference) [extras: the id without its colon; a list "
        "separated by spaces]")


# --- round 2 ----------------------------------------------------------------------------------


def fight(**options: bool | str) -> GameState:
    """R3's bow (y 10) 2" from C3's (y 12): short range; R1's bow (10.5) 7.5" from C2's (18)."""
    state = replace(start(**options), phase=Phase(COMBAT, 1))
    return changed(changed(state, "C3", y=14.0), "C2", y=20.0)


def test_fire_echoes_give_range_band_distance_and_chance():
    state = fight()
    assert echo(state, "romans", "R3: ARCHERS 2 C3 SOLDIERS") == (
        "R3: ARCHERS 2 C3 SOLDIERS => 2 at C3, short range (2.00\"): SOLDIERS hit on 35 or less; "
        "one d100 a factor")
    assert echo(state, "romans", "R1: ARCHERS 3 C2") == (
        "R1: ARCHERS 3 C2 => 3 at C2, long range (7.50\"): 20% a roll, the type by the roll; one "
        "d100 a factor")
    assert echo(state, "romans", "R1: BALLISTA 1 C2 SOLDIERS") == (
        "R1: BALLISTA 1 C2 SOLDIERS => 1 at C2, medium range (7.50\"): SOLDIERS hit on 30 or less; "
        "one d100 a ballista")
    assert echo(state, "romans", "R3: ARCHERS 1 C3 OFFICERS, 1 C3 ROWERS") == (
        "R3: ARCHERS 1 C3 OFFICERS, 1 C3 ROWERS => 1 at C3, short range (2.00\"): OFFICERS hit on "
        "15 or less; 1 at C3, short range (2.00\"): ROWERS hit on 50 or less; one d100 a factor")
    assert echo(fight(opt_missile_speed=True), "romans", "R3: ARCHERS 2 C3 ARCHERS") == (
        "R3: ARCHERS 2 C3 ARCHERS => 2 at C3, short range (2.00\"): ARCHERS hit on 35 or less, "
        "less the target's speed (opt_missile_speed); one d100 a factor")


def test_standing_round_two_line_echoes():
    state = changed(fight().with_link("R1", "C2", CORVUS), "R1", corvus_holds="C2")
    assert echo(state, "romans", "R1: MELEE C2") == (
        "R1: MELEE C2 => standing: fights C2 each turn while the two stay locked, until MELEE OFF")
    assert echo(state, "romans", "R1: MELEE OFF") == (
        "R1: MELEE OFF => standing until changed: asks for no melee")
    assert echo(state, "romans", "R1: LOSSES OFFICERS SOLDIERS ARCHERS") == (
        "R1: LOSSES OFFICERS SOLDIERS ARCHERS => standing until changed: melee losses come from "
        "OFFICERS, then SOLDIERS, then ARCHERS")
    assert echo(state, "romans", "R1: RAISE") == (
        "R1: RAISE => standing: works to raise its corvus from C2 (three turns without "
        "interruption)")
    assert echo(state, "romans", "R1: RAISE OFF") == "R1: RAISE OFF => standing: stops the raise work"
    assert echo(state, "carthaginians", "C2: BREAK R1") == (
        "C2: BREAK R1 => standing: works to break R1's corvus (three turns without interruption)")


def test_transfer_echo():
    state = fight(opt_transfer=True)
    order = Transfer(2, "soldiers", "R2")
    assert line_echo(state, state.require("R1"), order) == (
        "2 SOLDIERS cross to R2 at the end of the turn, before morale, if neither ship fights a "
        "melee this turn")


# --- the free set-up (§18) --------------------------------------------------------------------


def test_a_placement_echo_and_its_place():
    line = echoed(start(setup="free"), "carthaginians", "C2: 28 44.5 180")
    assert shown(line) == "C2: 28 44.5 180 => centre (28, 44.5), heading 180"
    assert line.plan == ("(28, 44.5, 180)",)
