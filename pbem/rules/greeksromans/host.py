"""Greeks vs Romans as a plug-in: its game value behind the host's game-level protocol
(`pbem.rules.interface.GameValue`) and the entry (`RULESET`) the host finds through the
`pbem.rulesets` entry point. Nothing is hidden in this game (§15): every view is the same."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pbem.rules.dice import Dice
from pbem.rules.events import Event
from pbem.rules.greeksromans import codec
from pbem.rules.greeksromans.game import OVER, Game, check, new_game, play_phase
from pbem.rules.greeksromans.orders import HALF_EXAMPLES, SETUP_EXAMPLES, STEP_HINT
from pbem.rules.greeksromans.scenario import scenario_names, scenario_sides, scenario_title
from pbem.rules.greeksromans.switches import SWITCHES
from pbem.rules.greeksromans.view import state_json
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

HOUSE_RULES = (
    "Ships are 4\" x 1\" rectangles; contact is a gap of 0.1\" or less (rulings §2, §3).",
    "Initiative: each side rolls a d6 every turn; later ties go to last turn's loser (§4).",
    "An oar-clashing ship carries on past the ship it struck when its step takes it clear "
    "(§6.3).",
    "Archery and catapults shoot all round; nothing blocks a shot (§7, §9).",
    "The table edge stops a ship (§5.7); there are no morale tests (§12).",
    "Victory: a side that has lost half its ships is broken; after the last turn, victory "
    "points (§13).",
)


@dataclass(frozen=True)
class GreeksRomansGame:
    """A Greeks vs Romans game value as the host sees it."""

    value: Game

    ruleset = "greeks-romans"

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
        return self.value.phase_title

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.value.sides)

    @property
    def turn(self) -> int:
        return self.value.turn

    @property
    def winner(self) -> str | None:
        return self.value.winner

    @property
    def scenario_name(self) -> str:
        return self.value.state.scenario

    @property
    def title(self) -> str:
        return self.value.state.title

    def owes(self) -> tuple[str, ...]:
        return self.value.owes()

    def may_send(self) -> tuple[str, ...]:
        return ()  # no orders from a side the phase does not wait for

    @property
    def orders_public(self) -> bool:
        return False  # a side's orders stay its own until the game is over

    def owes_told(self, viewer: str | None, game_master: bool = False) -> list[str]:
        return [] if self.over else list(self.owes())  # nothing is hidden (§15)

    @property
    def duty_hidden(self) -> bool:
        return False

    def check(self, side: str, text: str, commands: frozenset[str] | None = None) -> OrderSheet:
        return check(self.value, side, text, commands)

    def play(self, submissions: Sequence[tuple[str, str]],
             dice: Dice) -> tuple[GreeksRomansGame, PhaseResult, tuple[OrderSheet, ...]]:
        game, result, sheets = play_phase(self.value, submissions, dice)
        return GreeksRomansGame(game), result, sheets

    def pieces_of(self, side: str) -> list[str]:
        return [s.id for s in self.value.state.ships if s.controller == side and s.on_table]

    def commanders_after(self, players: Sequence[tuple[int, str, tuple[str, ...]]],
                         accepted: Mapping[int, Sequence[str]],
                         result: PhaseResult) -> dict[int, tuple[str, ...]]:
        """On a side of several players, a prize goes to the player whose ship took it."""
        by_side: dict[str, int] = {}
        for _, side, _ in players:
            by_side[side] = by_side.get(side, 0) + 1
        lists = {pid: pieces for pid, side, pieces in players if by_side[side] > 1}
        changed: dict[int, tuple[str, ...]] = {}
        for item in result.events:
            if item.kind != "capture":
                continue
            prize, captor = str(item["ship"]), str(item["by"])
            for pid in lists:
                mine = changed.get(pid, lists[pid])
                if captor in mine and prize not in mine:
                    changed[pid] = (*mine, prize)
                elif prize in mine and captor not in mine:
                    changed[pid] = tuple(p for p in mine if p != prize)
        return changed

    def to_json(self) -> dict[str, Any]:
        return codec.game_to_json(self.value)

    def view(self, side: str | None) -> dict[str, Any]:
        return state_json(self.value.state, self.value.key)

    def full_view(self) -> dict[str, Any]:
        return state_json(self.value.state, self.value.key)

    def view_events(self, events: tuple[Event, ...], side: str | None) -> list[dict[str, Any]]:
        return [item.as_dict() for item in events]

    def order_help(self, side: str) -> tuple[str, ...]:
        """The order syntax of the open phase, written for mail (HELP ORDERS): the lines
        it takes, and what a piece with no line does."""
        half = ("One ship per line and kind: <ID>: <steps>, or STAY, or ARCHERY, CATAPULT or "
                "BOARD with targets (<ID>: ARCHERY R1, R3).", "Steps: " + STEP_HINT + ".",
                "For example " + HALF_EXAMPLES + ".")
        setup = ("One ship per line: <ID>: x y heading, e.g. " + SETUP_EXAMPLES + ".",)
        lines = {"half": half, "setup": setup}.get(self.value.phase.kind, ())
        return order_help_lines(self.phase_title, lines, self.no_order(side))

    def no_order(self, side: str) -> str:
        """What the rules do with a piece given no order in the open phase (the
        answer's summary of a player's orders says it)."""
        kind = self.value.phase.kind
        if kind == "half":
            return 'no order: it stays, shoots nothing and boards nothing'
        if kind == "setup":
            return 'no order: not placed yet'
        return "no order"

    def order_template(self, side: str) -> tuple[str, ...]:
        if self.over or side not in self.owes():
            return ()
        from pbem.rules.greeksromans import present

        return present.order_template(self.value.state, side, self.value.phase.kind)

    def house_rules(self) -> tuple[str, ...]:
        return HOUSE_RULES

    def narrate(self, event: dict[str, Any]) -> str:
        from pbem.rules.greeksromans.narrate import sentence

        return sentence(event)

    def report_sections(self, view: dict[str, Any], viewer: str | None) -> tuple[Section, ...]:
        from pbem.rules.greeksromans import present

        return present.report_sections(view, viewer, self.standing())

    def order_fates(self, sheet: OrderSheet, events: Sequence[dict[str, Any]]) -> tuple[str, ...]:
        from pbem.rules.greeksromans.narrate import order_fates

        return order_fates(sheet, events)

    def report_pieces(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        from pbem.rules.greeksromans import present

        return present.pieces(view)

    def standing(self) -> dict[str, Any]:
        from pbem.rules.greeksromans import present

        return present.standing(self.value.state)

    def autoplay_orders(self, side: str, rng: random.Random) -> str:
        from pbem.rules.greeksromans.tactics import orders_for

        if self.over or side not in self.owes():
            return ""
        return orders_for(self.value.state, side, self.value.phase.kind, rng)

    def map_scene(self, view: dict[str, Any], events: Sequence[dict[str, Any]], title: str,
                  subtitle: str, size: float = 0.0, viewer: str | None = None) -> Scene:
        from pbem.rules.greeksromans import mapscene

        return mapscene.map_scene(view, list(events), title, subtitle, viewer, size=size)

    def plan_scene(self, side: str, plans: Sequence[tuple[str, tuple[str, ...]]], title: str,
                   subtitle: str) -> Scene:
        from pbem.rules.greeksromans import mapscene

        return mapscene.plan_scene(self.view(side), side, list(plans), title, subtitle)


class GreeksRomansPlugin:
    """The entry the host's registry loads by the name `greeks-romans`."""

    name = "greeks-romans"
    version = "1"
    title = "Greeks vs Romans (quick galley rules, 1998)"
    pieces_key = "ships"
    case_tolerance = 0.01  # positions in inches: floats compare within 0.01 (cases format)

    def pieces_schema(self) -> dict[str, Any]:
        from pbem.rules.greeksromans.present import PIECE_SCHEMA

        return PIECE_SCHEMA

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return tuple(ScenarioInfo(name, scenario_title(name), tuple(scenario_sides(name)))
                     for name in scenario_names())

    def switches(self) -> tuple[Switch, ...]:
        return SWITCHES

    def start(self, scenario_name: str, options: Mapping[str, bool | int | str],
              scenario_text: str | None = None) -> GreeksRomansGame:
        return GreeksRomansGame(new_game(scenario_name, options, scenario_text))

    def load(self, data: dict[str, Any]) -> GreeksRomansGame:
        stored = data.get(FORMAT_KEY, 1)
        if isinstance(stored, int) and stored > codec.FORMAT:
            raise ValueError(f"this game was stored by a newer judge (Greeks vs Romans format "
                             f"{stored}; this one reads up to {codec.FORMAT}); upgrade the judge")
        return GreeksRomansGame(codec.game_from_json(data))

    def sample(self, pieces: int, seed: int) -> GreeksRomansGame:
        from pbem.rules.greeksromans import benchmark

        return GreeksRomansGame(benchmark.battle(random.Random(seed), pieces))

    def bench(self, clock: Callable[[], int], repeat: int) -> BenchResult:
        from pbem.rules.greeksromans import benchmark

        return benchmark.rules_figures(clock, repeat)

    def play_case(self, case: dict[str, Any], name: str) -> dict[str, Any]:
        from pbem.rules.greeksromans import cases

        return cases.play_case(case, name)


RULESET = GreeksRomansPlugin()
