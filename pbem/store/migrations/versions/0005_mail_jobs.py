"""an outgoing message may be queued as what to make (a report, a reply's map) and made when sent

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('mail_out') as batch:
        batch.add_column(sa.Column('job', sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('mail_out') as batch:
        batch.drop_column('job')
