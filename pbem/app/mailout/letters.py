"""The judge's mail to one person, queued in the caller's transaction: the answer to a mail
(`queue_reply`, with the map of the paths understood drawn when it is sent), a player's
report of a resolved phase sent again (`queue_report_to`), and press relayed to each of its
readers (`queue_press`). Mail in, the game master's tools and the league send mail only
through these functions and those of pbem.app.mailout.queue and notices; none of them
composes a message or writes the outbox itself.

It may call pbem.mail's message making and the store, nothing of the use-cases."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pbem.app.base import rulesets
from pbem.app.mailout.queue import report_subject
from pbem.mail.address import writable
from pbem.mail.compose import compose, new_message_id
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.models import PhaseRow, PlayerRow

LOG = logging.getLogger(__name__)


def queue_reply(session: Any, settings: MailSettings, key: str, to: Sequence[str],
                subject: str, text: str, in_reply_to: str | None,
                plan: dict[str, Any] | None, game_id: str | None,
                now: datetime, references: Sequence[str] = ()) -> tuple[str, ...]:
    """Queue an answer to a mail (`key` makes its Message-ID; `in_reply_to` is the mail's,
    `references` the ids of the thread before it, from the mail's References: the answer
    threads under it). With a `plan` it is queued as a job and its map is drawn when it is
    sent. The addresses it was queued to: those the judge can write to (none: nothing is
    queued)."""
    message_id = new_message_id("reply", key, settings.domain)
    kept = [address for address in to if writable(address)]
    if not kept:
        LOG.warning("the answer %s has no address the judge can write to", key)
        return ()
    if plan is None:
        raw = compose(sender=settings.judge_address, sender_name=settings.judge_name, to=kept,
                      subject=subject, text=text, message_id=message_id,
                      in_reply_to=in_reply_to, references=list(references),
                      auto="auto-replied",
                      loop=settings.judge_address, date=now)
        repo.mail.put_mail(session, message_id=message_id, kind="reply", game_id=game_id,
                           recipients=kept, sender=settings.judge_address, subject=subject,
                           raw=raw, now=now)
        return tuple(kept)
    repo.mail.put_mail(session, message_id=message_id, kind="reply", game_id=game_id,
                       recipients=kept, sender=settings.judge_address, subject=subject,
                       raw=b"", now=now,
                       job={"type": "reply", "text": text, "in_reply_to": in_reply_to,
                            "references": list(references), "date": now.isoformat(),
                            "plan": plan})
    return tuple(kept)


def queue_report_to(session: Any, settings: MailSettings, game_id: str, phase: PhaseRow,
                    player: PlayerRow, key: str, now: datetime) -> None:
    """Queue one player's report of a resolved phase (made when it is sent); `key` makes its
    Message-ID (a report sent again on request, or to a player who took a seat). Its subject
    is every report's (pbem.app.mailout.queue.report_subject)."""
    repo.queue_mail(session, message_id=new_message_id("report", key, settings.domain),
                    kind="report", game_id=game_id, recipients=[player.email],
                    sender=settings.judge_address,
                    subject=report_subject(game_id, _title(session, game_id, phase),
                                           _is_final(session, game_id, phase)),
                    raw=b"", now=now,
                    job={"type": "report", "game": game_id, "phase": phase.key,
                         "player": player.id, "generation": phase.generation})


def _title(session: Any, game_id: str, phase: PhaseRow) -> str:
    """The phase's title as its ruleset gives it (its key when the state cannot be read)."""
    game = repo.game(session, game_id)
    if game is None:
        return phase.key
    try:
        return rulesets.load(game.ruleset, json.loads(phase.state_before)).phase_title
    except Exception:  # noqa: BLE001 - a subject must not stop the mail
        LOG.warning("the title of %s of %s could not be read", phase.key, game_id)
        return phase.key


def _is_final(session: Any, game_id: str, phase: PhaseRow) -> bool:
    """Whether `phase` is the last resolved phase of a game that is over."""
    game = repo.game(session, game_id)
    if game is None or game.status not in ("over", "ended"):
        return False
    resolved = [p for p in repo.phases(session, game_id) if p.status == "resolved"]
    return bool(resolved) and resolved[-1].id == phase.id


def queue_press(session: Any, settings: MailSettings, game_id: str, press_id: int,
                addresses: Sequence[str], subject: str, text: str, now: datetime) -> list[str]:
    """Queue press to each reader, one mail each (no player sees another's address); the
    addresses it was queued to (one the judge cannot write to is left out, with a warning)."""
    queued = []
    for address in addresses:
        message_id = new_message_id("press", f"{game_id}/{press_id}/{address}", settings.domain)
        try:
            raw = compose(sender=settings.judge_address, sender_name=settings.judge_name,
                          to=[address], subject=subject, text=text, message_id=message_id,
                          auto="auto-generated", loop=settings.judge_address, date=now)
        except ValueError:
            LOG.warning("press to %r not sent: the judge cannot write to that address",
                        address)
            continue
        repo.mail.put_mail(session, message_id=message_id, kind="press", game_id=game_id,
                           recipients=[address], sender=settings.judge_address,
                           subject=subject, raw=raw, now=now)
        queued.append(address)
    return queued
