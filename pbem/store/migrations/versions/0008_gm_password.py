"""a game master signs on by mail with a password of their own

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('gm_password_hash',
                                   sqlmodel.sql.sqltypes.AutoString(length=300), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.drop_column('gm_password_hash')
