"""Creating and managing games through the use-cases, on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib

import pytest
from sqlalchemy.engine import Engine

from pbem.app.base.errors import JudgeError
from pbem.app.base.passwords import check_password
from pbem.app.play import audit, games
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import ROOT, new_demo_game, play_demo_phases


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
    # issue 8, item 11: the whole name must match (a trailing newline is not a name)
    ({"game_id": "ok\n"}, "not a usable game name"),
    ({"game_id": "ok\nx"}, "not a usable game name"),
    # built-in scenarios by name only, never a path
    ({"scenario": "../../x/evil"}, "no scenario called '../../x/evil'"),
    ({"scenario": "/etc/passwd"}, "no scenario called"),
    # item 5: a map the rules and the scenario can hold
    ({"columns": 100000, "rows": 100000}, "must have 10 to 99 columns and 8 to 99 rows"),
    ({"columns": -3}, "must have 10 to 99 columns"),
    ({"columns": 2, "rows": 2}, "must have 10 to 99 columns"),
    ({"columns": 0}, "must have 10 to 99 columns"),
    ({"rows": 7}, "8 to 99 rows"),
    ({"columns": 100}, "10 to 99 columns"),
    ({"scenario": "convoy", "columns": 12, "rows": 8}, "set-up corners are only"),
    # a set piece's pieces each have one commander (15.2)
    ({"players": (games.PlayerSpec("A", "a@b.c", "blue", pieces=("A1", "A2")),
                  games.PlayerSpec("B", "b@b.c", "blue", pieces=("a2",)),
                  games.PlayerSpec("C", "c@b.c", "red"))}, "a2 is given to both A and B"),
    # item 16: names that look alike (NFKC, case, letters of other scripts)
    ({"players": (games.PlayerSpec("Ann", "a@b.c", "blue"),
                  games.PlayerSpec("\u0410nn", "b@b.c", "red"))}, "looks too much like"),
    ({"players": (games.PlayerSpec("Ann", "a@b.c", "blue"),
                  games.PlayerSpec("ANN", "b@b.c", "red"))}, "looks too much like"),
    ({"players": (games.PlayerSpec("\ufb01sh", "a@b.c", "blue"),
                  games.PlayerSpec("fish", "b@b.c", "red"))}, "looks too much like"),
    # item 13 at the source: names with terminal escapes or bidirectional marks
    ({"players": (games.PlayerSpec("Ann\x1b[2J", "a@b.c", "blue"),
                  games.PlayerSpec("B", "b@b.c", "red"))}, "control character U\\+001B"),
    ({"players": (games.PlayerSpec("Ann\u202e", "a@b.c", "blue"),
                  games.PlayerSpec("B", "b@b.c", "red"))}, "U\\+202E"),
    ({"players": (games.PlayerSpec("Ann\nBo", "a@b.c", "blue"),
                  games.PlayerSpec("B", "b@b.c", "red"))}, "control character"),
])
def test_bad_games_are_refused_and_nothing_is_stored(engine: Engine, change: dict[str, object],
                                                     words: str) -> None:
    with pytest.raises(JudgeError, match=words):
        new_demo_game(engine, **change)
    assert games.list_games(engine) == []


def test_every_built_in_scenario_fits_its_own_map(engine: Engine) -> None:
    for number, name in enumerate(("squadron", "fleet")):
        made = new_demo_game(engine, f"g{number}", scenario=name, columns=None, rows=None)
        assert made.first_phase == "build"
    games.create_game(engine, games.GameSpec("convoy", scenario="convoy", players=(
        games.PlayerSpec("C", "c@example.org", "convoy"),
        games.PlayerSpec("R", "r@example.org", "raiders"))))
    new_demo_game(engine, "small", columns=10, rows=8)  # the smallest map is accepted
    new_demo_game(engine, "large", columns=99, rows=99)


def test_a_game_masters_own_scenario_comes_as_text(engine: Engine) -> None:
    text = (ROOT / "pbem/rules/ramspeed/data/scenarios/squadron.toml").read_text()
    text = text.replace('name = "squadron"', 'name = "skirmish"').replace(
        'title = "Squadron Combat"', 'title = "Skirmish"')
    new_demo_game(engine, scenario="skirmish.toml", scenario_text=text)
    assert games.show_game(engine, "g1")["scenario"] == "skirmish"
    with pytest.raises(JudgeError, match="not valid TOML"):
        new_demo_game(engine, "g2", scenario="broken.toml", scenario_text="[[side")


@pytest.mark.parametrize(("name", "email", "zone", "words"), [
    ("", "x@y.z", "UTC", "not a usable player name"),
    ("   ", "x@y.z", "UTC", "not a usable player name"),
    ("X" * 500, "x@y.z", "UTC", "not a usable player name"),
    ("Ann\nBo", "x@y.z", "UTC", "control character"),
    ("Cy", "x@y.z", "Mars/X", "is not a time zone"),
    ("Cy", "not-an-address", "UTC", "is not an email address"),
    ("Cy", "x@y.z\n", "UTC", "is not an email address"),
    ("ARISTIDES", "x@y.z", "UTC", "looks too much like the player 'Aristides'"),
])
def test_replace_checks_the_new_player_as_new_does(engine: Engine, name: str, email: str,
                                                   zone: str, words: str) -> None:
    new_demo_game(engine)
    with pytest.raises(JudgeError, match=words):
        games.replace_player(engine, "g1", "Hanno", games.PlayerSpec(name, email, "", zone))
    shown = games.show_game(engine, "g1")
    assert [p["name"] for p in shown["players"]] == ["Aristides", "Hanno"]


def test_a_player_may_be_replaced_by_one_like_themselves(engine: Engine) -> None:
    new_demo_game(engine)  # the leaving player's own name does not count against the new one
    games.replace_player(engine, "g1", "Hanno", games.PlayerSpec("HANNO", "h2@example.org", ""))
    assert [p["name"] for p in games.show_game(engine, "g1")["players"]] == ["Aristides",
                                                                             "HANNO"]


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
    from pbem.app.play import phases

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
