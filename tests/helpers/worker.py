"""A judge process for the reliability tests: plays demo games through the use-cases,
picking up wherever the database stands, so it can be killed and started again at any
moment. Logs each stored submission and each processed phase after its commit. Prints
"ready" once its imports and set-up are done (the log is open), so that a test can kill it
while it is judging rather than while Python is still starting.

    python -m tests.helpers.worker DB_URL LOG GAMES
"""

from __future__ import annotations

import hashlib
import sys

from pbem.app import orders
from pbem.app.base.errors import JudgeError
from pbem.app.play import games, phases
from pbem.golden import load, order_file
from pbem.store.db import make_engine
from tests.app.helpers import DEMO, PLAYERS


def play(url: str, log_path: str, count: int) -> None:
    engine = make_engine(url)
    golden = load(DEMO)
    with open(log_path, "a", encoding="utf-8") as log:
        print("ready", flush=True)
        for number in range(1, count + 1):
            game_id = f"d{number}"
            try:
                games.create_game(engine, games.GameSpec(
                    game_id=game_id, seed=golden.seed, dice_name=golden.game_id, columns=18,
                    rows=10, players=tuple(games.PlayerSpec(name, f"{name}@example.org", side)
                                           for side, name in PLAYERS.items())))
            except JudgeError as exc:
                if "already a game" not in str(exc):
                    raise
            while True:
                shown = games.show_game(engine, game_id)
                if shown["status"] != "active":
                    break
                key = shown["phase"]
                for side in shown["owes"]:
                    if PLAYERS[side] in shown["submitted"]:
                        continue
                    path = DEMO / order_file(key, side)
                    text = path.read_text() if path.is_file() else "# no orders\n"
                    try:
                        answer = orders.submit_orders(engine, game_id, PLAYERS[side], text)
                    except JudgeError as exc:  # the phase moved on meanwhile
                        log.write(f"refused {game_id} {key} {side} {exc}\n")
                        continue
                    if answer.stored:
                        digest = hashlib.sha256(text.encode()).hexdigest()
                        log.write(f"stored {game_id} {key} {PLAYERS[side]} {digest}\n")
                        log.flush()
                try:
                    phases.process_phase(engine, game_id, expected_key=key)
                    log.write(f"processed {game_id} {key}\n")
                except JudgeError as exc:
                    log.write(f"skipped {game_id} {key}: {exc}\n")
                log.flush()


if __name__ == "__main__":
    play(sys.argv[1], sys.argv[2], int(sys.argv[3]))
