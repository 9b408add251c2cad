"""What every aggregate's queries share."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session


def add(session: Session, row: Any) -> Any:
    session.add(row)
    session.flush()
    return row
