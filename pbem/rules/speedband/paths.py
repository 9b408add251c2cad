"""Path legality (rulings §3.3, checked at submission, §20): a path is the steps of a movement
or `REACT AVOID` line, with no steps meaning straight ahead.

The straight steps are all `F` (forward speed) or all `B` (backward) and total exactly the
written speed; speed 0 has none. Turns (`P<a>`, `S<a>`, and the aim step `A`) number at most
the band's (Play Aid: Turning), each of 1 to the turn angle of the row the ship moves as, each
after at least 2.0" of straight movement since the start or the previous turn (none needed at
speed 0); `A` only with a `RAM` clause; no turn once all eight sections are lost.

`avoid_parts` splits an avoidance path (§8.3) into the part moved before the rammer and the rest.
"""

from __future__ import annotations

from pbem.rules.speedband.orders import AIM, BACKWARD, FORWARD, Step, tenths
from pbem.rules.speedband.shiptypes import SECTIONS, TURNS_BY_BAND, ShipType, band_of
from pbem.rules.speedband.state import Ship

STRAIGHT_RUN = 20  # tenths: 2.0" of straight movement before each turn (text 5 b)


def full_path(speed: int, steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """The path as moved: no steps is one straight step of the whole speed (none at 0)."""
    if steps or speed == 0:
        return steps
    return (Step(BACKWARD if speed < 0 else FORWARD, abs(speed)),)


def path_problem(ship: Ship, row: ShipType, speed: int, steps: tuple[Step, ...],
                 ram: bool) -> str | None:
    """Why a path breaks §3.3 (a sentence saying what is allowed), or None. `row` is the row the
    ship moves as this turn (§16); `ram` whether the line has a RAM clause."""
    band = band_of(row, speed)
    if band is None:
        return None  # the speed itself is refused (bands.speed_problem)
    path = full_path(speed, steps)
    straight = [step for step in path if step.straight]
    turns = [step for step in path if not step.straight]
    if speed == 0 and straight:
        return "at SPEED 0 a ship only turns in place: no F or B steps"
    wanted = BACKWARD if speed < 0 else FORWARD
    wrong = [step for step in straight if step.kind != wanted]
    if wrong:
        word = "BACK" if speed < 0 else "SPEED"
        return (f"a {word} path has only {wanted} steps, not {wrong[0].notation()}")
    total = sum(step.amount for step in straight)
    if total != abs(speed):
        return (f"the straight steps total {tenths(total)}\" but the written speed is "
                f"{tenths(abs(speed))}\": they must total it exactly")
    if turns and ship.lost_sections == SECTIONS:
        return f"{ship.id} has lost all eight oar sections and cannot turn"
    allowed = TURNS_BY_BAND[band]
    if len(turns) > allowed:
        return (f"the {band} band allows {allowed} turn{'' if allowed == 1 else 's'}, and the "
                f"path has {len(turns)}")
    for step in turns:
        if step.kind == AIM:
            if not ram:
                return "the aim step A turns towards a ram target: it needs a RAM clause"
        elif not 1 <= step.amount <= row.turn_angle:
            return (f"the turn {step.notation()} is outside 1 to {row.turn_angle} degrees, the "
                    f"most a {row.name} turns at once")
    if speed != 0:
        run = 0
        for step in path:
            if step.straight:
                run += step.amount
                continue
            if run < STRAIGHT_RUN:
                return (f"the turn {step.notation()} comes after {tenths(run)}\" of straight "
                        "movement: each turn needs at least 2\" since the start or the last turn")
            run = 0
    return None


def avoid_parts(speed: int, steps: tuple[Step, ...],
                cap_tenths: int) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """§8.3: an avoiding ship's path (`steps` as written, none meaning straight; `speed` the
    written speed in tenths, negative when backing) cut where its straight distance reaches the
    cap (tenths, min(D, speed)). A straight step across the cap is split there. When the cap is
    at least the speed, part 1 is the whole path, trailing turns included; otherwise turns at
    the cap exactly belong to part 2."""
    path = full_path(speed, steps)
    if cap_tenths >= abs(speed):
        return path, ()
    first: list[Step] = []
    run = 0
    for index, step in enumerate(path):
        if run >= cap_tenths:
            return tuple(first), path[index:]
        if not step.straight:
            first.append(step)
            continue
        if run + step.amount <= cap_tenths:
            first.append(step)
            run += step.amount
            continue
        head = cap_tenths - run
        if head > 0:
            first.append(Step(step.kind, head))
        return tuple(first), (Step(step.kind, step.amount - head), *path[index + 1:])
    return tuple(first), ()
