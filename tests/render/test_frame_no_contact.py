"""Issue 24: a phase with no contact frames the reader's own pieces and the enemies nearest
them, not every piece on the board. The scene marks its pieces by the side commanding them
and whose view it is (Scene.pieces, Scene.viewer: the same primitives for every ruleset);
pbem.render.frame alone frames. An observer, who has no pieces, gets every piece."""

from __future__ import annotations

from typing import Any

from pbem.render.frame import frame, interest
from pbem.rules.greeksromans import mapscene as tablemap
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed import mapscene as hexmap
from pbem.rules.ramspeed.mapshapes import hex_at
from pbem.rules.ramspeed.state import Galley, GameState
from pbem.rules.ramspeed.view import side_view
from pbem.rules.scene import Box, Piece, Scene
from tests.render.test_table_map import ship

E, W = 0, 3


def _inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _quiet_fleet() -> GameState:
    """Blue's two galleys in the west, red's nearest one a few hexes east of them, red's
    other far in the south-east corner; nobody in contact."""
    return GameState(columns=32, rows=24, scenario="squadron", turn=2, initiative="blue",
                     galleys=(
        Galley("A", "blue", "trireme", hexes.parse_label("0405"), E),
        Galley("B", "blue", "trireme", hexes.parse_label("0408"), E),
        Galley("C", "red", "trireme", hexes.parse_label("1006"), W),
        Galley("D", "red", "trireme", hexes.parse_label("2921"), W),
    ))


def _hex_scene(viewer: str | None) -> tuple[Scene, dict[str, Any]]:
    view = side_view(_quiet_fleet(), viewer)
    return hexmap.map_scene(view, [], "Quiet", "T2", viewer=viewer), view["galleys"]


def test_a_quiet_ram_speed_phase_frames_the_own_galleys_and_the_nearest_enemy() -> None:
    scene, galleys = _hex_scene("blue")
    assert scene.focus == () and scene.viewer == "blue"
    assert sorted(p.side for p in scene.pieces) == ["blue", "blue", "red", "red"]
    framed = frame(scene).frame
    for gid in ("A", "B", "C"):
        for label in galleys[gid]["hexes"]:
            assert _inside(hex_at(label), framed), gid
    for label in galleys["D"]["hexes"]:
        assert not _inside(hex_at(label), framed), "the far enemy is left to the overview"


def test_an_observer_s_quiet_phase_frames_every_galley() -> None:
    scene, galleys = _hex_scene(None)
    framed = frame(scene).frame
    for gid, galley in galleys.items():
        for label in galley["hexes"]:
            assert _inside(hex_at(label), framed), gid


def _quiet_table() -> dict[str, Any]:
    return {"turn": 2, "half": 1, "initiative": "greeks", "winner": "", "phase": "half",
            "table": {"width": 72, "height": 48}, "ships": {
                "G1": ship("greeks", 10, 10, 90), "G2": ship("greeks", 10, 16, 90),
                "R1": ship("romans", 22, 13, 270), "R2": ship("romans", 64, 40, 270)}}


def test_a_quiet_greeks_vs_romans_half_frames_the_own_ships_and_the_nearest_enemy() -> None:
    view = _quiet_table()
    scene = tablemap.map_scene(view, [], "Greeks vs Romans", "turn 2", "greeks")
    assert scene.focus == () and scene.viewer == "greeks"
    framed = frame(scene).frame
    ships = view["ships"]
    for sid in ("G1", "G2", "R1"):
        for corner in ships[sid]["corners"]:
            assert _inside((corner[0], corner[1]), framed), sid
    assert not _inside((ships["R2"]["x"], ships["R2"]["y"]), framed)
    observed = frame(tablemap.map_scene(view, [], "G v R", "turn 2", None)).frame
    assert _inside((ships["R2"]["x"], ships["R2"]["y"]), observed)


def test_what_happened_still_comes_first() -> None:
    """A phase with happenings is framed on them, not on the pieces."""
    pieces = (Piece((0, 0, 1, 1), "blue"), Piece((50, 50, 51, 51), "red"))
    scene = Scene(100, 100, "t", (), focus=((20, 20, 22, 22),), pieces=pieces, viewer="blue")
    assert interest(scene) == ((20, 20, 22, 22),)
    quiet = Scene(100, 100, "t", (), pieces=pieces, viewer="blue")
    assert interest(quiet) == ((0, 0, 1, 1), (50, 50, 51, 51))
    assert interest(Scene(100, 100, "t", ())) == ()


def test_the_ram_speed_plug_in_s_map_knows_whose_view_it_draws() -> None:
    """The host's map_scene hands the viewer on, so that a quiet phase's close-up drawn through
    the plug-in (not only through the mail's path) frames that reader's own galleys."""
    from pbem.rules.ramspeed.game import new_game
    from pbem.rules.ramspeed.host import RamSpeedGame

    hosted = RamSpeedGame(new_game("squadron", (), columns=16, rows=12))
    for viewer in ("blue", "red", None):
        scene = hosted.map_scene(hosted.view(viewer), [], "Quiet", "set-up", viewer=viewer)
        assert scene.viewer == viewer
