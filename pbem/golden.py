"""Golden games: a whole game kept as order files per phase plus a seed, with the expected
final state and event log stored beside them (regenerated only on purpose).

Layout of a game folder:
  game.toml                 scenario, seed, game id, options, map size
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
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem.rules.dice import Dice, SeededDice
from pbem.rules.ramspeed.game import OVER, Game, PhaseRecord, new_game, replay
from pbem.rules.ramspeed.tactics import autoplay
from pbem.rules.ramspeed.view import state_json

MAX_PHASES = 5000


@dataclass(frozen=True)
class GoldenGame:
    folder: Path
    game: Game
    seed: bytes
    game_id: str

    def dice_for(self, key: str) -> Dice:
        return SeededDice(seed=self.seed, game=self.game_id, phase=key)


def load(folder: Path) -> GoldenGame:
    config = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
    options = tuple((str(k), bool(v)) for k, v in config.get("options", {}).items())
    game = new_game(str(config["scenario"]), options,
                    config.get("columns"), config.get("rows"))
    return GoldenGame(folder, game, str(config["seed"]).encode(), str(config["game"]))


def order_file(key: str, side: str) -> str:
    """build-blue.txt, setup-red.txt, T3-move-blue.txt, T3-combat-red.txt."""
    return f"{key}.txt" if key.endswith(f"-{side}") else f"{key}-{side}.txt"


def read_records(golden: GoldenGame, orders: Path | None = None) -> list[PhaseRecord]:
    """The stored phases, in game order, following the game as it is replayed. Order files
    are `<phase key>-<side>.txt` in `orders` (default: the game folder's orders/)."""
    orders = orders or golden.folder / "orders"
    unread = {p.name for p in orders.glob("*.txt")}
    records: list[PhaseRecord] = []
    game = golden.game
    for _ in range(MAX_PHASES):
        if game.step == OVER or not unread:
            break
        submissions = []
        for side in game.sides:
            name = order_file(game.key, side)
            if name in unread:
                unread.discard(name)
                submissions.append((side, (orders / name).read_text(encoding="utf-8")))
        record = PhaseRecord(game.key, tuple(submissions))
        records.append(record)
        game = replay(game, [record], golden.dice_for)[-1][0]
    if unread:
        raise ValueError(f"{golden.folder}: order files never reached: {sorted(unread)[:5]}")
    return records


def outcome(golden: GoldenGame) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    records = read_records(golden)
    played = replay(golden.game, records, golden.dice_for)
    log = [{"key": record.key, "events": [e.as_dict() for e in result.events],
            "refused": [list(r) for r in result.rejected]}
           for record, (_, result) in zip(records, played, strict=True)]
    final_game = played[-1][0] if played else golden.game
    final = state_json(final_game.state, final_game.step)
    final["phase_key"] = final_game.key
    return json.loads(json.dumps(final)), json.loads(json.dumps(log))


def _expected_paths(folder: Path) -> tuple[Path, Path]:
    return folder / "expected" / "final.json", folder / "expected" / "events.jsonl"


REPORT_DEADLINE = datetime(2026, 12, 24, 18, 0, tzinfo=UTC)


def golden_reports(golden: GoldenGame) -> dict[str, str]:
    """Reports of the first combat phase and of the last phase, for each side and for
    observers, as text, HTML, JSON and SVG: file name -> content."""
    from pbem.app.reports import Recipient, render_phase
    from pbem.rules.ramspeed.host import RamSpeedGame

    records = read_records(golden)
    played = replay(golden.game, records, golden.dice_for)
    keys = [r.key for r in records]
    chosen = {next((k for k in keys if k.endswith("combat")), keys[-1]), keys[-1]}
    files: dict[str, str] = {}
    for record, (after, result) in zip(records, played, strict=True):
        if record.key not in chosen:
            continue
        who = [Recipient(f"Admiral {side}", side, "UTC") for side in after.sides]
        who.append(Recipient("observer", None, "UTC"))
        for made in render_phase(game_id=golden.game_id, phase_key=record.key,
                                 after=RamSpeedGame(after), events=result.events,
                                 recipients=who, deadline=REPORT_DEADLINE):
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
           rows: int | None = None) -> str | None:
    """Play a new game with the greedy player and store it; returns the winner."""
    (folder / "orders").mkdir(parents=True, exist_ok=True)
    lines = [f'game = "{game_id}"', f'seed = "{seed}"', f'scenario = "{scenario}"']
    if columns and rows:
        lines += [f"columns = {columns}", f"rows = {rows}"]
    (folder / "game.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    golden = load(folder)
    records = autoplay(golden.game, random.Random(seed), golden.dice_for)
    for record in records:
        for side, text in record.submissions:
            if text.strip():
                path = folder / "orders" / order_file(record.key, side)
                path.write_text(text + "\n", encoding="utf-8")
    write_expected(folder)
    final, _ = outcome(golden)
    winner = final.get("winner")
    return str(winner) if winner else None
