"""What becomes of a mail and the answers it gets: the outcome of one message (as
`pbem mail inject --json` prints it), one block's answer as it is gathered, and the queueing
of an answer (cut to a bounded size, to the addresses the judge can write to, with the map
of the paths understood drawn when it is sent). Shared by every step that answers a mail:
a player's blocks, the game master's, a JOIN, a mail with no sign-on; and mail in's last
step, the answers of one mail put together, one to each set of addresses (`queue_answers`).

It may call pbem.app.mailout (the answers are mail out's to queue) and the store; it is called
by every step of mail in."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pbem.app.mailout.letters import queue_reply
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
    mail are put together before they are queued (queue_answers)."""

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


def _queue_reply(session: Any, settings: MailSettings, mail_id: int, number: int | str,
                 incoming: Incoming, to: list[str], subject: str, parts: list[str],
                 plan: dict[str, Any] | None, game_id: str | None,
                 now: datetime) -> tuple[str, ...]:
    """Queue the answer (mail out's queue_reply, keyed by the mail's first copy and the
    answer's number in it); the addresses it was queued to (those the judge can write to)."""
    text = _bounded("The judge's answer to your mail.\n\n" + "\n\n".join(parts) + "\n")
    return queue_reply(session, settings, f"{mail_id}/{number}", to, subject, text,
                       incoming.message_id or None, plan, game_id, now,
                       references=incoming.references)


def reply_subject(theirs: str, headline: str) -> str:
    """The answer's subject: the player's own with "Re:" (so that mail programs thread the
    answer with the mail it answers), or the judge's headline when the mail had none."""
    theirs = " ".join(theirs.split())
    if not theirs:
        return headline
    if theirs[:3].lower() == "re:":
        return "Re: " + theirs[3:].strip()
    return f"Re: {theirs}"


def may_answer_refusal(session: Any, address: str, now: datetime) -> bool:
    """Whether an address may be sent a refusal (a wrong password, a block not signed on)
    now: once an hour at most, whatever the mails in its name hold (the limit every answer to
    a mail that did not sign on keeps)."""
    return bool(repo.claim_mail_notice(session, address, now))


def queue_answers(session: Any, settings: MailSettings, origin: int, incoming: Incoming,
                  answers: list[_Answer], now: datetime) -> tuple[str, ...]:
    """One answer per mail to each set of addresses, whatever number of blocks it held:
    the answers to the same addresses are put together in the mail's order. A refusal goes
    only to an address still within its notice limit. The addresses answered."""
    allowed: dict[str, bool] = {}
    grouped: dict[tuple[str, ...], list[_Answer]] = {}
    for answer in answers:
        if answer.refusal:
            for address in answer.to:
                if address.lower() not in allowed:
                    allowed[address.lower()] = may_answer_refusal(session, address, now)
            if not all(allowed[a.lower()] for a in answer.to):
                continue
        grouped.setdefault(tuple(answer.to), []).append(answer)
    sent: list[str] = []
    for number, (to, group) in enumerate(grouped.items()):
        if len(group) == 1:
            subject, parts = group[0].subject, group[0].parts
        else:
            subjects = list(dict.fromkeys(a.subject for a in group))
            subject = subjects[0] + (f" (and {len(subjects) - 1} more)" if len(subjects) > 1
                                     else "")
            parts = [f"== {a.subject} ==\n\n" + "\n\n".join(a.parts) for a in group]
        plan = next((a.plan for a in group if a.plan is not None), None)
        games = list(dict.fromkeys(a.game_id for a in group if a.game_id))
        sent += _queue_reply(session, settings, origin, number, incoming, list(to), subject,
                             parts, plan, games[0] if len(games) == 1 else None, now)
    return tuple(dict.fromkeys(sent))
