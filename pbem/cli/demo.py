"""`pbem demo`: play the example game in orders/demo and tell it phase by phase.

The game is read like a golden game (game.toml and one order file per side and phase,
named by the phase key); the rules engine adjudicates, this module only prints.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from pbem.golden import load, order_file, read_records
from pbem.render.narrate import sentence
from pbem.rules.interface import OrderSheet
from pbem.rules.ramspeed.game import Game, play_phase
from pbem.rules.ramspeed.state import AFLOAT
from pbem.rules.ramspeed.tables import default_tables
from pbem.rules.ramspeed.view import galley_json

TITLES = {"build": "Build (4.2)", "setup": "Set-up (4.4)", "movement": "Movement",
          "combat": "Combat: missiles, then boarding"}


def default_folder() -> Path:
    here = Path("orders/demo")
    if here.is_dir():
        return here
    return Path(__file__).resolve().parents[2] / "orders" / "demo"


def _sheet(out: TextIO, sheet: OrderSheet, key: str) -> None:
    print(f"  Orders of {sheet.side} ({order_file(key, sheet.side)}):", file=out)
    for line in sheet.lines:
        if line.status == "accepted":
            print(f"    ok      {line.galley}: {line.echo}", file=out)
        else:
            print(f"    REFUSED {line.reason}", file=out)
    if not sheet.lines:
        print("    (none)", file=out)


def play(folder: Path, out: TextIO) -> Game:
    golden = load(folder)
    game = golden.game
    rules = game.scenario
    print(f"{rules.title} ({rules.rule}) on a {game.state.columns} x {game.state.rows} map: "
          f"{game.sides[0]} against {game.sides[1]}.", file=out)
    for text in rules.special_rules:
        print(f"  Special rule: {text}", file=out)
    for record in read_records(golden, folder):
        turn = f"Turn {game.state.turn}: " if game.phase.kind in ("movement", "combat") else ""
        side = f" of {game.side}" if game.side else ""
        print(f"\n== {turn}{TITLES[game.phase.kind]}{side}", file=out)
        key = game.key
        game, result, sheets = play_phase(game, record.submissions, golden.dice_for(key))
        for sheet in sheets:
            _sheet(out, sheet, key)
        if not sheets:
            print("  (no orders)", file=out)
        for event in result.events:
            text = sentence(event)
            if text:
                print(f"    {text}", file=out)
    summary(game, out)
    return game


def summary(game: Game, out: TextIO) -> None:
    print("\n== Where things stand", file=out)
    tables = default_tables()
    for galley in game.state.galleys:
        data = galley_json(galley, tables)
        where = (f"{data['bow']} {data['facing']}" if galley.status == AFLOAT
                 else galley.status.replace("_", " "))
        flags = [f for f in ("drifting", "adrift", "captured") if data[f]]
        if galley.grappled_with:
            flags.append("grappled with " + ", ".join(sorted(galley.grappled_with)))
        kind = tables.galleys[galley.type]
        print(f"  {galley.id:4} {galley.side:5} {galley.type:12} {where:10} "
              f"hull {galley.hull_damage}/{kind.sink} rowing {galley.rowing_damage}/{kind.drift} "
              f"MA {data['movement_allowance']} parties {galley.boarding_parties} "
              f"{' '.join(flags)}".rstrip(), file=out)
    winner = game.state.winner
    if winner:
        print(f"\nWinner: {winner}.", file=out)
    else:
        print(f"\nNo winner yet; the next phase would be {game.key}.", file=out)


def run(args: argparse.Namespace) -> int:
    folder = args.orders or default_folder()
    if not (folder / "game.toml").is_file():
        print(f"pbem demo: no game.toml in {folder}; pass --orders FOLDER", file=sys.stderr)
        return 2
    play(folder, sys.stdout)
    return 0
