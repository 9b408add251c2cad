"""What becomes of a mail and the answers it gets: the outcome of one message (as
`pbem mail inject --json` prints it), one block's answer as it is gathered, and the queueing
of an answer (cut to a bounded size, to the addresses the judge can write to, with the map
of the paths understood drawn when it is sent). Shared by every step that answers a mail:
a player's blocks, the game master's, a JOIN, a mail with no sign-on."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pbem.mail.address import writable
from pbem.mail.compose import compose, new_message_id
from pbem.mail.reading import Incoming
from pbem.mail.settings import MailSettings
from pbem.store import repo

LOG = logging.getLogger(__name__)

OUTCOMES = ("orders", "commands", "refused", "ignored", "quarantined")

MAX_REPLY = 64 * 1024  # an answer's text is summarised past this many characters


@dataclass(frozen=True)
class MailOutcome:
    """What became of one message: `pbem mail inject --json` prints it."""

    outcome: str  # one of OUTCOMES
    game: str | None = None
    player: str | None = None
    accepted: int = 0
    refused: int = 0
    replies: tuple[str, ...] = ()
    mail_id: int | None = None
    reason: str = ""
    later: tuple[Any, ...] = ()  # a game master's actions, done once the mail is recorded

    def as_json(self) -> dict[str, Any]:
        """Exactly the contract of `pbem mail inject --json`."""
        return {"outcome": self.outcome, "game": self.game, "player": self.player,
                "accepted": self.accepted, "refused": self.refused,
                "replies": list(self.replies)}

    def record(self) -> dict[str, Any]:
        """What is stored with the message: the contract, its number and the reason."""
        return {**self.as_json(), "mail": self.mail_id, "reason": self.reason}

    @property
    def state(self) -> str:
        """The stored message's state for this outcome."""
        return {"quarantined": "quarantined", "ignored": "ignored"}.get(self.outcome,
                                                                        "handled")


@dataclass
class _Answer:
    """What one block's answer holds, gathered as the block is handled; the answers of one
    mail are put together before they are queued (pbem.app.mailin.mailgate._queue_answers)."""

    to: list[str]
    subject: str
    parts: list[str] = field(default_factory=list)
    plan: dict[str, Any] | None = None  # the map of the paths understood, made when sent
    game_id: str | None = None
    refusal: bool = False  # a refusal: sent only within the address's notice limit


def _bounded(text: str) -> str:
    """An answer's text cut at a line once it passes MAX_REPLY characters, saying so: an
    answer is never a way to make the judge send much more than it was sent."""
    if len(text) <= MAX_REPLY:
        return text
    cut = text.rfind("\n", 0, MAX_REPLY)
    kept = text[:cut if cut > 0 else MAX_REPLY]
    left = text[len(kept):].count("\n")
    return (kept + f"\n\n(The rest of this answer, {left} more lines, is not shown: the judge's "
            f"answers stop at {MAX_REPLY // 1024} KiB.)\n")


def _deliverable(address: str) -> bool:
    """Whether the judge can put this address on a mail (a bare ASCII address it can write)."""
    return writable(address)


def _queue_reply(session: Any, settings: MailSettings, mail_id: int, number: int | str,
                 incoming: Incoming, to: list[str], subject: str, parts: list[str],
                 plan: dict[str, Any] | None, game_id: str | None,
                 now: datetime) -> tuple[str, ...]:
    """Queue the answer; the addresses it was queued to (those the judge can write to)."""
    message_id = new_message_id("reply", f"{mail_id}/{number}", settings.domain)
    to = [address for address in to if _deliverable(address)]
    if not to:
        LOG.warning("the answer to message #%s has no address the judge can write to", mail_id)
        return ()
    text = _bounded("The judge's answer to your mail.\n\n" + "\n\n".join(parts) + "\n")
    in_reply_to = incoming.message_id or None
    if plan is None:
        raw = compose(sender=settings.judge_address, sender_name=settings.judge_name, to=to,
                      subject=subject, text=text, message_id=message_id,
                      in_reply_to=in_reply_to, auto="auto-replied",
                      loop=settings.judge_address, date=now)
        repo.queue_mail(session, message_id=message_id, kind="reply", game_id=game_id,
                        recipients=to, sender=settings.judge_address, subject=subject,
                        raw=raw, now=now)
        return tuple(to)
    repo.queue_mail(session, message_id=message_id, kind="reply", game_id=game_id,
                    recipients=to, sender=settings.judge_address, subject=subject, raw=b"",
                    now=now, job={"type": "reply", "text": text, "in_reply_to": in_reply_to,
                                  "date": now.isoformat(), "plan": plan})
    return tuple(to)
