"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-30 19:06:19.037198
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table('games',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('ruleset', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('scenario', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('options', sa.Text(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('seed', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('seed_commitment', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('dice_name', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('phase_hours', sa.Integer(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('current_key', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('winner', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('journal',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=30), nullable=False),
    sa.Column('data', sa.Text(), nullable=False),
    sa.Column('prev_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('journal', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_journal_game_id'), ['game_id'], unique=False)

    op.create_table('phases',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('generation', sa.Integer(), nullable=False),
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('deadline', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('state_before', sa.Text(), nullable=False),
    sa.Column('state_after', sa.Text(), nullable=True),
    sa.Column('events', sa.Text(), nullable=True),
    sa.Column('refused', sa.Text(), nullable=True),
    sa.Column('dice_log', sa.Text(), nullable=True),
    sa.Column('opened_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('resolved_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'seq', 'generation')
    )
    with op.batch_alter_table('phases', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phases_game_id'), ['game_id'], unique=False)

    op.create_table('sides',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'name')
    )
    op.create_table('players',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('email', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
    sa.Column('timezone', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('side', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('galleys', sa.Text(), nullable=False),
    sa.Column('password_hash', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('active', sa.Boolean(), nullable=False),
    sa.Column('replaced_by', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.create_index('ix_players_game_email', ['game_id', 'email'], unique=False)

    op.create_table('submissions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('phase_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('side', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('raw', sa.Text(), nullable=False),
    sa.Column('parsed', sa.Text(), nullable=False),
    sa.Column('source', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('received_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['phase_id'], ['phases.id'], ),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('submissions', schema=None) as batch_op:
        batch_op.create_index('ix_submissions_phase_player', ['phase_id', 'player_id'], unique=False)




def downgrade() -> None:

    with op.batch_alter_table('submissions', schema=None) as batch_op:
        batch_op.drop_index('ix_submissions_phase_player')

    op.drop_table('submissions')
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_index('ix_players_game_email')

    op.drop_table('players')
    op.drop_table('sides')
    with op.batch_alter_table('phases', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phases_game_id'))

    op.drop_table('phases')
    with op.batch_alter_table('journal', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_journal_game_id'))

    op.drop_table('journal')
    op.drop_table('games')

