"""players' lists of pieces are called pieces, whatever the ruleset calls them

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('players') as batch:
        batch.alter_column('galleys', new_column_name='pieces')


def downgrade() -> None:
    with op.batch_alter_table('players') as batch:
        batch.alter_column('pieces', new_column_name='galleys')
