"""The close-up and the overview of any scene, for every ruleset: the close-up is the part of
the board the scene's `focus` marks (what moved, fought or was struck; with none, the
viewer's own pieces and the enemies nearest them), with a margin, drawn
as wide as a phone shows it so that its labels keep their pixel size on the phone; the
overview is the whole board small and without words, with the close-up's frame drawn on
it. Rulesets mark what
matters; only this module frames. Both pictures hold the scene's own items and nothing else,
so neither shows what the scene's viewer may not see.

The close-up grows to take in the whole of every label whose piece it shows, while its
scale stays where labels shrink with the board; a label still cut by its edge, or crowding
a piece or a label where labels grow against the board, is placed again inside it
(pbem.render.labels); where one of a piece it holds finds no clear spot and the frame cuts
it where the ruleset put it, the frame grows further, past that scale, to take it in there
(words keep their pixel size), while growing leaves fewer such labels.

No word of the close-up is under 12 px: a word drawn smaller, and any of the board's own
words (its kept groups': the grid's and the edges' numbers), is drawn at 12 px or more where that makes
it at most WORD_GROWTH times as large against the board as on the whole map, and left off
where it would crowd what it names."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pbem.render.labels import (
    LABEL_LEAST,
    LABEL_PAD,
    LABELS,
    Label,
    Placed,
    closeup_labels,
    inside,
    label_box,
    middle_of,
    scene_labels,
    union,
)
from pbem.rules.scene import (
    DEFAULT,
    Box,
    Group,
    Polygon,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
)

PHONE = 400  # px: the column a phone shows, so a 12 px label is 12 px there
TALLEST = 560  # px: the close-up's height at most
BAND = 44  # px: the title band over the close-up's board
MARGIN = 36  # px at the scene's own scale, round the focus
ZOOM = 2.5  # the close-up's scale at most this many times the scene's own
FRAME = Style(fill="none", stroke="#cc3311", width=2, dash=())
LEAST_WORD = 12.0  # px: no word of the close-up is smaller
WORD_GROWTH = 1.25  # the most a board's word may grow against the board on the close-up
ROUNDS = 4  # times the frame grows to take in the labels of what it shows


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
    return min(others, key=lambda other: math.dist(middle_of(other), middle_of(box)))


# -- words at 12 px --------------------------------------------------------------------------

def _worded(item: Primitive, outer: Style, zoom: float, board: bool = False
            ) -> Primitive | None:
    """A primitive of the close-up (drawn `zoom` times the board's own scale) with no word
    under LEAST_WORD px. A word drawn smaller, or one of the `board`'s own (of a kept
    group), is drawn at least LEAST_WORD px where it grows no more than WORD_GROWTH times
    against the board (so it keeps about the room it had), else left off; the same item
    when nothing changes."""
    style = item.style.under(outer)
    if isinstance(item, Text):
        size = style.font_size or 12
        if size >= LEAST_WORD and not board:
            return item
        if max(size, LEAST_WORD) / (size * zoom) > WORD_GROWTH:
            return None
        if size >= LEAST_WORD:
            return item
        return Text(item.at, item.text, replace(item.style, font_size=LEAST_WORD), item.id,
                    item.tooltip)
    if isinstance(item, Group):
        within = board or bool(item.cache_key)
        drawn = tuple(_worded(i, style, zoom, within) for i in item.items)
        if all(a is b for a, b in zip(drawn, item.items, strict=True)):
            return item
        # its content: its key's, its words as a close-up of this zoom draws them
        key = f"{item.cache_key}-words-at-{zoom!r}" if item.cache_key else ""
        return Group(tuple(i for i in drawn if i is not None), item.style, item.id,
                     item.tooltip, key)
    return item


# -- the frame -------------------------------------------------------------------------------

def _fit(grown: Box, own: Transform, width: int) -> tuple[float, int, Box]:
    """The close-up's scale, its board's height in pixels and the box it shows, for `grown`."""
    room = TALLEST - BAND
    scale = min(width / (grown[2] - grown[0]), room / (grown[3] - grown[1]) or 1.0,
                own.scale * ZOOM)
    tall = min(room, math.ceil((grown[3] - grown[1]) * scale))
    return scale, tall, _fitted(grown, scale, width, tall)


def frame(scene: Scene, width: int = PHONE) -> Framed:
    """The close-up on what the scene marks (`interest`; the whole board if it marks
    nothing), grown to hold the whole of every label whose piece it shows, and the overview
    with the frame on it, both `width` pixels wide."""
    own = scene.transform
    board = board_of(scene)
    margin = MARGIN / own.scale
    marked = interest(scene)
    focus = union(marked) if marked else board
    grown = (focus[0] - margin, focus[1] - margin, focus[2] + margin, focus[3] + margin)
    labels = scene_labels(scene)
    wanted = grown
    # the frame grows to take in the labels of the pieces it holds where the ruleset put
    # them, while its scale stays where labels shrink with the board
    least = min(_fit(grown, own, width)[0], own.scale * LABEL_LEAST)
    for _ in range(ROUNDS):  # the frame grows, its scale falls, the labels reach farther
        scale, tall, shown = _fit(wanted, own, width)
        pad = LABEL_PAD / scale
        held = [label_box(label, scale, own) for label in labels
                if inside(label.home, shown)]
        held = [(b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad) for b in held]
        if all(b[0] >= shown[0] and b[1] >= shown[1] and b[2] <= shown[2] and b[3] <= shown[3]
               for b in held):
            break
        larger = union((wanted, *held))
        if _fit(larger, own, width)[0] < least:
            break
        wanted = larger
    scale, tall, shown, placed = _placed(scene, labels, wanted, width)
    placing = _placing(shown, scale, BAND, own.flip_y)
    band = Polygon(((0, 0), (width, 0), (width, BAND), (0, BAND)),
                   Style(fill=scene.background, stroke="none"))
    closeup = replace(scene, width=width, height=BAND + tall,
                      items=_closeup_items(scene, placed, scale),
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


def _placed(scene: Scene, labels: list[Label], wanted: Box, width: int
            ) -> tuple[float, int, Box, Placed]:
    """The close-up's scale, height and box, and its labels placed: where a label of a piece
    it holds finds no clear spot inside it and the frame cuts it where the ruleset put it,
    the frame grows further to take it in there (ROUNDS times at most, and only while each
    growth leaves fewer such labels: else the closer frame stands)."""
    best: tuple[float, int, Box, Placed] | None = None
    for _ in range(ROUNDS):
        scale, tall, shown = _fit(wanted, scene.transform, width)
        placed = closeup_labels(scene, labels, scale, shown)
        if best is not None and len(placed.unplaced) >= len(best[3].unplaced):
            break  # growing took in no more: the closer frame stands
        best = (scale, tall, shown, placed)
        larger = union((wanted, *placed.unplaced)) if placed.unplaced else wanted
        if larger == wanted:
            break
        wanted = larger
    assert best is not None
    return best


def _closeup_items(scene: Scene, placed: Placed, scale: float) -> tuple[Primitive, ...]:
    """The scene's items for the close-up: its labels as placed (pbem.render.labels), every
    other word at 12 px or left off."""
    zoom = scale / scene.transform.scale
    items: list[Primitive] = []
    for item in scene.items:
        if isinstance(item, Group) and item.id == LABELS:
            items.append(Group(tuple(placed.groups.get(id(i), i) for i in item.items),
                               item.style, item.id, item.tooltip))
            continue
        worded = _worded(item, DEFAULT, zoom)
        if worded is not None:
            items.append(worded)
    return tuple(items)


def phone_pngs(scene: Scene, width: int = PHONE) -> tuple[bytes, bytes]:
    """The map a report mail carries: the close-up and the overview at the phone's width,
    each one PNG painted at the size it is shown."""
    from pbem.render.png import paint_png

    framed = frame(scene, width)
    return paint_png(framed.closeup), paint_png(framed.overview)


def phone_png(scene: Scene, width: int = PHONE) -> bytes:
    """The map of an orders reply: the close-up at the phone's width over the overview, as
    one PNG painted at the size it is shown."""
    from pbem.render.png import paint_column

    framed = frame(scene, width)
    return paint_column((framed.closeup, framed.overview))
