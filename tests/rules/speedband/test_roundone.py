"""Round 1 of a turn (roundone.py; rulings §4, §5, §6.1, §14.3, §19.2 item 1): the initiative
dice and the activation order with the dice forced, two ships running into each other in the
order they activate, the §4 default for a ship without a line, a held ship's void path, and who
does not activate at all. Positions worked by hand to 0.01".

Triremes (4" × 1") heading 0 or 180; a trireme at (x, y) heading 0 has its bow edge at y + 2.
"""

from __future__ import annotations

from pbem.rules.dice import ForcedDice
from pbem.rules.speedband import turn
from pbem.rules.speedband.orders import Movement, React
from pbem.rules.speedband.roundone import play_movement, prepare
from pbem.rules.speedband.sheets import MovementOrders
from pbem.rules.speedband.state import (
    FLED,
    FLEEING,
    LINE,
    SUNK,
    SURRENDERED,
    GameState,
    Player,
    Ship,
    StandingOrders,
    new_ship,
)
from pbem.rules.speedband.switches import Options

ROMANS, CARTHAGINIANS = "romans", "carthaginians"


def game(*ships: Ship, turn_number: int = 2) -> GameState:
    players = (Player(ROMANS, ROMANS), Player(CARTHAGINIANS, CARTHAGINIANS))
    return turn.start_turn(GameState(ships, players, Options()), turn_number)


def trireme(ship_id: str, x: float, y: float, heading: int = 0, **changes: object) -> Ship:
    side = ROMANS if ship_id.startswith("R") else CARTHAGINIANS
    return new_ship(ship_id, ship_id, "trireme", side, x, y, heading, **changes)


def at_rest(*ship_ids: str, **line_order: tuple[str, ...]) -> MovementOrders:
    return MovementOrders(movements={ship_id: Movement(0) for ship_id in ship_ids},
                          line_order=line_order)


def summary(events: tuple[object, ...]) -> list[tuple[str, ...]]:
    """Initiative and activation events as (kind, who[, rolls])."""
    found: list[tuple[str, ...]] = []
    for told in events:
        if told.kind == "initiative":  # type: ignore[attr-defined]
            found.append(("initiative", told["winner"], told["rolls"]))  # type: ignore[index]
        elif told.kind == "activate":  # type: ignore[attr-defined]
            found.append(("activate", told["ship"]))  # type: ignore[index]
    return found


def test_one_roll_with_a_tie_then_the_players_alternate_in_line_order() -> None:
    # 4 and 4 tie; again in the same order, 6 against 1: the Romans win and move R2 (their
    # first line). From then on the last winner sits out, so the players alternate with no die;
    # the Carthaginians wrote a line for C2 only, so C2 goes before C1 (§5 activation_order).
    state = game(trireme("R1", 10, 10), trireme("R2", 20, 10), trireme("C1", 10, 30, 180),
                 trireme("C2", 20, 30, 180))
    orders = at_rest("R1", "R2", "C2", romans=("R2", "R1"), carthaginians=("C2",))
    dice = ForcedDice(values=[4, 4, 6, 1])
    after, events = play_movement(state, orders, dice)
    assert summary(events) == [
        ("initiative", ROMANS, (((ROMANS, 4), (CARTHAGINIANS, 4)), ((ROMANS, 6), (CARTHAGINIANS, 1)))),
        ("activate", "R2"),
        ("initiative", CARTHAGINIANS, ()), ("activate", "C2"),
        ("initiative", ROMANS, ()), ("activate", "R1"),
        ("initiative", CARTHAGINIANS, ()), ("activate", "C1")]
    assert [roll.purpose for roll in dice.log] == ["initiative romans", "initiative carthaginians"] * 2
    assert after.record.activations == ("R2", "C2", "R1", "C1")
    assert all(ship.activated for ship in after.ships)
    dice.finish()


def test_the_player_left_with_ships_moves_them_all_without_dice() -> None:
    # Romans 5, Carthaginians 2: R1 moves; then only the Carthaginians are eligible, so they
    # move C1 and C2 in scenario order, the second time after winning the first (§5).
    state = game(trireme("R1", 10, 10), trireme("C1", 10, 30, 180), trireme("C2", 20, 30, 180))
    dice = ForcedDice(values=[5, 2])
    _, events = play_movement(state, at_rest("R1", "C1", "C2"), dice)
    assert summary(events) == [
        ("initiative", ROMANS, (((ROMANS, 5), (CARTHAGINIANS, 2)),)), ("activate", "R1"),
        ("initiative", CARTHAGINIANS, ()), ("activate", "C1"),
        ("initiative", CARTHAGINIANS, ()), ("activate", "C2")]
    dice.finish()


def head_on() -> GameState:
    # R1's bow at y 12, C1's (heading 180) at y 18: 6" apart; both write 5" (Slow).
    return game(trireme("R1", 20, 10), trireme("C1", 20, 20, 180))


def test_the_ship_that_activates_first_moves_its_whole_path_and_the_other_is_blocked() -> None:
    orders = MovementOrders(movements={"R1": Movement(50), "C1": Movement(50)})
    # Romans first: R1 to y 15 (bow 17), 1" short of C1; C1 then meets R1's bow after 1".
    after, events = play_movement(head_on(), orders, ForcedDice(values=[6, 1]))
    assert (after.require("R1").y, round(after.require("C1").y, 2)) == (15.0, 19.0)
    blocked = [(e["ship"], e["by"], round(e["y"], 2)) for e in events if e.kind == "blocked"]
    assert blocked == [("C1", "R1", 19.0)]
    # Carthaginians first: C1 to y 15 (bow 13); R1 is stopped after 1", at y 11.
    after, events = play_movement(head_on(), orders, ForcedDice(values=[1, 6]))
    assert (round(after.require("R1").y, 2), after.require("C1").y) == (11.0, 15.0)
    blocked = [(e["ship"], e["by"], round(e["y"], 2)) for e in events if e.kind == "blocked"]
    assert blocked == [("R1", "C1", 11.0)]


def test_a_ship_without_a_line_takes_the_section_4_default() -> None:
    # Turn 2: R1 wrote 9.5" (Battle) last turn and repeats it straight ahead: y 10 → 19.5.
    # C1 ended last turn at Stop and writes 0.
    state = game(trireme("R1", 20, 10, last_band="battle", last_speed=95),
                 trireme("C1", 40, 30, 180, last_band="stop", last_speed=0))
    after, events = play_movement(state, MovementOrders(), ForcedDice(values=[3, 2]))
    r1, c1 = after.require("R1"), after.require("C1")
    assert (r1.written_speed, r1.band, r1.y) == (95, "battle", 19.5)
    assert (c1.written_speed, c1.band, c1.y) == (0, "stop", 30.0)
    moves = [(e["ship"], e["path"]) for e in events if e.kind == "move"]
    assert moves == [("R1", "F9.5"), ("C1", "")]


def test_on_turn_one_the_default_is_the_top_of_last_band() -> None:
    state = game(trireme("R1", 20, 10), trireme("C1", 40, 30, 180), turn_number=1)
    after, _ = play_movement(state, MovementOrders(), ForcedDice(values=[3, 2]))
    assert (after.require("R1").written_speed, after.require("R1").y) == (80, 18.0)  # Cruise 8"
    assert after.require("C1").y == 22.0


def test_a_held_ship_still_takes_its_activation_but_its_path_is_void() -> None:
    # C1 threw a line on R1 last turn; R1 will not cut (CUT NONE), so no die; its SPEED 8 is
    # void. C1 (CUT ENEMY: its own line stays) is held too.
    state = game(trireme("R1", 20, 10, standing=StandingOrders(cut="none")),
                 trireme("C1", 21.5, 10)).with_link("C1", "R1", LINE)
    orders = MovementOrders(movements={"R1": Movement(80), "C1": Movement(60)})
    dice = ForcedDice(values=[6, 1])
    after, events = play_movement(state, orders, dice)
    assert [(e.kind, e.get("ship")) for e in events if e.kind in ("void", "activate")] == [
        ("activate", "R1"), ("void", "R1"), ("activate", "C1"), ("void", "C1")]
    moves = [(e["ship"], e["path"], e["stopped"], e["end_y"]) for e in events if e.kind == "move"]
    assert moves == [("R1", "F8", "void", 10.0), ("C1", "F6", "void", 10.0)]
    assert after.record.activations == ("R1", "C1") and dice.used == 2


def test_prizes_and_sunk_ships_do_not_activate_and_one_player_rolls_no_die() -> None:
    state = game(trireme("R1", 20, 10), trireme("C1", 40, 30, 180, status=SURRENDERED),
                 trireme("C2", 50, 30, 180, status=SUNK))
    after, events = play_movement(state, at_rest("R1"), ForcedDice())
    assert summary(events) == [("initiative", ROMANS, ()), ("activate", "R1")]
    prize = after.require("C1")
    assert (prize.written_speed, prize.band, prize.activated) == (0, "stop", False)


def test_a_fleeing_ship_takes_the_judges_line_and_its_own_lines_are_dropped() -> None:
    # C1 flees 4" from the north edge heading 0: flight heading 0, Δ 0, so the highest band it
    # may write from Cruise, Battle, at its top, 10". Its bow (y 46) reaches y 48 after 2": it
    # leaves the table. The REACT written for it does not come into play (§14.3).
    state = game(trireme("R1", 20, 10), trireme("C1", 40, 44, 0, status=FLEEING))
    orders = MovementOrders(movements={"R1": Movement(0), "C1": Movement(30)},
                            reacts={"C1": React("avoid")})
    prepared, played = prepare(state, orders)
    assert played.movement("C1") == Movement(100)
    assert played.react("C1") is None
    assert prepared.require("C1").flight_heading == 0
    after, events = play_movement(state, orders, ForcedDice(values=[1, 6]))
    c1 = after.require("C1")
    assert (c1.status, round(c1.y, 2)) == (FLED, 46.0)
    assert [e.kind for e in events if e.get("ship") == "C1"] == ["activate", "move", "fled"]


def test_an_avoidance_is_slotted_into_the_rammers_activation_and_is_no_win() -> None:
    # R1 (SPEED 10, RAM C1) has C1 across its path 7.5" off (C1 heading 90 at (20, 20)). C1
    # reacts AVOID: observation 10 ≤ 50 + 7.5. Part 1 is its path up to the cap min(7.5, 8):
    # to x 27.5; R1 then runs its 10" to y 20 without touching C1; part 2 is C1's last 0.5", to
    # x 28. C1 is activated but the Carthaginians did not win an activation: the Romans, who
    # did, sit out, so C2 goes next with no die, then R2 (§5, §8.3).
    state = game(trireme("R1", 20, 10), trireme("R2", 50, 10), trireme("C1", 20, 20, 90),
                 trireme("C2", 50, 40, 180))
    orders = MovementOrders(
        movements={"R1": Movement(100, ram="C1"), "R2": Movement(0), "C1": Movement(80),
                   "C2": Movement(0)},
        reacts={"C1": React("avoid")}, line_order={ROMANS: ("R1", "R2")})
    dice = ForcedDice(values=[6, 1, 10], largest_die=100)
    after, events = play_movement(state, orders, dice)
    assert summary(events) == [
        ("initiative", ROMANS, (((ROMANS, 6), (CARTHAGINIANS, 1)),)), ("activate", "R1"),
        ("initiative", CARTHAGINIANS, ()), ("activate", "C2"),
        ("initiative", ROMANS, ()), ("activate", "R2")]
    moves = [(e["ship"], e["part"], round(e["end_x"], 2), round(e["end_y"], 2)) for e in events
             if e.kind == "move" and e["ship"] in ("R1", "C1")]
    assert moves == [("C1", "avoid 1", 27.5, 20.0), ("R1", "path", 20.0, 20.0),
                     ("C1", "avoid 2", 28.0, 20.0)]
    assert "ram_no_contact" in [e.kind for e in events]
    assert after.require("C1").activated and after.record.activations == ("R1", "C2", "R2")
    dice.finish()
