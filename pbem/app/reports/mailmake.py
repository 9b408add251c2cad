"""Making the messages queued as jobs, when the outbox sends them: a player's turn report
(text and HTML with the map inline as two pictures, its close-up over its overview, the SVG
on request, and the next deadline as .ics) and a reply's
map of the paths understood. Everything comes from stored data, so a job made twice gives
the same bytes; the outbox stores them once made.

Reports are queued as jobs by the transaction that resolves a phase (`queue_reports`, in
pbem.app.mailout.queue), so the resolution and the intent to mail each player commit
together, while the drawing (tens of milliseconds a recipient) happens outside the game's
write lock. A report's key
and job carry the phase's generation: a phase played again after a rollback is reported
again, from its new play, and a report of the first play still queued is made from that.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.mailout.queue import GM_RECIPIENT
from pbem.app.reports.mapchoice import DEFAULT_MAP, map_choice
from pbem.app.reports.reports import (
    GM,
    Recipient,
    briefing_scene,
    ending_of,
    played_with,
    player_recipient,
    render_briefing,
    render_phase,
    shared_phase,
    stored_game,
)
from pbem.mail.compose import compose, deadline_ics
from pbem.mail.settings import MailSettings
from pbem.rules.scene import Scene
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import GameRow, MailOutRow, PhaseRow, PlayerRow

LOG = logging.getLogger(__name__)


def maker(engine: Engine, settings: MailSettings) -> Callable[[MailOutRow], bytes]:
    """The outbox's `make`: the bytes of a message queued as a job."""
    def make(row: MailOutRow) -> bytes:
        job = json.loads(row.job or "{}")
        if job.get("type") == "report":
            return _report(engine, settings, row, job)
        if job.get("type") == "briefing":
            return _briefing(engine, settings, row, job)
        if job.get("type") == "reply":
            return _reply_with_map(engine, settings, row, job)
        raise ValueError(f"unknown job {job.get('type')!r}")
    return make


def _briefing(engine: Engine, settings: MailSettings, row: MailOutRow,
              job: dict[str, Any]) -> bytes:
    with transaction(engine) as session:
        game = session.get(GameRow, job["game"])
        player = session.get(PlayerRow, job["player"])
        if game is None or player is None:
            raise JudgeError(f"the briefing's game or player is gone ({job})")
        first = [p for p in repo.phases(session, game.id) if p.seq == 0]
        if not first:
            raise JudgeError(f"{game.id} has no first phase any more")
        phase = first[-1]
        start = rulesets.load(game.ruleset, json.loads(phase.state_before))
        players = [(p.name, p.side) for p in repo.players(session, game.id)]
        who = player_recipient(player)
        deadline = phase.deadline
        chosen = map_choice(player)
    made = render_briefing(game_id=game.id, game=start, recipients=[who], players=players,
                           deadline=deadline, commitment=game.seed_commitment,
                           mail_to=settings.judge_address,
                           map_suffix="" if chosen == "none" else CLOSEUP,
                           png=False)[0]  # the mail's PNGs are the phone pair painted below
    overview = None
    if chosen != "none":  # the phone pair, as a report's: the reader's pieces and the enemy's
        closeup, overview = _phone_map(briefing_scene(game.id, start, who), who)
        made = replace(made, png=closeup)
    return _report_mail(settings, row, made, game.id, start.key, deadline, row.created_at,
                        chosen, overview)


def _phase(session: Any, game_id: str, key: str, resolved: bool,
           generation: int | None = None) -> PhaseRow:
    """The phase a job is about: the play of `generation` when the job names one (resolved,
    or set aside since by a rollback after it was resolved), else the latest live one."""
    if generation is not None:
        played = [p for p in repo.phases(session, game_id, archived=True)
                  if p.key == key and p.generation == generation and p.state_after]
        if played:
            return played[-1]
        raise JudgeError(f"{game_id} has no resolved play {generation} of phase {key}")
    found = [p for p in repo.phases(session, game_id) if p.key == key
             and (p.status == "resolved" or not resolved)]
    if not found:
        raise JudgeError(f"{game_id} has no phase {key} any more (rolled back?)")
    return found[-1]


def _following(session: Any, phase: PhaseRow) -> PhaseRow | None:
    """The phase that the resolution of `phase` opened (None after the last)."""
    if phase.status != "archived":
        live = [p for p in repo.phases(session, phase.game_id) if p.seq == phase.seq + 1]
        return live[0] if live else None
    opened = [p for p in repo.phases(session, phase.game_id, archived=True)
              if p.seq == phase.seq + 1 and p.opened_at == phase.resolved_at]
    return opened[-1] if opened else None


def _reply_with_map(engine: Engine, settings: MailSettings, row: MailOutRow,
                    job: dict[str, Any]) -> bytes:
    """An orders reply with the map of the paths understood: the PNG framed on the plotted
    paths at a phone's width, over the whole board small (as a report's map); the SVG is the
    whole board, to zoom on a desk."""
    from pbem.render.frame import phone_png
    from pbem.render.svg import write_svg

    plan = job["plan"]
    png: bytes | None = None
    svg: str | None = None
    try:
        with transaction(engine) as session:  # (a phase rolled back since is gone: no map)
            state = _phase(session, plan["game"], plan["phase"], resolved=False).state_before
        hosted = rulesets.load(plan["ruleset"], json.loads(state))
        scene = hosted.plan_scene(plan["side"], [(piece, tuple(places))
                                                 for piece, places in plan["plans"]],
                                  f"Orders of {plan['player']} for {plan['phase']}",
                                  "as the judge understood them")
        png, svg = phone_png(scene), write_svg(scene)
    except Exception:  # noqa: BLE001 - the answer goes out without its map, never not at all
        LOG.exception("the map of %s could not be drawn; the reply goes without it",
                      row.message_id)
    return compose(sender=row.sender, sender_name=settings.judge_name,
                   to=json.loads(row.recipients), subject=row.subject, text=job["text"],
                   png=png, png_name="orders.png", svg=svg,
                   svg_name="orders.svg", message_id=row.message_id,
                   in_reply_to=job.get("in_reply_to"), references=job.get("references"),
                   auto="auto-replied",
                   loop=settings.judge_address, date=datetime.fromisoformat(job["date"]))


def _report(engine: Engine, settings: MailSettings, row: MailOutRow,
            job: dict[str, Any]) -> bytes:
    """A report of a resolved phase for the player of the job, or for the game master (the
    full view) when the job's player is GM_RECIPIENT; with the phases folded into it."""
    with transaction(engine) as session:
        game = session.get(GameRow, job["game"])
        if game is None:
            raise JudgeError(f"the report's game is gone ({job})")
        if job["player"] == GM_RECIPIENT:
            who, chosen = Recipient(GM, None, "UTC", everything=True), DEFAULT_MAP
        else:
            player = session.get(PlayerRow, job["player"])
            if player is None:
                raise JudgeError(f"the report's player is gone ({job})")
            who, chosen = player_recipient(player), map_choice(player)
        phase = _phase(session, game.id, job["phase"], resolved=True, generation=job.get(
            "generation"))
        following = _following(session, phase)
        deadline = following.deadline if following is not None else None
        after = stored_game(game.ruleset, phase.state_after or "{}")  # one value a phase
        events = tuple(_events(phase))
        before, given = played_with(session, game.ruleset, phase)
        ending = ending_of(session, game, phase)
        made_at = phase.resolved_at or row.created_at
    made = render_phase(game_id=game.id, phase_key=phase.key, after=after, events=events,
                        recipients=[who], deadline=deadline,
                        map_suffix="" if chosen == "none" else CLOSEUP,
                        mail_to=settings.judge_address, before=before, given=given,
                        ending=ending, since=[tuple(item) for item in job.get("since", [])],
                        png=False)[0]  # the mail's PNGs are the phone map painted below
    overview = None
    if chosen != "none":
        scene = shared_phase(game_id=game.id, phase_key=phase.key, after=after, events=events,
                             before=before, given=given, ending=ending).scene(who)
        closeup, overview = _phone_map(scene, who)
        made = replace(made, png=closeup)
    return _report_mail(settings, row, made, game.id, after.key,
                        None if after.over or not after.owes() else deadline, made_at,
                        chosen, overview)


# a report mail's map files: the HTML (report.html.j2) shows "<name>.closeup.png" and, under
# it, "<name>.overview.png"; the mail carries both inline by their Content-IDs
CLOSEUP, OVERVIEW = "closeup.png", "overview.png"


def _phone_map(scene: Scene, who: Recipient) -> tuple[bytes, bytes]:
    """The report's map as the mail carries it: the recipient's own scene (nothing more is
    seen), its close-up and its overview at a phone's width (pbem.render.frame), a phase
    without contact framed on the recipient's own pieces and the enemies nearest them."""
    from pbem.render.frame import phone_pngs

    # whose view it is frames a phase without contact on the recipient's own pieces
    return phone_pngs(replace(scene, viewer=who.side))


def _report_mail(settings: MailSettings, row: MailOutRow, made: Any, game_id: str,
                 next_key: str, deadline: datetime | None, made_at: datetime,
                 chosen: str = DEFAULT_MAP, overview: bytes | None = None) -> bytes:
    """A report or briefing as mail: text and HTML with the PNG map inline (a report's as
    its close-up and its `overview`; the SVG too when the player asked for it, no map when
    they asked for none; pbem.app.reports.mapchoice), and the next deadline as .ics when
    there is one."""
    ics = None
    if deadline is not None:
        ics = deadline_ics(uid=f"{game_id}-{next_key}@{settings.domain}", game=game_id,
                           phase=next_key, deadline=_utc(deadline),
                           summary=f"{game_id}: orders for {next_key} due",
                           description=f"Orders for {next_key} of {game_id} are due.",
                           stamp=_utc(made_at))
    picture = f"{made.basename}.{CLOSEUP}" if overview is not None else f"{made.basename}.png"
    return compose(sender=row.sender, sender_name=settings.judge_name,
                   to=json.loads(row.recipients), subject=row.subject, text=made.text,
                   html=made.html, png=None if chosen == "none" else made.png,
                   png_name=picture, map_src=picture,
                   svg=made.svg if chosen == "svg" else None,
                   svg_name=f"{made.basename}.svg", ics=ics, message_id=row.message_id,
                   auto="auto-generated", loop=settings.judge_address, date=_utc(made_at),
                   overview=None if chosen == "none" else overview,
                   overview_name=f"{made.basename}.{OVERVIEW}",
                   overview_src=f"{made.basename}.{OVERVIEW}")


def _utc(moment: datetime) -> datetime:
    from datetime import UTC

    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _events(phase: PhaseRow) -> list[Any]:
    from pbem.rules.events import Event

    return [Event(e["kind"], tuple((k, v) for k, v in e.items() if k != "kind"))
            for e in json.loads(phase.events or "[]")]
