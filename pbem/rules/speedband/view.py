"""What each viewer may see of a speed-band game (rulings §4, plan §4): the state as plain data
for a side, an observer and the game master, and a phase's events as a side may see them.

    state_json(state) -> dict            # everything: the game master's view (and the cases')
    view(state, side | None) -> dict     # a side's view; None: an observer (the public view)
    full_view(state) -> dict             # = state_json
    view_events(state, events, side | None) -> list[dict]
    SECRET_COUNTS                        # the ship keys `secret_records` hides from others

A ship's row carries its type and tons, place and corners (0.01", G21), status, hull, rowers
per section and the lost sections, crews, officers lost, band (written this turn), last band
and speed, maximum band, per-turn marks, flight heading, links and standing orders. Speeds are
inches (negative when backing). Nothing in the state is an order of the open round, so a view
never shows one; a ship's standing orders (and its corvus work counters, which tell them) go
only to the side that owns it. With `secret_records` on, the counts of ships a viewer does not
own are left out (hull and lost sections stay open: plan §4, open question 4); an observer sees
no ship's counts. Events: the engines tell only what happened, and `hidden` drops what a side
may not read (a wish that never came into play, an enemy count) field by field; with
`secret_records` another side sees an enemy's shots that hit, not its misses (each die is one
factor, so counting the dice would count the archers). Imports only
the state and the table core's report rounding.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pbem.rules.events import Event
from pbem.rules.speedband.state import GameState, Ship
from pbem.rules.table import report_length, report_point

SECRET_COUNTS = ("archers", "soldiers", "officers", "officers_lost", "officers_lost_this_turn",
                 "ballistae", "rowers")
STANDING_KEYS = ("standing", "raise_count", "break_count")


def _tenths(value: int) -> float:
    """A speed in tenths of an inch as inches, or a value in tenths (0.6) as a number."""
    return value / 10


def ship_json(state: GameState, ship: Ship) -> dict[str, Any]:
    """Every fact of one ship (the case format's ship keys and more), nothing hidden."""
    x, y = report_point(ship.pose.centre)
    row = ship.row
    return {
        "side": ship.side, "owner": ship.owner, "controller": ship.controller,
        "player": ship.player or ship.side, "name": ship.name, "type": ship.type,
        "tons": row.tons, "length": row.length, "beam": row.beam, "turn_angle": row.turn_angle,
        "heavy": row.heavy, "status": ship.status, "x": x, "y": y, "heading": ship.heading,
        "corners": ([list(report_point(corner)) for corner in ship.polygon.corners]
                    if ship.on_table else []),
        "hull": ship.hull,
        "rowers": list(ship.rowers),
        "sections_lost": [k for k in range(1, len(ship.rowers) + 1) if ship.rowers[k - 1] == 0],
        "archers": ship.archers, "soldiers": ship.soldiers, "officers": ship.officers,
        "officers_lost": ship.officers_lost,
        "officers_lost_this_turn": ship.officers_lost_this_turn,
        "ballistae": ship.ballistae,
        "tower": ship.tower, "corvus": ship.corvus, "corvus_holds": ship.corvus_holds,
        "strengthened_bow": ship.strengthened_bow, "crew": ship.crew,
        "soldier_value": _tenths(ship.soldier_value),
        "archer_value": _tenths(ship.archer_value),
        "officer_value": _tenths(ship.officer_value),
        "band": ship.band, "written_speed": _tenths(ship.written_speed),
        "max_band": ship.max_band, "last_band": ship.last_band,
        "last_speed": _tenths(ship.last_speed), "changed_last_turn": ship.changed_last_turn,
        "activated": ship.activated, "dead_in_water": ship.dead_in_water,
        "ram_attempted": ship.ram_attempted, "cut_attempted": ship.cut_attempted,
        "flight_heading": ship.flight_heading,
        "grappled_with": list(state.linked_with(ship.id)),
        "raise_count": ship.raise_count, "break_count": ship.break_count,
        "standing": {"cut": ship.standing.cut, "melee": ship.standing.melee,
                     "losses": list(ship.standing.losses),
                     "raise": ship.standing.raise_corvus, "break": ship.standing.break_corvus},
    }


def _pairs(pairs: Iterable[tuple[str, str]]) -> list[list[str]]:
    return [list(pair) for pair in pairs]


def state_json(state: GameState) -> dict[str, Any]:
    """The whole state as plain data: the game master's view."""
    record = state.record
    return {
        "turn": state.phase.turn,
        "phase": state.phase.key,
        "round": state.phase.kind,
        "winner": state.winner if state.winner is not None else "",
        "scenario": state.scenario,
        "title": state.title,
        "table": {"width": report_length(state.table.width),
                  "height": report_length(state.table.height)},
        "options": state.options.as_json(),
        "secret_records": state.options.secret_records,
        "sides": list(state.sides),
        "players": [{"id": player.id, "side": player.side} for player in state.players],
        "ships": {ship.id: ship_json(state, ship) for ship in state.ships},
        "links": [{"first": link.first, "second": link.second, "kind": link.kind,
                   "thrower": link.thrower} for link in state.links],
        "fronts": [{"first": front.first, "second": front.second, "value": front.value}
                   for front in state.fronts],
        "fought_last_turn": _pairs(state.fought_last_turn),
        "record": {
            "activations": list(record.activations), "last_winner": record.last_winner,
            "grapples_tried": _pairs(record.grapples_tried),
            "cuts_tried": list(record.cuts_tried), "ram_locked": _pairs(record.ram_locked),
            "ram_involved": list(record.ram_involved), "fired": list(record.fired),
            "meleed": list(record.meleed), "revealed": _pairs(record.revealed)},
        "viewer": None,
        "hidden": [],
    }


def full_view(state: GameState) -> dict[str, Any]:
    """Everything, for the game master."""
    return state_json(state)


def counts_hidden(state: GameState, ship: Ship, side: str | None) -> bool:
    """Whether `side` (None: an observer) is kept from the ship's counts (`secret_records`)."""
    return state.options.secret_records and (side is None or ship.owner != side)


def view(state: GameState, side: str | None) -> dict[str, Any]:
    """The state as `side` sees it (None: an observer): other sides' standing orders and work
    counters left out, and with `secret_records` their counts (`hidden` lists those ships)."""
    data = state_json(state)
    data["viewer"] = side
    hidden = []
    for ship in state.ships:
        row = data["ships"][ship.id]
        if side is None or ship.owner != side:
            for key in STANDING_KEYS:
                del row[key]
        if counts_hidden(state, ship, side):
            for key in SECRET_COUNTS:
                del row[key]
            hidden.append(ship.id)
    data["hidden"] = hidden
    return data


# --- events as a side may see them

# Events about an order that never came into play, or a standing order: only the ship's side
# reads them (the field names the ship). A standing MELEE that lapsed, corvus work under a
# standing RAISE or BREAK, fire that fired nothing, a transfer that did not cross.
OWN_ONLY: Mapping[str, str] = {"melee_order_ended": "ship", "corvus_work": "ship",
                               "fire_refused": "ship"}

# With `secret_records`: per kind, each field that tells a ship's counts (or a number made from
# them) and the fields naming the ships whose sides may read it.
SECRET_FIELDS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "observe": {"officers_lost": ("ship",), "chance": ("ship",)},  # 50 + D - 10 x lost
    "cut": {"chance": ("ship",)},  # 5 x (archers + soldiers + officers)
    "shot": {"factor": ("ship",)},  # the firer's factor number tells how many it has (and
    # with secret records another side sees only the shots that hit: `_seen`)
    "missile_loss": {"lost": ("ship",), "left": ("ship",), "excess_to_rowers": ("ship",)},
    "transfer": {"count": ("ship",), "moved": ("ship",), "reason": ("ship",)},
    "melee_die": {"chance": ("ship",)},  # the fraction of M x P
    "melee_side": {"value": ("ship",), "casualties": ("ship", "against"),
                   "officer_kills": ("ship", "against")},
    "melee_losses": {name: ("ship",) for name in (
        "officers_killed", "archers", "soldiers", "officers", "archers_left", "soldiers_left",
        "officers_left")},
    "capture": {"prisoners": ("ship", "by")},
    "morale": {"officer": ("ship",), "officers": ("ship",), "total": ("ship",)},
}
# Kinds that tell no count: nothing to take out.
OPEN_KINDS = frozenset({
    "initiative", "activate", "announce", "ram_lapsed", "void", "avoided", "move", "blocked",
    "fled", "ram_no_contact", "grapple", "ram", "ram_damage", "sunk", "dead_in_water",
    "shear_side", "shear", "corvus_ended", "front_forgotten", "melee_round", "melee_none",
    "fought", "flee", "surrender", "victory", "corvus"})
# For a kind this module does not know: the fields that may name a ship, and the field names
# that may carry a count or a wish; these go when a ship named is not the viewer's.
SHIP_FIELDS = ("ship", "target", "rammer", "thrower", "other", "by", "against", "first",
               "second", "friend", "held", "corvus_ship", "nearest", "ships")
COUNT_WORDS = ("archers", "soldiers", "officers", "officer", "ballistae", "ballista", "rowers",
               "crew", "lost", "left", "value", "chance", "total", "prisoners", "count", "moved",
               "casualties", "kills", "excess")
WISH_WORDS = ("react", "reaction", "wish", "wishes", "grapples", "corvus_list", "targets")


def _commanders_at_start(state: GameState, events: Sequence[Event]) -> dict[str, str]:
    """Whose each ship was when the phase began: its owner now, except a prize taken in this
    phase, which was its own side's (prizes never change hands again, §2.2)."""
    owners = {ship.id.upper(): ship.owner for ship in state.ships}
    for item in events:
        if item.kind in ("capture", "surrender"):
            prize = state.ship(str(item.get("ship", "")))
            if prize is not None:
                owners[prize.id.upper()] = prize.side
    return owners


def _named(data: Mapping[str, Any], names: Iterable[str]) -> list[str]:
    found: list[str] = []
    for name in names:
        value = data.get(name)
        if isinstance(value, str) and value:
            found.append(value)
        elif isinstance(value, list | tuple):
            found.extend(item for item in value if isinstance(item, str))
    return found


def _reads(owners: Mapping[str, str], side: str | None, ships: Iterable[str]) -> bool:
    """Whether `side` may read what belongs to any of these ships."""
    return side is not None and any(owners.get(ship.upper()) == side for ship in ships)


def _word_in(name: str, words: Sequence[str]) -> bool:
    parts = name.lower().split("_")
    return name.lower() in words or any(part in words for part in parts)


def _unknown(data: dict[str, Any], owners: Mapping[str, str], side: str | None,
             secret: bool) -> dict[str, Any]:
    # A kind not listed here: every count-like field (with `secret_records`) and every
    # wish-like field goes unless the viewer owns every ship the event names.
    named = [ship for ship in _named(data, SHIP_FIELDS) if ship.upper() in owners]
    if side is not None and all(owners.get(ship.upper()) == side for ship in named):
        return data
    return {key: value for key, value in data.items() if key == "kind" or not (
        _word_in(key, WISH_WORDS) or (secret and _word_in(key, COUNT_WORDS)))}


def _seen(data: dict[str, Any], owners: Mapping[str, str], side: str | None,
          secret: bool) -> dict[str, Any] | None:
    kind = str(data.get("kind"))
    if kind in OWN_ONLY:
        return data if _reads(owners, side, _named(data, (OWN_ONLY[kind],))) else None
    if kind == "transfer" and not data.get("moved"):
        return data if _reads(owners, side, _named(data, ("ship",))) else None
    if kind == "shot" and secret and not data.get("hit") and not _reads(owners, side,
                                                                       _named(data, ("ship",))):
        return None  # each d100 is one factor: counting the misses would count the firers
    if kind in SECRET_FIELDS:
        if not secret:
            return data
        return {key: value for key, value in data.items()
                if key not in SECRET_FIELDS[kind]
                or _reads(owners, side, _named(data, SECRET_FIELDS[kind][key]))}
    if kind in OPEN_KINDS:
        return data
    return _unknown(data, owners, side, secret)


def _last_morale_only(shown: list[dict[str, Any]], owners: Mapping[str, str],
                      side: str | None) -> list[dict[str, Any]]:
    # One morale roll is made per officer lost this turn (§14.1), so their number would tell
    # an enemy's officer losses: a side sees only the last roll of a ship it does not own.
    last: dict[str, int] = {}
    for index, data in enumerate(shown):
        if data.get("kind") == "morale" and not _reads(owners, side, _named(data, ("ship",))):
            last[str(data.get("ship"))] = index
    return [data for index, data in enumerate(shown)
            if data.get("kind") != "morale" or str(data.get("ship")) not in last
            or last[str(data.get("ship"))] == index]


def view_events(state: GameState, events: Sequence[Event], side: str | None) -> list[dict[str, Any]]:
    """A phase's events as `side` may see them (None: an observer); `state` is the state after
    them. Events about an order that never came into play or a standing order go only to the
    ship's side; with `secret_records` the fields telling another side's counts are left out
    of the data (not only out of the text), and a side sees only the last morale roll of a
    ship it does not own."""
    secret = state.options.secret_records
    owners = _commanders_at_start(state, events)
    shown = []
    for item in events:
        data = _seen(item.as_dict(), owners, side, secret)
        if data is not None:
            shown.append(data)
    return _last_morale_only(shown, owners, side) if secret else shown
