"""The refusals and faults use-cases raise (defined in `pbem.errors`, which every layer may
import; the storage raises faults too)."""

from __future__ import annotations

from pbem.errors import (
    BadDatabaseURL,
    CannotCreate,
    DamagedData,
    DatabaseBusy,
    DatabaseMissing,
    Fault,
    JudgeError,
    StorageFailed,
    Unavailable,
)

__all__ = ["BadDatabaseURL", "CannotCreate", "DamagedData", "DatabaseBusy", "DatabaseMissing",
           "Fault", "JudgeError", "StorageFailed", "Unavailable"]
