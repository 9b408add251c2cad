"""`pbem`: the command line. Noun-verb subcommands, --help on each, --json for scripts, and
exit statuses a script can act on (sysexits.h; deploy/README.md lists them):

  0 done; 1 refused, or a check that found problems; 2 bad command line; 64 bad database URL;
  65 damaged database or stored data; 69 database missing or server unreachable;
  70 unexpected error (a bug); 73 cannot create or write (missing folder, read-only);
  74 disk full or another I/O error; 75 database locked beyond the retries (try again).

Every failure is one sentence on standard error; PBEM_DEBUG=1 adds the traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback

from pbem.cli import bench, db, demo, dice, game, orders, phase, rules
from pbem.cli.common import say
from pbem.cli.faults import explain

CREATE_DATABASE = ("demo",)  # commands that may create a missing database (and db init|upgrade)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pbem", description="Play-by-email judge for galley wargames (Ram Speed).",
        epilog="Exit status: 0 done, 1 refused, 2 bad command line, 64 bad database URL, "
        "65 damaged data, 69 database missing or unreachable, 70 bug, 73 cannot create or "
        "write, 74 disk full or I/O error, 75 database locked (try again). PBEM_DEBUG=1 "
        "prints tracebacks.")
    nouns = parser.add_subparsers(dest="noun", required=True, metavar="NOUN")
    for module in (game, orders, phase, db, dice, rules, bench, demo):
        module.register(nouns)
    for name in CREATE_DATABASE:
        nouns.choices[name].set_defaults(create_database=True)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
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
