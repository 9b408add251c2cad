"""`pbem rules case|golden|autoplay`: the rules engine on its own."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from pbem.app.base.rulesets import DEFAULT as DEFAULT_RULESET
from pbem.cli.common import say


def _case(args: argparse.Namespace) -> int:
    from pbem.cases import CaseError, run_case

    failed = 0
    for name in args.files:
        try:
            result = run_case(Path(name))
        except CaseError as exc:
            failed += 1
            if args.json:
                print(json.dumps({"file": name, "errors": [str(exc)]}))
            else:
                say(f"ERROR {name}: {exc}")
            continue
        failed += not result.passed
        if args.json:
            print(json.dumps(result.output, indent=2 if len(args.files) == 1 else None))
        else:
            say(f"{'ok  ' if result.passed else 'FAIL'} {name}")
            for error in result.errors:
                say(f"     {error}")
    if not args.json:
        print(f"{len(args.files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _golden(args: argparse.Namespace) -> int:
    from pbem.golden import differences, write_expected

    failed = 0
    for name in args.folders:
        folder = Path(name)
        if not (folder / "game.toml").is_file():
            say(f"ERROR {name}: no game.toml here")
            failed += 1
            continue
        if args.update:
            write_expected(folder)
            say(f"updated {name}/expected")
            continue
        found = differences(folder)
        say(f"{'ok  ' if not found else 'FAIL'} {name}")
        for line in found:
            say(f"     {line}")
        failed += bool(found)
    return 1 if failed else 0


def _autoplay(args: argparse.Namespace) -> int:
    from pbem.golden import create

    orders = args.folder / "orders"
    if orders.exists() and any(orders.iterdir()):
        say(f"pbem rules autoplay: {orders} is not empty; choose a new folder", sys.stderr)
        return 2
    from pbem.app.base import rulesets

    known = [s.name for s in rulesets.plugin(args.ruleset).scenarios()]
    scenario = args.scenario or known[-1]
    if scenario not in known:
        say(f"pbem rules autoplay: {args.ruleset} has no scenario {scenario!r}; its "
            f"scenarios are {', '.join(known)}", sys.stderr)
        return 2
    winner = create(args.folder, scenario, args.seed, args.game or args.folder.name,
                    args.columns, args.rows, ruleset=args.ruleset)
    from pbem.cli.common import outcome

    say(f"played {scenario} with seed {args.seed} into {args.folder}: {outcome(winner)}")
    return 0


def _list(args: argparse.Namespace) -> int:
    from pbem.app.base import rulesets
    from pbem.cli.common import emit

    data = []
    for name in rulesets.names():
        plugin = rulesets.plugin(name)
        data.append({
            "name": plugin.name, "version": plugin.version, "title": plugin.title,
            "scenarios": [{"name": s.name, "title": s.title, "sides": list(s.sides)}
                          for s in plugin.scenarios()],
            "options": [{"name": o.name, "help": o.help, "default": o.default}
                        for o in plugin.switches()],
        })
    lines = []
    for item in data:
        lines.append(f"{item['name']} {item['version']}: {item['title']}")
        lines += [f"  scenario {s['name']}: {s['title']} ({' v '.join(s['sides'])})"
                  for s in item["scenarios"]]
        lines += [f"  --option {o['name']}" + ("" if isinstance(o["default"], bool) else "=N")
                  + f": {o['help']}" for o in item["options"]]
    emit(args, data, "\n".join(lines))
    return 0


def register(nouns: Any) -> None:
    rules = nouns.add_parser("rules", help="the rules engine: cases, golden games, autoplay")
    verbs = rules.add_subparsers(dest="verb", required=True, metavar="VERB")
    listing = verbs.add_parser("list", help="the rule systems installed, their scenarios and "
                               "options")
    listing.add_argument("--json", action="store_true", help="print JSON for scripts")
    listing.set_defaults(run=_list)
    case = verbs.add_parser("case", help="run rules cases: TOML files of a position, its orders "
                           "and the outcome expected")
    case.add_argument("files", nargs="+", metavar="FILE")
    case.add_argument("--json", action="store_true", help="print the resulting state as JSON")
    case.set_defaults(run=_case)
    golden = verbs.add_parser("golden", help="replay golden games against their expectations")
    golden.add_argument("folders", nargs="+", metavar="FOLDER")
    golden.add_argument("--update", action="store_true",
                        help="rewrite the expected files from the replay (on purpose only)")
    golden.set_defaults(run=_golden)
    auto = verbs.add_parser("autoplay", help="play a whole game with the greedy player")
    auto.add_argument("folder", type=Path)
    auto.add_argument("--ruleset", default=DEFAULT_RULESET,
                      help=f"the rule system (default {DEFAULT_RULESET}; `pbem rules list`)")
    auto.add_argument("--scenario", default="",
                      help="one of the ruleset's scenarios (default: the last it lists)")
    auto.add_argument("--seed", type=int, default=1)
    auto.add_argument("--game", default="", help="game id (default: the folder name)")
    auto.add_argument("--columns", type=int, default=None)
    auto.add_argument("--rows", type=int, default=None)
    auto.set_defaults(run=_autoplay)
