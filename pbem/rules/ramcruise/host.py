"""The ram / cruise / strategic rules as a plug-in: the game value behind the host's
game-level protocol (`pbem.rules.interface.GameValue`) and the entry (`RULESET`) the host finds
through the `pbem.rulesets` entry point `ram-cruise`.

Nothing is hidden in this game (rulings §4): every view is the whole state, and a resolved
round's orders may be shown to every player (`orders_public`). Standing orders may come from a
side the open round does not wait for (§5.3, §5.4: `may_send`)."""

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
from pbem.rules.ramcruise import codec, game, houserules, narrate, pieces, present, template
from pbem.rules.ramcruise.fates import order_fates
from pbem.rules.ramcruise.notation import BUILD_HINT, ROUND_HINT, SETUP_HINT
from pbem.rules.ramcruise.scenario import scenario_names, scenario_sides, scenario_title
from pbem.rules.ramcruise.state import OVER, GameState
from pbem.rules.ramcruise.switches import SWITCHES
from pbem.rules.ramcruise.view import state_json
from pbem.rules.scene import Scene


@dataclass(frozen=True)
class RamCruiseGame:
    """A ram / cruise / strategic game value as the host sees it: the state, its phase
    included."""

    value: GameState

    ruleset = "ram-cruise"

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
        return tuple(self.value.side_ids)

    @property
    def turn(self) -> int:
        return self.value.phase.turn

    @property
    def winner(self) -> str | None:
        return self.value.winner

    @property
    def scenario_name(self) -> str:
        return self.value.scenario

    @property
    def title(self) -> str:
        return self.value.title

    def owes(self) -> tuple[str, ...]:
        return () if self.over else game.owes(self.value)

    def may_send(self) -> tuple[str, ...]:
        return () if self.over else game.may_send(self.value)

    @property
    def orders_public(self) -> bool:
        return True  # nothing is hidden (§4)

    def owes_told(self, viewer: str | None, game_master: bool = False) -> list[str]:
        return list(self.owes())  # nothing is hidden (§4)

    @property
    def duty_hidden(self) -> bool:
        return False

    def check(self, side: str, text: str, commands: frozenset[str] | None = None) -> OrderSheet:
        return game.check(self.value, side, text, commands)

    def play(self, submissions: Sequence[tuple[str, str]],
             dice: Dice) -> tuple[RamCruiseGame, PhaseResult, tuple[OrderSheet, ...]]:
        after, result, sheets = game.play_phase(self.value, submissions, dice)
        return RamCruiseGame(after), result, sheets

    def pieces_of(self, side: str) -> list[str]:
        return game.pieces_of(self.value, side)

    def commanders_after(self, players: Sequence[tuple[int, str, tuple[str, ...]]],
                         accepted: Mapping[int, Sequence[str]],
                         result: PhaseResult) -> dict[int, tuple[str, ...]]:
        return game.commanders_after(self.value, players, accepted, result)

    def to_json(self) -> dict[str, Any]:
        return codec.game_to_json(self.value)

    def view(self, side: str | None) -> dict[str, Any]:
        return {**state_json(self.value), "key": self.key}

    def full_view(self) -> dict[str, Any]:
        return self.view(None)

    def view_events(self, events: tuple[Event, ...], side: str | None) -> list[dict[str, Any]]:
        return [item.as_dict() for item in events]

    def order_help(self, side: str) -> tuple[str, ...]:
        """The order syntax of the open phase, written for mail (HELP ORDERS): the lines
        it takes, and what a piece with no line does."""
        lines: tuple[str, ...] = (("Lines it takes: " + {"build": BUILD_HINT, "setup": SETUP_HINT}.get(
                    self.value.phase.kind, ROUND_HINT) + ".",)
                if self.value.phase.kind in ("build", "setup", "move", "combat") else ())
        return order_help_lines(self.phase_title, lines, self.no_order(side))

    def no_order(self, side: str) -> str:
        """What the rules do with a piece given no order in the open phase (the
        answer's summary of a player's orders says it)."""
        if side not in self.owes():  # standing orders sent in a round not the side's
            return "no order: its standing orders keep their last values"
        kind = self.value.phase.kind
        if kind == "move":
            return ('no order: it stays where it is, with no break-away and no duty change;'
                    ' its standing orders keep their last values')
        if kind == "combat":
            return ('no order: no fire and no grapples (a grappled ship still fights its '
                    'melee); its standing orders keep their last values')
        return "no order"

    def order_template(self, side: str) -> tuple[str, ...]:
        if self.over or (side not in self.owes() and side not in self.may_send()):
            return ()
        return template.order_template(self.value, side)

    def house_rules(self) -> tuple[str, ...]:
        return houserules.house_rules(self.value.options)

    def narrate(self, event: dict[str, Any]) -> str:
        return narrate.sentence(event)

    def report_sections(self, view: dict[str, Any], viewer: str | None) -> tuple[Section, ...]:
        return present.report_sections(view, viewer, self.standing())

    def order_fates(self, sheet: OrderSheet, events: Sequence[dict[str, Any]]) -> tuple[str, ...]:
        return order_fates(sheet, list(events))

    def report_pieces(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return pieces.report_pieces(view)

    def standing(self) -> dict[str, Any]:
        return present.standing(self.value)

    def autoplay_orders(self, side: str, rng: random.Random) -> str:
        from pbem.rules.ramcruise.tactics import orders_for

        if self.over or side not in self.owes():
            return ""
        return orders_for(self.value, side, rng)

    def map_scene(self, view: dict[str, Any], events: Sequence[dict[str, Any]], title: str,
                  subtitle: str, size: float = 0.0, viewer: str | None = None) -> Scene:
        from pbem.rules.ramcruise import mapscene

        return mapscene.map_scene(view, list(events), title, subtitle, viewer, size=size)

    def plan_scene(self, side: str, plans: Sequence[tuple[str, tuple[str, ...]]], title: str,
                   subtitle: str) -> Scene:
        from pbem.rules.ramcruise import mapplan

        return mapplan.plan_scene(self.view(side), side, list(plans), title, subtitle)


class RamCruisePlugin:
    """The entry the host's registry loads by the name `ram-cruise`."""

    name = "ram-cruise"
    version = "1"
    title = "Ram / cruise / strategic galley rules"
    pieces_key = "ships"
    case_tolerance = 0.01  # positions in inches: floats compare within 0.01 (cases format)

    def pieces_schema(self) -> dict[str, Any]:
        return pieces.pieces_schema()

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return tuple(ScenarioInfo(name, scenario_title(name), tuple(scenario_sides(name)))
                     for name in scenario_names())

    def switches(self) -> tuple[Switch, ...]:
        return SWITCHES

    def start(self, scenario_name: str, options: Mapping[str, bool | int | str],
              scenario_text: str | None = None) -> RamCruiseGame:
        return RamCruiseGame(game.new_game(scenario_name, options, scenario_text))

    def load(self, data: dict[str, Any]) -> RamCruiseGame:
        stored = data.get(FORMAT_KEY, 1)
        if isinstance(stored, int) and stored > codec.FORMAT:
            raise ValueError(f"this game was stored by a newer judge (ram-cruise format "
                             f"{stored}; this one reads up to {codec.FORMAT}); upgrade the judge")
        return RamCruiseGame(codec.game_from_json(data))

    def sample(self, pieces: int, seed: int) -> RamCruiseGame:
        from pbem.rules.ramcruise import benchmark

        return RamCruiseGame(benchmark.battle(pieces))

    def bench(self, clock: Callable[[], int], repeat: int) -> BenchResult:
        from pbem.rules.ramcruise import benchmark

        return benchmark.rules_figures(clock, repeat)

    def play_case(self, case: dict[str, Any], name: str) -> dict[str, Any]:
        from pbem.rules.ramcruise import cases

        return cases.play_case(case, name)


RULESET = RamCruisePlugin()
