"""Golden games: a whole game kept as order files per phase plus a seed, with the expected
final state and event log stored beside them (regenerated only on purpose).

Layout of a game folder:
  game.toml                 ruleset (rulesets.DEFAULT when absent), scenario, seed, game id, options,
                            map size
  orders/*.txt              the order text of each side for each phase (build-blue.txt,
                            setup-red.txt, T3-move-blue.txt, T3-combat-red.txt, ...)
  expected/final.json       the final state as the case runner prints it
  expected/events.jsonl     one line per phase: key, events, refused lines
  expected/reports/         reports of two phases for each side and observers (txt, html,
                            json, svg)
"""

from __future__ import annotations

import json
import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem.app.base import rulesets
from pbem.rules.dice import Dice, SeededDice
from pbem.rules.interface import GameValue, PhaseResult

MAX_PHASES = 5000


@dataclass(frozen=True)
class GoldenGame:
    folder: Path
    game: GameValue  # the game at its start
    seed: bytes
    game_id: str
    ruleset: str = rulesets.DEFAULT
    options: tuple[tuple[str, bool | int | str], ...] = ()  # as given to the ruleset

    def dice_for(self, key: str) -> Dice:
        return SeededDice(seed=self.seed, game=self.game_id, phase=key)


@dataclass(frozen=True)
class PhaseOrders:
    """One phase as stored: its key and the (side, text) submissions in the order given."""

    key: str
    submissions: tuple[tuple[str, str], ...]


def load(folder: Path) -> GoldenGame:
    config = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
    ruleset = str(config.get("ruleset", rulesets.DEFAULT))
    options: dict[str, bool | int | str] = dict(config.get("options", {}))
    for size in ("columns", "rows"):
        if config.get(size):
            options[size] = int(config[size])
    game = rulesets.start(ruleset, str(config["scenario"]), options)
    return GoldenGame(folder, game, str(config["seed"]).encode(), str(config["game"]), ruleset,
                      tuple(options.items()))


def order_file(key: str, side: str) -> str:
    """build-blue.txt, setup-red.txt, T3-move-blue.txt, T3-combat-red.txt."""
    return f"{key}.txt" if key.endswith(f"-{side}") else f"{key}-{side}.txt"


def replay(golden: GoldenGame, records: Sequence[PhaseOrders]
           ) -> list[tuple[GameValue, PhaseResult]]:
    """The game recomputed from its stored orders, each phase's dice from the seed."""
    game, played = golden.game, []
    for record in records:
        if record.key != game.key:
            raise ValueError(f"stored phase {record.key} does not follow; the game expects "
                             f"{game.key}")
        game, result, _ = game.play(record.submissions, golden.dice_for(record.key))
        played.append((game, result))
    return played


def read_records(golden: GoldenGame, orders: Path | None = None) -> list[PhaseOrders]:
    """The stored phases, in game order, following the game as it is replayed. Order files
    are `<phase key>-<side>.txt` in `orders` (default: the game folder's orders/)."""
    orders = orders or golden.folder / "orders"
    unread = {p.name for p in orders.glob("*.txt")}
    records: list[PhaseOrders] = []
    game = golden.game
    for _ in range(MAX_PHASES):
        if game.over or not unread:
            break
        submissions = []
        for side in game.sides:
            name = order_file(game.key, side)
            if name in unread:
                unread.discard(name)
                submissions.append((side, (orders / name).read_text(encoding="utf-8")))
        record = PhaseOrders(game.key, tuple(submissions))
        records.append(record)
        game, _, _ = game.play(record.submissions, golden.dice_for(record.key))
    if unread:
        raise ValueError(f"{golden.folder}: order files never reached: {sorted(unread)[:5]}")
    return records


def outcome(golden: GoldenGame) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    records = read_records(golden)
    played = replay(golden, records)
    log = [{"key": record.key, "events": [e.as_dict() for e in result.events],
            "refused": [list(r) for r in result.rejected]}
           for record, (_, result) in zip(records, played, strict=True)]
    final_game = played[-1][0] if played else golden.game
    final = final_game.full_view()
    final["phase_key"] = final_game.key
    return json.loads(json.dumps(final)), json.loads(json.dumps(log))


def autoplay(golden: GoldenGame, rng: random.Random,
             max_phases: int = 400) -> list[PhaseOrders]:
    """Play the game with the ruleset's computer player on every side until it ends."""
    game, records = golden.game, []
    for _ in range(max_phases):
        if game.over:
            break
        submissions = tuple((side, game.autoplay_orders(side, rng)) for side in game.owes())
        records.append(PhaseOrders(game.key, submissions))
        game, _, _ = game.play(submissions, golden.dice_for(game.key))
    return records


def _expected_paths(folder: Path) -> tuple[Path, Path]:
    return folder / "expected" / "final.json", folder / "expected" / "events.jsonl"


REPORT_DEADLINE = datetime(2026, 12, 24, 18, 0, tzinfo=UTC)


def golden_reports(golden: GoldenGame) -> dict[str, str]:
    """Reports of the first combat phase and of the last phase, for each side and for
    observers, as text, HTML, JSON and SVG: file name -> content."""
    from pbem.app.reports.account import Given
    from pbem.app.reports.reports import Recipient, render_phase

    records = read_records(golden)
    if not records:
        raise ValueError(f"{golden.folder}: no order files in orders/ to replay")
    played = replay(golden, records)
    keys = [r.key for r in records]
    chosen = {next((k for k in keys if k.endswith("combat")), keys[-1]), keys[-1]}
    files: dict[str, str] = {}
    before = golden.game
    for record, (after, result) in zip(records, played, strict=True):
        before, game_before = after, before
        if record.key not in chosen:
            continue
        who = [Recipient(f"Admiral {side}", side, "UTC") for side in after.sides]
        who.append(Recipient("observer", None, "UTC"))
        for made in render_phase(game_id=golden.game_id, phase_key=record.key,
                                 after=after, events=result.events,
                                 recipients=who, deadline=REPORT_DEADLINE,
                                 before=game_before, given=[
                                     Given(f"Admiral {side}", side, text)
                                     for side, text in record.submissions]):
            for suffix in ("txt", "html", "json", "svg"):
                files[f"{made.basename}.{suffix}"] = getattr(
                    made, "text" if suffix == "txt" else suffix)
    return files


def write_expected(folder: Path) -> None:
    final, log = outcome(load(folder))
    final_path, log_path = _expected_paths(folder)
    final_path.parent.mkdir(exist_ok=True)
    final_path.write_text(json.dumps(final, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    log_path.write_text("".join(json.dumps(line, sort_keys=True) + "\n" for line in log),
                        encoding="utf-8")
    reports = folder / "expected" / "reports"
    reports.mkdir(exist_ok=True)
    for old in reports.iterdir():
        old.unlink()
    for name, body in golden_reports(load(folder)).items():
        (reports / name).write_text(body, encoding="utf-8")


def differences(folder: Path) -> list[str]:
    """What the replay gives that the stored expectation does not say (empty: it matches)."""
    final, log = outcome(load(folder))
    final_path, log_path = _expected_paths(folder)
    stored_final = json.loads(final_path.read_text(encoding="utf-8"))
    stored_log = [json.loads(line) for line in log_path.read_text(encoding="utf-8").splitlines()]
    found = []
    if len(stored_log) != len(log):
        found.append(f"{len(log)} phases replayed, {len(stored_log)} stored")
    for stored, now in zip(stored_log, log, strict=False):
        if stored != now:
            found.append(f"phase {now['key']} differs from the stored event log")
            break
    if stored_final != final:
        found.append("the final state differs from expected/final.json")
    stored_reports = {p.name: p.read_text(encoding="utf-8")
                      for p in (folder / "expected" / "reports").glob("*")}
    reports = golden_reports(load(folder))
    if set(stored_reports) != set(reports):
        found.append("the set of golden reports differs from expected/reports/")
    found += [f"report {name} differs from expected/reports/{name}"
              for name in sorted(reports) if stored_reports.get(name, reports[name]) != reports[name]]
    return found


def create(folder: Path, scenario: str, seed: int, game_id: str, columns: int | None = None,
           rows: int | None = None, ruleset: str = rulesets.DEFAULT) -> str | None:
    """Play a new game with the ruleset's computer player and store it; returns the winner."""
    (folder / "orders").mkdir(parents=True, exist_ok=True)
    lines = [f'game = "{game_id}"', f'seed = "{seed}"', f'scenario = "{scenario}"']
    if ruleset != rulesets.DEFAULT:
        lines.append(f'ruleset = "{ruleset}"')
    if columns and rows:
        lines += [f"columns = {columns}", f"rows = {rows}"]
    (folder / "game.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    golden = load(folder)
    records = autoplay(golden, random.Random(seed))
    for record in records:
        for side, text in record.submissions:
            if text.strip():
                path = folder / "orders" / order_file(record.key, side)
                path.write_text(text + "\n", encoding="utf-8")
    write_expected(folder)
    final, _ = outcome(golden)
    winner = final.get("winner")
    return str(winner) if winner else None
