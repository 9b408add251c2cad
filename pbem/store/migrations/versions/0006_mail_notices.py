"""answers to addresses that did not sign on are limited: one an hour per address

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'mail_notices',
        sa.Column('address', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column('noticed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint('address'),
    )


def downgrade() -> None:
    op.drop_table('mail_notices')
