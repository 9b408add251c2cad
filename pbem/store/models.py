"""The tables. Inputs (submissions, seeds) are never overwritten; phases keep their state
before and after; the journal is append-only with a hash chain."""

from __future__ import annotations

import base64
import zlib
from datetime import datetime
from typing import Any

from sqlalchemy import Column, Index, LargeBinary, Text, TypeDecorator, UniqueConstraint
from sqlmodel import Field, SQLModel

PACKED = "z1:"  # a packed text: zlib-compressed UTF-8, in base64
PACK_FROM = 512  # shorter texts are kept as they are


def pack(text: str) -> str:
    """A long text as stored: compressed (a game's state is mostly repeated keys)."""
    if len(text) < PACK_FROM:
        return text
    return PACKED + base64.b64encode(zlib.compress(text.encode("utf-8"), 6)).decode("ascii")


def unpack(stored: str) -> str:
    """A stored text as written (texts stored before packing existed read as they are)."""
    if not stored.startswith(PACKED):
        return stored
    return zlib.decompress(base64.b64decode(stored[len(PACKED):])).decode("utf-8")


class PackedText(TypeDecorator[str]):
    """A TEXT column whose long values are stored packed and read back as written: a phase's
    game states, events and dice take a fraction of the room, and every reader sees JSON."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: str | None, dialect: Any) -> str | None:
        return None if value is None else pack(value)

    def process_result_value(self, value: str | None, dialect: Any) -> str | None:
        return None if value is None else unpack(value)


class GameRow(SQLModel, table=True):
    __tablename__ = "games"

    id: str = Field(primary_key=True, max_length=40)
    ruleset: str = Field(max_length=20)
    ruleset_version: str = Field(default="1", max_length=20,
                                 sa_column_kwargs={"server_default": "1"})
    scenario: str = Field(max_length=40)
    options: str = Field(sa_column=Column(Text, nullable=False))  # JSON
    status: str = Field(max_length=12)  # active | paused | over | ended
    seed: str = Field(max_length=64)  # hexadecimal; secret until the game ends
    seed_commitment: str = Field(max_length=64)  # sha256 of the seed bytes, shown to players
    dice_name: str = Field(max_length=40)  # the name the dice derive from (the game id)
    phase_hours: int = 48
    created_at: datetime
    current_key: str = Field(max_length=40)
    winner: str | None = Field(default=None, max_length=40)
    timing: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # JSON of pbem.timing.Timing; None: the default timing
    gm_email: str | None = Field(default=None, max_length=254)  # told of pauses and outages
    gm_password_hash: str | None = Field(default=None, max_length=300)  # signs on by mail as GM
    player_extensions: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # how many deadline extensions each player may ask for by mail in this game
    vacation_days: int = Field(default=14, sa_column_kwargs={"server_default": "14"})
    # how many days of vacation each player may declare in this game, in all
    settings: str = Field(default="{}", sa_column=Column(Text, nullable=False,
                                                         server_default="{}"))
    # JSON object of the host's game settings (press copies to the game master, the archive
    # after the end...); each reader takes its own key's default when the key is absent


class SideRow(SQLModel, table=True):
    __tablename__ = "sides"
    __table_args__ = (UniqueConstraint("game_id", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", max_length=40)
    name: str = Field(max_length=40)
    seq: int  # the scenario's order of sides


class PlayerRow(SQLModel, table=True):
    __tablename__ = "players"
    __table_args__ = (Index("ix_players_game_email", "game_id", "email"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", max_length=40)
    name: str = Field(max_length=60)
    email: str = Field(max_length=254)
    timezone: str = Field(default="UTC", max_length=64)
    side: str = Field(max_length=40)
    pieces: str = Field(default="[]", sa_column=Column(Text, nullable=False))  # JSON list of IDs
    password_hash: str = Field(max_length=300)
    active: bool = True
    replaced_by: int | None = Field(default=None)
    extensions_used: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    settings: str = Field(default="{}", sa_column=Column(Text, nullable=False,
                                                         server_default="{}"))
    # JSON object of the player's own settings by mail (SET MAP, WAIT...); absent keys default


class PhaseRow(SQLModel, table=True):
    __tablename__ = "phases"
    __table_args__ = (UniqueConstraint("game_id", "seq", "generation"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", max_length=40, index=True)
    seq: int  # position in the game: 0 = build
    generation: int = 0  # bumped by each roll back to this phase
    key: str = Field(max_length=40)
    status: str = Field(max_length=12)  # open | resolved | archived
    deadline: datetime | None = None  # UTC
    state_before: str = Field(sa_column=Column(PackedText, nullable=False))  # JSON game value
    state_after: str | None = Field(default=None, sa_column=Column(PackedText, nullable=True))
    events: str | None = Field(default=None, sa_column=Column(PackedText, nullable=True))
    refused: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    dice_log: str | None = Field(default=None, sa_column=Column(PackedText, nullable=True))
    opened_at: datetime
    resolved_at: datetime | None = None
    reminded: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # JSON list of the reminders sent for this deadline ("24h", "6h")


class SubmissionRow(SQLModel, table=True):
    __tablename__ = "submissions"
    __table_args__ = (Index("ix_submissions_phase_player", "phase_id", "player_id"),)

    id: int | None = Field(default=None, primary_key=True)
    phase_id: int = Field(foreign_key="phases.id")
    player_id: int = Field(foreign_key="players.id")
    side: str = Field(max_length=40)
    raw: str = Field(sa_column=Column(Text, nullable=False))
    parsed: str = Field(sa_column=Column(Text, nullable=False))  # JSON: a result per line
    source: str = Field(max_length=20)  # cli | mail | file | demo
    received_at: datetime
    # a player's current orders for a phase are simply the latest they sent (highest id)


class JournalRow(SQLModel, table=True):
    __tablename__ = "journal"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(max_length=40, index=True)
    at: datetime
    kind: str = Field(max_length=30)
    data: str = Field(sa_column=Column(Text, nullable=False))  # JSON
    prev_hash: str = Field(max_length=64)
    hash: str = Field(max_length=64)


# The mail gateway. Raw messages are kept as the exact bytes that came or went.


class MailInRow(SQLModel, table=True):
    """Every message received, stored before anything is done with it. The same message
    arriving twice has the same Message-ID and digest; they are indexed, not unique (many
    messages have no Message-ID, stored as ""): the pipeline looks for an earlier copy."""

    __tablename__ = "mail_in"
    __table_args__ = (Index("ix_mail_in_message_id_digest", "message_id", "digest"),)

    id: int | None = Field(default=None, primary_key=True)
    received_at: datetime  # UTC
    message_id: str = Field(max_length=998)  # as in its header, "" when it has none
    digest: str = Field(max_length=64)  # sha256, in hexadecimal
    source: str = Field(max_length=10)  # stdin | maildir | imap | lmtp | inject
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    raw_size: int | None = None  # when `raw` is only an excerpt: the size of the whole
    # message (refused mail is kept as an excerpt; handled mail past its retention too)
    state: str = Field(max_length=12, index=True)  # new | handled | ignored | quarantined
    reason: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    outcome: str | None = Field(default=None, sa_column=Column(Text, nullable=True))  # JSON
    handled_at: datetime | None = None


class MailOutRow(SQLModel, table=True):
    """The outbox: a message is queued in the transaction that causes it and sent after."""

    __tablename__ = "mail_out"
    __table_args__ = (Index("ix_mail_out_due", "state", "next_attempt_at"),)

    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(max_length=998, unique=True)  # without angle brackets
    kind: str = Field(max_length=12)  # reply | report | press | reminder | deadline | notice
    game_id: str | None = Field(default=None, max_length=40, index=True)
    recipients: str = Field(sa_column=Column(Text, nullable=False))  # JSON list
    pending: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # JSON list: the recipients a retry still owes it to, after a server took it for some
    # of them (None: all of them)
    sender: str = Field(max_length=254)
    subject: str = Field(sa_column=Column(Text, nullable=False))
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))  # b"" until made
    job: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # JSON: what to make at sending time (a report, a reply with its map), when raw is b""
    state: str = Field(max_length=8)  # queued | sent | failed | held (for the operator)
    attempts: int = 0
    next_attempt_at: datetime  # UTC
    last_error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: datetime
    sent_at: datetime | None = None
    digest: str | None = Field(default=None, max_length=64)
    # the sha256 of the bytes sent, set when it is sent: kept when the retention drops them
    # (a report is made again from its job and compared with it)
    raw_size: int | None = None  # how many bytes were sent, kept likewise


class LoginFailureRow(SQLModel, table=True):
    """A wrong password for a player, for the lockout (5 in an hour). `address` is the
    sender's: failures from other addresses never lock the player out of their own."""

    __tablename__ = "login_failures"
    __table_args__ = (Index("ix_login_failures_player_at", "player_id", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="players.id")
    at: datetime  # UTC
    address: str | None = Field(default=None, max_length=254)  # None: recorded before 0012


class GmLoginFailureRow(SQLModel, table=True):
    """A wrong game master's password for a game, for the game master's lockout."""

    __tablename__ = "gm_login_failures"
    __table_args__ = (Index("ix_gm_login_failures_game_at", "game_id", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", max_length=40)
    address: str = Field(max_length=254)
    at: datetime  # UTC


class ThrottleRow(SQLModel, table=True):
    """A counter in a fixed window: how much costly work (a password hash) a key (a
    sender, a game) has been given lately."""

    __tablename__ = "throttles"

    key: str = Field(primary_key=True, max_length=300)
    window_start: datetime  # UTC
    count: int = 0


class LockoutNoticeRow(SQLModel, table=True):
    """When a locked-out player was last told so: at most one such answer an hour."""

    __tablename__ = "lockout_notices"

    player_id: int = Field(foreign_key="players.id", primary_key=True)
    noticed_at: datetime  # UTC


class InvitationRow(SQLModel, table=True):
    """A seat offered by mail: the invited address joins with a reply (JOIN) and its code."""

    __tablename__ = "invitations"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", max_length=40, index=True)
    side: str = Field(max_length=40)
    email: str = Field(max_length=254)
    code_hash: str = Field(max_length=300)  # scrypt, like passwords
    code_key: str | None = Field(default=None, max_length=64, index=True)
    # sha256 of the game id and the code: finds the invitation without hashing every one
    invited_at: datetime  # UTC
    joined_at: datetime | None = None
    player_id: int | None = None


class VacationRow(SQLModel, table=True):
    """A player away: a deadline falling in [start, end) moves to its end."""

    __tablename__ = "vacations"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", max_length=40, index=True)
    player_id: int = Field(foreign_key="players.id")
    start: datetime  # UTC
    end: datetime  # UTC
    declared_at: datetime  # UTC


class JudgeStateRow(SQLModel, table=True):
    """What the running judge remembers of itself: the last sweep (for the outage guard and
    `pbem status`)."""

    __tablename__ = "judge_state"

    key: str = Field(primary_key=True, max_length=40)
    value: str = Field(sa_column=Column(Text, nullable=False))  # JSON
    updated_at: datetime  # UTC


class MailNoticeRow(SQLModel, table=True):
    """When an address that did not sign on was last answered: at most once an hour, so a
    forged sender cannot turn the judge against a player's mailbox."""

    __tablename__ = "mail_notices"

    address: str = Field(primary_key=True, max_length=254)
    noticed_at: datetime  # UTC


class PressRow(SQLModel, table=True):
    """A message relayed between players (PRESS); hidden from the archive until the end."""

    __tablename__ = "press"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", max_length=40, index=True)
    phase_key: str = Field(max_length=40)
    from_player_id: int = Field(foreign_key="players.id")
    to: str = Field(max_length=40)  # a side, or "all"
    body: str = Field(sa_column=Column(Text, nullable=False))
    sent_at: datetime  # UTC


# The club league: a league has seasons; a season pairs its players round by round into
# games of its own, and every finished game moves the players' ratings.


class LeagueRow(SQLModel, table=True):
    __tablename__ = "leagues"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=30, unique=True)
    created_at: datetime  # UTC


class SeasonRow(SQLModel, table=True):
    """A season: what its games are played with, how they are paired, how they score."""

    __tablename__ = "league_seasons"

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="leagues.id", index=True)
    name: str = Field(max_length=30, unique=True)  # its games are <name>-r<round>-<n>
    ruleset: str = Field(max_length=20)
    scenarios: str = Field(sa_column=Column(Text, nullable=False))  # JSON list, rotated by round
    phase_hours: int = 48
    timing: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # JSON of pbem.timing.Timing for every game; None: every phase lasts phase_hours
    format: str = Field(max_length=20)  # round-robin | double-round-robin | swiss
    rounds: int
    turn_limit: int | None = None  # after this turn a game is scored by the victory count
    points: str = Field(sa_column=Column(Text, nullable=False))  # JSON of PointsRule
    min_reliability: float | None = None  # a player's on-time share needed to join
    gm_email: str | None = Field(default=None, max_length=254)
    settings: str = Field(default="{}", sa_column=Column(Text, nullable=False,
                                                         server_default="{}"))
    # JSON object of the season's further game settings (the late policy, grace...)
    status: str = Field(max_length=12)  # forming | running | over
    current_round: int = 0  # 0 before the start
    created_at: datetime  # UTC


class SeasonPlayerRow(SQLModel, table=True):
    __tablename__ = "league_players"
    __table_args__ = (UniqueConstraint("season_id", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="league_seasons.id", index=True)
    name: str = Field(max_length=60)
    email: str = Field(max_length=254)
    timezone: str = Field(default="UTC", max_length=64)
    active: bool = True
    joined_at: datetime  # UTC
    dropped_at: datetime | None = None  # UTC; the rest of their games are forfeits


class LeagueRoundRow(SQLModel, table=True):
    __tablename__ = "league_rounds"
    __table_args__ = (UniqueConstraint("season_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="league_seasons.id", index=True)
    number: int
    scenario: str = Field(max_length=40)
    paired_at: datetime  # UTC
    finished_at: datetime | None = None  # UTC: every game of it is over


class LeagueGameRow(SQLModel, table=True):
    """A pairing of a round: a game on the judge, or a bye (no second player, no game)."""

    __tablename__ = "league_games"
    __table_args__ = (UniqueConstraint("season_id", "round_number", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="league_seasons.id", index=True)
    round_number: int
    seq: int  # n of <season>-r<round>-<n>; byes after the games
    game_id: str | None = Field(default=None, foreign_key="games.id", max_length=40)
    first_player_id: int = Field(foreign_key="league_players.id")  # the scenario's first side
    second_player_id: int | None = Field(default=None, foreign_key="league_players.id")
    why: str = Field(default="", sa_column=Column(Text, nullable=False))  # the pairing's reason
    result: str | None = Field(default=None, max_length=20)
    # first | second | draw | forfeit_first | forfeit_second | double_forfeit | bye
    forfeit_first: bool = False
    forfeit_second: bool = False
    decided_by: str | None = Field(default=None, max_length=20)
    # victory | game master | turn limit | missed orders | dropped | bye
    ended_at: datetime | None = None  # UTC


class RatingRow(SQLModel, table=True):
    """One step of a player's rating (openskill's Plackett-Luce): before and after a game.
    A player is their address, across leagues and seasons; the latest row is the rating."""

    __tablename__ = "league_ratings"
    __table_args__ = (Index("ix_league_ratings_email", "email", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254)
    season_id: int = Field(foreign_key="league_seasons.id")
    league_game_id: int = Field(foreign_key="league_games.id")
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    at: datetime  # UTC
