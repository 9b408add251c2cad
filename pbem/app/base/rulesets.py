"""The host's registry of rule systems: each is a plug-in found by name through the
`pbem.rulesets` entry points (pyproject.toml) and loaded only when a game of it is touched,
so that taking one game's orders never imports the others. The host goes through the
game-level protocol of `pbem.rules.interface` and never looks inside a game value."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from pbem.rules.interface import GameValue, RulesetPlugin

GROUP = "pbem.rulesets"
DEFAULT = "ramspeed"

HostedGame = GameValue  # what the use-cases hold: a game of any ruleset


class RegistryError(ValueError):
    """A ruleset name the judge does not know, or a broken installation."""


@cache
def _entries() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for entry in entry_points(group=GROUP):
        if entry.name in found and found[entry.name].value != entry.value:
            raise RegistryError(f"two rulesets call themselves {entry.name!r} ({found[entry.name].value} "
                                f"and {entry.value}); uninstall one of them")
        found[entry.name] = entry
    return found


def names() -> list[str]:
    return sorted(_entries())


@cache
def plugin(name: str) -> RulesetPlugin:
    """The ruleset called `name`, imported now if it was not yet."""
    entry = _entries().get(name)
    if entry is None:
        known = ", ".join(names()) or "none: reinstall the judge (pip install -e .)"
        raise RegistryError(f"there is no ruleset {name!r}; the rulesets are {known}")
    loaded: RulesetPlugin = entry.load()
    if loaded.name != name:
        raise RegistryError(f"the entry point {name!r} leads to a ruleset calling itself "
                            f"{loaded.name!r}")
    return loaded


def default_scenario(ruleset: str) -> str:
    """The scenario a game gets when none is named: the reference rule system's squadron, as
    always, or the first another rule system lists."""
    if ruleset == DEFAULT:
        return "squadron"
    found = plugin(ruleset).scenarios()
    return found[0].name if found else "default"


def start(ruleset: str, scenario: str, options: Mapping[str, bool | int | str] | None = None,
          scenario_text: str | None = None) -> GameValue:
    """A new game of a built-in scenario by name, or of a game master's own scenario file
    (its text; `scenario` is then the file's name, for messages)."""
    return plugin(ruleset).start(scenario, options or {}, scenario_text)


def load(ruleset: str, data: dict[str, Any]) -> GameValue:
    return plugin(ruleset).load(data)
