"""A scene's labels on its close-up (pbem.render.frame), for every ruleset, from the scene's
primitives alone.

A scene's labels (its layer "labels": each a group of words, perhaps a plate and bars under
them, and perhaps first a leader line from its piece) are laid out by the ruleset in pixels at
the scene's own scale. The close-up draws each about its own middle at its pixel size where it
enlarges the board, with the board where it shrinks it, but never under LABEL_LEAST of that
size (so a ruleset's 5 px damage bars stay at least 4 px high, issue 24).

Where the ruleset's place no longer serves, the label is placed again at the close-up's
scale: a label of a piece the close-up holds that would reach past the frame, and any label
that, drawn larger against the board than the ruleset laid it out, would lie over a piece not
its own or another label. It goes to the nearest spot round its piece (first moved straight
in, then ring by ring from the piece's middle) inside the frame, off every other piece's
outlines (Scene.pieces) and every label already placed, whose leader line (a label set apart
from its piece gets one) crosses neither. A label with no such spot is told to the frame,
which then grows to take in where the ruleset put it (pbem.render.frame).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from pbem.rules.scene import (
    DEFAULT,
    Box,
    Circle,
    Group,
    Piece,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
    overlaps,
    text_width,
)

LABELS = "labels"  # the scene's layer of labels, each laid out in pixels at its own scale
LABEL_PAD = 3.0  # px kept between a label and the close-up's edge
LABEL_LEAST = 0.85  # of a label's own pixel size: the least a close-up draws it at
GAP = 1.0  # px kept between a placed label and another label or a piece
STEP = 5.0  # px between the spots tried round a piece
REACH = 160.0  # px from its piece's middle: the farthest spot tried


@dataclass(frozen=True)
class Label:
    """A label of the scene's labels layer: its group, the middle of its piece (of the
    scene's piece under its leader's start, else under its own middle; that point itself
    when no piece is there: a wreck's), its middle, how far it reaches from its middle each
    way in pixels (left, up, right, down; up and down as the picture's y grows), and its
    piece (an index into the scene's pieces; None for a wreck's)."""

    group: Group
    home: Point
    middle: Point
    reach: Box
    piece: int | None = None


def union(boxes: Sequence[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def middle_of(box: Box) -> Point:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def inside(point: Point, box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _within(box: Box, bound: Box) -> bool:
    return box[0] >= bound[0] and box[1] >= bound[1] and box[2] <= bound[2] and (
        box[3] <= bound[3])


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


def _leader(group: Group) -> Polyline | None:
    """The label's leader line (its first item, a line from its piece), if it has one."""
    first = group.items[0] if group.items else None
    return first if isinstance(first, Polyline) and first.points else None


def _label(group: Group, outer: Style, own: Transform) -> Label | None:
    """A label's home, middle and pixel reach, measured at the scene's own scale."""
    body = group.items
    home: Point | None = None
    leader = _leader(group)
    if leader is not None:
        home, body = leader.points[0], body[1:]
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
    least = union([(min(b[0], b[2]), min(b[1], b[3]), max(b[0], b[2]), max(b[1], b[3]))
                   for b in boxes])
    reach = (centre[0] - least[0], centre[1] - least[1], least[2] - centre[0],
             least[3] - centre[1])
    return Label(group, home or middle, middle, reach)


def _of_piece(label: Label, pieces: Sequence[Piece]) -> Label:
    """The label with its piece (the nearest piece whose box holds its home) and that
    piece's middle for its home."""
    under = [n for n, piece in enumerate(pieces) if inside(label.home, piece.box)]
    if not under:
        return label
    nearest = min(under, key=lambda n: math.dist(middle_of(pieces[n].box), label.home))
    return replace(label, home=middle_of(pieces[nearest].box), piece=nearest)


def scene_labels(scene: Scene) -> list[Label]:
    """The labels of the scene's labels layer, in its order, measured."""
    layer = _labels_layer(scene)
    if layer is None:
        return []
    found = [_label(item, layer.style.under(DEFAULT), scene.transform) for item in layer.items
             if isinstance(item, Group)]
    return [_of_piece(label, scene.pieces) for label in found if label is not None]


def label_size(zoom: float) -> float:
    """A label's size on a close-up of `zoom`, as a share of its own pixel size."""
    return min(max(zoom, LABEL_LEAST), 1.0)


def label_box(label: Label, scale: float, own: Transform) -> Box:
    """Where a label lies, in the ruleset's coordinates, on a close-up drawn at `scale`."""
    size = label_size(scale / own.scale)
    left, up, right, down = (r * size / scale for r in label.reach)
    if own.flip_y:  # the picture's up is the table's north, where y grows
        up, down = down, up
    return (label.middle[0] - left, label.middle[1] - up, label.middle[0] + right,
            label.middle[1] + down)


# -- the pieces a label keeps off -------------------------------------------------------------

def _apart(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Whether two convex shapes (a segment, a box's corners, an outline) share no more than
    an edge: their shadows part on an edge normal of one of them."""
    for shape in (a, b):
        for i, (x0, y0) in enumerate(shape):
            x1, y1 = shape[(i + 1) % len(shape)]
            ax, ay = y0 - y1, x1 - x0
            if ax == 0 and ay == 0:
                continue
            on_a = [p[0] * ax + p[1] * ay for p in a]
            on_b = [p[0] * ax + p[1] * ay for p in b]
            if max(on_a) <= min(on_b) or max(on_b) <= min(on_a):
                return True
    return False


def _corners(box: Box) -> tuple[Point, ...]:
    return ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))


@dataclass(frozen=True)
class _Pieces:
    """The scene's pieces as a label meets them: each one's box and convex outlines."""

    pieces: tuple[Piece, ...]

    def meet(self, box: Box, own: int | None) -> bool:
        """Whether `box` lies over a piece other than the `own` one."""
        return self.cross(_corners(box), box, own)

    def cross(self, shape: Sequence[Point], box: Box, own: int | None) -> bool:
        """Whether a convex `shape` (a box's corners, a leader), lying in `box`, crosses a
        piece other than the `own` one."""
        for n, piece in enumerate(self.pieces):
            if n == own or not overlaps(box, piece.box):
                continue
            if not piece.outlines or any(not _apart(shape, o) for o in piece.outlines):
                return True
        return False


# -- placing labels on the close-up -----------------------------------------------------------

def _grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _moved(box: Box, shift: Point) -> Box:
    return (box[0] + shift[0], box[1] + shift[1], box[2] + shift[0], box[3] + shift[1])


def _into(box: Box, shown: Box) -> Point:
    """How far to move `box` to lie inside `shown` (none when it does already)."""
    dx = max(shown[0] - box[0], 0.0) - max(box[2] - shown[2], 0.0)
    dy = max(shown[1] - box[1], 0.0) - max(box[3] - shown[3], 0.0)
    return dx, dy


def _shifts(box: Box, home: Point, bound: Box | None, scale: float) -> Iterator[Point]:
    """The moves to try for a label at `box`: straight into `bound`, then its middle on
    each spot round `home`, ring by ring outwards (STEP pixels apart, REACH at most)."""
    if bound is not None:
        yield _into(box, bound)
    centre = middle_of(box)
    steps = int(REACH // STEP)
    spots = sorted(((i, j) for i in range(-steps, steps + 1) for j in range(-steps, steps + 1)
                    if i * i + j * j <= steps * steps), key=lambda s: (s[0] ** 2 + s[1] ** 2,
                                                                        abs(s[1]), s))
    step = STEP / scale
    for i, j in spots:
        yield home[0] + i * step - centre[0], home[1] + j * step - centre[1]


def _spot(label: Label, box: Box, bound: Box | None, pieces: _Pieces, placed: list[Box],
          scale: float) -> tuple[Point | None, bool]:
    """How far to move a label to the first spot inside `bound` clear of the other pieces
    and the `placed` labels whose leader (if it needs one) crosses neither, and True; failing
    that the first spot clear with a leader crossing them, and False; None when none is
    clear."""
    gap = GAP / scale
    start = _start(label)
    fallback: Point | None = None
    for shift in _shifts(box, label.home, bound, scale):
        at = _moved(box, shift)
        if bound is not None and not _within(at, bound):
            continue
        moved = _grown(at, gap)
        if any(overlaps(moved, other) for other in placed) or pieces.meet(moved, label.piece):
            continue
        if inside(start, at):
            return shift, True
        line = (start, _edge_towards(at, start))
        reach = (min(line[0][0], line[1][0]), min(line[0][1], line[1][1]),
                 max(line[0][0], line[1][0]), max(line[0][1], line[1][1]))
        if not pieces.cross(line, reach, label.piece) and all(
                _apart(line, _corners(other)) for other in placed if overlaps(reach, other)):
            return shift, True
        fallback = fallback or shift
    return fallback, False


def _start(label: Label) -> Point:
    """Where a label's leader starts: where its own does, else at the label's middle (on
    its piece, where the ruleset put a label with no leader)."""
    leader = _leader(label.group)
    return leader.points[0] if leader is not None else label.middle


@dataclass(frozen=True)
class Placed:
    """The labels as a close-up draws them (each one's group by the id of the scene's
    group), and where the labels that found no clear spot in it stand (their boxes, in the
    ruleset's coordinates, where the ruleset put them)."""

    groups: dict[int, Group]
    unplaced: tuple[Box, ...]


def closeup_labels(scene: Scene, labels: Sequence[Label], scale: float, shown: Box) -> Placed:
    """The labels as a close-up drawn at `scale` showing `shown` draws them: at their size,
    where the ruleset put them while that still serves, else placed again (this module's
    words); a label with no clear spot left where it was, moved straight into the frame if
    its piece is held."""
    own = scene.transform
    zoom = scale / own.scale
    by = label_size(zoom) / zoom
    larger = by > 1 + 1e-9  # labels grow against the board: the ruleset's spots may crowd
    pad = LABEL_PAD / scale
    inner = (shown[0] + pad, shown[1] + pad, shown[2] - pad, shown[3] - pad)
    pieces = _Pieces(scene.pieces)
    boxes = [label_box(label, scale, own) for label in labels]
    held = [inside(label.home, shown) for label in labels]
    placed: list[Box] = []
    movers: list[int] = []
    for n, label in enumerate(labels):
        fits = not held[n] or _within(boxes[n], inner)
        if fits and larger:
            fits = not pieces.meet(boxes[n], label.piece) and not any(
                overlaps(boxes[n], other) for other in placed)
        if fits:
            placed.append(boxes[n])
        else:
            movers.append(n)
    shifts = dict.fromkeys(range(len(labels)), (0.0, 0.0))
    unplaced: list[Box] = []
    for n in sorted(movers, key=lambda n: not held[n]):  # the held ones first
        bound = inner if held[n] else None
        shift, clear = _spot(labels[n], boxes[n], bound, pieces, placed, scale)
        if not clear:
            unplaced.append(boxes[n])
        if shift is None:
            shift = _into(boxes[n], bound) if bound is not None else (0.0, 0.0)
        shifts[n] = shift
        placed.append(_moved(boxes[n], shift))
    style = _leader_style(labels)
    return Placed({id(label.group): _drawn(label, by, shifts[n], _moved(boxes[n], shifts[n]),
                                           style) for n, label in enumerate(labels)},
                  tuple(unplaced))


def _leader_style(labels: Sequence[Label]) -> Style:
    """How a new leader is drawn: as the scene's other leaders, else in the ink of the first
    label's plate or words."""
    for label in labels:
        leader = _leader(label.group)
        if leader is not None:
            return leader.style
    for label in labels:
        for item, style in _leaves(label.group.items, label.group.style.under(DEFAULT)):
            ink = style.stroke if not isinstance(item, Text) else style.fill
            if ink not in (None, "none", "#ffffff"):
                return Style(stroke=ink, width=1, dash=())
    return Style(stroke="#000000", width=1, dash=())


def _drawn(label: Label, by: float, shift: Point, box: Box, style: Style) -> Group:
    """The label resized by `by` about its middle and moved by `shift` to `box`; a label
    moved off its piece's spot gets a leader from there to the box's edge."""
    group = label.group
    leader = _leader(group)
    body = group.items[1:] if leader is not None else group.items
    out = [_placed(item, label.middle, by, shift) for item in body]
    if shift == (0.0, 0.0):
        if leader is not None:
            rest = _placed(Polyline(leader.points[1:], leader.style), label.middle, by, shift)
            assert isinstance(rest, Polyline)
            out.insert(0, Polyline((leader.points[0], *rest.points), leader.style, leader.id,
                                   leader.tooltip))
        return Group(tuple(out), group.style, group.id, group.tooltip)
    start = _start(label)
    if not inside(start, box):
        line = Polyline((start, _edge_towards(box, start)),
                        leader.style if leader is not None else style,
                        leader.id if leader is not None else "",
                        leader.tooltip if leader is not None else "")
        out.insert(0, line)
    return Group(tuple(out), group.style, group.id, group.tooltip)


def _edge_towards(box: Box, point: Point) -> Point:
    """Where a line from the box's middle to `point` leaves the box."""
    cx, cy = middle_of(box)
    dx, dy = point[0] - cx, point[1] - cy
    scale = min((box[2] - cx) / abs(dx) if dx else math.inf,
                (box[3] - cy) / abs(dy) if dy else math.inf, 1.0)
    return cx + dx * scale, cy + dy * scale


def _placed(item: Primitive, middle: Point, by: float, shift: Point) -> Primitive:
    """A label's primitive drawn `by` times as large about the label's `middle` (so that the
    label keeps its pixel size on the close-up; words keep theirs anyway), then moved by
    `shift`."""
    def point(p: Point) -> Point:
        return (middle[0] + (p[0] - middle[0]) * by + shift[0],
                middle[1] + (p[1] - middle[1]) * by + shift[1])

    if isinstance(item, Group):
        return Group(tuple(_placed(i, middle, by, shift) for i in item.items), item.style,
                     item.id, item.tooltip)
    if isinstance(item, Text):
        return Text(point(item.at), item.text, item.style, item.id, item.tooltip)
    if isinstance(item, Circle):
        return Circle(point(item.centre), item.radius * by, item.style, item.id, item.tooltip)
    return type(item)(tuple(map(point, item.points)), item.style, item.id, item.tooltip)
