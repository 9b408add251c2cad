"""`pbem`: the command line. Noun-verb subcommands, --help on each, --json for scripts, and
exit statuses a script can act on (sysexits.h; deploy/README.md lists them):

  0 done; 1 refused, or a check that found problems; 2 bad command line; 64 bad database URL;
  65 damaged database or stored data; 69 database missing or server unreachable;
  70 unexpected error (a bug); 73 cannot create or write (missing folder, read-only);
  74 disk full or another I/O error; 75 database locked beyond the retries (try again).

Every failure is one sentence on standard error; PBEM_DEBUG=1 adds the traceback.

A command imports only its own noun's module (an MTA starts `pbem mail receive` once per
mail): the other nouns are listed from NOUNS by name and help line.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
import traceback
from collections.abc import Collection, Sequence

from pbem.cli.common import say
from pbem.cli.faults import explain

# noun: (its module in pbem.cli, which has `register(nouns)`; the help line `pbem --help` shows)
NOUNS = {
    "game": ("game", "games: new, list, show, verify, rollback, ..."),
    "orders": ("orders", "check or submit a player's orders"),
    "phase": ("phase", "process or preview the open phase"),
    "db": ("db", "the database: create, migrate, back up"),
    "dice": ("dice", "check dice against a revealed seed"),
    "rules": ("rules", "the rules engine: cases, golden games, autoplay"),
    "bench": ("bench", "measure speed; prints figures"),
    "demo": ("demo", "play the example game that comes with the judge, in the database"),
    "mail": ("mail", "the mail gateway: take orders by mail, send reports"),
    "status": ("status", "games, due phases, late players, mail and the last sweep"),
    "serve": ("serve", "run the judge: deadlines, reminders, mail"),
    "league": ("league", "club leagues: seasons, pairings, results, table"),
}
CREATE_DATABASE = ("demo",)  # commands that may create a missing database (and db init|upgrade)


def build_parser(load: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The command line. The nouns in `load` (default: all) bring their verbs; the others
    are listed by name and help line only, without importing their modules."""
    parser = argparse.ArgumentParser(
        prog="pbem", description="Play-by-email judge for galley wargames.",
        epilog="Exit status: 0 done, 1 refused, 2 bad command line, 64 bad database URL, "
        "65 damaged data, 69 database missing or unreachable, 70 bug, 73 cannot create or "
        "write, 74 disk full or I/O error, 75 database locked (try again). PBEM_DEBUG=1 "
        "prints tracebacks.")
    parser.add_argument("--version", action=_Version)
    nouns = parser.add_subparsers(dest="noun", required=True, metavar="NOUN")
    for name, (module, help_line) in NOUNS.items():
        if load is None or name in load:
            importlib.import_module(f"pbem.cli.{module}").register(nouns)
        else:
            nouns.add_parser(name, help=help_line)
    for name in CREATE_DATABASE:
        nouns.choices[name].set_defaults(create_database=True)
    described(parser)
    return parser


def described(parser: argparse.ArgumentParser) -> None:
    """Give every command below `parser` the line its parent lists it with as the description
    its own --help opens with (where it has none of its own), all the way down."""
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        lines = {choice.dest: choice.help for choice in action._choices_actions}
        for name, child in action.choices.items():
            line = lines.get(name)
            if child.description is None and line:
                child.description = line[:1].upper() + line[1:] + ("" if line.endswith(".") else ".")
            described(child)


class _Version(argparse.Action):
    """--version: the installed distribution's version, looked up only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the judge's version and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        from pbem import DISTRIBUTION, __version__

        try:
            found = version(DISTRIBUTION)
        except PackageNotFoundError:
            found = __version__  # a checkout that was never installed
        say(f"pbem {found}")
        parser.exit()


def named_noun(argv: Sequence[str]) -> list[str]:
    """The noun a command line names ([] when none is known): the first word that is not an
    option, since `pbem` itself takes no option with a value."""
    word = next((a for a in argv if not a.startswith("-")), None)
    return [word] if word in NOUNS else []


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    collecting = gc.isenabled()
    gc.disable()  # importing a noun makes many objects that live as long as the process
    try:
        parser = build_parser(named_noun(argv))
    finally:
        if collecting:
            gc.enable()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - every failure ends as a sentence and a status
        code, sentence = explain(exc, getattr(args, "db", None))
        if os.environ.get("PBEM_DEBUG"):
            traceback.print_exc()
        say(f"pbem: {sentence}", file=sys.stderr)
        return code


if __name__ == "__main__":
    sys.exit(main())
