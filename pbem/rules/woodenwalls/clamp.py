"""Clamping a segment before it is carried out (rulings §7.1-§7.4, §7.10, §17; plan §11 q. 8).

`clamp(state, ship, segment)` turns a segment (a queue entry after its macros, or the default)
into the steps the ship carries out, never refusing it (§7.4):

1. steps that fail at resolution are dropped (§17): an `F` step for a backing or stopped ship, a
   `B` step for a ship not backing; turns of 0° are left out (they turn nothing);
2. turn steps in order against the allowance of `speeds.limits` (§7.3; stopped: the pivot
   limit): a larger turn is cut to what is left (rounded down to 0.5), later turns dropped;
3. a moving ship's advance (the sum of its `F`, or backing `B`, steps) above the maximum is
   shortened from the last advance step backwards (a step shortened to nothing is left out);
   one below the minimum is made up by lengthening the last advance step, or adding one at the
   end; an over-crewed ship's advance is set to exactly its minimum by the same two rules;
4. §7.10's currents, for a ship moving ahead whose footprint overlaps a current as it is
   activated (the first listed, q. 13): strong and heading within 30° of its direction, `F0.5`
   is added at the end (after an over-crewed clamp too, q. 8); strong and heading within 30° of
   the reverse, the last advance step is shortened by ½ SL (not below 0). (A weak current's
   raised minimum is in `speeds.limits`.)

`clamped` says whether step 2 or 3 changed anything (the report's clamp notice, the case key
`clamped`); failures (1) and current changes (4) are reported in `failed` and `notes` without
it. Notes never name a turn limit, which would show an unrevealed crew quality (§16, §4.3).
Imports the typed steps (`orders.py`) and the limits (`speeds.py`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pbem.rules.table import heading_difference
from pbem.rules.woodenwalls.orders import Ahead, Astern, Hold, Intent, Segment, Step, Turn, sl
from pbem.rules.woodenwalls.speeds import BACKING, WITHIN, Limits, current_at, limits
from pbem.rules.woodenwalls.state import STRONG, GameState, Ship

GRAIN = 0.5  # turns are multiples of 0.5° (§1)
CURRENT_STEP = 0.5  # §7.10: a strong current adds or takes ½ SL
TINY = 1e-9  # float noise in sums of two-decimal lengths (0.3 + 0.37)


@dataclass(frozen=True, slots=True)
class Clamped:
    """A segment as carried out: `steps` (orders.Turn, Ahead, Astern, Hold) after clamping,
    `break_away` and `intent` as ordered, `clamped` whether §7.4 changed a step, `notes` what
    changed (clamps and currents), `failed` the steps dropped as failing (§17)."""

    steps: tuple[Step, ...]
    break_away: bool
    intent: Intent | None
    clamped: bool
    notes: tuple[str, ...]
    failed: tuple[str, ...] = ()

    @property
    def advance(self) -> float:
        """The straight advance of the steps, SL (F and B steps together)."""
        return round(sum(step.distance for step in self.steps
                         if isinstance(step, (Ahead, Astern))), 9)

    @property
    def turn_total(self) -> float:
        """The total of the turns, in degrees, whichever way."""
        return sum(abs(step.angle) for step in self.steps if isinstance(step, Turn))

    @property
    def segment(self) -> Segment:
        """The clamped steps as a segment (for an echo or a plan)."""
        return Segment(self.steps, self.break_away, self.intent)


def _drop_failing(speed: int | str, steps: tuple[Step, ...]) -> tuple[list[Step], list[str]]:
    kept: list[Step] = []
    failed: list[str] = []
    for step in steps:
        if isinstance(step, Ahead) and speed in (0, BACKING):
            who = "a backing" if speed == BACKING else "a stopped"
            failed.append(f"{step.notation()} dropped: {who} ship makes no F step")
        elif isinstance(step, Astern) and speed != BACKING:
            failed.append(f"{step.notation()} dropped: only a backing ship makes B steps")
        elif isinstance(step, Turn) and step.angle == 0:
            continue
        else:
            kept.append(step)
    return kept, failed


def _clamp_turns(steps: list[Step], allowance: float) -> tuple[list[Step], list[str]]:
    """§7.4 (1): each turn against what is left, cut to a multiple of 0.5, then dropped."""
    left = allowance
    kept: list[Step] = []
    notes: list[str] = []
    for step in steps:
        if not isinstance(step, Turn):
            kept.append(step)
            continue
        size = abs(step.angle)
        if size <= left:
            kept.append(step)
            left -= size
            continue
        cut = math.floor(left / GRAIN) * GRAIN
        if cut > 0:
            made = Turn(math.copysign(cut, step.angle))
            kept.append(made)
            notes.append(f"{step.notation()} cut to {made.notation()}")
        else:
            notes.append(f"{step.notation()} dropped: no turn left in the segment")
        left -= cut
    return kept, notes


def _total(steps: list[Step]) -> float:
    return round(sum(step.distance for step in steps if isinstance(step, (Ahead, Astern))), 9)


def _shortened(steps: list[Step], excess: float) -> list[Step]:
    """The advance steps shortened by `excess` SL from the last backwards (§7.4 (2))."""
    result = list(steps)
    for index in range(len(result) - 1, -1, -1):
        step = result[index]
        if excess <= TINY:
            break
        if not isinstance(step, (Ahead, Astern)):
            continue
        cut = min(excess, step.distance)
        excess = round(excess - cut, 9)
        left = round(step.distance - cut, 9)
        if left <= TINY:
            del result[index]
        else:
            result[index] = type(step)(left)
    return result


def _lengthened(steps: list[Step], missing: float, kind: type[Ahead] | type[Astern]) -> list[Step]:
    """The last advance step lengthened by `missing` SL, or one added at the end (§7.4 (3))."""
    result = list(steps)
    for index in range(len(result) - 1, -1, -1):
        step = result[index]
        if isinstance(step, kind):
            result[index] = kind(round(step.distance + missing, 9))
            return result
    result.append(kind(round(missing, 9)))
    return result


def _clamp_advance(steps: list[Step], kind: type[Ahead] | type[Astern],
                   limit: Limits) -> tuple[list[Step], list[str]]:
    """§7.4 (2)-(4): the advance brought into [minimum, maximum], or to the minimum exactly when
    over-crewed."""
    total = _total(steps)
    low = limit.advance_min
    high = limit.advance_min if limit.over_crewed else limit.advance_max
    why = " (over-crewed: exactly the minimum)" if limit.over_crewed else ""
    if total > high + TINY:
        result = _shortened(steps, round(total - high, 9))
        return result, [f"advance {sl(total)} shortened to {sl(_total(result))}{why}"]
    if total < low - TINY:
        had_step = any(isinstance(step, kind) for step in steps)
        result = _lengthened(steps, round(low - total, 9), kind)
        if had_step:
            return result, [f"advance {sl(total)} lengthened to {sl(_total(result))}{why}"]
        return result, [f"{result[-1].notation()} added: advance {sl(total)} below the minimum{why}"]
    return steps, []


def _current_changes(state: GameState, ship: Ship, steps: list[Step]) -> tuple[list[Step], list[str]]:
    """§7.10's strong current for a ship moving ahead: F0.5 added when heading with it, the last
    advance step shortened by ½ SL (not below 0) when heading against it."""
    current = current_at(state, ship)
    if current is None or current.strength != STRONG:
        return steps, []
    if heading_difference(ship.heading, current.heading) <= WITHIN:
        return [*steps, Ahead(CURRENT_STEP)], ["F0.5 added: strong current astern"]
    if heading_difference(ship.heading, current.heading + 180.0) <= WITHIN:
        for index in range(len(steps) - 1, -1, -1):
            step = steps[index]
            if isinstance(step, Ahead):
                left = round(max(0.0, step.distance - CURRENT_STEP), 9)
                result = list(steps)
                if left <= TINY:
                    del result[index]
                    return result, [f"{step.notation()} taken away: strong current ahead"]
                result[index] = Ahead(left)
                return result, [f"{step.notation()} shortened to {Ahead(left).notation()}: "
                                f"strong current ahead"]
    return steps, []


def clamp(state: GameState, ship: Ship, segment: Segment) -> Clamped:
    """The segment as the ship carries it out (§7.4, §7.10, §17), with the limits of its speed as
    the activation starts (`speeds.limits`): failing steps dropped, turns cut to the allowance,
    the advance brought into range (exactly the minimum when over-crewed), then a strong
    current's change. A stopped ship only pivots and HOLDs; nothing left is a HOLD."""
    limit = limits(state, ship)
    steps, failed = _drop_failing(ship.speed, segment.steps)
    steps, notes = _clamp_turns(steps, limit.turn)
    clamped = bool(notes)
    if ship.speed != 0:
        kind: type[Ahead] | type[Astern] = Astern if ship.speed == BACKING else Ahead
        steps, advance_notes = _clamp_advance(steps, kind, limit)
        clamped = clamped or bool(advance_notes)
        notes += advance_notes
        if ship.speed != BACKING:
            steps, current_notes = _current_changes(state, ship, steps)
            notes += current_notes
    if not steps:
        steps = [Hold()]
    return Clamped(tuple(steps), segment.break_away, segment.intent, clamped, tuple(notes),
                   tuple(failed))


__all__ = ["Clamped", "clamp"]
