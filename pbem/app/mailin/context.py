"""The mail being handled, as mail in's steps pass it on (pbem.app.mailin.mailgate runs
them): what came (its stored number and bytes), what the reading step made of it, which
stored copy its answers are keyed on, and the judge's settings and clock for the whole run.

It calls nothing; every step of mail in imports it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.engine import Engine

from pbem.mail.reading import Incoming
from pbem.mail.settings import MailSettings


@dataclass
class Handling:
    """One message on its way through the steps. `incoming` and `written` are set by the
    reading step, `origin` (the first stored copy, whose number keys the answers) inside
    the transaction that answers it."""

    engine: Engine
    settings: MailSettings
    now: datetime
    mail_id: int
    raw: bytes
    incoming: Incoming | None = None
    written: datetime | None = None  # the Date the sender gave, when it has a time zone
    origin: int = 0
    key: str | None = None  # the stored key and digest, once stored (None: read the row)
    digest: str = ""

    @property
    def mail(self) -> Incoming:
        """The message as read (only after the reading step)."""
        if self.incoming is None:
            raise RuntimeError("the message has not been read yet")
        return self.incoming
