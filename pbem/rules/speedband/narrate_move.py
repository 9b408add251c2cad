"""The speed-band narration of round 1 (movement, rulings §5-§11): one teller per event kind,
each telling every die the event carries and the number it was held against. The kinds and
their fields are the engine modules' (roundone, movement, ramming, shearing, reactions,
grappling, corvus, game's set-up). `narrate` gathers these tellers with round 2's.

Imports only `narrate_words`.
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.rules.speedband.narrate_words import (
    Event,
    at,
    has,
    inches,
    listed,
    name,
    number,
    plural,
    rolled,
)

REACTION_WORDS: Mapping[str, str] = {
    "ignore": "which holds its course (ignore)", "shear": "which stands ready to shear its oars",
    "avoid": "which tries to avoid it"}
PART_WORDS: Mapping[str, str] = {"avoid 1": "the first part of its avoidance",
                                 "avoid 2": "the rest of its avoidance"}


def _initiative(e: Event) -> str:
    winner = name(e, "winner", "a player")
    rounds = e.get("rolls") or []
    if not rounds:
        return f"The activation goes to {winner} without a die (the only player eligible)."
    told = []
    for dice in rounds:
        faces = [(str(player), number(face)) for player, face in dice]
        first = f"{faces[0][0]} rolled {faces[0][1]}" if faces else ""
        others = listed([f"{player} {face}" for player, face in faces[1:]])
        told.append(f"{first} against {others}" if others else first)
    ties = "; a tie, rolled again: ".join(told)
    return f"Initiative d6: {ties}: the activation goes to {winner}."


def _activate(e: Event) -> str:
    player = f" for {e['player']}" if e.get("player") else ""
    return f"{name(e, 'ship')} activates{player}."


def _announce(e: Event) -> str:
    ship, target = name(e, "ship"), name(e, "target")
    reaction = REACTION_WORDS.get(str(e.get("reaction")), "")
    return f"{ship} announces a ram on {target}" + (f", {reaction}." if reaction else ".")


def _ram_lapsed(e: Event) -> str:
    ship, target = name(e, "ship"), name(e, "target", "its target")
    return (f"{ship}'s ram on {target} lapses: the target is no longer afloat or fleeing, or "
            f"{ship} is avoiding it; its path is still moved.")


def _void(e: Event) -> str:
    return f"{name(e, 'ship')} is held by a grapple line or a corvus: its path is void."


def _avoided(e: Event) -> str:
    ship, rammer = name(e, "ship"), name(e, "rammer", "the rammer")
    cap = f"up to {inches(e.get('cap'))} of its path" if has(e, "cap") else "part of its path"
    return f"{ship} avoids {rammer}: it moves {cap} before {rammer} moves."


def _move(e: Event) -> str:
    ship = name(e, "ship")
    part = PART_WORDS.get(str(e.get("part")), "")
    path = str(e.get("path") or "")
    start = at(e.get("start_x"), e.get("start_y")) if has(e, "start_x", "start_y") else ""
    end = at(e.get("end_x"), e.get("end_y")) if has(e, "end_x", "end_y") else ""
    heading = f", heading {number(e.get('end_heading'))}" if has(e, "end_heading") else ""
    stopped, by = str(e.get("stopped") or ""), name(e, "by", "")
    if stopped == "void":
        return f"{ship} did not move" + (f" ({path})" if path else "") + ": it is held."
    if not path:
        went = f"{ship} stayed" + (f" at {end}" if end else "") + heading
    else:
        went = (f"{ship} moved {part} ({path})" if part else f"{ship} moved {path}")
        went += (f" from {start}" if start else "") + (f" to {end}" if end else "") + heading
    why = {"blocked": f"stopped by contact with {by or 'a ship'}",
           "edge": "stopped at the table edge",
           "grappled": f"stopped by a grapple with {by}" if by else "stopped by a grapple",
           "rammed": f"stopped at its ram on {by or 'its target'}",
           "fled": "it left the table"}.get(stopped, "")
    return f"{went}; {why}." if why else f"{went}."


def _blocked(e: Event) -> str:
    ship, by = name(e, "ship"), name(e, "by", "")
    where = f" at {at(e.get('x'), e.get('y'))}" if has(e, "x", "y") else ""
    if by == "edge":
        return f"{ship} was stopped by the table edge{where}; its move ends."
    return f"{ship} was blocked by {by or 'a ship'}{where}; its move ends."


def _fled(e: Event) -> str:
    where = f" at {at(e.get('x'), e.get('y'))}" if has(e, "x", "y") else ""
    return f"{name(e, 'ship')} left the table{where}: it has fled."


def _ram_no_contact(e: Event) -> str:
    return (f"{name(e, 'ship')}'s ram on {name(e, 'target', 'its target')} made no contact: "
            "no roll, nothing happens.")


def _grapple(e: Event) -> str:
    thrower, target = name(e, "thrower"), name(e, "target")
    speeds = (f" (speeds {inches(e.get('thrower_speed'))} and {inches(e.get('target_speed'))})"
              if has(e, "thrower_speed", "target_speed") else "")
    over = f" against more than {number(e.get('over'))}" if has(e, "over") else ""
    die = f"rolled {number(e.get('roll'))}" if has(e, "roll") else "rolled"
    outcome = "the line holds" if e.get("success") else "it misses"
    return f"{thrower} threw a grapple at {target}{speeds}: {die} on a d10{over}: {outcome}."


def _cut(e: Event) -> str:
    ship, other = name(e, "ship"), name(e, "other", "the other ship")
    line = (f"the line it threw on {other}" if str(e.get("thrower")) == ship
            else f"{other}'s line")
    moment = {"landing": " as it landed", "activation": " at its activation"}.get(
        str(e.get("moment")), "")
    if e.get("automatic"):
        return f"{ship} cut {line}{moment} without a roll: it holds both bulwarks."
    outcome = "cut" if e.get("success") else "not cut"
    return f"{ship} tried to cut {line}{moment}: {rolled(e)}: {outcome}."


def _observe(e: Event) -> str:
    ship, rammer = name(e, "ship"), name(e, "rammer", "the rammer")
    facts = []
    if has(e, "distance"):
        facts.append(f"{inches(e.get('distance'))} away")
    if has(e, "officers_lost"):
        facts.append(plural(e.get("officers_lost"), "officer lost", "officers lost"))
    told = f" ({', '.join(facts)})" if facts else ""
    outcome = "it moves first" if e.get("success") else "it holds, as if it ignored the ram"
    return f"{ship} watched {rammer}'s approach{told}: {rolled(e)}: {outcome}."


def _ram(e: Event) -> str:
    rammer, target = name(e, "rammer"), name(e, "target")
    zone = f" in zone {e['zone']}" if e.get("zone") else ""
    where = f" at {at(e.get('x'), e.get('y'))}" if has(e, "x", "y") else ""
    speeds = (f" (speeds {inches(e.get('attacker_speed'))} and {inches(e.get('defender_speed'))})"
              if has(e, "attacker_speed", "defender_speed") else "")
    outcome = "hit" if e.get("success") else "miss"
    return f"{rammer} rammed {target}{zone}{where}{speeds}: {rolled(e)}: {outcome}."


def _ram_damage(e: Event) -> str:
    rammer, target = name(e, "rammer"), name(e, "target")
    how = []
    if e.get("band"):
        how.append(f"{str(e['band']).lower()} band")
    if e.get("zone"):
        how.append(f"zone {e['zone']}")
    detail = f" ({', '.join(how)})" if how else ""
    loss = f"{number(e.get('loss'))}% of its hull" if has(e, "loss") else "hull"
    hull = f"; hull {number(e.get('hull'))}%" if has(e, "hull") else ""
    return f"{target} lost {loss} to {rammer}'s ram{detail}{hull}."


def _sunk(e: Event) -> str:
    return f"{name(e, 'ship')} sank."


def _dead_in_water(e: Event) -> str:
    ships = [str(ship) for ship in e.get("ships") or []]
    told = f"{listed(ships) or 'The ships'} are dead in the water for the rest of the turn"
    if e.get("activated") and len(ships) > 1:
        told += f"; {ships[1]} counts as having moved"
    return f"{told}."


def _shear_side(e: Event) -> str:
    rammer, target = name(e, "rammer"), name(e, "target")
    side = str(e.get("side") or "")
    why = ""
    if "named" in e:
        why = (f" (named in {rammer}'s ram)" if e.get("named")
               else " (the side with fewer intact sections)")
    sections = [str(s) for s in e.get("sections") or []]
    if not sections:
        return f"{target} shears {rammer}'s {side} oars{why}, but no section there is intact."
    chance = f" against {number(e.get('chance'))}" if has(e, "chance") else ""
    return (f"{target} shears {rammer}'s {side} oars{why}: a d100 for each of sections "
            f"{listed(sections)}{chance}.")


def _shear(e: Event) -> str:
    outcome = "lost" if e.get("lost") else "kept"
    section = f"oar section {number(e.get('section'))}" if has(e, "section") else "oar section"
    return f"{name(e, 'rammer')}'s {section}: {rolled(e)}: {outcome}."


def _corvus(e: Event) -> str:
    ship, target = name(e, "ship"), name(e, "target")
    facts = []
    if has(e, "distance"):
        facts.append(f"bow {inches(e.get('distance'))} from it")
    if e.get("zone"):
        facts.append(f"zone {e['zone']}")
    told = f" ({', '.join(facts)})" if facts else ""
    line = "; it replaces the grapple line between them" if e.get("replaced_line") else ""
    return f"{ship} dropped its corvus on {target}{told}{line}."


def _placed(e: Event) -> str:
    heading = f", heading {number(e.get('heading'))}" if has(e, "heading") else ""
    return f"{name(e, 'ship')} was placed at {at(e.get('x'), e.get('y'))}{heading}."


def _round_skipped(e: Event) -> str:
    turn = f" of turn {number(e.get('turn'))}" if has(e, "turn") else ""
    return (f"Round 2{turn} is skipped: no ship has an enemy in missile range and no pair is "
            "locked; the turn ends with standing orders only.")


MOVE_SENTENCES = {
    "initiative": _initiative, "activate": _activate, "announce": _announce,
    "ram_lapsed": _ram_lapsed, "void": _void, "avoided": _avoided, "move": _move,
    "blocked": _blocked, "fled": _fled, "ram_no_contact": _ram_no_contact, "grapple": _grapple,
    "cut": _cut, "observe": _observe, "ram": _ram, "ram_damage": _ram_damage, "sunk": _sunk,
    "dead_in_water": _dead_in_water, "shear_side": _shear_side, "shear": _shear,
    "corvus": _corvus, "placed": _placed, "round_skipped": _round_skipped,
}
