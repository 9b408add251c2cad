"""`pbem demo --ruleset wooden-walls`: the game of orders/demo-wooden-walls, the Rhodian Straits,
played through the mail gateway to a Rhodian win on points after round 8, then verified from its
stored orders and dice, with every report and map written."""

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

pytestmark = pytest.mark.slow  # a whole demo by mail

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)


def pbem(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, env=dict(os.environ))


def test_the_wooden_walls_demo_plays_to_a_rhodian_win() -> None:
    done = pbem("demo", "--ruleset", "wooden-walls")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Game demo-ww: The Rhodian Straits" in out
    assert "rhodes (Eudamos) against macedon (Antigonos)" in out
    taken = [line for line in out.splitlines() if line.startswith("  Mail from ")]
    assert len(taken) == 48 and all(", 0 refused." in line for line in taken)
    # an entry is echoed after its ship once, by its number; ORDER lines have no ship before them
    assert "RH-HELIOS: entry 1: TOWARD (7.2,10) RAM ANY => turns towards" in out
    assert "  |   line 4  ORDER RH-HELIOS RH-RHODOS RH-DELPHIS RH-ATHENA => " in out
    assert "RH-HELIOS: RH-HELIOS" not in out and "None" not in out
    assert "Winner: rhodes." in out
    shown = json.loads(pbem("game", "show", "demo-ww", "--json").stdout)
    assert (shown["ruleset"], shown["winner"], shown["status"]) == ("wooden-walls", "rhodes", "over")
    assert pbem("game", "verify", "demo-ww").returncode == 0
    assert pbem("dice", "verify", "demo-ww").returncode == 0
    data = Path(os.environ["PBEM_DATA"])
    folder = data / "demo-reports" / "demo-ww"
    assert (folder / "index.html").is_file() and (folder / "archive" / "index.html").is_file()
    assert (folder / "R1-A-p1-eudamos.png").read_bytes().startswith(b"\x89PNG")
    assert "rhodes win on points" in (folder / "R8-C-observer.txt").read_text(encoding="utf-8")
    assert "rhodes win" not in (folder / "R8-B-observer.txt").read_text(encoding="utf-8")
    sent = [email.message_from_bytes(m.as_bytes(), policy=email.policy.default)
            for m in mailbox.Maildir(data / "outbox")]
    subjects = {str(m["Subject"]) for m in sent}
    assert any(s.startswith("demo-ww — round 8, leg C") and s.endswith("final report")
               for s in subjects), sorted(subjects)[:5]
