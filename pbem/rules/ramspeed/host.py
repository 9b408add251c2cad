"""Ram Speed as a plug-in: its game value behind the host's game-level protocol
(`pbem.rules.interface.GameValue`), and the entry (`RULESET`) the host finds through the
`pbem.rulesets` entry point."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pbem.rules.dice import Dice
from pbem.rules.events import Event
from pbem.rules.interface import (
    FORMAT_KEY,
    BenchResult,
    OrderSheet,
    PhaseResult,
    PhaseSpec,
    ScenarioInfo,
    Section,
    Switch,
    order_help_lines,
)
from pbem.rules.ramspeed import codec, phases
from pbem.rules.ramspeed.combat_orders import COMBAT_HELP
from pbem.rules.ramspeed.game import BUILD, OVER, SETUP, Game, new_game, play_phase
from pbem.rules.ramspeed.orders import ORDER_HELP
from pbem.rules.ramspeed.tables import (
    TableError,
    built_in_scenarios,
    default_tables,
    scenario,
    scenario_from_text,
)
from pbem.rules.ramspeed.view import side_events, side_view, state_json
from pbem.rules.scene import Scene

FORMAT = 1  # the codec's format: a stored value of a later format is refused, not misread
SWITCHES = (
    Switch("secret_records", "hide each galley's record sheet from the other side (4.3)"),
    Switch("secret_hit_locations", "tell the firer only that a missile hit, not where (11.3)"),
    Switch("columns", "map width in hexes (default: the scenario's)", 0),
    Switch("rows", "map height in hexes (default: the scenario's)", 0),
)
_FLAGS = ("secret_records", "secret_hit_locations")


@dataclass(frozen=True)
class RamSpeedGame:
    """A Ram Speed game value as the host sees it."""

    value: Game

    ruleset = "ramspeed"

    @property
    def key(self) -> str:
        return self.value.key

    @property
    def over(self) -> bool:
        return self.value.step == OVER

    @property
    def phase(self) -> PhaseSpec:
        return self.value.phase

    @property
    def phase_title(self) -> str:
        phase = self.value.phase
        if self.over:
            return "the game is over"
        if phase.kind == BUILD:
            return "Build (4.2)"
        if phase.kind == "setup":
            return f"Set-up of {phase.side} (4.4)"
        if phase.kind == "movement":
            return f"Turn {self.turn}, {phase.side} moves"
        return f"Turn {self.turn}, combat"

    @property
    def sides(self) -> tuple[str, ...]:
        return self.value.sides

    @property
    def turn(self) -> int:
        return self.value.state.turn

    @property
    def winner(self) -> str | None:
        return self.value.state.winner

    @property
    def scenario_name(self) -> str:
        return self.value.scenario.name

    @property
    def title(self) -> str:
        return self.value.scenario.title

    @cached_property
    def _owes(self) -> tuple[str, ...]:  # decided once per value: it walks the board
        return self.value.owes()

    def owes(self) -> tuple[str, ...]:
        return self._owes

    def may_send(self) -> tuple[str, ...]:
        return ()  # no orders from a side the phase does not wait for

    @property
    def orders_public(self) -> bool:
        return False  # a side's orders stay its own until the game is over

    def owes_told(self, viewer: str | None, game_master: bool = False) -> list[str]:
        owes = list(self.owes()) if not self.over else []
        if self.value.state.option("secret_records") and not game_master:
            return [side for side in owes if side == viewer]  # combat duty tells of range
        return owes

    def check(self, side: str, text: str, commands: frozenset[str] | None = None) -> OrderSheet:
        phase = self.value.phase
        return phases.check(self.value.state, PhaseSpec(phase.kind, side, phase.zone), text,
                            commands=commands)[0]

    def play(self, submissions: Sequence[tuple[str, str]],
             dice: Dice) -> tuple[RamSpeedGame, PhaseResult, tuple[OrderSheet, ...]]:
        game, result, sheets = play_phase(self.value, submissions, dice)
        return RamSpeedGame(game), result, sheets

    def pieces_of(self, side: str) -> list[str]:
        return [g.id for g in self.value.state.galleys if g.owner == side]

    def commanders_after(self, players: Sequence[tuple[int, str, tuple[str, ...]]],
                         accepted: Mapping[int, Sequence[str]],
                         result: PhaseResult) -> dict[int, tuple[str, ...]]:
        """15.2: on a side of several players each commands the galleys they built (a build
        line refused when the phase resolved builds nothing), and a prize goes to the player
        whose galley took it."""
        by_side: dict[str, int] = {}
        for _, side, _ in players:
            by_side[side] = by_side.get(side, 0) + 1
        lists = {pid: pieces for pid, side, pieces in players if by_side[side] > 1}
        changed: dict[int, tuple[str, ...]] = {}
        if self.value.step == BUILD:
            refused = {galley.upper() for galley, _ in result.rejected}
            for pid in lists:
                if pid in accepted:
                    changed[pid] = tuple(g for g in accepted[pid] if g.upper() not in refused)
        for event in result.events:
            if event.kind != "capture":
                continue
            for pid in lists:
                mine = changed.get(pid, lists[pid])
                if event["galley"] in mine and event["target"] not in mine:
                    changed[pid] = (*mine, event["target"])
        return changed

    def to_json(self) -> dict[str, Any]:
        return {FORMAT_KEY: FORMAT, **codec.game_to_json(self.value)}

    def view(self, side: str | None) -> dict[str, Any]:
        return side_view(self.value.state, side)

    def full_view(self) -> dict[str, Any]:
        return state_json(self.value.state, self.value.step)

    def view_events(self, events: tuple[Event, ...], side: str | None) -> list[dict[str, Any]]:
        return side_events(events, self.value.state, side)

    def hints(self, side: str) -> dict[str, list[str]]:
        from pbem.rules.ramspeed.hints import order_hints

        phase = self.value.phase
        return order_hints(self.value.state, side, phase.kind, phase.zone)

    def order_help(self, side: str) -> tuple[str, ...]:
        """The order syntax of the open phase, written for mail (HELP ORDERS): the lines
        it takes, and what a piece with no line does."""
        kind = self.value.phase.kind
        lines: tuple[str, ...] = COMBAT_HELP if kind == "combat" else ORDER_HELP.get(kind, ())
        return order_help_lines(self.phase_title, lines, self.no_order(side))

    def no_order(self, side: str) -> str:
        """What the rules do with a piece given no order in the open phase (the
        answer's summary of a player's orders says it)."""
        kind = self.value.phase.kind
        if kind == "movement":
            return 'no order: it stays (or drifts, if it must)'
        if kind == "combat":
            return 'no order: it neither shoots nor boards'
        if kind == "setup":
            return 'no order: not placed yet'
        return "no order"

    def order_template(self, side: str) -> tuple[str, ...]:
        if self.over or side not in self.owes():
            return ()
        from pbem.rules.ramspeed import present

        phase = self.value.phase
        if phase.kind == "build":
            from pbem.rules.ramspeed.placement import zone_text

            state, found = self.value.state, self.value.scenario.side(side)
            if found is not None and found.zone:
                zones = f"your galleys go {zone_text(found.zone, state.columns, state.rows)}"
            else:
                zones = (f"a roll decides who sets up first, in the east "
                         f"({zone_text('east', state.columns, state.rows)}); the other side "
                         f"sets up in the west ({zone_text('west', state.columns, state.rows)})")
            return present.build_template(found, default_tables(), zones)
        examples = {}
        if phase.kind == "setup":  # a legal placement of every galley, as an example
            from pbem.rules.ramspeed.board import Board
            from pbem.rules.ramspeed.placement import place_leftovers

            board = Board(self.value.state, default_tables())
            examples = {gid: f"{bow} {facing}"
                        for gid, bow, facing in place_leftovers(board, side, phase.zone)}
        return present.order_template(phase.kind, self.hints(side), examples)

    @property
    def duty_hidden(self) -> bool:
        return bool(self.value.state.option("secret_records"))

    def narrate(self, event: dict[str, Any]) -> str:
        from pbem.rules.ramspeed.narrate import sentence_of

        return sentence_of(event)

    def report_sections(self, view: dict[str, Any], viewer: str | None) -> tuple[Section, ...]:
        from pbem.rules.ramspeed import present

        return present.report_sections(view, viewer, self.standing())

    def order_fates(self, sheet: OrderSheet, events: Sequence[dict[str, Any]]) -> tuple[str, ...]:
        from pbem.rules.ramspeed.narrate import order_fates

        return order_fates(sheet, events)

    def report_pieces(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        from pbem.rules.ramspeed import present

        return present.pieces(view)

    def standing(self) -> dict[str, Any]:
        from pbem.rules.ramspeed.victory import standing

        return standing(self.value.state.galleys, self.value.scenario.victory,
                        default_tables())

    def house_rules(self) -> tuple[str, ...]:
        return default_tables().house_rules + self.value.scenario.special_rules

    def autoplay_orders(self, side: str, rng: random.Random) -> str:
        from pbem.rules.ramspeed.tactics import orders_for

        game = self.value
        if self.over or side not in self.owes():
            return ""
        return orders_for(game.state, game.phase.kind, side, game.zone(side), game.scenario, rng)

    def map_scene(self, view: dict[str, Any], events: Sequence[dict[str, Any]], title: str,
                  subtitle: str, size: float = 0.0, viewer: str | None = None) -> Scene:
        """`size`: pixels per hex unit; 0 chooses by the map's width."""
        from pbem.rules.ramspeed import mapscene

        state = self.value.state
        return mapscene.map_scene(view, list(events), title, subtitle, size=size,
                                  columns=state.columns, rows=state.rows, zones=self._zones(),
                                  viewer=viewer)

    def plan_scene(self, side: str, plans: Sequence[tuple[str, tuple[str, ...]]], title: str,
                   subtitle: str) -> Scene:
        from pbem.rules.ramspeed import mapscene

        state = self.value.state
        return mapscene.plan_scene(self.view(side), list(plans), title, subtitle,
                                   columns=state.columns, rows=state.rows, zones=self._zones())

    def _zones(self) -> dict[str, str]:
        """Each side's set-up zone while the set-up is open (the map shows them), else none."""
        game = self.value
        return {side: game.zone(side) for side in game.sides} if game.step == SETUP else {}


class RamSpeedPlugin:
    """The entry the host's registry loads by the name `ramspeed`."""

    name = "ramspeed"
    version = "1"
    title = "Ram Speed (Metagaming, 1980)"
    pieces_key = "galleys"
    case_tolerance = 0.0  # hexes and whole numbers: every expectation is exact

    def pieces_schema(self) -> dict[str, Any]:
        from pbem.rules.ramspeed.schema import PIECE_SCHEMA

        return PIECE_SCHEMA

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        found = (scenario(name) for name in built_in_scenarios())
        return tuple(ScenarioInfo(s.name, s.title, tuple(side.name for side in s.sides))
                     for s in found)

    def switches(self) -> tuple[Switch, ...]:
        return SWITCHES

    def start(self, scenario_name: str, options: Mapping[str, bool | int | str],
              scenario_text: str | None = None) -> RamSpeedGame:
        known = {switch.name: switch for switch in SWITCHES}
        values: dict[str, bool | int] = {}
        for name, given in options.items():
            if name not in known:
                raise ValueError(f"Ram Speed has no option {name!r}; its options are "
                                 f"{', '.join(known)}")
            values[name] = known[name].parse(given)
        try:
            chosen = (scenario(scenario_name) if scenario_text is None
                      else scenario_from_text(scenario_text, scenario_name, default_tables()))
        except TableError as exc:
            raise ValueError(str(exc)) from None
        flags = tuple((name, bool(values[name])) for name in _FLAGS if values.get(name))
        size = {name: int(values[name]) if name in values else None
                for name in ("columns", "rows")}  # not given: the scenario's own
        return RamSpeedGame(new_game(chosen, flags, size["columns"], size["rows"]))

    def load(self, data: dict[str, Any]) -> RamSpeedGame:
        stored = int(data.get(FORMAT_KEY, 1))
        if stored > FORMAT:
            raise ValueError(f"this game was stored by a newer judge (Ram Speed format {stored}; "
                             f"this one reads up to {FORMAT}); upgrade the judge")
        return RamSpeedGame(codec.game_from_json(
            {k: v for k, v in data.items() if k != FORMAT_KEY}))

    def sample(self, pieces: int, seed: int) -> RamSpeedGame:
        """A Fleet Action of `pieces` galleys placed at random, blue to move in turn 2."""
        from pbem.rules.ramspeed import benchmark

        return RamSpeedGame(benchmark.fleet_position(random.Random(seed), pieces, turn=2))

    def bench(self, clock: Callable[[], int], repeat: int) -> BenchResult:
        from pbem.rules.ramspeed import benchmark

        return benchmark.rules_figures(clock, repeat)

    def play_case(self, case: dict[str, Any], name: str) -> dict[str, Any]:
        from pbem.rules.ramspeed import cases

        return cases.play_case(case, name)


RULESET = RamSpeedPlugin()
