"""The narrator: every kind of event the engine makes has a sentence of its own, naming the
ships by id and telling every die it carries and what it was held against; and each order
line's fate (done, failed with §18's reason, or refused) is told from the phase's events."""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from copy import deepcopy
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.errors import IllegalOrderError
from pbem.rules.interface import ACCEPTED, REFUSED, LineResult, OrderSheet, PhaseSpec
from pbem.rules.ramcruise.cases import play_case
from pbem.rules.ramcruise.fates import order_fates
from pbem.rules.ramcruise.movement import pass_no_dice
from pbem.rules.ramcruise.narrate import SENTENCES, sentence
from pbem.rules.ramcruise.notation import read_round_line
from pbem.rules.ramcruise.orders import Move, Targets
from pbem.rules.ramcruise.state import CRUISE
from pbem.rules.ramcruise.turn import RoundOneOrders, resolve_round_1
from pbem.rules.ramcruise.wind import roll_wind
from pbem.rules.table import Pass, Pose, Vec
from tests.rules.ramcruise.played import all_events
from tests.rules.ramcruise.positions import dice, ship, state

ENGINE = Path(__file__).resolve().parents[3] / "pbem" / "rules" / "ramcruise"
CASES = Path(__file__).resolve().parents[3] / "tests" / "cases" / "ram-cruise"
DIE_FIELDS = ("die", "firer_die", "target_die")


def engine_kinds() -> set[str]:
    """Every event kind the engine's modules make (`event("kind", ...)` in their source)."""
    kinds: set[str] = set()
    for path in ENGINE.glob("*.py"):
        kinds |= set(re.findall(r'\bevent\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return kinds


@lru_cache(maxsize=1)
def samples() -> dict[str, list[dict[str, Any]]]:
    """Real events of every kind: the rules cases played, three played games, the echo's
    planned shear and the wind die; one of each shape (keys and outcome) per kind."""
    found: list[dict[str, Any]] = []
    for path in sorted(CASES.glob("*.toml")):
        found += play_case(tomllib.loads(path.read_text(encoding="utf-8")), path.name)["events"]
    for seed in (1, 2, 3):
        found += [item.as_dict() for item in all_events(seed)]
    position = state(ship("C1", 20, 10), ship("R1", 21.1, 12))
    passed = Pass(other=1, abreast=2.0, pose=Pose(Vec(20, 12), 0.0), gap=0.1)
    found += [item.as_dict() for item in pass_no_dice(position, "C1", "R1", passed)[2]]
    found.append(roll_wind(dice(3))[1].as_dict())
    shapes: dict[str, dict[tuple[Any, ...], dict[str, Any]]] = defaultdict(dict)
    for e in found:
        shape = (*sorted(e), *(str(e.get(k)) for k in ("success", "hit", "passed", "saved",
                                                        "skipped", "holed", "kept", "picker")))
        shapes[e["kind"]].setdefault(shape, e)
    return {kind: list(by_shape.values()) for kind, by_shape in shapes.items()}


def every_sample() -> list[dict[str, Any]]:
    return [e for kind in sorted(samples()) for e in samples()[kind]]


def test_every_kind_the_engine_makes_has_a_sentence_and_a_real_sample() -> None:
    kinds = engine_kinds()
    assert len(kinds) >= 26
    assert kinds == set(SENTENCES), (kinds ^ set(SENTENCES))
    assert kinds <= set(samples()), kinds - set(samples())


@pytest.mark.parametrize("e", every_sample(), ids=lambda e: e["kind"])
def test_a_sentence_is_its_own_and_names_the_ships(e: dict[str, Any]) -> None:
    told = sentence(e)
    assert not told.startswith(f"{e['kind']}:"), told          # not the plain fall-back
    assert told.endswith(".") and "{" not in told and "None" not in told, told
    for name in ("ship", "target", "by"):
        value = e.get(name)
        if isinstance(value, str) and value and value != "edge":
            assert value in told, (name, told)


def _die_paths(e: dict[str, Any]) -> list[tuple[str, int | None]]:
    paths: list[tuple[str, int | None]] = [(name, None) for name in DIE_FIELDS if name in e]
    if isinstance(e.get("dice"), list):
        paths += [("dice", n) for n in range(len(e["dice"]))]
    return paths


@pytest.mark.parametrize("e", [e for e in every_sample() if _die_paths(e)],
                         ids=lambda e: e["kind"])
def test_every_die_and_what_it_was_held_against_is_told(e: dict[str, Any]) -> None:
    told = sentence(e)
    for name, index in _die_paths(e):
        changed = deepcopy(e)
        if index is None:
            changed[name] = 7 - changed[name] if changed[name] != 7 - changed[name] else 1
        else:
            face = changed[name][index]
            changed[name][index] = 7 - face if face != 7 - face else 1
        assert sentence(changed) != told, f"{e['kind']} drops its {name} {index}: {told}"
    for name in ("needed", "total", "modified"):
        shown = name != "total" or len(e.get("dice") or []) > 1 or e.get("modifier")
        if e.get(name) and shown:
            changed = {**e, name: e[name] + 1}
            assert sentence(changed) != told, f"{e['kind']} drops its {name}: {told}"
    if e.get("modifiers"):
        changed = deepcopy(e)
        changed["modifiers"][0] += 1
        assert sentence(changed) != told, f"melee drops a class modifier: {told}"


def test_the_ram_tells_its_base_number_and_every_modifier() -> None:
    e = {"kind": "ram", "ship": "R2", "target": "C4", "aspect": "side", "dice": [3, 5],
         "total": 8, "needed": 5, "faster": -1, "bigger": -2, "cheaper": 1, "success": True}
    assert sentence(e) == ("R2's ram on C4 (side 7, faster -1, bigger -2, cheaper +1: needs 5): "
                           "rolled 3+5 = 8, C4 is holed.")


def test_an_unknown_kind_is_still_told_plainly() -> None:
    assert sentence({"kind": "omen", "ship": "C1", "die": 4}) == "omen: ship=C1, die=4"


# --- order fates


def move_of(text: str) -> Move:
    order = read_round_line(1, text).order
    assert isinstance(order, Move)
    return order


def sheet(kind: str, *lines: str, refused: dict[int, str] | None = None) -> OrderSheet:
    results = []
    for number, text in enumerate(lines, 1):
        piece = text.split(":", 1)[0].strip()
        if refused and number in refused:
            results.append(LineResult(number, text, piece, REFUSED,
                                      error=IllegalOrderError(refused[number], line_no=number)))
        else:
            results.append(LineResult(number, text, piece, ACCEPTED,
                                      order=read_round_line(number, text)))
    return OrderSheet(PhaseSpec(kind, "carthage"), "carthage", tuple(results))


def test_round_one_fates_done_failed_and_refused() -> None:
    # C1 breaks from R2 though R2 was last to inflict (fails, no die); C2 is grappled with no
    # BREAK and its CRUISE line fails at its turn; C3 cruises past R3, which avoids the shear;
    # C4's STANCE stands; line 6 was refused at submission.
    position = state(ship("C1", 10, 10), ship("R2", 11.05, 10), ship("C2", 40, 10),
                     ship("R4", 41.05, 10), ship("C3", 20, 10, mode=CRUISE), ship("R3", 21.1, 12),
                     ship("C4", 60, 10))
    position = position.with_grapple("C1", "R2").with_grapple("C2", "R4")
    position = replace(position, grapples=(replace(position.grapples[0], last_casualties="R2"),
                                           position.grapples[1]))
    lines = ("C1: BREAK R2", "C2: CRUISE F3", "C3: CRUISE F6", "C4: STANCE ACCEPT",
             "C4: DUTY 1 DECK", "C9: STAY")
    orders = RoundOneOrders(moves=(move_of(lines[1]), move_of(lines[2])),
                            breaks=(Targets("C1", "BREAK", ("R2",)),))
    after, events = resolve_round_1(position, orders, dice(6, 5, 4, 4))
    fates = order_fates(sheet("move", *lines, refused={6: "there is no ship C9"}),
                                [e.as_dict() for e in events])
    assert fates[0].startswith("failed (§18") and "R2 was the last to inflict" in fates[0]
    assert fates[1].startswith("failed (§18") and "grappled when its turn to move comes" in fates[1]
    assert fates[2].startswith("done: ") and "R3 avoided C3's shear" in fates[2]
    assert "rolled 6+5 = 11" in fates[2] and "C3 F6: 6\"" in fates[2]
    assert fates[3].startswith("done: STANCE ACCEPT stands")
    assert fates[4].startswith("done: DUTY 1 DECK takes effect at the end of this half")
    assert fates[5] == "refused: line 6: there is no ship C9."
    assert len(fates) == len(lines)


def test_a_move_held_by_the_victims_grapple_failed_and_a_break_lost_on_the_dice_was_done() -> None:
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("R1", 21.1, 12),
                     ship("C2", 40, 10), ship("R2", 41.05, 10))
    position = position.with_grapple("C2", "R2")
    lines = ("C1: CRUISE F6", "C2: BREAK R2")
    orders = RoundOneOrders(moves=(move_of(lines[0]),), breaks=(Targets("C2", "BREAK", ("R2",)),))
    # break 2+2 fails; the shear: R1 avoids on 4+4, then its grapple 5+5 holds C1 (needs 9)
    _, events = resolve_round_1(position, orders, dice(2, 2, 4, 4, 5, 5))
    fates = order_fates(sheet("move", *lines), [e.as_dict() for e in events])
    assert fates[0].startswith("failed (§18: stopped by R1's grapple after the shear)")
    assert "R1 threw a grapple at C1" in fates[0] and "rolled 5+5 = 10, grappled" in fates[0]
    assert fates[1].startswith("done: C2 tried to break") and "rolled 2+2 = 4, still held" in fates[1]


def test_fire_and_melee_fates_gather_their_shots_picks_hits_and_saves() -> None:
    events = [
        {"kind": "fire", "ship": "R5", "target": "C4", "weapon": "bow", "side": "port",
         "range": "long", "distance": 3.0, "die": 6, "modifier": 1, "total": 7, "needed": 6,
         "hit": True, "reason": ""},
        {"kind": "pick", "ship": "C4", "by": "R5", "firer_die": 4, "target_die": 2, "picker": "firer"},
        {"kind": "hit", "ship": "C4", "by": "R5", "weapon": "bow", "category": "oar", "lost": 1, "left": 1},
        {"kind": "fire", "ship": "R5", "target": "C2", "weapon": "bow",
         "reason": "C2 is 9\" away, beyond 4\""},
        {"kind": "fire", "ship": "R3", "target": "", "weapon": "ballista",
         "reason": "no ballista of R3 is loaded in turn 3"},
        {"kind": "melee", "ship": "C4", "target": "R5", "dice": [5, 2], "modifiers": [0, 1],
         "hits": 1, "reason": ""},
        {"kind": "save", "ship": "R5", "by": "C4", "category": "mar", "die": 3, "modifier": 0,
         "total": 3, "saved": False},
        {"kind": "hit", "ship": "R5", "by": "C4", "weapon": "melee", "category": "mar", "lost": 1, "left": 0},
        {"kind": "surrender", "ship": "R5", "reason": "it is grappled with no marines and no crewmen on deck",
         "released": ["C4"]},
    ]
    fire = order_fates(sheet("combat", "R5: BOW C4, C2 PICK OAR", "R3: BALLISTA C1",
                                     "R5: BALLISTA C4"), events)
    assert fire[0].startswith("done: R5's bowmen shot at C4") and "rolled 6+1 = 7" in fire[0]
    assert "R5 rolled 4, C4 rolled 2" in fire[0] and "crewman at the oars" in fire[0]
    assert "C2 is 9\" away" in fire[0] and "C4 fought" not in fire[0]
    assert fire[1].startswith("failed (§18") and "no ballista of R3 is loaded in turn 3" in fire[1]
    assert fire[2] == "accepted; nothing came of it."        # R5's bow shots are not its ballista's
    melee = order_fates(sheet("combat", "C4: MELEE R5"), events)[0]
    assert melee.startswith("done: C4 fought R5") and "rolled 5, 2+1" in melee
    assert "rolled 3, not saved" in melee and "R5 surrendered" in melee and "bowmen" not in melee


odd_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=6),
                       st.floats(allow_nan=False), st.lists(st.integers(0, 7), max_size=3),
                       st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(SENTENCES)), st.data())
def test_an_event_of_odd_shape_is_told_without_crashing_the_report(kind: str, data: st.DataObject) -> None:
    shape = data.draw(st.sampled_from(samples()[kind]))
    e = {name: data.draw(odd_values) if data.draw(st.booleans()) else value
         for name, value in shape.items() if name != "kind" and data.draw(st.integers(0, 5))}
    told = sentence({"kind": kind, **e})
    assert isinstance(told, str) and told


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(max_size=30), min_size=1, max_size=5), st.data())
def test_any_sheet_against_any_events_gets_one_fate_a_line(texts: list[str], data: st.DataObject) -> None:
    lines = tuple(LineResult(n, text, text.split(":")[0][:12], ACCEPTED) for n, text in enumerate(texts, 1))
    events = data.draw(st.lists(st.sampled_from(every_sample()), max_size=8))
    fates = order_fates(OrderSheet(PhaseSpec("combat"), "rome", lines), events)
    assert len(fates) == len(texts) and all(fates)
