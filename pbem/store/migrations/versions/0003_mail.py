"""the mail gateway: mail received, the outbox, login failures and lockout notices, press

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('mail_in',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('received_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('message_id', sqlmodel.sql.sqltypes.AutoString(length=998), nullable=False),
    sa.Column('digest', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('source', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=False),
    sa.Column('state', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('outcome', sa.Text(), nullable=True),
    sa.Column('handled_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('mail_in', schema=None) as batch_op:
        batch_op.create_index('ix_mail_in_message_id_digest', ['message_id', 'digest'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_mail_in_state'), ['state'], unique=False)

    op.create_table('mail_out',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('message_id', sqlmodel.sql.sqltypes.AutoString(length=998), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=True),
    sa.Column('recipients', sa.Text(), nullable=False),
    sa.Column('pending', sa.Text(), nullable=True),
    sa.Column('sender', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
    sa.Column('subject', sa.Text(), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=False),
    sa.Column('state', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('next_attempt_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('last_error', sa.Text(), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('message_id')
    )
    with op.batch_alter_table('mail_out', schema=None) as batch_op:
        batch_op.create_index('ix_mail_out_due', ['state', 'next_attempt_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_mail_out_game_id'), ['game_id'], unique=False)

    op.create_table('login_failures',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('login_failures', schema=None) as batch_op:
        batch_op.create_index('ix_login_failures_player_at', ['player_id', 'at'], unique=False)

    op.create_table('lockout_notices',
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('noticed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], ),
    sa.PrimaryKeyConstraint('player_id')
    )

    op.create_table('press',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('phase_key', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('from_player_id', sa.Integer(), nullable=False),
    sa.Column('to', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['from_player_id'], ['players.id'], ),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('press', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_press_game_id'), ['game_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('press', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_press_game_id'))
    op.drop_table('press')
    op.drop_table('lockout_notices')
    with op.batch_alter_table('login_failures', schema=None) as batch_op:
        batch_op.drop_index('ix_login_failures_player_at')
    op.drop_table('login_failures')
    with op.batch_alter_table('mail_out', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_mail_out_game_id'))
        batch_op.drop_index('ix_mail_out_due')
    op.drop_table('mail_out')
    with op.batch_alter_table('mail_in', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_mail_in_state'))
        batch_op.drop_index('ix_mail_in_message_id_digest')
    op.drop_table('mail_in')
