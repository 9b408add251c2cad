"""What an operator installs from deploy/, checked where it can be without root or Docker:
the systemd units, the MTA recipes, the settings examples against the code that reads them,
the compose file and Dockerfile, the backup script, and the restore recipe of deploy/README.md."""

from __future__ import annotations

import configparser
import json
import os
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
INSTALLED_PBEM = "/srv/pbem/.venv/bin/pbem"
RECEIVE = "/srv/pbem/deploy/pbem-receive"
POSTGRES = os.environ.get("PBEM_TEST_POSTGRES_URL", "")
PLAYERS = ["--player", "Ann,ann@example.org,blue", "--player", "Bo,bo@example.org,red"]


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    for name in list(os.environ):
        if name.startswith(("PBEM_SMTP_", "PBEM_IMAP_", "PBEM_MAIL_")):
            monkeypatch.delenv(name)


def pbem(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ) if env is None else env)


def ok(done: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


def new_game(name: str = "aegean") -> dict[str, Any]:
    done = ok(pbem("game", "new", name, "--scenario", "squadron", "--hours", "48", *PLAYERS,
                   "--json"))
    created: dict[str, Any] = json.loads(done.stdout)
    return created


def pbem_wrapper(folder: Path) -> Path:
    """An executable standing in for /srv/pbem/.venv/bin/pbem: this checkout's judge."""
    wrapper = folder / "pbem"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pbem.cli.main "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


# --- systemd units ------------------------------------------------------------------------

UNITS = {"pbem-serve.service": ["serve"], "pbem-lmtp.service": ["mail", "lmtp"]}


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None,
                                       comment_prefixes=("#", ";"), empty_lines_in_values=False)
    parser.optionxform = str  # type: ignore[assignment, method-assign]  # systemd keys are case-sensitive
    parser.read_string((DEPLOY / name).read_text(), source=name)
    return parser


def exec_start(name: str) -> list[str]:
    return shlex.split(unit(name)["Service"]["ExecStart"])


def env_example() -> dict[str, str]:
    """The settings the example sets (not those commented out), as sh and systemd read them."""
    values = {}
    for line in (DEPLOY / "pbem.env.example").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, value = line.partition("=")
            values[name] = value[1:-1] if value.startswith('"') else value
    return values


@pytest.mark.parametrize("name", sorted(UNITS))
def test_unit_runs_the_judge_as_its_user_hardened(name: str) -> None:
    parsed = unit(name)
    assert {"Unit", "Service", "Install"} <= set(parsed.sections())
    service = parsed["Service"]
    assert service["User"] == "judge"
    assert service["EnvironmentFile"] == "/etc/pbem.env"
    assert service["Restart"] == "always"
    for option in ("NoNewPrivileges", "PrivateTmp", "ProtectHome", "PrivateDevices"):
        assert service[option] == "yes", option
    assert service["ProtectSystem"] == "strict"
    # the one writable place is the data folder the environment file names
    assert service["ReadWritePaths"] == env_example()["PBEM_DATA"] == "/var/lib/pbem"
    assert service["StateDirectory"] == "pbem" and service["StateDirectoryMode"] == "0700"
    assert parsed["Install"]["WantedBy"] == "multi-user.target"
    argv = exec_start(name)
    assert argv[0] == INSTALLED_PBEM
    assert argv[1:1 + len(UNITS[name])] == UNITS[name]


def assert_flags_accepted(argv: list[str], command: list[str], where: str) -> None:
    """Every --option in `argv` is one `pbem COMMAND --help` lists (skipped while the command
    does not exist yet)."""
    done = pbem(*command, "--help")
    if command == ["serve"] and done.returncode != 0:
        pytest.skip("`pbem serve --help` fails: the serve command is not in this judge yet, so "
                    f"the options of {where} cannot be checked against it")
    ok(done)
    flags = [word.split("=")[0] for word in argv if word.startswith("--")]
    assert flags, where
    for flag in flags:
        assert re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", done.stdout), \
            f"{where} passes {flag}, which `pbem {' '.join(command)} --help` does not list"


@pytest.mark.parametrize("name", sorted(UNITS))
def test_unit_options_are_ones_the_command_takes(name: str) -> None:
    argv = exec_start(name)
    assert_flags_accepted(argv, UNITS[name], name)


def test_lmtp_unit_listens_on_the_loopback_where_postfix_delivers() -> None:
    argv = exec_start("pbem-lmtp.service")
    host, port = argv[argv.index("--host") + 1], argv[argv.index("--port") + 1]
    assert host == "127.0.0.1"
    assert f"lmtp:inet:{host}:{port}" in (DEPLOY / "postfix.example").read_text()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
@pytest.mark.parametrize("name", sorted(UNITS))
def test_systemd_analyze_verify_finds_nothing(name: str, tmp_path: Path) -> None:
    # verify insists that ExecStart's program exists: a stand-in takes /srv/pbem's place
    judge = pbem_wrapper(tmp_path)
    copy = tmp_path / name
    copy.write_text((DEPLOY / name).read_text().replace(INSTALLED_PBEM, str(judge)))
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)],
                          capture_output=True, text=True, timeout=60)
    complaints = [line for line in (done.stdout + done.stderr).splitlines() if name in line]
    assert done.returncode == 0 and not complaints, done.stdout + done.stderr


# --- mail in: procmail and Postfix -------------------------------------------------------

@pytest.mark.skipif(shutil.which("procmail") is None, reason="procmail is not installed")
@pytest.mark.parametrize(("judge_status", "procmail_status", "kept"),
                         [(0, 0, False), (75, 75, False), (70, 0, True)])
def test_procmail_recipe_passes_75_to_the_mta_and_keeps_other_failures(
        tmp_path: Path, judge_status: int, procmail_status: int, kept: bool) -> None:
    home = tmp_path / "home"
    (home / "Maildir").mkdir(parents=True)  # the recipe's install step
    judge = tmp_path / "pbem-receive"
    judge.write_text(f"#!/bin/sh\ncat > {tmp_path}/received.eml\nexit {judge_status}\n")
    judge.chmod(0o755)
    rcfile = tmp_path / "procmailrc"
    rcfile.write_text((DEPLOY / "procmailrc.example").read_text().replace(RECEIVE, str(judge)))
    message = b"From: ann@example.org\nTo: judge@club.example\nSubject: orders\n\nSIGNON x\n"
    done = subprocess.run(["procmail", "-m", f"HOME={home}", str(rcfile)], input=message,
                          capture_output=True, timeout=60, cwd=tmp_path)
    assert done.returncode == procmail_status, (home / "procmail.log").read_text()
    assert b"Subject: orders\n\nSIGNON x\n" in (tmp_path / "received.eml").read_bytes()
    failed = list((home / "Maildir" / ".pbem-failed" / "new").glob("*"))
    assert [b"SIGNON x\n" in path.read_bytes() for path in failed] == ([True] if kept else [])
    assert not (home / ".pbem-receive.lock").exists()


def test_mail_recipes_call_the_receive_script_that_exists() -> None:
    receive = DEPLOY / "pbem-receive"
    assert receive.is_file() and os.access(receive, os.X_OK)
    assert "pbem mail receive" in receive.read_text()
    procmail = (DEPLOY / "procmailrc.example").read_text()
    assert re.search(rf"^:0 w: \S+\.lock\n\| {re.escape(RECEIVE)}$", procmail, re.M)
    assert "EXITCODE=75" in procmail
    postfix = (DEPLOY / "postfix.example").read_text()
    assert f'judge: "|{RECEIVE}"' in postfix
    assert "transport_maps = hash:/etc/postfix/transport" in postfix
    assert "procmail -t" in postfix


# --- settings: the environment file and the TOML file --------------------------------------

def code_variables() -> set[str]:
    """Every PBEM_ name in the judge's code (a prefix such as PBEM_IMAP_ left out)."""
    names: set[str] = set()
    for path in (ROOT / "pbem").rglob("*.py"):
        names |= set(re.findall(r"\bPBEM_[A-Z0-9_]+", path.read_text(encoding="utf-8")))
    return {name for name in names if not name.endswith("_")}


def test_every_variable_the_judge_reads_is_documented_in_the_env_example() -> None:
    text = (DEPLOY / "pbem.env.example").read_text()
    listed = set(re.findall(r"^#? ?(PBEM_[A-Z0-9_]+)=", text, re.M))
    described = set(re.findall(r"^# (PBEM_[A-Z0-9_]+):", text, re.M))
    in_code = code_variables()
    assert {"PBEM_DATA", "PBEM_DATABASE_URL", "PBEM_MAIL_SETTINGS", "PBEM_IMAP_HOST"} <= in_code
    assert sorted(in_code - listed) == [], "read by the judge, missing from pbem.env.example"
    assert sorted(in_code - described) == [], "listed without a '# NAME: what it is' line"
    assert sorted(listed - in_code) == [], "in pbem.env.example, read nowhere in the judge"


def test_env_example_reads_the_same_in_sh_systemd_and_compose(tmp_path: Path) -> None:
    path = DEPLOY / "pbem.env.example"
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            # no export, no inline comment, no expansion: the three readers agree on these
            assert re.fullmatch(r'[A-Z][A-Z0-9_]*=("[^"$`\\]*"|[^\s"\'#$`\\]*)', line), line
    values = env_example()
    script = 'set -a; . "$1"; set +a; for name in "${@:2}"; do printf "%s\\0" "${!name}"; done'
    done = subprocess.run(["bash", "-c", script, "bash", str(path), *values], text=True,
                          capture_output=True, timeout=30, env={"PATH": os.environ["PATH"]})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\0")[:-1] == list(values.values())
    from pbem.mail.settings import mail_settings

    settings = mail_settings(values, tmp_path)  # what it sets is valid
    assert settings.judge_address == values["PBEM_MAIL_FROM"] and settings.smtp_host is None


def toml_keys_commented_out(text: str) -> set[str]:
    return set(re.findall(r"^# ([a-z_]+) = ", text, re.M))


def test_toml_example_documents_exactly_the_keys_the_judge_reads() -> None:
    from pbem.mail.settings import VARIABLES

    text = (DEPLOY / "pbem.toml.example").read_text()
    active = set(tomllib.loads(text))
    assert active <= set(VARIABLES)
    assert active | toml_keys_commented_out(text) == set(VARIABLES)
    for key, variable in VARIABLES.items():
        assert f"# {variable}:" in text, f"{key} is not described under its variable"


def test_toml_example_loads_as_the_mail_settings_file(tmp_path: Path) -> None:
    from pbem.mail.settings import mail_settings

    secret = tmp_path / "smtp-password"
    secret.write_text("s3cret horse\n")
    text = (DEPLOY / "pbem.toml.example").read_text()
    content = tomllib.loads(text)
    copy = tmp_path / "mail.toml"
    copy.write_text(text.replace(content["password_file"], str(secret)))
    settings = mail_settings({"PBEM_MAIL_SETTINGS": str(copy)}, tmp_path)
    assert (settings.judge_address, settings.judge_name) == (content["from"], content["name"])
    assert (settings.smtp_host, settings.smtp_port, settings.security) == (
        content["smtp_host"], content["smtp_port"], content["security"])
    assert (settings.username, settings.password) == (content["username"], "s3cret horse")
    assert settings.timeout == content["timeout"]
    # the environment wins over the file
    assert mail_settings({"PBEM_MAIL_SETTINGS": str(copy), "PBEM_SMTP_PORT": "2525"},
                         tmp_path).smtp_port == 2525


# --- containers: compose.yaml and the Dockerfile ------------------------------------------

def _scalar(text: str) -> Any:
    if text.startswith("["):
        return json.loads(text)  # the file's flow lists are JSON: double-quoted strings
    if text[:1] in "\"'" and text[-1:] == text[:1]:
        return text[1:-1]
    return text


def compose_file() -> dict[str, Any]:
    """deploy/compose.yaml read by indentation: enough YAML for this file (mappings, block
    lists, flow lists), so that the test needs no YAML library."""
    root: dict[str, Any] = {}
    stack: list[tuple[int, Any]] = [(-1, root)]
    pending: tuple[dict[str, Any], str, int] | None = None  # a key whose value is a block
    for raw in (DEPLOY / "compose.yaml").read_text().splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip())
        line = raw.strip()
        if pending is not None:
            parent, key, parent_indent = pending
            if indent > parent_indent:
                parent[key] = [] if line.startswith("- ") else {}
                stack.append((parent_indent, parent[key]))
            else:
                parent[key] = None  # a key with no value (a volume with the defaults)
            pending = None
        while indent <= stack[-1][0]:
            stack.pop()
        container = stack[-1][1]
        if line.startswith("- "):
            assert isinstance(container, list), raw
            container.append(_scalar(line[2:].strip()))
            continue
        assert isinstance(container, dict), raw
        key, _, value = line.partition(":")
        if value.strip():
            container[key] = _scalar(value.strip())
        else:
            pending = (container, key, indent)
    if pending is not None:
        pending[0][pending[1]] = None
    return root


def serve_workers(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: service for name, service in compose["services"].items()
            if service.get("command", [None])[0] == "serve"}


def test_compose_has_postgres_with_a_volume_and_a_health_check() -> None:
    compose = compose_file()
    postgres = compose["services"]["postgres"]
    assert postgres["image"] == "postgres:16"
    volume, _, mount = postgres["volumes"][0].partition(":")
    assert mount == "/var/lib/postgresql/data" and volume in compose["volumes"]
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    assert {"POSTGRES_DB", "POSTGRES_USER", "POSTGRES_PASSWORD"} <= set(postgres["environment"])


def test_compose_runs_the_migration_once_then_exactly_two_serve_workers() -> None:
    compose = compose_file()
    services = compose["services"]
    database = services["postgres"]["environment"]
    url = (f"postgresql+psycopg://{database['POSTGRES_USER']}:${{POSTGRES_PASSWORD}}"
           f"@postgres:5432/{database['POSTGRES_DB']}")
    init = services["init"]
    assert init["command"] == ["db", "upgrade"] and init["restart"] == "no"
    assert init["depends_on"]["postgres"]["condition"] == "service_healthy"
    workers = serve_workers(compose)
    assert len(workers) == 2, sorted(workers)
    judges = {name: service for name, service in services.items() if name != "postgres"}
    for name, service in judges.items():
        assert service["environment"]["PBEM_DATABASE_URL"] == url, name
        assert service["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}, name
        assert (DEPLOY / service["build"]["context"] / service["build"]["dockerfile"]).is_file()
        assert service["env_file"] == "pbem.env", name
        volume, _, mount = service["volumes"][0].partition(":")
        assert volume in compose["volumes"] and mount == env_example()["PBEM_DATA"], name
    for name, worker in workers.items():
        assert worker["depends_on"]["init"]["condition"] == "service_completed_successfully"
        assert worker["restart"] == "unless-stopped", name
    assert services["lmtp"]["ports"] == ["127.0.0.1:8024:8024"]


def test_compose_commands_take_options_the_judge_has() -> None:
    services = compose_file()["services"]
    assert_flags_accepted(services["lmtp"]["command"], ["mail", "lmtp"], "compose.yaml lmtp")
    for name, worker in serve_workers(compose_file()).items():
        assert_flags_accepted(worker["command"], ["serve"], f"compose.yaml {name}")


def test_compose_reads_the_same_as_yaml() -> None:
    yaml = pytest.importorskip("yaml", reason="PyYAML is not installed: the file is checked by "
                               "the indentation reader above only")
    loaded = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    mine = compose_file()
    assert set(loaded["services"]) == set(mine["services"])
    for name, service in loaded["services"].items():
        assert service.get("command") == mine["services"][name].get("command"), name
        assert service.get("environment") == mine["services"][name].get("environment"), name


def test_dockerfile_installs_the_package_and_runs_unprivileged() -> None:
    lines = [line.strip() for line in (DEPLOY / "Dockerfile").read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    assert lines[0] == "FROM python:3.11-slim"
    copied = set()
    for line in lines:
        if line.startswith("COPY "):
            *sources, _target = line.split()[1:]
            for source in sources:
                assert (ROOT / source).exists(), f"the Dockerfile copies {source}, which is missing"
                copied.add(source.rstrip("/"))
    # what pyproject.toml builds from: the readme, the package, the folders mapped into it
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    needed = {"pyproject.toml", project["project"]["readme"], "pbem"}
    needed |= {folder.split("/")[0]
               for folder in project["tool"]["setuptools"]["package-dir"].values()}
    assert needed <= copied, f"not copied into the image: {sorted(needed - copied)}"
    install = next(i for i, line in enumerate(lines) if line.startswith("RUN pip install ."))
    users = [i for i, line in enumerate(lines) if line.startswith("USER ")]
    assert users and users[-1] > install
    assert lines[users[-1]].split()[1] not in ("root", "0")
    assert 'ENTRYPOINT ["pbem"]' in lines


# --- backups and the restore recipe --------------------------------------------------------

def backup_sh(*args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ) | ({} if path is None else {"PATH": path})
    return subprocess.run(["bash", str(DEPLOY / "backup.sh"), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)


def test_backup_script_finds_pbem_on_the_path_or_says_what_to_pass(tmp_path: Path) -> None:
    # No /srv/pbem here: without --pbem the script takes the pbem on PATH, and with none a
    # sentence and status 69, not the shell's raw 127.
    assert not Path("/srv/pbem/.venv/bin/pbem").exists()
    backups = tmp_path / "backups"
    backups.mkdir()
    bare = "/usr/bin:/bin"
    lost = backup_sh(str(backups), path=bare)
    assert lost.returncode == 69 and "pass --pbem PROGRAM" in lost.stderr, lost.stderr
    wrong = backup_sh("--pbem", str(tmp_path / "none"), str(backups), path=bare)
    assert wrong.returncode == 69 and str(tmp_path / "none") in wrong.stderr
    tools = tmp_path / "bin"
    tools.mkdir()
    pbem_wrapper(tools)
    ok(pbem("db", "init"))
    found = backup_sh(str(backups), path=f"{tools}:{bare}")
    assert found.returncode == 0, found.stderr
    assert [p.suffix for p in backups.iterdir()] == [".sqlite"]


def test_backup_script_parses() -> None:
    ok(subprocess.run(["bash", "-n", str(DEPLOY / "backup.sh")], capture_output=True, text=True))
    assert os.access(DEPLOY / "backup.sh", os.X_OK)


@pytest.mark.slow  # backs up and restores a played game through the scripts
def test_backup_script_makes_a_checked_sqlite_copy_and_keeps_the_newest(tmp_path: Path) -> None:
    ok(pbem("db", "init"))
    new_game()
    backups = tmp_path / "backups"
    backups.mkdir()
    for day in ("01", "02", "03"):
        (backups / f"pbem-2000-01-{day}.sqlite").write_text("an old backup")
    (backups / "notes.txt").write_text("not a backup: never deleted")
    done = ok(backup_sh("--days", "2", "--pbem", str(pbem_wrapper(tmp_path)), str(backups)))
    names = sorted(path.name for path in backups.iterdir())
    new = [name for name in names if re.fullmatch(r"pbem-\d{4}-\d\d-\d\d\.sqlite", name)
           and not name.startswith("pbem-2000-")]
    assert names == sorted(["pbem-2000-01-03.sqlite", "notes.txt", *new]) and len(new) == 1
    copy = backups / new[0]
    assert str(copy) in done.stdout
    assert copy.stat().st_mode & 0o777 == 0o600
    with sqlite3.connect(f"file:{copy}?mode=ro", uri=True) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    listed = json.loads(ok(pbem("game", "list", "--json", "--db", f"sqlite:///{copy}")).stdout)
    assert [game["game"] for game in listed] == ["aegean"]


def test_backup_script_keeps_the_old_backups_when_it_fails(tmp_path: Path) -> None:
    backups = tmp_path / "backups"
    backups.mkdir()
    old = [backups / f"pbem-2000-01-0{day}.sqlite" for day in (1, 2)]
    for path in old:
        path.write_text("an old backup")
    # no database at PBEM_DATA: no new backup, and the old ones stay
    done = backup_sh("--days", "1", "--pbem", str(pbem_wrapper(tmp_path)), str(backups))
    assert done.returncode == 69, done.stderr
    assert sorted(backups.iterdir()) == old
    missing = backup_sh(str(tmp_path / "nowhere"))
    assert missing.returncode == 73 and "nowhere" in missing.stderr


@pytest.mark.slow  # backs up and restores a played game through the scripts
def test_restore_recipe_brings_the_game_back(tmp_path: Path) -> None:
    """deploy/README.md, *Restoring*: the database lost, the backup copied into its place."""
    ok(pbem("db", "init"))
    created = new_game()
    backup = tmp_path / "backups" / "pbem-2000-01-01.sqlite"
    backup.parent.mkdir()
    ok(pbem("db", "backup", str(backup)))
    database = Path(os.environ["PBEM_DATA"]) / "pbem.sqlite"
    for path in (database, *database.parent.glob("pbem.sqlite-*")):
        path.unlink()  # the disaster: the database and its -wal and -shm gone
    assert pbem("game", "show", "aegean").returncode == 69
    shutil.copyfile(backup, database)  # install -m 600 BACKUP $PBEM_DATA/pbem.sqlite
    database.chmod(0o600)
    ok(pbem("db", "upgrade"))
    verified = ok(pbem("game", "verify", "aegean"))
    assert "aegean" in verified.stdout
    shown = json.loads(ok(pbem("game", "show", "aegean", "--json")).stdout)
    assert shown["game"] == "aegean" and shown["phase"] == created["phase"]
    assert shown["status"] == "active"


@pytest.mark.skipif(not POSTGRES or shutil.which("pg_dump") is None,
                    reason="no PostgreSQL: set PBEM_TEST_POSTGRES_URL (as .ci/run does) and "
                           "install pg_dump to test the PostgreSQL backup and restore")
def test_backup_script_dumps_postgresql_and_the_dump_restores(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy import text

    from pbem.store.db import make_engine

    def wipe() -> None:
        engine = make_engine(POSTGRES)
        with engine.begin() as connection:
            connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))
        engine.dispose()

    wipe()
    monkeypatch.setenv("PBEM_DATABASE_URL", POSTGRES)
    ok(pbem("db", "init"))
    created = new_game()
    backups = tmp_path / "backups"
    backups.mkdir()
    ok(backup_sh(str(backups)))
    [dump] = list(backups.glob("pbem-*.dump"))
    assert dump.stat().st_mode & 0o777 == 0o600
    wipe()  # the disaster
    assert pbem("game", "show", "aegean").returncode != 0
    libpq_url = "postgresql://" + POSTGRES.split("://", 1)[1]
    ok(subprocess.run(["pg_restore", "--clean", "--if-exists", "--no-owner", "-d", libpq_url,
                       str(dump)], capture_output=True, text=True, timeout=120))
    ok(pbem("db", "upgrade"))
    ok(pbem("game", "verify", "aegean"))
    shown = json.loads(ok(pbem("game", "show", "aegean", "--json")).stdout)
    assert shown["game"] == "aegean" and shown["phase"] == created["phase"]
