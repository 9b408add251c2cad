"""The close-up and the overview of any scene, for every ruleset: the close-up is the part of
the board the scene's `focus` marks (what moved, fought or was struck; with none, the
viewer's own pieces and the enemies nearest them), with a margin, drawn
as wide as a phone shows it so that its labels keep their pixel size on the phone; the
overview is the whole board small and without words, with the close-up's frame drawn on
it. Rulesets mark what
matters; only this module frames. Both pictures hold the scene's own items and nothing else,
so neither shows what the scene's viewer may not see.

A scene's labels (its layer "labels": each a group of words, perhaps a plate and bars under
them, and perhaps first a leader line from its piece) are laid out in pixels at the scene's
own scale. The close-up draws each about its own middle at that pixel size where it enlarges
the board, with the board where it shrinks it, but never under LABEL_LEAST of that size (so
Ram Speed's 5 px damage bars stay at least 4 px high, issue 24), and takes in the whole of
every label whose piece it shows. No word of the close-up is under 12 px: a word drawn
smaller, and any of the board's own words (its kept groups': hex and edge numbers), is drawn
at 12 px or more where that makes it at most WORD_GROWTH times as large against the board as
on the whole map, and left off where it would crowd what it names."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pbem.rules.scene import (
    DEFAULT,
    Box,
    Circle,
    Group,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
    text_width,
)

PHONE = 400  # px: the column a phone shows, so a 12 px label is 12 px there
TALLEST = 560  # px: the close-up's height at most
BAND = 44  # px: the title band over the close-up's board
MARGIN = 36  # px at the scene's own scale, round the focus
ZOOM = 2.5  # the close-up's scale at most this many times the scene's own
FRAME = Style(fill="none", stroke="#cc3311", width=2, dash=())
LABELS = "labels"  # the scene's layer of labels, each laid out in pixels at its own scale
LEAST_WORD = 12.0  # px: no word of the close-up is smaller
WORD_GROWTH = 1.25  # the most a board's word may grow against the board on the close-up
LABEL_PAD = 3.0  # px kept between a label and the close-up's edge
ROUNDS = 4  # times the frame grows to take in the labels of what it shows
LABEL_LEAST = 0.85  # of a label's own pixel size: the least a close-up draws it at


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


# -- labels at their own pixel size ------------------------------------------------------------

@dataclass(frozen=True)
class _Label:
    """A label of the scene's labels layer: its group, the middle of its piece (of the
    scene's piece under its leader's start, else under its own middle; that point itself
    when no piece is there: a wreck's), its middle, and how far it reaches from its middle
    each way in pixels (left, up, right, down; up and down as the picture's y grows)."""

    group: Group
    home: Point
    middle: Point
    reach: Box


def _labels_layer(scene: Scene) -> Group | None:
    found = [item for item in scene.items if isinstance(item, Group) and item.id == LABELS]
    return found[0] if found else None


def _text_reach(item: Text, style: Style, at: Point) -> Box:
    """The pixels a text's words and halo take round `at` (its anchor in pixels), as the
    writers draw them (scene.text_width for the width)."""
    size = style.font_size or 12
    wide = text_width(item.text, size)
    left = {"start": 0.0, "middle": wide / 2, "end": wide}[style.anchor or "start"]
    up = {"alphabetic": size, "middle": size / 2, "hanging": 0.0}[style.baseline or "alphabetic"]
    halo = (style.width or 0) if style.stroke not in (None, "none") else 0
    return (at[0] - left - halo, at[1] - up - halo, at[0] - left + wide + halo,
            at[1] - up + size + halo)


def _leaves(items: tuple[Primitive, ...], outer: Style) -> list[tuple[Primitive, Style]]:
    found: list[tuple[Primitive, Style]] = []
    for item in items:
        style = item.style.under(outer)
        if isinstance(item, Group):
            found += _leaves(item.items, style)
        else:
            found.append((item, style))
    return found


def _points(item: Primitive) -> tuple[Point, ...]:
    if isinstance(item, Text):
        return (item.at,)
    if isinstance(item, Circle):
        x, y = item.centre
        return ((x - item.radius, y - item.radius), (x + item.radius, y + item.radius))
    if isinstance(item, Polygon | Polyline):
        return item.points
    return ()


def _label(group: Group, outer: Style, own: Transform) -> _Label | None:
    """A label's home, middle and pixel reach, measured at the scene's own scale."""
    body = group.items
    home: Point | None = None
    if body and isinstance(body[0], Polyline) and body[0].points:
        home, body = body[0].points[0], body[1:]
    leaves = _leaves(body, group.style.under(outer))
    shapes = [p for item, _ in leaves if not isinstance(item, Text) for p in _points(item)]
    anchors = shapes or [item.at for item, _ in leaves if isinstance(item, Text)]
    if not anchors:
        return None
    xs, ys = [p[0] for p in anchors], [p[1] for p in anchors]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    centre = own.apply(middle)
    boxes = [(*own.apply(p), *own.apply(p)) for p in shapes]
    boxes += [_text_reach(item, style, own.apply(item.at)) for item, style in leaves
              if isinstance(item, Text)]
    least = _union(tuple((min(b[0], b[2]), min(b[1], b[3]), max(b[0], b[2]),
                          max(b[1], b[3])) for b in boxes))
    reach = (centre[0] - least[0], centre[1] - least[1], least[2] - centre[0],
             least[3] - centre[1])
    return _Label(group, home or middle, middle, reach)


def _of_piece(label: _Label, pieces: list[Box]) -> _Label:
    """The label with the middle of its piece for its home (the nearest piece whose box
    holds its home)."""
    under = [box for box in pieces if _inside(label.home, box)]
    if not under:
        return label
    nearest = min(under, key=lambda box: math.dist(_middle(box), label.home))
    return replace(label, home=_middle(nearest))


def _labels(scene: Scene) -> list[_Label]:
    layer = _labels_layer(scene)
    if layer is None:
        return []
    found = [_label(item, layer.style.under(DEFAULT), scene.transform) for item in layer.items
             if isinstance(item, Group)]
    pieces = [piece.box for piece in scene.pieces]
    return [_of_piece(label, pieces) for label in found if label is not None]


def _inside(point: Point, box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _label_size(zoom: float) -> float:
    """A label's size on a close-up of `zoom`, as a share of its own pixel size."""
    return min(max(zoom, LABEL_LEAST), 1.0)


def _label_box(label: _Label, scale: float, own: Transform) -> Box:
    """Where a label lies, in the ruleset's coordinates, on a close-up drawn at `scale`."""
    size = _label_size(scale / own.scale)
    flip_y = own.flip_y
    left, up, right, down = (r * size / scale for r in label.reach)
    if flip_y:  # the picture's up is the table's north, where y grows
        up, down = down, up
    return (label.middle[0] - left, label.middle[1] - up, label.middle[0] + right,
            label.middle[1] + down)


def _resized(item: Primitive, middle: Point, by: float) -> Primitive:
    """A label's primitive moved so that the label, drawn `by` times as large about its
    `middle` in the ruleset's coordinates, keeps its pixel size (words keep theirs anyway)."""
    def point(p: Point) -> Point:
        return middle[0] + (p[0] - middle[0]) * by, middle[1] + (p[1] - middle[1]) * by

    if isinstance(item, Group):
        return Group(tuple(_resized(i, middle, by) for i in item.items), item.style, item.id,
                     item.tooltip)
    if isinstance(item, Text):
        return Text(point(item.at), item.text, item.style, item.id, item.tooltip)
    if isinstance(item, Circle):
        return Circle(point(item.centre), item.radius * by, item.style, item.id, item.tooltip)
    return type(item)(tuple(map(point, item.points)), item.style, item.id, item.tooltip)


def _at_pixel_size(label: _Label, by: float, shift: Point) -> Group:
    """The label resized by `by` about its middle and moved by `shift`; its leader still
    starts at its piece."""
    middle = label.middle

    def placed(item: Primitive) -> Primitive:
        resized = _resized(item, middle, by)
        return _shifted(resized, shift) if shift != (0.0, 0.0) else resized

    items = label.group.items
    out: list[Primitive] = []
    if items and isinstance(items[0], Polyline) and items[0].points:
        leader = items[0]
        rest = placed(Polyline(leader.points[1:], leader.style))
        assert isinstance(rest, Polyline)
        out.append(Polyline((leader.points[0], *rest.points), leader.style, leader.id,
                            leader.tooltip))
        items = items[1:]
    out += [placed(item) for item in items]
    group = label.group
    return Group(tuple(out), group.style, group.id, group.tooltip)


def _shifted(item: Primitive, shift: Point) -> Primitive:
    def point(p: Point) -> Point:
        return p[0] + shift[0], p[1] + shift[1]

    if isinstance(item, Group):
        return Group(tuple(_shifted(i, shift) for i in item.items), item.style, item.id,
                     item.tooltip)
    if isinstance(item, Text):
        return Text(point(item.at), item.text, item.style, item.id, item.tooltip)
    if isinstance(item, Circle):
        return Circle(point(item.centre), item.radius, item.style, item.id, item.tooltip)
    return type(item)(tuple(map(point, item.points)), item.style, item.id, item.tooltip)


def _into(box: Box, shown: Box) -> Point:
    """How far to move `box` to lie inside `shown` (none when it does already)."""
    dx = max(shown[0] - box[0], 0.0) - max(box[2] - shown[2], 0.0)
    dy = max(shown[1] - box[1], 0.0) - max(box[3] - shown[3], 0.0)
    return dx, dy


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
    focus = _union(marked) if marked else board
    grown = (focus[0] - margin, focus[1] - margin, focus[2] + margin, focus[3] + margin)
    labels = _labels(scene)
    wanted = grown
    # the frame grows to take in the labels of the pieces it holds, while its scale stays
    # where labels shrink with the board (beyond, labels still out are moved in: below)
    least = min(_fit(grown, own, width)[0], own.scale * LABEL_LEAST)
    for _ in range(ROUNDS):  # the frame grows, its scale falls, the labels reach farther
        scale, tall, shown = _fit(wanted, own, width)
        pad = LABEL_PAD / scale
        held = [_label_box(label, scale, own) for label in labels
                if _inside(label.home, shown)]
        held = [(b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad) for b in held]
        if all(b[0] >= shown[0] and b[1] >= shown[1] and b[2] <= shown[2] and b[3] <= shown[3]
               for b in held):
            break
        larger = _union((wanted, *held))
        if _fit(larger, own, width)[0] < least:
            break
        wanted = larger
    scale, tall, shown = _fit(wanted, own, width)
    placing = _placing(shown, scale, BAND, own.flip_y)
    band = Polygon(((0, 0), (width, 0), (width, BAND), (0, BAND)),
                   Style(fill=scene.background, stroke="none"))
    closeup = replace(scene, width=width, height=BAND + tall,
                      items=_closeup_items(scene, labels, scale, shown),
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


def _crowds(box: Box, label: _Label, others: list[Box], scene: Scene) -> bool:
    """Whether a label moved to `box` would lie over another label or another piece."""
    def over(a: Box, b: Box) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    return (any(over(box, other) for other in others)
            or any(over(box, piece.box) for piece in scene.pieces
                   if _middle(piece.box) != label.home))


def _closeup_items(scene: Scene, labels: list[_Label], scale: float,
                   shown: Box) -> tuple[Primitive, ...]:
    """The scene's items for the close-up: its labels at their size (those whose piece it
    shows moved inside it, should a label still reach past its edge, where that lays it over
    no other label or piece), every other word at 12 px or left off."""
    own = scene.transform
    zoom = scale / own.scale
    by = _label_size(zoom) / zoom
    pad = LABEL_PAD / scale
    inner = (shown[0] + pad, shown[1] + pad, shown[2] - pad, shown[3] - pad)
    boxes = [_label_box(label, scale, own) for label in labels]
    resized = {}
    for n, label in enumerate(labels):
        shift = (0.0, 0.0)
        if _inside(label.home, shown):
            shift = _into(boxes[n], inner)
            moved = (boxes[n][0] + shift[0], boxes[n][1] + shift[1], boxes[n][2] + shift[0],
                     boxes[n][3] + shift[1])
            if shift != (0.0, 0.0) and _crowds(moved, label, boxes[:n] + boxes[n + 1:],
                                               scene):
                shift = (0.0, 0.0)  # cut at the edge rather than laid over another
        resized[id(label.group)] = _at_pixel_size(label, by, shift)
    items: list[Primitive] = []
    for item in scene.items:
        if isinstance(item, Group) and item.id == LABELS:
            items.append(Group(tuple(resized.get(id(i), i) for i in item.items), item.style,
                               item.id, item.tooltip))
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
