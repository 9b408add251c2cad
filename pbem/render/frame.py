"""The close-up and the overview of any scene, for every ruleset: the close-up is the part of
the board the scene's `focus` marks (what moved, fought or was struck; with none, the
viewer's own pieces and the enemies nearest them), with a margin, drawn
as wide as a phone shows it so that its labels keep their pixel size on the phone; the
overview is the whole board small and without words, with the close-up's frame drawn on
it. Rulesets mark what
matters; only this module frames. Both pictures hold the scene's own items and nothing else,
so neither shows what the scene's viewer may not see."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pbem.rules.scene import Box, Group, Polygon, Primitive, Scene, Style, Text, Transform

PHONE = 400  # px: the column a phone shows, so a 12 px label is 12 px there
TALLEST = 560  # px: the close-up's height at most
BAND = 44  # px: the title band over the close-up's board
MARGIN = 36  # px at the scene's own scale, round the focus
ZOOM = 2.5  # the close-up's scale at most this many times the scene's own
FRAME = Style(fill="none", stroke="#cc3311", width=2, dash=())


@dataclass(frozen=True)
class Framed:
    """A scene's close-up, its overview, and the frame (a box in the ruleset's
    coordinates) the close-up shows."""

    closeup: Scene
    overview: Scene
    frame: Box


def board_of(scene: Scene) -> Box:
    """The whole picture's area in the ruleset's coordinates."""
    t = scene.transform
    xs = ((0 - t.offset[0]) / t.scale, (scene.width - t.offset[0]) / t.scale)
    ys = ((0 - t.offset[1]) / t.scale, (scene.height - t.offset[1]) / t.scale)
    if t.flip_y:
        ys = (-ys[0], -ys[1])
    return (min(xs), min(ys), max(xs), max(ys))


def _union(boxes: tuple[Box, ...]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _fitted(focus: Box, scale: float, width: float, height: float) -> Box:
    """`focus` grown about its middle to `width` × `height` pixels at `scale`."""
    mx, my = (focus[0] + focus[2]) / 2, (focus[1] + focus[3]) / 2
    half_w, half_h = width / scale / 2, height / scale / 2
    return (mx - half_w, my - half_h, mx + half_w, my + half_h)


def _placing(box: Box, scale: float, top: float, flip_y: bool) -> Transform:
    """The transform drawing `box` at `scale` from (0, `top`) in pixels."""
    if flip_y:
        return Transform(scale, (-box[0] * scale, top + box[3] * scale), True)
    return Transform(scale, (-box[0] * scale, top - box[1] * scale), False)


def _rectangle(box: Box, transform: Transform) -> Polygon:
    corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
    return Polygon(tuple(transform.apply(c) for c in corners), FRAME, id="frame")


def _titles(scene: Scene) -> tuple[Primitive, ...]:
    """The overlay's title and subtitle (its texts), not the legend laid out for the whole
    board's width."""
    return tuple(item for item in scene.overlay if isinstance(item, Text))


def _unworded(item: Primitive) -> Primitive | None:
    """A primitive without its words: the overview is too small to read them, and at their
    own pixel size they would bury its board."""
    if isinstance(item, Text):
        return None
    if isinstance(item, Group):
        kept = tuple(i for i in map(_unworded, item.items) if i is not None)
        key = f"{item.cache_key}-unworded" if item.cache_key else ""
        return Group(kept, item.style, item.id, item.tooltip, key)
    return item


def _middle(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def interest(scene: Scene) -> tuple[Box, ...]:
    """What the close-up must hold: the scene's focus; with none (a phase without contact),
    the viewer's own pieces and, for each, the nearest piece of another side; every piece
    for a viewer with none of its own; nothing when the scene marks no piece either."""
    if scene.focus:
        return scene.focus
    own = [p.box for p in scene.pieces if scene.viewer is not None and p.side == scene.viewer]
    others = [p.box for p in scene.pieces if scene.viewer is None or p.side != scene.viewer]
    if not own:
        return tuple(others)
    nearest = [_nearest(box, others) for box in own] if others else []
    return tuple(dict.fromkeys([*own, *nearest]))


def _nearest(box: Box, others: list[Box]) -> Box:
    """Of `others`, the box whose middle is nearest `box`'s."""
    return min(others, key=lambda other: math.dist(_middle(other), _middle(box)))


def frame(scene: Scene, width: int = PHONE) -> Framed:
    """The close-up on what the scene marks (`interest`; the whole board if it marks
    nothing) and the overview with the frame on it, both `width` pixels wide."""
    own = scene.transform
    board = board_of(scene)
    margin = MARGIN / own.scale
    marked = interest(scene)
    focus = _union(marked) if marked else board
    grown = (focus[0] - margin, focus[1] - margin, focus[2] + margin, focus[3] + margin)
    room = TALLEST - BAND
    scale = min(width / (grown[2] - grown[0]), room / (grown[3] - grown[1]) or 1.0,
                own.scale * ZOOM)
    tall = min(room, math.ceil((grown[3] - grown[1]) * scale))
    shown = _fitted(grown, scale, width, tall)
    placing = _placing(shown, scale, BAND, own.flip_y)
    band = Polygon(((0, 0), (width, 0), (width, BAND), (0, BAND)),
                   Style(fill=scene.background, stroke="none"))
    closeup = replace(scene, width=width, height=BAND + tall, items=scene.items,
                      transform=placing, overlay=(band, *_titles(scene)), focus=scene.focus)
    small = width / scene.width
    shrunk = Transform(own.scale * small, (own.offset[0] * small, own.offset[1] * small),
                       own.flip_y)
    overview = replace(scene, width=width, height=math.ceil(scene.height * small),
                       items=tuple(i for i in map(_unworded, scene.items) if i is not None),
                       transform=shrunk,
                       overlay=(Group((_rectangle(shown, shrunk),), id="overview-frame"),),
                       title=f"{scene.title} (whole board)")
    return Framed(closeup, overview, shown)


def phone_png(scene: Scene, width: int = PHONE) -> bytes:
    """The map a report mail carries: the close-up at the phone's width over the overview,
    as one PNG painted at the size it is shown."""
    from pbem.render.png import paint_column

    framed = frame(scene, width)
    return paint_column((framed.closeup, framed.overview))
