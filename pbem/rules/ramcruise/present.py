"""Ram / cruise / strategic reports as the host's presenter asks for them: the report's tables
and how the sides stand toward victory.

    report_sections(view, viewer, standing) -> tuple[Section, ...]
    standing(state) -> dict

Nothing is hidden in this game (rulings §4): every viewer gets the same tables, the viewer's
own ships listed first. The tables are read from a view (view.py's `state_json`, which carries
the game's switches), never from the state. The presenter's other pieces live beside it: the
house rules in `houserules`, the order template in `template`, the pieces for tools and their
schema in `pieces`. Calls only the interface's `Section`, the state's names, `orders`' mode
notation, `switches`, `victory`, `view` and the table core's rout heading.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.rules.interface import Section
from pbem.rules.ramcruise.orders import MODE_NOTATION
from pbem.rules.ramcruise.state import HOME_HEADING, GameState
from pbem.rules.ramcruise.switches import Options
from pbem.rules.ramcruise.victory import standing as side_standing
from pbem.rules.ramcruise.view import OFF_TABLE, loaded
from pbem.rules.table import rout_heading

SHIP_HEADERS = ("Ship", "Side", "Class", "Where", "Status", "Last move", "Fatigue", "Shears")
CREW_HEADERS = ("Ship", "Crewmen", "Bowmen", "Marines")
LINK_HEADERS = ("Ship", "Grappled with", "Embedded in", "Last to inflict on", "Equipment",
                "Ballistas")
STANDING_HEADERS = ("Ship", "STANCE", "ONBREAK", "ONSHEAR", "LOSSES")
SIDE_HEADERS = ("Side", "Home edge", "Rout heading", "Losses", "Fleet fatigue")


# --- the report's tables


def _in_order(ships: Mapping[str, dict[str, Any]], viewer: str | None) -> list[tuple[str, dict[str, Any]]]:
    """The viewer's ships first, then the others, each in scenario order."""
    items = list(ships.items())
    return [item for item in items if item[1].get("side") == viewer] + \
        [item for item in items if item[1].get("side") != viewer]


def _where(ship: dict[str, Any]) -> str:
    if ship.get("status") in OFF_TABLE:
        return "off the table"
    return f"({float(ship['x']):.2f}, {float(ship['y']):.2f}) heading {ship['heading']}"


def _status(ship: dict[str, Any]) -> str:
    words = [str(ship.get("status", ""))]
    if ship.get("routed"):
        words.append("routed")
    countdown = int(ship.get("countdown") or 0)
    if countdown:
        skip = ", its next own end of half skipped" if ship.get("countdown_skip") else ""
        words.append(f"countdown {countdown}{skip}")
    return ", ".join(words)


def _last_move(ship: dict[str, Any]) -> str:
    mode = str(ship.get("mode", ""))
    speed = float(ship.get("speed") or 0)
    return f"{MODE_NOTATION.get(mode, mode.upper())} {speed:g}\""


def _fatigue(ship: dict[str, Any], options: Mapping[str, Any]) -> str:
    mode = options.get("fatigue", "ship")
    if mode == "off":
        return "off"
    if mode == "fleet":
        return "fleet's"
    return str(ship.get("fatigue", ""))


def _shears(ship: dict[str, Any]) -> str:
    count = int(ship.get("sheared") or 0)
    return {0: "none", 1: "1: half speeds"}.get(count, f"{count}: immobile")


def _crewmen(ship: dict[str, Any]) -> str:
    crewmen = int(ship.get("crewmen") or 0)
    if not crewmen:
        return "none"
    return (f"{crewmen} {ship.get('crewmen_class')} ({ship.get('oars')} at the oars, "
            f"{ship.get('deck')} on deck)")


def _of_type(ship: dict[str, Any], crew_type: str) -> str:
    count = int(ship.get(crew_type) or 0)
    return f"{count} {ship.get(f'{crew_type}_class')}" if count else "none"


def _ballistas(ship: dict[str, Any], turn: int) -> str:
    count = int(ship.get("ballistas") or 0)
    if not count:
        return "none"
    return f"{loaded(ship, turn)} of {count} loaded"


def _equipment(ship: dict[str, Any]) -> str:
    items = [name for name in ("tower", "corvus", "harpax") if ship.get(name)]
    if ship.get("admiral"):
        items.append("admiral (flagship)")
    return ", ".join(items) or "none"


def _names(ids: Sequence[str] | None) -> str:
    return ", ".join(ids or []) or "none"


def report_sections(view: dict[str, Any], viewer: str | None,
                    standing_numbers: dict[str, Any]) -> tuple[Section, ...]:
    """Ships (class, place, status with routed and countdown, last move, fatigue, shears),
    crews (type, class, duty), links and equipment (grapples, embedded in, last to inflict,
    ballistas loaded), standing orders; the sides (home edge, rout heading, losses against the
    breaking point, the fleet's fatigue) and the wind."""
    ships = _in_order(view.get("ships") or {}, viewer)
    options: Mapping[str, Any] = view.get("options") or Options().as_json()
    turn = int(view.get("turn") or 0)
    ship_rows = tuple((sid, str(s.get("side")), str(s.get("class")), _where(s), _status(s),
                       _last_move(s), _fatigue(s, options), _shears(s)) for sid, s in ships)
    crew_rows = tuple((sid, _crewmen(s), _of_type(s, "bowmen"), _of_type(s, "marines"))
                      for sid, s in ships)
    link_rows = tuple((sid, _names(s.get("grappled_with")), s.get("embedded_in") or "none",
                       _names(s.get("last_melee")), _equipment(s), _ballistas(s, turn))
                      for sid, s in ships)
    standing_rows = tuple((sid, str(s.get("stance", "")).upper(), str(s.get("onbreak", "")).upper(),
                           str(s.get("onshear", "")).upper(),
                           ", ".join(str(c).upper() for c in s.get("losses") or []))
                          for sid, s in ships if s.get("status") not in OFF_TABLE)
    wind = int(view.get("wind") or 0)
    numbers = standing_numbers.get("sides") or {}
    side_rows = []
    for side_id, side in (view.get("sides") or {}).items():
        counted = numbers.get(side_id, {})
        home = str(side.get("home", ""))
        rout = int(rout_heading(float(wind), float(HOME_HEADING[home]))) if home in HOME_HEADING else ""
        losses = (f"{counted.get('losses')} of {counted.get('start')} purchase points, broken at "
                  f"{counted.get('breaking_point')}" + (": broken" if counted.get("broken") else ""))
        fleet = str(side.get("fatigue")) if options.get("fatigue") == "fleet" else "per ship"
        side_rows.append((side_id, home, str(rout), losses, fleet))
    change = ("may change at the start of each turn (1 backs it 45, 6 veers it 45)"
              if options.get("wind_change") == "roll" else "holds all game")
    return (
        Section("Ships", SHIP_HEADERS, ship_rows, empty="none"),
        Section("Crews", CREW_HEADERS, crew_rows, empty="none"),
        Section("Links and equipment", LINK_HEADERS, link_rows, empty="none"),
        Section("Standing orders", STANDING_HEADERS, standing_rows, empty="none"),
        Section("Sides", SIDE_HEADERS, tuple(side_rows), empty="none"),
        Section("Wind", ("Blows towards", "Change"), ((f"{wind}", change),)),
    )


def standing(state: GameState) -> dict[str, Any]:
    """Each side's losses in purchase points against its breaking point (§17)."""
    sides = {side.id: side_standing(state, side.id).as_json() for side in state.sides}
    return {"rule": "points", "turn_limit": state.options.turn_limit, "turn": state.phase.turn,
            "sides": sides}
