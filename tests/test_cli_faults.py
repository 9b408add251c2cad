"""Players' words reach the operator's terminal through the real `pbem` command with
control characters and bidirectional marks escaped; JSON keeps them, escaped as JSON."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def pbem(*args: str, stdin: object = None, env: dict[str, str] | None = None,
         timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, stdin=stdin,
                          env={**os.environ, **(env or {})})


def url(path: Path) -> str:
    return f"sqlite:///{path}"


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    monkeypatch.delenv("PBEM_DEBUG", raising=False)


# --- terminal escapes -----------------------------------------------------------------------


EVIL = "Eve\x1b]0;owned\x07\x1b[2J\u202egnp.exe\x9b"


@pytest.fixture
def evil_game(tmp_path: Path) -> Path:
    path = tmp_path / "evil.sqlite"
    assert pbem("db", "upgrade", "--db", url(path)).returncode == 0
    return path


def clean(text: str) -> None:
    for raw in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert raw not in text, repr(text)


def test_control_and_bidi_characters_reach_the_terminal_escaped(evil_game: Path,
                                                                tmp_path: Path) -> None:
    made = pbem("game", "new", "aegean", "--player", "Eve,eve@example.org,blue",
                "--player", "Bo,bo@example.org,red", "--db", url(evil_game))
    assert made.returncode == 0, made.stderr
    with sqlite3.connect(evil_game) as connection:  # a name stored before names were checked
        connection.execute("UPDATE players SET name = ? WHERE name = 'Eve'", (EVIL,))
    connection.close()
    shown = pbem("game", "show", "aegean", "--db", url(evil_game))
    assert shown.returncode == 0, shown.stderr
    clean(shown.stdout)
    assert "Eve\\x1b]0;owned\\x07\\x1b[2J\\u202egnp.exe\\x9b" in shown.stdout
    as_json = pbem("game", "show", "aegean", "--json", "--db", url(evil_game))
    assert EVIL in [p["name"] for p in json.loads(as_json.stdout)["players"]]
    orders = tmp_path / "evil.txt"
    orders.write_text("A: trireme\x1b[31m catapult\u2066\nB: bireme\n")
    checked = pbem("orders", "check", "aegean", str(orders), "--player", "Bo",
                   "--db", url(evil_game))
    clean(checked.stdout + checked.stderr)
    assert "\\x1b[31m" in checked.stdout + checked.stderr
    as_json = pbem("orders", "check", "aegean", str(orders), "--player", "Bo", "--json",
                   "--db", url(evil_game))
    assert "\\u001b[31m" in as_json.stdout  # JSON escapes it, and keeps it as it was sent
    assert "\x1b[31m" in json.loads(as_json.stdout)["lines"][0]["text"]
    refused = pbem("game", "show", "no\x1b[2Jgame\u202e", "--db", url(evil_game))
    assert refused.returncode == 1
    clean(refused.stderr)
    assert "no\\x1b[2Jgame\\u202e" in refused.stderr
    named = pbem("game", "new", "other", "--player", f"{EVIL},eve@example.org,blue",
                 "--player", "Bo,bo@example.org,red", "--db", url(evil_game))
    assert named.returncode == 1
    clean(named.stderr)


def test_safe_escapes_controls_and_bidi_marks_but_keeps_lines_and_tabs() -> None:
    from pbem.cli.common import safe

    assert safe("a\tb\nc") == "a\tb\nc"
    assert safe("\x00\x1b\r\x7f\x85\x9f") == "\\x00\\x1b\\x0d\\x7f\\x85\\x9f"
    marks = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
    assert safe(marks) == "".join(f"\\u{ord(c):04x}" for c in marks)
    assert safe("Αριστείδης ⚓ 𓊝") == "Αριστείδης ⚓ 𓊝"
