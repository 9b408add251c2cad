"""Mail in's sign-on step: the letters a message holds (`letters`), and for each sign-on
block who it speaks for (`sign_on`): a player of a game, the game master of one, or nobody
(refused, with the answer it may get).

A block authenticates by password only (compared by the scrypt hash, in constant time);
the sender's address never does. A wrong password is answered only at the registered
address of whoever the block names, and only so often; five in an hour lock that address
(the registered one apart from every other) out for an hour, and the owner is told once an
hour at most. Passwords are hashed within the address's and the game's budget
(pbem.app.base.throttle). Nothing here changes a game: it only records failures, lockout
notices and the hashing budget, in the transaction of the mail.

It may call pbem.app.base, pbem.app.mailin.answers and the store."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from pbem.app.base.passwords import check_password, remembered
from pbem.app.base.throttle import HASH_WINDOW_MINUTES, may_hash
from pbem.app.mailin.answers import MailOutcome, _Answer
from pbem.app.mailin.context import Handling
from pbem.mail.reading import Incoming
from pbem.mail.signon import Block, Letter, read_letter
from pbem.store import repo
from pbem.store.models import GameRow, PlayerRow

PLACEHOLDER = "PASSWORD"  # the order template's sign-on line, not filled in
LOCKOUT_NOTICE_EVERY = timedelta(hours=1)  # the game master told of a lockout once an hour


@dataclass(frozen=True)
class Player:
    """A block signed on by a player's right password. `own`: sent from the player's
    registered address."""

    game: GameRow
    player: PlayerRow
    own: bool


@dataclass(frozen=True)
class GameMaster:
    """A block signed on by the game master's right password; `to` are the addresses its
    answer goes to (the registered one, and the sender's)."""

    game: GameRow
    to: tuple[str, ...]


@dataclass(frozen=True)
class Refused:
    """A block not signed on: its outcome, and the answer it gets (None: no answer)."""

    outcome: MailOutcome
    answer: _Answer | None = None


Signed = Player | GameMaster | Refused


def letters(incoming: Incoming) -> list[tuple[str, Letter]]:
    """The body's letter, then each attachment's (an attachment is read only when it has
    its own SIGNON line)."""
    found = []
    for number, text in enumerate(incoming.texts):
        letter = read_letter(text.text)
        first = next((n for n, line in enumerate(text.text.splitlines(), 1) if line.strip()), 0)
        if number == 0 or (letter.blocks and letter.blocks[0].line_no == first):
            found.append((text.source, letter))
    return found


def _refused(game_id: str | None, name: str | None, mail_id: int, to: list[str] | None = None,
             subject: str = "", parts: list[str] | None = None,
             limited: bool = True) -> Refused:
    """A block refused; answered when `to` is given, within the address's notice limit
    unless the answer was `limited` by its own (a lockout's notice)."""
    outcome = MailOutcome("refused", game_id, name, mail_id=mail_id)
    if not to:
        return Refused(outcome)
    return Refused(outcome, _Answer(to, subject, parts or [], game_id=game_id, refusal=limited))


def sign_on(session: Any, mail: Handling, block: Block, signed: set[tuple[str, str]]) -> Signed:
    """Who the block speaks for. `signed` holds the (game, player) pairs signed on by a
    right password earlier in the same mail; this block's is added when it signs on."""
    game, players = repo.gameplay.game_and_players(session, block.game)
    if game is not None and block.player.casefold() == "gm" and game.gm_password_hash:
        return _game_master(session, mail, block, game)
    wanted = block.player.casefold()  # (as repo.player finds a player)
    player = next((p for p in players if p.name.casefold() == wanted), None) \
        if game and block.player else None
    return _player(session, mail, block, game, player, signed)


def _player(session: Any, mail: Handling, block: Block, game: GameRow | None,
            player: PlayerRow | None, signed: set[tuple[str, str]]) -> Signed:
    """A player's sign-on: `player` is the game's active player the block names (None when
    there is no such game or player)."""
    sender, mail_id, now = mail.mail.sender, mail.mail_id, mail.now
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
        if not repo.gameplay.is_registered_address(session, sender):
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
    known = remembered(block.password, player.password_hash)  # (right, and checked before)
    if not known and not may_hash(session, sender, game.id, own, now):
        return _refused(game_id, name, mail_id, [player.email] if own else None,
                        f"{game_id}: too many sign-ons, try later",
                        [f"Line {block.line_no}: the judge checked too many passwords for "
                         f"this address or this game in the last {HASH_WINDOW_MINUTES} "
                         "minutes, so nothing in that sign-on block was done. Send it again "
                         "a little later."])
    if not known and not check_password(block.password, player.password_hash):
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
    return Player(game, player, own)


def _game_master(session: Any, mail: Handling, block: Block, game: GameRow) -> Signed:
    """`SIGNON <game> GM <password>`: the game master's password, counted and locked as a
    player's is (pbem.store.repo.mail's gm_login_failures)."""
    sender, now = mail.mail.sender, mail.now
    registered = (game.gm_email or "").lower()
    own = bool(sender) and sender == registered

    def refused(parts: list[str] | None = None, subject: str = "", to: str | None = None,
                limited: bool = True) -> Refused:
        """Refused; answered at `to` (with the mail's other answers, within the address's
        notice limit unless the answer has a limit of its own: a lockout's, once an hour)."""
        outcome = MailOutcome("refused", game.id, "GM", mail_id=mail.mail_id)
        if not parts or not to:
            return Refused(outcome)
        return Refused(outcome, _Answer([to], subject, parts, game_id=game.id, refusal=limited))

    if repo.gm_locked_out_until(session, game.id, now, address=sender,
                                registered=registered) is not None:
        if own and repo.claim_throttle(session, f"notice:gm-locked:{game.id}", now, 1,
                                       LOCKOUT_NOTICE_EVERY):
            return refused(["Too many mails with a wrong game master's password came from "
                            "your address in the last hour, so the judge takes no game master's "
                            "commands from it for an hour after the last of them. Nothing in "
                            "this mail was done."], f"{game.id}: game master's sign-on locked",
                           registered, limited=False)
        return refused()
    if not remembered(block.password, game.gm_password_hash or "") \
            and not may_hash(session, sender, game.id, own, now):
        return refused([f"Line {block.line_no}: the judge checked too many passwords for this "
                        "address or this game in the last minutes; nothing was done. Send it "
                        "again a little later."], f"{game.id}: too many sign-ons, try later",
                       registered if own else None)
    if not check_password(block.password, game.gm_password_hash or ""):
        repo.record_gm_failure(session, game.id, sender or "(none)", now)
        locked = repo.gm_locked_out_until(session, game.id, now, address=sender,
                                          registered=registered)
        if locked is not None and registered and repo.claim_throttle(
                session, f"notice:gm-locked:{game.id}", now, 1, LOCKOUT_NOTICE_EVERY):
            where = "your own address" if own else "addresses that are not yours"
            return refused([f"Mails with a wrong game master's password for {game.id} keep "
                            f"coming from {where}, so the judge takes no game master's "
                            f"commands from {'it' if own else 'them'} until "
                            f"{locked:%Y-%m-%d %H:%M} UTC."
                            + ("" if own else " Mail from your own address is not affected.")
                            + " If this was not you, your password may be known: the "
                            "operator can set a new one."],
                           f"{game.id}: wrong game master passwords", registered, limited=False)
        if own:
            return refused([f"Line {block.line_no}: the game master's password for {game.id} "
                            "is wrong; nothing was done. After five wrong passwords in an hour "
                            "the judge stops taking game master's mail from that address for "
                            "an hour."], f"{game.id}: wrong game master password", registered)
        return refused()
    return GameMaster(game, tuple(a for a in dict.fromkeys([registered, sender]) if a))
