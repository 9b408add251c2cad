"""`pbem dice verify`: recompute the dice from a revealed seed."""

from __future__ import annotations

import argparse
from typing import Any

from pbem.app.base.errors import JudgeError
from pbem.app.play import audit
from pbem.cli.common import add_db, add_json, emit, engine


def _numbers(text: str, option: str, example: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise JudgeError(f"{option} takes whole numbers separated by commas, e.g. {example}") from None


def _verify(args: argparse.Namespace) -> int:
    if args.seed:
        if not (args.dice_name and args.phase and args.rolls):
            raise JudgeError("with --seed give --dice-name, --phase and --rolls too")
        stored = _numbers(args.rolls, "--rolls", "3,1,6")
        sizes = _numbers(args.sizes, "--sizes", "6,100,10") if args.sizes else None
        again = audit.rolls_from_seed(args.seed, args.dice_name, args.phase, len(stored), sizes)
        same = stored == again
        emit(args, {"ok": same, "rolls": again, "sizes": sizes or [6] * len(stored)},
             f"{args.phase}: the seed gives {again}: "
             + ("the same rolls." if same else f"NOT the published {stored}."))
        return 0 if same else 1
    if not args.name:
        raise JudgeError("name a game, or give --seed, --dice-name, --phase and --rolls")
    verdict = audit.verify_dice(engine(args), args.name)
    ok = not verdict.problems
    emit(args, {"game": verdict.game_id, "seed": verdict.seed, "ok": ok,
                "commitment_ok": verdict.commitment_ok, "rolls": verdict.rolls_checked,
                "problems": list(verdict.problems)},
         f"{verdict.game_id}: seed {verdict.seed} "
         f"{'matches' if verdict.commitment_ok else 'does NOT match'} its commitment; "
         f"{verdict.rolls_checked} rolls recomputed: "
         + ("all as stored." if ok else "; ".join(verdict.problems)))
    return 0 if ok else 1


def register(nouns: Any) -> None:
    noun = nouns.add_parser("dice", help="check dice against a revealed seed")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    verify = verbs.add_parser("verify", help="recompute every roll of an ended game, or the "
                              "rolls of one phase from a published seed")
    verify.add_argument("name", nargs="?")
    verify.add_argument("--seed", help="the revealed seed, in hexadecimal")
    verify.add_argument("--dice-name", help="the game's dice name (its id)")
    verify.add_argument("--phase", help="the phase key, e.g. T3-combat")
    verify.add_argument("--rolls", help="the published rolls, e.g. 3,1,6")
    verify.add_argument("--sizes", help="each roll's die as its number of sides, e.g. 6,100,10 "
                        "(all d6 when not given)")
    verify.set_defaults(run=_verify)
    add_db(verify)
    add_json(verify)
