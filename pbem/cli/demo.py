"""`pbem demo`: play the example game in orders/demo and tell it turn by turn.

The rules engine does the adjudication; this module only reads the files, rolls the
seeded dice for each phase and prints what happened.
"""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path
from typing import TextIO

from pbem.render.narrate import sentence
from pbem.rules.dice import SeededDice
from pbem.rules.events import Event
from pbem.rules.interface import OrderSheet, PhaseSpec
from pbem.rules.ramspeed import phases
from pbem.rules.ramspeed.state import AFLOAT, GameState
from pbem.rules.ramspeed.tables import default_tables, scenario
from pbem.rules.ramspeed.turn import roll_off
from pbem.rules.ramspeed.view import galley_json

MAX_TURNS = 99


def default_folder() -> Path:
    here = Path("orders/demo")
    if here.is_dir():
        return here
    return Path(__file__).resolve().parents[2] / "orders" / "demo"


class Demo:
    def __init__(self, folder: Path, out: TextIO) -> None:
        self.folder = folder
        self.out = out
        config = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
        self.game = str(config["game"])
        self.seed = str(config["seed"]).encode()
        chosen = scenario(str(config.get("scenario", "squadron")))
        self.sides: tuple[str, str] = (chosen.sides[0].name, chosen.sides[1].name)
        self.state = GameState(
            columns=int(config.get("columns", chosen.columns)),
            rows=int(config.get("rows", chosen.rows)),
            scenario=chosen.name, victory_rule=chosen.victory,
        )
        self.say(f"{chosen.title} ({chosen.rule}) on a {self.state.columns} x "
                 f"{self.state.rows} map: {self.sides[0]} against {self.sides[1]}.")

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def dice(self, phase: str) -> SeededDice:
        return SeededDice(seed=self.seed, game=self.game, phase=phase)

    def orders(self, name: str) -> str:
        path = self.folder / name
        return path.read_text(encoding="utf-8") if path.is_file() else ""

    def show_sheet(self, sheet: OrderSheet, file: str) -> None:
        self.say(f"  Orders of {sheet.side} ({file}):")
        for line in sheet.lines:
            if line.status == "accepted":
                self.say(f"    ok      {line.galley}: {line.echo}")
            else:
                self.say(f"    REFUSED {line.reason}")
        if not sheet.lines:
            self.say("    (none)")

    def show_events(self, events: tuple[Event, ...]) -> None:
        for event in events:
            text = sentence(event)
            if text:
                self.say(f"    {text}")

    def phase(self, spec: PhaseSpec, file: str, key: str) -> None:
        sheet, _ = phases.check(self.state, spec, self.orders(file))
        self.show_sheet(sheet, file)
        result = phases.resolve(self.state, spec, [sheet], self.dice(key))
        self.state = result.state
        self.show_events(result.events)

    def play(self) -> str | None:
        self.say("\n== Build (4.2)")
        for side in self.sides:
            self.phase(PhaseSpec("build", side), f"build-{side}.txt", f"build-{side}")
        self.say("\n== Set-up (4.4)")
        first, events = roll_off(self.dice("setup"), self.sides, "setup_roll")
        self.show_events(events)
        second = self.sides[1] if first == self.sides[0] else self.sides[0]
        self.phase(PhaseSpec("setup", first, "east"), f"setup-{first}.txt", f"setup-{first}")
        self.phase(PhaseSpec("setup", second, "west"), f"setup-{second}.txt", f"setup-{second}")
        for turn in range(1, MAX_TURNS + 1):
            if not any((self.folder / f"t{turn}-{side}.txt").is_file() for side in self.sides):
                self.say(f"\nNo orders for turn {turn} in {self.folder}: the demo stops here.")
                break
            self.say(f"\n== Turn {turn}")
            leader, events = roll_off(self.dice(f"T{turn}-initiative"), self.sides, "initiative")
            self.show_events(events)
            self.state = self.state.with_galleys(self.state.galleys, turn=turn, initiative=leader)
            order = [leader] + [s for s in self.sides if s != leader]
            for side in order:
                self.say(f"  -- movement of {side}")
                self.phase(PhaseSpec("movement", side), f"t{turn}-{side}.txt",
                           f"T{turn}-move-{side}")
                if self.state.winner:
                    break
            if self.state.winner:
                break
            self.say("  -- combat: missiles and boarding are not adjudicated yet "
                     "(they come with the second part of the rules engine)")
        self.summary()
        return self.state.winner

    def summary(self) -> None:
        self.say("\n== Where things stand")
        tables = default_tables()
        for galley in self.state.galleys:
            data = galley_json(galley, tables)
            where = (f"{data['bow']} {data['facing']}" if galley.status == AFLOAT
                     else galley.status.replace("_", " "))
            flags = [f for f in ("drifting", "adrift", "captured") if data[f]]
            if galley.grappled_with:
                flags.append("grappled with " + ", ".join(sorted(galley.grappled_with)))
            self.say(f"  {galley.id:4} {galley.side:5} {galley.type:12} {where:10} "
                     f"hull {galley.hull_damage}/{tables.galleys[galley.type].sink} "
                     f"rowing {galley.rowing_damage}/{tables.galleys[galley.type].drift} "
                     f"MA {data['movement_allowance']} {' '.join(flags)}")
        winner = self.state.winner
        self.say(f"\nWinner: {winner}." if winner else "\nNo winner yet.")


def run(args: argparse.Namespace) -> int:
    import sys

    folder = args.orders or default_folder()
    if not (folder / "game.toml").is_file():
        print(f"pbem demo: no game.toml in {folder}; pass --orders FOLDER", file=sys.stderr)
        return 2
    Demo(folder, sys.stdout).play()
    return 0
