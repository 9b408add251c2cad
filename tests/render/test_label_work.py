"""Issue 24, the close-up's label placer (pbem.render.labels) on crowded and large boards.

Its cost is held by counting the geometry it does, not by timing it: the exact shape tests
(labels._apart, a separating-axis test) and the box tests (labels.overlaps) one frame()
makes, per label. Before the placer was bounded a label with no clear spot walked all
~3,200 spots round its piece, each against every piece and label, and the frame redid it
all four times: 18 galleys packed on a 10 x 8 map cost about 1.9 s, 160 galleys 7 s.

And the frame grows only where growing serves: for a label of a piece it holds whose place
(where the ruleset put it) reaches past it, never for a label whose place the frame already
holds (one moved off a crowd and drawn elsewhere) nor for a label of a piece it does not
hold."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest

from pbem.render import frame as framing
from pbem.render import labels
from pbem.render.frame import frame
from pbem.render.labels import LABEL_PAD, Placed, inside, label_box, scene_labels
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.benchmark import fleet_position
from pbem.rules.ramspeed.game import MOVEMENT, new_game
from pbem.rules.ramspeed.host import RamSpeedGame
from pbem.rules.ramspeed.state import Galley, GameState
from pbem.rules.scene import Box, Scene

TESTS_PER_LABEL = 4_000  # exact and box tests one frame() makes, per label, at most


def _hosted(state: GameState, viewer: str | None) -> Scene:
    game = new_game(state.scenario, (), columns=state.columns, rows=state.rows)
    hosted = RamSpeedGame(replace(game, state=state, step=MOVEMENT, order=("blue", "red"),
                                  index=0))
    return hosted.map_scene(hosted.view(viewer), [], "Crowd", "turn 4", viewer=viewer)


def _stack(viewer: str | None = "blue") -> Scene:
    """Eighteen damaged galleys packed in two blocks of three by three on a 10 x 8 map:
    zoomed out, every label crowds its neighbours and almost none has a clear spot."""
    galleys = [Galley(f"B{n}", "blue", "trireme", hexes.from_offset(3 + n % 3, 1 + n // 3), 0,
                      hull_damage=n) for n in range(9)]
    galleys += [Galley(f"R{n}", "red", "bireme", hexes.from_offset(6 + n % 3, 1 + n // 3), 3,
                       hull_damage=n) for n in range(9)]
    return _hosted(GameState(columns=10, rows=8, scenario="squadron", turn=4,
                             initiative="blue", galleys=tuple(galleys)), viewer)


def _fleet(galleys: int, viewer: str | None = "blue") -> Scene:
    return _hosted(fleet_position(random.Random(5), galleys).state, viewer)


@contextmanager
def _counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    counts = {"_apart": 0, "overlaps": 0}

    def counting(name: str) -> Callable[..., Any]:
        real = getattr(labels, name)

        def wrapped(*args: Any) -> Any:
            counts[name] += 1
            return real(*args)
        return wrapped

    with monkeypatch.context() as patch:
        for name in counts:
            patch.setattr(labels, name, counting(name))
        yield counts


# the crowded scenes both tests look at
CROWDED = [
    pytest.param(lambda: _stack("blue"), id="stack-blue"),
    pytest.param(lambda: _stack(None), id="stack-observer"),
    pytest.param(lambda: _fleet(40), id="fleet-40"),
    pytest.param(lambda: _fleet(80, "red"), id="fleet-80"),
]


@pytest.mark.parametrize("scene", CROWDED)
def test_a_crowded_close_up_places_its_labels_with_bounded_work(
        scene: Callable[[], Scene], monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the bound, blue's stack cost 135,000 exact and 1.17 million box tests (72,000
    a label), the observer's 13,000 a label, the 40-galley fleet 9,500 and the 80-galley
    one 80,000; bounded, 2,500, 160, 480 and 900."""
    built = scene()
    count = len(scene_labels(built))
    with _counted(monkeypatch) as counts:
        frame(built)
    assert count >= 18
    assert counts["_apart"] + counts["overlaps"] <= TESTS_PER_LABEL * count, counts


def test_each_label_tries_at_most_tries_spots_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the crowd, a label is tested exactly at no more than TRIES spots."""
    tried: list[int] = []
    real = labels._spot

    def spot(*args: Any) -> Any:
        before = labels.WORK["tests"]
        found = real(*args)
        tried.append(labels.WORK["tests"] - before)
        return found

    monkeypatch.setattr(labels, "_spot", spot)
    frame(_stack())
    assert tried and max(tried) <= labels.TRIES


# -- the frame grows only where that serves ---------------------------------------------------

def _rounds(monkeypatch: pytest.MonkeyPatch, scene: Scene) -> list[tuple[float, Box, Placed]]:
    """Each placing the frame made: its scale, the box shown and the labels placed."""
    made: list[tuple[float, Box, Placed]] = []
    real = framing.closeup_labels

    def placing(scene: Scene, found: Any, scale: float, shown: Box) -> Placed:
        placed = real(scene, found, scale, shown)
        made.append((scale, shown, placed))
        return placed

    monkeypatch.setattr(framing, "closeup_labels", placing)
    frame(scene)
    return made


def _within(box: Box, bound: Box) -> bool:
    return bound[0] <= box[0] and bound[1] <= box[1] and box[2] <= bound[2] and (
        box[3] <= bound[3])


@pytest.mark.parametrize("scene", CROWDED)
def test_the_frame_grows_only_for_a_held_piece_s_label_it_cuts(
        scene: Callable[[], Scene], monkeypatch: pytest.MonkeyPatch) -> None:
    """What a placing tells the frame to take in is, each, where the ruleset put a label of
    a piece the frame holds, reaching past the frame: not a label it holds already (moved
    off a crowd, drawn elsewhere), not a label of a piece outside it."""
    built = scene()
    found = scene_labels(built)
    unheld, kept = [], []
    for scale, shown, placed in _rounds(monkeypatch, built):
        pad = LABEL_PAD / scale
        inner = (shown[0] + pad, shown[1] + pad, shown[2] - pad, shown[3] - pad)
        held = {label_box(label, scale, built.transform) for label in found
                if inside(label.home, shown)}
        unheld += [box for box in placed.unplaced if box not in held]
        kept += [box for box in placed.unplaced if _within(box, inner)]
    assert unheld == [], "labels of pieces the frame does not hold"
    assert kept == [], "labels the frame holds already"


def test_the_stack_s_frame_grows_for_none_of_its_crowded_labels(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The observer's frame already holds every label where the ruleset put it: the labels
    moved off the crowd are drawn inside it, and it is placed once, not grown."""
    made = _rounds(monkeypatch, _stack(None))
    assert [len(placed.unplaced) for _, _, placed in made] == [0]
