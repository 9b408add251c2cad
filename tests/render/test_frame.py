"""The close-up and the overview (pbem.render.frame) of a Ram Speed fight and a Greeks vs
Romans table: the frame holds every piece that moved, fought or was struck, the overview draws
that same frame, the close-up is as wide as a phone and its labels stay 12 px or more."""

from __future__ import annotations

from pbem.render.frame import PHONE, board_of, frame
from pbem.render.png import paint_png
from pbem.render.svg import write_svg
from pbem.rules.ramspeed import mapscene as hexmap
from pbem.rules.ramspeed.mapshapes import hex_at
from pbem.rules.ramspeed.view import side_view
from pbem.rules.scene import Box, Group, Polygon, Scene, Text
from tests.render import test_map_scene as ramspeed
from tests.render import test_table_map as table
from tests.render.scenes import walk


def _inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _overview_frame(scene: Scene) -> Polygon:
    found = [item for _, item, _ in walk(scene.overlay) if isinstance(item, Polygon)]
    assert len(found) == 1
    return found[0]


def _check_overview(framed_box: Box, overview: Scene) -> None:
    drawn = _overview_frame(overview).points
    t = overview.transform
    corners = [t.apply((framed_box[0], framed_box[1])), t.apply((framed_box[2], framed_box[3]))]
    xs, ys = [p[0] for p in drawn], [p[1] for p in drawn]
    assert min(xs) == min(c[0] for c in corners) and max(xs) == max(c[0] for c in corners)
    assert min(ys) == min(c[1] for c in corners) and max(ys) == max(c[1] for c in corners)
    assert overview.width == PHONE


def _check_labels(closeup: Scene) -> None:
    assert closeup.width == PHONE
    sizes = [style.font_size or 0 for name, item, style in walk(closeup.items)
             if isinstance(item, Text) and "label--" in name]  # every line of every label
    assert sizes and min(sizes) >= 12


def test_a_ram_speed_close_up_holds_every_galley_that_moved_fought_or_was_struck() -> None:
    state = ramspeed._state()
    scene = ramspeed._scene()
    framed = frame(scene)
    involved = {"A", "B", "X", "Y"}  # moved, drifted, fired, was fired at, rammed, taken
    viewed = side_view(state, "blue")["galleys"]
    for gid in involved:
        for label in viewed[gid]["hexes"]:
            assert _inside(hex_at(label), framed.frame), gid
    assert framed.frame[2] - framed.frame[0] < board_of(scene)[2] - board_of(scene)[0]
    _check_overview(framed.frame, framed.overview)
    _check_labels(framed.closeup)
    assert paint_png(framed.closeup) and "<svg" in write_svg(framed.closeup)


def test_a_greeks_vs_romans_close_up_holds_every_ship_that_moved_fought_or_was_struck() -> None:
    scene = table._scene()
    framed = frame(scene)
    ships = table.battle()["ships"]
    for sid in ("G1", "G2", "G3", "G4", "R1", "R2", "R3"):
        assert _inside((ships[sid]["x"], ships[sid]["y"]), framed.frame), sid
    assert not _inside((ships["R4"]["x"], ships["R4"]["y"]), framed.frame)  # sunk, far off
    _check_overview(framed.frame, framed.overview)
    _check_labels(framed.closeup)
    assert paint_png(framed.closeup) and "<svg" in write_svg(framed.closeup)


def test_a_phase_without_happenings_frames_the_pieces_on_the_board() -> None:
    """(Its own pieces and the nearest enemies for a side: tests/render/test_frame_no_contact.py.)"""
    scene = table._scene(events=[])
    framed = frame(scene)
    ships = table.battle()["ships"]
    for sid in ("G1", "G2", "G3", "R1", "R2", "R3"):
        assert _inside((ships[sid]["x"], ships[sid]["y"]), framed.frame), sid
    viewed = side_view(ramspeed._state(), "blue")["galleys"]
    for galley in viewed.values():  # a standing grapple is contact: let go
        galley["grappled_with"] = []
    hexes_scene = hexmap.map_scene({"galleys": viewed}, [], "T", "t", columns=16, rows=10)
    assert not hexes_scene.focus and hexes_scene.pieces  # no contact: framed on the pieces
    hexed = frame(hexes_scene)
    for gid, galley in viewed.items():
        if galley["status"] == "afloat":
            for label in galley["hexes"]:
                assert _inside(hex_at(label), hexed.frame), gid


def test_a_scene_that_marks_no_focus_is_framed_whole() -> None:
    scene = ramspeed._scene()
    whole = frame(Scene(scene.width, scene.height, scene.title, scene.items, scene.transform,
                        scene.overlay, scene.background))
    board = board_of(scene)
    assert whole.frame[0] <= board[0] + 1e-9 or whole.frame[2] >= board[2] - 1e-9


def _triangles(scene: Scene, prefixes: tuple[str, ...]) -> list[str]:
    return [name for name, item, _ in walk(scene.items)
            if name.startswith(prefixes) and isinstance(item, Polygon) and len(item.points) == 3]


def test_no_shot_ends_in_the_bow_marker_s_triangle() -> None:
    """A miss is a cross and a hit a burst: a triangle is the bow's alone (issue 24)."""
    hexes_scene = ramspeed._scene()
    assert _triangles(hexes_scene, ("side-",))  # the bows are triangles
    assert _triangles(hexes_scene, ("fire-",)) == []
    shots = [name for name, _, _ in walk(hexes_scene.items) if name.startswith("fire-miss")]
    assert shots
    table_scene = table._scene()
    assert _triangles(table_scene, ("archery-", "catapult-")) == []
    assert [name for name, _, _ in walk(table_scene.items) if name.startswith("archery-miss")]


def test_the_overview_has_no_words_to_bury_its_board_and_keeps_every_shape() -> None:
    scene = ramspeed._scene()
    overview = frame(scene).overview
    assert [i for _, i, _ in walk(overview.items) if isinstance(i, Text)] == []
    shapes = [n for n, i, _ in walk(scene.items) if not isinstance(i, Text)]
    assert [n for n, i, _ in walk(overview.items)] == shapes


def test_every_galley_label_sits_on_a_plain_plate_over_the_galleys() -> None:
    """Issue 24: the red side's stripes hid its labels; each label now has a plain white
    plate under its words, drawn after (over) every galley."""
    scene = ramspeed._scene()
    layers = [item.id for item in scene.items]
    assert layers.index("labels") > layers.index("galleys")
    labels = next(item for item in scene.items if item.id == "labels")
    assert isinstance(labels, Group)
    plated = [g for g in labels.items if isinstance(g, Group) and g.id.startswith("label--")]
    assert plated
    for label in plated:
        plate = next(i for i in label.items if isinstance(i, Polygon))
        assert plate.style.fill == "#ffffff", label.id
        assert label.items.index(plate) < min(label.items.index(t) for t in label.items
                                             if isinstance(t, Text))


def test_the_plan_map_frames_the_plotted_paths() -> None:
    view = side_view(ramspeed._state(), "blue")
    plans = [("A", ("0805 E", "0905 E", "1005 E")), ("B", ("0608 E", "0708 E"))]
    scene = hexmap.plan_scene(view, plans, "Orders", "as understood", 16, 10)
    framed = frame(scene)
    for _, plan in plans:
        for place in plan:
            assert _inside(hex_at(place.split()[0]), framed.frame), place
    assert framed.closeup.width == PHONE
