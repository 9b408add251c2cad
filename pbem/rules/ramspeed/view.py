"""The state as plain data (the JSON of rules/cases.md)."""

from __future__ import annotations

from typing import Any

from pbem.rules.events import Event
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.state import Galley, GameState
from pbem.rules.ramspeed.tables import Tables, default_tables


def galley_json(galley: Galley, tables: Tables | None = None) -> dict[str, Any]:
    tables = tables or default_tables()
    adrift = galley.adrift(tables)
    return {
        "side": galley.side,
        "controller": galley.owner,
        "type": galley.type,
        "status": galley.status,
        "captured": galley.captured,
        "bow": None if galley.bow is None else hexes.label(galley.bow),
        "facing": None if galley.facing is None else hexes.FACINGS[galley.facing],
        "hexes": [hexes.label(h) for h in galley.hexes(tables)],
        "hull_damage": galley.hull_damage,
        "rowing_damage": galley.rowing_damage,
        "movement_allowance": 0 if adrift else galley.base_ma(tables),
        "drifting": galley.drifting,
        "adrift": adrift,
        "boarding_parties": galley.boarding_parties,
        "weapons": [{"type": w.type, "damage": w.damage} for w in galley.weapons],
        "grappled_with": sorted(galley.grappled_with),
        "double_used": galley.double_used,
        "triple_used": galley.triple_used,
        "merchantman": galley.merchantman,
    }


def state_json(state: GameState, phase: str, tables: Tables | None = None) -> dict[str, Any]:
    return {
        "turn": state.turn,
        "phase": phase,
        "initiative": state.initiative,
        "winner": state.winner,
        "galleys": {g.id: galley_json(g, tables) for g in state.galleys},
    }


# What secret records (4.3, rulings §11) keep from the other side: the ship record sheet.
RECORD_FIELDS = ("weapons", "boarding_parties", "hull_damage", "rowing_damage",
                 "movement_allowance", "double_used", "triple_used")


def side_view(state: GameState, side: str | None, tables: Tables | None = None) -> dict[str, Any]:
    """The state as `side` may see it (None: a neutral observer). With secret records on,
    the record-sheet fields of galleys the viewer does not control are absent."""
    view = state_json(state, "", tables)
    del view["phase"]
    if state.option("secret_records"):
        for galley in state.galleys:
            if side is None or galley.owner != side:
                record = view["galleys"][galley.id]
                for name in RECORD_FIELDS:
                    del record[name]
    return view


def _owner(state: GameState, galley_id: Any) -> str | None:
    galley = state.galley(str(galley_id)) if galley_id else None
    return galley.owner if galley is not None else None


def _commanders_at_start(events: tuple[Event, ...], state: GameState) -> dict[str, str]:
    """Who commanded each galley when the phase began: the state's commanders with the
    phase's captures undone, last first (12.4; a game has two sides)."""
    commanders = {galley.id.upper(): galley.owner for galley in state.galleys}
    for item in reversed(events):
        prize = state.galley(str(item["target"])) if item.kind == "capture" else None
        if prize is None:
            continue
        if prize.side != item["side"]:
            commanders[prize.id.upper()] = prize.side
        else:  # taken back: it served the other side until then
            commanders[prize.id.upper()] = next(
                (s for s in state.sides() if s != prize.side), prize.side)
    return commanders


def _private(kind: str, data: dict[str, Any], state: GameState, side: str | None,
             records: bool, locations: bool, start: dict[str, str]) -> dict[str, Any] | None:
    """The event as `side` may see it, or None when it may not see it at all. Whose secret a
    figure is goes by who commanded the galley when the phase began (`start`): a prize taken
    in the phase does not tell its captor what it hid while it was the enemy's."""
    def commander(galley_id: Any) -> str | None:
        return start.get(str(galley_id).upper(), _owner(state, galley_id)) if galley_id else None

    mover = commander(data.get("galley"))
    if kind == "hit":  # data["galley"] is the galley hit
        if side is not None and side == mover:
            return data
        if locations or side is None and records:
            return {k: v for k, v in data.items() if k in ("kind", "galley", "by", "weapon")}
        if records:
            data = {k: v for k, v in data.items()
                    if k not in ("location_rolls", "destroyed", "damage")}
            data["location"] = str(data["location"]).split(":")[0]
        return data
    if not records:
        return data
    if kind in ("ram", "shear") and side is None:
        return {k: v for k, v in data.items() if k != "damage"}
    if kind == "move" and side != mover:
        return {k: v for k, v in data.items() if k not in ("spent", "allowance")}
    if kind == "halt" and side != mover:
        return {k: v for k, v in data.items() if k != "reason"}
    if kind == "board":
        if side is None:
            return {k: v for k, v in data.items() if k not in ("parties", "kills", "defenders")}
        target = commander(data.get("target"))
        hidden = {"parties"} if side != mover else set()  # each count is its owner's secret
        hidden |= {"defenders"} if side != target else set()
        return {k: v for k, v in data.items() if k not in hidden}
    if kind == "capture" and side != mover:
        return {k: v for k, v in data.items() if k != "parties"}
    if kind == "transfer" and side != mover:
        return None  # the order of the side that commanded the giver (a prize changes hands)
    if kind in ("refused",) and side != data.get("side"):
        return None
    return data


def side_events(events: tuple[Event, ...], state: GameState,
                side: str | None) -> list[dict[str, Any]]:
    """The events of a phase as `side` may see them (None: a neutral observer), under the
    game's secret records and secret hit locations options (rulings §11). Hidden fields are
    left out of the data, not just out of the text."""
    records = state.option("secret_records")
    locations = state.option("secret_hit_locations")
    start = _commanders_at_start(events, state)
    shown = []
    for item in events:
        data = _private(item.kind, item.as_dict(), state, side, records, locations, start)
        if data is not None:
            shown.append(data)
    return shown
