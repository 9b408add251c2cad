"""Written speeds and speed bands (rulings §3.1, §3.2), the missing-orders speed (§4) and the row
a ship moves as (§16: `opt_crew_quality`, `opt_overcrew`; `opt_fast_triremes`).

Speeds are whole tenths of an inch, negative when backing, so every comparison is exact.
"""

from __future__ import annotations

from pbem.rules.speedband.shiptypes import (
    BACK,
    BAND_INDEX,
    BANDS,
    SECTIONS,
    STOP,
    TRIREME,
    ShipType,
    band_of,
    shifted,
)
from pbem.rules.speedband.state import ELITE, POOR, Ship
from pbem.rules.speedband.switches import Options

FAST_TRIREME_SECTIONS = 6  # §16 (text 9.7): at least six intact sections


def rows_down(ship: Ship, options: Options) -> int:
    """How many rows of §2.1 below its own type a ship moves and turns as (§16): poor one down
    and elite one up with `opt_crew_quality`; one down per extra with `opt_overcrew`, extra =
    soldiers over the type's + floor(archers over the type's / 2), positive parts only."""
    shift = 0
    if options.opt_crew_quality:
        shift += {POOR: 1, ELITE: -1}.get(ship.crew, 0)
    if options.opt_overcrew:
        row = ship.row
        shift += max(0, ship.soldiers - row.soldiers) + max(0, ship.archers - row.archers) // 2
    return shift


def moving_row(ship: Ship, options: Options) -> ShipType:
    """The row whose band maxima and turn angle the ship uses this turn (§16), held at the
    table's ends. Tons, crews and `heavy` stay the ship's own type's."""
    return shifted(ship.row, rows_down(ship, options))


def allowed_bands(ship: Ship, options: Options) -> tuple[str, ...]:
    """The bands the ship may write this turn (§3.2), lowest first: within one step of
    `last_band` (two for a fast trireme, never across Stop between Back and forward), the last
    band only for a heavy ship that changed last turn, never above `max_band`; forced to
    exactly `max_band` when that is below every band the limit allows."""
    last = BAND_INDEX[ship.last_band]
    top = BAND_INDEX[ship.max_band]
    if ship.row.heavy and ship.changed_last_turn:
        reach = {last}
    else:
        step = 2 if fast_trireme(ship, options) else 1
        reach = {index for index in range(len(BANDS)) if abs(index - last) <= step}
        if step == 2:  # never from Back to a forward band, or back, without a turn at Stop
            back, stop = BAND_INDEX[BACK], BAND_INDEX[STOP]
            reach = {index for index in reach
                     if not ((last == back and index > stop) or (last > stop and index == back))}
    within = sorted(index for index in reach if index <= top)
    if not within:
        return (BANDS[top],)
    return tuple(BANDS[index] for index in within)


def fast_trireme(ship: Ship, options: Options) -> bool:
    intact = SECTIONS - ship.lost_sections
    return (options.opt_fast_triremes and ship.type == TRIREME
            and intact >= FAST_TRIREME_SECTIONS)


def speed_problem(ship: Ship, speed: int, options: Options) -> str | None:
    """Why a written speed (tenths, negative backing) is refused (§3.1, §3.2, §20), as a
    sentence naming what the ship may write; None when it may be written."""
    row = moving_row(ship, options)
    if ship.lost_sections == SECTIONS and speed != 0:
        return f"{ship.id} has lost all eight oar sections and may only write SPEED 0"
    band = band_of(row, speed)
    if band is None:
        limit = row.back if speed < 0 else row.ram
        word = "BACK" if speed < 0 else "SPEED"
        return (f"{ship.id} cannot write {word} {_inches(abs(speed))}: its most is "
                f"{_inches(limit)}")
    allowed = allowed_bands(ship, options)
    if band not in allowed:
        return (f"{ship.id} cannot write {band} ({_speed_text(speed)}) this turn: from "
                f"{ship.last_band} with a maximum band of {ship.max_band} it may write "
                f"{' or '.join(allowed)} ({_ranges(row, allowed)})")
    return None


def _inches(tenths: int) -> str:
    whole, part = divmod(tenths, 10)
    return f'{whole}"' if part == 0 else f'{whole}.{part}"'


def _speed_text(speed: int) -> str:
    return f"BACK {_inches(-speed)}" if speed < 0 else f"SPEED {_inches(speed)}"


def _ranges(row: ShipType, bands: tuple[str, ...]) -> str:
    parts = []
    for band in bands:
        index = BAND_INDEX[band]
        if band == STOP:
            parts.append("SPEED 0")
        elif band == BACK:
            parts.append(f"BACK 0.1-{_inches(row.back)}")
        else:
            low = 1 if index == BAND_INDEX[STOP] + 1 else row.band_maximum(BANDS[index - 1]) + 1
            parts.append(f"SPEED {_inches(low)[:-1]}-{_inches(row.band_maximum(band))}")
    return ", ".join(parts)


def default_speed(ship: Ship, turn: int, options: Options) -> int:
    """The missing-orders speed (§4): last turn's written speed (backward if it was backing),
    reduced to the top of `max_band` if lower; 0 when `last_band` is Stop; on turn 1 the top of
    `last_band`. Capping by the top allowed band is the same as capping by `max_band` here
    (the repeat is in `last_band`), and says so for forced slowing too (§3.2)."""
    row = moving_row(ship, options)
    if ship.lost_sections == SECTIONS or ship.last_band == STOP:
        return 0
    if turn == 1:
        speed = -row.back if ship.last_band == BACK else row.band_maximum(ship.last_band)
    else:
        speed = ship.last_speed
    if speed < 0:
        return -min(-speed, row.back)
    allowed = allowed_bands(ship, options)
    top = allowed[-1]
    if top in (BACK, STOP):
        return 0
    return min(speed, row.band_maximum(top))


def formula_speed(ship: Ship, held: bool) -> int:
    """The speed in a formula (§3.1), tenths, backward taken as positive; 0 once the ship is
    dead in the water or grappled (`held`: linked by a line or a corvus)."""
    if ship.dead_in_water or held:
        return 0
    return abs(ship.written_speed)


def band_at_end(ship: Ship, held: bool) -> str:
    """`last_band` for the next turn (§3.2): the band written, or Stop after a dead stop (dead
    in the water, grappled or held by a corvus)."""
    return STOP if ship.dead_in_water or held else ship.band


def changed_band(ship: Ship) -> bool:
    """Whether the band written differs from the `last_band` the turn began with (§3.2)."""
    return ship.band != ship.last_band
