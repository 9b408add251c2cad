"""The echo of an accepted line, to its sender only (rulings §20, §21): the line in standard
notation and what the judge will do with it, in the judge's own words; for a movement line its
band and the path step by step as it would run if no other ship moved, and the plan map's places.

The path is pure geometry (the core's pose arithmetic): each `F`/`B` step moves the centre along
the heading, each `P`/`S` pivots about the centre (G17), the aim step `A` turns as G18 towards the
ram target where it stands now; no contact, edge or grapple is looked for (the echo is advisory,
§20). The shear side is the one the RAM clause names, else §9's default: the rammer's side with
fewer intact oar sections, ties port.

Plan places (`LineResult.plan`), one string each: the start and then the pose after every step,
each `"(x, y, heading)"` with x and y rounded to 0.01"; the last place of a line with a RAM clause
is followed by `ram <target>` and `side port|starboard` (the shear side). Nothing here refuses a
line: check.py does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.speedband.bands import moving_row
from pbem.rules.speedband.missiles import CHOSEN, LONG, range_band
from pbem.rules.speedband.orders import (
    AIM,
    AVOID,
    BACKWARD,
    FORWARD,
    IGNORE,
    PORT,
    Corvus,
    CorvusWork,
    Cut,
    Fire,
    Grapple,
    Losses,
    Melee,
    Movement,
    Order,
    Place,
    React,
    Step,
    Transfer,
    tenths,
)
from pbem.rules.speedband.paths import full_path
from pbem.rules.speedband.shiptypes import BACK, STOP, TURNS_BY_BAND, ShipType, band_of
from pbem.rules.speedband.state import GameState, Ship
from pbem.rules.table import Pose, Vec, ahead, aim_turn, footprint_distance, pivot, report_length

ADVISORY = "as if no other ship moved; other ships move too"
CUT_WORDS = {"enemy": "cuts lines thrown by the enemy", "all": "cuts every line, its own too",
             "none": "cuts no line"}


@dataclass(frozen=True)
class PathStep:
    """One step of a plotted path and the pose after it; `turn` is the heading change in whole
    degrees (to starboard positive; the aim step's as worked out now)."""

    step: Step
    after: Pose
    turn: float = 0.0


def band_name(band: str) -> str:
    """A band as sentences name it: lower case, as the case format and reports print bands."""
    return "back oars" if band == BACK else band


def inches(value: int) -> str:
    """A distance in tenths as inches: 9.5\", 8\"."""
    return f'{tenths(value)}"'


def place_text(pose: Pose) -> str:
    x, y = report_length(pose.centre.x), report_length(pose.centre.y)
    return f"({x:g}, {y:g}, {report_length(pose.heading):g})"


def point_text(point: Vec) -> str:
    return f"({report_length(point.x):.2f}, {report_length(point.y):.2f})"


def band_range(row: ShipType, band: str) -> str:
    """The speeds of a band for a row, as lines write them: SPEED 7.1-8, BACK 0.1-2, SPEED 0."""
    if band == STOP:
        return "SPEED 0"
    if band == BACK:
        return f"BACK 0.1-{tenths(row.back)}"
    order = ("slow", "cruise", "battle", "ram")
    index = order.index(band)
    low = 1 if index == 0 else row.band_maximum(order[index - 1]) + 1
    return f"SPEED {tenths(low)}-{tenths(row.band_maximum(band))}"


def plotted(state: GameState, ship: Ship, move: Movement) -> tuple[PathStep, ...]:
    """The path of a movement line as if no other ship moved: the pose after each step."""
    row = moving_row(ship, state.options)
    target = state.ship(move.ram) if move.ram else None
    pose = ship.pose
    steps: list[PathStep] = []
    for step in full_path(move.speed, move.steps):
        turn = 0.0
        if step.kind in (FORWARD, BACKWARD):
            sign = 1.0 if step.kind == FORWARD else -1.0
            pose = Pose(pose.centre + ahead(pose.heading) * (sign * step.amount / 10),
                        pose.heading)
        else:
            if step.kind == AIM:
                turn = (aim_turn(pose, target.pose.centre, row.turn_angle)
                        if target is not None and target.on_table else 0.0)
            else:
                turn = float(-step.amount if step.kind == PORT else step.amount)
            pose = pivot(pose, turn)
        steps.append(PathStep(step, pose, turn))
    return tuple(steps)


def shear_side(ship: Ship, move: Movement) -> tuple[str, bool]:
    """The side the rammer's oars are sheared on (§9) and whether the line named it: the named
    side, else the side with fewer intact sections, ties port."""
    if move.shear_side:
        return move.shear_side, True
    port, starboard = ship.intact_sections(False), ship.intact_sections(True)
    return ("starboard" if len(starboard) < len(port) else "port"), False


def plan_places(ship: Ship, move: Movement, steps: Sequence[PathStep]) -> tuple[str, ...]:
    """The plan map's places (module docstring): the start, then each step's pose."""
    places = [place_text(ship.pose), *(place_text(item.after) for item in steps)]
    if move.ram:
        side, _ = shear_side(ship, move)
        places[-1] = f"{places[-1]} ram {move.ram} side {side}"
    return tuple(places)


def _turn_words(item: PathStep) -> str:
    if item.step.kind != AIM:
        return f"{item.step.notation()} to heading {item.after.heading:g}"
    if item.turn == 0:
        return f"A (no turn now) at heading {item.after.heading:g}"
    word = "S" if item.turn > 0 else "P"
    return f"A (now {word}{abs(item.turn):g}) to heading {item.after.heading:g}"


def path_words(ship: Ship, steps: Sequence[PathStep]) -> str:
    if not steps:
        return f"stays at {point_text(ship.pose.centre)} heading {ship.heading}"
    parts = [f"{item.step.notation()} to {point_text(item.after.centre)}" if item.step.straight
             else _turn_words(item) for item in steps]
    last = steps[-1].after
    return (f"{'; '.join(parts)}; ends at {point_text(last.centre)} heading "
            f"{report_length(last.heading):g}")


def movement_echo(state: GameState, ship: Ship, move: Movement) -> str:
    """A movement line's band, its turns and its path as if no other ship moved, and the ram."""
    row = moving_row(ship, state.options)
    band = band_of(row, move.speed) or STOP
    allowed = TURNS_BY_BAND[band]
    turns = sum(1 for step in move.steps if not step.straight)
    as_row = "" if row.name == ship.type else f" (moving as a {row.name}, §16)"
    head = (f"{band_name(band)} ({band_range(row, band)} for {ship.id}{as_row}), {turns} of "
            f"{allowed} turn{'' if allowed == 1 else 's'}")
    steps = plotted(state, ship, move)
    text = f"{head}; path {ADVISORY}: {path_words(ship, steps)}"
    if move.ram:
        side, named = shear_side(ship, move)
        why = "as named" if named else "by default: the side with fewer intact sections, ties port"
        text += (f"; rams {move.ram} if its bow meets {move.ram} on an F step; if the ram fails "
                 f"and {move.ram} shears, the {side} oars are sheared ({why})")
    return text


def react_echo(state: GameState, ship: Ship, react: React, move: Movement, own: bool) -> str:
    """A reaction (§8): what it does if the ship is rammed before it moves; an AVOID path is
    shown as it would run from where the ship stands. `move` is the movement it was checked
    against (`own`: its accepted line, else its missing-orders default)."""
    if react.kind == IGNORE:
        return "if rammed before it moves, it holds its course and waits for its own move"
    if react.kind != AVOID:
        return ("if rammed before it moves (not from astern) and the ram fails, it shears the "
                "rammer's oars; it keeps its own move")
    roll = "if rammed before it moves, it rolls to see the ram (50 + the distance - 10 per officer lost)"
    whose = "its movement line" if own else "its missing-orders default"
    if not react.steps:
        path = "its movement line's path" if own else (
            f"the path of {whose} ({Movement(move.speed).notation()}, no turns)")
        return f"{roll}; seeing it, it first moves {path}"
    avoid = Movement(move.speed, react.steps, move.ram, move.shear_side)
    words = path_words(ship, plotted(state, ship, avoid))
    return (f"{roll}; seeing it, it moves this path first, checked against "
            f"{Movement(move.speed).notation()} ({whose}): {words} ({ADVISORY})")


def fire_echo(state: GameState, ship: Ship, fire: Fire) -> str:
    """Each clause's range band and distance now, and what a factor needs (§12.1, §12.2)."""
    parts = []
    for clause in fire.clauses:
        target = state.require(clause.target)
        distance = footprint_distance(ship.polygon, target.polygon, state.epsilon)
        band = range_band(fire.weapon, distance, state.epsilon) or LONG
        where = f"{clause.count} at {target.id}, {band} range ({distance:.2f}\")"
        if band == LONG:
            parts.append(f"{where}: 20% a roll, the type by the roll")
        else:
            number = CHOSEN[(fire.weapon, band)][clause.kind]
            parts.append(f"{where}: {clause.kind.upper()} hit on {number} or less")
    tail = ", less the target's speed (opt_missile_speed)" if state.options.opt_missile_speed else ""
    return f"{'; '.join(parts)}{tail}; one d100 a {'factor' if fire.weapon == 'archers' else 'ballista'}"


def line_echo(state: GameState, ship: Ship, order: Order) -> str:
    """What the judge will do with an accepted line other than movement and REACT."""
    if isinstance(order, Grapple):
        whom = "any enemy ship" if order.any else ", ".join(order.targets)
        return (f"tries to grapple {whom} the first moment each is within 1\" this turn (a d10 "
                "above twice the speed difference)")
    if isinstance(order, Corvus):
        return (f"at the end of movement drops its corvus on the first of "
                f"{', '.join(order.targets)} that is at a dead stop within 1\" of its bow point "
                "and not across its stern")
    if isinstance(order, Cut):
        return f"standing until changed: {CUT_WORDS[order.which]}"
    if isinstance(order, Fire):
        return fire_echo(state, ship, order)
    if isinstance(order, Melee):
        if not order.target:
            return "standing until changed: asks for no melee"
        return f"standing: fights {order.target} each turn while the two stay locked, until MELEE OFF"
    if isinstance(order, Losses):
        return "standing until changed: melee losses come from " + ", then ".join(
            kind.upper() for kind in order.order)
    if isinstance(order, CorvusWork):
        if order.off:
            return f"standing: stops the {order.verb} work"
        if order.verb == "raise":
            return (f"standing: works to raise its corvus from {ship.corvus_holds or 'the ship it holds'}"
                    " (three turns without interruption)")
        return f"standing: works to break {order.target}'s corvus (three turns without interruption)"
    if isinstance(order, Transfer):
        return (f"{order.count} {order.kind.upper()} cross to {order.friend} at the end of the "
                "turn, before morale, if neither ship fights a melee this turn")
    if isinstance(order, Place):
        return f"centre ({order.x:g}, {order.y:g}), heading {order.heading}"
    return order.notation()


__all__ = ["ADVISORY", "PathStep", "band_name", "band_range", "fire_echo", "inches", "line_echo",
           "movement_echo", "place_text", "plan_places", "plotted", "point_text", "react_echo",
           "shear_side"]
