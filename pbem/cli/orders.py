"""`pbem orders check|submit`: a player's orders from a file or standard input. The parser
loads nothing of the database layer; a command that runs for a game loads it. `orders check
--ruleset R` checks orders against the opening phase of a new game of a scenario instead,
with no game and no database (what a newcomer writing first orders, or a game master
writing an example, needs)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from pbem.app.base.errors import JudgeError
from pbem.cli.common import add_db, add_json, emit, engine, option, read_text

if TYPE_CHECKING:  # the use-cases (and the database layer) are loaded by a command that runs
    from pbem.app import orders


def _report(answer: orders.OrdersAnswer) -> str:
    lines = [f"{answer.game_id}, phase {answer.phase}, orders of {answer.player} ({answer.side}):"]
    lines += _lines_text(answer.accepted, answer.refused, not answer.lines)
    return "\n".join(lines)


def _lines_text(accepted: Any, refused: Any, empty: bool) -> list[str]:
    lines = []
    if accepted:
        lines.append("Accepted, as understood:")
        lines += [f"  {a.piece + ': ' if a.piece else ''}{a.echo}" for a in accepted]
    if refused:
        lines.append("Refused:")
        lines += [f"  {r.reason}" for r in refused]
    if empty:
        lines.append("No order lines: no orders this phase.")
    return lines


def _side(hosted: Any, asked: str | None) -> str:
    """The side whose orders are checked: the one named, or the only one the phase waits for."""
    owing = (*hosted.owes(), *(s for s in hosted.may_send() if s not in hosted.owes()))
    if asked is None:
        if len(owing) == 1:
            return str(owing[0])
        raise JudgeError(f"the opening phase ({hosted.phase_title}) takes orders from "
                         f"{', '.join(owing)}: say whose with --side")
    named = {side.lower(): side for side in hosted.sides}
    side = named.get(asked.lower())
    if side is None:
        raise JudgeError(f"--side {asked!r}: the sides of this scenario are "
                         f"{', '.join(hosted.sides)}")
    if side not in owing:
        raise JudgeError(f"the {side} side has nothing to order in the opening phase "
                         f"({hosted.phase_title}); it takes orders from {', '.join(owing)}")
    return side


def _against_scenario(args: argparse.Namespace) -> int:
    """Orders checked against the opening phase of a new game of a scenario: no game, no
    database, nothing stored."""
    from pbem.app.base import ordertext, rulesets

    if args.name is not None and args.file is not None:
        raise JudgeError("with --ruleset, give only the order file (there is no game to name)")
    if args.player is not None or args.phase is not None or args.map is not None:
        raise JudgeError("--player, --phase and --map are for a game's orders; with --ruleset "
                         "the orders are checked against the opening of a new game")
    name = args.file if args.file is not None else args.name
    if name is None:
        raise JudgeError("give the order file (or - for standard input)")
    if args.ruleset not in rulesets.names():
        raise JudgeError(f"--ruleset {args.ruleset!r}: the rule systems are "
                         f"{', '.join(rulesets.names())} (`pbem rules list`)")
    scenario = args.scenario or rulesets.default_scenario(args.ruleset)
    try:
        hosted = rulesets.start(args.ruleset, scenario, dict(option(o) for o in args.option))
    except ValueError as exc:
        raise JudgeError(f"{args.ruleset}, scenario {scenario}: {exc}") from None
    side = _side(hosted, args.side)
    text = ordertext.decode(read_text(name))
    sheet, faults, _ = ordertext.checked_sheet(hosted, side, text, None, f"{scenario} (check)")
    lines = ordertext.answer_lines(sheet, faults)
    accepted = [line for line in lines if line.status == "accepted"]
    refused = [line for line in lines if line.status == "refused"]
    summary = "\n".join([
        f"{args.ruleset}, scenario {scenario}, {hosted.phase_title} (the opening phase of a new "
        f"game), orders of {side}:", *_lines_text(accepted, refused, not lines),
        "Nothing was stored: no game was named."])
    emit(args, {"ruleset": args.ruleset, "scenario": scenario, "phase": hosted.key,
                "phase_title": hosted.phase_title, "side": side, "stored": False,
                "lines": [line.__dict__ for line in lines]}, summary)
    return 0


def _run(store: bool) -> Any:
    def run(args: argparse.Namespace) -> int:
        if not store and args.ruleset is not None:
            return _against_scenario(args)
        if args.name is None or args.file is None:
            raise JudgeError("give the game and the order file (or check orders against a "
                             "scenario with --ruleset R, without a game)")
        if args.player is None:
            raise JudgeError("--player: whose orders these are (a player of the game)")
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
    check = verbs.add_parser(
        "check", help="check orders without storing them",
        usage="%(prog)s [-h] GAME FILE --player PLAYER [--phase PHASE] [--map MAP]\n"
              "       %(prog)s FILE --ruleset R [--scenario S] [--option NAME[=VALUE]] "
              "[--side SIDE]",
        description="Check orders without storing them: a player's orders for a game's open "
                    "phase, or (with --ruleset, no game and no database) orders for the "
                    "opening phase of a new game of a scenario.")
    check.add_argument("name", nargs="?", metavar="GAME", help="the game (not with --ruleset)")
    check.add_argument("file", nargs="?", metavar="FILE",
                       help="order file, or - for standard input")
    check.add_argument("--player", help="whose orders these are (a player of the game)")
    scenario = check.add_argument_group("without a game")
    scenario.add_argument("--ruleset", help="check against a new game of this rule system "
                          "(`pbem rules list`)")
    scenario.add_argument("--scenario", help="its scenario (default: the rule system's first)")
    scenario.add_argument("--option", action="append", default=[], metavar="NAME[=VALUE]",
                          help="a house rule of the new game, as for `pbem game new`")
    scenario.add_argument("--side", help="whose orders (default: the one side the opening "
                          "phase waits for)")
    submit = verbs.add_parser("submit", help="store orders for the open phase")
    submit.add_argument("name", help="the game")
    submit.add_argument("file", help="order file, or - for standard input")
    submit.add_argument("--player", required=True)
    for verb, store in ((check, False), (submit, True)):
        verb.add_argument("--phase", help="refuse unless this phase is the open one")
        verb.add_argument("--map", help="write a map of the plotted paths (.svg or .png)")
        verb.set_defaults(run=_run(store))
        add_db(verb)
        add_json(verb)
