"""games remember the version of their ruleset

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # games made before plug-ins were all Ram Speed's first version
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('ruleset_version', sqlmodel.sql.sqltypes.AutoString(length=20),
                                   nullable=False, server_default='1'))


def downgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.drop_column('ruleset_version')
