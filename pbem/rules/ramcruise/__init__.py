"""The ram / cruise / strategic galley rules (shared/rules/002, played as
shared/rules/ram-cruise-rulings.md): the third rule system, an open-table plug-in.

Built so far (see the build plan, notes/ramcruise-plan.md): `classes` (§2 footprints, §3),
`switches` (§22), `state`, `fleet` (§4), `rows` (ship and side rows of the case format),
`scenario` (§20), `orders` and `notation` (§19); the movement half: `modes` (§6.1–§6.3, the
fatigue limit), `movement` (§6.4, §8.1, §9.1, §16.6), `paths` (§6.6's computed paths),
`shearing` (§8.2–§8.4), `ramming` (§9.2–§9.5), `sinking` (§10, §9.6), `fatigue` (§7), `wind`
(§16.5, the rout heading); combat: `grappling` (§11), `melee` (§12), `missiles` (§13–§15),
`morale` (§16.1–§16.3), `victory` (§17); `turn` (§5.2's twelve steps in §21's dice order),
`view` (the state as plain data) and `cases` (the case runner's side). It has no `check.py`,
`game.py`, `host.py` or entry point yet, so the judge does not offer it until it plays.

The surface below is what the host and the tests use; `new_game`, `check` and `play_phase` come
with `game.py`.
"""

from pbem.rules.ramcruise.cases import load_case, play_case
from pbem.rules.ramcruise.switches import SWITCHES, Options, parse_options
from pbem.rules.ramcruise.turn import (
    RoundOneOrders,
    RoundTwoOrders,
    end_of_turn,
    resolve_round_1,
    resolve_round_2,
    start_turn,
)
from pbem.rules.ramcruise.view import state_json

__all__ = [
    "SWITCHES", "Options", "RoundOneOrders", "RoundTwoOrders", "end_of_turn", "load_case",
    "parse_options", "play_case", "resolve_round_1", "resolve_round_2", "start_turn", "state_json",
]
