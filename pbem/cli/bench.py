"""`pbem bench rules`: resolution speed of random legal movement phases."""

from __future__ import annotations

import argparse
import json
from typing import Any

from pbem.bench import movement_phase_ms, replay_30_turns_s, turn_ms_40


def run_rules(args: argparse.Namespace) -> int:
    seconds, phases = replay_30_turns_s(repeat=max(1, min(args.repeat // 50, 5)))
    figures: dict[str, Any] = {
        "movement_phase_ms": movement_phase_ms(repeat=args.repeat),
        "turn_ms_40": turn_ms_40(repeat=max(args.repeat // 4, 1)),
        "replay_30_turns_s": seconds,
        "replay_30_turns_phases": phases,
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for size, ms in figures["movement_phase_ms"].items():
            print(f"movement phase, {size:>3} galleys: {ms:.3f} ms (median)")
        print(f"whole turn, 40-galley Fleet Action: {figures['turn_ms_40']:.3f} ms (median)")
        print(f"replay of a 30-turn game ({phases} phases): {seconds:.3f} s (median)")
    return 0


def run_store(args: argparse.Namespace) -> int:
    import tempfile
    from pathlib import Path

    from pbem.bench import store_figures

    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        figures = store_figures(Path(folder), count=args.count, phases_count=args.phases)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"submissions (parsed, checked, committed one by one): "
              f"{figures['submissions_per_s']:.1f}/s")
        print(f"bare sqlite3 insert of the same text, one per transaction: "
              f"{figures['floor_per_s']:.1f}/s")
        print(f"ratio: {figures['ratio']:.3f}")
        print(f"40-galley phases processed: {figures['phases_per_s']:.1f}/s")
    return 0


def run_render(args: argparse.Namespace) -> int:
    from pbem.bench import render_figures

    figures = render_figures(repeat=args.repeat)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"SVG map, 40 galleys: {figures['svg_ms']:.2f} ms (median)")
        print(f"PNG map, 40 galleys: {figures['png_ms']:.2f} ms (median)")
        print(f"all reports of a phase for {figures['recipients']} recipients (text, HTML, "
              f"JSON): {figures['reports_ms']:.2f} ms (median)")
    return 0


def register(nouns: Any) -> None:
    noun = nouns.add_parser("bench", help="measure speed; prints figures")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    rules = verbs.add_parser("rules", help="rules engine timings")
    rules.add_argument("--json", action="store_true", help="one JSON object on stdout")
    rules.add_argument("--repeat", type=int, default=200, help="runs per figure")
    rules.set_defaults(run=run_rules)
    store = verbs.add_parser("store", help="storage timings on a SQLite file in WAL mode")
    store.add_argument("--json", action="store_true", help="one JSON object on stdout")
    store.add_argument("--count", type=int, default=200, help="submissions to time")
    store.add_argument("--phases", type=int, default=30, help="phases to process")
    store.add_argument("--dir", default=None, help="where to put the scratch database")
    store.set_defaults(run=run_store)
    render = verbs.add_parser("render", help="report and map rendering timings")
    render.add_argument("--json", action="store_true", help="one JSON object on stdout")
    render.add_argument("--repeat", type=int, default=20, help="runs per figure")
    render.set_defaults(run=run_render)
