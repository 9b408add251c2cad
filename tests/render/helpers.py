"""Reports of played games, rendered without a database."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from pbem.app.reports import Recipient, RenderedReport, render_phase
from pbem.app.rulesets import HostedGame
from pbem.rules.dice import SeededDice
from pbem.rules.events import Event
from pbem.rules.ramspeed.game import OVER, new_game, play_phase
from pbem.rules.ramspeed.tactics import orders_for

DEADLINE = datetime(2026, 12, 24, 18, 0, tzinfo=UTC)
ZONES = {"blue": "Europe/Athens", "red": "Africa/Tunis", "convoy": "Asia/Beirut",
         "raiders": "Europe/Rome"}


def play(seed: int, scenario: str, options: tuple[tuple[str, bool], ...], phases: int,
         ) -> list[tuple[str, HostedGame, tuple[Event, ...]]]:
    """(phase key, the game after it, its events) for each phase of a greedy game."""
    rng = random.Random(seed)
    game = new_game(scenario, options, columns=20, rows=14)
    played = []
    for _ in range(phases):
        if game.step == OVER:
            break
        key = game.key
        submissions = [(side, orders_for(game.state, game.phase.kind, side, game.zone(side),
                                         game.scenario, rng)) for side in game.owes()]
        game, result, _ = play_phase(game, submissions,
                                     SeededDice(seed=str(seed).encode(), game="r", phase=key))
        played.append((key, HostedGame(game), result.events))
    return played


def recipients(sides: tuple[str, ...]) -> list[Recipient]:
    return [*(Recipient(f"Admiral {side}", side, ZONES.get(side, "UTC")) for side in sides),
            Recipient("observer", None, "UTC")]


def render(key: str, after: HostedGame, events: tuple[Event, ...]) -> list[RenderedReport]:
    return render_phase(game_id="g", phase_key=key, after=after, events=events,
                        recipients=recipients(after.sides), deadline=DEADLINE)
