"""hardening: vacation days per game, mail kept as an excerpt, lockouts by address, the game
master's failures, throttles on password hashing, invitation lookup keys

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None

_TEXT = sqlmodel.sql.sqltypes.AutoString
_MOMENT = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('vacation_days', sa.Integer(), nullable=False,
                                   server_default='14'))
    with op.batch_alter_table('mail_in') as batch:
        batch.add_column(sa.Column('raw_size', sa.Integer(), nullable=True))
    with op.batch_alter_table('login_failures') as batch:
        batch.add_column(sa.Column('address', _TEXT(length=254), nullable=True))
    with op.batch_alter_table('invitations') as batch:
        batch.add_column(sa.Column('code_key', _TEXT(length=64), nullable=True))
    op.create_index('ix_invitations_code_key', 'invitations', ['code_key'])
    op.create_table(
        'gm_login_failures',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', _TEXT(length=40), nullable=False),
        sa.Column('address', _TEXT(length=254), nullable=False),
        sa.Column('at', _MOMENT(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_gm_login_failures_game_at', 'gm_login_failures', ['game_id', 'at'])
    op.create_table(
        'throttles',
        sa.Column('key', _TEXT(length=300), nullable=False),
        sa.Column('window_start', _MOMENT(), nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('key'),
    )


def downgrade() -> None:
    op.drop_table('throttles')
    op.drop_index('ix_gm_login_failures_game_at', table_name='gm_login_failures')
    op.drop_table('gm_login_failures')
    op.drop_index('ix_invitations_code_key', table_name='invitations')
    with op.batch_alter_table('invitations') as batch:
        batch.drop_column('code_key')
    with op.batch_alter_table('login_failures') as batch:
        batch.drop_column('address')
    with op.batch_alter_table('mail_in') as batch:
        batch.drop_column('raw_size')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('vacation_days')
