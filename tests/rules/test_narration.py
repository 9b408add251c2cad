"""Ram Speed's sentences: a move told step by step as it was ordered, and a hit whose damage
is kept secret told without a false claim of damage."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.narrate import sentence_of

GAMES = Path(__file__).parents[1] / "games"


def _move(start: str, *path: str, **more: Any) -> str:
    return sentence_of({"kind": "move", "galley": "B", "start": start, "path": list(path),
                        "speed": 1, "drifting": False, **more})


def _ahead(label: str, facing: str, turn: int = 0) -> str:
    """The hex next to `label` in the direction `facing` turned by `turn` hexsides."""
    return hexes.label(hexes.add(hexes.parse_label(label), hexes.facing_index(facing) + turn))


def test_a_reverse_then_a_forward_step_is_told_as_such() -> None:
    back = _ahead("1006", "W", 3)
    assert _move("1006", f"{back} W", "1006 W", spent=3, allowance=3) == (
        f"B moved from 1006: reversed one hex to {back} W, then forward one hex to 1006 W "
        "(3 of 3 MA).")


def test_turns_say_which_way_and_runs_of_steps_are_counted() -> None:
    one = _ahead("1006", "NW")
    two = _ahead(one, "NW")
    assert _move("1006", "1006 NW", f"{one} NW", f"{two} NW", "1006 NW") == (
        f"B moved from 1006: turned to face NW, forward two hexes to {two} NW, then to "
        "1006 NW.")  # the first turn's way is unknown; the last step is no single step
    assert _move("1006", "1006 NW", "1006 W", "1006 NW") == (
        "B moved from 1006: turned to face NW, turned to port to face W, then turned to "
        "starboard to face NW.")


@pytest.mark.parametrize(("turn", "way"), [(-1, "port"), (1, "starboard")])
def test_a_sideslip_says_to_which_side(turn: int, way: str) -> None:
    first = _ahead("0505", "E")
    slipped = _ahead(first, "E", turn)
    assert _move("0505", f"{first} E", f"{slipped} E") == (
        f"B moved from 0505: forward one hex to {first} E, then slipped sideways to {way} "
        f"to {slipped} E.")


def test_a_path_off_the_grid_is_listed_as_it_is() -> None:
    assert _move("0101", "0001 W", "-101 W") == "B moved from 0101: 0001 W → -101 W."


def test_the_squadron_game_s_first_moves_read_as_their_orders() -> None:
    """R3: DOUBLE F F F SP F SP F SS, as the golden game's events tell it."""
    lines = (GAMES / "squadron" / "expected" / "events.jsonl").read_text(encoding="utf-8")
    phase = next(p for p in map(json.loads, lines.splitlines()) if p["key"] == "T1-move-red")
    r3 = next(e for e in phase["events"] if e["galley"] == "R3")
    told = sentence_of(r3)
    assert re.sub(r" to \d{4} W", "", told) == (
        "R3 moved at double speed from 3117: forward three hexes, slipped sideways to port, "
        "forward one hex, slipped sideways to port, forward one hex, then slipped sideways "
        "to starboard (8 of 8 MA).")


@pytest.mark.parametrize(("weapon", "told"), [
    ("archer", "It struck X's hull, which an archer cannot hurt."),
    ("arbalest", "It struck X's hull, which an arbalest cannot hurt."),
    ("catapult", "It struck X's hull: hull damage, how much kept secret."),
])
def test_a_hull_hit_with_its_damage_kept_secret(weapon: str, told: str) -> None:
    """Secret records take the damage out of what the other side sees (view.py): the
    sentence must not claim hull damage a weapon cannot do (11.4 A)."""
    assert sentence_of({"kind": "hit", "galley": "X", "by": "A", "weapon": weapon,
                        "location": "hull"}) == told


def test_a_rowing_hit_with_its_damage_kept_secret() -> None:
    assert sentence_of({"kind": "hit", "galley": "X", "by": "A", "weapon": "archer",
                        "location": "rowing"}) == (
        "It struck X's rowing banks: rowing damage, how much kept secret.")
    assert sentence_of({"kind": "hit", "galley": "X", "by": "A", "weapon": "archer",
                        "location": "rowing", "damage": 1}) == (
        "It struck X's rowing banks: 1 rowing damage.")


def test_a_move_off_the_map_says_by_which_edge() -> None:
    back = _ahead("0202", "W")
    slipped = _ahead(back, "W", -1)
    assert _move("0202", f"{back} W", f"{slipped} W", "off west") == (
        f"B moved from 0202: forward one hex to {back} W, slipped sideways to port to "
        f"{slipped} W, then off the map by the west edge.")
