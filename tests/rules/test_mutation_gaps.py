"""Tests written for what a mutation run (mutmut, issue 8) showed no test would notice: the
2/3 victory boundary, the codec's round trip, who owes movement orders, hidden hit figures,
and the bounds of counts in combat orders."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.errors import OrderError
from pbem.rules.events import event
from pbem.rules.ramspeed import codec
from pbem.rules.ramspeed.combat_orders import parse_combat
from pbem.rules.ramspeed.game import MOVEMENT, Game
from pbem.rules.ramspeed.hexes import parse_label
from pbem.rules.ramspeed.orders import read_line
from pbem.rules.ramspeed.state import LEFT_MAP, SUNK, Galley, GameState, Weapon
from pbem.rules.ramspeed.tables import default_tables, scenario
from pbem.rules.ramspeed.victory import winner
from pbem.rules.ramspeed.view import side_events


def test_exactly_two_thirds_of_the_enemy_fleet_wins() -> None:
    """14.0: sinking or taking two thirds of the enemy's points wins; not a point more."""
    red = [Galley(f"X{n}", "red", "trireme") for n in range(3)]
    blue = [Galley("A", "blue", "trireme")]
    two_sunk = [*blue, replace(red[0], status=SUNK), replace(red[1], status=SUNK), red[2]]
    one_sunk = [*blue, replace(red[0], status=SUNK), red[1], red[2]]
    assert winner(two_sunk, "standard", default_tables()) == "blue"  # 3 x 2 >= 2 x 3
    assert winner(one_sunk, "standard", default_tables()) is None


def test_every_field_of_a_game_survives_the_codec() -> None:
    custom = replace(scenario("squadron"), name="skirmish", title="Skirmish")
    state = GameState(
        columns=20, rows=12, turn=4, initiative="red", scenario="skirmish",
        victory_rule="standard", winner="draw", options=(("secret_records", True),),
        custom_scenario=custom,
        galleys=(
            Galley("A", "blue", "trireme", bow=parse_label("0807"), facing=2,
                   weapons=(Weapon("catapult", 2),), boarding_parties=3, hull_damage=4,
                   rowing_damage=5, drifting=True, drifted=True, double_used=2,
                   triple_used=True, grappled_with=frozenset({"X"}), controller="red"),
            Galley("X", "red", "bireme", bow=parse_label("0806"), facing=0,
                   grappled_with=frozenset({"A"}), merchantman=True),
            Galley("Y", "red", "penteconter", status=LEFT_MAP, exit_edge="west"),
            Galley("Z", "red", "penteconter", status=SUNK),
        ))
    game = Game(state=state, step=MOVEMENT, sides=("blue", "red"), order=("red", "blue"),
                index=1)
    again = codec.game_from_json(codec.game_to_json(game))
    assert again == game
    assert codec.scenario_from_json(codec.scenario_to_json(custom)) == custom


def test_a_drifting_galley_next_to_an_enemy_still_owes_orders() -> None:
    """A galley that must drift can still grapple a neighbour: its side is asked to move."""
    drifting = Galley("A", "blue", "trireme", bow=parse_label("0807"), facing=0,
                      drifting=True)
    enemy = Galley("X", "red", "trireme", bow=parse_label("0808"), facing=0)
    far = replace(enemy, bow=parse_label("1520"))
    asked = Game(state=GameState(galleys=(drifting, enemy)), step=MOVEMENT,
                 sides=("blue", "red"), order=("blue", "red"))
    alone = replace(asked, state=GameState(galleys=(drifting, far)))
    assert asked.owes() == ("blue",)
    assert alone.owes() == ()


def test_another_sides_hit_figures_stay_hidden_under_secret_records() -> None:
    state = GameState(options=(("secret_records", True),), galleys=(
        Galley("A", "blue", "trireme", bow=parse_label("0807"), facing=0),
        Galley("X", "red", "trireme", bow=parse_label("0810"), facing=0)))
    hit = event("hit", galley="X", by="A", weapon="catapult", location="hull",
                location_rolls=[3], damage=4, destroyed=None)
    seen_by_blue = side_events((hit,), state, "blue")[0]
    assert not {"damage", "location_rolls", "destroyed"} & set(seen_by_blue)
    assert side_events((hit,), state, "red")[0]["damage"] == 4


@pytest.mark.parametrize(("count", "ok"), [("0", False), ("1", True), ("99", True),
                                            ("100", False)])
def test_counts_in_combat_orders_are_1_to_99(count: str, ok: bool) -> None:
    line = read_line(1, f"A: TRANSFER {count} TO B", "combat")
    if ok:
        parse_combat(line)
    else:
        with pytest.raises(OrderError, match="from 1 to 99"):
            parse_combat(line)


def test_order_hints_for_each_phase_kind() -> None:
    """The template's comments: set-up zone, speeds, drift, grapples (enemy and friendly),
    enemies within reach (A, held by X, moves at most 1 hex; B only drifts), and every
    weapon's targets at the edges of its range (archer 1-3, onager 3-6)."""
    from pbem.rules.ramspeed.hints import order_hints

    at = parse_label
    state = GameState(columns=20, rows=12, galleys=(
        Galley("A", "blue", "trireme", bow=at("0806"), facing=0, boarding_parties=2,
               weapons=(Weapon("archer"), Weapon("onager")), grappled_with=frozenset("XB")),
        Galley("B", "blue", "bireme", bow=at("0807"), facing=0, drifting=True,
               grappled_with=frozenset("A"), double_used=1),
        Galley("C", "blue", "penteconter"),
        Galley("X", "red", "bireme", bow=at("0805"), facing=0, grappled_with=frozenset("A")),
        *(Galley(gid, "red", "trireme", bow=at(where), facing=0)
          for gid, where in (("Y", "1306"), ("Z", "1606"), ("W", "1806")))))
    assert order_hints(state, "blue", "setup", "west") == {"C": [
        "penteconter, 2 hexes: bow hex and facing, every hex columns 01-04", "CCRR FACING"]}
    assert order_hints(state, "blue", "movement") == {
        "A": ["MA 3, course change 2", "DOUBLE 3 left, TRIPLE once",
              "grappled with enemy X: begin with UNGRAPPLE (a roll) to move; after one clean "
              "try at most half MA (1), after a second try none (10.0); the grapple with "
              "friendly B parts without a roll",
              "enemies within reach this phase (hexes now): X at 1", "STAY"],
        "B": ["MA 4", "must drift: it moves one hex ahead by itself; it may still UNGRAPPLE "
              "and GRAPPLE but not ram or shear",
              "grappled only with friendly A: UNGRAPPLE casts off without a roll, then it "
              "drifts; with no UNGRAPPLE it stays grappled and does not move (10.0)", "STAY"]}
    assert order_hints(state, "blue", "combat") == {
        "A": ["FIRE archer: X (1), Y (3)", "FIRE onager: Y (3), Z (6)", "TRANSFER n TO B",
              "BOARD X (you have 2 parties)", "FIRE archer X, onager Y"],
        "B": ["nothing to do in this phase", ""]}
