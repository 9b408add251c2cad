from __future__ import annotations

from pbem.rules.dice import ForcedDice
from pbem.rules.interface import PhaseSpec, Ruleset
from pbem.rules.ramspeed.hexes import parse_label
from pbem.rules.ramspeed.ruleset import RamSpeed, ramspeed
from pbem.rules.ramspeed.state import Galley, GameState, Weapon


def _state(secret: bool) -> GameState:
    return GameState(
        galleys=(
            Galley("A", "blue", "trireme", bow=parse_label("0807"), facing=0,
                   weapons=(Weapon("catapult"),), boarding_parties=2, hull_damage=4),
            Galley("X", "red", "bireme", bow=parse_label("1107"), facing=3, rowing_damage=6),
        ),
        options=(("secret_records", secret),),
    )


def test_ramspeed_is_a_ruleset() -> None:
    rules: Ruleset = ramspeed()
    assert rules.name == "ramspeed"
    assert list(rules.phases()) == ["build", "setup", "movement", "combat"]


def test_check_then_resolve_through_the_interface() -> None:
    rules = RamSpeed()
    state = _state(False)
    phase = PhaseSpec("movement", "blue")
    sheet = rules.check(state, phase, "A: F F RAM X")
    result = rules.resolve(state, phase, [sheet], ForcedDice(values=[1, 2, 3]))
    assert result.state.galley("X").hull_damage == 5
    assert [e.kind for e in result.events] == ["move", "ram"]


def test_secret_records_hide_the_enemy_record_sheet() -> None:
    rules = RamSpeed()
    blue = rules.view(_state(True), "blue")["galleys"]
    assert blue["A"]["hull_damage"] == 4 and blue["A"]["boarding_parties"] == 2
    assert "rowing_damage" not in blue["X"] and "movement_allowance" not in blue["X"]
    assert blue["X"]["bow"] == "1107" and blue["X"]["type"] == "bireme"
    observer = rules.view(_state(True), None)["galleys"]
    assert "hull_damage" not in observer["A"] and "weapons" not in observer["X"]
    open_view = rules.view(_state(False), "blue")["galleys"]
    assert open_view["X"]["rowing_damage"] == 6
