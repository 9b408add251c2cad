"""The harness of the report mail tests (issue 23): a game played through real mail (each
order file mailed in as raw RFC 5322 bytes through the mail gateway, each phase resolved by
the host), and the outbox's reports made into bytes by the outbox's own maker and read back
with the standard library's email package. No test lives here."""

from __future__ import annotations

import email
import email.policy
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy.engine import Engine

from pbem.app.mailin import mailgate
from pbem.app.play import games, phases
from pbem.app.reports.mailmake import maker
from pbem.golden import load, order_file
from pbem.mail.settings import MailSettings, mail_settings
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import DEMO

START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
PASSWORDS = {"Aristides": "secret-a", "Hanno": "secret-h"}
ADDRESSES = {"Aristides": "aristides@example.org", "Hanno": "hanno@example.org"}


def address_of(name: str) -> str:
    return ADDRESSES.get(name, f"{name.lower()}@example.org")


def new_game_from(engine: Engine, folder: Path, game_id: str, settings: MailSettings,
                  gm_email: str | None = None,
                  options: tuple[tuple[str, bool | int | str], ...] = ()) -> dict[str, str]:
    """A game made from a demo folder's game.toml, a player for each side (named after the
    side; password "<name>-oars"), briefed by mail. Returns side -> player name."""
    golden = load(folder)
    names = {side: side.title().replace("-", "") for side in golden.game.sides}
    games.create_game(engine, games.GameSpec(
        game_id=game_id, ruleset=golden.ruleset, scenario=golden.game.scenario_name,
        seed=golden.seed, dice_name=golden.game_id,
        options=(*golden.options, *options), gm_email=gm_email,
        players=tuple(games.PlayerSpec(name, address_of(name), side,
                                       password=f"{name.lower()}-oars")
                      for side, name in names.items())), now=START, mail=settings)
    return names


def settings_in(folder: Path) -> MailSettings:
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, folder)


def order_mail(game_id: str, name: str, key: str, orders: str, password: str = "",
               end: bool = True) -> bytes:
    """An orders mail as a player writes it: greeting, sign-on, orders (closed by ENDORDERS
    unless `end` is false) and a signature."""
    password = password or PASSWORDS.get(name, f"{name.lower()}-oars")
    body = (f"Hello judge,\n\nSIGNON {game_id} {name} {password}\n"
            f"{orders.rstrip()}\n{'ENDORDERS' if end else ''}\n\nCheers, {name}\n")
    return (f"From: {name} <{address_of(name)}>\r\nTo: judge@example.net\r\n"
            f"Subject: orders for {key}\r\nMessage-ID: <{game_id}.{key}.{name}@players.example>"
            "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
            + body.replace("\n", "\r\n")).encode()


def play_by_mail(engine: Engine, settings: MailSettings, game_id: str, count: int,
                 players: dict[str, str], skip: frozenset[str] = frozenset(),
                 folder: Path = DEMO) -> None:
    """Mail in each owing side's order file of the next `count` phases (none for a
    `<key>:<side>` in `skip`) and resolve each phase through the host, its reports queued."""
    now = START
    for _ in range(count):
        shown = games.show_game(engine, game_id)
        key = shown["phase"]
        for side in shown["owes"]:
            path = folder / order_file(key, side)
            if path.is_file() and f"{key}:{side}" not in skip:
                now += timedelta(minutes=1)
                mailgate.receive(engine, order_mail(game_id, players[side], key,
                                                    path.read_text(encoding="utf-8")),
                                 "inject", settings, now)
        now += timedelta(minutes=1)
        phases.process_phase(engine, game_id, expected_key=key, now=now, mail=settings)


@dataclass(frozen=True)
class Sent:
    """One report mail as the outbox makes it, read back."""

    to: str
    subject: str
    job: dict[str, object]
    raw: bytes
    message: EmailMessage

    @property
    def text(self) -> str:
        body = self.message.get_body(("plain",))
        assert body is not None
        return str(body.get_content())

    @property
    def html(self) -> str:
        body = self.message.get_body(("html",))
        assert body is not None
        return str(body.get_content())

    def types(self) -> list[str]:
        return [part.get_content_type() for part in self.message.walk()
                if not part.is_multipart()]


def report_mails(engine: Engine, settings: MailSettings, kind: str = "report") -> list[Sent]:
    """Every queued mail of a job type (report or briefing), in the order queued, made into
    bytes by the outbox's maker and parsed with the stdlib email package."""
    make = maker(engine, settings)
    with transaction(engine) as session:
        rows = [r for r in repo.outbox_rows(session)
                if json.loads(r.job or "{}").get("type") == kind]
    found = []
    for row in sorted(rows, key=lambda r: r.id or 0):
        raw = make(row)
        message = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        found.append(Sent(json.loads(row.recipients)[0], str(message["Subject"]),
                          json.loads(row.job or "{}"), raw, message))
    return found
