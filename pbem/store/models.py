"""The tables. Inputs (submissions, seeds) are never overwritten; phases keep their state
before and after; the journal is append-only with a hash chain."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel


class GameRow(SQLModel, table=True):
    __tablename__ = "games"

    id: str = Field(primary_key=True, max_length=40)
    ruleset: str = Field(max_length=20)
    ruleset_version: str = Field(default="1", max_length=20,
                                 sa_column_kwargs={"server_default": "1"})
    scenario: str = Field(max_length=40)
    options: str = Field(sa_column=Column(Text, nullable=False))  # JSON
    status: str = Field(max_length=12)  # active | paused | over | ended
    seed: str = Field(max_length=64)  # hex; secret until the game ends
    seed_commitment: str = Field(max_length=64)  # sha256 of the seed bytes, shown to players
    dice_name: str = Field(max_length=40)  # the name the dice derive from (the game id)
    phase_hours: int = 48
    created_at: datetime
    current_key: str = Field(max_length=40)
    winner: str | None = Field(default=None, max_length=40)


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
    galleys: str = Field(default="[]", sa_column=Column(Text, nullable=False))  # JSON list
    password_hash: str = Field(max_length=300)
    active: bool = True
    replaced_by: int | None = Field(default=None)


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
    state_before: str = Field(sa_column=Column(Text, nullable=False))  # JSON game value
    state_after: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    events: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    refused: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    dice_log: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    opened_at: datetime
    resolved_at: datetime | None = None


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
