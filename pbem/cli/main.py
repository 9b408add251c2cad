"""`pbem`: the command line. Noun-verb subcommands, --help on each, --json for scripts,
non-zero exit codes on failure."""

from __future__ import annotations

import argparse
import sys

from pbem.cli import bench, db, demo, dice, game, orders, phase, rules
from pbem.cli.common import say


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pbem", description="Play-by-email judge for galley wargames (Ram Speed).")
    nouns = parser.add_subparsers(dest="noun", required=True, metavar="NOUN")
    for module in (game, orders, phase, db, dice, rules, bench, demo):
        module.register(nouns)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except (ValueError, OSError) as exc:  # refusals and bad files: a sentence, no traceback
        say(f"pbem: {exc}", file=sys.stderr)  # a refusal may quote a player's words
        return 1


if __name__ == "__main__":
    sys.exit(main())
