"""The mail gateway's use-case: one message, from whichever source, handled end to end.

Every raw message is stored before anything is done with it. A message that cannot be read,
or that breaks the pipeline, goes to quarantine with the reason (never lost); the same
message arriving again (same Message-ID and body digest) is handled once; mail written by
machines (auto-replies, bounces, lists, our own) is never answered.

A sign-on block authenticates one player of one game by password only (compared by the
scrypt hash, in constant time); the sender's address never does. Replies go to the
player's registered address, and also to the sender when the password was right. A wrong
password is answered only when the sender is that player's registered address; five in an
hour lock the player out for an hour, during which the registered address is told so at
most once an hour. An unknown sender gets nothing.

The reply to a block, and everything its commands send (press), is queued in the outbox in
the same transaction as the submission or change that caused it. A reply that carries a
map is queued as a job and drawn when it is sent (pbem.app.reports.mailmake), so taking a mail
stays cheap.
"""

from __future__ import annotations

import hashlib
import logging
import re
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DatabaseError, OperationalError

from pbem.app import orders
from pbem.app.base.errors import JudgeError
from pbem.app.base.passwords import check_password, remembered
from pbem.app.base.shared import utcnow
from pbem.app.base.throttle import HASH_WINDOW_MINUTES, may_hash
from pbem.app.mailin.answers import MAX_REPLY, OUTCOMES, MailOutcome, _Answer, _queue_reply  # noqa: F401 (the answers' limits, named here too)
from pbem.app.mailin.gmmail import gm_block
from pbem.app.mailin.mailcommands import HELP, status
from pbem.app.mailin.mailcommands import command as command_answer
from pbem.app.play import invites
from pbem.errors import CopyBeingHandled, Fault
from pbem.mail.reading import MAX_BYTES, Incoming, MailRefused, body_start, read_message
from pbem.mail.settings import MailSettings
from pbem.mail.signon import Block, Command, Letter, read_letter
from pbem.store import repo
from pbem.store.db import retrying, transaction
from pbem.store.models import GameRow, MailInRow, PlayerRow

LOG = logging.getLogger(__name__)

SHOWN_IGNORED = 12  # lines "not read" listed in a reply; the rest are counted
MAX_BLOCKS = 10  # sign-on blocks read in one mail; a mail is not a way to flood a mailbox
MAX_PRESS = 5  # PRESS commands carried out from one mail
PLACEHOLDER = "PASSWORD"  # the order template's sign-on line, not filled in
SHOWN_ECHO = 200  # order lines echoed in an answer; the rest are counted
SHOWN_REFUSED = 50  # refused order lines shown with their reasons; the rest are counted



_MESSAGE_ID = re.compile(rb"(?im)^message-id:[ \t]*((?:.*)(?:\r?\n[ \t].*)*)")
# the headers a copy shares with its original, whatever servers it passed through
_ENVELOPE = {name: re.compile(rb"(?im)^" + name + rb":[ \t]*((?:.*)(?:\r?\n[ \t].*)*)")
             for name in (b"from", b"sender", b"to", b"cc", b"date", b"subject")}
EXCERPT = 64 * 1024  # what is kept of a refused, ignored or unreadable message


def receive(engine: Engine, raw: bytes, source: str, settings: MailSettings,
            now: datetime | None = None) -> MailOutcome:
    """Store one raw message, then handle it. A transient database failure (locked beyond
    the retries) propagates: before the message is stored the MTA delivers it again; after,
    the stored copy stays "new" and `pbem mail quarantine retry` or a copy arriving again
    takes it up. A message longer than the judge reads is kept only as an excerpt, with
    its size, and set aside at once."""
    now = now or utcnow()
    message_id, digest = _identity(raw)
    too_big = len(raw) > MAX_BYTES
    kept = raw[:EXCERPT] if too_big else raw

    def store(key: str) -> int:
        with transaction(engine) as session:
            row = repo.store_incoming(session, raw=kept, message_id=key, source=source,
                                      received_at=now, digest=digest,
                                      raw_size=len(raw) if too_big else None)
            if too_big:
                outcome = MailOutcome("quarantined", mail_id=row.id, reason=_too_big(len(raw)))
                repo.mark_incoming(session, int(row.id or 0), "quarantined", now,
                                   reason=outcome.reason, outcome=outcome.record())
            return int(row.id or 0)

    try:
        mail_id = int(retrying(lambda: store(message_id)))
    except (OperationalError, Fault):
        raise  # transient, or the operator's to fix: the MTA keeps the message
    except DatabaseError:  # whatever the id holds, the message is kept (and never deduplicated)
        LOG.exception("a message's id could not be stored; storing it without one")
        mail_id = int(retrying(lambda: store("")))
    if too_big:
        return MailOutcome("quarantined", mail_id=mail_id, reason=_too_big(len(raw)))
    return _read_and_handle(engine, mail_id, raw, settings, now)


def _too_big(size: int) -> str:
    return (f"The message is {size} bytes long; the judge reads mail of at most {MAX_BYTES} "
            f"bytes (25 MiB). Only its first {EXCERPT} bytes are kept.")


def handle(engine: Engine, mail_id: int, settings: MailSettings,
           now: datetime | None = None) -> MailOutcome:
    """Handle a stored message again (one retried from quarantine, or left new)."""
    now = now or utcnow()
    with transaction(engine) as session:
        row = session.get(MailInRow, mail_id)
        if row is None:
            raise JudgeError(f"there is no received message #{mail_id}")
        if row.state == "handled":
            raise JudgeError(f"message #{mail_id} was handled already")
        if row.raw_size is not None:
            raise JudgeError(f"message #{mail_id} is kept only as an excerpt of "
                             f"{len(row.raw)} of its {row.raw_size} bytes; it cannot be "
                             "handled again")
        raw = bytes(row.raw)
    return _read_and_handle(engine, mail_id, raw, settings, now)


def _identity(raw: bytes) -> tuple[str, str]:
    """The message's key and its body's digest, read without parsing the message: the
    Message-ID (as stored: printable ASCII of at most 250 characters, or a hash of a longer
    or stranger one) or, without one, a digest of the headers a copy keeps."""
    start = body_start(raw)
    digest = hashlib.sha256(raw[start:]).hexdigest()
    head = raw[:min(start, 256 * 1024)]
    found = _MESSAGE_ID.search(head)
    if found is None:
        return _no_message_id(head, digest), digest
    value = b" ".join(found.group(1).split())
    angled = re.search(rb"<([^<>]*)>", value)
    text = (angled.group(1) if angled else value).strip().decode("ascii", "replace")
    if not text:
        return _no_message_id(head, digest), digest
    if len(text) > 250 or not text.isprintable() or "\ufffd" in text:
        return "sha256:" + hashlib.sha256(found.group(1)).hexdigest(), digest
    return text, digest


def _no_message_id(head: bytes, digest: str) -> str:
    """The key of a message without a Message-ID: a digest of its sender, recipients, date and
    subject as written (each header's first occurrence, unfolded) with its body's digest.
    A server's retry or a second delivery is the same message; the same orders sent again
    by a person have another Date."""
    parts = []
    for name, pattern in _ENVELOPE.items():
        found = pattern.search(head)
        parts.append(name + b"=" + (b" ".join(found.group(1).split()) if found else b""))
    parts.append(digest.encode())
    return "digest:" + hashlib.sha256(b"\n".join(parts)).hexdigest()


def _settle(engine: Engine, mail_id: int, outcome: MailOutcome, now: datetime,
            trim: bool = True) -> MailOutcome:
    """Record what became of a message that was not handled; what was refused or ignored is
    kept only as an excerpt (its digest and size stay)."""
    def work() -> None:
        with transaction(engine) as session:
            repo.mark_incoming(session, mail_id, outcome.state, now, reason=outcome.reason,
                               outcome=outcome.record())
            if trim:
                repo.trim_incoming(session, mail_id, EXCERPT)
    retrying(work)
    return outcome


def _earlier_copy(engine: Engine, mail_id: int) -> MailInRow | None:
    """A copy of this message handled or ignored already, looked for before it is parsed
    (the check that counts is made again in the transaction that handles it)."""
    with transaction(engine) as session:
        row = session.get(MailInRow, mail_id)
        if row is None:
            return None
        found = repo.copies(session, mail_id, row.message_id, row.digest)
        return next((c for c in found if c.state in ("handled", "ignored")), None)


def _read_and_handle(engine: Engine, mail_id: int, raw: bytes, settings: MailSettings,
                     now: datetime) -> MailOutcome:
    """Read a stored message and settle or answer it."""
    copy = retrying(lambda: _earlier_copy(engine, mail_id))
    if copy is not None:
        return _settle(engine, mail_id, MailOutcome(
            "ignored", mail_id=mail_id,
            reason=f"a copy of message #{copy.id}, which was handled already"), now)
    try:
        incoming: Incoming | None = read_message(
            raw, (settings.judge_address, *settings.accepted_recipients))
        refusal = ""
    except MailRefused as exc:
        incoming, refusal = None, exc.reason
    if incoming is None:
        return _settle(engine, mail_id, MailOutcome("quarantined", mail_id=mail_id,
                                                    reason=refusal), now)
    if incoming.automatic:
        return _settle(engine, mail_id, MailOutcome(
            "ignored", mail_id=mail_id, reason=f"sent by a machine: {incoming.automatic}"), now)
    return _handled(engine, mail_id, incoming, settings, now)


def _handled(engine: Engine, mail_id: int, incoming: Incoming, settings: MailSettings,
             now: datetime) -> MailOutcome:
    """Answer a message a person wrote: every block, its replies and the record that it
    was handled commit together. A game master's commands are use-cases of their own,
    each committing alone: the message is marked handled only once they have run (its
    answer queued with that mark), so a judge stopped in between leaves it new and the
    server's next delivery takes it up; what was done already is not done again (see
    pbem.app.mailin.gmmail). A failure that is not the database's quarantines it."""
    def work() -> MailOutcome:
        with transaction(engine) as session:
            row = session.get(MailInRow, mail_id)
            copy = repo.copies_handled(session, mail_id, row.message_id if row else "",
                                       row.digest if row else "")
            if copy is not None:
                outcome = MailOutcome("ignored", mail_id=mail_id, reason=f"a copy of message "
                                      f"#{copy.id}, which was handled already")
                repo.mark_incoming(session, mail_id, "ignored", now, reason=outcome.reason,
                                   outcome=outcome.record())
                return outcome
            outcome = _answer(session, mail_id, incoming, settings, now)
            if outcome.later:  # the game master's commands run first; the mark comes after
                repo.mark_incoming(session, mail_id, "new", now, reason="the game master's "
                                   "commands are being carried out", outcome=outcome.record())
            else:
                repo.mark_incoming(session, mail_id, "handled", now,
                                   reason=outcome.reason or None, outcome=outcome.record())
                if outcome.outcome == "refused":
                    repo.trim_incoming(session, mail_id, EXCERPT)
            return outcome

    try:
        done: MailOutcome = retrying(work)
        for action in done.later:  # a game master's orders: use-cases of their own
            action(engine, settings, now)
        if done.later:
            def mark() -> None:
                with transaction(engine) as session:
                    repo.mark_incoming(session, mail_id, "handled", now,
                                       reason=done.reason or None, outcome=done.record())
            retrying(mark)
        return done
    except CopyBeingHandled:  # not taken: the server keeps it and delivers it again
        def forget() -> None:
            with transaction(engine) as session:
                repo.forget_incoming(session, mail_id)
        retrying(forget)
        raise
    except (OperationalError, Fault):
        raise  # the database: transient or the operator's to fix; the message stays new
    except Exception as exc:  # noqa: BLE001 - a message that breaks the pipeline is kept
        LOG.exception("message #%s broke the mail pipeline", mail_id)
        return _settle(engine, mail_id, MailOutcome(
            "quarantined", mail_id=mail_id,
            reason=f"the judge failed on it ({type(exc).__name__}: {exc})"), now, trim=False)


# --- reading the letter ------------------------------------------------------------------


def _letters(incoming: Incoming) -> list[tuple[str, Letter]]:
    """The body's letter, then each attachment's (an attachment is read only when it has
    its own SIGNON line)."""
    found = []
    for number, text in enumerate(incoming.texts):
        letter = read_letter(text.text)
        first = next((n for n, line in enumerate(text.text.splitlines(), 1) if line.strip()), 0)
        if number == 0 or (letter.blocks and letter.blocks[0].line_no == first):
            found.append((text.source, letter))
    return found


def _registered(session: Any, address: str) -> bool:
    """Whether `address` is some player's registered address, in any game."""
    if not address:
        return False
    return session.execute(select(func.count()).select_from(PlayerRow).where(
        func.lower(PlayerRow.email) == address.lower())).scalar_one() > 0


def _answer(session: Any, mail_id: int, incoming: Incoming, settings: MailSettings,
            now: datetime) -> MailOutcome:
    letters = _letters(incoming)
    blocks = [block for _, letter in letters for block in letter.blocks]
    loose = [command for _, letter in letters for command in letter.loose_commands]
    ignored = list(letters[0][1].ignored) if letters else []
    origin = _origin(session, mail_id)
    if not blocks:
        joined = _join(session, mail_id, origin, incoming, settings, now)
        if joined is not None:
            return joined
        return _no_signon(session, mail_id, origin, incoming, settings, loose, now)
    if len(blocks) > MAX_BLOCKS:
        ignored = [(b.line_no, f"SIGNON {b.game} {b.player} ... (only the first {MAX_BLOCKS} "
                    "sign-on blocks of a mail are read)") for b in blocks[MAX_BLOCKS:]] + ignored
        blocks = blocks[:MAX_BLOCKS]
    signed: set[tuple[str, str]] = set()  # (game, player) signed on by a right password
    budget = [MAX_PRESS]
    results = []
    answers: list[_Answer] = []
    for number, block in enumerate(blocks):
        result, answer = _block(session, mail_id, origin, number, block, incoming, settings,
                                ignored if number == 0 else [], now, signed, budget)
        results.append(result)
        if answer is not None:
            answers.append(answer)
    sent = _queue_answers(session, settings, origin, incoming, answers, now)
    first = results[0]
    return MailOutcome(
        first.outcome, first.game, first.player,
        accepted=sum(r.accepted for r in results), refused=sum(r.refused for r in results),
        replies=tuple(dict.fromkeys([*sent, *(a for r in results for a in r.replies)])),
        mail_id=mail_id, later=tuple(action for r in results for action in r.later))


def _origin(session: Any, mail_id: int) -> int:
    """The number of the first stored copy of this message: its answers are keyed on it, so a
    copy handled again (after a judge was stopped mid-way) queues no second answer."""
    row = session.get(MailInRow, mail_id)
    if row is None:
        return mail_id
    found = repo.copies(session, mail_id, row.message_id, row.digest)
    return min([mail_id, *(int(c.id or mail_id) for c in found)])


def may_answer_refusal(session: Any, address: str, now: datetime) -> bool:
    """Whether an address may be sent a refusal (a wrong password, a block not signed on)
    now: once an hour at most, whatever the mails in its name hold (the limit every answer to
    a mail that did not sign on keeps)."""
    return bool(repo.claim_mail_notice(session, address, now))


def _join(session: Any, mail_id: int, origin: int, incoming: Incoming, settings: MailSettings,
          now: datetime) -> MailOutcome | None:
    """JOIN <game> <code> <name> [<zone>]: an invitation taken up. The answer (with the
    password) goes to the invited address only, whoever sent the mail."""
    body = incoming.texts[0].text if incoming.texts else ""
    for game_id, code, name, zone in invites.join_lines(body)[:3]:
        taken = invites.join(session, game_id, code, name, zone, settings, now,
                             sender=incoming.sender)
        if taken is None:
            continue
        address, said = taken
        sent = _queue_reply(session, settings, origin, 0, incoming, [address],
                            f"{game_id}: joining", [said], None, game_id, now)
        joined = repo.player(session, game_id, name)
        return MailOutcome("commands", game_id, joined.name if joined else None,
                           replies=sent, mail_id=mail_id)
    return None


def _no_signon(session: Any, mail_id: int, origin: int, incoming: Incoming,
               settings: MailSettings, loose: list[Command], now: datetime) -> MailOutcome:
    """A mail with no sign-on line: answered only when its sender is a registered address."""
    if not _registered(session, incoming.sender):
        return MailOutcome("refused", mail_id=mail_id,
                           reason="no SIGNON line, from an unknown address")
    if not repo.claim_mail_notice(session, incoming.sender, now):
        return MailOutcome("refused", mail_id=mail_id,
                           reason="no SIGNON line; this address was answered within the hour")
    parts = []
    for command in loose:
        if command.word == "HELP":
            parts.append(HELP)
        else:
            parts.append(f"{command.word}: tell the judge which game and player first: put "
                         "it after a line SIGNON <game> <player> <password>.")
    if not loose:
        parts.append("The judge found no SIGNON line in your mail, so it read nothing. Start "
                     "your orders with a line SIGNON <game> <player> <password>; send HELP "
                     "for more.")
    sent = _queue_reply(session, settings, origin, 0, incoming, [incoming.sender],
                        "Your mail to the judge", parts, None, None, now)
    return MailOutcome("commands" if loose else "refused", mail_id=mail_id,
                       replies=sent)


# --- one sign-on block -------------------------------------------------------------------


def _game(session: Any, name: str) -> GameRow | None:
    """The game of that id, whatever its letters' case (game ids are ASCII)."""
    if not name:
        return None
    found: GameRow | None = session.get(GameRow, name)
    if found is None:
        found = session.execute(select(GameRow).where(
            func.lower(GameRow.id) == name.lower()).limit(1)).scalars().first()
    return found


def _refused(game_id: str | None, name: str | None, mail_id: int, to: list[str] | None = None,
             subject: str = "", parts: list[str] | None = None,
             limited: bool = True) -> tuple[MailOutcome, _Answer | None]:
    """A block refused; answered when `to` is given, within the address's notice limit
    unless the answer was `limited` by its own (a lockout's notice)."""
    outcome = MailOutcome("refused", game_id, name, mail_id=mail_id)
    if not to:
        return outcome, None
    return outcome, _Answer(to, subject, parts or [], game_id=game_id, refusal=limited)


def _block(session: Any, mail_id: int, origin: int, number: int, block: Block,
           incoming: Incoming, settings: MailSettings, ignored: list[tuple[int, str]],
           now: datetime, signed: set[tuple[str, str]],
           budget: list[int]) -> tuple[MailOutcome, _Answer | None]:
    sender = incoming.sender
    game = _game(session, block.game)
    if game is not None and block.player.casefold() == "gm" and game.gm_password_hash:
        return gm_block(session, mail_id, origin, number, block, incoming, settings, game,  # type: ignore[no-any-return]
                        now)
    player = repo.player(session, game.id, block.player) if game and block.player else None
    name = player.name if player is not None else None
    game_id = game.id if game is not None else (block.game or None)
    if block.problem or game is None or player is None:
        if block.problem:
            why = block.problem
        elif game is None:
            why = f"there is no game {block.game!r} on this judge"
        else:
            why = f"there is no player {block.player!r} in {game_id}"
        # answered only at a registered address, and only so often: a forged sender cannot
        # turn the judge against somebody's mailbox
        if not _registered(session, sender):
            return _refused(game_id, name, mail_id)
        return _refused(game_id, name, mail_id, [sender], "Your mail to the judge: not signed on",
                        [f"Line {block.line_no}: {why}. Nothing in that block was done."])
    registered = player.email.lower()
    own = sender == registered
    locked = repo.locked_out_until(session, player.id or 0, now, address=sender,
                                   registered=registered)
    if locked is not None:
        if not own or not repo.claim_lockout_notice(session, player.id or 0, now):
            return _refused(game_id, name, mail_id)
        return _refused(game_id, name, mail_id, [player.email],
                        f"{game_id}: signing on is locked for an hour",
                        ["Too many mails with a wrong password were sent from your address in "
                         "the last hour, so the judge takes nothing from it for you for an "
                         f"hour after the last of them (until {locked:%Y-%m-%d %H:%M} UTC). "
                         "Nothing in this mail was done. If somebody else is guessing your "
                         "password, tell your game master."], limited=False)
    if not remembered(block.password, player.password_hash) \
            and not may_hash(session, sender, game.id, own, now):
        return _refused(game_id, name, mail_id, [player.email] if own else None,
                        f"{game_id}: too many sign-ons, try later",
                        [f"Line {block.line_no}: the judge checked too many passwords for "
                         f"this address or this game in the last {HASH_WINDOW_MINUTES} "
                         "minutes, so nothing in that sign-on block was done. Send it again "
                         "a little later."])
    if not check_password(block.password, player.password_hash):
        placeholder = block.password == PLACEHOLDER
        if placeholder and (game.id, player.name) in signed:
            # the report's template, quoted below a reply that signed on already
            return _refused(game_id, name, mail_id)
        if not placeholder:  # a template not filled in is not a guess
            repo.record_login_failure(session, player.id or 0, now, sender)
            if not own and repo.locked_out_until(session, player.id or 0, now, address=sender,
                                                 registered=registered) is not None \
                    and repo.claim_lockout_notice(session, player.id or 0, now):
                return _refused(game_id, name, mail_id, [player.email],
                                f"{game_id}: somebody is guessing your password",
                                ["Mails with wrong passwords for you keep coming from "
                                 "addresses that are not yours, so the judge takes nothing "
                                 "signed in your name from any other address for an hour. "
                                 "Mail from your own address is not affected. If this was not "
                                 "you, tell your game master."], limited=False)
        if not own:
            return _refused(game_id, name, mail_id)
        hint = (" The sign-on line still says PASSWORD: put your own password in its "
                "place." if placeholder else "")
        return _refused(game_id, name, mail_id, [player.email], f"{game_id}: wrong password",
                        [f"Line {block.line_no}: the password for {player.name} in "
                         f"{game_id} is wrong, so nothing in that sign-on block was done.{hint}"
                         " After five wrong passwords in an hour the judge stops taking "
                         "mail for you from that address for an hour."])
    signed.add((game.id, player.name))
    reply = _Answer([player.email] + ([sender] if sender and not own else []), "", [],
                    game_id=game_id)
    press_to: list[str] = []
    for command in block.commands:
        if command.word == "PRESS" and command.known and not command.problem:
            if budget[0] <= 0:
                reply.parts.append(f"PRESS: not sent: a mail may carry {MAX_PRESS} at most.")
                continue
            budget[0] -= 1
        reply.parts.append(command_answer(session, settings, game, player, command, origin,
                                          number, press_to, now))
    accepted = refused = 0
    orders_given = bool(block.orders.strip())
    if orders_given:
        accepted, refused = _orders(session, game, player, block, reply, now)
    elif not block.commands:
        reply.parts.append("Your mail held a sign-on line and nothing after it; the "
                           "judge holds your orders as they were.")
    if ignored:
        shown = [f"  line {n}: {text}" for n, text in ignored[:SHOWN_IGNORED]]
        more = len(ignored) - SHOWN_IGNORED
        reply.parts.append("Not read (quoted text, signatures and lines after "
                           "ENDORDERS are never orders):\n" + "\n".join(shown)
                           + (f"\n  ... and {more} more lines" if more > 0 else ""))
    reply.parts.append(status(session, game, player))
    reply.subject = f"{game_id}: " + ("orders received" if orders_given else "your commands")
    return MailOutcome("orders" if orders_given else "commands", game_id, name,
                       accepted, refused, tuple(dict.fromkeys(press_to)),
                       mail_id=mail_id), reply


def _queue_answers(session: Any, settings: MailSettings, origin: int, incoming: Incoming,
                   answers: list[_Answer], now: datetime) -> tuple[str, ...]:
    """One answer per mail to each set of addresses, whatever number of blocks it held:
    the answers to the same addresses are put together in the mail's order. A refusal goes
    only to an address still within its notice limit."""
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


def _order_count(text: str) -> int:
    return sum(1 for line in text.splitlines()
               if line.strip() and not line.lstrip().startswith("#"))


def _orders(session: Any, game: GameRow, player: PlayerRow, block: Block, reply: _Answer,
            now: datetime) -> tuple[int, int]:
    """Check and store the block's orders in this transaction; the reply's echo. The text
    checked keeps each order line on its line of the mail (the others left blank), so every
    line number the judge gives is the mail's own."""
    texts = block.orders.split("\n")
    numbers = block.order_lines or tuple(range(block.orders_line,
                                               block.orders_line + len(texts)))
    placed = dict(zip(numbers, texts, strict=False))
    text = "\n".join(placed.get(n, "") for n in range(1, max(placed, default=0) + 1))
    try:
        orders.decode(block.orders)  # the limits on size, lines and binary data
        answer = orders.store_orders(session.connection(), game.id, player.name, text,
                                     "mail", now)
    except orders.MissingOrderContext:
        why = (f"{game.id} has ended; no orders are taken" if game.status in ("over", "ended")
               else f"{game.id} has no phase open for orders")
        reply.parts.append(f"Your orders were not taken: {why}.")
        return 0, _order_count(block.orders)
    except JudgeError as exc:
        reply.parts.append(f"Your orders were not taken: {exc}.")
        return 0, _order_count(block.orders)
    if answer.stored:
        head = (f"Orders for {answer.phase}: stored" + (", replacing your earlier ones."
                                                       if answer.replaced_earlier else "."))
    else:
        head = (f"Orders for {answer.phase}: NOT stored, since no line could be accepted; "
                "any orders you sent before stand.")
    echo = [head, "As the judge understood them:"] if answer.accepted else [head]
    echo += [f"  line {a.line_no}  {a.piece}: {a.echo}" for a in answer.accepted[:SHOWN_ECHO]]
    if len(answer.accepted) > SHOWN_ECHO:
        echo.append(f"  ... and {len(answer.accepted) - SHOWN_ECHO} more lines understood "
                    "(send ORDERS to see all the judge holds)")
    if answer.refused:
        echo.append("Refused:")
        echo += [f"  {_clip(r.text.strip())}\n      REFUSED {r.reason}"
                 for r in answer.refused[:SHOWN_REFUSED]]
        if len(answer.refused) > SHOWN_REFUSED:
            echo.append(f"  ... and {len(answer.refused) - SHOWN_REFUSED} more lines "
                        "refused, not shown; correct the lines above and send your orders "
                        "again")
    reply.parts.append("\n".join(echo))
    if answer.stored and any(a.plan for a in answer.accepted):
        reply.plan = {"game": game.id, "ruleset": game.ruleset, "phase": answer.phase,
                      "side": answer.side, "player": answer.player,
                      "plans": [[a.piece, list(a.plan)] for a in answer.accepted]}
    return len(answer.accepted), len(answer.refused)


def _clip(line: str, most: int = 200) -> str:
    """A line quoted back, at most `most` characters."""
    return line if len(line) <= most else line[:most] + " ..."


