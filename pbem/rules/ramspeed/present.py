"""Ram Speed's report sections and order template, as the host's presenter asks for them:
tables of text with headers, made from a view (what the view leaves out cannot reach a
report)."""

from __future__ import annotations

from typing import Any

from pbem.rules.interface import Section
from pbem.rules.ramspeed.tables import default_tables


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
                 f"(off the {edges} edge within {standing['exit_range']} hexes of the "
                 f"north-west corner)"),
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
    sections.append(Section("Victory", ("Side", "Standing"), _victory(standing)))
    return tuple(sections)


def order_template(kind: str, hints: dict[str, list[str]]) -> tuple[str, ...]:
    """Order lines pre-filled for every galley, its options as comments above. Movement lines
    start as STAY (safe to send back as they are); set-up and combat lines start commented
    out: delete the '# ' to give them."""
    lines: list[str] = []
    for gid, notes in hints.items():
        *comments, start = notes
        lines.extend(f"# {gid}: {note}" for note in comments)
        if kind == "movement":
            lines.append(f"{gid}: {start}")
        elif start:
            lines.append(f"# {gid}: {start}")
        lines.append("")
    return tuple(lines[:-1])
