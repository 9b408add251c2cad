"""The computer player (tactics.py): every line it writes, over many seeds and switches, reads in
the standard §19 notation with no extras and passes the refusals of §18 (the movement limits of
§6.1–§6.3 and §7 through modes.move_problem, friendly spacing on the computed path of §6.6, the
round each verb belongs to, the ship's crew and equipment, one line a verb), both as check.py
judges them and as written out here from the rulings, apart from the player and the checker.
Games of the default battle and of built fleets played by it end, through turn.py's rounds and
through game.play_phase, and ships ram, shoot, grapple and melee in them."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

import pytest

from pbem.rules.dice import SeededDice
from pbem.rules.errors import OrderError
from pbem.rules.events import Event
from pbem.rules.ramcruise.benchmark import battle
from pbem.rules.ramcruise.check import check_build, check_orders
from pbem.rules.ramcruise.classes import DECK, MAR
from pbem.rules.ramcruise.fleet import BuildLine, build_fleet, purchase_points
from pbem.rules.ramcruise.game import may_send, new_game, owes, play_phase
from pbem.rules.ramcruise.grappling import distance
from pbem.rules.ramcruise.modes import move_problem
from pbem.rules.ramcruise.notation import (
    ROUND_LINES,
    SETUP_LINES,
    numbered_lines,
    read_build_line,
    read_line,
)
from pbem.rules.ramcruise.orders import Build, Duty, Move, Picking, Place, Reading, Standing, Targets
from pbem.rules.ramcruise.paths import plan_moves
from pbem.rules.ramcruise.scenario import (
    initial_state,
    load_scenario,
    place_unplaced,
    placement_problem,
    scenario_from_text,
)
from pbem.rules.ramcruise.state import (
    BUILD,
    COMBAT,
    CRUISE,
    FLED,
    MOVE,
    OVER,
    RAM,
    SETUP,
    STAY,
    STRATEGIC,
    SUNK,
    SURRENDERED,
    GameState,
    Phase,
)
from pbem.rules.ramcruise.switches import parse_options
from pbem.rules.ramcruise.tactics import orders_for
from pbem.rules.ramcruise.turn import (
    RoundOneOrders,
    RoundTwoOrders,
    apply_standing,
    resolve_round_1,
    resolve_round_2,
)
from tests.rules.ramcruise.positions import combat, ship, state

ROUND_ONE_VERBS = {"BREAK", "DUTY"}
FIRE_VERBS = {"BOW", "BALLISTA"}
BOARDING_VERBS = {"GRAPPLE", "MELEE"}


def _verb(reading: Reading) -> str:
    order = reading.order
    if isinstance(order, Move):
        return "MOVE"  # RAM, CRUISE, STRAT, BACK and STAY are one kind (§18)
    if isinstance(order, Targets | Picking):
        return order.verb
    if isinstance(order, Duty):
        return "DUTY"
    if isinstance(order, Standing):
        return order.name.upper()
    return "PLACE" if isinstance(order, Place) else "BUILD"


def refusals(game: GameState, side: str, text: str) -> list[str]:
    """Every line of a round's submission that §18 would refuse, with the reason: as written out
    here, and as check.py (the judge's checker) refuses it."""
    judged = [f"{line.text}: {line.reason}" for line in check_orders(game, side, text).refused]
    return judged + _oracle(game, side, text)


def _oracle(game: GameState, side: str, text: str) -> list[str]:
    phase = game.phase
    context = SETUP_LINES if phase.kind == SETUP else ROUND_LINES
    refused: list[str] = []
    kept: list[Reading] = []
    seen: set[tuple[str, str]] = set()
    for number, raw in numbered_lines(text):
        try:
            reading = read_line(number, raw, context)
        except OrderError as error:
            refused.append(f"{raw}: {error}")
            continue
        why = _line_problem(game, side, reading, seen)
        if not why and reading.extras:
            why = f"not the standard notation: {reading.extras}"
        if why:
            refused.append(f"{raw}: {why}")
        else:
            kept.append(reading)
    return refused + _path_problems(game, kept) + _placement_problems(game, side, kept)


def _line_problem(game: GameState, side: str, reading: Reading, seen: set[tuple[str, str]]) -> str:
    found = game.ship(reading.ship)
    if found is None or found.side != side:
        return "not the sender's ship"
    if found.status in (SUNK, FLED, SURRENDERED):
        return f"the ship is {found.status}"
    verb = _verb(reading)
    if (found.id, verb) in seen:
        return "a second line of its kind"
    seen.add((found.id, verb))
    order = reading.order
    phasing = side == game.phasing
    kind = game.phase.kind
    if verb == "PLACE" and not (kind == SETUP and side == game.phase.side):
        return "a placement outside the side's set-up"
    if (verb == "MOVE" or verb in ROUND_ONE_VERBS) and not (kind == MOVE and phasing):
        return "a round-1 line from the wrong side or round"
    if verb in FIRE_VERBS and not (kind == COMBAT and not phasing):
        return "fire from the phasing side or outside round 2"
    if verb in BOARDING_VERBS and not (kind == COMBAT and phasing):
        return "a grapple or melee from the non-phasing side or outside round 2"
    for target in getattr(order, "targets", ()):
        if game.ship(target) is None:
            return f"no ship {target}"
    crew = found.crew
    if isinstance(order, Move):
        if found.routed:
            return "a movement line for a routed ship"
        return move_problem(game, found, order, break_exempt=_breaking_all(game, found.id, seen, reading))
    if isinstance(order, Targets) and order.verb == "BREAK":
        linked = {name.upper() for name in game.grappled_with(found.id)}
        return "" if all(t.upper() in linked for t in order.targets) else "BREAK at a ship not grappled"
    if verb == "BOW" and not crew.bowmen:
        return "BOW with no bowmen"
    if verb == "BALLISTA" and not found.ballistas:
        return "BALLISTA with no ballista"
    if verb == "GRAPPLE" and not crew.total:
        return "GRAPPLE with no crew"
    if isinstance(order, Picking) and order.verb == "MELEE":
        if not crew.fighting:
            return "MELEE with no marines and no crewmen on deck"
        if any(pick not in (MAR, DECK) for pick in order.picks):
            return "MELEE picks only MAR and DECK"
    if isinstance(order, Duty):
        oarbanks = game.row(found).oarbanks
        if order.crewmen < 1:
            return "DUTY moves no crewmen"
        if order.to == DECK and order.crewmen > crew.oar:
            return "DUTY moves more crewmen than are at the oars"
        if order.to != DECK and (order.crewmen > crew.deck or crew.oar + order.crewmen > oarbanks):
            return "DUTY puts more at the oars than there are on deck or oarbanks"
    return ""


def _breaking_all(game: GameState, ship_id: str, seen: set[tuple[str, str]], reading: Reading) -> bool:
    # The player writes BREAK before the move it conditions (§11.4 allows either order).
    return bool(game.grappled_with(ship_id)) and (ship_id, "BREAK") in seen


def _path_problems(game: GameState, kept: list[Reading]) -> list[str]:
    """§6.5 on §6.6's computed path: no move ends under ¼" from a friend it does not shear, the
    lines before it where their paths took them and the lines after it not yet moved."""
    moves = [r.order for r in kept if isinstance(r.order, Move)]
    pairs = [(r.ship, t) for r in kept if isinstance(r.order, Targets) and r.order.verb == "BREAK"
             for t in r.order.targets]
    problems = []
    for count, move in enumerate(moves, 1):
        if move.mode == STAY:
            continue
        plan = plan_moves(game, moves[:count], pairs)
        mover = plan.state.require(move.ship)
        for other in plan.state.ships:
            if other.side == mover.side and other.id != mover.id and other.on_table \
                    and other.id not in plan.passed_by(mover.id) \
                    and distance(plan.state, mover, other) < 0.25 - game.epsilon:
                problems.append(f"{move.ship}: {move.notation()} ends within 1/4\" of {other.id}")
    return problems


def _placement_problems(game: GameState, side: str, kept: list[Reading]) -> list[str]:
    if game.phase.kind != SETUP:
        return []
    ships = list(game.ships)
    problems = []
    for reading in kept:
        if not isinstance(reading.order, Place):
            continue
        index = game.order_of(reading.ship)
        placed = replace(ships[index], x=reading.order.x, y=reading.order.y,
                         heading=reading.order.heading, placed=True)
        why = placement_problem(ships, placed, game.side(side).home, game.table)
        if why:
            problems.append(f"{reading.ship}: {why}")
        ships[index] = placed
    return problems


# --- playing a game with the player's orders on both sides


@dataclass(frozen=True)
class Played:
    states: tuple[GameState, ...]
    events: tuple[Event, ...]
    sheets: int


def _orders(game: GameState, text: str) -> list[Reading]:
    context = SETUP_LINES if game.phase.kind == SETUP else ROUND_LINES
    return [read_line(number, raw, context) for number, raw in numbered_lines(text)]


def _set_up(game: GameState, texts: dict[str, list[Reading]]) -> GameState:
    placing = game.phase.side
    ships = list(game.ships)
    for reading in texts[placing]:
        if isinstance(reading.order, Place):
            index = game.order_of(reading.ship)
            ships[index] = replace(ships[index], x=reading.order.x, y=reading.order.y,
                                   heading=reading.order.heading, placed=True)
    placed, _ = place_unplaced(ships, game.side(placing), game.table)
    game = apply_standing(game.with_ships(placed), [r.order for side in texts.values()
                                                      for r in side if isinstance(r.order, Standing)])
    first, second = game.side_ids
    return replace(game, phase=Phase(SETUP, side=first) if placing == second else Phase(MOVE, 1, 1, first))


def _resolve(game: GameState, read: dict[str, list[Reading]],
             dice: SeededDice) -> tuple[GameState, tuple[Event, ...]]:
    standing = tuple(r.order for side in read.values() for r in side if isinstance(r.order, Standing))
    if game.phase.kind == SETUP:
        return _set_up(game, read), ()
    phasing, other = game.phasing, game.other(game.phasing)
    own = [r.order for r in read[phasing]]
    if game.phase.kind == MOVE:
        return resolve_round_1(game, RoundOneOrders(
            moves=tuple(o for o in own if isinstance(o, Move)),
            breaks=tuple(o for o in own if isinstance(o, Targets) and o.verb == "BREAK"),
            duties=tuple(o for o in own if isinstance(o, Duty)), standing=standing), dice)
    fire = [r.order for r in read[other]]
    return resolve_round_2(game, RoundTwoOrders(
        fire=tuple(o for o in fire if isinstance(o, Targets | Picking) and o.verb in FIRE_VERBS),
        grapples=tuple(o for o in own if isinstance(o, Targets) and o.verb == "GRAPPLE"),
        melees=tuple(o for o in own if isinstance(o, Picking) and o.verb == "MELEE"),
        standing=standing), dice)


def play_game(game: GameState, seed: int, limit: int = 200) -> Played:
    """The game to its end with the player's orders for both sides in every round, each
    submission checked against §18 before the round is resolved."""
    rng = random.Random(seed)
    states: list[GameState] = []
    events: list[Event] = []
    sheets = 0
    for number in range(limit):
        if game.phase.kind == OVER:
            return Played(tuple(states), tuple(events), sheets)
        states.append(game)
        texts = {side: orders_for(game, side, rng) for side in game.side_ids}
        for side, text in texts.items():
            assert refusals(game, side, text) == [], (game.phase, side, text)
            sheets += bool(text)
        dice = SeededDice(seed=f"tactics {seed}".encode(), game="tactics", phase=str(number))
        game, found = _resolve(game, {side: _orders(game, text) for side, text in texts.items()}, dice)
        events += found
    raise AssertionError(f"the game did not end in {limit} rounds: {game.phase}")


def default_game(**switches: str) -> GameState:
    options = parse_options(switches)
    return initial_state(load_scenario("default", options), options)


SWITCH_SETS = ({}, {"setup": "free"}, {"fatigue": "fleet"}, {"turn_angle": "20", "corvus_odds": "printed"},
               {"fatigue_limit": "off", "rout_contact": "ram", "wind": "200"})


@pytest.mark.parametrize("switches", SWITCH_SETS, ids=lambda s: ",".join(s) or "defaults")
def test_every_line_is_legal_and_the_game_ends(switches: dict[str, str]) -> None:
    for seed in range(6):
        played = play_game(default_game(**switches), seed)
        last = played.states[-1]
        assert last.phase.kind in (COMBAT, SETUP, MOVE)  # the state before the last round
        turns = {s.phase.turn for s in played.states}
        assert max(turns) <= last.options.turn_limit
        assert played.sheets >= 8


def test_games_show_rams_shots_grapples_and_melee() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(10):
        for item in play_game(default_game(), seed).events:
            kinds[item.kind] += 1
            if item.kind == "ram" and item.get("dice"):
                kinds["ram rolled"] += 1
            if item.kind == "fire" and item.get("weapon") == "bow" and item.get("die"):
                kinds["bow shot"] += 1
            if item.kind == "fire" and item.get("weapon") == "ballista" and item.get("dice"):
                kinds["ballista shot"] += 1
            if item.kind == "grapple" and item.get("success"):
                kinds["grappled"] += 1
            if item.kind == "melee" and item.get("dice"):
                kinds["melee dice"] += 1
            if item.kind == "move" and str(item.get("step", "")).startswith(("P", "S")):
                kinds["pivot"] += 1
    for wanted in ("ram rolled", "bow shot", "ballista shot", "grappled", "melee dice", "pivot",
                   "victory", "break", "duty"):
        assert kinds[wanted] > 0, (wanted, kinds)


def test_games_reach_a_result_within_the_turn_limit() -> None:
    winners = set()
    for seed in range(8):
        played = play_game(default_game(turn_limit="3"), seed)
        victory = [item for item in played.events if item.kind == "victory" and item.get("winner")]
        assert victory, seed
        winners.add(str(victory[-1]["winner"]))
        assert max(s.phase.turn for s in played.states) <= 3
    assert winners & {"carthage", "rome"}  # not every game a draw


BUILD_SCENARIO = """
title = "Two built fleets"
build = true
turns = 6
[[side]]
id = "{a}"
home = "south"
[[side]]
id = "{b}"
home = "north"
"""


@pytest.mark.parametrize("budget", [1, 7, 20, 40])
@pytest.mark.parametrize("names", [("carthage", "rome"), ("red", "rust")])
def test_built_fleets_are_within_the_budget_and_play(budget: int, names: tuple[str, str]) -> None:
    options = parse_options({"budget": str(budget), "special_ship": "sixteen"})
    scenario = scenario_from_text(BUILD_SCENARIO.format(a=names[0], b=names[1]), options)
    start = initial_state(scenario, options)
    assert start.phase.kind == BUILD
    for seed in range(8):
        rng = random.Random(seed)
        fleets, taken = [], []
        for side in start.side_ids:
            text = orders_for(start, side, rng)
            lines = []
            for number, raw in numbered_lines(text):
                reading = read_build_line(number, raw)
                assert reading.extras == () and isinstance(reading.order, Build), raw
                lines.append(BuildLine(number, reading.ship, reading.order.design))
            assert check_build(start, side, text, taken=taken).refused == (), text
            fleet = build_fleet(side, lines, start.options, taken=taken)
            assert fleet.refused == () and fleet.ships, (side, text, fleet.refused)
            assert fleet.total <= start.options.budget
            assert sum(ship.flagship for ship in fleet.ships) == 1 and fleet.ships[0].flagship
            taken += [ship.id for ship in fleet.ships]
            fleets += fleet.ships
        ships = tuple(fleets)
        for side in start.sides:
            ships, left = place_unplaced(ships, side, start.table)
            assert left == ()
        sides = tuple(replace(side, start_points=purchase_points(
            (s for s in ships if s.side == side.id), start.options)) for side in start.sides)
        game = replace(start.with_ships(ships), sides=(sides[0], sides[1]),
                       phase=Phase(MOVE, 1, 1, start.side_ids[0]))
        if budget >= 20 and seed < 3:
            play_game(game, seed)


def test_the_same_rng_gives_the_same_orders_and_the_state_is_untouched() -> None:
    game = battle(32)
    before = game
    first = orders_for(game, "carthage", random.Random(3))
    assert first == orders_for(game, "carthage", random.Random(3))
    assert game == before
    texts = {orders_for(game, "carthage", random.Random(seed)) for seed in range(6)}
    assert len(texts) > 1  # the rng is used


# --- positions worked by hand


def _lines(game: GameState, side: str, seed: int = 0) -> list[str]:
    return orders_for(game, side, random.Random(seed)).splitlines()


def _moves(game: GameState, side: str, seed: int = 0) -> dict[str, Move]:
    found = {}
    for reading in _orders(game, "\n".join(_lines(game, side, seed))):
        if isinstance(reading.order, Move):
            found[reading.ship] = reading.order
    return found


def test_a_cruising_ship_with_an_enemy_ahead_in_reach_rams_it() -> None:
    # Bows 3" apart, heading at each other: the trireme's cruise max is 6, so RAM needs 7-12.
    game = state(ship("C1", 36, 20, 0, mode=CRUISE), ship("R1", 36, 27, 180))
    for seed in range(10):
        move = _moves(game, "carthage", seed)["C1"]
        assert move.mode == RAM and 70 <= move.distance <= 120, move
        after, events = resolve_round_1(game, RoundOneOrders(moves=(move,)), SeededDice(seed=b"r"))
        assert [e["target"] for e in events if e.kind == "ram" and e.get("marked")] == ["R1"]
        assert after.half_record.marked_rams[0].aspect == "head-on"


def test_no_ram_from_the_strategic_rung_or_without_the_fatigue() -> None:
    for game in (state(ship("C1", 36, 20, 0, mode=STRATEGIC), ship("R1", 36, 27, 180)),
                 state(ship("C1", 36, 20, 0, mode=CRUISE, fatigue=7), ship("R1", 36, 27, 180))):
        move = _moves(game, "carthage")["C1"]
        assert move.mode != RAM and not move_problem(game, game.require("C1"), move)


def test_a_ship_pivots_toward_an_enemy_abeam_within_its_turns() -> None:
    # The enemy due east of a bireme heading north: 90 degrees in two 45s (4 turns allowed).
    game = state(ship("C1", 30, 20, 0, klass="bireme", mode=CRUISE), ship("R1", 40, 20, 180))
    move = _moves(game, "carthage")["C1"]
    pivots = [step for step in move.steps if step.kind in ("P", "S")]
    assert [step.notation() for step in pivots] == ["S45", "S45"]
    assert move.steps[-1].kind == "F"


def test_moves_that_would_end_against_a_friend_are_not_written() -> None:
    # Two triremes abreast, 1.05" apart centre to centre (1/20" between hulls): whatever C1
    # does, C2 must not be left within 1/4"; every line the player writes passes §6.5.
    game = state(ship("C1", 30, 10, 0, mode=CRUISE), ship("C2", 31.05, 10, 0, mode=CRUISE),
                 ship("R1", 45, 30, 180))
    for seed in range(20):
        text = orders_for(game, "carthage", random.Random(seed))
        assert refusals(game, "carthage", text) == [], text
        assert "C2: STAY" not in text  # already within 1/4" of C1: no line rather than a refused one


def test_the_firing_side_shoots_what_is_in_range_and_loaded() -> None:
    # R1 has 3 bowmen, C1's bow lies 3" off its bow; R2's ballista fired last turn (turn 1 of 2) and
    # is unloaded; R3's is loaded, C1 within 20".
    bow = replace(ship("R1", 36, 27, 180).crew, bowmen=3)
    loaded = replace(ship("R3", 50, 35, 180).crew, deck=1)
    game = combat(ship("C1", 36, 20, 0), ship("R1", 36, 27, 180, crew=bow),
                  ship("R2", 20, 35, 180, ballistas=(1,), crew=loaded),
                  ship("R3", 50, 35, 180, ballistas=(0,), crew=loaded))
    lines = [line for line in _lines(game, "rome") if " BOW " in f" {line} " or "BALLISTA" in line]
    bows = [line for line in lines if line.startswith("R1: BOW")]
    assert len(bows) == 1 and bows[0].split("PICK")[0].strip() == "R1: BOW C1, C1, C1"
    assert [line for line in lines if "BALLISTA" in line] == ["R3: BALLISTA C1"]
    assert refusals(game, "rome", "\n".join(lines)) == []


def test_the_phasing_side_grapples_alongside_and_melees() -> None:
    # C1 lies 0.1" off R1's side; C2 is grappled to R2 already; C3 has nobody near.
    game = combat(ship("C1", 36, 20, 0), ship("R1", 37.1, 20, 180),
                  ship("C2", 10, 20, 0), ship("R2", 11.05, 20, 180),
                  ship("C3", 60, 5, 0)).with_grapple("C2", "R2")
    lines = _lines(game, "carthage")
    assert "C1: GRAPPLE R1" in lines
    assert any(line.startswith("C1: MELEE R1") for line in lines)
    assert not any(line.startswith("C2: GRAPPLE") for line in lines)
    assert any(line.startswith("C2: MELEE R2") for line in lines)
    assert not any(line.startswith("C3:") and ("GRAPPLE" in line or "MELEE" in line) for line in lines)
    assert refusals(game, "carthage", "\n".join(lines)) == []


def test_the_bench_battles_orders_are_legal_in_both_rounds() -> None:
    for size in (8, 32):
        game = battle(size)
        for seed in range(3):
            text = orders_for(game, "carthage", random.Random(seed))
            assert refusals(game, "carthage", text) == []
            assert "RAM" in text
        rome = orders_for(game, "rome", random.Random(0))
        assert refusals(game, "rome", rome) == []


def test_only_a_ship_that_may_break_writes_break_and_then_a_conditional_move() -> None:
    # C1 and R1 grappled side by side; R1 inflicted the last melee casualties, so C1 may not
    # try (§11.4); once C1 was the last, it sometimes breaks and moves on condition.
    base = state(ship("C1", 30, 20, 0, mode=CRUISE), ship("R1", 31.05, 20, 180),
                 ship("R2", 50, 40, 180)).with_grapple("C1", "R1")
    held = replace(base, grapples=(replace(base.grapples[0], last_casualties="R1"),))
    free = replace(base, grapples=(replace(base.grapples[0], last_casualties="C1"),))
    held_texts = [orders_for(held, "carthage", random.Random(seed)) for seed in range(30)]
    assert not any("C1: BREAK" in text for text in held_texts)
    assert all("C1: STAY" in text for text in held_texts)  # grappled: it may only stay
    free_texts = [orders_for(free, "carthage", random.Random(seed)) for seed in range(30)]
    breaking = [text for text in free_texts if "C1: BREAK R1" in text]
    assert breaking and any("C1: CRUISE" in text or "C1: RAM" in text or "C1: STRAT" in text
                            for text in breaking)
    for text in held_texts + free_texts:
        assert refusals(held if text in held_texts else free, "carthage", text) == [], text


@pytest.mark.parametrize(("scenario_text", "switches"), [
    (None, {}), (None, {"setup": "free", "wind": "roll"}),
    (BUILD_SCENARIO.format(a="athens", b="sparta"), {"setup": "free", "budget": "25"}),
    (BUILD_SCENARIO.format(a="athens", b="sparta"), {"fatigue": "fleet"}),
], ids=["default", "free set-up and wind roll", "built and set up", "built, fleet fatigue"])
def test_whole_games_through_the_judges_phases_have_no_refused_line(
        scenario_text: str | None, switches: dict[str, str]) -> None:
    """game.play_phase from the first phase to the last: the player's submissions for every
    side the phase owes or lets send, no line ever refused, and a result."""
    for seed in range(4):
        game = new_game("default", switches, scenario_text)
        rng = random.Random(seed)
        kinds = set()
        for number in range(300):
            if game.phase.kind == OVER:
                break
            kinds.add(game.phase.kind)
            texts = [(side, orders_for(game, side, rng)) for side in (*owes(game), *may_send(game))]
            dice = SeededDice(seed=f"whole {seed}".encode(), game="whole", phase=str(number))
            game, result, _ = play_phase(game, [(side, text) for side, text in texts if text], dice)
            assert result.rejected == (), (number, texts, result.rejected)
        assert game.phase.kind == OVER and game.winner is not None
        assert {MOVE, COMBAT} <= kinds
        if scenario_text is not None:
            assert BUILD in kinds
        if switches.get("setup") == "free":
            assert SETUP in kinds
