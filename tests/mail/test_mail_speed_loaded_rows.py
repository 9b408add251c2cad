"""Issue 26: signing on reads the game and its active players past SQLAlchemy on SQLite
(pbem.store.repo.gameplay.game_and_players, pbem.store.repo._base.loaded), and makes the
rows into the session's own objects, as the ORM's query would have loaded them: the same
values, tracked by the session (a change is written at the flush), the same object for a
row the session holds already. The From header's addresses are read once per mail
(pbem.mail.headers.Fields), with the same sender and the same signs of a machine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect
from sqlalchemy.engine import Engine

from pbem.mail.reading import read_message
from pbem.store import repo
from pbem.store.db import create_sqlite_file, make_engine, transaction
from pbem.store.migrate import upgrade
from tests.mail.test_gateway import _aegean


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    path = tmp_path / "judge.sqlite"
    create_sqlite_file(path)
    made = make_engine(f"sqlite:///{path}")
    upgrade(made)
    _aegean(made, 0)
    return made


def _values(row: Any) -> dict[str, Any]:
    return {column.key: getattr(row, column.key) for column in inspect(type(row)).columns}


def test_the_game_and_players_read_past_the_orm_are_those_the_orm_loads(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    with transaction(engine) as session:
        game, players = repo.gameplay.game_and_players(session, "aegean")
        fast = [_values(game), *(_values(p) for p in players)]
        assert all(inspect(row).persistent for row in (game, *players))
        assert not session.dirty and not session.new
        again = repo.gameplay.game_and_players(session, "aegean")  # held already: the same
        assert again[0] is game and [p.id for p in again[1]] == [p.id for p in players]
        assert all(a is b for a, b in zip(again[1], players, strict=True))
    with monkeypatch.context() as patched:
        patched.setattr(repo.gameplay, "sqlite_driver", lambda session: None)
        with transaction(engine) as session:
            game, players = repo.gameplay.game_and_players(session, "aegean")
            slow = [_values(game), *(_values(p) for p in players)]
    assert fast == slow
    assert [p["name"] for p in fast[1:]] == ["Ann", "Bo"]
    assert isinstance(fast[0]["created_at"], type(slow[0]["created_at"]))
    assert fast[1]["active"] is True
    engine.dispose()


def test_a_change_to_a_player_read_past_the_orm_is_written(engine: Engine) -> None:
    with transaction(engine) as session:
        _game, players = repo.gameplay.game_and_players(session, "aegean")
        players[0].settings = '{"wait": "build"}'
        assert players[0] in session.dirty
    with transaction(engine) as session:
        ann = repo.player(session, "aegean", "Ann")
        assert ann is not None and ann.settings == '{"wait": "build"}'
    with transaction(engine) as session:  # a name in another case: the ORM's path, as before
        game, players = repo.gameplay.game_and_players(session, "AEGEAN")
        assert game is not None and game.id == "aegean" and len(players) == 2
        assert repo.gameplay.game_and_players(session, "nowhere") == (None, [])
    engine.dispose()


@pytest.mark.parametrize("sender", [
    "Ann <ann@example.org>", "=?utf-8?q?Ann_=C3=A9?= <ann@example.org>",
    "judge@example.net", "Eve <eve@example.org>, judge@example.net",
    '"judge@example.net" <eve@example.org>', "v@example.org <eve@example.org>"])
def test_the_sender_and_the_judges_own_address_are_read_as_before(sender: str) -> None:
    from email.parser import BytesParser
    from email.policy import compat32

    from pbem.mail import headers

    raw = (f"From: {sender}\r\nReply-To: Judge <JUDGE@example.net>\r\nTo: judge@example.net\r\n"
           "Subject: orders\r\nMessage-ID: <m@x>\r\n\r\nSIGNON aegean Ann pw\r\n").encode()
    read = read_message(raw, "judge@example.net")
    message = BytesParser(policy=compat32).parsebytes(raw)  # the Message itself, as before
    assert (read.sender_name, read.sender) == headers.sender_of(message)
    judges = headers.judge_addresses("judge@example.net")
    assert read.automatic == headers.why_automatic(message, read.sender, None, judges)
    assert read.automatic.startswith("it comes from the judge's own address")


def test_a_fresh_process_signs_on_before_any_query_of_the_orm(engine: Engine) -> None:
    """The first thing a fresh `pbem mail receive` does with the models may be this read:
    the mappers are set up first, as the ORM's own first query would."""
    import subprocess
    import sys

    script = ("import sys\nfrom pbem.store.db import make_engine, transaction\n"
              "from pbem.store import repo\n"
              "with transaction(make_engine(sys.argv[1])) as session:\n"
              "    game, players = repo.gameplay.game_and_players(session, 'aegean')\n"
              "    print(game.id, [p.name for p in players])\n")
    done = subprocess.run([sys.executable, "-c", script, str(engine.url)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["aegean", "['Ann',", "'Bo']"]
    engine.dispose()
