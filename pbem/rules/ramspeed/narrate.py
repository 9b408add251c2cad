"""Ram Speed's events as plain sentences, one per event, every die roll shown (the
presenter's narration; the host never reads an event's fields)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.rules.events import Event
from pbem.rules.interface import DRAW, OrderSheet
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.combat_orders import (
    AdriftOrder,
    BoardOrder,
    CaptureOrder,
    FireOrder,
    TransferOrder,
)
from pbem.rules.ramspeed.orders import BuildOrder, MovementOrder, SetupOrder
from pbem.rules.ramspeed.tables import default_tables


def _needs(needed: int | None) -> str:
    if needed is None:
        return ""
    if needed <= 0:
        return "could not succeed"
    if needed >= 6:
        return "any roll succeeds"
    return "needed a 1" if needed == 1 else f"needed 1-{needed}"


def _roll(e: Event) -> str:
    if e.get("roll") is None:
        return "no roll, automatic"
    return f"rolled {e['roll']}, {_needs(e.get('needed'))}"


def _hit(e: Event) -> str:
    location = e.get("location")
    if location is None:
        return f"{e['galley']} was hit by {e['by']}'s {e['weapon']}."
    if location == "hull":
        kind = default_tables().weapons.get(e["weapon"])
        if e.get("damage") == 0 or (kind is not None and not kind.hull_damage):
            return f"It struck {e['galley']}'s hull, which {_a(e['weapon'])} cannot hurt."
        return f"It struck {e['galley']}'s hull: {_points(e, 'hull damage')}."
    if location == "rowing":
        return f"It struck {e['galley']}'s rowing banks: {_points(e, 'rowing damage')}."
    if location == "boarding_parties":
        killed = e.get("damage")
        what = "boarding parties" if killed is None else f"{killed} boarding part" + (
            "y" if killed == 1 else "ies")
        return f"It struck {e['galley']}'s boarding parties: {what} killed."
    weapon = str(location).partition(":")[2] or "missile weapons"
    ruin = ", destroying it" if e.get("destroyed") else ""
    return f"It struck {e['galley']}'s {weapon}: {_points(e, 'damage')}{ruin}."


def _points(e: Event, what: str) -> str:
    damage = e.get("damage")
    return f"{what}, how much kept secret" if damage is None else f"{damage} {what}"


def sentence(e: Event) -> str:
    k = e.kind
    if k in ("initiative", "setup_roll"):
        rolls = ", ".join(f"{side} {value}" for side, value in e["rolls"])
        what = "moves first" if k == "initiative" else "sets up first, in the east"
        if e["winner"] is None:
            return f"{'Initiative' if k == 'initiative' else 'Set-up roll'}: {rolls}: a tie, rolled again."
        return f"{'Initiative' if k == 'initiative' else 'Set-up roll'}: {rolls}: {e['winner']} {what}."
    if k == "move":
        path = list(e["path"])
        if not path:
            return f"{e['galley']} stayed at {e['start']}." if not e["drifting"] else ""
        speed = {2: " at double speed", 3: " at triple speed"}.get(e["speed"], "")
        if e["drifting"]:
            return ""
        spent = (f" ({e['spent']} of {e['allowance']} MA)" if e.get("spent") is not None
                 else "")
        return f"{e['galley']} moved{speed} from {e['start']}: {_steps(e['start'], path)}{spent}."
    if k == "drift":
        if e["moved"]:
            return f"{e['galley']} drifted{' to ' + e['to'] if e.get('to') else ''}."
        return f"{e['galley']} could not drift: {e['reason']}."
    if k == "ram":
        outcome = ("a miss" if not e["success"] else "a hit" if e.get("damage") is None
                   else f"a hit for {e['damage']} hull damage")
        return (f"{e['galley']} tried to ram {e['target']} ({e['angle']} attack; {_roll(e)}): "
                f"{outcome}.")
    if k == "shear":
        outcome = ("a miss" if not e["success"] else "oars broken" if e.get("damage") is None
                   else f"{e['damage']} rowing damage")
        return f"{e['galley']} tried to shear {e['target']} ({_roll(e)}): {outcome}."
    if k == "grapple":
        if e.get("reason"):
            return f"{e['galley']} could not grapple {e['target']}: {e['reason']}."
        verb = "grappled" if e["success"] else "failed to grapple"
        return f"{e['galley']} {verb} {e['target']} ({_roll(e)})."
    if k == "ungrapple":
        verb = "cast off from" if e["success"] else "failed to cast off from"
        return f"{e['galley']} {verb} {e['target']} ({_roll(e)})."
    if k == "sink":
        return f"{e['galley']} sank at {e['hex']}."
    if k == "leave_map":
        return f"{e['galley']} left the map by the {e['edge']} edge (last bow hex {e['last_bow']})."
    if k == "adrift":
        return f"{e['galley']}'s rowing banks are destroyed: it drifts for the rest of the game."
    if k == "halt":
        return f"{e['galley']} stopped" + (f": {e['reason']}." if e.get("reason") else ".")
    if k == "fire":
        outcome = "a hit" if e["hit"] else "a miss"
        return f"{e['galley']} shot its {e['weapon']} at {e['target']} ({_roll(e)}): {outcome}."
    if k == "hit":
        return _hit(e)
    if k == "board":
        if e.get("kills") is None:
            return f"{e['galley']}'s boarders attacked {e['target']}."
        lost = e["kills"] if e.get("defenders") is None else min(e["kills"], e["defenders"])
        result = (f"{e['target']} had no parties to lose" if e.get("defenders") == 0
                  else f"{lost} of {e['target']}'s parties killed")
        parties = e.get("parties")
        sent = ("boarders" if parties is None
                else f"{parties} boarding part{'y' if parties == 1 else 'ies'}")
        return f"{e['galley']} sent {sent} against {e['target']} (rolled {e['roll']}): {result}."
    if k == "capture":
        aboard = f", putting {e['parties']} aboard" if e.get("parties") else ""
        return f"{e['galley']} captured {e['target']}{aboard}: it now serves {e['side']}."
    if k == "transfer":
        if e.get("reason"):
            return f"{e['galley']} could not pass parties to {e['target']}: {e['reason']}."
        return f"{e['galley']} passed {e.get('parties', 'some')} boarding parties to {e['target']}."
    if k == "placed":
        return (f"{e['galley']} was not placed by its side; the judge placed it at "
                f"{e['bow']} facing {e['facing']}.")
    if k == "refused":
        return f"{e['side']}: {e['reason']}"
    if k == "game_over":
        return f"The game is over without a winner: {e['reason']}."
    if k == "victory":
        if e["side"] == DRAW:
            return "Both sides reached victory at the same moment: the game is a draw."
        return f"The {e['side']} side has won."
    return f"{k}: " + ", ".join(f"{name}={value}" for name, value in e.fields)


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _hexes(count: int) -> str:
    word = NUMBERS[count] if count < len(NUMBERS) else str(count)
    return f"{word} hex" + ("" if count == 1 else "es")


def _step_kind(before: tuple[Any, int | None], after: tuple[Any, int]) -> str:
    """What one step of a path was, read from where it left the bow."""
    (was, facing_was), (now, facing) = before, after
    if now == was:
        if facing_was is None:
            return "turn"
        return {1: "turn to starboard", 5: "turn to port"}.get((facing - facing_was) % 6,
                                                               "turn")
    if facing_was not in (None, facing):
        return "move"
    for kind, direction in (("forward", facing), ("reverse", hexes.opposite(facing)),
                            ("sideslip to port", facing - 1),
                            ("sideslip to starboard", facing + 1)):
        if hexes.add(was, direction) == now:
            return kind
    return "move"


def _steps(start: str, path: list[str]) -> str:
    """A move told step by step, runs of the same step together: "reversed one hex to
    1106 W, then forward one hex to 1006 W". A path the hex grid cannot read is listed."""
    try:
        where: tuple[Any, int | None] = (hexes.parse_label(start), None)
        runs: list[list[Any]] = []  # [kind, count, position text]
        for position in path:
            if position.startswith("off "):  # the step that took it off the map
                runs.append(["off", 1, position.removeprefix("off ")])
                break
            label, _, facing = position.partition(" ")
            now = (hexes.parse_label(label), hexes.facing_index(facing))
            kind = _step_kind(where, now)
            if runs and runs[-1][0] == kind and kind in ("forward", "reverse"):
                runs[-1][1:] = [runs[-1][1] + 1, position]
            else:
                runs.append([kind, 1, position])
            where = now
    except ValueError:
        return " → ".join(path)
    told = []
    for kind, count, position in runs:
        if kind == "forward":
            told.append(f"forward {_hexes(count)} to {position}")
        elif kind == "reverse":
            told.append(f"reversed {_hexes(count)} to {position}")
        elif kind.startswith("turn"):
            way = kind.removeprefix("turn").strip()
            told.append(f"turned {way + ' ' if way else ''}to face {position.partition(' ')[2]}")
        elif kind == "off":
            told.append(f"off the map by the {position} edge")
        elif kind.startswith("sideslip"):
            told.append(f"{kind.replace('sideslip', 'slipped sideways')} to {position}")
        else:
            told.append(f"to {position}")
    if len(told) == 1:
        return told[0]
    return ", ".join(told[:-1]) + ", then " + told[-1]


def _a(noun: str) -> str:
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def sentence_of(data: dict[str, Any]) -> str:
    """The sentence for an event stored as plain data (as the judge keeps them)."""
    return sentence(Event(data["kind"], tuple((k, v) for k, v in data.items() if k != "kind")))



MOVING = frozenset({"move", "drift", "ram", "shear", "grapple", "ungrapple", "halt",
                    "leave_map"})


def _brought_about(order: Any, piece: str, e: dict[str, Any]) -> bool:
    """An event the order of `piece` brought about: its move and what it met on the way,
    its shots and their hits, its boarding, capture, wrecking or transfer."""
    return _matches(order, piece.upper(), _names(e))


Named = tuple[Any, str, str, str]  # an event's kind, and its galley, by and target in capitals


def _names(e: dict[str, Any]) -> Named:
    """What _matches reads of an event, read once however many orders are matched."""
    return (e.get("kind"), str(e.get("galley", "")).upper(), str(e.get("by", "")).upper(),
            str(e.get("target", "")).upper())


def _matches(order: Any, piece: str, named: Named) -> bool:
    """_brought_about, the piece's name in capitals and the event read by _names."""
    kind, galley, by, target = named
    if isinstance(order, FireOrder):
        return (kind == "fire" and galley == piece) or (kind == "hit" and by == piece)
    if isinstance(order, BoardOrder):
        return kind == "board" and galley == piece and target == order.target.upper()
    if isinstance(order, CaptureOrder):
        return kind == "capture" and galley == piece and target == order.target.upper()
    if isinstance(order, AdriftOrder):
        return kind == "adrift" and by == piece and galley == order.target.upper()
    if isinstance(order, TransferOrder):
        return kind == "transfer" and galley == piece and target == order.friend.upper()
    if isinstance(order, MovementOrder):
        return kind in MOVING and galley == piece
    return False


def order_fates(sheet: OrderSheet, events: Sequence[dict[str, Any]]) -> tuple[str, ...]:
    """For each line of a side's orders: refused and why, or what it brought about (the
    events the viewer saw; the judge's echo was in the answer to the orders, so it is not
    repeated). Each event is read once for all the lines, and told once; a line looks only
    at the events that name its piece as their galley or as who did it (_matches needs one
    of them)."""
    named = [(_names(e), e) for e in events]
    naming: dict[str, list[int]] = {}
    for number, ((_, galley, by, _), _) in enumerate(named):
        naming.setdefault(galley, []).append(number)
        if by != galley:
            naming.setdefault(by, []).append(number)
    told: dict[int, str] = {}
    fates = []
    for line in sheet.lines:
        if line.status != "accepted":
            fates.append(f"refused: {line.reason}" if line.reason else "refused")
            continue
        piece = line.piece.upper()
        said = []
        for number in naming.get(piece, ()):
            names, e = named[number]
            if _matches(line.order, piece, names):
                text = told.get(number)
                if text is None:
                    text = told[number] = sentence_of(e)
                if text:
                    said.append(text)
        quiet = "done" if isinstance(line.order, BuildOrder | SetupOrder) else \
            "accepted; nothing came of it that you could see"
        fates.append(" ".join(said) or quiet)
    return tuple(fates)
