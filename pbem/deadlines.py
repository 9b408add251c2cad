"""Deadline arithmetic: when a phase falls due, when reminders go out, what a sweep should do.

Pure: every function is handed the moments it needs (`now` included); nothing here reads the
clock, the database or the mail. Every moment given must be timezone-aware (a naive one is a
ValueError) and every moment returned is in UTC, the form deadlines are stored in (issue 11,
section 1). The rulings, in one place:

- Lengths of time: whole days count on the calendar of the game's zone (two days after
  Friday 17:30 is Sunday 17:30, whatever the clocks did in between); the hours and minutes
  left over count as elapsed time (a 90-minute quick phase lasts 90 minutes across a change).
- A wall time that does not exist (the spring-forward gap, e.g. 01:30 London on 29 March
  2026) moves forward to the first instant after the gap (02:00 BST); a wall time that
  occurs twice (autumn) means its first occurrence (fold=0).
- A deadline is: opened + duration, rounded UP to the game's hour (an instant exactly at the
  hour stays), moved off quiet days to the same wall time on the next allowed day, and, if a
  vacation holds it (start <= deadline < end), moved to the vacation's end and rounded and
  moved again, until no vacation holds it.
- An extension adds exactly its length (by the rule above) and is not rounded; quiet days
  and vacations still move it, to the same wall time / the vacation's end.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from math import ceil, floor
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

PhaseState = Literal["waiting", "settling", "ready", "due", "grace", "late"]
LATE_POLICIES = ("wait", "proceed")
LONGEST = timedelta(days=366)  # any longer length of time is a typo ("48d" for "48h")
MOST = timedelta(days=999_999)  # the longest length read at all (far below timedelta's limit)
DAY = timedelta(days=1)
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")  # ISO 1..7
_FULL_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_UNITS = {"d": DAY, "h": timedelta(hours=1), "m": timedelta(minutes=1)}
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
    delay ready for games that turn early on.

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
    """The command line's timing options over `base`: each option given replaces that setting;
    durations replace the kinds they name (and the default, if named), other kinds keep
    theirs. Each bad value is a ValueError naming the setting with an example."""
    changes: dict[str, Any] = {}
    if durations is not None:
        lengths, default = parse_durations(durations)
        changes["durations"] = tuple({**dict(base.durations), **dict(lengths)}.items())
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


def _utc(name: str, moment: datetime) -> datetime:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"The {name} {moment.isoformat()} has no time zone; give an aware "
                         "datetime, e.g. datetime(2026, 3, 27, 17, 30, tzinfo=UTC).")
    return moment.astimezone(UTC)


@dataclass(frozen=True)
class Vacation:
    """Declared in advance by a player or the game master: a deadline falling in
    [start, end) moves to `end`."""

    start: datetime
    end: datetime
    who: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "start", _utc("vacation start", self.start))
        object.__setattr__(self, "end", _utc("vacation end", self.end))
        if self.end <= self.start:
            raise ValueError(f"The vacation of {self.who or 'the game'} ends "
                             f"({self.end.isoformat()}) before it starts "
                             f"({self.start.isoformat()}); give the end after the start.")


def on_wall(day: date, at: time, zone: ZoneInfo) -> datetime:
    """The instant (UTC) the clocks of `zone` show `at` on `day`. A time in the spring gap
    gives the first instant after the gap; a time shown twice gives its first showing."""
    wall = datetime.combine(day, at.replace(tzinfo=None, fold=0))
    first = wall.replace(tzinfo=zone).astimezone(UTC)
    if first.astimezone(zone).replace(tzinfo=None) == wall:
        return first
    # In the gap the two folds read the wall with the offsets either side of the change:
    # one instant falls before it, one after; find the change to the second.
    other = wall.replace(tzinfo=zone, fold=1).astimezone(UTC)
    before, after = sorted((first, other))
    later = after.astimezone(zone).utcoffset()
    low, high = floor(before.timestamp()), ceil(after.timestamp())
    while high - low > 1:
        middle = (low + high) // 2
        if datetime.fromtimestamp(middle, zone).utcoffset() == later:
            high = middle
        else:
            low = middle
    return datetime.fromtimestamp(high, UTC)


def add_length(start: datetime, length: timedelta, zone: ZoneInfo) -> datetime:
    """`start` plus `length`: whole days on the zone's calendar, the rest as elapsed time."""
    start = _utc("start", start)
    days = length // DAY
    if days:
        local = start.astimezone(zone)
        start = on_wall(local.date() + timedelta(days=days), local.time(), zone)
    return start + (length - days * DAY)


def _round_up(moment: datetime, at: time, zone: ZoneInfo) -> datetime:
    day = moment.astimezone(zone).date()
    for offset in (-1, 0, 1, 2):  # -1 and 2 only for zones whose changes cross midnight
        candidate = on_wall(day + timedelta(days=offset), at, zone)
        if candidate >= moment:
            return candidate
    raise AssertionError(f"no {at} after {moment} in {zone}")  # unreachable: day+1 is later


def _off_quiet_days(moment: datetime, at: time | None, timing: Timing) -> datetime:
    """To the wall time `at` (the moment's own if None) of the next day that is not quiet."""
    zone = timing.zone
    for _ in range(8):  # a gap pushing a time past midnight could land on a quiet day again
        local = moment.astimezone(zone)
        if local.isoweekday() not in timing.quiet_days:
            return moment
        day = local.date() + DAY
        while day.isoweekday() in timing.quiet_days:
            day += DAY
        moment = on_wall(day, local.time() if at is None else at, zone)
    raise AssertionError(f"no allowed day after {moment}")  # unreachable: 6 quiet days at most


def _settle(moment: datetime, timing: Timing, vacations: Sequence[Vacation],
            rounding: bool) -> datetime:
    at = timing.hour if rounding else None
    # Each pass either returns or moves past the end of a vacation, which it never re-enters.
    for _ in range(len(vacations) + 1):
        if at is not None:
            moment = _round_up(moment, at, timing.zone)
        moment = _off_quiet_days(moment, at, timing)
        holding = [vacation.end for vacation in vacations if vacation.start <= moment < vacation.end]
        if not holding:
            return moment
        moment = max(holding)
    raise AssertionError("a vacation held the deadline twice")  # unreachable, see above


def deadline_for(opened: datetime, kind: str, timing: Timing,
                 vacations: Sequence[Vacation] = ()) -> datetime:
    """When a phase of `kind` opened at `opened` falls due (UTC): opened + the kind's
    duration, rounded up to the game's hour, off quiet days, out of vacations (module
    docstring). A phase that follows one processed at its deadline should pass that deadline
    as `opened`, so the seconds the sweep took do not round the next deadline a day on."""
    return _settle(add_length(_utc("opening time", opened), timing.duration(kind), timing.zone),
                   timing, vacations, rounding=True)


def extend(deadline: datetime, by: timedelta, timing: Timing,
           vacations: Sequence[Vacation] = ()) -> datetime:
    """A game master's or player's extension: exactly `by` later (whole days keep the wall
    time), not rounded to the hour, but off quiet days and out of vacations."""
    if by <= timedelta(0):
        raise ValueError(f"An extension must be longer than nothing, not {by}; to bring a "
                         "deadline forward, set it.")
    return _settle(add_length(_utc("deadline", deadline), by, timing.zone), timing, vacations,
                   rounding=False)


def reminders_due(deadline: datetime, timing: Timing, sent: AbstractSet[timedelta],
                  now: datetime, *, opened: datetime | None = None) -> list[timedelta]:
    """The reminder to send now: at most one, the nearest to the deadline among those whose
    moment (deadline - reminder) has passed, if not yet sent. A larger reminder whose moment
    passed with a nearer one's is skipped for good, so after an outage a player gets one
    reminder, not three. Nothing is due once the deadline has passed, nor a reminder whose
    moment came at or before `opened` (the report that opened the phase gave the deadline).
    `sent` holds the reminders sent for this deadline; clear it when the deadline moves."""
    deadline, now = _utc("deadline", deadline), _utc("time now", now)
    start = None if opened is None else _utc("opening time", opened)
    if now >= deadline:
        return []
    passed = [length for length in timing.reminders if deadline - length <= now]
    if not passed:
        return []
    nearest = min(passed)
    if nearest in sent or (start is not None and deadline - nearest <= start):
        return []
    return [nearest]


def phase_state(now: datetime, deadline: datetime, timing: Timing,
                all_in_since: datetime | None, nobody_owes: bool) -> PhaseState:
    """What a sweep should do with an open phase now. `all_in_since` is when the last owed
    orders arrived (None while some are owed); `nobody_owes` is a phase needing no orders.

    - "ready": process now, before the deadline: nobody owes orders (at once, whatever the
      time), or timing.early and all orders have been in for timing.settle.
    - "settling": all in, timing.early, but the settling delay is still running.
    - "waiting": before the deadline, orders still owed (or all in but the game does not
      process early).
    - "due": the deadline (inclusive) has passed with all orders in: process.
    - "grace": the deadline has passed, orders still owed, and deadline + grace is still to
      come: the sweep waits (reminders may still go to the late).
    - "late": deadline + grace (inclusive) has passed with orders owed: the caller applies
      timing.late_policy ("wait": pause and tell the game master; "proceed": process with
      no orders from the late). With no grace, a late phase is "late" at the deadline."""
    now, deadline = _utc("time now", now), _utc("deadline", deadline)
    if nobody_owes:
        return "ready"
    if all_in_since is not None:
        settled = now >= _utc("all-in time", all_in_since) + timing.settle
        if now >= deadline:
            return "due"
        if not timing.early:
            return "waiting"
        return "ready" if settled else "settling"
    if now < deadline:
        return "waiting"
    return "grace" if now < deadline + timing.grace else "late"


def outage_extension(last_sweep: datetime, now: datetime, limit: timedelta, deadline: datetime,
                     *, minimum: timedelta = timedelta(hours=24)) -> datetime | None:
    """The outage guard. If the judge was down longer than `limit` (now - last_sweep > limit)
    and the deadline fell inside the outage (last_sweep < deadline <= now), the new deadline:
    now plus the time that was left at the last sweep, but at least `minimum` (24 h), so the
    players get back what the outage took and a day to read the mail saying so. Otherwise
    None. Not rounded: the caller may pass it through extend() or its own rounding."""
    last_sweep, now = _utc("last sweep", last_sweep), _utc("time now", now)
    deadline = _utc("deadline", deadline)
    if now - last_sweep <= limit or not last_sweep < deadline <= now:
        return None
    return now + max(deadline - last_sweep, minimum)
