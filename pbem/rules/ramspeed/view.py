"""The state as plain data (the JSON of rules/cases.md)."""

from __future__ import annotations

from typing import Any

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
