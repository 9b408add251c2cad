"""`pbem mail receive|poll|inject|outbox|send|quarantine`: the mail gateway's commands."""

from __future__ import annotations

from typing import Any


def register(nouns: Any) -> None:
    noun = nouns.add_parser("mail", help="the mail gateway: take orders by mail, send reports")
    noun.add_subparsers(dest="verb", required=True, metavar="VERB")
