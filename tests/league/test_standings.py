"""The table: hand-worked tie-breaks, and consistency over random seasons."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.league.model import RESULTS, Entrant, Game, PointsRule
from pbem.league.standings import table


def entrants(*names: str) -> list[Entrant]:
    return [Entrant(name) for name in names]


# Ann beats Bob, Cid draws Dee; Ann draws Cid, Bob beats Dee; Dee forfeits to Ann, Cid beats Bob.
SEASON = [
    Game(1, "Ann", "Bob", "first"), Game(1, "Cid", "Dee", "draw"),
    Game(2, "Ann", "Cid", "draw"), Game(2, "Bob", "Dee", "first"),
    Game(3, "Ann", "Dee", "forfeit_second"), Game(3, "Bob", "Cid", "second"),
]


def test_a_worked_season_buchholz_and_sonneborn_berger() -> None:
    rows = {row.player: row for row in table(entrants("Ann", "Bob", "Cid", "Dee"), SEASON)}
    # points: Ann 1 + ½ + 1, Bob 0 + 1 + 0, Cid ½ + ½ + 1, Dee ½ + 0 + 0 (forfeit)
    assert [rows[name].points for name in ["Ann", "Bob", "Cid", "Dee"]] == [2.5, 1.0, 2.0, 0.5]
    # Buchholz, the opponents' points: Ann = Bob 1 + Cid 2 + Dee ½; Bob = 2½ + ½ + 2;
    # Cid = ½ + 2½ + 1; Dee = 2 + 1 + 2½
    assert [rows[name].tiebreaks[0] for name in ["Ann", "Bob", "Cid", "Dee"]] == [3.5, 5.0, 4.0, 5.5]
    # Sonneborn-Berger: Ann = Bob 1 (won) + Cid 2 / 2 (drawn) + Dee ½ (won by forfeit);
    # Bob = Dee ½; Cid = Dee ½ / 2 + Ann 2½ / 2 + Bob 1; Dee = Cid 2 / 2
    assert [rows[name].tiebreaks[1] for name in ["Ann", "Bob", "Cid", "Dee"]] == [2.5, 0.5, 2.5, 1.0]
    dee = rows["Dee"]
    assert (dee.played, dee.won, dee.drawn, dee.lost, dee.forfeits) == (3, 0, 1, 2, 1)
    ann = rows["Ann"]
    assert (ann.played, ann.won, ann.drawn, ann.lost, ann.forfeits) == (3, 2, 1, 0, 0)


def test_a_bye_scores_but_adds_no_buchholz_and_an_unfinished_game_counts_nothing() -> None:
    games = [*SEASON, Game(4, "Cid", "Dee", "first"), Game(4, "Bob", None, None),
             Game(4, "Ann", "Bob", None)]  # an unfinished game counts for nothing yet
    rows = table(entrants("Ann", "Bob", "Cid", "Dee"), games)
    # Ann 2½, Cid 3; Bob 1 + 1 (bye) = 2, Dee ½
    assert [row.player for row in rows] == ["Cid", "Ann", "Bob", "Dee"]
    bob = next(row for row in rows if row.player == "Bob")
    assert (bob.played, bob.byes, bob.points) == (3, 1, 2.0)
    # the bye adds nothing to Bob's Buchholz: Ann 2½ + Dee ½ + Cid 3
    assert bob.tiebreaks[0] == 6.0


def test_buchholz_then_sonneborn_berger_order_players_level_on_points() -> None:
    # Ann and Bob each beat one player: Ann beats the stronger Cid (2 points), Bob beats Dee (0)
    games = [Game(1, "Ann", "Cid", "first"), Game(1, "Bob", "Dee", "first"),
             Game(2, "Cid", "Eve", "first"), Game(2, "Dee", "Ann", "first"),
             Game(3, "Cid", "Dee", "first"), Game(3, "Bob", "Eve", "second")]
    rows = table(entrants("Ann", "Bob", "Cid", "Dee", "Eve"), games)
    by_name = {row.player: row for row in rows}
    # Ann: Cid 2 + Dee 1 = 3; Bob: Dee 1 + Eve 1 = 2; both on 1 point
    assert (by_name["Ann"].points, by_name["Bob"].points) == (1.0, 1.0)
    assert by_name["Ann"].tiebreaks[0] == 3.0 and by_name["Bob"].tiebreaks[0] == 2.0
    order = [row.player for row in rows]
    assert order.index("Ann") < order.index("Bob")


def test_sonneborn_berger_breaks_a_tie_that_buchholz_leaves() -> None:
    # Gus and Hal on 1 point, Buchholz equal, different wins
    games = [Game(1, "Gus", "Ivy", "first"), Game(1, "Hal", "Jo", "first"),
             Game(2, "Gus", "Jo", "second"), Game(2, "Hal", "Ivy", "second"),
             Game(3, "Ivy", "Kit", "first"), Game(3, "Jo", "Kit", "second")]
    # Ivy 0 + 1 + 1 = 2, Jo 0 + 1 + 0 = 1, Kit 1: Gus beat Ivy (SB 2), Hal beat Jo (SB 1)
    rows = {row.player: row for row in table(entrants("Gus", "Hal", "Ivy", "Jo", "Kit"), games)}
    assert rows["Gus"].points == rows["Hal"].points == 1.0
    assert rows["Gus"].tiebreaks[0] == rows["Hal"].tiebreaks[0] == 3.0
    assert (rows["Gus"].tiebreaks[1], rows["Hal"].tiebreaks[1]) == (2.0, 1.0)
    order = [row.player for row in table(entrants("Hal", "Gus", "Ivy", "Jo", "Kit"), games)]
    assert order.index("Gus") < order.index("Hal")


def test_head_to_head_breaks_a_tie_the_name_would_decide_otherwise() -> None:
    # Zoe beat Adam; Zoe lost to Pam; Adam beat Quin; Quin had a bye. Zoe and Adam: 1 point,
    # Buchholz 2 (Adam 1 + Pam 1; Zoe 1 + Quin 1), Sonneborn-Berger 1 (Adam; Quin).
    games = [Game(1, "Zoe", "Adam", "first"),
             Game(2, "Pam", "Zoe", "first"), Game(2, "Adam", "Quin", "first"),
             Game(3, "Quin", None, None)]
    rows = table(entrants("Adam", "Pam", "Quin", "Zoe"), games)
    by_name = {row.player: row for row in rows}
    assert by_name["Zoe"].tiebreaks == (2.0, 1.0, 1.0)
    assert by_name["Adam"].tiebreaks == (2.0, 1.0, 0.0)
    order = [row.player for row in rows]
    assert order.index("Zoe") < order.index("Adam")


def test_the_points_rule_is_configurable() -> None:
    rule = PointsRule(win=3, draw=1, loss=0, forfeit=-1, bye=2)
    rows = {row.player: row for row in table(entrants("Ann", "Bob", "Cid", "Dee"), SEASON, rule)}
    assert rows["Ann"].points == 3 + 1 + 3
    assert rows["Dee"].points == 1 + 0 + -1


@st.composite
def seasons(draw: st.DrawFn) -> tuple[list[Entrant], list[Game], PointsRule]:
    count = draw(st.integers(min_value=2, max_value=12))
    names = [f"p{i:02d}" for i in range(count)]
    chance = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    games = []
    for number in range(1, draw(st.integers(min_value=0, max_value=6)) + 1):
        order = list(names)
        chance.shuffle(order)
        if len(order) % 2:
            games.append(Game(number, order.pop(), None, None))
        while order:
            result = chance.choice([*RESULTS, None])
            games.append(Game(number, order.pop(), order.pop(), result))
    rule = draw(st.sampled_from([PointsRule(), PointsRule(win=3, draw=1, loss=0, forfeit=-1, bye=1)]))
    return [Entrant(name) for name in names], games, rule


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_tables_are_consistent(season: tuple[list[Entrant], list[Game], PointsRule]) -> None:
    players, games, rule = season
    rows = table(players, games, rule)
    assert sorted(row.player for row in rows) == sorted(e.player for e in players)
    scored = {e.player: 0.0 for e in players}
    for game in games:
        if game.second is None:
            scored[game.first] += rule.bye
            continue
        first, second = {
            "first": (rule.win, rule.loss), "second": (rule.loss, rule.win),
            "draw": (rule.draw, rule.draw), "forfeit_first": (rule.forfeit, rule.win),
            "forfeit_second": (rule.win, rule.forfeit),
            "double_forfeit": (rule.forfeit, rule.forfeit), None: (0.0, 0.0),
        }[game.result]
        scored[game.first] += first
        scored[game.second] += second
    for row in rows:
        assert row.points == scored[row.player]
        assert row.played == row.won + row.drawn + row.lost
        assert 0 <= row.forfeits <= row.lost
        over = [g for g in games if row.player in (g.first, g.second) and g.second is not None
                and g.result is not None]
        assert row.played == len(over)
        assert row.byes == sum(1 for g in games if g.first == row.player and g.second is None)
        assert row.points == (row.won * rule.win + row.drawn * rule.draw
                              + (row.lost - row.forfeits) * rule.loss + row.forfeits * rule.forfeit
                              + row.byes * rule.bye)
    keys = [(-row.points, *(-value for value in row.tiebreaks), row.player) for row in rows]
    assert keys == sorted(keys)
    assert sum(row.won for row in rows) == sum(
        1 for g in games if g.second is not None and g.result in ("first", "second", "forfeit_first",
                                                                  "forfeit_second"))
