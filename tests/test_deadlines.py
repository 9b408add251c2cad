"""Deadline arithmetic (issue 11, sections 1 and 5): rounding to the hour in a zone across the
2026 clock changes, quiet days, vacations, extensions, reminders, grace and policy, early
processing, the outage guard, the settings' parsing and JSON. Every moment is given."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from freezegun import freeze_time
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem import deadlines
from pbem.deadlines import (
    Vacation,
    deadline_for,
    extend,
    on_wall,
    outage_extension,
    phase_state,
    reminders_due,
)
from pbem.timing import (
    DEFAULT_TIMING,
    Timing,
    format_length,
    parse_durations,
    parse_early,
    parse_hour,
    parse_late_policy,
    parse_length,
    parse_quiet_days,
    parse_reminders,
    parse_timing,
)

LONDON, NEW_YORK = ZoneInfo("Europe/London"), ZoneInfo("America/New_York")
H, D, M = timedelta(hours=1), timedelta(days=1), timedelta(minutes=1)
CLUB = Timing(durations=(("build", 7 * D), ("combat", 24 * H), ("movement", 48 * H)),
              hour=time(18), timezone="Europe/London")


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0,
        second: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)


def wall(zone: ZoneInfo, year: int, month: int, day: int, hour: int = 0, minute: int = 0,
         fold: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=zone, fold=fold)


def club(zone: str = "Europe/London", **changes: Any) -> Timing:
    return replace(CLUB, timezone=zone, **changes)


# --- rounding to the hour --------------------------------------------------------------------

def test_a_deadline_rounds_up_to_the_hour_that_day_or_the_next() -> None:
    timing = club(default=4 * H)
    # 10:10 + 4 h = 14:10 GMT -> 18:00 that day; 15:00 + 4 h = 19:00 -> 18:00 the next day
    assert deadline_for(utc(2026, 1, 14, 10, 10), "press", timing) == utc(2026, 1, 14, 18)
    assert deadline_for(utc(2026, 1, 14, 15), "press", timing) == utc(2026, 1, 15, 18)
    # falling exactly at the hour stays; a second later goes to the next day
    assert deadline_for(utc(2026, 1, 14, 14), "press", timing) == utc(2026, 1, 14, 18)
    assert deadline_for(utc(2026, 1, 14, 14, 0, 1), "press", timing) == utc(2026, 1, 15, 18)


@pytest.mark.parametrize(("zone", "opened", "due", "local_due"), [
    # Europe/London springs forward on Sunday 29 March 2026: Friday 17:30 GMT + 2 days is
    # Sunday 17:30 BST, rounded to 18:00 BST = 17:00 UTC
    ("Europe/London", utc(2026, 3, 27, 17, 30), utc(2026, 3, 29, 17), (2026, 3, 29, 18, 0)),
    # ... and falls back on Sunday 25 October: Friday 17:00 BST + 2 days -> 18:00 GMT
    ("Europe/London", utc(2026, 10, 23, 16), utc(2026, 10, 25, 18), (2026, 10, 25, 18, 0)),
    # America/New_York springs forward on Sunday 8 March: Friday 15:00 EST -> 18:00 EDT
    ("America/New_York", utc(2026, 3, 6, 20), utc(2026, 3, 8, 22), (2026, 3, 8, 18, 0)),
    # ... and falls back on Sunday 1 November: Friday 15:00 EDT -> 18:00 EST
    ("America/New_York", utc(2026, 10, 30, 19), utc(2026, 11, 1, 23), (2026, 11, 1, 18, 0)),
])
def test_rounding_to_18_00_on_the_days_the_clocks_change(
        zone: str, opened: datetime, due: datetime, local_due: tuple[int, ...]) -> None:
    deadline = deadline_for(opened, "movement", club(zone))
    assert deadline == due and deadline.tzinfo is UTC
    local = deadline.astimezone(ZoneInfo(zone))
    assert (local.year, local.month, local.day, local.hour, local.minute) == local_due


@pytest.mark.parametrize(("zone", "hour", "opened", "due"), [
    # 01:30 does not exist in London on 29 March 2026 (01:00 GMT -> 02:00 BST): the first
    # instant after the gap, 02:00 BST = 01:00 UTC
    ("Europe/London", time(1, 30), utc(2026, 3, 28, 0, 10), utc(2026, 3, 29, 1)),
    # 02:30 does not exist in New York on 8 March 2026 (02:00 EST -> 03:00 EDT): 03:00 EDT
    ("America/New_York", time(2, 30), utc(2026, 3, 7, 6), utc(2026, 3, 8, 7)),
])
def test_an_hour_in_the_spring_gap_moves_forward_to_the_end_of_the_gap(
        zone: str, hour: time, opened: datetime, due: datetime) -> None:
    timing = club(zone, hour=hour, default=24 * H)
    deadline = deadline_for(opened, "press", timing)
    assert deadline == due
    assert deadline.astimezone(ZoneInfo(zone)).time() == (time(2) if zone == "Europe/London"
                                                           else time(3))


def test_an_ambiguous_hour_in_autumn_is_its_first_occurrence() -> None:
    timing = club(hour=time(1, 30), default=24 * H)
    # 01:30 happens twice in London on 25 October 2026: first at 00:30 UTC (BST)
    assert deadline_for(utc(2026, 10, 24, 0, 10), "x", timing) == utc(2026, 10, 25, 0, 30)
    # a deadline falling between the two occurrences (01:45 BST) goes to the next day's 01:30
    assert deadline_for(utc(2026, 10, 24, 0, 45), "x", timing) == utc(2026, 10, 26, 1, 30)
    # New York's 01:30 on 1 November: first occurrence is EDT, 05:30 UTC
    new_york = club("America/New_York", hour=time(1, 30), default=24 * H)
    assert deadline_for(utc(2026, 10, 31, 5), "x", new_york) == utc(2026, 11, 1, 5, 30)
    assert on_wall(date(2026, 11, 1), time(1, 30), NEW_YORK) == \
        wall(NEW_YORK, 2026, 11, 1, 1, 30, fold=0).astimezone(UTC)


def test_whole_days_count_on_the_calendar_and_the_rest_as_elapsed_time() -> None:
    london = Timing(timezone="Europe/London", default=90 * M, durations=(("build", 7 * D),))
    # a 90-minute quick phase across the spring gap lasts 90 minutes
    assert deadline_for(utc(2026, 3, 29, 0, 45), "quick", london) == utc(2026, 3, 29, 2, 15)
    # a 7-day phase opened Saturday 18:00 GMT ends Saturday 18:00 BST (167 hours later)
    assert deadline_for(utc(2026, 3, 28, 18), "build", london) == utc(2026, 4, 4, 17)
    # one day after 01:30 GMT the day before the change: 01:30 is in the gap -> 02:00 BST
    one_day = Timing(timezone="Europe/London", default=D)
    assert deadline_for(utc(2026, 3, 28, 1, 30), "x", one_day) == utc(2026, 3, 29, 1)
    # 1d12h: a calendar day, then twelve elapsed hours
    mixed = Timing(timezone="Europe/London", default=D + 12 * H)
    assert deadline_for(utc(2026, 3, 28, 12), "x", mixed) == utc(2026, 3, 29, 23)


def test_the_default_timing_adds_exactly_the_duration_in_utc() -> None:
    # any aware moment, here across New York's spring change; the answer is in UTC (and
    # beware: adding to a moment in a ZoneInfo zone adds on its wall clock, not elapsed time)
    opened = wall(NEW_YORK, 2026, 3, 7, 23, 59)
    assert deadline_for(opened, "movement", DEFAULT_TIMING) == utc(2026, 3, 10, 4, 59)
    assert deadline_for(opened, "build", DEFAULT_TIMING) == opened.astimezone(UTC) + 7 * D
    assert deadline_for(opened, "movement", DEFAULT_TIMING).tzinfo is UTC
    assert CLUB.duration("combat") == 24 * H and CLUB.duration("press") == 48 * H


def test_naive_moments_are_refused_with_a_sentence() -> None:
    naive, aware = datetime(2026, 3, 27, 17, 30), utc(2026, 3, 27, 17, 30)
    message = r"The opening time 2026-03-27T17:30:00 has no time zone; give an aware datetime"
    with pytest.raises(ValueError, match=message):
        deadline_for(naive, "movement", CLUB)
    calls: list[Callable[[], object]] = [
        lambda: extend(naive, H, CLUB),
        lambda: reminders_due(naive, CLUB, set(), aware),
        lambda: reminders_due(aware, CLUB, set(), naive),
        lambda: phase_state(naive, aware, CLUB, None, False),
        lambda: phase_state(aware, aware, CLUB, naive, False),
        lambda: outage_extension(naive, aware, H, aware),
        lambda: Vacation(naive, aware + D, "Ann"),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="has no time zone"):
            call()


# --- quiet days ------------------------------------------------------------------------------

def test_a_deadline_on_a_quiet_day_moves_to_the_same_time_on_the_next_allowed_day() -> None:
    weekdays = Timing(quiet_days=frozenset({6, 7}), default=24 * H)
    # Friday 10:15 + 1 day = Saturday 10:15 -> Monday 10:15
    assert deadline_for(utc(2026, 6, 5, 10, 15), "x", weekdays) == utc(2026, 6, 8, 10, 15)
    # London, across the spring change: Saturday 28 March 18:00 GMT -> Monday 18:00 BST
    london = club(quiet_days=frozenset({6, 7}), default=24 * H)
    deadline = deadline_for(utc(2026, 3, 27, 17, 30), "x", london)
    assert deadline == utc(2026, 3, 30, 17)
    assert deadline.astimezone(LONDON).time() == time(18)
    # quiet days are the game's local days: Friday 23:00 EST is Saturday 04:00 UTC, yet Friday
    new_york = Timing(timezone="America/New_York", quiet_days=frozenset({6, 7}), default=24 * H)
    assert deadline_for(utc(2026, 1, 15, 4), "x", new_york) == utc(2026, 1, 16, 4)
    assert deadline_for(utc(2026, 1, 16, 5), "x", new_york) == utc(2026, 1, 19, 5)


# --- vacations -------------------------------------------------------------------------------

def test_a_deadline_inside_a_vacation_moves_to_its_end_then_to_the_hour() -> None:
    # Mon 1 June 18:00 BST + 48 h = Wed 3 June 18:00 BST, inside Ann's Tue-Thu 09:00 vacation
    away = Vacation(wall(LONDON, 2026, 6, 2, 9), wall(LONDON, 2026, 6, 4, 9), "Ann")
    opened = utc(2026, 6, 1, 17)
    assert deadline_for(opened, "movement", CLUB) == utc(2026, 6, 3, 17)
    assert deadline_for(opened, "movement", CLUB, [away]) == utc(2026, 6, 4, 17)  # Thu 18:00


def test_a_vacation_ending_on_a_quiet_day_and_chained_vacations_push_further() -> None:
    timing = club(quiet_days=frozenset({6, 7}))
    opened = utc(2026, 6, 1, 17)  # deadline Wed 3 June 18:00 BST
    to_saturday = Vacation(utc(2026, 6, 3), utc(2026, 6, 6, 12), "Ann")
    assert deadline_for(opened, "movement", timing, [to_saturday]) == utc(2026, 6, 8, 17)  # Mon
    monday = Vacation(utc(2026, 6, 8, 6), utc(2026, 6, 9, 20), "Bo")  # Bo away from Monday
    assert deadline_for(opened, "movement", timing, [monday, to_saturday]) == utc(2026, 6, 10, 17)
    overlapping = [Vacation(utc(2026, 6, 2), utc(2026, 6, 4), "Ann"),
                   Vacation(utc(2026, 6, 3, 20), utc(2026, 6, 5, 9), "GM")]
    assert deadline_for(opened, "movement", timing, overlapping) == utc(2026, 6, 5, 17)


def test_vacation_boundaries_and_vacations_elsewhere() -> None:
    exact = DEFAULT_TIMING  # no rounding: a pushed deadline is the vacation's end itself
    opened = utc(2026, 6, 1, 12)  # deadline Wed 3 June 12:00 UTC
    ends_then = Vacation(utc(2026, 6, 2), utc(2026, 6, 3, 12), "Ann")
    starts_then = Vacation(utc(2026, 6, 3, 12), utc(2026, 6, 3, 20), "Ann")
    before = Vacation(utc(2026, 5, 20), utc(2026, 5, 27), "Bo")
    after = Vacation(utc(2026, 6, 3, 12, 1), utc(2026, 6, 9), "Bo")
    assert deadline_for(opened, "movement", exact, [ends_then]) == utc(2026, 6, 3, 12)
    assert deadline_for(opened, "movement", exact, [starts_then]) == utc(2026, 6, 3, 20)
    assert deadline_for(opened, "movement", exact, [before, after]) == utc(2026, 6, 3, 12)


def test_a_vacation_must_end_after_it_starts() -> None:
    with pytest.raises(ValueError, match=r"The vacation of Ann ends \(2026-06-01T00:00:00\+00:00\) "
                                         r"before it starts .*; give the end after the start\."):
        Vacation(utc(2026, 6, 2), utc(2026, 6, 1), "Ann")


# --- extensions ------------------------------------------------------------------------------

def test_an_extension_adds_exactly_its_length_and_is_not_rounded() -> None:
    deadline = utc(2026, 6, 3, 17)  # Wed 18:00 BST
    assert extend(deadline, 5 * H, CLUB) == utc(2026, 6, 3, 22)
    assert extend(deadline, 90 * M, CLUB) == utc(2026, 6, 3, 18, 30)
    # two days across the spring change keep the wall time: Fri 18:00 GMT -> Sun 18:00 BST
    assert extend(utc(2026, 3, 27, 18), 2 * D, CLUB) == utc(2026, 3, 29, 17)


def test_an_extension_still_skips_quiet_days_and_vacations() -> None:
    timing = club(quiet_days=frozenset({6, 7}))
    friday = utc(2026, 6, 5, 17)  # 18:00 BST
    assert extend(friday, 1 * D, timing) == utc(2026, 6, 8, 17)  # Saturday -> Monday 18:00
    away = Vacation(utc(2026, 6, 5, 20), utc(2026, 6, 8, 7, 45), "Ann")
    assert extend(friday, 5 * H, timing, [away]) == utc(2026, 6, 8, 7, 45)  # its end, unrounded


@pytest.mark.parametrize("by", [timedelta(0), -H])
def test_an_extension_must_be_longer_than_nothing(by: timedelta) -> None:
    with pytest.raises(ValueError, match="An extension must be longer than nothing"):
        extend(utc(2026, 6, 3, 17), by, CLUB)


# --- reminders -------------------------------------------------------------------------------

def _sweep_reminders(timing: Timing, opened: datetime, deadline: datetime, until: datetime,
                     every: timedelta) -> list[tuple[datetime, timedelta]]:
    """A sweep every `every`: what it would send, and when."""
    sent: set[timedelta] = set()
    log = []
    now = opened
    while now <= until:
        for reminder in reminders_due(deadline, timing, frozenset(sent), now, opened=opened):
            sent.add(reminder)
            log.append((now, reminder))
        now += every
    return log


def test_each_reminder_is_sent_once_at_its_moment_and_never_after_the_deadline() -> None:
    timing = club(reminders=(6 * H, 24 * H))
    opened = utc(2026, 6, 1, 17)
    deadline = deadline_for(opened, "movement", timing)
    log = _sweep_reminders(timing, opened, deadline, deadline + 2 * D, 5 * M)
    assert log == [(deadline - 24 * H, 24 * H), (deadline - 6 * H, 6 * H)]
    assert timing.reminders == (24 * H, 6 * H)  # kept largest first


def test_after_an_outage_only_the_nearest_reminder_is_sent() -> None:
    timing = club(reminders=(24 * H, 6 * H, 1 * H))
    deadline = utc(2026, 6, 3, 17)
    assert reminders_due(deadline, timing, set(), deadline - 3 * H) == [6 * H]
    # the 24 h one is skipped for good, however many sweeps follow
    for later in (deadline - 3 * H + M, deadline - 2 * H):
        assert reminders_due(deadline, timing, {6 * H}, later) == []
    assert reminders_due(deadline, timing, {6 * H}, deadline - 30 * M) == [1 * H]
    # a judge back after the deadline sends no reminder at all
    assert reminders_due(deadline, timing, set(), deadline) == []
    assert reminders_due(deadline, timing, set(), deadline + 3 * D) == []
    assert reminders_due(deadline, timing, set(), deadline - 30 * H) == []  # none due yet


def test_a_reminder_longer_than_the_phase_is_not_sent_at_its_opening() -> None:
    quick = club(reminders=(24 * H, 1 * H), default=3 * H, hour=None)
    opened = utc(2026, 6, 1, 12)
    deadline = deadline_for(opened, "x", quick)
    assert reminders_due(deadline, quick, set(), opened, opened=opened) == []
    assert reminders_due(deadline, quick, set(), opened) == [24 * H]  # without `opened`
    log = _sweep_reminders(quick, opened, deadline, deadline, 5 * M)
    assert log == [(deadline - H, H)]
    assert reminders_due(deadline, club(reminders=()), set(), deadline - H) == []


# --- phase state: early processing, grace, policy --------------------------------------------

DEADLINE = utc(2026, 6, 3, 17)


@pytest.mark.parametrize(("now", "early", "grace", "all_in_since", "nobody_owes", "state"), [
    (DEADLINE - 5 * H, False, 0 * H, None, False, "waiting"),
    (DEADLINE - 5 * H, False, 0 * H, DEADLINE - 6 * H, False, "waiting"),  # not early: wait
    (DEADLINE - 5 * H, True, 0 * H, DEADLINE - 5 * H - 9 * M, False, "settling"),
    (DEADLINE - 5 * H, True, 0 * H, DEADLINE - 5 * H - 10 * M, False, "ready"),  # settled
    (DEADLINE - 5 * M, True, 0 * H, DEADLINE - 6 * M, False, "settling"),
    (DEADLINE, True, 0 * H, DEADLINE - 6 * M, False, "due"),  # the deadline cuts settling short
    (DEADLINE, False, 12 * H, DEADLINE - 6 * H, False, "due"),  # all in: grace plays no part
    (DEADLINE + 1 * D, False, 12 * H, DEADLINE - 6 * H, False, "due"),
    (DEADLINE - 1 * M, False, 12 * H, None, False, "waiting"),
    (DEADLINE, False, 12 * H, None, False, "grace"),
    (DEADLINE + 12 * H - M, False, 12 * H, None, False, "grace"),
    (DEADLINE + 12 * H, False, 12 * H, None, False, "late"),
    (DEADLINE, False, 0 * H, None, False, "late"),  # no grace: late at the deadline
    (DEADLINE - 2 * D, False, 0 * H, None, True, "ready"),  # nobody owes: at once
    (DEADLINE + 2 * D, True, 12 * H, None, True, "ready"),
])
def test_phase_state(now: datetime, early: bool, grace: timedelta,
                     all_in_since: datetime | None, nobody_owes: bool, state: str) -> None:
    timing = club(early=early, grace=grace)
    assert phase_state(now, DEADLINE, timing, all_in_since, nobody_owes) == state


@pytest.mark.parametrize("policy", ["wait", "proceed"])
def test_grace_then_the_policy_whatever_it_is(policy: str) -> None:
    """The sweep, every hour, for a phase with a late player: grace, then late, then the
    caller reads the policy (the state does not depend on it)."""
    timing = club(grace=6 * H, late_policy=policy)
    states = [phase_state(DEADLINE + hours * H, DEADLINE, timing, None, False)
              for hours in range(-2, 9)]
    assert states == ["waiting"] * 2 + ["grace"] * 6 + ["late"] * 3
    assert timing.late_policy == policy


def test_early_processing_waits_for_the_settling_delay_after_the_last_orders() -> None:
    timing = club(early=True, settle=15 * M)
    last_in = DEADLINE - 20 * H
    states = [phase_state(last_in + minutes * M, DEADLINE, timing, last_in, False)
              for minutes in (0, 5, 14, 15, 60)]
    assert states == ["settling", "settling", "settling", "ready", "ready"]


# --- outage guard ----------------------------------------------------------------------------

def test_a_week_long_outage_extends_a_deadline_that_fell_inside_it() -> None:
    last_sweep, now = utc(2026, 6, 1, 12), utc(2026, 6, 8, 12)
    deadline = utc(2026, 6, 3, 18)  # 2 days 6 hours were left at the last sweep
    assert outage_extension(last_sweep, now, 6 * H, deadline) == now + 2 * D + 6 * H
    # little time left: at least a day, or the minimum asked for
    just_due = last_sweep + 30 * M
    assert outage_extension(last_sweep, now, 6 * H, just_due) == now + 24 * H
    assert outage_extension(last_sweep, now, 6 * H, just_due, minimum=48 * H) == now + 48 * H
    assert outage_extension(last_sweep, now, 6 * H, now) == now + 7 * D  # due as it came back


@pytest.mark.parametrize(("last_sweep", "now", "deadline"), [
    (utc(2026, 6, 1, 12), utc(2026, 6, 1, 17), utc(2026, 6, 1, 15)),  # down less than the limit
    (utc(2026, 6, 1, 12), utc(2026, 6, 1, 18), utc(2026, 6, 1, 15)),  # exactly the limit
    (utc(2026, 6, 1, 12), utc(2026, 6, 8, 12), utc(2026, 6, 1, 12)),  # due before the outage
    (utc(2026, 6, 1, 12), utc(2026, 6, 8, 12), utc(2026, 6, 8, 12, 1)),  # still to come
])
def test_the_outage_guard_leaves_other_deadlines_alone(
        last_sweep: datetime, now: datetime, deadline: datetime) -> None:
    assert outage_extension(last_sweep, now, 6 * H, deadline) is None


# --- settings from the command line ----------------------------------------------------------

def test_parse_timing_reads_the_command_line_options() -> None:
    timing = parse_timing(durations="build=7d,movement=48h,combat=24h,default=36h",
                          hour="18:00", timezone="Europe/London", quiet_days="sat,sun",
                          reminders="24h,6h", grace="12h", late_policy="Proceed", early="yes",
                          settle="10m")
    assert timing == Timing(
        durations=(("build", 7 * D), ("combat", 24 * H), ("movement", 48 * H)),
        default=36 * H, hour=time(18), timezone="Europe/London", quiet_days=frozenset({6, 7}),
        reminders=(24 * H, 6 * H), grace=12 * H, late_policy="proceed", early=True,
        settle=10 * M)
    # options not given keep the base's; durations named replace only those kinds
    quick = parse_timing(durations="movement=90m,setup=1h30m", base=timing)
    assert quick.duration("movement") == 90 * M and quick.duration("setup") == 90 * M
    assert quick.duration("build") == 7 * D and quick.default == 36 * H
    assert parse_timing() == DEFAULT_TIMING


def test_the_small_parsers_accept_their_spellings() -> None:
    assert parse_hour("none") is None and parse_hour("") is None and parse_hour("7:05") == time(7, 5)
    assert parse_quiet_days("Saturday, SUN") == frozenset({6, 7}) and parse_quiet_days("none") == set()
    assert parse_reminders("none") == () and parse_reminders("1d, 90m") == (D, 90 * M)
    assert parse_length("0", zero=True) == timedelta(0) and parse_length("1d 2h 3m") == D + 2 * H + 3 * M
    assert parse_durations("default=2d") == ((), 2 * D)
    assert parse_early("off") is False and parse_early("ON") is True
    assert parse_late_policy(" wait ") == "wait"
    for length in (0 * M, 90 * M, 2 * D, D + 12 * H, 366 * D):
        assert parse_length(format_length(length), zero=True) == length


DURATIONS_EXAMPLE = '; for example "build=7d,movement=48h,combat=24h,default=48h".'


@pytest.mark.parametrize(("parse", "text", "sentence"), [
    (parse_durations, "movement=2x",
     'durations: "2x" is not a length of time: write numbers with a unit, m minutes, h hours '
     'or d days' + DURATIONS_EXAMPLE),
    (parse_durations, "build7d",
     'durations: "build7d" is not a phase kind and a length joined by =' + DURATIONS_EXAMPLE),
    (parse_durations, "build=7d,build=6d",
     'durations: "build=7d,build=6d" gives build twice' + DURATIONS_EXAMPLE),
    (parse_durations, "movement=0h",
     'durations: "0h" is no time at all: give a length longer than nothing' + DURATIONS_EXAMPLE),
    (parse_hour, "25:00",
     'hour: "25:00" is not a time of day: write HH:MM on the 24-hour clock, or "none" for no '
     'rounding; for example "18:00".'),
    (parse_hour, "6pm",
     'hour: "6pm" is not a time of day: write HH:MM on the 24-hour clock, or "none" for no '
     'rounding; for example "18:00".'),
    (parse_quiet_days, "sat,funday",
     'quiet days: "funday" is not a day of the week: write mon, tue, wed, thu, fri, sat or sun, '
     'separated by commas, or "none"; for example "sat,sun".'),
    (parse_reminders, "24h,six hours",
     'reminders: "six hours" is not a length of time: write numbers with a unit, m minutes, '
     'h hours or d days; for example "24h,6h".'),
    (parse_length, "12",
     'grace: "12" is not a length of time: write numbers with a unit, m minutes, h hours or '
     'd days; for example "12h".'),
    (parse_late_policy, "skip",
     'late policy: "skip" is not a late policy: write "wait" (pause the game and tell the game '
     'master) or "proceed" (no orders for the late); for example "wait".'),
    (parse_early, "maybe",
     'early: "maybe" is neither yes nor no: write "yes" to process as soon as all owed orders '
     'are in (after the settling delay), "no" to wait for the deadline; for example "yes".'),
])
def test_each_bad_setting_is_a_sentence_naming_it_with_an_example(
        parse: Callable[[str], object], text: str, sentence: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse(text)
    assert str(refused.value) == sentence


@pytest.mark.parametrize(("options", "sentence"), [
    ({"timezone": "Mars/Olympus"},
     'timezone: "Mars/Olympus" is not a time zone we know: write an IANA name (Area/City, or '
     'UTC); for example "Europe/London".'),
    ({"quiet_days": "mon,tue,wed,thu,fri,sat,sun"},
     "quiet days: [1, 2, 3, 4, 5, 6, 7] must be ISO weekdays 1-7 (Monday 1) leaving at least "
     'one day when deadlines may fall; for example "sat,sun".'),
    ({"grace": "400d"},
     'grace: "400d" is not a whole number of minutes from 0m to 366d; for example "12h".'),
    ({"settle": "-5m"},
     'settle: "-5m" is not a length of time: write numbers with a unit, m minutes, h hours or '
     'd days; for example "10m".'),
])
def test_parse_timing_refuses_bad_values_with_sentences(options: dict[str, str],
                                                         sentence: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_timing(**options)  # type: ignore[arg-type]
    assert str(refused.value) == sentence


@pytest.mark.parametrize(("changes", "fragment"), [
    ({"durations": (("movement", H), ("movement", 2 * H))}, 'durations: "movement" is not a '
     "phase kind named once"),
    ({"durations": (("default", H),)}, 'durations: "default" is not a phase kind'),
    ({"durations": (("Movement", H),)}, 'durations: "Movement" is not a phase kind'),
    ({"default": timedelta(seconds=90)}, 'default: "0:01:30" is not a whole number of minutes'),
    ({"reminders": (timedelta(0),)}, 'reminders: "0:00:00" is not a whole number of minutes '
     "from 1m to 366d"),
    ({"grace": -H}, 'grace: "-1 day, 23:00:00" is not a whole number of minutes'),
    ({"hour": time(18, 0, 30)}, 'hour: "18:00:30" is not a plain HH:MM time of day'),
    ({"hour": time(18, tzinfo=UTC)}, 'hour: "18:00:00+00:00" is not a plain HH:MM time of day'),
    ({"quiet_days": frozenset({0})}, "quiet days: [0] must be ISO weekdays 1-7"),
    ({"late_policy": "ignore"}, 'late policy: "ignore" is not a late policy'),
])
def test_timing_refuses_settings_it_cannot_keep(changes: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValueError, match=re.escape(fragment)):
        Timing(**changes)


# --- JSON ------------------------------------------------------------------------------------

def test_the_default_timing_as_json() -> None:
    assert DEFAULT_TIMING.to_json() == (
        '{"default":"2d","durations":{"build":"7d"},"early":false,"grace":"0m","hour":null,'
        '"late_policy":"wait","quiet_days":[],"reminders":["1d"],"settle":"10m",'
        '"timezone":"UTC","version":1}')


def test_json_round_trip_and_stability() -> None:
    timing = parse_timing(durations="movement=48h,build=7d,combat=24h,setup=3d,default=90m",
                          hour="18:00", timezone="America/New_York", quiet_days="sun,sat",
                          reminders="6h,24h,6h", grace="12h", late_policy="proceed", early="yes",
                          settle="15m")
    assert Timing.from_json(timing.to_json()) == timing
    assert Timing.from_json(DEFAULT_TIMING.to_json()) == DEFAULT_TIMING
    same = Timing(durations=tuple(reversed(timing.durations)), default=timing.default,
                  hour=timing.hour, timezone=timing.timezone, quiet_days=frozenset({7, 6}),
                  reminders=(6 * H, 24 * H), grace=timing.grace, late_policy="proceed",
                  early=True, settle=timing.settle)
    assert same == timing and same.to_json() == timing.to_json()
    assert '"durations":{"build":"7d","combat":"1d","movement":"2d","setup":"3d"}' in timing.to_json()


def test_from_json_fills_missing_settings_and_refuses_what_it_cannot_read() -> None:
    assert Timing.from_json('{"hour":"18:00"}') == Timing(hour=time(18))
    with pytest.raises(ValueError, match="name colour, which this judge does not know"):
        Timing.from_json('{"colour":"red"}')
    with pytest.raises(ValueError, match="The stored timing settings are not JSON"):
        Timing.from_json("{hour: 18}")
    with pytest.raises(ValueError, match="are not version 1"):
        Timing.from_json('{"version":2}')
    with pytest.raises(ValueError, match="are not version 1"):
        Timing.from_json("[]")
    for bad in ('{"early":"yes"}', '{"quiet_days":[true]}', '{"durations":{"build":7}}',
                '{"reminders":[24]}', '{"grace":12}', '{"timezone":null}'):
        with pytest.raises(ValueError, match="is not the kind of value this setting stores"):
            Timing.from_json(bad)
    with pytest.raises(ValueError, match='hour: "6pm" is not a time of day'):
        Timing.from_json('{"hour":"6pm"}')


# --- properties ------------------------------------------------------------------------------

ZONES = ["UTC", "Europe/London", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
         "America/Santiago", "Pacific/Chatham", "America/St_Johns", "Asia/Tehran"]


@st.composite
def vacations(draw: st.DrawFn, opened: datetime) -> list[Vacation]:
    found = []
    for _ in range(draw(st.integers(0, 3))):
        start = opened + draw(st.integers(0, 30 * 24 * 60)) * M
        found.append(Vacation(start, start + draw(st.integers(1, 10 * 24 * 60)) * M, "someone"))
    return found


@cache
def clock_changes(zone: str) -> tuple[datetime, ...]:
    """The hours of 2026 at which the zone's clocks change."""
    tz, changes = ZoneInfo(zone), []
    hour, before = utc(2026, 1, 1), utc(2026, 1, 1).astimezone(ZoneInfo(zone)).utcoffset()
    while hour.year == 2026:
        offset = hour.astimezone(tz).utcoffset()
        if offset != before:
            changes.append(hour)
        hour, before = hour + H, offset
    return tuple(changes)


@st.composite
def openings(draw: st.DrawFn, zone: str) -> datetime:
    """Any moment, or (as often) one within three weeks before a clock change of the zone."""
    changes = clock_changes(zone)
    if not changes or draw(st.booleans()):
        return draw(st.datetimes(min_value=datetime(2024, 1, 1), max_value=datetime(2030, 12, 31),
                                 timezones=st.just(UTC)))
    return draw(st.sampled_from(changes)) - draw(st.integers(0, 21 * 24 * 60)) * M


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(minutes=st.integers(1, 20 * 24 * 60), zone=st.sampled_from(ZONES),
       hour=st.none() | st.builds(time, st.integers(0, 23), st.sampled_from([0, 15, 30, 45])),
       quiet=st.frozensets(st.integers(1, 7), max_size=6), data=st.data())
def test_deadline_properties(minutes: int, zone: str, hour: time | None,
                             quiet: frozenset[int], data: st.DataObject) -> None:
    opened = data.draw(openings(zone))
    away = data.draw(vacations(opened))
    timing = Timing(durations=(), default=minutes * M, hour=hour, timezone=zone,
                    quiet_days=quiet)
    deadline = deadline_for(opened, "movement", timing, away)
    tz = ZoneInfo(zone)
    local = deadline.astimezone(tz)
    assert deadline.tzinfo is UTC
    # never earlier than opened + duration, save what a spring-forward took from whole days
    offsets = [moment.astimezone(tz).utcoffset() or timedelta(0) for moment in (opened, deadline)]
    taken = max(timedelta(0), offsets[1] - offsets[0])
    assert taken <= H and deadline >= opened + minutes * M - taken
    if offsets[0] == offsets[1]:
        assert deadline >= opened + minutes * M
    assert local.isoweekday() not in quiet
    assert not any(vacation.start <= deadline < vacation.end for vacation in away)
    if hour is not None and local.time() != hour:
        # only when the hour does not exist that day: then the first instant after the gap
        asked = datetime.combine(local.date(), hour, tzinfo=tz)
        assert asked.astimezone(UTC).astimezone(tz).replace(tzinfo=None) != asked.replace(tzinfo=None)
        assert (deadline - timedelta(seconds=1)).astimezone(tz).utcoffset() != local.utcoffset()
    if not quiet and not away:
        # rounding waits under a (25-hour) day; an autumn change adds its hour to whole days
        if hour is None:
            assert deadline - (opened + minutes * M) <= H
        else:
            assert deadline - (opened + minutes * M) < D + 2 * H


@settings(max_examples=500, deadline=None, derandomize=True)
@given(minutes=st.integers(1, 10 * 24 * 60), zone=st.sampled_from(ZONES), data=st.data())
def test_an_extension_keeps_the_wall_time_for_whole_days(minutes: int, zone: str,
                                                         data: st.DataObject) -> None:
    deadline = data.draw(openings(zone))
    timing = Timing(timezone=zone, hour=time(18))
    extended = extend(deadline, minutes * M, timing)
    tz = ZoneInfo(zone)
    if minutes % (24 * 60) == 0:
        before, after = deadline.astimezone(tz), extended.astimezone(tz)
        assert after.date() == before.date() + timedelta(days=minutes // (24 * 60))
        if after.time() != before.time():  # only when that wall time does not exist that day
            asked = datetime.combine(after.date(), before.time(), tzinfo=tz)
            assert asked.astimezone(UTC).astimezone(tz).replace(tzinfo=None) != \
                asked.replace(tzinfo=None)
    elif deadline.astimezone(tz).utcoffset() == extended.astimezone(tz).utcoffset():
        assert extended - deadline == minutes * M


# --- purity ----------------------------------------------------------------------------------

def _every_answer() -> tuple[object, ...]:
    timing = club(quiet_days=frozenset({6, 7}), early=True, grace=6 * H)
    opened = utc(2026, 3, 27, 17, 30)
    deadline = deadline_for(opened, "movement", timing)
    return (deadline, extend(deadline, 2 * D, timing),
            reminders_due(deadline, timing, set(), deadline - 3 * H),
            phase_state(deadline + H, deadline, timing, None, False),
            outage_extension(opened, deadline + 7 * D, H, deadline))


def test_no_answer_depends_on_the_clock() -> None:
    with freeze_time("2001-01-01 00:00:00"):
        first = _every_answer()
    with freeze_time("2040-07-15 12:34:56", tz_offset=5):
        second = _every_answer()
    assert first == second == _every_answer()
    assert first[0] == utc(2026, 3, 30, 17)  # Monday 18:00 BST: Sunday's deadline was quiet


def test_the_module_reads_no_clock_and_imports_only_pure_stdlib() -> None:
    source = Path(deadlines.__file__).read_text(encoding="utf-8")
    imported: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert imported <= {"__future__", "collections", "dataclasses", "datetime", "json", "math",
                        "re", "typing", "zoneinfo"}
    for banned in (r"\.now\(", r"\.utcnow\(", r"\.today\(", r"\btime\.time\(", r"\bprint\("):
        assert not re.search(banned, source), banned


def test_the_timing_module_reads_no_clock_and_imports_only_pure_stdlib() -> None:
    # pbem/timing.py holds what was deadlines' Timing and its readers (issue 19's split)
    source = (Path(deadlines.__file__).parent / "timing.py").read_text(encoding="utf-8")
    imported: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert imported <= {"__future__", "collections", "dataclasses", "datetime", "json", "math",
                        "re", "typing", "zoneinfo"}
    for banned in (r"\.now\(", r"\.utcnow\(", r"\.today\(", r"\btime\.time\(", r"\bprint\("):
        assert not re.search(banned, source), banned


@pytest.mark.parametrize("text", ["2days", "0m", "-1h", "", "   ", "1" * 400 + "h",
                                  "999999d" * 2000, "24", "h"])
@pytest.mark.parametrize("setting", ["EXTEND", "--extend", "reminder"])
def test_a_length_named_by_a_command_is_refused_with_a_sentence_not_a_key_error(
        text: str, setting: str) -> None:
    # issue 18, item 15: `EXTEND 2days`, `EXTEND 0m`, `EXTEND -1h` and a bare EXTEND raised
    # KeyError (the command's name is no timing setting with an example), and a length of
    # thousands of parts raised OverflowError.
    with pytest.raises(ValueError) as refused:
        parse_length(text, setting)
    said = str(refused.value)
    assert said.startswith(f"{setting}: ") and "like 24h, 2d or 90m, more than zero" in said
    assert len(said) < 300  # (the 14,000-character text is not quoted back whole)


def test_a_length_past_any_bound_is_refused_before_it_overflows() -> None:
    assert parse_length("999999d", "EXTEND") == 999_999 * D  # the horizon is the caller's
    with pytest.raises(ValueError, match="longer than the judge can count"):
        parse_length("999999d1m", "EXTEND")
