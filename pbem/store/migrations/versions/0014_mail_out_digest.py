"""mail_out digest and raw_size: what a delivered message was, kept when its body goes

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-03 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('mail_out') as batch:
        batch.add_column(sa.Column('digest', sa.String(length=64), nullable=True))
        batch.add_column(sa.Column('raw_size', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('mail_out') as batch:
        batch.drop_column('raw_size')
        batch.drop_column('digest')
