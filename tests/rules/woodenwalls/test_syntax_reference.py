"""orders/wooden-walls.md, the players' syntax reference, read with the judge's own reader and
checker, so the page cannot drift from them.

Every fenced block carries a marker as its info string:

- `orders-<phase> <side>` (phase `setup`, `leg`, `split-move`, `split-deck`, `round`): every
  line is accepted by `check.check_lines` for that side in the default battle with that phase
  open (round 1, leg A; `mail = split` or `round` where the phase needs it);
- `mail-leg <side>`: a mail from its `SIGNON` line to `ENDORDERS`, its orders checked as
  `orders-leg <side>`;
- `refused-<phase> <side>`: the lines (each written `line => words`) are checked together as one
  submission; every one is refused, and its sentence contains the words after `=>`.

The table of the default battle's ships is the rules data's.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from pbem.rules.woodenwalls import elements
from pbem.rules.woodenwalls.check import check_lines
from pbem.rules.woodenwalls.rounds import DECK, LEG, MOVEMENT, ROUND, SETUP, Phase
from pbem.rules.woodenwalls.scenario import default_state
from pbem.rules.woodenwalls.state import GameState
from pbem.rules.woodenwalls.switches import parse_options

ROOT = Path(__file__).resolve().parents[3]
REFERENCE = ROOT / "orders" / "wooden-walls.md"
FENCE = re.compile(r"^```([a-z0-9 -]+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
PHASES = {"setup": ("legs", Phase(SETUP)), "leg": ("legs", Phase(LEG, 1, "A")),
          "split-move": ("split", Phase(MOVEMENT, 1, "A")),
          "split-deck": ("split", Phase(DECK, 1, "A")), "round": ("round", Phase(ROUND, 1))}


@cache
def blocks() -> tuple[tuple[str, str], ...]:
    return tuple((match.group(1).strip(), match.group(2))
                 for match in FENCE.finditer(REFERENCE.read_text(encoding="utf-8")))


def _state(phase: str) -> GameState:
    mail, opened = PHASES[phase]
    return replace(default_state(parse_options({"mail": mail})), phase=opened)


def _marked(prefix: str) -> list[tuple[str, str, str]]:
    found = []
    for marker, body in blocks():
        kind, _, rest = marker.partition(" ")
        if kind.startswith(prefix + "-"):
            found.append((kind[len(prefix) + 1:], rest.split()[0], body))
    return found


def test_every_block_has_a_known_marker() -> None:
    markers = [marker.split()[0] for marker, _ in blocks()]
    assert markers and all(
        re.fullmatch(r"(orders|refused)-(setup|leg|split-move|split-deck|round)|mail-leg", marker)
        for marker in markers), markers
    assert {kind for kind, _, _ in _marked("orders")} == set(PHASES)


@pytest.mark.parametrize(("phase", "side", "body"), _marked("orders"))
def test_examples_are_accepted(phase: str, side: str, body: str) -> None:
    checked = check_lines(_state(phase), side, body)
    assert checked.lines and not checked.refused, [line.reason for line in checked.refused]


@pytest.mark.parametrize(("phase", "side", "body"), _marked("mail"))
def test_the_mail_examples_hold_accepted_orders(phase: str, side: str, body: str) -> None:
    lines = body.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("SIGNON "))
    end = lines.index("ENDORDERS")
    checked = check_lines(_state(phase), side, "\n".join(lines[start + 1:end]))
    assert len(checked.lines) == end - start - 1 and not checked.refused


@pytest.mark.parametrize(("phase", "side", "body"), _marked("refused"))
def test_refused_examples_are_refused_for_the_reason_given(phase: str, side: str, body: str) -> None:
    pairs = [line.split(" => ") for line in body.splitlines() if line.strip()]
    checked = check_lines(_state(phase), side, "\n".join(text for text, _ in pairs))
    assert len(checked.lines) == len(pairs)
    for line, (_, words) in zip(checked.lines, pairs, strict=True):
        assert not line.accepted, line.text
        assert words in line.reason, (line.text, line.reason)


def test_the_ship_table_is_the_rules_data() -> None:
    text = REFERENCE.read_text(encoding="utf-8")
    state = default_state(parse_options({}))
    for ship in state.ships:
        row = next(line for line in text.splitlines() if line.startswith(f"| {ship.id}"))
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert cells[1].split()[0] == ship.type
        assert cells[2] == f"{ship.row.length:g} × {ship.row.beam:g}"
        assert cells[3] == str(ship.row.rav) and cells[4] == str(ship.row.oar_sections)
        assert cells[5] == ", ".join(f"{area} {elements.capacity(ship, area)}" for area in ship.areas)
