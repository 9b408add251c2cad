"""`pbem league ...`: a club's seasons: new, join, start, pairings, table, next, drop,
archive."""

from __future__ import annotations

import argparse
from typing import Any

from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.cli.common import add_db, add_json, emit, engine, table
from pbem.cli.timingargs import add_timing, timing_from

LEAGUE_LATE = "proceed"  # as pbem.app.league.entries.LEAGUE_LATE: misses come to a forfeit


def _points(text: str | None) -> Any:
    """`--points win=1,draw=0.5,loss=0,forfeit=0,bye=1` (any of them; the rest default)."""
    from pbem.league.model import PointsRule

    if not text:
        return PointsRule()
    given: dict[str, float] = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        name = name.strip()
        if name not in PointsRule.__dataclass_fields__:
            raise JudgeError(f"--points: '{name}' is not one of win, draw, loss, forfeit, bye")
        try:
            given[name] = float(value)
        except ValueError:
            raise JudgeError(f"--points: write {name}=NUMBER, e.g. {name}=1") from None
    return PointsRule(**given)


def _new(args: argparse.Namespace) -> int:
    from pbem.app.league import entries

    spec = entries.SeasonSpec(
        name=args.name, format=args.format, rounds=args.rounds,
        scenarios=tuple(s.strip() for part in args.scenario for s in part.split(",")
                        if s.strip()),
        ruleset=args.ruleset, league=args.league, turn_limit=args.turn_limit,
        phase_hours=args.hours, timing=timing_from(args, LEAGUE_LATE),
        min_reliability=args.min_reliability, gm_email=args.gm, points=_points(args.points))
    data = entries.new_season(engine(args, upgrade=True), spec)
    late = ("a player who misses orders past the grace twice in a game forfeits it"
            if data["late"] == "proceed" else "a late player pauses the game until the "
            "game master acts")
    emit(args, data, f"Made the season {data['season']} of {data['league']}: {data['format']}, "
         f"{data['rounds']} rounds, {', '.join(data['scenarios'])}; late policy "
         f"{data['late']} after a grace of {data['grace']} ({late}). Players join with "
         f"`pbem league join {data['season']} --player NAME,EMAIL`.")
    return 0


def _join(args: argparse.Namespace) -> int:
    from pbem.app.league import entries

    parts = [p.strip() for p in args.player.split(",")]
    if len(parts) not in (2, 3):
        raise JudgeError(f"--player '{args.player}': write NAME,EMAIL or NAME,EMAIL,TIMEZONE")
    data = entries.join(engine(args), args.name, *parts)
    shown = "no record yet" if data["reliability"] is None else f"{data['reliability']:.0%}"
    emit(args, data, f"{data['player']} joined {data['season']} (reliability {shown}); "
         f"{data['players']} player{'s' if data['players'] != 1 else ''} so far.")
    return 0


def _paired_text(paired: Any) -> str:
    made = len(paired.games)
    lines = [f"Round {paired.round} of {paired.season}: {made} game{'s' if made != 1 else ''} "
             "made"
             + (f"; bye: {', '.join(paired.byes)}" if paired.byes else "") + "."]
    if paired.passwords:
        lines.append("Passwords, shown this once (each player has been mailed theirs with "
                     "the pairing):")
        for game, passwords in paired.passwords.items():
            lines += [f"  {game}  {name}: {password}" for name, password in passwords.items()]
    return "\n".join(lines)


def _start(args: argparse.Namespace) -> int:
    from pbem.app.league import league
    from pbem.cli.mail import deliver_locally, mail_settings_now

    made, mail = engine(args), mail_settings_now()
    paired = league.start(made, args.name, mail)  # briefings queued with each game
    deliver_locally(made, mail)
    emit(args, paired.as_json(), _paired_text(paired))
    return 0


def _next(args: argparse.Namespace) -> int:
    from pbem.app.league import league
    from pbem.cli.mail import deliver_locally, mail_settings_now

    made, mail = engine(args), mail_settings_now()
    paired = league.next_round(made, args.name, mail)
    deliver_locally(made, mail)
    if paired is None:
        emit(args, {"season": args.name, "round": None, "over": True},
             f"{args.name} is over: that was its last round (`pbem league table {args.name}`).")
    else:
        emit(args, {**paired.as_json(), "over": False}, _paired_text(paired))
    return 0


def _pairings(args: argparse.Namespace) -> int:
    from pbem.app.league import league

    data = league.pairings(engine(args), args.name, args.round, look=True)
    sides = [k for k in (data["games"][0] if data["games"] else {})
             if k not in ("game", "result", "outcome", "why")]
    shown = [{**game, "game": game["game"] or "not played", "result": game["outcome"]}
             for game in data["games"]]
    text = f"Round {data['round']} of {args.name}\n" + table(shown, ["game", *sides, "result"])
    if data["byes"]:
        text += f"\nbye: {', '.join(data['byes'])}"
    emit(args, data, text)
    return 0


STATUS_WORDS = {"forming": "taking players", "running": "in play", "over": "over: the final "
                "table"}


def _table(args: argparse.Namespace) -> int:
    from pbem.app.league import league
    from pbem.league.words import points_shown

    data = league.table(engine(args), args.name)
    rows = [{**row, "place": n, "points": points_shown(row["points"]),
             "tiebreaks": " ".join(points_shown(t) for t in row["tiebreaks"]),
             "reliability": "-" if row["reliability"] is None else f"{row['reliability']:.0%}",
             "player": row["player"] + ("" if row["active"] else " (left)")}
            for n, row in enumerate(data["rows"], start=1)]
    status = STATUS_WORDS.get(data["status"], data["status"])
    text = (f"{args.name}, round {data['round']}: {status}\n" + table(
        rows, ["place", "player", "points", "played", "won", "drawn", "lost", "forfeits",
               "byes", "tiebreaks", "rating", "reliability"])
        + "\ntiebreaks: Buchholz, Sonneborn-Berger, head-to-head; reliability: the share "
        "of orders in by the deadline, across games")
    emit(args, {**data, "status_words": status}, text)
    return 0


def _drop(args: argparse.Namespace) -> int:
    from pbem.app.league import entries
    from pbem.cli.mail import deliver_locally, mail_settings_now

    made, mail = engine(args), mail_settings_now()
    forfeited = entries.drop(made, args.name, args.player, mail)
    deliver_locally(made, mail)
    emit(args, {"season": args.name, "player": args.player, "forfeited": forfeited},
         f"{args.player} has left {args.name}; the rest of their games are forfeits"
         + (f" ({', '.join(forfeited)} ended now)." if forfeited else "."))
    return 0


def _archive(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pbem.app.league.league_archive import archive_season

    index = archive_season(engine(args), args.name, Path(args.folder))
    emit(args, {"season": args.name, "index": str(index)}, f"pages written: open {index}")
    return 0


def register(nouns: Any) -> None:
    noun = nouns.add_parser("league", help="club leagues: seasons, pairings, results, table")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    new = verbs.add_parser("new", help="a season players may join")
    new.add_argument("name", help="the season's name; its games are NAME-r<round>-<n>")
    new.add_argument("--format", required=True,
                     choices=("round-robin", "double-round-robin", "swiss"))
    new.add_argument("--rounds", type=int, required=True,
                     help="rounds to play (a round-robin plays at most its cycle)")
    new.add_argument("--scenario", action="append", required=True, metavar="SCENARIO",
                     help="the scenario; give several (or a comma list) to rotate by round")
    new.add_argument("--ruleset", default=rulesets.DEFAULT,
                     help="the rule system (`pbem rules list` shows them)")
    new.add_argument("--turn-limit", type=int, metavar="T",
                     help="a game still running after turn T is scored by the "
                     "rules' victory count (level: a draw)")
    new.add_argument("--hours", type=int, default=48,
                     help="hours each phase stays open (the default duration)")
    new.add_argument("--league", help="the league the season belongs to (default: its name)")
    new.add_argument("--min-reliability", type=float, metavar="SHARE",
                     help="orders in by the deadline / owed a player needs to join, e.g. 0.8")
    new.add_argument("--gm", metavar="EMAIL", help="the game master of the season's games")
    new.add_argument("--points", metavar="win=1,draw=0.5,...", help="points for a win, draw, "
                     "loss, forfeit and bye (default 1, 0.5, 0, 0, 1)")
    add_timing(new, late_default=LEAGUE_LATE)  # as `pbem game new`; the games take them
    new.set_defaults(run=_new)
    join = verbs.add_parser("join", help="a player joins a season before it starts")
    join.add_argument("name")
    join.add_argument("--player", required=True, metavar="NAME,EMAIL[,TIMEZONE]")
    join.set_defaults(run=_join)
    for verb, handler, text in (
            ("start", _start, "pair round 1 and make its games"),
            ("next", _next, "pair the next round once every game of this one is over"),
            ("table", _table, "the standings: points, tie-breaks, rating, reliability")):
        parser = verbs.add_parser(verb, help=text)
        parser.add_argument("name")
        parser.set_defaults(run=handler)
    pairings = verbs.add_parser("pairings", help="a round's games by side, and its byes")
    pairings.add_argument("name")
    pairings.add_argument("--round", type=int, help="the round (default: the current one)")
    pairings.set_defaults(run=_pairings)
    drop = verbs.add_parser("drop", help="a player leaves; the rest of their games are "
                            "forfeits")
    drop.add_argument("name")
    drop.add_argument("player")
    drop.set_defaults(run=_drop)
    archive = verbs.add_parser("archive", help="the season's public pages: table, "
                               "crosstable, rounds, players' ratings, its games' archives")
    archive.add_argument("name")
    archive.add_argument("folder")
    archive.set_defaults(run=_archive)
    for parser in verbs.choices.values():
        add_db(parser)
        add_json(parser)
