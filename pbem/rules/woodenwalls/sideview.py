"""What each viewer may see of a Wooden Walls game (rulings §16; build plan §6).

Crew quality is the only hidden fact of a ship: a side sees its own ships' qualities and an enemy
ship's once it is revealed (for good); an observer sees no quality at all, revealed or not (plan
§11 q. 52); the game master sees everything (`full_view`, the whole `view.state_json`). The deck is
hidden until each card is turned: a view holds the cards turned so far, grouped by their legs,
never the cards to come (nor the shuffle's dice, which would give their order). Everything else
is public: positions, headings, speeds and maximum speeds (they depend on no quality), elements,
holes, fires, oars, links, flags, wind.

Events pass through `view_events`: a shuffle shows only that the deck was shuffled; an event
about a ship whose quality the viewer does not know loses every field that would show it (the
quality itself, a target number, a die type chosen by quality, a turn limit or allowance: §4.3's
limits depend on FR and Poor). Rolls that depend on quality reveal the ship before the event is
written, so those fields are kept for every side once a roll has been made.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pbem.rules.events import Event
from pbem.rules.woodenwalls.cards import LEG_NAMES, split_legs
from pbem.rules.woodenwalls.state import GameState, Ship
from pbem.rules.woodenwalls.view import state_json

# Ship fields of a view that show a crew's quality.
QUALITY_FIELDS = ("quality", "quality_assigned")
# Event fields that show (or let one work out) a crew's quality.
EVENT_QUALITY_FIELDS = frozenset({
    "quality", "needs", "target_number", "die_type", "sides", "limit",
    "allowance", "turn_limit", "pivot_limit", "limits", "modifiers"})
HIDDEN_DECK_FIELDS = ("deck", "legs", "dice", "rolls", "swaps")
# Kinds that tell how a side's own line fared (clamped, failed): the other sides see only that
# something of the kind happened to the ship.
OWN_ORDER_KINDS = frozenset({"clamp", "failed"})
# Kinds whose `target` is a target number (a seamanship test), not a ship.
TEST_KINDS = frozenset({"save", "morale", "claim", "cut", "disengage"})


def knows_quality(state: GameState, viewer: str | None, ship: Ship) -> bool:
    """Whether `viewer` (a side, or None for an observer) knows the ship's crew quality."""
    if viewer is None:
        return False
    return ship.owner == viewer or ship.side == viewer or ship.revealed


def _commands(ship: Ship, viewer: str | None) -> bool:
    return viewer is not None and viewer == ship.owner


def legs_seen(state: GameState) -> list[list[str]]:
    """The cards turned so far, grouped by leg (a leg's cards to come left out)."""
    if not state.round.deck:
        return []
    turned = set(state.round.cards_turned)
    legs = split_legs(state.round.deck)
    seen = [[card for card in legs.leg(name) if card in turned] for name in LEG_NAMES]
    while seen and not seen[-1]:
        seen.pop()
    return seen


def view(state: GameState, viewer: str | None) -> dict[str, Any]:
    """The state as `viewer` (a side; None an observer) may see it."""
    found = state_json(state)
    found["deck"] = list(state.round.cards_turned)
    found["legs"] = legs_seen(state)
    ships: dict[str, Any] = found["ships"]
    for ship in state.ships:
        if not knows_quality(state, viewer, ship):
            entry = ships[ship.id]
            for key in QUALITY_FIELDS:
                entry[key] = None
    found["viewer"] = viewer
    return found


def full_view(state: GameState) -> dict[str, Any]:
    """Everything, for the game master: the deck in full and every quality."""
    found = state_json(state)
    found["viewer"] = "gm"
    return found


def view_event(state: GameState, made: Event, viewer: str | None) -> dict[str, Any]:
    """One event as `viewer` may read it."""
    found = made.as_dict()
    if made.kind == "shuffle":
        for key in HIDDEN_DECK_FIELDS:
            found.pop(key, None)
        return found
    ship_id = found.get("ship") if isinstance(found.get("ship"), str) else None
    ship = state.ship(ship_id) if ship_id else None
    failed_shot = made.kind == "shot" and bool(found.get("failed"))
    if (made.kind in OWN_ORDER_KINDS or failed_shot) and ship is not None \
            and not _commands(ship, viewer):
        # How an enemy's line was clamped or why it failed shows its order (orders are hidden
        # while the game runs) and, for a clamped turn, its turn limit (§16).
        return {"kind": made.kind, "ship": ship.id, **({"failed": True} if failed_shot else {})}
    if ship is not None and not knows_quality(state, viewer, ship):
        for key in EVENT_QUALITY_FIELDS:
            found.pop(key, None)
        if made.kind in TEST_KINDS:
            found.pop("target", None)
    return found


def view_events(state: GameState, events: Iterable[Event], viewer: str | None,
                game_master: bool = False) -> list[dict[str, Any]]:
    """The phase's events as `viewer` may read them (the game master reads them whole)."""
    if game_master:
        return [made.as_dict() for made in events]
    return [view_event(state, made, viewer) for made in events]


__all__ = ["full_view", "knows_quality", "legs_seen", "view", "view_event", "view_events"]
