"""Creating and managing games through the use-cases, on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib

import pytest
from sqlalchemy.engine import Engine

from pbem.app import audit, games
from pbem.app.errors import JudgeError
from pbem.app.passwords import check_password
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import new_demo_game, play_demo_phases


def test_create_game_stores_hashes_and_a_commitment(engine: Engine) -> None:
    made = new_demo_game(engine)
    assert made.first_phase == "build" and made.passwords == {"Aristides": "secret-a",
                                                              "Hanno": "secret-h"}
    with transaction(engine) as session:
        game = repo.game(session, "g1")
        assert game is not None
        assert made.seed_commitment == hashlib.sha256(bytes.fromhex(game.seed)).hexdigest()
        players = repo.players(session, "g1")
        assert [p.name for p in players] == ["Aristides", "Hanno"]
        for player in players:
            assert "secret" not in player.password_hash
        assert check_password("secret-a", players[0].password_hash)
        assert not check_password("secret-h", players[0].password_hash)
        assert [p.key for p in repo.phases(session, "g1")] == ["build"]
    shown = games.show_game(engine, "g1", side="blue", game_master=False)
    assert shown["seed"] is None and "email" not in shown["players"][0]
    assert shown["sides"] == ["blue", "red"]
    assert shown["owes"] == ["blue", "red"]


@pytest.mark.parametrize(("change", "words"), [
    ({"game_id": "Bad Name!"}, "not a usable game name"),
    ({"scenario": "armada"}, "no scenario called 'armada'"),
    ({"players": (games.PlayerSpec("A", "a@b.c", "blue"),)}, "no player commands the red side"),
    ({"players": (games.PlayerSpec("A", "a@b.c", "green"), games.PlayerSpec("B", "b@b.c", "red"))},
     "side 'green' is not in this scenario"),
    ({"players": (games.PlayerSpec("A", "not-an-address", "blue"),
                  games.PlayerSpec("B", "b@b.c", "red"))}, "is not an email address"),
    ({"players": (games.PlayerSpec("A", "a@b.c", "blue", "Mars/Olympus"),
                  games.PlayerSpec("B", "b@b.c", "red"))}, "is not a time zone"),
])
def test_bad_games_are_refused_and_nothing_is_stored(engine: Engine, change: dict[str, object],
                                                     words: str) -> None:
    with pytest.raises(JudgeError, match=words):
        new_demo_game(engine, **change)
    assert games.list_games(engine) == []


def test_a_game_name_is_used_once(engine: Engine) -> None:
    new_demo_game(engine)
    with pytest.raises(JudgeError, match="already a game called g1"):
        new_demo_game(engine)


def test_pause_resume_end_reveal_the_seed(engine: Engine) -> None:
    new_demo_game(engine)
    games.pause_game(engine, "g1")
    with pytest.raises(JudgeError, match="is paused"):
        games.pause_game(engine, "g1")
    games.resume_game(engine, "g1")
    seed = games.end_game(engine, "g1")
    assert games.show_game(engine, "g1")["seed"] == seed
    assert audit.verify_dice(engine, "g1").commitment_ok


def test_replace_player_keeps_the_side(engine: Engine) -> None:
    new_demo_game(engine)
    password = games.replace_player(engine, "g1", "Hanno",
                                    games.PlayerSpec("Himilco", "himilco@example.org", ""))
    assert password
    shown = games.show_game(engine, "g1")
    assert [(p["name"], p["side"]) for p in shown["players"]] == [("Aristides", "blue"),
                                                                   ("Himilco", "red")]
    with pytest.raises(JudgeError, match="no player 'Hanno'"):
        games.replace_player(engine, "g1", "Hanno", games.PlayerSpec("X", "x@y.z", ""))


def test_rollback_archives_and_replays_the_same(engine: Engine) -> None:
    new_demo_game(engine)
    first = play_demo_phases(engine, "g1", 6)
    games.rollback(engine, "g1", "T1-move-blue")
    shown = games.show_game(engine, "g1")
    assert shown["phase"] == "T1-move-blue"
    statuses = [(p["key"], p["status"]) for p in shown["phases"]]
    assert ("T1-combat", "archived") in statuses and ("T1-move-blue", "open") in statuses
    from pbem.app import phases

    again = phases.process_phase(engine, "g1")  # the copied orders are processed again
    assert again.events == first[3].events
    verdict = audit.verify_game(engine, "g1")
    assert verdict.ok, verdict.problems


def test_a_sides_view_of_a_game_keeps_secrets(engine: Engine) -> None:
    new_demo_game(engine, options=(("secret_records", True),))
    play_demo_phases(engine, "g1", 5)  # to T1-combat: both sides have weapons in range
    master = games.show_game(engine, "g1")
    assert master["phase"] == "T1-combat" and master["owes"] == ["blue", "red"]
    blue = games.show_game(engine, "g1", side="blue", game_master=False)
    assert blue["owes"] == ["blue"]
    assert "hull_damage" not in blue["state"]["galleys"]["X"]
    assert "hull_damage" in blue["state"]["galleys"]["A"]
