"""`pbem game ...`: create, list, show, verify, roll back, pause, resume, end, replace."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.play import games
from pbem.cli.common import add_db, add_json, emit, engine, option, say, table
from pbem.cli.timingargs import DEFAULT_HOURS, add_timing, timing_from, timing_made
from pbem.timing import format_length, lengths_json, lengths_text


def _player(text: str) -> games.PlayerSpec:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (3, 4):
        raise JudgeError(f"--player '{text}': write NAME,EMAIL,SIDE or NAME,EMAIL,SIDE,TIMEZONE")
    return games.PlayerSpec(*parts)  # type: ignore[arg-type]


SCENARIO_FILE_MAX = 64 * 1024


def _scenario_file(name: str) -> str:
    path = Path(name)
    if not path.is_file():
        raise JudgeError(f"there is no scenario file {name}")
    if path.stat().st_size > SCENARIO_FILE_MAX:
        raise JudgeError(f"{name} is larger than {SCENARIO_FILE_MAX // 1024} KiB; a scenario "
                         "file is a short TOML file")
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise JudgeError(f"{name} is not UTF-8 text; save the scenario as UTF-8") from None


def _new(args: argparse.Namespace) -> int:
    if not args.player and not args.forming:
        raise JudgeError("give the players (--player NAME,EMAIL,SIDE), or make the game "
                         "--forming and invite them")
    timing = timing_from(args)
    if args.gm:
        from pbem.app.base.names import check_email

        check_email(args.gm, "the game master")
    spec = games.GameSpec(
        game_id=args.name, scenario=Path(args.scenario_file).name if args.scenario_file
        else args.scenario or rulesets.default_scenario(args.ruleset),
        players=tuple(_player(p) for p in args.player),
        ruleset=args.ruleset, options=tuple(option(o) for o in args.option),
        columns=args.columns, rows=args.rows,
        phase_hours=args.hours, timing=timing, gm_email=args.gm,
        player_extensions=args.player_extensions, vacation_days=args.vacation_days,
        forming=args.forming, archive=args.archive,
        scenario_text=_scenario_file(args.scenario_file) if args.scenario_file else None,
    )
    from pbem.cli.mail import deliver_locally, mail_settings_now

    made_engine, mail = engine(args, upgrade=True), mail_settings_now()
    # each player's password mailed to them, and their briefing, queued with the game
    made = games.create_game(made_engine, spec, mail=mail, mail_passwords=True)
    deliver_locally(made_engine, mail)
    data = {"game": made.game_id, "phase": made.first_phase,
            "seed_commitment": made.seed_commitment, "passwords": made.passwords}
    lengths = timing_made(args, timing)
    data["phase_lengths"] = lengths_json(lengths)
    lines = [f"Created {made.game_id}; the first phase is {made.first_phase}.",
             f"Phase lengths: {lengths_text(lengths)}.",
             f"Seed commitment (publish it): {made.seed_commitment}",
             "Passwords, shown this once (each was mailed to its own player's address; "
             "hand them out yourself if you prefer):"]
    lines += [f"  {name}: {password}" for name, password in made.passwords.items()]
    emit(args, data, "\n".join(lines))
    return 0


def _list(args: argparse.Namespace) -> int:
    rows = games.list_games(engine(args))
    emit(args, rows, table(rows, ["game", "scenario", "status", "phase", "winner"]))
    return 0


def _show(args: argparse.Namespace) -> int:
    from pbem.render.text import text_table

    made = engine(args)
    data = games.show_game(made, args.name, side=args.side, game_master=args.side is None)
    finished = data["status"] in ("over", "ended")
    data["phase_lengths"], lengths = _lengths_shown(made, args.name, None if finished
                                                    else data["phase_kind"])
    if args.json:
        emit(args, data, "")
        return 0
    lines = [f"{data['game']}: {data['scenario']} ({data['ruleset']}), {data['status']}",
             f"the game is {data['status']}; its last phase was {_last_phase(data)}"
             if finished else f"phase {data['phase']}" + (
                 f", deadline {_utc(data['deadline'])}" if data["deadline"] else ""),
             *([] if finished else [
                 f"owes orders: {', '.join(data['owes']) or 'nobody'}"
                 + (f"; still waiting for {', '.join(data['waiting_for'])}"
                    if data["waiting_for"] else "; all of them are in" if data["owes"]
                    else "")]),
             lengths,
             f"archive after the end: {data.get('archive_after_end', 'open')}",
             f"winner: {data['winner'] or '-'}",
             f"each player may ask for {data['player_extensions']} extension"
             f"{'s' if data['player_extensions'] != 1 else ''} and declare "
             f"{data['vacation_days']} day{'s' if data['vacation_days'] != 1 else ''} of "
             "vacation",
             f"seed commitment: {data['seed_commitment']}"]
    if data["seed"]:
        lines.append(f"seed (revealed): {data['seed']}")
    lines += ["", table(data["players"], ["name", "side", "timezone", "email"]), ""]
    for section in data["sections"]:
        lines += [section["title"], *(f"  {line}" for line in text_table(section)), ""]
    lines += [table(data["phases"], ["key", "status", "generation", "resolved_at"])]
    emit(args, data, "\n".join(lines))
    return 0


def _lengths_shown(made: Any, name: str, kind: str | None) -> tuple[dict[str, Any], str]:
    """How long each kind of the game's phases stays open, as stored (every kind its
    phase_hours for a game made without timing options), with the open phase's length when
    `kind` is given: for --json and as game show's line. Stored settings this judge cannot
    read are said, not raised: the rest of the game is still shown."""
    from pbem.app.base.shared import require_game
    from pbem.app.base.timing import timing_of
    from pbem.store.db import transaction

    with transaction(made) as session:
        row = require_game(session, name)
        try:
            timing = timing_of(row)
        except ValueError as exc:
            return {"unreadable": str(exc)}, f"phase lengths: unreadable ({exc})"
    shown = format_length(timing.duration(kind)) if kind else None
    return ({**lengths_json(timing), "open_phase": shown},
            f"phase lengths: {lengths_text(timing)}"
            + (f" (the open phase, {kind}: {shown})" if kind else ""))


def _utc(moment: str) -> str:
    """A stored moment (ISO 8601) as a person reads it, to the minute in UTC."""
    from datetime import UTC, datetime

    parsed = datetime.fromisoformat(moment)
    parsed = parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
    return f"{parsed:%Y-%m-%d %H:%M} UTC"


def _last_phase(data: dict[str, Any]) -> str:
    """The key of an ended game's last resolved phase (its open one, if none was)."""
    resolved = [p["key"] for p in data["phases"] if p["status"] == "resolved"]
    return resolved[-1] if resolved else str(data["phase"])


def _verify(args: argparse.Namespace) -> int:
    from pbem.app.play import audit

    verdict = audit.verify_game(engine(args), args.name)
    data = {"game": verdict.game_id, "ok": verdict.ok, "phases": verdict.phases_checked,
            "journal": verdict.journal_entries, "problems": list(verdict.problems)}
    text = (f"{args.name}: {verdict.phases_checked} phases recomputed from the stored orders "
            f"and seed, {verdict.journal_entries} journal entries chained: "
            + ("all as stored." if verdict.ok else "PROBLEMS:\n  " + "\n  ".join(verdict.problems)))
    emit(args, data, text)
    return 0 if verdict.ok else 1


def _report(args: argparse.Namespace) -> int:
    """One phase's reports (the latest resolved, or --phase) printed; with --out, written as
    files: every resolved phase's unless --phase names one (see _write_phases)."""
    from pbem.app.reports import reports
    from pbem.cli.mail import mail_settings_now

    made, mail_to = engine(args), mail_settings_now().judge_address
    if args.out:
        return _write_phases(args, made, mail_to)
    for r in _chosen(reports.phase_reports(made, args.name, args.phase, mail_to=mail_to), args):
        if args.json:
            print(r.json)
        else:
            say(r.text)
    return 0


def _chosen(made: list[Any], args: argparse.Namespace) -> list[Any]:
    """The reports --recipient asks for (all without it); naming nobody is refused."""
    chosen = [r for r in made if args.recipient in (None, r.recipient, r.side)]
    if not chosen:
        raise JudgeError(f"no recipient '{args.recipient}'; the recipients are "
                         f"{', '.join(r.recipient for r in made)}")
    return chosen


INDEX_MARK = "<!-- pbem game report -->"  # an index.html this command wrote and may replace


def _write_phases(args: argparse.Namespace, made: Any, mail_to: str) -> int:
    """Every resolved phase's reports and maps (or --phase's), for every recipient (or
    --recipient's), into OUT/NAME/ as PHASE-RECIPIENT.txt .html .json .svg .png, with an
    index.html linking them by phase; the paths written are printed, then what they are."""
    import html

    from pbem.app.reports import reports

    keys: list[str | None] = [args.phase] if args.phase else [
        *_resolved_keys(made, args.name)] or [None]  # none resolved: phase_reports says so
    folder = Path(args.out) / args.name
    written: list[str] = []
    links: list[str] = []
    shown: list[str] = []
    for key in keys:
        chosen = _chosen(reports.phase_reports(made, args.name, key, mail_to=mail_to), args)
        written += [str(p) for p in reports.write_reports(chosen, Path(args.out), args.name)]
        shown.append(chosen[0].phase)
        links += [f'<li><a href="{html.escape(r.basename)}.html">{html.escape(r.phase)}: '
                  f'{html.escape(r.recipient)}</a></li>' for r in chosen]
    index = folder / "index.html"
    if index.exists() and INDEX_MARK not in index.read_text(encoding="utf-8", errors="replace"):
        raise JudgeError(f"{index} already exists and was not written by `pbem game report`; "
                         "the reports were written, the index was not. Choose another --out "
                         "folder")
    index.write_text(
        f"<!DOCTYPE html>\n{INDEX_MARK}\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>Reports of {html.escape(args.name)}</title></head><body><h1>Reports of "
        f"{html.escape(args.name)}</h1><ul>{''.join(links)}</ul></body></html>\n",
        encoding="utf-8")
    written.append(str(index))
    count = f"{len(shown)} resolved phase{'s' if len(shown) != 1 else ''}"
    emit(args, written, "\n".join([*written, f"Written: the reports and maps of {count} "
                                   f"({', '.join(shown)}), each phase for "
                                   + ("every player, the observers and the game master"
                                      if args.recipient is None else args.recipient)
                                   + f"; open {index}"]))
    return 0


def _resolved_keys(made: Any, name: str) -> list[str]:
    """The keys of the game's resolved phases, in the order they were played (a phase a
    roll back set aside is not among them)."""
    from pbem.app.base.shared import require_game
    from pbem.store import repo
    from pbem.store.db import transaction

    with transaction(made) as session:
        require_game(session, name)
        return [p.key for p in repo.phases(session, name) if p.status == "resolved"]


def _archive(args: argparse.Namespace) -> int:
    from pbem.app.reports.archive import archive_game

    index = archive_game(engine(args), args.name, Path(args.folder))
    say(f"archive written: open {index}")
    return 0


def _simple(action: str) -> Any:
    """The game master's actions; the players are told by mail (queued with the action,
    written at once to the local Maildir when no SMTP server is set)."""
    def run(args: argparse.Namespace) -> int:
        from pbem.app import gm
        from pbem.cli.mail import deliver_locally, mail_settings_now

        made, mail = engine(args), mail_settings_now()
        if action == "rollback":
            deadline = gm.rollback(made, args.name, args.phase, args.why, mail)
            due = f"; its deadline is {deadline:%Y-%m-%d %H:%M} UTC" if deadline else ""
            said = (f"{args.name} is back at {args.phase}{due}; later phases are set aside. "
                    "Everyone was told why, with the position as it stands again.")
        elif action == "pause":
            gm.pause(made, args.name, mail)
            said = f"{args.name} is paused; everyone was told."
        elif action == "resume":
            deadline = gm.resume(made, args.name, mail)
            said = f"{args.name} is running again" + (
                f"; the deadline of the open phase is {deadline:%Y-%m-%d %H:%M} UTC, and "
                "everyone was told." if deadline else ".")
        elif action == "end":
            seed = gm.end(made, args.name, mail, winner=args.winner)
            result = ("without a winner" if args.winner is None else "as a draw"
                      if args.winner == games.DRAW else f"with {args.winner} the winner")
            say(f"{args.name} has ended {result}. Its seed is now public: {seed}")
            said = f"{args.name} has ended {result}; the seed was revealed to everyone."
        else:
            new = games.PlayerSpec(args.new_name, args.email, "", args.timezone)
            password = gm.replace(made, args.name, args.old, new, mail)
            say(f"{args.new_name} now commands {args.old}'s pieces. Password: {password}")
            said = (f"{args.new_name} now commands {args.old}'s pieces; they were mailed "
                    "the latest report, and everyone was told.")
        if action not in ("end", "replace"):
            say(said)
        gm.done(made, args.name, action, said, mail)
        deliver_locally(made, mail)
        return 0
    return run


def _deadline(args: argparse.Namespace) -> int:
    from datetime import datetime

    from pbem.app import gm
    from pbem.cli.mail import deliver_locally, mail_settings_now
    from pbem.timing import parse_length

    made, mail = engine(args), mail_settings_now()
    try:
        by = parse_length(args.extend, "--extend") if args.extend else None
        at = datetime.fromisoformat(args.at) if args.at else None
    except ValueError as exc:
        raise JudgeError(f"{exc} (--at takes a moment such as 2026-12-24T18:00+00:00)") from None
    new = gm.set_deadline(made, args.name, by=by, at=at, mail=mail)
    gm.done(made, args.name, "deadline", f"the deadline is now {new:%Y-%m-%d %H:%M} UTC; "
            "everyone was told, with a calendar entry.", mail)
    deliver_locally(made, mail)
    emit(args, {"game": args.name, "deadline": new.isoformat()},
         f"{args.name}: the deadline is now {new:%Y-%m-%d %H:%M} UTC; the players were told.")
    return 0


def _announce(args: argparse.Namespace) -> int:
    from pbem.app import gm
    from pbem.cli.mail import deliver_locally, mail_settings_now

    made, mail = engine(args), mail_settings_now()
    told = gm.announce(made, args.name, args.text, mail)
    players = f"{len(told)} player{'' if len(told) == 1 else 's'}"
    gm.done(made, args.name, "announce", f"your announcement was mailed to {players}.", mail)
    deliver_locally(made, mail)
    emit(args, {"game": args.name, "told": told}, f"told {len(told)}: {', '.join(told)}")
    return 0


def _record(args: argparse.Namespace) -> int:
    from pbem.app.league.records import player_record

    record = player_record(engine(args), args.email)
    shown = f"{record.reliability:.0%}" if record.reliability is not None else "none owed yet"
    emit(args, record.as_json(), f"{record.email}: {record.on_time} on time, {record.late} late, "
         f"{record.missing} missing of {record.owed} owed; reliability {shown}")
    return 0


def _vacation(args: argparse.Namespace) -> int:
    from datetime import date

    from pbem.app import gm
    from pbem.app.base.shared import require_game, utcnow
    from pbem.cli.mail import deliver_locally, mail_settings_now
    from pbem.store import repo
    from pbem.store.db import transaction

    made, mail = engine(args), mail_settings_now()
    try:
        first, last = date.fromisoformat(args.first), date.fromisoformat(args.last)
    except ValueError:
        raise JudgeError("write the days as 2026-12-20") from None
    with transaction(made) as session:
        game = require_game(session, args.name, lock=True)
        player = repo.player(session, args.name, args.player)
        if player is None:
            raise JudgeError(f"there is no player '{args.player}' in {args.name}")
        said = gm.declare_vacation(session, game, player, first, last, mail, utcnow())
    deliver_locally(made, mail)
    emit(args, {"game": args.name, "player": args.player, "said": said}, said)
    return 0


def _invite(args: argparse.Namespace) -> int:
    from pbem.app.play import invites
    from pbem.cli.mail import deliver_locally, mail_settings_now

    made, mail = engine(args), mail_settings_now()
    invites.invite(made, args.name, args.side, args.email, mail)
    from pbem.app import gm

    gm.done(made, args.name, "invite", f"{args.email} is invited to the {args.side} side; "
            "they join by replying to the invitation.", mail)
    deliver_locally(made, mail)
    emit(args, {"game": args.name, "side": args.side, "invited": args.email},
         f"{args.email} is invited to the {args.side} side of {args.name}; they join by "
         "replying to the invitation.")
    return 0


def _start(args: argparse.Namespace) -> int:
    from pbem.app.play import invites
    from pbem.cli.mail import deliver_locally, mail_settings_now

    made, mail = engine(args), mail_settings_now()
    deadline = invites.start(made, args.name, mail)
    deliver_locally(made, mail)
    emit(args, {"game": args.name, "deadline": deadline.isoformat()},
         f"{args.name} has started; the first deadline is {deadline:%Y-%m-%d %H:%M} UTC.")
    return 0


def _set(args: argparse.Namespace) -> int:
    from pbem.app import gm
    from pbem.cli.mail import deliver_locally, mail_settings_now

    if args.archive is None and args.press_copies is None:
        raise JudgeError("name a setting: --archive open|closed or --press-copies on|off")
    made, mail = engine(args), mail_settings_now()
    said, data = [], {"game": args.name}
    if args.archive is not None:
        said.append(games.set_archive(made, args.name, args.archive))
        data["archive_after_end"] = args.archive
    if args.press_copies is not None:
        said.append(games.set_press_copies(made, args.name, args.press_copies))
        data["gm_press_copies"] = args.press_copies == "on"
    gm.done(made, args.name, "set", "; ".join(said), mail)
    deliver_locally(made, mail)
    emit(args, data, "\n".join(said))
    return 0


def _journal(args: argparse.Namespace) -> int:
    from pbem.app import gm

    entries = gm.journal_of(engine(args), args.name)
    emit(args, entries, "\n".join(f"{e['at']}  {e['kind']}  {e['data']}" for e in entries))
    return 0


def register(nouns: Any) -> None:
    game = nouns.add_parser("game", help="games: new, list, show, verify, rollback, ...")
    verbs = game.add_subparsers(dest="verb", required=True, metavar="VERB")
    new = verbs.add_parser("new", help="create a game from a scenario with its players")
    new.add_argument("name")
    chosen = new.add_mutually_exclusive_group()
    chosen.add_argument("--scenario", default=None,
                        help="a built-in scenario of the rule system (`pbem rules list`; "
                             "default squadron, or another rule system's first)")
    chosen.add_argument("--scenario-file", metavar="FILE",
                        help="a game master's own scenario: a TOML file in the form of the "
                             "built-in ones (`pbem rules list` names them)")
    new.add_argument("--forming", action="store_true", help="players join by invitation "
                     "(game invite), the game master starts it (game start); needs --gm")
    new.add_argument("--player", action="append", default=[],
                     metavar="NAME,EMAIL,SIDE[,TIMEZONE]")
    new.add_argument("--ruleset", default=rulesets.DEFAULT,
                     help="the rule system (`pbem rules list` shows them)")
    new.add_argument("--option", action="append", default=[], metavar="NAME[=VALUE]",
                     help="a ruleset option, e.g. secret_records or columns=20 "
                     "(`pbem rules list` shows them)")
    new.add_argument("--hours", type=int, default=DEFAULT_HOURS,
                     help="hours every kind of phase stays open unless --durations names it "
                     f"(default {DEFAULT_HOURS})")
    new.add_argument("--gm", metavar="EMAIL", help="the game master's address (told of "
                     "pauses, late players and outages)")
    new.add_argument("--player-extensions", type=int, default=0, metavar="N",
                     help="deadline extensions each player may ask for by mail (EXTEND)")
    new.add_argument("--vacation-days", type=int, default=14, metavar="N",
                     help="days of vacation each player may declare in the game, in all "
                     "(VACATION; 0 to 365, default 14)")
    add_timing(new)
    new.add_argument("--archive", choices=games.ARCHIVE_CHOICES, default="open",
                     help="the game's public archive once it has ended: open (shows what "
                     "was hidden while it ran: secret records, every side's orders; the "
                     "default) or closed (as while it ran)")
    new.add_argument("--columns", type=int, help="map width (default: the scenario's)")
    new.add_argument("--rows", type=int, help="map height (default: the scenario's)")
    new.set_defaults(run=_new)
    for name, handler, text in (("list", _list, "all games"),
                                ("show", _show, "one game: players, pieces, phases"),
                                ("verify", _verify, "recompute a game and check its journal")):
        verb = verbs.add_parser(name, help=text)
        if name != "list":
            verb.add_argument("name")
        if name == "show":
            verb.add_argument("--side", help="show only what this side may see")
        verb.set_defaults(run=handler)
    report = verbs.add_parser("report", help="the reports and maps of a resolved phase "
                              "printed, or of every resolved phase written as files (--out)")
    report.add_argument("name")
    report.add_argument("--phase", help="phase key (default: the latest resolved; with --out, "
                        "every resolved phase)")
    report.add_argument("--recipient", help="a player's name, a side, observer or gm "
                        "(default: every player, the observers and the game master)")
    report.add_argument("--out", metavar="DIR", help="write every resolved phase's reports "
                        "and maps (or --phase's) as .txt .html .json .svg .png files into the "
                        "game's own folder DIR/NAME/, named PHASE-RECIPIENT, with an index.html")
    report.set_defaults(run=_report)
    archive = verbs.add_parser("archive", help="a static HTML archive of the game's phases")
    archive.add_argument("name")
    archive.add_argument("folder")
    archive.set_defaults(run=_archive)
    rollback = verbs.add_parser("rollback", help="open an earlier phase again (later ones are "
                                "archived)")
    rollback.add_argument("name")
    rollback.add_argument("phase", help="the phase key, e.g. T3-move-blue")
    rollback.add_argument("--why", required=True, help="the reason, told to the players")
    rollback.set_defaults(run=_simple("rollback"))
    deadline = verbs.add_parser("deadline", help="extend or set the open phase's deadline "
                                "(the players are told, with an .ics)")
    deadline.add_argument("name")
    when = deadline.add_mutually_exclusive_group(required=True)
    when.add_argument("--extend", metavar="LEN", help="e.g. 24h or 2d")
    when.add_argument("--at", metavar="MOMENT", help="e.g. 2026-12-24T18:00+00:00")
    deadline.set_defaults(run=_deadline)
    announce = verbs.add_parser("announce", help="a message from the game master to every "
                                "player")
    announce.add_argument("name")
    announce.add_argument("text")
    announce.set_defaults(run=_announce)
    record = verbs.add_parser("record", help="a player's orders on time, late and missing, "
                              "across games")
    record.add_argument("email")
    record.set_defaults(run=_record)
    invite = verbs.add_parser("invite", help="offer a seat of a forming game by mail")
    invite.add_argument("name")
    invite.add_argument("--side", required=True)
    invite.add_argument("--email", required=True)
    invite.set_defaults(run=_invite)
    start = verbs.add_parser("start", help="start a forming game: the first deadline runs")
    start.add_argument("name")
    start.set_defaults(run=_start)
    vacation = verbs.add_parser("vacation", help="a player away: no deadline falls then")
    vacation.add_argument("name")
    vacation.add_argument("player")
    vacation.add_argument("first", help="the first day away, e.g. 2026-12-20")
    vacation.add_argument("last", help="the last day away")
    vacation.set_defaults(run=_vacation)
    setting = verbs.add_parser("set", help="a game's settings: its archive after the end, "
                               "press copies to the game master")
    setting.add_argument("name")
    setting.add_argument("--archive", choices=games.ARCHIVE_CHOICES,
                         help="open or closed: whether the archive shows, once the game "
                         "has ended, what was hidden while it ran")
    setting.add_argument("--press-copies", choices=games.ON_OFF,
                         help="on (the default) or off: whether the game master gets a copy "
                         "of every press")
    setting.set_defaults(run=_set)
    journal = verbs.add_parser("journal", help="what was done to the game, when")
    journal.add_argument("name")
    journal.set_defaults(run=_journal)
    for name, text in (("pause", "stop the clock"), ("resume", "start it again"),
                       ("end", "end the game, with no winner or a declared result "
                        "(reveals the seed)")):
        verb = verbs.add_parser(name, help=text)
        verb.add_argument("name")
        if name == "end":
            verb.add_argument("--winner", metavar="SIDE|draw", help="the result the game "
                              "master declares: the winning side, or draw (a league scores "
                              "it)")
        verb.set_defaults(run=_simple(name))
    replace = verbs.add_parser("replace", help="a new player takes over a player's pieces")
    replace.add_argument("name")
    replace.add_argument("old", help="the player leaving")
    replace.add_argument("--new-name", required=True)
    replace.add_argument("--email", required=True)
    replace.add_argument("--timezone", default="UTC")
    replace.set_defaults(run=_simple("replace"))
    for parser in [verbs.choices[v] for v in verbs.choices]:
        add_db(parser)
        add_json(parser)
