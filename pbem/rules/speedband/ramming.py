"""The ram (rulings §7.2-§7.6; house rules `ram_base`, `zone_mods`, `ram_damage`,
`sink_at_zero`): its numbers, the zones they are read in (§1.1, house rule `zones`, through the
core's G8), and the ram attempt at contact with what follows it (damage, sinking, dead in the
water, the ram-lock, or on a failure the defensive shear of §9 through `shearing`).

The chance is exact in tenths (speeds are tenths, §19.1): success when 10 × roll ≤ the chance
in tenths. Damage is hull percentage lost, rounded with halves up, in whole numbers. Speeds in
the formulas are §3.1's (`bands.formula_speed`: 0 once dead in the water or held).

Events (one line each; the shear's are in `shearing`):

- `ram`: rammer, target, zone (impact zone A-D), x, y (impact point), attacker_speed,
  defender_speed (floats, inches), chance (float, percent), roll (d100), success (bool).
- `ram_damage`: rammer, target, band (the rammer's), zone, loss (hull % lost), hull (after).
- `sunk`: ship (its hull fell to 0 or below; its links are released).
- `dead_in_water`: ships (the pair, rammer first), activated (the target's mark was set now).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.speedband.bands import formula_speed, moving_row
from pbem.rules.speedband.orders import IGNORE
from pbem.rules.speedband.shearing import shear, shear_due
from pbem.rules.speedband.shiptypes import BATTLE, CRUISE, RAM, SLOW, band_of
from pbem.rules.speedband.state import SUNK, GameState, Ship
from pbem.rules.table import Vec, bow_point, point_zone

ZONES = ("A", "B", "C", "D")
# §7.2 zone_mods: the chance modifier and the damage factor in whole percent, by impact zone.
ZONE_CHANCE: Mapping[str, int] = {"A": -10, "B": 15, "C": 20, "D": 10}
ZONE_DAMAGE: Mapping[str, int] = {"A": 50, "B": 125, "C": 150, "D": 100}
# §7.5 ram_damage: the speed modifier by the rammer's band.
BAND_DAMAGE: Mapping[str, int] = {SLOW: 10, CRUISE: 20, BATTLE: 30, RAM: 40}


def zone_of(point: Vec, ship: Ship, epsilon: float) -> str:
    """The zone A-D of a point about a ship (§1.1, G8)."""
    row = ship.row
    return point_zone(point, ship.pose, row.length, row.beam, epsilon).value


def approach_zone(rammer: Ship, target: Ship, epsilon: float) -> str:
    """The zone of the rammer's bow point about its target, both as they stand (call it with
    their start-of-turn positions, §1.1)."""
    return zone_of(bow_point(rammer.row.footprint, rammer.pose), target, epsilon)


def ram_chance_tenths(base: int, attacker_speed: int, defender_speed: int, impact_zone: str) -> int:
    """§7.2 in tenths: base − attacker's speed − defender's speed + zone modifier (speeds in
    tenths as §3.1 counts them: the defender 0 when dead in the water, grappled or written 0)."""
    return 10 * (base + ZONE_CHANCE[impact_zone]) - attacker_speed - defender_speed


def ram_succeeds(roll: int, chance_tenths: int) -> bool:
    """A d100 roll (1-100) against a chance in tenths: success when the roll is at most it."""
    return 10 * roll <= chance_tenths


def ram_damage(attacker_tons: int, defender_tons: int, band: str, impact_zone: str) -> int:
    """§7.5: hull % lost = round(T_att × S × Z / (T_def × 100)), halves up, as
    floor((2·T_att·S·Z + T_def·100) / (2·T_def·100))."""
    speed_mod = BAND_DAMAGE[band]
    zone_factor = ZONE_DAMAGE[impact_zone]
    return ((2 * attacker_tons * speed_mod * zone_factor + defender_tons * 100)
            // (2 * defender_tons * 100))


D100 = 100


def sink(state: GameState, ship_id: str) -> GameState:
    """A ship sunk (`sink_at_zero`, §2.2): off the table, its links ended (a corvus it held or
    that held it is free again) and its fronts forgotten (§13.2)."""
    ship = state.require(ship_id)
    state = state.released(ship.id).with_ship(replace(ship, status=SUNK, corvus_holds=""))
    freed = [replace(other, corvus_holds="") for other in state.ships
             if other.corvus_holds.upper() == ship.id.upper()]
    for other in freed:
        state = state.with_ship(other)
    fronts = tuple(front for front in state.fronts if ship.id not in (front.first, front.second))
    return replace(state, fronts=fronts)


def rammer_band(state: GameState, rammer: Ship) -> str:
    """The band of the rammer's written speed in the row it moves as this turn (§3.1, §16)."""
    band = band_of(moving_row(rammer, state.options), rammer.written_speed)
    if band is None or band not in BAND_DAMAGE:
        raise ValueError(f"{rammer.id} rams at a written speed of {rammer.written_speed} tenths, "
                         "which is not a forward band (§7.1)")
    return band


def resolve_ram(state: GameState, rammer: str, target: str, impact: Vec, dice: Dice, *,
                reaction: str = IGNORE, shear_side: str = "",
                approach_zone: str | None = None) -> tuple[GameState, tuple[Event, ...], bool]:
    """The ram attempt at contact (§7.3): the chance from the impact zone of `impact` (the
    impact point I, G12, with both ships where they stand now), the d100, and then on a success
    the damage (§7.5), sinking at hull ≤ 0, both ships dead in the water and the target marked
    activated if it had not activated (§7.6), the pair ram-locked (§13.1); on a failure the
    defensive shear (§9) when due.

    `reaction` is the target's reaction as `reactions.reaction_of` gave it at the announcement,
    `shear_side` the RAM clause's side ("", "port", "starboard"), `approach_zone` the zone of
    the rammer's bow point about the target at the start of the turn (§1.1; the caller finds
    it with `approach_zone(...)` on the two ships as the turn began). It is needed only when a
    shear could be due (reaction SHEAR, target not activated); a ValueError asks for it then.
    Marks the rammer's `ram_attempted` and both ships in `record.ram_involved`. Returns the new
    state, the events and whether the ram succeeded."""
    attacker = state.require(rammer)
    defender = state.require(target)
    eps = state.epsilon
    zone = zone_of(impact, defender, eps)
    attacker_speed = formula_speed(attacker, state.held(attacker.id))
    defender_speed = formula_speed(defender, state.held(defender.id))
    chance = ram_chance_tenths(state.options.ram_base_chance, attacker_speed, defender_speed,
                               zone)
    roll = dice.roll(f"ram {attacker.id} on {defender.id}", D100)
    success = ram_succeeds(roll, chance)
    events: list[Event] = [event("ram", rammer=attacker.id, target=defender.id, zone=zone,
                                 x=impact.x, y=impact.y, attacker_speed=attacker_speed / 10,
                                 defender_speed=defender_speed / 10, chance=chance / 10,
                                 roll=roll, success=success)]
    state = state.with_ship(replace(attacker, ram_attempted=True))
    record = state.record
    involved = tuple(dict.fromkeys((*record.ram_involved, attacker.id, defender.id)))
    state = replace(state, record=replace(record, ram_involved=involved))
    if success:
        state, more = _rammed(state, attacker.id, defender.id, zone)
        return state, (*events, *more), True
    if shear_due(reaction, defender, approach_zone or ""):
        if approach_zone is None:
            raise ValueError("resolve_ram needs the rammer's approach zone (start of turn, "
                             "§1.1) when the target reacts SHEAR and has not activated")
        state, more = shear(state, attacker.id, defender.id, shear_side, dice)
        events.extend(more)
    return state, tuple(events), False


def _rammed(state: GameState, rammer: str, target: str,
            zone: str) -> tuple[GameState, tuple[Event, ...]]:
    """§7.5-§7.6 after a successful ram roll."""
    attacker = state.require(rammer)
    defender = state.require(target)
    band = rammer_band(state, attacker)
    loss = ram_damage(attacker.row.tons, defender.row.tons, band, zone)
    hull = defender.hull - loss
    events: list[Event] = [event("ram_damage", rammer=attacker.id, target=defender.id,
                                 band=band, zone=zone, loss=loss, hull=max(hull, 0))]
    newly_activated = not defender.activated
    state = state.with_ship(replace(attacker, dead_in_water=True))
    state = state.with_ship(replace(defender, hull=max(hull, 0), dead_in_water=True,
                                    activated=True))
    events.append(event("dead_in_water", ships=(attacker.id, defender.id),
                        activated=newly_activated))
    if hull <= 0:
        state = sink(state, defender.id)
        events.append(event("sunk", ship=defender.id))
    else:
        pair = tuple(sorted((attacker.id, defender.id), key=state.order_of))
        record = state.record
        if pair not in record.ram_locked:
            state = replace(state, record=replace(
                record, ram_locked=(*record.ram_locked, (pair[0], pair[1]))))
    return state, tuple(events)
