"""The game master's commands at the command line (issue 23, section 3): each one's result
is mailed to the game master, so the game's mail holds every command's result, as a
command by mail is answered by mail; `game show` of an ended game shows no deadline and no
"still waiting for" (issue 25, item 3). Real processes; the local Maildir read back with
the stdlib email package."""

from __future__ import annotations

import email
import email.policy
import json
import mailbox
import os
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GM = "gm@example.org"


def _env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PBEM_SMTP", "PBEM_IMAP", "PBEM_DATABASE_URL"))}
    return {**env, "PBEM_DATA": str(folder), "PBEM_MAIL_FROM": "judge@example.net"}


def pbem(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, env=_env(folder), timeout=120)


def _to_gm(folder: Path) -> dict[str, str]:
    """The game master's mail, by subject: its text."""
    found = {}
    for message in mailbox.Maildir(folder / "outbox", create=True):
        parsed = email.message_from_bytes(message.as_bytes(), policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        if str(parsed["To"]) == GM:
            body = parsed.get_body(("plain",))
            assert body is not None
            found[str(parsed["Subject"])] = str(body.get_content())
    return found


@pytest.mark.slow
def test_each_command_line_result_is_mailed_to_the_game_master(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert pbem(data, "db", "init").returncode == 0
    made = pbem(data, "game", "new", "aegean", "--scenario", "squadron", "--gm", GM,
                "--player", "Ann,ann@example.org,blue", "--player", "Bo,bo@example.org,red")
    assert made.returncode == 0, made.stderr
    for args in (("pause", "aegean"), ("resume", "aegean"),
                 ("deadline", "aegean", "--extend", "24h"),
                 ("announce", "aegean", "Fair winds."),
                 ("set", "aegean", "--archive", "closed")):
        done = pbem(data, "game", *args)
        assert done.returncode == 0, done.stderr
    shown = json.loads(pbem(data, "game", "show", "aegean", "--json").stdout)
    mailed = _to_gm(data)
    assert "aegean is paused; everyone was told." in mailed["aegean: done: pause"]
    resumed = mailed["aegean: done: resume"]
    assert "aegean is running again; the deadline of the open phase is" in resumed
    assert f"the deadline is now {shown['deadline'][:10]}" in mailed["aegean: done: deadline"]
    assert "mailed to 2 players" in mailed["aegean: done: announce"]  # the GM is no player
    assert "stays as it was while the game ran" in mailed["aegean: done: set"]
    assert shown["archive_after_end"] == "closed"

    assert pbem(data, "game", "end", "aegean").returncode == 0
    assert "the seed was revealed to everyone" in _to_gm(data)["aegean: done: end"]
    text = pbem(data, "game", "show", "aegean").stdout
    assert "deadline" not in text and "waiting for" not in text and "owes orders" not in text
    assert "the game is ended; its last phase was build" in text
    ended = json.loads(pbem(data, "game", "show", "aegean", "--json").stdout)
    assert ended["deadline"] is None and ended["waiting_for"] == [] and ended["owes"] == []


def test_a_game_the_league_ends_is_told_as_the_leagues_doing(tmp_path: Path) -> None:
    """A player dropping out ends their running game as the league's forfeit: the players'
    mail says the league ended it, and names no command line; a game master's END is still
    the game master's."""
    from pbem.app import gm
    from pbem.app.league import entries, league
    from pbem.mail.settings import mail_settings
    from pbem.store import repo
    from pbem.store.db import make_engine, snapshot
    from pbem.store.migrate import upgrade

    engine = make_engine(f"sqlite:///{tmp_path / 'judge.sqlite'}")
    upgrade(engine)
    settings = mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)
    entries.new_season(engine, entries.SeasonSpec("fall", "round-robin", 3, ("squadron",)))
    for name in ("Ann", "Bo", "Cy", "Di"):
        entries.join(engine, "fall", name, f"{name.lower()}@club.example")
    paired = league.start(engine, "fall", settings)
    leaver = league.pairings(engine, "fall", 1)["games"][0]["red"]
    entries.drop(engine, "fall", leaver, settings)
    gm.end(engine, paired.games[1], settings, winner="blue")
    with snapshot(engine) as session:
        ended = {row.game_id: email.message_from_bytes(bytes(row.raw),
                                                       policy=email.policy.default)
                 for row in repo.outbox_rows(session) if row.subject.endswith(": ended")}
    texts = {game: m.get_body(("plain",)).get_content()  # type: ignore[attr-defined]
             for game, m in ended.items()}
    assert texts[paired.games[0]].startswith(f"The league has ended {paired.games[0]} with "
                                             "blue the winner. A player left the season")
    assert texts[paired.games[1]].startswith(f"The game master has ended {paired.games[1]}")
    assert all("pbem " not in text and "`" not in text for text in texts.values())
    engine.dispose()


def test_a_newcomer_is_mailed_their_own_password(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert pbem(data, "db", "init").returncode == 0
    assert pbem(data, "game", "new", "aegean", "--scenario", "squadron", "--gm", GM,
                "--player", "Ann,ann@example.org,blue",
                "--player", "Bo,bo@example.org,red").returncode == 0
    done = pbem(data, "game", "replace", "aegean", "Bo", "--new-name", "Cy",
                "--email", "cy@example.org")
    assert done.returncode == 0, done.stderr
    password = done.stdout.split("Password: ")[1].split()[0]  # still shown
    mailed: dict[str, list[tuple[str, str]]] = {}
    for message in mailbox.Maildir(data / "outbox", create=True):
        parsed = email.message_from_bytes(message.as_bytes(), policy=email.policy.default)
        body = parsed.get_body(("plain",))  # type: ignore[attr-defined]
        mailed.setdefault(str(parsed["To"]), []).append(
            (str(parsed["Subject"]), str(body.get_content()) if body is not None else ""))
    cy = dict(mailed["cy@example.org"])
    assert f"SIGNON aegean Cy {password}" in cy["aegean: your password"]
    assert "You take over Bo's pieces on the red side of aegean" in cy["aegean: your password"]
    assert not any(password in text for address, mails in mailed.items()
                   if address != "cy@example.org" for _, text in mails)
    assert "Cy now commands Bo's pieces" in dict(mailed[GM])["aegean: done: replace"]
