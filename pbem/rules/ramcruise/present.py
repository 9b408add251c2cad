"""Ram / cruise / strategic reports as the host's presenter asks for them: the report's tables,
the house rules in force, the order template of the open round, the pieces for tools with
their JSON Schema, and how the sides stand toward victory.

    report_sections(view, viewer, standing) -> tuple[Section, ...]
    house_rules(options) -> tuple[str, ...]
    order_template(state, side) -> tuple[str, ...]
    report_pieces(view) -> list[dict]; PIECE_SCHEMA (pieces_schema())
    standing(state) -> dict

Nothing is hidden in this game (rulings §4): every viewer gets the same tables, the viewer's
own ships listed first. The tables are read from a view, never from the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.rules.interface import Section
from pbem.rules.ramcruise.classes import class_table
from pbem.rules.ramcruise.grappling import grapple_reach
from pbem.rules.ramcruise.missiles import BALLISTA_RANGE, BOW_LONG
from pbem.rules.ramcruise.modes import (
    EMBEDDED,
    FATIGUE_COST,
    GRAPPLED,
    immobility,
    ladder_allows,
    reserve_of,
    ship_maximum,
)
from pbem.rules.ramcruise.orders import MODE_NOTATION
from pbem.rules.ramcruise.scenario import SETUP_DEPTH, place_unplaced
from pbem.rules.ramcruise.state import (
    AWAY_HEADING,
    BACK,
    BUILD,
    COMBAT,
    CRUISE,
    HOME_HEADING,
    MOVE,
    RAM,
    SETUP,
    STRATEGIC,
    GameState,
    Ship,
)
from pbem.rules.ramcruise.switches import SPECS, Options
from pbem.rules.ramcruise.victory import standing as side_standing
from pbem.rules.table import footprint_distance, rout_heading

SHIP_HEADERS = ("Ship", "Side", "Class", "Where", "Status", "Last move", "Fatigue", "Shears")
CREW_HEADERS = ("Ship", "Crewmen", "Bowmen", "Marines")
LINK_HEADERS = ("Ship", "Grappled with", "Embedded in", "Last to inflict on", "Equipment",
                "Ballistas")
STANDING_HEADERS = ("Ship", "STANCE", "ONBREAK", "ONSHEAR", "LOSSES")
SIDE_HEADERS = ("Side", "Home edge", "Rout heading", "Losses", "Fleet fatigue")
OFF_TABLE = ("sunk", "fled")


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


def loaded(ship: dict[str, Any], turn: int) -> int:
    """Ballistas loaded in `turn`: never fired, or fired two turns ago or more (§15.1)."""
    return sum(1 for fired in ship.get("ballistas_fired") or []
               if not fired or turn >= int(fired) + 2)


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


# --- the house rules in force (§22), each switch named once

# A switch's rule in the project's words: one text with {v} for its value, or a text per value
# ("*" for any other value: a side's id, a heading).
HOUSE_RULE_TEXT: Mapping[str, str | Mapping[str, str]] = {
    "table": "The table is {v} inches",
    "footprint": ('Ships are rectangles by class, oars included: monoreme 2.5" x 0.75", bireme '
                  '3" x 1", trireme 4" x 1", quinquereme 5" x 1.5", sixteen 6" x 2"'),
    "contact_tolerance": 'Ships {v}" apart or closer are in contact',
    "ram_zones": "A hull's bow and stern zones are its end quarters, the waist the middle half",
    "sight": 'Ships see each other up to {v}", hull to hull, for fatigue and morale',
    "table_edge": "The table edge stops an ordered ship; only routers leave the table",
    "other_classes": "'Anything else' is the monoreme, one bank of oars, on the bireme's row",
    "special_ship": {"sixteen": "The sixteen moves like a quinquereme and costs 16 points",
                     "printed": "The sixteen keeps its printed row: bireme speeds, 4 turns, 1 point",
                     "off": "There are no sixteens"},
    "equipment": ("Towers, corvus and harpax need 3 oarbanks or more, ballistas one per two "
                  "oarbanks; each item costs 1 point"),
    "budget": "Each side builds its fleet within {v} points",
    "crew_costs": ("Crew factors are free up to the maximum; each elite crew type adds 1 point, "
                   "each green one takes 1 off"),
    "mode_change": "A ship changes mode one rung a move: strategic, cruise, ram",
    "turn_angle": "A turn is a pivot about the centre of 1 to {v} degrees",
    "fatigue": {"ship": "Each ship keeps its own fatigue reserve",
                "fleet": "Each side keeps one fatigue reserve, spent at its costliest move",
                "off": "There is no fatigue"},
    "fatigue_reserve": "Fatigue reserves start at {v}",
    "fatigue_limit": {"on": "A ship may not take a mode costing more fatigue than it has (RAM 8, "
                            "CRUISE 3)",
                      "off": "The fatigue reserve forbids no mode"},
    "shear_test": ("A ship shears another it passes keel to keel within 45 degrees, coming level "
                   'with it during the step, 1/8" or less apart'),
    "ram_aspect": "A ram is head-on, head, tail or side by where it strikes and the keels' angle",
    "head_on_ram": "A head-on rammer holed on the follow-up rolls its own plain countdown",
    "sink_countdown": "Countdown dice past the printed table go on in its pattern: 7-8 four, 9+ five",
    "corvus_odds": {"3": "A corvus or harpax grapples on 3 or more, resisted or not",
                    "printed": "A corvus or harpax grapples on 3 resisted, 5 wanted, as printed"},
    "break_first": {"either": "Before any melee casualties either grappled ship may try to break away",
                    "none": "No grappled ship may break away before melee casualties are inflicted"},
    "melee_pick": "The attacker picks each melee loss",
    "surrender": ("A surrendered ship strikes: its grapples go, it stays as an obstacle and does "
                  "nothing more"),
    "fire_blocking": "Nothing blocks a missile's line of fire",
    "long_tie": "A tied long-range pick goes to the target",
    "bow_arcs": "Bowmen shoot two shots a side a turn, one more with a tower",
    "ballista_medium": 'Ballista bands: short to 5", medium to 12", long to 20"',
    "fire_darts": {"off": "No ballista shoots fire darts", "on": "Every ballista shot is a fire dart",
                   "*": "The ballista shots of {v} are fire darts"},
    "wind": {"scenario": "The wind blows the way the scenario sets it",
             "roll": "The wind is rolled before turn 1: a d6, 1 blowing towards 0 and 60 more a pip",
             "*": "The wind blows towards {v}"},
    "wind_change": {"off": "The wind holds all game",
                    "roll": "The wind may change each turn after the first: 1 backs it 45, 6 veers it 45"},
    "rout_heading": "A routed ship heads for home, within 45 degrees of downwind",
    "rout_contact": {"block": "A router that meets a ship is stopped",
                     "ram": "A router that meets a ship bow first rams it"},
    "victory": "A side that has lost half the purchase points it started with is broken",
    "turn_limit": "The game ends after turn {v}; then the side whose enemy lost more wins",
    "scenario": {"default": "The battle is the default one, Carthage and Rome as at Mylae",
                 "*": "The battle is the scenario {v}"},
    "setup": {"fixed": "Ships start where the scenario puts them",
              "free": 'Each side places its own ships within 8" of its home edge, side B first'},
}


def _text(value: bool | int | float | str) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def house_rule(name: str, value: str) -> str:
    """One switch's rule in force, in the project's words."""
    told = HOUSE_RULE_TEXT[name]
    template = told if isinstance(told, str) else told.get(value, told.get("*", f"{name} {{v}}"))
    return template.format(v=value)


def house_rules(options: Options) -> tuple[str, ...]:
    """Every house rule of §22 once, in the project's words with its switch: first those set
    away from their defaults for this game (with the default named), then the rest."""
    default = Options()
    changed, standard = [], []
    for spec in SPECS:
        value, usual = _text(options.value(spec.name)), _text(default.value(spec.name))
        told = f"{house_rule(spec.name, value)} ({spec.section}"
        if value != usual:
            changed.append(f"{told}; {spec.name} = {value} for this game, the default is {usual}).")
        else:
            standard.append(f"{told}; {spec.name}).")
    return (*changed, *standard)


# --- the order template of the open round (§19), every line a comment to fill in

def _inches_of(eighths: int) -> str:
    return f'{eighths / 8:g}"'


def _tenths_within(eighths: int) -> str:
    """The longest distance of one decimal within a maximum in eighths (§6.1, G6)."""
    tenths = eighths * 10 // 8
    return f"{tenths // 10}" + (f".{tenths % 10}" if tenths % 10 else "")


def _gap(state: GameState, first: Ship, second: Ship) -> float:
    return footprint_distance(first.polygon(), second.polygon(), state.epsilon)


def _enemies_within(state: GameState, ship: Ship, reach: float) -> list[str]:
    near = sorted((_gap(state, ship, other), state.order_of(other.id), other.id)
                  for other in state.ships if other.side != ship.side and other.in_play)
    return [name for gap, _, name in near if gap <= reach + state.epsilon]


def _standing_lines(ship: Ship) -> list[str]:
    held = ship.standing
    return [f"# {ship.id}: STANCE {held.stance.upper()}    "
            f"(now: ONBREAK {held.onbreak.upper()}, ONSHEAR {held.onshear.upper()}, "
            f"LOSSES {', '.join(c.upper() for c in held.losses)})"]


def _move_lines(state: GameState, ship: Ship) -> list[str]:
    why = immobility(state, ship)
    row = state.row(ship)
    last = f"last move {MODE_NOTATION[ship.mode]} {ship.speed / 10:g}\""
    if why == GRAPPLED:
        linked = ", ".join(state.grappled_with(ship.id))
        return [f"# {ship.id} ({row.name}, {last}) is grappled to {linked}: it moves only with a "
                "BREAK line naming every one of them, and then only if it breaks free",
                f"# {ship.id}: BREAK {linked}"]
    if why == EMBEDDED:
        back = ship_maximum(state, ship, BACK)
        return [f"# {ship.id} ({row.name}) is embedded in {ship.embedded_in}: it may only BACK off, "
                f"up to {_inches_of(back)}, or STAY",
                f"# {ship.id}: BACK B{_tenths_within(back)}"]
    if why:
        return [f"# {ship.id} ({row.name}) is {why}: it takes no movement line this round"]
    reserve = reserve_of(state, ship)
    limited = state.options.fatigue_limit and reserve is not None
    allowed = [mode for mode in (RAM, CRUISE, STRATEGIC) if ladder_allows(ship.mode, mode)
               and not (limited and reserve is not None and reserve < FATIGUE_COST.get(mode, 0))]
    maxima = []
    for mode in allowed:
        top = ship_maximum(state, ship, mode)
        if mode == RAM:
            least = ship_maximum(state, ship, CRUISE) + 8
            if least <= top:
                maxima.append(f"RAM {_inches_of(least)} to {_inches_of(top)}")
        else:
            maxima.append(f"{MODE_NOTATION[mode]} up to {_inches_of(top)}")
    maxima.append(f"BACK up to {_inches_of(ship_maximum(state, ship, BACK))}")
    fatigue = "" if reserve is None else f", fatigue {reserve}"
    lines = [f"# {ship.id} ({row.name}, {last}{fatigue}): {'; '.join(maxima)}; {row.turns} pivots "
             f"of 1 to {state.options.turn_angle} degrees"]
    mode = CRUISE if CRUISE in allowed else allowed[0] if allowed else ""
    if mode:
        lines.append(f"# {ship.id}: {MODE_NOTATION[mode]} F{_tenths_within(ship_maximum(state, ship, mode))}")
    else:
        lines.append(f"# {ship.id}: STAY    (the ladder and its fatigue leave it only BACK or STAY)")
    if ship.crew.oar:
        lines.append(f"# {ship.id}: DUTY 1 DECK    (crewmen change duty at the end of the half)")
    elif ship.crew.deck and ship.crew.oar < row.oarbanks:
        lines.append(f"# {ship.id}: DUTY 1 OARS    (crewmen change duty at the end of the half)")
    return lines


def _combat_lines(state: GameState, ship: Ship, phasing: bool) -> list[str]:
    if not ship.in_play or ship.routed:
        return []
    lines = []
    if phasing:
        reach = grapple_reach(ship)
        near = [name for name in _enemies_within(state, ship, reach)
                if name not in state.grappled_with(ship.id)]
        if near and ship.crew.total:
            lines.append(f"# {ship.id}: GRAPPLE {', '.join(near)}")
        linked = [name for name in state.grappled_with(ship.id)
                  if state.require(name).side != ship.side]
        if (linked or near) and ship.crew.fighting:
            lines.append(f"# {ship.id}: MELEE {', '.join(linked or near)} PICK MAR, DECK")
        return lines
    shots = min(ship.crew.bowmen, 5 if ship.tower else 4)
    near = _enemies_within(state, ship, BOW_LONG)
    if shots and near:
        targets = (near * shots)[:shots]
        lines.append(f"# {ship.id}: BOW {', '.join(targets)} PICK MAR, BOW, DECK, OAR")
    far = _enemies_within(state, ship, BALLISTA_RANGE)
    if ship.loaded_ballistas(state.phase.turn) and ship.crew.deck and far:
        lines.append(f"# {ship.id}: BALLISTA {', '.join(far[:3])}")
    return lines


def _build_lines(state: GameState) -> list[str]:
    rows = [f"{row.name} {row.points} points, {row.oarbanks} oarbanks, crew up to {row.crew_maximum}"
            for row in class_table(state.options.special_ship).values()]
    return [f"# Build your fleet within {state.options.budget} points, one line a ship, in the "
            "order they are to be listed:",
            "# <ID>: <class> CREWMEN <n> <class> [OARS <n>] BOWMEN <n> <class> MARINES <n> <class> "
            "[TOWER] [BALLISTA <n>] [CORVUS | HARPAX] [ADMIRAL]",
            *(f"#   {row}" for row in rows),
            "# each elite crew type +1 point, each green -1; tower 1, each ballista 1, corvus or "
            "harpax 1",
            "# X1: trireme CREWMEN 4 regular OARS 3 BOWMEN 1 regular MARINES 2 regular ADMIRAL"]


def _setup_lines(state: GameState, side: str) -> list[str]:
    home = state.side(side).home
    placed, _ = place_unplaced(state.ships, state.side(side), state.table)
    lines = [f"# Set-up, one line a ship, <ID>: <x> <y> <heading>, every corner within "
             f"{SETUP_DEPTH:g}\" of the {home} edge, 1/4\" or more from your other ships; heading "
             f"{AWAY_HEADING[home]} faces away from it. A ship you leave out is placed as shown."]
    lines += [f"# {ship.id}: {ship.x:g} {ship.y:g} {ship.heading}" for ship in placed
              if ship.side == side and ship.placed]
    return lines + [line for ship in state.ships_of(side) if ship.status not in OFF_TABLE
                    for line in _standing_lines(ship)]


def order_template(state: GameState, side: str) -> tuple[str, ...]:
    """What a side may fill in for the open round, as comments to copy and change (§19):
    build lines, set-up places, each ship's moves with its maxima, BREAK, DUTY, fire, grapple
    and melee lines with the targets in reach, nearest first, and its standing orders, which
    may be sent in any round (§5.3). Empty when the side may send nothing."""
    kind, phasing = state.phase.kind, state.phasing
    if kind == BUILD:
        return tuple(_build_lines(state))
    mine = [ship for ship in state.ships if ship.side == side and ship.on_table]
    if kind == SETUP:
        if side != state.phase.side:
            waiting = [ship for ship in state.ships_of(side) if ship.status not in OFF_TABLE]
            return (f"# {state.phase.side} sets up; you may send standing orders",
                    *(line for ship in waiting for line in _standing_lines(ship)))
        return tuple(_setup_lines(state, side))
    if kind not in (MOVE, COMBAT):
        return ()
    round_ = state.phase.round
    if kind == MOVE and side == phasing:
        head = f"# Turn {state.phase.turn}, round {round_}: {side} moves (movement, BREAK, DUTY)"
    elif kind == MOVE:
        head = (f"# Turn {state.phase.turn}, round {round_}: {phasing} moves; you may send "
                "standing orders")
    elif side == phasing:
        head = f"# Turn {state.phase.turn}, round {round_}: {side} grapples and melees"
    else:
        head = f"# Turn {state.phase.turn}, round {round_}: {side} fires at {phasing}"
    lines = [head]
    for ship in mine:
        if ship.status not in ("afloat", "sinking"):
            continue
        if kind == MOVE and side == phasing:
            lines += _move_lines(state, ship)
        elif kind == COMBAT:
            lines += _combat_lines(state, ship, side == phasing)
        lines += _standing_lines(ship)
    return tuple(lines)


# --- pieces for tools (the JSON report's `pieces`) and their schema

def report_pieces(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every ship of a view as an object (PIECE_SCHEMA): place and corners (none off the
    table), crews by type, class and duty, equipment, ballistas loaded, status, move, fatigue,
    shears, countdown, links and standing orders."""
    turn = int(view.get("turn") or 0)
    out = []
    for sid, ship in (view.get("ships") or {}).items():
        on = ship.get("status") not in OFF_TABLE
        countdown = int(ship.get("countdown") or 0)
        out.append({
            "id": sid, "side": ship["side"], "name": ship.get("name", ""),
            "class": ship["class"], "status": ship["status"], "routed": bool(ship.get("routed")),
            "position": ({"x": ship["x"], "y": ship["y"], "heading": ship["heading"]}
                         if on else None),
            "corners": [list(corner) for corner in ship.get("corners") or []] if on else [],
            "crew": {"crewmen": {"count": ship["crewmen"], "class": ship["crewmen_class"],
                                 "oars": ship["oars"], "deck": ship["deck"]},
                     "bowmen": {"count": ship["bowmen"], "class": ship["bowmen_class"]},
                     "marines": {"count": ship["marines"], "class": ship["marines_class"]}},
            "equipment": {"tower": bool(ship.get("tower")), "ballistas": int(ship.get("ballistas") or 0),
                          "corvus": bool(ship.get("corvus")), "harpax": bool(ship.get("harpax")),
                          "admiral": bool(ship.get("admiral"))},
            "ballistas_loaded": loaded(ship, turn),
            "move": {"mode": ship["mode"], "speed": ship["speed"]},
            "fatigue": ship["fatigue"], "sheared": ship["sheared"],
            "countdown": ({"turns": countdown, "skip": bool(ship.get("countdown_skip"))}
                          if countdown else None),
            "links": {"grappled_with": list(ship.get("grappled_with") or []),
                      "embedded_in": ship.get("embedded_in") or None,
                      "last_melee": list(ship.get("last_melee") or [])},
            "standing": {"stance": ship["stance"], "onbreak": ship["onbreak"],
                         "onshear": ship["onshear"], "losses": list(ship["losses"])},
        })
    return out


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": list(properties),
            "properties": properties}


_COUNT = {"type": "integer", "minimum": 0}
_CREW_CLASS = {"enum": ["elite", "regular", "green"]}
_IDS = {"type": "array", "items": {"type": "string", "minLength": 1}}

PIECE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "A ram / cruise / strategic ship in the JSON report",
    **_object({
        "id": {"type": "string", "minLength": 1, "maxLength": 12},
        "side": {"type": "string", "minLength": 1},
        "name": {"type": "string"},
        "class": {"enum": ["monoreme", "bireme", "trireme", "quinquereme", "sixteen"]},
        "status": {"enum": ["afloat", "sinking", "sunk", "surrendered", "fled"]},
        "routed": {"type": "boolean"},
        "position": {"oneOf": [{"type": "null"}, _object({
            "x": {"type": "number"}, "y": {"type": "number"},
            "heading": {"type": "integer", "minimum": 0, "maximum": 359}})]},
        "corners": {"type": "array", "maxItems": 4, "items": {
            "type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}},
        "crew": _object({
            "crewmen": _object({"count": _COUNT, "class": _CREW_CLASS, "oars": _COUNT, "deck": _COUNT}),
            "bowmen": _object({"count": _COUNT, "class": _CREW_CLASS}),
            "marines": _object({"count": _COUNT, "class": _CREW_CLASS})}),
        "equipment": _object({"tower": {"type": "boolean"}, "ballistas": _COUNT,
                              "corvus": {"type": "boolean"}, "harpax": {"type": "boolean"},
                              "admiral": {"type": "boolean"}}),
        "ballistas_loaded": _COUNT,
        "move": _object({"mode": {"enum": ["strategic", "cruise", "ram", "back", "stay"]},
                         "speed": {"type": "number", "minimum": 0}}),
        "fatigue": _COUNT,
        "sheared": {"type": "integer", "minimum": 0, "maximum": 2},
        "countdown": {"oneOf": [{"type": "null"}, _object({
            "turns": {"type": "integer", "minimum": 1}, "skip": {"type": "boolean"}})]},
        "links": _object({"grappled_with": _IDS,
                          "embedded_in": {"type": ["string", "null"], "minLength": 1},
                          "last_melee": _IDS}),
        "standing": _object({"stance": {"enum": ["resist", "accept"]},
                             "onbreak": {"enum": ["resist", "accept"]},
                             "onshear": {"enum": ["grapple", "none"]},
                             "losses": {"type": "array", "minItems": 1, "items": {
                                 "enum": ["mar", "bow", "deck", "oar"]}}}),
    }),
}


def pieces_schema() -> dict[str, Any]:
    return PIECE_SCHEMA
