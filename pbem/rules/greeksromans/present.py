"""Greeks vs Romans report sections, order template, pieces for tools and the standing,
as the host's presenter asks for them. Nothing is hidden in this game (§15): every viewer
gets the same tables."""

from __future__ import annotations

from typing import Any

from pbem.rules.greeksromans.state import GameState
from pbem.rules.greeksromans.victory import standing as side_standing
from pbem.rules.interface import Section

ARCHERY_RANGE, CATAPULT_RANGE = 12.0, 18.0  # inches, footprint to footprint (§7, §9)


def _crew(ship: dict[str, Any]) -> str:
    """Sailors, marines and captain at a glance, then the extras."""
    text = f"{ship['sailors']} S, {ship['marines']} M, {'captain' if ship['captain'] else 'no captain'}"
    if ship.get("catapult"):
        text += ", catapult" + ("" if ship.get("catapult_crew") else " (no crew)")
    if ship.get("admiral"):
        text += ", admiral"
    return text


def _where(ship: dict[str, Any]) -> str:
    if ship["status"] in ("sunk", "left"):
        return {"sunk": "sunk", "left": "left the table"}[ship["status"]]
    return f"({ship['x']:.2f}, {ship['y']:.2f}) heading {ship['heading']}"


def _state(ship: dict[str, Any]) -> str:
    words = []
    if ship["status"] == "sinking":
        words.append("sinking")
    if ship["controller"] != ship["side"]:
        words.append(f"captured by {ship['controller']}")
    return ", ".join(words)


HEADERS = ("Ship", "Side", "Where", "Crew", "AP", "State")


def report_sections(view: dict[str, Any], viewer: str | None,
                    standing: dict[str, Any]) -> tuple[Section, ...]:
    """The viewer's ships first (a side's viewer), then the others, then victory."""
    ships = view["ships"]

    def row(sid: str, ship: dict[str, Any]) -> tuple[str, ...]:
        side = ship["side"] + (f" ({ship['nationality']})" if ship.get("nationality") else "")
        ap = str(ship["action_points"]) if ship.get("action_points") is not None else ""
        return (sid, side, _where(ship), _crew(ship), ap, _state(ship))

    sections = []
    if viewer is not None:
        own = tuple(row(sid, s) for sid, s in ships.items() if s["controller"] == viewer)
        if own:
            sections.append(Section("Your ships", HEADERS, own))
    others = tuple(row(sid, s) for sid, s in ships.items()
                   if viewer is None or s["controller"] != viewer)
    sections.append(Section("Other ships" if viewer else "Ships", HEADERS, others,
                            empty="none"))
    rows = tuple((side, f"losses {n['losses']} of {n['ships']} ships (broken at "
                        f"{n['broken_at']}); victory points {n['points']}")
                 for side, n in standing["sides"].items())
    sections.append(Section("Victory", ("Side", "Standing"), rows))
    return tuple(sections)


def standing(state: GameState) -> dict[str, Any]:
    """Each side's losses against the half that breaks it, and its victory points (§13)."""
    sides = {}
    for side in state.sides:
        counted = side_standing(state, side)
        sides[side] = {"ships": counted.ships, "losses": counted.losses,
                       "broken_at": (counted.ships + 1) // 2, "broken": counted.broken,
                       "points": counted.points}
    return {"rule": "losses", "turn_limit": state.options.turn_limit, "sides": sides}


def _distance(state: GameState, a: str, b: str) -> float:
    from pbem.rules.table import footprint_distance

    return footprint_distance(state.require(a).polygon(), state.require(b).polygon(),
                              state.epsilon)


def order_template(state: GameState, side: str, kind: str) -> tuple[str, ...]:
    """A line per ship the side may order: movement starting as STAY (safe to send back),
    its AP and what it can shoot at or board as comments, the attack lines commented out
    with their targets nearest first."""
    lines: list[str] = []
    if kind == "setup":
        lines.append("# Set-up: ID: x y heading (inches from the south-west corner; heading "
                     "in whole degrees clockwise from north). Lines left out keep the "
                     "places shown.")
    for ship in state.ships:
        if ship.controller != side or not ship.on_table:
            continue
        if kind == "setup":
            lines += [f"# {ship.id}: {ship.x:g} {ship.y:g} {ship.heading}", ""]
            continue
        enemies = sorted((_distance(state, ship.id, other.id), other.id)
                         for other in state.ships
                         if other.on_table and other.controller != side)
        ap = state.ap(ship.id)
        notes = [f"AP {ap}" if ap is not None else "AP: bonus + sailors",
                 "F<inches> costs 1 AP per 3\", B<inches> 1 AP per 2\", P<deg>/S<deg> 4 AP "
                 "(1-45)"]
        if ship.status == "sinking":
            notes = ["sinking: it cannot move, but may still shoot and board"]
        lines += [f"# {ship.id}: {note}" for note in notes]
        lines.append(f"{ship.id}: STAY")
        archers = [gid for d, gid in enemies if d <= ARCHERY_RANGE + state.epsilon]
        if ship.sailors >= 2 and archers:
            lines.append(f"# {ship.id}: ARCHERY {', '.join(archers[:3])}")
        if ship.working_catapult:
            targets = [gid for d, gid in enemies if d <= CATAPULT_RANGE + state.epsilon]
            if targets:
                lines.append(f"# {ship.id}: CATAPULT {', '.join(targets[:3])}")
        if ship.marines and enemies:
            near = [gid for d, gid in enemies if d <= 12.0]
            if near:
                lines.append(f"# {ship.id}: BOARD {', '.join(near[:3])}   "
                             "(needs contact when boarding comes)")
        lines.append("")
    return tuple(lines[:-1])


def pieces(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every ship as the JSON report gives it to tools (PIECE_SCHEMA)."""
    out = []
    for sid, ship in view["ships"].items():
        on = ship["status"] in ("afloat", "sinking")
        out.append({
            "id": sid, "side": ship["side"], "nationality": ship["nationality"],
            "controller": ship["controller"], "status": ship["status"],
            "position": ({"x": ship["x"], "y": ship["y"], "heading": ship["heading"]}
                         if on else None),
            "corners": [list(c) for c in ship["corners"]] if on else [],
            "crew": {"sailors": ship["sailors"], "marines": ship["marines"],
                     "captain": ship["captain"], "catapult_crew": ship["catapult_crew"],
                     "admiral": ship["admiral"]},
            "catapult": bool(ship["catapult"]),
            "action_points": ship.get("action_points"),
        })
    return out


PIECE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "A Greeks vs Romans ship in the JSON report",
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "side", "nationality", "controller", "status", "position", "corners",
                 "crew", "catapult", "action_points"],
    "properties": {
        "id": {"type": "string", "minLength": 1},
        "side": {"type": "string"},
        "nationality": {"enum": ["greek", "roman"]},
        "controller": {"type": "string"},
        "status": {"enum": ["afloat", "sinking", "sunk", "left"]},
        "position": {"oneOf": [
            {"type": "null"},
            {"type": "object", "additionalProperties": False, "required": ["x", "y", "heading"],
             "properties": {"x": {"type": "number"}, "y": {"type": "number"},
                            "heading": {"type": "integer", "minimum": 0, "maximum": 359}}}]},
        "corners": {"type": "array", "items": {
            "type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}},
        "crew": {"type": "object", "additionalProperties": False,
                 "required": ["sailors", "marines", "captain", "catapult_crew", "admiral"],
                 "properties": {name: {"type": "integer", "minimum": 0}
                                for name in ("sailors", "marines", "captain", "catapult_crew",
                                             "admiral")}},
        "catapult": {"type": "boolean"},
        "action_points": {"type": ["integer", "null"], "minimum": 0},
    },
}
