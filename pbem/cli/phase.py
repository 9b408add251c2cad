"""`pbem phase process|preview`: adjudicate the open phase of a game."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pbem.app.play import phases
from pbem.cli.common import add_db, add_json, emit, engine, outcome
from pbem.cli.faults import EX_SOFTWARE


def _text(done: phases.Processed, verb: str) -> str:
    lines = [f"{done.game_id}: {verb} {done.key}."]
    lines += [f"  {text}" for text in done.happened]
    for _piece, reason in done.refused:
        lines.append(f"  refused: {reason}")
    lines.append(outcome(done.winner) if done.winner else f"Next phase: {done.next_key}.")
    return "\n".join(lines)


def _process(args: argparse.Namespace) -> int:
    from pbem.cli.mail import deliver_locally, mail_settings_now

    made, settings = engine(args), mail_settings_now()
    done = phases.process_phase(made, args.name, expected_key=args.phase, mail=settings)
    deliver_locally(made, settings)
    emit(args, done.as_json(), _text(done, "processed"))
    return 0


def _preview(args: argparse.Namespace) -> int:
    done = phases.preview_phase(engine(args), args.name)
    emit(args, done.as_json(), _text(done, "preview of") + f"\n(nothing was saved; {done.note})")
    return 0


def _due(args: argparse.Namespace) -> int:
    made = engine(args)
    if not args.process:
        past = phases.due_games(made)
        ready = ([item for item in phases.ready_games(made) if item not in past]
                 if args.ready else [])
        rows = ([{"game": g, "phase": k, "why": "deadline"} for g, k in past]
                + [{"game": g, "phase": k, "why": "ready"} for g, k in ready])
        emit(args, rows, "\n".join(
            [f"{g}: {k} is past its deadline" for g, k in past]
            + [f"{g}: {k} has all its orders in (its deadline has not passed)"
               for g, k in ready]) or "nothing is due")
        return 0
    from pbem.cli.mail import deliver_locally, mail_settings_now

    settings = mail_settings_now()
    outcomes = phases.process_due(made, ready=args.ready, mail=settings)
    deliver_locally(made, settings)
    lines = []
    for done in outcomes:
        if done.processed is not None:
            lines.append(_text(done.processed, "processed"))
        else:
            lines.append(f"{done.game_id}: {done.key} {done.status}: {done.reason}")
    emit(args, [o.as_json() for o in outcomes], "\n".join(lines) or "nothing is due")
    failed = [o for o in outcomes if o.status == "failed"]
    if failed:
        print(f"pbem: {len(failed)} of {len(outcomes)} due phases failed (see above); the "
              "others were processed. Run `pbem game verify` on each failed game.",
              file=sys.stderr)
        return EX_SOFTWARE  # a game could not be processed (the rest were)
    return 0


def register(nouns: Any) -> None:
    noun = nouns.add_parser("phase", help="process or preview the open phase")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    process = verbs.add_parser("process", help="resolve the open phase and open the next")
    process.add_argument("name")
    process.add_argument("--phase", help="only if this is still the open phase")
    process.set_defaults(run=_process)
    preview = verbs.add_parser("preview", help="what processing now would give; saves nothing")
    preview.add_argument("name")
    preview.set_defaults(run=_preview)
    due = verbs.add_parser("due", help="phases past their deadline (cron: --process them)")
    due.add_argument("--process", action="store_true", help="process every phase that is due")
    due.add_argument("--ready", action="store_true",
                     help="also phases whose every owed order is in, deadline or not")
    due.set_defaults(run=_due)
    for verb in (process, preview, due):
        add_db(verb)
        add_json(verb)
