"""Benchmarks behind `pbem bench`: figures are printed, never asserted in tests. The rules
figures are the ruleset's own (asked through the plug-in); storage and rendering play a
ruleset's sample game through the same boundary as the judge."""

from __future__ import annotations

import functools
import json
import random
import sqlite3
import statistics
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from pbem.app.base import rulesets
from pbem.rules.dice import SeededDice
from pbem.rules.interface import BenchResult


def rules_figures(ruleset: str = rulesets.DEFAULT, repeat: int = 200) -> BenchResult:
    """The ruleset's own figures, timed with the host's monotonic clock."""
    return rulesets.plugin(ruleset).bench(time.perf_counter_ns, repeat)


def _dice(key: str) -> SeededDice:
    return SeededDice(seed=b"bench", game="bench", phase=key)


def _order_lines(text: str, count: int) -> str:
    """The first `count` order lines of a text (comments and blank lines left out)."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return "\n".join(lines[:count])


# --- storage -------------------------------------------------------------------------


SUBMISSION_LINES = 5


ROUNDS = 8  # submissions and the floor are timed in alternating rounds: drift hits both


def _floor_connection(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None)
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
        connection.execute(f"PRAGMA {pragma}")
    connection.execute("CREATE TABLE IF NOT EXISTS floor (id INTEGER PRIMARY KEY, raw TEXT)")
    return connection


def _floor_round(connection: sqlite3.Connection, raw: str, count: int) -> float:
    """Bare sqlite3: one INSERT of the same bytes per transaction, same file settings."""
    start = time.perf_counter()
    for _ in range(count):
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO floor (raw) VALUES (?)", (raw,))
        connection.execute("COMMIT")
    return count / (time.perf_counter() - start)


def store_figures(folder: Path, count: int = 200, phases_count: int = 30,
                  seed: int = 4, ruleset: str = rulesets.DEFAULT) -> dict[str, float]:
    """Submissions per second through the use-case, the bare-insert floor, their ratio,
    and 40-piece phases processed per second (the ruleset's sample game)."""
    from pbem.app import orders
    from pbem.app.play import games, phases
    from pbem.store.db import make_engine
    from pbem.store.migrate import upgrade

    rng = random.Random(seed)
    engine = make_engine(f"sqlite:///{folder / 'bench.sqlite'}")
    upgrade(engine)
    sample = rulesets.plugin(ruleset).sample(40, seed)
    first, second = sample.sides[:2]
    names = {first: "First", second: "Second"}
    players = tuple(games.PlayerSpec(name, f"{name.lower()}@example.org", side, "UTC",
                                     name[0].lower()) for side, name in names.items())
    games.create_game(engine, games.GameSpec("bench", scenario=sample.scenario_name,
                                             ruleset=ruleset, players=players,
                                             position=sample.to_json()))
    # one player's orders: in a 40-piece battle a player commands about five pieces
    mover = sample.owes()[0]
    text = _order_lines(sample.autoplay_orders(mover, random.Random(seed)), SUBMISSION_LINES)
    floor_db = _floor_connection(folder / "floor.sqlite")
    per_round = max(count // ROUNDS, 1)
    # one player resubmits `count` times: the judge's cap on resubmissions (a guard against
    # floods, not part of what a submission costs) is lifted for the measurement
    cap, orders.MAX_SUBMISSIONS = orders.MAX_SUBMISSIONS, max(orders.MAX_SUBMISSIONS, count + 1)
    rates: list[tuple[float, float]] = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(per_round):
            orders.submit_orders(engine, "bench", names[mover], text)
        rates.append((per_round / (time.perf_counter() - start),
                      _floor_round(floor_db, text, per_round)))
    floor_db.close()
    submissions = statistics.median(r[0] for r in rates)
    floor = statistics.median(r[1] for r in rates)
    ratio = statistics.median(r[0] / r[1] for r in rates)
    processing = 0.0
    done = 0
    for _ in range(phases_count):
        shown = games.show_game(engine, "bench")
        if shown["status"] != "active":
            break
        game = rulesets.load(ruleset, json.loads(_open_state(engine)))
        for side in shown["owes"]:
            body = game.autoplay_orders(side, rng)
            orders.submit_orders(engine, "bench", names[side], body or "# no orders")
        begin = time.perf_counter()
        phases.process_phase(engine, "bench")
        processing += time.perf_counter() - begin
        done += 1
    engine.dispose()
    orders.MAX_SUBMISSIONS = cap
    return {"submission_lines": SUBMISSION_LINES,
            "submissions_per_s": round(submissions, 1), "floor_per_s": round(floor, 1),
            "ratio": round(ratio, 3),
            "phases_per_s": round(done / processing, 1) if processing else 0.0,
            **size_figures(folder, phases_count, ruleset=ruleset)}


def _open_state(engine: Any, game_id: str = "bench") -> str:
    from pbem.store import repo
    from pbem.store.db import transaction

    with transaction(engine) as session:
        phase = repo.open_phase(session, game_id)
        assert phase is not None
        return phase.state_before


def _file_bytes(path: Path, emptied: Sequence[str] = ()) -> int:
    """The size of a SQLite file once its write-ahead log is folded in and it is vacuumed
    (the tables `emptied` first emptied, in a copy): what the database holds, not its
    free pages."""
    import shutil

    if emptied:
        copy = path.with_name(path.stem + "-rows" + path.suffix)
        shutil.copyfile(path, copy)
        path = copy
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        for table in emptied:
            connection.execute(f"DELETE FROM {table}")  # noqa: S608 - our own table names
        connection.execute("VACUUM")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    return path.stat().st_size


SIZE_SEED = 5  # the default ruleset's sample game with these dice lasts 30 phases and more


def size_figures(folder: Path, phases_count: int = 30, seed: int = SIZE_SEED,
                 ruleset: str = rulesets.DEFAULT) -> dict[str, float]:
    """The bytes one two-player game takes in the database: the ruleset's 40-piece sample
    game played `phases_count` phases (both sides' orders by the ruleset's autoplay), each
    player's report queued and delivered into a Maildir after each phase, the dice seeded
    by `seed` (the same game each run); the file's size
    then (`bytes_before_retention`), after the retention has dropped the delivered mail's
    bodies (`bytes_per_game`), and the floor beside it: the game's own rows, the same file
    with no mail at all (`game_rows_bytes`). Each size is of the file vacuumed."""
    from pbem.app import orders
    from pbem.app.base.shared import utcnow
    from pbem.app.play import games, phases
    from pbem.app.running import retention
    from pbem.app.running.sending import send_outbox
    from pbem.mail.settings import mail_settings
    from pbem.store.db import make_engine
    from pbem.store.migrate import upgrade

    place = folder / "size"
    place.mkdir()
    path = place / "game.sqlite"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    settings = mail_settings({"PBEM_MAIL_FROM": "judge@bench.example"}, place)
    rng = random.Random(seed)
    sample = rulesets.plugin(ruleset).sample(40, seed)
    names = {side: name for side, name in zip(sample.sides[:2], ("First", "Second"),
                                              strict=False)}
    games.create_game(engine, games.GameSpec(
        "size", scenario=sample.scenario_name, ruleset=ruleset, position=sample.to_json(),
        seed=f"bench-size-{seed}".encode(), dice_name="bench-size",
        players=tuple(games.PlayerSpec(name, f"{name.lower()}@example.org", side, "UTC",
                                       name[0].lower()) for side, name in names.items())))
    played = 0
    for _ in range(phases_count):
        shown = games.show_game(engine, "size")
        if shown["status"] != "active":
            break
        game = rulesets.load(ruleset, json.loads(_open_state(engine, "size")))
        for side in shown["owes"]:
            body = game.autoplay_orders(side, rng)
            orders.submit_orders(engine, "size", names[side], body or "# no orders")
        phases.process_phase(engine, "size", mail=settings)
        send_outbox(engine, settings, utcnow())
        played += 1
    mails = sum(1 for _ in (settings.outbox_dir / "new").iterdir())
    engine.dispose()
    before = _file_bytes(path)
    engine = make_engine(f"sqlite:///{path}")
    later = utcnow() + timedelta(days=settings.retention_days + 1)
    retention.trim(engine, settings.retention_days, later)
    engine.dispose()
    after = _file_bytes(path)
    floor = _file_bytes(path, emptied=("mail_out", "mail_in"))
    return {"phases_played": played, "mails_delivered": mails,
            "retention_days": settings.retention_days,
            "bytes_before_retention": before, "bytes_per_game": after,
            "game_rows_bytes": floor,
            "size_ratio": round(after / floor, 2) if floor else 0.0}


# --- rendering -----------------------------------------------------------------------


def render_figures(repeat: int = 20, seed: int = 5,
                   ruleset: str = rulesets.DEFAULT) -> dict[str, float]:
    """Median milliseconds, for the ruleset's 40-piece sample game after one phase: the SVG
    map, the PNG map, and the text, HTML and JSON reports of the phase for every recipient
    (four players a side, the observers and the game master). The reports are built as the
    outbox's jobs build them (pbem.app.reports.mailmake): one recipient at a time, each
    from the phase as stored (the games before and after through stored_game, as the job
    loads them, the events from their JSON), through the judge's own report_texts, the part
    of render_phase before the maps; each round starts from cold (no phase's shared work
    and no loaded game kept from the round before)."""
    from datetime import UTC, datetime

    from pbem.app.reports.account import Given
    from pbem.app.reports.reports import (
        GM,
        OBSERVER,
        Recipient,
        forget_shared_phases,
        report_texts,
        scene_for,
        seen_by,
        stored_game,
    )
    from pbem.render import report
    from pbem.rules.events import Event

    sample = rulesets.plugin(ruleset).sample(40, seed)
    mover = sample.owes()[0]
    text = sample.autoplay_orders(mover, random.Random(seed))
    hosted, result, _ = sample.play([(mover, text)], _dice("render"))
    who = [Recipient(f"{side} {n}", side, "Europe/Paris", key=f"p{number}")
           for number, (side, n) in enumerate(
               ((side, n) for side in hosted.sides[:2] for n in range(1, 5)), 1)]
    who += [Recipient(OBSERVER, None, "UTC"), Recipient(GM, None, "UTC", True)]
    deadline = datetime(2026, 12, 24, 18, 0, tzinfo=UTC)
    # the phase as the judge stores it: both games' states and the events as JSON text
    state_before, state_after = json.dumps(sample.to_json()), json.dumps(hosted.to_json())
    stored_events = json.dumps([e.as_dict() for e in result.events])
    key = sample.key
    given = [Given(f"{mover} 1", mover, text)]  # the account of the orders, as reports have

    def job(recipient: Recipient) -> tuple[str, str, str]:
        """What a report job does for its one recipient, short of the database and the
        maps (pbem.app.reports.mailmake._report)."""
        after = stored_game(ruleset, state_after)  # as mailmake's report job loads it
        before = stored_game(ruleset, state_before)  # as played_with loads it
        events = tuple(Event(e["kind"], tuple((k, v) for k, v in e.items() if k != "kind"))
                       for e in json.loads(stored_events))
        return report_texts(game_id="bench", phase_key=key, after=after, events=events,
                            recipients=[recipient], deadline=deadline,
                            mail_to="judge@bench.example", before=before, given=given)[0]

    first_view, first_shown = seen_by(hosted, result.events, who[0])

    def scene_of() -> Any:
        return scene_for(game_id="bench", phase_key=key, after=hosted, view=first_view,
                         shown=first_shown, who=who[0])

    scene = scene_of()
    report.render_png(scene)  # the grid of this map size is drawn once, then kept
    job(who[0])  # the templates are compiled once per process, as the judge's are
    svg, png, reports = [], [], []
    for _ in range(max(repeat, 1)):
        start = time.perf_counter()
        report.render_svg(scene_of())
        svg.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        report.render_png(scene_of())
        png.append((time.perf_counter() - start) * 1000)
        forget_shared_phases()  # each round is a phase reported from cold
        stored_game.cache_clear()
        start = time.perf_counter()
        for recipient in who:
            job(recipient)
        reports.append((time.perf_counter() - start) * 1000)
    forget_shared_phases()
    stored_game.cache_clear()
    return {"svg_ms": round(statistics.median(svg), 2), "png_ms": round(statistics.median(png), 2),
            "reports_ms": round(statistics.median(reports), 2), "recipients": len(who)}


# --- mail ----------------------------------------------------------------------------


def _letter(game: str, player: str, address: str, password: str, orders: str,
            number: int) -> bytes:
    """An order mail as a player writes one: greeting, sign-on line, orders, signature."""
    body = (f"Hello judge,\r\n\r\nSIGNON {game} {player} {password}\r\n"
            + orders.strip().replace("\n", "\r\n") + f"\r\n\r\n-- \r\n{player}\r\n")
    return (f"From: {player} <{address}>\r\nTo: judge@bench.example\r\n"
            f"Subject: orders {number}\r\nMessage-ID: <bench-{number}@bench.example>\r\n"
            "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
            + body).encode()


def _floor_bytes(connection: sqlite3.Connection, raws: list[bytes]) -> float:
    """Bare sqlite3: each raw message stored in its own transaction, same file settings."""
    connection.execute("CREATE TABLE IF NOT EXISTS raw_mail (id INTEGER PRIMARY KEY, raw BLOB)")
    start = time.perf_counter()
    for raw in raws:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO raw_mail (raw) VALUES (?)", (raw,))
        connection.execute("COMMIT")
    return len(raws) / (time.perf_counter() - start)


def mail_figures(folder: Path, count: int = 200, receive_runs: int = 10,
                 lmtp_count: int = 100) -> dict[str, float]:
    """Order mails taken from a Maildir (parsed, authenticated, checked, stored, reply
    queued) per second, in a judge's steady state (the `count` mails after the first
    `count`; the first, a fresh process's, are `cold_messages_per_s`), against bare
    inserts of the same bytes; the median wall time of one `pbem mail receive` process for
    one order mail; order mails per second over LMTP."""
    import mailbox
    import os
    import shutil
    import smtplib
    import subprocess
    import sys

    from pbem.app import orders
    from pbem.app.mailin import mailgate
    from pbem.app.play import games
    from pbem.golden import load, order_file
    from pbem.mail.lmtp import LmtpListener
    from pbem.mail.maildir import poll_maildir
    from pbem.mail.settings import mail_settings
    from pbem.resources import demo_orders
    from pbem.store.db import make_engine
    from pbem.store.migrate import upgrade

    demo = demo_orders()
    golden = load(demo)
    url = f"sqlite:///{folder / 'bench.sqlite'}"
    engine = make_engine(url)
    upgrade(engine)
    settings = mail_settings({"PBEM_MAIL_FROM": "judge@bench.example"}, folder)
    people = {"blue": ("Aristides", "aristides@example.org", "aristides-oars"),
              "red": ("Hanno", "hanno@example.org", "hanno-oars")}
    games.create_game(engine, games.GameSpec(
        "bench", scenario=golden.game.scenario_name, seed=golden.seed, dice_name="bench",
        options=dict(golden.options),
        players=tuple(games.PlayerSpec(name, address, side, password=password)
                      for side, (name, address, password) in people.items())))
    build = {side: (demo / order_file("build", side)).read_text(encoding="utf-8")
             for side in people}

    def letters(first: int, many: int) -> list[bytes]:
        made = []
        for number in range(first, first + many):
            side = "blue" if number % 2 else "red"
            name, address, password = people[side]
            made.append(_letter("bench", name, address, password, build[side], number))
        return made

    def handle(raw: bytes, source: str) -> object:
        return mailgate.receive(engine, raw, source, settings)

    # one player sends many times: the cap on resubmissions is lifted for the measurement
    cap, orders.MAX_SUBMISSIONS = orders.MAX_SUBMISSIONS, 10 * (2 * count + lmtp_count) + 10
    try:
        # the first `count` mails a fresh process handles (cold: each player's first sign-on
        # pays scrypt, ~40 ms by design, and SQLAlchemy compiles each statement once), then
        # the next `count` (a running judge's steady state: the figure the ratio is of)
        rates = []
        for first in (0, count):
            inbox = mailbox.Maildir(folder / f"inbox-{first}", create=True)
            raws = letters(first, count)
            for raw in raws:
                inbox.add(raw)
            start = time.perf_counter()
            polled = poll_maildir(folder / f"inbox-{first}", handle)
            rates.append(polled.handled / (time.perf_counter() - start))
        cold, messages = rates
        floor = _floor_bytes(_floor_connection(folder / "floor.sqlite"), raws)

        with LmtpListener(handle, port=0) as listener:
            client = smtplib.LMTP("127.0.0.1", listener.port)
            start = time.perf_counter()
            for raw in letters(2 * count, lmtp_count):
                client.sendmail("aristides@example.org", ["judge@bench.example"], raw)
            lmtp = lmtp_count / (time.perf_counter() - start)
            client.quit()
    finally:
        orders.MAX_SUBMISSIONS = cap
    engine.dispose()

    script = shutil.which("pbem", path=str(Path(sys.executable).parent))
    command = [script] if script else [sys.executable, "-m", "pbem.cli.main"]
    env = {**os.environ, "PBEM_DATA": str(folder), "PBEM_MAIL_FROM": "judge@bench.example"}
    env.pop("PBEM_DATABASE_URL", None)
    timings = []
    for raw in letters(2 * count + lmtp_count, receive_runs):
        start = time.perf_counter()
        done = subprocess.run([*command, "mail", "receive", "--db", url], input=raw,
                              capture_output=True, env=env, check=False)
        timings.append((time.perf_counter() - start) * 1000)
        if done.returncode != 0:
            raise RuntimeError(f"pbem mail receive failed: {done.stderr.decode()[-300:]}")
    return {"messages_per_s": round(messages, 1), "floor_per_s": round(floor, 1),
            "ratio": round(messages / floor, 3), "cold_messages_per_s": round(cold, 1),
            "cold_ratio": round(cold / floor, 3), "receive_ms": round(statistics.median(timings), 1),
            "lmtp_per_s": round(lmtp, 1), "messages": polled.handled}


# --- the sweep -----------------------------------------------------------------------


def _due_games(engine: Any, count: int, opened: datetime) -> None:
    """`count` two-player Squadron games through the use-cases, opened at `opened`, each
    with both players' build orders of the demo game in, so the build is truly resolved."""
    from pbem.app import orders
    from pbem.app.play import games
    from pbem.golden import load, order_file
    from pbem.resources import demo_orders
    from pbem.timing import Timing

    demo = demo_orders()
    golden = load(demo)
    build = {side: (demo / order_file("build", side)).read_text(encoding="utf-8")
             for side in ("blue", "red")}
    timing = Timing(late_policy="proceed", reminders=())
    # scrypt costs ~40 ms a password by design; each distinct password is hashed once here
    # (setting up is not part of the figure: a game is created once, swept many times)
    hashing = games.hash_password
    games.hash_password = functools.lru_cache(maxsize=None)(hashing)
    try:
        for number in range(count):
            game_id = f"sweep-{number:05d}"
            games.create_game(engine, games.GameSpec(
                game_id, scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
                options=golden.options, timing=timing,
                players=(games.PlayerSpec("Aristides", f"aristides.{number}@example.org",
                                          "blue", password="aristides-oars"),
                         games.PlayerSpec("Hanno", f"hanno.{number}@example.org", "red",
                                          password="hanno-oars"))), now=opened)
            orders.submit_orders(engine, game_id, "Aristides", build["blue"], now=opened)
            orders.submit_orders(engine, game_id, "Hanno", build["red"], now=opened)
    finally:
        games.hash_password = hashing


def sweep_figures(folder: Path, sizes: Sequence[int] = (100, 1000),
                  workers: int | None = None) -> dict[str, Any]:
    """Seconds for one sweep (`pbem.app.running.sweep.sweep`, sending on) when `size` games are due at
    once, for each size: a fresh SQLite database in WAL; every game's build phase resolved
    with both fleets, every player's report and map drawn (by `workers` processes, the
    machine's cores by default) and delivered into a Maildir. Setting the games up is not
    timed. `ratio` is the largest size's seconds over the smallest's. A sweep sends at most
    the outbox's batch; `queued_after` counts what it left, and `next_sweep_s` times the
    sweep right after (nothing more due), which sends it."""
    import os

    from pbem.app.running.sweep import sweep
    from pbem.mail.settings import mail_settings
    from pbem.store import repo
    from pbem.store.db import make_engine, snapshot
    from pbem.store.migrate import upgrade

    workers = workers or os.cpu_count() or 1
    seconds: dict[str, float] = {}
    setup: dict[str, float] = {}
    processed: dict[str, int] = {}
    delivered: dict[str, int] = {}
    left: dict[str, int] = {}
    failed: dict[str, int] = {}
    after: dict[str, float] = {}
    delivered_after: dict[str, int] = {}
    for size in sizes:
        place = folder / f"sweep-{size}"
        place.mkdir()
        engine = make_engine(f"sqlite:///{place / 'bench.sqlite'}")
        upgrade(engine)
        settings = mail_settings({"PBEM_MAIL_FROM": "judge@bench.example"}, place)
        now = datetime.now(UTC).replace(microsecond=0)
        start = time.perf_counter()
        _due_games(engine, size, now - timedelta(days=8))  # the build lasts 7 days
        setup[str(size)] = round(time.perf_counter() - start, 2)
        start = time.perf_counter()
        report = sweep(engine, settings, now, send=True, workers=workers)
        seconds[str(size)] = round(time.perf_counter() - start, 2)
        processed[str(size)] = len(report.processed)
        failed[str(size)] = len(report.failed)
        delivered[str(size)] = sum(1 for _ in (settings.outbox_dir / "new").iterdir())
        with snapshot(engine) as session:
            left[str(size)] = len(repo.outbox_rows(session, states=("queued",)))
        # the sweep after, at once: nothing more is due, it sends what the first left queued
        start = time.perf_counter()
        sweep(engine, settings, now, send=True, workers=workers)
        after[str(size)] = round(time.perf_counter() - start, 2)
        delivered_after[str(size)] = sum(1 for _ in (settings.outbox_dir / "new").iterdir())
        engine.dispose()
    smallest, largest = str(min(sizes)), str(max(sizes))
    return {"sweep_s": seconds,
            "ratio": round(seconds[largest] / seconds[smallest], 2) if seconds[smallest] else 0.0,
            "games": processed, "reports": delivered, "queued_after": left, "failed": failed,
            "next_sweep_s": after, "reports_after_next": delivered_after, "workers": workers,
            "setup_s": setup}
