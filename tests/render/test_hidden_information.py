"""No hidden fact of one side reaches another side's report, in any form: text, HTML, JSON,
map, or file name. Over many random games with secret records and secret hit locations on.

Two checks: (1) changing what a viewer may not see in the state changes nothing in what it
gets; (2) facts a viewer may not see are poisoned with marker values in the events before
rendering, and no marker may come out."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from pbem.app.reports import render_phase
from pbem.app.rulesets import HostedGame
from pbem.rules.events import Event
from pbem.rules.ramspeed.state import Weapon
from tests.render.helpers import DEADLINE, play, recipients

OPTIONS = (("secret_hit_locations", True), ("secret_records", True))
MARK = 7777
WORD = "ZZHIDDENZZ"


def _perturb(after: HostedGame, viewer: str | None, rng: random.Random) -> HostedGame:
    state = after.value.state
    galleys = []
    for galley in state.galleys:
        if viewer is None or galley.owner != viewer:
            galley = replace(
                galley,
                hull_damage=rng.randrange(galley.kind().sink) if galley.status == "afloat"
                else galley.hull_damage,
                boarding_parties=rng.randrange(6), double_used=rng.randrange(4),
                weapons=tuple(Weapon(rng.choice(["archer", "onager"]), rng.randrange(2))
                              for _ in range(rng.randrange(3))),
            )
        galleys.append(galley)
    return HostedGame(replace(after.value, state=state.with_galleys(tuple(galleys))))


def _owner(after: HostedGame, galley_id: Any) -> str | None:
    galley = after.value.state.galley(str(galley_id)) if galley_id else None
    return galley.owner if galley is not None else None


def _poison(events: tuple[Event, ...], after: HostedGame, viewer: str | None) -> tuple[Event, ...]:
    """Replace every figure the viewer may not know with a marker."""
    poisoned = []
    for item in events:
        data = item.as_dict()
        mover = _owner(after, data.get("galley"))
        target = _owner(after, data.get("target"))
        kind = data["kind"]
        if kind == "hit" and mover != viewer:  # the galley hit is not the viewer's
            data.update(location_rolls=[MARK], damage=MARK, destroyed=WORD,
                        location=f"weapon:{WORD}" if "weapon" in str(data["location"])
                        else data["location"])
            if _owner(after, data.get("by")) == viewer:
                data["location"] = WORD  # secret hit locations: the firer learns only the hit
        if kind == "move" and mover != viewer:
            data.update(spent=MARK, allowance=MARK)
        if kind == "halt" and mover != viewer:
            data.update(reason=WORD)
        if kind == "board":
            if mover != viewer:
                data.update(parties=MARK)
            if target != viewer:
                data.update(defenders=MARK)
        if kind == "capture" and mover != viewer:
            data.update(parties=MARK)
        if kind == "transfer" and mover != viewer:
            data.update(parties=MARK, reason=WORD)
        if viewer is None and kind in ("ram", "shear", "board"):
            data.update(damage=MARK, kills=MARK)
        data = {k: v for k, v in data.items() if k in item.as_dict()}  # replace, never add
        poisoned.append(Event(kind, tuple((k, v) for k, v in data.items() if k != "kind")))
    return tuple(poisoned)


def _everything(made: Any) -> str:
    return "\n".join([made.basename, made.text, made.html, made.json, made.svg])


@settings(max_examples=6, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.integers(0, 10_000), st.sampled_from(["squadron", "convoy"]))
def test_no_hidden_fact_reaches_another_side(seed: int, scenario: str) -> None:
    rng = random.Random(seed)
    for key, after, events in play(seed, scenario, OPTIONS, 40):
        for who in recipients(after.sides):
            args: dict[str, Any] = {"game_id": "g", "phase_key": key, "events": events,
                                    "recipients": [who], "deadline": DEADLINE}
            plain = render_phase(after=after, **args)[0]
            changed = render_phase(after=_perturb(after, who.side, rng), **args)[0]
            assert (plain.text, plain.html, plain.json, plain.svg, plain.png) == (
                changed.text, changed.html, changed.json, changed.svg, changed.png), (key, who)
            args["events"] = _poison(events, after, who.side)
            out = _everything(render_phase(after=after, **args)[0])
            assert str(MARK) not in out and WORD not in out, (key, who.name)
