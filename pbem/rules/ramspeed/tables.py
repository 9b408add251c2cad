"""Ram Speed tables (rulebook section 16) loaded from TOML data into frozen dataclasses.

Every file is validated once on load; an error names the file and the row.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

GALLEY_TYPES = ("penteconter", "bireme", "trireme", "quinquereme")
WEAPON_TYPES = ("archer", "arbalest", "catapult", "onager")


class TableError(ValueError):
    """A rules data file is malformed; the message names the file and the row."""


@dataclass(frozen=True)
class RowingStep:
    from_damage: int
    movement_allowance: int


@dataclass(frozen=True)
class GalleyType:
    name: str
    cost: int
    capacity: int
    movement_allowance: int
    course_change_cost: int
    length: int
    ram_dice: int
    ram_bonus: int
    shear_cap: int
    sink: int
    victory_points: int
    rowing: tuple[RowingStep, ...]
    drift: int

    def base_ma(self, rowing_damage: int) -> int:
        """Movement allowance after rowing damage (16.9); 0 once the banks are gone."""
        ma = self.movement_allowance
        for step in self.rowing:
            if rowing_damage >= step.from_damage:
                ma = step.movement_allowance
        return ma


@dataclass(frozen=True)
class WeaponType:
    name: str
    cost: int
    halves: int
    min_range: int
    max_range: int
    damage: int
    hull_damage: bool


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    rule: str
    columns: int
    rows: int
    victory: str
    setup: str
    default_budget: int | None
    sides: tuple[ScenarioSide, ...]
    special_rules: tuple[str, ...] = ()  # sentences shown to the players

    def side(self, name: str) -> ScenarioSide | None:
        for side in self.sides:
            if side.name == name.lower():
                return side
        if self.default_budget is not None:
            return ScenarioSide(name=name, budget=self.default_budget, zone=None, forces=())
        return None


@dataclass(frozen=True)
class Force:
    type: str
    count: int
    merchantman: bool
    max_items: int


@dataclass(frozen=True)
class ScenarioSide:
    name: str
    budget: int | None
    zone: str | None
    forces: tuple[Force, ...]


@dataclass(frozen=True)
class Tables:
    galleys: dict[str, GalleyType]
    weapons: dict[str, WeaponType]
    party_cost: int
    party_halves: int
    ram_shear: dict[tuple[str, str], int]
    ram_modifiers: dict[str, int]
    shear_modifiers: dict[str, int]
    grapple: dict[tuple[str, str], int]
    missile: dict[tuple[str, str], int]
    missile_modifiers: dict[str, int]
    hit_location: dict[int, str]
    weapon_hit: dict[int, str]
    boarding: tuple[tuple[int, ...], ...]
    house_rules: tuple[str, ...]

    def galley(self, name: str) -> GalleyType:
        return self.galleys[name]


# --- validation helpers -------------------------------------------------------------


def _field(row: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in row:
        raise TableError(f"{where}: missing field '{key}'")
    value = row[key]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise TableError(f"{where}: field '{key}' must be a whole number, not {value!r}")
    if not isinstance(value, kind):
        raise TableError(f"{where}: field '{key}' must be {kind.__name__}, not {value!r}")
    return value


def _positive(value: int, key: str, where: str, zero_ok: bool = False) -> int:
    if value < 0 or (value == 0 and not zero_ok):
        raise TableError(f"{where}: field '{key}' must be {'0 or more' if zero_ok else 'positive'}")
    return value


def _load(name: str, folder: Path | None) -> dict[str, Any]:
    try:
        if folder is not None:
            text = (folder / name).read_text(encoding="utf-8")
        else:
            text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
        return tomllib.loads(text)
    except FileNotFoundError as exc:
        raise TableError(f"{name}: file not found") from exc
    except tomllib.TOMLDecodeError as exc:
        raise TableError(f"{name}: not valid TOML ({exc})") from exc


def _galley_types(doc: dict[str, Any], file: str) -> dict[str, GalleyType]:
    rows = doc.get("type")
    if not isinstance(rows, list) or not rows:
        raise TableError(f"{file}: needs at least one [[type]] row")
    result: dict[str, GalleyType] = {}
    for number, row in enumerate(rows, start=1):
        where = f"{file}, [[type]] row {number}"
        name = _field(row, "name", str, where)
        where = f"{where} ({name})"
        ints = {
            key: _positive(_field(row, key, int, where), key, where, zero_ok=key == "ram_bonus")
            for key in (
                "cost", "capacity", "movement_allowance", "course_change_cost", "length",
                "ram_dice", "ram_bonus", "shear_cap", "sink", "victory_points", "drift",
            )
        }
        steps = []
        last = 0
        for index, step in enumerate(_field(row, "rowing", list, where), start=1):
            at = f"{where}, rowing step {index}"
            start = _positive(_field(step, "from", int, at), "from", at)
            ma = _positive(_field(step, "ma", int, at), "ma", at, zero_ok=True)
            if start <= last:
                raise TableError(f"{at}: 'from' must grow from step to step")
            last = start
            steps.append(RowingStep(start, ma))
        if not steps or steps[-1].movement_allowance != 0 or steps[-1].from_damage != ints["drift"]:
            raise TableError(f"{where}: the last rowing step must be 'ma = 0' at the drift value")
        if name in result:
            raise TableError(f"{where}: galley type '{name}' appears twice")
        result[name] = GalleyType(name=name, rowing=tuple(steps), **ints)
    missing = set(GALLEY_TYPES) - set(result)
    if missing:
        raise TableError(f"{file}: missing galley types {sorted(missing)}")
    return result


def _weapons(doc: dict[str, Any], file: str) -> tuple[dict[str, WeaponType], int, int]:
    result: dict[str, WeaponType] = {}
    for number, row in enumerate(doc.get("weapon", []), start=1):
        where = f"{file}, [[weapon]] row {number}"
        name = _field(row, "name", str, where)
        where = f"{where} ({name})"
        ints = {
            key: _positive(_field(row, key, int, where), key, where)
            for key in ("cost", "halves", "min_range", "max_range", "damage")
        }
        if ints["min_range"] > ints["max_range"]:
            raise TableError(f"{where}: min_range is above max_range")
        result[name] = WeaponType(
            name=name, hull_damage=_field(row, "hull_damage", bool, where), **ints
        )
    missing = set(WEAPON_TYPES) - set(result)
    if missing:
        raise TableError(f"{file}: missing weapon types {sorted(missing)}")
    party = doc.get("boarding_party")
    if not isinstance(party, dict):
        raise TableError(f"{file}: missing [boarding_party]")
    where = f"{file}, [boarding_party]"
    return (
        result,
        _positive(_field(party, "cost", int, where), "cost", where),
        _positive(_field(party, "halves", int, where), "halves", where),
    )


def _matrix(
    doc: dict[str, Any], key: str, rows: tuple[str, ...], columns: list[str], file: str
) -> dict[tuple[str, str], int]:
    table = doc.get(key)
    if not isinstance(table, dict):
        raise TableError(f"{file}: missing table [{key}]")
    result: dict[tuple[str, str], int] = {}
    for row_name in rows:
        where = f"{file}, [{key}] row '{row_name}'"
        values = table.get(row_name)
        if not isinstance(values, list) or len(values) != len(columns):
            raise TableError(f"{where}: needs {len(columns)} numbers, one per target type")
        for column, value in zip(columns, values, strict=True):
            if not isinstance(value, int) or not 0 <= value <= 6:
                raise TableError(f"{where}: '{value}' against {column} must be 0 to 6")
            result[(row_name, column)] = value
    return result


def _modifiers(doc: dict[str, Any], key: str, names: tuple[str, ...], file: str) -> dict[str, int]:
    table = doc.get(key)
    if not isinstance(table, dict):
        raise TableError(f"{file}: missing table [{key}]")
    return {name: _field(table, name, int, f"{file}, [{key}]") for name in names}


def _die_table(doc: dict[str, Any], key: str, allowed: set[str], file: str) -> dict[int, str]:
    table = doc.get(key)
    if not isinstance(table, dict):
        raise TableError(f"{file}: missing table [{key}]")
    result: dict[int, str] = {}
    for face in range(1, 7):
        value = table.get(str(face))
        if value not in allowed:
            raise TableError(f"{file}, [{key}] row {face}: '{value}' is not one of {sorted(allowed)}")
        result[face] = str(value)
    return result


def _boarding(doc: dict[str, Any], file: str) -> tuple[tuple[tuple[int, ...], ...], str]:
    table = doc.get("boarding")
    if not isinstance(table, dict):
        raise TableError(f"{file}: missing table [boarding]")
    rows = table.get("rows")
    if not isinstance(rows, list) or len(rows) != 6:
        raise TableError(f"{file}, [boarding]: needs six rows, one per die roll")
    result = []
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, list) or len(row) != 11:
            raise TableError(f"{file}, [boarding] row {number}: needs 11 numbers (1 .. 11+ parties)")
        if any(not isinstance(v, int) or v < 0 for v in row):
            raise TableError(f"{file}, [boarding] row {number}: numbers must be 0 or more")
        result.append(tuple(row))
    return tuple(result), str(table.get("house_rule", ""))


def load_tables(folder: Path | None = None) -> Tables:
    """Load and validate the tables; `folder` overrides the packaged data (a GM's copy)."""
    galley_doc = _load("galleys.toml", folder)
    galleys = _galley_types(galley_doc, "galleys.toml")
    weapons, party_cost, party_halves = _weapons(_load("weapons.toml", folder), "weapons.toml")
    attacks = _load("attacks.toml", folder)
    columns = list(GALLEY_TYPES)
    damage = _load("damage.toml", folder)
    boarding, boarding_note = _boarding(damage, "damage.toml")
    notes = [
        str(rule.get("note", name))
        for name, rule in galley_doc.get("house_rules", {}).items()
        if isinstance(rule, dict)
    ]
    if boarding_note:
        notes.append(boarding_note)
    return Tables(
        galleys=galleys,
        weapons=weapons,
        party_cost=party_cost,
        party_halves=party_halves,
        ram_shear=_matrix(attacks, "ram_shear", GALLEY_TYPES, columns, "attacks.toml"),
        ram_modifiers=_modifiers(
            attacks, "ram_modifiers", ("grappled", "drifting", "flank", "stern"), "attacks.toml"
        ),
        shear_modifiers=_modifiers(
            attacks, "shear_modifiers", ("grappled", "opposite"), "attacks.toml"
        ),
        grapple=_matrix(attacks, "grapple", GALLEY_TYPES, columns, "attacks.toml"),
        missile=_matrix(attacks, "missile", WEAPON_TYPES, columns, "attacks.toml"),
        missile_modifiers=_modifiers(
            attacks, "missile_modifiers", ("grappled", "drifting"), "attacks.toml"
        ),
        hit_location=_die_table(
            damage, "hit_location", {"hull", "rowing", "boarding_parties", "weapon"}, "damage.toml"
        ),
        weapon_hit=_die_table(damage, "weapon_hit", set(WEAPON_TYPES), "damage.toml"),
        boarding=boarding,
        house_rules=tuple(notes),
    )


def _scenario(doc: dict[str, Any], file: str, tables: Tables) -> Scenario:
    where = file
    sides = []
    for number, row in enumerate(doc.get("side", []), start=1):
        at = f"{file}, [[side]] row {number}"
        name = _field(row, "name", str, at).lower()
        if not re.fullmatch(r"[a-z][a-z0-9-]{0,19}", name) or name == "draw":
            raise TableError(f"{at}: side name '{name}' must be 1 to 20 letters, digits or "
                             "hyphens, starting with a letter, and not 'draw' (a drawn game's "
                             "result, rulings §14)")
        forces = []
        for index, force in enumerate(row.get("forces", []), start=1):
            fat = f"{at}, force {index}"
            kind = _field(force, "type", str, fat)
            if kind not in tables.galleys:
                raise TableError(f"{fat}: unknown galley type '{kind}'")
            forces.append(
                Force(
                    type=kind,
                    count=_positive(_field(force, "count", int, fat), "count", fat),
                    merchantman=bool(force.get("merchantman", False)),
                    max_items=_positive(_field(force, "max_items", int, fat), "max_items", fat),
                )
            )
        budget = row.get("budget")
        if budget is None and not forces:
            raise TableError(f"{at}: a side needs a 'budget' or 'forces'")
        if budget is not None:
            _positive(_field(row, "budget", int, at), "budget", at)
        zone = row.get("zone")
        if zone is not None and zone not in ("east", "west", "convoy", "raiders"):
            raise TableError(f"{at}: zone '{zone}' is not east, west, convoy or raiders")
        sides.append(ScenarioSide(name=name, budget=budget, zone=zone, forces=tuple(forces)))
    if len(sides) != 2:
        raise TableError(f"{file}: a scenario needs exactly two [[side]] rows")
    if sides[0].name == sides[1].name:
        raise TableError(f"{file}: the two sides need different names")
    victory = _field(doc, "victory", str, where)
    if victory not in ("standard", "convoy"):
        raise TableError(f"{file}: victory '{victory}' is not 'standard' or 'convoy'")
    setup = _field(doc, "setup", str, where)
    if setup not in ("roll", "fixed"):
        raise TableError(f"{file}: setup '{setup}' is not 'roll' or 'fixed'")
    columns = _field(doc, "columns", int, where)
    rows = _field(doc, "rows", int, where)
    if not (8 <= columns <= 99 and 8 <= rows <= 99):
        raise TableError(f"{file}: columns and rows must be 8 to 99")
    special = doc.get("special_rules", [])
    if not isinstance(special, list) or not all(isinstance(x, str) for x in special):
        raise TableError(f"{file}: special_rules must be a list of sentences")
    default_budget = doc.get("default_budget")
    if default_budget is not None:
        _positive(_field(doc, "default_budget", int, where), "default_budget", where)
    return Scenario(
        name=_field(doc, "name", str, where),
        title=_field(doc, "title", str, where),
        rule=str(doc.get("rule", "")),
        columns=columns,
        rows=rows,
        victory=victory,
        setup=setup,
        default_budget=default_budget,
        sides=tuple(sides),
        special_rules=tuple(special),
    )


def load_scenario_file(path: Path, tables: Tables) -> Scenario:
    """Load a game master's scenario file, validated like the built-in ones."""
    return scenario_from_text(path.read_text(encoding="utf-8"), path.name, tables)


def scenario_from_text(text: str, file_name: str, tables: Tables) -> Scenario:
    """A game master's scenario from the text of its file, validated like the built-in ones."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TableError(f"{file_name}: not valid TOML ({exc})") from exc
    return _scenario(doc, file_name, tables)


@cache
def built_in_scenarios() -> tuple[str, ...]:
    """The names of the scenarios that come with the judge (data/scenarios/*.toml)."""
    folder = resources.files(__package__).joinpath("data", "scenarios")
    return tuple(sorted(item.name.removesuffix(".toml") for item in folder.iterdir()
                        if item.name.endswith(".toml")))


@cache
def default_tables() -> Tables:
    return load_tables()


@cache
def scenario(name: str) -> Scenario:
    """A built-in scenario by name (squadron, fleet, convoy); never a path."""
    if name.lower() not in built_in_scenarios():  # a name from a list, so never a path
        raise TableError(f"no scenario called {name!r}: the built-in scenarios are "
                         f"{', '.join(built_in_scenarios())} (a game master's own scenario "
                         "is given as a file)")
    file = f"{name.lower()}.toml"
    folder = resources.files(__package__).joinpath("data", "scenarios")
    doc = tomllib.loads(folder.joinpath(file).read_text(encoding="utf-8"))
    return _scenario(doc, file, default_tables())


def roll_needed(needed: int) -> str:
    """What a d6 must show for a table entry that succeeds on 1 to `needed`, as an echo says
    it: "needs a 1", "needs 1-3", "any roll succeeds" (6 or more), "no roll can succeed" (0)."""
    if needed <= 0:
        return "no roll can succeed"
    if needed >= 6:
        return "any roll succeeds"
    return "needs a 1" if needed == 1 else f"needs 1-{needed}"
