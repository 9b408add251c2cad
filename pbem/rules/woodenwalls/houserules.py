"""The house rules in force for a Wooden Walls game (rulings §25), each switch told once in the
project's words, for the report's house-rule lines: the switches set away from their defaults
first, then the rest, in §25's order.

    house_rules(options) -> tuple[str, ...]
    house_rule(name, options) -> str       # one switch's rule at the game's value
    HOUSE_RULE_TEXT                        # switch -> its text (or a text per value)

Calls only `switches`.
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.rules.woodenwalls.switches import SPECS, Options

# A switch's rule: one text with {v} for its value, or a text per value.
HOUSE_RULE_TEXT: Mapping[str, str | Mapping[str, str]] = {
    "table": "The table is {v} ship lengths (SL)",
    "contact_tolerance": "Ships {v} SL apart or closer touch",
    "terrain": "Land and currents are the scenario's polygons; there is nothing else on the table",
    "hull_outline": "Shooting arcs look at the hull, the octagon 0.05 SL narrower than the ship",
    "stopped_pivot": {"centre": "A stopped ship pivots about its centre",
                      "beam_mid": "A stopped ship pivots about the middle of its beam on the side "
                                  "it turns to"},
    "template_turn": "A turn is a rotation about the pivot point and costs no distance",
    "ship_table": "Ship sizes, speeds, rams and crews come from the rulings' ship table",
    "turn_table": {"first": "Turn limits come from the first table (the Slow/Faster columns)",
                   "second": "Turn limits come from the second table"},
    "turn_column": "Speed 1 and backing use the Slow turn column, speeds 2-4 the Faster one",
    "steering_loss": {"two_classes": "A lost steering oar moves the turn limit two classes down",
                      "halve": "Each lost steering oar halves the turn limit"},
    "deck_plan": "Decks have bow, midships and stern areas, and towers where built",
    "default_load": "A ship the scenario gives no elements carries its type's default load",
    "naturals": {"on": "In a seamanship test a 6 always passes and a 1 always fails",
                 "off": "A seamanship test is the die plus modifiers against the target, nothing "
                        "more"},
    "first_player": ("The first player is found by a d6 a side; the side second in the last "
                     "action phase rolls two and keeps the higher, and wins ties"),
    "fate": "The Fate card turns the wind, drifts the hulks and tests AP markers",
    "storm": "There are no storms: the wind is light, stiff or strong",
    "mail": {"legs": "One mail a leg: movement, speeds and deck orders together",
             "split": "Two mails a leg: movement first, then the deck action",
             "round": "One mail a round: up to four activations a ship and one set of deck orders"},
    "turn_anywhere": {"on": "Turn steps may come anywhere in a segment",
                      "off": "Turn steps come before any advance in a segment"},
    "backing_distance": "A backing ship moves at most {v} SL a segment",
    "speed_down": "A ship may lose any number of speed levels in one action phase",
    "backing_change": "A ship backs only from stopped, and goes back to stopped before going ahead",
    "oar_save_speed": "Oar and steering saves lose 1 for each collision speed level above 2",
    "shear_band": "A collision at 25 to 35 degrees is a shear only if a seamanship test passes",
    "ram_calc": "A ram's attack value is speed, size, ram and a crew die",
    "ram_defence": {"difference": "A rammed ship defends with its size less the rammer's ram value",
                    "size": "A rammed ship defends with its size"},
    "ram_swing": "A rammer striking across swings about its far bow corner",
    "flooding": {"per_ship": "Each holed ship makes one flooding roll in SinkOrSwim",
                 "per_hole": "Each original hole makes its own flooding roll in SinkOrSwim"},
    "arcs": ("Bows shoot ahead within 90 degrees, midships 45-135 degrees to a side, sterns aft, "
             "towers all round"),
    "near_side": "There is no test of which side of its area a shot leaves from",
    "sight": "Land, smoke and ships not lower than the shooting area block sight",
    "shooting_tie": {"first_player": "A tied shooting is won by the first player's ship",
                     "none": "A tied shooting is won by nobody"},
    "oar_speed": {"proportional": "Oar losses cut the maximum speed in proportion",
                  "per_hit": "Each lost oar section takes 1 from the maximum speed"},
    "harpax": "A harpax is thrown with a grapple, only at a ship in contact",
    "ungrapple": "Grapples end by CUT tests, or when both ships RELEASE",
    "deck_dice": "In deck fights Picked elements roll d10, Experienced d8 and Poor d6",
    "throw_cap": "One attack lasts at most {v} throws",
    "oarsmen_fight": {"min_marines": "Oarsmen never fight in a boarding",
                      "open_crew": "An open ship first boarded gets one Poor marine element per "
                                   "oar section a side"},
    "smoke_move": "Ships may move through smoke",
    "fire_growth": {"roll": "Fires roll to grow or die down in SinkOrSwim",
                    "none": "Fires neither grow nor die down by themselves"},
    "ap_weapons": {"off": "There are no anti-personnel throws",
                   "on": "Shooters may make anti-personnel throws that leave markers"},
    "boarded_test": {"on": "A ship with enemy elements aboard tests its morale and may surrender",
                     "off": "Enemy elements aboard call for no morale test"},
    "rally": "Morale flags, once raised, stay for the game",
    "reveal_range": "An enemy within {v} SL at the end of an action phase shows its crew's quality",
    "flight": "The judge moves standing-off and fleeing ships",
    "victory": "A side with half its ships (rounded up) lost at SinkOrSwim has lost",
    "round_limit": "After round {v} the game ends and the losses are scored",
    "scenario": "The forces and their places are those of {v}",
}


def _value(options: Options, name: str) -> str:
    if name == "scenario":
        return "the default scenario, the Rhodian Straits" if options.scenario == "default" \
            else "the game master's scenario file"
    return options.shown(name)


def house_rule(name: str, options: Options) -> str:
    """One switch's rule at the game's value, with its section."""
    spec = next(found for found in SPECS if found.name == name)
    text = HOUSE_RULE_TEXT[name]
    shown = _value(options, name)
    if isinstance(text, str):
        sentence = text.format(v=shown)
    else:
        sentence = text.get(str(options.value(name)), f"{spec.settles}: {shown}")
    return f"{sentence} ({spec.section})."


def house_rules(options: Options) -> tuple[str, ...]:
    """Every switch in force named once: those set for this game first, then the rest."""
    base = Options()
    changed = [spec.name for spec in SPECS if options.value(spec.name) != base.value(spec.name)]
    rest = [spec.name for spec in SPECS if spec.name not in changed]
    return tuple(house_rule(name, options) for name in (*changed, *rest))
