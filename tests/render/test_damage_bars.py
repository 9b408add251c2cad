"""Issue 24: damage against its thresholds is readable at the PNG's size. A Ram Speed galley's
two damage bars (hull against sinking, rowing against drifting helplessly) are at least 4 px
high as painted, on the whole map and on the phone close-up of the demo's busiest phase, and
on the whole map of a melee of twelve damaged galleys, where each filled part lies on its bar,
and on that melee's close-up as each side and an observer see it: zoomed out to hold twelve
galleys in a phone's width (the observer's painted them 3.2 px high when the bars shrank
with the board), where a label is drawn at no less than 0.85 of its own size
(pbem.render.frame)."""

from __future__ import annotations

from dataclasses import replace

from pbem.golden import load, read_records, replay
from pbem.render.frame import frame
from pbem.rules.ramspeed.mapshapes import BAR, BAR_DAMAGE
from pbem.rules.scene import Polygon, Scene
from tests.app.helpers import DEMO
from tests.render.scenes import walk
from tests.render.test_labels_clear import _ram_speed_melee

LEAST_PX = 4.0


Rectangle = tuple[float, float, float, float]


def _bars(scene: Scene) -> dict[str, list[tuple[Rectangle, bool]]]:
    """Each galley's bar rectangles in painted pixels (left, top, right, bottom), by label,
    each with whether it is the damage filled in (else the bar's whole length)."""
    found: dict[str, list[tuple[Rectangle, bool]]] = {}
    for name, item, _ in walk(scene.items):
        if name.startswith("damage--") and isinstance(item, Polygon):
            assert item.style in (BAR, BAR_DAMAGE), name
            points = [scene.transform.apply(point) for point in item.points]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            found.setdefault(name, []).append(((min(xs), min(ys), max(xs), max(ys)),
                                               item.style == BAR_DAMAGE))
    return found


def _check(scene: Scene) -> int:
    bars = _bars(scene)
    for name, rectangles in bars.items():
        assert len([r for r, filled in rectangles if not filled]) == 2, name  # hull, rowing
        for (left, top, right, bottom), filled in rectangles:
            assert bottom - top >= LEAST_PX, (name, bottom - top)
            if not filled:
                assert right - left >= 4 * LEAST_PX, (name, right - left)
    return len(bars)


def _busiest_demo_scenes() -> list[Scene]:
    golden = load(DEMO)
    after, result = max(replay(golden, read_records(golden, DEMO)),
                        key=lambda pair: len(pair[1].events))
    return [after.map_scene(after.view(side), after.view_events(result.events, side), "Demo",
                            "busiest", viewer=side) for side in after.sides]


def test_the_demo_s_bars_are_four_px_high_on_the_map_and_its_close_up() -> None:
    counted = 0
    for scene in _busiest_demo_scenes():
        counted += _check(scene)
        counted += _check(frame(scene).closeup)
    assert counted >= 4  # the bars were found: the test measured something


def test_a_melee_s_bars_are_four_px_high_and_filled_by_their_share() -> None:
    scene = _ram_speed_melee()
    assert _check(scene) >= 6
    # a filled part lies on its bar: the same top and height, never longer; and some show
    shown_damage = 0
    for rectangles in _bars(scene).values():
        bars = [r for r, filled in rectangles if not filled]
        for (left, top, right, bottom), filled in rectangles:
            if filled:
                shown_damage += 1
                assert any(abs(top - b[1]) < 1e-6 and abs(bottom - b[3]) < 1e-6
                           and left >= b[0] - 1e-6 and right <= b[2] + 1e-6 for b in bars)
    assert shown_damage >= 6


def test_a_melee_s_bars_are_four_px_high_on_its_close_up_as_every_reader_sees_it() -> None:
    melee = _ram_speed_melee()
    for viewer in ("blue", "red", None):
        closeup = frame(replace(melee, viewer=viewer)).closeup
        assert closeup.transform.scale < melee.transform.scale  # zoomed out: the hard case
        assert _check(closeup) >= 6, viewer
