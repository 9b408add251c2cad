"""`pbem demo`: the main job. Creates a game in the database and plays the example Squadron
Combat of orders/demo through the mail gateway: each order file goes in as a real message
(greeting, sign-on line, orders, signature), every phase is processed, and the judge's
replies and reports go out into the local Maildir outbox ($PBEM_DATA/outbox/), never to a
real SMTP server. It tells the game phase by phase; the game stays in the database for
`pbem game show`. Its parser loads nothing of the database layer (`pbem demo --help`).
"""

from __future__ import annotations

import argparse
import html
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pbem.app.base.errors import JudgeError
from pbem.cli.common import add_db, engine, outcome, say

if TYPE_CHECKING:  # the database layer, the games and the renderer load when the demo runs
    from sqlalchemy.engine import Engine

PLAYERS = {"blue": ("Aristides", "aristides@example.org"),
           "red": ("Hanno", "hanno@example.org"),
           "convoy": ("Nearchus", "nearchus@example.org"),
           "raiders": ("Demetrius", "demetrius@example.org"),
           "greeks": ("Themistocles", "themistocles@example.org"),
           "romans": ("Duilius", "duilius@example.org"),
           "carthage": ("Hamilcar", "hamilcar@example.org"),
           "rome": ("Regulus", "regulus@example.org"),
           "carthaginians": ("Hannibal", "hannibal@example.org"),
           "rhodes": ("Eudamos", "eudamos@example.org"),
           "macedon": ("Antigonos", "antigonos@example.org")}


def player_of(side: str) -> tuple[str, str]:
    """The demo's player for a side (a side no demo names gets a name made from it)."""
    name = side.title().replace("-", "")
    return PLAYERS.get(side, (name, f"{side.lower()}@example.org"))
JUDGE = "judge@pbem.example"  # the demo's judge address; its mail stays in the local Maildir


def demo_settings() -> Any:
    """Mail settings that write to the local Maildir whatever the environment says."""
    from pbem.mail.settings import mail_settings
    from pbem.store.db import data_dir

    return mail_settings({"PBEM_MAIL_FROM": JUDGE}, data_dir())


def letter(game_id: str, side: str, password: str, key: str, orders: str) -> bytes:
    """An order file as a player would mail it: greeting, sign-on, orders, signature."""
    name, address = player_of(side)
    body = (f"Greetings, judge.\n\nSIGNON {game_id} {name} {password}\n{orders.rstrip()}\n"
            f"\n-- \n{name}, for the {side} side\n")
    return (f"From: {name} <{address}>\r\nTo: {JUDGE}\r\nSubject: {game_id}: orders for "
            f"{key}\r\nMessage-ID: <{game_id}.{key}.{side}@demo.example>\r\n"
            "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
            + body.replace("\n", "\r\n")).encode()


def default_folder(ruleset: str = "") -> Path:
    """./orders/demo (or ./orders/demo-<ruleset>) when run in a checkout's folder, else the
    demo shipped with the judge."""
    from pbem.app.base.rulesets import DEFAULT
    from pbem.resources import demo_orders

    chosen = "" if ruleset in ("", DEFAULT) else ruleset
    here = Path(f"orders/demo-{chosen}" if chosen else "orders/demo")
    return here if here.is_dir() else demo_orders(chosen)


def _free_name(made: Engine, base: str) -> str:
    from pbem.app.play import games

    taken = {row["game"] for row in games.list_games(made)}
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"


def _reply_text(made: Engine, settings: Any, mail_id: int | None) -> str:
    """The judge's reply to a message (its first sign-on block), as its player reads it."""
    import email
    import email.policy

    from pbem.mail.compose import new_message_id
    from pbem.store import repo
    from pbem.store.db import transaction

    wanted = new_message_id("reply", f"{mail_id}/0", settings.domain)
    with transaction(made) as session:
        raws = [bytes(r.raw) for r in repo.outbox_rows(session) if r.message_id == wanted]
    if not raws or not raws[0]:
        return "(no reply)"
    message = email.message_from_bytes(raws[0], policy=email.policy.default)
    body = message.get_body(("plain",))  # type: ignore[attr-defined]
    return str(body.get_content()) if body is not None else ""


def play(made: Engine, folder: Path, out: TextIO, name: str | None = None) -> dict[str, Any]:
    from pbem.app.mailin import mailgate
    from pbem.app.play import games, phases
    from pbem.cli.mail import deliver_locally
    from pbem.golden import load, order_file

    golden = load(folder)
    hosted = golden.game
    game_id = _free_name(made, name or golden.game_id)
    passwords = {side: f"{player_of(side)[0].lower()}-oars" for side in hosted.sides}
    spec = games.GameSpec(
        game_id=game_id, ruleset=golden.ruleset, scenario=hosted.scenario_name,
        seed=golden.seed, dice_name=golden.game_id, options=dict(golden.options),
        players=tuple(games.PlayerSpec(player_of(side)[0], player_of(side)[1], side,
                                       password=passwords[side]) for side in hosted.sides),
    )
    settings = demo_settings()
    created = games.create_game(made, spec, mail=settings)  # each player's briefing
    deliver_locally(made, settings)
    versus = " against ".join(f"{side} ({player_of(side)[0]})" for side in hosted.sides)
    say(f"Game {game_id}: {hosted.title}, {versus}.", file=out)
    say(f"Seed commitment: {created.seed_commitment}", file=out)
    unread = {p.name for p in folder.glob("*.txt")}
    while unread:
        shown = games.show_game(made, game_id)
        if shown["status"] != "active":
            break
        key = shown["phase"]
        say(f"\n== {shown['phase_title']}", file=out)
        # the sides the phase waits for, and any other that sent orders for it (standing
        # orders, in a rule system that takes them from a side not owing any)
        for owing in [*shown["owes"], *(s for s in hosted.sides if s not in shown["owes"])]:
            file = order_file(key, owing)
            if file in unread:
                unread.discard(file)
                raw = letter(game_id, owing, passwords[owing], key,
                             (folder / file).read_text(encoding="utf-8"))
                taken = mailgate.receive(made, raw, "inject", settings)
                say(f"  Mail from {player_of(owing)[0]} ({owing}, {file}): {taken.outcome}, "
                    f"{taken.accepted} lines accepted, {taken.refused} refused.", file=out)
                deliver_locally(made, settings)
                reply = _reply_text(made, settings, taken.mail_id)
                for line in reply.splitlines()[2:]:
                    if line.startswith(("  ", "Orders for", "Refused", "Not read")):
                        say(f"  | {line}", file=out)
        if not shown["owes"]:
            say("  (nobody has anything to order)", file=out)
        done = phases.process_phase(made, game_id, expected_key=key, mail=settings)
        deliver_locally(made, settings)
        for text in done.happened:
            say(f"    {text}", file=out)
    return games.show_game(made, game_id)


def summary(shown: dict[str, Any], out: TextIO) -> None:
    from pbem.render.text import text_table

    say("\n== Where things stand", file=out)
    for section in shown["sections"]:
        say(f"  {section['title']}", file=out)
        for line in text_table(section):
            say(f"    {line}", file=out)
    if shown["winner"]:
        say(f"\n{outcome(shown['winner'])}", file=out)
    else:
        say(f"\nNo winner yet; the next phase is {shown['phase']}.", file=out)


def stored_where(url: Any) -> str:
    """Where the game is for a person: a SQLite file by its path, any other database by its
    URL without the password."""
    if url.get_backend_name() == "sqlite" and url.database:
        return str(Path(url.database))
    return str(url.render_as_string(hide_password=True))


def run(args: argparse.Namespace) -> int:
    from pbem.store.db import data_dir

    folder = args.orders or default_folder(args.ruleset)
    if not (folder / "game.toml").is_file():
        raise JudgeError(f"there is no game.toml in {folder}; pass --orders FOLDER")
    made = engine(args, upgrade=True)
    shown = play(made, folder, sys.stdout, args.name)
    summary(shown, sys.stdout)
    where = stored_where(made.url)
    out = write_reports(made, shown["game"], data_dir() / "demo-reports" / shown["game"])
    say(f"\nThe game is stored in {where}: `pbem game show {shown['game']}` shows it, "
          f"`pbem game verify {shown['game']}` recomputes it, and `pbem dice verify "
          f"{shown['game']}` checks every roll against the revealed seed.")
    say(f"Every player's report and map of every phase is in {out}/ "
          f"(open {out}/index.html); the public archive is in {out}/archive/index.html.")
    say(f"Every mail the judge sent (replies to orders, reports with maps and deadlines) is "
        f"in the Maildir {demo_settings().outbox_dir}/: read it with any mail client, e.g. "
        f"`mutt -f {demo_settings().outbox_dir}`.")
    return 0


def write_reports(made: Engine, game_id: str, folder: Path) -> Path:
    """All reports and maps of every resolved phase, for every recipient, and the archive."""
    from pbem.app.play import games
    from pbem.app.reports import reports
    from pbem.app.reports.archive import archive_game

    phases_shown = [p for p in games.show_game(made, game_id)["phases"]
                    if p["status"] == "resolved"]
    links = []
    for phase in phases_shown:
        made_reports = reports.phase_reports(made, game_id, phase["key"])
        reports.write_reports(made_reports, folder.parent, game_id)
        links += [f'<li><a href="{html.escape(r.basename)}.html">{html.escape(phase["key"])}: '
                  f'{html.escape(r.recipient)}</a></li>' for r in made_reports]
    archive_game(made, game_id, folder / "archive")
    (folder / "index.html").write_text(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>Reports of {game_id}</title></head><body><h1>Reports of {game_id}</h1>"
        f"<ul>{''.join(links)}</ul></body></html>\n", encoding="utf-8")
    return folder


def register(nouns: Any) -> None:
    demo = nouns.add_parser("demo", help="play the example game that comes with the judge, in the database")
    demo.add_argument("--orders", type=Path, default=None,
                      help="folder of the demo's order files (default: the example game that comes with "
                           "the judge, of --ruleset's rule system)")
    demo.add_argument("--name", default=None, help="game name (default: demo, demo-2, ...)")
    demo.add_argument("--ruleset", default="",
                      help="play the demo game of another rule system (`pbem rules list`)")
    add_db(demo)
    demo.set_defaults(run=run)
