"""The Wooden Walls presenter (plan §9.3, §6): report tables read from a view, what each viewer
sees of crew quality (§16), the cards turned (never one to come) and the standing (§18)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pbem.rules.interface import Section
from pbem.rules.woodenwalls.present import HIDDEN, lost, report_sections, standing
from pbem.rules.woodenwalls.rounds import LEG, OVER, Phase, RoundState
from pbem.rules.woodenwalls.scenario import default_state
from pbem.rules.woodenwalls.sideview import full_view, view
from pbem.rules.woodenwalls.state import (
    FLED,
    GRAPPLE,
    HULK,
    RAM,
    STANDING_OFF,
    SUNK,
    GameState,
    Link,
    ShippedOars,
    Wind,
)
from pbem.rules.woodenwalls.switches import Options

RHODES, MACEDON = "rhodes", "macedon"
# M3 F M1 | M4 M2 | MB (§5.3: A ends at the 2nd MOVE card, B at the 4th); four turned.
DECK = ("M3", "F", "M1", "M4", "M2", "MB")


def small() -> GameState:
    """The Rhodian Straits in round 2, leg B, four cards turned: RH-ATHENA holed (M, added S),
    burning in B at 2, oar section P1 lost, port oars shipped, starboard steering oar lost,
    standing off, ram lost, speed 1, grappled to MA-PELLA (which RH-ATHENA threw); MA-PELLA's
    quality revealed; MA-KASSANDRA sunk; RH-DELPHIS captured by Macedon; the wind stiff at 45."""
    state = default_state(Options())
    athena = replace(state.require("RH-ATHENA"), holes=("M",), added=("S",),
                     fires=(2, 0, 0, 0, 0), oars_lost=("P1",), shipped=(ShippedOars("port"),),
                     steering_lost=("starboard",), flag=STANDING_OFF, ram=False, speed=1)
    pella = replace(state.require("MA-PELLA"), revealed=True)
    kassandra = replace(state.require("MA-KASSANDRA"), status=HULK, hulk_reason=SUNK, speed=0)
    delphis = replace(state.require("RH-DELPHIS"), controller=MACEDON, captured=True,
                      revealed=True, speed=1)
    for ship in (athena, pella, kassandra, delphis):
        state = state.with_ship(ship)
    return replace(state, links=(Link(GRAPPLE, "RH-ATHENA", "MA-PELLA", ("RH-ATHENA",)),),
                   wind=Wind("stiff", 45.0), phase=Phase(LEG, 2, "B"),
                   round=RoundState(deck=DECK, turned=4, action_phase=3))


def tables(state: GameState, viewer: str | None) -> dict[str, Section]:
    data = view(state, viewer)
    return {section.title.split(":")[0]: section
            for section in report_sections(data, viewer, standing(state))}


def rows_by_ship(section: Section) -> dict[str, tuple[str, ...]]:
    return {row[0]: row[1:] for row in section.rows}


def test_ship_rows_exact_for_rhodes() -> None:
    ships = tables(small(), RHODES)["Ships"]
    # Own (controlled) ships first: RH-DELPHIS is Macedon's now, so it goes with the rest,
    # in scenario order.
    assert [row[0] for row in ships.rows] == [
        "RH-ATHENA", "RH-HELIOS", "RH-RHODOS", "RH-DELPHIS", "MA-ANTIGONIS", "MA-DEMETRIAS",
        "MA-PELLA", "MA-KASSANDRA"]
    rows = rows_by_ship(ships)
    # Fire B 2 (larger than small) caps the maximum at 1 (§4.2 (3)).
    assert rows["RH-ATHENA"] == (RHODES, "trireme", "(6.00, 2.00)", "0", "1", "1", "afloat",
                                 "FR", "lost", "standing off")
    assert rows["MA-PELLA"][7] == "ABLE"  # revealed (§16)
    assert rows["MA-DEMETRIAS"][7] == HIDDEN and rows["MA-ANTIGONIS"][7] == HIDDEN
    assert rows["MA-KASSANDRA"][6] == "hulk (sunk)" and rows["MA-KASSANDRA"][4] == "0 (stopped)"
    assert rows["RH-DELPHIS"][6] == "afloat, held by macedon"
    assert rows["RH-DELPHIS"][7] == "ABLE"  # the viewer's own starting ship


def test_damage_links_and_elements_exact() -> None:
    found = tables(small(), RHODES)
    damage = rows_by_ship(found["Holes, fires and oars"])
    assert damage["RH-ATHENA"] == ("M", "S", "B 2", "P1", "port", "starboard")
    assert damage["RH-HELIOS"] == ("none",) * 6
    assert found["Links"].rows == (("RH-ATHENA", "grapple RH-ATHENA>MA-PELLA 1"),
                                   ("MA-PELLA", "grapple RH-ATHENA>MA-PELLA 1"))
    athena = [row for row in found["Elements by area"].rows if row[0] == "RH-ATHENA"]
    assert athena == [("RH-ATHENA", "B", RHODES, "marines", "picked", "armoured, shielded", "1"),
                      ("RH-ATHENA", "M", RHODES, "shooters", "experienced", "archers", "1"),
                      ("RH-ATHENA", "S", RHODES, "marines", "picked", "armoured, shielded", "1")]
    antigonis = [row[1:] for row in found["Elements by area"].rows if row[0] == "MA-ANTIGONIS"]
    # §19: B 2 marines (one row, counted), M 1 engine and 1 shooter, S 1 marine.
    assert antigonis == [("B", MACEDON, "marines", "experienced", "armoured, shielded", "2"),
                         ("M", MACEDON, "engine", "-", "-", "1"),
                         ("M", MACEDON, "shooters", "experienced", "archers", "1"),
                         ("S", MACEDON, "marines", "experienced", "armoured, shielded", "1")]


def test_wind_and_only_the_cards_turned() -> None:
    found = tables(small(), RHODES)
    assert found["Wind"].rows == (("stiff", "45"),)
    assert found["Cards turned this round"].rows == (("A", "M3 F M1"), ("B", "M4"))
    text = repr([section.as_json() for section in found.values()])
    assert "M2" not in text and "MB" not in text  # never a card not yet turned (§16)


def test_no_card_before_the_first_shuffle() -> None:
    cards = tables(default_state(Options()), RHODES)["Cards turned this round"]
    assert cards.rows == () and cards.empty == "none yet"


def test_macedon_sees_its_own_and_the_revealed_only() -> None:
    rows = rows_by_ship(tables(small(), MACEDON)["Ships"])
    assert rows["MA-PELLA"][7] == "ABLE" and rows["MA-KASSANDRA"][7] == "POOR"
    assert rows["RH-ATHENA"][7] == HIDDEN and rows["RH-HELIOS"][7] == HIDDEN
    assert rows["RH-DELPHIS"][7] == "ABLE"  # captured by Macedon (and revealed)


def test_an_observer_sees_no_quality_at_all() -> None:
    rows = rows_by_ship(tables(small(), None)["Ships"])
    assert {row[7] for row in rows.values()} == {HIDDEN}


def test_the_game_master_sees_every_quality() -> None:
    state = small()
    data = full_view(state)
    rows = rows_by_ship(report_sections(data, None, standing(state))[0])
    assert rows["MA-DEMETRIAS"][7] == "ABLE" and rows["RH-HELIOS"][7] == "FR"


def test_standing_by_hand() -> None:
    numbers = standing(small())
    assert numbers["round"] == 2 and numbers["round_limit"] == 8 and numbers["winner"] == ""
    assert numbers["over"] is False
    # Rhodes: 4 at start; RH-DELPHIS enemy-controlled: 1 lost; afloat under its own control 3;
    # broken at half of 4 rounded up = 2.
    assert numbers["sides"][RHODES] == {"start": 4, "afloat": 3, "lost": 1, "breaking_point": 2,
                                        "broken": False}
    # Macedon: MA-KASSANDRA sunk: 1 lost; afloat 3 own + RH-DELPHIS = 4.
    assert numbers["sides"][MACEDON] == {"start": 4, "afloat": 4, "lost": 1,
                                         "breaking_point": 2, "broken": False}
    sides = tables(small(), RHODES)["Sides (victory by losses, §18)"]
    assert sides.title.endswith("round 2 of 8")
    assert sides.rows == ((RHODES, "4", "3", "1", "2", "no"), (MACEDON, "4", "4", "1", "2", "no"))


def test_losses_reach_the_break_point_at_half_rounded_up() -> None:
    state = small()
    fled = replace(state.require("RH-HELIOS"), status=FLED)
    numbers = standing(state.with_ship(fled))
    assert numbers["sides"][RHODES]["lost"] == 2 and numbers["sides"][RHODES]["broken"]


def test_lost_per_18() -> None:
    state = small()
    assert lost(state.require("RH-DELPHIS")) and lost(state.require("MA-KASSANDRA"))
    # Standing off is not lost; a ram link changes nothing.
    assert not lost(state.require("RH-ATHENA"))
    linked = replace(state, links=(Link(RAM, "RH-HELIOS", "MA-PELLA"),))
    assert not lost(linked.require("MA-PELLA"))


def battle_states(mail: str, seed: int = 5) -> list[GameState]:
    """The state after every phase of a default battle played by the computer player."""
    host = pytest.importorskip("pbem.rules.woodenwalls.host", exc_type=ImportError)
    from pbem.rules.dice import SeededDice

    played = host.RULESET.start("default", {"mail": mail})
    rng = random.Random(seed)
    seen = []
    for _ in range(60):
        if played.over:
            break
        key = played.key
        subs = tuple((side, played.autoplay_orders(side, rng)) for side in played.owes())
        played, _, _ = played.play(subs, SeededDice(seed=b"present", game="g", phase=key))
        seen.append(played.value)
    return seen


@pytest.mark.parametrize("mail", ["legs", "split"])
def test_a_played_battle_never_shows_a_hidden_quality(mail: str) -> None:
    for state in battle_states(mail):
        for viewer in (RHODES, MACEDON, None):
            found = tables(state, viewer)
            rows = rows_by_ship(found["Ships"])
            for ship in state.ships:
                known = viewer is not None and (ship.owner == viewer or ship.side == viewer
                                                or ship.revealed)
                assert rows[ship.id][7] == (ship.quality if known else HIDDEN)
            turned = set(state.round.cards_turned)
            shown = {card for row in found["Cards turned this round"].rows
                     for card in row[1].split()}
            assert shown <= turned


def test_words_for_backing_burnt_out_and_fled() -> None:
    state = small()
    state = state.with_ship(replace(state.require("RH-HELIOS"), speed="B"))
    state = state.with_ship(replace(state.require("MA-ANTIGONIS"), status=HULK,
                                    hulk_reason="burnt_out", speed=0))
    state = state.with_ship(replace(state.require("RH-RHODOS"), status=FLED))
    rows = rows_by_ship(tables(state, RHODES)["Ships"])
    assert rows["RH-HELIOS"][4] == "B (backing)"
    assert rows["MA-ANTIGONIS"][6] == "hulk (burnt out)"
    assert rows["RH-RHODOS"][2:4] == ("off the table", "") and rows["RH-RHODOS"][6] == "fled"


def test_the_sides_title_once_over() -> None:
    over = replace(small(), phase=Phase(OVER), winner=MACEDON)
    title = report_sections(view(over, RHODES), RHODES, standing(over))[-1].title
    assert title == "Sides (victory by losses, §18): the game is over: macedon won"
    drawn = replace(over, winner="draw")
    assert report_sections(view(drawn, None), None, standing(drawn))[-1].title.endswith(
        "the game is over: a draw")
