"""One plain sentence for each event of a Wooden Walls phase, as a viewer's events give it
(`sideview.view_events`): a field the viewer may not see is absent from the event, and the
sentence is then written without it, never with "None". Lengths are SL with two decimals,
headings degrees; every die is given with what it was held against where the event has both.
An unknown kind gets a plain sentence listing its fields.

    sentence(event) -> str
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Event = Mapping[str, Any]


def _sl(value: Any) -> str:
    return f"{float(value):.2f} SL" if isinstance(value, int | float) else str(value)


def _deg(value: Any) -> str:
    return f"{float(value) % 360:g}°" if isinstance(value, int | float) else str(value)


def _at(event: Event) -> str:
    x, y = event.get("x"), event.get("y")
    if isinstance(x, int | float) and isinstance(y, int | float):
        return f" at ({float(x):.2f}, {float(y):.2f})"
    return ""


def _plural(count: Any, word: str) -> str:
    number = int(count) if isinstance(count, int | float) else 0
    return f"{number} {word}{'' if number == 1 else 's'}"


def _verb(count: Any, verb: str) -> str:
    return f"{verb}s" if count == 1 else verb


def _list(values: Any) -> str:
    if isinstance(values, str):
        return values
    items = [str(value) for value in values or ()]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _speed(value: Any) -> str:
    return {"B": "backing", 0: "stopped"}.get(value, f"speed {value}")


def _die(event: Event, what: str = "") -> str:
    """ "rolled 4 + 2 = 6 against 5: passes" as far as the event tells."""
    die = event.get("die")
    if die is None:
        return ""
    text = f"rolled {die}"
    total = event.get("total")
    if total is not None and total != die:
        text += f" (total {total})"
    target = event.get("target") if isinstance(event.get("target"), int) else None
    if target is not None:
        text += f" against {target}"
    passed = event.get("passed")
    if isinstance(passed, bool):
        text += ": passes" if passed else ": fails"
    return f"{what} {text}".strip()


def _card(event: Event) -> str:
    card, leg = event.get("card", "?"), event.get("leg", "?")
    return f"Card {event.get('position', '?')} of the round is turned: {card} (leg {leg})."


def _first_player(event: Event) -> str:
    throws = event.get("dice") or ()
    rolled = "; ".join(
        ", ".join(f"{side} {'+'.join(str(d) for d in dice)}" for side, dice in throw) for throw in throws
    )
    tie = " on a tie" if event.get("by_tie") else ""
    return f"First player for {event.get('card', 'the card')}: {event.get('first', '?')}{tie}" + (
        f" (dice: {rolled})." if rolled else "."
    )


def _activation(event: Event) -> str:
    what = "its default segment" if event.get("default") else f"entry {event.get('entry', '?')}"
    return f"{event.get('ship', '?')} is activated on {event.get('card', 'the card')} and carries out {what}."


def _advance(event: Event) -> str:
    return (
        f"{event.get('ship', '?')} moves {_sl(event.get('distance', 0))}"
        + (f" ({event['step']})" if event.get("step") else "")
        + f"{_at(event)}."
    )


def _turn(event: Event) -> str:
    made = event.get("made")
    text = f"{event.get('ship', '?')} turns {_deg(made) if made is not None else ''}".rstrip()
    if event.get("heading") is not None:
        text += f" to heading {_deg(event['heading'])}"
    if event.get("blocked_by"):
        text += f", stopped by {event['blocked_by']}"
    return text + "."


def _blocked(event: Event) -> str:
    by = event.get("by") or "something"
    return f"{event.get('ship', '?')} is blocked by {by}; the rest of its segment is void."


def _collision(event: Event) -> str:
    kind = event.get("result") or "collision"
    parts = ""
    if event.get("mover_part") and event.get("target_part"):
        parts = f", its {event['mover_part']} on {event.get('target', '?')}'s {event['target_part']}"
    head = " head-on" if event.get("head_on") else ""
    speed = f" at collision speed {event['speed']}" if event.get("speed") is not None else ""
    return f"{event.get('mover', '?')} meets {event.get('target', '?')}{head}{parts}{speed}: {kind}."


def _ram(event: Event) -> str:
    attack = f"attack {event.get('attack', '?')}"
    if event.get("attack_die") is not None:
        attack += (
            f" (die {event['attack_die']}"
            + (f" on a d{event['attack_sides']}" if event.get("attack_sides") else "")
            + ")"
        )
    defence = f"defence {event.get('defence', '?')}"
    if event.get("defence_die") is not None:
        defence += (
            f" (die {event['defence_die']}"
            + (f" on a d{event['defence_sides']}" if event.get("defence_sides") else "")
            + ")"
        )
    margin = event.get("margin")
    outcome = f"margin {margin:g}" if isinstance(margin, int | float) else ""
    return (
        f"{event.get('rammer', '?')} rams {event.get('target', '?')}: {attack} against {defence}"
        + (f", {outcome}" if outcome else "")
        + "."
    )


def _hole(event: Event) -> str:
    holes = event.get("holes") or ()
    return (
        f"{event.get('ship', '?')} is holed ({_list(holes)}"
        + (f", {event['hole_units']} units in all" if event.get("hole_units") is not None else "")
        + ")"
        + (f" by {event['by']}" if event.get("by") else "")
        + "."
    )


def _sink(event: Event) -> str:
    return (
        f"{event.get('ship', '?')} sinks{_at(event)}"
        + (
            f" ({event['hole_units']} hole units against a capacity of {event['capacity']})"
            if event.get("hole_units") is not None and event.get("capacity") is not None
            else ""
        )
        + "."
    )


def _save(event: Event) -> str:
    what = event.get("roll") or event.get("what") or "save"
    where = event.get("section") or event.get("side") or event.get("area") or ""
    subject = f"{event.get('ship', '?')}'s {what} save" + (f" for {where}" if where else "")
    result = event.get("result")
    tail = f" ({result})" if isinstance(result, str) and result else ""
    return f"{subject}: {_die(event) or 'made'}{tail}."


def _shot(event: Event) -> str:
    ship, target = event.get("ship", "?"), event.get("target")
    area = event.get("area", "")
    if event.get("failed"):
        reason = f": {event['reason']}" if event.get("reason") else ""
        return f"A shot of {ship} fails{reason}."
    aim = f" at {target}.{event.get('target_area', '')}" if target else ""
    kind = event.get("shot") or "shot"
    if event.get("rolls") is not None:
        return (
            f"{ship} {area} throws fire{aim}: {_list(event['rolls'])}"
            + (f", {_plural(event.get('sixes', 0), 'six')}" if event.get("sixes") is not None else "")
            + "."
        )
    roll = event.get("roll")
    score = event.get("score")
    text = (
        f"{ship} {area} ({kind}){aim}: rolled {roll}" if roll is not None else f"{ship} {area} ({kind}){aim}"
    )
    if score is not None and score != roll:
        text += f", {score} with modifiers"
    if isinstance(event.get("hit"), bool):
        text += ": a hit" if event["hit"] else ": a miss"
    return text + "."


def _hit(event: Event) -> str:
    taken = event.get("taken", "")
    what = {"oars": f"oar section {event.get('section', '')}".rstrip(), "void": "nothing (a void hit)"}.get(
        str(taken), f"a {str(taken).rstrip('s')} element" if taken else "a hit"
    )
    by = f" by {event['by']}" if event.get("by") else ""
    return f"{event.get('target', event.get('ship', '?'))}.{event.get('target_area', '')} is hit{by}: {what}."


def _eliminated(event: Event) -> str:
    element = event.get("element", "element")
    grade = f"{event['grade']} " if event.get("grade") else ""
    side = f" of {event['side']}" if event.get("side") else ""
    where = f"{event.get('ship', '?')}'s {event.get('area', '?')}"
    return f"A {grade}{str(element).rstrip('s')} element{side} in {where} is lost."


def _speed_event(event: Event) -> str:
    start = event.get("speed_from", event.get("old"))
    end = event.get("speed_to", event.get("new"))
    why = f" ({event['reason']})" if event.get("reason") else ""
    return f"{event.get('ship', '?')} goes from {_speed(start)} to {_speed(end)}{why}."


def _drift(event: Event) -> str:
    return (
        f"{event.get('ship', '?')} drifts {_sl(event.get('distance', 0))}"
        + (f" towards {_deg(event['heading'])}" if event.get("heading") is not None else "")
        + f"{_at(event)}"
        + (f", stopped by {event['stopped_by']}" if event.get("stopped_by") else "")
        + "."
    )


def _wind(event: Event) -> str:
    die = f" (d6 {event['die']})" if event.get("die") is not None else ""
    return f"The wind is {event.get('strength', '?')}, blowing towards {_deg(event.get('heading', 0))}{die}."


def _morale(event: Event) -> str:
    triggers = event.get("triggers") or ()
    why = f" (triggers {_list(triggers)})" if triggers else ""
    return f"{event.get('ship', '?')} tests its morale{why}: {_die(event) or 'made'}."


def _grapple(event: Event) -> str:
    dice = event.get("dice") or ()
    count = event.get("grapples")
    return (
        f"{event.get('ship', '?')} throws grapples at {event.get('target', '?')}"
        + (f" from {event['area']}" if event.get("area") else "")
        + (f" (dice {_list(dice)})" if dice else "")
        + (f": {_plural(count, 'grapple')} hold" if count is not None else "")
        + "."
    )


def _cut(event: Event) -> str:
    how = event.get("how", "cut")
    if how == "release":
        return f"{event.get('ship', '?')} and {event.get('target', '?')} release their grapples."
    ended = " and the link ends" if event.get("ended") else ""
    return (
        f"{event.get('ship', '?')} cuts at the grapples from {event.get('target', '?')}"
        + (f" (dice {_list(event['dice'])})" if event.get("dice") else "")
        + (f": {_plural(event.get('removed', 0), 'grapple')} cut" if event.get("removed") is not None else "")
        + f"{ended}."
    )


def _corvus(event: Event) -> str:
    outcome = "it holds" if event.get("success") else "it fails"
    rolled = _die(event)
    return (f"{event.get('ship', '?')} drops its corvus on {event.get('target', '?')}: "
            + (f"{rolled}, " if rolled else "") + f"{outcome}.")


def _fight(event: Event) -> str:
    mine = f"{event.get('ship', '?')}.{event.get('area', '?')}"
    theirs = f"{event.get('target', '?')}.{event.get('target_area', '?')}"
    dice = ""
    if event.get("attacker_dice") is not None:
        dice = (f", dice {_list(event.get('attacker_dice') or ())} against "
                f"{_list(event.get('defender_dice') or ())}")
    return (f"Deck fight, throw {event.get('throw', '?')}: {mine} against {theirs}{dice}; the attacker "
            f"loses {event.get('attacker_lost', 0)}, the defender {event.get('defender_lost', 0)}.")


def _simple(template: str) -> Callable[[Event], str]:
    def made(event: Event) -> str:
        values = {key: value for key, value in event.items()}
        try:
            return template.format_map(_Missing(values))
        except (ValueError, KeyError):  # pragma: no cover - a template error is a code error
            return _fallback(event)

    return made


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


SENTENCES: Mapping[str, Callable[[Event], str]] = {
    "card": _card,
    "first_player": _first_player,
    "step": _simple("Step: ships at {step} move."),
    "phase_end": _simple("End of the action phase of {card}: drift, speed changes, crews seen."),
    "activation": _activation,
    "advance": _advance,
    "turn": _turn,
    "oversteer": lambda e: (
        f"{e.get('ship', '?')} oversteers in the wind: {_die(e) or 'no die'}"
        + (", and turns again" if e.get("repeated") else "")
        + "."
    ),
    "blocked": _blocked,
    "clamp": lambda e: (
        f"{e.get('line', e.get('ship', '?'))} is clamped"
        + (f": {_list(e['notes'])}" if e.get("notes") else "")
        + "."
    ),
    "failed": lambda e: (
        f"{e.get('line') or e.get('ship', '?')} fails" + (f": {e['reason']}" if e.get("reason") else "") + "."
    ),
    "collision": _collision,
    "claim": lambda e: f"{e.get('ship', '?')} claims a shear on the band: {_die(e) or 'made'}.",
    "ram": _ram,
    "hole": _hole,
    "lock": _simple("{rammer}'s ram is embedded in {target}: the two are locked."),
    "confused": lambda e: (
        f"{e.get('ship', '?')} is confused"
        + (" and loses its activation" if e.get("lost") else "")
        + (" (its ram is lost)" if e.get("ram_lost") else "")
        + "."
    ),
    "swing": lambda e: f"{e.get('ship', '?')} swings {_deg(e.get('turned', 0))} after its ram.",
    "shear": lambda e: f"{e.get('attacker', '?')} shears along {e.get('target', '?')}.",
    "rake": lambda e: f"{e.get('mover', '?')} rakes {e.get('target', '?')}'s stern.",
    "save": _save,
    "sink": _sink,
    "hulk": lambda e: (
        f"{e.get('ship', '?')} is a hulk ({e.get('reason', '')})"
        + (f"; {_plural(e['elements_lost'], 'element')} lost" if e.get("elements_lost") else "")
        + "."
    ),
    "speed": _speed_event,
    "drift": _drift,
    "fate": lambda e: (
        f"Fate: the wind die is {e.get('die', '?')}; the wind is now {e.get('strength', '?')} towards "
        f"{_deg(e.get('heading', 0))}."
    ),
    "wind": _wind,
    "reveal": lambda e: (
        f"{e.get('ship', '?')}'s crew is seen for what it is"
        + (f" ({e['by']} came within range)" if e.get("by") else "")
        + "."
    ),
    "shuffle": lambda e: "The activity deck is shuffled.",
    "deck_phase": lambda e: f"Deck action phase {e.get('number', '?')}: {e.get('first', '?')} goes first.",
    "shift": lambda e: (
        (
            f"{e.get('ship', '?')} shifts "
            f"{_plural(e.get('count', 0), str(e.get('element', 'element')).rstrip('s'))} "
            f"from {e.get('source', '?')} to {e.get('destination', '?')}."
        )
        if e.get("done")
        else f"{e.get('ship', '?')}'s SHIFT fails" + (f": {e['reason']}" if e.get("reason") else "") + "."
    ),
    "marker_leave": lambda e: (
        f"An element leaves {e.get('ship', '?')}'s {e.get('area', '?')} for {e.get('destination', '?')} "
        f"(AP marker)."
    ),
    "marker_stay": lambda e: (
        f"An element in {e.get('ship', '?')}'s {e.get('area', '?')} has nowhere to go from the AP marker."
    ),
    "shot": _shot,
    "hit": _hit,
    "eliminated": _eliminated,
    "ap": lambda e: (
        f"{e.get('ship', '?')}'s AP throw at {e.get('target', '?')}: {e.get('effect', 'no effect')}."
    ),
    "fire": lambda e: (
        f"Fire in {e.get('ship', '?')}'s {e.get('area', '?')}: level {e.get('was', '?')} to "
        f"{e.get('level', '?')}"
        + (f" ({e['cause']})" if e.get("cause") else "")
        + "."
    ),
    "grapple": _grapple,
    "cut": _cut,
    "corvus": _corvus,
    "fight": _fight,
    "enter": lambda e: (
        f"{_plural(e.get('count', 0), 'element')} of {e.get('side', '?')} "
        f"{_verb(e.get('count'), 'enter')} {e.get('to_ship', '?')}'s {e.get('to_area', '?')}."
    ),
    "move": lambda e: (
        f"{_plural(e.get('count', 0), 'element')} of {e.get('side', '?')} "
        f"{_verb(e.get('count'), 'move')} from "
        f"{e.get('ship', '?')}'s {e.get('area', '?')} to {e.get('to_ship', '?')}'s {e.get('to_area', '?')}."
    ),
    "capture": lambda e: f"{e.get('ship', '?')} is captured by {e.get('side', e.get('by', '?'))}.",
    "flood": lambda e: (
        f"{e.get('ship', '?')} floods: d6 {e.get('die', '?')} against its {e.get('hole', '?')} hole"
        + (f" adds a {e['added']} hole" if e.get("added") else " adds nothing")
        + (f" ({e['hole_units']} units)" if e.get("hole_units") is not None else "")
        + "."
    ),
    "morale": _morale,
    "flag": lambda e: (
        f"{e.get('ship', '?')} raises the {'red' if e.get('flag') == 'fleeing' else 'yellow'} flag: "
        f"{'fleeing' if e.get('flag') == 'fleeing' else 'standing off'}."
    ),
    "fled": lambda e: (
        f"{e.get('ship', '?')} " + ("is beached" if e.get("beached") else "leaves the table") + f"{_at(e)}."
    ),
    "oars": lambda e: f"{e.get('ship', '?')} runs its oars out again ({_list(e.get('out') or ())}).",
    "held": lambda e: f"{e.get('ship', '?')} is held and cannot move.",
    "link": lambda e: (
        f"The link between {e.get('ship', e.get('a', '?'))} and {e.get('other', e.get('b', '?'))} ends."
    ),
    "quality": lambda e: f"{e.get('ship', '?')}'s crew quality is set.",
    "post": lambda e: f"{e.get('ship', '?')} posts its elements ({e.get('placing', '')}).",
    "phase_skipped": lambda e: (
        f"Nobody owes orders for {e.get('phase', 'the next phase')}: it is played at once."
    ),
    "victory": lambda e: (
        "The game ends in a draw."
        if e.get("winner") == "draw"
        else f"{e.get('winner', '?')} win"
        + (
            " (the other side is broken)"
            if e.get("how") == "broken"
            else " on points"
            if e.get("how") == "score"
            else ""
        )
        + "."
    ),
}


def _fallback(event: Event) -> str:
    fields = ", ".join(
        f"{key} {value}" for key, value in event.items() if key != "kind" and value not in (None, "")
    )
    return f"{str(event.get('kind', 'event')).replace('_', ' ').capitalize()}" + (
        f": {fields}." if fields else "."
    )


def sentence(event: Event) -> str:
    """The event in one sentence (see the module)."""
    made = SENTENCES.get(str(event.get("kind", "")))
    text = made(event) if made is not None else _fallback(event)
    return " ".join(text.split())


KNOWN_KINDS: Sequence[str] = tuple(SENTENCES)
