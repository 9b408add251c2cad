"""Games for the host's tests, built through the use-cases."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.play import games, phases
from pbem.golden import load, order_file

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "orders" / "demo"
PLAYERS = {"blue": "Aristides", "red": "Hanno"}


def new_demo_game(engine: Engine, game_id: str = "g1", **changes: object) -> games.CreatedGame:
    golden = load(DEMO)
    spec = games.GameSpec(
        game_id=game_id, scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10,
        players=(games.PlayerSpec("Aristides", "aristides@example.org", "blue",
                                  "Europe/Athens", "secret-a"),
                 games.PlayerSpec("Hanno", "hanno@example.org", "red", "Africa/Tunis",
                                  "secret-h")),
    )
    for name, value in changes.items():
        spec = games.GameSpec(**{**spec.__dict__, name: value})
    return games.create_game(engine, spec)


def play_demo_phases(engine: Engine, game_id: str, count: int) -> list[phases.Processed]:
    """Submit the demo's order files and process `count` phases."""
    done = []
    for _ in range(count):
        shown = games.show_game(engine, game_id)
        key = shown["phase"]
        for side in shown["owes"]:
            path = DEMO / order_file(key, side)
            if path.is_file():
                orders.submit_orders(engine, game_id, PLAYERS[side], path.read_bytes())
        done.append(phases.process_phase(engine, game_id, expected_key=key))
    return done
