"""games keep their timing and their game master's address; phases their reminders sent;
the judge its own state (the last sweep)

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('timing', sa.Text(), nullable=True))
        batch.add_column(sa.Column('gm_email', sqlmodel.sql.sqltypes.AutoString(length=254),
                                   nullable=True))
    with op.batch_alter_table('phases') as batch:
        batch.add_column(sa.Column('reminded', sa.Text(), nullable=True))
    op.create_table(
        'judge_state',
        sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('value', sa.Text(), nullable=False),
        sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint('key'),
    )


def downgrade() -> None:
    op.drop_table('judge_state')
    with op.batch_alter_table('phases') as batch:
        batch.drop_column('reminded')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('gm_email')
        batch.drop_column('timing')
