"""The timing and late-policy options a command shares with `pbem game new`: `add_timing`
puts them on a parser (durations, --at, --zone, quiet days, reminders, grace, --late, --early,
--settle; each optional), `timing_from` reads them back into a pbem.timing.Timing (None when
none was given). Used by `pbem game new` and `pbem league new`, so both read them alike."""

from __future__ import annotations

import argparse
from dataclasses import replace
from datetime import timedelta

from pbem.app.base.errors import JudgeError
from pbem.timing import DEFAULT_TIMING, Timing, parse_timing

DEFAULT_HOURS = 48  # --hours when not given: every phase's length without --durations
TIMING_FLAGS = ("durations", "at", "zone", "quiet_days", "reminders", "grace", "late",
                "early", "settle")


def add_timing(parser: argparse.ArgumentParser, late_default: str = "wait") -> None:
    """The timing options, in a group of their own; `late_default` is what --late means
    when it is not given (said in its help)."""
    timing = parser.add_argument_group("timing (each optional)")
    timing.add_argument("--durations", metavar="KIND=LEN,...",
                        help="how long each kind of phase stays open, e.g. build=7d,"
                        "movement=48h,combat=24h (LEN in m, h or d). Every phase kind (build, "
                        "setup, movement, combat and any other the rule system has) lasts "
                        f"--hours, {DEFAULT_HOURS} hours unless given, but those named here; "
                        "default=LEN sets every kind not named instead (--hours is then "
                        "unused). `pbem game show` prints a game's lengths")
    timing.add_argument("--at", metavar="HH:MM", help="round deadlines up to this time of day")
    timing.add_argument("--zone", metavar="TZ", help="the time zone of --at and of quiet "
                        "days, e.g. Europe/London")
    timing.add_argument("--quiet-days", metavar="DAYS", help="days nothing falls due, e.g. "
                        "sat,sun")
    timing.add_argument("--reminders", metavar="LENS", help="reminders before the deadline "
                        "to those who still owe orders, e.g. 24h,6h")
    timing.add_argument("--grace", metavar="LEN", help="how long after the deadline late "
                        "orders are waited for, e.g. 12h")
    timing.add_argument("--late", metavar="POLICY", help="after the grace: wait (pause the "
                        "game, tell the game master) or proceed (no orders for the late)"
                        + (f"; default {late_default}" if late_default != "wait" else ""))
    timing.add_argument("--early", metavar="on|off", help="process as soon as all owed "
                        "orders are in (after --settle)")
    timing.add_argument("--settle", metavar="LEN", help="the wait after the last owed orders "
                        "before early processing, e.g. 10m")


def timing_from(args: argparse.Namespace, late_default: str = "wait") -> Timing | None:
    """The timing from the command line over the default, combined as written: every kind
    of phase --hours long, then the kinds --durations names (its default=, if given, every
    kind it does not name); None when no option is given (every phase lasts --hours).
    --late not given is `late_default`. A bad value is a JudgeError naming the option."""
    if all(getattr(args, flag) is None for flag in TIMING_FLAGS):
        return None
    base = replace(DEFAULT_TIMING, durations=(), default=timedelta(hours=args.hours),
                   late_policy=late_default)
    try:
        timing = parse_timing(durations=args.durations, hour=args.at, timezone=args.zone,
                              quiet_days=args.quiet_days, reminders=args.reminders,
                              grace=args.grace, late_policy=args.late, early=args.early,
                              settle=args.settle, base=base)
        timing.zone  # noqa: B018 - an unknown zone is refused now, not at the first deadline
    except ValueError as exc:
        raise JudgeError(str(exc)) from None
    except Exception:  # noqa: BLE001 - zoneinfo's errors for a name it does not know
        raise JudgeError(f"--zone {args.zone!r} is not a time zone this system knows; write "
                         "an IANA name such as Europe/London") from None
    return timing


def timing_made(args: argparse.Namespace, timing: Timing | None) -> Timing:
    """The timing a new game gets from the command line: `timing_from`'s, or every kind of
    phase --hours long when no timing option was given (as the game stores it then)."""
    return timing or replace(DEFAULT_TIMING, durations=(), default=timedelta(hours=args.hours))
