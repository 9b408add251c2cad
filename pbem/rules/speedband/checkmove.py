"""Why a round-1 line is refused (rulings §20): the written speed and band (§2.3, §3.1, §3.2,
§16), the path (§3.3), a RAM's speed and target (§7.1), the targets of GRAPPLE and CORVUS, a
corvus aboard, and a `REACT AVOID` path checked for the ship's written speed.

Each function returns None or the refusal as (reason, what is accepted), the reason carrying the
words the case corpus looks for (tests/cases/speed-band/README.md). The numbers come from
bands.py and paths.py; their sentences are reworded here only where a corpus word is missing
(a band change says which limit it breaks; a turn count and a turn angle say so).
"""

from __future__ import annotations

from pbem.rules.speedband.bands import allowed_bands, fast_trireme, moving_row, speed_problem
from pbem.rules.speedband.echo import band_name, band_range, inches
from pbem.rules.speedband.orders import AIM, Movement, Step, tenths
from pbem.rules.speedband.paths import full_path, path_problem
from pbem.rules.speedband.shiptypes import (
    BACK,
    BAND_INDEX,
    BANDS,
    SECTIONS,
    STOP,
    TURNS_BY_BAND,
    ShipType,
    band_of,
)
from pbem.rules.speedband.state import GameState, Ship
from pbem.rules.speedband.switches import Options

Refusal = tuple[str, str]
TARGETS = "an enemy ship (by controller) that is afloat or fleeing"


def _speed_text(speed: int) -> str:
    return f"BACK {tenths(-speed)}" if speed < 0 else f"SPEED {tenths(speed)}"


def _as_row(ship: Ship, row: ShipType) -> str:
    return "" if row.name == ship.type else f" (it moves as a {row.name} this turn, §16)"


def speeds_hint(ship: Ship, options: Options) -> str:
    """What the ship may write this turn: each allowed band with its speeds."""
    row = moving_row(ship, options)
    if ship.lost_sections == SECTIONS:
        return f"for {ship.id}: SPEED 0 with no turns."
    bands = allowed_bands(ship, options)
    return (f"for {ship.id} this turn: "
            + " or ".join(f"{band_name(b)} ({band_range(row, b)})" for b in bands) + ".")


def _reach(ship: Ship, options: Options) -> set[int]:
    """The bands §3.2's limit allows from `last_band`, before `max_band` (bands.allowed_bands)."""
    last = BAND_INDEX[ship.last_band]
    if ship.row.heavy and ship.changed_last_turn:
        return {last}
    step = 2 if fast_trireme(ship, options) else 1
    reach = {index for index in range(len(BANDS)) if abs(index - last) <= step}
    if step == 2:
        back, stop = BAND_INDEX[BACK], BAND_INDEX[STOP]
        reach = {index for index in reach
                 if not ((last == back and index > stop) or (last > stop and index == back))}
    return reach


def speed_refusal(ship: Ship, speed: int, options: Options) -> Refusal | None:
    """A written speed above the row's maximum, a band above `max_band`, or a band change beyond
    §3.2 (one band; every other turn for a heavy ship; through Stop for a fast trireme; forced
    slowing names the band that must be written)."""
    first = speed_problem(ship, speed, options)
    if first is None:
        return None
    hint = speeds_hint(ship, options)
    row = moving_row(ship, options)
    if ship.lost_sections == SECTIONS and speed != 0:
        return (f"{ship.id} has lost all eight oar sections and may only write SPEED 0", hint)
    band = band_of(row, speed)
    if band is None:
        which = "back oars" if speed < 0 else "ram"
        limit = row.back if speed < 0 else row.ram
        return (f"{_speed_text(speed)} is above {ship.id}'s {which} maximum of {inches(limit)}"
                f"{_as_row(ship, row)}", hint)
    last, top, index = (BAND_INDEX[ship.last_band], BAND_INDEX[ship.max_band], BAND_INDEX[band])
    reach = _reach(ship, options)
    wrote = f"{band_name(band)} ({_speed_text(speed)})"
    if not any(allowed <= top for allowed in reach):
        return (f"{ship.id}'s maximum band is {band_name(ship.max_band)} this turn (§2.3), below "
                f"every band it may reach from {band_name(ship.last_band)}, so it must write "
                f"exactly {band_name(ship.max_band)}, not {wrote}", hint)
    if index > top:
        return (f"{wrote} is above {ship.id}'s maximum band of {band_name(ship.max_band)} this "
                f"turn (§2.3: {ship.lost_sections} oar sections lost, hull {ship.hull}%)", hint)
    if ship.row.heavy and ship.changed_last_turn:
        return (f"{ship.id} is a {ship.type}, a heavy ship, and changed band last turn: it changes "
                f"band only every other turn, so it keeps {band_name(ship.last_band)} now, not "
                f"{wrote}", hint)
    step = abs(index - last)
    if fast_trireme(ship, options) and step <= 2:
        return (f"a fast trireme goes between back oars and a forward band only after a turn at "
                f"stop: from {band_name(ship.last_band)} it may not write {wrote}", hint)
    if fast_trireme(ship, options):
        rule = "a fast trireme changes at most two bands a turn, every other ship one band"
    else:
        rule = "a ship changes at most one band a turn"
    return (f"{wrote} is {step} bands from last turn's {band_name(ship.last_band)}: {rule} "
            "(§3.2)", hint)


def path_hint(ship: Ship, row: ShipType, speed: int) -> str:
    """The paths §3.3 allows for the written speed: which straight steps, how many turns of what
    angle, the straight run; none at all once every section is lost."""
    if ship.lost_sections == SECTIONS:
        return f"for {ship.id}: SPEED 0 with no steps (all eight oar sections are lost)."
    band = band_of(row, speed) or STOP
    turns = TURNS_BY_BAND[band]
    count = f"at most {turns} turn{'' if turns == 1 else 's'} P<a> or S<a> of 1 to {row.turn_angle} degrees"
    if speed == 0:
        return f"at {band_name(band)} (SPEED 0) no F or B steps and {count}, turned in place."
    letter, aim = ("B", "") if speed < 0 else ("F", "; A only with a RAM clause")
    return (f"at {band_name(band)} ({_speed_text(speed)}) {letter} steps totalling "
            f"{inches(abs(speed))} exactly and {count}, each after 2\" of straight movement "
            f"since the start or the last turn{aim}.")


def _first_bad_angle(steps: tuple[Step, ...], row: ShipType) -> Step | None:
    for step in steps:
        if not step.straight and step.kind != AIM and not 1 <= step.amount <= row.turn_angle:
            return step
    return None


def path_refusal(ship: Ship, row: ShipType, speed: int, steps: tuple[Step, ...],
                 ram: bool) -> Refusal | None:
    """§3.3 through paths.path_problem, with the turn count and turn angle reworded."""
    problem = path_problem(ship, row, speed, steps, ram)
    if problem is None:
        return None
    band = band_of(row, speed) or STOP
    turns = [step for step in full_path(speed, steps) if not step.straight]
    if problem.startswith(f"the {band} band allows"):
        allowed = TURNS_BY_BAND[band]
        problem = (f"the path has {len(turns)} turn{'' if len(turns) == 1 else 's'}, more turns "
                   f"than {band_name(band)} allows ({allowed})")
    elif " degrees, the most a " in problem:
        bad = _first_bad_angle(steps, row)
        if bad is not None:
            problem = (f"the turn {bad.notation()} is outside 1 to {row.turn_angle} degrees: "
                       f"{row.turn_angle} is a {row.name}'s turn angle{_as_row(ship, row)}")
    return problem, path_hint(ship, row, speed)


def target_refusal(state: GameState, ship: Ship, name: str, verb: str) -> Refusal | None:
    """A RAM, GRAPPLE, CORVUS, fire, MELEE or BREAK target must be an enemy afloat or fleeing."""
    hint = f"{verb} naming {TARGETS}."
    target = state.ship(name)
    if target is None:
        return f"there is no ship {name} in this game: {verb} names {TARGETS}", hint
    if target.id == ship.id:
        return f"{ship.id} cannot {verb} itself: {verb} names {TARGETS}", hint
    if not state.enemies(ship, target):
        return (f"{target.id} is a friend, not an enemy: {verb} names {TARGETS}", hint)
    if not target.active:
        return (f"{target.id} is {target.status}: {verb} names {TARGETS}", hint)
    return None


def movement_refusal(state: GameState, ship: Ship, move: Movement) -> Refusal | None:
    """A movement line: speed and band, RAM needing a forward speed, path, RAM target."""
    options = state.options
    found = speed_refusal(ship, move.speed, options)
    if found:
        return found
    if move.ram and move.speed <= 0:
        return ("a RAM needs a forward speed above 0 (§7.1): SPEED 0 cannot ram",
                "SPEED <s> [steps] RAM <t> with s above 0, or the line without RAM.")
    row = moving_row(ship, options)
    found = path_refusal(ship, row, move.speed, move.steps, bool(move.ram))
    if found:
        return found
    if move.ram:
        return target_refusal(state, ship, move.ram, "RAM")
    return None


def avoid_refusal(state: GameState, ship: Ship, steps: tuple[Step, ...],
                  move: Movement) -> Refusal | None:
    """A `REACT AVOID` path that breaks §3.3 for the written speed (`move`: the accepted line or
    the missing-orders default); the ship then reacts IGNORE (§20)."""
    if not steps:
        return None
    row = moving_row(ship, state.options)
    found = path_refusal(ship, row, move.speed, steps, bool(move.ram))
    if found is None:
        return None
    problem, hint = found
    return (f"the REACT AVOID path does not suit {ship.id}'s {_speed_text(move.speed)}: {problem}; "
            f"so {ship.id} reacts IGNORE", "REACT AVOID with no steps (its movement path), or "
            f"steps that are legal for {_speed_text(move.speed)}: {hint}")


def corvus_refusal(ship: Ship, verb: str) -> Refusal | None:
    if ship.corvus:
        return None
    return (f"{ship.id} carries no corvus, so it takes no {verb} line",
            f"{verb} lines for ships with a corvus.")


__all__ = ["Refusal", "avoid_refusal", "corvus_refusal", "movement_refusal", "path_hint",
           "path_refusal", "speed_refusal", "speeds_hint", "target_refusal"]
