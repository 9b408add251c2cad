"""Wooden Walls as a plug-in: the game value behind the host's game-level protocol
(`pbem.rules.interface.GameValue`) and the entry (`RULESET`) the host finds through the
`pbem.rulesets` entry point `wooden-walls`.

Orders are hidden while the game runs (§16: a setup mail names qualities, a queue's unused
entries show intentions): `orders_public` is false, every view is the viewer's own
(`sideview.py`: crew qualities only where known, the deck only as far as turned) and events pass
through `view_events` before anyone reads them. Who owes is no secret (every side writes at
once). A side whose ships afloat all flee may still send deck lines (`may_send`).

Narration, the order fates, the report sections, the maps, the template, the computer player
and the benchmark are imported when first used, so taking orders imports none of them."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
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
from pbem.rules.scene import Scene
from pbem.rules.woodenwalls import codec, game, houserules, sideview
from pbem.rules.woodenwalls.notation import ACCEPTED as ACCEPTED_LINES
from pbem.rules.woodenwalls.rounds import OVER
from pbem.rules.woodenwalls.state import GameState
from pbem.rules.woodenwalls.switches import SWITCHES


@dataclass(frozen=True)
class WoodenWallsGame:
    """A Wooden Walls game value as the host sees it: the state, its phase included."""

    value: GameState

    ruleset = "wooden-walls"

    @property
    def key(self) -> str:
        return self.value.phase.key

    @property
    def over(self) -> bool:
        return self.value.phase.kind == OVER

    @property
    def phase(self) -> PhaseSpec:
        return game.phase_spec(self.value)

    @property
    def phase_title(self) -> str:
        return game.phase_title(self.value)

    @property
    def sides(self) -> tuple[str, ...]:
        return self.value.sides

    @property
    def turn(self) -> int:
        return self.value.phase.round

    @property
    def winner(self) -> str | None:
        return self.value.winner or None

    @property
    def scenario_name(self) -> str:
        return self.value.scenario

    @property
    def title(self) -> str:
        from pbem.rules.woodenwalls.scenario import scenario_title

        return scenario_title(self.value.scenario)

    def owes(self) -> tuple[str, ...]:
        return () if self.over else game.owes(self.value)

    def may_send(self) -> tuple[str, ...]:
        return () if self.over else game.may_send(self.value)

    @property
    def orders_public(self) -> bool:
        return False  # §16: orders show intentions; the events tell what was carried out

    def owes_told(self, viewer: str | None, game_master: bool = False) -> list[str]:
        return [] if self.over else list(self.owes())  # every side writes at once (§6.1)

    @property
    def duty_hidden(self) -> bool:
        return False

    def check(self, side: str, text: str, commands: frozenset[str] | None = None) -> OrderSheet:
        return game.check(self.value, side, text, commands)

    def play(self, submissions: Sequence[tuple[str, str]],
             dice: Dice) -> tuple[WoodenWallsGame, PhaseResult, tuple[OrderSheet, ...]]:
        after, result, sheets = game.play_phase(self.value, submissions, dice)
        return WoodenWallsGame(after), result, sheets

    def pieces_of(self, side: str) -> list[str]:
        return game.pieces_of(self.value, side)

    def commanders_after(self, players: Sequence[tuple[int, str, tuple[str, ...]]],
                         accepted: Mapping[int, Sequence[str]],
                         result: PhaseResult) -> dict[int, tuple[str, ...]]:
        return game.commanders_after(self.value, players, accepted, result)

    def to_json(self) -> dict[str, Any]:
        return codec.game_to_json(self.value)

    def view(self, side: str | None) -> dict[str, Any]:
        return {**sideview.view(self.value, side), "key": self.key}

    def full_view(self) -> dict[str, Any]:
        return {**sideview.full_view(self.value), "key": self.key}

    def view_events(self, events: tuple[Event, ...], side: str | None) -> list[dict[str, Any]]:
        return sideview.view_events(self.value, events, side)

    def order_help(self, side: str) -> tuple[str, ...]:
        """The order syntax of the open phase, written for mail (HELP ORDERS): the lines
        it takes, and what a piece with no line does."""
        lines: tuple[str, ...] = (("Lines it takes: " + ACCEPTED_LINES[self.value.phase.kind] + ".",)
                if self.value.phase.kind in ACCEPTED_LINES else ())
        return order_help_lines(self.phase_title, lines, self.no_order(side))

    def no_order(self, side: str) -> str:
        """What the rules do with a piece given no order in the open phase (the
        answer's summary of a player's orders says it)."""
        kind = self.value.phase.kind
        if kind == "leg":
            return ('no order: each activation carries out its default segment (F1 at '
                    'speeds 1-4, B0.5 backing, HOLD stopped)')
        return "no order"

    def order_template(self, side: str) -> tuple[str, ...]:
        from pbem.rules.woodenwalls import template

        if self.over or (side not in self.owes() and side not in self.may_send()):
            return ()
        return template.order_template(self.value, side)

    def house_rules(self) -> tuple[str, ...]:
        return houserules.house_rules(self.value.options)

    def narrate(self, event: dict[str, Any]) -> str:
        from pbem.rules.woodenwalls.narrate import sentence

        return sentence(event)

    def report_sections(self, view: dict[str, Any], viewer: str | None) -> tuple[Section, ...]:
        from pbem.rules.woodenwalls import present

        return present.report_sections(view, viewer, self.standing())

    def order_fates(self, sheet: OrderSheet, events: Sequence[dict[str, Any]]) -> tuple[str, ...]:
        from pbem.rules.woodenwalls.fates import order_fates

        return order_fates(sheet, list(events))

    def report_pieces(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        from pbem.rules.woodenwalls import pieces

        return pieces.report_pieces(view)

    def standing(self) -> dict[str, Any]:
        from pbem.rules.woodenwalls import present

        return present.standing(self.value)

    def autoplay_orders(self, side: str, rng: random.Random) -> str:
        from pbem.rules.woodenwalls.tactics import orders_for

        if self.over or (side not in self.owes() and side not in self.may_send()):
            return ""
        return orders_for(self.value, side, rng)

    def map_scene(self, view: dict[str, Any], events: Sequence[dict[str, Any]], title: str,
                  subtitle: str, size: float = 0.0, viewer: str | None = None) -> Scene:
        from pbem.rules.woodenwalls import mapscene

        return mapscene.map_scene(view, list(events), title, subtitle, viewer, size=size)

    def plan_scene(self, side: str, plans: Sequence[tuple[str, tuple[str, ...]]], title: str,
                   subtitle: str) -> Scene:
        from pbem.rules.woodenwalls import mapplan, speeds

        # The side's own ships' limits, from the real state: the view leaves them out (§16).
        state = self.value
        limits = {ship.id: speeds.limits(state, ship) for ship in state.ships
                  if ship.owner == side and ship.afloat and ship.on_table}
        return mapplan.plan_scene(self.view(side), side, list(plans), title, subtitle, limits)


class WoodenWallsPlugin:
    """The entry the host's registry loads by the name `wooden-walls`."""

    name = "wooden-walls"
    version = "1"
    title = "Wooden Walls"
    pieces_key = "ships"
    case_tolerance = 0.01  # lengths in SL and headings compare within 0.01 (WW 1)

    def pieces_schema(self) -> dict[str, Any]:
        from pbem.rules.woodenwalls import pieces

        return pieces.pieces_schema()

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        from pbem.rules.woodenwalls.scenario import scenario_names, scenario_sides, scenario_title

        return tuple(ScenarioInfo(name, scenario_title(name), tuple(scenario_sides(name)))
                     for name in scenario_names())

    def switches(self) -> tuple[Switch, ...]:
        return SWITCHES

    def start(self, scenario_name: str, options: Mapping[str, bool | int | str],
              scenario_text: str | None = None) -> WoodenWallsGame:
        from pbem.rules.woodenwalls.scenario import new_game

        return WoodenWallsGame(new_game(scenario_name, options, scenario_text))

    def load(self, data: dict[str, Any]) -> WoodenWallsGame:
        stored = data.get(FORMAT_KEY, 1)
        if isinstance(stored, int) and stored > codec.FORMAT:
            raise ValueError(f"this game was stored by a newer judge (wooden-walls format "
                             f"{stored}; this one reads up to {codec.FORMAT}); upgrade the judge")
        return WoodenWallsGame(codec.game_from_json(data))

    def sample(self, pieces: int, seed: int) -> WoodenWallsGame:
        from pbem.rules.woodenwalls import benchmark

        return WoodenWallsGame(benchmark.sample(pieces, seed))

    def bench(self, clock: Callable[[], int], repeat: int) -> BenchResult:
        from pbem.rules.woodenwalls import benchmark

        return benchmark.rules_figures(clock, repeat)

    def play_case(self, case: dict[str, Any], name: str) -> dict[str, Any]:
        from pbem.rules.woodenwalls import cases

        return cases.play_case(case, name)


RULESET = WoodenWallsPlugin()
