"""a game may form by invitation: players join with a reply, the game master starts it

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'invitations',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('side', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('email', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column('code_hash', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column('invited_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('joined_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column('player_id', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_invitations_game_id', 'invitations', ['game_id'])


def downgrade() -> None:
    op.drop_index('ix_invitations_game_id', table_name='invitations')
    op.drop_table('invitations')
