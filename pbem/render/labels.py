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
from its piece gets one) crosses neither; failing that, the nearest spot off them whose
leader crosses something; failing that, it is left where the ruleset put it (moved straight
into the frame if it is cut). A label of a piece the close-up holds that found no spot with a
clear leader and that the frame cuts where the ruleset put it is told to the frame, which
then grows to take it in there (pbem.render.frame); a label the frame holds already (moved
off a crowd) or of a piece it does not hold is not: growing serves neither.

The search is bounded: the spots round a piece (sorted once) are the bits of one int a row,
cleared where the label's box would overlap a label placed or the core of a piece (a box
inside its outline), box tests only; the spots left are tested exactly (the outlines, the
leader) in order, TRIES at most for one label, so a crowded close-up costs a few hundred
tests a label, not thousands of spots each against every piece and label.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
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
    an edge: their shadows part on an edge normal of one of them (a segment's one edge)."""
    for shape in (a, b):
        for i in range(1 if len(shape) == 2 else len(shape)):
            x0, y0 = shape[i - 1]
            x1, y1 = shape[i]
            ax, ay = y0 - y1, x1 - x0
            if ax == 0 and ay == 0:
                continue
            low_a = high_a = a[0][0] * ax + a[0][1] * ay
            for x, y in a:
                on = x * ax + y * ay
                if on < low_a:
                    low_a = on
                elif on > high_a:
                    high_a = on
            low_b = high_b = b[0][0] * ax + b[0][1] * ay
            for x, y in b:
                on = x * ax + y * ay
                if on < low_b:
                    low_b = on
                elif on > high_b:
                    high_b = on
            if high_a <= low_b or high_b <= low_a:
                return True
    return False


def _corners(box: Box) -> tuple[Point, ...]:
    return ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))


@dataclass(frozen=True)
class _Pieces:
    """The scene's pieces as a label meets them: each one's box and convex outlines, and
    for each outline a box inside it (its core; None for a line), which a label's box may
    not overlap either (a cheap test before the exact one)."""

    pieces: tuple[Piece, ...]
    cores: tuple[tuple[Box | None, ...], ...]

    @classmethod
    def of(cls, pieces: tuple[Piece, ...]) -> _Pieces:
        return _pieces_of(pieces)

    def meet(self, box: Box, own: int | None, among: Sequence[int] | None = None) -> bool:
        """Whether `box` lies over a piece other than the `own` one (of those `among`, if
        given)."""
        return self.cross(_corners(box), box, own, among)

    def cross(self, shape: Sequence[Point], box: Box, own: int | None,
              among: Sequence[int] | None = None) -> bool:
        """Whether a convex `shape` (a box's corners, a leader), lying in `box`, crosses a
        piece other than the `own` one (of those `among`, if given)."""
        for n in range(len(self.pieces)) if among is None else among:
            piece = self.pieces[n]
            if n == own or not overlaps(box, piece.box):
                continue
            if not piece.outlines or any(not _apart(shape, o) for o in piece.outlines):
                return True
        return False


@functools.lru_cache(maxsize=8)  # a frame places its labels a few times over the same pieces
def _pieces_of(pieces: tuple[Piece, ...]) -> _Pieces:
    return _Pieces(pieces, tuple(tuple(_inner(o) for o in piece.outlines) for piece in pieces))


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


_RINGS = int(REACH // STEP)  # spots tried each way from a piece's middle, in steps
_SPOTS = tuple(sorted(((i, j) for i in range(-_RINGS, _RINGS + 1)
                       for j in range(-_RINGS, _RINGS + 1) if i * i + j * j <= _RINGS * _RINGS),
                      key=lambda s: (s[0] ** 2 + s[1] ** 2, abs(s[1]), s)))
_RANK = {spot: n for n, spot in enumerate(_SPOTS)}
_WIDE = 2 * _RINGS + 1  # the spots of a row, as the bits of an int (bit i + _RINGS)
_DISC = tuple(sum(1 << (i + _RINGS) for i in range(-_RINGS, _RINGS + 1)
                  if i * i + j * j <= _RINGS * _RINGS) for j in range(-_RINGS, _RINGS + 1))
OFF = 1 << 20  # spots: far more than any mark is from a home
FEW = 256  # fewer free spots than this are listed bit by bit, more in the spots' order
TRIES = 120  # exact tests (off a piece's outline, a leader's way) at most for one label
WORK = {"spots": 0, "tests": 0}  # spots looked at and exact tests made, all labels (for tests)


def _inner(outline: Sequence[Point]) -> Box | None:
    """A box inside a convex outline: its own box shrunk about its middle until its corners
    lie inside (None for a line or a point)."""
    box = union([(p[0], p[1], p[0], p[1]) for p in outline])
    cx, cy = middle_of(box)
    hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    if hw <= 0 or hh <= 0 or len(outline) < 3:
        return None
    area = sum(outline[i - 1][0] * p[1] - p[0] * outline[i - 1][1]
               for i, p in enumerate(outline))
    turn = 1.0 if area > 0 else -1.0
    most = 1.0
    for i, (x0, y0) in enumerate(outline):
        x1, y1 = outline[(i + 1) % len(outline)]
        nx, ny = (y1 - y0) * turn, (x0 - x1) * turn  # outwards; inside: n.p <= n.(x0, y0)
        room = nx * (x0 - cx) + ny * (y0 - cy)
        reach = abs(nx) * hw + abs(ny) * hh
        if reach > 0:
            most = min(most, room / reach)
    most *= 0.999
    if most <= 0:
        return None
    return (cx - hw * most, cy - hh * most, cx + hw * most, cy + hh * most)


class _Room:
    """What a close-up drawn at `scale` has placed so far, as a label being placed meets
    it: the pieces, the labels placed, and both as boxes measured in spots (STEP pixels;
    of a piece, its cores, or its box where it has no outline) for the cheap tests."""

    def __init__(self, pieces: _Pieces, scale: float) -> None:
        self.pieces = pieces
        self.step = STEP / scale
        self.gap = GAP / scale
        per = scale / STEP
        self.placed: list[Box] = []
        self.marks: list[tuple[int | None, Box]] = []  # (its piece, its box in spots)
        self.cores: list[tuple[int | None, Box]] = []  # the labels' first: they cover more
        for n, piece in enumerate(pieces.pieces):
            solid = [c for c in pieces.cores[n] if c is not None] if piece.outlines else [
                piece.box]
            self.cores += [(n, (c[0] * per, c[1] * per, c[2] * per, c[3] * per))
                           for c in solid]

    def place(self, box: Box) -> None:
        per = 1 / self.step
        self.placed.append(box)
        self.marks.append((None, (box[0] * per, box[1] * per, box[2] * per, box[3] * per)))


def _spot(label: Label, box: Box, bound: Box | None, room: _Room
          ) -> tuple[Point | None, bool]:
    """How far to move a label to the first spot inside `bound` clear of the other pieces
    and the labels placed whose leader (if it needs one) crosses neither, and True; failing
    that the first spot clear with a leader crossing them, and False; None when none is
    clear. The spots round the piece are the bits of a row's int, cleared where a label or
    the core of a piece lies over them (box tests only); those left are tested exactly in
    order, TRIES times at most."""
    pieces, placed, gap, step = room.pieces, room.placed, room.gap, room.step
    start = _start(label)
    own = label.piece
    cx, cy = middle_of(box)
    left, up, right, down = cx - box[0] + gap, cy - box[1] + gap, box[2] - cx + gap, (
        box[3] - cy + gap)
    hx, hy = label.home
    tries = [0]

    def clear(shift: Point, near: Sequence[int] | None = None,
              close: Sequence[Box] = placed, fresh: bool = True) -> bool | None:
        """None when the label moved by `shift` lies over a piece (of those `near`) or a
        label (of those `close`; not tested unless `fresh`: a free spot's box is off them);
        else whether its leader is clear."""
        at = _moved(box, shift)
        moved = _grown(at, gap)
        tries[0] += 1
        if fresh and any(overlaps(moved, o) for o in close) or pieces.meet(moved, own, near):
            return None
        if inside(start, at):
            return True
        line = (start, _edge_towards(at, start))
        reach = (min(line[0][0], line[1][0]), min(line[0][1], line[1][1]),
                 max(line[0][0], line[1][0]), max(line[0][1], line[1][1]))
        return not pieces.cross(line, reach, own, near) and all(
            _apart(line, _corners(o)) for o in close if overlaps(reach, o))

    fallback: Point | None = None
    if bound is not None:
        shift = _into(box, bound)
        if _within(_moved(box, shift), bound):
            found = clear(shift)
            if found:
                WORK["tests"] += tries[0]
                return shift, True
            if found is not None:
                fallback = shift
    # the spots free of every placed label and every piece's core, row by row
    rings = _RINGS
    rows = list(_DISC)
    if bound is not None:
        i0 = max(math.ceil((bound[0] + left - gap - hx) / step), -rings)
        i1 = min(math.floor((bound[2] - right + gap - hx) / step), rings)
        j0 = max(math.ceil((bound[1] + up - gap - hy) / step), -rings)
        j1 = min(math.floor((bound[3] - down + gap - hy) / step), rings)
        keep = ((1 << (i1 - i0 + 1)) - 1) << (i0 + rings) if i0 <= i1 else 0
        rows = [row & keep if j0 <= j - rings <= j1 else 0 for j, row in enumerate(rows)]
    # a spot is covered where the label's box there overlaps a mark (strictly): its middle
    # strictly between the mark's left less the label's right reach and its right plus the
    # label's left one (so for y), in spots from the home; counted from OFF below so that
    # int() rounds down (a spot just touching is taken as covered)
    per = 1 / step
    lows = [j for j, row in enumerate(rows) if row]
    low, high = (lows[0], lows[-1]) if lows else (1, 0)
    x0, x1 = OFF + rings - (right + hx) * per, OFF + rings + (left - hx) * per
    y0, y1 = OFF + rings - (down + hy) * per, OFF + rings + (up - hy) * per
    k = 0
    for n, mark in itertools.chain(room.marks, room.cores) if low <= high else ():
        first = int(mark[1] + y0) + 1 - OFF
        last = int(mark[3] + y1) - OFF
        if first < low:
            first = low
        if last > high:
            last = high
        if first > last or n == own and n is not None:
            continue
        a0 = int(mark[0] + x0) + 1 - OFF
        a1 = int(mark[2] + x1) - OFF
        if a0 < 0:
            a0 = 0
        if a1 > 2 * rings:
            a1 = 2 * rings
        if a0 > a1:
            continue
        cut = ~(((1 << (a1 - a0 + 1)) - 1) << a0)
        for j in range(first, last + 1):
            rows[j] &= cut
        k += 1
        if k % 8 == 0:  # the rows left with a free spot
            while low <= high and not rows[low]:
                low += 1
            while high >= low and not rows[high]:
                high -= 1
            if low > high:
                break
    if sum(row.bit_count() for row in rows) < FEW:
        free = sorted(((i - _RINGS, j - _RINGS) for j, row in enumerate(rows) if row
                       for i in range(_WIDE) if row >> i & 1), key=_RANK.__getitem__)
    else:  # most are free: the first in order will do
        free = [(i, j) for i, j in _SPOTS if rows[j + _RINGS] >> (i + _RINGS) & 1]
    free = free[:max(TRIES - tries[0], 0)]
    WORK["spots"] += len(free)
    if not free:
        WORK["tests"] += tries[0]
        return fallback, False
    # the pieces and labels those spots and their leaders may meet
    xs, ys = [i for i, _ in free], [j for _, j in free]
    spread = (min(hx + min(xs) * step - left, start[0]), min(hy + min(ys) * step - up, start[1]),
              max(hx + max(xs) * step + right, start[0]),
              max(hy + max(ys) * step + down, start[1]))
    near = [n for n, piece in enumerate(pieces.pieces)
            if n != own and overlaps(spread, piece.box)]
    close = [o for o in placed if overlaps(spread, o)]
    for i, j in free:
        shift = (hx + i * step - cx, hy + j * step - cy)
        found = clear(shift, near, close, fresh=False)
        if found:
            WORK["tests"] += tries[0]
            return shift, True
        if found is not None and fallback is None:
            fallback = shift
    WORK["tests"] += tries[0]
    return fallback, False


def _start(label: Label) -> Point:
    """Where a label's leader starts: where its own does, else at the label's middle (on
    its piece, where the ruleset put a label with no leader)."""
    leader = _leader(label.group)
    return leader.points[0] if leader is not None else label.middle


@dataclass(frozen=True)
class Placed:
    """The labels as a close-up draws them (each one's group by the id of the scene's
    group), and where the labels of held pieces that found no clear spot in it and that it
    cuts stand (their boxes, in the ruleset's coordinates, where the ruleset put them): what
    a larger frame would take in."""

    groups: dict[int, Group]
    unplaced: tuple[Box, ...]


def closeup_labels(scene: Scene, labels: Sequence[Label], scale: float, shown: Box) -> Placed:
    """The labels as a close-up drawn at `scale` showing `shown` draws them: at their size,
    where the ruleset put them while that still serves, else placed again (this module's
    words); a label with no spot off the pieces and labels left where it was, moved
    straight into the frame if its piece is held."""
    own = scene.transform
    zoom = scale / own.scale
    by = label_size(zoom) / zoom
    larger = by > 1 + 1e-9  # labels grow against the board: the ruleset's spots may crowd
    pad = LABEL_PAD / scale
    inner = (shown[0] + pad, shown[1] + pad, shown[2] - pad, shown[3] - pad)
    pieces = _Pieces.of(scene.pieces)
    room = _Room(pieces, scale)
    boxes = [label_box(label, scale, own) for label in labels]
    held = [inside(label.home, shown) for label in labels]
    movers: list[int] = []
    for n, label in enumerate(labels):
        fits = not held[n] or _within(boxes[n], inner)
        if fits and larger:
            fits = not pieces.meet(boxes[n], label.piece) and not any(
                overlaps(boxes[n], other) for other in room.placed)
        if fits:
            room.place(boxes[n])
        else:
            movers.append(n)
    shifts = dict.fromkeys(range(len(labels)), (0.0, 0.0))
    unplaced: list[Box] = []
    for n in sorted(movers, key=lambda n: not held[n]):  # the held ones first
        bound = inner if held[n] else None
        shift, clear = _spot(labels[n], boxes[n], bound, room)
        if not clear and bound is not None and not _within(boxes[n], bound):
            unplaced.append(boxes[n])  # cut where the ruleset put it: the frame may grow
        if shift is None:  # no spot clear of the pieces and labels: left where it was
            shift = _into(boxes[n], bound) if bound is not None else (0.0, 0.0)
        shifts[n] = shift
        room.place(_moved(boxes[n], shift))
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
