"""The rating layer over openskill: who gains, who loses, what moves no rating."""

from __future__ import annotations

import pytest

from pbem.league.ratings import Rating, initial, rate, rated


def test_a_win_moves_the_winner_up_and_the_loser_down_by_as_much() -> None:
    start = initial()
    first, second = rate(start, start, "first")
    assert first.mu > start.mu > second.mu
    assert first.mu - start.mu == pytest.approx(start.mu - second.mu)
    assert first.sigma < start.sigma and second.sigma < start.sigma  # both better known
    again = rate(start, start, "second")
    assert (again[0].mu, again[1].mu) == pytest.approx((second.mu, first.mu))


def test_a_draw_between_equals_moves_no_mean_and_an_upset_moves_more() -> None:
    start = initial()
    first, second = rate(start, start, "draw")
    assert first.mu == pytest.approx(start.mu) == pytest.approx(second.mu)
    strong, weak = Rating(32.0, 4.0), Rating(20.0, 4.0)
    expected = rate(strong, weak, "first")[1].mu - weak.mu
    upset = rate(strong, weak, "second")[1].mu - weak.mu
    assert upset > 0 > expected and upset > -expected


def test_forfeits_and_byes_move_no_rating() -> None:
    assert rated("first") and rated("draw") and not rated("forfeit_first")
    assert not rated("double_forfeit") and not rated("bye")
    with pytest.raises(ValueError, match="moves no rating"):
        rate(initial(), initial(), "forfeit_second")
