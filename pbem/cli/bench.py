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


def register(nouns: Any) -> None:
    noun = nouns.add_parser("bench", help="measure speed; prints figures")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    rules = verbs.add_parser("rules", help="rules engine timings")
    rules.add_argument("--json", action="store_true", help="one JSON object on stdout")
    rules.add_argument("--repeat", type=int, default=200, help="runs per figure")
    rules.set_defaults(run=run_rules)
