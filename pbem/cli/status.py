"""`pbem status`: the running judge at a glance, for the operator (or a monitoring script,
with --json)."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from typing import Any

from pbem.cli.common import add_db, add_json, add_spool, emit, engine, table

SPOOL_LATE_S = 60.0  # a message waiting longer in the spool means no judge is taking it


def _short(moment: Any) -> str:
    """An ISO-8601 time for a person, to the minute in UTC (as it came when unreadable)."""
    try:
        parsed = datetime.fromisoformat(str(moment))
    except ValueError:
        return str(moment)
    parsed = parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
    return f"{parsed:%Y-%m-%d %H:%M} UTC"


def _ago(seconds: float) -> str:
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if abs(seconds) >= size:
            return f"{seconds / size:.1f} {unit} ago"
    return f"{seconds:.0f} s ago"


def _sweep(last: dict[str, Any] | None, age: float | None) -> str:
    if not last:
        return "Last sweep: none yet (is `pbem serve` running?)."
    ago = f", {_ago(age)}" if age is not None else ""
    took = last.get("seconds")
    took_text = f", took {took:.2f} s" if isinstance(took, int | float) else ""
    return (f"Last sweep: {_short(last.get('at', '?'))}{ago}{took_text}: "
            f"{last.get('processed', 0)} "
            f"processed, {last.get('failed', 0)} failed, {last.get('reminders', 0)} "
            f"reminders, {last.get('sent', 0)} mails sent.")


def _held(held: dict[str, Any]) -> str:
    how = ("earlier than" if held.get("direction") == "back"
           else "further than this machine has run since" if held.get("direction") == "jumped"
           else f"more than {held.get('limit', '?')} after")
    return (f"Sweep held: the clock reads {_short(held.get('now', '?'))}, {how} the last "
            f"sweep at {_short(held.get('last_sweep', '?'))}. Nothing is processed, no "
            "deadline moved and no mail sent until the clock is right again. If the new time "
            "is right, restart the judge once with `pbem serve --accept-clock`.")


def _fault(fault: dict[str, Any]) -> str:
    since = f" since {_short(fault['since'])}" if fault.get("since") else ""
    if fault.get("game"):
        phase = f" ({fault['phase']})" if fault.get("phase") else ""
        return (f"Fault: {fault['game']}{phase} cannot be swept{since}: {fault.get('error')}. "
                "The other games go on; it is tried again at each sweep.")
    return (f"Fault: the sweep's step '{fault.get('step')}' fails{since}: {fault.get('error')}. "
            "The other steps go on; it is tried again at each sweep.")


def _people(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**row, "deadline": _short(row["deadline"])} for row in rows]


def summary(status: dict[str, Any]) -> str:
    """The status for a person: a line per subject, the due phases and late players as
    tables."""
    games = ", ".join(f"{count} {state}" for state, count in status["games"].items())
    mail = status["mail"]
    oldest = f" (oldest {_short(mail['oldest_queued'])})" if mail["oldest_queued"] else ""
    others = "".join(f", {count} {state}" for state, count in mail.items()
                     if state not in ("queued", "sent", "failed", "held", "oldest_queued"))
    if mail.get("held"):
        others += (f", {mail['held']} held for the operator (the server never answered their "
                   "end of data: pbem mail outbox --state held)")
    quarantine = status["quarantine"]
    lines = [f"Games: {games}.",
             f"Phases past their deadline: {len(status['phases_due'])}"]
    if status["phases_due"]:
        lines.append(table(_people(status["phases_due"]), ("game", "phase", "deadline")))
    lines.append(f"Late players: {len(status['late_players'])}")
    if status["late_players"]:
        lines.append(table(_people(status["late_players"]), ("game", "phase", "player",
                                                             "side", "deadline")))
    paused = status.get("paused", [])
    waits = sum(game["count"] for game in paused)
    if paused:
        lines.append(f"Paused games: {len(paused)}, waiting for {waits} player"
                     f"{'' if waits == 1 else 's'}")
        lines.append(table([{**game, "waiting_for": ", ".join(game["waiting_for"]) or "nobody"}
                            for game in paused], ("game", "phase", "count", "waiting_for")))
    lines += [f"Mail out: {mail['queued']} queued{oldest}, {mail['sent']} sent, "
              f"{mail['failed']} failed{others}.",
              f"Mail in: {quarantine['quarantined']} quarantined, {quarantine['unfinished']} "
              f"stored over 10 minutes ago and never handled.",
              _sweep(status["last_sweep"], status["sweep_age_s"])]
    if status.get("held"):
        lines.append(_held(status["held"]))
    lines += [_fault(fault) for fault in status.get("faults", [])]
    spool = status.get("spool")
    if spool is not None:
        lines.append(_spool_line(spool))
    lines += [f"Problem: {problem}" for problem in status["problems"]]
    return "\n".join(lines)


def _spool_line(spool: dict[str, Any]) -> str:
    if spool["waiting"] == 0:
        return f"Spool ({spool['folder']}): empty."
    return (f"Spool ({spool['folder']}): {spool['waiting']} message"
            f"{'' if spool['waiting'] == 1 else 's'} waiting for the judge, the oldest handed "
            f"over {_ago(spool['oldest_age_s'])}.")


def spool_status(folder: Any, now: float) -> dict[str, Any]:
    """What waits in the judge's spool (the pipe's hand-over, `pbem mail receive`): how many
    messages and how long the oldest has waited (by its file's time), read from the folder
    alone."""
    import contextlib
    import os

    from pbem.mail.spool import waiting

    found = waiting(folder)
    ages = []
    for path in found[:1]:
        with contextlib.suppress(FileNotFoundError):  # taken by the judge while we looked
            ages.append(now - os.stat(path).st_mtime)
    return {"folder": str(folder), "waiting": len(found),
            "oldest_age_s": round(ages[0], 1) if ages else None}


def _late_spool(spool: dict[str, Any]) -> str | None:
    age = spool["oldest_age_s"]
    if spool["waiting"] and age is not None and age > SPOOL_LATE_S:
        return (f"{spool['waiting']} piped message(s) have waited over a minute in the spool "
                f"{spool['folder']}: no running judge takes them. Start `pbem serve`, or on a "
                "host without it make the MTA's pipe run `pbem mail receive --now` and hand "
                f"these over once with `pbem mail poll --maildir {spool['folder']}`")
    return None


def _status(args: argparse.Namespace) -> int:
    import time
    from pathlib import Path

    from pbem.app.running.status import judge_status
    from pbem.mail.spool import spool_folder

    made = engine(args)
    try:
        status = judge_status(made, datetime.now(UTC))
    finally:
        made.dispose()
    status["spool"] = spool_status(Path(args.spool) if args.spool else spool_folder(),
                                   time.time())
    late = _late_spool(status["spool"])
    if late is not None:
        status["problems"] = [*status["problems"], late]
    emit(args, status, summary(status))
    return 0


def register(nouns: Any) -> None:
    noun = nouns.add_parser("status", help="games, due phases, late players, mail and "
                            "the last sweep",
                            description="Games by state, phases past their deadline and "
                            "the players they wait for, the outbox, the quarantine, the "
                            "last sweep, the piped mail waiting in the spool, and the games or "
                            "steps it cannot do (each until it "
                            "works again), and whether the sweep holds because the clock "
                            "jumped (released when the clock is right again, or by "
                            "restarting the judge once with `pbem serve --accept-clock`), "
                            "read without taking the database's write lock.")
    noun.set_defaults(run=_status)
    add_db(noun)
    add_spool(noun)
    add_json(noun)
