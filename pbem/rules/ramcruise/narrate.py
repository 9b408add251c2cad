"""Ram / cruise / strategic events told as sentences, one per event, with every die the event
carries and the number it was held against (the presenter's narration).

    sentence(event) -> str                 # one event as a dict (Event.as_dict())
    SENTENCES                              # kind -> its teller: every kind the engine makes
    reason_of(event) -> str                # the reason an event gives, if any

Ships are named by id. Nothing is hidden in this game (rulings §4), so every viewer reads the
same sentences. What became of each order line is told in `fates`, from these sentences. Calls
only the interface's DRAW.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pbem.rules.interface import DRAW

Event = dict[str, Any]

FACTORS: Mapping[str, tuple[str, str]] = {
    "mar": ("marine", "marines"), "bow": ("bowman", "bowmen"),
    "deck": ("crewman on deck", "crewmen on deck"),
    "oar": ("crewman at the oars", "crewmen at the oars")}
ASPECT_BASE: Mapping[str, int] = {"head-on": 12, "head": 9, "tail": 9, "side": 7}  # §9.2
MORALE_TRIGGERS: Mapping[str, str] = {
    "ballista": "hit by a ballista", "fire_dart": "hit by a fire dart", "casualties": "casualties",
    "rammed": "rammed", "sheared": "sheared", "routed_friend": "a routed friend in sight",
    "flagship": "the flagship lost"}
EDGE_WORDS = {"edge": "the table edge"}


# --- small pieces


def _at(point: Any) -> str:
    if not isinstance(point, list | tuple) or len(point) < 2:
        return "(?)"
    return f"({float(point[0]):.2f}, {float(point[1]):.2f})"


def _inches(value: Any) -> str:
    try:
        return f'{float(value):g}"'
    except (TypeError, ValueError):
        return f'{value}"'


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _factors(category: str, count: int) -> str:
    one, many = FACTORS.get(category, (category, category))
    return _plural(count, one, many)


def _one_factor(category: str) -> str:
    return FACTORS.get(category, (category, category))[0]


def _signed(number: int) -> str:
    return f"+{number}" if number >= 0 else f"-{-number}"


def _rolled(dice: Any, total: Any) -> str:
    """'rolled 3+5 = 8' for 2d6 (each die shown, then the sum)."""
    faces = [str(face) for face in dice] if isinstance(dice, list | tuple) else [str(dice)]
    if len(faces) == 1:
        return f"rolled {faces[0]}"
    return f"rolled {'+'.join(faces)} = {total}"


def _die(die: Any, modifier: Any, total: Any) -> str:
    """'rolled 4' or, with a class modifier, 'rolled 4+1 = 5'."""
    if not modifier:
        return f"rolled {die}"
    return f"rolled {die}{_signed(int(modifier))} = {total}"


def reason_of(e: Event) -> str:
    return str(e.get("reason") or "").strip()


# --- one teller per kind


def _avoid(e: Event) -> str:
    return (f"{e['ship']} avoided {e.get('by')}'s shear ({_inches(e.get('abreast'))} along the step, "
            f"at {_at(e.get('at'))}; 7 or more avoids): {_rolled(e.get('dice'), e.get('total'))}.")


def _blocked(e: Event) -> str:
    reason = reason_of(e)
    if e.get("failed"):
        return f"{e['ship']}'s move fails (§18): {reason or 'it could not move'}."
    by = e.get("by")
    where = _at(e.get("at"))
    if by == "edge":
        return f"{e['ship']} was stopped at {where} by {reason or 'the table edge'}; its move ends."
    return f"{e['ship']} was blocked at {where}: {reason or f'in contact with {by}'}; its move ends."


def _break(e: Event) -> str:
    target = e.get("target") or "its grapple"
    if not e.get("dice"):
        return f"{e['ship']}'s break from {target} fails without a roll: {reason_of(e)}."
    why = "the other accepts" if e.get("needed") == 5 else "the other resists"
    outcome = "the grapple is cut" if e.get("success") else "still held"
    return (f"{e['ship']} tried to break its grapple with {target} (needs {e.get('needed')}, "
            f"{why}): {_rolled(e.get('dice'), e.get('total'))}, {outcome}.")


def _countdown(e: Event) -> str:
    ship, left = e["ship"], e.get("countdown")
    if e.get("cause") == "fire dart":
        if e.get("kept") == "old":
            return (f"{ship} is set on fire by a fire dart: countdown die {e.get('die')} (no "
                    f"modifier), but it keeps its sooner countdown of {left}.")
        return (f"{ship} is set on fire by a fire dart: countdown die {e.get('die')} (no "
                f"modifier), countdown {left}; the end of its own half next is skipped.")
    if e.get("skipped"):
        return (f"{ship}'s countdown stays at {left}: the first end of its own half after the "
                "countdown was set is skipped.")
    if not left:
        return f"{ship}'s countdown runs out."
    return f"{ship}'s countdown runs down to {left}."


def _dragged(e: Event) -> str:
    return f"{e['ship']} was dragged down with {e.get('by')}, in which it was embedded."


def _duty(e: Event) -> str:
    where = "to the deck" if e.get("to") == "deck" else "to the oars"
    return f"{e['ship']}: {_plural(int(e.get('crewmen') or 0), 'crewman', 'crewmen')} moved {where}."


def _fatigue(e: Event) -> str:
    change = int(e.get("change") or 0)
    if "side" in e and "ship" not in e:
        return f"{e['side']}'s fleet fatigue {_signed(change)}: the reserve is now {e.get('fatigue')}."
    return f"{e['ship']}'s fatigue {_signed(change)}: its reserve is now {e.get('fatigue')}."


def _fire(e: Event) -> str:
    ship, target, weapon = e["ship"], e.get("target"), e.get("weapon")
    number = f" {e['ballista']}" if e.get("ballista") else ""
    what = "bow fire" if weapon == "bow" else f"ballista{number}"
    if not target or not (e.get("dice") or e.get("die")):
        at = f" at {target}" if target else ""
        return f"{ship}'s {what}{at} did not shoot: {reason_of(e) or 'no target'}."
    outcome = "a hit" if e.get("hit") else "a miss"
    if weapon == "bow":
        return (f"{ship}'s bowmen shot at {target} from the {e.get('side')} side at "
                f"{e.get('range')} range ({_inches(e.get('distance'))}, needs {e.get('needed')}): "
                f"{_die(e.get('die'), e.get('modifier'), e.get('total'))}, {outcome}.")
    dart = "a fire dart" if e.get("fire_dart") else "a bolt"
    return (f"{ship}'s ballista{number} shot {dart} at {target} at {e.get('band')} range "
            f"({_inches(e.get('distance'))}, needs {e.get('needed')}): "
            f"{_rolled(e.get('dice'), e.get('total'))}, {outcome}.")


def _flagship(e: Event) -> str:
    return (f"{e['side']}'s flagship {e.get('ship')} has {e.get('status')}: every {e['side']} "
            "ship tests morale at M5 (once in the game).")


def _flee(e: Event) -> str:
    return f"{e['ship']} fled off the {e.get('edge')} edge at {_at(e.get('at'))}: out of the battle."


def _follow_up(e: Event) -> str:
    outcome = "it is holed too" if e.get("holed") else "it is spared"
    return (f"{e['ship']}'s head-on follow-up die (1 to 3 holes the rammer): rolled "
            f"{e.get('die')}, {outcome}.")


def _grapple(e: Event) -> str:
    ship, target = e["ship"], e.get("target")
    if not e.get("dice"):
        at = f" at {target}" if target else ""
        return f"{ship} threw no grapple{at}: {reason_of(e)}."
    what = f"its {e['gear']}" if e.get("gear") else "a grapple"
    stance = {"routed": f"{target} is routed, so it resists", "accept": f"{target} accepts",
              "resist": f"{target} resists"}.get(str(e.get("stance")), str(e.get("stance")))
    outcome = "grappled" if e.get("success") else "missed"
    return (f"{ship} threw {what} at {target} ({stance}; needs {e.get('needed')}): "
            f"{_rolled(e.get('dice'), e.get('total'))}, {outcome}.")


def _hit(e: Event) -> str:
    ship, by, weapon = e["ship"], e.get("by"), e.get("weapon")
    if weapon in ("ballista", "fire dart"):
        then = "it burns if it fails" if weapon == "fire dart" else "it routs if it fails"
        return f"{ship} was hit by {by}'s {weapon}: nobody is lost, but it tests morale ({then})."
    source = "melee" if weapon == "melee" else "bow fire"
    if not e.get("category"):
        return f"{by}'s hit on {ship} ({source}) is lost: {reason_of(e) or 'nothing left to lose'}."
    lost = int(e.get("lost") or 0)
    return (f"{ship} lost {_factors(str(e['category']), lost)} to {by}'s {source}; "
            f"{_factors(str(e['category']), int(e.get('left') or 0))} left.")


def _melee(e: Event) -> str:
    ship, target = e["ship"], e.get("target")
    if not target:
        return f"{ship} does not melee: {reason_of(e)}."
    rolls = e.get("dice") or []
    modifiers = e.get("modifiers") or [0] * len(rolls)
    faces = ", ".join(f"{die}{_signed(int(mod))}" if mod else str(die)
                      for die, mod in zip(rolls, modifiers, strict=False))
    hits = int(e.get("hits") or 0)
    return (f"{ship} fought {target} in melee with {_plural(len(rolls), 'factor', 'factors')} "
            f"(5 or more hits): rolled {faces or 'nothing'}, "
            f"{_plural(hits, 'hit', 'hits') if hits else 'no hit'}.")


def _morale(e: Event) -> str:
    why = ", ".join(MORALE_TRIGGERS.get(str(t), str(t)) for t in e.get("triggers") or [])
    cascade = f", cascade round {e['round']}" if int(e.get("round") or 1) > 1 else ""
    outcome = "holds" if e.get("passed") else "fails"
    return (f"{e['ship']} tests morale at {e.get('checkpoint')}{cascade} ({why}; lowest class "
            f"{e.get('lowest_class')}, needs {e.get('needed')}): "
            f"{_rolled(e.get('dice'), e.get('total'))}, {outcome}.")


def _step_length(step: str) -> float | None:
    if step[:1] in ("F", "B"):
        try:
            return float(step[1:])
        except ValueError:
            return None
    return None


def _move(e: Event) -> str:
    ship, step = e["ship"], str(e.get("step", ""))
    if step.startswith("pivot to"):
        return f"{ship} pivoted to its rout heading, {e.get('heading')}."
    if step[:1] in ("P", "S"):
        return f"{ship} pivoted {step}: heading {e.get('heading')}."
    travel = float(e.get("travel") or 0.0)
    length = _step_length(step)
    went = (f"{travel:g}\" of {length:g}\"" if length is not None and travel < length - 0.005
            else f"{travel:g}\"")
    return f"{ship} {step}: {went} to {_at(e.get('end'))}, heading {e.get('heading')}."


def _pick(e: Event) -> str:
    picker = e.get("by") if e.get("picker") == "firer" else e.get("ship")
    return (f"Long-range pick for {e.get('by')}'s hit on {e['ship']}: {e.get('by')} rolled "
            f"{e.get('firer_die')}, {e['ship']} rolled {e.get('target_die')} (higher picks, a tie "
            f"goes to the target): {picker} picks.")


def _ram(e: Event) -> str:
    ship, target, aspect = e["ship"], e.get("target"), str(e.get("aspect"))
    if e.get("marked"):
        return (f"{ship} rams {target} ({aspect}) at {_at(e.get('impact'))}: the ram is rolled "
                "after the missile fire.")
    if e.get("void"):
        return f"{ship}'s ram on {target} is void: {reason_of(e)}."
    parts = [f"{aspect} {ASPECT_BASE.get(aspect, '?')}"]
    for name in ("faster", "bigger", "cheaper"):
        value = int(e.get(name) or 0)
        if value:
            parts.append(f"{name} {_signed(value)}")
    outcome = f"{target} is holed" if e.get("success") else "no harm done"
    return (f"{ship}'s ram on {target} ({', '.join(parts)}: needs {e.get('needed')}): "
            f"{_rolled(e.get('dice'), e.get('total'))}, {outcome}.")


def _rout(e: Event) -> str:
    return (f"{e['ship']} routs (at {e.get('checkpoint')}): it sails for home and counts as lost "
            "for victory.")


def _save(e: Event) -> str:
    outcome = "saved" if e.get("saved") else "not saved"
    return (f"{e['ship']} saves against {e.get('by')}'s hit on a {_one_factor(str(e.get('category')))} "
            f"(6 or more saves): {_die(e.get('die'), e.get('modifier'), e.get('total'))}, {outcome}.")


def _shear(e: Event) -> str:
    ship, target = e["ship"], e.get("target")
    where = f"{_inches(e.get('abreast'))} along the step, at {_at(e.get('at'))}"
    if e.get("planned"):
        return (f"{ship} passes {target} within 1/8\" ({where}): a shear unless {target} rolls "
                "7 or more.")
    count = int(e.get("sheared") or 0)
    effect = ("sheared once: its speeds are halved" if count == 1
              else "sheared twice: it cannot move for the rest of the game")
    return (f"{ship} sheared {target}'s oars ({where}; 7 or more avoids): {target} "
            f"{_rolled(e.get('dice'), e.get('total'))}, {effect}.")


def _sinking(e: Event) -> str:
    die, modified = int(e.get("die") or 0), int(e.get("modified") or 0)
    rolled = f"countdown die {die}" + (f"{_signed(modified - die)} = {modified}"
                                        if modified != die else "")
    kept = e.get("kept")
    countdown = e.get("countdown")
    told = (f"countdown {countdown}" if kept in (None, countdown)
            else f"countdown {countdown}, but it keeps its sooner countdown of {kept}")
    return f"{e['ship']} is holed in its clash with {e.get('by')}: {rolled}, {told}."


def _sunk(e: Event) -> str:
    return f"{e['ship']} sank: {reason_of(e) or 'it went down'}."


def _surrender(e: Event) -> str:
    released = e.get("released") or []
    freed = f"; its grapples with {', '.join(released)} are released" if released else ""
    return f"{e['ship']} surrendered and strikes its colours: {reason_of(e)}{freed}."


def _victory(e: Event) -> str:
    numbers = e.get("sides") or {}
    counts = "; ".join(f"{side}: losses {n.get('losses')} of {n.get('start')} purchase points, "
                       f"broken at {n.get('breaking_point')}" for side, n in numbers.items())
    tail = f" ({counts})" if counts else ""
    if e.get("winner") == DRAW:
        return f"The game is a draw: {reason_of(e)}{tail}."
    return f"{e.get('winner')} wins: {reason_of(e)}{tail}."


def _wind(e: Event) -> str:
    if "was" not in e:
        return (f"The wind die: rolled {e.get('die')}, so the wind blows towards "
                f"{e.get('wind')}.")
    change = ("no change" if e.get("wind") == e.get("was")
              else f"it shifts from {e.get('was')} to {e.get('wind')}")
    return (f"The wind-change die (1 backs it 45, 6 veers it 45): rolled {e.get('die')}, "
            f"{change}; the wind blows towards {e.get('wind')}.")


SENTENCES: Mapping[str, Callable[[Event], str]] = {
    "avoid": _avoid, "blocked": _blocked, "break": _break, "countdown": _countdown,
    "dragged": _dragged, "duty": _duty, "fatigue": _fatigue, "fire": _fire,
    "flagship": _flagship, "flee": _flee, "follow_up": _follow_up, "grapple": _grapple,
    "hit": _hit, "melee": _melee, "morale": _morale, "move": _move, "pick": _pick, "ram": _ram,
    "rout": _rout, "save": _save, "shear": _shear, "sinking": _sinking, "sunk": _sunk,
    "surrender": _surrender, "victory": _victory, "wind": _wind,
}


def sentence(e: Event) -> str:
    """One event as a sentence; an event of a kind this module does not know is listed plainly
    rather than lost."""
    teller = SENTENCES.get(str(e.get("kind")))
    if teller is None:
        return f"{e.get('kind')}: " + ", ".join(f"{k}={v}" for k, v in e.items() if k != "kind")
    try:
        return teller(e)
    except (AttributeError, IndexError, KeyError, OverflowError, TypeError, ValueError):
        # an odd shape (a field of the wrong kind, an infinite number): told plainly
        return f"{e.get('kind')}: " + ", ".join(f"{k}={v}" for k, v in e.items() if k != "kind")
