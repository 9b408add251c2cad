"""Issue 24: on a map and on its phone close-up, no label (its words with their halo, and
the plate or bars drawn with them) overlaps another label or a piece other than its own (a
label may sit on its own galley's hex). Measured with the PNG's own font, in pixels, against
each piece's outline: in the demo's busiest phase as every reader sees it, and in a 12-piece
melee of Ram Speed and of Greeks vs Romans built with each ruleset's own state and game."""

from __future__ import annotations

import random
from dataclasses import replace

from PIL import ImageFont

from pbem.golden import load, read_records, replay
from pbem.render.frame import frame
from pbem.rules.dice import SeededDice
from pbem.rules.greeksromans.host import RULESET as GREEKS_ROMANS
from pbem.rules.greeksromans.host import GreeksRomansGame
from pbem.rules.greeksromans.state import GREEK, ROMAN, Ship, crew_for
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.game import MOVEMENT, new_game
from pbem.rules.ramspeed.host import RamSpeedGame
from pbem.rules.ramspeed.state import Galley, GameState
from pbem.rules.scene import Box, Group, Point, Polygon, Primitive, Scene, Style, Text
from tests.app.helpers import DEMO
from tests.render.scenes import walk

Outline = tuple[Point, ...]
DEPTH = 0.5  # px: two shapes closer than this count as touching, not overlapping


def _text_box(item: Text, style: Style, scene: Scene) -> Box:
    """The pixels Pillow inks for this text, halo included."""
    x, y = scene.transform.apply(item.at)
    font = ImageFont.load_default(size=round(style.font_size or 12))
    anchor = {"start": "l", "middle": "m", "end": "r"}[style.anchor or "start"] + {
        "alphabetic": "s", "middle": "m", "hanging": "t"}[style.baseline or "alphabetic"]
    left, top, right, bottom = font.getbbox(item.text, anchor=anchor)
    halo = (style.width or 0) if style.stroke not in (None, "none") else 0
    return (x + left - halo, y + top - halo, x + right + halo, y + bottom + halo)


def _corners(box: Box) -> Outline:
    return ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))


def _layer(scene: Scene, name: str) -> tuple[Primitive, ...]:
    found = next(item for item in scene.items if item.id == name)
    assert isinstance(found, Group)
    return found.items


def labels_of(scene: Scene) -> dict[str, list[Outline]]:
    """Each label's parts in pixels (its words' boxes and its plates' and bars' outlines;
    not its leader line, which is drawn to its piece)."""
    found: dict[str, list[Outline]] = {}
    for part, item, style in walk(_layer(scene, "labels")):
        name = part[part.find("label--"):]  # its bars ("damage--label--A") are the label's
        if isinstance(item, Text):
            found.setdefault(name, []).append(_corners(_text_box(item, style, scene)))
        elif isinstance(item, Polygon):
            found.setdefault(name, []).append(tuple(map(scene.transform.apply, item.points)))
    return found


def pieces_of(scene: Scene, layer: str) -> dict[str, list[Outline]]:
    """Each piece's filled outlines in pixels (hexes, hull, bow), by the piece's id."""
    found: dict[str, list[Outline]] = {}
    for name, item, style in walk(_layer(scene, layer)):
        if isinstance(item, Polygon) and style.fill not in (None, "none") and "--" in name:
            piece = name.rpartition("--")[2]
            found.setdefault(piece, []).append(tuple(map(scene.transform.apply, item.points)))
    return found


def _depth(a: Outline, b: Outline) -> float:
    """How far two convex outlines overlap (0 when apart): the least overlap of their
    shadows on the axes of their edges."""
    least = float("inf")
    for shape in (a, b):
        for i, (x0, y0) in enumerate(shape):
            x1, y1 = shape[(i + 1) % len(shape)]
            axis = (y0 - y1, x1 - x0)
            norm = (axis[0] ** 2 + axis[1] ** 2) ** 0.5
            if norm == 0:
                continue
            on_a = [(p[0] * axis[0] + p[1] * axis[1]) / norm for p in a]
            on_b = [(p[0] * axis[0] + p[1] * axis[1]) / norm for p in b]
            least = min(least, min(max(on_a), max(on_b)) - max(min(on_a), min(on_b)))
            if least <= 0:
                return 0.0
    return least


def crossings(scene: Scene, layer: str) -> list[str]:
    """Every label overlapping another label or a piece not its own, in words."""
    labels, pieces = labels_of(scene), pieces_of(scene, layer)
    found = []
    names = sorted(labels)
    for i, name in enumerate(names):
        own = name.rpartition("--")[2]
        for other in names[i + 1:]:
            if any(_depth(a, b) > DEPTH for a in labels[name] for b in labels[other]):
                found.append(f"{name} over {other}")
        for piece, outlines in pieces.items():
            if piece != own and any(_depth(a, b) > DEPTH for a in labels[name]
                                    for b in outlines):
                found.append(f"{name} over the piece {piece}")
    return found


def _both(scene: Scene, layer: str) -> list[str]:
    """The crossings of the map and of its phone close-up."""
    return [*crossings(scene, layer), *(f"close-up: {c}" for c in
                                        crossings(frame(scene).closeup, layer))]


def test_the_measure_finds_a_label_over_another_piece() -> None:
    """The check can fail: a label moved onto a neighbouring galley is found."""
    scene = _ram_speed_melee()
    labels = next(item for item in scene.items if item.id == "labels")
    assert isinstance(labels, Group)
    first = labels.items[0]
    assert isinstance(first, Group)
    name = next(i for i in first.items if isinstance(i, Text))
    other = next(p for p in scene.pieces if p.box != scene.pieces[0].box)  # another galley
    dx = (other.box[0] + other.box[2]) / 2 - name.at[0]
    dy = (other.box[1] + other.box[3]) / 2 - name.at[1]
    moved = Group(tuple(_shifted(i, dx, dy) for i in first.items), first.style, first.id)
    crowded = replace(scene, items=tuple(
        Group((moved, *labels.items[1:]), labels.style, labels.id) if item is labels else item
        for item in scene.items))
    assert crossings(crowded, "galleys")


def _shifted(item: Primitive, dx: float, dy: float) -> Primitive:
    if isinstance(item, Text):
        return Text((item.at[0] + dx, item.at[1] + dy), item.text, item.style, item.id)
    if isinstance(item, Group):
        return Group(tuple(_shifted(i, dx, dy) for i in item.items), item.style, item.id)
    if isinstance(item, Polygon):
        return Polygon(tuple((x + dx, y + dy) for x, y in item.points), item.style, item.id)
    return item


# -- the demo's busiest phase -------------------------------------------------------------------

def test_no_label_crosses_another_or_a_piece_in_the_demo_s_busiest_phase() -> None:
    golden = load(DEMO)
    played = replay(golden, read_records(golden, DEMO))
    after, result = max(played, key=lambda pair: len(pair[1].events))
    assert len(result.events) >= 10
    for side in (*after.sides, None):
        scene = after.map_scene(after.view(side), after.view_events(result.events, side),
                                "Demo", "busiest", viewer=side)
        assert len(labels_of(scene)) >= 4
        assert _both(scene, "galleys") == [], side


# -- a 12-piece melee of each ruleset -----------------------------------------------------------

def _ram_speed_melee() -> Scene:
    """Twelve galleys, six a side, in two lines bow to bow a hex apart, some drifting and
    damaged (labels of two lines and bars), every pair within reach."""
    kinds = ("trireme", "bireme", "quinquereme", "penteconter")
    galleys = []
    for n in range(6):
        galleys.append(Galley(f"B{n + 1}", "blue", kinds[n % 4],
                              hexes.from_offset(6, 4 + n), 0, hull_damage=3 * n,
                              rowing_damage=n, drifting=n % 3 == 1))
        galleys.append(Galley(f"R{n + 1}", "red", kinds[(n + 1) % 4],
                              hexes.from_offset(8 + n % 2, 4 + n), 3, hull_damage=2 * n,
                              drifting=n % 3 == 2))
    state = GameState(columns=16, rows=12, scenario="squadron", turn=4, initiative="blue",
                      galleys=tuple(galleys))
    game = new_game("squadron", (), columns=16, rows=12)
    hosted = RamSpeedGame(replace(game, state=state, step=MOVEMENT, order=("blue", "red"),
                                  index=0))
    return hosted.map_scene(hosted.view("blue"), [], "Melee", "turn 4", viewer="blue")


def test_no_label_crosses_another_or_a_piece_in_a_ram_speed_melee_of_twelve() -> None:
    """As each side and an observer see it: their close-ups zoom out past 0.85 of the board,
    where labels grow against it and are placed again (pbem.render.labels)."""
    melee = _ram_speed_melee()
    for viewer in ("blue", "red", None):
        scene = replace(melee, viewer=viewer)
        assert len(labels_of(scene)) == 12
        assert _both(scene, "galleys") == [], viewer


def _greeks_romans_melee() -> GreeksRomansGame:
    """Twelve ships from the ruleset's own start, six a side, in three lines abreast hull
    beside hull, the lines an inch and a half apart, the greeks to move."""
    start = GREEKS_ROMANS.sample(12, 5).value
    ships = []
    for n in range(12):
        greek = n % 2 == 0
        nationality = GREEK if greek else ROMAN
        sailors, marines, captain = crew_for(nationality)
        ships.append(Ship(id=f"{'G' if greek else 'R'}{n // 2 + 1}",
                          side="greeks" if greek else "romans", nationality=nationality,
                          x=28 + 4.5 * (n % 4), y=20 + 1.5 * (n // 4),
                          heading=(90, 270, 85, 275, 95, 265)[n % 6], sailors=sailors,
                          marines=marines, captain=captain, catapult=n % 3 == 0,
                          catapult_crew=int(n % 3 == 0), admiral=int(n < 2),
                          controller="greeks" if greek else "romans", flagship=n < 2))
    return GreeksRomansGame(replace(start, state=start.state.with_ships(tuple(ships))))


def test_no_label_crosses_another_or_a_piece_in_a_greeks_vs_romans_melee_of_twelve() -> None:
    game = _greeks_romans_melee()
    for side in ("greeks", "romans", None):
        scene = game.map_scene(game.view(side), [], "Melee", "turn 1", viewer=side)
        assert len(labels_of(scene)) == 12
        assert _both(scene, "ships") == [], side


def test_a_played_greeks_vs_romans_melee_of_twelve_keeps_its_labels_clear() -> None:
    """The same twelve after a half of the computer player's moves and strikes."""
    game = _greeks_romans_melee()
    rng = random.Random(3)
    for _ in range(2):
        orders = tuple((side, game.autoplay_orders(side, rng)) for side in game.owes())
        played, result, _ = game.play(orders, SeededDice(seed=b"m", game="m", phase=game.key))
        for side in ("greeks", None):
            scene = played.map_scene(played.view(side), played.view_events(result.events, side),
                                     "Melee", game.key, viewer=side)
            assert _both(scene, "ships") == [], (game.key, side)
        game = played


def test_the_pieces_carry_the_outlines_they_are_drawn_with() -> None:
    """The close-up keeps labels off each piece's outlines (Scene.pieces): in both rulesets
    they span what the piece's filled shapes span, to half a pixel."""
    greeks = _greeks_romans_melee()
    for scene, layer in ((_ram_speed_melee(), "galleys"),
                         (greeks.map_scene(greeks.view(None), [], "Melee", "turn 1"), "ships")):
        drawn = pieces_of(scene, layer)
        assert len(scene.pieces) == len(drawn) == 12
        spans = sorted(_span([p for o in outlines for p in o]) for outlines in drawn.values())
        marked = sorted(_span([scene.transform.apply(p) for o in piece.outlines for p in o])
                        for piece in scene.pieces)
        for got, want in zip(marked, spans, strict=True):
            assert all(abs(a - b) <= 0.5 for a, b in zip(got, want, strict=True)), layer


def _span(points: list[Point]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))
