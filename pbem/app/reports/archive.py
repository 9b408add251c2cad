"""A game's public archive: a folder of static pages that can be published anywhere. An
index grouped by turn with the players and a line on each phase, a page per resolved phase
(the observers' report and map), and one stylesheet. While the game runs, only what
observers may see goes in. Once it has ended, the revealed seed with how to check the dice
joins it, and, unless its game master keeps the archive closed (the game's setting
archive_after_end, pbem.app.play.games), what was hidden while it ran: each phase shown in
full (secret records too), the orders every side gave and the press; never before."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from itertools import groupby
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.base.shared import require_game
from pbem.app.play.games import archive_after_end
from pbem.app.reports.bookends import Ending
from pbem.app.reports.reports import (
    OBSERVER,
    Recipient,
    RenderedReport,
    _events,
    ending_of,
    report_for,
    scene_for,
    seen_by,
)
from pbem.render import report
from pbem.rules.dice import read_log
from pbem.rules.events import Event
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import GameRow, PhaseRow, PlayerRow

STYLESHEET = "style.css"
ENDED = ("over", "ended")  # a game's status once its secrets may be told
SUMMARY_LIMIT = 160  # characters of a phase's line on the index, in whole sentences
PUBLIC = Recipient(OBSERVER, None, "UTC")
REVEALED = Recipient(OBSERVER, None, "UTC", everything=True)  # an ended game, shown in full


@dataclass(frozen=True)
class GivenOrders:
    """One player's orders that counted for a phase, as they sent them."""

    player: str
    side: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Phase:
    key: str
    title: str  # the ruleset's name of the phase: "Turn 3, blue moves"
    turn: int
    after: rulesets.HostedGame
    events: tuple[Event, ...]
    owed: tuple[str, ...]  # the sides whose orders the phase waited for
    orders: tuple[GivenOrders, ...]  # empty until the game has ended
    rolls: tuple[int, ...]  # empty until the game has ended
    ending: Ending | None  # the final report's facts: the last phase of an ended game only


@dataclass(frozen=True)
class Press:
    phase: str
    player: str
    side: str
    to: str  # a side, or "all"
    body: str


@dataclass(frozen=True)
class Stored:
    """Everything the archive is made of, read in one transaction."""

    game_id: str
    status: str
    winner: str | None
    scenario: str
    dice_name: str
    seed_commitment: str
    seed: str  # "" until the game has ended
    players: tuple[tuple[str, str, bool], ...]  # (name, side, still playing)
    phases: tuple[Phase, ...]
    press: tuple[Press, ...]
    revealed: bool = False  # ended, and its archive open: what was hidden is shown

    @property
    def ended(self) -> bool:
        return self.status in ENDED


def archive_game(engine: Engine, game_id: str, folder: Path) -> Path:
    """Write the archive into `folder`; the path of its index page."""
    stored = _read(engine, game_id)
    folder.mkdir(parents=True, exist_ok=True)
    env = report.environment()
    (folder / STYLESHEET).write_text(env.get_template("style.css.j2").render(),
                                     encoding="utf-8")
    made = [_phase_page(stored.game_id, phase, stored.revealed) for phase in stored.phases]
    names = [f"{page.basename}.html" for page, _ in made]
    title = stored.phases[0].after.title if stored.phases else stored.scenario
    site = {"game": stored.game_id, "title": title, "ended": stored.ended,
            "revealed": stored.revealed, "press": bool(stored.press),
            "stylesheet": STYLESHEET}
    for number, (phase, (page, data)) in enumerate(zip(stored.phases, made, strict=True)):
        around = {"previous": _link(stored.phases, names, number - 1),
                  "next": _link(stored.phases, names, number + 1)}
        html = env.get_template("archive_phase.html.j2").render(
            r=data, site=site, around=around, phase=_told(phase, stored.revealed),
            current="phase")
        replace(page, html=html).write(folder)
    index = folder / "index.html"
    index.write_text(env.get_template("archive_index.html.j2").render(
        site=site, current="index", status=stored.status, winner=stored.winner,
        players=_players(stored.players), turns=_turns(stored.phases, names),
        commitment=stored.seed_commitment), encoding="utf-8")
    if stored.press:
        (folder / "press.html").write_text(env.get_template("archive_press.html.j2").render(
            site=site, current="press", press=stored.press), encoding="utf-8")
    if stored.ended:
        (folder / "dice.html").write_text(env.get_template("archive_dice.html.j2").render(
            site=site, current="dice", seed=stored.seed, commitment=stored.seed_commitment,
            dice_name=stored.dice_name,
            phases=[(phase.key, phase.rolls) for phase in stored.phases if phase.rolls]),
            encoding="utf-8")
    return index


def _read(engine: Engine, game_id: str) -> Stored:
    with transaction(engine) as session:
        game = require_game(session, game_id)
        ended = game.status in ENDED
        revealed = ended and archive_after_end(game) == "open"
        people = repo.players(session, game_id, active_only=False)
        by_id = {p.id: p for p in people}
        phases = tuple(_phase(session, game, row, by_id, ended, revealed)
                       for row in repo.phases(session, game_id) if row.status == "resolved")
        press = tuple(Press(row.phase_key, _name(by_id, row.from_player_id), _side(
            by_id, row.from_player_id), row.to, row.body)
            for row in repo.press(session, game_id)) if revealed else ()
        return Stored(game_id=game.id, status=game.status, winner=game.winner,
                      scenario=game.scenario, dice_name=game.dice_name,
                      seed_commitment=game.seed_commitment, seed=game.seed if ended else "",
                      players=tuple((p.name, p.side, p.active) for p in people),
                      phases=phases, press=press, revealed=revealed)


def _phase(session: Any, game: GameRow, row: PhaseRow, people: dict[int | None, PlayerRow],
           ended: bool, revealed: bool = False) -> Phase:
    before = rulesets.load(game.ruleset, json.loads(row.state_before))
    after = rulesets.load(game.ruleset, json.loads(row.state_after or "{}"))
    orders: tuple[GivenOrders, ...] = ()
    rolls: tuple[int, ...] = ()
    if revealed:  # the secrets of play are told only once the game is over, and open
        orders = tuple(GivenOrders(_name(people, sent.player_id), sent.side, _order_lines(sent.raw))
                       for sent in repo.submissions(session, row.id or 0))
    if ended:  # the dice are public once the seed is
        rolls = tuple(roll.value for roll in read_log(json.loads(row.dice_log or "[]")))
    return Phase(key=row.key, title=before.phase_title, turn=before.turn, after=after,
                 events=_events(row), owed=tuple(before.owes()), orders=orders, rolls=rolls,
                 ending=ending_of(session, game, row) if ended else None)


def _name(people: dict[int | None, PlayerRow], player_id: int) -> str:
    player = people.get(player_id)
    return player.name if player else "a player no longer on record"


def _side(people: dict[int | None, PlayerRow], player_id: int) -> str:
    player = people.get(player_id)
    return player.side if player else "?"


def _order_lines(raw: str) -> tuple[str, ...]:
    """The lines a player sent, without blank lines (mail keeps each order on its mail line
    number) and without any sign-on line, which would carry a password."""
    return tuple(line.rstrip() for line in raw.splitlines()
                 if line.strip() and line.split()[0].upper() != "SIGNON")


def _phase_page(game_id: str, phase: Phase,
                revealed: bool = False) -> tuple[RenderedReport, dict[str, Any]]:
    """The observers' report of the phase and its data (the whole of it once the game has
    ended with its archive open); the archive writes its own HTML."""
    who = REVEALED if revealed else PUBLIC
    view, shown = seen_by(phase.after, phase.events, who)
    data = report_for(game_id=game_id, phase_key=phase.key, after=phase.after, view=view,
                      shown=shown, who=who, deadline=None, map_suffix="svg",
                      ending=phase.ending)
    scene = scene_for(game_id=game_id, phase_key=phase.key, after=phase.after, view=view,
                      shown=shown, who=who)
    made = RenderedReport(recipient=PUBLIC.name, side=None, phase=phase.key,
                          basename=f"{phase.key}-{PUBLIC.file_key}",
                          text=report.render_text(data), html="",
                          json=report.render_json(data), svg=report.render_svg(scene),
                          png=report.render_png(scene))
    return made, data


def _told(phase: Phase, ended: bool) -> dict[str, Any]:
    """What the phase page adds to the report: once the game has ended, the orders each
    player gave and the sides that owed orders but sent none."""
    sent = {given.side for given in phase.orders}
    return {"title": phase.title, "ended": ended,
            "orders": [{"player": g.player, "side": g.side, "lines": list(g.lines)}
                       for g in phase.orders],
            "silent": [side for side in phase.owed if side not in sent] if ended else []}


def _link(phases: tuple[Phase, ...], names: list[str], number: int) -> dict[str, str] | None:
    if not 0 <= number < len(phases):
        return None
    return {"href": names[number], "title": phases[number].title, "key": phases[number].key}


def summary(sentences: list[str], limit: int = SUMMARY_LIMIT) -> str:
    """A phase in one line: its first sentences as long as they fit `limit` (always at least
    one), and how many more the page tells."""
    told = [s for s in sentences if s]
    if not told:
        return "Nothing that observers could see."
    taken = [told[0]]
    for sentence in told[1:]:
        if len(" ".join([*taken, sentence])) > limit:
            break
        taken.append(sentence)
    rest = len(told) - len(taken)
    return " ".join(taken) + (f" ({rest} more on its page.)" if rest else "")


def _turns(phases: tuple[Phase, ...], names: list[str]) -> list[dict[str, Any]]:
    """The phases grouped by the turn the ruleset counts them in, each with its line."""
    rows = []
    for phase, name in zip(phases, names, strict=True):
        shown = phase.after.view_events(phase.events, None)
        rows.append({"turn": phase.turn, "key": phase.key, "title": phase.title,
                     "href": name,
                     "summary": summary([phase.after.narrate(event) for event in shown])})
    return [{"turn": turn, "phases": list(group)}
            for turn, group in groupby(rows, key=lambda row: row["turn"])]


def _players(players: tuple[tuple[str, str, bool], ...]) -> list[dict[str, Any]]:
    sides: dict[str, list[str]] = {}
    for name, side, active in players:
        sides.setdefault(side, []).append(name if active else f"{name} (until replaced)")
    return [{"side": side, "players": names} for side, names in sides.items()]
