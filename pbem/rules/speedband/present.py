"""Speed-band reports as the host's presenter asks for them: the report's tables from a view,
and how the sides stand toward victory.

    report_sections(view, viewer, standing) -> tuple[Section, ...]
    standing(state) -> dict                  # §17 tonnage, public numbers only

The tables are read from a view (`view.view` or `view.full_view`), never from the state, so
what a view leaves out (another side's standing orders, and with `secret_records` its counts)
is written "hidden" or left out here too. The viewer's own ships come first. The house rules
are `houserules`'; the pieces for tools and their schema `pieces`'. Calls only the
interface's `Section`, the state (for `standing`) and `victory`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.rules.interface import Section
from pbem.rules.speedband import victory
from pbem.rules.speedband.state import OFF_TABLE, GameState

SHIP_HEADERS = ("Ship", "Side", "Type", "Where", "Status", "Band", "Maximum band", "Hull",
                "Sections lost")
CREW_HEADERS = ("Ship", "Archers", "Soldiers", "Officers", "Officers lost", "Ballistae",
                "Rowers by section")
LINK_HEADERS = ("Ship", "Linked with", "Corvus", "Fronts", "Flight heading")
STANDING_HEADERS = ("Ship", "CUT", "MELEE", "LOSSES", "Corvus work")
SIDE_HEADERS = ("Side", "Tons at start", "Tons lost", "Broken at", "Broken", "Score")
HIDDEN = "hidden"


def _in_order(ships: Mapping[str, dict[str, Any]], viewer: str | None) -> list[tuple[str, dict[str, Any]]]:
    items = list(ships.items())
    return [item for item in items if item[1].get("owner") == viewer] + \
        [item for item in items if item[1].get("owner") != viewer]


def _inches(value: Any) -> str:
    return f'{float(value):g}"'


def _where(ship: Mapping[str, Any]) -> str:
    if ship.get("status") in OFF_TABLE:
        return "off the table"
    return f"({float(ship['x']):.2f}, {float(ship['y']):.2f}) heading {ship['heading']}"


def _status(ship: Mapping[str, Any]) -> str:
    words = [str(ship.get("status", ""))]
    if ship.get("owner") and ship.get("owner") != ship.get("side"):
        words.append(f"held by {ship['owner']}")
    if ship.get("dead_in_water"):
        words.append("dead in the water")
    return ", ".join(words)


def _band(ship: Mapping[str, Any]) -> str:
    speed = float(ship.get("written_speed") or 0)
    if speed < 0:
        return f"{ship.get('band')} (back {_inches(-speed)})"
    return f"{ship.get('band')} ({_inches(speed)})"


def _count(ship: Mapping[str, Any], key: str) -> str:
    return str(ship[key]) if key in ship else HIDDEN


def _rowers(ship: Mapping[str, Any]) -> str:
    if "rowers" not in ship:
        return HIDDEN
    return " ".join(str(count) for count in ship["rowers"])


def _sections_lost(ship: Mapping[str, Any]) -> str:
    lost = ship.get("sections_lost") or []
    return ", ".join(str(section) for section in lost) if lost else "none"


def _names(ids: Sequence[str] | None) -> str:
    return ", ".join(ids or []) or "none"


def _fronts(ship_id: str, fronts: Sequence[Mapping[str, Any]]) -> str:
    told = []
    for front in fronts:
        if ship_id not in (front.get("first"), front.get("second")):
            continue
        value = int(front.get("value") or 0)
        other = front["second"] if front.get("first") == ship_id else front["first"]
        mine = value if front.get("first") == ship_id else -value
        if mine > 0:
            told.append(f"holds {mine} of {other}'s areas")
        elif mine < 0:
            told.append(f"{other} holds {-mine} of its areas")
        else:
            told.append(f"level with {other}")
    return "; ".join(told) or "none"


def _corvus(ship: Mapping[str, Any]) -> str:
    if not ship.get("corvus"):
        return "none"
    held = ship.get("corvus_holds")
    return f"holds {held}" if held else "free"


def _work(ship: Mapping[str, Any]) -> str:
    standing = ship.get("standing") or {}
    if standing.get("raise"):
        return f"RAISE ({ship.get('raise_count', 0)} of 3 turns)"
    if standing.get("break"):
        return f"BREAK {standing['break']} ({ship.get('break_count', 0)} of 3 turns)"
    return "none"


def _number(value: Any) -> str:
    return f"{float(value):g}" if isinstance(value, int | float) else ""


def _activations(view: Mapping[str, Any]) -> Section:
    record = view.get("record") or {}
    rows = tuple((str(n), ship) for n, ship in enumerate(record.get("activations") or [], 1))
    return Section("Activations this turn, in order", ("#", "Ship"), rows, empty="none yet")


def _sides(view: Mapping[str, Any], numbers: Mapping[str, Any]) -> Section:
    rows = []
    for side in view.get("sides") or list(numbers):
        counted = numbers.get(side) or {}
        if not counted:
            continue
        rows.append((side, _number(counted.get("start")), _number(counted.get("lost")),
                     _number(counted.get("breaking_point")),
                     "yes" if counted.get("broken") else "no", _number(counted.get("score"))))
    return Section("Sides (victory by tonnage, §17)", SIDE_HEADERS, tuple(rows), empty="none")


def report_sections(view: dict[str, Any], viewer: str | None,
                    standing_numbers: Mapping[str, Any]) -> tuple[Section, ...]:
    """Ships (type, place, status, band written and maximum band, hull, lost sections), crews
    (counts or "hidden"), links (lines and corvus, fronts, flight heading), the viewer's
    standing orders, this turn's activations in order, and the sides' tons (§17)."""
    ships = _in_order(view.get("ships") or {}, viewer)
    fronts = view.get("fronts") or []
    ship_rows = tuple((sid, str(s.get("side")), str(s.get("type")), _where(s), _status(s),
                       _band(s), str(s.get("max_band")), f"{s.get('hull')}%", _sections_lost(s))
                      for sid, s in ships)
    crew_rows = tuple((sid, _count(s, "archers"), _count(s, "soldiers"), _count(s, "officers"),
                       _count(s, "officers_lost"), _count(s, "ballistae"), _rowers(s))
                      for sid, s in ships)
    link_rows = tuple((sid, _names(s.get("grappled_with")), _corvus(s), _fronts(sid, fronts),
                       "" if s.get("flight_heading") is None else str(s["flight_heading"]))
                      for sid, s in ships)
    standing_rows = tuple(
        (sid, str(s["standing"].get("cut", "")).upper(), str(s["standing"].get("melee") or "-"),
         " ".join(str(kind).upper() for kind in s["standing"].get("losses") or []), _work(s))
        for sid, s in ships if "standing" in s and s.get("status") not in OFF_TABLE)
    return (
        Section("Ships", SHIP_HEADERS, ship_rows, empty="none"),
        Section("Crews", CREW_HEADERS, crew_rows, empty="none"),
        Section("Links, corvus and fronts", LINK_HEADERS, link_rows, empty="none"),
        Section("Standing orders", STANDING_HEADERS, standing_rows, empty="none you may see"),
        _activations(view),
        _sides(view, standing_numbers.get("sides") or {}),
    )


def standing(state: GameState) -> dict[str, Any]:
    """Each side's tons at the start and lost (sunk, fled, surrendered, captured), the tons at
    which it is broken (half its start), whether it is, and its last-turn score in tons (enemy
    tons sunk or taken, half of those fled), as §17 counts them. Public: statuses are open."""
    sides = {}
    for side in state.sides:
        start = victory.tons_started(state, side)
        sides[side] = {"start": start, "lost": victory.tons_lost(state, side),
                       "breaking_point": start / 2, "broken": victory.broken(state, side),
                       "score": victory.score_halves(state, side) / 2}
    return {"rule": "tonnage", "turn_limit": state.options.turn_limit, "turn": state.phase.turn,
            "sides": sides}
