"""Reports and briefings queued as jobs, in the caller's transaction: the transaction that
resolves a phase queues its reports (`queue_reports`), so the resolution and the intent to
mail each player commit together, while the drawing happens outside the game's write lock,
when the outbox sends them (pbem.app.reports.mailmake). A report's key and job carry the
phase's generation: a phase played again after a rollback is reported again."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pbem.mail.compose import new_message_id
from pbem.mail.settings import MailSettings
from pbem.store import repo


def report_key(game_id: str, phase_key: str, generation: int, rest: str) -> str:
    """The key of a mail about a play of a phase: the first play's (generation 0) as it has
    always been, each later play's (after a rollback) with its generation, so it is a new
    message and not the first play's already sent."""
    suffix = f"/g{generation}" if generation else ""
    return f"{game_id}/{phase_key}/{rest}{suffix}"


def queue_reports(session: Any, settings: MailSettings, game_id: str, phase_key: str,
                  now: datetime, generation: int = 0) -> list[str]:
    """In the caller's transaction: one report job per active player for a resolved phase
    (of that generation). Returns the addresses queued to."""
    queued = []
    for player in repo.players(session, game_id):
        message_id = new_message_id("report", report_key(game_id, phase_key, generation,
                                                         str(player.id)), settings.domain)
        repo.queue_mail(session, message_id=message_id, kind="report", game_id=game_id,
                        recipients=[player.email], sender=settings.judge_address,
                        subject=f"{game_id}: report after {phase_key}", raw=b"", now=now,
                        job={"type": "report", "game": game_id, "phase": phase_key,
                             "generation": generation, "player": player.id})
        queued.append(player.email)
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
                        subject=f"{game_id}: the game begins: your briefing", raw=b"",
                        now=now, job={"type": "briefing", "game": game_id,
                                      "player": player.id})
        queued.append(player.email)
    return queued
