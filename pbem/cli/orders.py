"""`pbem orders check|submit`: a player's orders from a file or standard input. The parser
loads nothing of the database layer; a command that runs loads it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from pbem.cli.common import add_db, add_json, emit, engine, read_text

if TYPE_CHECKING:  # the use-cases (and the database layer) are loaded by a command that runs
    from pbem.app import orders


def _report(answer: orders.OrdersAnswer) -> str:
    lines = [f"{answer.game_id}, phase {answer.phase}, orders of {answer.player} ({answer.side}):"]
    if answer.accepted:
        lines.append("Accepted, as understood:")
        lines += [f"  {a.piece + ': ' if a.piece else ''}{a.echo}" for a in answer.accepted]
    if answer.refused:
        lines.append("Refused:")
        lines += [f"  {r.reason}" for r in answer.refused]
    if not answer.lines:
        lines.append("No order lines: no orders this phase.")
    return "\n".join(lines)


def _run(store: bool) -> Any:
    def run(args: argparse.Namespace) -> int:
        from pbem.app import orders

        text = read_text(args.file)
        made = engine(args)
        if store:
            answer = orders.submit_orders(made, args.name, args.player, text, source="cli",
                                          phase_key=args.phase)
        else:
            answer = orders.check_orders(made, args.name, args.player, text, args.phase)
        summary = _report(answer)
        if args.map:
            from pathlib import Path

            svg, png = orders.plan_map(made, answer)
            target = Path(args.map)
            if target.suffix == ".png":
                target.write_bytes(png)
            else:
                target.write_text(svg, encoding="utf-8")
            summary += f"\nMap of the plotted paths: {target}"
        if store:
            summary += ("\nStored" + (", replacing your earlier orders." if
                                      answer.replaced_earlier else ".")
                        if answer.stored else
                        "\nNothing was stored: no line could be accepted.")
        emit(args, answer.as_json(), summary)
        return 0 if (answer.stored or not store) else 1
    return run


def register(nouns: Any) -> None:
    noun = nouns.add_parser("orders", help="check or submit a player's orders")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    for name, store, text in (("check", False, "check orders without storing them"),
                              ("submit", True, "store orders for the open phase")):
        verb = verbs.add_parser(name, help=text)
        verb.add_argument("name", help="the game")
        verb.add_argument("file", help="order file, or - for standard input")
        verb.add_argument("--player", required=True)
        verb.add_argument("--phase", help="refuse unless this phase is the open one")
        verb.add_argument("--map", help="write a map of the plotted paths (.svg or .png)")
        verb.set_defaults(run=_run(store))
        add_db(verb)
        add_json(verb)
