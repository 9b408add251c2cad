"""Reports of played games, rendered without a database."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime

from pbem.app.reports.reports import Recipient, RenderedReport, render_phase
from pbem.rules.dice import SeededDice
from pbem.rules.events import Event
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.game import OVER, Game, new_game, play_phase
from pbem.rules.ramspeed.host import RamSpeedGame
from pbem.rules.ramspeed.orders import describe_movement
from pbem.rules.ramspeed.sampling import legal
from pbem.rules.ramspeed.state import AFLOAT, GameState
from pbem.rules.ramspeed.tactics import build_text, movement_order, orders_for

DEADLINE = datetime(2026, 12, 24, 18, 0, tzinfo=UTC)
ZONES = {"blue": "Europe/Athens", "red": "Africa/Tunis", "convoy": "Asia/Beirut",
         "raiders": "Europe/Rome"}


def play(seed: int, scenario: str, options: tuple[tuple[str, bool], ...], phases: int,
         schemes: bool = False) -> list[tuple[str, RamSpeedGame, tuple[Event, ...]]]:
    """(phase key, the game after it, its events) for each phase of a greedy game. With
    `schemes`, the players also do what the greedy player never does (see `_orders`)."""
    rng = random.Random(seed)
    game = new_game(scenario, options, columns=20, rows=14)
    played = []
    for _ in range(phases):
        if game.step == OVER:
            break
        key = game.key
        submissions = [(side, _orders(game, side, rng, schemes)) for side in game.owes()]
        game, result, _ = play_phase(game, submissions,
                                     SeededDice(seed=str(seed).encode(), game="r", phase=key))
        played.append((key, RamSpeedGame(game), result.events))
    return played


def _orders(game: Game, side: str, rng: random.Random, schemes: bool) -> str:
    """The greedy player's orders; with `schemes` also: the second side builds a galley under
    the first side's first ID (refused when the build resolves), galleys grapple friends
    they touch, and grappled friends pass a boarding party to each other in combat (9.5)."""
    kind = game.phase.kind
    if schemes and kind == "build" and side != game.sides[0]:
        return _clash(build_text(game.scenario, side), build_text(game.scenario, game.sides[0]))
    if schemes and kind == "movement":
        return _movement_grappling_friends(game.state, side, rng)
    text = orders_for(game.state, kind, side, game.zone(side), game.scenario, rng)
    if schemes and kind == "combat":
        text = "\n".join([text, *_transfers(game.state, side)])
    return text


def _clash(lines: str, first_side_lines: str) -> str:
    """The build `lines` with the first galley renamed to the first side's first ID."""
    taken = first_side_lines.split(":", 1)[0]
    first, *rest = lines.splitlines()
    return "\n".join([taken + ":" + first.split(":", 1)[1], *rest])


def _friends_touching(board: Board, key: str) -> list[str]:
    owner = board.galleys[key].owner
    near = {board.occupancy.get(n) for h in board.hexes_of(key) for n in hexes.neighbours(h)}
    return sorted(board.galleys[k].id for k in near
                  if k and k != key and board.galleys[k].owner == owner)


def _movement_grappling_friends(state: GameState, side: str, rng: random.Random) -> str:
    """The greedy player's movement, each galley then grappling the friends it touches."""
    board = Board(state)
    lines = []
    for galley in state.galleys:
        if galley.owner != side or galley.status != AFLOAT or not galley.placed:
            continue
        key = galley.id.upper()
        order = movement_order(board, key, rng)
        after = legal(board, order)
        if after is None:
            continue
        for friend in _friends_touching(after, key):
            tried = replace(order, grapple=(*order.grapple, friend))
            done = legal(board, tried)
            if done is not None:
                order, after = tried, done
        board = after
        lines.append(f"{galley.id}: {describe_movement(order)}")
    return "\n".join(lines)


def _transfers(state: GameState, side: str) -> list[str]:
    """A party from every galley that has one to each friend grappled with it (lines the
    check refuses, for want of parties or room, are simply not carried out)."""
    lines = []
    for galley in state.galleys:
        if galley.owner != side or galley.status != AFLOAT or not galley.boarding_parties:
            continue
        for other in sorted(galley.grappled_with):
            friend = state.galley(other)
            if friend is not None and friend.owner == side:
                lines.append(f"{galley.id}: TRANSFER 1 TO {friend.id}")
    return lines


def recipients(sides: tuple[str, ...]) -> list[Recipient]:
    return [*(Recipient(f"Admiral {side}", side, ZONES.get(side, "UTC")) for side in sides),
            Recipient("observer", None, "UTC")]


def render(key: str, after: RamSpeedGame, events: tuple[Event, ...]) -> list[RenderedReport]:
    return render_phase(game_id="g", phase_key=key, after=after, events=events,
                        recipients=recipients(after.sides), deadline=DEADLINE)
