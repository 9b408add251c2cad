"""`pbem bench rules|store|render|mail|sweep|league`: speed figures, printed (never asserted in tests)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from pbem.app.base import rulesets


def run_rules(args: argparse.Namespace) -> int:
    from pbem.bench import rules_figures

    result = rules_figures(args.ruleset, repeat=args.repeat)
    if args.json:
        print(json.dumps({"ruleset": args.ruleset, **result.figures}))
    else:
        print("\n".join(result.lines))
    return 0


def run_store(args: argparse.Namespace) -> int:
    import tempfile
    from pathlib import Path

    from pbem.bench import store_figures

    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        figures = store_figures(Path(folder), count=args.count, phases_count=args.phases,
                                ruleset=args.ruleset)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"submissions (parsed, checked, committed one by one): "
              f"{figures['submissions_per_s']:.1f}/s")
        print(f"bare sqlite3 insert of the same text, one per transaction: "
              f"{figures['floor_per_s']:.1f}/s")
        print(f"ratio: {figures['ratio']:.3f}")
        print(f"40-piece phases processed: {figures['phases_per_s']:.1f}/s")
        print(f"a two-player game of {figures['phases_played']} phases, its "
              f"{figures['mails_delivered']} reports delivered: "
              f"{figures['bytes_before_retention']:,} bytes; past the "
              f"{figures['retention_days']}-day retention: {figures['bytes_per_game']:,} bytes "
              f"(the game's own rows: {figures['game_rows_bytes']:,} bytes; ratio "
              f"{figures['size_ratio']:.2f})")
    return 0


def run_render(args: argparse.Namespace) -> int:
    from pbem.bench import render_figures

    figures = render_figures(repeat=args.repeat, ruleset=args.ruleset)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"SVG map, 40 pieces: {figures['svg_ms']:.2f} ms (median)")
        print(f"PNG map, 40 pieces: {figures['png_ms']:.2f} ms (median)")
        print(f"all reports of a phase for {figures['recipients']} recipients (text, HTML, "
              f"JSON): {figures['reports_ms']:.2f} ms (median)")
    return 0


def run_mail(args: argparse.Namespace) -> int:
    import tempfile
    from pathlib import Path

    from pbem.bench import mail_figures

    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        figures = mail_figures(Path(folder), count=args.count, receive_runs=args.runs,
                               lmtp_count=args.lmtp)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"order mails from a Maildir (parsed, authenticated, checked, stored, reply "
              f"queued): {figures['messages_per_s']:.1f}/s")
        print(f"bare sqlite3 insert of the same messages, one per transaction: "
              f"{figures['floor_per_s']:.1f}/s")
        print(f"ratio: {figures['ratio']:.3f}")
        print(f"one `pbem mail receive` process for one order mail: {figures['receive_ms']:.1f} "
              "ms (median)")
        print(f"order mails over LMTP: {figures['lmtp_per_s']:.1f}/s")
    return 0


def _sizes(text: str) -> list[int]:
    try:
        sizes = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        sizes = []
    if not sizes or sizes[0] < 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a list of game counts: write whole numbers above 0 separated by "
            "commas, like 100,1000")
    return sizes


def run_sweep(args: argparse.Namespace) -> int:
    import tempfile
    from pathlib import Path

    from pbem.bench import sweep_figures

    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        figures = sweep_figures(Path(folder), sizes=args.games, workers=args.workers)
    if args.json:
        print(json.dumps(figures))
    else:
        for size, seconds in figures["sweep_s"].items():
            print(f"sweep with {size} games due: {seconds:.1f} s ({figures['games'][size]} "
                  f"phases resolved, {figures['reports'][size]} reports with maps delivered, "
                  f"{figures['queued_after'][size]} left queued; {figures['workers']} "
                  f"workers)")
            if figures["queued_after"][size]:
                print(f"  the sweep after, sending what it left: "
                      f"{figures['next_sweep_s'][size]:.1f} s")
        print(f"ratio, most games to fewest: {figures['ratio']:.2f}")
    return 0


def run_league(args: argparse.Namespace) -> int:
    import time

    from pbem.league.bench import ROUNDS_PLAYED, league_figures

    figures = league_figures(time.perf_counter_ns, repeat=args.repeat)
    if args.json:
        print(json.dumps(figures))
    else:
        for size, ms in figures["swiss_pair_ms"].items():
            print(f"Swiss round {ROUNDS_PLAYED + 1} paired for {size} players: {ms:.2f} ms (median)")
        print(f"the table of 512 players after {ROUNDS_PLAYED} rounds: "
              f"{figures['table_ms_512']:.2f} ms (median)")
    return 0


def register(nouns: Any) -> None:
    noun = nouns.add_parser("bench", help="measure speed; prints figures")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    rules = verbs.add_parser("rules", help="rules engine timings")
    rules.add_argument("--json", action="store_true", help="one JSON object on stdout")
    rules.add_argument("--repeat", type=int, default=200, help="runs per figure")
    rules.add_argument("--ruleset", default=rulesets.DEFAULT, choices=rulesets.names(),
                      help="whose sample game to measure (default: %(default)s)")
    rules.set_defaults(run=run_rules)
    store = verbs.add_parser("store", help="storage timings on a SQLite file in WAL mode, "
                                        "and the bytes a game takes")
    store.add_argument("--json", action="store_true", help="one JSON object on stdout")
    store.add_argument("--count", type=int, default=200, help="submissions to time")
    store.add_argument("--phases", type=int, default=30, help="phases to process")
    store.add_argument("--dir", default=None, help="where to put the scratch database")
    store.add_argument("--ruleset", default=rulesets.DEFAULT, choices=rulesets.names(),
                      help="whose sample game to measure (default: %(default)s)")
    store.set_defaults(run=run_store)
    render = verbs.add_parser("render", help="report and map rendering timings")
    render.add_argument("--json", action="store_true", help="one JSON object on stdout")
    render.add_argument("--repeat", type=int, default=20, help="runs per figure")
    render.add_argument("--ruleset", default=rulesets.DEFAULT, choices=rulesets.names(),
                      help="whose sample game to measure (default: %(default)s)")
    render.set_defaults(run=run_render)
    mail = verbs.add_parser("mail", help="mail gateway timings (Maildir, receive, LMTP)")
    mail.add_argument("--json", action="store_true", help="one JSON object on stdout")
    mail.add_argument("--count", type=int, default=200, help="order mails from a Maildir")
    mail.add_argument("--runs", type=int, default=10, help="`pbem mail receive` processes")
    mail.add_argument("--lmtp", type=int, default=100, help="order mails over LMTP")
    mail.add_argument("--dir", default=None, help="where to put the scratch files")
    mail.set_defaults(run=run_mail)
    sweep = verbs.add_parser("sweep", help="one sweep with many games due at once (SQLite)")
    sweep.add_argument("--json", action="store_true", help="one JSON object on stdout")
    sweep.add_argument("--games", type=_sizes, default=[100, 1000], metavar="N,N",
                       help="how many games are due, one sweep each (default: 100,1000)")
    sweep.add_argument("--workers", type=int, default=None,
                       help="processes drawing reports and maps (default: the machine's cores)")
    sweep.add_argument("--dir", default=None, help="where to put the scratch files")
    sweep.set_defaults(run=run_sweep)
    league = verbs.add_parser("league", help="league pairing and table timings (mid-season)")
    league.add_argument("--json", action="store_true", help="one JSON object on stdout")
    league.add_argument("--repeat", type=int, default=20, help="runs per figure")
    league.set_defaults(run=run_league)
