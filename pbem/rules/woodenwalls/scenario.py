"""The default scenario "The Rhodian Straits" (rulings §19, house rule `scenario = default`) and
scenario files (the `scenario` switch's text, TOML), each giving the opening state of a game:
sides in order, players, ships with their options and elements, terrain, rounds, wind, and the
crew-quality allotment, the phase `setup` open (§6.1).

The Rhodian Straits: 18 × 12 SL, no terrain, 8 rounds, the wind light (its direction is the
setup die, §7.10, rolled when setup is played: until then light@90 stands), every ship at speed
2; marines Experienced (Picked where §19 says), armoured and shielded; shooters Experienced
archers, unarmoured and unshielded; protection by type; no towers, corvus, harpax, fire or
toughened hulls. The allotment (Rhodes 2 FR 2 ABLE; Macedon 1 FR 2 ABLE 1 POOR) stands best
first in scenario order until a side's setup mail assigns it (§19).

A scenario file: `title`, `rounds`, `wind` ("light@90"; without it the setup die decides),
`[table]` (width, height in SL; the game master's `table` switch wins), `[[player]]` rows,
`[[ship]]` rows as a case's (`rows.py`; `quality` may be left to the allotment), `[allotment]`
(side = { FR = n, ABLE = n, POOR = n }, as many as the side's ships), `[[land]]` (`corners`,
clockwise) and `[[current]]` (`corners`, `heading`, `strength` weak or strong). A side with no
allotment takes its rows' qualities, best first, as its allotment.

Imports the rows, the state, the switches and the core's polygons.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pbem.rules.switchvalues import Given
from pbem.rules.woodenwalls.rounds import SETUP, Phase
from pbem.rules.woodenwalls.rows import (
    RowError,
    players_from_rows,
    ship_rows,
)
from pbem.rules.woodenwalls.rowstate import (
    table_option,
    terrain_from_rows,
    wind_from_text,
)
from pbem.rules.woodenwalls.rowvalues import (
    check_keys,
    text,
    whole,
)
from pbem.rules.woodenwalls.seamanship import ABLE, FR, POOR, QUALITIES
from pbem.rules.woodenwalls.state import (
    Element,
    GameState,
    Player,
    Ship,
    Terrain,
    Wind,
    new_ship,
)
from pbem.rules.woodenwalls.switches import Options, parse_options

DEFAULT = "default"
FILE = "file"
RHODES, MACEDON = "rhodes", "macedon"
TITLE = "The Rhodian Straits: four Rhodian ships against four Macedonian (the default scenario, §19)"
DEFAULT_SPEED = 2  # §19: all ships at speed 2


@dataclass(frozen=True)
class ScenarioShip:
    """One row of §19's table: side, id, type, flagship, centre, heading and elements as
    (area, kind, grade) (armour and shield by kind, §19)."""

    side: str
    id: str
    type: str
    flagship: str
    x: float
    y: float
    heading: float
    elements: tuple[tuple[str, str, str], ...]


_M, _S, _E = "marines", "shooters", "engine"
_EXP, _PICKED = "experienced", "picked"


def _row(side: str, ship_id: str, type_id: str, flagship: str, x: float, y: float, facing: float,
         *elements: tuple[str, str, str]) -> ScenarioShip:
    return ScenarioShip(side, ship_id, type_id, flagship, x, y, facing, elements)


# §19, in scenario order (Rhodes first).
DEFAULT_SHIPS: tuple[ScenarioShip, ...] = (
    _row(RHODES, "RH-ATHENA", "trireme", "fleet", 6, 2, 0,
         ("B", _M, _PICKED), ("M", _S, _EXP), ("S", _M, _PICKED)),
    _row(RHODES, "RH-HELIOS", "trireme", "", 8, 2, 0, ("B", _M, _EXP), ("M", _S, _EXP), ("S", _M, _EXP)),
    _row(RHODES, "RH-RHODOS", "trihemiola", "", 10, 2, 0,
         ("B", _M, _EXP), ("M", _S, _EXP), ("S", _M, _EXP)),
    _row(RHODES, "RH-DELPHIS", "hemiola", "", 12, 2, 0, ("B", _M, _EXP), ("M", _S, _EXP)),
    _row(MACEDON, "MA-ANTIGONIS", "quinquereme", "fleet", 12, 10, 180,
         ("B", _M, _EXP), ("B", _M, _EXP), ("M", _E, ""), ("M", _S, _EXP), ("S", _M, _EXP)),
    _row(MACEDON, "MA-DEMETRIAS", "quadrireme", "", 10, 10, 180,
         ("B", _M, _EXP), ("B", _M, _EXP), ("M", _S, _EXP), ("M", _S, _EXP), ("S", _M, _EXP)),
    _row(MACEDON, "MA-PELLA", "trireme", "", 8, 10, 180, ("B", _M, _EXP), ("M", _S, _EXP), ("S", _M, _EXP)),
    _row(MACEDON, "MA-KASSANDRA", "hemiola", "", 6, 10, 180, ("B", _M, _EXP), ("M", _S, _EXP)),
)
# §19's allotment, best first (FR, ABLE, POOR).
DEFAULT_ALLOTMENT: Mapping[str, tuple[str, ...]] = {
    RHODES: (FR, FR, ABLE, ABLE), MACEDON: (FR, ABLE, ABLE, POOR)}


def _element(side: str, home: str, area: str, kind: str, grade: str) -> Element:
    if kind == _E:
        return Element(area, kind, side, home)
    if kind == _M:
        return Element(area, kind, side, home, grade, True, True)
    return Element(area, kind, side, home, grade, False, False, "archers")


def default_ships() -> tuple[Ship, ...]:
    """§19's ships at speed 2 with their elements, qualities not yet allotted (ABLE)."""
    return tuple(new_ship(row.id, row.type, row.side, row.x, row.y, row.heading, DEFAULT_SPEED,
                          flagship=row.flagship,
                          elements=tuple(_element(row.side, row.id, *each) for each in row.elements))
                 for row in DEFAULT_SHIPS)


# ---------------------------------------------------------------- the allotment (§19)


def best_first(qualities: Sequence[str]) -> tuple[str, ...]:
    """Qualities sorted FR, ABLE, POOR."""
    return tuple(sorted(qualities, key=QUALITIES.index))


def allot(state: GameState, allotment: Mapping[str, Sequence[str]]) -> GameState:
    """Each allotted side's ships, in scenario order, given its qualities best first (§19's
    default when a side's setup mail assigns none); `quality_assigned` stays off."""
    ships = list(state.ships)
    for side, qualities in allotment.items():
        places = [n for n, ship in enumerate(ships) if ship.side == side]
        if len(places) != len(qualities):
            raise ValueError(f"side {side} has {len(places)} ship(s) and its allotment "
                             f"{len(qualities)} qualities; give one quality per ship")
        for place, quality in zip(places, best_first(qualities), strict=True):
            ships[place] = replace(ships[place], quality=quality, quality_assigned=False)
    return replace(state, ships=tuple(ships))


def allotment_of(state: GameState) -> dict[str, tuple[str, ...]]:
    """Each side's allotment best first: the default scenario's (§19), a scenario file's
    `[allotment]`, else the qualities its ships hold now (a case's rows)."""
    given: Mapping[str, tuple[str, ...]] = {}
    text_ = state.options.scenario_text
    if state.scenario == DEFAULT and text_ is None:
        given = DEFAULT_ALLOTMENT
    elif text_ is not None:
        given = _file_allotment(_toml(text_), state.ships)
    return {side: given.get(side) or best_first([ship.quality for ship in state.ships
                                                 if ship.side == side])
            for side in state.sides}


def allotment_text(qualities: Sequence[str]) -> str:
    """"2 FR, 2 ABLE" (what a refusal of a side's QUALITY lines names, §19)."""
    return ", ".join(f"{qualities.count(q)} {q}" for q in QUALITIES if q in qualities)


# ---------------------------------------------------------------- the default scenario


def default_state(options: Options) -> GameState:
    """The Rhodian Straits' opening state: rhodes then macedon (one player each, named after
    the side), the ships of §19 with the allotment best first, light wind, setup open."""
    state = GameState(default_ships(), options, (Player(RHODES, RHODES), Player(MACEDON, MACEDON)),
                      wind=Wind(), phase=Phase(SETUP), scenario=DEFAULT)
    return allot(state, DEFAULT_ALLOTMENT)


def opening_state(options: Options) -> GameState:
    """The opening state of the options' scenario: the default one or the file's text."""
    text_ = options.scenario_text
    return default_state(options) if text_ is None else scenario_from_text(text_, options)


# ---------------------------------------------------------------- scenario files

SCENARIO_KEYS = ("title", "rounds", "wind", "table", "player", "ship", "allotment", "land", "current")


def _toml(text_: str) -> dict[str, object]:
    try:
        return tomllib.loads(text_)
    except tomllib.TOMLDecodeError as wrong:
        raise ValueError(f"the scenario file is not valid TOML: {wrong}") from None


def _terrain(data: Mapping[str, object]) -> Terrain:
    return terrain_from_rows(data.get("land", []), data.get("current", []), "a scenario file")


def _file_allotment(data: Mapping[str, object], ships: Sequence[Ship]) -> dict[str, tuple[str, ...]]:
    table = check_keys(data.get("allotment", {}), "[allotment]",
                       tuple(dict.fromkeys(ship.side for ship in ships)))
    found: dict[str, tuple[str, ...]] = {}
    for side, counts in table.items():
        per = check_keys(counts, f"[allotment] {side}", QUALITIES)
        qualities: list[str] = []
        for quality in QUALITIES:
            qualities += [quality] * whole(per.get(quality, 0), f"[allotment] {side} {quality}")
        found[side] = tuple(qualities)
    return found


def scenario_from_text(text_: str, options: Options) -> GameState:
    """A game master's scenario (its TOML text); ValueError with a sentence for a file that
    cannot be played."""
    data = _toml(text_)
    try:
        check_keys(data, "the scenario file", SCENARIO_KEYS)
        rows = data.get("ship")
        if not isinstance(rows, list) or not rows:
            raise RowError("a scenario file lists its ships as [[ship]] tables (at least one)")
        read = ship_rows(rows, quality_needed=False)
        ships = tuple(row.ship for row in read)
        players = players_from_rows(data.get("player"), ships)
        allotment = _file_allotment(data, ships)
        for row, ship in zip(rows, ships, strict=True):
            if ship.side in allotment and "quality" in row:
                raise RowError(f"ship {ship.id}: quality is given by side {ship.side}'s [allotment]; "
                               "give a side's qualities there or in its rows, not both")
            if ship.side not in allotment and "quality" not in row:
                raise RowError(f"ship {ship.id}: quality is needed (FR, ABLE or POOR), or an "
                               f"[allotment] for side {ship.side}")
        text(data.get("title", ""), "the scenario's title")
        changes: dict[str, object] = {"terrain": _terrain(data), "scenario": FILE,
                                      "phase": Phase(SETUP)}
        if "wind" in data:
            changes["wind"] = wind_from_text(data["wind"], "the scenario's wind")
        if "rounds" in data:
            options = replace(options, round_limit=whole(data["rounds"], "the scenario's rounds", 1, 99))
        size = table_option(data.get("table"))
        if size is not None and "table" not in options.given:
            sized = parse_options({"table": size})
            options = replace(options, table_width=sized.table_width, table_height=sized.table_height)
    except RowError as wrong:
        raise ValueError(f"the scenario file cannot be played: {wrong}") from None
    sides = tuple(dict.fromkeys(ship.side for ship in ships))
    if len(sides) != 2:
        raise ValueError(f"a scenario has two sides, not {len(sides)} ({', '.join(sides)})")
    try:
        state = GameState(ships, options, players, **changes)  # type: ignore[arg-type]
        state = allot(state, allotment)
    except ValueError as wrong:
        raise ValueError(f"the scenario file cannot be played: {wrong}") from None
    return state


# ---------------------------------------------------------------- the host's questions


def scenario_names() -> tuple[str, ...]:
    return (DEFAULT,)


def scenario_sides(name: str) -> tuple[str, ...]:
    if name == FILE:
        return ()
    if name != DEFAULT:
        raise ValueError(f"there is no scenario {name!r}; the built-in one is {DEFAULT!r} (or give a "
                         "scenario file)")
    return (RHODES, MACEDON)


def scenario_title(name: str, text_: str | None = None) -> str:
    """The default scenario's title, or a file's `title`."""
    if name == FILE or text_ is not None:
        if text_ is None:
            return "A game master's scenario"
        title = _toml(text_).get("title", "A game master's scenario")
        return title if isinstance(title, str) else "A game master's scenario"
    scenario_sides(name)
    return TITLE


def new_game(name: str, given: Mapping[str, Given], text_: str | None = None) -> GameState:
    """The opening state of a new game: the switches given (`--option`), the scenario by name
    or the file's text (which also goes into the `scenario` switch)."""
    values = dict(given)
    if text_ is not None:
        values["scenario"] = text_
    elif name != DEFAULT:
        scenario_sides(name)
    return opening_state(parse_options(values))
