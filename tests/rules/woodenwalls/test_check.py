"""The Wooden Walls order checker (rulings §17, §19, §20; plan §5, §11 q. 40, 41, 45, 46, 55):
valid lines accepted with their keys and readings, each static refusal of §17 on the smallest
position that shows it (the limit itself accepted, one past it refused), the QUALITY allotment
refused whole, lines of the other part under `mail = split`, no refusal naming an enemy quality
(§16), and a fuzz that `check_lines` never raises on any text."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.woodenwalls.check import Checked, check_lines, nearest_id
from pbem.rules.woodenwalls.elements import with_default_load
from pbem.rules.woodenwalls.orders import ActivationOrder, Ahead, Ram, Segment, Turn
from pbem.rules.woodenwalls.rounds import Phase
from pbem.rules.woodenwalls.state import (
    FLED,
    HULK,
    SUNK,
    Element,
    GameState,
    Player,
    new_ship,
)
from pbem.rules.woodenwalls.switches import Options

# The Rhodian Straits (§19): Rhodes 2 FR, 2 ABLE; Macedon 1 FR, 2 ABLE, 1 POOR (best first).
SHIPS = (
    ("RH-ATHENA", "trireme", "rhodes", 6, 2, 0, "FR"),
    ("RH-HELIOS", "trireme", "rhodes", 8, 2, 0, "FR"),
    ("RH-RHODOS", "trihemiola", "rhodes", 10, 2, 0, "ABLE"),
    ("RH-DELPHIS", "hemiola", "rhodes", 12, 2, 0, "ABLE"),
    ("MA-ANTIGONIS", "quinquereme", "macedon", 12, 10, 180, "FR"),
    ("MA-DEMETRIAS", "quadrireme", "macedon", 10, 10, 180, "ABLE"),
    ("MA-PELLA", "trireme", "macedon", 8, 10, 180, "ABLE"),
    ("MA-KASSANDRA", "hemiola", "macedon", 6, 10, 180, "POOR"),
)


LEG_A = Phase("leg", 1, "A")


def straits(phase: Phase = LEG_A, **options: object) -> GameState:
    ships = tuple(with_default_load(new_ship(ship_id, type_id, side, x, y, heading, 2, quality=q))
                  for ship_id, type_id, side, x, y, heading, q in SHIPS)
    return GameState(ships, options=replace(Options(), **options), phase=phase)  # type: ignore[arg-type]


def with_ship(state: GameState, ship_id: str, **changes: object) -> GameState:
    return state.with_ship(replace(state.require(ship_id), **changes))  # type: ignore[arg-type]


def check(text: str, state: GameState | None = None, side: str = "rhodes", player: str = "") -> Checked:
    return check_lines(state or straits(), side, text, player=player)


def only(text: str, state: GameState | None = None, side: str = "rhodes") -> tuple[bool, str]:
    checked = check(text, state, side)
    assert len(checked.lines) == 1
    return checked.lines[0].accepted, checked.lines[0].reason


def refused(text: str, state: GameState | None = None, side: str = "rhodes") -> str:
    accepted, reason = only(text, state, side)
    assert not accepted, f"{text!r} was accepted"
    return reason


def accepted(text: str, state: GameState | None = None, side: str = "rhodes") -> None:
    ok, reason = only(text, state, side)
    assert ok, reason


# ---------------------------------------------------------------- acceptance, keys, readings


def test_the_section_20_leg_lines_of_rhodes_are_accepted_with_their_keys() -> None:
    text = """
    # Rhodes, leg A
    ORDER RH-HELIOS RH-ATHENA
    RH-ATHENA/1: S30 F0.6 P10 F0.4
    RH-HELIOS/1: P20 F1 SHEAR MA-PELLA
    RH-DELPHIS/1: B0.5 S45
    RH-ATHENA/2: TOWARD MA-PELLA RAM MA-PELLA
    RH-DELPHIS/2: IF NEAR MA-KASSANDRA 1.5 THEN AWAY MA-KASSANDRA ELSE F1
    RH-ATHENA: SPEED 4 @1
    RH-ATHENA: SHIFT 1M S-B
    RH-ATHENA: SHOOT M MA-PELLA.M, MA-PELLA.B
    RH-DELPHIS: OARS P MA-KASSANDRA.M
    RH-ATHENA: GRAPPLE MA-PELLA
    RH-HELIOS: CUT MA-PELLA
    RH-ATHENA: ATTACK MA-PELLA.M FROM M UNTIL LOSS 2 ENTER 1
    RH-ATHENA: MOVE 1M B TO M
    RH-HELIOS: DOUSE S 1
    """
    checked = check(text)
    assert [line.reason for line in checked.lines if not line.accepted] == []
    assert [line.key for line in checked.lines] == [
        "ORDER", "RH-ATHENA/1", "RH-HELIOS/1", "RH-DELPHIS/1", "RH-ATHENA/2", "RH-DELPHIS/2",
        "RH-ATHENA", "RH-ATHENA", "RH-ATHENA", "RH-DELPHIS", "RH-ATHENA", "RH-HELIOS",
        "RH-ATHENA", "RH-ATHENA", "RH-HELIOS"]
    assert [line.number for line in checked.lines] == list(range(3, 18))  # blank, comment unlisted
    assert len(checked.readings) == 15
    first = checked.readings[1]
    assert first.order == Segment((Turn(30), Ahead(0.6), Turn(-10), Ahead(0.4)))
    assert first.entry == 1


def test_ids_in_any_case_come_back_as_the_state_spells_them() -> None:
    checked = check("rh-athena/1: f1 ram ma-pella\norder rh-helios rh-athena")
    assert [line.key for line in checked.lines] == ["RH-ATHENA/1", "ORDER"]
    assert checked.readings[0].ship == "RH-ATHENA"
    assert checked.readings[0].order == Segment((Ahead(1.0),), intent=Ram("MA-PELLA"))
    assert checked.readings[1].order == ActivationOrder(("RH-HELIOS", "RH-ATHENA"))


def test_a_syntax_refusal_keeps_its_key_and_says_what_is_accepted() -> None:
    checked = check("RH-ATHENA/1: F1 BANG")
    line = checked.lines[0]
    assert (line.key, line.accepted, line.reading) == ("RH-ATHENA/1", False, None)
    assert line.reason.startswith("line 1 (RH-ATHENA): ")
    assert "Accepted:" in line.reason


def test_side_not_in_the_game_and_the_over_phase_raise() -> None:
    with pytest.raises(ValueError, match="no side"):
        check("RH-ATHENA/1: F1", side="carthage")
    with pytest.raises(ValueError, match="nobody gives orders"):
        check("RH-ATHENA/1: F1", straits(Phase("over")))


# ---------------------------------------------------------------- whose ship (§17, q. 55)


def test_unknown_ship_lists_the_senders_ships_and_the_nearest_id() -> None:
    reason = refused("RH-ATENA/1: F1")
    assert "there is no ship RH-ATENA in this game (did you mean RH-ATHENA?)" in reason
    assert "RH-ATHENA, RH-HELIOS, RH-RHODOS, RH-DELPHIS" in reason
    assert "MA-" not in reason  # only the sender's ships are listed
    assert "did you mean" not in refused("XYZZY/1: F1")


def test_nearest_id_within_a_third_of_the_letters() -> None:
    assert nearest_id("RH-ATHNA", ["RH-ATHENA", "RH-HELIOS"]) == "RH-ATHENA"
    assert nearest_id("Q", ["RH-ATHENA"]) == ""


def test_enemy_ship_refused() -> None:
    reason = refused("MA-PELLA/1: F1")
    assert "MA-PELLA is not yours: it is a ship of macedon" in reason


def test_a_captured_ship_is_its_captors() -> None:
    state = with_ship(straits(), "MA-PELLA", controller="rhodes", captured=True)
    accepted("MA-PELLA/1: F1", state)
    assert "not yours" in refused("MA-PELLA/1: F1", state, side="macedon")


def test_a_hulk_takes_no_orders_q55() -> None:
    state = with_ship(straits(), "RH-HELIOS", status=HULK, hulk_reason=SUNK, elements=())
    assert "RH-HELIOS is a hulk and takes no orders" in refused("RH-HELIOS/1: F1", state)
    assert "is a hulk" in refused("RH-HELIOS: SPEED 0 @1", state)
    assert "RH-HELIOS" not in refused("RH-HELIOS/1: F1", state).split("Accepted:")[1]


def test_a_fled_ship_is_off_the_table() -> None:
    state = with_ship(straits(), "RH-HELIOS", status=FLED)
    assert "has fled: it is off the table" in refused("RH-HELIOS: SHOOT M MA-PELLA.M", state)


def test_multi_player_side_only_the_players_ships() -> None:
    state = straits()
    ships = tuple(replace(ship, player="p2" if ship.id == "RH-HELIOS" else
                          "p1" if ship.side == "rhodes" else "") for ship in state.ships)
    players = (Player("p1", "rhodes"), Player("p2", "rhodes"), Player("macedon", "macedon"))
    state = replace(state, ships=ships, players=players)
    checked = check("RH-ATHENA/1: F1\nRH-HELIOS/1: F1\nORDER RH-HELIOS", state, player="p1")
    assert [line.accepted for line in checked.lines] == [True, False, False]
    assert "ordered by another player of your side" in checked.lines[1].reason
    assert "RH-HELIOS" not in checked.lines[1].reason.split("Accepted:")[1]
    assert check("RH-HELIOS/1: F1", state, player="p2").lines[0].accepted
    prize = with_ship(state, "MA-PELLA", controller="rhodes", captured=True, player="macedon")
    assert check("MA-PELLA/1: F1", prize, player="p2").lines[0].accepted  # any captor orders it


# ---------------------------------------------------------------- activation numbers (§6.2)


def test_activation_numbers_in_legs_a_b_c_and_round() -> None:
    assert check("RH-ATHENA/1: F1\nRH-ATHENA/2: F1").lines[1].accepted
    reason = refused("RH-ATHENA/3: F1")
    assert "at most 2 times in leg A" in reason and "RH-ATHENA/1: and RH-ATHENA/2:" in reason
    assert check("RH-ATHENA/2: F1\nRH-ATHENA/1: F1", straits(Phase("leg", 1, "B"))).lines[0].accepted
    leg_c = straits(Phase("leg", 1, "C"))
    accepted("RH-ATHENA/1: F1", leg_c)
    assert "at most 1 time in leg C" in refused("RH-ATHENA/2: F1", leg_c)
    whole = straits(Phase("round", 1), mail="round")
    assert check("\n".join(f"RH-ATHENA/{k}: F1" for k in (1, 2, 3, 4)), whole).readings[3].entry == 4
    assert "at most 4 times with mail = round" in refused("RH-ATHENA/5: F1", whole)
    assert "at most 2" in refused("RH-ATHENA/3: F1", straits(Phase("movement", 1, "A"), mail="split"))


# ---------------------------------------------------------------- angles and distances (§17, q. 40)


def test_angle_90_accepted_above_refused_not_half_degree_refused_by_notation() -> None:
    accepted("RH-ATHENA/1: P90")
    assert "the turn P90.5 is above 90°" in refused("RH-ATHENA/1: P90.5")
    assert "not a multiple of 0.5" in refused("RH-ATHENA/1: S22.3")


def test_distance_per_step_not_per_segment_q40() -> None:
    accepted("RH-ATHENA/1: F1.5")
    accepted("RH-ATHENA/1: F1 S10 F1")  # 2 SL in all: clamped at resolution, not refused
    assert "F1.51 goes 1.51 SL, above the 1.5 SL" in refused("RH-ATHENA/1: F1.51")
    assert "above the 1.5 SL" in refused("RH-DELPHIS/1: B2")
    assert "more than two decimals" in refused("RH-ATHENA/1: F0.755")


def test_macro_advance_and_range() -> None:
    accepted("RH-ATHENA/1: TOWARD MA-PELLA 1.5")
    assert "TOWARD's advance goes 1.6 SL" in refused("RH-ATHENA/1: TOWARD MA-PELLA 1.6")
    accepted("RH-ATHENA/1: IF NEAR MA-PELLA 3 THEN F1 ELSE HOLD")  # a range is not a step
    assert "above the 1.5 SL" in refused("RH-ATHENA/1: IF NEAR MA-PELLA 3 THEN F1 ELSE F2")


def test_targets_of_macros_and_intents_are_ships_of_the_game() -> None:
    accepted("RH-ATHENA/1: F1 RAM ANY")
    accepted("RH-ATHENA/1: F1 SHEAR RH-HELIOS")  # a friend: never applies, not refused (§8.1)
    assert "RAM names MA-XX, and there is no ship MA-XX" in refused("RH-ATHENA/1: F1 RAM MA-XX")
    assert "there is no ship MA-XX" in refused("RH-ATHENA/1: AWAY MA-XX")
    assert "IF NEAR names MA-XX" in refused("RH-ATHENA/1: IF NEAR MA-XX 1 THEN F1 ELSE HOLD")
    accepted("RH-ATHENA/1: TOWARD (18,12)")
    assert "a point off the table" in refused("RH-ATHENA/1: TOWARD (18.5,6)")


# ---------------------------------------------------------------- RAM (§17, §4.1, §10.4)


def _small(state: GameState | None = None) -> GameState:
    state = state or straits()
    boat = with_default_load(new_ship("RH-MIKRA", "oar20", "rhodes", 14, 2, 0, 2))
    return replace(state, ships=(*state.ships, boat))


def test_ram_from_a_type_without_rav_refused() -> None:
    reason = refused("RH-MIKRA/1: F1 RAM MA-PELLA", _small())
    assert "a 20-oar has no ram (no RAV, §4.1): RH-MIKRA cannot RAM" in reason
    accepted("RH-MIKRA/1: F1 SHEAR MA-PELLA", _small())
    assert "no RAV" in refused("RH-MIKRA/1: IF NEAR MA-PELLA 1 THEN F1 ELSE TOWARD MA-PELLA RAM "
                               "MA-PELLA", _small())


def test_ram_from_a_ship_whose_ram_is_lost_is_accepted() -> None:
    # §10.4's reading: a ship whose ram is lost still rams, with its RAV one less; §17 refuses
    # RAM only from a type with no RAV.
    state = with_ship(straits(), "RH-ATHENA", ram=False)
    accepted("RH-ATHENA/1: F1 RAM ANY", state)
    accepted("RH-ATHENA/1: F1 RAKE ANY", state)


# ---------------------------------------------------------------- turn_anywhere (§7.1)


def test_turn_after_advance_refused_only_with_turn_anywhere_off() -> None:
    off = straits(turn_anywhere=False)
    accepted("RH-ATHENA/1: S30 P10 F1", off)
    reason = refused("RH-ATHENA/1: F0.5 S30", off)
    assert "the turn S30 comes after the advance F0.5" in reason
    assert "turn_anywhere = off" in reason
    accepted("RH-ATHENA/1: F0.5 S30")
    accepted("RH-ATHENA/1: TOWARD MA-PELLA", off)  # a macro turns first (§21)


# ---------------------------------------------------------------- SPEED (§6.2, §7.8)


def test_speed_at_within_the_legs_action_phases() -> None:
    accepted("RH-ATHENA: SPEED 4 @2")
    reason = refused("RH-ATHENA: SPEED 4 @3")
    assert "there are 2 action phases in leg A" in reason and "n from 1 to 2" in reason
    leg_c = straits(Phase("leg", 1, "C"))
    accepted("RH-ATHENA: SPEED B @1", leg_c)
    assert "there is 1 action phase in leg C" in refused("RH-ATHENA: SPEED 0 @2", leg_c)
    whole = straits(Phase("round", 1), mail="round")
    accepted("RH-ATHENA: SPEED 3 @5", whole)
    assert "5 action phases with mail = round" in refused("RH-ATHENA: SPEED 3 @6", whole)
    assert "speed" in refused("RH-ATHENA: SPEED 5 @1").lower()


def test_speed_lines_per_phase() -> None:
    checked = check("RH-ATHENA: SPEED 4 @1\nRH-ATHENA: SPEED 2 @2\nRH-ATHENA: SPEED 0 @1")
    assert [line.accepted for line in checked.lines] == [True, True, False]
    assert "a second line for RH-ATHENA and the kind SPEED @1; the one on line 1 stands" in (
        checked.lines[2].reason)


# ---------------------------------------------------------------- second lines (§17, q. 46)


def test_second_line_same_ship_activation_and_kind_later_refused() -> None:
    checked = check("RH-ATHENA/1: F1\nRH-ATHENA/2: F1\nRH-ATHENA/1: S10 F1\nRH-HELIOS/1: F1")
    assert [line.accepted for line in checked.lines] == [True, True, False, True]
    assert "a second line for RH-ATHENA and activation 1; the one on line 1 stands" in (
        checked.lines[2].reason)
    assert checked.readings[0].order == Segment((Ahead(1.0),))


def test_an_entry_after_a_gap_is_accepted() -> None:
    # Entry k is the k-th activation's (§6.2); with no entry 1 the first activation carries out
    # the default segment (rounds.gather), so §20's `RH-HELIOS/2: …` may come alone.
    checked = check("RH-ATHENA/1: F9\nRH-ATHENA/2: F1\nRH-HELIOS/2: F1\nRH-HELIOS/1: F1")
    assert [line.accepted for line in checked.lines] == [False, True, True, True]


def test_a_refused_line_does_not_count_as_the_first() -> None:
    checked = check("RH-ATHENA/1: F9\nRH-ATHENA/1: F1")
    assert [line.accepted for line in checked.lines] == [False, True]


def test_deck_kinds_by_verb_and_area_q46() -> None:
    state = with_ship(straits(), "RH-ATHENA", towers=(), fire=True)
    checked = check("""RH-ATHENA: SHOOT M MA-PELLA.M
RH-ATHENA: SHOOT B MA-PELLA.B
RH-ATHENA: FIRE M MA-PELLA.M
RH-ATHENA: SHOOT M MA-PELLA.S
RH-ATHENA: ATTACK MA-PELLA.M FROM M
RH-ATHENA: ATTACK MA-PELLA.B FROM M
RH-ATHENA: CUT MA-PELLA
RH-ATHENA: CUT MA-DEMETRIAS
RH-ATHENA: GRAPPLE MA-PELLA
RH-ATHENA: GRAPPLE MA-DEMETRIAS
RH-ATHENA: DOUSE B 1
RH-ATHENA: DOUSE B 2""", state)
    assert [line.accepted for line in checked.lines] == [
        True, True, True, False, True, False, True, True, True, False, True, False]


def test_second_order_line_refused() -> None:
    checked = check("ORDER RH-ATHENA\nORDER RH-HELIOS RH-ATHENA")
    assert [line.accepted for line in checked.lines] == [True, False]
    assert "a second ORDER line; the one on line 1 stands" in checked.lines[1].reason


def test_order_naming_an_enemy_or_unknown_ship_refused() -> None:
    assert "ORDER names MA-PELLA: MA-PELLA is not yours" in refused("ORDER RH-ATHENA MA-PELLA")
    assert "ORDER names RH-X: there is no ship RH-X" in refused("ORDER RH-X")


# ---------------------------------------------------------------- deck lines (§17, checkdeck)


def test_areas_the_ship_or_the_target_lacks() -> None:
    assert "RH-ATHENA has no area T1" in refused("RH-ATHENA: SHOOT T1 MA-PELLA.M")
    assert "MA-PELLA has no area T2" in refused("RH-ATHENA: SHOOT M MA-PELLA.T2")
    assert "there is no ship MA-XX" in refused("RH-ATHENA: SHOOT M MA-XX.M")
    assert "has no area T1" in refused("RH-ATHENA: SHIFT 1M B-T1")
    assert "has no area T2" in refused("RH-ATHENA: MOVE 1M B TO T2")
    assert "has no area T1" in refused("RH-ATHENA: DOUSE T1 1")
    towered = with_ship(straits(), "MA-ANTIGONIS", towers=("T1",))
    accepted("MA-ANTIGONIS: SHOOT T1 RH-ATHENA.M", towered, side="macedon")
    accepted("RH-ATHENA: SHOOT M MA-ANTIGONIS.T1", towered)


def test_engine_only_from_an_area_with_an_engine() -> None:
    # A quinquereme's default load puts its engine in M (§4.5).
    accepted("MA-ANTIGONIS: ENGINE M RH-ATHENA.M", side="macedon")
    reason = refused("MA-ANTIGONIS: ENGINE B RH-ATHENA.M", side="macedon")
    assert "MA-ANTIGONIS has no engine in B" in reason and "holding an engine of yours: M" in reason
    assert "carries no engine of yours" in refused("RH-ATHENA: ENGINE M MA-PELLA.M")


def test_fire_only_by_a_ship_equipped() -> None:
    assert "not equipped to throw fire" in refused("RH-ATHENA: FIRE M MA-PELLA.M")
    accepted("RH-ATHENA: FIRE M MA-PELLA.M", with_ship(straits(), "RH-ATHENA", fire=True))


def test_oars_only_by_an_open_ship() -> None:
    accepted("RH-DELPHIS: OARS S MA-KASSANDRA.M")  # a hemiola is open (§4.1)
    assert "RH-ATHENA is aphract, not open" in refused("RH-ATHENA: OARS P MA-PELLA.M")


def test_corvus_and_harpax_without_one_refused() -> None:
    assert "RH-ATHENA has no corvus" in refused("RH-ATHENA: CORVUS MA-PELLA")
    accepted("RH-ATHENA: CORVUS MA-PELLA", with_ship(straits(), "RH-ATHENA", corvus=True))
    assert "RH-ATHENA has no harpax" in refused("RH-ATHENA: GRAPPLE MA-PELLA HARPAX")
    accepted("RH-ATHENA: GRAPPLE MA-PELLA HARPAX", with_ship(straits(), "RH-ATHENA", harpax=True))
    assert "there is no ship MA-XX" in refused("RH-ATHENA: GRAPPLE MA-PELLA, MA-XX")


def test_ap_refused_with_ap_weapons_off() -> None:
    assert "ap_weapons = on" in refused("RH-ATHENA: AP M MA-PELLA.B")
    accepted("RH-ATHENA: AP M MA-PELLA.B", straits(ap_weapons=True))


def test_boarders_order_lines_on_the_enemy_ship_they_stand_on() -> None:
    state = straits()
    pella = state.require("MA-PELLA")
    boarder = Element("M", "marines", "rhodes", "RH-ATHENA", armoured=True, shielded=True)
    state = state.with_ship(replace(pella, elements=(*pella.elements, boarder)))
    accepted("MA-PELLA: ATTACK B FROM M", state)
    accepted("MA-PELLA: MOVE 1M M TO RH-ATHENA.B", state)
    assert "not yours" in refused("MA-PELLA: SHOOT M RH-ATHENA.M", state)
    assert "not yours" in refused("MA-DEMETRIAS: ATTACK B FROM M", state)


# ---------------------------------------------------------------- mail = split (§6.1, plan §3)


def test_split_mail_refuses_the_other_parts_lines() -> None:
    moving = straits(Phase("movement", 1, "A"), mail="split")
    assert "a deck line belongs to the deck mail" in refused("RH-ATHENA: SHOOT M MA-PELLA.M", moving)
    accepted("RH-ATHENA/1: F1", moving)
    deck = straits(Phase("deck", 1, "A"), mail="split")
    assert "a movement line belongs to the movement mail" in refused("RH-ATHENA/1: F1", deck)
    assert "a movement line belongs to the movement mail" in refused("ORDER RH-ATHENA", deck)
    accepted("RH-ATHENA: SHOOT M MA-PELLA.M", deck)


# ---------------------------------------------------------------- setup (§6.1, §19, q. 9, q. 41)

SETUP = Phase("setup")
GOOD = "RH-ATHENA: QUALITY ABLE\nRH-HELIOS: QUALITY FR\nRH-RHODOS: QUALITY FR\nRH-DELPHIS: QUALITY ABLE"


def test_quality_allotment_accepted_in_any_order() -> None:
    checked = check(GOOD, straits(SETUP))
    assert all(line.accepted for line in checked.lines)
    assert [line.key for line in checked.lines] == ["RH-ATHENA", "RH-HELIOS", "RH-RHODOS", "RH-DELPHIS"]


def test_quality_allotment_refused_whole_posts_stand_q41() -> None:
    text = GOOD.replace("RH-DELPHIS: QUALITY ABLE", "RH-DELPHIS: QUALITY FR") + (
        "\nRH-ATHENA: POST B:1M M:1S S:1M")
    checked = check(text, straits(SETUP))
    assert [line.accepted for line in checked.lines] == [False, False, False, False, True]
    reason = checked.lines[0].reason
    assert "the QUALITY lines give 3 FR, 1 ABLE, not the allotment 2 FR, 2 ABLE" in reason
    assert "so all of them are refused (§19)" in reason


def test_quality_lines_missing_a_ship_or_giving_one_twice_refused_whole() -> None:
    short = check("RH-ATHENA: QUALITY FR\nRH-HELIOS: QUALITY FR\nRH-RHODOS: QUALITY ABLE",
                  straits(SETUP))
    assert not any(line.accepted for line in short.lines)
    assert "give no quality to RH-DELPHIS" in short.lines[0].reason
    twice = check(GOOD + "\nRH-ATHENA: QUALITY ABLE", straits(SETUP))
    assert not any(line.accepted for line in twice.lines)
    assert "give RH-ATHENA more than once" in twice.lines[0].reason


def test_no_quality_lines_leave_the_default() -> None:
    assert check("RH-ATHENA: POST B:1M M:1S S:1M", straits(SETUP)).lines[0].accepted


def test_an_enemy_quality_line_is_refused_alone_and_names_no_enemy_quality() -> None:
    checked = check(GOOD + "\nMA-PELLA: QUALITY POOR", straits(SETUP))
    assert [line.accepted for line in checked.lines] == [True, True, True, True, False]
    assert "MA-PELLA is not yours" in checked.lines[4].reason
    macedon = check("MA-ANTIGONIS: QUALITY FR\nMA-DEMETRIAS: QUALITY FR\nMA-PELLA: QUALITY ABLE\n"
                    "MA-KASSANDRA: QUALITY POOR", straits(SETUP), side="macedon")
    assert "the allotment 1 FR, 2 ABLE, 1 POOR" in macedon.lines[0].reason


def test_quality_of_one_player_within_the_allotment() -> None:
    state = straits(SETUP)
    ships = tuple(replace(ship, player="p2" if ship.id == "RH-DELPHIS" else
                          "p1" if ship.side == "rhodes" else "") for ship in state.ships)
    state = replace(state, ships=ships, players=(Player("p1", "rhodes"), Player("p2", "rhodes"),
                                                 Player("macedon", "macedon")))
    assert check("RH-DELPHIS: QUALITY FR", state, player="p2").lines[0].accepted
    assert not check("RH-DELPHIS: QUALITY POOR", state, player="p2").lines[0].accepted


def test_post_every_marine_and_shooter_within_capacity() -> None:
    state = straits(SETUP)
    accepted("RH-ATHENA: POST B:2M M:1S", state)  # trireme B holds 2 (§4.4)
    assert "carries 2 marine elements and the POST places 1" in refused(
        "RH-ATHENA: POST B:1M M:1S", state)
    assert "holds 2 elements and the POST puts 3" in refused(
        "RH-RHODOS: POST B:2M B:1S", state)
    assert "RH-ATHENA has no area T1" in refused("RH-ATHENA: POST T1:2M M:1S", state)
    second = check("RH-ATHENA: POST B:2M M:1S\nRH-ATHENA: POST B:1M M:1S S:1M", state)
    assert [line.accepted for line in second.lines] == [True, False]


def test_a_leg_line_in_the_setup_mail_refused() -> None:
    assert "setup mail" in refused("RH-ATHENA/1: F1", straits(SETUP))


# ---------------------------------------------------------------- hidden information (§16)

QUALITY_WORD = re.compile(r"\b(FR|ABLE|POOR)\b")


def test_no_refusal_in_a_leg_names_a_quality() -> None:
    text = "\n".join(["MA-PELLA/1: F1", "MA-KASSANDRA: SPEED 4 @1", "ORDER MA-KASSANDRA",
                      "RH-ATHENA: SHOOT M MA-KASSANDRA.T1", "RH-ATHENA/1: F1 RAM MA-KASSANDRO",
                      "MA-KASANDRA/1: F1", "RH-ATHENA: QUALITY FR", "nonsense"])
    for line in check(text).lines:
        assert not line.accepted
        assert not QUALITY_WORD.search(line.reason), line.reason


# ---------------------------------------------------------------- never raises

LINE_WORDS = st.sampled_from([
    "RH-ATHENA", "RH-ATHENA/1:", "RH-ATHENA/3:", "MA-PELLA:", "RH-ATHENA:", "ORDER", "S30", "P91",
    "F1.5", "F1.51", "B0.5", "HOLD", "BREAK", "RAM", "SHEAR", "ANY", "MA-PELLA", "TOWARD", "AWAY",
    "IF", "NEAR", "THEN", "ELSE", "(3,4)", "(99,1)", "SPEED", "@1", "@9", "SHOOT", "ENGINE", "FIRE",
    "OARS", "AP", "M", "B", "S", "T1", "MA-PELLA.M", ",", "GRAPPLE", "HARPAX", "CORVUS", "CUT",
    "ATTACK", "FROM", "UNTIL", "LOSS", "ENTER", "MOVE", "TO", "1M", "DOUSE", "2", "QUALITY", "FR",
    "POST", "B:1M", "M:1S", "SHIFT", "S-B", "#", "=>", ":", "/", ""])
TEXTS = st.one_of(
    st.text(max_size=80),
    st.lists(st.lists(LINE_WORDS, max_size=8).map(" ".join), max_size=6).map("\n".join))
PHASES = st.sampled_from([SETUP, Phase("leg", 1, "A"), Phase("leg", 1, "C"), Phase("movement", 2, "B"),
                          Phase("deck", 2, "B"), Phase("round", 3)])


@settings(max_examples=200, deadline=None)
@given(PHASES, st.sampled_from(["rhodes", "macedon"]), TEXTS)
def test_check_lines_never_raises(phase: Phase, side: str, text: str) -> None:
    checked = check_lines(straits(phase, mail="round" if phase.kind == "round" else
                                  "split" if phase.kind in ("movement", "deck") else "legs"),
                          side, text)
    for line in checked.lines:
        assert line.accepted == (line.reading is not None)
        assert line.accepted or line.reason.startswith(f"line {line.number}")

