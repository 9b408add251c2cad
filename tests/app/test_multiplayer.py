"""A Fleet Action with two players a side (15.2), through the use-cases: each builds,
places and moves their own galleys; one side's budget is shared."""

from __future__ import annotations

import json
import random

from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.play import audit, games, phases
from pbem.rules.ramspeed import codec
from pbem.rules.ramspeed.tactics import orders_for
from pbem.store import repo
from pbem.store.db import transaction

PLAYERS = {"Aristides": "blue", "Cimon": "blue", "Hanno": "red", "Himilco": "red"}
BUILDS = {"Aristides": "A1: trireme archer 2 bp\nA2: penteconter bp",
          "Cimon": "C1: trireme archer 2 bp\nC2: trireme\nC3: quinquereme",
          "Hanno": "H1: quinquereme 4 bp", "Himilco": "M1: trireme archer bp\nM2: penteconter"}


def _commands(engine: Engine) -> dict[str, list[str]]:
    with transaction(engine) as session:
        return {p.name: json.loads(p.pieces) for p in repo.players(session, "fleet")}


def test_two_players_a_side(engine: Engine) -> None:
    games.create_game(engine, games.GameSpec("fleet", scenario="fleet", seed=bytes(32), players=tuple(
        games.PlayerSpec(name, f"{name.lower()}@example.org", side)
        for name, side in PLAYERS.items())))
    for name, text in BUILDS.items():
        assert orders.submit_orders(engine, "fleet", name, text).stored
    assert phases.ready_games(engine) == [("fleet", "build")]
    built = phases.process_phase(engine, "fleet")
    # each player's lines fit 220 alone; together Cimon's quinquereme passes the budget
    # (51 + 15 = 66, then 51 + 48 = 165, then 90: 255 > 220) and is refused on resolution
    assert [galley for galley, _ in built.refused] == ["C3"]
    commands = _commands(engine)
    assert commands["Aristides"] == ["A1", "A2"] and commands["Cimon"] == ["C1", "C2"]
    rng = random.Random(11)
    for _ in range(14):
        shown = games.show_game(engine, "fleet")
        if shown["status"] != "active":
            break
        with transaction(engine) as session:
            phase = repo.open_phase(session, "fleet")
            assert phase is not None
            game = codec.game_from_json(json.loads(phase.state_before))
        for name, side in PLAYERS.items():
            if side not in shown["owes"]:
                continue
            text = orders_for(game.state, game.phase.kind, side, game.zone(side),
                              game.scenario, rng)
            mine = [line for line in text.splitlines()
                    if line.split(":")[0] in commands[name]] or ["# no orders"]
            # each checked on the position at the phase's start: a friend's plan may clash
            orders.submit_orders(engine, "fleet", name, "\n".join(mine) + "\n")
        phases.process_phase(engine, "fleet", expected_key=shown["phase"])
    shown = games.show_game(engine, "fleet")
    assert shown["phase"].startswith("T"), shown["phase"]  # well into the turns
    placed = [g for g in shown["state"]["galleys"].values() if g["bow"]]
    assert len(placed) == 7  # every galley built is on the map (C3 was refused)
    assert audit.verify_game(engine, "fleet").ok
