"""The house rules in force for a speed-band game (rulings §23, and the text's optional rules of
§16), each switch told once in the project's words, for the report's house-rule lines (a report
names each once per game).

    house_rules(options) -> tuple[str, ...]    # the switches set for this game first, then the rest
    house_rule(name, value) -> str             # one switch's rule at one value
    HOUSE_RULE_TEXT                            # switch -> its text (or a text per value)

Calls only `switches` (the specs, their sections and the defaults).
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.rules.speedband.switches import SPECS, Options

# A switch's rule: one text with {v} for its value, or a text per value ("*": any other value).
HOUSE_RULE_TEXT: Mapping[str, str | Mapping[str, str]] = {
    "table": "The table is {v} inches",
    "footprint": ("Ships are rectangles by type, from the triakonter's 3\" x 0.75\" to the "
                  "dekeres' 7\" x 2\"; the trireme is 4\" x 1\""),
    "contact_tolerance": 'Ships {v}" apart or closer touch',
    "pivot_point": "A ship turns about its centre",
    "zones": ("A ship's bow, sides and stern zones A-D are split by lines at 45 degrees from its "
              "corners and by the beam line"),
    "ship_table": "Speeds, turns, tons, crews, rowers and equipment come from the rulings' ship table",
    "soldier_value": "A soldier of a ship that gives no value of its own fights as {v}",
    "oar_sides": "Odd oar sections are the port side, even ones starboard, bow to stern",
    "prizes_inert": "Surrendered and captured ships stay where they are and take no more part",
    "sink_at_zero": "A ship whose hull falls to 0% or below sinks at once",
    "mail_turn": ("Each turn is two rounds of mail: movement orders (with reactions, grapples "
                  "and corvus) written in advance, then combat orders"),
    "secret_records": {"off": "Every ship's crews and rowers are open to all",
                       "on": ("Each side sees only its own ships' crews, officers, ballistae and "
                              "rowers; hull and lost oar sections stay open")},
    "initiative_die": "Initiative is a d6 for each player who may move; ties roll again",
    "activation_order": "A player's ships move in the order of his movement lines",
    "collision": "A ship that touches a ship it is not ramming stops there",
    "table_edge": "The table edge stops a ship; only a fleeing ship leaves the table",
    "aim_step": "The A step turns a rammer towards its target, up to its turn angle",
    "ram_pass": "A rammer whose ram fails passes on as in the Greeks vs Romans clash",
    "ram_base": "The ram chance starts at {v}%",
    "zone_mods": ("Ramming the bow: -10% and half damage; the forward side +15% and 1.25 times; "
                  "the after side +20% and 1.5 times; the stern +10% and plain damage"),
    "ram_damage": ("Ram damage is the tons ratio times 10, 20, 30 or 40 by the rammer's band "
                   "(Slow to Ram) times the zone factor, in hull %, halves up"),
    "nested_avoid": "A ship rammed while it is avoiding may not avoid in turn",
    "shear_side_default": ("A shear with no side named falls on the side with fewer intact "
                           "sections, port on a tie"),
    "grapple_reach": "A grapple is tried the first moment two ships come within 1\" in a turn",
    "line_cutting": ("A ship makes one cutting try a turn: when an enemy line lands, or at its "
                     "own activation"),
    "corvus_timing": "Corvus drops are made when every ship has moved",
    "corvus_reach": 'A corvus reaches {v}" from its ship\'s bow',
    "corvus_mod": "A corvus holding the enemy adds {v} to its ship's melee multiplier",
    "fire_arc": "Missiles fire all round, and nothing blocks them",
    "missile_ranges": 'Archers reach 3", 6" and 10"; ballistae 4", 10" and 16"',
    "missile_table": "Missile hits come from the rulings' chart by range and type",
    "melee_standing": "A MELEE order stands while the pair stays locked, until MELEE OFF",
    "melee_pairs": "A ship in several melees fights them one after another, in scenario order",
    "loss_order": ("Melee losses follow the loser's LOSSES order, archers, soldiers, officers "
                   "unless it says otherwise"),
    "capture": "A captured or surrendered ship is a prize, out of play",
    "morale_mods": ("Morale rolls add 10 per officer lost, 10 per area held by enemies and 10 "
                    "when outnumbered within 6\""),
    "flight": "A fleeing ship makes for the nearest edge on the judge's orders and may not fire",
    "victory": "A side that has lost half the tons it started with is broken",
    "turn_limit": ("The game ends after turn {v}; then enemy tons sunk or taken count whole "
                   "and fled half"),
    "scenario": {"default": "The battle is the default one, off Mylae",
                 "*": "The battle is the scenario {v}"},
    "setup": {"fixed": "Ships start where the scenario puts them",
              "free": ("Each side places its ships within 8\" of its own edge, one side "
                       "after the other, the second seeing the first")},
    "opt_crew_quality": {"off": "All crews are standard (optional rules 9.1 and 9.2 are off)",
                         "on": ("Poor and elite crews move as the next ship type down or up and "
                                "add +15 or -5 to morale and -0.15 or +0.05 in melee")},
    "opt_combat_values": {"off": "Archers fight as 0.5 and officers as 0.7 on every ship",
                          "on": "A scenario may give each ship its own archer and officer values"},
    "opt_missile_speed": {"off": "A target's speed does not change missile chances",
                          "on": "Missile chances lose the target's speed"},
    "opt_overcrew": {"off": "Extra crews do not slow a ship",
                     "on": "Extra soldiers and archers make a ship move as a smaller type"},
    "opt_transfer": {"off": "Crews do not cross between friendly ships",
                     "on": "Stopped friendly ships in contact may TRANSFER crews"},
    "opt_fast_triremes": {"off": "Triremes change one band a turn like every ship",
                          "on": "A trireme with 6 or more intact sections may change two bands a turn"},
    "opt_strengthened_bows": {"off": "A trireme whose ram fails is sheared at 15% more",
                              "on": ("A trireme with a strengthened bow is sheared at no more "
                                     "than any other rammer")},
}


def _text(value: bool | int | float | str) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def house_rule(name: str, value: str) -> str:
    """One switch's rule in force, in the project's words."""
    told = HOUSE_RULE_TEXT[name]
    template = told if isinstance(told, str) else told.get(value, told.get("*", f"{name} {{v}}"))
    return template.format(v=value)


def house_rules(options: Options) -> tuple[str, ...]:
    """Every switch of §23 and §16 once, in the project's words with its section and name:
    first those set away from their defaults for this game (with the default named), then the
    rest."""
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
