"""`pbem bench rules`: resolution speed of random legal movement phases."""

from __future__ import annotations

import argparse
import json

from pbem.bench import movement_phase_ms


def run_rules(args: argparse.Namespace) -> int:
    figures = {"movement_phase_ms": movement_phase_ms(repeat=args.repeat)}
    if args.json:
        print(json.dumps(figures))
    else:
        for size, ms in figures["movement_phase_ms"].items():
            print(f"movement phase, {size:>3} galleys: {ms:.3f} ms (median)")
    return 0
