"""Issue 24: a close-up cuts no label of a piece it shows. A label set apart from its piece
(on its plate, with a leader line) may stand a hex or more away; the frame takes in the whole
of every label whose piece it holds (whose middle it shows): its words with their halo
(measured with the PNG's own font), its plate and its bars lie inside the picture, under
the title band. In the demo's
busiest phase and in 12-piece melees of Ram Speed and Greeks vs Romans, as each side and an
observer see them."""

from __future__ import annotations

from dataclasses import replace

from pbem.golden import load, read_records, replay
from pbem.render.frame import BAND, frame
from pbem.rules.scene import Scene
from tests.app.helpers import DEMO
from tests.render.test_labels_clear import (
    _greeks_romans_melee,
    _ram_speed_melee,
    labels_of,
    pieces_of,
)

EDGE = 0.5  # px: a label this close to the edge still shows whole


def _held(closeup: Scene, layer: str) -> set[str]:
    """The pieces the close-up holds: those whose middle (of all their outlines) is on the
    picture."""
    held = set()
    for piece, outlines in pieces_of(closeup, layer).items():
        xs = [p[0] for outline in outlines for p in outline]
        ys = [p[1] for outline in outlines for p in outline]
        x, y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        if 0 <= x <= closeup.width and BAND <= y <= closeup.height:
            held.add(piece)
    return held


def cut_labels(scene: Scene, layer: str) -> tuple[list[str], int]:
    """The labels of the pieces the close-up shows that reach past its edges, and how many
    labels it was measured on."""
    closeup = frame(scene).closeup
    held = _held(closeup, layer)
    cut, measured = [], 0
    for name, outlines in labels_of(closeup).items():
        if name.rpartition("--")[2] not in held:
            continue
        measured += 1
        xs = [p[0] for outline in outlines for p in outline]
        ys = [p[1] for outline in outlines for p in outline]
        if (min(xs) < -EDGE or max(xs) > closeup.width + EDGE or min(ys) < BAND - EDGE
                or max(ys) > closeup.height + EDGE):
            cut.append(f"{name}: x {min(xs):.1f}..{max(xs):.1f} of {closeup.width}, "
                       f"y {min(ys):.1f}..{max(ys):.1f} of {BAND}..{closeup.height}")
    return cut, measured


def test_no_label_of_a_held_galley_is_cut_in_the_demo_s_busiest_phase() -> None:
    golden = load(DEMO)
    after, result = max(replay(golden, read_records(golden, DEMO)),
                        key=lambda pair: len(pair[1].events))
    for side in (*after.sides, None):
        scene = after.map_scene(after.view(side), after.view_events(result.events, side),
                                "Demo", "busiest", viewer=side)
        cut, measured = cut_labels(scene, "galleys")
        assert measured >= 4, side
        assert cut == [], side


def test_no_label_of_a_held_galley_is_cut_in_a_ram_speed_melee_of_twelve() -> None:
    """Zoomed out past 0.85 of the board, labels set apart beside the galleys at the frame's
    edges are placed again inside it (pbem.render.labels)."""
    melee = _ram_speed_melee()
    for viewer in ("blue", "red", None):
        cut, measured = cut_labels(replace(melee, viewer=viewer), "galleys")
        assert measured >= 6, viewer
        assert cut == [], viewer


def test_no_label_of_a_held_ship_is_cut_in_a_greeks_vs_romans_melee_of_twelve() -> None:
    game = _greeks_romans_melee()
    for side in ("greeks", "romans", None):
        scene = game.map_scene(game.view(side), [], "Melee", "turn 1", viewer=side)
        cut, measured = cut_labels(scene, "ships")
        assert measured >= 6, side
        assert cut == [], side
