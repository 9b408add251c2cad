"""Ram / cruise / strategic events told as sentences, one per event, with every die the event
carries and the number it was held against (the presenter's narration); and what became of
each order line of a side's sheet, told from the phase's events (§18: done, failed and why,
or refused and why).

    sentence(event) -> str                 # one event as a dict (Event.as_dict())
    SENTENCES                              # kind -> its teller: every kind the engine makes
    order_fates(sheet, events) -> tuple    # one text per line of the sheet

Ships are named by id. Nothing is hidden in this game (rulings §4), so every viewer reads the
same sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pbem.rules.errors import OrderError
from pbem.rules.interface import ACCEPTED, DRAW, LineResult, OrderSheet
from pbem.rules.ramcruise.notation import BUILD_LINES, ROUND_LINES, SETUP_LINES, read_line
from pbem.rules.ramcruise.orders import (
    Build,
    Duty,
    Move,
    Order,
    Picking,
    Place,
    Reading,
    Standing,
    Targets,
)

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


def _reason(e: Event) -> str:
    return str(e.get("reason") or "").strip()


# --- one teller per kind


def _avoid(e: Event) -> str:
    return (f"{e['ship']} avoided {e.get('by')}'s shear ({_inches(e.get('abreast'))} along the step, "
            f"at {_at(e.get('at'))}; 7 or more avoids): {_rolled(e.get('dice'), e.get('total'))}.")


def _blocked(e: Event) -> str:
    reason = _reason(e)
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
        return f"{e['ship']}'s break from {target} fails without a roll: {_reason(e)}."
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
        return f"{ship}'s {what}{at} did not shoot: {_reason(e) or 'no target'}."
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
        return f"{ship} threw no grapple{at}: {_reason(e)}."
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
        return f"{by}'s hit on {ship} ({source}) is lost: {_reason(e) or 'nothing left to lose'}."
    lost = int(e.get("lost") or 0)
    return (f"{ship} lost {_factors(str(e['category']), lost)} to {by}'s {source}; "
            f"{_factors(str(e['category']), int(e.get('left') or 0))} left.")


def _melee(e: Event) -> str:
    ship, target = e["ship"], e.get("target")
    if not target:
        return f"{ship} does not melee: {_reason(e)}."
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
        return f"{ship}'s ram on {target} is void: {_reason(e)}."
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
    return f"{e['ship']} sank: {_reason(e) or 'it went down'}."


def _surrender(e: Event) -> str:
    released = e.get("released") or []
    freed = f"; its grapples with {', '.join(released)} are released" if released else ""
    return f"{e['ship']} surrendered and strikes its colours: {_reason(e)}{freed}."


def _victory(e: Event) -> str:
    numbers = e.get("sides") or {}
    counts = "; ".join(f"{side}: losses {n.get('losses')} of {n.get('start')} purchase points, "
                       f"broken at {n.get('breaking_point')}" for side, n in numbers.items())
    tail = f" ({counts})" if counts else ""
    if e.get("winner") == DRAW:
        return f"The game is a draw: {_reason(e)}{tail}."
    return f"{e.get('winner')} wins: {_reason(e)}{tail}."


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
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):  # an odd shape: told plainly
        return f"{e.get('kind')}: " + ", ".join(f"{k}={v}" for k, v in e.items() if k != "kind")


# --- what became of each order line (§18)

MOVE_KINDS = ("move", "blocked", "ram", "shear", "avoid", "flee")


def _order_of(line: LineResult, context: str) -> Order | None:
    found = line.order
    if isinstance(found, Reading):
        return found.order
    if isinstance(found, Move | Targets | Picking | Duty | Standing | Build | Place):
        return found
    try:
        return read_line(line.line_no, line.text, context).order
    except (OrderError, ValueError):
        return None


def _same(value: Any, ship: str) -> bool:
    return str(value or "").upper() == ship.upper()


def _line_events(order: Order, ship: str, events: Sequence[Event]) -> list[Event]:
    """The events a line brought about, in the order they happened."""
    found: list[Event] = []
    last_target = ""
    for e in events:
        kind = e.get("kind")
        if isinstance(order, Move):
            mine = ((kind in MOVE_KINDS and _same(e.get("ship"), ship) and not
                     (kind == "ram" and not e.get("marked")))
                    or (kind == "avoid" and _same(e.get("by"), ship))
                    or (kind == "grapple" and _same(e.get("target"), ship)))
        elif isinstance(order, Targets) and order.verb == "BREAK":
            mine = kind == "break" and _same(e.get("ship"), ship)
        elif isinstance(order, Targets) and order.verb == "GRAPPLE":
            mine = kind == "grapple" and _same(e.get("ship"), ship)
        elif isinstance(order, Targets | Picking) and order.verb in ("BOW", "BALLISTA"):
            weapons = ("bow",) if order.verb == "BOW" else ("ballista", "fire dart")
            mine = ((kind == "fire" and _same(e.get("ship"), ship) and e.get("weapon") in weapons)
                    or (kind == "hit" and _same(e.get("by"), ship) and e.get("weapon") in weapons)
                    or (kind == "pick" and _same(e.get("by"), ship) and order.verb == "BOW"))
        elif isinstance(order, Picking) and order.verb == "MELEE":
            mine = ((kind == "melee" and _same(e.get("ship"), ship))
                    or (kind in ("save", "hit") and _same(e.get("by"), ship)
                        and e.get("weapon", "melee") == "melee")
                    or (kind == "surrender" and last_target != "" and _same(e.get("ship"), last_target)))
            if kind == "melee" and mine:
                last_target = str(e.get("target") or "")
        elif isinstance(order, Duty):
            mine = kind == "duty" and _same(e.get("ship"), ship)
        else:
            mine = False
        if mine:
            found.append(e)
    return found


def _failure(e: Event) -> bool:
    """An event saying a line did nothing for a §18 reason (no dice were rolled for it)."""
    kind = e.get("kind")
    if kind == "blocked":
        return bool(e.get("failed"))
    if kind in ("break", "grapple", "fire", "melee"):
        return not (e.get("dice") or e.get("die")) and bool(_reason(e))
    return False


def _held_by_shear_grapple(ship: str, told: Sequence[Event]) -> str:
    for e in told:
        if e.get("kind") == "grapple" and _same(e.get("target"), ship) and e.get("success"):
            return str(e.get("ship"))
    return ""


def _standing_fate(order: Standing) -> str:
    return (f"done: {order.notation()} stands from this round's deadline until it is "
            "changed (§5.3).")


def _fate(line: LineResult, order: Order | None, events: Sequence[Event]) -> str:
    if isinstance(order, Standing):
        return _standing_fate(order)
    if isinstance(order, Build):
        return f"done: {order.ship} built as {order.notation()}."
    if isinstance(order, Place):
        return f"done: {order.ship} placed at {order.notation()}."
    if order is None:
        return "accepted; nothing came of it."
    if isinstance(order, Move) and order.mode == "stay":
        return "done: it stayed."
    told = _line_events(order, line.piece or order.ship, events)
    if isinstance(order, Duty) and not told:
        return (f"done: {order.notation()} takes effect at the end of this half (step 11); the "
                "crewmen fight or row from the ship's next half.")
    if not told:
        return "accepted; nothing came of it."
    sentences = " ".join(sentence(e) for e in told)
    if all(_failure(e) for e in told):
        return f"failed (§18: the line stands but does nothing): {sentences}"
    if isinstance(order, Move):
        holder = _held_by_shear_grapple(line.piece or order.ship, told)
        if holder:
            return f"failed (§18: stopped by {holder}'s grapple after the shear): {sentences}"
    return f"done: {sentences}"


def order_fates(sheet: OrderSheet, events: Sequence[Event]) -> tuple[str, ...]:
    """For each line of a side's checked sheet: refused and why; failed (§18) and why; or done
    and what it brought about, told from the phase's events."""
    context = {"build": BUILD_LINES, "setup": SETUP_LINES}.get(sheet.phase.kind, ROUND_LINES)
    fates = []
    for line in sheet.lines:
        if line.status != ACCEPTED:
            fates.append(f"refused: {line.reason}" if line.reason else "refused.")
            continue
        fates.append(_fate(line, _order_of(line, context), events))
    return tuple(fates)
