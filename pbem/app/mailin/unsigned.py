"""Mail in's step for a message with no sign-on block: an invitation taken up (`join`), or
a word to a registered sender on how to sign on (`no_signon`). An unknown sender gets
nothing; a registered one is answered once an hour at most.

It may call pbem.app.play.invites, pbem.app.mailin.mailcommands (HELP),
pbem.app.mailin.answers and the store."""

from __future__ import annotations

from typing import Any

from pbem.app.mailin.answers import MailOutcome, _queue_reply, reply_subject
from pbem.app.mailin.context import Handling
from pbem.app.mailin.mailcommands import help_text
from pbem.app.play import invites
from pbem.mail.signon import Command
from pbem.store import repo

MAX_JOINS = 3  # JOIN lines tried from one mail


def join(session: Any, mail: Handling) -> MailOutcome | None:
    """JOIN <game> <code> <name> [<zone>]: an invitation taken up. The answer (with the
    password) goes to the invited address only, whoever sent the mail. None when the mail
    takes up no invitation."""
    incoming = mail.mail
    body = incoming.texts[0].text if incoming.texts else ""
    for game_id, code, name, zone in invites.join_lines(body)[:MAX_JOINS]:
        taken = invites.join(session, game_id, code, name, zone, mail.settings, mail.now,
                             sender=incoming.sender)
        if taken is None:
            continue
        address, said = taken
        sent = _queue_reply(session, mail.settings, mail.origin, 0, incoming, [address],
                            f"{game_id}: joining", [said], None, game_id, mail.now)
        joined = repo.player(session, game_id, name)
        return MailOutcome("commands", game_id, joined.name if joined else None,
                           replies=sent, mail_id=mail.mail_id)
    return None


def no_signon(session: Any, mail: Handling, loose: list[Command]) -> MailOutcome:
    """A mail with no sign-on line: answered only when its sender is a registered address,
    once an hour at most (HELP, or how to sign on for the commands it held)."""
    incoming, now = mail.mail, mail.now
    if not repo.gameplay.is_registered_address(session, incoming.sender):
        return MailOutcome("refused", mail_id=mail.mail_id,
                           reason="no SIGNON line, from an unknown address")
    if not repo.claim_mail_notice(session, incoming.sender, now):
        return MailOutcome("refused", mail_id=mail.mail_id,
                           reason="no SIGNON line; this address was answered within the hour")
    parts = []
    for command in loose:
        if command.word == "HELP":
            parts.append(help_text(command.argument))
        else:
            parts.append(f"{command.word}: tell the judge which game and player first: put "
                         "it after a line SIGNON <game> <player> <password>.")
    if not loose:
        parts.append("The judge found no SIGNON line in your mail, so it read nothing. Start "
                     "your orders with a line SIGNON <game> <player> <password>; send HELP "
                     "for more.")
    sent = _queue_reply(session, mail.settings, mail.origin, 0, incoming, [incoming.sender],
                        reply_subject(incoming.subject, "Your mail to the judge"), parts,
                        None, None, now)
    return MailOutcome("commands" if loose else "refused", mail_id=mail.mail_id,
                       replies=sent)
