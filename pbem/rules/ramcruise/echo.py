"""The echo of an accepted line, to its sender only (rulings §6.6, §5.4): a movement line's
computed path in words (each step's end, the shears with their abreast points, a ram contact, a
block) and as the places the plan map draws; what every other line will do, in the judge's own
words. Nothing here refuses a line: check.py does."""

from __future__ import annotations

from collections.abc import Sequence

from pbem.rules.events import Event
from pbem.rules.ramcruise.classes import DECK
from pbem.rules.ramcruise.grappling import GEAR_REACH, GRAPPLE_REACH, may_break
from pbem.rules.ramcruise.modes import FATIGUE_COST, ship_maximum
from pbem.rules.ramcruise.orders import MODE_NOTATION, Duty, Move, Order, Picking, Standing, Targets
from pbem.rules.ramcruise.state import STAY, GameState, Ship

ASSUMED = "computed with every BREAK succeeding and every shear-grapple failing; dice may change it"


def _inches(tenths_or_eighths: float) -> str:
    return f'{round(tenths_or_eighths, 2):g}"'


def point_text(x: float, y: float) -> str:
    return f"({x:.2f}, {y:.2f})"


def _path_words(events: Sequence[Event]) -> str:
    parts: list[str] = []
    for item in events:
        kind = item.kind
        if kind == "move":
            step = str(item["step"])
            if step[:1] in "PS" or step.startswith("pivot"):
                parts.append(f"{step} to heading {item['heading']}")
            else:
                parts.append(f"{step} to {point_text(*item['end'])}")
        elif kind == "shear":
            parts.append(f"shears {item['target']} at its abreast point, {item['abreast']:g}\" "
                         f"along the step at {point_text(*item['at'])}")
        elif kind == "ram":
            parts.append(f"meets {item['target']} bow first at {point_text(*item['impact'])}: a "
                         f"{item['aspect']} ram, marked and rolled after the enemy's fire")
        elif kind == "blocked":
            parts.append(f"blocked at {point_text(*item['at'])}: {item['reason']}")
        elif kind == "flee":
            parts.append(f"leaves the table by the {item['edge']} edge")
    return "; ".join(parts) or "stays where it is"


def plan_places(ship: Ship, events: Sequence[Event]) -> tuple[str, ...]:
    """The places a planned move takes its ship (§6.6), for the plan map: "(x, y)" from the
    start, each shear's abreast point in path order, each step's end, the last "(x, y,
    heading)"; a shear, a ram contact or a block is named at its place ("shear R3", "ram R5",
    "blocked")."""
    places: list[tuple[tuple[float, float], list[str]]] = [((round(ship.x, 2), round(ship.y, 2)), [])]
    heading = ship.heading
    pending: tuple[tuple[float, float], list[str]] | None = None
    for item in events:
        if item.kind == "move":
            if pending is not None and pending[0] != places[-1][0]:
                places.append(pending)
            end = item["end"]
            pending = ((float(end[0]), float(end[1])), [])
            heading = int(item["heading"])
        elif item.kind == "shear":
            at = (float(item["at"][0]), float(item["at"][1]))
            mark = f"shear {item['target']}"
            if pending is not None and at == pending[0]:
                pending[1].append(mark)
            elif at == places[-1][0]:
                places[-1][1].append(mark)
            else:
                places.append((at, [mark]))
        elif item.kind in ("ram", "blocked"):
            target = pending if pending is not None else places[-1]
            target[1].append(f"ram {item['target']}" if item.kind == "ram" else "blocked")
    if pending is not None:
        if pending[0] == places[-1][0]:
            places[-1][1].extend(pending[1])
        else:
            places.append(pending)

    def text(point: tuple[float, float], marks: list[str], last: bool) -> str:
        where = f"({point[0]:g}, {point[1]:g}, {heading})" if last else f"({point[0]:g}, {point[1]:g})"
        return " ".join([where, *marks])

    return tuple(text(point, marks, n == len(places) - 1) for n, (point, marks) in enumerate(places))


def move_echo(state: GameState, ship: Ship, move: Move, events: Sequence[Event],
               conditional: tuple[str, ...]) -> str:
    if move.mode == STAY:
        return "stays where it is (speed 0)"
    top = ship_maximum(state, ship, move.mode) / 8
    cost = FATIGUE_COST.get(move.mode, 0)
    facts = f"speed {_inches(move.distance / 10)} of its {MODE_NOTATION[move.mode]} maximum {_inches(top)}"
    if cost:
        facts += f", fatigue {cost}"
    head = ""
    if conditional:
        head = (f"on condition: carried out only if its BREAK frees it from {', '.join(conditional)} "
                "(else it stays); ")
    return f"{head}{facts}; {_path_words(events)} ({ASSUMED})"


def line_echo(state: GameState, ship: Ship, order: Order) -> str:
    if isinstance(order, Standing):
        return f"{ship.id}'s {order.name.upper()} is {', '.join(v.upper() for v in order.value)} " \
               "from this round's deadline until changed (§5.3)"
    if isinstance(order, Duty):
        where = "from the oars to the deck" if order.to == DECK else "from the deck to the oars"
        men = "crewman" if order.crewmen == 1 else "crewmen"
        return f"{order.crewmen} {men} {where} at the end of this half (step 11)"
    if isinstance(order, Targets) and order.verb == "BREAK":
        notes = [f"{name}: {why}" for name in order.targets
                 if (why := may_break(state, ship, state.require(name)))]
        tail = f"; as things stand it fails ({'; '.join(notes)})" if notes else ""
        return (f"tries to break away from {', '.join(order.targets)} in step 1 (2d6: 9, or 5 if "
                f"the other accepts){tail}")
    if isinstance(order, Targets) and order.verb == "GRAPPLE":
        reach = GEAR_REACH if ship.corvus_or_harpax else GRAPPLE_REACH
        return (f"a grapple at each of {', '.join(order.targets)} that is an enemy within "
                f"{reach:g}\" in step 8")
    if isinstance(order, Targets):
        return (f"each loaded, manned ballista fires at the first of {', '.join(order.targets)} "
                "within 20\" in step 4")
    if isinstance(order, Picking) and order.verb == "BOW":
        shots = min(ship.crew.bowmen, 5 if ship.tower else 4)
        picks = ", ".join(p.upper() for p in order.picks) or "MAR, BOW, DECK, OAR"
        return (f"shot by shot at {', '.join(order.targets)} within 4\" (at most {shots} shots: two "
                f"a side{', one from the tower' if ship.tower else ''}), picking {picks}")
    if isinstance(order, Picking):
        picks = ", ".join(p.upper() for p in order.picks) or "MAR, DECK"
        return (f"melees the first of {', '.join(order.targets)} it is grappled to in step 9, "
                f"picking {picks}")
    return order.notation()


__all__ = ["ASSUMED", "line_echo", "move_echo", "plan_places", "point_text"]
