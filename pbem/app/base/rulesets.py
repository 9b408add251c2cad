"""The host's registry of rule systems: each is a plug-in found by name through the
`pbem.rulesets` entry points (pyproject.toml) and loaded only when a game of it is touched,
so that taking one game's orders never imports the others. The host goes through the
game-level protocol of `pbem.rules.interface` and never looks inside a game value."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from pbem.rules.interface import ACCEPTED, NO_ORDER, GameValue, RulesetPlugin

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


def no_order(hosted: GameValue, side: str) -> str:
    """What the rules do with a piece of `side` given no order in the open phase, as the
    answer to a player's orders says it (the ruleset's own words, else NO_ORDER)."""
    own = getattr(hosted, "no_order", None)
    text = own(side) if callable(own) else ""
    return text if isinstance(text, str) and text else NO_ORDER


def order_summary(hosted: GameValue, side: str, lines: Sequence[Any],
                  commands: Iterable[str] | None = None) -> tuple[str, ...]:
    """Where each piece of the side stands after these lines (LineResults, or anything with
    line_no, piece, status and echo): its order as understood, or what the rules do with no
    order, and the numbers of its lines refused; `commands` limits it to one player's pieces
    (a side of several players). The ruleset's own summary when it gives one."""
    own = getattr(hosted, "order_summary", None)
    if callable(own):
        given = own(side, lines)
        if given is not None:
            return tuple(str(text) for text in given)
    mine = None if commands is None else {name.upper() for name in commands}
    pieces = [piece for piece in hosted.pieces_of(side) if mine is None or piece.upper() in mine]
    known = {piece.upper() for piece in pieces}
    pieces += list(dict.fromkeys(line.piece for line in lines if line.status == ACCEPTED
                                 and line.piece and line.piece.upper() not in known))
    idle = no_order(hosted, side)
    summary = []
    for piece in pieces:
        ours = [line for line in lines if line.piece and line.piece.upper() == piece.upper()]
        taken = [line.echo or line.text.strip() for line in ours if line.status == ACCEPTED]
        refused = [line.line_no for line in ours if line.status != ACCEPTED]
        said = "; ".join(taken) if taken else idle
        if refused:
            numbers = ", ".join(str(n) for n in refused)
            said += f" (line{'s' if len(refused) > 1 else ''} {numbers} refused)"
        summary.append(f"{piece}: {said}")
    return tuple(summary)


def order_help(hosted: GameValue, side: str) -> tuple[str, ...]:
    """The order syntax of the open phase for a player of `side`, written for mail: the
    ruleset's own help when it gives one (the lines it takes, what a piece with no line
    does), then the lines the side's orders can start from (its report's order template)."""
    own = getattr(hosted, "order_help", None)
    given = own(side) if callable(own) else ()
    lines = [str(text) for text in given or ()]
    if not lines:
        lines.append(f"The open phase is {hosted.phase_title}. One order per line, each "
                     "naming its piece first.")
    template = [line for line in hosted.order_template(side)
                if line.strip() and not line.lstrip().upper().startswith("SIGNON")]
    if not template:
        return tuple(lines)
    return (*lines, "Your orders can start from these lines (a line starting with # is a "
            "note the judge does not read: take the # away to give that order):",
            *(f"  {line}" for line in template))
