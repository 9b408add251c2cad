"""The club league: leagues, seasons and their players, rounds and their games, ratings, and
the players an address has been in every game (its record of orders kept)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func
from sqlmodel import Session, col, select

from pbem.store.models import (
    LeagueGameRow,
    LeagueRoundRow,
    LeagueRow,
    PlayerRow,
    RatingRow,
    SeasonPlayerRow,
    SeasonRow,
)


def league(session: Session, name: str) -> LeagueRow | None:
    return session.exec(select(LeagueRow).where(LeagueRow.name == name)).first()


def season(session: Session, name: str, lock: bool = False) -> SeasonRow | None:
    """A season by name; `lock` holds its row until the transaction ends (one writer of a
    season at a time on PostgreSQL, as BEGIN IMMEDIATE gives on SQLite)."""
    query = select(SeasonRow).where(SeasonRow.name == name)
    return session.exec(query.with_for_update() if lock else query).first()


def running_seasons(session: Session) -> Sequence[SeasonRow]:
    return session.exec(select(SeasonRow).where(SeasonRow.status == "running")
                        .order_by(col(SeasonRow.id))).all()


def season_players(session: Session, season_id: int) -> Sequence[SeasonPlayerRow]:
    """Every player who joined, dropped or not, in the order they joined."""
    return session.exec(select(SeasonPlayerRow).where(SeasonPlayerRow.season_id == season_id)
                        .order_by(col(SeasonPlayerRow.id))).all()


def league_rounds(session: Session, season_id: int) -> Sequence[LeagueRoundRow]:
    return session.exec(select(LeagueRoundRow).where(LeagueRoundRow.season_id == season_id)
                        .order_by(col(LeagueRoundRow.number))).all()


def league_games(session: Session, season_id: int,
                 round_number: int | None = None) -> Sequence[LeagueGameRow]:
    query = select(LeagueGameRow).where(LeagueGameRow.season_id == season_id)
    if round_number is not None:
        query = query.where(LeagueGameRow.round_number == round_number)
    return session.exec(query.order_by(col(LeagueGameRow.round_number),
                                       col(LeagueGameRow.seq))).all()


def league_game_of(session: Session, game_id: str) -> LeagueGameRow | None:
    return session.exec(select(LeagueGameRow).where(LeagueGameRow.game_id == game_id)).first()


def latest_ratings(session: Session, emails: Sequence[str]) -> dict[str, RatingRow]:
    """Each address's latest rating step (addresses never rated are absent)."""
    if not emails:
        return {}
    newest = (select(func.max(RatingRow.id)).where(col(RatingRow.email).in_(list(emails)))
              .group_by(col(RatingRow.email)))
    rows = session.exec(select(RatingRow).where(col(RatingRow.id).in_(newest))).all()
    return {row.email: row for row in rows}


def rating_history(session: Session, email: str) -> Sequence[RatingRow]:
    return session.exec(select(RatingRow).where(RatingRow.email == email)
                        .order_by(col(RatingRow.id))).all()


def players_of_address(session: Session, email: str) -> Sequence[PlayerRow]:
    """Every player, in any game, whose address is `email` (addresses are kept lower-case)."""
    return session.exec(select(PlayerRow).where(col(PlayerRow.email) == email.lower())).all()
