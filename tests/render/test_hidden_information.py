"""No hidden fact of one side reaches another side's report, in any form: text, HTML, JSON,
map, or file name. Over many random games with secret records and secret hit locations on,
and in games where boarding parties are transferred and orders are refused late.

Three checks: (1) changing what a viewer may not see in the state changes nothing in what it
gets; (2) leaving out the events a viewer may not see at all (another side's transfers and
late refusals) changes nothing either; (3) facts a viewer may not see are poisoned with
marker values in the events before rendering, and no marker may come out."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from unittest import mock

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from pbem.app.reports.reports import Recipient, RenderedReport, render_phase
from pbem.rules.dice import SeededDice
from pbem.rules.events import Event
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.game import COMBAT, Game, new_game, play_phase
from pbem.rules.ramspeed.host import RamSpeedGame
from pbem.rules.ramspeed.state import Galley, GameState, Weapon
from tests.render.helpers import DEADLINE, play, recipients

OPTIONS = (("secret_hit_locations", True), ("secret_records", True))
MARK = 7777
WORD = "ZZHIDDENZZ"

Commanders = dict[str, str]  # upper-case galley ID -> the side commanding it


def _perturb(after: RamSpeedGame, viewer: str | None, rng: random.Random) -> RamSpeedGame:
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
    return RamSpeedGame(replace(after.value, state=state.with_galleys(tuple(galleys))))


def _owner(after: RamSpeedGame, galley_id: Any) -> str | None:
    galley = after.value.state.galley(str(galley_id)) if galley_id else None
    return galley.owner if galley is not None else None


def _commanders(before: GameState) -> Commanders:
    return {galley.id.upper(): galley.owner for galley in before.galleys}


def _ordered_by(item: Event, start: Commanders, after: RamSpeedGame) -> str | None:
    """The side whose order an event answers, for transfers and late refusals: a transfer is
    the order of the side that commanded the giver when the phase began (it may have been
    captured since); a refusal names its side."""
    if item.kind == "refused":
        return str(item["side"])
    return start.get(str(item["galley"]).upper(), _owner(after, item["galley"]))


def _secret(item: Event, start: Commanders, after: RamSpeedGame, viewer: str | None) -> bool:
    """Another side's transfer or late refusal: an event the viewer may not see at all."""
    return item.kind in ("transfer", "refused") and _ordered_by(item, start, after) != viewer


def _poison(events: tuple[Event, ...], start: Commanders, after: RamSpeedGame,
            viewer: str | None) -> tuple[Event, ...]:
    """Replace every figure the viewer may not know with a marker. Whose secret a figure is
    goes by who commanded the galley when the phase began (a prize's captor learns nothing
    of what it hid before)."""
    def commander(galley_id: Any) -> str | None:
        return start.get(str(galley_id).upper(), _owner(after, galley_id)) if galley_id else None

    poisoned = []
    for item in events:
        data = item.as_dict()
        mover = commander(data.get("galley"))
        target = commander(data.get("target"))
        kind = data["kind"]
        if kind == "hit" and mover != viewer:  # the galley hit is not the viewer's
            data.update(location_rolls=[MARK], damage=MARK, destroyed=WORD,
                        location=f"weapon:{WORD}" if "weapon" in str(data["location"])
                        else data["location"])
            if commander(data.get("by")) == viewer:
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
        if _secret(item, start, after, viewer):
            data.update(parties=MARK, reason=WORD)
        if viewer is None and kind in ("ram", "shear", "board"):
            data.update(damage=MARK, kills=MARK)
        data = {k: v for k, v in data.items() if k in item.as_dict()}  # replace, never add
        poisoned.append(Event(kind, tuple((k, v) for k, v in data.items() if k != "kind")))
    return tuple(poisoned)


def _everything(made: RenderedReport) -> str:
    return "\n".join([made.basename, made.text, made.html, made.json, made.svg])


def _forms(made: RenderedReport) -> tuple[str, str, str, str, bytes]:
    return made.text, made.html, made.json, made.svg, made.png


def _made(key: str, after: RamSpeedGame, events: tuple[Event, ...], who: Recipient,
          ) -> RenderedReport:
    return render_phase(game_id="g", phase_key=key, after=after, events=events,
                        recipients=[who], deadline=DEADLINE)[0]


def _check_phase(key: str, start: Commanders, after: RamSpeedGame, events: tuple[Event, ...],
                 rng: random.Random) -> None:
    """The three checks of the module docstring, for every recipient of one phase."""
    for who in recipients(after.sides):
        plain = _made(key, after, events, who)
        changed = _made(key, _perturb(after, who.side, rng), events, who)
        assert _forms(plain) == _forms(changed), (key, who.name)
        kept = tuple(e for e in events if not _secret(e, start, after, who.side))
        if kept != events:
            assert _forms(plain) == _forms(_made(key, after, kept, who)), (key, who.name)
        out = _everything(_made(key, after, _poison(events, start, after, who.side), who))
        assert str(MARK) not in out and WORD not in out, (key, who.name)


def _phases(played: list[tuple[str, RamSpeedGame, tuple[Event, ...]]],
            ) -> Iterator[tuple[str, Commanders, RamSpeedGame, tuple[Event, ...]]]:
    """Each phase with who commanded each galley when it began."""
    start: Commanders = {}
    for key, after, events in played:
        yield key, start, after, events
        start = _commanders(after.value.state)


def _scene_as_png(scene: Any) -> bytes:
    """What a PNG is painted from, exactly: the scene itself (frozen dataclasses of numbers
    and strings, whose repr round-trips). Two equal scenes paint equal PNGs, so comparing the
    scenes checks the picture without spending half the test painting it; the tests below
    this one compare real PNG bytes."""
    return repr(scene).encode()


@pytest.mark.slow
@settings(max_examples=6, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.integers(0, 10_000), st.sampled_from(["squadron", "convoy"]), st.booleans())
def test_no_hidden_fact_reaches_another_side(seed: int, scenario: str, schemes: bool) -> None:
    rng = random.Random(seed)
    with mock.patch("pbem.render.report.render_png", _scene_as_png):
        for key, start, after, events in _phases(play(seed, scenario, OPTIONS, 40, schemes)):
            _check_phase(key, start, after, events, rng)


@pytest.mark.parametrize(("seed", "scenario"), [(2, "squadron"), (5, "convoy")])
def test_transfers_and_late_refusals_stay_with_their_side(seed: int, scenario: str) -> None:
    """Games in which the second side's build clashes with the first's and grappled friends
    pass parties, some of them to or from a galley captured in the same phase."""
    rng = random.Random(seed)
    seen: set[str] = set()
    for key, start, after, events in _phases(play(seed, scenario, OPTIONS, 60, schemes=True)):
        kinds = {e.kind for e in events} & {"transfer", "refused"}
        if not kinds:
            continue
        for item in events:
            if item.kind == "transfer":
                seen.add("refused late" if item.get("reason") else "carried out")
                if start.get(str(item["galley"]).upper()) != _owner(after, item["galley"]):
                    seen.add("giver captured")
            seen.add(item.kind)
        _check_phase(key, start, after, events, rng)
    assert seen >= {"refused", "carried out", "refused late", "giver captured"}, seen


def _reports(game: Game, submissions: list[tuple[str, str]]) -> dict[str, RenderedReport]:
    before = game.state
    key = game.key
    after, result, _ = play_phase(game, submissions,
                                  SeededDice(seed=b"hidden", game="g", phase=key))
    hosted = RamSpeedGame(after)
    _check_phase(key, _commanders(before), hosted, result.events, random.Random(1))
    return {made.recipient: made for made in render_phase(
        game_id="g", phase_key=key, after=hosted, events=result.events,
        recipients=recipients(hosted.sides), deadline=DEADLINE)}


def test_a_build_refused_late_is_told_to_its_side_alone() -> None:
    """Both sides build S1 in one build phase: blue, listed first, keeps it; red's line is
    refused when the phase resolves, and only red hears why."""
    reports = _reports(new_game("squadron", OPTIONS), [
        ("blue", "S1: penteconter"), ("red", "S1: penteconter\nR2: penteconter")])
    assert "red: line 1 (S1): the ID S1 is already taken" in reports["Admiral red"].text
    for name in ("Admiral blue", "observer"):
        assert "already taken" not in _everything(reports[name]), name
        assert '"refused"' not in reports[name].json, name


def _combat(*galleys: Galley) -> Game:
    state = GameState(columns=12, rows=8, scenario="squadron", turn=1, initiative="blue",
                      options=OPTIONS, galleys=galleys)
    return Game(state=state, step=COMBAT, sides=("blue", "red"))


def _galley(gid: str, side: str, bow: str, parties: int, *grappled: str) -> Galley:
    return Galley(gid, side, "trireme", hexes.parse_label(bow), 0, boarding_parties=parties,
                  grappled_with=frozenset(grappled))


@pytest.mark.parametrize("captured", ["giver", "taker"])
def test_a_transfer_made_impossible_is_told_to_its_side_alone(captured: str) -> None:
    """Blue's A passes a party to B while red boards and takes one of them (12.3): the
    transfer cannot be made, and only blue, who ordered it, hears so, even when A itself now
    serves red."""
    prize, friend = ("A", "B") if captured == "giver" else ("B", "A")
    game = _combat(
        _galley(prize, "blue", "0505", 1 if captured == "giver" else 0, friend, "X"),
        _galley(friend, "blue", "0504", 1 if captured == "taker" else 0, prize),
        _galley("X", "red", "0506", 5, prize),
    )
    reports = _reports(game, [("blue", "A: TRANSFER 1 TO B"), ("red", f"X: BOARD {prize}")])
    assert f"X captured {prize}" in reports["observer"].text
    told = ("A could not pass parties to B: " + ("A was captured in this phase."
            if captured == "giver" else "no longer grappled with a friend."))
    assert told in reports["Admiral blue"].text
    for name in ("Admiral red", "observer"):
        out = _everything(reports[name])
        assert "pass parties" not in out and '"transfer"' not in out, name


def test_a_transfer_carried_out_is_told_to_its_side_alone() -> None:
    """A transfer between friends (9.5) is the side's own business under secret records."""
    game = _combat(_galley("A", "blue", "0505", 3, "B"), _galley("B", "blue", "0504", 0, "A"),
                   _galley("X", "red", "0808", 2))
    reports = _reports(game, [("blue", "A: TRANSFER 2 TO B")])
    assert "A passed 2 boarding parties to B." in reports["Admiral blue"].text
    for name in ("Admiral red", "observer"):
        out = _everything(reports[name])
        assert "passed" not in out and '"transfer"' not in out, name


def test_the_map_shows_damage_bars_only_where_the_viewer_may_know_the_damage() -> None:
    """Damage bars are drawn from the view: under secret records, only on the viewer's own
    galleys (and on all of them for the game master); without secret records, on all."""
    from pbem.rules.ramspeed import mapscene
    from pbem.rules.ramspeed.view import side_view
    from pbem.rules.scene import Group

    def barred(view: dict[str, Any]) -> set[str]:
        scene = mapscene.map_scene(view, [], "t", "s", columns=12, rows=8)
        labels = next(item for item in scene.items if item.id == "labels")
        assert isinstance(labels, Group)
        return {label.id.removeprefix("label--") for label in labels.items
                if isinstance(label, Group)
                and any(part.id.startswith("damage--") for part in label.items)}

    game = _combat(replace(_galley("A", "blue", "0505", 1), hull_damage=12, rowing_damage=5),
                   replace(_galley("X", "red", "0808", 2), hull_damage=20))
    secret = game.state
    assert barred(side_view(secret, "blue")) == {"A"}
    assert barred(side_view(secret, "red")) == {"X"}
    assert barred(side_view(secret, None)) == set()
    assert barred(RamSpeedGame(game).full_view()) == {"A", "X"}
    open_records = replace(secret, options=())
    assert barred(side_view(open_records, "blue")) == {"A", "X"}
