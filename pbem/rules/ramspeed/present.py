"""Ram Speed's report sections and order template, as the host's presenter asks for them:
tables of text with headers, made from a view (what the view leaves out cannot reach a
report)."""

from __future__ import annotations

from typing import Any

from pbem.rules.interface import Section
from pbem.rules.ramspeed.tables import ScenarioSide, Tables, default_tables


def _where(galley: dict[str, Any]) -> str:
    if galley["status"] == "afloat" and galley.get("bow") is None:
        return "not placed yet"
    if galley["status"] == "afloat":
        return f"{galley['bow']} {galley['facing']}"
    return str(galley["status"]).replace("_", " ")


def _state(galley: dict[str, Any]) -> str:
    flags = [f for f in ("drifting", "adrift", "captured") if galley.get(f)]
    if galley["grappled_with"]:
        flags.append("grappled with " + ", ".join(galley["grappled_with"]))
    return "; ".join(flags)


def _weapons(galley: dict[str, Any]) -> str:
    return ", ".join(w["type"] + (f" ({w['damage']} damage)" if w["damage"] else "")
                     for w in galley["weapons"]) or "none"


def _own_row(gid: str, galley: dict[str, Any]) -> tuple[str, ...]:
    kind = default_tables().galleys[galley["type"]]
    return (gid, galley["type"], _where(galley), str(galley["movement_allowance"]),
            f"{galley['hull_damage']}/{kind.sink}", f"{galley['rowing_damage']}/{kind.drift}",
            _weapons(galley), str(galley["boarding_parties"]),
            f"{3 - galley['double_used']}/{0 if galley['triple_used'] else 1}", _state(galley))


def _known(galley: dict[str, Any]) -> str:
    """The parts of another galley's record the viewer may see."""
    if "hull_damage" not in galley:
        return ""
    kind = default_tables().galleys[galley["type"]]
    weapons = ", ".join(w["type"] for w in galley["weapons"]) or "none"
    return ", ".join([f"hull {galley['hull_damage']}/{kind.sink}",
                      f"rowing {galley['rowing_damage']}/{kind.drift}",
                      f"MA {galley['movement_allowance']}",
                      f"parties {galley['boarding_parties']}", f"weapons {weapons}"])


def _other_row(gid: str, galley: dict[str, Any]) -> tuple[str, ...]:
    side = galley["side"]
    if galley["controller"] != side:
        side += f" (held by {galley['controller']})"
    return (gid, side, galley["type"], _where(galley), _state(galley), _known(galley))


def _victory(standing: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    """The rules' own counts (victory.standing), in words."""
    if standing["rule"] == "convoy":
        edges = " or ".join(standing["exit_edges"])
        return ((standing["convoy"],
                 f"merchantmen escaped {standing['escaped']} of {standing['needed']} needed "
                 f"(off the {edges} edge within {standing['exit_range']} hexes of 0101)"),
                (" and ".join(standing["raiders"]),
                 f"merchantmen sunk or taken {standing['sunk_or_taken']} of "
                 f"{standing['needed']} needed"))
    return tuple((side, f"has sunk or taken {n['taken']} of the {n['of']} points of enemy "
                        f"galleys; {n['needed']} wins")
                 for side, n in standing["sides"].items())


OWN_HEADERS = ("Galley", "Type", "Where", "MA", "Hull", "Rowing", "Weapons", "Parties",
               "Double/triple left", "State")
OTHER_HEADERS = ("Galley", "Side", "Type", "Where", "State", "Known record")


def report_sections(view: dict[str, Any], viewer: str | None,
                    standing: dict[str, Any]) -> tuple[Section, ...]:
    """Your galleys (a side's viewer only), the others, and how each side stands."""
    galleys = view["galleys"]
    sections = []
    if viewer is not None:
        own = tuple(_own_row(gid, g) for gid, g in galleys.items() if g["controller"] == viewer)
        if own:
            sections.append(Section("Your galleys", OWN_HEADERS, own))
    others = tuple(_other_row(gid, g) for gid, g in galleys.items()
                   if viewer is None or g["controller"] != viewer)
    sections.append(Section("Other galleys" if viewer else "Galleys", OTHER_HEADERS, others,
                            empty="none"))
    sections.append(Section("Victory", ("Side", "Standing"), _victory(standing),
                            empty="no galleys built yet"))
    return tuple(sections)


def order_template(kind: str, hints: dict[str, list[str]],
                   examples: dict[str, str] | None = None) -> tuple[str, ...]:
    """Order lines pre-filled for every galley, its options as comments above. Movement lines
    start as STAY (safe to send back as they are); set-up and combat lines start commented
    out: delete the '# ' to give them. A set-up line shows a legal placement (`examples`:
    one that fits with all the others) instead of the bare syntax."""
    examples = examples or {}
    lines: list[str] = []
    if kind == "setup":
        lines += ["# Set-up: ID: bow hex (column and row, four digits) and facing "
                  "(E SE SW W NW NE).",
                  "# The lines below place every galley legally, as an example: delete the "
                  "'# ' to use one, or write your own.", ""]
    for gid, notes in hints.items():
        *comments, start = notes
        lines.extend(f"# {gid}: {note}" for note in comments)
        if kind == "movement":
            lines.append(f"{gid}: {start}")
        elif start:
            lines.append(f"# {gid}: {examples.get(gid, start)}")
        lines.append("")
    return tuple(lines[:-1])


def _half(halves: int) -> str:
    return f"{halves // 2}½" if halves % 2 and halves > 1 else "½" if halves == 1 \
        else str(halves // 2)


def build_template(side: ScenarioSide | None, tables: Tables,
                   zones: str = "") -> tuple[str, ...]:
    """The build phase's template: the side's budget or fixed forces, what each galley type,
    weapon and boarding party costs and takes of a galley's room, and an example line."""
    lines = ["# Build: one line per galley: ID: type [weapons] [n bp]. IDs are yours to "
             "choose (1 to 12 letters, digits or hyphens)."]
    if side is not None and side.forces:
        forces = ", ".join(
            f"{force.count} " + ("merchant" if force.merchantman else force.type)
            + ("men" if force.merchantman and force.count > 1 else "man" if force.merchantman
               else "" if force.count == 1 else "s") for force in side.forces)
        lines.append(f"# Your side builds exactly: {forces}.")
    if side is not None and side.budget is not None:
        lines.append(f"# Budget: {side.budget} Build Points, counted line by line: a line "
                     "that would pass it is refused.")
    lines.append("# Galleys: " + "; ".join(
        f"{name} {kind.cost} BP, room {kind.capacity}, MA {kind.movement_allowance}"
        for name, kind in tables.galleys.items()) + ".")
    lines.append("# On board: " + "; ".join(
        f"{name} {kind.cost} BP, room {_half(kind.halves)}"
        for name, kind in tables.weapons.items())
        + f"; boarding party (bp) {tables.party_cost} BP, room {_half(tables.party_halves)}.")
    convoy = side is not None and any(force.merchantman for force in side.forces)
    if convoy:
        lines.append("# Convoy: merchantmen carry at most 4 BP of weapons and parties each, "
                     "quinqueremes at most 20 BP each.")
    example = "C1: merchantman archer bp" if convoy else "A: trireme catapult archer 2 bp"
    if zones:
        lines.append(f"# Set-up follows the build: {zones}.")
    lines += ["# For example (delete the '# ' to build it):", f"# {example}"]
    return tuple(lines)


def _position(galley: dict[str, Any]) -> dict[str, str] | None:
    if galley.get("bow") is None:
        return None
    return {"hex": galley["bow"], "facing": galley["facing"]}


def pieces(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every galley of a view as the JSON report gives it to tools (pieces.schema.json):
    the position as an object, damage against its thresholds as numbers, weapons as
    objects; a record the view hides is left out, not guessed."""
    out = []
    tables = default_tables()
    for gid, galley in view["galleys"].items():
        kind = tables.galleys[galley["type"]]
        piece: dict[str, Any] = {
            "id": gid, "side": galley["side"], "controller": galley["controller"],
            "type": galley["type"], "status": galley["status"],
            "position": _position(galley), "hexes": list(galley.get("hexes", [])),
            "merchantman": bool(galley.get("merchantman")),
            "drifting": bool(galley.get("drifting")), "adrift": bool(galley.get("adrift")),
            "captured": bool(galley.get("captured")),
            "grappled_with": list(galley.get("grappled_with", [])),
        }
        if "hull_damage" in galley:
            piece["record"] = {
                "hull": {"damage": galley["hull_damage"], "sinks_at": kind.sink},
                "rowing": {"damage": galley["rowing_damage"], "drifts_at": kind.drift},
                "movement_allowance": galley["movement_allowance"],
                "boarding_parties": galley["boarding_parties"],
                "weapons": [{"type": w["type"], "damage": w["damage"]}
                            for w in galley["weapons"]],
                "double_speed_left": 3 - galley["double_used"],
                "triple_speed_left": 0 if galley["triple_used"] else 1,
            }
        out.append(piece)
    return out
