"""Plain sentences for engine events, one per event, every die roll shown."""

from __future__ import annotations

from pbem.rules.events import Event


def _needs(needed: int | None) -> str:
    if needed is None:
        return ""
    if needed <= 0:
        return "could not succeed"
    if needed >= 6:
        return "any roll succeeds"
    return "needed 1" if needed == 1 else f"needed 1-{needed}"


def _roll(e: Event) -> str:
    if e.get("roll") is None:
        return "no roll, automatic"
    return f"rolled {e['roll']}, {_needs(e.get('needed'))}"


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
        return (f"{e['galley']} moved{speed} from {e['start']}: {' → '.join(path)} "
                f"({e['spent']} of {e['allowance']} MA).")
    if k == "drift":
        if e["moved"]:
            return f"{e['galley']} drifted{' to ' + e['to'] if e.get('to') else ''}."
        return f"{e['galley']} could not drift: {e['reason']}."
    if k == "ram":
        outcome = (f"a hit for {e['damage']} hull damage" if e["success"] else "a miss")
        return (f"{e['galley']} tried to ram {e['target']} ({e['angle']} attack; {_roll(e)}): "
                f"{outcome}.")
    if k == "shear":
        outcome = (f"{e['damage']} rowing damage" if e["success"] else "a miss")
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
        return f"{e['galley']} stopped: {e['reason']}."
    if k == "victory":
        return f"The {e['side']} side has won."
    return f"{k}: " + ", ".join(f"{name}={value}" for name, value in e.fields)
