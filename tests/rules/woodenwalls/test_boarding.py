"""The boarding step (Wooden Walls rulings §12.6, §12.8; plan §11 q. 30, 31): ATTACK/MOVE
alternation with failed lines not using the side's turn, across-link permission, moves, clearing
and capture (`oarsmen_fight` both settings), with forced dice and the dice log asserted.

Positions: trireme A (rhodes) at (9, 6) heading 0; beside it, beams touching, a trireme B at
(9.3, 6), a 30-oar S or a hemiola H at (9.25 / 9.275, 6), all heading 0. A's B faces the other's
B (for the small ships A's M faces their B, M and S)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import ForcedDice
from pbem.rules.events import Event
from pbem.rules.woodenwalls.boarding import boarding_step, capture, clearer, manned
from pbem.rules.woodenwalls.elements import count
from pbem.rules.woodenwalls.notation import read_line
from pbem.rules.woodenwalls.orders import Reading
from pbem.rules.woodenwalls.rounds import LegOrders, RoundState
from pbem.rules.woodenwalls.state import GRAPPLE, Element, GameState, Link, Ship, new_ship


def marine(area: str, side: str = "rhodes", home: str = "A") -> Element:
    return Element(area, "marines", side, home, "experienced", True, True)


def ship(ship_id: str, side: str, x: float, *elements: Element, type_id: str = "trireme",
         **changes: object) -> Ship:
    return replace(new_ship(ship_id, type_id, side, x, 6.0, 0.0, 2), elements=elements, **changes)  # type: ignore[arg-type]


def game(*ships: Ship, won: tuple[str, ...] = ("A>B",)) -> GameState:
    links = tuple(Link(GRAPPLE, "A", other.id, ("A",)) for other in ships[1:])
    return GameState(ships=ships, links=links, round=RoundState(won_shooting=won))


def lines(*texts: str) -> tuple[Reading, ...]:
    found = tuple(read_line(text, "deck") for text in texts)
    return tuple(line for line in found if line is not None)


def play(state: GameState, texts: tuple[str, ...], values: list[int],
         first: str = "rhodes") -> tuple[GameState, tuple[Event, ...], list[tuple[str, int]]]:
    dice = ForcedDice(values=values, largest_die=20)
    after, events = boarding_step(state, lines(*texts), first, dice)
    dice.finish()
    return after, events, [(roll.purpose, roll.sides) for roll in dice.log]


def test_attack_across_needs_a_won_shooting() -> None:
    b = ship("B", "macedon", 9.3, marine("B", "macedon", "B"))
    state = game(ship("A", "rhodes", 9.0, marine("B")), b, won=("B>A",))
    after, events, log = play(state, ("A: ATTACK B.B FROM B",), [])
    assert log == [] and after == state and "did not win the shooting" in events[0]["reason"]


def test_standing_off_ship_attacks_nothing_across() -> None:
    state = game(ship("A", "rhodes", 9.0, marine("B"), flag="standing_off"),
                 ship("B", "macedon", 9.3, marine("B", "macedon", "B")))
    _, events, log = play(state, ("A: ATTACK B.B FROM B",), [])
    assert log == [] and "standing off" in events[0]["reason"]


def test_alternation_failed_line_does_not_use_the_turn() -> None:
    # Rhodes first: its first line fails (A's S holds no marines), so its second (MOVE 1M B TO
    # M) is its turn; then macedon's move; then rhodes' third.
    a = ship("A", "rhodes", 9.0, marine("B"), marine("B"))
    b = ship("B", "macedon", 9.3, marine("B", "macedon", "B"))
    state = game(a, b)
    texts = ("A: ATTACK B.B FROM S", "A: MOVE 1M B TO M", "B: MOVE 1M B TO M", "A: MOVE 1M M TO S")
    after, events, log = play(state, texts, [])
    assert log == []
    assert [(found.kind, found.get("ship"), found.get("to_area")) for found in events] == [
        ("failed", "A", None), ("move", "A", "M"), ("move", "B", "M"), ("move", "A", "S")]
    assert count(after.require("A"), "S") == 1 and count(after.require("B"), "M") == 1


def test_move_needs_adjacency_no_enemies_and_room() -> None:
    a = ship("A", "rhodes", 9.0, marine("B"), marine("M", "macedon", "B"))
    state = game(a, ship("B", "macedon", 9.3, marine("B", "macedon", "B"), marine("B", "macedon", "B")))
    _, events, _ = play(state, ("A: MOVE 1M B TO S", "A: MOVE 1M B TO M", "A: MOVE 1M B TO B.B"), [])
    reasons = [found["reason"] for found in events]
    assert "not adjacent" in reasons[0] and "enemy elements" in reasons[1] and "enemy elements" in reasons[2]


def test_move_into_an_empty_enemy_area_clears_and_captures() -> None:
    # The 30-oar S (rating 1) carries nobody; A's marine moves into S.B across the grapple: an
    # enemy marine aboard, none of its own, 1 >= rating 1: captured by rhodes at once.
    small = ship("S", "macedon", 9.25, type_id="oar30", speed=3)
    orders = (LegOrders("macedon", order=("S",), deck=lines("S: CUT A")),)
    state = replace(game(ship("A", "rhodes", 9.0, marine("B")), small, won=("A>S",)), orders=orders)
    after, events, _ = play(state, ("A: MOVE 1M B TO S.B",), [])
    assert [found.kind for found in events] == ["move", "capture"]
    taken = after.require("S")
    assert (taken.owner, taken.captured, taken.revealed, taken.speed, taken.on_defaults) == \
        ("rhodes", True, True, 1, True)
    assert after.orders_of("macedon").order == () and after.orders_of("macedon").deck == ()


def test_cleared_needs_as_many_enemy_marines_as_the_rating() -> None:
    # A trireme (rating 3) with 2 rhodes marines aboard and none of its own: not cleared.
    b = ship("B", "macedon", 9.3, marine("B"), marine("S"))
    assert clearer(b) == ""
    assert clearer(replace(b, elements=(*b.elements, marine("M")))) == "rhodes"
    assert clearer(replace(b, elements=(*b.elements, marine("M"), marine("M", "macedon", "B")))) == ""


def test_capture_passes_engines_and_clears_flags() -> None:
    b = ship("B", "macedon", 9.3, marine("B"), marine("S"), marine("M"),
             Element("M", "engine", "macedon", "B"), flag="fleeing")
    after, events = capture(game(ship("A", "rhodes", 9.0), b), "B", "rhodes")
    taken = after.require("B")
    assert taken.flag == "" and taken.controller == "rhodes" and count(taken, side="rhodes") == 4
    assert events[0]["from_side"] == "macedon"


def test_recapture_gives_the_ship_back_to_its_own_side() -> None:
    b = ship("B", "macedon", 9.3, marine("B", "macedon", "B"), controller="rhodes", captured=True)
    after, _ = capture(game(ship("A", "rhodes", 9.0), b), "B", "macedon")
    assert after.require("B").controller == "" and after.require("B").owner == "macedon"


def test_attack_then_capture_in_the_step() -> None:
    # A's 2 marines in B against the 30-oar's single marine in its B. Heights 2 against 1: A's
    # dice one step up (d10), the defender's one down (d6); kit equal. Dice 6, 6 | 1: the
    # defender goes; the survivors enter as far as capacity 1 lets: one does; then captured.
    small = ship("S", "macedon", 9.25, marine("B", "macedon", "S"), type_id="oar30")
    state = game(ship("A", "rhodes", 9.0, marine("B"), marine("B")), small, won=("A>S",))
    after, events, log = play(state, ("A: ATTACK S.B FROM B",), [6, 6, 1])
    assert log == [("fight A.B 1", 10), ("fight A.B 2", 10), ("fight S.B 1", 6)]
    assert [found.kind for found in events] == ["fight", "eliminated", "enter", "capture"]
    assert after.require("S").owner == "rhodes" and count(after.require("S"), "B") == 1


def test_open_crew_oarsmen_defend_an_open_ship_first_boarded() -> None:
    # Hemiola (open, 2 sections a side, rating 2), empty. With open_crew it gets 4 Poor marines
    # in M (beyond its capacity 2) when A's marine moves in: no capture.
    hemiola = ship("H", "macedon", 9.275, type_id="hemiola")
    texts = ("A: MOVE 1M B TO H.B",)
    plain = game(ship("A", "rhodes", 9.0, marine("B"), marine("B")), hemiola, won=("A>H",))
    after, _, _ = play(plain, texts, [])
    assert count(after.require("H"), "M") == 0 and not after.require("H").captured
    crewed = replace(plain, options=replace(plain.options, oarsmen_fight="open_crew"))
    after, events, _ = play(crewed, texts, [])
    oarsmen = [element for element in after.require("H").elements if element.area == "M"]
    assert len(oarsmen) == 4 and {(e.side, e.grade, e.armoured, e.shielded) for e in oarsmen} == \
        {("macedon", "poor", False, False)}
    assert [found.kind for found in events] == ["move"]
    lost = replace(hemiola, oars_lost=("P1",))
    assert count(manned(crewed, lost), "M") == 3


def test_attack_through_an_embedded_ram_from_the_rammers_b_to_the_area_holding_i() -> None:
    # A (heading 90, at (9.24, 6)) has its bow in B's port beam at I = (9.84, 6): B's M section.
    # Across the ram link only A's B and B's M are adjacent (§4.4, q. 29). Dice 8 | 1 (d8, d8).
    rammer = replace(ship("A", "rhodes", 9.24, marine("B")), heading=90.0)
    target = ship("B", "macedon", 10.0, marine("B", "macedon", "B"), marine("M", "macedon", "B"))
    state = GameState(ships=(rammer, target), links=(Link("ram", "A", "B"),),
                      round=RoundState(won_shooting=("A>B",)))
    after, events, log = play(state, ("A: ATTACK B.B FROM B", "A: ATTACK B.M FROM B"), [8, 1])
    assert events[0].kind == "failed" and "not adjacent" in events[0]["reason"]
    assert log == [("fight A.B 1", 8), ("fight B.M 1", 8)]
    assert count(after.require("B"), "M", "rhodes") == 1 and count(after.require("B"), "M", "macedon") == 0
