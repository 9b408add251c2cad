"""Every example order file under orders/ is read without a syntax error, by the parser of
its folder's rule system."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pbem.rules.errors import OrderSyntaxError
from pbem.rules.ramspeed.combat_orders import parse_combat
from pbem.rules.ramspeed.orders import (
    parse_build,
    parse_movement,
    parse_setup,
    read_line,
    split_lines,
)

ORDERS = Path(__file__).resolve().parent.parent / "orders"
FILES = sorted(ORDERS.rglob("*.txt"))


def test_there_are_example_files() -> None:
    assert len(FILES) >= 10


def _ruleset(path: Path) -> str:
    """The rule system of an example folder: its game.toml's `ruleset` (Ram Speed if none)."""
    config = path.parent / "game.toml"
    found = tomllib.loads(config.read_text(encoding="utf-8")) if config.is_file() else {}
    return str(found.get("ruleset", "ramspeed"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ORDERS)) for p in FILES])
def test_example_file_reads(path: Path) -> None:
    if _ruleset(path) == "greeks-romans":
        from pbem.rules.greeksromans.orders import numbered_lines, read_half_line

        for number, raw in numbered_lines(path.read_text(encoding="utf-8")):
            try:
                read_half_line(number, raw)
            except OrderSyntaxError as error:
                raise AssertionError(f"{path.name}: {error.at(number, raw).sentence()}") from None
        return
    if _ruleset(path) == "ram-cruise":
        from pbem.rules.ramcruise import notation

        # by its phase key: build, setup-<side>, or a turn's round T<t>-r<n>-<side>
        context = (notation.BUILD_LINES if path.name.startswith("build") else
                   notation.SETUP_LINES if path.name.startswith("setup") else notation.ROUND_LINES)
        for number, raw in notation.numbered_lines(path.read_text(encoding="utf-8")):
            try:
                notation.read_line(number, raw, context)
            except OrderSyntaxError as error:
                raise AssertionError(f"{path.name}: {error.sentence()}") from None
        return
    if _ruleset(path) == "wooden-walls":
        from pbem.rules.woodenwalls.notation import LEG, MOVEMENT
        from pbem.rules.woodenwalls.notation import read_line as read_wooden_walls
        from pbem.rules.woodenwalls.notationdeck import SETUP

        # by its phase key: setup-<side>, or a leg R<round>-<leg> of a game mailed by legs
        context = SETUP if path.name.startswith("setup") else LEG if path.name.startswith("R") \
            else MOVEMENT
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            try:
                read_wooden_walls(raw, context)
            except OrderSyntaxError as error:
                raise AssertionError(f"{path.name} line {number}: {error.sentence()}") from None
        return
    if _ruleset(path) == "speed-band":
        from pbem.rules.speedband.notation import read_line as read_speed_band

        # by its phase key: setup-<side>, or a turn's round T<t>-r1 (orders) or T<t>-r2 (combat)
        context = ("setup" if path.name.startswith("setup") else
                   "combat" if "-r2-" in path.name else "orders")
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            try:
                read_speed_band(raw, context)
            except OrderSyntaxError as error:
                raise AssertionError(f"{path.name} line {number}: {error.sentence()}") from None
        return
    name = path.name
    phase = ("build" if name.startswith("build") else "setup" if name.startswith("setup")
             else "combat" if "-combat" in name else "movement")
    parse = {"build": parse_build, "setup": parse_setup, "movement": parse_movement,
             "combat": parse_combat}[phase]
    for number, raw in split_lines(path.read_text(encoding="utf-8")):
        try:
            parse(read_line(number, raw, phase))  # type: ignore[operator]
        except OrderSyntaxError as error:
            raise AssertionError(f"{path.name}: {error.at(number, raw).sentence()}") from None
