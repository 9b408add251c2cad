"""15.2 on a side of several players: a player orders only the galleys on their own list,
whatever that list holds; an empty list (a player who built nothing) commands none."""

from __future__ import annotations

import json

from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.play import games, phases
from pbem.store import repo
from pbem.store.db import transaction

PLAYERS = {"Aristides": "blue", "Cimon": "blue", "Hanno": "red"}


def _fleet(engine: Engine) -> None:
    games.create_game(engine, games.GameSpec("fleet", scenario="fleet", seed=bytes([4] * 32), players=tuple(
        games.PlayerSpec(name, f"{name.lower()}@example.org", side)
        for name, side in PLAYERS.items())))
    assert orders.submit_orders(engine, "fleet", "Aristides", "A1: trireme\nA2: bireme").stored
    assert orders.submit_orders(engine, "fleet", "Cimon", "# I build nothing").stored
    assert orders.submit_orders(engine, "fleet", "Hanno", "H1: trireme").stored
    phases.process_phase(engine, "fleet", expected_key="build")
    with transaction(engine) as session:
        lists = {p.name: json.loads(p.pieces) for p in repo.players(session, "fleet")}
    assert lists["Cimon"] == [] and lists["Aristides"] == ["A1", "A2"]


def test_a_player_with_an_empty_list_commands_nothing(engine: Engine) -> None:
    _fleet(engine)
    shown = games.show_game(engine, "fleet")
    key = shown["phase"]
    assert key == "setup-blue"  # this seed's set-up roll goes to blue
    # a friend's galley named as written and in lower case
    answer = orders.submit_orders(engine, "fleet", "Cimon", "A1: 3005 W\na2: 3007 W\n")
    assert not answer.stored and not answer.accepted
    assert [line.line_no for line in answer.refused] == [1, 2]
    for line in answer.refused:
        assert "commanded by another player of your side" in line.reason
        assert "the galleys you command: none" in line.reason


def test_lines_for_a_friends_galley_are_never_carried_out(engine: Engine) -> None:
    _fleet(engine)
    key = games.show_game(engine, "fleet")["phase"]
    # the game master gives A2 to Cimon, so that his submission is stored at all
    with transaction(engine) as session:
        for name, galleys in (("Aristides", ["A1"]), ("Cimon", ["A2"])):
            player = repo.player(session, "fleet", name)
            assert player is not None
            player.pieces = json.dumps(galleys)
            session.add(player)
    aristides = orders.submit_orders(engine, "fleet", "Aristides", "A1: 3005 W\nA2: 3007 W")
    assert [line.status for line in aristides.lines] == ["accepted", "refused"]
    cimon = orders.submit_orders(engine, "fleet", "Cimon", "A2: 3009 W\nA1: 3011 W")
    assert cimon.stored
    assert [line.status for line in cimon.lines] == ["accepted", "refused"]
    assert "A1 is commanded by another player" in cimon.lines[1].reason
    done = phases.process_phase(engine, "fleet", expected_key=key)
    state = games.show_game(engine, "fleet")["state"]["galleys"]
    assert state["A1"]["bow"] == "3005"  # Aristides' line, not Cimon's
    assert state["A2"]["bow"] == "3009"  # Cimon's line, not Aristides'
    assert not any(galley == "A1" for galley, _ in done.refused)
