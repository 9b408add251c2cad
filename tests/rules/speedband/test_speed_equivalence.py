"""The speed work of issue 21 changes no result: the bench battles (benchmark.battle of 8 and
32 ships and a drawn sample of 32, both rounds of turn 2 played through game.play_phase with the
computer player's orders) and whole computer games of the default battle (plain, with free
set-up and with every optional rule) are played, and everything they give is reduced to one
sha256: each phase's state JSON, its events, its refused lines, each sheet's line statuses and
every die drawn. The digests were taken from the engine before any speed change; a digest that
moves means a speed change altered play, so find the change rather than the digest.

`python -m tests.rules.speedband.test_speed_equivalence` prints the digests (to take them anew
only when a rules change is meant to alter play)."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from pbem.rules.dice import SeededDice
from pbem.rules.interface import OrderSheet, PhaseResult
from pbem.rules.speedband import benchmark
from pbem.rules.speedband.codec import game_to_json
from pbem.rules.speedband.host import RULESET
from pbem.rules.speedband.state import OVER, GameState

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


if __name__ == "__main__":
    for name, play in PLAYS.items():
        print(f'    "{name}": "{play()}",')
