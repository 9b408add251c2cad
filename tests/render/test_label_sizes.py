"""Issue 24: every word of every label on a map's phone close-up is at least 12 px high (a
piece's name, crew, state and fronts lines alike; the state line was 11 px). Each golden
game's busiest phase, as each side and an observer see it, for every ruleset."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pbem.golden import load, read_records, replay
from pbem.render.frame import frame
from pbem.rules.scene import Text
from tests.render.scenes import walk
from tests.render.test_labels_clear import _ram_speed_melee
from tests.render.test_map_scene import _scene as ram_speed_scene

GAMES = sorted(p for p in (Path(__file__).parents[1] / "games").iterdir() if p.is_dir())
LEAST = 12  # px


def _label_words(scene) -> list[tuple[str, str, float]]:  # type: ignore[no-untyped-def]
    labels = next(item for item in scene.items if item.id == "labels")
    return [(name, item.text, style.font_size or 0)
            for name, item, style in walk((labels,)) if isinstance(item, Text)]


def test_a_ram_speed_state_line_is_12_px_on_the_close_up() -> None:
    words = _label_words(frame(ram_speed_scene()).closeup)
    assert "drifting" in [text for _, text, _ in words]  # a label of two lines is drawn
    assert min(size for _, _, size in words) >= LEAST, words


@pytest.mark.parametrize("folder", GAMES, ids=[p.name for p in GAMES])
def test_every_label_word_of_a_golden_game_s_busiest_phase_is_12_px(folder: Path) -> None:
    golden = load(folder)
    after, result = max(replay(golden, read_records(golden)),
                        key=lambda pair: len(pair[1].events))
    lines = 0
    for side in (*after.sides, None):
        scene = after.map_scene(after.view(side), after.view_events(result.events, side),
                                "Busiest", "phase", viewer=side)
        words = _label_words(frame(scene).closeup)
        assert words, side
        small = [(name, text, size) for name, text, size in words if size < LEAST]
        assert small == [], (side, small[:5])
        lines += len(words)
    assert lines > 0


def _hex_numbers(scene) -> list[float]:  # type: ignore[no-untyped-def]
    """The font sizes of the hex numbers (four digits) the scene draws, in its board's kept
    group."""
    return [style.font_size or 0 for _, item, style in walk(scene.items)
            if isinstance(item, Text) and len(item.text) == 4 and item.text.isdigit()]



RAM_SPEED = [p for p in GAMES if p.name in ("squadron", "convoy-raid", "convoy-escape")]


def test_the_ram_speed_close_up_paints_its_hex_numbers_at_12_px_or_leaves_them_off() -> None:
    """Issue 24: a 32-column board's hex numbers are 10.5 px on the whole map; a close-up of
    a Ram Speed golden game's busiest phase (each side's and an observer's) draws every word,
    hex numbers included, at 12 px or more, or leaves the hex numbers off (a close-up
    zoomed out past what they have room for); the overview has no words at all. Some
    close-up that enlarges the board shows them."""
    small = 0
    for folder in RAM_SPEED:
        golden = load(folder)
        after, result = max(replay(golden, read_records(golden)),
                            key=lambda pair: len(pair[1].events))
        for side in (*after.sides, None):
            scene = after.map_scene(after.view(side), after.view_events(result.events, side),
                                    "Busiest", "phase", viewer=side)
            framed = frame(scene)
            words = [(item.text, style.font_size or 0)
                     for _, item, style in walk(framed.closeup.items) if isinstance(item, Text)]
            assert [w for w in words if w[1] < LEAST] == [], (folder.name, side)
            assert _hex_numbers(framed.overview) == []
            if min(_hex_numbers(scene)) < LEAST:
                small += 1
                # framed on one galley the close-up enlarges the board: its numbers at 12 px
                one = frame(replace(scene, focus=(scene.pieces[0].box,))).closeup
                assert one.transform.scale > scene.transform.scale
                assert _hex_numbers(one) and min(_hex_numbers(one)) >= LEAST
    assert small > 0
    melee = frame(_ram_speed_melee()).closeup  # zoomed out: off, or at 12 px
    assert melee.transform.scale < _ram_speed_melee().transform.scale
    assert all(size >= LEAST for size in _hex_numbers(melee))
