"""Deadline arithmetic: when a phase falls due, when reminders go out, what a sweep should do.
The settings it works from are a game's `Timing` (pbem.timing: the settings, their text and
JSON); this module reads one through `TimingRules`, the part of it the arithmetic needs.

Pure: every function is handed the moments it needs (`now` included); nothing here reads the
clock, the database or the mail, and nothing of pbem is imported (tests/test_deadlines.py
holds it to the standard library). Every moment given must be timezone-aware (a naive one is a
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

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from math import ceil, floor
from typing import Literal, Protocol
from zoneinfo import ZoneInfo

PhaseState = Literal["waiting", "settling", "ready", "due", "grace", "late"]
DAY = timedelta(days=1)


class TimingRules(Protocol):
    """What the arithmetic reads of a game's timing settings; pbem.timing.Timing is the one
    the judge keeps. A protocol, so that this module imports nothing of pbem."""

    @property
    def zone(self) -> ZoneInfo: ...
    @property
    def hour(self) -> time | None: ...
    @property
    def quiet_days(self) -> frozenset[int]: ...
    @property
    def reminders(self) -> tuple[timedelta, ...]: ...
    @property
    def grace(self) -> timedelta: ...
    @property
    def early(self) -> bool: ...
    @property
    def settle(self) -> timedelta: ...

    def duration(self, kind: str) -> timedelta:
        """How long a phase of this kind stays open."""
        ...


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


def _off_quiet_days(moment: datetime, at: time | None, timing: TimingRules) -> datetime:
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


def _settle(moment: datetime, timing: TimingRules, vacations: Sequence[Vacation],
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


def deadline_for(opened: datetime, kind: str, timing: TimingRules,
                 vacations: Sequence[Vacation] = ()) -> datetime:
    """When a phase of `kind` opened at `opened` falls due (UTC): opened + the kind's
    duration, rounded up to the game's hour, off quiet days, out of vacations (module
    docstring). A phase that follows one processed at its deadline should pass that deadline
    as `opened`, so the seconds the sweep took do not round the next deadline a day on."""
    return _settle(add_length(_utc("opening time", opened), timing.duration(kind), timing.zone),
                   timing, vacations, rounding=True)


def extend(deadline: datetime, by: timedelta, timing: TimingRules,
           vacations: Sequence[Vacation] = ()) -> datetime:
    """A game master's or player's extension: exactly `by` later (whole days keep the wall
    time), not rounded to the hour, but off quiet days and out of vacations."""
    if by <= timedelta(0):
        raise ValueError(f"An extension must be longer than nothing, not {by}; to bring a "
                         "deadline forward, set it.")
    return _settle(add_length(_utc("deadline", deadline), by, timing.zone), timing, vacations,
                   rounding=False)


def reminders_due(deadline: datetime, timing: TimingRules, sent: AbstractSet[timedelta],
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


def phase_state(now: datetime, deadline: datetime, timing: TimingRules,
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
