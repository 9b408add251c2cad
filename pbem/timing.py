"""A game's timing settings (`Timing`): how long each kind of phase stays open, the hour
deadlines round up to and the zone they are figured in, quiet days, reminders, grace and the
late policy, early processing and its settling delay. Also their text, as the command line and
the game master's mail give it (`parse_timing`, `parse_length` and the other readers, each
refusal a sentence naming the setting with an example), and their stored JSON
(`Timing.to_json`, `Timing.from_json`).

Pure, like pbem.deadlines: standard library only, no clock. It owns the settings and what
they are written as; the moments they give (deadlines, reminders, a phase's state) are
pbem.deadlines's. Neither module imports the other: pbem.deadlines reads a `Timing` through
its protocol `TimingRules`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from datetime import time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

LATE_POLICIES = ("wait", "proceed")
LONGEST = timedelta(days=366)  # any longer length of time is a typo ("48d" for "48h")
MOST = timedelta(days=999_999)  # the longest length read at all (far below timedelta's limit)
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")  # ISO 1..7
_FULL_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_UNITS = {"d": timedelta(days=1), "h": timedelta(hours=1), "m": timedelta(minutes=1)}
_LENGTH = re.compile(r"(?:\d{1,6}[dhm])+")
_PART = re.compile(r"(\d+)([dhm])")
_HOUR = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")
_KIND = re.compile(r"[a-z][a-z0-9_]*")

EXAMPLES = {  # every setting, by its stored name, with what the command line accepts for it
    "durations": "build=7d,movement=48h,combat=24h,default=48h",
    "default": "48h", "hour": "18:00", "timezone": "Europe/London", "quiet_days": "sat,sun",
    "reminders": "24h,6h", "grace": "12h", "late_policy": "wait", "early": "yes",
    "settle": "10m",
}


SHOWN = 40  # the most of a refused text quoted back in the sentence


def _refuse(setting: str, text: object, what: str) -> ValueError:
    """The sentence refusing `text` for `setting`: a timing setting's with its example, any
    other (a command's length, such as EXTEND's) with the lengths accepted."""
    if isinstance(text, str):
        shown = f'"{text}"' if len(text) <= SHOWN else f'"{text[:SHOWN]}..." ({len(text):,} characters)'
    else:
        shown = str(text)
    label = setting.replace("_", " ")
    example = EXAMPLES.get(setting)
    if example is None:
        return ValueError(f"{label}: {shown} {what}; write a length like 24h, 2d or 90m, "
                          "more than zero.")
    return ValueError(f'{label}: {shown} {what}; for example "{example}".')


def parse_length(text: str, setting: str = "grace", *, zero: bool = False) -> timedelta:
    """A length of time such as "48h", "7d", "90m" or "1d12h" ("0" too when `zero`). `setting`
    names what is read, in the refusal: a timing setting (its example is given) or a command
    (e.g. "EXTEND"). At most MOST (999,999 days); the caller bounds it further."""
    cleaned = text.strip().lower().replace(" ", "")
    if zero and cleaned == "0":
        return timedelta(0)
    if not cleaned:
        raise _refuse(setting, text, "gives no length of time")
    if not _LENGTH.fullmatch(cleaned):
        raise _refuse(setting, text, "is not a length of time: write numbers with a unit, "
                      "m minutes, h hours or d days")
    minutes = sum(int(n) * _UNITS[unit] // _UNITS["m"] for n, unit in _PART.findall(cleaned))
    if minutes > MOST // _UNITS["m"]:
        raise _refuse(setting, text, "is longer than the judge can count (999999d at most)")
    length = timedelta(minutes=minutes)
    if not length and not zero:
        raise _refuse(setting, text, "is no time at all: give a length longer than nothing")
    return length


def format_length(length: timedelta) -> str:
    """The canonical text of a length: "2d", "1d12h", "1h30m", "0m"; parse_length reads it."""
    minutes = length // timedelta(minutes=1)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    text = "".join(f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m")) if n)
    return text or "0m"


def parse_durations(text: str) -> tuple[tuple[tuple[str, timedelta], ...], timedelta | None]:
    """"build=7d,movement=48h,default=48h" -> (per-kind lengths, the default or None)."""
    lengths: dict[str, timedelta] = {}
    default: timedelta | None = None
    for entry in (part.strip() for part in text.split(",")):
        kind, equals, length = (piece.strip() for piece in entry.partition("="))
        kind = kind.lower()
        if not equals or not _KIND.fullmatch(kind):
            raise _refuse("durations", entry, "is not a phase kind and a length joined by =")
        if kind in lengths or (kind == "default" and default is not None):
            raise _refuse("durations", text, f"gives {kind} twice")
        value = parse_length(length, "durations")
        if kind == "default":
            default = value
        else:
            lengths[kind] = value
    return tuple(lengths.items()), default


def parse_hour(text: str) -> time | None:
    """"18:00" -> 18:00; "none" (or nothing) -> no rounding."""
    cleaned = text.strip().lower()
    if cleaned in ("", "none", "off"):
        return None
    match = _HOUR.fullmatch(cleaned)
    if not match:
        raise _refuse("hour", text, "is not a time of day: write HH:MM on the 24-hour clock, "
                      'or "none" for no rounding')
    return time(int(match[1]), int(match[2]))


def parse_quiet_days(text: str) -> frozenset[int]:
    """"sat,sun" -> {6, 7} (ISO weekdays); "none" (or nothing) -> no quiet days."""
    cleaned = text.strip().lower()
    if cleaned in ("", "none"):
        return frozenset()
    days = set()
    for name in (part.strip() for part in cleaned.split(",")):
        if name in WEEKDAYS:
            days.add(WEEKDAYS.index(name) + 1)
        elif name in _FULL_DAYS:
            days.add(_FULL_DAYS.index(name) + 1)
        else:
            raise _refuse("quiet_days", name, "is not a day of the week: write mon, tue, wed, "
                          'thu, fri, sat or sun, separated by commas, or "none"')
    return frozenset(days)


def parse_reminders(text: str) -> tuple[timedelta, ...]:
    """"24h,6h" -> (24 h, 6 h); "none" (or nothing) -> no reminders."""
    cleaned = text.strip().lower()
    if cleaned in ("", "none"):
        return ()
    return tuple(parse_length(part, "reminders") for part in cleaned.split(","))


def parse_late_policy(text: str) -> str:
    cleaned = text.strip().lower()
    if cleaned not in LATE_POLICIES:
        raise _refuse("late_policy", text, 'is not a late policy: write "wait" (pause the '
                      'game and tell the game master) or "proceed" (no orders for the late)')
    return cleaned


def parse_early(text: str) -> bool:
    cleaned = text.strip().lower()
    if cleaned in ("yes", "on", "true", "1"):
        return True
    if cleaned in ("no", "off", "false", "0"):
        return False
    raise _refuse("early", text, 'is neither yes nor no: write "yes" to process as soon as '
                  'all owed orders are in (after the settling delay), "no" to wait for the deadline')


@dataclass(frozen=True)
class Timing:
    """A game's timing settings. Timing() is the default, close to what games do today:
    every phase 48 h (as `game new --hours 48`) but build 7 d (fleets are designed once, at
    leisure); no rounding, in UTC, no quiet days, so a deadline is exactly opened + duration;
    one reminder 24 h before; no grace and policy "wait", so a late player pauses the game
    and the game master decides, rather than a side losing a turn unasked; no early
    processing (players may change orders until the deadline), and a 10-minute settling
    delay ready for games that turn early on. A game made on the command line starts from
    every kind --hours long instead, with no kind of its own (pbem.cli.timingargs), and a
    game made without timing options stores none (pbem.app.base.timing).

    Lengths are whole minutes, at most 366 days. Kinds and reminders are kept sorted, so equal
    settings compare equal and write the same JSON."""

    durations: tuple[tuple[str, timedelta], ...] = (("build", timedelta(days=7)),)
    default: timedelta = timedelta(hours=48)
    hour: time | None = None
    timezone: str = "UTC"
    quiet_days: frozenset[int] = field(default_factory=frozenset)
    reminders: tuple[timedelta, ...] = (timedelta(hours=24),)
    grace: timedelta = timedelta(0)
    late_policy: str = "wait"
    early: bool = False
    settle: timedelta = timedelta(minutes=10)

    def __post_init__(self) -> None:
        kinds = [kind for kind, _ in self.durations]
        for kind in kinds:
            if not _KIND.fullmatch(kind) or kind == "default" or kinds.count(kind) > 1:
                raise _refuse("durations", kind, "is not a phase kind named once in lower case "
                              "(the default length is a setting of its own)")
        lengths = [*(("durations", length) for _, length in self.durations),
                   ("default", self.default), ("grace", self.grace), ("settle", self.settle),
                   *(("reminders", length) for length in self.reminders)]
        for setting, length in lengths:
            least = timedelta(0) if setting in ("grace", "settle") else timedelta(minutes=1)
            whole = not length % timedelta(minutes=1)
            if not whole or not least <= length <= LONGEST:
                raise _refuse(setting, format_length(length) if whole and length >= least
                              else str(length), f"is not a whole number of minutes from "
                              f"{format_length(least)} to 366d")
        if self.hour is not None and (self.hour.tzinfo is not None or self.hour.second
                                      or self.hour.microsecond):
            raise _refuse("hour", self.hour.isoformat(), "is not a plain HH:MM time of day "
                          "(the zone is the timezone setting)")
        try:
            ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise _refuse("timezone", self.timezone, "is not a time zone we know: write an "
                          "IANA name (Area/City, or UTC)") from None
        if not self.quiet_days <= frozenset(range(1, 8)) or len(self.quiet_days) == 7:
            raise _refuse("quiet_days", sorted(self.quiet_days), "must be ISO weekdays 1-7 "
                          "(Monday 1) leaving at least one day when deadlines may fall")
        if self.late_policy not in LATE_POLICIES:
            parse_late_policy(self.late_policy)
        object.__setattr__(self, "durations", tuple(sorted(self.durations)))
        object.__setattr__(self, "reminders", tuple(sorted(set(self.reminders), reverse=True)))
        object.__setattr__(self, "quiet_days", frozenset(self.quiet_days))

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def duration(self, kind: str) -> timedelta:
        """How long a phase of this kind stays open (the default for kinds not listed)."""
        return dict(self.durations).get(kind, self.default)

    def to_json(self) -> str:
        """Stable JSON text (sorted keys, canonical lengths) for the games table."""
        return json.dumps({
            "version": 1,
            "durations": {kind: format_length(length) for kind, length in self.durations},
            "default": format_length(self.default),
            "hour": None if self.hour is None else self.hour.strftime("%H:%M"),
            "timezone": self.timezone, "quiet_days": sorted(self.quiet_days),
            "reminders": [format_length(length) for length in self.reminders],
            "grace": format_length(self.grace), "late_policy": self.late_policy,
            "early": self.early, "settle": format_length(self.settle),
        }, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Timing:
        """Read to_json's text back. A setting it lacks takes the default (rows written before
        the setting existed); one it does not know is refused (a typo or a newer judge)."""
        try:
            stored = json.loads(text)
        except ValueError as error:
            raise ValueError(f"The stored timing settings are not JSON ({error}); write them "
                             "again with the game's timing options.") from None
        if not isinstance(stored, dict) or stored.get("version", 1) != 1:
            raise ValueError("The stored timing settings are not version 1 of the timing "
                             "object; this judge cannot read them.")
        unknown = sorted(set(stored) - set(EXAMPLES) - {"version"})
        if unknown:
            raise ValueError(f"The stored timing settings name {', '.join(unknown)}, which this "
                             f"judge does not know; known are {', '.join(sorted(EXAMPLES))}.")
        settings: dict[str, Any] = {}
        for key, value in stored.items():
            if key != "version":
                settings[key] = _stored_setting(key, value)
        return cls(**settings)


DEFAULT_TIMING = Timing()


def lengths_text(timing: Timing) -> str:
    """How long each kind of phase stays open, as people read it: "every kind 48h", or
    "build 7d, movement 5m; every other kind 1h"."""
    if not timing.durations:
        return f"every kind {format_length(timing.default)}"
    named = ", ".join(f"{kind} {format_length(length)}" for kind, length in timing.durations)
    return f"{named}; every other kind {format_length(timing.default)}"


def lengths_json(timing: Timing) -> dict[str, Any]:
    """The same for --json: each kind named with its length, and every other kind's."""
    return {"kinds": {kind: format_length(length) for kind, length in timing.durations},
            "every_other_kind": format_length(timing.default)}


def _stored_setting(key: str, value: object) -> object:
    """One setting as from_json finds it, checked and turned back into its Python value."""
    if key == "durations" and isinstance(value, dict) and all(
            isinstance(length, str) for length in value.values()):
        return tuple((kind, parse_length(length, key)) for kind, length in value.items())
    if key == "reminders" and isinstance(value, list) and all(
            isinstance(length, str) for length in value):
        return tuple(parse_length(length, key) for length in value)
    if key == "quiet_days" and isinstance(value, list) and all(
            isinstance(day, int) and not isinstance(day, bool) for day in value):
        return frozenset(value)
    if key == "hour" and (value is None or isinstance(value, str)):
        return None if value is None else parse_hour(value)
    if key == "early" and isinstance(value, bool):
        return value
    if key in ("default", "grace", "settle") and isinstance(value, str):
        return parse_length(value, key, zero=key != "default")
    if key in ("timezone", "late_policy") and isinstance(value, str):
        return value
    raise _refuse(key, value, "is not the kind of value this setting stores")


def parse_timing(*, durations: str | None = None, hour: str | None = None,
                 timezone: str | None = None, quiet_days: str | None = None,
                 reminders: str | None = None, grace: str | None = None,
                 late_policy: str | None = None, early: str | None = None,
                 settle: str | None = None, base: Timing = DEFAULT_TIMING) -> Timing:
    """The command line's timing options over `base`: each option given replaces that setting.
    Durations replace the kinds they name; a default among them is the length of every kind
    they do not name (the base's own kinds included), and without one the kinds not named
    keep the base's lengths. Each bad value is a ValueError naming the setting with an
    example."""
    changes: dict[str, Any] = {}
    if durations is not None:
        lengths, default = parse_durations(durations)
        kept = dict(base.durations) if default is None else {}
        changes["durations"] = tuple({**kept, **dict(lengths)}.items())
        if default is not None:
            changes["default"] = default
    if hour is not None:
        changes["hour"] = parse_hour(hour)
    if timezone is not None:
        changes["timezone"] = timezone.strip()
    if quiet_days is not None:
        changes["quiet_days"] = parse_quiet_days(quiet_days)
    if reminders is not None:
        changes["reminders"] = parse_reminders(reminders)
    if grace is not None:
        changes["grace"] = parse_length(grace, "grace", zero=True)
    if late_policy is not None:
        changes["late_policy"] = parse_late_policy(late_policy)
    if early is not None:
        changes["early"] = parse_early(early)
    if settle is not None:
        changes["settle"] = parse_length(settle, "settle", zero=True)
    return replace(base, **changes)
