"""Ram Speed's side of the rules-case runner (rules/cases.md): a case's position and phase,
played with its forced dice, to the JSON state the runner compares (pure: the host reads the
file and checks the expectations, pbem/cases.py)."""

from __future__ import annotations

from typing import Any

from pbem.rules.dice import DiceError, ForcedDice
from pbem.rules.errors import CaseError, OrderError
from pbem.rules.interface import OrderSheet, PhaseSpec
from pbem.rules.ramspeed import hexes, phases
from pbem.rules.ramspeed.placement import MAP_MAX
from pbem.rules.ramspeed.state import Galley, GameState, Weapon
from pbem.rules.ramspeed.tables import TableError, default_tables, scenario
from pbem.rules.ramspeed.view import state_json


def _weapon(text: str, where: str) -> Weapon:
    name, _, damage = text.partition(":")
    if name.lower() not in default_tables().weapons:
        raise CaseError(f"{where}: unknown weapon '{name}'")
    try:
        return Weapon(name.lower(), int(damage) if damage else 0)
    except ValueError:
        raise CaseError(f"{where}: weapon damage in '{text}' is not a number") from None


def _galley(row: dict[str, Any], number: int) -> Galley:
    where = f"[[galley]] {number}"
    try:
        gid, side, kind = str(row["id"]), str(row["side"]), str(row["type"]).lower()
    except KeyError as exc:
        raise CaseError(f"{where}: missing '{exc.args[0]}'") from None
    if kind not in default_tables().galleys:
        raise CaseError(f"{where}: unknown galley type '{kind}'")
    bow = row.get("bow")
    facing = row.get("facing")
    if (bow is None) != (facing is None):
        raise CaseError(f"{where}: give both bow and facing, or neither")
    try:
        bow_hex = None if bow is None else hexes.parse_label(str(bow))
        facing_index = None if facing is None else hexes.facing_index(str(facing))
    except ValueError as exc:
        raise CaseError(f"{where}: {exc}") from None
    grapples = frozenset(str(g) for g in row.get("grappled_with", []))
    return Galley(
        id=gid, side=side, type=kind, bow=bow_hex, facing=facing_index,
        weapons=tuple(_weapon(str(w), where) for w in row.get("weapons", [])),
        boarding_parties=int(row.get("boarding_parties", 0)),
        hull_damage=int(row.get("hull_damage", 0)),
        rowing_damage=int(row.get("rowing_damage", 0)),
        drifting=bool(row.get("drifting", False)),
        drifted=bool(row.get("drifted", False)),  # tests/cases/README.md
        double_used=int(row.get("double_used", 0)),
        triple_used=bool(row.get("triple_used", False)),
        grappled_with=grapples,
        controller=str(row.get("controller", "")),
        merchantman=bool(row.get("merchantman", False)),
    )


def _symmetric(galleys: list[Galley]) -> list[Galley]:
    """Grapples are symmetric: listing one side of a pair is enough (cases.md)."""
    by_id = {g.id.upper(): g for g in galleys}
    links: dict[str, set[str]] = {key: set() for key in by_id}
    for galley in galleys:
        for other in galley.grappled_with:
            if other.upper() not in by_id:
                raise CaseError(f"galley {galley.id} is grappled with unknown galley {other}")
            links[galley.id.upper()].add(by_id[other.upper()].id)
            links[other.upper()].add(galley.id)
    return [Galley(**{**g.__dict__, "grappled_with": frozenset(links[g.id.upper()])})
            for g in galleys]


def load_case(case: dict[str, Any], name: str) -> GameState:
    """The position of a case (its TOML as a dict; `name` for messages)."""
    scenario_name = str(case.get("scenario", "squadron"))
    try:
        chosen = scenario(scenario_name)
    except TableError as exc:
        raise CaseError(str(exc)) from None
    map_table = case.get("map", {})
    for key, default in (("columns", 32), ("rows", 24)):
        size = map_table.get(key, default)
        if not isinstance(size, int) or not 1 <= size <= MAP_MAX:
            raise CaseError(f"{name}: [map] {key} = {size!r}; a map has 1 to {MAP_MAX} "
                            f"{key} (hexes are named CCRR)")
    galleys = _symmetric([_galley(row, n) for n, row in enumerate(case.get("galley", []), 1)])
    turn = case.get("turn", {})
    options = case.get("options", {})
    try:
        state = GameState(
            columns=int(map_table.get("columns", 32)),
            rows=int(map_table.get("rows", 24)),
            galleys=tuple(galleys),
            turn=int(turn.get("number", 1)),
            initiative=turn.get("initiative"),
            scenario=chosen.name,
            victory_rule=chosen.victory,
            options=tuple(sorted((str(k), bool(v)) for k, v in options.items())),
        )
    except ValueError as exc:
        raise CaseError(str(exc)) from None
    return state


def _split_by_owner(state: GameState, text: str) -> list[tuple[str, str]]:
    """Combat orders given as one text: each line goes to the side of the galley it names
    (blank lines keep line numbers; a line naming no known galley goes to the first side,
    which refuses it with the reason)."""
    sides = list(dict.fromkeys(g.owner for g in state.galleys)) or [""]
    lines = text.splitlines()
    by_side = {side: [""] * len(lines) for side in sides}
    for number, raw in enumerate(lines):
        name = raw.split(":", 1)[0].strip() if ":" in raw else ""
        galley = state.galley(name) if name else None
        by_side[galley.owner if galley is not None else sides[0]][number] = raw
    return [(side, "\n".join(body)) for side, body in by_side.items()]


def play_case(case: dict[str, Any], name: str) -> dict[str, Any]:
    """The state after the case's phase as rules/cases.md prints it, with `rejected`,
    `events`, `dice` and `errors` (a dice mismatch or an order the engine would not take)."""
    state = load_case(case, name)
    phase_table = case["phase"]
    kind = str(phase_table.get("kind", "movement"))
    spec = PhaseSpec(kind=kind, side=str(phase_table.get("side", "")),
                     zone=str(phase_table.get("zone", "")))
    errors: list[str] = []
    if kind not in phases.PHASES:
        raise CaseError(f"phase kind '{kind}' is not build, setup, movement or combat")
    if "orders_by_side" in phase_table:
        texts = [(str(s), str(t)) for s, t in phase_table["orders_by_side"].items()]
    elif kind == "combat" and not spec.side:
        texts = _split_by_owner(state, str(phase_table.get("orders", "")))
    else:
        texts = [(spec.side, str(phase_table.get("orders", "")))]
    try:
        dice = ForcedDice(values=list(phase_table.get("dice", [])))
    except DiceError as exc:
        raise CaseError(str(exc)) from None
    sheets: list[OrderSheet] = []
    result_state = state
    events: list[dict[str, Any]] = []
    try:
        for side, text in texts:
            sheet, _ = phases.check(state, PhaseSpec(kind, side, spec.zone), text)
            sheets.append(sheet)
        result = phases.resolve(state, spec, sheets, dice)
        result_state = result.state
        events = [e.as_dict() for e in result.events]
        dice.finish()
    except (DiceError, OrderError, ValueError) as exc:
        errors.append(f"dice: {exc}" if isinstance(exc, DiceError) else str(exc))
    output = state_json(result_state, kind)
    output["rejected"] = {
        line.piece or f"line {line.line_no}": line.reason
        for sheet in sheets for line in sheet.refused
    }
    output["events"] = events
    output["dice"] = [roll.value for roll in dice.log]
    output["errors"] = errors
    return output
