"""The speed-band narration of round 2 and the end of the turn (rulings §11-§17): one teller per
event kind of missile fire, transfers, melee, capture, morale, flight, surrender, corvus work
and victory, each telling every die and the number it was held against. The kinds and their
fields are the engine modules' (combat, missiles, fronts, melee, morale, corvus_work, turn).
`narrate` gathers these tellers with round 1's.

Imports only `narrate_words`.
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.rules.speedband.narrate_words import (
    Event,
    has,
    inches,
    listed,
    name,
    number,
    of_type,
    ordinal,
    plural,
    rolled,
    signed,
    type_name,
)

TURNS_OF_WORK = 3  # §11: three turns of uninterrupted work raise or break a corvus
MORALE_WORDS: Mapping[str, str] = {"officers": "officers lost", "areas": "areas held by enemies",
                                   "outnumbered": "outnumbered", "crew": "crew"}


def _weapon(e: Event) -> str:
    ship, weapon = name(e, "ship"), str(e.get("weapon") or "")
    if weapon == "ballista":
        return f"{ship}'s ballista {number(e['factor'])}" if has(e, "factor") else f"{ship}'s ballista"
    return (f"{ship}'s archer factor {number(e['factor'])}" if has(e, "factor")
            else f"{ship}'s archers")


def _shot(e: Event) -> str:
    target = name(e, "target")
    aim = f"{target}'s {type_name(e['type'])}" if e.get("type") else target
    band = f" at {e['range']} range" if e.get("range") else ""
    gap = f" ({inches(e.get('distance'))})" if has(e, "distance") else ""
    die = f"rolled {number(e.get('roll'))}" if has(e, "roll") else "rolled"
    if has(e, "read", "roll") and e.get("read") != e.get("roll"):
        die += f" (read at {number(e.get('read'))} on the long line)"
    if has(e, "chance"):
        die += f" against {number(e.get('chance'))}"
    outcome = f"a hit on its {type_name(e['hit'])}" if e.get("hit") else "miss"
    return f"{_weapon(e)} shot at {aim}{band}{gap}: {die}: {outcome}."


def _fire_refused(e: Event) -> str:
    weapon = "ballistae" if e.get("weapon") == "ballista" else "archers"
    count = f" ({number(e.get('count'))})" if has(e, "count") else ""
    target = f" at {e['target']}" if e.get("target") else ""
    why = str(e.get("reason") or "").strip()
    return f"{name(e, 'ship')}'s {weapon}{count} fired nothing{target}" + (f": {why}." if why else ".")


def _missile_loss(e: Event) -> str:
    ship, kind = name(e, "ship"), str(e.get("type") or "")
    hits = f" ({plural(e.get('hits'), 'hit', 'hits')})" if has(e, "hits") else ""
    if not has(e, "lost"):
        return f"{ship}'s {type_name(kind)} took missile losses{hits}."
    told = f"{ship} lost {of_type(e.get('lost'), kind)} to missile fire{hits}"
    if has(e, "left"):
        told += f"; {number(e.get('left'))} left"
    excess = e.get("excess_to_rowers") or 0
    if excess:
        told += f"; the excess takes {of_type(excess, 'rowers')}"
    return f"{told}."


def _transfer(e: Event) -> str:
    ship, friend, kind = name(e, "ship"), name(e, "friend", "a friend"), str(e.get("type") or "")
    moved = e.get("moved")
    if moved is None or moved:
        what = of_type(moved, kind) if moved else type_name(kind)
        return f"{ship} sent {what} across to {friend}."
    asked = of_type(e.get("count"), kind) if has(e, "count") else type_name(kind)
    why = str(e.get("reason") or "").strip()
    return f"{ship}'s transfer of {asked} to {friend} did not cross" + (f": {why}." if why else ".")


def _holds(first: str, second: str, front: object, verb: str = "holds") -> str:
    """Who holds whose areas, as a front seen from `first` tells (§13.2)."""
    try:
        value = int(str(front))
    except ValueError:
        return ""
    if value > 0:
        return f"{first} {verb} {value} of {second}'s areas"
    if value < 0:
        return f"{second} {verb} {-value} of {first}'s areas"
    return f"neither {verb} an area of the other"


def _front_forgotten(e: Event) -> str:
    first, second = name(e, "first"), name(e, "second")
    held = _holds(first, second, e.get("value"), "held") if has(e, "value") else ""
    return (f"{first} and {second} are no longer locked: their front is forgotten"
            + (f" ({held})." if held else "."))


def _melee_order_ended(e: Event) -> str:
    target = f" {e['target']}" if e.get("target") else ""
    why = str(e.get("reason") or "").strip()
    return f"{name(e, 'ship')}'s standing MELEE{target} ends" + (f": {why}." if why else ".")


def _melee_die(e: Event) -> str:
    ship, against = name(e, "ship"), name(e, "against", "its enemy")
    which = "first" if e.get("die") == "first" else "second"
    when = f", round {number(e.get('round'))}" if has(e, "round") else ""
    head = f"{ship}'s {which} melee die against {against}{when}"
    roll = e.get("roll")
    if which == "first":
        told = f"{head}: rolled {number(roll)}" if has(e, "roll") else f"{head}: rolled"
        if has(e, "multiplier"):
            told += f": multiplier {_hundredths(e.get('multiplier'))}"
        if isinstance(roll, int) and roll >= 90:
            told += " (90-00 kills an officer)"
        return f"{told}."
    outcome = "an extra casualty" if e.get("extra") else "no extra casualty"
    told = f"{head}: {rolled(e)}: {outcome}"
    if roll == 100:
        told += " (00 kills two officers)"
    elif isinstance(roll, int) and 1 <= roll <= 10:
        told += " (01-10 kills an officer)"
    return f"{told}."


def _hundredths(value: object) -> str:
    try:
        return f"{int(str(value)) / 100:.2f}"
    except ValueError:
        return str(value)


def _melee_side(e: Event) -> str:
    ship, against = name(e, "ship"), name(e, "against", "its enemy")
    when = f", round {number(e.get('round'))}" if has(e, "round") else ""
    sums = []
    if has(e, "value"):
        try:
            sums.append(f"melee value {int(e['value']) / 10:g}")
        except (TypeError, ValueError):
            sums.append(f"melee value {e['value']}")
    if has(e, "multiplier"):
        sums.append(f"multiplier {_hundredths(e.get('multiplier'))}")
    told = f"{ship} against {against}{when}: {' x '.join(sums) or 'its blow'}"
    if has(e, "casualties"):
        told += f": {plural(e.get('casualties'), 'casualty', 'casualties')}"
    if has(e, "officer_kills"):
        kills = e.get("officer_kills")
        told += (f", {plural(kills, 'officer', 'officers')} killed outright" if kills
                 else ", no officer killed outright")
    return f"{told}."


def _melee_losses(e: Event) -> str:
    ship, by = name(e, "ship"), name(e, "by", "its enemy")
    when = f" in round {number(e.get('round'))}" if has(e, "round") else ""
    lost = []
    if has(e, "officers_killed") and e.get("officers_killed"):
        lost.append(f"{of_type(e.get('officers_killed'), 'officers')} killed outright")
    for kind in ("archers", "soldiers", "officers"):
        if has(e, kind) and e.get(kind):
            lost.append(of_type(e.get(kind), kind))
    left = [of_type(e.get(f"{kind}_left"), kind) for kind in ("archers", "soldiers", "officers")
            if has(e, f"{kind}_left")]
    counted = any(has(e, key) for key in ("officers_killed", "archers", "soldiers", "officers"))
    if not counted:
        told = f"{ship} took its losses from {by}{when}"
    else:
        told = f"{ship} lost {listed(lost) if lost else 'nobody'} to {by}{when}"
    if left:
        told += f"; left: {listed(left)}"
    return f"{told}."


def _melee_round(e: Event) -> str:
    first, second = name(e, "first"), name(e, "second")
    number_ = f"round {number(e.get('round'))}" if has(e, "round") else "a round"
    winner = str(e.get("winner") or "")
    if e.get("reason") == "tie" or not winner:
        return f"{first} and {second} tie {number_}: another round is fought at once."
    loser = second if winner == first else first
    held = _holds(first, second, e.get("front")) if has(e, "front") else ""
    tail = f"; {held}" if held else ""
    if e.get("reason") == "no crew":
        return (f"{winner} wins {number_} against {loser} without dice: {loser} has nobody "
                f"aboard to fight{tail}.")
    return f"{winner} wins {number_} against {loser}{tail}."


def _melee_none(e: Event) -> str:
    why = str(e.get("reason") or "neither ship has anyone aboard to fight")
    return f"No melee between {name(e, 'first')} and {name(e, 'second')}: {why}."


def _capture(e: Event) -> str:
    ship, by = name(e, "ship"), name(e, "by", "its enemy")
    side = f" for the {e['controller']}" if e.get("controller") else ""
    told = f"{by} captured {ship}{side}"
    if has(e, "prisoners"):
        told += f", taking {plural(e.get('prisoners'), 'prisoner', 'prisoners')}"
    released = [str(item) for item in e.get("released") or []]
    if released:
        told += f"; its links with {listed(released)} end"
    return f"{told}: it is a prize."


def _fought(e: Event) -> str:
    pairs = [f"{pair[0]} against {pair[1]}" for pair in e.get("pairs") or []
             if isinstance(pair, list | tuple) and len(pair) == 2]
    if not pairs:
        return "No melee was fought this turn."
    return f"{'Melee' if len(pairs) == 1 else 'Melees'} fought this turn: {listed(pairs)}."


def _morale(e: Event) -> str:
    ship = name(e, "ship")
    which = (f" for the {ordinal(e.get('officer'))} officer lost this turn"
             if has(e, "officer") else "")
    told = f"rolled {number(e.get('roll'))}" if has(e, "roll") else "rolled"
    for key, words in MORALE_WORDS.items():
        value = e.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value:
            told += f" {signed(value)} {words}"
    if has(e, "total"):
        told += f" = {number(e.get('total'))}"
    if has(e, "hull"):
        told += f" against its hull of {number(e.get('hull'))}"
    outcome = "holds" if e.get("held") else "fails"
    return f"{ship} tests morale{which}: {told}: {outcome}."


def _flee(e: Event) -> str:
    ship = name(e, "ship")
    why = {"morale": "its morale failed",
           "no officers": 'it has no officers and no enemy within 6"'}.get(str(e.get("reason")), "")
    edge = f" for the {e['edge']} edge" if e.get("edge") else ""
    heading = f", heading {number(e.get('flight_heading'))}" if has(e, "flight_heading") else ""
    return f"{ship} flees{edge}{heading}" + (f": {why}." if why else ".")


def _surrender(e: Event) -> str:
    ship = name(e, "ship")
    side = f" to the {e['to']}" if e.get("to") else ""
    near = ""
    if e.get("nearest"):
        gap = f", {inches(e.get('distance'))} away" if has(e, "distance") else ""
        near = f" (nearest enemy {e['nearest']}{gap})"
    return (f"{ship} has no officers and surrendered{side}{near}: it is a prize and loses its "
            "archers and soldiers.")


def _corvus_work(e: Event) -> str:
    ship, held = name(e, "ship"), name(e, "held", "the held ship")
    corvus_ship = name(e, "corvus_ship", "the corvus ship")
    work = (f"{ship} works to raise its corvus from {held}" if e.get("verb") == "raise"
            else f"{ship} works to break {corvus_ship}'s corvus")
    why = str(e.get("interrupted") or "")
    if why:
        return f"{work}, but was interrupted ({why}): its count goes back to 0 of {TURNS_OF_WORK}."
    if has(e, "count"):
        return f"{work}: {number(e.get('count'))} of {TURNS_OF_WORK} turns done."
    return f"{work}."


def _corvus_ended(e: Event) -> str:
    ship, held, by = name(e, "ship"), name(e, "held", "the held ship"), name(e, "by", "")
    work = f" by {by}'s work" if by else ""
    if e.get("result") == "destroyed":
        return f"{ship}'s corvus on {held} is destroyed{work}."
    return f"{ship}'s corvus is raised from {held}{work}: it is free again."


def _victory(e: Event) -> str:
    winner = str(e.get("winner") or "")
    when = f" at the end of turn {number(e.get('turn'))}" if has(e, "turn") else ""
    broken = e.get("reason") == "broken"
    if winner == "draw":
        why = "both sides are broken" if broken else "the turn limit is reached with equal scores"
        return f"The game is a draw{when}: {why}."
    why = ("the other side is broken" if broken
           else "the turn limit is reached and they scored more tons")
    return f"{winner or 'A side'} win{when}: {why}."


COMBAT_SENTENCES = {
    "shot": _shot, "fire_refused": _fire_refused, "missile_loss": _missile_loss,
    "transfer": _transfer, "front_forgotten": _front_forgotten,
    "melee_order_ended": _melee_order_ended, "melee_die": _melee_die, "melee_side": _melee_side,
    "melee_losses": _melee_losses, "melee_round": _melee_round, "melee_none": _melee_none,
    "capture": _capture, "fought": _fought, "morale": _morale, "flee": _flee,
    "surrender": _surrender, "corvus_work": _corvus_work, "corvus_ended": _corvus_ended,
    "victory": _victory,
}
