"""The echo of a checked submission, to its sender only (rulings §16, §20, §21; plan §1.2): each
accepted line once, in standard notation as the judge understood it (the orders' `notation()`),
followed by `=>` and what the judge will do with it in a few words, and the friendly extras the
line used; and the refused lines, each with its sentence (which line, what was wrong, what is
accepted), as `check.py` gave it.

The words say only what the line is: limits, ranges and targets are the judge's at resolution
(§7.4 clamps, §17 failures), so nothing here depends on a position, and no echo names an
unrevealed enemy quality (§16: a QUALITY line is the sender's own ship). The plan map's sketch of
a segment's clamped path is not here. Imports `check.py` (its `Checked`) and the typed orders.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pbem.rules.table import Pose, Vec, rotate_about
from pbem.rules.woodenwalls.check import ECHO_MARK, Checked, LineCheck
from pbem.rules.woodenwalls.clamp import clamp
from pbem.rules.woodenwalls.macros import resolve_entry
from pbem.rules.woodenwalls.orders import (
    BACKING,
    ActivationOrder,
    Ahead,
    ApThrow,
    Astern,
    Attack,
    Away,
    Corvus,
    Cut,
    Douse,
    Engine,
    Fire,
    Grapple,
    Hold,
    IfNear,
    Move,
    Oars,
    Order,
    Post,
    Quality,
    Reading,
    Release,
    Segment,
    Shift,
    Shoot,
    Speed,
    Step,
    Toward,
    Turn,
    sl,
)
from pbem.rules.woodenwalls.shipgeom import pivot_point
from pbem.rules.woodenwalls.shiptypes import ShipType
from pbem.rules.woodenwalls.state import GameState


def _segment_words(segment: Segment) -> str:
    words = "its steps in order, clamped to its limits when it activates (§7.4)"
    if segment.break_away:
        words += ", trying to break away from its link (§7.6)"
    if segment.intent is not None:
        words += f", {segment.intent.notation()} if it meets that ship (§8.1)"
    return words


def _entry_words(order: Segment | Toward | Away | IfNear) -> str:
    if isinstance(order, Segment):
        return _segment_words(order)
    if isinstance(order, IfNear):
        return (f"as it activates: {order.then.notation()} if {order.ship} is within "
                f"{sl(order.radius)} SL, else {order.otherwise.notation()} (§21)")
    turn = "turns towards" if isinstance(order, Toward) else "turns away from"
    return f"{turn} the target as far as its turn limit allows, then advances (§21)"


def _speed_words(order: Speed) -> str:
    speed = "backing" if order.speed == BACKING else f"speed {order.speed}"
    return (f"{speed} at the end of action phase {order.phase} of this mail, as far as the "
            "changes allowed then go (§7.8)")


def meaning(order: Order) -> str:
    """What the judge will do with an accepted line, in a few words."""
    if isinstance(order, Segment | Toward | Away | IfNear):
        return _entry_words(order)
    if isinstance(order, Speed):
        return _speed_words(order)
    if isinstance(order, ActivationOrder):
        return "your ships activate in this order, then the rest in scenario order (§5.5)"
    if isinstance(order, Quality):
        return "its crew quality, hidden from the enemy until revealed (§16, §19)"
    if isinstance(order, Post):
        return "its marines and shooters posted so before round 1 (§6.1)"
    if isinstance(order, Shift):
        return "posting step: the elements shift if there is room and no enemy there (§12.2)"
    if isinstance(order, Shoot | Engine | Fire | Oars | ApThrow):
        return "shooting step: at the first target listed in range, arc and sight (§11)"
    if isinstance(order, Grapple):
        return ("grappling step: at the first listed ship in contact it won the shooting against "
                "(§12.3)")
    if isinstance(order, Corvus | Cut | Release):
        return "grappling step, if the link or contact is there then (§12.4, §12.5)"
    if isinstance(order, Attack | Move):
        return "boarding step, in alternation with the enemy's lines (§12.6)"
    if isinstance(order, Douse):
        return "extinguishing step: elements that did nothing else roll (§13.2)"
    return order.notation()


def echo_line(reading: Reading) -> str:
    """One accepted line as the judge understood it: the standard line, `=>` and its meaning,
    and the extras used."""
    extras = f" [extras: {'; '.join(reading.extras)}]" if reading.extras else ""
    return f"{reading.notation()} {ECHO_MARK} {meaning(reading.order)}{extras}"


def echo_text(reading: Reading) -> str:
    """The echo as the host prints it after the line's ship ("RH-ATHENA: entry 1: F1 => …"):
    the order without its ship, a queue entry named by its number."""
    extras = f" [extras: {'; '.join(reading.extras)}]" if reading.extras else ""
    head = f"entry {reading.entry}: " if reading.entry else ""
    body = reading.order.notation() if reading.ship else reading.notation()
    return f"{head}{body} {ECHO_MARK} {meaning(reading.order)}{extras}"


def echo(checked: Checked) -> tuple[str, ...]:
    """Every accepted line's echo, one a line, in the order written."""
    return tuple(echo_line(line.reading) for line in checked.lines
                 if line.accepted and line.reading is not None)


def refused_lines(checked: Checked) -> tuple[LineCheck, ...]:
    """The refused lines in the order written."""
    return checked.refused


def refusals(checked: Checked) -> tuple[str, ...]:
    """Every refused line's sentence (`line n (ID): what was wrong. Accepted: …`), with the line
    as written after it."""
    return tuple(f"{line.reason} [{line.text.strip()}]" for line in checked.refused)


def answer(checked: Checked) -> tuple[str, ...]:
    """The whole answer to a submission, line by line in the order written: `ok <echo>` for an
    accepted line, `refused <sentence>` for a refused one."""
    return tuple(f"ok {echo_line(line.reading)}" if line.accepted and line.reading is not None
                 else f"refused {line.reason}" for line in checked.lines)


__all__ = ["ECHO_MARK", "answer", "echo", "echo_line", "meaning", "refusals", "refused_lines"]


# ---------------------------------------------------------------- the plan (§20: a sketch)


def place_text(pose: Pose) -> str:
    """A place of a plan: "(x, y, heading)" at 0.01 SL."""
    return f"({pose.centre.x:.2f}, {pose.centre.y:.2f}, {pose.heading % 360:g})".replace(".00,", ",")


def segment_places(row: ShipType, pose: Pose, speed: int | str, steps: Sequence[Step],
                   intent: str = "", stopped_pivot: str = "centre") -> tuple[str, ...]:
    """The plan's places: the start, then the pose after each step as if nothing were in the way
    (turns about §3's pivot point at `speed`, F ahead, B astern, HOLD nothing); `intent`
    ("RAM MA-PELLA") follows the last."""
    places = [place_text(pose)]
    for step in steps:
        if isinstance(step, Turn) and step.angle != 0:
            point = pivot_point(row, pose, speed, step.angle, stopped_pivot)
            pose = rotate_about(pose, point, step.angle)
        elif isinstance(step, (Ahead, Astern)):
            sign = -1.0 if isinstance(step, Astern) else 1.0
            h = math.radians(pose.heading)
            pose = Pose(Vec(pose.centre.x + sign * step.distance * math.sin(h),
                            pose.centre.y + sign * step.distance * math.cos(h)), pose.heading)
        elif not isinstance(step, (Hold, Turn)):
            continue
        places.append(place_text(pose))
    words = intent.split()
    if len(words) == 2:
        places[-1] = f"{places[-1]} {words[0].lower()} {words[1]}"
    return tuple(places)


def plan(state: GameState, reading: Reading) -> tuple[str, ...]:
    """Where an accepted queue entry would take its ship from where it stands now, as a sketch
    (§20): the macro evaluated on the present state (`macros.resolve_entry`, no other ship
    moving), then clamped to the ship's present limits (`clamp.clamp`); () for any other line.
    Only the sender sees it (their own ship's limits, §16)."""
    if not isinstance(reading.order, (Segment, Toward, Away, IfNear)):
        return ()
    ship = state.ship(reading.ship)
    if ship is None or not ship.afloat:
        return ()
    segment = resolve_entry(state, ship, reading.order)
    clamped = clamp(state, ship, segment)
    intent = clamped.intent.notation() if clamped.intent is not None else ""
    return segment_places(ship.row, ship.pose, ship.speed, clamped.steps, intent,
                          state.options.stopped_pivot)
