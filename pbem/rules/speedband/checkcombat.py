"""Why a round-2 line is refused (rulings §20), on the state after movement: fire (§12.1, §12.2:
factors or ballistae aboard, an enemy target within long range, a type at short and medium range
that the target has, with `secret_records` as far as the firer's side may see, build plan §4),
MELEE (§13.1 locked pairs), RAISE and BREAK (§11 corvus links) and TRANSFER (§16 `opt_transfer`).

Each function returns None or the refusal as (reason, what is accepted), the reason carrying the
words the case corpus looks for (tests/cases/speed-band/README.md).
"""

from __future__ import annotations

from pbem.rules.speedband import fronts
from pbem.rules.speedband.checkmove import Refusal, corvus_refusal, target_refusal
from pbem.rules.speedband.missiles import LONG, RANGES, range_band
from pbem.rules.speedband.notation import STANDARD_TYPES
from pbem.rules.speedband.orders import ARCHERS, BALLISTA, CorvusWork, Fire, Melee, Transfer
from pbem.rules.speedband.state import AFLOAT, CORVUS, GameState, Ship
from pbem.rules.table import footprint_distance

FIRE_TYPES = tuple(kind.lower() for kind in STANDARD_TYPES)  # rowers soldiers archers officers ballista


def distance(state: GameState, first: Ship, second: Ship) -> float:
    """Footprint to footprint (G5)."""
    return footprint_distance(first.polygon, second.polygon, state.epsilon)


def seen_count(state: GameState, side: str, target: Ship, kind: str) -> int:
    """How many of a type the target has as `side` may know it: the count itself, or with
    `secret_records` for an enemy the type's starting count (plan §4). Rowers: the sections are
    open to all, so whether any rower is left is known."""
    if kind == "rowers":
        return sum(target.rowers)
    secret = state.options.secret_records and target.owner != side
    row = target.row
    counts = {"archers": (target.archers, row.archers), "soldiers": (target.soldiers, row.soldiers),
              "officers": (target.officers, row.officers),
              "ballista": (target.ballistae, row.ballistae)}
    actual, start = counts[kind]
    return start if secret else actual


def fire_refusal(state: GameState, ship: Ship, fire: Fire) -> Refusal | None:
    """An ARCHERS or BALLISTA line (§12.1, §12.2, §20)."""
    weapon = fire.weapon
    aboard = ship.archers if weapon == ARCHERS else ship.ballistae
    one, many = ("archer factor", "archer factors") if weapon == ARCHERS else ("ballista", "ballistae")
    total = sum(clause.count for clause in fire.clauses)
    if total > aboard:
        units = one if total == 1 else many
        return (f"{fire.weapon.upper()} assigns {total} {units} but {ship.id} has {aboard} aboard; "
                "each fires once", f"clauses whose numbers add up to at most {aboard}.")
    long_range = RANGES[weapon][-1][1]
    for clause in fire.clauses:
        found = target_refusal(state, ship, clause.target, weapon.upper())
        if found:
            return found
        target = state.require(clause.target)
        gap = distance(state, ship, target)
        band = range_band(weapon, gap, state.epsilon)
        if band is None:
            return (f"{target.id} is {gap:.2f}\" away, beyond {weapon}' long range of "
                    f"{long_range:g}\"", f"targets within {long_range:g}\" (footprint distance).")
        if band == LONG:
            continue
        if not clause.kind:
            allowed = "ROWERS SOLDIERS ARCHERS OFFICERS" + (" BALLISTA" if weapon == BALLISTA else "")
            return (f"{target.id} is at {band} range ({gap:.2f}\"): at short or medium range a "
                    "clause names the target type", f"<n> <target> <type>, the type one of {allowed}.")
        if seen_count(state, ship.owner, target, clause.kind) == 0:
            known = " as far as your side can see" if state.options.secret_records else ""
            return (f"{target.id} has no {clause.kind} to aim at{known}: a clause names a type "
                    "the target has", _types_hint(state, ship, target, weapon))
    return None


def _types_hint(state: GameState, ship: Ship, target: Ship, weapon: str) -> str:
    """The types the firer may name at the target: those it has, as the firer's side may see;
    BALLISTA for ballistae only (§12.1)."""
    kinds = [kind for kind in FIRE_TYPES if (kind != BALLISTA or weapon == BALLISTA)
             and seen_count(state, ship.owner, target, kind) > 0]
    if not kinds:
        return f"another target: {target.id} has nothing left that {weapon} can aim at."
    return f"a type {target.id} carries: {' '.join(kind.upper() for kind in kinds)}."


def locked(state: GameState, first: Ship, second: Ship) -> bool:
    """§13.1, as the melee itself reads it (`fronts.locked`)."""
    return fronts.locked(state, first.id, second.id)


def melee_refusal(state: GameState, ship: Ship, melee: Melee) -> Refusal | None:
    if not melee.target:
        return None
    found = target_refusal(state, ship, melee.target, "MELEE")
    if found:
        return found
    target = state.require(melee.target)
    if locked(state, ship, target):
        return None
    return (f"{ship.id} and {target.id} are not locked: no grapple line or corvus joins them, no "
            "ram locked them this turn, and they are not in contact after a melee last turn",
            "MELEE naming a ship locked with it (§13.1), or MELEE OFF.")


def corvus_work_refusal(state: GameState, ship: Ship, work: CorvusWork) -> Refusal | None:
    """RAISE needs a corvus that holds a ship; BREAK names the enemy whose corvus holds this one."""
    if work.off:
        return None
    if work.verb == "raise":
        found = corvus_refusal(ship, "RAISE")
        if found:
            return found
        held = [link for link in state.links if link.kind == CORVUS and link.thrower == ship.id]
        if not held:
            return (f"{ship.id}'s corvus holds no ship: RAISE works a corvus link free",
                    "RAISE for a ship whose corvus holds another, or RAISE OFF.")
        return None
    found = target_refusal(state, ship, work.target, "BREAK")
    if found:
        return found
    target = state.require(work.target)
    link = state.link(ship.id, target.id)
    if link is None or link.kind != CORVUS or link.thrower != target.id:
        return (f"{target.id}'s corvus does not hold {ship.id}: BREAK names the corvus ship "
                "holding it", "BREAK naming the ship whose corvus holds this one, or BREAK OFF.")
    return None


def transfer_refusal(state: GameState, ship: Ship, transfer: Transfer) -> Refusal | None:
    """§16 `opt_transfer`: a friend afloat, both at written speed 0 and in contact, no more
    factors than aboard. Whether either fights a melee is settled at resolution."""
    hint = "TRANSFER <n> ARCHERS|SOLDIERS|OFFICERS TO <friend> between ships in contact at SPEED 0."
    if not state.options.opt_transfer:
        return ("TRANSFER is played only with the optional rule opt_transfer (§16), which is off "
                "in this game", "no TRANSFER lines in this game.")
    friend = state.ship(transfer.friend)
    if friend is None:
        return f"there is no ship {transfer.friend} in this game", hint
    if friend.id == ship.id:
        return f"{ship.id} cannot transfer to itself", hint
    if state.enemies(ship, friend):
        return f"{friend.id} is an enemy: TRANSFER goes to a friendly ship", hint
    if friend.status != AFLOAT:
        return f"{friend.id} is {friend.status}: TRANSFER goes to a friendly ship afloat", hint
    aboard = {"archers": ship.archers, "soldiers": ship.soldiers,
              "officers": ship.officers}[transfer.kind]
    if transfer.count > aboard:
        return (f"{ship.id} has {aboard} {transfer.kind} aboard, fewer than the {transfer.count} "
                "to transfer", hint)
    slow = [each.id for each in (ship, friend) if each.written_speed != 0]
    if slow:
        return (f"{' and '.join(slow)} did not write SPEED 0 this turn: both ships of a TRANSFER "
                "wrote speed 0", hint)
    if distance(state, ship, friend) > state.options.contact_tolerance + state.epsilon:
        return f"{ship.id} and {friend.id} are not in contact: a TRANSFER needs contact", hint
    return None


__all__ = ["corvus_work_refusal", "distance", "fire_refusal", "locked", "melee_refusal",
           "seen_count", "transfer_refusal"]
