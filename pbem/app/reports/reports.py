"""Use-cases for what people read: every recipient's report and map of a resolved phase,
and a player's briefing before the first (a game's static HTML archive is
pbem.app.reports.archive's). Each report is built from the engine's view for its recipient
only."""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import effective_text, require_game
from pbem.app.reports.account import Given, order_account
from pbem.app.reports.bookends import Ending, briefing_section, ending_section
from pbem.render import report
from pbem.rules.events import Event
from pbem.rules.interface import OrderSheet
from pbem.rules.scene import Scene
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import PhaseRow

GM, OBSERVER = "gm", "observer"


MANIFEST = "recipients.json"  # in a game's report folder: which file is whose


@dataclass(frozen=True)
class RenderedReport:
    recipient: str  # a player's name, "observer" or "gm"
    side: str | None
    phase: str
    basename: str  # the phase and the recipient's unique key: nothing hidden, never shared
    text: str
    html: str
    json: str
    svg: str
    png: bytes

    def paths(self, folder: Path) -> list[Path]:
        return [folder / f"{self.basename}.{suffix}"
                for suffix in ("txt", "html", "json", "svg", "png")]

    def write(self, folder: Path) -> list[Path]:
        folder.mkdir(parents=True, exist_ok=True)
        paths = self.paths(folder)
        for path, body in zip(paths, (self.text, self.html, self.json, self.svg), strict=False):
            path.write_text(body, encoding="utf-8")
        paths[-1].write_bytes(self.png)
        return paths


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "player"


def write_reports(made: list[RenderedReport], out: Path, game_id: str) -> list[Path]:
    """Write reports into the game's own folder under `out` (private: 0700). A file already
    there is overwritten only if the folder's manifest says it is the same recipient's; any
    other file of that name is left alone and nothing at all is written."""
    folder = out / game_id
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    manifest_path = folder / MANIFEST
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8")) \
            if manifest_path.exists() else {}
    except (OSError, ValueError):
        raise JudgeError(f"{manifest_path} is unreadable; move the folder {folder} aside and "
                         "write the reports again") from None
    for rendered in made:
        owner = f"{game_id}/{rendered.basename}"
        taken = [p for p in rendered.paths(folder) if p.exists()]
        if taken and manifest.get(rendered.basename) != owner:
            raise JudgeError(f"{taken[0]} already exists and was not written for "
                             f"{rendered.recipient} of {game_id}; nothing was written. Choose "
                             "another --out folder")
    written = []
    for rendered in made:
        written += rendered.write(folder)
        manifest[rendered.basename] = f"{game_id}/{rendered.basename}"
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n",
                             encoding="utf-8")
    return written


def _events(phase: PhaseRow) -> tuple[Event, ...]:
    return tuple(Event(item["kind"], tuple((k, v) for k, v in item.items() if k != "kind"))
                 for item in json.loads(phase.events or "[]"))


@dataclass(frozen=True)
class Recipient:
    name: str
    side: str | None  # None: observer or game master
    timezone: str
    everything: bool = False  # the game master sees the whole state
    key: str = ""  # unique among a game's recipients, for file names (default: from the name)

    @property
    def file_key(self) -> str:
        return self.key or slug(self.name)


def player_recipient(player: Any) -> Recipient:
    """A player's key starts with their stored id: `Ann` and `Ann!`, or a player called
    `GM`, never share a file with each other or with the game master."""
    return Recipient(player.name, player.side, player.timezone, key=f"p{player.id}-"
                     f"{slug(player.name)}")


def seen_by(after: rulesets.HostedGame, events: tuple[Event, ...],
            who: Recipient) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The view and the events as one recipient may see them."""
    if who.everything:
        return after.full_view(), [e.as_dict() for e in events]
    return after.view(who.side), after.view_events(events, who.side)


def signed_template(game: rulesets.HostedGame, who: Recipient, owes: Sequence[str],
                    game_id: str, mail_to: str,
                    template: Sequence[str] | None = None) -> tuple[str, ...]:
    """A player's order template for the open phase (none if they owe nothing), begun with
    their sign-on line (the password left to fill in) and, given the judge's address
    `mail_to`, where to send it. `template`: the side's template lines already made (a
    phase's players of one side share them), else the game makes them."""
    if not (who.side and who.side in owes):
        return ()
    lines = game.order_template(who.side) if template is None else template
    if not lines:
        return ()
    where = [f"# Fill in your password and mail this to {mail_to}."] if mail_to else []
    return (*where, f"SIGNON {game_id} {who.name} PASSWORD", *lines, "ENDORDERS")


@dataclass(frozen=True)
class SeenView:
    """What every reader of one view of a phase (a side, the observers, the game master)
    shares: the view and events as they may see them, who they are told owes orders, and
    their report's entries (pbem.render.report.view_entries), each also JSON-encoded."""

    view: dict[str, Any]
    shown: list[dict[str, Any]]
    owes: list[str]
    hidden: bool
    entries: dict[str, Any]
    encoded: dict[str, tuple[Any, str]]


class SharedPhase:
    """One resolved phase's reports, the work they share done once: the ruleset's sentence
    for each event, each submission checked, each side's order template, the standing and
    the house rules once per phase; the view, its events, the account of the orders, the
    sections, the pieces and their JSON once per view (pbem.rules.interface's view and
    view_events, keyed by side and game master), never across views. Per recipient only
    what names them (their name, time zone, deadline, map file, sign-on line). Pure: its
    outputs are what each recipient's report built alone would be, byte for byte."""

    def __init__(self, *, game_id: str, phase_key: str, after: rulesets.HostedGame,
                 events: tuple[Event, ...], before: rulesets.HostedGame | None = None,
                 given: Sequence[Given] = (), ending: Ending | None = None) -> None:
        self.game_id, self.phase_key, self.after, self.events = game_id, phase_key, after, events
        self.before, self.given, self.ending = before, tuple(given), ending
        self._views: dict[tuple[str | None, bool], SeenView] = {}
        self._templates: dict[str, tuple[str, ...]] = {}
        self._sheets: dict[Given, OrderSheet] = {}
        self._sentences: dict[str, str] = {}
        self._items: dict[str, str] = {}  # items of the JSON reports' lists, encoded once
        self._common: tuple[dict[str, Any], list[str]] | None = None
        self.folded: dict[tuple[int, str], list[str]] = {}  # long text lines, folded once
        self.tables: dict[int, tuple[dict[str, Any], list[str]]] = {}  # text tables, once

    def seen(self, who: Recipient) -> SeenView:
        """The view of `who` (made the first time a reader of it asks)."""
        key = (who.side, who.everything)
        found = self._views.get(key)
        if found is None:
            view, shown = seen_by(self.after, self.events, who)
            found = self._views[key] = self.seen_as(who, view, shown)
        return found

    def seen_as(self, who: Recipient, view: dict[str, Any],
                shown: list[dict[str, Any]]) -> SeenView:
        """The shared part of the reports of readers who see `view` and `shown`."""
        after, before = self.after, self.before
        owes = after.owes_told(who.side, who.everything)
        hidden = after.duty_hidden and not who.everything
        account = (() if before is None else
                   (order_account(before, self.given, shown, who.side, who.everything,
                                  after.over, check=self._sheet),))
        closing = () if self.ending is None else (
            ending_section(self.ending, view.get("winner"), self.game_id, self.phase_key),)
        victory, house_rules = self._phase_wide()
        entries = report.view_entries(
            happened=[self._sentence(e) for e in shown], events=shown,
            sections=(*closing, *account, *after.report_sections(view, who.side)),
            pieces=after.report_pieces(view), victory=victory, house_rules=house_rules)
        encoded = {key: (value, report.json_fragment(value, self._items))
                   for key, value in entries.items()}
        return SeenView(view, shown, owes, hidden, entries, encoded)

    def template(self, side: str) -> tuple[str, ...]:
        """The order template of `side` for the phase that follows (shared by its players)."""
        found = self._templates.get(side)
        if found is None:
            found = self._templates[side] = tuple(self.after.order_template(side))
        return found

    def _phase_wide(self) -> tuple[dict[str, Any], list[str]]:
        if self._common is None:
            self._common = (self.after.standing(), list(self.after.house_rules()))
        return self._common

    def _sheet(self, submission: Given) -> OrderSheet:
        found = self._sheets.get(submission)
        if found is None:
            assert self.before is not None
            found = self._sheets[submission] = self.before.check(submission.side,
                                                                 submission.text)
        return found

    def _sentence(self, event: dict[str, Any]) -> str:
        """The ruleset's sentence for an event as shown (the same event shown to several
        views, the public ones, is told once). Keyed by the event's repr: its fields, their
        order and their types."""
        key = repr(event)
        found = self._sentences.get(key)
        if found is None:
            found = self._sentences[key] = self.after.narrate(event)
        return found

    def data_of(self, who: Recipient, seen: SeenView, *, deadline: Any,
                map_suffix: str = "png", mail_to: str = "",
                since: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
        """The report data (pure) of `who`, a reader of the view `seen`: what names them
        around what their view shares (see report_for for what each argument does)."""
        after, before, phase_key = self.after, self.before, self.phase_key
        if after.over or not (seen.owes or seen.hidden):
            deadline = None
        template = (self.template(who.side) if who.side and who.side in seen.owes else ())
        return report.reader_data(
            seen.entries, game=self.game_id, title=after.title, phase=phase_key,
            phase_title=before.phase_title if before is not None else "",
            next_title="" if after.over else after.phase_title,
            viewer=who.side, player=who.name, timezone=who.timezone,
            winner=seen.view.get("winner"),
            kind="report" if self.ending is None else "final",
            final=None if self.ending is None else self.ending.as_json(),
            next_phase=after.key if not after.over else "",
            owes=seen.owes, owes_hidden=seen.hidden, deadline=deadline,
            template=signed_template(after, who, seen.owes, self.game_id, mail_to, template),
            map_file=f"{phase_key}-{who.file_key}.{map_suffix}" if map_suffix else "",
            everything=who.everything, since=[title for _, title in since])

    def texts(self, who: Recipient, *, deadline: Any, map_suffix: str = "png",
              mail_to: str = "", since: Sequence[tuple[str, str]] = ()
              ) -> tuple[str, str, str]:
        """One recipient's report as text, HTML and JSON."""
        seen = self.seen(who)
        data = self.data_of(who, seen, deadline=deadline, map_suffix=map_suffix,
                            mail_to=mail_to, since=since)
        return (report.render_text(data, self.folded, self.tables), report.render_html(data),
                report.render_json(data, seen.encoded))

    def scene(self, who: Recipient) -> Scene:
        """The map of `who`, from the view their report is made of."""
        seen = self.seen(who)
        return scene_for(game_id=self.game_id, phase_key=self.phase_key, after=self.after,
                         view=seen.view, shown=seen.shown, who=who)


RECENT_PHASES = 8  # phases whose shared report work a process keeps (the last ones asked)
_recent: OrderedDict[tuple[Any, ...], SharedPhase] = OrderedDict()
_recent_lock = threading.Lock()


class _Value:
    """A game value as part of a key: hashed once, and equal to another by identity first
    (a value stored_game gave again), then by value."""

    __slots__ = ("game", "hashed")

    def __init__(self, game: rulesets.HostedGame) -> None:
        self.game, self.hashed = game, hash(game)

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Value) and (other.game is self.game or (
            other.hashed == self.hashed and type(other.game) is type(self.game)
            and other.game == self.game))


class _Events:
    """A phase's events as part of a key: hashed by their kinds, equal event for event
    (their kinds and fields)."""

    __slots__ = ("events", "hashed")

    def __init__(self, events: tuple[Event, ...]) -> None:
        self.events, self.hashed = events, hash(tuple(event.kind for event in events))

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Events) and (other.events is self.events
                                               or other.events == self.events)


_values: OrderedDict[int, _Value] = OrderedDict()  # by id: each held, so its id is its own


def _state_key(game: rulesets.HostedGame | None) -> Any:
    """A game value by what it is, so that two loads of one stored phase are one key: the
    value itself where it is a value (a frozen dataclass, as every ruleset's is: equal when
    every field is), else its class, ruleset and state as stored."""
    if game is None:
        return None
    with _recent_lock:
        known = _values.get(id(game))
        if known is not None and known.game is game:
            _values.move_to_end(id(game))
            return known
    try:
        keyed = _Value(game)
    except TypeError:
        kind = type(game)
        return (kind.__module__, kind.__qualname__, game.ruleset, repr(game.to_json()))
    with _recent_lock:
        _values[id(game)] = keyed
        while len(_values) > 4 * RECENT_PHASES:
            _values.popitem(last=False)
    return keyed


@lru_cache(maxsize=2 * RECENT_PHASES)
def stored_game(ruleset: str, state: str) -> rulesets.HostedGame:
    """The game value of a stored state (its JSON text), loaded once for the last states
    asked: a phase's report jobs each load the same states, and a game value is immutable
    (pbem.rules.interface.GameValue), so one value serves them all."""
    return rulesets.load(ruleset, json.loads(state))


def shared_phase(*, game_id: str, phase_key: str, after: rulesets.HostedGame,
                 events: tuple[Event, ...], before: rulesets.HostedGame | None = None,
                 given: Sequence[Given] = (), ending: Ending | None = None) -> SharedPhase:
    """The phase's shared report work, kept for the next recipient of the same phase: the
    outbox makes a phase's reports one mail at a time, each from the phase as stored
    (pbem.app.reports.mailmake), and each after the first finds the work done. The key is
    everything the work is made of (the games before and after by their state, the events,
    the submissions, the ending), so a phase played again after a rollback, or another game
    of the same name, is another key. The last RECENT_PHASES phases are kept."""
    key = (game_id, phase_key, _state_key(after), _Events(events), _state_key(before),
           tuple(given), ending)
    with _recent_lock:
        found = _recent.get(key)
        if found is not None:
            _recent.move_to_end(key)
            return found
    made = SharedPhase(game_id=game_id, phase_key=phase_key, after=after, events=events,
                       before=before, given=given, ending=ending)
    with _recent_lock:
        found = _recent.setdefault(key, made)
        _recent.move_to_end(key)
        while len(_recent) > RECENT_PHASES:
            _recent.popitem(last=False)
    return found


def forget_shared_phases() -> None:
    """Drop the kept phases (the benchmark builds each phase's reports from cold)."""
    with _recent_lock:
        _recent.clear()
        _values.clear()


def report_for(*, game_id: str, phase_key: str, after: rulesets.HostedGame,
               view: dict[str, Any], shown: list[dict[str, Any]], who: Recipient,
               deadline: Any, map_suffix: str = "png", mail_to: str = "",
               before: rulesets.HostedGame | None = None,
               given: Sequence[Given] = (), ending: Ending | None = None,
               since: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """One recipient's report data (pure), as the ruleset presents it. Given the game
    `before` the phase and the orders it was played with, the report begins with the
    account of the orders (pbem.app.reports.account). A player's order template begins with their
    sign-on line (password left to fill in) and, given the judge's address `mail_to`, says
    where to send it. Given the `ending` of a game that is over (for its last phase only),
    the report is the final report. `since`: the phases (key, title) resolved since this
    recipient's last report, folded into this one as they showed them nothing. With no
    `map_suffix` the report has no map. A phase nobody owes orders for is announced without
    a deadline (unless who owes is itself hidden). A phase's reports for several
    recipients share their work through SharedPhase (render_phase)."""
    phase = SharedPhase(game_id=game_id, phase_key=phase_key, after=after, events=(),
                        before=before, given=given, ending=ending)
    return phase.data_of(who, phase.seen_as(who, view, shown), deadline=deadline,
                         map_suffix=map_suffix, mail_to=mail_to, since=since)


def scene_for(*, game_id: str, phase_key: str, after: rulesets.HostedGame,
              view: dict[str, Any], shown: list[dict[str, Any]], who: Recipient) -> Scene:
    """One recipient's map of the phase."""
    viewer = who.side or ("the game master" if who.everything else "an observer")
    return after.map_scene(view, shown, f"{after.title}: {game_id}",
                           f"after {phase_key}, as {viewer} sees it", viewer=who.side)


def report_texts(*, game_id: str, phase_key: str, after: rulesets.HostedGame,
                 events: tuple[Event, ...], recipients: Sequence[Recipient],
                 deadline: Any, map_suffix: str = "png", mail_to: str = "",
                 before: rulesets.HostedGame | None = None,
                 given: Sequence[Given] = (), ending: Ending | None = None,
                 since: Sequence[tuple[str, str]] = ()) -> list[tuple[str, str, str]]:
    """Each recipient's report of one resolved phase as text, HTML and JSON (pure: no
    database), the work they share done once for the phase (shared_phase)."""
    phase = shared_phase(game_id=game_id, phase_key=phase_key, after=after, events=events,
                         before=before, given=given, ending=ending)
    return [phase.texts(who, deadline=deadline, map_suffix=map_suffix, mail_to=mail_to,
                        since=since) for who in recipients]


def render_phase(*, game_id: str, phase_key: str, after: rulesets.HostedGame,
                 events: tuple[Event, ...], recipients: list[Recipient],
                 deadline: Any, map_suffix: str = "png", mail_to: str = "",
                 before: rulesets.HostedGame | None = None,
                 given: Sequence[Given] = (), ending: Ending | None = None,
                 since: Sequence[tuple[str, str]] = (), png: bool = True,
                 ) -> list[RenderedReport]:
    """Reports of one resolved phase for each recipient (pure: no database). With the game
    `before` the phase and the orders `given`, each report accounts for the orders. The
    work the recipients share is done once for the phase (shared_phase), even when the
    outbox asks for one recipient at a time. Without `png` the reports' PNG is left empty
    (b""): for a caller that paints its own (the report mail's phone map)."""
    phase = shared_phase(game_id=game_id, phase_key=phase_key, after=after, events=events,
                         before=before, given=given, ending=ending)
    out = []
    for who in recipients:
        text, html, data_json = phase.texts(who, deadline=deadline, map_suffix=map_suffix,
                                            mail_to=mail_to, since=since)
        scene = phase.scene(who)
        out.append(RenderedReport(
            recipient=who.name, side=who.side, phase=phase_key,
            basename=f"{phase_key}-{who.file_key}", text=text, html=html, json=data_json,
            svg=report.render_svg(scene), png=report.render_png(scene) if png else b"",
        ))
    return out


def _resolved(session: Any, game_id: str, key: str | None) -> PhaseRow:
    resolved = [p for p in repo.phases(session, game_id) if p.status == "resolved"]
    if not resolved:
        raise JudgeError(f"{game_id} has no resolved phase to report yet")
    if key is None:
        return resolved[-1]
    for phase in resolved:
        if phase.key == key:
            return phase
    raise JudgeError(f"{game_id} has no resolved phase {key}; resolved are "
                     f"{', '.join(p.key for p in resolved)}")


def phase_reports(engine: Engine, game_id: str, key: str | None = None,
                  map_suffix: str = "svg", mail_to: str = "") -> list[RenderedReport]:
    """Every player's report, the observers' and the game master's, for a resolved phase
    (the latest by default). These are for files, where the SVG map lies beside the HTML
    (it scales; the PNG is the fallback); mail goes through render_phase with the PNG."""
    with transaction(engine) as session:
        game = require_game(session, game_id)
        phase = _resolved(session, game_id, key)
        after = rulesets.load(game.ruleset, json.loads(phase.state_after or "{}"))
        following = [p for p in repo.phases(session, game_id) if p.seq == phase.seq + 1]
        deadline = following[0].deadline if following else None
        recipients = [player_recipient(p) for p in repo.players(session, game_id)]
        recipients += [Recipient(OBSERVER, None, "UTC"), Recipient(GM, None, "UTC", True)]
        events = _events(phase)
        before, given = played_with(session, game.ruleset, phase)
        ending = ending_of(session, game, phase)
    return render_phase(game_id=game_id, phase_key=phase.key, after=after, events=events,
                        recipients=recipients, deadline=deadline, map_suffix=map_suffix,
                        mail_to=mail_to, before=before, given=given, ending=ending)


def ending_of(session: Any, game: Any, phase: PhaseRow) -> Ending | None:
    """The facts of the final report, when `phase` is the last one of a game that is over;
    None otherwise (the seed stays secret until the end)."""
    if game.status not in ("over", "ended"):
        return None
    resolved = [p for p in repo.phases(session, game.id) if p.status == "resolved"]
    if not resolved or resolved[-1].id != phase.id:
        return None
    last = resolved[-1]
    turns = rulesets.load(game.ruleset, json.loads(last.state_before)).turn
    return Ending(seed=game.seed, commitment=game.seed_commitment, dice_name=game.dice_name,
                  phases=len(resolved), turns=turns, started=game.created_at,
                  ended=last.resolved_at, status=game.status)


def briefing_scene(game_id: str, game: rulesets.HostedGame, who: Recipient,
                   view: dict[str, Any] | None = None) -> Scene:
    """One recipient's map before the first phase, from their view (`view`, when the caller
    has it already)."""
    if view is None:
        view = game.full_view() if who.everything else game.view(who.side)
    viewer = who.side or ("the game master" if who.everything else "an observer")
    return game.map_scene(view, [], f"{game.title}: {game_id}",
                          f"before the first phase, as {viewer} sees it", viewer=who.side)


def render_briefing(*, game_id: str, game: rulesets.HostedGame, recipients: list[Recipient],
                    players: Sequence[tuple[str, str]], deadline: Any, commitment: str,
                    mail_to: str = "", map_suffix: str = "png",
                    png: bool = True) -> list[RenderedReport]:
    """Each recipient's briefing before the first phase (pure): who plays what, the first
    phase and its deadline, the pieces as the rules set them out, the map, and the order
    template to start from. With `png` off the whole board's PNG is not painted (the mail
    paints its own phone pair)."""
    out = []
    for who in recipients:
        view = game.full_view() if who.everything else game.view(who.side)
        owes = game.owes_told(who.side, who.everything)
        template = signed_template(game, who, owes, game_id, mail_to)
        first = report.local_deadline(deadline, who.timezone) if deadline else ""
        about = briefing_section(game_id, game.title, players, game.phase_title, first,
                                 commitment)
        data = report.report_data(
            game=game_id, title=game.title, phase=game.key, phase_title=game.phase_title,
            next_title=game.phase_title, viewer=who.side, player=who.name,
            timezone=who.timezone, happened=[], events=[],
            sections=(about, *game.report_sections(view, who.side)), winner=None,
            next_phase=game.key, owes=owes, owes_hidden=game.duty_hidden and not who.everything,
            deadline=deadline, template=template, house_rules=list(game.house_rules()),
            map_file=f"start-{who.file_key}.{map_suffix}" if map_suffix else "",
            everything=who.everything,
            victory=game.standing(), kind="briefing", pieces=game.report_pieces(view))
        scene = briefing_scene(game_id, game, who, view)
        out.append(RenderedReport(
            recipient=who.name, side=who.side, phase="start", basename=f"start-{who.file_key}",
            text=report.render_text(data), html=report.render_html(data),
            json=report.render_json(data), svg=report.render_svg(scene),
            png=report.render_png(scene) if png else b""))
    return out


def played_with(session: Any, ruleset: str, phase: PhaseRow
                ) -> tuple[rulesets.HostedGame, list[Given]]:
    """The game before a resolved phase and the submissions it was played with (each
    player's latest, as the rules read them), for the account of the orders."""
    names = {p.id: p.name for p in repo.players(session, phase.game_id, active_only=False)}
    given = []
    for row in repo.submissions(session, phase.id or 0):
        given.append(Given(names.get(row.player_id, "?"), row.side, effective_text(row)))
    return stored_game(ruleset, phase.state_before), given


