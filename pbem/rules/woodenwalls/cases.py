"""The Wooden Walls side of the rules-case runner (cases-open-table.md, its general part and its
Wooden Walls section; build plan §8): a case's position (`[[ship]]`, `[[player]]`, `[turn]`,
`[round] deck`, `[state]`, `[options]`, `[table]`), its `[phase]` played with the forced dice
(d2 to d20, §23's order), and the JSON the host compares (pure: the host reads the file and
checks `[expect]`, pbem/cases.py).

A case with no `[[ship]]` starts from its scenario's opening position (`[options] scenario`,
default The Rhodian Straits, §19, qualities by the allotment). Kinds and what plays them:

    setup          the setup mail (§6.1, §19): QUALITY and POST lines (game.settle_setup), then
                   the wind die (weather.setup_wind) and round 1's shuffle (as `shuffle`)
    shuffle        the forced `[round] deck` (no dice) or cards.shuffle (d6 d5 d4 d3 d2), split
                   into legs (§5.2, §5.3)
    activation     movement.activate(state, ship, card, entry, dice)
    action         actionphase.play_card(state, card, dice) (the leg's first action phase)
    cards          legs.play_cards(state, from, to, dice)
    deck_action    deckphase.play(state, dice) (the deck lines gathered in the state's orders)
    shooting       shooting.shooting_step(state, lines, first_player, dice)
    grappling      grappling.grappling_step(state, lines, first_player, dice)
    boarding       boarding.boarding_step(state, lines, first_player, dice)
    sink_or_swim   sinkorswim.play(state, dice), then victory.check(state)

A module not written yet is reported as "needs <module>" in `errors`. `[phase.orders]` holds
each side's submission, keyed by side (or player) id, checked as it would be on arrival in the
open phase (`check.check_lines`; until that module is there each line is only read, with
`notation.read_line`, a line it cannot read going to `rejected`) and gathered into the state's
orders (`rounds.gather`). `lines` for the deck steps are every accepted deck line, the sides in
their order. `clamped` lists the `line` of each `clamp` event in order.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import replace
from typing import Any

from pbem.rules.dice import DiceError, ForcedDice
from pbem.rules.errors import CaseError, OrderError
from pbem.rules.events import Event, event
from pbem.rules.woodenwalls import notation, scenario
from pbem.rules.woodenwalls.cards import MOVE_CARDS, shuffle
from pbem.rules.woodenwalls.orders import Reading
from pbem.rules.woodenwalls.rounds import (
    DECK,
    LEG,
    LEGS_MAIL,
    MOVEMENT,
    ROUND,
    SETUP,
    SPLIT_MAIL,
    Phase,
    RoundState,
    gather,
)
from pbem.rules.woodenwalls.rows import (
    RowError,
    ShipRow,
    players_from_rows,
    ship_rows,
)
from pbem.rules.woodenwalls.rowstate import (
    PHASE_KEYS,
    STATE_KEYS,
    deck_from_table,
    links_from_rows,
    record_from_rows,
    table_option,
    terrain_from_rows,
    turn_from_table,
    won_from_rows,
)
from pbem.rules.woodenwalls.rowvalues import (
    check_keys,
    whole,
)
from pbem.rules.woodenwalls.state import GameState
from pbem.rules.woodenwalls.switches import parse_options
from pbem.rules.woodenwalls.view import state_json

__all__ = ["KINDS", "LARGEST_DIE", "load_case", "play_case"]

KINDS = ("setup", "shuffle", "activation", "action", "cards", "deck_action", "shooting", "grappling",
         "boarding", "sink_or_swim")
DECK_KINDS = ("deck_action", "shooting", "grappling", "boarding")
MOVE_KINDS = ("activation", "action", "cards")
LARGEST_DIE = 20  # §23: d2 to d20
ENGINE = "pbem.rules.woodenwalls"
_HEAD = re.compile(r"\s*([A-Za-z0-9-]{1,12})(?:/([0-9]{1,2}))?\s*:")


class _Needs(Exception):
    """An engine module (or its function) not written yet."""


def _engine(module: str, function: str) -> Any:
    try:
        found = importlib.import_module(f"{ENGINE}.{module}")
    except ImportError as missing:
        if missing.name == f"{ENGINE}.{module}":
            raise _Needs(f"needs {module}") from None
        raise _Needs(f"needs {module} ({missing})") from None
    call = getattr(found, function, None)
    if call is None:
        raise _Needs(f"needs {module}.{function}")
    return call


# ---------------------------------------------------------------- the position


def _phase_of(kind: str, mail: str, round_number: int, leg: str) -> Phase:
    """The open phase a case plays in: the setup, its leg's (`mail = legs`), the leg's movement
    or deck part (`split`), or the round (`round`)."""
    if kind == "setup":
        return Phase(SETUP)
    if mail == ROUND:
        return Phase(ROUND, round_number)
    if mail == SPLIT_MAIL:
        return Phase(DECK if kind in DECK_KINDS else MOVEMENT, round_number, leg)
    assert mail == LEGS_MAIL
    return Phase(LEG, round_number, leg)


def _leg_first_phase(leg: str) -> int:
    """The action phase, counted in the round, that opens leg A, B or C (§5.3: 1, 3, 5)."""
    return {"A": 1, "B": 3, "C": 5}[leg]


def load_case(case: dict[str, Any], name: str) -> GameState:
    """The position of a case (its TOML as a dict; `name` for messages), the phase its kind
    plays in open (plan §8: an `activation` or `action` case is its leg's first action phase,
    its `card` the card being carried out)."""
    phase = case.get("phase", {})
    options_table = case.get("options", {})
    if not isinstance(options_table, dict):
        raise CaseError(f"{name}: [options] is a table of switch = value (rulings §25)")
    given = dict(options_table)
    size = table_option(case.get("table"))
    if size is not None:
        given["table"] = size
    options = parse_options(given)
    if "ship" in case:
        rows = ship_rows(case["ship"])
        ships = tuple(row.ship for row in rows)
        players = players_from_rows(case.get("player"), ships)
        state = GameState(ships, options, players)
        record = record_from_rows(rows, check_keys(case.get("state", {}), "[state]", STATE_KEYS)
                                  .get("sank_this_round"))
        state = replace(state, record=record)
    else:
        if "player" in case:
            raise CaseError(f"{name}: [[player]] rows go with [[ship]] rows (a scenario has its own)")
        state = scenario.opening_state(options)
        sank = check_keys(case.get("state", {}), "[state]", STATE_KEYS).get("sank_this_round")
        state = replace(state, record=record_from_rows([ShipRow(ship) for ship in state.ships], sank))
    facts = check_keys(case.get("state", {}), "[state]", STATE_KEYS)
    turn = turn_from_table(case.get("turn"), state.sides, state.options.round_limit)
    deck = deck_from_table(case.get("round"))
    kind = str(phase.get("kind", ""))
    card = str(phase.get("card", "")).strip().upper()
    round_state = RoundState(
        deck=deck, first_player=turn.first_player, last_second=turn.last_second,
        deck_first_player=turn.first_player,
        won_shooting=won_from_rows(facts.get("won_shooting", []), state.ships))
    if kind in ("activation", "action"):
        if card not in MOVE_CARDS:
            raise CaseError(f"{name}: [phase] card is a MOVE card ({', '.join(MOVE_CARDS)}), "
                            f"not {phase.get('card')!r}")
        turned = deck.index(card) + 1 if card in deck else 0
        # actionphase.play_card counts the card it plays itself: an `action` case opens one short.
        opening = _leg_first_phase(turn.leg) - (1 if kind == "action" else 0)
        round_state = replace(round_state, card=card, turned=turned, action_phase=opening)
        if turn.first_player:
            others = [side for side in state.sides if side != turn.first_player]
            round_state = replace(round_state, second_player=others[0] if others else "")
    state = replace(state, round=round_state,
                    links=links_from_rows(facts.get("links", []), state.ships),
                    phase=_phase_of(kind, state.options.mail, turn.round, turn.leg))
    if turn.wind is not None:
        state = replace(state, wind=turn.wind)
    if "land" in case or "current" in case:
        state = replace(state, terrain=terrain_from_rows(case.get("land", []), case.get("current", [])))
    return state


# ---------------------------------------------------------------- the case's orders


def _submissions(state: GameState, phase: dict[str, Any], name: str) -> list[tuple[str, str, str]]:
    """(player, side, text) for each submission, in the sides' order and each side's player
    order; a key names a side (its first player) or a player."""
    orders = phase.get("orders", {})
    if not isinstance(orders, dict):
        raise CaseError(f"{name}: orders go in [phase.orders], one string of lines per side id")
    players = [player for side in state.sides for player in state.players_of(side)]
    found: dict[str, tuple[str, str, str]] = {}
    for key, text in orders.items():
        wanted = str(key).strip()
        player = next((p for p in players if p.id == wanted), None) or next(
            (p for p in players if p.side == wanted), None)
        if player is None:
            raise CaseError(f"{name}: [phase.orders] {key!r} is no side or player of the case; the "
                            f"sides are {', '.join(state.sides)}")
        if not isinstance(text, str):
            raise CaseError(f"{name}: [phase.orders] {key} is a string of order lines")
        found[player.id] = (player.id, player.side, text)
    return [found[player.id] for player in players if player.id in found]


def _fallback_key(number: int, text: str) -> str:
    if re.match(r"\s*ORDER\b", text, re.IGNORECASE):
        return "ORDER"
    head = _HEAD.match(text)
    if head is None:
        return f"line {number}"
    return f"{head.group(1)}/{int(head.group(2))}" if head.group(2) else head.group(1)


def _read_lines(state: GameState, side: str, player: str, text: str,
                rejected: dict[str, str]) -> list[Reading]:
    """The accepted readings of one submission; refusals into `rejected` (first reason kept)."""
    try:
        check = importlib.import_module(f"{ENGINE}.check")
    except ImportError as missing:
        if missing.name != f"{ENGINE}.check":
            raise
        check = None
    if check is not None and hasattr(check, "check_lines"):
        checked = check.check_lines(state, side, text, player=player)
        for line in checked.lines:
            if not line.accepted:
                rejected.setdefault(line.key or f"line {line.number}", line.reason)
        return list(checked.readings)
    context = state.phase.kind if state.phase.kind in notation.CONTEXTS else LEG
    readings = []
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            reading = notation.read_line(line, context)
        except OrderError as refused:
            rejected.setdefault(_fallback_key(number, line), refused.reason)
            continue
        if reading is not None:
            readings.append(reading)
    return readings


def _with_orders(state: GameState, phase: dict[str, Any], name: str,
                 rejected: dict[str, str]) -> tuple[GameState, list[Reading]]:
    """The state with each side's accepted lines gathered (`rounds.gather`), and every
    accepted deck line, the sides in their order."""
    by_side: dict[str, list[Reading]] = {side: [] for side in state.sides}
    for player, side, text in _submissions(state, phase, name):
        by_side[side] += _read_lines(state, side, player, text, rejected)
    orders = tuple(gather(side, readings) for side, readings in by_side.items())
    lines = [line for each in orders for line in each.deck]
    return replace(state, orders=orders), lines


# ---------------------------------------------------------------- playing the phase


def _shuffled(state: GameState, dice: ForcedDice) -> tuple[GameState, tuple[Event, ...]]:
    """§5.2: the round's deck, forced (no dice) or shuffled, and its legs (§5.3)."""
    forced = bool(state.round.deck)
    rolls: tuple[int, ...] = ()
    if forced:
        deck = state.round.deck
    else:
        done = shuffle(dice)
        deck, rolls = done.deck, done.rolls
    state = replace(state, round=replace(state.round, deck=deck, turned=0))
    legs = state.round.legs
    assert legs is not None
    found = event("shuffle", round=state.phase.round, deck=deck, rolls=rolls, forced=forced,
                  legs=tuple(" ".join(leg) for leg in legs.legs))
    return state, (found,)


def _text_of(phase: dict[str, Any], key: str, name: str) -> str:
    value = phase.get(key)
    if not isinstance(value, str) or not value.strip():
        raise CaseError(f"{name}: [phase] {key} is needed (text) for this kind")
    return value.strip()


def _play(kind: str, state: GameState, phase: dict[str, Any], name: str, dice: ForcedDice,
          rejected: dict[str, str]) -> tuple[GameState, tuple[Event, ...]]:
    if kind == "shuffle":
        return _shuffled(state, dice)
    if kind == "setup":
        return _setup(state, phase, name, dice, rejected)
    state, lines = _with_orders(state, phase, name, rejected)
    first = state.round.deck_first_player or state.round.first_player or state.sides[0]
    played: tuple[GameState, tuple[Event, ...]]
    if kind == "activation":
        found = state.ship(_text_of(phase, "ship", name))
        if found is None:
            raise CaseError(f"{name}: [phase] ship {phase.get('ship')!r} is no ship of the case")
        ship = found.id
        entry = whole(phase.get("entry", 1), f"{name}: [phase] entry", 1, 4)
        played = _engine("movement", "activate")(state, ship, state.round.card, entry, dice)
    elif kind == "action":
        played = _engine("actionphase", "play_card")(state, state.round.card, dice)
    elif kind == "cards":
        start = whole(phase.get("from", 1), f"{name}: [phase] from", 1, 6)
        end = whole(phase.get("to", 6), f"{name}: [phase] to", start, 6)
        if not state.round.deck:
            raise CaseError(f"{name}: a cards case needs a forced [round] deck")
        played = _engine("legs", "play_cards")(state, start, end, dice)
    elif kind == "deck_action":
        played = _engine("deckphase", "play")(state, dice)
    elif kind == "shooting":
        played = _engine("shooting", "shooting_step")(state, tuple(lines), first, dice)
    elif kind == "grappling":
        played = _engine("grappling", "grappling_step")(state, tuple(lines), first, dice)
    elif kind == "boarding":
        played = _engine("boarding", "boarding_step")(state, tuple(lines), first, dice)
    else:
        sunk, events = _engine("sinkorswim", "play")(state, dice)
        won, more = _engine("victory", "check")(sunk)
        played = (won, (*events, *more))
    return played


def _setup(state: GameState, phase: dict[str, Any], name: str, dice: ForcedDice,
           rejected: dict[str, str]) -> tuple[GameState, tuple[Event, ...]]:
    """The setup phase as the judge plays it: the sides' QUALITY and POST lines, the wind die,
    the first shuffle."""
    by_side: dict[str, list[Reading]] = {side: [] for side in state.sides}
    for player, side, text in _submissions(state, phase, name):
        by_side[side] += _read_lines(state, side, player, text, rejected)
    state, events = _engine("game", "settle_setup")(state, by_side)
    state, wind = _engine("weather", "setup_wind")(state, dice)
    state, shuffled = _shuffled(state, dice)
    return state, (*events, *wind, *shuffled)


def _dice(phase: dict[str, Any], name: str) -> ForcedDice:
    values = phase.get("dice", [])
    if not isinstance(values, list) or any(isinstance(value, bool) for value in values):
        raise CaseError(f"{name}: [phase] dice is a list of whole numbers, each within its die "
                        f"(d2 1-2 … d20 1-20), not {values!r}")
    try:
        return ForcedDice(values=list(values), largest_die=LARGEST_DIE)
    except (DiceError, TypeError, ValueError) as exc:
        raise CaseError(f"{name}: [phase] dice are whole numbers from 1 to {LARGEST_DIE}, each "
                        f"within its die: {exc}") from None


def _kind(case: dict[str, Any], name: str) -> tuple[str, dict[str, Any]]:
    phase = case.get("phase")
    if not isinstance(phase, dict):
        raise CaseError(f"{name}: a case needs a [phase] table")
    try:
        check_keys(phase, "[phase]", PHASE_KEYS)
    except RowError as exc:
        raise CaseError(f"{name}: {exc}") from None
    kind = phase.get("kind", "")
    if kind not in KINDS:
        raise CaseError(f"{name}: [phase] kind is one of {', '.join(KINDS)}, not {kind!r}")
    return str(kind), phase


def play_case(case: dict[str, Any], name: str) -> dict[str, Any]:
    """The state after the case's phase as `view.state_json` prints it (ships under "ships"),
    with `rejected` (key -> reason, always), `clamped`, `events`, `dice` and `errors` (a dice
    mismatch or leftover, an engine not written yet, an order the engine would not take)."""
    kind, phase = _kind(case, name)
    try:
        state = load_case(case, name)
    except RowError as exc:
        raise CaseError(f"{name}: {exc}") from None
    except CaseError:
        raise
    except ValueError as exc:  # rows, switches, the scenario say what is wrong in a sentence
        raise CaseError(f"{name}: {exc}") from None
    except (TypeError, KeyError, AttributeError, IndexError) as exc:
        raise CaseError(f"{name}: a value of the wrong kind in the case's position ({exc}); see "
                        "shared/rules/cases-open-table.md (Wooden Walls) for each key's shape") from None
    dice = _dice(phase, name)
    rejected: dict[str, str] = {}
    errors: list[str] = []
    events: tuple[Event, ...] = ()
    result = state
    try:
        result, events = _play(kind, state, phase, name, dice, rejected)
        dice.finish()
    except _Needs as missing:
        errors.append(str(missing))
    except CaseError:
        raise
    except DiceError as exc:
        errors.append(f"dice: {exc}")
    except (OrderError, ValueError) as exc:
        errors.append(str(exc))
    output = state_json(result)
    output["rejected"] = rejected
    output["clamped"] = [str(item.get("line", "")) for item in events if item.kind == "clamp"]
    output["events"] = [item.as_dict() for item in events]
    output["dice"] = [roll.value for roll in dice.log]
    output["errors"] = errors
    return output
