"""The command line as a user runs it: real subprocesses, real exit codes."""

from __future__ import annotations

import email
import email.policy
import json
import mailbox
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"


# every test here runs the judge's command line in processes of its own, end to end
# (make test and CI run it, make test-fast does not)
pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)


def pbem(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=dict(os.environ))


def test_rules_case_passes_and_prints_json() -> None:
    done = pbem("rules", "case", str(CASES / "7.4_double_speed_damage_example.toml"), "--json")
    assert done.returncode == 0, done.stderr
    output = json.loads(done.stdout)
    assert output["galleys"]["X"]["hull_damage"] == 10
    assert output["events"][-1]["kind"] == "ram" and output["errors"] == []


def test_rules_case_fails_with_nonzero_exit(tmp_path: Path) -> None:
    text = (CASES / "7.4_double_speed_damage_example.toml").read_text()
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace('"X.hull_damage" = 10', '"X.hull_damage" = 11'))
    done = pbem("rules", "case", str(broken))
    assert done.returncode == 1
    assert "expect X.hull_damage = 11, got 10" in done.stdout
    assert "0 passed, 1 failed" in done.stdout


def test_bench_rules_prints_figures() -> None:
    done = pbem("bench", "rules", "--json", "--repeat", "3")
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    figures = printed["movement_phase_ms"]
    assert set(figures) == {"10", "40", "160"}
    assert all(value > 0 for value in figures.values())
    assert printed["turn_ms_40"] > 0 and printed["replay_30_turns_s"] > 0
    assert printed["replay_30_turns_phases"] >= 90


def test_bench_store_and_render_print_figures() -> None:
    store = pbem("bench", "store", "--json", "--count", "16", "--phases", "2")
    assert store.returncode == 0, store.stderr
    figures = json.loads(store.stdout)
    assert figures["submissions_per_s"] > 0 and figures["floor_per_s"] > 0
    assert figures["ratio"] > 0 and figures["phases_per_s"] > 0
    render = pbem("bench", "render", "--json", "--repeat", "2")
    assert render.returncode == 0, render.stderr
    assert {"svg_ms", "png_ms", "reports_ms"} <= set(json.loads(render.stdout))


@pytest.mark.slow
def test_the_greeks_romans_demo_plays_to_a_roman_victory() -> None:
    """The hand-written open-table demo through the host: mail in, phases processed (the
    initiative phases nobody orders for too), reports and archive written."""
    done = pbem("demo", "--ruleset", "greeks-romans")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Game demo-gr: Greeks vs Romans" in out and "Winner: romans." in out
    assert "G1 captured R3: it now serves greeks, with a new captain." in out
    assert "R1 captured G3: it now serves romans, with a new captain." in out
    assert "The romans side has won: greeks is broken: 2 of its 4 ships lost." in out
    shown = json.loads(pbem("game", "show", "demo-gr", "--json").stdout)
    assert (shown["ruleset"], shown["winner"], shown["status"]) == ("greeks-romans", "romans",
                                                                    "over")
    assert pbem("game", "verify", "demo-gr").returncode == 0
    assert pbem("dice", "verify", "demo-gr").returncode == 0
    folder = Path(os.environ["PBEM_DATA"]) / "demo-reports" / "demo-gr"
    assert (folder / "archive" / "index.html").is_file()
    assert any(folder.glob("T5-h2-romans-*.png"))


@pytest.mark.slow
def test_demo_plays_the_example_orders() -> None:
    done = pbem("demo")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # the build file went in as a mail: its line 4 is line 7 of the message
    assert "REFUSED line 7 (C): this galley costs 15 Build Points and only 14 of 120 are left" in out
    assert "B tried to ram X (bow attack; rolled 1, needed 1-5): a hit for 5 hull damage." in out
    assert "D tried to shear Y (rolled 3, needed 1-4): 1 rowing damage." in out
    assert "Y shot its archer at B" in out and "X grappled B (rolled 3, needed 1-4)." in out
    assert "A captured X, putting 2 aboard: it now serves blue." in out
    assert "Winner: blue." in out
    again = pbem("game", "show", "demo", "--json")
    assert again.returncode == 0, again.stderr
    shown = json.loads(again.stdout)
    assert shown["winner"] == "blue" and shown["status"] == "over" and shown["seed"]
    assert pbem("game", "verify", "demo").returncode == 0
    assert pbem("dice", "verify", "demo").returncode == 0
    second = pbem("demo")
    assert second.returncode == 0 and "Game demo-2:" in second.stdout
    folder = Path(os.environ["PBEM_DATA"]) / "demo-reports" / "demo"
    assert f"Every player's report and map of every phase is in {folder}/" in out
    assert (folder / "index.html").is_file() and (folder / "archive" / "index.html").is_file()
    assert (folder / "T13-combat-p1-aristides.png").read_bytes().startswith(b"\x89PNG")
    assert "Winner: blue." not in (folder / "T1-combat-p2-hanno.txt").read_text()
    # the judge's mail went to the local Maildir: replies and reports a person can read
    sent = [email.message_from_bytes(m.as_bytes(), policy=email.policy.default)
            for m in mailbox.Maildir(Path(os.environ["PBEM_DATA"]) / "outbox")]
    subjects = [str(m["Subject"]) for m in sent]
    # answers keep the player's subject ("Re: …"); reports name the phase as a person reads it
    assert any(s.startswith("Re: demo: orders for ") for s in subjects), subjects
    assert any(s.startswith("demo — turn 13, combat: ") and s.endswith("report") for s in subjects)
    assert all(m["Auto-Submitted"] in ("auto-replied", "auto-generated") for m in sent)
    assert "The blue side has won." in (folder / "T13-combat-observer.txt").read_text()


@pytest.mark.slow
def test_the_demo_names_where_its_game_really_is(tmp_path: Path) -> None:
    # Issue 25 item 2: on PostgreSQL the demo named data/pbem.sqlite, a file that is not there.
    from sqlalchemy.engine import make_url

    from pbem.cli.demo import stored_where

    assert stored_where(make_url(f"sqlite:///{tmp_path}/x.sqlite")) == f"{tmp_path}/x.sqlite"
    remote = stored_where(make_url("postgresql+psycopg://judge:secret@db.example:5432/pbem"))
    assert remote == "postgresql+psycopg://judge:***@db.example:5432/pbem"
    played = pbem("demo", "--db", f"sqlite:///{tmp_path / 'elsewhere.sqlite'}")
    assert played.returncode == 0, played.stderr
    assert f"The game is stored in {tmp_path / 'elsewhere.sqlite'}:" in played.stdout


def test_unknown_command_is_an_error() -> None:
    done = pbem("fleet", "sink")
    assert done.returncode == 2
    assert "invalid choice" in done.stderr


def test_version_and_a_description_on_every_commands_help() -> None:
    import argparse
    from importlib.metadata import version

    from pbem.cli.main import build_parser

    done = pbem("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"pbem {version('pbem-galleys')}"

    def walk(parser: argparse.ArgumentParser, path: str) -> list[str]:
        found = []
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    if not child.description:
                        found.append(f"{path} {name}")
                    found += walk(child, f"{path} {name}")
        return found

    assert walk(build_parser(), "pbem") == []  # every noun and verb says what it does
    serve = pbem("serve", "--help")
    assert "Run the judge: deadlines, reminders, mail." in serve.stdout


def test_hosting_a_game_from_the_command_line(tmp_path: Path) -> None:
    assert pbem("db", "upgrade").returncode == 0
    made = pbem("game", "new", "aegean", "--player", "Ann,ann@example.org,blue",
                "--player", "Bo,bo@example.org,red", "--json")
    assert made.returncode == 0, made.stderr
    assert set(json.loads(made.stdout)["passwords"]) == {"Ann", "Bo"}
    orders = tmp_path / "ann.txt"
    orders.write_text("A: trireme catapult\nB: galleon\n")
    checked = pbem("orders", "check", "aegean", str(orders), "--player", "Ann")
    assert checked.returncode == 0
    assert "A: trireme catapult  =>  a trireme" in checked.stdout
    assert "line 2 (B): 'galleon'" in checked.stdout
    assert pbem("orders", "submit", "aegean", str(orders), "--player", "Ann").returncode == 0
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00")
    refused = pbem("orders", "submit", "aegean", str(binary), "--player", "Bo")
    assert refused.returncode == 1 and "not text" in refused.stderr and "Traceback" not in (
        refused.stderr)
    assert "nothing is due" in pbem("phase", "due").stdout
    processed = pbem("phase", "process", "aegean")
    assert processed.returncode == 0 and "processed build" in processed.stdout
    again = pbem("phase", "process", "aegean", "--phase", "build")
    assert again.returncode == 1 and "already been processed" in again.stderr
    copy = tmp_path / "copy.sqlite"
    assert pbem("db", "backup", str(copy)).returncode == 0
    listed = pbem("game", "list", "--json", "--db", f"sqlite:///{copy}")
    assert [g["game"] for g in json.loads(listed.stdout)] == ["aegean"]
    assert pbem("game", "verify", "aegean").returncode == 0


def test_commands_refuse_a_database_without_tables(tmp_path: Path) -> None:
    (tmp_path / "empty.sqlite").touch()  # a database file with no tables (a missing one: 69)
    done = pbem("game", "list", "--db", f"sqlite:///{tmp_path / 'empty.sqlite'}")
    assert done.returncode == 1
    assert "has no tables yet; run `pbem db upgrade` to create them" in done.stderr


def test_an_older_or_newer_schema_is_named_with_what_to_do(tmp_path: Path) -> None:
    # Issue 25 item 4: a database with tables, at an older revision, needs `pbem db upgrade`;
    # one from a newer judge is not this one's to touch.
    import sqlite3

    from pbem.store.migrate import schema_head

    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    assert pbem("db", "init", "--db", url).returncode == 0
    head = schema_head()
    for revision, words in (("0012", f"schema is 0012, older than this judge's {head}: back it up, "
                                     "then run `pbem db upgrade`"),
                            ("9999", f"written by a newer judge (schema 9999; this judge knows up to "
                                     f"{head})")):
        with sqlite3.connect(tmp_path / "old.sqlite") as connection:
            connection.execute("UPDATE alembic_version SET version_num = ?", (revision,))
        done = pbem("game", "list", "--db", url)
        assert done.returncode == 1 and words in done.stderr, done.stderr
        assert "no tables" not in done.stderr


def test_rulesets_are_listed_and_chosen_with_their_options() -> None:
    listed = pbem("rules", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    ramspeed = next(r for r in json.loads(listed.stdout) if r["name"] == "ramspeed")
    assert {o["name"] for o in ramspeed["options"]} >= {"secret_records", "columns"}
    assert "--option secret_records" in pbem("rules", "list").stdout
    assert pbem("db", "init").returncode == 0
    made = pbem("game", "new", "g1", "--ruleset", "ramspeed", "--option", "secret_records",
                "--option", "columns=20", "--player", "Ann,ann@example.org,blue",
                "--player", "Bo,bo@example.org,red")
    assert made.returncode == 0, made.stderr
    shown = json.loads(pbem("game", "show", "g1", "--json").stdout)
    assert shown["ruleset"] == "ramspeed" and shown["ruleset_version"] == "1"
    for args, words in ((("--ruleset", "chess"), "there is no ruleset 'chess'"),
                        (("--option", "fog=on"), "Ram Speed has no option 'fog'"),
                        (("--option", "columns=wide"), "columns is a whole number")):
        refused = pbem("game", "new", "g2", *args, "--player", "Ann,ann@example.org,blue",
                       "--player", "Bo,bo@example.org,red")
        assert refused.returncode == 1 and words in refused.stderr, refused.stderr


def test_game_show_and_phase_due_say_who_is_still_awaited() -> None:
    assert pbem("db", "init").returncode == 0
    made = pbem("game", "new", "g", "--scenario", "squadron", "--json",
                "--player", "Ann,ann@example.org,blue", "--player", "Bo,bo@example.org,red")
    assert made.returncode == 0, made.stderr
    assert set(json.loads(made.stdout)["passwords"]) == {"Ann", "Bo"}
    shown = pbem("game", "show", "g")
    assert "owes orders: blue, red; still waiting for blue, red" in shown.stdout
    for who, side in (("Ann", "blue"), ("Bo", "red")):
        sent = pbem("orders", "submit", "g", str(ROOT / "orders" / "demo" / f"build-{side}.txt"),
                    "--player", who)
        assert sent.returncode == 0, sent.stderr
    assert "owes orders: blue, red; all of them are in" in pbem("game", "show", "g").stdout
    due = pbem("phase", "due", "--ready")
    assert due.stdout.strip() == "g: build has all its orders in (its deadline has not passed)"
    assert pbem("phase", "due").stdout.strip() == "nothing is due"
