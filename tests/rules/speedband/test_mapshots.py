"""Shots on the speed-band map (pbem/rules/speedband/mapscene.py, mapmarks.py), in the default
battle of test_mapscene: one line a firer, target and weapon, solid when any shot hit and dashed
when all missed (§12), ending at the target in a burst for a hit or a cross for a miss, shapes
no piece uses, never the bow mark's triangle (issue 24); volleys between one pair side by side;
with secret records another side's misses are not drawn (§4)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from pbem.rules.scene import Polygon, Polyline, Scene
from pbem.rules.speedband.mapmarks import ARCHERY, BALLISTA
from pbem.rules.table.mapkit import WHITE
from tests.render.scenes import walk
from tests.rules.speedband.test_mapscene import flat, named, scene_of, seen, tooltips, trails_of


def _shot_parts(scene: Scene, prefix: str) -> tuple[Polyline, list[Polyline]]:
    """A shot mark's line (the first coloured polyline) and the arms of its cross, if any."""
    found = [item for _, item, style in named(scene, prefix) if isinstance(item, Polyline)
             and style.stroke != WHITE]
    assert found, prefix
    return found[0], found[1:]


def _shot_lines(scene: Scene, prefix: str) -> list[tuple[Polyline, Any]]:
    """Each shot mark's line under ids beginning `prefix`, with its whole style."""
    lines: list[tuple[Polyline, Any]] = []
    for name in dict.fromkeys(name for name, _, _ in named(scene, prefix)):
        line = _shot_parts(scene, name)[0]
        lines.append((line, next(style for n, item, style in named(scene, name) if item is line)))
    return lines


def test_shots_run_firer_to_target_solid_when_they_hit() -> None:
    view, events = seen("T2-r2", "romans")
    scene = scene_of(view, events)
    tips = {k: v for k, v in tooltips(scene.items).items() if k.startswith(("archers-", "ballista-"))}
    # Rome's own shots hit or missed; Carthage's only where they hit (secret records, §4)
    assert sorted(tips.values()) == [
        "C1 archers at R2: hit (officers)", "C2 archers at R1: hit (officers)",
        "R1 archers at C1: missed", "R1 archers at C2: missed", "R1 ballista at C2: missed",
        "R2 archers at C1: hit (rowers)", "R2 ballista at C1: missed", "R3 archers at C3: missed"]
    assert {k.split("--")[0] for k in tips} == {"archers-hit", "archers-miss", "ballista-miss"}
    hit = {style.stroke for _, item, style in named(scene, "archers-hit--")
           if isinstance(item, Polyline) and style.stroke != WHITE}
    missed = {(style.stroke, style.dash) for _, style in _shot_lines(scene, "ballista-miss--")}
    assert hit == {ARCHERY} and missed == {(BALLISTA, (8, 4))}
    # R3 shoots C3 bow to bow, touching since the ram: centre to centre, the line running to
    # C3's centre, where all missed: a cross there, its arms 0.32" out each way (issue 24: a
    # cross for a miss, never a triangle like the bow's)
    line, cross = _shot_parts(scene, "archers-miss--8")
    assert flat(line.points) == pytest.approx(flat(((52, 26), (52, 30))))
    assert flat(arm.points for arm in cross) == pytest.approx(
        flat(((51.68, 29.68), (52.32, 30.32), (51.68, 30.32), (52.32, 29.68))))
    assert {style.stroke for _, item, style in named(scene, "archers-miss--8")
            if isinstance(item, Polyline) and item in cross and style.stroke != WHITE} == {ARCHERY}
    assert not trails_of(scene)  # the combat round moves no ship


def test_volleys_between_one_pair_stand_side_by_side() -> None:
    view, _ = seen("T2-r1", "romans")
    shots = [{"kind": "shot", "ship": "R2", "target": "R3", "weapon": "archers", "hit": ""},
             {"kind": "shot", "ship": "R2", "target": "R3", "weapon": "ballista", "hit": "rowers"},
             {"kind": "shot", "ship": "R3", "target": "R2", "weapon": "archers", "hit": "officers"}]
    scene = scene_of(view, shots)
    lines = [_shot_parts(scene, prefix)[0].points
             for prefix in ("archers-miss--0", "ballista-hit--1", "archers-hit--2")]
    # R2's bow-starboard corner (40.62, 23.25) is nearest R3's stern-port (51.5, 24): the three
    # arrows lie along that line, 0.35" apart across it in the order they were first shot
    (ax, ay), (bx, by) = (40.62, 23.25), (51.5, 24.0)
    across = (-(by - ay) / math.dist((ax, ay), (bx, by)), (bx - ax) / math.dist((ax, ay), (bx, by)))
    offsets = [(line[0][0] - ax) * across[0] + (line[0][1] - ay) * across[1] for line in lines]
    assert offsets == pytest.approx([-0.35, 0.0, 0.35])


def test_no_shot_mark_shares_the_bow_mark_s_triangle() -> None:
    view, events = seen("T2-r2", "romans")
    scene = scene_of(view, events)
    shots = [(name, item, style) for name, item, style in walk(scene.items)
             if name.startswith(("archers-", "ballista-"))]
    assert shots
    assert not [name for name, item, _ in shots if isinstance(item, Polygon) and len(item.points) == 3]
    # a hit ends in a burst of sixteen points, a miss in a cross of two polylines
    for name in {n for n, _, _ in shots}:
        stars = [item for n, item, style in shots if n == name and isinstance(item, Polygon)
                 and style.stroke != WHITE]
        arms = [item for n, item, style in shots if n == name and isinstance(item, Polyline)
                and style.stroke != WHITE][1:]
        if "-hit--" in name:
            assert [len(star.points) for star in stars] == [16] and not arms, name
        else:
            assert not stars and len(arms) == 2, name
