"""check.py with checkmove.py and checkcombat.py (rulings §20, §21, §3, §12, §13): which lines are
refused, with their line number, ship, reason and what would be accepted; which are accepted;
second lines; lines of the other round; standing lines in either round; the gathering of
accepted lines over several submissions.

Every state is the default battle "Off Mylae" (§18) at turn 1, round 1, changed only as far as a
point needs: R1, R2 quinqueremes (6/7/8/9, back 2, 30 degrees) at (28, 8) and (40, 8) heading 0;
R3 trireme (7/8/10/11, back 2, 45 degrees) at (52, 8); C1 heptares (5/6/7/8, back 1, heavy) at
(40, 40) heading 180; C2, C3 triremes at (28, 40) and (52, 40); every last band Cruise.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import SeededDice
from pbem.rules.errors import IllegalOrderError, NotCommandedError
from pbem.rules.interface import ACCEPTED, REFUSED, LineResult
from pbem.rules.speedband.check import accepted_orders, check_orders, movement_orders
from pbem.rules.speedband.host import RULESET
from pbem.rules.speedband.orders import Movement
from pbem.rules.speedband.state import (
    CAPTURED,
    COMBAT,
    CORVUS,
    FLEEING,
    LINE,
    OVER,
    SUNK,
    GameState,
    Phase,
)

ROUND_ONE_LINES = ("<ID>: SPEED <s> [steps] [RAM <t> [PORT|STARBOARD]], <ID>: BACK <s> [steps] "
                   "(steps F<d> B<d> P<a> S<a> A), REACT IGNORE|SHEAR|AVOID [steps], GRAPPLE <t>, "
                   "<t> | ANY, CORVUS <t>, <t>, CUT ENEMY|ALL|NONE; and the standing lines "
                   "MELEE <t> | OFF, LOSSES <type> <type> <type>, RAISE [OFF], BREAK <t> | OFF")
R1_BANDS = "for R1 this turn: slow (SPEED 0.1-6) or cruise (SPEED 6.1-7) or battle (SPEED 7.1-8)."
R3_BANDS = "for R3 this turn: slow (SPEED 0.1-7) or cruise (SPEED 7.1-8) or battle (SPEED 8.1-10)."
RUN = 'each after 2" of straight movement since the start or the last turn'


def start() -> GameState:
    return RULESET.start("default", {}).value


def changed(state: GameState, ship_id: str, **changes: object) -> GameState:
    return state.with_ship(replace(state.require(ship_id), **changes))  # type: ignore[arg-type]


def stopped(state: GameState) -> GameState:
    return state.with_ships(replace(ship, last_band="stop", last_speed=0) for ship in state.ships)


def combat(state: GameState) -> GameState:
    return replace(state, phase=Phase(COMBAT, 1))


def lines(state: GameState, side: str, text: str,
          commands: frozenset[str] | None = None) -> tuple[LineResult, ...]:
    return check_orders(state, side, text, commands).lines


def one(state: GameState, side: str, text: str) -> LineResult:
    (line,) = lines(state, side, text)
    return line


def refused(state: GameState, side: str, text: str) -> str:
    line = one(state, side, text)
    assert line.status == REFUSED, line.echo
    return line.reason


def accepted(state: GameState, side: str, text: str) -> bool:
    line = one(state, side, text)
    return line.status == ACCEPTED


# --- a refusal: line, ship, reason, what is accepted (§20) ------------------------------------


def test_a_refusal_names_its_line_and_ship_says_why_and_what_is_accepted():
    sheet = lines(start(), "romans", "R2: SPEED 8\n\n# R1 tries the ram band\nR1: SPEED 9\nR3: SPEED 8\n")
    assert [(line.line_no, line.piece, line.status) for line in sheet] == [
        (1, "R2", ACCEPTED), (4, "R1", REFUSED), (5, "R3", ACCEPTED)]
    line = sheet[1]
    assert isinstance(line.error, IllegalOrderError)
    assert (line.error.line_no, line.error.galley, line.text) == (4, "R1", "R1: SPEED 9")
    assert line.error.accepted == R1_BANDS
    assert line.reason == (
        "line 4 (R1): ram (SPEED 9) is 2 bands from last turn's cruise: a ship changes at most "
        f"one band a turn (§3.2). Accepted: {R1_BANDS}")
    assert line.order is None and line.echo == ""


# --- speed and band (§3.1, §3.2, §2.3) --------------------------------------------------------


@pytest.mark.parametrize(("last", "text", "ok"), [
    ("cruise", "R1: SPEED 8", True),      # battle, one up
    ("cruise", "R1: SPEED 8.1", False),   # ram, two up: 8.1 is past the battle maximum
    ("cruise", "R1: SPEED 6", True),      # slow, one down
    ("cruise", "R1: SPEED 0", False),     # stop, two down
    ("cruise", "R1: BACK 1", False),      # back oars, three down
    ("stop", "R1: BACK 2", True),
    ("stop", "R1: SPEED 6", True),
    ("stop", "R1: SPEED 6.1", False),     # cruise, two up
    ("back", "R1: SPEED 0", True),
    ("back", "R1: SPEED 0.1", False),     # slow, two up
])
def test_a_band_may_move_one_step_from_last_turns(last, text, ok):
    assert accepted(changed(start(), "R1", last_band=last), "romans", text) is ok


def test_a_band_change_beyond_one_step_says_how_far_and_which_bands_are_open():
    state = changed(start(), "R1", last_band="stop", last_speed=0)
    assert refused(state, "romans", "R1: SPEED 6.1") == (
        "line 1 (R1): cruise (SPEED 6.1) is 2 bands from last turn's stop: a ship changes at most "
        "one band a turn (§3.2). Accepted: for R1 this turn: back oars (BACK 0.1-2) or stop "
        "(SPEED 0) or slow (SPEED 0.1-6).")


def test_a_heavy_ship_that_changed_band_last_turn_keeps_it():
    state = changed(start(), "C1", last_band="battle", last_speed=70, changed_last_turn=True)
    assert refused(state, "carthaginians", "C1: SPEED 6") == (
        "line 1 (C1): C1 is a heptares, a heavy ship, and changed band last turn: it changes band "
        "only every other turn, so it keeps battle now, not cruise (SPEED 6). Accepted: for C1 "
        "this turn: battle (SPEED 6.1-7).")
    assert accepted(state, "carthaginians", "C1: SPEED 7")
    assert accepted(changed(state, "C1", changed_last_turn=False), "carthaginians", "C1: SPEED 6")
    # a trireme is not heavy: the same history does not bind it
    assert accepted(changed(start(), "C2", last_band="battle", changed_last_turn=True),
                    "carthaginians", "C2: SPEED 8")


def test_a_band_above_the_maximum_band_is_refused():
    # two sections lost and hull 70: max band = ram - 1 - 1 = cruise (§2.3)
    state = changed(start(), "R1", rowers=(0, 0, 4, 4, 4, 4, 4, 4), hull=70)
    assert state.require("R1").max_band == "cruise"
    assert refused(state, "romans", "R1: SPEED 7.1") == (
        "line 1 (R1): battle (SPEED 7.1) is above R1's maximum band of cruise this turn (§2.3: 2 "
        "oar sections lost, hull 70%). Accepted: for R1 this turn: slow (SPEED 0.1-6) or cruise "
        "(SPEED 6.1-7).")
    assert accepted(state, "romans", "R1: SPEED 7")
    # from battle, cruise is in reach: battle is above the maximum, not a forced slowing
    assert refused(changed(state, "R1", last_band="battle"), "romans", "R1: SPEED 8").startswith(
        "line 1 (R1): battle (SPEED 8) is above R1's maximum band of cruise this turn")


def test_forced_slowing_must_write_exactly_the_maximum_band():
    # six sections lost: max band slow, two below last turn's battle (§3.2 forced slowing)
    state = changed(start(), "R3", last_band="battle", rowers=(0, 0, 0, 0, 0, 0, 2, 2))
    assert refused(state, "romans", "R3: SPEED 8") == (
        "line 1 (R3): R3's maximum band is slow this turn (§2.3), below every band it may reach "
        "from battle, so it must write exactly slow, not cruise (SPEED 8). Accepted: for R3 this "
        "turn: slow (SPEED 0.1-7).")
    assert accepted(state, "romans", "R3: SPEED 7")
    assert not accepted(state, "romans", "R3: SPEED 0")


def test_a_speed_above_the_types_maximum_is_refused():
    assert refused(start(), "romans", "R3: SPEED 11.1") == (
        f"line 1 (R3): SPEED 11.1 is above R3's ram maximum of 11\". Accepted: {R3_BANDS}")
    state = changed(start(), "R3", last_band="stop")
    assert refused(state, "romans", "R3: BACK 2.1").startswith(
        "line 1 (R3): BACK 2.1 is above R3's back oars maximum of 2\". Accepted: for R3 this "
        "turn: back oars (BACK 0.1-2) or stop (SPEED 0) or slow (SPEED 0.1-7).")
    assert accepted(state, "romans", "R3: BACK 2")


def test_a_ship_with_every_section_lost_writes_speed_zero_without_turns():
    state = changed(stopped(start()), "R1", rowers=(0,) * 8)
    assert refused(state, "romans", "R1: SPEED 1") == (
        "line 1 (R1): R1 has lost all eight oar sections and may only write SPEED 0. Accepted: "
        "for R1: SPEED 0 with no turns.")
    assert refused(state, "romans", "R1: SPEED 0 P10") == (
        "line 1 (R1): R1 has lost all eight oar sections and cannot turn. Accepted: for R1: "
        "SPEED 0 with no steps (all eight oar sections are lost).")
    assert accepted(state, "romans", "R1: SPEED 0")


def test_a_fast_trireme_changes_two_bands_but_not_through_stop():
    state = RULESET.start("default", {"opt_fast_triremes": True}).value
    assert accepted(state, "romans", "R3: SPEED 11")   # cruise to ram
    assert accepted(state, "romans", "R3: SPEED 0")    # cruise to stop
    assert not accepted(state, "romans", "R1: SPEED 9")  # a quinquereme: one band
    slow = changed(state, "R3", last_band="slow")
    assert refused(slow, "romans", "R3: BACK 2").startswith(
        "line 1 (R3): a fast trireme goes between back oars and a forward band only after a turn "
        "at stop: from slow it may not write back oars (BACK 2).")
    assert refused(state, "romans", "R3: BACK 2").startswith(
        "line 1 (R3): back oars (BACK 2) is 3 bands from last turn's cruise: a fast trireme "
        "changes at most two bands a turn, every other ship one band (§3.2).")
    # three sections lost: five intact, no longer fast (§16)
    worn = changed(state, "R3", rowers=(0, 0, 0, 2, 2, 2, 2, 2))
    assert not accepted(worn, "romans", "R3: SPEED 11")


# --- the path (§3.3) --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "ok"), [
    ("R3: SPEED 9.5 F2 S45 F7.5", True),
    ("R3: SPEED 9.5 F2 S46 F7.5", False),
    ("R1: SPEED 7 F3 P30 F4", True),
    ("R1: SPEED 7 F3 P31 F4", False),
    ("C1: SPEED 6 F3 S30 F3", True),
    ("C1: SPEED 6 F3 S31 F3", False),
])
def test_a_turn_may_not_pass_the_types_turn_angle(text, ok):
    side = "romans" if text.startswith("R") else "carthaginians"
    assert accepted(start(), side, text) is ok


def test_a_turn_beyond_the_turn_angle_names_the_turn_and_the_angle():
    assert refused(start(), "romans", "R3: SPEED 9.5 F2 S46 F7.5") == (
        "line 1 (R3): the turn S46 is outside 1 to 45 degrees: 45 is a trireme's turn angle. "
        "Accepted: at battle (SPEED 9.5) F steps totalling 9.5\" exactly and at most 1 turn P<a> "
        f"or S<a> of 1 to 45 degrees, {RUN}; A only with a RAM clause.")
    # the turn named is the one past the angle, not the first turn of the path
    assert refused(start(), "romans", "R3: SPEED 8 F2 S45 F2 P46 F4").startswith(
        "line 1 (R3): the turn P46 is outside 1 to 45 degrees")
    assert refused(stopped(start()), "romans", "R3: SPEED 0 P0").startswith(
        "line 1 (R3): the turn P0 is outside 1 to 45 degrees")


@pytest.mark.parametrize(("text", "ok"), [
    ("R3: SPEED 9 F2 S30 F7", True),
    ("R3: SPEED 9 F1.9 S30 F7.1", False),
    ("R3: SPEED 8 F2 S10 F2 S10 F4", True),       # cruise: two turns, 2" before each
    ("R3: SPEED 8 F2 S10 F1.9 S10 F4.1", False),  # the run restarts at each turn
    ("R3: SPEED 8 F8 S10", True),                 # a turn after the last straight step
    ("R3: SPEED 8 S10 F8", False),                # no run at the start
])
def test_each_turn_needs_two_inches_of_straight_run(text, ok):
    assert accepted(start(), "romans", text) is ok


def test_a_short_straight_run_says_how_long_it_was():
    assert refused(start(), "romans", "R3: SPEED 9 F1.9 S30 F7.1") == (
        "line 1 (R3): the turn S30 comes after 1.9\" of straight movement: each turn needs at "
        "least 2\" since the start or the last turn. Accepted: at battle (SPEED 9) F steps "
        f"totalling 9\" exactly and at most 1 turn P<a> or S<a> of 1 to 45 degrees, {RUN}; A only "
        "with a RAM clause.")


@pytest.mark.parametrize(("last", "text", "ok"), [
    ("battle", "R3: SPEED 9 F2 S10 F7", True),             # battle 1
    ("battle", "R3: SPEED 9 F2 S10 F2 S10 F5", False),
    ("battle", "R3: SPEED 11 F2 S10 F9", False),           # ram 0
    ("cruise", "R3: SPEED 6 F2 S10 F2 P10 F2 S10", True),  # slow 3
    ("cruise", "R3: SPEED 6 F2 S1 F2 S1 F2 S1 S1", False),
    ("stop", "R3: SPEED 0 P45 P45 P45", True),             # stop 3, no run in place
    ("stop", "R3: SPEED 0 P45 P45 P45 P45", False),
    ("stop", "R3: BACK 2 B2 S10", True),                   # back oars 1
    ("stop", "R3: BACK 2 B2 S10 P10", False),
])
def test_the_band_sets_the_number_of_turns(last, text, ok):
    assert accepted(changed(start(), "R3", last_band=last), "romans", text) is ok


def test_too_many_turns_counts_them():
    state = changed(start(), "R3", last_band="battle")
    assert refused(state, "romans", "R3: SPEED 9 F2 S10 F2 S10 F5").startswith(
        "line 1 (R3): the path has 2 turns, more turns than battle allows (1). Accepted: at "
        "battle (SPEED 9) F steps totalling 9\" exactly and at most 1 turn")
    assert refused(state, "romans", "R3: SPEED 11 F2 S10 F9").startswith(
        "line 1 (R3): the path has 1 turn, more turns than ram allows (0).")
    assert refused(changed(start(), "R3", last_band="stop"), "romans",
                   "R3: SPEED 0 P1 P1 P1 P1") == (
        "line 1 (R3): the path has 4 turns, more turns than stop allows (3). Accepted: at stop "
        "(SPEED 0) no F or B steps and at most 3 turns P<a> or S<a> of 1 to 45 degrees, turned "
        "in place.")


def test_the_straight_steps_total_the_speed_and_match_its_direction():
    assert refused(start(), "romans", "R3: SPEED 9 F2 S30 F6").startswith(
        "line 1 (R3): the straight steps total 8\" but the written speed is 9\": they must total "
        "it exactly. Accepted:")
    state = stopped(start())
    assert refused(state, "romans", "R3: BACK 2 F2") == (
        "line 1 (R3): a BACK path has only B steps, not F2. Accepted: at back oars (BACK 2) B "
        f"steps totalling 2\" exactly and at most 1 turn P<a> or S<a> of 1 to 45 degrees, {RUN}.")
    assert refused(state, "romans", "R2: SPEED 0 F1").startswith(
        "line 1 (R2): at SPEED 0 a ship only turns in place: no F or B steps.")
    assert accepted(start(), "romans", "R3: SPEED 8 F3 F5")  # a split step is one run


def test_the_aim_step_needs_a_ram_and_a_ram_needs_a_forward_speed():
    assert refused(start(), "romans", "R3: SPEED 9 F2 A F7").startswith(
        "line 1 (R3): the aim step A turns towards a ram target: it needs a RAM clause.")
    assert accepted(start(), "romans", "R3: SPEED 9 F2 A F7 RAM C3")
    assert refused(stopped(start()), "romans", "R2: SPEED 0 RAM C1") == (
        "line 1 (R2): a RAM needs a forward speed above 0 (§7.1): SPEED 0 cannot ram. Accepted: "
        "SPEED <s> [steps] RAM <t> with s above 0, or the line without RAM.")
    assert "a BACK line takes no RAM" in refused(stopped(start()), "romans", "R1: BACK 2 RAM C1")


# --- targets: an enemy afloat or fleeing (§20) ------------------------------------------------

TARGETS = "an enemy ship (by controller) that is afloat or fleeing"


def test_ram_grapple_and_corvus_name_an_enemy_afloat_or_fleeing():
    state = changed(changed(start(), "C2", status=SUNK), "C3", status=FLEEING, flight_heading=0)
    assert refused(state, "romans", "R3: SPEED 8 RAM R1") == (
        f"line 1 (R3): R1 is a friend, not an enemy: RAM names {TARGETS}. Accepted: RAM naming "
        f"{TARGETS}.")
    assert refused(state, "romans", "R3: SPEED 8 RAM R3").startswith(
        "line 1 (R3): R3 cannot RAM itself")
    assert refused(state, "romans", "R3: SPEED 8 RAM X9").startswith(
        "line 1 (R3): there is no ship X9 in this game: RAM names")
    assert refused(state, "romans", "R2: GRAPPLE C1, C2").startswith(
        f"line 1 (R2): C2 is sunk: GRAPPLE names {TARGETS}.")
    assert accepted(state, "romans", "R2: GRAPPLE C1, C3")  # a fleeing ship may be grappled
    assert accepted(state, "romans", "R1: CORVUS C1")


def test_a_ship_without_a_corvus_takes_no_corvus_line():
    assert refused(start(), "romans", "R3: CORVUS C2") == (
        "line 1 (R3): R3 carries no corvus, so it takes no CORVUS line. Accepted: CORVUS lines "
        "for ships with a corvus.")


# --- whose ship (§20) -------------------------------------------------------------------------


def test_a_line_for_another_sides_ship_or_no_ship_lists_the_senders_ships():
    sheet = lines(start(), "romans", "C1: SPEED 6\nX9: SPEED 6\nR1: SPEED 7\n")
    assert [line.reason for line in sheet[:2]] == [
        "line 1 (C1): C1 is not yours: it is a ship of carthaginians. Accepted: lines for your "
        "ships that take orders now: R1, R2, R3.",
        "line 2 (X9): there is no ship X9 in this game. Accepted: lines for your ships that take "
        "orders now: R1, R2, R3."]
    assert sheet[2].status == ACCEPTED
    # the other side is told its own ships, case as the state spells them
    assert refused(start(), "carthaginians", "r2: SPEED 7").endswith(
        "Accepted: lines for your ships that take orders now: C1, C2, C3.")


def test_fleeing_and_sunk_ships_take_no_orders_and_are_not_offered():
    state = changed(changed(start(), "R2", status=FLEEING, flight_heading=180), "R3", status=SUNK)
    sheet = lines(state, "romans", "R2: SPEED 7\nR3: SPEED 8\nC1: SPEED 6")
    assert [line.reason for line in sheet] == [
        "line 1 (R2): R2 is fleeing: the judge writes a fleeing ship's orders (§14.3), so it takes "
        "none. Accepted: lines for your ships that take orders now: R1.",
        "line 2 (R3): R3 is sunk, not afloat: off the table and takes no orders. Accepted: lines "
        "for your ships that take orders now: R1.",
        "line 3 (C1): C1 is not yours: it is a ship of carthaginians. Accepted: lines for your "
        "ships that take orders now: R1."]


def test_a_prize_takes_no_orders_from_either_side():
    state = changed(start(), "C2", status=CAPTURED, controller="romans")
    assert refused(state, "romans", "C2: SPEED 8") == (
        "line 1 (C2): C2 is captured, not afloat: a prize, which takes no orders. Accepted: lines "
        "for your ships that take orders now: R1, R2, R3.")
    assert refused(state, "carthaginians", "C2: SPEED 8").startswith(
        "line 1 (C2): C2 is not yours: it is a ship of romans. Accepted: lines for your ships "
        "that take orders now: C1, C3.")


def test_a_side_not_in_the_game_or_a_game_over_takes_no_sheet():
    with pytest.raises(ValueError, match="there is no side 'greeks' in this game; the sides are "
                                         "romans and carthaginians"):
        check_orders(start(), "greeks", "R1: SPEED 7")
    over = replace(start(), phase=Phase(OVER, 12))
    with pytest.raises(ValueError, match="nobody gives orders now"):
        check_orders(over, "romans", "R1: SPEED 7")


def test_a_captured_ship_belongs_to_its_captor():
    state = changed(start(), "C2", controller="romans")
    assert refused(state, "carthaginians", "C2: SPEED 8").startswith(
        "line 1 (C2): C2 is not yours: it is a ship of romans.")
    assert refused(state, "romans", "R3: SPEED 8 RAM C2").startswith(
        "line 1 (R3): C2 is a friend, not an enemy")


def test_a_player_orders_only_the_ships_given_to_him():
    sheet = lines(start(), "romans", "R1: SPEED 7\nR2: SPEED 7", frozenset({"R1"}))
    assert sheet[0].status == ACCEPTED
    assert isinstance(sheet[1].error, NotCommandedError)
    assert sheet[1].reason == ("line 2 (R2): R2 is commanded by another player of your side. "
                               "Accepted: lines for the ships given to you.")


# --- second lines and later submissions (§20, §4) ---------------------------------------------


def test_a_second_line_of_a_kind_is_refused_and_the_first_stands():
    sheet = lines(start(), "romans", "R1: SPEED 7\nR2: SPEED 8\nR1: SPEED 6 F2 S10 F4\n"
                                     "R2: REACT SHEAR\nR2: REACT IGNORE\nR1: CUT NONE\n")
    assert [line.status for line in sheet] == [ACCEPTED, ACCEPTED, REFUSED, ACCEPTED, REFUSED,
                                               ACCEPTED]
    assert sheet[2].reason == (
        "line 3 (R1): a second movement line for R1; the one on line 1 stands. Accepted: one line "
        "of each kind per ship (SPEED and BACK are one kind, movement).")
    assert sheet[4].reason.startswith("line 5 (R2): a second REACT line for R2; the one on line "
                                      "4 stands.")
    assert sheet[0].order == Movement(70)


def test_speed_and_back_are_one_kind_and_a_refused_line_does_not_count():
    state = stopped(start())
    sheet = lines(state, "romans", "R3: BACK 2\nR3: SPEED 0\nR1: SPEED 9\nR1: SPEED 6")
    assert [line.status for line in sheet] == [ACCEPTED, REFUSED, REFUSED, ACCEPTED]
    assert "a second movement line for R3; the one on line 1 stands" in sheet[1].reason


def test_a_later_submission_replaces_what_the_earlier_said_of_each_ship_it_orders():
    state = start()
    first = check_orders(state, "romans", "R1: SPEED 7\nR2: SPEED 8\nR1: CUT NONE\nR3: SPEED 9")
    enemy = check_orders(state, "carthaginians", "C1: SPEED 6")
    second = check_orders(state, "romans", "R1: SPEED 6 F2 S10 F4\nR3: SPEED 99\nR3: SPEED 10")
    kept = accepted_orders([first, enemy, second])
    # R1's CUT NONE goes with the rest of R1's first lines; R3's refused line replaces nothing
    assert [(ship, order.notation()) for ship, order in kept] == [
        ("R2", "SPEED 8"), ("C1", "SPEED 6"), ("R1", "SPEED 6 F2 S10 F4"), ("R3", "SPEED 10")]
    orders = movement_orders(state, [first, enemy, second])
    assert orders.movements["R1"].notation() == "SPEED 6 F2 S10 F4"
    assert orders.line_order == {"romans": ("R2", "R1", "R3"), "carthaginians": ("C1",)}
    only_refused = check_orders(state, "romans", "R2: SPEED 9")
    assert accepted_orders([first, only_refused])[1] == ("R2", Movement(80))


# --- the round a line belongs to (§4, §21) ----------------------------------------------------


def test_a_line_of_the_other_round_is_refused():
    assert refused(start(), "romans", "R1: ARCHERS 3 C2 OFFICERS") == (
        "line 1 (R1): ARCHERS is a line for round 2 (combat), and this is round 1 (orders). "
        f"Accepted: {ROUND_ONE_LINES}")
    state = combat(start())
    assert refused(state, "romans", "R3: SPEED 8").startswith(
        "line 1 (R3): SPEED is a line for round 1 (orders), and this is round 2 (combat). "
        "Accepted: <ID>: ARCHERS <n> <t> [<type>]")
    assert refused(state, "romans", "R3: SPEED 8").endswith(
        "TRANSFER <n> <type> TO <friend>; and the standing line CUT ENEMY|ALL|NONE")
    for text in ("R3: REACT SHEAR", "R2: GRAPPLE C1", "R1: CORVUS C1"):
        assert "is a line for round 1 (orders)" in refused(state, "romans", text)
    assert "is a line for round 2 (combat)" in refused(start(), "romans", "R1: BALLISTA 1 C1")


@pytest.mark.parametrize("text", [
    "R1: LOSSES SOLDIERS ARCHERS OFFICERS", "R1: MELEE OFF", "R1: RAISE OFF", "R1: BREAK OFF",
    "R1: CUT ALL"])
def test_a_standing_line_is_taken_in_either_round(text):
    for state in (start(), combat(start())):
        line = one(state, "romans", text)
        assert line.status == ACCEPTED, line.reason
        assert f"{line.piece}: {line.echo}".startswith(f"{text} => standing")


def test_a_standing_line_in_round_one_is_checked_on_the_turns_start():
    state = start()
    assert refused(state, "romans", "R1: MELEE C1").startswith(
        "line 1 (R1): R1 and C1 are not locked:")
    held = changed(state.with_link("R1", "C1", CORVUS), "R1", corvus_holds="C1")
    assert accepted(held, "romans", "R1: MELEE C1")
    assert accepted(held, "romans", "R1: RAISE")
    assert accepted(held, "carthaginians", "C1: BREAK R1")
    assert refused(state, "romans", "R2: RAISE").startswith(
        "line 1 (R2): R2's corvus holds no ship: RAISE works a corvus link free.")
    # a standing line of the other round is still a line: one of a kind per ship
    sheet = lines(held, "romans", "R1: LOSSES SOLDIERS ARCHERS OFFICERS\n"
                                  "R1: LOSSES OFFICERS ARCHERS SOLDIERS")
    assert [line.status for line in sheet] == [ACCEPTED, REFUSED]


def test_a_malformed_standing_line_keeps_its_syntax_refusal():
    reason = refused(start(), "romans", "R1: LOSSES SOLDIERS")
    assert reason.startswith("line 1 (R1): ") and "is a line for" not in reason


# --- round 2 (§12, §13, §11), on the state after movement -------------------------------------


def fight() -> GameState:
    """Round 2 with C3 bow to bow with R3, 2" off (R3's bow at y 10, C3's at 12: short range),
    C2 7.5" off R1's bow (10.5 to 18: long range for archers, medium for a ballista), C1 still
    26.75" from R2 (10.5 to 37.25)."""
    state = combat(start())
    state = changed(state, "C3", y=14.0)
    return changed(state, "C2", y=20.0)


def test_fire_assigns_no_more_than_aboard():
    assert accepted(fight(), "romans", "R1: ARCHERS 3 C2")
    assert refused(fight(), "romans", "R1: ARCHERS 2 C2, 2 C3") == (
        "line 1 (R1): ARCHERS assigns 4 archer factors but R1 has 3 aboard; each fires once. "
        "Accepted: clauses whose numbers add up to at most 3.")
    assert refused(fight(), "romans", "R3: BALLISTA 1 C3 SOLDIERS").startswith(
        "line 1 (R3): BALLISTA assigns 1 ballista but R3 has 0 aboard")


def test_fire_reaches_no_further_than_long_range():
    assert refused(fight(), "romans", "R2: BALLISTA 1 C1") == (
        "line 1 (R2): C1 is 26.75\" away, beyond ballista' long range of 16\". Accepted: targets "
        "within 16\" (footprint distance).")
    # R1's bow corner (28.625, 10.5) to C3's stern corner (51.5, 12): sqrt(22.875² + 1.5²)
    assert refused(fight(), "romans", "R1: ARCHERS 1 C3").startswith(
        "line 1 (R1): C3 is 22.92\" away, beyond archers' long range of 10\".")


def test_short_and_medium_range_fire_names_a_type_the_target_has():
    state = fight()
    assert refused(state, "romans", "R3: ARCHERS 2 C3") == (
        "line 1 (R3): C3 is at short range (2.00\"): at short or medium range a clause names the "
        "target type. Accepted: <n> <target> <type>, the type one of ROWERS SOLDIERS ARCHERS "
        "OFFICERS.")
    assert refused(state, "romans", "R1: BALLISTA 1 C2").startswith(
        "line 1 (R1): C2 is at medium range (7.50\"):")
    assert accepted(state, "romans", "R1: ARCHERS 3 C2")  # long range: the die picks the type
    no_soldiers = changed(state, "C3", soldiers=0)
    assert refused(no_soldiers, "romans", "R3: ARCHERS 2 C3 SOLDIERS").startswith(
        "line 1 (R3): C3 has no soldiers to aim at: a clause names a type the target has.")
    assert accepted(no_soldiers, "romans", "R3: ARCHERS 2 C3 OFFICERS")


def test_a_type_the_target_lacks_is_answered_with_the_types_it_has():
    # a trireme carries no ballista: BALLISTA is not offered (it was, before this test)
    assert refused(fight(), "romans", "R1: BALLISTA 1 C2 BALLISTA") == (
        "line 1 (R1): C2 has no ballista to aim at: a clause names a type the target has. "
        "Accepted: a type C2 carries: ROWERS SOLDIERS ARCHERS OFFICERS.")
    bare = changed(fight(), "C3", soldiers=0, archers=0)
    assert refused(bare, "romans", "R3: ARCHERS 1 C3 ARCHERS").endswith(
        "Accepted: a type C3 carries: ROWERS OFFICERS.")
    # archers never aim at a ballista, so the heptares' ballistae are not offered to them
    near = changed(fight(), "C1", x=52.0, y=14.0, soldiers=0)
    near = changed(near, "C3", x=70.0)
    assert refused(near, "romans", "R3: ARCHERS 1 C1 SOLDIERS").endswith(
        "Accepted: a type C1 carries: ROWERS ARCHERS OFFICERS.")


def test_with_secret_records_a_type_is_checked_only_as_far_as_the_firer_may_see():
    state = changed(fight(), "C3", soldiers=0, archers=0)
    secret = replace(state, options=replace(state.options, secret_records=True))
    assert accepted(secret, "romans", "R3: ARCHERS 1 C3 SOLDIERS")  # a refusal would tell
    assert not accepted(state, "romans", "R3: ARCHERS 1 C3 SOLDIERS")


def test_melee_needs_a_locked_pair():
    state = fight()
    assert refused(state, "romans", "R3: MELEE C3") == (
        "line 1 (R3): R3 and C3 are not locked: no grapple line or corvus joins them, no ram "
        "locked them this turn, and they are not in contact after a melee last turn. Accepted: "
        "MELEE naming a ship locked with it (§13.1), or MELEE OFF.")
    assert accepted(state.with_link("R3", "C3", LINE), "romans", "R3: MELEE C3")
    assert refused(state.with_link("R3", "C3", LINE), "romans", "R3: MELEE R1").startswith(
        "line 1 (R3): R1 is a friend, not an enemy: MELEE names")


def test_break_names_the_corvus_ship_holding_this_one():
    state = changed(fight().with_link("R1", "C2", CORVUS), "R1", corvus_holds="C2")
    assert accepted(state, "carthaginians", "C2: BREAK R1")
    assert refused(state, "carthaginians", "C3: BREAK R1") == (
        "line 1 (C3): R1's corvus does not hold C3: BREAK names the corvus ship holding it. "
        "Accepted: BREAK naming the ship whose corvus holds this one, or BREAK OFF.")
    assert refused(state, "romans", "R3: RAISE").startswith(
        "line 1 (R3): R3 carries no corvus, so it takes no RAISE line.")


def test_transfer_needs_the_option_and_two_friends_at_speed_zero_in_contact():
    text = "R1: TRANSFER 2 SOLDIERS TO R2"
    side_by_side = changed(fight(), "R1", x=38.75)  # 1.25" wide: R1's starboard side on R2's port
    assert refused(side_by_side, "romans", text) == (
        "line 1 (R1): TRANSFER is played only with the optional rule opt_transfer (§16), which is "
        "off in this game. Accepted: no TRANSFER lines in this game.")
    state = replace(side_by_side, options=replace(side_by_side.options, opt_transfer=True))
    assert accepted(state, "romans", text)
    assert refused(changed(state, "R2", written_speed=70), "romans", text).startswith(
        "line 1 (R1): R2 did not write SPEED 0 this turn: both ships of a TRANSFER wrote speed 0.")
    assert refused(changed(state, "R1", x=37.0), "romans", text).startswith(
        "line 1 (R1): R1 and R2 are not in contact: a TRANSFER needs contact.")
    assert refused(state, "romans", "R1: TRANSFER 5 SOLDIERS TO R2").startswith(
        "line 1 (R1): R1 has 4 soldiers aboard, fewer than the 5 to transfer.")
    assert refused(state, "romans", "R1: TRANSFER 1 SOLDIERS TO C1").startswith(
        "line 1 (R1): C1 is an enemy: TRANSFER goes to a friendly ship.")


# --- REACT AVOID against the written speed (§8.3, §20) ----------------------------------------


def test_an_avoid_path_is_checked_against_the_movement_line_or_the_default():
    state = start()
    sheet = lines(state, "carthaginians", "C3: REACT AVOID F2 P45 F7\nC3: SPEED 9\n")
    assert [line.status for line in sheet] == [ACCEPTED, ACCEPTED]
    # with the movement line refused, the default (turn 1: the top of cruise, 8) decides
    sheet = lines(state, "carthaginians", "C3: REACT AVOID F2 P45 F7\nC3: SPEED 11\n")
    assert [line.status for line in sheet] == [REFUSED, REFUSED]
    assert sheet[0].reason == (
        "line 1 (C3): the REACT AVOID path does not suit C3's SPEED 8: the straight steps total "
        "9\" but the written speed is 8\": they must total it exactly; so C3 reacts IGNORE. "
        "Accepted: REACT AVOID with no steps (its movement path), or steps that are legal for "
        "SPEED 8: at cruise (SPEED 8) F steps totalling 8\" exactly and at most 2 turns P<a> or "
        f"S<a> of 1 to 45 degrees, {RUN}; A only with a RAM clause.")
    assert one(state, "carthaginians", "C3: REACT AVOID F2 P45 F6").status == ACCEPTED


def test_a_standing_line_of_the_other_round_reaches_the_ship():
    game = RULESET.start("default", {})
    romans = "R1: SPEED 7\nR2: SPEED 7\nR3: SPEED 8\nR1: LOSSES OFFICERS SOLDIERS ARCHERS\n"
    after, result, _ = game.play([("romans", romans), ("carthaginians", "C1: SPEED 6")],
                                 SeededDice(seed=b"issue-21", game="standing", phase=game.key))
    assert result.rejected == ()
    assert after.value.require("R1").standing.losses == ("officers", "soldiers", "archers")
    assert after.value.phase == Phase(COMBAT, 1)  # C1's ballistae reach R2: round 2 is played
    later, result, _ = after.play([("romans", "R3: CUT ALL")],
                                  SeededDice(seed=b"issue-21", game="standing", phase=after.key))
    assert result.rejected == ()
    assert later.value.require("R3").standing.cut == "all"
