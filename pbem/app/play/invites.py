"""A game that forms by invitation: the game master invites an address to a side, the
invited person joins by mail (`JOIN <game> <code> <name> [<time zone>]`, before any SIGNON
line) and gets their password at the invited address; the game master starts the game
when every side has its players, and the first deadline runs from then."""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.base.names import check_email
from pbem.app.base.passwords import check_password, hash_password, new_password
from pbem.app.base.shared import require_game, utcnow
from pbem.app.base.throttle import may_hash
from pbem.app.base.timing import next_deadline, vacations_of
from pbem.app.mailout.notices import notice, tell_started
from pbem.app.mailout.queue import queue_briefings
from pbem.app.play.games import PlayerSpec, _check_player, _gm_name
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.db import retrying, transaction
from pbem.store.models import GameRow, InvitationRow, PlayerRow

JOIN = re.compile(r"(?im)^[ \t]*JOIN[ \t]+(\S+)[ \t]+(\S+)[ \t]+(.+?)[ \t]*$")


def invite(engine: Engine, game_id: str, side: str, email: str, mail: MailSettings,
           now: datetime | None = None) -> str:
    """Offer a seat on `side` to `email`; the invitation (with its code) is mailed there."""
    now = now or utcnow()
    check_email(email, "the invited player")

    def work() -> str:
        with transaction(engine) as session:
            game = require_game(session, game_id, lock=True)
            if game.status != "forming":
                raise JudgeError(f"{game_id} is {game.status}; invitations are for a game "
                                 "still forming (one made to form by invitation)")
            sides = repo.sides(session, game_id)
            if side not in sides:
                raise JudgeError(f"{game_id} has no side {side!r}; its sides are "
                                 f"{', '.join(sides)}")
            code = new_password()
            row = repo.add(session, InvitationRow(game_id=game_id, side=side,
                                                  email=email.lower(),
                                                  code_hash=hash_password(code),
                                                  code_key=code_key(game_id, code),
                                                  invited_at=now))
            repo.journal_append(session, game_id, "invited", {"side": side}, now)
            notice(session, mail, email.lower(), f"{game_id}: you are invited",
                   f"You are invited to play the {side} side of {game_id} "
                   f"({game.scenario}). To join, reply with one line:\n\n"
                   f"JOIN {game_id} {code} <your name> [<your time zone, e.g. Europe/Paris>]"
                   "\n\nYour password comes back to this address. The game master starts "
                   "the game when every side has its players.",
                   f"invite/{game_id}/{row.id}", game_id, now)
            return code
    return retrying(work)  # type: ignore[no-any-return]


def code_key(game_id: str, code: str) -> str:
    """The key an invitation is found by: a digest of the game and the code. The code is
    random (72 bits), so the key gives nothing away, and a JOIN costs one lookup, not a
    password hash per open invitation."""
    return hashlib.sha256(f"{game_id.lower()}\0{code}".encode()).hexdigest()


def join_lines(text: str) -> list[tuple[str, str, str, str]]:
    """The JOIN lines of a mail: (game, code, name, time zone)."""
    found = []
    for game, code, rest in JOIN.findall(text):
        words = rest.split()
        if len(words) > 1 and ("/" in words[-1] or words[-1] == "UTC"):
            found.append((game, code, " ".join(words[:-1]), words[-1]))
        else:
            found.append((game, code, " ".join(words), "UTC"))
    return found


def join(session: Any, game_id: str, code: str, name: str, zone: str, mail: MailSettings,
         now: datetime, sender: str = "") -> tuple[str, str] | None:
    """In the caller's transaction: the invitation this code opens becomes a player, whose
    password is mailed to the invited address. Returns (address, sentence), or None when no
    open invitation matches (nothing is said: the code may be a guess). The invitation is
    found by its key; an invitation made before keys existed is checked by its hash, within
    the sender's and the game's hashing budget (pbem.app.base.throttle.may_hash)."""
    game = session.get(GameRow, game_id)
    if game is None or game.status != "forming" or len(code) > 100:
        return None
    invitation = repo.gameplay.open_invitation(session, game.id, code_key(game.id, code))
    if invitation is None:
        for candidate in repo.gameplay.open_invitations_without_key(session, game.id):
            if not may_hash(session, sender, game.id, False, now):
                break
            if check_password(code, candidate.code_hash):
                invitation = candidate
                break
    if invitation is None:
        return None
    others = [p.name for p in repo.players(session, game.id)]
    try:
        _check_player(PlayerSpec(name, invitation.email, invitation.side, zone), others)
        _gm_name(name)
    except JudgeError as exc:
        return invitation.email, f"You could not join {game.id}: {exc}. Reply with JOIN again."
    password = new_password()
    player = repo.add(session, PlayerRow(game_id=game.id, name=name, email=invitation.email,
                                         timezone=zone, side=invitation.side,
                                         password_hash=hash_password(password)))
    invitation.joined_at = now
    invitation.player_id = player.id
    session.add(invitation)
    repo.journal_append(session, game.id, "joined", {"player": name, "side": invitation.side},
                        now)
    if game.gm_email:
        notice(session, mail, game.gm_email, f"{game.id}: {name} joined",
               f"{name} joined {game.id} on the {invitation.side} side.",
               f"joined/{game.id}/{player.id}", game.id, now)
    return invitation.email, (
        f"Welcome to {game.id}, {name}: you play the {invitation.side} side. Your password "
        f"is {password} (keep it; sign your orders with SIGNON {game.id} {name} "
        f"<password>). The game master starts the game when every side has its players.")


def start(engine: Engine, game_id: str, mail: MailSettings | None,
          now: datetime | None = None) -> datetime:
    """Start a forming game: every side has a player; the first deadline runs from now."""
    now = now or utcnow()

    def work() -> datetime:
        with transaction(engine) as session:
            game = require_game(session, game_id, lock=True)
            if game.status != "forming":
                raise JudgeError(f"{game_id} is {game.status}, not forming")
            players = repo.players(session, game_id)
            empty = [s for s in repo.sides(session, game_id)
                     if not any(p.side == s for p in players)]
            if empty:
                raise JudgeError(f"no player has joined the {' or the '.join(empty)} side yet")
            phase = repo.open_phase(session, game_id)
            assert phase is not None
            kind = rulesets.load(game.ruleset, json.loads(phase.state_before)).phase.kind
            deadline = next_deadline(game, kind, now, vacations=vacations_of(session, game_id))
            phase.deadline = deadline
            phase.opened_at = now
            game.status = "active"
            session.add(phase)
            session.add(game)
            repo.journal_append(session, game_id, "started", {"status": "active"}, now)
            if mail is not None:  # each player's briefing, with the deadline's .ics
                queue_briefings(session, mail, game_id, now)
                tell_started(session, mail, game, now)
            return deadline
    return retrying(work)  # type: ignore[no-any-return]
