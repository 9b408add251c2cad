"""Labels on a crowded map: no two overlap (measured with the PNG's own font, not with the
estimate the map lays them out by), each sits on a hex of its galley or is tied to it by a
line; and the map answering a player's orders shows every hex of each galley where its
move ends."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from PIL import ImageFont

from pbem.rules.dice import SeededDice
from pbem.rules.ramspeed import hexes, mapscene
from pbem.rules.ramspeed.game import MOVEMENT, new_game
from pbem.rules.ramspeed.host import RULESET, RamSpeedGame
from pbem.rules.ramspeed.state import Galley, GameState
from pbem.rules.ramspeed.view import side_view
from pbem.rules.scene import DEFAULT, Box, Group, Polygon, Polyline, Primitive, Scene, Style, Text


def _leaves(items: tuple[Primitive, ...], outer: Style = DEFAULT,
            ) -> list[tuple[Primitive, Style]]:
    found: list[tuple[Primitive, Style]] = []
    for item in items:
        style = item.style.under(outer)
        if isinstance(item, Group):
            found += _leaves(item.items, style)
        else:
            found.append((item, style))
    return found


def _text_box(item: Text, style: Style, scene: Scene) -> Box:
    """The pixels Pillow inks for this text, halo included."""
    x, y = scene.transform.apply(item.at)
    font = ImageFont.load_default(size=round(style.font_size or 12))
    anchor = {"start": "l", "middle": "m", "end": "r"}[style.anchor or "start"] + {
        "alphabetic": "s", "middle": "m", "hanging": "t"}[style.baseline or "alphabetic"]
    left, top, right, bottom = font.getbbox(item.text, anchor=anchor)
    halo = style.width or 0 if style.stroke not in (None, "none") else 0
    return (x + left - halo, y + top - halo, x + right + halo, y + bottom + halo)


def _label_boxes(scene: Scene) -> dict[str, Box]:
    """Each label's extent in pixels: its text as drawn and its damage bars (not its leader
    line, which may cross other things)."""
    labels = next(item for item in scene.items if item.id == "labels")
    assert isinstance(labels, Group)
    boxes: dict[str, Box] = {}
    for label in labels.items:
        parts: list[Box] = []
        for item, style in _leaves((label,)):
            if isinstance(item, Text):
                parts.append(_text_box(item, style, scene))
            elif isinstance(item, Polygon):
                points = [scene.transform.apply(p) for p in item.points]
                parts.append((min(p[0] for p in points), min(p[1] for p in points),
                              max(p[0] for p in points), max(p[1] for p in points)))
        boxes[label.id] = (min(b[0] for b in parts), min(b[1] for b in parts),
                           max(b[2] for b in parts), max(b[3] for b in parts))
    return boxes


def _overlapping(boxes: dict[str, Box]) -> list[tuple[str, str]]:
    names = sorted(boxes)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
            if boxes[a][0] < boxes[b][2] and boxes[b][0] < boxes[a][2]
            and boxes[a][1] < boxes[b][3] and boxes[b][1] < boxes[a][3]]


def _crowded_fights(seed: int) -> list[Scene]:
    """A 40-galley Fleet Action, then a few phases of greedy play, as blue sees it."""
    game = RULESET.sample(40, seed)
    rng = random.Random(seed)
    scenes = [game.map_scene(game.view(None), [], "Fleet", "start")]
    for _ in range(4):
        key = game.key
        orders = tuple((side, game.autoplay_orders(side, rng)) for side in game.owes())
        game, result, _ = game.play(orders, SeededDice(seed=b"crowd", game="c", phase=key))
        scenes.append(game.map_scene(game.view("blue"),
                                     game.view_events(result.events, "blue"), "Fleet", key))
    return scenes


@pytest.mark.parametrize("seed", [7, 11])
def test_no_two_labels_overlap_in_a_crowded_fleet_action(seed: int) -> None:
    for scene in _crowded_fights(seed):
        boxes = _label_boxes(scene)
        assert len(boxes) >= 30
        assert _overlapping(boxes) == [], scene.title


def test_a_label_sits_on_a_hex_of_its_galley_or_is_tied_to_it() -> None:
    """A two-hex galley's label sits on its stern hex, not across the line between its hexes
    (the old map's "R4 P" straddled two hexes)."""
    scene = _crowded_fights(7)[-1]
    labels = next(item for item in scene.items if item.id == "labels")
    assert isinstance(labels, Group)
    centres = {(c, r): mapscene.centre(c, r) for c in range(32) for r in range(24)}
    tied = 0
    for label in labels.items:
        assert isinstance(label, Group)
        first = label.items[0]
        if isinstance(first, Polyline):  # a leader line from the galley to a label beside it
            tied += 1
            assert any(first.points[0] == c for c in centres.values())
            continue
        name = next(i for i in label.items if isinstance(i, Text))
        spot = min(centres.values(), key=lambda c: abs(c[0] - name.at[0]) + abs(c[1] - name.at[1]))
        assert abs(spot[0] - name.at[0]) < 1e-6, name.text
    assert tied < len(labels.items) / 2


def test_labels_of_the_old_estimate_would_have_overlapped() -> None:
    """The check above can fail: labels all centred on their galleys' middles overlap."""
    scene = _crowded_fights(7)[-1]
    boxes = _label_boxes(scene)
    w = max(b[2] - b[0] for b in boxes.values())
    crowded = {name: (b[0], b[1], b[0] + w * 3, b[3]) for name, b in boxes.items()}
    assert _overlapping(crowded)


# -- the plan map ------------------------------------------------------------------------------

def _moving_game() -> RamSpeedGame:
    state = GameState(columns=16, rows=10, scenario="squadron", turn=1, initiative="blue",
                      galleys=(Galley("A", "blue", "trireme", hexes.parse_label("0405"), 0),
                               Galley("B", "blue", "penteconter", hexes.parse_label("0408"), 0),
                               Galley("X", "red", "trireme", hexes.parse_label("1305"), 3)))
    game = new_game("squadron", (), columns=16, rows=10)
    return RamSpeedGame(replace(game, state=state, step=MOVEMENT, order=("blue", "red"),
                                index=0))


def test_the_plan_map_shows_every_hex_where_each_galley_ends() -> None:
    game = _moving_game()
    orders = "A: S F\nB: F F F"
    sheet = game.check("blue", orders)
    plans = [(line.piece, line.plan) for line in sheet.lines if line.status == "accepted"]
    assert len(plans) == 2
    scene = game.plan_scene("blue", plans, "Orders", "as understood")
    after, _, _ = game.play([("blue", orders)], SeededDice(seed=b"p", game="p", phase=game.key))
    ends: dict[str, Any] = {}
    for item in scene.items:
        if item.id == "marks":
            assert isinstance(item, Group)
            ends = {g.id.removeprefix("plan-end--"): g for g in item.items
                    if g.id.startswith("plan-end--")}
    assert set(ends) == {"A", "B"}
    for gid, group in ends.items():
        outlines = [p for p, s in _leaves((group,)) if isinstance(p, Polygon)
                    and s.dash == mapscene.PLAN_END.dash and s.stroke == mapscene.PLAN_END.stroke]
        drawn = sorted((round(sum(x for x, _ in p.points) / 6, 3),
                        round(sum(y for _, y in p.points) / 6, 3)) for p in outlines)
        where = after.view("blue")["galleys"][gid]["hexes"]
        want = sorted((round(c[0], 3), round(c[1], 3)) for c in map(mapscene.hex_at, where))
        assert drawn == want and len(want) == (3 if gid == "A" else 2), gid
    start = game.view("blue")["galleys"]["A"]["hexes"]
    assert sorted(start) != sorted(after.view("blue")["galleys"]["A"]["hexes"])


def test_a_plan_leaving_the_map_has_no_end_drawn() -> None:
    view = side_view(_moving_game().value.state, "blue")
    scene = mapscene.plan_scene(view, [("A", ("0405 E", "0305 W", "off west"))], "t", "s",
                                columns=16, rows=10)
    assert not any(p.id.startswith("plan-end--") for p, _ in _leaves(scene.items))


def _packed() -> Scene:
    """Twenty-four quinqueremes, triremes and biremes packed hull against hull in rows, with
    long IDs, every one drifting: labels on their own hexes would run into each other."""
    galleys = []
    kinds = ("quinquereme", "trireme", "bireme")
    for row0 in range(8, 16):
        for n, col0 in enumerate(range(10, 22, 4)):
            side = "blue" if (row0 + n) % 2 else "red"
            bow = hexes.from_offset(col0 + 3, row0)
            galleys.append(Galley(f"{side}{row0}{n}", side, kinds[n], bow, 0,
                                  hull_damage=row0, rowing_damage=n, drifting=True))
    state = GameState(columns=32, rows=24, scenario="fleet", turn=5, initiative="blue",
                      galleys=tuple(galleys))
    return mapscene.map_scene(side_view(state, "blue"), [], "Packed", "melee", columns=32,
                              rows=24)


def test_no_two_labels_overlap_in_a_packed_melee() -> None:
    boxes = _label_boxes(_packed())
    assert len(boxes) == 24
    assert _overlapping(boxes) == []
