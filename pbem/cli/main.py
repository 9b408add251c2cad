"""`pbem`: the command line. Noun-verb subcommands; each prints for people or --json."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pbem.cli import bench, demo


def _rules_case(args: argparse.Namespace) -> int:
    from pbem.cases import CaseError, run_case

    failed = 0
    for name in args.files:
        path = Path(name)
        try:
            result = run_case(path)
        except CaseError as exc:
            failed += 1
            if args.json:
                print(json.dumps({"file": name, "errors": [str(exc)]}))
            else:
                print(f"ERROR {name}: {exc}")
            continue
        if not result.passed:
            failed += 1
        if args.json:
            print(json.dumps(result.output, indent=2 if len(args.files) == 1 else None))
        else:
            print(f"{'ok  ' if result.passed else 'FAIL'} {name}")
            for error in result.errors:
                print(f"     {error}")
    if not args.json:
        print(f"{len(args.files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _rules_golden(args: argparse.Namespace) -> int:
    from pbem.golden import differences, write_expected

    failed = 0
    for name in args.folders:
        folder = Path(name)
        if not (folder / "game.toml").is_file():
            print(f"ERROR {name}: no game.toml here")
            failed += 1
            continue
        if args.update:
            write_expected(folder)
            print(f"updated {name}/expected")
            continue
        found = differences(folder)
        print(f"{'ok  ' if not found else 'FAIL'} {name}")
        for line in found:
            print(f"     {line}")
        failed += bool(found)
    return 1 if failed else 0


def _rules_autoplay(args: argparse.Namespace) -> int:
    from pbem.golden import create

    if (args.folder / "orders").exists() and any((args.folder / "orders").iterdir()):
        print(f"pbem rules autoplay: {args.folder}/orders is not empty; choose a new folder",
              file=sys.stderr)
        return 2
    winner = create(args.folder, args.scenario, args.seed, args.game or args.folder.name,
                    args.columns, args.rows)
    print(f"played {args.scenario} with seed {args.seed} into {args.folder}: "
          f"{'won by ' + winner if winner else 'no winner'}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pbem", description="Play-by-email judge for galley "
                                     "wargames (Ram Speed).")
    nouns = parser.add_subparsers(dest="noun", required=True, metavar="NOUN")

    rules = nouns.add_parser("rules", help="the rules engine: run rules cases")
    rules_verbs = rules.add_subparsers(dest="verb", required=True, metavar="VERB")
    case = rules_verbs.add_parser("case", help="run rules cases (TOML, see shared/rules/cases.md)")
    case.add_argument("files", nargs="+", metavar="FILE")
    case.add_argument("--json", action="store_true", help="print the resulting state as JSON")
    case.set_defaults(run=_rules_case)
    golden = rules_verbs.add_parser(
        "golden", help="replay golden games and compare with their stored expectations")
    golden.add_argument("folders", nargs="+", metavar="FOLDER")
    golden.add_argument("--update", action="store_true",
                        help="rewrite the expected files from the replay (on purpose only)")
    golden.set_defaults(run=_rules_golden)
    auto = rules_verbs.add_parser(
        "autoplay", help="play a whole game with the built-in greedy player into a folder")
    auto.add_argument("folder", type=Path)
    auto.add_argument("--scenario", default="squadron", choices=("squadron", "fleet", "convoy"))
    auto.add_argument("--seed", type=int, default=1)
    auto.add_argument("--game", default="", help="game id (default: the folder name)")
    auto.add_argument("--columns", type=int, default=None)
    auto.add_argument("--rows", type=int, default=None)
    auto.set_defaults(run=_rules_autoplay)

    bench_parser = nouns.add_parser("bench", help="measure speed; prints figures")
    bench_verbs = bench_parser.add_subparsers(dest="verb", required=True, metavar="VERB")
    bench_rules = bench_verbs.add_parser("rules", help="movement-phase resolution times")
    bench_rules.add_argument("--json", action="store_true", help="one JSON object on stdout")
    bench_rules.add_argument("--repeat", type=int, default=200, help="phases per fleet size")
    bench_rules.set_defaults(run=bench.run_rules)

    demo_parser = nouns.add_parser("demo", help="play the example game in orders/demo")
    demo_parser.add_argument("--orders", type=Path, default=None,
                             help="folder of the demo's order files (default: orders/demo)")
    demo_parser.set_defaults(run=demo.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except (ValueError, OSError) as exc:  # a bad file or folder: say so, no traceback
        print(f"pbem: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
