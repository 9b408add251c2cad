"""Small positions for the movement half's unit tests: ships by class on a 72 × 48 table,
Carthage (side A, home south) against Rome (home north), wind 90 unless a test says otherwise."""

from __future__ import annotations

from pbem.rules.dice import ForcedDice
from pbem.rules.ramcruise.classes import Crew, ship_class
from pbem.rules.ramcruise.state import COMBAT, MOVE, GameState, Phase, Ship, Side
from pbem.rules.ramcruise.switches import Options, parse_options


def ship(ship_id: str, x: float, y: float, heading: int = 0, klass: str = "trireme",
         **changes: object) -> Ship:
    """A ship of Carthage (ids from C) or Rome; crewmen all at the oars unless `crew` is given."""
    side = "carthage" if ship_id.upper().startswith("C") else "rome"
    oarbanks = ship_class(klass).oarbanks
    values: dict[str, object] = {"crew": Crew(oar=oarbanks, marines=1), **changes}
    return Ship(id=ship_id, side=side, ship_class=klass, x=x, y=y, heading=heading,
                **values)  # type: ignore[arg-type]


def state(*ships: Ship, options: Options | None = None, half: int = 1, kind: str = MOVE,
          wind: int = 90, **switches: str | int | bool) -> GameState:
    chosen = options if options is not None else parse_options(switches)
    sides = (Side("carthage", "south", fatigue=chosen.fatigue_reserve),
             Side("rome", "north", fatigue=chosen.fatigue_reserve))
    phasing = sides[half - 1].id
    return GameState(ships=ships, sides=sides, options=chosen,
                     phase=Phase(kind, 2, half, phasing), wind=wind)


def combat(*ships: Ship, **switches: str | int | bool) -> GameState:
    return state(*ships, kind=COMBAT, **switches)


def dice(*values: int) -> ForcedDice:
    return ForcedDice(values=list(values))
