"""The judge's orders for a fleeing ship (rulings §14.3, house rule `flight`): the flight heading
straight out at the nearest edge (G11), and each turn's band, speed and path towards it.

With Δ the signed turn from the ship's heading to its flight heading (§1, dead astern a port
turn): Δ = 0 takes the highest band it may write (§3.2) at that band's maximum, straight; Δ ≠ 0
the highest band that allows a turn (else the highest, straight) at its maximum, with the path
F2, a turn of min(|Δ|, turn angle) towards the heading, repeated while turns and 2" of run remain
and Δ ≠ 0, then the rest straight; at speed 0 the turns are made in place. No ram, grapple or
corvus; reaction IGNORE; `CUT ALL` (the caller applies those).
"""

from __future__ import annotations

from pbem.rules.speedband.bands import allowed_bands, moving_row
from pbem.rules.speedband.orders import BACKWARD, FORWARD, PORT, STARBOARD, Movement, Step
from pbem.rules.speedband.shiptypes import BACK, SECTIONS, TURNS_BY_BAND
from pbem.rules.speedband.state import Ship
from pbem.rules.speedband.switches import Options
from pbem.rules.table import DeadAstern, Table, nearest_edge, relative_bearing

RUN = 20  # tenths: the 2" of straight run before each turn (§3.3)


def flight_heading(ship: Ship, table: Table) -> int:
    """The ship's flight heading: the one it was given when it began to flee, else straight out
    at the edge nearest its centre now (G11; ties south, west, north, east)."""
    if ship.flight_heading is not None:
        return ship.flight_heading
    return round(nearest_edge(ship.pose.centre, table).heading) % 360


def signed_turn(heading: int, towards: int) -> int:
    """Δ from a heading to another, in [−180, 180): dead astern is −180, a port turn (§1)."""
    return round(relative_bearing(float(heading), float(towards), DeadAstern.PORT))


def flight_orders(ship: Ship, options: Options, table: Table) -> Movement:
    """This turn's movement line for a fleeing ship (§14.3)."""
    if ship.lost_sections == SECTIONS:
        return Movement(0)
    row = moving_row(ship, options)
    bands = allowed_bands(ship, options)
    towards = flight_heading(ship, table)
    delta = signed_turn(ship.heading, towards)
    turning = [band for band in bands if TURNS_BY_BAND[band] > 0]
    band = turning[-1] if delta != 0 and turning else bands[-1]
    top = row.band_maximum(band)
    speed = -top if band == BACK else top
    if delta == 0 or TURNS_BY_BAND[band] == 0:
        return Movement(speed)
    straight_kind = BACKWARD if speed < 0 else FORWARD
    steps: list[Step] = []
    left, turns, heading = abs(speed), TURNS_BY_BAND[band], ship.heading
    while turns and delta != 0 and (speed == 0 or left >= RUN):
        if speed != 0:
            steps.append(Step(straight_kind, RUN))
            left -= RUN
        angle = min(abs(delta), row.turn_angle)
        steps.append(Step(PORT if delta < 0 else STARBOARD, angle))
        heading = (heading + (-angle if delta < 0 else angle)) % 360
        delta = signed_turn(heading, towards)
        turns -= 1
    if left:
        steps.append(Step(straight_kind, left))
    return Movement(speed, tuple(steps))
