"""The speed work of issue 21 changes no result: the bench battles (benchmark.battle of 8 and
32 ships and a drawn sample of 32, both rounds of turn 2 played through game.play_phase with the
computer player's orders) and whole computer games of the default battle (plain, with free
set-up and with every optional rule) are played, and everything they give is reduced to one
sha256: each phase's state JSON, its events, its refused lines, each sheet's line statuses and
every die drawn. The digests were taken from the engine before any speed change; a digest that
moves means a speed change altered play, so find the change rather than the digest.

The screens the speed work added are checked against the plain scans they replace: the
neighbour grid (GameState.ships_near) keeps every ship within reach as ships move, and
fronts.locked_pairs and morale's ships within 6" give what asking every pair gives, and
relocate.relocated gives what replace gives.

`python -m tests.rules.speedband.test_speed_equivalence` prints the digests (to take them anew
only when a rules change is meant to alter play)."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from pbem.rules.dice import SeededDice
from pbem.rules.interface import OrderSheet, PhaseResult
from pbem.rules.speedband import benchmark, fronts, morale, relocate
from pbem.rules.speedband.codec import game_to_json
from pbem.rules.speedband.host import RULESET
from pbem.rules.speedband.state import OVER, GameState, Link, Ship, StandingOrders
from pbem.rules.table import footprint_distance

OPTIONAL = {name: True for name in ("opt_crew_quality", "opt_combat_values", "opt_missile_speed",
                                    "opt_overcrew", "opt_transfer", "opt_fast_triremes",
                                    "opt_strengthened_bows")}


class Digest:
    """A running sha256 over the JSON of what each phase gave."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()

    def add(self, value: Any) -> None:
        self._hash.update(json.dumps(value, sort_keys=True, default=repr).encode())
        self._hash.update(b"\n")

    def phase(self, state: GameState, result: PhaseResult, sheets: tuple[OrderSheet, ...],
              dice: SeededDice) -> None:
        self.add(game_to_json(state))
        self.add([event.as_dict() for event in result.events])
        self.add([list(found) for found in result.rejected])
        self.add([[sheet.side, [(line.line_no, line.piece, line.status) for line in sheet.lines]]
                  for sheet in sheets])
        self.add([(roll.purpose, roll.value, roll.sides) for roll in dice.log])

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def _bench(start: GameState, rounds: int = 2) -> str:
    """`rounds` rounds from the bench battle's turn 2 with the computer player's orders."""
    digest = Digest()
    state = start
    for number in range(rounds):
        if state.phase.kind == OVER:
            break
        dice = SeededDice(seed=b"equivalence", game="bench", phase=f"{number}")
        state, result, sheets = benchmark.play_round(state, benchmark.computer_orders(state), dice)
        digest.phase(state, result, sheets, dice)
    return digest.hexdigest()


def _whole_game(options: dict[str, Any], seed: int, phases: int = 80) -> str:
    """A default game played to its end by the computer player, as the host plays it."""
    digest = Digest()
    game = RULESET.start("default", options)
    rng = random.Random(seed)
    for _ in range(phases):
        if game.over:
            break
        submissions = [(side, game.autoplay_orders(side, rng)) for side in game.owes()]
        dice = SeededDice(seed=b"equivalence", game="whole", phase=game.key)
        game, result, sheets = game.play(submissions, dice)
        digest.phase(game.value, result, sheets, dice)
    assert game.over
    return digest.hexdigest()


PLAYS: dict[str, Callable[[], str]] = {
    "bench-8": lambda: _bench(benchmark.battle(8)),
    "bench-32": lambda: _bench(benchmark.battle(32)),
    "sample-32": lambda: _bench(benchmark.sample(32, 5)),
    "bench-32-four-turns": lambda: _bench(benchmark.battle(32), 8),
    "sample-128": lambda: _bench(benchmark.sample(128, 2)),
    "default-3": lambda: _whole_game({}, 3),
    "default-11": lambda: _whole_game({}, 11),
    "free-setup-4": lambda: _whole_game({"setup": "free"}, 4),
    "optional-5": lambda: _whole_game(OPTIONAL, 5),
}

DIGESTS = {
    "bench-8": "d6a9f5412d5732e35ebaa615c51c6f2fb8a2b6280ac4da4d2c211e335b5357bd",
    "bench-32": "e03ac1969dc6c1ad5712b8aeae500e4e097f5676a349ef639d49054222c00517",
    "sample-32": "0cb63ff9a0f766c4117a0ce761e492420432cebf185ad9e77a636f0f13534bda",
    "bench-32-four-turns": "3207c9c0fddb11600216d566ae80181559edb68652b1153087a0aa79ed81c854",
    "sample-128": "1f078a5d0925e55581a30c901fb3d3577c1b91a4e8235dda83a8829d92a79139",
    "default-3": "f678621c1d97cb2e509faa08910237442db24450fa0b28e29469c18d11af31b0",
    "default-11": "beb57f1438b517421a78959d4f3b1fa1786e529f909cb0522a239da154c6fb4d",
    "free-setup-4": "f6a1d2b2cf093fe07a827eff35d21949fc84eefd5debe1b05c12c2e54354d13e",
    "optional-5": "9a27656aa43ef0e900adde94d16abc0dd7c39c0f72cedaf3d08fc0047a05fdbf",
}


@pytest.mark.parametrize("name", sorted(PLAYS))
def test_play_is_unchanged_by_the_speed_work(name: str) -> None:
    assert PLAYS[name]() == DIGESTS[name]


def _gap(first: Ship, second: Ship) -> float:
    return footprint_distance(first.polygon, second.polygon, 0.001)


def test_the_neighbour_grid_keeps_every_ship_within_reach_as_ships_move() -> None:
    state = benchmark.sample(128, 3)
    rng = random.Random(21)
    state.ships_near(state.ships[0], 1.0)  # the grid is made now and moved with each ship after
    for step in range(1500):
        mover = state.ships[rng.randrange(len(state.ships))]
        if step % 3 == 0:  # some moves cross cells (8"), some stay in one
            state = state.with_ship(replace(mover, x=mover.x + rng.uniform(-9, 9),
                                            y=mover.y + rng.uniform(-9, 9)))
        ship = state.ships[rng.randrange(len(state.ships))]
        reach = rng.choice((0.1, 1.0, 3.0, 6.0, 16.0))
        near = state.ships_near(ship, reach)
        within = [other for other in state.ships
                  if other.id != ship.id and _gap(ship, other) <= reach + 0.001]
        assert set(within) <= set(near)
        assert list(near) == [other for other in state.ships if other in near]  # scenario order
        assert ship not in near
        fresh = GameState(state.ships, state.players, state.options)  # a grid made anew
        assert fresh.ships_near(ship, reach) == near


def test_a_ship_far_off_the_table_is_still_found() -> None:
    state = benchmark.battle(8)
    far = replace(state.ships[0], x=1e300, y=-1e300)
    state.ships_near(state.ships[1], 1.0)
    state = state.with_ship(far)
    assert state.ships_near(far, 1.0) == ()
    assert far not in state.ships_near(state.ships[1], 1e6)
    assert state.ships_near(state.ships[1], 1e301)[0] == far  # a query wider than the grid


def test_a_ship_relocated_is_the_ship_replace_gives() -> None:
    ships = list(benchmark.sample(32, 4).ships)
    ships.append(replace(ships[0], status="fleeing", flight_heading=90, corvus_holds="C1",
                         rowers=(3, 0, 3, 3, 0, 3, 3, 3), officers_lost=2, written_speed=-20,
                         standing=StandingOrders(cut="all", melee="C2", raise_corvus=True)))
    for ship in ships:
        moved = relocate.relocated(ship, 12.25, -3.5, 270)
        assert moved == replace(ship, x=12.25, y=-3.5, heading=270)
        assert repr(moved) == repr(replace(ship, x=12.25, y=-3.5, heading=270))
        assert (ship.x, ship.y, ship.heading) != (12.25, -3.5, 270)  # the original is kept


def _locked_by_every_pair(state: GameState) -> tuple[tuple[str, str], ...]:
    ships = state.ships
    return tuple((x.id, y.id) for i, x in enumerate(ships) for y in ships[i + 1:]
                 if fronts.locked(state, x.id, y.id))


def _near_by_every_ship(state: GameState, ship: Ship) -> tuple[list[tuple[float, Ship]], list[Ship]]:
    enemies, friends = [], []
    for other in state.ships:
        if other.id != ship.id and other.active and _gap(ship, other) <= morale.SIGHT + 0.001:
            if state.enemies(ship, other):
                enemies.append((_gap(ship, other), other))
            else:
                friends.append(other)
    return enemies, friends


def test_locked_pairs_and_morale_neighbours_are_those_of_every_pair() -> None:
    state = benchmark.battle(32)
    seen = 0
    for number in range(6):
        dice = SeededDice(seed=b"equivalence", game="pairs", phase=f"{number}")
        state, _, _ = benchmark.play_round(state, benchmark.computer_orders(state), dice)
        # Every link, ram lock and last turn's pair as the lists hold them; then every pair in
        # contact as if it fought last turn (some in the other order or case, friends, a ship
        # with itself) with no ram locks, so that contact alone decides.
        touching = [(y.id.lower(), x.id) for i, x in enumerate(state.ships)
                    for y in state.ships[i + 1:] if fronts.in_contact(state, x, y)]
        contact = replace(state, fought_last_turn=(*touching, ("R3", "R3")),
                          record=replace(state.record, ram_locked=()),
                          links=(*state.links, Link("C2", "R2", "line", "R2")))
        assert fronts.locked_pairs(contact) == tuple(
            (x.id, y.id) for i, x in enumerate(contact.ships) for y in contact.ships[i + 1:]
            if state.enemies(x, y) and x.active and y.active
            and (fronts.in_contact(contact, x, y) or contact.link(x.id, y.id) is not None))
        for checked in (state, contact):
            assert fronts.locked_pairs(checked) == _locked_by_every_pair(checked)
            seen += len(fronts.locked_pairs(checked))
            for ship in checked.ships:
                assert morale._near(checked, ship) == _near_by_every_ship(checked, ship)
    assert seen > 10


if __name__ == "__main__":
    for name, play in PLAYS.items():
        print(f'    "{name}": "{play()}",')
