"""Wooden Walls reports as the host's presenter asks for them (build plan §9.3, §6): the report's
tables from a view, and how the sides stand toward victory (§18).

    report_sections(view, viewer, standing) -> tuple[Section, ...]
    standing(state) -> dict                  # §18 losses, public numbers only

The tables are read from a view (`sideview.view` or `sideview.full_view`), never from the state,
so a quality the view hides (None) is written "hidden", and the deck shows only the cards turned
(the view holds no other, §16). The viewer's own ships come first. Each line's fate is
`fates`', the house rules `houserules`', the pieces for tools `pieces`'. `standing` counts §18's
losses itself (a hulk, a ship fled or one the enemy controls), public facts all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.rules.interface import Section
from pbem.rules.woodenwalls.rounds import OVER
from pbem.rules.woodenwalls.state import FLED, HULK, GameState, Ship

SHIP_HEADERS = ("Ship", "Side", "Type", "Where", "Heading", "Speed", "Maximum", "Status",
                "Quality", "Ram", "Flag")
ELEMENT_HEADERS = ("Ship", "Area", "Side", "Kind", "Grade", "Kit", "Count")
DAMAGE_HEADERS = ("Ship", "Holes", "Holes added", "Fires", "Oars lost", "Oars shipped",
                  "Steering oars lost")
LINK_HEADERS = ("Ship", "Links")
SIDE_HEADERS = ("Side", "Ships at start", "Afloat", "Lost", "Broken at", "Broken")
HIDDEN = "hidden"
NONE = "none"
SPEED_WORDS = {"B": "backing", 0: "stopped", "0": "stopped"}


def _in_order(ships: Mapping[str, dict[str, Any]],
              viewer: str | None) -> list[tuple[str, dict[str, Any]]]:
    """The viewer's ships (those it controls) first, then the rest, each in scenario order."""
    items = list(ships.items())
    return ([item for item in items if item[1].get("controller") == viewer]
            + [item for item in items if item[1].get("controller") != viewer])


def _sl(value: Any) -> str:
    return f"{float(value):.2f}"


def _where(ship: Mapping[str, Any]) -> str:
    if ship.get("status") == FLED or ship.get("removed"):
        return "off the table"
    return f"({_sl(ship.get('x', 0))}, {_sl(ship.get('y', 0))})"


def _heading(ship: Mapping[str, Any]) -> str:
    if ship.get("status") == FLED or ship.get("removed"):
        return ""
    return f"{float(ship.get('heading', 0)):g}"


def _speed(value: Any) -> str:
    if value is None:
        return ""
    word = SPEED_WORDS.get(value)
    return f"{value} ({word})" if word else str(value)


def _status(ship: Mapping[str, Any]) -> str:
    words = [str(ship.get("status", ""))]
    if ship.get("hulk_reason"):
        words[0] += f" ({str(ship['hulk_reason']).replace('_', ' ')})"
    controller = ship.get("controller")
    if controller and controller != ship.get("side"):
        words.append(f"held by {controller}")
    if ship.get("confused"):
        words.append("confused")
    return ", ".join(words)


def _quality(ship: Mapping[str, Any]) -> str:
    quality = ship.get("quality")
    return str(quality) if quality else HIDDEN


def _ram(ship: Mapping[str, Any]) -> str:
    return "yes" if ship.get("ram") else "lost"


def _flag(ship: Mapping[str, Any]) -> str:
    return str(ship.get("flag") or NONE).replace("_", " ")


def _listed(values: Sequence[Any] | None) -> str:
    return " ".join(str(value) for value in values or ()) or NONE


def _fires(ship: Mapping[str, Any]) -> str:
    fires = ship.get("fires") or {}
    burning = [f"{area} {level}" for area, level in fires.items() if level]
    return ", ".join(burning) or NONE


def _kit(element: Mapping[str, Any]) -> str:
    words = [word for key, word in (("armour", "armoured"), ("shield", "shielded"))
             if element.get(key)]
    if element.get("missile"):
        words.append(str(element["missile"]))
    return ", ".join(words) or "-"


def _element_rows(ship_id: str, ship: Mapping[str, Any]) -> list[tuple[str, ...]]:
    """One row per area, side, kind, grade and kit, with its count, in the order first held."""
    counted: Counter[tuple[str, str, str, str, str]] = Counter()
    for element in ship.get("elements") or ():
        counted[(str(element.get("area")), str(element.get("side")), str(element.get("kind")),
                 str(element.get("grade") or "-"), _kit(element))] += 1
    return [(ship_id, *key, str(count)) for key, count in counted.items()]


def _links(ship_id: str, entries: Sequence[str]) -> str:
    """The view's link texts ("grapple A>B 1", "ram A>B", "corvus A>B") naming the ship."""
    mine = []
    for entry in entries:
        words = str(entry).split()
        ends = words[1].split(">") if len(words) > 1 else []
        if ship_id in ends:
            mine.append(str(entry))
    return "; ".join(mine) or NONE


def _wind(view: Mapping[str, Any]) -> Section:
    wind = str(view.get("wind") or "")
    strength, _, heading = wind.partition("@")
    rows = ((strength, heading),) if wind else ()
    return Section("Wind", ("Strength", "Blowing towards"), rows, empty="not yet set")


def _cards(view: Mapping[str, Any]) -> Section:
    """The cards turned so far this round by leg (the view holds no card not yet turned)."""
    legs = view.get("legs") or []
    rows = tuple((name, " ".join(str(card) for card in cards) or NONE)
                 for name, cards in zip("ABC", legs, strict=False) if cards)
    return Section("Cards turned this round", ("Leg", "Cards"), rows, empty="none yet")


def _when(numbers: Mapping[str, Any]) -> str:
    """"round 2 of 8", or once the game is over who won ("the game is over: rhodes won")."""
    if not numbers.get("over"):
        return f"round {numbers.get('round', '')} of {numbers.get('round_limit', '')}"
    winner = str(numbers.get("winner") or "")
    if winner == "draw":
        return "the game is over: a draw"
    return f"the game is over: {winner} won" if winner else "the game is over"


def _sides(numbers: Mapping[str, Any]) -> Section:
    rows = []
    for side, counted in (numbers.get("sides") or {}).items():
        rows.append((str(side), str(counted.get("start", "")), str(counted.get("afloat", "")),
                     str(counted.get("lost", "")), str(counted.get("breaking_point", "")),
                     "yes" if counted.get("broken") else "no"))
    title = "Sides (victory by losses, §18): " + _when(numbers)
    return Section(title, SIDE_HEADERS, tuple(rows), empty="none")


def report_sections(view: dict[str, Any], viewer: str | None,
                    standing_numbers: Mapping[str, Any]) -> tuple[Section, ...]:
    """Ships (place to 0.01 SL, heading, speed and maximum, status, quality own or revealed
    else "hidden", ram, flag), elements by area and side, damage (holes original and added,
    fires by area, oars lost and shipped, steering oars), links, the wind, the cards turned
    this round by leg, and the sides against §18's break point (plan §9.3, §6)."""
    ships = _in_order(view.get("ships") or {}, viewer)
    links = [str(entry) for entry in view.get("links") or ()]
    ship_rows = tuple((sid, str(s.get("side", "")), str(s.get("type", "")), _where(s),
                       _heading(s), _speed(s.get("speed")), str(s.get("max_speed", "")),
                       _status(s), _quality(s), _ram(s), _flag(s))
                      for sid, s in ships)
    element_rows = tuple(row for sid, s in ships for row in _element_rows(sid, s))
    damage_rows = tuple((sid, _listed(s.get("holes")), _listed(s.get("added")), _fires(s),
                         _listed(s.get("oars_lost")), _listed(s.get("shipped")),
                         _listed(s.get("steering_lost")))
                        for sid, s in ships)
    link_rows = tuple((sid, _links(sid, links)) for sid, _ in ships
                      if _links(sid, links) != NONE)
    return (
        Section("Ships", SHIP_HEADERS, ship_rows, empty="none"),
        Section("Elements by area", ELEMENT_HEADERS, element_rows, empty="none"),
        Section("Holes, fires and oars", DAMAGE_HEADERS, damage_rows, empty="none"),
        Section("Links", LINK_HEADERS, link_rows, empty="none"),
        _wind(view),
        _cards(view),
        _sides(standing_numbers),
    )


def lost(ship: Ship) -> bool:
    """§18: a ship is lost to its starting side when a hulk, fled, or enemy-controlled (a
    recaptured ship is not; standing off is not)."""
    return ship.status in (HULK, FLED) or ship.owner != ship.side


def standing(state: GameState) -> dict[str, Any]:
    """Each side's ships at the start, afloat under its own control, lost (§18), the losses at
    which it is broken (half its starting ships, rounded up) and whether it has reached them
    (broken is judged at the end of a SinkOrSwim only; this says whether the count is there),
    with the round, the round limit, whether the game is over and its winner. Public:
    statuses and controllers are open (§16)."""
    sides = {}
    for side in state.sides:
        start = state.starting_ships(side)
        losses = sum(1 for ship in state.ships if ship.side == side and lost(ship))
        afloat = sum(1 for ship in state.ships if ship.owner == side and ship.afloat)
        point = (start + 1) // 2
        sides[side] = {"start": start, "afloat": afloat, "lost": losses,
                       "breaking_point": point, "broken": start > 0 and losses >= point}
    return {"rule": state.options.victory, "round": state.phase.round,
            "round_limit": state.options.round_limit, "over": state.phase.kind == OVER,
            "winner": state.winner, "sides": sides}
