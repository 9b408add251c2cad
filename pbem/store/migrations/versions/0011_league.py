"""the club league: leagues, seasons, their players, rounds, games and the rating history

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

_TEXT = sqlmodel.sql.sqltypes.AutoString
_MOMENT = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        'leagues',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', _TEXT(length=30), nullable=False),
        sa.Column('created_at', _MOMENT(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('name'),
    )
    op.create_table(
        'league_seasons',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('league_id', sa.Integer(), nullable=False),
        sa.Column('name', _TEXT(length=30), nullable=False),
        sa.Column('ruleset', _TEXT(length=20), nullable=False),
        sa.Column('scenarios', sa.Text(), nullable=False),
        sa.Column('phase_hours', sa.Integer(), nullable=False),
        sa.Column('timing', sa.Text(), nullable=True),
        sa.Column('format', _TEXT(length=20), nullable=False),
        sa.Column('rounds', sa.Integer(), nullable=False),
        sa.Column('turn_limit', sa.Integer(), nullable=True),
        sa.Column('points', sa.Text(), nullable=False),
        sa.Column('min_reliability', sa.Float(), nullable=True),
        sa.Column('gm_email', _TEXT(length=254), nullable=True),
        sa.Column('status', _TEXT(length=12), nullable=False),
        sa.Column('current_round', sa.Integer(), nullable=False),
        sa.Column('created_at', _MOMENT(), nullable=False),
        sa.ForeignKeyConstraint(['league_id'], ['leagues.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('name'),
    )
    op.create_index('ix_league_seasons_league_id', 'league_seasons', ['league_id'])
    op.create_table(
        'league_players',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('season_id', sa.Integer(), nullable=False),
        sa.Column('name', _TEXT(length=60), nullable=False),
        sa.Column('email', _TEXT(length=254), nullable=False),
        sa.Column('timezone', _TEXT(length=64), nullable=False),
        sa.Column('active', sa.Boolean(), nullable=False),
        sa.Column('joined_at', _MOMENT(), nullable=False),
        sa.Column('dropped_at', _MOMENT(), nullable=True),
        sa.ForeignKeyConstraint(['season_id'], ['league_seasons.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('season_id', 'name'),
    )
    op.create_index('ix_league_players_season_id', 'league_players', ['season_id'])
    op.create_table(
        'league_rounds',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('season_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('scenario', _TEXT(length=40), nullable=False),
        sa.Column('paired_at', _MOMENT(), nullable=False),
        sa.Column('finished_at', _MOMENT(), nullable=True),
        sa.ForeignKeyConstraint(['season_id'], ['league_seasons.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('season_id', 'number'),
    )
    op.create_index('ix_league_rounds_season_id', 'league_rounds', ['season_id'])
    op.create_table(
        'league_games',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('season_id', sa.Integer(), nullable=False),
        sa.Column('round_number', sa.Integer(), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('game_id', _TEXT(length=40), nullable=True),
        sa.Column('first_player_id', sa.Integer(), nullable=False),
        sa.Column('second_player_id', sa.Integer(), nullable=True),
        sa.Column('why', sa.Text(), nullable=False),
        sa.Column('result', _TEXT(length=20), nullable=True),
        sa.Column('forfeit_first', sa.Boolean(), nullable=False),
        sa.Column('forfeit_second', sa.Boolean(), nullable=False),
        sa.Column('decided_by', _TEXT(length=20), nullable=True),
        sa.Column('ended_at', _MOMENT(), nullable=True),
        sa.ForeignKeyConstraint(['season_id'], ['league_seasons.id']),
        sa.ForeignKeyConstraint(['game_id'], ['games.id']),
        sa.ForeignKeyConstraint(['first_player_id'], ['league_players.id']),
        sa.ForeignKeyConstraint(['second_player_id'], ['league_players.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('season_id', 'round_number', 'seq'),
    )
    op.create_index('ix_league_games_season_id', 'league_games', ['season_id'])
    op.create_table(
        'league_ratings',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('email', _TEXT(length=254), nullable=False),
        sa.Column('season_id', sa.Integer(), nullable=False),
        sa.Column('league_game_id', sa.Integer(), nullable=False),
        sa.Column('mu_before', sa.Float(), nullable=False),
        sa.Column('sigma_before', sa.Float(), nullable=False),
        sa.Column('mu_after', sa.Float(), nullable=False),
        sa.Column('sigma_after', sa.Float(), nullable=False),
        sa.Column('at', _MOMENT(), nullable=False),
        sa.ForeignKeyConstraint(['season_id'], ['league_seasons.id']),
        sa.ForeignKeyConstraint(['league_game_id'], ['league_games.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_league_ratings_email', 'league_ratings', ['email', 'id'])


def downgrade() -> None:
    op.drop_index('ix_league_ratings_email', table_name='league_ratings')
    op.drop_table('league_ratings')
    op.drop_index('ix_league_games_season_id', table_name='league_games')
    op.drop_table('league_games')
    op.drop_index('ix_league_rounds_season_id', table_name='league_rounds')
    op.drop_table('league_rounds')
    op.drop_index('ix_league_players_season_id', table_name='league_players')
    op.drop_table('league_players')
    op.drop_index('ix_league_seasons_league_id', table_name='league_seasons')
    op.drop_table('league_seasons')
    op.drop_table('leagues')
