"""players' vacations, and the deadline extensions a game lets its players ask for

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('player_extensions', sa.Integer(), nullable=False,
                                   server_default='0'))
    with op.batch_alter_table('players') as batch:
        batch.add_column(sa.Column('extensions_used', sa.Integer(), nullable=False,
                                   server_default='0'))
    op.create_table(
        'vacations',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('start', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('end', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('declared_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id']),
        sa.ForeignKeyConstraint(['player_id'], ['players.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_vacations_game_id', 'vacations', ['game_id'])


def downgrade() -> None:
    op.drop_index('ix_vacations_game_id', table_name='vacations')
    op.drop_table('vacations')
    with op.batch_alter_table('players') as batch:
        batch.drop_column('extensions_used')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('player_extensions')
