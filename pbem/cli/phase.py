"""`pbem phase process|preview`: adjudicate the open phase of a game."""

from __future__ import annotations

import argparse
from typing import Any

from pbem.app import phases
from pbem.cli.common import add_db, add_json, emit, engine
from pbem.render.narrate import sentence_of


def _text(done: phases.Processed, verb: str) -> str:
    lines = [f"{done.game_id}: {verb} {done.key}."]
    for data in done.events:
        text = sentence_of(data)
        if text:
            lines.append(f"  {text}")
    for _galley, reason in done.refused:
        lines.append(f"  refused: {reason}")
    lines.append(f"Winner: {done.winner}." if done.winner else f"Next phase: {done.next_key}.")
    return "\n".join(lines)


def _process(args: argparse.Namespace) -> int:
    done = phases.process_phase(engine(args), args.name, expected_key=args.phase)
    emit(args, done.as_json(), _text(done, "processed"))
    return 0


def _preview(args: argparse.Namespace) -> int:
    done = phases.preview_phase(engine(args), args.name)
    emit(args, done.as_json(), _text(done, "preview of") + "\n(nothing was saved)")
    return 0


def _due(args: argparse.Namespace) -> int:
    made = engine(args)
    due = phases.due_games(made)
    if args.ready:
        due += [item for item in phases.ready_games(made) if item not in due]
    if not args.process:
        emit(args, [{"game": g, "phase": k} for g, k in due],
             "\n".join(f"{g}: {k} is past its deadline" for g, k in due) or "nothing is due")
        return 0
    results = []
    for game_id, key in due:
        try:
            done = phases.process_phase(made, game_id, expected_key=key)
            results.append(done.as_json())
            if not args.json:
                print(_text(done, "processed"))
        except ValueError as exc:  # processed meanwhile by another judge, or paused
            results.append({"game": game_id, "phase": key, "skipped": str(exc)})
            if not args.json:
                print(f"{game_id}: {key} skipped: {exc}")
    if args.json:
        emit(args, results, "")
    elif not due:
        print("nothing is due")
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
