"""`pbem demo --ruleset ram-cruise`: the hand-written game of orders/demo-ram-cruise, the
default battle (Carthage against Rome), played through the mail gateway to Rome's victory,
then verified from its stored orders and dice, with every report written."""

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


def test_the_ram_cruise_demo_plays_to_a_roman_victory() -> None:
    done = pbem("demo", "--ruleset", "ram-cruise")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Game demo-rc: Carthage and Rome" in out and "Winner: rome." in out
    # every mail's every line was taken: the story below is the one its comments tell
    taken = [line for line in out.splitlines() if line.startswith("  Mail from ")]
    assert len(taken) == 20 and all(", 0 refused." in line for line in taken)
    assert "C4 rams R5 (side)" in out and "R5 is holed in its clash with C4" in out
    assert "R4's ram on C5 (side 7, faster -1, bigger -2: needs 4)" in out
    assert "C2 threw a grapple at R3" in out and "C2 fought R3 in melee" in out
    assert "C1: 1 crewman moved to the deck." in out
    assert "R4 threw its corvus at C5" in out and "R4 fought C5 in melee" in out
    assert "R4 tried to break its grapple with C5 (needs 5, the other accepts)" in out
    assert "R4's move fails (§18): R4 is grappled when its turn to move comes" in out
    assert "R1 threw its corvus at C2" in out and "C2 surrendered and strikes its colours" in out
    assert "R5 sank: its countdown ran out." in out
    assert "rome wins: carthage is broken: losses of 10 of its 15 purchase points" in out
    shown = json.loads(pbem("game", "show", "demo-rc", "--json").stdout)
    assert (shown["ruleset"], shown["winner"], shown["status"]) == ("ram-cruise", "rome", "over")
    assert pbem("game", "verify", "demo-rc").returncode == 0
    assert pbem("dice", "verify", "demo-rc").returncode == 0
    data = Path(os.environ["PBEM_DATA"])
    folder = data / "demo-reports" / "demo-rc"
    assert (folder / "index.html").is_file() and (folder / "archive" / "index.html").is_file()
    assert (folder / "T4-r4-rome-p1-hamilcar.png").read_bytes().startswith(b"\x89PNG")
    assert "rome wins" in (folder / "T4-r4-rome-observer.txt").read_text(encoding="utf-8")
    assert "rome wins" not in (folder / "T4-r2-carthage-observer.txt").read_text(encoding="utf-8")
    sent = [email.message_from_bytes(m.as_bytes(), policy=email.policy.default)
            for m in mailbox.Maildir(data / "outbox")]
    subjects = {str(m["Subject"]) for m in sent}
    assert any(s.startswith("demo-rc — turn 4") and s.endswith("final report") for s in subjects), \
        sorted(subjects)[:5]


def test_a_game_of_another_rule_system_gets_its_own_scenario_when_none_is_named() -> None:
    assert pbem("db", "init").returncode == 0
    made = pbem("game", "new", "mylae", "--ruleset", "ram-cruise",
                "--player", "Hamilcar,ham@example.org,carthage",
                "--player", "Regulus,reg@example.org,rome", "--json")
    assert made.returncode == 0, made.stderr
    shown = json.loads(pbem("game", "show", "mylae", "--json").stdout)
    assert (shown["ruleset"], shown["scenario"], shown["phase"]) == (
        "ram-cruise", "default", "T1-r1-carthage")
