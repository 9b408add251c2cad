"""Greeks vs Romans events as plain sentences, one per event, every die shown (the
presenter's narration); and what each order line brought about, for the report's account."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.rules.interface import DRAW, OrderSheet

FIGURES = {"marine": ("marine", "marines"), "sailor": ("sailor", "sailors")}


def _at(point: Any) -> str:
    if not isinstance(point, list | tuple) or len(point) < 2:
        return "?"
    return f"({float(point[0]):.2f}, {float(point[1]):.2f})"


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _left(count: Any, one: str, many: str) -> str:
    """A count left as the event holds it ("1 marine", "3 sailors"; as given if not a count)."""
    return _plural(count, one, many) if isinstance(count, int) else f"{count} {many}"


def _strike(e: dict[str, Any]) -> str:
    kind = e.get("strike", "")
    what = {"ram": "rammed", "rudder": "struck the rudder of", "oar": "clashed oars with"}
    head = (f"{e['ship']} {what.get(kind, 'struck')} {e['target']} at {_at(e.get('impact'))} "
            f"(keels {e.get('theta', '?')}° apart)")
    mover = f"rolled {e['die']} + {_left(e['sailors'], 'sailor', 'sailors')} = {e['total']}"
    if kind == "oar":
        target = (f"{e['target']} rolled {e.get('target_die')} + {e.get('target_sailors')} = "
                  f"{e.get('target_total')}")
        return f"{head}: {e['ship']} {mover}, {target}; 7 or more hurts the other ship."
    needed = {"ram": "6 or more sinks it, 4-5 costs it sailors",
              "rudder": "6 or more costs it sailors"}.get(kind, "")
    return f"{head}: {mover}" + (f" ({needed})." if needed else ".")


def sentence(e: dict[str, Any]) -> str:
    k = e.get("kind")
    if k == "initiative":
        dice = ", ".join(f"{side} {die}" for side, die in dict(e.get("dice") or {}).items())
        if not e.get("winner"):
            return f"Initiative, turn {e.get('turn')}: {dice or 'no dice'}: a tie, rolled again."
        why = f" ({e['reason']})" if e.get("reason") else ""
        rolled = f": {dice}" if dice else ""
        return f"Initiative, turn {e.get('turn')}{rolled}: {e['winner']} acts first{why}."
    if k == "bonus":
        ap = ", ".join(f"{ship} {points}" for ship, points in
                       dict(e.get("action_points") or {}).items())
        return (f"Movement bonus for {e['side']}: rolled {e['die']}"
                + (f"; action points {ap}." if ap else "."))
    if k == "move":
        step = str(e.get("step", ""))
        if step[:1].upper() in ("P", "S"):
            return f"{e['ship']} pivoted {step}: heading {e.get('heading')}."
        travel = float(e.get("travel") or 0.0)
        return (f"{e['ship']} {step}: {travel:.2f}\" to {_at(e.get('end'))}, heading "
                f"{e.get('heading')}.")
    if k == "blocked":
        by = e.get("by")
        what = "the table edge" if by == "edge" else (
            ", ".join(by) if isinstance(by, list | tuple) else str(by))
        why = f": {e['reason']}" if e.get("reason") else ""
        return f"{e['ship']} was stopped by {what} at {_at(e.get('at'))}{why}."
    if k == "strike":
        return _strike(e)
    if k == "pass":
        if e.get("made"):
            return f"{e['ship']} carried on past {e['past']} to {_at(e.get('to'))}."
        return f"{e['ship']} could not get past {e['past']} and stopped alongside."
    if k == "loss":
        if e.get("die") is None:
            return f"{e['ship']} had no sailors to lose."
        return (f"{e['ship']} lost {_plural(int(e['lost']), 'sailor', 'sailors')} (rolled "
                f"{e['die']}); {e.get('sailors')} left.")
    if k == "sinking":
        return f"{e['ship']} is sinking: its captain is lost ({e.get('cause', '')})."
    if k == "left":
        return f"{e['ship']} left the table by the {e.get('edge')} edge at {_at(e.get('at'))}."
    if k in ("archery", "catapult"):
        if not e.get("target"):
            why = str(e.get("reason") or "none in range").removeprefix("no target: ")
            return f"{e['ship']} had no target for its {k}: {why}."
        thrown = e.get("dice")
        rolled = (", ".join(str(d) for d in thrown) if isinstance(thrown, list)
                  else str(e.get("die")))
        hits = int(e.get("hits") or 0)
        what = "archers" if k == "archery" else "catapult"
        return (f"{e['ship']}'s {what} shot at {e['target']} (rolled {rolled}): "
                f"{_plural(hits, 'hit', 'hits') if hits else 'no hit'}.")
    if k == "hit":
        one, many = FIGURES.get(str(e.get("figure")), (str(e.get("figure")), "figures"))
        lost = int(e.get("lost") or 0)
        return (f"{e['ship']} lost {_plural(lost, one, many)} to {e.get('by')}'s "
                f"{e.get('weapon')}; {_left(e.get('marines'), 'marine', 'marines')} and "
                f"{_left(e.get('sailors'), 'sailor', 'sailors')} left.")
    if k == "board":
        if e.get("reason") and not e.get("target"):
            return f"{e['ship']} made no boarding attack: {e['reason']}."
        if e.get("die") is None:
            return f"{e['ship']} boarded {e['target']}, which had no marines to resist."
        outcome = "a marine of theirs killed" if e.get("success") else "beaten off"
        return (f"{e['ship']} boarded {e['target']} (rolled {e['die']}, needed "
                f"{e.get('marines')} or less): {outcome}.")
    if k == "capture":
        return f"{e['by']} captured {e['ship']}: it now serves {e['side']}, with a new captain."
    if k == "repair":
        result = {"sinks": "it sinks", "no change": "still sinking",
                  "restored": "saved: a new captain takes over"}.get(str(e.get("result")),
                                                                      str(e.get("result")))
        return f"Repair roll for {e['ship']}: {e.get('die')}, {result}."
    if k == "sunk":
        admiral = " with the admiral aboard" if e.get("admiral") else ""
        return f"{e['ship']} went down{admiral}."
    if k == "placed":
        return f"{e['ship']} was placed at {_at(e.get('at'))}, heading {e.get('heading')}."
    if k == "victory":
        if e.get("winner") == DRAW:
            return f"The game is a draw: {e.get('reason', '')}."
        return f"The {e.get('winner')} side has won: {e.get('reason', '')}."
    return f"{k}: " + ", ".join(f"{name}={value}" for name, value in e.items() if name != "kind")


def _brought_about(line_text: str, piece: str, e: dict[str, Any]) -> bool:
    """An event this line caused: a movement line its moves, blocks, strikes, passes and
    what its strikes did; an ARCHERY, BOARD or CATAPULT line its attack and hits."""
    words = line_text.split(":", 1)[-1].split()
    order = words[0].upper() if words else ""
    ship = piece.upper()

    def mine(name: str) -> bool:
        return str(e.get(name, "")).upper() == ship

    kind = e.get("kind")
    if order in ("ARCHERY", "BOARD", "CATAPULT"):
        expected = {"ARCHERY": "archery", "BOARD": "board", "CATAPULT": "catapult"}[order]
        weapon = {"ARCHERY": "archery", "BOARD": "boarding", "CATAPULT": "catapult"}[order]
        return ((kind == expected and mine("ship"))
                or (kind == "hit" and mine("by") and e.get("weapon") == weapon)
                or (kind == "capture" and mine("by") and order == "BOARD"))
    return kind in ("move", "blocked", "strike", "pass", "left") and mine("ship")


def order_fates(sheet: OrderSheet, events: Sequence[dict[str, Any]]) -> tuple[str, ...]:
    """For each line: refused and why, or what it brought about (strike results that follow
    a strike are told with it: the losses and sinkings of the struck ship)."""
    fates = []
    for line in sheet.lines:
        if line.status != "accepted":
            fates.append(f"refused: {line.reason}" if line.reason else "refused")
            continue
        told, follow = [], False
        for e in events:
            if _brought_about(line.text, line.piece, e):
                told.append(sentence(e))
                follow = e.get("kind") == "strike"
            elif follow and e.get("kind") in ("loss", "sinking"):
                told.append(sentence(e))
            else:
                follow = False
        fates.append(" ".join(told) or "accepted; nothing came of it")
    return tuple(fates)
