"""The speed-band side of the rules-case runner (cases-open-table.md, its general part and its
speed-band section): a case's position (`[[player]]`, `[[ship]]`, `[[front]]`, `[turn]`,
`[options]`, `[table]`), its phase played with the forced dice, and the JSON the host compares
(pure: the host reads the file and checks the expectations, pbem/cases.py).

Kinds and what plays them:

    movement     turn.start_turn, round-1 lines (standing ones applied, §4 defaults filled in),
                 then roundone.play_movement
    missile      combat.missile_phase
    melee        melee.melee_phase (after the round's standing lines)
    morale       morale.morale_phase
    combat       combat.play_combat (missiles, melee, transfer, corvus work, morale)
    end_of_turn  turn.end_turn (last bands, victory), the next turn not opened

An engine module not written yet is reported as "needs <module>" in `errors`. Lines are checked
as if each submission had just arrived in the round the case plays (`game.check_orders`: the
checker's module, or its thin fallback until that exists), the players' submissions in
scenario player order. A fleeing ship given in a case takes the edge nearest its centre as its
flight edge (corpus README).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pbem.rules.dice import DiceError, ForcedDice
from pbem.rules.errors import CaseError, OrderError
from pbem.rules.events import Event
from pbem.rules.speedband import game, turn
from pbem.rules.speedband.rows import (
    assign_players,
    fronts_from_rows,
    links_from_rows,
    players_from_rows,
    ship_from_row,
)
from pbem.rules.speedband.state import COMBAT, FLEEING, GameState, Phase, Player, Ship
from pbem.rules.speedband.switches import parse_options
from pbem.rules.table import nearest_edge, report_point

KINDS = ("movement", "missile", "melee", "morale", "combat", "end_of_turn")
LARGEST_DIE = 100  # §19: d6, d10 and d100


def load_case(case: dict[str, Any], name: str) -> GameState:
    """The position of a case (its TOML as a dict; `name` for messages), with round 1 open
    for a movement case and round 2 for the others."""
    given = dict(case.get("options", {}))
    table = case.get("table", {})
    if table:
        given["table"] = f"{table.get('width', 72)}x{table.get('height', 48)}"
    options = parse_options(given)
    rows = list(case.get("ship", []))
    if not rows:
        raise CaseError(f"{name}: a case needs at least one [[ship]]")
    ships = tuple(ship_from_row(row, options.soldier_tenths) for row in rows)
    players = players_from_rows(list(case.get("player", [])), ships)
    ships = assign_players(ships, players)
    links = links_from_rows(rows, ships)
    fronts = fronts_from_rows(list(case.get("front", [])), ships)
    number = case.get("turn", {}).get("number", 1)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise CaseError(f"{name}: [turn] number is a whole number from 1, not {number!r}")
    kind = str(case.get("phase", {}).get("kind", ""))
    state = GameState(ships, players, options, links=links, fronts=fronts)
    state = state.with_ships(_flight_edge(state, ship) for ship in state.ships)
    if kind == "movement":
        return turn.start_turn(state, number)
    return replace(state, phase=Phase(COMBAT, number))


def _flight_edge(state: GameState, ship: Ship) -> Ship:
    if ship.status != FLEEING or ship.flight_heading is not None:
        return ship
    return replace(ship, flight_heading=int(nearest_edge(ship.pose.centre, state.table).heading))


# --- the case's orders ------------------------------------------------------------------------


def _submissions(state: GameState, phase: dict[str, Any], name: str) -> list[tuple[str, str, str]]:
    """(player, side, text) for each submission, players in scenario player order; a key may
    name a player or a side (then its first player)."""
    orders = phase.get("orders", {})
    if isinstance(orders, str):
        raise CaseError(f"{name}: orders go in [phase.orders], one string per player id")
    if not isinstance(orders, dict):
        raise CaseError(f"{name}: [phase.orders] is a table of player = \"lines\"")
    known = {player.id.upper(): player for player in state.players}
    by_side: dict[str, Player] = {}
    for each in state.players:
        by_side.setdefault(each.side.upper(), each)
    found: dict[str, tuple[str, str, str]] = {}
    for key, text in orders.items():
        player = known.get(str(key).upper()) or by_side.get(str(key).upper())
        if player is None:
            raise CaseError(f"{name}: [phase.orders] {key!r} is no player of the case; the "
                            f"players are {', '.join(p.id for p in state.players)}")
        if not isinstance(text, str):
            raise CaseError(f"{name}: [phase.orders] {key} is a string of order lines")
        found[player.id] = (player.id, player.side, text)
    return [found[player.id] for player in state.players if player.id in found]


def _read_all(state: GameState, phase: dict[str, Any], name: str,
              refused: dict[str, str]) -> list[turn.Line]:
    lines: list[turn.Line] = []
    for player, side, text in _submissions(state, phase, name):
        sheet = game.check_orders(state, side, text)
        for line in sheet.lines:
            if line.status != "accepted":
                refused.setdefault(line.piece or f"line {line.line_no}", line.reason)
        lines += game.accepted_lines(sheet, player)
    return lines


def _play(kind: str, state: GameState, phase: dict[str, Any], name: str, dice: ForcedDice,
          refused: dict[str, str]) -> tuple[GameState, tuple[Event, ...]]:
    if kind == "end_of_turn":
        return turn.end_turn(state, open_next=False)
    lines = _read_all(state, phase, name, refused)
    state = turn.apply_standing(state, lines)
    if kind == "movement":
        orders = turn.movement_orders(state, lines)
        state = turn.begin_movement(state, orders)
        played: tuple[GameState, tuple[Event, ...]] = game.engine("roundone", "play_movement")(
            state, orders, dice)
        return played
    combat_orders = turn.combat_orders(state, lines)
    if kind == "missile":
        played = game.engine("combat", "missile_phase")(state, combat_orders, dice)
    elif kind == "melee":
        played = game.engine("melee", "melee_phase")(state, dice)
    elif kind == "morale":
        played = game.engine("morale", "morale_phase")(state, dice)
    else:
        played = game.engine("combat", "play_combat")(state, combat_orders, dice)
    return played


# --- the output -------------------------------------------------------------------------------


def _inches(tenths: int) -> float | int:
    return tenths // 10 if tenths % 10 == 0 else tenths / 10


def ship_json(state: GameState, ship: Ship) -> dict[str, Any]:
    """Every key of the case format's ship row and the expectation fields, in their shapes:
    enums lower case, id lists in scenario order, speeds in inches, corners in G3 order."""
    x, y = report_point(ship.pose.centre)
    return {
        "side": ship.side, "type": ship.type, "name": ship.name, "player": ship.player,
        "x": x, "y": y, "heading": ship.heading,
        "hull": ship.hull, "status": ship.status, "controller": ship.controller,
        "band": ship.band, "written_speed": _inches(ship.written_speed),
        "last_band": ship.last_band, "last_speed": _inches(ship.last_speed),
        "changed_last_turn": ship.changed_last_turn, "max_band": ship.max_band,
        "dead_in_water": ship.dead_in_water, "activated": ship.activated,
        "ram_attempted": ship.ram_attempted, "cut_attempted": ship.cut_attempted,
        "flight_heading": ship.flight_heading,
        "grappled_with": list(state.linked_with(ship.id)), "corvus_holds": ship.corvus_holds,
        "archers": ship.archers, "soldiers": ship.soldiers, "officers": ship.officers,
        "officers_lost": ship.officers_lost,
        "officers_lost_this_turn": ship.officers_lost_this_turn,
        "ballistae": ship.ballistae, "rowers": list(ship.rowers), "tower": ship.tower,
        "corvus": ship.corvus, "strengthened_bow": ship.strengthened_bow, "crew": ship.crew,
        "soldier_value": ship.soldier_value / 10,
        "cut": ship.standing.cut, "melee": ship.standing.melee,
        "losses": list(ship.standing.losses), "raise": ship.standing.raise_corvus,
        "break": ship.standing.break_corvus,
        "corners": [list(report_point(corner)) for corner in ship.polygon.corners],
    }


def state_json(state: GameState) -> dict[str, Any]:
    """The turn, the phase, the table, the switches, the players, every ship in scenario order,
    the fronts as a table of tables (`front[a][b]`, a listed first), this turn's activations and
    the winner ("" while the game goes on)."""
    fronts: dict[str, dict[str, int]] = {}
    for front in state.fronts:
        fronts.setdefault(front.first, {})[front.second] = front.value
    return {
        "turn": state.phase.turn,
        "phase": state.phase.key,
        "winner": state.winner if state.winner is not None else "",
        "table": {"width": state.table.width, "height": state.table.height},
        "options": state.options.as_json(),
        "players": [{"id": player.id, "side": player.side} for player in state.players],
        "ships": {ship.id: ship_json(state, ship) for ship in state.ships},
        "front": fronts,
        "activations": list(state.record.activations),
    }


def play_case(case: dict[str, Any], name: str) -> dict[str, Any]:
    """The state after the case's phase as the case format prints it (ships under "ships"),
    with `rejected` (ship id -> reason, always), `winner`, `front`, `activations`, `events`,
    `dice` and `errors` (a dice mismatch, an engine not written yet, an order it would not
    take)."""
    phase = case.get("phase")
    if not isinstance(phase, dict):
        raise CaseError(f"{name}: a case needs a [phase] table")
    kind = str(phase.get("kind", ""))
    if kind not in KINDS:
        raise CaseError(f"{name}: phase kind {kind!r} is not one of {', '.join(KINDS)}")
    try:
        state = load_case(case, name)
    except CaseError:
        raise
    except ValueError as exc:  # rows, switches and the table say what is wrong in a sentence
        raise CaseError(f"{name}: {exc}") from None
    except (TypeError, KeyError, AttributeError, IndexError) as exc:
        raise CaseError(f"{name}: a value of the wrong kind in the case's position ({exc}); "
                        "see shared/rules/cases-open-table.md for each key's shape") from None
    try:
        dice = ForcedDice(values=list(phase.get("dice", [])), largest_die=LARGEST_DIE)
    except (DiceError, TypeError, ValueError) as exc:
        raise CaseError(f"{name}: dice are whole numbers, each within its die (d6 1-6, d10 "
                        f"1-10, d100 1-100): {exc}") from None
    refused: dict[str, str] = {}
    errors: list[str] = []
    events: tuple[Event, ...] = ()
    result = state
    try:
        result, events = _play(kind, state, phase, name, dice, refused)
        dice.finish()
    except NotImplementedError as exc:
        errors.append(str(exc))
    except (DiceError, OrderError, ValueError) as exc:
        errors.append(f"dice: {exc}" if isinstance(exc, DiceError) else str(exc))
    output = state_json(result)
    output["rejected"] = refused
    output["events"] = [item.as_dict() for item in events]
    output["dice"] = [roll.value for roll in dice.log]
    output["errors"] = errors
    return output



