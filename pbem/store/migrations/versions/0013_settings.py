"""settings: a JSON object of host settings per game, per player and per league season

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None

_TABLES = ('games', 'players', 'league_seasons')


def upgrade() -> None:
    for table in _TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column('settings', sa.Text(), nullable=False,
                                       server_default='{}'))


def downgrade() -> None:
    for table in reversed(_TABLES):
        with op.batch_alter_table(table) as batch:
            batch.drop_column('settings')
