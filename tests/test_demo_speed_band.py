"""`pbem demo --ruleset speed-band`: the game of orders/demo-speed-band, Off Mylae, played
through the mail gateway to a Roman victory, then verified from its stored orders and dice,
with every report and map written."""

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


def test_the_speed_band_demo_plays_to_a_roman_victory() -> None:
    done = pbem("demo", "--ruleset", "speed-band")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Game demo-sb: Off Mylae, romans (Duilius) against carthaginians (Hannibal)." in out
    taken = [line for line in out.splitlines() if line.startswith("  Mail from ")]
    assert len(taken) == 16 and all(", 0 refused." in line for line in taken)
    # each echo names its ship once, as the player wrote it
    assert "  |   line 6  R1: SPEED 8 F2 S22 F6 => battle (SPEED 7.1-8 for R1)" in out
    assert "R1: R1:" not in out
    assert "Initiative d6: romans rolled 1 against carthaginians 4" in out
    assert ("R1 threw a grapple at C1 (speeds 8\" and 6\"): rolled 5 on a d10 against more than 4: "
            "the line holds.") in out
    assert "R2 dropped its corvus on C1" in out
    assert "R2 wins round 1 against C1" in out
    assert "C1 has no officers and surrendered to the romans" in out
    assert "romans win at the end of turn 4: the other side is broken." in out
    assert "Winner: romans." in out
    shown = json.loads(pbem("game", "show", "demo-sb", "--json").stdout)
    assert (shown["ruleset"], shown["winner"], shown["status"]) == ("speed-band", "romans", "over")
    assert pbem("game", "verify", "demo-sb").returncode == 0
    assert pbem("dice", "verify", "demo-sb").returncode == 0
    data = Path(os.environ["PBEM_DATA"])
    folder = data / "demo-reports" / "demo-sb"
    assert (folder / "index.html").is_file() and (folder / "archive" / "index.html").is_file()
    assert (folder / "T3-r1-p1-duilius.png").read_bytes().startswith(b"\x89PNG")
    assert "romans win" in (folder / "T4-r2-observer.txt").read_text(encoding="utf-8")
    assert "romans win" not in (folder / "T3-r2-observer.txt").read_text(encoding="utf-8")
    sent = [email.message_from_bytes(m.as_bytes(), policy=email.policy.default)
            for m in mailbox.Maildir(data / "outbox")]
    subjects = {str(m["Subject"]) for m in sent}
    assert any(s.startswith("demo-sb — turn 4") and s.endswith("final report") for s in subjects), \
        sorted(subjects)[:5]
