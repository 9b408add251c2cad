"""Issue 25 item 6: `pbem game report NAME --out DIR` writes what the README says, every
report and map: each resolved phase's report and map for every player, the observers and the
game master, in DIR/NAME/ (files named by phase and recipient), with an index.html; `--phase`
writes one phase. A real game of the demo's orders on a real SQLite file, then the command
line in its own process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pbem.app.play import games
from pbem.store.db import make_engine
from tests.app.helpers import new_demo_game, play_demo_phases

ROOT = Path(__file__).resolve().parent.parent
RECIPIENTS = ("p1-aristides", "p2-hanno", "observer", "gm")  # the files' recipient keys
SUFFIXES = ("txt", "html", "json", "svg", "png")


# each test plays the demo and writes every report through the command line
# (make test and CI run it, make test-fast does not)
pytestmark = pytest.mark.slow


def pbem(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, env=dict(os.environ))


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The demo game g1 three phases on, in the data folder the commands use; the keys of
    its resolved phases."""
    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    assert pbem("db", "init").returncode == 0
    engine = make_engine(f"sqlite:///{tmp_path / 'data' / 'pbem.sqlite'}")
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 3)
    keys = [p["key"] for p in games.show_game(engine, "g1")["phases"] if p["status"] == "resolved"]
    engine.dispose()
    assert len(keys) == 3
    return keys


def test_out_writes_every_phase_for_every_recipient_with_an_index(
        tmp_path: Path, played: list[str]) -> None:
    out = tmp_path / "reports"
    done = pbem("game", "report", "g1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    folder = out / "g1"
    wanted = {f"{key}-{who}.{suffix}" for key in played for who in RECIPIENTS
              for suffix in SUFFIXES}
    assert wanted <= {p.name for p in folder.iterdir()}  # not only the latest phase's
    for key in played:
        for who in RECIPIENTS:
            report = json.loads((folder / f"{key}-{who}.json").read_text(encoding="utf-8"))
            assert report["phase"] == key
            assert (folder / f"{key}-{who}.png").read_bytes().startswith(b"\x89PNG")
            assert (folder / f"{key}-{who}.svg").read_text(encoding="utf-8").lstrip().startswith(
                ("<svg", "<?xml"))
    index = (folder / "index.html").read_text(encoding="utf-8")
    for key in played:
        for who in RECIPIENTS:
            assert f'href="{key}-{who}.html"' in index
    assert f"the reports and maps of 3 resolved phases ({', '.join(played)})" in done.stdout
    assert f"open {folder / 'index.html'}" in done.stdout
    # written again over its own files: the same files, no refusal
    again = pbem("game", "report", "g1", "--out", str(out))
    assert again.returncode == 0, again.stderr


def test_out_with_a_phase_or_a_recipient_writes_only_those(
        tmp_path: Path, played: list[str]) -> None:
    one = tmp_path / "one"
    done = pbem("game", "report", "g1", "--out", str(one), "--phase", played[0])
    assert done.returncode == 0, done.stderr
    names = {p.name for p in (one / "g1").iterdir()} - {"recipients.json", "index.html"}
    assert names == {f"{played[0]}-{who}.{suffix}" for who in RECIPIENTS for suffix in SUFFIXES}
    hers = tmp_path / "hers"
    done = pbem("game", "report", "g1", "--out", str(hers), "--recipient", "Hanno")
    assert done.returncode == 0, done.stderr
    names = {p.name for p in (hers / "g1").iterdir()} - {"recipients.json", "index.html"}
    assert names == {f"{key}-p2-hanno.{suffix}" for key in played for suffix in SUFFIXES}
    index = (hers / "g1" / "index.html").read_text(encoding="utf-8")
    assert "aristides" not in index.lower() and "-gm.html" not in index
