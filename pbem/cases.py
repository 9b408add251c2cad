"""The rules-case runner (shared/rules/cases.md): TOML in, JSON state out."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem.rules.dice import DiceError, ForcedDice
from pbem.rules.errors import OrderError
from pbem.rules.interface import OrderSheet, PhaseSpec
from pbem.rules.ramspeed import hexes, phases
from pbem.rules.ramspeed.placement import MAP_MAX
from pbem.rules.ramspeed.state import Galley, GameState, Weapon
from pbem.rules.ramspeed.tables import TableError, default_tables, scenario
from pbem.rules.ramspeed.view import state_json


class CaseError(ValueError):
    """The case file itself is malformed."""


@dataclass
class CaseResult:
    path: str
    output: dict[str, Any]
    errors: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.errors


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


def _required_tables(case: dict[str, Any], path: Path) -> None:
    """A file with no phase or nothing expected is not a case (it would pass for nothing)."""
    for name, what in (("phase", "the phase to play"), ("expect", "what must follow")):
        table = case.get(name)
        if not isinstance(table, dict) or not table:
            raise CaseError(
                f"{path.name} is not a rules case: it has no [{name}] table with {what} "
                "(see rules/cases.md)")


def load_case(path: Path) -> tuple[dict[str, Any], GameState]:
    try:
        case = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseError(f"cannot read {path}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CaseError(f"{path.name} is not valid TOML: {exc}") from None
    _required_tables(case, path)
    if case.get("ruleset", "ramspeed") != "ramspeed":
        raise CaseError(f"ruleset '{case.get('ruleset')}' is not handled yet")
    scenario_name = str(case.get("scenario", "squadron"))
    try:
        chosen = scenario(scenario_name)
    except TableError as exc:
        raise CaseError(str(exc)) from None
    map_table = case.get("map", {})
    for key, default in (("columns", 32), ("rows", 24)):
        size = map_table.get(key, default)
        if not isinstance(size, int) or not 1 <= size <= MAP_MAX:
            raise CaseError(f"{path.name}: [map] {key} = {size!r}; a map has 1 to {MAP_MAX} "
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
    return case, state


def _expected_value(output: dict[str, Any], key: str) -> tuple[bool, Any]:
    if "." in key:
        gid, _, name = key.partition(".")
        galleys = {k.upper(): v for k, v in output["galleys"].items()}
        galley = galleys.get(gid.upper())  # galley IDs are looked up whatever their case
        if galley is None or name not in galley:
            return False, None
        return True, galley[name]
    if key not in output:
        return False, None
    return True, output[key]


def _same(expected: Any, actual: Any) -> bool:
    """Exact comparison: strings by their letters' case too, and true is not 1."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(map(_same, expected, actual))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(
            _same(value, actual[name]) for name, value in expected.items())
    return bool(expected == actual)


def _rejected_errors(expected: Any, refused: dict[str, str]) -> list[str]:
    """`rejected = ["A"]`: exactly these galleys' orders were refused. `rejected = { A =
    "text" }`: the same, and each refusal's reason contains its text (tests/cases/README.md).
    Galley IDs are matched whatever their case; reasons exactly."""
    if isinstance(expected, list):
        wanted: dict[str, str] = {str(name): "" for name in expected}
    elif isinstance(expected, dict):
        wanted = {str(name): str(text) for name, text in expected.items()}
    else:
        return [f"expect rejected: give a list of galley IDs or a table of galley = reason, "
                f"not {expected!r}"]
    given = {name.upper(): (name, reason) for name, reason in refused.items()}
    if isinstance(expected, list):
        if sorted(n.upper() for n in wanted) != sorted(given):
            return [f"expect rejected = {sorted(wanted)!r}, got {sorted(refused)!r}"]
        return []
    errors = []
    for name, text in wanted.items():
        found = given.get(name.upper())
        if found is None:
            errors.append(f"expect rejected {name}: its orders were not refused")
        elif text not in found[1]:
            errors.append(f"expect rejected {name} for a reason containing {text!r}; "
                          f"the reason given was {found[1]!r}")
    listed = {name.upper() for name in wanted}
    errors += [f"expect rejected: {name} was refused too ({reason!r})"
               for key, (name, reason) in sorted(given.items()) if key not in listed]
    return errors


def _expect_errors(case: dict[str, Any], output: dict[str, Any]) -> list[str]:
    errors = []
    for key, expected in case["expect"].items():
        if key == "rejected":
            errors += _rejected_errors(expected, output["rejected"])
            continue
        found, actual = _expected_value(output, key)
        if not found:
            errors.append(f"expect {key}: no such field in the result")
        elif key == "winner" and expected == "" and actual is None:
            continue  # cases.md: winner = "" means no winner yet
        elif not _same(expected, actual):
            errors.append(f"expect {key} = {expected!r}, got {actual!r}")
    return errors


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


def run_case(path: Path) -> CaseResult:
    case, state = load_case(path)
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
        line.galley or f"line {line.line_no}": line.reason
        for sheet in sheets for line in sheet.refused
    }
    output["events"] = events
    output["dice"] = [roll.value for roll in dice.log]
    errors += _expect_errors(case, output)
    output["errors"] = errors
    return CaseResult(path=str(path), output=output, errors=errors)
