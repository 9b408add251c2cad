"""Hidden information in Wooden Walls (rulings §16, build plan §6): every view and event of a
played battle, for each side and an observer, shows no enemy crew quality before it is revealed
and no card before it is turned; the game master sees everything."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from pbem.rules.dice import SeededDice
from pbem.rules.events import event
from pbem.rules.woodenwalls import sideview
from pbem.rules.woodenwalls.host import RULESET
from pbem.rules.woodenwalls.rounds import RoundState

SEED = b"hidden"


def _unknown(state: object, viewer: str | None) -> set[str]:
    return {ship.id for ship in state.ships  # type: ignore[attr-defined]
            if not sideview.knows_quality(state, viewer, ship)}  # type: ignore[arg-type]


def test_no_view_or_event_shows_what_the_viewer_may_not_see() -> None:
    played = RULESET.start("default", {})
    rng = random.Random(5)
    seen_hidden_quality = False
    for _ in range(60):
        if played.over:
            break
        submissions = tuple((side, played.autoplay_orders(side, rng)) for side in played.owes())
        played, result, _ = played.play(submissions, SeededDice(seed=SEED, game="h", phase=played.key))
        state = played.value
        turned = set(state.round.cards_turned)
        for viewer in (*state.sides, None):
            view = played.view(viewer)
            unknown = _unknown(state, viewer)
            seen_hidden_quality |= bool(unknown)
            for ship_id, ship in view["ships"].items():
                if ship_id in unknown:
                    assert ship["quality"] is None and ship["quality_assigned"] is None
                else:
                    assert ship["quality"] in ("FR", "ABLE", "POOR")
            assert set(view["deck"]) == turned and len(view["deck"]) == len(turned)
            assert {card for leg in view["legs"] for card in leg} == turned
            for told in played.view_events(result.events, viewer):
                if told["kind"] == "shuffle":
                    assert not {"deck", "legs", "dice", "rolls"} & set(told)
                if told.get("ship") in unknown:
                    assert not sideview.EVENT_QUALITY_FIELDS & set(told), told
            if viewer is None:
                assert all(ship["quality"] is None for ship in view["ships"].values())
        full = played.full_view()
        assert full["deck"] == list(state.round.deck)
        assert all(ship["quality"] for ship in full["ships"].values())
    assert seen_hidden_quality


def test_an_enemy_quality_is_shown_once_revealed_but_never_to_an_observer() -> None:
    state = RULESET.start("default", {}).value
    side, enemy = state.sides
    target = next(ship for ship in state.ships if ship.side == enemy)
    assert sideview.view(state, side)["ships"][target.id]["quality"] is None
    shown = state.with_ship(replace(target, revealed=True))
    assert sideview.view(shown, side)["ships"][target.id]["quality"] == target.quality
    assert sideview.view(shown, None)["ships"][target.id]["quality"] is None
    assert sideview.view(shown, enemy)["ships"][target.id]["quality"] == target.quality


def test_the_deck_is_shown_only_as_far_as_turned() -> None:
    state = RULESET.start("default", {}).value
    state = replace(state, round=RoundState(deck=("M3", "F", "M1", "MB", "M4", "M2"), turned=2))
    view = sideview.view(state, state.sides[0])
    assert view["deck"] == ["M3", "F"] and view["legs"] == [["M3", "F"]]
    assert json.dumps(view).count("M4") == 0
    assert sideview.full_view(state)["deck"] == ["M3", "F", "M1", "MB", "M4", "M2"]


def test_an_event_about_an_unknown_crew_loses_its_quality_fields() -> None:
    state = RULESET.start("default", {}).value
    side, enemy = state.sides
    target = next(ship for ship in state.ships if ship.side == enemy)
    made = event("save", ship=target.id, roll="oar", die=4, target=5, limit=45.0, quality="FR")
    assert sideview.view_event(state, made, side) == {"kind": "save", "ship": target.id,
                                                      "roll": "oar", "die": 4}
    assert sideview.view_event(state, made, enemy)["limit"] == 45.0
    assert sideview.view_events(state, [made], None, game_master=True)[0]["quality"] == "FR"


def test_how_an_enemy_line_fared_is_not_told() -> None:
    state = RULESET.start("default", {}).value
    side, enemy = state.sides
    target = next(ship for ship in state.ships if ship.side == enemy)
    clamp = event("clamp", ship=target.id, line=f"{target.id}/1", notes=("S45 cut to S30",))
    failed = event("failed", ship=target.id, line=f"{target.id}/1", reason="TOWARD a backing ship")
    missed = event("shot", ship=target.id, line=f"{target.id}: SHOOT M RH-ATHENA.M", failed=True,
                   reason="out of range")
    assert sideview.view_event(state, clamp, side) == {"kind": "clamp", "ship": target.id}
    assert sideview.view_event(state, failed, None) == {"kind": "failed", "ship": target.id}
    assert sideview.view_event(state, missed, side) == {"kind": "shot", "ship": target.id,
                                                        "failed": True}
    assert sideview.view_event(state, clamp, enemy)["notes"] == ["S45 cut to S30"]


def test_the_terrain_is_in_every_view() -> None:
    from pbem.rules.table import Vec, area_polygon
    from pbem.rules.woodenwalls.state import Current, Terrain

    state = RULESET.start("default", {}).value
    land = area_polygon([Vec(0.0, 0.0), Vec(0.0, 1.0), Vec(1.0, 1.0), Vec(1.0, 0.0)])
    state = replace(state, terrain=Terrain((land,), (Current(land, 45.0, "strong"),)))
    view = sideview.view(state, None)
    assert view["terrain"]["land"] == [[[0.0, 0.0], [0.0, 1.0], [1.0, 1.0], [1.0, 0.0]]]
    assert view["terrain"]["currents"][0]["heading"] == 45
    assert view["terrain"]["currents"][0]["strength"] == "strong"
