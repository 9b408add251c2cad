"""orders/speed-band.md, the players' syntax reference, read with the judge's own reader and
checker, so the page cannot drift from them.

Every fenced block carries a marker as its info string:

- `orders-setup <side>`, `orders-round1 <side>`, `orders-round2 <side>`, optionally followed by
  `stopped` (every ship's last band is Stop) and/or `extras` (every line uses a friendly extra;
  without it no line may): every line is accepted by `check.check_orders` for that side, in the
  default battle at turn 1 (set-up with `setup = free`), round 2 in the page's position after
  movement (`after_movement` below, which the page describes in words).
- `mail-round<N> <side>`: a mail from its `SIGNON` line to `ENDORDERS`, its orders checked as
  `orders-round<N> <side>`.
- `refused-setup <side>`, `refused-round1 <side>`, `refused-round2 <side>`: every line is
  refused, and the refusal's sentence contains the words the page gives after `=>`.

The table of the default battle's ships is the rules data's.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from pbem.rules.speedband.check import check_orders
from pbem.rules.speedband.scenario import default_state
from pbem.rules.speedband.state import COMBAT, CORVUS, LINE, SETUP, GameState, Phase
from pbem.rules.speedband.switches import parse_options
from pbem.rules.table import footprint_distance

ROOT = Path(__file__).resolve().parents[3]
REFERENCE = ROOT / "orders" / "speed-band.md"
SIDES = ("romans", "carthaginians")
FENCE = re.compile(r"^```([a-z0-9 -]+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
MARKER = re.compile(r"(orders|mail|refused)-(setup|round1|round2)")


@cache
def blocks() -> tuple[tuple[str, str], ...]:
    return tuple((match.group(1).strip(), match.group(2))
                 for match in FENCE.finditer(REFERENCE.read_text(encoding="utf-8")))


def after_movement() -> GameState:
    """The page's round-2 position: R3 and C2 side by side held by a line, R2's corvus down on
    C3, R1 1.5" astern of C2, the heptares C1 about 7" from R2 and R3 and 13" from R1."""
    state = replace(default_state(parse_options({})), phase=Phase(COMBAT, 1))
    places = {"C2": (30, 20, 180), "R3": (31, 20, 0), "C3": (40, 20, 180),
              "R2": (41.2, 20, 0), "R1": (30, 14, 0), "C1": (36, 30, 90)}
    for ship_id, (x, y, heading) in places.items():
        state = state.with_ship(replace(state.require(ship_id), x=x, y=y, heading=heading))
    state = state.with_link("R3", "C2", LINE).with_link("R2", "C3", CORVUS)
    return state.with_ship(replace(state.require("R2"), corvus_holds="C3"))


def _gap(state: GameState, first: str, second: str) -> float:
    return footprint_distance(state.require(first).polygon, state.require(second).polygon,
                              state.epsilon)


def test_the_round_two_position_is_the_one_the_page_describes():
    state = after_movement()
    assert _gap(state, "R1", "C2") == pytest.approx(1.5)
    assert 6 < _gap(state, "C1", "R2") <= 10 and 6 < _gap(state, "C1", "R3") <= 10
    assert 10 < _gap(state, "C1", "R1") < 13.1
    assert _gap(state, "R3", "C2") == pytest.approx(0) and _gap(state, "R2", "C3") < 0.1


def _state_for(kind: str, words: list[str]) -> GameState:
    if kind == "round2":
        return after_movement()
    if kind == "setup":
        state = default_state(parse_options({"setup": "free"}))
        return replace(state, phase=Phase(SETUP, 0, words[1]))
    state = default_state(parse_options({}))
    if "stopped" in words:
        state = state.with_ships(replace(ship, last_band="stop", last_speed=0)
                                 for ship in state.ships)
    return state


def _order_lines(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if line.strip())


def _mail_orders(text: str) -> str:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.upper().startswith("SIGNON "))
    end = next(i for i, line in enumerate(lines) if line.strip().upper() == "ENDORDERS")
    return "\n".join(lines[start + 1:end])


def _cases(prefix: str) -> list[tuple[str, str]]:
    return [(info, text) for info, text in blocks() if info.startswith(prefix)]


def test_the_page_has_every_kind_of_block():
    kinds = {MARKER.match(info).group(0) for info, _ in blocks() if MARKER.match(info)}
    assert kinds == {"orders-setup", "orders-round1", "orders-round2", "mail-round1",
                     "mail-round2", "refused-setup", "refused-round1", "refused-round2"}
    assert all(MARKER.match(info) for info, _ in blocks()), "an unmarked block"


@pytest.mark.parametrize(("info", "text"), _cases("orders-") + _cases("mail-"))
def test_every_example_is_accepted(info, text):
    words = info.split()
    kind = MARKER.match(words[0]).group(2)
    side = words[1]
    assert side in SIDES
    orders = _mail_orders(text) if words[0].startswith("mail-") else _order_lines(text)
    sheet = check_orders(_state_for(kind, words), side, orders)
    assert len(sheet.lines) == len(orders.splitlines())
    refused = [(line.text, line.reason) for line in sheet.refused]
    assert refused == []
    extras = ["extra" in line.echo.lower() for line in sheet.lines]
    assert all(extras) if "extras" in words else not any(extras), (info, [
        line.echo for line in sheet.lines])


@pytest.mark.parametrize(("info", "text"), _cases("refused-"))
def test_every_refused_example_is_refused_for_the_reason_given(info, text):
    words = info.split()
    kind = MARKER.match(words[0]).group(2)
    state = _state_for(kind, words)
    for row in text.splitlines():
        if not row.strip():
            continue
        line, _, reason = row.partition("=>")
        sheet = check_orders(state, words[1], line.strip())
        assert len(sheet.lines) == 1 and sheet.lines[0].status == "refused", line
        assert reason.strip().lower() in sheet.lines[0].reason.lower(), (line, sheet.lines[0].reason)


def test_the_ship_table_is_the_rules_data():
    from pbem.rules.speedband.orders import tenths
    from pbem.rules.speedband.shiptypes import ship_type

    state = default_state(parse_options({}))
    page = REFERENCE.read_text(encoding="utf-8")
    for ship in state.ships:
        row = ship_type(ship.type)
        bands = (f"{tenths(row.slow)} / {tenths(row.cruise)} / {tenths(row.battle)} / "
                 f"{tenths(row.ram)} ({tenths(row.back)})")
        line = next(text for text in page.splitlines() if text.startswith(f"| {ship.id} |"))
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert cells[1] == ship.name and cells[2].split()[0] == ship.type
        assert cells[3] == bands and cells[4] == f"{row.turn_angle}°"
        assert cells[5:8] == [str(ship.archers), str(ship.soldiers), str(ship.ballistae)]
        equipment = {word.strip() for word in cells[8].split(",") if word.strip()}
        assert equipment == {word for word, has in (("corvus", ship.corvus),
                                                    ("tower", ship.tower)) if has}
