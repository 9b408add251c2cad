"""Swiss pairing over random seasons, checked against a brute-force search of every pairing:
no rematch while one can be avoided, nobody's second bye while another can take one, side
streaks under three while that is possible, everyone active paired exactly once a round."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.league import swiss as swiss_module
from pbem.league.model import Entrant, Game, Round
from pbem.league.pairing import swiss
from pbem.league.standings import points

DECISIVE = ["first", "second", "draw", "forfeit_first", "forfeit_second", "double_forfeit"]


def perfect_pairings(players: list[str]) -> Iterator[list[tuple[str, str]]]:
    """Every way of pairing an even list of players, by brute force."""
    if not players:
        yield []
        return
    top, rest = players[0], players[1:]
    for index, other in enumerate(rest):
        for pairs in perfect_pairings(rest[:index] + rest[index + 1:]):
            yield [(top, other), *pairs]


def sides_so_far(games: list[Game]) -> dict[str, list[str]]:
    sides: dict[str, list[str]] = {}
    for game in sorted(games, key=lambda g: g.round):
        if game.second is not None:
            sides.setdefault(game.first, []).append("F")
            sides.setdefault(game.second, []).append("S")
    return sides


def owed(played: list[str]) -> str | None:
    if len(played) >= 2 and played[-1] == played[-2]:
        return "S" if played[-1] == "F" else "F"
    return None


def eligible_byes(active: list[str], games: list[Game]) -> list[str]:
    had = {g.first for g in games if g.second is None}
    never = [p for p in active if p not in had]
    return never or list(active)


def pairable(players: list[str], games: list[Game], keep_sides: bool) -> bool:
    """Whether some pairing of these players has no rematch (and, with keep_sides, gives
    nobody a side three times running), by trying them all."""
    met = {frozenset((g.first, g.second)) for g in games if g.second is not None}
    sides = sides_so_far(games)
    for pairs in perfect_pairings(players):
        if any(frozenset(pair) in met for pair in pairs):
            continue
        if not keep_sides or all(owed(sides.get(a, [])) is None
                                 or owed(sides.get(a, [])) != owed(sides.get(b, [])) for a, b in pairs):
            return True
    return False


def best_possible(active: list[str], games: list[Game]) -> tuple[bool, bool]:
    """(a pairing without a rematch exists, one without a rematch or a third side running
    exists), each with the bye going to someone eligible for it."""
    byes = eligible_byes(active, games) if len(active) % 2 else [None]
    rests = [[p for p in active if p != bye] for bye in byes]
    return (any(pairable(rest, games, False) for rest in rests),
            any(pairable(rest, games, True) for rest in rests))


def check_round(entrants: list[Entrant], games: list[Game], paired: Round) -> None:
    active = [e.player for e in entrants if e.active]
    seated = [p.first for p in paired.pairings] + [p.second for p in paired.pairings if p.second]
    assert sorted(seated) == sorted(active), "every active player is paired exactly once"
    assert len(paired.byes) == len(active) % 2
    had_bye = {g.first for g in games if g.second is None}
    if paired.byes and any(p not in had_bye for p in active):
        assert paired.byes[0] not in had_bye, "a second bye while someone can take a first"
    met = {frozenset((g.first, g.second)) for g in games if g.second is not None}
    rematches = [p for p in paired.games if frozenset((p.first, p.second)) in met]
    possible_new, possible_kept = best_possible(active, games)
    if possible_new:
        assert not rematches, f"rematches {rematches} although a pairing without one exists"
    else:
        assert all("rematch" in p.why for p in rematches)
    if possible_kept:
        after = sides_so_far([*games, *(Game(paired.number, p.first, p.second, None)
                                        for p in paired.games)])
        for pairing in paired.games:
            for player in (pairing.first, pairing.second):
                assert player is not None
                last_three = "".join(after[player][-3:])
                assert last_three not in ("FFF", "SSS"), (player, after[player], pairing.why)
    if paired.byes and possible_new:
        # the bye: the lowest-ranked eligible player around whom the rest can be paired
        scores = points(games)
        rating = {e.player: e.rating for e in entrants}
        ranked = sorted(active, key=lambda p: (-scores.get(p, 0.0), -rating[p], p))
        takers = [bye for bye in reversed(eligible_byes(ranked, games))
                  if pairable([p for p in active if p != bye], games, possible_kept)]
        assert paired.byes[0] == takers[0]
    for pairing in paired.pairings:
        assert pairing.why


@st.composite
def seasons(draw: st.DrawFn) -> tuple[int, int, int, float]:
    return (draw(st.integers(min_value=2, max_value=11)),      # players
            draw(st.integers(min_value=1, max_value=9)),       # rounds
            draw(st.integers(min_value=0, max_value=2**32)),   # seed of the results
            draw(st.sampled_from([0.0, 0.1])))                 # chance of a drop each round


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_swiss_over_random_results_against_brute_force(season: tuple[int, int, int, float]) -> None:
    count, rounds, seed, drop = season
    chance = random.Random(seed)
    entrants = [Entrant(f"p{i:02d}", rating=float(chance.randint(1000, 1100))) for i in range(count)]
    games: list[Game] = []
    for number in range(1, rounds + 1):
        if chance.random() < drop and sum(e.active for e in entrants) > 2:
            leaving = chance.choice([e for e in entrants if e.active])
            entrants = [replace(e, active=False) if e == leaving else e for e in entrants]
        paired = swiss(entrants, games, number)
        assert paired.number == number
        check_round(entrants, games, paired)
        assert swiss(list(reversed(entrants)), games, number) == paired, "deterministic"
        for pairing in paired.pairings:
            result = None if pairing.second is None else chance.choice(DECISIVE)
            games.append(Game(number, pairing.first, pairing.second, result))


@settings(max_examples=15, deadline=None)
@given(seasons())
def test_the_blossom_matching_finds_what_the_search_finds(season: tuple[int, int, int, float]) -> None:
    count, rounds, seed, _ = season
    chance = random.Random(seed)
    entrants = [Entrant(f"p{i:02d}") for i in range(count)]
    games: list[Game] = []
    for number in range(1, rounds + 1):
        paired = swiss(entrants, games, number)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(swiss_module, "SEARCH_LIMIT", 0)
            assert swiss(entrants, games, number) == paired
        games.extend(Game(number, p.first, p.second, None if p.second is None else chance.choice(DECISIVE))
                     for p in paired.pairings)


def test_round_one_pairs_top_half_against_bottom_half_and_the_lowest_gets_the_bye() -> None:
    entrants = [Entrant(name, rating) for name, rating in
                [("Ann", 1700), ("Bob", 1600), ("Cid", 1500), ("Dee", 1400), ("Eve", 1300)]]
    paired = swiss(entrants, [], 1)
    assert {(p.first, p.second) for p in paired.games} == {("Ann", "Cid"), ("Dee", "Bob")}
    assert paired.byes == ("Eve",)
    assert paired.pairings[0].why.startswith("both on 0 points: places 1 and 3 of the 4")
    assert "bye" in paired.pairings[-1].why


def test_the_bye_passes_to_the_lowest_who_has_not_had_one() -> None:
    entrants = [Entrant(name) for name in ["Ann", "Bob", "Cid"]]
    games = [Game(1, "Ann", "Bob", "first"), Game(1, "Cid", None, None)]
    # Cid has 1 point (bye), Ann 1, Bob 0: Bob is lowest and has had no bye
    assert swiss(entrants, games, 2).byes == ("Bob",)
    games += [Game(2, "Cid", "Ann", "draw"), Game(2, "Bob", None, None)]
    # Ann is the only one without a bye now, though she leads
    assert swiss(entrants, games, 3).byes == ("Ann",)
    games += [Game(3, "Bob", "Cid", "second"), Game(3, "Ann", None, None)]
    fourth = swiss(entrants, games, 4)
    assert "everyone has had one" in fourth.pairings[-1].why
    assert "rematch" in fourth.games[0].why


def test_a_player_with_a_side_twice_running_gets_the_other() -> None:
    entrants = [Entrant(name) for name in ["Ann", "Bob", "Cid", "Dee"]]
    games = [Game(1, "Ann", "Bob", "draw"), Game(1, "Cid", "Dee", "draw"),
             Game(2, "Ann", "Cid", "draw"), Game(2, "Dee", "Bob", "draw")]
    # Ann has had the first side twice, Bob the second twice: Ann v Dee, Bob v Cid
    third = swiss(entrants, games, 3)
    pairs = {(p.first, p.second) for p in third.games}
    assert ("Dee", "Ann") in pairs and ("Bob", "Cid") in pairs
    assert any("Ann has played the first side twice running" in p.why for p in third.games)


def test_dropped_players_are_not_paired_and_a_float_is_explained() -> None:
    entrants = [Entrant("Ann"), Entrant("Bob"), Entrant("Cid", active=False), Entrant("Dee")]
    games = [Game(1, "Ann", "Bob", "first"), Game(1, "Cid", "Dee", "forfeit_first")]
    paired = swiss(entrants, games, 2)
    seated = {p.first for p in paired.pairings} | {p.second for p in paired.pairings}
    assert "Cid" not in seated
    assert paired.byes == ("Bob",)  # lowest-ranked of three, no bye yet
    assert "floats down from 1 point to 0 points" not in paired.games[0].why  # Ann and Dee: 1 each
    assert paired.games[0].why.startswith("both on 1 point")


def test_a_large_field_is_paired_without_rematches() -> None:
    chance = random.Random(7)
    entrants = [Entrant(f"p{i:03d}", rating=chance.uniform(1000, 2000)) for i in range(129)]
    games: list[Game] = []
    for number in range(1, 8):
        paired = swiss(entrants, games, number)
        met = {frozenset((g.first, g.second)) for g in games if g.second}
        assert not [p for p in paired.games if frozenset((p.first, p.second)) in met]
        games.extend(Game(number, p.first, p.second, None if p.second is None else chance.choice(DECISIVE))
                     for p in paired.pairings)
    scores = points(games)
    assert max(scores.values()) <= 7
    assert len({g.first for g in games if g.second is None}) == 7
