"""A season's public pages: a folder of static HTML beside its games' own archives. The
table and the crosstable, a page per round (its pairings, linked to each game's archive)
and a page per player with their games and a chart of their rating (an SVG drawn by the
project's own scene writer). Only what observers may see: no address is ever written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base.errors import JudgeError
from pbem.app.league import league, league_results
from pbem.app.league.rounds import last_round, sides_of
from pbem.app.reports.archive import STYLESHEET, archive_game
from pbem.league.words import points_shown
from pbem.render import report
from pbem.render.svg import write_svg
from pbem.rules.scene import Circle, Group, Polyline, Scene, Style, Text
from pbem.store import repo
from pbem.store.db import snapshot
from pbem.store.models import LeagueRow

CHART_WIDTH, CHART_HEIGHT = 560, 220
_MARGIN_LEFT, _MARGIN_RIGHT, _MARGIN_TOP, _MARGIN_BOTTOM = 48, 16, 16, 32
_SCORED = {  # (the first player's mark, the second's)
    "first": ("1", "0"), "second": ("0", "1"), "draw": ("½", "½"),
    "forfeit_first": ("0F", "1F"), "forfeit_second": ("1F", "0F"),
    "double_forfeit": ("0F", "0F")}




def rating_chart(name: str, points: list[float]) -> str:
    """The rating after each step (the first point: before the first game) as an SVG."""
    low, high = min(points), max(points)
    if high - low < 2:
        low, high = low - 1, high + 1
    inner_w = CHART_WIDTH - _MARGIN_LEFT - _MARGIN_RIGHT
    inner_h = CHART_HEIGHT - _MARGIN_TOP - _MARGIN_BOTTOM
    step = inner_w / max(len(points) - 1, 1)

    def at(index: int, value: float) -> tuple[float, float]:
        return (_MARGIN_LEFT + index * step,
                _MARGIN_TOP + (high - value) / (high - low) * inner_h)

    ink, grid = Style(stroke="#1c4f8a", width=2.0), Style(stroke="#a0aec0", width=1.0)
    label = Style(fill="#1a202c", font_size=12.0)
    bottom = CHART_HEIGHT - _MARGIN_BOTTOM
    items: list[Any] = [
        Polyline(((_MARGIN_LEFT, _MARGIN_TOP), (_MARGIN_LEFT, bottom),
                  (CHART_WIDTH - _MARGIN_RIGHT, bottom)), grid),
        Text((_MARGIN_LEFT - 6, _MARGIN_TOP + 4), f"{high:.1f}", Style(
            fill="#1a202c", font_size=12.0, anchor="end")),
        Text((_MARGIN_LEFT - 6, bottom), f"{low:.1f}", Style(
            fill="#1a202c", font_size=12.0, anchor="end")),
        Text((_MARGIN_LEFT, bottom + 20), "start", label),
        Text((CHART_WIDTH - _MARGIN_RIGHT, bottom + 20), f"after game {len(points) - 1}",
             Style(fill="#1a202c", font_size=12.0, anchor="end")),
        Polyline(tuple(at(n, v) for n, v in enumerate(points)), ink),
        Group(tuple(Circle(at(n, v), 3.5, tooltip=f"{v:.1f}") for n, v in enumerate(points)),
              Style(fill="#1c4f8a")),
    ]
    return write_svg(Scene(CHART_WIDTH, CHART_HEIGHT, f"{name}: rating", tuple(items)))


def _read(engine: Engine, season_name: str) -> dict[str, Any]:
    """Everything the pages show, read in one snapshot."""
    with snapshot(engine) as session:
        season = repo.season(session, season_name)
        if season is None:
            raise JudgeError(f"there is no season called '{season_name}'")
        players = list(repo.season_players(session, season.id or 0))
        rows = list(repo.league_games(session, season.id or 0))
        rounds = {r.number: r.scenario for r in repo.league_rounds(session, season.id or 0)}
        steps = {p.id: list(repo.rating_history(session, p.email)) for p in players}
        made = [r.game_id for r in rows if r.game_id]
        league_row = session.get(LeagueRow, season.league_id)
        return {"season": season, "players": players, "rows": rows, "rounds": rounds,
                "steps": steps, "games": made,
                "league": league_row.name if league_row else season.name,
                "last": last_round(session, season)}


def archive_season(engine: Engine, season_name: str, folder: Path) -> Path:
    """Write the season's pages (and each of its games' archives, in games/<game>/) into
    `folder`; the path of its index page."""
    data = _read(engine, season_name)
    season = data["season"]
    folder.mkdir(parents=True, exist_ok=True)
    env = report.environment()
    (folder / STYLESHEET).write_text(env.get_template("style.css.j2").render(),
                                     encoding="utf-8")
    for game_id in data["games"]:
        archive_game(engine, game_id, folder / "games" / game_id)
    by_id = {p.id: p for p in data["players"]}
    page_of = {p.id: f"player-{n}.html" for n, p in enumerate(data["players"], start=1)}
    href = {game_id: f"games/{game_id}/index.html" for game_id in data["games"]}
    sides = sides_of(season)
    site = {"season": season.name, "league": data["league"], "format": season.format,
            "rounds": sorted(data["rounds"]), "planned": data["last"],
            "scenarios": sorted(set(data["rounds"].values())) or [],
            "status": season.status, "current": season.current_round}
    standings = league_results.standings_of(engine, season_name)["rows"]
    by_name = {p.name: p for p in data["players"]}
    for row in standings:
        row.update(href=page_of[by_name[row["player"]].id],
                   points_shown=points_shown(row["points"]),
                   tiebreaks_shown=" ".join(points_shown(t) for t in row["tiebreaks"]),
                   reliability_shown="-" if row["reliability"] is None
                   else f"{row['reliability']:.0%}")
    order = [by_name[row["player"]].id for row in standings]
    cells: dict[tuple[int | None, int | None], list[dict[str, str | None]]] = {}
    for row in data["rows"]:
        if row.second_player_id is None or row.result is None:
            continue
        marks = _SCORED[row.result]
        title = f"round {row.round_number}" + (f", {row.game_id}" if row.game_id else "")
        for me, them, mark in ((row.first_player_id, row.second_player_id, marks[0]),
                               (row.second_player_id, row.first_player_id, marks[1])):
            cells.setdefault((me, them), []).append(
                {"text": mark, "title": title, "href": href.get(row.game_id or "")})
    crosstable = [{"player": by_id[me].name,
                   "cells": [cells.get((me, them), []) if me != them
                             else [{"text": "×", "title": "themselves", "href": None}]
                             for them in order]} for me in order]
    (folder / "index.html").write_text(env.get_template("league_index.html.j2").render(
        site=site, current="index", rows=standings, crosstable=crosstable), encoding="utf-8")
    for number, scenario in data["rounds"].items():
        shown = league.pairings(engine, season_name, number)
        for game in shown["games"]:
            game["href"] = href.get(game["game"] or "")
            game["result_shown"] = game["outcome"]  # "Ann won", "Bo forfeited", "a draw"
        (folder / f"round-{number}.html").write_text(
            env.get_template("league_round.html.j2").render(
                site=site, current=f"round-{number}", number=number, scenario=scenario,
                sides=sides, games=shown["games"], byes=shown["byes"]), encoding="utf-8")
    for player in data["players"]:
        _player_page(env, folder, site, player, data, by_id, href, sides,
                     page_of[player.id], standings)
    return folder / "index.html"


def _player_page(env: Any, folder: Path, site: dict[str, Any], player: Any,
                 data: dict[str, Any], by_id: dict[Any, Any], href: dict[str, str],
                 sides: list[str], page: str, standings: list[dict[str, Any]]) -> None:
    steps = data["steps"][player.id]
    after_game = {s.league_game_id: s.mu_after for s in steps}
    games = []
    for row in data["rows"]:
        if player.id not in (row.first_player_id, row.second_player_id):
            continue
        first = row.first_player_id == player.id
        other = by_id.get(row.second_player_id if first else row.first_player_id)
        result = ("bye" if row.second_player_id is None else "being played"
                  if row.result is None else {"1": "won", "0": "lost", "½": "drawn",
                                              "1F": "won by forfeit", "0F": "forfeited"}[
            _SCORED[row.result][0 if first else 1]])
        games.append({"round": row.round_number, "game": row.game_id,
                      "href": href.get(row.game_id or ""),
                      "opponent": other.name if other else "-",
                      "side": sides[0 if first else 1] if other else "-", "result": result,
                      "rating": f"{after_game[row.id]:.1f}" if row.id in after_game else "-"})
    chart = None
    if steps:
        chart = page.replace(".html", ".svg")
        (folder / chart).write_text(rating_chart(player.name, [
            steps[0].mu_before, *(s.mu_after for s in steps)]), encoding="utf-8")
    rating = next((r["rating"] for r in standings if r["player"] == player.name), "-")
    (folder / page).write_text(env.get_template("league_player.html.j2").render(
        site=site, current="player", player=player.name, active=player.active,
        rating=rating, chart=chart, chart_width=CHART_WIDTH, chart_height=CHART_HEIGHT,
        steps=[{"after": f"{s.mu_after:.1f}"} for s in steps], games=games),
        encoding="utf-8")
