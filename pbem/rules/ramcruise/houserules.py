"""The house rules in force for a ram / cruise / strategic game (rulings §22), each switch named
once in the project's words, as the report's house-rule lines.

    house_rules(options) -> tuple[str, ...]    # the changed switches first, then the rest
    house_rule(name, value) -> str             # one switch's rule at one value
    HOUSE_RULE_TEXT                            # switch -> its text (or a text per value)

Calls only `switches` (the specs, their sections and the defaults).
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.rules.ramcruise.switches import SPECS, Options

# A switch's rule in the project's words: one text with {v} for its value, or a text per value
# ("*" for any other value: a side's id, a heading).
HOUSE_RULE_TEXT: Mapping[str, str | Mapping[str, str]] = {
    "table": "The table is {v} inches",
    "footprint": ('Ships are rectangles by class, oars included: monoreme 2.5" x 0.75", bireme '
                  '3" x 1", trireme 4" x 1", quinquereme 5" x 1.5", sixteen 6" x 2"'),
    "contact_tolerance": 'Ships {v}" apart or closer are in contact',
    "ram_zones": "A hull's bow and stern zones are its end quarters, the waist the middle half",
    "sight": 'Ships see each other up to {v}", hull to hull, for fatigue and morale',
    "table_edge": "The table edge stops an ordered ship; only routers leave the table",
    "other_classes": "'Anything else' is the monoreme, one bank of oars, on the bireme's row",
    "special_ship": {"sixteen": "The sixteen moves like a quinquereme and costs 16 points",
                     "printed": "The sixteen keeps its printed row: bireme speeds, 4 turns, 1 point",
                     "off": "There are no sixteens"},
    "equipment": ("Towers, corvus and harpax need 3 oarbanks or more, ballistas one per two "
                  "oarbanks; each item costs 1 point"),
    "budget": "Each side builds its fleet within {v} points",
    "crew_costs": ("Crew factors are free up to the maximum; each elite crew type adds 1 point, "
                   "each green one takes 1 off"),
    "mode_change": "A ship changes mode one rung a move: strategic, cruise, ram",
    "turn_angle": "A turn is a pivot about the centre of 1 to {v} degrees",
    "fatigue": {"ship": "Each ship keeps its own fatigue reserve",
                "fleet": "Each side keeps one fatigue reserve, spent at its costliest move",
                "off": "There is no fatigue"},
    "fatigue_reserve": "Fatigue reserves start at {v}",
    "fatigue_limit": {"on": "A ship may not take a mode costing more fatigue than it has (RAM 8, "
                            "CRUISE 3)",
                      "off": "The fatigue reserve forbids no mode"},
    "shear_test": ("A ship shears another it passes keel to keel within 45 degrees, coming level "
                   'with it during the step, 1/8" or less apart'),
    "ram_aspect": "A ram is head-on, head, tail or side by where it strikes and the keels' angle",
    "head_on_ram": "A head-on rammer holed on the follow-up rolls its own plain countdown",
    "sink_countdown": "Countdown dice past the printed table go on in its pattern: 7-8 four, 9+ five",
    "corvus_odds": {"3": "A corvus or harpax grapples on 3 or more, resisted or not",
                    "printed": "A corvus or harpax grapples on 3 resisted, 5 wanted, as printed"},
    "break_first": {"either": "Before any melee casualties either grappled ship may try to break away",
                    "none": "No grappled ship may break away before melee casualties are inflicted"},
    "melee_pick": "The attacker picks each melee loss",
    "surrender": ("A surrendered ship strikes: its grapples go, it stays as an obstacle and does "
                  "nothing more"),
    "fire_blocking": "Nothing blocks a missile's line of fire",
    "long_tie": "A tied long-range pick goes to the target",
    "bow_arcs": "Bowmen shoot two shots a side a turn, one more with a tower",
    "ballista_medium": 'Ballista bands: short to 5", medium to 12", long to 20"',
    "fire_darts": {"off": "No ballista shoots fire darts", "on": "Every ballista shot is a fire dart",
                   "*": "The ballista shots of {v} are fire darts"},
    "wind": {"scenario": "The wind blows the way the scenario sets it",
             "roll": "The wind is rolled before turn 1: a d6, 1 blowing towards 0 and 60 more a pip",
             "*": "The wind blows towards {v}"},
    "wind_change": {"off": "The wind holds all game",
                    "roll": "The wind may change each turn after the first: 1 backs it 45, 6 veers it 45"},
    "rout_heading": "A routed ship heads for home, within 45 degrees of downwind",
    "rout_contact": {"block": "A router that meets a ship is stopped",
                     "ram": "A router that meets a ship bow first rams it"},
    "victory": "A side that has lost half the purchase points it started with is broken",
    "turn_limit": "The game ends after turn {v}; then the side whose enemy lost more wins",
    "scenario": {"default": "The battle is the default one, Carthage and Rome as at Mylae",
                 "*": "The battle is the scenario {v}"},
    "setup": {"fixed": "Ships start where the scenario puts them",
              "free": 'Each side places its own ships within 8" of its home edge, side B first'},
}


def _text(value: bool | int | float | str) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def house_rule(name: str, value: str) -> str:
    """One switch's rule in force, in the project's words."""
    told = HOUSE_RULE_TEXT[name]
    template = told if isinstance(told, str) else told.get(value, told.get("*", f"{name} {{v}}"))
    return template.format(v=value)


def house_rules(options: Options) -> tuple[str, ...]:
    """Every house rule of §22 once, in the project's words with its switch: first those set
    away from their defaults for this game (with the default named), then the rest."""
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
