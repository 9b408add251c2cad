"""Reports and briefings queued as jobs, in the caller's transaction: the transaction that
resolves a phase queues its reports (`queue_reports`), so the resolution and the intent to
mail each player commit together, while the drawing happens outside the game's write lock,
when the outbox sends them (pbem.app.reports.mailmake). A report's key and job carry the
phase's generation: a phase played again after a rollback is reported again.

Subjects are written for people: the game, the phase as the ruleset titles it, and what the
mail is ("tyre — turn 3, red moves: your report"); `report_subject` makes every report's."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pbem.mail.compose import new_message_id
from pbem.mail.settings import MailSettings
from pbem.store import repo

GM_RECIPIENT = "gm"  # the job's "player" for the game master's report


def report_key(game_id: str, phase_key: str, generation: int, rest: str) -> str:
    """The key of a mail about a play of a phase: the first play's (generation 0) as it has
    always been, each later play's (after a rollback) with its generation, so it is a new
    message and not the first play's already sent."""
    suffix = f"/g{generation}" if generation else ""
    return f"{game_id}/{phase_key}/{rest}{suffix}"


def report_subject(game_id: str, phase_title: str, final: bool = False,
                   game_master: bool = False) -> str:
    """The subject of a report: the game, the phase resolved as the ruleset titles it (its
    first letter small, as it stands mid-sentence) and whose report it is."""
    title = phase_title.strip()
    title = title[:1].lower() + title[1:]
    whose = "the game master's" if game_master else "your"
    return f"{game_id} — {title}: {whose} {'final report' if final else 'report'}"


def briefing_subject(game_id: str) -> str:
    return f"{game_id} — the game begins: your briefing"


def queue_reports(session: Any, settings: MailSettings, game_id: str, phase_key: str,
                  now: datetime, generation: int = 0, *, phase_title: str = "",
                  final: bool = False, players: Sequence[Any] | None = None,
                  since: dict[int, list[list[str]]] | None = None,
                  gm_email: str | None = None) -> list[str]:
    """In the caller's transaction: one report job per player given (by default every
    active player) for a resolved phase (of that generation), each job with the phases
    resolved since that player's last report (`since`, by player id), and one for the game
    master at `gm_email` (the full view). Returns the addresses queued to."""
    title = phase_title or phase_key
    queued = []
    chosen = repo.players(session, game_id) if players is None else players
    for player in chosen:
        message_id = new_message_id("report", report_key(game_id, phase_key, generation,
                                                         str(player.id)), settings.domain)
        repo.queue_mail(session, message_id=message_id, kind="report", game_id=game_id,
                        recipients=[player.email], sender=settings.judge_address,
                        subject=report_subject(game_id, title, final), raw=b"", now=now,
                        job={"type": "report", "game": game_id, "phase": phase_key,
                             "generation": generation, "player": player.id,
                             "since": (since or {}).get(player.id or 0, [])})
        queued.append(player.email)
    if gm_email:
        message_id = new_message_id("report", report_key(game_id, phase_key, generation,
                                                         GM_RECIPIENT), settings.domain)
        repo.queue_mail(session, message_id=message_id, kind="report", game_id=game_id,
                        recipients=[gm_email], sender=settings.judge_address,
                        subject=report_subject(game_id, title, final, game_master=True),
                        raw=b"", now=now,
                        job={"type": "report", "game": game_id, "phase": phase_key,
                             "generation": generation, "player": GM_RECIPIENT})
        queued.append(gm_email)
    return queued


def queue_briefings(session: Any, settings: MailSettings, game_id: str,
                    now: datetime) -> list[str]:
    """In the caller's transaction (the one that makes or starts the game): a briefing job
    per active player. Returns the addresses queued to."""
    queued = []
    for player in repo.players(session, game_id):
        message_id = new_message_id("briefing", f"{game_id}/{player.id}", settings.domain)
        repo.queue_mail(session, message_id=message_id, kind="report", game_id=game_id,
                        recipients=[player.email], sender=settings.judge_address,
                        subject=briefing_subject(game_id), raw=b"",
                        now=now, job={"type": "briefing", "game": game_id,
                                      "player": player.id})
        queued.append(player.email)
    return queued
