"""A game master's mail: `SIGNON <game> GM <password>`, then one order to the judge a line.

    STATUS                      the game as the game master sees it
    EXTEND <length>             move the deadline on (24h, 2d, 90m); players told, with .ics
    DEADLINE <moment>           set it (2026-12-24T18:00+00:00)
    PROCESS [<phase>]           process the open phase now (alone: the phase open when
                                the mail came; a phase named must be the open one)
    PREVIEW                     what processing now would give (to the game master only)
    PAUSE | RESUME              stop the clock, start it again
    END [<side> | draw]         end the game: without a winner, or with the result declared
    ROLLBACK <phase> <why ...>  open an earlier phase again; the players are told why
    ANNOUNCE <text ...>         a message to every player (or ANNOUNCE alone, then lines up
                                to ENDANNOUNCE)
    INVITE <side> <address>     offer a seat of a game still forming
    START                       start a forming game (every side has its players)
    ARCHIVE open | closed       once the game has ended, its public archive shows what was
                                hidden while it ran (open, the default) or stays closed
    COPIES on | off             a copy of every press to the game master (on, the default)
    HELP                        this list

The password is the game master's own, shown once when the game was made. The actions run
after the mail is answered for its other blocks, each a use-case of pbem.app.gm (journaled,
players told); the game master's answer lists what became of each line, and the mail is
marked handled only after it is queued. What each line did is remembered as it is done
(judge_state "gm-mail:<first copy>:<block>", with the phase the mail meant: the one open
when it was first read, unless that opened after the mail was written), so
a copy handled again after a judge was stopped carries out only what was not done yet, and
a PROCESS can never move the game on twice. A line cut off while it ran is known to have
been done by the journal entry its command writes in the transaction that does it. A copy
that comes while the first is being carried out (a lease of three minutes, renewed line by
line) is not taken: the server is asked to deliver it again later.

The game master's sign-on is checked by mail in's sign-on step (pbem.app.mailin.auth),
with the players'; this module is the step that carries out a signed-on game master's
block. It may call pbem.app.gm, pbem.app.play, pbem.app.mailin.answers and the store.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from pbem.app import gm
from pbem.app.base.errors import JudgeError
from pbem.app.mailin.answers import MailOutcome, _queue_reply
from pbem.app.mailin.auth import GameMaster
from pbem.app.mailin.context import Handling
from pbem.app.mailin.intake import stored
from pbem.app.play import games, invites
from pbem.app.play.games import show_game
from pbem.errors import CopyBeingHandled
from pbem.mail.settings import MailSettings
from pbem.mail.signon import Block
from pbem.store import repo
from pbem.store.db import retrying, transaction
from pbem.timing import parse_length

LOG = logging.getLogger(__name__)
HELP = __doc__.split("\n\n")[0] + "\n\n" + __doc__.split("\n\n")[1]  # the command list
MAX_LINES = 30
RUNNING_LEASE = timedelta(minutes=3)  # a copy arriving while one runs waits this long

Action = Callable[[Any, MailSettings, datetime], None]


def _lines(block: Block) -> list[str]:
    """The block's lines as the game master wrote them: commands, then the order lines."""
    numbered = [(c.line_no, f"{c.word} {c.argument}".strip() + (f"\n{c.body}" if c.body else ""))
                for c in block.commands]
    texts = block.orders.split("\n") if block.orders else []
    numbers = block.order_lines or tuple(range(block.orders_line,
                                               block.orders_line + len(texts)))
    numbered += list(zip(numbers, texts, strict=False))
    found: list[str] = []
    pending: list[str] | None = None  # an ANNOUNCE alone gathers the lines to ENDANNOUNCE
    for _, line in sorted(numbered, key=lambda item: item[0]):
        if pending is not None:
            if line.strip().upper() == "ENDANNOUNCE":
                found.append("ANNOUNCE\n" + "\n".join(pending))
                pending = None
            else:
                pending.append(line)
        elif line.strip().upper() == "ANNOUNCE":
            pending = []
        elif line.strip():
            found.append(line.strip())
    if pending is not None:
        found.append("ANNOUNCE\n" + "\n".join(pending))
    return found


PROGRESS = "gm-mail:"  # the judge_state keys of what game masters' blocks did


def progress_prefix(origin: int) -> str:
    """The start of the keys of what a mail's game master's blocks did."""
    return f"{PROGRESS}{origin}:"


def _progress_key(origin: int, number: int) -> str:
    """Where what a game master's block did is remembered: by the first copy of the mail
    and the block's place in it (forgotten once the mail is marked handled)."""
    return f"{progress_prefix(origin)}{number}"


def _aware(stamp: object) -> datetime:
    if not isinstance(stamp, str):
        return datetime.min.replace(tzinfo=UTC)
    moment = datetime.fromisoformat(stamp)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _meant(session: Any, game_id: str, origin: int, dated: datetime | None) -> str | None:
    """The phase a bare PROCESS of this mail means: the one open when it was read first,
    unless that phase opened after the mail was written (its Date, `dated`, or when its first
    copy came): then the phase the game master saw was processed meanwhile, and a bare
    PROCESS means nothing (None)."""
    phase = repo.open_phase(session, game_id)
    if phase is None:
        return None
    row = stored(session, origin)
    written = row.received_at if row is not None else None
    if row is not None and dated is not None and written is not None:
        written = min(_aware(written.isoformat()), dated)
    if written is not None and _aware(phase.opened_at.isoformat()) > _aware(written.isoformat()):
        return None
    return phase.key


def commands(session: Any, mail: Handling, number: int, block: Block,
             who: GameMaster) -> MailOutcome:
    """Mail in's step for a game master's signed-on block (pbem.app.mailin.auth signed it
    on): its outcome, whose `later` action carries the commands out once the mail's other
    blocks are answered and recorded. What the block did before a judge was stopped is not
    done again; a copy arriving while the block runs is not taken (CopyBeingHandled)."""
    game, incoming, origin, mail_id, now = who.game, mail.mail, mail.origin, mail.mail_id, mail.now
    answer_key = f"gm{number}"  # the player's answers of the same mail are numbered apart
    to = list(who.to)
    lines = _lines(block)[:MAX_LINES]
    key = _progress_key(origin, number)
    progress = repo.judge_state(session, key)
    if progress is None:  # the first time this mail is read: the phase it speaks of
        progress = {"game": game.id, "phase": _meant(session, game.id, origin, mail.written),
                    "done": {}}
    elif progress.get("mail") != mail_id and _aware(progress.get("running_until")) > now:
        # another copy of this mail is being carried out right now: the server tries later
        raise CopyBeingHandled("another copy of this game master's mail is being carried out; "
                           "try again in a few minutes")
    progress = {**progress, "mail": mail_id,
                "running_until": (now + RUNNING_LEASE).isoformat()}
    repo.set_judge_state(session, key, progress, now)
    implied = progress.get("phase")
    actions = [_action(game.id, line, implied) for line in lines]

    def run(engine: Any, mail: MailSettings, when: datetime) -> None:
        said = []
        done: dict[str, str] = dict(progress.get("done", {}))
        started: dict[str, int] = dict(progress.get("started", {}))

        def remember(final: bool = False) -> None:
            lease = when if final else when + RUNNING_LEASE
            with transaction(engine) as inner:
                repo.set_judge_state(inner, key, {**progress, "done": done, "started": started,
                                                  "running_until": lease.isoformat()}, when)

        for index, (line, action) in enumerate(zip(lines, actions, strict=True)):
            head = line.splitlines()[0]
            if str(index) in done:  # carried out before the judge was stopped
                said.append(done[str(index)])
                continue
            if str(index) in started and _committed(engine, game.id, line,
                                                    started[str(index)]):
                answer = f"{head}\n    done (the judge was stopped before it could say so)"
                said.append(answer)
                done[str(index)] = answer
                retrying(remember)
                continue
            started[str(index)] = _last_entry(engine, game.id)
            retrying(remember)
            try:
                answer = f"{head}\n    {action(engine, mail, when)}"
            except JudgeError as exc:
                answer = f"{head}\n    NOT DONE: {exc}"
            except (ValueError, OverflowError) as exc:
                answer = f"{head}\n    NOT DONE: the judge cannot use that value ({exc})"
            except Exception as exc:  # noqa: BLE001 - one failed action must not stop the rest
                LOG.exception("a game master's action failed", extra={"game": game.id})
                answer = f"{head}\n    FAILED: {type(exc).__name__}"
            said.append(answer)
            done[str(index)] = answer
            retrying(remember)
        if not said:
            said.append("Your mail signed on as game master and asked nothing; send HELP "
                        "for the list of commands.")

        def answer_all() -> None:
            with transaction(engine) as inner:
                _queue_reply(inner, mail, origin, answer_key, incoming, to,
                             f"{game.id}: game master's orders", said, None, game.id, when)
        retrying(answer_all)
        retrying(lambda: remember(final=True))

    return MailOutcome("commands", game.id, "GM", replies=tuple(to), mail_id=mail_id,
                       later=(run,))


# the journal entry each command writes in the transaction that carries it out
# (PROCESS is not among them: it names its phase, and a phase is processed once)
JOURNALED = {"EXTEND": "deadline_set", "DEADLINE": "deadline_set", "PAUSE": "paused",
             "RESUME": "resumed", "END": "ended", "ROLLBACK": "rollback",
             "ANNOUNCE": "announcement", "INVITE": "invited", "START": "started",
             "ARCHIVE": "setting", "COPIES": "setting"}


def _last_entry(engine: Any, game_id: str) -> int:
    """The number of the game's latest journal entry (0 for none)."""
    with transaction(engine) as session:
        return repo.gameplay.last_journal_id(session, game_id)


def _committed(engine: Any, game_id: str, line: str, after: int) -> bool:
    """Whether a command begun (and cut off) after journal entry `after` was carried out:
    every command that changes the game journals it in the transaction that does it, so
    its entry is there exactly when its change is. Commands that change nothing (STATUS,
    PREVIEW, HELP) are simply done again."""
    kind = JOURNALED.get(line.split(maxsplit=1)[0].upper().rstrip(":") if line.strip() else "")
    if kind is None:
        return False
    with transaction(engine) as session:
        return kind in repo.gameplay.journal_kinds_after(session, game_id, after)


def _action(game_id: str, line: str,
            implied: str | None) -> Callable[[Any, MailSettings, datetime], str]:
    word, _, rest = line.splitlines()[0].partition(" ")
    word = word.upper().rstrip(":")
    first, _, after = rest.strip().partition(" ")

    def status(engine: Any, mail: MailSettings, now: datetime) -> str:
        shown = show_game(engine, game_id)
        return (f"{shown['status']}, open phase {shown['phase']}, deadline "
                f"{shown['deadline'] or 'none'}, orders owed by "
                f"{', '.join(shown['owes']) or 'nobody'}, sent by "
                f"{', '.join(shown['submitted']) or 'nobody'}")

    def extend(engine: Any, mail: MailSettings, now: datetime) -> str:
        try:
            by = parse_length(first, "the length")
        except ValueError as exc:
            raise JudgeError(str(exc)) from None
        new = gm.set_deadline(engine, game_id, by=by, mail=mail, now=now)
        return f"the deadline is now {new:%Y-%m-%d %H:%M} UTC; the players were told"

    def deadline(engine: Any, mail: MailSettings, now: datetime) -> str:
        try:
            at = datetime.fromisoformat(first)
        except ValueError:
            raise JudgeError("write the moment as 2026-12-24T18:00+00:00") from None
        new = gm.set_deadline(engine, game_id, at=at, mail=mail, now=now)
        return f"the deadline is now {new:%Y-%m-%d %H:%M} UTC; the players were told"

    def process(engine: Any, mail: MailSettings, now: datetime) -> str:
        meant = first.strip() or implied
        if meant is None:
            raise JudgeError("the phase open when you wrote was processed before your mail "
                             "was read, or the game had no open phase; send PROCESS <phase> "
                             "with the phase you mean (STATUS tells which is open)")
        done = gm.force(engine, game_id, mail, now, phase=meant)
        return f"{done.key} processed; next: {done.next_key}"

    def preview(engine: Any, mail: MailSettings, now: datetime) -> str:
        done = gm.preview(engine, game_id)
        told = "\n    ".join(done.happened) or "(nothing to tell)"
        note = f"\n    ({done.note}.)" if getattr(done, "note", "") else ""
        return f"if processed now ({done.key}; nothing was kept):{note}\n    {told}"

    def pause(engine: Any, mail: MailSettings, now: datetime) -> str:
        gm.pause(engine, game_id, mail, now)
        return "paused; the players were told"

    def resume(engine: Any, mail: MailSettings, now: datetime) -> str:
        new = gm.resume(engine, game_id, mail, now)
        return f"running again; the deadline is {new:%Y-%m-%d %H:%M} UTC" if new else "running"

    def end(engine: Any, mail: MailSettings, now: datetime) -> str:
        winner = first.strip().lower() or None
        gm.end(engine, game_id, mail, now, winner=winner)
        result = ("without a winner" if winner is None else "as a draw" if winner == "draw"
                  else f"with {winner} the winner")
        return f"ended {result}; the seed is revealed to the players"

    def rollback(engine: Any, mail: MailSettings, now: datetime) -> str:
        new = gm.rollback(engine, game_id, first, after, mail, now)
        due = f", its deadline {new:%Y-%m-%d %H:%M} UTC" if new else ""
        return (f"{first} is open again{due}; the players were told why, with the position "
                "as it stands again")

    def announce(engine: Any, mail: MailSettings, now: datetime) -> str:
        text = rest if "\n" not in line else line.partition("\n")[2]
        told = gm.announce(engine, game_id, text.replace("ENDANNOUNCE", "").strip(), mail, now)
        return f"told {len(told)} player{'' if len(told) == 1 else 's'} (and you, a copy)"

    def invite(engine: Any, mail: MailSettings, now: datetime) -> str:
        if not after.strip():
            raise JudgeError("write INVITE <side> <address>")
        invites.invite(engine, game_id, first, after.strip(), mail, now)
        return f"{after.strip()} is invited to the {first} side"

    def start(engine: Any, mail: MailSettings, now: datetime) -> str:
        new = invites.start(engine, game_id, mail, now)
        return f"started; the first deadline is {new:%Y-%m-%d %H:%M} UTC"

    def archive(engine: Any, mail: MailSettings, now: datetime) -> str:
        return games.set_archive(engine, game_id, first, now)

    def copies(engine: Any, mail: MailSettings, now: datetime) -> str:
        return games.set_press_copies(engine, game_id, first, now)

    def help_(engine: Any, mail: MailSettings, now: datetime) -> str:
        return HELP

    def unknown(engine: Any, mail: MailSettings, now: datetime) -> str:
        raise JudgeError(f"the judge knows no game master's command {word}; send HELP")

    return {"STATUS": status, "EXTEND": extend, "DEADLINE": deadline, "PROCESS": process,
            "PREVIEW": preview, "PAUSE": pause, "RESUME": resume, "END": end,
            "ROLLBACK": rollback, "ANNOUNCE": announce, "INVITE": invite, "START": start,
            "ARCHIVE": archive, "COPIES": copies, "HELP": help_}.get(word, unknown)
