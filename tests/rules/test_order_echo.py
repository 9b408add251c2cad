"""The judge accepts its own echo (issue 12 §3): every line it answers as understood, sent
back as it stands, reads as the same order. Random legal orders of every phase, written the
many ways people write them (aliases, counts, 'at', commas, any case), Hypothesis."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.interface import OrderSheet, PhaseSpec
from pbem.rules.ramspeed import hexes, phases
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.hexes import parse_label
from pbem.rules.ramspeed.orders import MovementOrder
from pbem.rules.ramspeed.placement import in_zone
from pbem.rules.ramspeed.sampling import random_fleet_state, random_orders
from pbem.rules.ramspeed.state import Galley, GameState, Weapon
from pbem.rules.ramspeed.tables import GALLEY_TYPES, default_tables

TABLES = default_tables()


def _echo_text(sheet: OrderSheet, copied_from_mail: bool) -> str:
    """The accepted lines as the judge prints them: in the mail ('  line 4  A: ...') or on
    the command line ('  A: ...')."""
    return "\n".join((f"  line {r.line_no}  " if copied_from_mail else "  ")
                     + f"{r.piece}: {r.echo}" for r in sheet.accepted)


def _assert_echo_reads_back(state: GameState, phase: PhaseSpec, text: str,
                            copied_from_mail: bool) -> OrderSheet:
    first, _ = phases.check(state, phase, text)
    again, _ = phases.check(state, phase, _echo_text(first, copied_from_mail))
    assert [r.reason for r in again.refused] == []
    assert [r.order for r in again.lines] == [r.order for r in first.accepted]
    assert [r.echo for r in again.lines] == [r.echo for r in first.accepted]
    return first


# --- writing an order the way people do ------------------------------------------------

def _say(rng: random.Random, *choices: str) -> str:
    word = rng.choice(choices)
    return word.lower() if rng.random() < 0.3 else word


def _run(rng: random.Random, kind: str, count: int) -> list[str]:
    """`count` steps of one kind, as a player might write them."""
    names = {"F": ("F", "FORWARD", "fwd", "ahead"), "R": ("R", "reverse", "back"),
             "P": ("P", "port", "left"), "S": ("S", "starboard", "right"),
             "SP": ("SP", "sideslip port", "slip-port"),
             "SS": ("SS", "sideslip starboard", "slip-starboard")}[kind]
    if count > 1 and kind in ("F", "R") and rng.random() < 0.5:
        return [rng.choice((f"{kind}{count}", f"{kind} {count}"))]
    if count > 1 and kind not in ("SP", "SS") and rng.random() < 0.5:
        return [rng.choice((f"{kind} x{count}", f"{kind}x{count}", f"{kind} *{count}"))]
    return [_say(rng, *names) for _ in range(count)]


def _write_movement(rng: random.Random, order: MovementOrder) -> str:
    words = {2: ["DOUBLE"], 3: ["triple"]}.get(order.speed, [])
    words += [f"UNGRAPPLE {target}".strip() for target in order.ungrapple]
    steps = list(order.steps)
    while steps:
        step = steps.pop(0)
        if step.kind in ("RAM", "SHEAR"):
            words.append(f"{_say(rng, step.kind)} {step.target}")
            continue
        count = 1
        while steps and steps[0].kind == step.kind and step.kind not in ("SP", "SS"):
            steps.pop(0)
            count += 1
        words += _run(rng, step.kind, count)
    words += [f"GRAPPLE {target}" for target in order.grapple]
    separator = rng.choice((" ", ", ", "  "))
    return f"{order.galley}: {separator.join(words) or _say(rng, 'STAY', 'hold')}"


def _grappled(rng: random.Random, state: GameState) -> GameState:
    """Some touching galleys grappled, friends and enemies, so UNGRAPPLE and boarding occur."""
    galleys = {g.id: g for g in state.galleys}
    for a in state.galleys:
        for b in state.galleys:
            if a.id < b.id and hexes.touching(a.hexes(), b.hexes()) and rng.random() < 0.7:
                galleys[a.id] = replace(galleys[a.id],
                                        grappled_with=galleys[a.id].grappled_with | {b.id})
                galleys[b.id] = replace(galleys[b.id],
                                        grappled_with=galleys[b.id].grappled_with | {a.id})
    return replace(state, galleys=tuple(galleys.values()))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 14), st.booleans())
def test_movement_echo_reads_back(seed: int, size: int, from_mail: bool) -> None:
    rng = random.Random(seed)
    state = _grappled(rng, random_fleet_state(rng, size, 14, 10))
    orders = random_orders(rng, state, "blue")
    text = "\n".join(_write_movement(rng, order) for order in orders)
    sheet = _assert_echo_reads_back(state, PhaseSpec("movement", "blue"), text, from_mail)
    # and the way it was written read as the order it was made from
    assert [r.reason for r in sheet.refused] == []
    assert [r.order for r in sheet.lines] == orders


# --- combat -------------------------------------------------------------------------

def _write_combat(rng: random.Random, state: GameState, side: str) -> str:
    board = Board(state)
    lines = []
    for galley in state.galleys:
        if galley.owner != side:
            continue
        mine = board.hexes_of(galley.id.upper())
        items = []
        for weapon in sorted({w.type for w in galley.weapons}):
            kind = TABLES.weapons[weapon]
            targets = [o.id for o in state.galleys if o.owner != side and kind.min_range
                       <= hexes.galley_distance(mine, o.hexes()) <= kind.max_range]
            if not targets:
                continue
            target = rng.choice(targets)
            carried = sum(1 for w in galley.weapons if w.type == weapon)
            count = rng.randint(1, carried)
            at = rng.choice(("", "at "))
            items.append(rng.choice((f"{weapon} {at}{target}" + (f" x{count}" if count > 1 else ""),
                                     f"{count} {weapon}s {at}{target}" if count > 1
                                     else f"{weapon} {at}{target}",
                                     ", ".join([f"{weapon} {target}"] * count))))
        if items:
            lines.append(f"{galley.id}: {_say(rng, 'FIRE')} {', '.join(items)}")
        for other_id in sorted(galley.grappled_with):
            other = board.galley(other_id)
            assert other is not None
            if other.owner != side and galley.boarding_parties:
                lines.append(rng.choice((f"{galley.id}: BOARD {other.id}",
                                         f"{galley.id}: board {other.id} 1")))
                lines.append(rng.choice((f"{galley.id}: CAPTURE {other.id}",
                                         f"{galley.id}: ADRIFT {other.id}")))
            elif other.owner == side and galley.boarding_parties:
                lines.append(f"{galley.id}: TRANSFER 1 TO {other.id}")
    return "\n".join(lines)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 14), st.booleans())
def test_combat_echo_reads_back(seed: int, size: int, from_mail: bool) -> None:
    rng = random.Random(seed)
    state = _grappled(rng, random_fleet_state(rng, size, 12, 9))
    text = _write_combat(rng, state, "red")
    sheet = _assert_echo_reads_back(state, PhaseSpec("combat", "red"), text, from_mail)
    fire_lines = [r for r in sheet.lines if r.text.split(":")[1].strip().upper().startswith("FIRE")]
    assert all(r.status == "accepted" for r in fire_lines), [r.reason for r in fire_lines]


# --- build and set-up ----------------------------------------------------------------

def _write_build(rng: random.Random, number: int) -> str:
    kind = rng.choice(GALLEY_TYPES)
    room = 2 * TABLES.galleys[kind].capacity
    words = [rng.choice((kind, kind[:4], kind.upper()))]
    for _ in range(rng.randint(0, 4)):
        item = rng.choice(("archer", "arbalest", "catapult", "onager", "bp"))
        size = 1 if item in ("archer", "bp") else TABLES.weapons[item].halves
        count = rng.randint(1, 3)
        if size * count > room:
            continue
        room -= size * count
        words.append(rng.choice((f"{count} {item}", f"{item}*{count}", f"{item} x{count}",
                                 " ".join([item] * count))) if count > 1 else item)
    return f"G{number}: {' '.join(words)}"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_build_echo_reads_back(seed: int, from_mail: bool) -> None:
    rng = random.Random(seed)
    text = "\n".join(_write_build(rng, number) for number in range(rng.randint(1, 8)))
    sheet = _assert_echo_reads_back(GameState(), PhaseSpec("build", "blue"), text, from_mail)
    assert sheet.accepted  # the first line always fits the 120 points


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.sampled_from(["east", "west"]))
def test_setup_echo_reads_back(seed: int, from_mail: bool, zone: str) -> None:
    rng = random.Random(seed)
    galleys = tuple(Galley(f"S{n}", "blue", rng.choice(GALLEY_TYPES)) for n in range(6))
    state = GameState(columns=16, rows=10, galleys=galleys)
    spots = [hexes.from_offset(c, r) for c in range(16) for r in range(10)
             if in_zone(hexes.from_offset(c, r), zone, 16, 10)]
    facings = ("E", "SE", "SW", "W", "NW", "NE", "east", "south-west", "northwest")
    text = "\n".join(f"{g.id}: {hexes.label(rng.choice(spots))} {rng.choice(facings)}"
                     for g in galleys)
    _assert_echo_reads_back(state, PhaseSpec("setup", "blue", zone), text, from_mail)


# --- the line of issue 12, and galleys named like order words --------------------------------

def test_fire_at_as_the_judge_printed_it_is_accepted() -> None:
    state = GameState(galleys=(
        Galley("B", "blue", "trireme", bow=parse_label("0807"), facing=0,
               weapons=(Weapon("arbalest"), Weapon("archer"))),
        Galley("Y", "red", "bireme", bow=parse_label("1107"), facing=3)))
    phase = PhaseSpec("combat", "blue")
    sheet, _ = phases.check(state, phase, "B: FIRE arbalest at Y\nB: fire archer Y")
    assert [r.status for r in sheet.lines] == ["accepted", "accepted"]
    assert sheet.lines[0].echo.startswith("FIRE arbalest Y  =>  arbalest at Y (range 3, needs")
    _assert_echo_reads_back(state, phase, "B: FIRE arbalest at Y, archer Y", True)


@pytest.mark.parametrize("name", ["F", "R1", "RAM", "GRAPPLE"])
def test_a_galley_named_like_an_order_word_survives_the_echo(name: str) -> None:
    state = GameState(galleys=(
        Galley("A", "blue", "trireme", bow=parse_label("0807"), facing=0,
               grappled_with=frozenset({name, "B"})),
        Galley("B", "blue", "bireme", bow=parse_label("0808"), facing=0,
               grappled_with=frozenset({"A"})),
        Galley(name, "red", "bireme", bow=parse_label("0806"), facing=0,
               grappled_with=frozenset({"A"}))))
    text = f'A: UNGRAPPLE "{name}" UNGRAPPLE B F GRAPPLE "{name}"'
    sheet = _assert_echo_reads_back(state, PhaseSpec("movement", "blue"), text, True)
    assert sheet.accepted and sheet.accepted[0].order.ungrapple == (name, "B")
