"""What each viewer sees of a speed-band game (rulings §4, plan §4): the state views."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import Event, event
from pbem.rules.speedband.scenario import default_state
from pbem.rules.speedband.state import (
    CORVUS,
    LINE,
    Front,
    GameState,
    Link,
    StandingOrders,
    TurnRecord,
)
from pbem.rules.speedband.switches import Options, parse_options
from pbem.rules.speedband.view import SECRET_COUNTS, full_view, state_json, view, view_events

ROMANS, CARTHAGINIANS = "romans", "carthaginians"


def battle(secret: bool = False) -> GameState:
    """Off Mylae after some fighting: R1's corvus holds C1, C1 threw a line on R2."""
    options = parse_options({"secret_records": "on"}) if secret else Options()
    state = default_state(options)
    r1, r2, r3, c1, c2, c3 = state.ships
    r1 = replace(r1, corvus_holds="C1", hull=58, rowers=(4, 0, 4, 0, 0, 4, 4, 4), archers=1,
                 officers_lost=1, band="battle", written_speed=80, last_speed=-15,
                 standing=StandingOrders(melee="C1", raise_corvus=True), raise_count=1)
    c1 = replace(c1, soldiers=4, officers=2, officers_lost=1, officers_lost_this_turn=1,
                 ballistae=1, standing=StandingOrders(cut="all", break_corvus="R1"),
                 break_count=2)
    c2 = replace(c2, status="fleeing", flight_heading=0)
    c3 = replace(c3, status="sunk")
    state = state.with_ships((r1, r2, r3, c1, c2, c3))
    return replace(state, links=(Link("R1", "C1", CORVUS, "R1"), Link("R2", "C1", LINE, "C1")),
                   fronts=(Front("R1", "C1", 1),),
                   record=TurnRecord(activations=("R1", "C2"), ram_locked=(("R3", "C2"),),
                                     revealed=(("C2", "react"),)))


def test_a_ship_row_carries_every_fact() -> None:
    ship = state_json(battle())["ships"]["R1"]
    assert (ship["type"], ship["tons"], ship["side"], ship["owner"]) == (
        "quinquereme", 100, ROMANS, ROMANS)
    assert ship["rowers"] == [4, 0, 4, 0, 0, 4, 4, 4] and ship["sections_lost"] == [2, 4, 5]
    # §2.3: Ram (5) - floor(3 lost / 2) - floor(42 / 30) = 5 - 1 - 1 = 3, Cruise.
    assert ship["max_band"] == "cruise" and ship["hull"] == 58
    assert (ship["archers"], ship["soldiers"], ship["officers"], ship["officers_lost"],
            ship["ballistae"]) == (1, 4, 3, 1, 1)
    assert ship["band"] == "battle" and ship["written_speed"] == 8.0
    assert ship["last_speed"] == -1.5 and ship["last_band"] == "cruise"
    assert ship["soldier_value"] == 0.7 and ship["corvus"] and ship["tower"]
    assert ship["corvus_holds"] == "C1" and ship["grappled_with"] == ["C1"]
    assert ship["standing"] == {"cut": "enemy", "melee": "C1",
                                "losses": ["archers", "soldiers", "officers"], "raise": True,
                                "break": ""}
    assert ship["raise_count"] == 1
    assert (ship["x"], ship["y"], ship["heading"]) == (28.0, 8.0, 0)
    # A 5 x 1.25 quinquereme at (28, 8) heading north: corners G3 order.
    assert sorted(map(tuple, ship["corners"])) == [(27.38, 5.5), (27.38, 10.5), (28.62, 5.5),
                                                   (28.62, 10.5)]


def test_the_game_rows() -> None:
    data = full_view(battle())
    assert data["links"] == [
        {"first": "R1", "second": "C1", "kind": "corvus", "thrower": "R1"},
        {"first": "R2", "second": "C1", "kind": "line", "thrower": "C1"}]
    assert data["ships"]["C1"]["grappled_with"] == ["R1", "R2"]  # scenario order
    assert data["fronts"] == [{"first": "R1", "second": "C1", "value": 1}]
    assert data["ships"]["C2"]["status"] == "fleeing"
    assert data["ships"]["C2"]["flight_heading"] == 0
    assert data["ships"]["C3"]["corners"] == []  # off the table
    assert data["record"]["activations"] == ["R1", "C2"]
    assert data["record"]["ram_locked"] == [["R3", "C2"]]
    assert data["sides"] == [ROMANS, CARTHAGINIANS] and data["turn"] == 1
    assert data["phase"] == "T1-r1" and data["winner"] == "" and data["hidden"] == []
    assert data["options"]["secret_records"] == "off"


def test_standing_orders_only_to_their_own_side() -> None:
    state = battle()
    romans, carthaginians, public = (view(state, ROMANS), view(state, CARTHAGINIANS),
                                     view(state, None))
    assert romans["ships"]["R1"]["standing"]["melee"] == "C1"
    assert romans["ships"]["R1"]["raise_count"] == 1
    for key in ("standing", "raise_count", "break_count"):
        assert key not in romans["ships"]["C1"]
        assert key not in carthaginians["ships"]["R1"]
        assert all(key not in ship for ship in public["ships"].values())
    assert carthaginians["ships"]["C1"]["standing"]["break"] == "R1"
    assert carthaginians["ships"]["C1"]["break_count"] == 2
    assert full_view(state)["ships"]["C1"]["standing"]["cut"] == "all"


def test_without_secret_records_every_count_is_open() -> None:
    state = battle()
    for side in (ROMANS, CARTHAGINIANS, None):
        ships = view(state, side)["ships"]
        assert ships["C1"]["soldiers"] == 4 and ships["R1"]["rowers"][1] == 0
        assert view(state, side)["hidden"] == []


def test_secret_records_hide_enemy_counts_not_hull_or_sections() -> None:
    state = battle(secret=True)
    romans = view(state, ROMANS)
    for key in SECRET_COUNTS:
        assert key not in romans["ships"]["C1"]
        assert key in romans["ships"]["R1"]
    assert romans["hidden"] == ["C1", "C2", "C3"]
    c1 = romans["ships"]["C1"]
    assert c1["hull"] == 100 and c1["sections_lost"] == [] and c1["max_band"] == "ram"
    carthaginians = view(state, CARTHAGINIANS)
    assert carthaginians["ships"]["R1"]["sections_lost"] == [2, 4, 5]
    assert carthaginians["ships"]["R1"]["hull"] == 58
    assert "archers" not in carthaginians["ships"]["R1"]
    assert carthaginians["ships"]["C1"]["officers_lost"] == 1
    public = view(state, None)
    assert public["hidden"] == ["R1", "R2", "R3", "C1", "C2", "C3"]
    assert all(key not in ship for ship in public["ships"].values() for key in SECRET_COUNTS)
    full = full_view(state)
    assert full["ships"]["C1"]["soldiers"] == 4 and full["hidden"] == []


def test_a_prize_is_seen_by_its_captor() -> None:
    state = battle(secret=True)
    c1 = replace(state.require("C1"), status="captured", controller=ROMANS, archers=0,
                 soldiers=0, officers=0)
    state = state.with_ship(c1)
    assert view(state, ROMANS)["ships"]["C1"]["soldiers"] == 0
    assert view(state, ROMANS)["ships"]["C1"]["standing"]["break"] == "R1"
    assert "soldiers" not in view(state, CARTHAGINIANS)["ships"]["C1"]
    assert view(state, CARTHAGINIANS)["ships"]["C1"]["owner"] == ROMANS


# --- events


def told(state: GameState, side: str | None, *items: Event) -> list[dict[str, object]]:
    return view_events(state, items, side)


def test_without_secret_records_events_pass_whole() -> None:
    state = battle()
    shot = event("shot", ship="C1", weapon="archers", target="R1", factor=3, range="short",
                 distance=2.5, type="soldiers", roll=12, chance=35.0, read=12, hit="soldiers")
    loss = event("missile_loss", ship="R1", type="soldiers", hits=1, lost=1, left=3,
                 excess_to_rowers=0)
    for side in (ROMANS, CARTHAGINIANS, None):
        assert told(state, side, shot, loss) == [shot.as_dict(), loss.as_dict()]


def test_standing_and_unused_orders_are_told_only_to_their_side() -> None:
    state = battle()
    ended = event("melee_order_ended", ship="R1", target="C2", reason="not locked")
    work = event("corvus_work", ship="C1", verb="break", corvus_ship="R1", held="C1", count=2,
                 interrupted="")
    refused = event("fire_refused", ship="C1", weapon="archers", target="R3", count=2,
                    reason="beyond long range")
    stayed = event("transfer", ship="R2", friend="R3", type="soldiers", count=2, moved=0,
                   reason="both ships must have written speed 0")
    assert told(state, ROMANS, ended, work, refused, stayed) == [ended.as_dict(),
                                                                 stayed.as_dict()]
    assert told(state, CARTHAGINIANS, ended, work, refused, stayed) == [work.as_dict(),
                                                                        refused.as_dict()]
    assert told(state, None, ended, work, refused, stayed) == []


def test_secret_records_take_enemy_counts_out_of_events() -> None:
    state = battle(secret=True)
    observe = event("observe", ship="C1", rammer="R1", distance=3.0, officers_lost=1,
                    chance=43.0, roll=40, success=True)
    side = event("melee_side", ship="C1", against="R1", round=1, value=61, multiplier=75,
                 casualties=4, officer_kills=1)
    losses = event("melee_losses", ship="C1", by="R1", round=1, officers_killed=1, archers=2,
                   soldiers=1, officers=0, archers_left=2, soldiers_left=3, officers_left=1)
    loss = event("missile_loss", ship="C1", type="soldiers", hits=2, lost=1, left=0,
                 excess_to_rowers=1)
    romans = told(state, ROMANS, observe, side, losses, loss)
    assert romans[0] == {"kind": "observe", "ship": "C1", "rammer": "R1", "distance": 3.0,
                         "roll": 40, "success": True}
    # The casualties C1 inflicted are R1's own losses: R1's side reads them, not C1's value.
    assert romans[1] == {"kind": "melee_side", "ship": "C1", "against": "R1", "round": 1,
                         "multiplier": 75, "casualties": 4, "officer_kills": 1}
    assert romans[2] == {"kind": "melee_losses", "ship": "C1", "by": "R1", "round": 1}
    assert romans[3] == {"kind": "missile_loss", "ship": "C1", "type": "soldiers", "hits": 2}
    carthaginians = told(state, CARTHAGINIANS, observe, side, losses, loss)
    assert carthaginians == [item.as_dict() for item in (observe, side, losses, loss)]
    public = told(state, None, side)
    assert public == [{"kind": "melee_side", "ship": "C1", "against": "R1", "round": 1,
                       "multiplier": 75}]


def test_secret_records_show_only_the_last_morale_roll_of_an_enemy() -> None:
    state = battle(secret=True)
    first = event("morale", ship="C1", officer=1, roll=30, officers=20, areas=0,
                  outnumbered=0, crew=0, total=50, hull=100, held=True)
    second = event("morale", ship="C1", officer=2, roll=75, officers=30, areas=0,
                   outnumbered=0, crew=0, total=105, hull=100, held=False)
    own = event("morale", ship="R1", officer=1, roll=5, officers=20, areas=10, outnumbered=0,
                crew=0, total=35, hull=58, held=True)
    romans = told(state, ROMANS, first, own, second)
    assert romans == [own.as_dict(), {"kind": "morale", "ship": "C1", "roll": 75, "areas": 0,
                                      "outnumbered": 0, "crew": 0, "hull": 100,
                                      "held": False}]
    assert told(state, CARTHAGINIANS, first, own, second)[::2] == [first.as_dict(),
                                                                   second.as_dict()]


def test_a_prize_taken_in_the_phase_keeps_its_earlier_counts_from_the_captor() -> None:
    state = battle(secret=True)
    state = state.with_ship(replace(state.require("C1"), status="captured", controller=ROMANS,
                                    archers=0, soldiers=0, officers=0))
    losses = event("melee_losses", ship="C1", by="R1", round=3, officers_killed=0, archers=1,
                   soldiers=2, officers=1, archers_left=0, soldiers_left=0, officers_left=0)
    capture = event("capture", ship="C1", by="R1", controller=ROMANS, prisoners=4,
                    released=("R2",))
    romans = told(state, ROMANS, losses, capture)
    assert romans[0] == {"kind": "melee_losses", "ship": "C1", "by": "R1", "round": 3}
    assert romans[1]["prisoners"] == 4  # the captor took them off
    assert told(state, CARTHAGINIANS, losses, capture)[0]["soldiers"] == 2
    assert "prisoners" not in told(state, None, capture)[0]


def test_an_unknown_kind_loses_count_and_wish_fields_unless_all_its_ships_are_the_viewers() -> None:
    state = battle(secret=True)
    odd = event("boarding_cry", ship="C1", target="R1", soldiers_left=3, reaction="avoid",
                roll=7)
    assert told(state, ROMANS, odd) == [{"kind": "boarding_cry", "ship": "C1", "target": "R1",
                                         "roll": 7}]
    own = event("boarding_cry", ship="C1", soldiers_left=3, reaction="avoid", roll=7)
    assert told(state, CARTHAGINIANS, own) == [own.as_dict()]
    plain = battle()
    assert told(plain, ROMANS, odd) == [{"kind": "boarding_cry", "ship": "C1", "target": "R1",
                                         "soldiers_left": 3, "roll": 7}]


def test_secret_records_show_another_side_only_the_shots_that_hit() -> None:
    # One d100 a factor (§12): a side that saw every miss of C1's archers would count them.
    state = battle(secret=True)
    shots = [event("shot", ship="C1", weapon="archers", target="R1", factor=n, range="short",
                   distance=2.5, type="soldiers", roll=roll, chance=35.0, read=roll,
                   hit="soldiers" if roll <= 35 else "")
             for n, roll in ((1, 12), (2, 80), (3, 51))]
    hit = {key: value for key, value in shots[0].as_dict().items() if key != "factor"}
    assert told(state, ROMANS, *shots) == [hit]
    assert told(state, None, *shots) == [hit]
    assert told(state, CARTHAGINIANS, *shots) == [shot.as_dict() for shot in shots]
